"""The client's `rendering` system closes every stage of the game's flow once a window shows the game."""

from __future__ import annotations

import esper

from components.armies import Army
from components.commands import EndTurn
from game.ui.session import Session
from systems import events as ev
from tests.builders import spawn_army, tiny_game


def test_a_window_adds_rendering_last_in_every_stage_and_reads_each_stages_events():
    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    other = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    session = Session(game, {}, threaded=False)
    for stage in game.schedule.stages:
        assert game.schedule.order(stage)[-1] == "rendering"
    assert game.schedule.order("main") == ["combat", "victory", "rendering"]
    assert "rendering" not in other.schedule.order("main")  # only the game in the window
    Session(game, {}, threaded=False)  # a second window on the same game replaces, never doubles
    assert game.schedule.order("main").count("rendering") == 1
    session = Session(game, {}, threaded=False)
    session.submit(EndTurn())
    assert 2 in session.income and 2 in session.upkeep_paid  # seat 2's resource and upkeep stages, rendered


def test_the_animation_queue_is_fed_by_the_rendering_system_each_event_once(window) -> None:  # noqa: ANN001
    """Issue 9 item 2: stage events reach the animator from the `rendering` system as the stages run; what
    followed a submit's last stage (the move, the attack) comes after it. Through the real handlers: a move,
    a battle and an end turn (with its automatic stages and the computer's turn) hand the animator exactly
    the events the engine accepted, in order, each once."""
    from tests.ui.conftest import click, dispatch, frames
    from tests.ui.test_client_orders import at, screen_of, start

    view = start(window)
    session = view.session
    game = session.game
    accepted: list = []
    taken: list = []
    from_rest: list = []
    observe, take, rest = session.chronicle.observe, session.take_events, session.rendering.rest
    session.chronicle.observe = lambda g, events: (accepted.extend(events), observe(g, events))[1]
    session.take_events = lambda: (lambda out: (taken.extend(out), out)[1])(take())
    session.rendering.rest = lambda events: (lambda out: (from_rest.extend(out), out)[1])(rest(events))
    mover = spawn_army(game, 1, at(view, 2, 5), ["soldier"])
    spawn_army(game, 1, at(view, 3, 3), ["soldier", "soldier", "soldier"])
    spawn_army(game, 2, at(view, 4, 3), ["soldier"])
    view._sync()
    click(window, *screen_of(view, at(view, 2, 5)))  # a move
    click(window, *screen_of(view, at(view, 4, 5)))
    frames(window, 60)
    game.world.activate()
    assert esper.component_for_entity(mover, Army).territory == at(view, 4, 5)
    click(window, *screen_of(view, at(view, 3, 3)))  # a battle: arm, then attack
    dispatch(window, "on_mouse_motion", *screen_of(view, at(view, 4, 3)), 0, 0)
    click(window, *screen_of(view, at(view, 4, 3)))
    click(window, *screen_of(view, at(view, 4, 3)))
    frames(window, 60)
    moves_and_battle = len(accepted)
    view.warn_unmoved = False  # the end-turn warning about armies that could still move
    view.end_turn()  # seat 2's resource and upkeep stages, its computer turn, then back to seat 1
    for _ in range(20):
        frames(window, 30)
        session.wait()
    frames(window, 60)
    assert moves_and_battle > 0 and len(accepted) > moves_and_battle
    assert any(isinstance(e, ev.ResourcesProduced) for e in accepted[moves_and_battle:])
    assert [id(e) for e in taken] == [id(e) for e in accepted]  # the same beats, in order, none lost
    assert len({id(e) for e in taken}) == len(taken)  # none twice
    rendered = {id(e) for e in taken} - {id(e) for e in from_rest}
    staged = [e for e in accepted if id(e) in rendered]
    assert any(isinstance(e, ev.ResourcesProduced) for e in staged)  # fed by the rendering system
    assert not any(isinstance(e, ev.ResourcesProduced) for e in from_rest)
