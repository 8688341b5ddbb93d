"""Ruleset options (game.content.options): declared in a ruleset's mod.toml, chosen with `--option` or on the
new-game screen, recorded in the rules so saves and replays keep them. Relic Duels' DU9 variants and Risky
Space's RS2.1 claiming, RS2.4 random_seats and RS7.3 max_rounds, and the game lengths the rules pages give as
ruleset numbers (MC7.2, TW12.2, DU3.2) are the shipped ones."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from game.cli import build_parser, main
from game.content import load_app, rulesets
from game.content.manifest import read_manifest
from game.content.options import RulesetOption, choose, default_errors, overlay, split_assignments
from game.errors import DataError
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash

FLOW = '[flow]\nsetup = []\nturn = [{ name = "play", acts = "seat", ends_with = ["EndTurn"] }]\n'
SEIZE = {"name": "seize", "label": "Seize", "type": "bool", "default": False, "sets": "options.seize"}


def test_shipped_rulesets_declare_the_options_their_rules_pages_name():
    names = {rid: [o.name for o in manifest.options] for rid, (manifest, _) in rulesets().items()}
    assert names["relic-duels"] == ["seize_relic", "guardians", "turn_limit"]    # DU9.1, DU9.2, DU3.2
    assert names["risky-space"] == ["claiming", "random_seats", "max_rounds"]     # RS2.1, RS2.4, RS7.3
    assert names["monstercrasher"] == ["round_limit"]                             # MC7.2
    assert names["total-war"] == ["turn_limit"]                                   # TW12.2
    assert names["base"] == []


@pytest.mark.parametrize(("change", "words"), [
    ({"type": "choice", "values": ["a", "b"], "default": "c"}, "not one of values"),
    ({"type": "choice", "values": ["a"], "default": "a"}, "two or more"),
    ({"default": 1}, "true or false"),
    ({"type": "int", "default": 5, "min": 0, "max": 3}, "out of range"),
    ({"values": ["a", "b"]}, "only a choice"),
    ({"min": 1}, "only an int"),
    ({"sets": "Options..x"}, "pattern"),
    ({"colour": "red"}, "Extra inputs"),
    ({"default": "false"}, "true or false"),                                  # strict: no string for a bool
])
def test_a_bad_declaration_is_refused(change, words):
    with pytest.raises(ValidationError, match=words):
        RulesetOption.model_validate({**SEIZE, **change})


def test_a_bad_option_in_mod_toml_names_the_file_and_field(tmp_path):
    folder = tmp_path / "duel"
    folder.mkdir()
    (folder / "mod.toml").write_text(
        'id = "duel"\nname = "Duel"\nversion = "1.0.0"\nkind = "ruleset"\n' + FLOW +
        '[[options]]\nname = "x"\nlabel = "X"\ntype = "bool"\ndefault = 3\nsets = "a.x"\n', encoding="utf-8")
    errors: list[str] = []
    assert read_manifest(folder, errors) is None
    assert any("mod.toml: options.0" in e for e in errors), errors


def test_only_a_ruleset_declares_options_and_names_are_unique(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    option = '[[options]]\nname = "x"\nlabel = "X"\ntype = "bool"\ndefault = true\nsets = "a.x"\n'
    (folder / "mod.toml").write_text('id = "m"\nname = "M"\nversion = "1.0.0"\n' + option, encoding="utf-8")
    errors: list[str] = []
    assert read_manifest(folder, errors) is None and "only a ruleset declares [[options]]" in errors[0]
    (folder / "mod.toml").write_text('id = "m"\nname = "M"\nversion = "1.0.0"\nkind = "ruleset"\n' +
                                     FLOW + option + option, encoding="utf-8")
    errors = []
    assert read_manifest(folder, errors) is None and "share a name" in errors[0]


def test_values_are_parsed_and_checked_with_the_allowed_values_named():
    declared = rulesets()["risky-space"][0].options
    assert choose(declared, {"max_rounds": "30", "claiming": "deal", "random_seats": "on"}, "risky-space") == {
        "claiming": "deal", "random_seats": True, "max_rounds": 30}            # declaration order
    with pytest.raises(DataError) as caught:
        choose(declared, {"claiming": "grab", "max_rounds": "-1", "seats": "1", "random_seats": "maybe"},
               "risky-space")
    assert caught.value.errors == [
        "--option claiming: 'grab' is not allowed (choose pick, deal)",
        "--option max_rounds: -1 is out of range (a whole number 0..200)",
        "--option seats: risky-space has no such option (its options: claiming, random_seats, max_rounds)",
        "--option random_seats: 'maybe' is not allowed (choose true or false)",
    ]
    with pytest.raises(DataError, match="is not NAME=VALUE"):
        split_assignments(["claiming"])


def test_the_overlay_sets_each_key_and_records_the_choice():
    declared = rulesets()["risky-space"][0].options
    assert overlay(declared, {"claiming": "deal", "max_rounds": 9}) == {
        "game_options": {"claiming": "deal", "max_rounds": 9},
        "risky": {"setup": {"claiming": "deal"}, "end": {"max_rounds": 9}}}


def test_a_default_must_be_the_rules_files_value():
    declared = [RulesetOption.model_validate(SEIZE), RulesetOption.model_validate({**SEIZE, "name": "gone",
                                                                                    "sets": "options.gone"})]
    assert default_errors(declared, {"options": {"seize": True}}, "mods/duel/mod.toml") == [
        "mods/duel/mod.toml: options.0.default: False differs from the rules' options.seize = True",
        "mods/duel/mod.toml: options.1.sets: the rules have no key 'options.gone'"]
    assert default_errors(declared[:1], {"options": {"seize": True}}, "f", chosen=["seize"]) == []


def test_options_change_the_loaded_rules_and_are_recorded():
    plain = load_app("relic-duels").rules
    assert not plain.options.seize_relic and plain.game_options == {}
    rules = load_app("relic-duels", options={"seize_relic": "true"}).rules
    assert rules.options.seize_relic and not rules.options.guardians
    assert rules.game_options == {"seize_relic": True}


@pytest.mark.parametrize("argv", [
    ["simulate", "--ruleset", "relic-duels", "--option", "seize=true"],
    ["simulate", "--ruleset", "relic-duels", "--option", "guardians=maybe"],
    ["play", "--ruleset", "risky-space", "--option", "claiming=grab"],
    ["play", "--ruleset", "base", "--option", "fog=on"],
    ["play", "--load", "x.foc", "--ruleset", "relic-duels", "--option", "guardians=true"],
])
def test_the_cli_refuses_a_bad_option_in_one_line_with_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(f"foc {argv[0]}: error: --option")
    if "grab" in argv[-1]:
        assert "choose pick, deal" in err


def test_du9_2_foc_play_with_guardians_on_sets_the_deep_horror_on_its_hex():
    """`foc play --players ai,ai --option guardians=true` (the path without menus) starts a DU9.2 game."""
    from game.cli_args import ruleset_options
    from game.ui.launch import new_game_from_args
    from tests.relic_support import hex_at, sub

    def started(*extra: str):
        args = build_parser().parse_args(["play", "--ruleset", "relic-duels", "--players", "ai,ai", "--seed", "3",
                                          *extra])
        args.options = ruleset_options(args.ruleset, args.option)
        return new_game_from_args(args)

    on, off = started("--option", "guardians=true"), started()
    assert sub("play").characters(on.world)["deep_horror"].hex == hex_at(6, 5)
    assert "deep_horror" not in sub("play").characters(off.world)
    assert on.world.rules.game_options == {"guardians": True}


def test_foc_simulate_plays_with_the_options_and_reports_them(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["simulate", "--ruleset", "relic-duels", "--players", "normal,normal", "--seed", "2",
                 "--option", "seize_relic=true", "--option", "guardians=on", "--json", str(out)]) == 0
    assert "options seize_relic=True, guardians=True" in capsys.readouterr().out
    assert json.loads(out.read_text())["options"] == {"seize_relic": True, "guardians": True}


def relic_game(seed: int = 4):
    players = [PlayerSpec("Company", True, "normal"), PlayerSpec("Dominion", True, "normal")]
    return create_game(None, players, seed, ruleset="relic-duels",
                       options={"seize_relic": True, "guardians": True})


def test_saves_and_replays_keep_the_options(tmp_path):
    from game.replay import load_replay, save_replay, verify
    from game.saves import load_game, save_game
    from tests.test_relic_duels_game import play

    game = relic_game()
    play(game, 3)
    loaded = load_game(save_game(game, tmp_path / "relic.foc"))
    assert loaded.world.rules.game_options == {"seize_relic": True, "guardians": True}
    assert loaded.world.rules.options.seize_relic and loaded.world.rules.options.guardians
    assert state_hash(loaded.world) == state_hash(game.world)
    play(game)
    play(loaded)
    assert game.over and state_hash(loaded.world) == state_hash(game.world)
    replay = load_replay(save_replay(game, tmp_path / "relic.replay"))
    assert replay.header.rules.game_options == {"seize_relic": True, "guardians": True}
    verdict = verify(replay)
    assert verdict.ok, verdict.message


def test_rs2_1_a_dealt_risky_space_game_starts_with_every_system_claimed():
    from game.simulate import map_for

    players = [PlayerSpec("A", True), PlayerSpec("B", True)]
    dealt = create_game(map_for(None, "risky-space", 2), players, 1, ruleset="risky-space",
                        options={"claiming": "deal"})
    picked = create_game(map_for(None, "risky-space", 2), players, 1, ruleset="risky-space")
    owned = lambda game: sum(len(v) for v in game.world.owned.values())  # noqa: E731
    assert owned(dealt) == len(dealt.world.terrain) > owned(picked)


def test_a_balance_lab_variant_chooses_options_by_name(tmp_path):
    from game.content.manifest import BUNDLED_MODS
    from game.lab.variants import build_variant_app, parse_variant

    path = BUNDLED_MODS / "relic-duels" / "variants" / "seize_and_guardians.toml"
    variant = parse_variant(f"dangers={path}", ruleset="relic-duels")
    assert dict(variant.options) == {"seize_relic": True, "guardians": True}
    rules = build_variant_app(variant).rules
    assert rules.options.seize_relic and rules.options.guardians
    assert rules.game_options == {"seize_relic": True, "guardians": True}
    bad = tmp_path / "bad.toml"
    bad.write_text('[variant]\noptions = { guardians = "often" }\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        parse_variant(f"bad={bad}", ruleset="relic-duels")
    assert caught.value.errors == [f"{bad}: variant.options.guardians: 'often' is not allowed (choose true or false)"]


def test_a_save_whose_ruleset_schema_moved_on_reloads_with_its_options(tmp_path):
    """A save's embedded rules that no longer validate (a field since removed or added) are replaced by the
    installed ruleset at the same versions: with the options the game was started with."""
    from game.saves import checksum, encode, load_game, read_raw, save_game

    game = relic_game()
    data = read_raw(save_game(game, tmp_path / "relic.foc"))
    del data["ruleset"]["relic"]["use_cost"]                      # as if the schema had a new field since
    data["checksum"] = checksum(data)
    path = tmp_path / "moved.foc.json.gz"
    path.write_bytes(encode(data))
    loaded = load_game(path)
    assert loaded.world.rules.game_options == {"seize_relic": True, "guardians": True}
    assert loaded.world.rules.options.guardians and state_hash(loaded.world) == state_hash(game.world)
