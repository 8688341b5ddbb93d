"""Risky Space's own game screen, driven through its real input handlers: claim, place, reinforce, attack, dice."""

from __future__ import annotations

from pathlib import Path

import arcade

from game.maps import load_map
from game.setup import PlayerSpec, create_game
from game.ui.app import GameWindow
from tests.risky_space import module
from tests.ui.conftest import click, dispatch, frames, shot

R = module("rules")
ECS = module("ecs")
SCREEN = module("screen")
MAP = Path(__file__).resolve().parents[2] / "mods" / "risky-space" / "maps" / "lantern_lanes.tmj"


def state(view):
    return ECS.load_state(view.world)


def computer_moves(view, limit: int = 400) -> None:
    """Let the computer seat play until it is the human's (seat 1) tick again."""
    for _ in range(limit):
        if view.session.game.over or view.world.clock.seat == 1:
            return
        view.on_update(2.0)


def test_a_human_claims_places_reinforces_and_attacks_with_dice_shown(window: GameWindow) -> None:
    game = create_game(load_map(MAP), [PlayerSpec("You"), PlayerSpec("CPU", True, "normal")], 2,
                       ruleset="risky-space")
    window.start(game)
    view = window.current_view
    assert isinstance(view, SCREEN.RiskySpaceView)
    frames(window, 2)
    while state(view).phase == R.CLAIM:  # RS2.1 claims alternate
        free = next(t for t, o in enumerate(state(view).owners) if o is None)
        click(window, *view.centre(free))
        assert view.world.owner_of(free) == 1
        computer_moves(view)
    while state(view).phase == R.PLACE:  # RS2.2 three troops a round, one per click
        if view.world.clock.seat == 1:
            mine = state(view).owned(1)[0]
            before = state(view).troops[mine]
            for _ in range(3):
                click(window, *view.centre(mine))
            assert state(view).troops[mine] == before + 3
        computer_moves(view)
    computer_moves(view)
    assert state(view).phase == R.REINFORCE and view.world.clock.seat == 1
    s = state(view)
    source, target = max(((a, b) for a in s.owned(1) for b in s.neighbours[a] if s.owners[b] != 1),
                         key=lambda p: s.troops[p[0]] - s.troops[p[1]])
    while state(view).phase == R.REINFORCE:  # RS4: every troop onto the attack's source (or its cluster)
        click(window, *view.centre(source))
        if state(view).phase == R.REINFORCE and view.session.last_reason:
            bonus_cluster = next(c for c, n in state(view).bonus_left.items() if n)
            click(window, *view.centre(next(t for t in state(view).clusters[bonus_cluster]
                                             if state(view).owners[t] == 1)))
    troops_before = state(view).troops[target]
    click(window, *view.centre(source))
    assert view.selected == source
    click(window, *view.centre(target))  # RS5: attack with all but one, the first roll at once
    view.on_update(1 / 60)
    assert view.last_roll is not None and view.last_roll.target == target
    assert state(view).troops[target] < troops_before or state(view).troops[source] >= 1
    if state(view).battle is not None:
        dispatch(window, "on_key_press", arcade.key.S, 0)  # stop: the survivors go home
        assert state(view).battle is None
    frames(window, 50)  # the dice tumble, then settle with each pair's result
    shot(window, "boards_risky_space.png")
    dispatch(window, "on_key_press", arcade.key.E, 0)
    assert view.world.clock.seat == 2


def test_a_refusal_reads_without_its_rule_id(window: GameWindow) -> None:
    """RS2.1: claiming a claimed region is refused by the engine with its rule id ("(RS2.1)"); the screen
    shows the reason without it."""
    game = create_game(load_map(MAP), [PlayerSpec("You"), PlayerSpec("CPU", True, "normal")], 2,
                       ruleset="risky-space")
    window.start(game)
    view = window.current_view
    frames(window, 2)
    click(window, *view.centre(0))                                     # claimed (RS2.1)
    computer_moves(view)
    click(window, *view.centre(0))                                     # again: already claimed
    assert "already claimed" in view.message and "(RS" not in view.message


def test_rs2_2_each_placement_click_shows_at_once_and_a_refusal_does_not_stay(window: GameWindow) -> None:
    """RS2.2: the placement goes to the engine once all its troops are chosen; each click before shows on the map
    (the region's count and a +n mark) and in the panel, Backspace takes one back, and a refusal's message
    leaves with the next good click."""
    game = create_game(load_map(MAP), [PlayerSpec("You"), PlayerSpec("CPU", True, "normal")], 2,
                       ruleset="risky-space")
    window.start(game)
    view = window.current_view
    frames(window, 2)
    while state(view).phase == R.CLAIM:
        free = next(t for t, o in enumerate(state(view).owners) if o is None)
        click(window, *view.centre(free))
        computer_moves(view)
    assert state(view).phase == R.PLACE and view.world.clock.seat == 1
    mine = state(view).owned(1)[0]
    theirs = state(view).owned(2)[0]
    click(window, *view.centre(theirs))
    assert view.message == "place on your own regions"
    before = state(view).troops[mine]
    click(window, *view.centre(mine))
    assert view.message == ""                                        # the refusal went with the good click
    assert view.place_steps == {mine: 1} and state(view).troops[mine] == before  # chosen, not yet sent
    view.on_draw()
    assert str(before + 1) in drawn_texts(view) and "+1" in drawn_texts(view)  # shown on the map
    assert any(t.startswith("Placing 1 of 3 troops") for t in drawn_texts(view))
    dispatch(window, "on_key_press", arcade.key.BACKSPACE, 0)
    assert view.place_steps == {}
    for _ in range(state(view).rules.setup.placement_troops):
        click(window, *view.centre(mine))
    assert state(view).troops[mine] == before + state(view).rules.setup.placement_troops


def test_the_panel_counts_in_proper_plurals_and_wraps_long_messages(window: GameWindow) -> None:
    """'1 region, 1 troop' (never '1 regions'); a long refusal wraps inside the panel instead of running off it."""
    game = create_game(load_map(MAP), [PlayerSpec("You"), PlayerSpec("CPU", True, "normal")], 2,
                       ruleset="risky-space")
    window.start(game)
    view = window.current_view
    frames(window, 2)
    free = next(t for t, o in enumerate(state(view).owners) if o is None)
    click(window, *view.centre(free))
    view.message = "a long reason " * 8
    view.on_draw()
    assert "You: 1 region, 1 troop" in drawn_texts(view)
    assert not any("1 regions" in t or " 1 troops" in t for t in drawn_texts(view))
    panel = [label for label in view._texts.values() if label.x >= window.width - SCREEN.PANEL]
    assert any("a long reason" in label.text for label in panel)
    bad = [label.text for label in panel if label.x + label.content_width > window.width - 8]
    assert not bad


def drawn_texts(view) -> list[str]:
    """Every text the screen has laid out (its cache of labels, keyed by the text)."""
    return [key[0] for key in view._texts]


def test_rs8_1_the_computers_dice_show_before_the_map_takes_their_result(window: GameWindow) -> None:
    """RS8.1 on screen: while a computer's roll tumbles, the map still shows the defenders it had; the roll's
    losses go onto the map as it settles, and the map is the game's again once the last roll has shown."""
    game = create_game(load_map(MAP), [PlayerSpec("You"), PlayerSpec("CPU", True, "hard")], 2,
                       ruleset="risky-space")
    window.start(game)
    view = window.current_view
    frames(window, 2)
    checked = 0
    seen = None
    for _ in range(6000):
        if view.session.game.over or checked >= 3:
            break
        if view.world.clock.seat == 1 and view.frozen is None and not view.rolls:
            phase = state(view).phase
            if phase == R.CLAIM:
                click(window, *view.centre(next(t for t, o in enumerate(state(view).owners) if o is None)))
            elif phase == R.PLACE:
                for _ in range(state(view).rules.setup.placement_troops):
                    click(window, *view.centre(state(view).owned(1)[0]))
            elif phase == R.REINFORCE:
                s = state(view)
                cluster = next((c for c, n in s.bonus_left.items() if n), None)
                where = s.owned(1)[0] if s.general else next(t for t in s.clusters[cluster] if s.owners[t] == 1)
                click(window, *view.centre(where))
                assert "(RS" not in view.message                            # the engine's reason, without rule ids
            else:
                dispatch(window, "on_key_press", arcade.key.E, 0)
            continue
        view.on_update(1 / 30)
        roll = view.last_roll
        if roll is not None and roll is not seen and roll.seat == 2:
            seen = roll
            assert view.frozen is not None                              # the map is held for the dice
            assert view.frozen.troops[roll.target] == roll.target_left + roll.defender_losses
            view.on_update(SCREEN.DICE_SHOW)                             # settled: the losses are on the map
            assert view.frozen is None or view.frozen.troops[roll.target] == roll.target_left
            checked += 1
    assert checked >= 3, (state(view).phase, view.world.clock.seat, state(view).round, view.session.last_reason)
    for _ in range(200):
        if view.frozen is None:
            break
        view.on_update(0.5)
    assert view.frozen is None and not view.rolls
    rolled = [line for line in view.log if " against " in line and "attacker −" in line]
    assert len(rolled) >= 3                                              # each roll stays in the panel's log
    for i, line in enumerate(view.log):                                  # a conquest right after its last roll
        if " takes " in line:
            assert i > 0 and " against " in view.log[i - 1], view.log[max(0, i - 2):i + 1]
