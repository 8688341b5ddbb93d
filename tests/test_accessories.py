"""The accessories mod (E1): equip a unit for life; bow (E0.4), ladder (E0.3), ram, cauldron and armour."""

from __future__ import annotations

import esper

from components.commands import AttackStructure, ChooseBase, ClimbWall, Move, VolleyAt
from components.structures import Structure
from game.queries import army_options
from game.setup import PlayerSpec, create_game
from systems import queries as q
from systems.climbing import fall_odds
from systems.combat import unit_attack, unit_defense
from tests.builders import army, spawn_army, spawn_structure, tiny_map

ROWS = ["ppppp", "ppppp"]


def acc_game(rows=ROWS, seed: int = 1, resources: dict | None = None):
    """Seat 1 at (0,0) owning row 0's first three territories, seat 2 at (4,0); plenty of wood and metal."""
    game = create_game(tiny_map(rows, 2), [PlayerSpec("P1"), PlayerSpec("P2")], seed, mods=["accessories"])
    width = len(rows[0])
    assert game.submit(ChooseBase(0)).ok and game.submit(ChooseBase(width - 1)).ok
    for t in (1, 2):
        game.world.set_owner(t, 1)
    for seat in game.world.seats:
        q.stockpile(game.world, seat).update(resources or {"food": 100, "wood": 100, "metal": 100})
    return game


def plugin(game):
    found = game.app.plugin("accessories")
    assert found is not None
    return found


def equip(game, unit: int, accessory: str):
    return game.submit(plugin(game).Equip(unit, accessory))


def test_e1_1_equip_pays_the_cost_on_own_land_once_for_life_and_only_types_that_may_carry_it():
    game = acc_game()
    band = spawn_army(game, 1, 1, ["soldier", "ranger", "defender"])
    soldier, ranger, defender = army(game, band).units
    stock = q.stockpile(game.world, 1)
    assert equip(game, soldier, "bow").ok
    assert stock["wood"] == 100 - 1
    assert "for life" in equip(game, soldier, "ladder").reason
    assert "cannot carry" in equip(game, ranger, "armour").reason  # E1.4: rangers wear none
    assert "cannot carry" in equip(game, defender, "bow").reason
    assert equip(game, ranger, "cauldron").ok and stock["metal"] == 100 - 5
    away = spawn_army(game, 1, 3, ["soldier"])  # (3,0) is neutral
    assert "own land" in equip(game, army(game, away).units[0], "bow").reason
    stock["metal"] = 2
    assert "costs 3 metal" in equip(game, defender, "armour").reason


def test_e1_1_equipping_costs_no_mp_but_a_lowered_mp_caps_the_mp_left_at_once():
    game = acc_game()
    band = spawn_army(game, 1, 1, ["soldier", "soldier"])
    first, _ = army(game, band).units
    assert army(game, band).mp == 4
    assert equip(game, first, "bow").ok and army(game, band).mp == 4
    assert equip(game, army(game, band).units[1], "armour").ok
    assert army(game, band).mp == 3  # E1.4: an armoured soldier moves 3


def test_e1_4_armour_gives_1_defense_in_the_field_and_stationed_and_army_mp_uses_the_lowered_mp():
    game = acc_game()
    guard = spawn_army(game, 1, 1, ["defender"])
    defender = army(game, guard).units[0]
    assert equip(game, defender, "armour").ok
    spec = game.world.rules.units["defender"]
    assert unit_defense(game.world, defender) == spec.combat.defense + 1
    assert unit_defense(game.world, defender, stationed=True) == spec.stationed.defense + 1
    assert q.full_mp(game.world, army(game, guard)) == 1  # defender 2 - 1
    mixed = spawn_army(game, 1, 2, ["soldier", "ranger"])
    soldier = army(game, mixed).units[0]
    assert equip(game, soldier, "armour").ok
    assert q.full_mp(game.world, army(game, mixed)) == 3 + 1  # soldier 3, a ranger still adds 1 (R5.1)


def test_e1_1_bow_lends_a_volley_at_attack_minus_1():
    game = acc_game()
    archers = spawn_army(game, 1, 2, ["soldier", "soldier"])
    for u in army(game, archers).units:
        assert equip(game, u, "bow").ok
    foe = spawn_army(game, 2, 3, ["defender", "defender"])
    volleys = [o for o in army_options(game, archers) if o.kind == "volley"]
    assert [o.command for o in volleys] == [VolleyAt(archers, 3)]
    result = game.submit(VolleyAt(archers, 3))
    assert result.ok, result.reason
    loosed = next(e for e in result.events if type(e).__name__ == "VolleyLoosed")
    assert [s.damage for s in loosed.strikes] == [1, 1]  # "strikes at 1"
    assert sorted(q.unit(u).damage for u in army(game, foe).units) == [1, 1]


def test_e1_1_ladder_is_a_climbing_means_with_knock_chance_25():
    game = acc_game()
    spawn_structure(game, 2, "stone_wall", 3, 2, garrison=["soldier"])
    band = spawn_army(game, 1, 2, ["soldier", "defender"])
    soldier, defender = army(game, band).units
    assert not game.submit(ClimbWall(band, 3)).ok
    assert equip(game, soldier, "ladder").ok and equip(game, defender, "ladder").ok
    assert fall_odds(game.world, ClimbWall(band, 3)) == {soldier: 25, defender: 25}  # g = 1
    assert game.submit(ClimbWall(band, 3)).ok


def test_e1_3_a_stationed_cauldron_counts_2_guards_and_adds_1_to_its_strikes():
    game = acc_game()
    keeper = spawn_army(game, 2, 3, ["soldier"])
    pot = army(game, keeper).units[0]
    game.world.set_owner(3, 2)
    game.world.clock.seat = 2
    assert equip(game, pot, "cauldron").ok
    game.world.clock.seat = 1
    wall = spawn_structure(game, 2, "stone_wall", 3, 2)
    game.world.activate()
    esper.delete_entity(keeper, immediate=True)
    esper.component_for_entity(wall, Structure).garrison.append(pot)
    climbers = spawn_army(game, 1, 2, ["soldier"])
    climber = army(game, climbers).units[0]
    assert equip(game, climber, "ladder").ok
    assert fall_odds(game.world, ClimbWall(climbers, 3)) == {climber: 25 * 2}  # guard_weight 2
    structure = esper.component_for_entity(wall, Structure)
    assert unit_attack(game.world, pot, structure) == 2 + 1


def test_e1_2_the_ram_strikes_the_wall_for_1_per_unit_of_its_army_never_a_stationed_unit():
    game = acc_game(seed=3)
    wall = spawn_structure(game, 2, "stone_wall", 3, 2, garrison=["defender"])
    band = spawn_army(game, 1, 2, ["soldier", "soldier", "soldier", "defender"])
    ram = army(game, band).units[3]
    assert equip(game, ram, "battering_ram").ok
    assert q.full_mp(game.world, army(game, band)) == 1  # the defender's 2 - 1
    result = game.submit(AttackStructure(band, wall))
    assert result.ok, result.reason
    attacked = next(e for e in result.events if type(e).__name__ == "StructureAttacked")
    rammed = [s for s in attacked.strikes if s.striker == ram]
    assert len(rammed) == 1 and rammed[0].target == wall and rammed[0].damage == 1 * 4


def test_e1_2_at_a_tower_the_ram_strikes_as_usual():
    game = acc_game(seed=3)
    tower = spawn_structure(game, 2, "wooden_tower", 2)
    band = spawn_army(game, 1, 2, ["soldier", "soldier"])
    ram = army(game, band).units[0]
    assert equip(game, ram, "battering_ram").ok
    result = game.submit(AttackStructure(band, tower))
    attacked = next(e for e in result.events if type(e).__name__ == "StructureAttacked")
    assert [s.damage for s in attacked.strikes if s.striker == ram] == [2]


def test_e1_2_one_ram_per_army_another_bearer_does_not_fit():
    game = acc_game()
    band = spawn_army(game, 1, 1, ["soldier", "soldier"])
    first, second = army(game, band).units
    assert equip(game, first, "battering_ram").ok
    assert "at most 1" in equip(game, second, "battering_ram").reason
    other = spawn_army(game, 1, 2, ["soldier", "soldier"])
    bearer = army(game, other).units[0]
    assert equip(game, bearer, "battering_ram").ok
    assert game.submit(Move(other, (1,))).ok  # R5.6: only the units that fit move
    assert bearer not in army(game, band).units and len(army(game, band).units) == 3


def test_the_panel_offers_each_accessory_a_unit_of_the_army_may_take():
    game = acc_game()
    band = spawn_army(game, 1, 1, ["soldier"])
    kinds = {o.command.accessory: o for o in army_options_with_mods(game, band) if o.kind == "equip"}
    assert set(kinds) == {"bow", "ladder", "battering_ram", "cauldron", "armour"}
    assert kinds["bow"].cost == {"wood": 1} and kinds["bow"].available


def army_options_with_mods(game, band):
    from game.content import plugin_army_options

    return plugin_army_options(game, band)


def test_a_typo_in_the_accessories_data_is_named_by_file_and_field(tmp_path, monkeypatch):
    """A copy of the mod whose ladder names a unit type and a resource that do not exist: loading names the file
    and the field (the loader gives a plugin's rules section the merged rules as validation context)."""
    import shutil

    import pytest

    from game.content import discover as mods_module
    from game.content import load_mods
    from game.content.manifest import BUNDLED_MODS
    from game.errors import DataError

    root = tmp_path / "bundled"
    folder = root / "accessories-typo"
    shutil.copytree(BUNDLED_MODS / "accessories", folder)
    toml = folder / "accessories.toml"
    text = toml.read_text().replace('units = ["soldier", "defender"]\nclimb', 'units = ["soldiers"]\nclimb')
    toml.write_text(text.replace("cost = { wood = 2 }", "cost = { timber = 2 }"))
    manifest = folder / "mod.toml"
    manifest.write_text(manifest.read_text().replace('id = "accessories"', 'id = "accessories-typo"'))
    monkeypatch.setattr(mods_module, "BUNDLED_MODS", root)
    with pytest.raises(DataError) as caught:
        load_mods(["accessories-typo"], search=[BUNDLED_MODS, root])
    message = str(caught.value)
    assert "accessories.toml" in message and "extra.accessories.ladder.units" in message and "soldiers" in message
    assert "extra.accessories.ladder.cost" in message and "timber" in message


def test_e1_1_refusals_read_as_english_for_every_accessory():
    """"a armour" read wrong: accessories take "the" (armour is uncountable), unit types "a"/"an"."""
    game = acc_game()
    band = spawn_army(game, 1, 1, ["soldier", "ranger", "defender"])
    _, ranger, defender = army(game, band).units
    assert equip(game, ranger, "armour").reason == "a ranger cannot carry the armour (E1.1)"
    q.stockpile(game.world, 1)["metal"] = 2
    reason = equip(game, defender, "armour").reason
    assert reason.startswith("the armour costs 3 metal") and "a armour" not in reason
