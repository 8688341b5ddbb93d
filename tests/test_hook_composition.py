"""Rule hooks answered by several mods (systems.hooks.COMPOSE): bonuses chain, vetoes all hold, per-seat state
adds up; a hook taking one answer refuses a second mod's at load time, naming both mods and the hook."""

from __future__ import annotations

from pathlib import Path

import pytest

from components.commands import BuildStructure
from game.content import discover as mods_module
from game.content import load_app, load_ruleset
from game.errors import DataError
from systems.combat import unit_attack, unit_defense
from tests.builders import at, spawn_structure, tiny_game

ENHANCEMENTS = ["accessories", "castle-works", "siege", "fire", "ranger-skills", "rare-units"]


def write_mod(root: Path, mod_id: str, plugin: str) -> None:
    """A bundled fixture mod (so its plugin may run) whose plugin is `plugin`'s body of register(app)."""
    folder = root / mod_id
    folder.mkdir()
    (folder / "mod.toml").write_text(
        f'id = "{mod_id}"\nname = "{mod_id}"\nversion = "1.0.0"\nextends = {{ base = ">=1.0.0,<2" }}\n'
        'files = []\nplugin = "plugin.py"\n'
    )
    body = "\n".join(f"    {line}" for line in plugin.strip().splitlines())
    (folder / "plugin.py").write_text(f"def register(app):\n{body}\n")


@pytest.fixture
def bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    from game.content.manifest import BUNDLED_MODS

    root = tmp_path / "bundled_mods"
    root.mkdir()
    monkeypatch.setattr(mods_module, "BUNDLED_MODS", root)
    write_mod(root, "oil", """
app.set_hook("stationed_stats", lambda world, unit, structure, attack, defense: (attack + 1, defense))
app.set_hook("may_build", lambda world, cmd: "no towers (oil)" if cmd.structure_type == "stone_tower" else None)
app.set_hook("bombard_damage", lambda world, unit, damage: damage * 2)
app.set_hook("unit_speed", lambda world, unit: 1)
""")
    write_mod(root, "pitch", """
app.set_hook("stationed_stats", lambda world, unit, structure, attack, defense: (attack + 10, defense + 1))
app.set_hook("may_build", lambda world, cmd: "no walls (pitch)" if cmd.structure_type == "wooden_wall" else None)
app.set_hook("bombard_damage", lambda world, unit, damage: damage - 1)
""")
    write_mod(root, "boots", """
app.set_hook("unit_speed", lambda world, unit: 9)
""")
    write_mod(root, "usurper", """
app.replace_hook("may_build", lambda world, cmd: "nothing is ever built")
""")
    return [BUNDLED_MODS, root]


def test_stationed_bonuses_of_two_mods_add_up_in_load_order(bundled: list[Path]):
    """R6.4 + the stationed_stats chain: each mod gets the (attack, defense) the one before it returned."""
    game = tiny_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, rules=load_ruleset(["oil", "pitch"], search=bundled))
    tower = spawn_structure(game, 1, "stone_tower", at(game, 1, 0), garrison=["soldier"])
    spec = game.world.rules.units["soldier"].stationed
    import esper

    from components.structures import Structure

    structure = esper.component_for_entity(tower, Structure)
    guard = structure.garrison[0]
    assert unit_attack(game.world, guard, structure) == spec.attack + 1 + 10
    assert unit_defense(game.world, guard, stationed=True) == spec.defense + 1
    assert [mod for mod, _ in game.app.hooks.answers["stationed_stats"]] == ["oil", "pitch"]


def test_two_mods_changing_bombard_damage_chain_in_load_order(bundled: list[Path]):
    """E6.1's hook as a chain: (5 × 2) − 1, in the order the mods load."""
    game = tiny_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, rules=load_ruleset(["oil", "pitch"], search=bundled))
    assert game.app.hooks.bombard_damage(game.world, 0, 5) == 9  # type: ignore[misc]


def test_every_mods_veto_on_building_holds_and_the_rulesets_own_rule_still_applies(bundled: list[Path]):
    """R6.3: may_build from the base game, oil and pitch are all asked; the first reason refuses."""
    game = tiny_game(["ppppp"], {1: (0, 0), 2: (4, 0)}, rules=load_ruleset(["oil", "pitch"], search=bundled),
                     resources={"food": 500, "wood": 500, "stone": 500, "metal": 500})
    assert "no towers (oil)" in game.submit(BuildStructure("stone_tower", at(game, 0, 0))).reason
    assert "no walls (pitch)" in game.submit(BuildStructure("wooden_wall", at(game, 0, 0), at(game, 1, 0))).reason
    far = game.submit(BuildStructure("wooden_tower", at(game, 3, 0)))  # the base game's R6.3: own land only
    assert not far.ok and "oil" not in far.reason and "pitch" not in far.reason
    assert [mod for mod, _ in game.app.hooks.answers["may_build"]] == ["base", "oil", "pitch"]


def test_a_second_mod_answering_a_one_answer_hook_is_refused_naming_both(bundled: list[Path]):
    """unit_speed takes one answer: two mods both setting a unit's MP would contradict each other."""
    with pytest.raises(DataError) as caught:
        load_app(mods=["oil", "boots"], search=bundled)
    message = "\n".join(caught.value.errors)
    assert "boots" in message and "mods 'oil' and 'boots' both answer the rule hook 'unit_speed'" in message
    assert "Traceback" not in message


def test_a_mod_may_take_a_hook_over_on_purpose(bundled: list[Path]):
    app = load_app(mods=["oil", "usurper"], search=bundled)
    assert [mod for mod, _ in app.hooks.answers["may_build"]] == ["usurper"]
    assert app.hooks.may_build(None, None) == "nothing is ever built"  # type: ignore[misc]


def test_a_mod_answering_its_own_hook_again_replaces_only_its_own_answer():
    from game.app import ModApp

    app = load_app()
    mod = ModApp(app, "again")
    mod.set_hook("unit_speed", lambda world, unit: 1)
    mod.set_hook("unit_speed", lambda world, unit: 2)
    assert app.hooks.unit_speed(None, 0) == 2  # type: ignore[misc]
    with pytest.raises(ValueError, match="unknown hook 'speed'"):
        mod.set_hook("speed", lambda world, unit: 2)


def test_the_six_enhancement_mods_load_together_each_hook_answered_as_composed():
    """The shipped mods of issue 17 on together: every hook they answer lists who answers it."""
    app = load_app(mods=ENHANCEMENTS)
    owners = {name: [mod for mod, _ in answers] for name, answers in app.hooks.answers.items()}
    assert owners["unit_speed"] == ["accessories"]
    assert owners["wall_crossing"] == ["castle-works"]
    assert owners["bombard_damage"] == ["ranger-skills"]
    assert owners["victory"] == ["base"]
    assert set(app.mods) >= set(ENHANCEMENTS)


def test_foc_validate_passes_with_the_six_enhancement_mods_on_together(capsys):
    from game.cli import main
    from game.content.manifest import BUNDLED_MODS as SHIPPED

    assert main(["validate", *(str(SHIPPED / m) for m in ENHANCEMENTS)]) == 0
    assert f"checked {len(ENHANCEMENTS) + 1} item(s): 0 error(s)" in capsys.readouterr().out  # each, then all six


def test_foc_validate_loads_the_mods_on_together_where_a_clash_shows(
    bundled: list[Path], capsys, monkeypatch: pytest.MonkeyPatch
):
    """Each mod alone loads; `foc validate` also loads the mods it was given on together, naming the clash."""
    from game.cli import main

    monkeypatch.setattr(mods_module, "mod_search_paths", lambda: bundled)
    root = bundled[1]
    assert main(["validate", str(root / "oil"), str(root / "boots")]) == 1
    captured = capsys.readouterr()
    assert "checked 3 item(s): 1 error(s)" in captured.out
    assert "mods 'oil' and 'boots' both answer the rule hook 'unit_speed'" in captured.err


def test_a_filter_hooks_answers_each_take_the_value_the_one_before_gave_and_a_hidden_one_stops_the_rest():
    """COMPOSE "filter" (the visible hook): each mod gets the arguments and the value the one before left; a None
    (hidden) is final."""
    from systems.hooks import COMPOSE, COMPOSERS

    assert COMPOSE["visible"] == "filter"
    calls: list[tuple[str, str, int, list[str]]] = []

    def answer(name: str):
        def hide_more(world: str, seat: int, value: list[str]) -> list[str]:
            calls.append((name, world, seat, value))
            return [*value, name]
        return hide_more

    def hide(world: str, seat: int, value: list[str]) -> None:
        return None

    composed = COMPOSERS["filter"]([answer("a"), answer("b")])
    assert composed("world", 2, ["start"]) == ["start", "a", "b"]
    assert calls == [("a", "world", 2, ["start"]), ("b", "world", 2, ["start", "a"])]
    calls.clear()
    assert COMPOSERS["filter"]([hide, answer("b")])("world", 2, ["start"]) is None
    assert calls == []
