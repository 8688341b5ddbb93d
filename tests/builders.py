"""Tiny worlds with the real ruleset for tests: a map from letters, armies and structures where asked."""

from __future__ import annotations

import esper

from components.armies import Army, ArmyUnit
from components.commands import ChooseBase
from components.structures import Catapult, Structure
from game.content import load_ruleset
from game.engine import Game
from game.maps import MapData
from game.setup import PlayerSpec, new_game
from systems import queries as q

LETTERS = {
    "p": "plain", "f": "forest", "m": "mountain", "n": "mine",
    "s": "shallow_water", "d": "deep_water", "b": "barren",
}
_RULES = None


def base_rules():
    global _RULES
    if _RULES is None:
        _RULES = load_ruleset()
    return _RULES


def tiny_map(rows: list[str], players: int = 2) -> MapData:
    """A map from rows of terrain letters; every territory is in every seat's start zone."""
    width, height = len(rows[0]), len(rows)
    terrain = tuple(LETTERS[c] for row in rows for c in row)
    everything = tuple(range(width * height))
    zones = {players: {seat: everything for seat in range(1, players + 1)}}
    return MapData("tiny", width, height, terrain, zones, "tests:tiny")


def tiny_game(
    rows: list[str], bases: dict[int, tuple[int, int]], seed: int = 1, rules=None, resources: dict | None = None
) -> Game:
    """A game on a tiny map with bases chosen at (x, y), standing in round 1, seat 1's Main stage."""
    rules = rules or base_rules()
    game = new_game(rules, tiny_map(rows, len(bases)), [PlayerSpec(f"P{s}") for s in sorted(bases)], seed)
    width = len(rows[0])
    for seat in sorted(bases):
        x, y = bases[seat]
        result = game.submit(ChooseBase(y * width + x))
        assert result.ok, result
    if resources is not None:
        for seat in game.world.seats:
            q.stockpile(game.world, seat).update(resources)
    return game


def at(game: Game, x: int, y: int) -> int:
    return y * game.world.board.width + x  # type: ignore[attr-defined]


def spawn_army(game: Game, owner: int | None, where: int, units: list[str], mp: int | None = None) -> int:
    """An army of the given unit types; full MP unless told otherwise."""
    game.world.activate()
    rules = game.world.rules
    entities = [
        esper.create_entity(ArmyUnit(t, rules.units[t].combat.attack, rules.units[t].combat.defense, 0, 0))
        for t in units
    ]
    army = Army(owner=owner, territory=where, units=entities)
    army.mp = q.army_max_mp(game.world, units) if mp is None else mp
    entity = esper.create_entity(army)
    if owner is None:
        from components.armies import Rogue

        esper.add_component(entity, Rogue(game.world.clock.seat))
    return entity


def spawn_structure(
    game: Game, owner: int | None, kind: str, where: int, border: int | None = None, garrison: list[str] | None = None
) -> int:
    game.world.activate()
    rules = game.world.rules
    spec = rules.structures[kind]
    units = [
        esper.create_entity(ArmyUnit(t, rules.units[t].combat.attack, rules.units[t].combat.defense, 0, 0))
        for t in (garrison or [])
    ]
    components: list[object] = [Structure(kind, owner, where, spec.defense, spec.defense, spec.protection, border,
                                          garrison=units)]
    if spec.mobile is not None:
        components.append(Catapult(mp=spec.mobile.mp))
    return esper.create_entity(*components)


def army(game: Game, entity: int) -> Army:
    game.world.activate()
    return esper.component_for_entity(entity, Army)
