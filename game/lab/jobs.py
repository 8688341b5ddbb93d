"""One balance game as a job: what to play (picklable, so it can go to a process or a Ray worker) and
what came of it. Each game is played by `game.simulate.play_game`, the one game loop."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import esper

from components.armies import Army
from components.structures import Structure
from game.lab.variants import Variant, build_variant_app
from systems import events as ev
from systems import queries as q

if TYPE_CHECKING:
    from components.rules import RulesetCore
    from game.engine import Game, Result
    from game.maps import MapData


@dataclass(frozen=True)
class GameJob:
    """Everything that decides one game: the same job always gives the same record."""

    variant: Variant
    map_name: str | None  # None: the ruleset's board, or its first map for this many players
    kinds: tuple[str, ...]
    seed: int
    rounds: int


@dataclass
class GameRecord:
    """The outcome of one game, as the statistics and the JSON report need it."""

    variant: str
    seed: int
    kinds: list[str]
    winner: int | None
    rounds: int
    alive: list[int]
    territories: dict[int, int]
    built: dict[int, dict[str, int]] = field(default_factory=dict)  # seat -> unit type -> count
    lost: dict[int, dict[str, int]] = field(default_factory=dict)  # seat -> unit type -> units lost in battle
    commands: int = 0
    seconds: float = 0.0

    def outcome(self) -> dict[str, Any]:
        """Every field that the game decides (not the time it took): equal for equal jobs anywhere."""
        return {k: v for k, v in self.to_dict().items() if k != "seconds"}

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "seed": self.seed, "kinds": list(self.kinds), "winner": self.winner,
            "rounds": self.rounds, "alive": list(self.alive),
            "territories": {str(s): n for s, n in self.territories.items()},
            "built": {str(s): dict(sorted(t.items())) for s, t in self.built.items()},
            "lost": {str(s): dict(sorted(t.items())) for s, t in self.lost.items()},
            "commands": self.commands, "seconds": round(self.seconds, 4),
        }


class UnitTally:
    """Counts units built (UnitBuilt) and lost in battle (UnitsDestroyed) per seat and unit type.

    A destroyed unit's entity is gone by the time its event is seen, so the types and owners of living
    units are remembered after every observed batch of results (and from UnitBuilt events within one).
    """

    def __init__(self) -> None:
        self.built: dict[int, Counter[str]] = {}
        self.lost: dict[int, Counter[str]] = {}
        self._known: dict[int, tuple[str, int | None]] = {}

    def __call__(self, game: Game, results: Sequence[Result]) -> None:
        for result in results:
            # a Result carries its events; a ruleset's computer player may hand back the events themselves
            events = (result,) if isinstance(result, ev.Event) else getattr(result, "events", ())
            for event in events:
                if isinstance(event, ev.UnitBuilt):
                    self.built.setdefault(event.seat, Counter())[event.unit_type] += 1
                    self._known[event.unit] = (event.unit_type, event.seat)
                elif isinstance(event, ev.UnitsDestroyed):
                    for unit in event.units:
                        unit_type, owner = self._known.get(unit, ("unknown", event.owner))
                        if owner is not None:  # rogue losses are nobody's
                            self.lost.setdefault(owner, Counter())[unit_type] += 1
        self._remember(game)

    def _remember(self, game: Game) -> None:
        game.world.activate()
        for _, army in esper.get_component(Army):
            for unit in army.units:
                self._known[unit] = (q.unit(unit).unit_type, army.owner)
        for _, structure in esper.get_component(Structure):
            for unit in structure.garrison:
                self._known[unit] = (q.unit(unit).unit_type, structure.owner)


@lru_cache(maxsize=16)
def _variant_rules(variant: Variant) -> RulesetCore:
    return build_variant_app(variant).rules  # type: ignore[no-any-return]  # once per worker and variant


@lru_cache(maxsize=8)
def _map(name: str, ruleset: str, players: int) -> MapData | None:
    from game.simulate import map_for

    return map_for(name, ruleset, players)  # None: the ruleset's fixed board


def play_job(job: GameJob) -> GameRecord:
    """Play one game of a job (in whatever process runs it) and tally it."""
    from game.setup import new_game
    from game.simulate import computer_players, play_game

    rules = _variant_rules(job.variant)
    map_data = _map(job.map_name, job.variant.ruleset, len(job.kinds))
    game = new_game(rules, map_data, computer_players(job.kinds), job.seed)  # its own App: plugins included
    tally = UnitTally()
    try:
        _, result = play_game(rules, map_data, job.kinds, job.seed, job.rounds, game=game,  # type: ignore[arg-type]
                              observe=tally)
    finally:  # a worker plays thousands of games: drop each finished world
        esper.switch_world("default")
        esper.delete_world(game.world.name)
    return GameRecord(
        variant=job.variant.name, seed=job.seed, kinds=list(result.players), winner=result.winner,  # as seated
        rounds=result.rounds, alive=result.alive, territories=result.territories,
        built={s: dict(c) for s, c in sorted(tally.built.items())},
        lost={s: dict(c) for s, c in sorted(tally.lost.items())},
        commands=result.commands, seconds=result.seconds,
    )


def play_jobs(jobs: Sequence[GameJob]) -> list[GameRecord]:
    """A chunk of jobs in one call (fewer round trips to a worker for short games)."""
    return [play_job(job) for job in jobs]
