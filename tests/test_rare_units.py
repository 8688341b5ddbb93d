"""The rare-units mod (enhancements E7, data only): the engine's `rare` ability and the two example units."""

from __future__ import annotations

from pathlib import Path

import esper

from components.armies import Rogue
from components.commands import BuildUnit, ChooseBase, Move
from game.content import BUNDLED_MODS, load_mods
from game.queries import build_options
from game.setup import PlayerSpec, create_game
from game.validate import validate_paths
from systems import queries as q
from systems.upkeep import Group, rogue_chance
from tests.builders import army, at, spawn_army, spawn_structure, tiny_map

FIXTURE_MODS = Path(__file__).parent / "fixtures" / "mods"
RICH = {"food": 500, "metal": 100, "wood": 100}


def rare_game(mods: tuple[str, ...] = ("rare-units",), search=None, rows=("ppppp",)):
    rows = list(rows)
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1"), PlayerSpec("P2")], 1, mods=list(mods), search=search)
    width = len(rows[0])
    assert game.submit(ChooseBase(0)).ok
    assert game.submit(ChooseBase(width - 1)).ok
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update(RICH)
    return game


def built(game) -> list[str]:
    base = q.home_base(game.world, 1)
    found = q.army_of(1, base)
    return q.unit_types(found[1]) if found else []


def test_the_examples_have_the_tables_numbers():
    """E7.1's table: cost, upkeep, A/D, stationed, MP and class, abilities."""
    rules = load_mods(["rare-units"])[0]
    marshal, hunt = rules.units["marshal"], rules.units["huntmaster"]
    assert (marshal.cost, marshal.upkeep) == ({"food": 40, "metal": 10}, {"food": 2})
    assert (marshal.combat.attack, marshal.combat.defense, marshal.stationed.attack, marshal.stationed.defense) == (4, 5, 4, 6)
    assert (marshal.movement.mp, marshal.movement.movement_class) == (5, "foot")
    assert marshal.ability("pathfinder").mp_bonus == 2 and marshal.ability("rare").per_player == 1
    assert (hunt.cost, hunt.upkeep) == ({"food": 45, "metal": 5}, {})
    assert (hunt.combat.attack, hunt.combat.defense, hunt.stationed.attack, hunt.stationed.defense) == (3, 4, 5, 4)
    assert (hunt.movement.mp, hunt.movement.movement_class) == (6, "pathfinder")
    assert hunt.ability("forager").weight == 6 and hunt.ability("rare").per_player == 1
    assert (rules.limits.rare_per_player, rules.limits.rare_per_army) == (2, 1)


def test_e7_1_one_of_each_rare_type_per_player():
    game = rare_game()
    assert game.submit(BuildUnit("marshal")).ok
    refused = game.submit(BuildUnit("marshal"))
    assert not refused.ok and "at most 1 Marshal" in refused.reason and "E7.1" in refused.reason
    option = next(o for o in build_options(game) if o.command == BuildUnit("marshal"))
    assert option.reason is not None  # the panel and the computer players ask the same check


def test_e7_1_a_stationed_rare_unit_counts_and_one_gone_rogue_does_not():
    game = rare_game()
    spawn_structure(game, 1, "wooden_tower", at(game, 1, 0), garrison=["marshal"])
    assert not game.submit(BuildUnit("marshal")).ok  # stationed: still alive and his
    game.world.activate()
    for _, structure in q.structures():
        structure.garrison = []
    rogue = spawn_army(game, 1, at(game, 2, 0), ["marshal"])
    assert not game.submit(BuildUnit("marshal")).ok
    army(game, rogue).owner = None  # R9.1: it went rogue
    esper.add_component(rogue, Rogue(1))
    assert game.submit(BuildUnit("marshal")).ok


def test_e7_1_at_most_two_rare_units_per_player_over_all_types():
    search = [BUNDLED_MODS, FIXTURE_MODS]
    game = rare_game(("rare-units", "rare_guard"), search=search, rows=("ppppppp",))
    spawn_army(game, 1, at(game, 2, 0), ["marshal"])
    spawn_army(game, 1, at(game, 3, 0), ["huntmaster"])
    refused = game.submit(BuildUnit("standard_bearer"))
    assert not refused.ok and "at most 2 rare units" in refused.reason


def test_e7_1_an_army_holds_one_rare_unit_at_most():
    """R5.6 with E7.1: the combine is refused; the build into a full-of-rares base army too."""
    game = rare_game(rows=("pppppp",))
    one = spawn_army(game, 1, at(game, 2, 0), ["marshal", "soldier"])
    two = spawn_army(game, 1, at(game, 3, 0), ["huntmaster", "soldier"])
    result = game.submit(Move(two, (at(game, 2, 0),)))
    assert result.ok  # R5.6: only the units that fit move
    assert sorted(q.unit_types(army(game, one))) == ["marshal", "soldier", "soldier"]
    assert q.unit_types(army(game, two)) == ["huntmaster"]
    assert q.fit_reason(game.world, ["marshal", "huntmaster"]) == "an army holds at most 1 rare unit (E7.1)"
    assert q.fit_reason(game.world, ["marshal", "soldier", "soldier"]) is None
    spawn_army(game, 1, q.home_base(game.world, 1), ["huntmaster"])
    refused = game.submit(BuildUnit("marshal"))  # he would join the huntmaster's army at the base
    assert not refused.ok


def test_e7_1_pathfinder_bonuses_do_not_add():
    """R5.1: a marshal (+2) and a ranger (+1) with a soldier: 4 + 2, not 4 + 3."""
    game = rare_game()
    assert q.army_max_mp(game.world, ["marshal", "soldier"]) == 4 + 2
    assert q.army_max_mp(game.world, ["marshal", "ranger", "soldier"]) == 4 + 2
    assert q.army_max_mp(game.world, ["marshal"]) == 5


def test_e7_1_the_huntmaster_forages_as_six_rangers():
    """R4.4: 4 soldiers and a huntmaster paid nothing: S = 5, R = 6 -> 0%."""
    game = rare_game()
    units = spawn_army(game, 1, at(game, 2, 0), ["huntmaster", "soldier", "soldier", "soldier", "soldier"])
    group = Group(units, "army", at(game, 2, 0), list(army(game, units).units), owed=4, distance=2)
    assert rogue_chance(game.world, group, stationed=False) == 0
    plain = spawn_army(game, 1, at(game, 3, 0), ["soldier"] * 5)
    group = Group(plain, "army", at(game, 3, 0), list(army(game, plain).units), owed=5, distance=3)
    assert rogue_chance(game.world, group, stationed=False) == 100


def test_a_third_rare_unit_needs_only_toml():
    """The fixture mod adds a rare unit with TOML alone; validation passes and the caps apply to it."""
    checked, errors = validate_paths([str(FIXTURE_MODS / "rare_guard")])
    assert checked and errors == []
    game = rare_game(("rare-units", "rare_guard"), search=[BUNDLED_MODS, FIXTURE_MODS], rows=("ppppppp",))
    assert game.submit(BuildUnit("standard_bearer")).ok
    assert game.submit(BuildUnit("standard_bearer")).ok is False  # one rare unit per army (at the base)
    spawn_army(game, 1, at(game, 3, 0), ["standard_bearer"])
    refused = game.submit(BuildUnit("standard_bearer"))
    assert not refused.ok and "at most 2 Standard-bearer" in refused.reason  # its own per_player 2


def computer_builds(food: int, metal: int, round_: int = 20, mods=("rare-units",), search=None) -> list[str]:
    """What a hard computer builds in one turn with nothing left to claim (units go to the strike forces)."""
    from game.ai import run_computer_turn

    game = create_game(tiny_map(["pppppppp", "pppppppp"], 2),
                       [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True, "normal")], 1, mods=list(mods),
                       search=search)
    for x, y in ((0, 0), (7, 1)):
        assert game.submit(ChooseBase(at(game, x, y))).ok
    game.world.clock.round = round_
    for territory in range(game.world.board.size // 2):
        game.world.set_owner(territory, 1)
    spawn_army(game, 1, at(game, 0, 0), ["soldier"] * 2)
    spawn_army(game, 2, at(game, 7, 1), ["soldier"] * 3)
    q.stockpile(game.world, 1).update({"food": food, "metal": metal})
    run_computer_turn(game)
    return [c.unit_type for _, s, c in game.history if s == 1 and isinstance(c, BuildUnit)]


def test_a_computer_adds_one_rare_unit_to_its_strike_group():
    """The built-in rare-unit behaviour (game.ai.rare): the strongest rare type the engine allows, once."""
    built = computer_builds(food=300, metal=30)
    assert built.count("marshal") == 1 and "huntmaster" not in built  # one per army (E7.1)


def test_a_computer_without_the_means_builds_no_rare_unit():
    assert not {"marshal", "huntmaster"} & set(computer_builds(food=300, metal=0))
    assert not {"marshal", "huntmaster"} & set(computer_builds(food=300, metal=30, round_=2))


def test_a_computer_uses_a_data_only_rare_unit_too():
    built = computer_builds(food=300, metal=0, mods=("rare-units", "rare_guard"), search=[BUNDLED_MODS, FIXTURE_MODS])
    assert built.count("standard_bearer") == 1


def test_a_computer_lacking_metal_for_its_rare_units_claims_the_nearest_mine_first():
    from game.ai import HARD
    from game.ai.rare import RareUnits
    from game.ai.turn import Turn

    game = create_game(tiny_map(["ppppnp", "pppppn"], 2), [PlayerSpec("P1", True, "hard"), PlayerSpec("P2", True)],
                       1, mods=["rare-units"])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(11)).ok
    turn = Turn(game, HARD)
    part = RareUnits().for_turn(turn)
    assert part is not None and part.claim_target() == at(game, 4, 0)  # a mine: 0-2 metal (R2.2)


def test_e7_1_the_army_limit_of_rare_units_is_named_in_the_plural_above_one():
    game = rare_game(rows=("pppppp",))
    rules = game.world.rules
    game.world.rules = rules.model_copy(update={"limits": rules.limits.model_copy(update={"rare_per_army": 2})})
    try:
        assert q.fit_reason(game.world, ["marshal", "huntmaster"]) is None
        assert q.fit_reason(game.world, ["marshal", "huntmaster", "marshal"]) == \
            "an army holds at most 2 rare units (E7.1)"
    finally:
        game.world.rules = rules
