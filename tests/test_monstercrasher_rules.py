"""MonsterCrasher's rules as pure functions: direction sets (MC5), the march (MC6, MC10), game end (MC7)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tests.mc_support import describe, pieces, rules, square, sub

directions = sub("directions")
march_mod = sub("march")
position_mod = sub("position")
RULES = rules()


def run(text: str, **changes):
    return march_mod.march(pieces(text), rules(**changes) if changes else RULES)


# --- MC5 directions -------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "path"), [
    ("F", [(0, 1)]),
    ("2F", [(0, 1), (0, 1)]),                       # MC5.4
    ("FSS", [(1, 1), (1, 0)]),                      # MC5.2: two-letter directions are read first
    ("FS,FPFS", [(1, 1), (-1, 1), (1, 1)]),         # MC5.4
    ("FPFS,FPFS", [(-1, 1), (1, 1), (-1, 1), (1, 1)]),
    ("H", []),                                      # never moves
    ("3B", [(0, -1)] * 3),
    ("F,F", [(0, 1), (0, 1)]),                      # a comma lets a direction come again
])
def test_mc5_direction_sets_parse_into_paths(text, path):
    assert list(directions.parse_directions(text)) == path


@pytest.mark.parametrize(("text", "message"), [
    ("F2S", "F2S: F+S make FS, write FSS"),          # the rules reference's own example (MC5.3)
    ("FPS", "FP+S make F, write F"),
    ("FB", "F+B make none, write H"),
    ("2F2S", "F+S make FS, write 2FS"),
    ("F,F2S", "F+S make FS, write F,FSS"),
    ("FF", "F is written twice in one segment"),
    ("SF", "F comes before S"),                      # MC5.2 order
    ("S2F", "F comes before S in the order H F B FP FS BP BS P S (start a new segment with a comma), write S,2F"),
    ("FSFP", "write FS,FP"),
    ("FPSFS", "FS comes before S"),                  # the seed's typo
    ("1F", "a count is 2 or more, write F"),
    ("HF", "H stands alone"),
    ("F,,F", "an empty segment"),
    ("X", "'X' does not start with a direction"),
])
def test_mc5_bad_direction_sets_name_the_fix(text, message):
    with pytest.raises(directions.DirectionError, match=None) as caught:
        directions.parse_directions(text)
    assert message in str(caught.value)


def test_mc5_suggested_fixes_are_valid_direction_sets():
    for text in ["F2S", "FPS", "2F2S", "FSFP", "FPSFS", "FF", "F,F2S", "FPBS", "SF"]:
        with pytest.raises(directions.DirectionError) as caught:
            directions.parse_directions(text)
        fix = str(caught.value).rpartition(", write ")[2]
        directions.parse_directions(fix)


def test_mc5_load_error_names_the_creature_type_and_the_fix():
    data = __import__("tests.mc_support", fromlist=["raw_rules"]).raw_rules()
    data["units"]["knight"] = {"name": "Knight", "power": 1, "defense": 1, "directions": "F2S", "cost": 1}
    with pytest.raises(ValidationError) as caught:
        sub("data").MonsterRules.model_validate(data)
    text = str(caught.value)
    assert "units.knight.directions" in text and "F2S: F+S make FS, write FSS" in text


def test_mc4_roster_names_known_types():
    data = __import__("tests.mc_support", fromlist=["raw_rules"]).raw_rules()
    data["turns"]["roster"] = ["basic", "dragon"]
    with pytest.raises(ValidationError, match="unknown creature type 'dragon'"):
        sub("data").MonsterRules.model_validate(data)


def test_mc5_1_every_relative_direction_as_a_file_and_rank_change():
    """MC5.1 for player 1: F (0, +1), P (-1, 0); B is -F, S is -P; diagonals add both parts; H no move."""
    assert {name: directions.RELATIVE[name] for name in ("F", "B", "P", "S", "FP", "FS", "BP", "BS")} == {
        "F": (0, 1), "B": (0, -1), "P": (-1, 0), "S": (1, 0), "FP": (-1, 1), "FS": (1, 1), "BP": (-1, -1), "BS": (1, -1)}


def test_mc5_1_directions_are_relative_to_the_owner():
    f, p = directions.RELATIVE["F"], directions.RELATIVE["P"]
    assert directions.absolute(f, 1) == (0, 1) and directions.absolute(p, 1) == (-1, 0)
    assert directions.absolute(f, 2) == (0, -1) and directions.absolute(p, 2) == (1, 0)
    # "A P1 creature on A1 has F A2; a P2 creature on A8 has F A7"
    after = run("P1 basic 1/1 A1, P2 basic 1/1 A8")
    assert describe(after.pieces) == {"P1 basic 1/1 A2", "P2 basic 1/1 A7"}


# --- MC10 worked examples -------------------------------------------------------------------------

def test_mc10_1_head_on():
    after = run("P1 guard 1/2 C4, P1 basic 1/1 A1, P2 basic 1/1 C5")
    assert describe(after.pieces) == {"P1 guard 1/1 C5", "P1 basic 1/1 A2"}
    assert after.life_lost == {1: 0, 2: 0}


def test_mc10_2_tie():
    after = run("P1 basic 1/1 B2, P1 guard 1/2 B3, P2 guard 1/2 B5")
    assert describe(after.pieces) == {"P1 basic 1/1 B2", "P1 guard 1/1 B3", "P2 guard 1/1 B5"}


def test_mc10_3_crossing():
    start = position_mod.Position(tuple(pieces("P1 basic 1/1 E7, P1 basic 1/1 E8, P2 basic 1/1 A2")), (10, 1))
    after, result = position_mod.press_turn_button(start, RULES)
    assert describe(after.pieces) == {"P1 basic 1/1 E8", "P2 basic 1/1 A1"}
    assert after.life == (10, 0)
    ending = position_mod.outcome(after.life, start.round, start.active, RULES)
    assert ending is not None and ending.winner == 1


def test_mc10_4_phases():
    result = run("P1 runner 1/1 F2, P2 basic 1/1 F5")
    assert describe(result.pieces) == set()
    kinds = [type(e).__name__ for e in result.events]
    assert kinds.count("CreatureStepped") == 2 and kinds.count("CreatureDestroyed") == 2
    fought = [e for e in result.events if type(e).__name__ == "CreaturesFought"]
    assert [(f.phase, f.how) for f in fought] == [(2, "charge")]


# --- MC6 details ----------------------------------------------------------------------------------

def test_mc6_2_refused_step_stops_the_creature():
    # a P1 creature with "B,F" on rank 1: the B step is refused (own side), so it stands and stops
    r = rules()
    data = r.model_dump()
    data["units"]["backer"] = {"name": "Backer", "power": 1, "defense": 1, "directions": "B,F", "cost": 1}
    custom = sub("data").MonsterRules.model_validate(data)
    after = march_mod.march(pieces("P1 backer 1/1 C1"), custom)
    assert describe(after.pieces) == {"P1 backer 1/1 C1"}
    # off a side edge: the flanker's FS from H4 is refused
    after = run("P1 flanker 2/1 H4")
    assert describe(after.pieces) == {"P1 flanker 2/1 H4"}


@pytest.mark.parametrize(("start", "end"), [
    ("P1 flanker 2/1 G4", "P1 flanker 2/1 H5"),   # FS onto the last file H is taken; S off the edge is refused
    ("P1 flanker 2/1 H4", "P1 flanker 2/1 H4"),   # FS from the last file would leave the board: refused
    ("P2 flanker 2/1 B5", "P2 flanker 2/1 A4"),   # P2's starboard is toward A: FS onto the first file is taken
    ("P2 flanker 2/1 A5", "P2 flanker 2/1 A5"),   # and from file A it would leave the board: refused
])
def test_mc6_2_a_step_onto_the_first_or_last_file_is_taken_and_one_past_it_refused(start, end):
    """MC6.2 on both sides of both side edges: files A..H are on the board, file 0 and file 9 are not."""
    after = run(start)
    assert describe(after.pieces) == {end}
    assert after.life_lost == {1: 0, 2: 0}


def test_mc6_flanker_path_fs_then_s():
    after = run("P1 flanker 2/1 C4")
    assert describe(after.pieces) == {"P1 flanker 2/1 E5"}
    after = run("P2 flanker 2/1 F5")          # P2's starboard is toward A
    assert describe(after.pieces) == {"P2 flanker 2/1 D4"}


def test_mc6_3_crossing_frees_its_square_and_costs_life_equal_to_power():
    result = run("P2 flanker 2/1 C1, P2 basic 1/1 C2")   # FS from C1 is onto P1's side (B0)
    assert result.life_lost == {1: 2, 2: 0}
    assert describe(result.pieces) == {"P2 basic 1/1 C1"}    # it entered the square the flanker left


def test_mc6_4_friends_never_fight_and_a_blocked_friend_stands():
    after = run("P1 basic 1/1 D2, P1 guard 1/2 D3, P2 basic 1/1 D5")
    # guard D3->D4 and P2 basic D5->D4 meet: basic dies, the guard (1/1) enters D4; the friend behind follows
    assert describe(after.pieces) == {"P1 basic 1/1 D3", "P1 guard 1/1 D4"}


def test_mc6_5_a_creature_in_several_pairs_fights_all():
    # P2 guard on D5 meets two P1 creatures at... guard steps to D4, P1 basics on C4? use flankers
    after = run("P1 basic 1/1 D3, P1 basic 1/1 C4, P2 guard 1/2 D5, P2 basic 1/1 C5")
    # D3 and D5 meet at D4 (basic dies, guard 1/1); C4-C5 head-on both die
    assert describe(after.pieces) == {"P2 guard 1/1 D4"}


def test_mc6_6_three_toward_one_square_only_the_strictly_strongest_enters():
    data = rules().model_dump()
    data["units"]["left"] = {"name": "L", "power": 0, "defense": 3, "directions": "FS", "cost": 1}
    data["units"]["right"] = {"name": "R", "power": 0, "defense": 2, "directions": "FP", "cost": 1}
    custom = sub("data").MonsterRules.model_validate(data)
    after = march_mod.march(pieces("P1 left 0/3 C3, P1 right 0/2 E3, P1 guard 1/2 D3"), custom)
    assert describe(after.pieces) == {"P1 left 0/3 D4", "P1 right 0/2 E3", "P1 guard 1/2 D3"}


def test_mc6_6_a_rotation_moves_but_a_swap_stands():
    after = run("P1 basic 1/1 C3, P1 basic 1/1 C4, P1 basic 1/1 C5")   # a column moves together
    assert describe(after.pieces) == {"P1 basic 1/1 C4", "P1 basic 1/1 C5", "P1 basic 1/1 C6"}


def test_mc6_charge_on_a_stopped_creature():
    # the P2 guard on A2 steps to A1, then it is on rank 1... P1 "H" wall: a standing creature is fought
    data = rules().model_dump()
    data["units"]["wall"] = {"name": "Wall", "power": 1, "defense": 3, "directions": "H", "cost": 1}
    custom = sub("data").MonsterRules.model_validate(data)
    after = march_mod.march(pieces("P1 wall 1/3 C3, P2 basic 1/1 C4"), custom)
    assert describe(after.pieces) == {"P1 wall 1/2 C3"}


# --- order independence (MC6.1) -------------------------------------------------------------------

KINDS = ["basic", "guard", "runner", "flanker"]


@st.composite
def boards(draw):
    count = draw(st.integers(min_value=0, max_value=16))
    cells = draw(st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), min_size=count, max_size=count, unique=True))
    out = []
    for index, cell in enumerate(cells):
        kind = draw(st.sampled_from(KINDS))
        c = RULES.units[kind]
        out.append(march_mod.Piece(index + 1, draw(st.sampled_from([1, 2])), kind, c.power, c.defense, cell))
    return out


@settings(max_examples=150, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_mc6_1_no_result_depends_on_storage_order(board, rnd):
    first = march_mod.march(board, RULES)
    shuffled = list(board)
    rnd.shuffle(shuffled)
    second = march_mod.march(shuffled, RULES)
    assert first.pieces == second.pieces
    assert first.life_lost == second.life_lost
    assert first.events == second.events
    # invariants: one creature a square, nobody off the board, defense only falls
    squares = [p.square for p in first.pieces]
    assert len(squares) == len(set(squares))
    assert all(1 <= f <= 8 and 1 <= r <= 8 for f, r in squares)
    before = {p.id: p.defense for p in board}
    assert all(p.defense <= before[p.id] for p in first.pieces)


# --- MC3 spawning, MC7 game end -------------------------------------------------------------------

def test_mc3_2_spawn_reasons():
    start = position_mod.Position(tuple(pieces("P1 basic 1/1 C1")), (10, 10))
    reason = position_mod.spawn_reason
    assert reason(start, RULES, 1, "basic", square("D1")) is None
    assert "occupied" in reason(start, RULES, 1, "basic", square("C1"))
    assert "not on your back row" in reason(start, RULES, 1, "basic", square("D2"))
    assert "player 1's turn" in reason(start, RULES, 2, "basic", square("D8"))
    assert "roster" in reason(start, RULES, 1, "runner", square("D1"))
    spent = position_mod.Position(start.pieces, (10, 10), spent=1)
    assert "costs 2 spawn points and 1 are left" in reason(spent, RULES, 1, "guard", square("D1"))
    p2 = position_mod.Position((), (10, 10), active=2)
    assert reason(p2, RULES, 2, "guard", square("A8")) is None
    assert "rank 8" in reason(p2, RULES, 2, "guard", square("A1"))


@pytest.mark.parametrize(("seat", "where", "on_board"), [
    (1, (1, 1), True), (1, (8, 1), True), (1, (0, 1), False), (1, (9, 1), False), (1, (1, 0), False),
    (2, (1, 8), True), (2, (8, 8), True), (2, (1, 9), False), (2, (0, 8), False), (2, (9, 8), False),
])
def test_mc1_1_a_spawn_off_the_board_is_refused_as_such_on_every_edge(seat, where, on_board):
    """MC1.1/MC3.2: files 1..8 and ranks 1..8 are the board; one past any edge is "not a square of the board"
    (not merely not the back row)."""
    position = position_mod.Position((), (10, 10), active=seat)
    found = position_mod.spawn_reason(position, RULES, seat, "basic", where)
    assert (found is None) if on_board else ("is not a square of the board" in found)


def test_mc3_2_spawn_choices_are_every_legal_set():
    choices = position_mod.spawn_choices(position_mod.start_position(RULES), RULES)
    # nothing, 8 basics, 8 guards, 28 pairs of basics
    assert len(choices) == 1 + 8 + 8 + 28
    assert () in choices
    assert len(set(choices)) == len(choices)


def test_mc7_1_life_zero_loses_and_both_at_once_is_a_draw():
    assert position_mod.outcome((0, 3), 4, 1, RULES).winner == 2
    assert position_mod.outcome((5, -2), 4, 2, RULES).winner == 1
    both = position_mod.outcome((0, -1), 4, 1, RULES)
    assert both.draw
    assert position_mod.outcome((1, 1), 4, 1, RULES) is None


def test_mc7_2_round_limit_more_life_wins_equal_draws():
    limit = RULES.turns.round_limit
    assert position_mod.outcome((3, 2), limit, 1, RULES) is None     # player 2 still plays round 50
    assert position_mod.outcome((3, 2), limit, 2, RULES).winner == 1
    assert position_mod.outcome((2, 2), limit, 2, RULES).draw
    short = rules(turns__round_limit=3)
    assert position_mod.outcome((2, 4), 3, 2, short).winner == 2


def test_mc7_both_crossing_in_one_march_is_a_draw():
    start = position_mod.Position(tuple(pieces("P1 basic 1/1 A8, P2 basic 1/1 H1")), (1, 1))
    after, _ = position_mod.press_turn_button(start, RULES)
    assert after.life == (0, 0)
    assert position_mod.outcome(after.life, 1, 1, RULES).draw


def test_random_games_keep_invariants():
    """Over seeded random games, after every spawn and march: every creature is on the board (MC1.1/MC6.2), one
    to a square (MC1.2), with its type's power (MC4.1: power never changes) and a defense in 1..its type's
    defense that never rises (MC4.1: no healing; 0 or less is removed); life falls only by the march's
    crossings (MC2.2/MC6.3); spawns land on the active player's empty back row within the points (MC3.2);
    turns alternate and rounds count up (MC3.1)."""
    width, height = RULES.board.width, RULES.board.height
    games = 0
    for seed in range(4):
        rnd = random.Random(seed)
        pos = position_mod.start_position(RULES)
        next_id = 1
        defense_seen: dict[int, int] = {}
        for _ in range(200):
            choice = rnd.choice(position_mod.spawn_choices(pos, RULES))
            assert sum(RULES.units[kind].cost for kind, _ in choice) <= RULES.players.spawn_points
            for kind, sq in choice:
                assert position_mod.spawn_reason(pos, RULES, pos.active, kind, sq) is None
                assert sq[1] == position_mod.back_rank(pos.active, RULES) and pos.occupant(sq) is None
                pos = position_mod.spawned(pos, RULES, kind, sq, next_id)
                next_id += 1
            before = pos
            pos, result = position_mod.press_turn_button(pos, RULES)
            squares = [p.square for p in pos.pieces]
            assert len(squares) == len(set(squares))
            for piece in pos.pieces:
                kind = RULES.units[piece.kind]
                assert 1 <= piece.square[0] <= width and 1 <= piece.square[1] <= height
                assert piece.power == kind.power
                assert 1 <= piece.defense <= min(kind.defense, defense_seen.get(piece.id, kind.defense))
                defense_seen[piece.id] = piece.defense
            assert {p.id for p in pos.pieces} <= {p.id for p in before.pieces}   # the march never adds a creature
            assert pos.life == (before.life[0] - result.life_lost[1], before.life[1] - result.life_lost[2])
            assert pos.active == 3 - before.active
            assert pos.round == before.round + (1 if before.active == 2 else 0)
            if position_mod.outcome(pos.life, before.round, before.active, RULES):
                games += 1
                break
    assert games == 4   # every game ended by MC7 within 200 turns


def test_mc3_1_the_game_starts_in_round_1_with_player_1_to_play_and_nothing_spent():
    start = position_mod.start_position(RULES)
    assert (start.round, start.active, start.spent) == (1, 1, 0)
    assert start.life == (RULES.players.life, RULES.players.life) and start.pieces == ()
