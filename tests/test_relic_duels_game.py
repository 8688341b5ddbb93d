"""Relic Duels on the engine (shared/rulesets/relic-duels.md): setup (DU1), moves and the Relic (DU2), spotting
(DU4), duel rounds asked to both seats at once with sealed answers (DU5), wounds and fates (DU6, DU7), the chain
of bearers (DU8), the variants (DU9), victory (DU3), same seed same game (DU10), saves, replays and the CLI."""

from __future__ import annotations

import pytest

from components.seats import Answer
from game.engine import Rejected
from game.snapshot import state_hash
from game.views import events_for, view_for
from tests.relic_support import (
    Dice,
    answer,
    chars,
    end_moves,
    hex_at,
    new,
    place,
    prompt,
    quest,
    remove,
    rules,
    sub,
)

P = sub("play")
Step = sub("commands").Step


def names(result) -> list[str]:
    return [type(e).__name__ for e in result.events]


def test_du1_setup_every_character_on_its_start_hex():
    game = new()
    land = sub("land").land_of(rules())
    found = chars(game)
    assert all(c.hex == land.start for c in found.values() if c.side == "company")
    assert all(c.hex == land.muster for c in found.values() if c.side == "dominion")
    assert found["lurker"].hex == land.lair and "deep_horror" not in found     # guardians only with DU9.2
    assert quest(game).bearer == "pell"
    assert game.world.clock.stage == "move" and game.world.clock.seat == 1


def test_du2_2_steps_cost_move_points_and_bad_steps_are_refused():
    game = new()
    # (1,0) is plain (1 MP), then (2,0) forest (2 MP): 3 MP spent
    assert game.submit(Step("hobb", hex_at(1, 0))).ok
    assert game.submit(Step("hobb", hex_at(2, 0))).ok
    refused = game.submit(Step("hobb", hex_at(3, 0)))
    assert isinstance(refused, Rejected) and "0 move points left" in refused.reason
    assert "not of the Company" in game.submit(Step("grisk", hex_at(10, 0))).reason
    assert "next to" in game.submit(Step("pell", hex_at(5, 5))).reason
    assert chars(game)["hobb"].hex == hex_at(2, 0) and chars(game)["hobb"].mp == 0


def test_du2_3_each_lurker_step_reports_the_steps_it_has_left():
    """DU2.3: the Lurker takes up to its move in steps; each CharacterMoved says how many are left (the last one 0
    when it used them all)."""
    game = new()
    steps = rules().units["lurker"].move
    End = sub("commands").EndMoves
    assert game.submit(End()).ok
    result = game.submit(End())
    moved = [e for e in result.events if type(e).__name__ == "CharacterMoved" and e.character == "lurker"]
    assert 1 <= len(moved) <= steps
    assert [e.mp for e in moved] == list(range(steps - 1, steps - 1 - len(moved), -1))
    assert all(a.destination == b.origin for a, b in zip(moved, moved[1:], strict=False))


def test_du4_1_spotting_rolls_are_events_with_the_wraith_bonus():
    game = new()
    place(game, hex_at(0, 3), "pell", "hobb")
    place(game, hex_at(0, 3), "ash_rider")
    game.world.rng = Dice(2, 1)                                   # plain: target 3; +1 for the Wraith
    game.submit(sub("commands").EndMoves())
    result = game.submit(sub("commands").EndMoves())
    spots = [e for e in result.events if type(e).__name__ == "SpotRolled"]
    assert [(e.character, e.die, e.bonus, e.target, e.spotted) for e in spots] == [
        ("pell", 2, 1, 3, True), ("hobb", 1, 1, 3, False)]


def loaded_example_4(seed: int = 1):
    """DU12.4: spotted Pell (bearer, wounds 2) and unspotted Hobb with Grisk on (0,3); everyone else far away."""
    game = new(seed)
    remove(game, "lurker")
    place(game, hex_at(0, 3), "pell", wounds=2)
    place(game, hex_at(0, 3), "hobb", "grisk")
    game.world.rng = Dice(6, 1, 1, 6)                           # spotting Pell 6, Hobb 1; keys 1, 6
    end_moves(game)
    return game


def test_du12_4_the_bearer_dies_and_the_unspotted_hobb_takes_up_the_relic():
    game = loaded_example_4()
    _, asked = prompt(game)
    assert asked.kind == "relic_declare" and asked.seats == [1]   # DU4.2: Hobb is unspotted: declare?
    assert answer(game, 1, "hold").ok
    _, asked = prompt(game)
    assert asked.kind == "relic_round" and asked.seats == [1, 2]  # DU5.1: both at once
    duel = P.running(game.world)[1]
    assert duel.company == ["pell"] and duel.dominion == ["grisk"]  # DU4.3: Hobb is a bystander
    assert answer(game, 1, "continue:pell").ok
    result = answer(game, 2, "continue:grisk")
    fought = next(e for e in result.events if type(e).__name__ == "RoundFought")
    assert fought.values == (4, 6) and fought.keys == (1, 6) and fought.entries == ((2, 0), (0, 2))
    assert fought.taken == (4, 0) and fought.fates == ("killed", "alive")
    assert "pell" not in chars(game) and quest(game).bearer == "hobb"   # DU8.2 a)
    assert [e.why for e in result.events if type(e).__name__ == "CombatEnded"] == ["company gone"]   # DU4.4
    assert not game.over


def test_du8_1_a_dead_bearers_relic_lies_out_of_reach_until_the_combat_ends():
    """DU8.1: Pell (the bearer) dies in round 1 while spotted Hobb fights on: the Relic lies in the hex, and
    'relic:hobb' is refused for the rest of this combat."""
    game = new(1)
    remove(game, "lurker")
    place(game, hex_at(0, 3), "pell", wounds=2)
    place(game, hex_at(0, 3), "hobb", "grisk")
    game.world.rng = Dice(6, 6, 1, 6, then_random=True)            # both spotted; keys 1, 6
    end_moves(game)
    assert P.running(game.world)[1].company == ["pell", "hobb"]
    answer(game, 1, "continue:pell")
    answer(game, 2, "continue:grisk")
    assert "pell" not in chars(game) and quest(game).bearer == "" and quest(game).lying == hex_at(0, 3)
    entity, _ = prompt(game)
    refused = game.submit(Answer(entity, "relic:hobb"), seat=1)
    assert refused.reason == "the Relic lies on the field until this combat ends (DU8.1)"


def test_du5_1_choices_are_sealed_until_both_are_in_and_illegal_ones_refused():
    game = loaded_example_4()
    answer(game, 1, "hold")
    entity, _ = prompt(game)
    assert "not fighting for the Company" in game.submit(Answer(entity, "continue:grisk"), seat=1).reason
    assert "not fighting for the Dominion" in game.submit(Answer(entity, "relic:pell"), seat=2).reason
    assert "only the Company may use the Relic" in game.submit(Answer(entity, "relic:grisk"), seat=2).reason
    assert "has no sorcery" in game.submit(Answer(entity, "sorcery:pell"), seat=1).reason
    assert "is not a choice" in game.submit(Answer(entity, "parley:pell"), seat=1).reason
    result = game.submit(Answer(entity, "retreat:pell"), seat=1)
    assert result.ok
    assert not events_for(game, 2, result.events)                # the Dominion sees nothing of it
    seen = next(c for c in view_for(game, 2)["entities"].values() if "Prompt" in c)["Prompt"]
    assert seen["given"] == ["answered", ""]
    assert "already answered" in game.submit(Answer(entity, "continue:pell"), seat=1).reason


def test_du5_2_the_relic_ends_a_combat_without_wraiths_and_costs_morale():
    game = loaded_example_4()
    answer(game, 1, "hold")
    answer(game, 1, "relic:pell")
    result = answer(game, 2, "continue:grisk")
    assert [e for e in result.events if type(e).__name__ == "RelicUsed"][0].morale == rules().units["pell"].morale - 1
    assert "RoundFought" not in names(result) and "CombatEnded" in names(result)
    assert chars(game)["pell"].wounds == 2


def test_du5_2_using_the_relic_never_takes_the_bearers_morale_below_0():
    game = loaded_example_4()
    answer(game, 1, "hold")
    chars(game)["pell"].morale = 0
    answer(game, 1, "relic:pell")
    result = answer(game, 2, "continue:grisk")
    assert [e.morale for e in result.events if type(e).__name__ == "RelicUsed"] == [0]
    assert chars(game)["pell"].morale == 0


def test_du3_the_dominion_wins_once_no_company_character_is_left():
    game = new()
    company = [k for k, c in chars(game).items() if c.side == "company"]
    remove(game, *company[1:])
    assert P.outcome(game.world) is None                               # one is left: the quest goes on
    remove(game, company[0])
    assert P.outcome(game.world) == {1: P.LOST, 2: P.WON}


def test_du8_2_b_with_no_heir_the_lurker_in_the_hex_seizes_the_relic_before_anyone_else():
    """DU8.2: a) the Company's pick, b) the Lurker, c) a Dominion character seizes it, d) it lies."""
    game = new()
    here = hex_at(4, 4)
    place(game, here, "lurker", "hobb", "grisk")
    game.world.activate()
    P._pass_relic(game.world, here, "")
    assert quest(game).seized_by == "lurker"


def test_du5_2_a_wraith_flees_only_before_the_first_round():
    game = new()
    remove(game, "lurker")
    place(game, hex_at(0, 3), "corran")
    place(game, hex_at(0, 3), "ash_rider")
    game.world.rng = Dice(6, 1, 1)                                 # spotted; keys 1, 1
    end_moves(game)
    answer(game, 1, "continue:corran")
    result = answer(game, 2, "retreat:ash_rider")
    assert "RoundFought" not in names(result) and "CombatEnded" in names(result)


def test_du4_2_a_declared_attack_brings_every_company_character_in():
    game = new()
    remove(game, "lurker")
    place(game, hex_at(0, 3), "corran", "dairen")
    place(game, hex_at(0, 3), "grisk")
    game.world.rng = Dice(1, 1, 1, 1)                              # neither spotted; one round's keys
    end_moves(game)
    answer(game, 1, "attack")
    duel = P.running(game.world)[1]
    assert duel.company == ["corran", "dairen"]
    assert "Corran Wayfarer fights on" not in str(answer(game, 1, "continue:dairen"))
    answer(game, 2, "continue:grisk")
    entity, _ = prompt(game)                                        # DU5.1: Dairen is kept while it fights
    assert "fights on while it lives" in game.submit(Answer(entity, "continue:corran"), seat=1).reason


def test_du7_3_a_dispersed_wraith_returns_to_the_muster_hex_at_the_end_of_the_turn():
    game = new()
    remove(game, "lurker")
    place(game, hex_at(0, 3), "dairen")
    place(game, hex_at(0, 3), "ash_rider", wounds=4)
    game.world.rng = Dice(6, 6, 1)                                  # spotted; Dairen +2 → 0/2 ... the Rider takes 2
    end_moves(game)
    answer(game, 1, "continue:dairen")
    result = answer(game, 2, "continue:ash_rider")
    fought = next(e for e in result.events if type(e).__name__ == "RoundFought")
    assert fought.fates[1] == "dispersed" and fought.real == (False, False)
    rider = chars(game)["ash_rider"]
    assert rider.hex == rules().units and False or rider.hex == P.land(game.world).muster
    assert rider.wounds == rider.real == 0                          # its wounds became its real wounds
    assert "WraithsReturned" in names(result)


def test_du9_1_the_lurker_seizes_the_relic_in_a_seize_combat():
    game = new(seize_relic=True)
    place(game, hex_at(0, 3), "pell", wounds=1)
    place(game, hex_at(0, 3), "lurker")
    game.world.rng = Dice(1, 6)                                     # V 5 vs 5: keys 1, 6 → 1/0, 0/2: Pell takes 3
    end_moves(game)
    duel = P.running(game.world)[1]
    assert duel.kind == "seize" and duel.dominion == ["lurker"]
    _, asked = prompt(game)
    assert asked.seats == [1]                                       # the Lurker always continues
    entity, _ = prompt(game)
    assert "may not retreat" in game.submit(Answer(entity, "retreat:pell"), seat=1).reason
    result = answer(game, 1, "continue:pell")
    assert game.over and game.world.clock.winner == 2 and quest(game).seized_by == "lurker"
    assert "GameWon" in names(result)


def test_du9_2_a_guardian_fights_every_company_character_in_its_hex():
    game = new(guardians=True)
    horror = chars(game)["deep_horror"]
    assert horror.hex == hex_at(6, 5)
    place(game, hex_at(6, 5), "corran", "dairen")
    end_moves(game)
    duel = P.running(game.world)[1]
    assert duel.kind == "guardian" and duel.company == ["corran", "dairen"] and duel.dominion == ["deep_horror"]
    assert prompt(game)[1].seats == [1]
    assert chars(game)["deep_horror"].hex == hex_at(6, 5)          # it never moves


def test_du3_1_the_bearer_on_the_goal_wins_at_once():
    game = new()
    land = P.land(game.world)
    place(game, land.board.neighbours(land.goal)[0], "pell", mp=5)
    chars(game)["pell"].mp = 5
    result = game.submit(Step("pell", land.goal))
    assert result.ok and game.over and game.world.clock.winner == 1


def test_du3_2_the_dominion_wins_at_the_end_of_the_last_turn():
    game = new()
    end = sub("commands").EndMoves
    for _ in range(rules().turns.limit):
        assert not game.over
        game.submit(end())
        game.submit(end())
    assert game.over and game.world.clock.winner == 2


def test_du2_4_a_dominion_character_on_the_lying_relic_seizes_it():
    game = new()
    q = quest(game)
    q.bearer, q.lying = "", hex_at(3, 3)
    game.submit(sub("commands").EndMoves())
    place(game, hex_at(2, 3), "grisk")
    chars(game)["grisk"].mp = 3
    result = game.submit(Step("grisk", hex_at(3, 3)))
    assert game.over and game.world.clock.winner == 2 and "RelicPassed" in names(result)


def play(game, limit: int = 40):
    from game.ai import make_controller
    from game.simulate import play_game

    kinds = [p.difficulty for p in (chars_players(game))]
    return play_game(game.world.rules, None, kinds, game.world.seed, max_rounds=limit, game=game,
                     controllers=[make_controller(k, game.app) for k in kinds])[0]


def chars_players(game):
    from systems import queries

    return [queries.player(game.world, s) for s in game.world.seats]


@pytest.mark.parametrize(("seed", "kinds"), [(1, ("normal", "random")), (2, ("random", "normal")),
                                             (3, ("normal", "normal")), (4, ("normal", "normal"))])
def test_computer_games_play_to_a_victory(seed, kinds):
    game = play(new(seed, (True, True), kinds))
    assert game.over and game.world.clock.winner in (1, 2)


def test_both_sides_win_some_computer_games():
    winners = {play(new(seed, (True, True))).world.clock.winner for seed in range(1, 9)}
    assert winners == {1, 2}


def test_du10_same_seed_same_game():
    a = play(new(5, (True, True)))
    b = play(new(5, (True, True)))
    assert state_hash(a.world) == state_hash(b.world) and len(a.history) == len(b.history)


def test_saves_and_replays_round_trip(tmp_path):
    from game.replay import load_replay, save_replay, verify
    from game.saves import load_game, save_game

    game = new(6, (True, True))
    play(game, 3)
    before = state_hash(game.world)
    loaded = load_game(save_game(game, tmp_path / "relic.foc"))
    assert state_hash(loaded.world) == before
    play(game)
    play(loaded)
    assert state_hash(loaded.world) == state_hash(game.world) and loaded.over
    verdict = verify(load_replay(save_replay(game, tmp_path / "relic.replay")))
    assert verdict.ok, verdict.message


def test_foc_simulate_plays_relic_duels(capsys):
    from game.cli import main

    assert main(["simulate", "--ruleset", "relic-duels", "--players", "normal,random", "--seed", "2",
                 "--games", "2"]) == 0
    assert "relic-duels" in capsys.readouterr().out


def test_computer_players_read_only_their_view():
    import inspect

    source = inspect.getsource(sub("computer"))
    assert "view_for" in source and "esper" not in source and "world.entities" not in source


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_du9_computer_games_with_both_variants_end(seed):
    game = play(new(seed, (True, True), seize_relic=True, guardians=True))
    assert game.over and game.world.clock.winner in (1, 2)
    assert "deep_horror" in chars(game) or any(
        type(cmd).__name__ == "Answer" for _, _, cmd in game.history)            # it stood, or was fought


def test_foc_validate_checks_relic_duels(capsys):
    from game.cli import main

    assert main(["validate", "mods/relic-duels"]) == 0
    assert "0 error(s)" in capsys.readouterr().out


def character_mod(folder, side: str):
    """A data mod that adds one character to the Dominion's roster (DU1.3: a new character is a TOML entry)."""
    folder.mkdir()
    (folder / "mod.toml").write_text('id = "more_foes"\nname = "More foes"\nversion = "1.0.0"\n'
                                     'extends = { relic-duels = ">=0.1" }\nfiles = ["characters.toml"]\n')
    (folder / "characters.toml").write_text(f'[units.gloam]\nname = "Gloam the Stalker"\nside = "{side}"\n'
                                            'morale = 4\ncombat = 3\nendurance = 5\nmove = 4\n'
                                            'abilities = [{ kind = "wraith" }]\n')
    return folder


def test_du1_3_a_new_character_is_a_toml_entry(tmp_path):
    from game.content import load_app

    app = load_app("relic-duels", [character_mod(tmp_path / "more_foes", "dominion")])
    game = new_game_with(app)
    gloam = chars(game)["gloam"]
    assert gloam.side == "dominion" and gloam.hex == P.land(game.world).muster
    assert app.rules.units["gloam"].has("wraith")


def new_game_with(app):
    from game.setup import PlayerSpec, new_game

    return new_game(app.rules, None, [PlayerSpec("C"), PlayerSpec("D")], 1, app=app)


def test_a_broken_character_is_a_clear_load_error(tmp_path):
    """A roster typo names the file and the field (no traceback, nothing half-loaded)."""
    from game.content import load_app
    from game.errors import DataError

    with pytest.raises(DataError) as caught:
        load_app("relic-duels", [character_mod(tmp_path / "more_foes", "dominon")])
    assert "characters.toml" in str(caught.value) and "units.gloam.side" in str(caught.value)


def test_du11_computers_are_deterministic_across_processes():
    """Their private generators are seeded by strings, not hash(): another process (another PYTHONHASHSEED)
    plays the same game."""
    import os
    import subprocess
    import sys

    script = ("from tests.relic_support import new\nfrom tests.test_relic_duels_game import play\n"
              "from game.snapshot import state_hash\n"
              "print(state_hash(play(new(3, (True, True), ('random', 'normal'))).world))")
    hashes = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in (1, 2)}
    assert len(hashes) == 1


def test_foc_simulate_without_players_seats_two_and_a_wrong_count_is_a_clear_error(capsys):
    """The default --players (four computers) seats as many as a two-player ruleset takes; an explicit wrong
    count is refused with a message, not a traceback."""
    from game.cli import main

    assert main(["simulate", "--ruleset", "relic-duels", "--seed", "4"]) == 0
    assert "players normal, normal" in capsys.readouterr().out
    assert main(["simulate", "--ruleset", "relic-duels", "--players", "ai,ai,ai"]) == 2
    assert "needs 2-2" in capsys.readouterr().err


def test_a_save_in_the_middle_of_a_duel_round_keeps_the_sealed_answer(tmp_path):
    """Saved while the Dominion still chooses (the Company's answer sealed): the loaded game resolves the round
    exactly as the original (the duel, the prompt and the generator are in the save, DU10.1)."""
    import random

    from game.saves import load_game, save_game

    game = loaded_example_4()
    answer(game, 1, "hold")
    answer(game, 1, "continue:pell")
    state = random.Random(7).getstate()
    game.world.rng = random.Random()
    game.world.rng.setstate(state)                                  # a real generator, so the save can hold it
    loaded = load_game(save_game(game, tmp_path / "duel.foc"))
    assert state_hash(loaded.world) == state_hash(game.world)
    entity, asked = prompt(loaded)
    assert asked.kind == "relic_round" and asked.given == ["continue:pell", ""]
    for g in (game, loaded):
        assert g.submit(Answer(entity, "continue:grisk"), seat=2).ok
    assert state_hash(loaded.world) == state_hash(game.world)


def test_du1_2_a_hex_is_named_in_words_never_by_raw_coordinates():
    """DU1.2's places by name ('the goal'), any other hex by its ground and the nearest place."""
    import re

    from tests.relic_support import new, sub

    game = new()
    land = sub("play").land(game.world)
    assert land.name(land.goal) == "the goal" and land.name(land.start) == "the start"
    beside = land.neighbours(land.start)[0]
    assert land.name(beside) == f"the {land.terrain[beside]} 1 hex from the start"
    for h in range(land.board.size):
        assert not re.search(r"\(\d+, ?\d+\)", land.name(h))
