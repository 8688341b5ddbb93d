"""Hostile saves of every installed ruleset, as tests/test_hostile_saves.py tries the base game's: each edited
save (its checksum recomputed: a careful cheat) is refused on load with a one-line message naming the file and
the field, leaves no world behind, and `foc replay --verify` refuses it too. The component bounds and seat
references come from the components' declarations (components.bounds), the rules from the installed mods."""

from __future__ import annotations

import copy
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import esper
import pytest

from components.bounds import Seat, Within, declared
from game.content import load_app, rulesets
from game.errors import DataError
from game.saves import checksum, encode, load_game, read_raw
from tests.every_ruleset import RULESETS, saved

Edit = Callable[[dict[str, Any]], None]
_SAVES: dict[str, dict[str, Any]] = {}


def save_of(ruleset: str, folder: Path) -> dict[str, Any]:
    if ruleset not in _SAVES:
        _SAVES[ruleset] = read_raw(saved(ruleset, folder))
    return copy.deepcopy(_SAVES[ruleset])


def write(data: dict[str, Any], folder: Path) -> Path:
    data["checksum"] = checksum(data)
    path = folder / "hostile.foc.json.gz"
    path.write_bytes(encode(data))
    return path


def refused(path: Path) -> str:
    worlds, current = set(esper.list_worlds()), esper.current_world
    with pytest.raises(DataError) as caught:
        load_game(path)
    assert set(esper.list_worlds()) == worlds and esper.current_world == current  # nothing left behind
    first = caught.value.errors[0]
    assert first.startswith(f"{path}: ") and "\n" not in first
    return first


def refused_everywhere(data: dict[str, Any], folder: Path, capsys: Any) -> str:
    from game.cli import main

    path = write(data, folder)
    message = refused(path)
    assert main(["replay", str(path), "--verify"]) == 2
    out = capsys.readouterr().out
    assert "verified" not in out
    return message


def entities_with(data: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [comps[name] for comps in data["state"]["entities"].values() if name in comps]


def declared_fields(ruleset: str) -> list[tuple[str, str, Seat | Within]]:
    """(component, field, marker) of every marked field of the ruleset's registered components."""
    out = []
    for name, cls in load_app(ruleset).components.items():
        for field, marks in declared(cls):
            out.extend((name, field, mark) for mark in marks)
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("value", [10**18, 10**7, 10**4])
def test_a_huge_round_is_refused_before_anything_is_sized_by_it(ruleset, value, tmp_path, capsys):
    data = save_of(ruleset, tmp_path)
    data["state"]["clock"]["round"] = value
    data["summary"]["round"] = value
    assert "state.clock.round" in refused_everywhere(data, tmp_path, capsys)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("owner", [0, -1, 9])
def test_a_territory_owned_by_no_seat_is_refused(ruleset, owner, tmp_path, capsys):
    data = save_of(ruleset, tmp_path)
    data["state"]["territories"]["owners"][0][0] = owner
    assert f"seat {owner} is not at the table" in refused_everywhere(data, tmp_path, capsys)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_declared_bound_and_seat_reference_of_every_component_is_checked(ruleset, tmp_path, capsys):
    """Each marked field present in the save (a creature's owner, a regiment's men, troops on a region...) set
    beyond its bounds, or to a seat that does not exist, is refused naming the component and field."""
    base = save_of(ruleset, tmp_path)
    tried = 0
    for name, field, mark in declared_fields(ruleset):
        holders = entities_with(base, name)
        if not holders or field not in holders[0]:
            continue
        wrongs: list[Any] = [9, -5] if isinstance(mark, Seat) else [10**18, -(10**18), 10**23]
        for wrong in wrongs:
            data = copy.deepcopy(base)
            target = entities_with(data, name)[0]
            value = target[field]
            target[field] = [wrong] * max(1, len(value)) if isinstance(value, list) else wrong
            message = refused_everywhere(data, tmp_path, capsys)
            assert field in message and (name in message or "state.entities" in message), message
            tried += 1
    assert tried or ruleset == "base"  # every other ruleset declares some of its components' bounds


def first_number(tree: Any, path: list[str]) -> list[str] | None:
    """The dotted path of the first whole number in a rules document (depth first, keys in order)."""
    if type(tree) is int:
        return path
    items = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else ()
    for key, value in items:
        if (found := first_number(value, [*path, str(key)])) is not None:
            return found
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_changed_rules_value_in_the_embedded_rules_is_refused(ruleset, tmp_path, capsys):
    """A unit type's number where the ruleset's unit types have one, else its own rules' first number."""
    data = save_of(ruleset, tmp_path)
    rules = data["ruleset"]
    own = [k for k in rules if k not in ("setup", "terrain", "board", "mods", "extra", "game_options")]
    path = first_number(rules["units"], ["units"]) or first_number({k: rules[k] for k in own}, [])
    assert path is not None
    table = rules
    for part in path[:-1]:
        table = table[int(part)] if isinstance(table, list) else table[part]
    last = int(path[-1]) if isinstance(table, list) else path[-1]
    table[last] += 1
    assert f"ruleset.{'.'.join(path)}" in refused_everywhere(data, tmp_path, capsys)


def _options() -> list[tuple[str, str, Any]]:
    """(ruleset, option, a value it does not allow) for every declared option of every installed ruleset."""
    out = []
    for rid, (manifest, _) in sorted(rulesets().items()):
        for option in manifest.options:
            bad = {"bool": "yes", "choice": "steal", "int": 10**9}[option.type]
            out.append((rid, option.name, bad))
    return out


@pytest.mark.parametrize(("ruleset", "option", "bad"), _options())
@pytest.mark.parametrize("where", ["rules", "record", "both"])
def test_an_option_set_to_a_value_it_does_not_allow_is_refused(ruleset, option, bad, where, tmp_path, capsys):
    """`seize_relic='yes'`, `claiming='steal'`, `max_rounds=10**9`: in the rules key the option sets, in the
    recorded `game_options`, or in both."""
    declared_option = next(o for o in rulesets()[ruleset][0].options if o.name == option)
    data = save_of(ruleset, tmp_path)
    rules = data["ruleset"]
    if where in ("rules", "both"):
        *path, last = declared_option.sets.split(".")
        table = rules
        for part in path:
            table = table[part]
        table[last] = bad
    if where in ("record", "both"):
        rules["game_options"][option] = bad
    message = refused_everywhere(data, tmp_path, capsys)
    assert "ruleset." in message


def test_pending_hidden_orders_are_checked_on_load(tmp_path, capsys):
    """Total War (or any ruleset with simultaneous phases): buffered orders are commands of the game that their
    handler accepts; junk there was loaded, then the phase could not resolve."""
    base = save_of("total-war", tmp_path)
    assert entities_with(base, "SeatOrders") and entities_with(base, "SeatOrders")[0]["orders"]
    for order, words in [({"type": "Nuke"}, "unknown command type"),
                         ({"type": "Ready"}, "unknown command type"),
                         ("move", "valid dictionary"),
                         ({**entities_with(base, "SeatOrders")[0]["orders"][0], "regiment": 5}, "regiment"),
                         ({**entities_with(base, "SeatOrders")[0]["orders"][0], "regiment": "9:infantry:1"}, "")]:
        data = copy.deepcopy(base)
        entities_with(data, "SeatOrders")[0]["orders"][0] = order
        message = refused_everywhere(data, tmp_path, capsys)
        assert "SeatOrders.orders.0" in message and words in message, message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rulesets_untouched_save_loads_and_verifies(ruleset, tmp_path, capsys):
    from game.cli import main

    path = write(save_of(ruleset, tmp_path), tmp_path)
    load_game(path)
    assert main(["replay", str(path), "--verify"]) == 0


def test_the_marks_are_annotations_the_codec_sees_through():
    """The codec builds the plain type from `Annotated[int, Within(...)]` (no marker leaks into the model)."""
    from tests.tw_support import sub

    hints = typing.get_type_hints(sub("regiments").Regiment)
    assert hints["men"] is int


def test_a_document_of_too_many_values_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    """`[[],[],...]` costs ~30 times its text once parsed: the values are counted first (MAX_JSON_VALUES); the
    peak memory of the hostile shapes is measured by bench/bench_hostile_memory.py."""
    import gzip
    import json

    monkeypatch.setattr("game.saves.MAX_JSON_VALUES", 1000)
    path = tmp_path / "lists.foc.json.gz"
    path.write_bytes(gzip.compress(b"[" + b",".join([b"[]"] * 600) + b"]"))

    def parsed(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("parsed before the values were counted")

    monkeypatch.setattr(json, "loads", parsed)
    assert "more than 1,000 values" in refused(path)


def test_a_format_that_is_not_text_is_not_echoed_whole(tmp_path):
    import gzip

    path = tmp_path / "format.foc.json.gz"
    path.write_bytes(gzip.compress(b'{"format": [' + b",".join([b'"' + b"x" * 100 + b'"'] * 100) + b"]}"))
    message = refused(path)
    assert "format" in message and len(message) < len(str(path)) + 300  # 10,000 characters given


CROSS_ENTITY = [  # ruleset, component, field, value, words: each ruleset's own invariants (app.add_invariants)
    ("total-war", "Regiment", "kind", "dragoons", "unknown regiment type"),
    ("total-war", "Regiment", "men", 5000, "at most"),
    ("total-war", "Regiment", "facing", "UP", "Regiment.facing"),
    ("relic-duels", "Character", "key", "stranger", "in no roster"),
    ("relic-duels", "Character", "hex", 99_999, "off the land"),
    ("monstercrasher", "Creature", "kind", "dragon", "unknown creature type"),
    ("risky-space", "RiskyClock", "phase", "nap", "unknown phase"),
    ("risky-space", "RiskyClock", "battle", [999, 998, 5], "RiskyClock.battle"),
    ("risky-space", "RiskyClock", "sources_used", [10**5], "off the board"),
]


@pytest.mark.parametrize(("ruleset", "name", "field", "value", "words"), CROSS_ENTITY,
                         ids=[f"{c[0]}-{c[1]}.{c[2]}" for c in CROSS_ENTITY])
def test_each_rulesets_own_invariants_refuse_an_edited_save(ruleset, name, field, value, words, tmp_path, capsys):
    data = save_of(ruleset, tmp_path)
    holders = entities_with(data, name)
    if not holders:
        pytest.skip(f"no {name} in the {ruleset} save")
    holders[0][field] = value
    message = refused_everywhere(data, tmp_path, capsys)
    assert words in message and f"{name}." in message, message


def test_two_regiments_on_one_hex_or_under_one_name_are_refused(tmp_path, capsys):
    base = save_of("total-war", tmp_path)
    for field, words in (("hex", "shares its hex"), ("number", "twice")):
        data = copy.deepcopy(base)
        first, second = entities_with(data, "Regiment")[:2]
        second[field] = first[field]
        if field == "number":
            second["kind"], second["seat"] = first["kind"], first["seat"]
        assert words in refused_everywhere(data, tmp_path, capsys)


@pytest.mark.parametrize(("field", "value", "words"), [
    ("kind", "bribe", "Prompt.kind"),
    ("seats", [1, 1], "Prompt.seats"),
    ("seats", [1, 9], "seat 9 is not at the table"),
    ("given", ["nonsense", ""], "Prompt.given"),
    ("given", [""], "Prompt.given"),
    ("default", "surrender", "Prompt.answers"),
    ("resume", 10**6, "Prompt.resume"),
    ("stage", "nowhere", "Prompt.resume"),
])
def test_a_pending_question_is_checked_on_load_for_every_ruleset(field, value, words, tmp_path, capsys):
    """The engine's questions (systems.prompts): the Relic Duels save holds one, a duel round asked to both."""
    data = save_of("relic-duels", tmp_path)
    asked = entities_with(data, "Prompt")
    assert asked
    asked[0][field] = value
    assert words in refused_everywhere(data, tmp_path, capsys)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_replay_file_with_edited_rules_fails_verify(ruleset, tmp_path, capsys):
    """Replay files carry their rules too: `foc replay --verify` refuses an edited value (it exited 0)."""
    import gzip
    import json

    from game.cli import main
    from game.replay import save_replay
    from tests.every_ruleset import game_of

    path = save_replay(game_of(ruleset), tmp_path / "r.focreplay.json.gz")
    assert main(["replay", str(path), "--verify"]) == 0
    capsys.readouterr()
    data = read_raw(path)
    rules = data["ruleset"]
    own = [k for k in rules if k not in ("setup", "terrain", "board", "mods", "extra", "game_options")]
    key = first_number(rules["units"], ["units"]) or first_number({k: rules[k] for k in own}, [])
    assert key is not None
    table = rules
    for part in key[:-1]:
        table = table[int(part)] if isinstance(table, list) else table[part]
    table[int(key[-1]) if isinstance(table, list) else key[-1]] += 1
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    assert main(["replay", str(path), "--verify"]) == 2
    out = capsys.readouterr().out
    assert f"ruleset.{'.'.join(key)}" in out and "edited" in out


def _player_of(data: dict[str, Any]) -> dict[str, Any]:
    return entities_with(data, "Player")[0]


def _cut_history(data: dict[str, Any]) -> None:
    rounds = sorted({entry[0] for entry in data["history"]})
    middle = rounds[len(rounds) // 2]
    data["history"] = [entry for entry in data["history"] if entry[0] != middle]


def _drop_player(data: dict[str, Any]) -> None:
    key = next(k for k, comps in data["state"]["entities"].items() if "Player" in comps)
    del data["state"]["entities"][key]  # with whatever else it held


GENERIC = [  # what every ruleset's save has: the engine's own checks
    ("clock seat 9", lambda d: d["state"]["clock"].update(seat=9), "state.clock.seat"),
    ("unknown stage", lambda d: d["state"]["clock"].update(stage="siesta"), "unknown stage"),
    ("winner mid-game", lambda d: d["state"]["clock"].update(winner=1), "only a finished game has a winner"),
    ("seats repeated", lambda d: d["state"].update(seats=[1, 1]), "state.seats"),
    ("junk rng", lambda d: d["state"].update(rng=[3, [1, 2], None]), "state.rng"),
    ("next entity 1", lambda d: d["state"].update(next_entity=1), "next_entity"),
    ("difficulty godlike", lambda d: _player_of(d).update(difficulty="godlike"), "unknown difficulty"),
    ("no player", _drop_player, "player"),
    ("history cut short", _cut_history, "history"),
    ("history junk command", lambda d: d["history"].append([d["state"]["clock"]["round"], 1, {"type": "Nuke"}]),
     "unknown command type"),
    ("history ill-typed Answer", lambda d: d["history"].append([d["state"]["clock"]["round"], 1,
                                                                {"type": "Answer", "prompt": 160.0, "answer": "x"}]),
     "prompt"),
    ("history ahead of the clock", lambda d: d["history"].append([d["state"]["clock"]["round"] + 5, 1,
                                                                  {"type": "Ready"}]), "does not fit the game"),
    ("header that lies", lambda d: d["summary"].update(round=d["summary"]["round"] + 1), "summary.round"),
    ("terrain unknown", lambda d: d["board"]["terrain"].__setitem__(0, "lava"), "unknown terrain 'lava'"),
    ("board 10**6 square", lambda d: d["board"].update(width=10**6, height=10**6), "board"),
]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(("name", "edit", "words"), GENERIC, ids=[g[0] for g in GENERIC])
def test_the_engines_own_save_checks_hold_for_every_ruleset(ruleset, name, edit, words, tmp_path, capsys):
    data = save_of(ruleset, tmp_path)
    edit(data)
    assert words in refused_everywhere(data, tmp_path, capsys)


@pytest.mark.parametrize(("ruleset", "name", "field", "value", "words"), [
    ("total-war", "Regiment", "hex", [1], "hex"),  # a fixed (q, r) tuple: the codec checks its length
    ("total-war", "Regiment", "hex", [], "hex"),
    ("total-war", "Battle", "start_counts", [1], "Battle.start_counts"),  # was: zip() too short at the morale step
    ("relic-duels", "Duel", "fighters", [], "Duel.fighters"),  # was: IndexError on the next round
    ("relic-duels", "Duel", "dominion", [], "Duel.company"),  # was: min() of an empty list
    ("monstercrasher", "Creature", "file", 0, "Creature.file"),  # MC1.1: files 1..width
])
def test_shapes_found_by_fuzzing_are_refused(ruleset, name, field, value, words, tmp_path, capsys):
    data = save_of(ruleset, tmp_path)
    holders = entities_with(data, name)
    if not holders:
        pytest.skip(f"no {name} in the {ruleset} save")
    holders[0][field] = value
    assert words in refused_everywhere(data, tmp_path, capsys)


def test_two_creatures_on_one_square_are_refused(tmp_path, capsys):
    """MC1.2: a square holds at most one creature (two on one square crashed the next march: KeyError)."""
    data = save_of("monstercrasher", tmp_path)
    creatures = entities_with(data, "Creature")
    if len(creatures) < 2:
        pytest.skip("fewer than two creatures in the save")
    creatures[1]["file"], creatures[1]["rank"] = creatures[0]["file"], creatures[0]["rank"]
    assert "at most one creature (MC1.2)" in refused_everywhere(data, tmp_path, capsys)


JUNK = [0, -1, 1, 2, 3, 9, 10**18, -(10**18), "", "x", None, True, [], [1], {}, 0.5]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_any_component_field_set_to_junk_is_refused_or_plays_on(ruleset, tmp_path):
    """The attacker's way (seeded): one field of one saved component set to a junk value. Loading refuses it
    with a DataError, or the game loads and its computer players play on without an exception."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from game import computer_seats
    from game.ai import make_controller

    base = save_of(ruleset, tmp_path)
    slots = [(k, c, f) for k, comps in base["state"]["entities"].items() for c, fields in comps.items()
             for f in fields]

    @settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(slots), st.sampled_from(JUNK))
    def fuzz(slot: tuple[str, str, str], value: Any) -> None:
        data = copy.deepcopy(base)
        key, name, field = slot
        data["state"]["entities"][key][name][field] = value
        path = write(data, tmp_path)
        try:
            game = load_game(path)
        except DataError as exc:
            assert exc.errors[0].startswith(f"{path}: ") and "\n" not in exc.errors[0]
            return
        players = {seat: make_controller("normal", game.app) for seat in game.world.seats}
        for _ in range(4):
            if game.over:
                break
            if game.asking or game.awaiting_orders:
                for seat in game.acting_seats():
                    computer_seats.act(game, seat, players[seat])
            else:
                players[game.world.clock.seat].play_turn(game)

    fuzz()


@pytest.mark.parametrize(("where", "value"), [("cluster", "nowhere"), ("cluster", 7)])
def test_a_region_in_no_cluster_is_refused(where, value, tmp_path, capsys):
    """RS1.2: every region is in one of the board's clusters (one in none crashed the next turn's bonus)."""
    data = save_of("risky-space", tmp_path)
    data["board"]["topology"]["regions"][3][where] = value
    assert "board.topology" in refused_everywhere(data, tmp_path, capsys)


def test_a_link_to_a_region_off_the_board_is_refused(tmp_path, capsys):
    data = save_of("risky-space", tmp_path)
    links = data["board"]["topology"]["links"]
    links[0] = [links[0][0], -1]
    assert "board.topology" in refused_everywhere(data, tmp_path, capsys)
