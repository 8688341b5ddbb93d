"""Computer players: they act only through `submit`, with legal commands, and play to win."""

from __future__ import annotations

import pytest

from components.commands import ChooseBase, EndTurn
from game.ai import DIFFICULTIES, make_controller, run_computer_turn
from game.ai.base import TurnLog
from game.engine import Game, Rejected
from game.legal import main_stage_commands as legal_commands
from game.mapgen import generate_map
from game.simulate import new_computer_game, play_game, resolve_map
from game.snapshot import state_hash
from systems import queries as q
from tests.builders import base_rules

SMALL = generate_map(16, 16, players=(2, 4), seed=5, name="AI 16x16")


def test_make_controller_knows_the_difficulties():
    for kind in DIFFICULTIES:
        assert make_controller(kind).name == kind
    with pytest.raises(ValueError):
        make_controller("godlike")


@pytest.mark.parametrize("kind", ["normal", "hard", "random"])
def test_a_computer_changes_the_game_only_through_submit(kind, monkeypatch):
    """Between two submits nothing changes: the controller reads, never writes (the rng included)."""
    game = new_computer_game(base_rules(), SMALL, [kind, "normal"], 4)
    last: dict[str, object] = {}
    original = Game.submit

    def watched(self, command):
        if last:
            assert state_hash(self.world) == last["hash"], f"state changed before {command}"
        result = original(self, command)
        last["hash"] = state_hash(self.world)
        return result

    monkeypatch.setattr(Game, "submit", watched)
    for _ in range(2 + 2 * 12):
        if game.over:
            break
        run_computer_turn(game)


def test_computer_commands_are_never_rejected(monkeypatch):
    rejected = []
    original = TurnLog.submit

    def counting(self, command):
        result = original(self, command)
        if isinstance(result, Rejected):
            rejected.append((command, result.reason))
        return result

    monkeypatch.setattr(TurnLog, "submit", counting)
    play_game(base_rules(), SMALL, ["normal", "hard"], 1, 60)
    play_game(base_rules(), SMALL, ["hard", "normal", "hard", "normal"], 2, 30)
    assert rejected == []


def test_run_computer_turn_chooses_bases_then_plays_whole_turns():
    game = new_computer_game(base_rules(), SMALL, ["normal", "hard"], 3)
    first = run_computer_turn(game)
    assert len(first) == 1 and game.world.clock.seat == 2
    assert isinstance(game.history[0][2], ChooseBase)
    run_computer_turn(game)
    assert game.world.clock.round == 1 and game.world.clock.seat == 1
    results = run_computer_turn(game)
    assert results and all(r.ok for r in results)
    assert isinstance(game.history[-1][2], EndTurn)
    assert game.world.clock.seat == 2


def test_a_computer_turn_leaves_nothing_for_the_garbage_collector():
    """A turn's parts hold the turn; the turn lets them go when it ends, so its view (fields, threats) and its
    log are freed by reference counting: none of it waits in a cycle for the collector's rare full pass, which
    in a long watched game held dozens of turns' worth (several MB) at a time."""
    import gc

    from game.ai.turn import Turn
    from game.ai.view import View

    game = new_computer_game(base_rules(), SMALL, ["normal", "hard"], 3)
    for _ in range(6):  # the bases, then two rounds
        run_computer_turn(game)
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a pass finds unreachable stays in gc.garbage to be looked at
    try:
        for _ in range(4):
            run_computer_turn(game)
        gc.collect()
        left = {type(o).__name__ for o in gc.garbage if isinstance(o, (Turn, View, TurnLog))}
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left == set()


def test_bases_are_chosen_in_the_start_zone_on_land():
    for kind in DIFFICULTIES:
        game = new_computer_game(base_rules(), SMALL, [kind, kind], 7)
        run_computer_turn(game)
        run_computer_turn(game)
        for seat in game.world.seats:
            base = q.home_base(game.world, seat)
            assert base in game.world.start_zones[seat]
            assert game.world.rules.is_land(game.world.terrain[base])


def test_the_same_seed_plays_the_same_game():
    one, r1 = play_game(base_rules(), SMALL, ["hard", "normal"], 11, 40)
    two, r2 = play_game(base_rules(), SMALL, ["hard", "normal"], 11, 40)
    assert one.history == two.history and r1.winner == r2.winner


def test_normal_beats_random():
    twin = resolve_map("twin_valleys")
    wins = 0
    for seed in (1, 2):
        kinds = ["normal", "random"] if seed % 2 else ["random", "normal"]
        game, result = play_game(base_rules(), twin, kinds, seed, 150)
        wins += result.winner_kind == "normal"
    assert wins == 2


def test_computer_games_end_with_a_winner():
    _, result = play_game(base_rules(), resolve_map("twin_valleys"), ["normal", "hard"], 3, 150)
    assert result.winner is not None


def test_the_random_player_only_offers_legal_commands():
    game = new_computer_game(base_rules(), SMALL, ["random", "random"], 2)
    run_computer_turn(game)
    run_computer_turn(game)
    for _ in range(6):
        for command in legal_commands(game):
            assert game.check(command) is None
        run_computer_turn(game)


def test_a_computer_plays_with_mods():
    rules = pytest.importorskip("game.content").load_ruleset(["cavalry"])
    game, result = play_game(rules, SMALL, ["normal", "hard"], 2, 25)
    assert result.rounds >= 1


def test_distance_fields_match_a_plain_heap_dijkstra_on_random_boards():
    """The bucketed search the computer players use gives exactly the distances a heap Dijkstra gives (costs of
    0, blocked territories and large route penalties included), so speeding it up never changes play."""
    import heapq
    import random

    from game.ai.view import INF, _reverse_dijkstra
    from systems.board import GridBoard, HexBoard

    def plain(board, cost, target):
        dist = [INF] * board.size
        dist[target] = 0
        heap = [(0, target)]
        while heap:
            d, here = heapq.heappop(heap)
            if d > dist[here] or cost[here] >= INF:
                continue
            for there in board.neighbours(here):
                if d + cost[here] < dist[there] and cost[there] < INF:
                    dist[there] = d + cost[here]
                    heapq.heappush(heap, (dist[there], there))
        return dist

    rng = random.Random(7)
    for _ in range(120):
        width, height = rng.randint(1, 24), rng.randint(1, 24)
        board = GridBoard(width, height) if rng.random() < 0.5 else HexBoard(width, height, "y", "odd")
        cost = [rng.choice([0, 1, 1, 2, 3, 15, INF]) for _ in range(board.size)]
        target = rng.randrange(board.size)
        assert _reverse_dijkstra(board, cost, target, board.size) == plain(board, cost, target)


def test_fields_read_in_any_order_give_the_full_search_values():
    """A `Field` settles only as far as it is read; whatever order territories are read in, each value is the
    full reverse Dijkstra's (costs of 0, blocked territories and large penalties included)."""
    import random

    from game.ai.view import Field, _reverse_dijkstra
    from systems.board import GridBoard, HexBoard

    rng = random.Random(11)
    for _ in range(80):
        width, height = rng.randint(1, 20), rng.randint(1, 20)
        board = GridBoard(width, height) if rng.random() < 0.5 else HexBoard(width, height, "y", "odd")
        cost = [rng.choice([0, 1, 1, 2, 3, 15, 1 << 30]) for _ in range(board.size)]
        target = rng.randrange(board.size)
        full = _reverse_dijkstra(board, cost, target, board.size)
        lazy = Field(board, cost, target)
        order = list(range(board.size))
        rng.shuffle(order)
        assert [lazy[t] for t in order] == [full[t] for t in order]


def test_bounded_search_settles_in_the_order_of_a_heap_search():
    """The bucketed bounded search gives the same tree as a heap of (distance, territory): the same costs, the
    same previous steps and the same order of first finds (a far claim walks that tree back and scans it in
    order, so any difference would change play)."""
    import heapq
    import random
    from types import SimpleNamespace

    from game.ai.view import INF, bounded_search
    from systems.board import GridBoard, HexBoard

    def plain(board, cost, start, budget):
        best = {start: (0, -1)}
        heap = [(0, start)]
        while heap:
            d, here = heapq.heappop(heap)
            if d > best[here][0]:
                continue
            for there in board.neighbours(here):
                nd = d + cost[there]
                if nd <= budget and (there not in best or nd < best[there][0]):
                    best[there] = (nd, here)
                    heapq.heappush(heap, (nd, there))
        return best

    rng = random.Random(5)
    for _ in range(150):
        width, height = rng.randint(1, 20), rng.randint(1, 20)
        board = GridBoard(width, height) if rng.random() < 0.5 else HexBoard(width, height, "y", "odd")
        cost = [rng.choice([0, 1, 1, 2, 3, 15, INF]) for _ in range(board.size)]
        start, budget = rng.randrange(board.size), rng.randint(0, 40)
        got = bounded_search(SimpleNamespace(board=board), cost, start, budget)  # type: ignore[arg-type]
        want = plain(board, cost, start, budget)
        assert list(got.items()) == list(want.items())
