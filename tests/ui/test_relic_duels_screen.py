"""Relic Duels' screen through the real input handlers: moves by clicks (DU2.2), the spotting rolls on the map
(DU4.1), the combat dialog (DU5-DU7: fighters, differential, dice, rows, wounds) answered by buttons against the
computer, and hot-seat where a hand-over hides each side's sealed choice; games played to a victory of each side."""

from __future__ import annotations

import arcade
import pytest

from game.setup import PlayerSpec, new_game
from game.ui.app import GameWindow
from game.ui.views.handover import HandoverView
from tests.relic_support import Dice, chars, place, quest, rules, sub
from tests.ui.conftest import click, dispatch, frames, shot

P = sub("play")


def start(window: GameWindow, players: list[PlayerSpec], seed: int = 3, setup=None):
    from game.content import load_app

    app = load_app("relic-duels")
    game = new_game(app.rules, None, players, seed, app=app)
    if setup is not None:
        setup(game)
    window.start(game)
    screen = window.current_view
    frames(window, 1)
    return screen


def through_handover(window: GameWindow, screen) -> bool:
    current = window.current_view
    if isinstance(current, HandoverView):
        current.on_update(1.0)
        click(window, window.width / 2, window.height / 2)
        assert window.current_view is screen
        return True
    return False


def press(window: GameWindow, screen, label: str) -> None:
    """Click the button drawn with this label in the last frame."""
    frames(window, 1)
    box = next(b for b, text, _ in screen.buttons if text == label)
    click(window, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def labels(screen) -> list[str]:
    return [text for _, text, _ in screen.buttons]


def key(window: GameWindow, symbol: int) -> None:
    dispatch(window, "on_key_press", symbol, 0)
    dispatch(window, "on_key_release", symbol, 0)


def ambush(game) -> None:
    """Pell and Corran on the muster hex with the whole Dominion: both spotted (DU4.1), a combat follows."""
    land = P.land(game.world)
    place(game, land.muster, "pell", "corran")
    game.world.rng = Dice(6, 6, then_random=True)


def test_a_duel_against_the_computer_through_the_dialog(window: GameWindow):
    screen = start(window, [PlayerSpec("Ann"), PlayerSpec("Dom", computer=True)], setup=ambush)
    assert type(screen).__name__ == "RelicDuelsView" and screen.viewer == 1
    land = screen.land
    # DU2.2: Hobb is selected by a click on the start hex (Pell and Corran are away), then steps east
    click(window, *screen.centre(land.start))
    assert screen.selected == "hobb"
    click(window, *screen.centre(land.index(1, 0)))
    assert chars(screen.game)["hobb"].hex == land.index(1, 0), screen.message
    frames(window, 1)
    shot(window, "relic_map.png")
    press(window, screen, "End moves")
    frames(window, 3)                                               # the Dominion's turn, spotting, the combat
    assert screen.duel is not None and screen.spots
    assert [r.spotted for r in screen.spots[land.muster]] == [True, True]
    frames(window, 1)
    shot(window, "relic_duel_choose.png")
    assert "Use the Relic" in labels(screen) and "Sorcery" not in labels(screen)   # Corran/Pell: no sorcery
    press(window, screen, "Corran Wayfarer")
    assert screen.pick == "corran"
    press(window, screen, "Continue")
    frames(window, 3)
    assert screen.last_round is not None and screen.last_round.company == "corran"
    fought = screen.last_round
    assert fought.values[0] == 9 and len(fought.keys) == 2 and fought.rows[0].startswith("wounds")
    shot(window, "relic_duel_round.png")
    rounds = 1
    while not screen.game.over and rounds < 60:                     # fight on by the dialog until it ends
        frames(window, 2)
        if screen.duel is not None and screen.my_question() is not None:
            press(window, screen, "Continue")
            rounds += 1
        elif screen.ended is not None and screen.duel is None:
            shot(window, "relic_duel_over.png")
            key(window, arcade.key.ENTER)
            assert screen.last_round is None
        elif screen.my_question() is not None:
            press(window, screen, screen.my_question()["answers"][0].title()
                  if screen.my_question()["kind"] == "relic_declare" else screen.name(screen.my_question()["answers"][0]))
        elif screen._can_move():
            press(window, screen, "End moves")
    assert rounds >= 2
    frames(window, 1)
    shot(window, "relic_duel_over.png")                             # the deciding round under the outcome


@pytest.fixture
def company_stays_put(window: GameWindow):
    """A game against the computer Dominion (seed 4) played in the window to its end (600 frames at most): the
    Company stays put and answers every round with Continue. The screen."""
    screen = start(window, [PlayerSpec("Ann"), PlayerSpec("Dom", computer=True)], seed=4)
    for _ in range(600):
        if screen.game.over:
            break
        frames(window, 1)
        if screen.duel is not None and screen.my_question() is not None:
            press(window, screen, "Continue")
        elif screen.duel is None and (screen.last_round is not None or screen.ended is not None):
            key(window, arcade.key.ENTER)
        elif screen.my_question() is not None:
            first = screen.my_question()["answers"][0]
            press(window, screen, first.title() if screen.my_question()["kind"] == "relic_declare"
                  else screen.name(first))
        elif screen._can_move():
            press(window, screen, "End moves")
    return screen


def test_the_computer_dominion_wins_a_whole_game_in_the_window(window: GameWindow, company_stays_put):
    """The Company stays put and answers every round with Continue: the Dominion wins (DU3.2)."""
    screen = company_stays_put
    assert screen.game.over and screen.game.world.clock.winner == 2
    frames(window, 1)
    shot(window, "relic_dominion_wins.png")


def test_hot_seat_sealed_choices_and_the_company_wins_on_the_goal(window: GameWindow):
    """Both seats human: each acts behind a hand-over; the Company's choice stays sealed from the Dominion's
    screen; then the bearer walks to the goal by clicks (DU3.1)."""
    screen = start(window, [PlayerSpec("Ann"), PlayerSpec("Dom")], setup=ambush)
    through_handover(window, screen)
    assert screen.viewer == 1
    press(window, screen, "End moves")
    frames(window, 1)
    assert through_handover(window, screen) and screen.viewer == 2
    press(window, screen, "End moves")
    frames(window, 2)
    through_handover(window, screen)
    assert screen.viewer == 1 and screen.duel is not None
    press(window, screen, "Corran Wayfarer")
    press(window, screen, "Retreat")                                # sealed: the Dominion must not see it
    frames(window, 1)
    assert through_handover(window, screen) and screen.viewer == 2
    question = screen.prompt[1]
    assert question["given"][0] == "answered"                       # what the Company chose is hidden
    assert screen.last_round is None
    frames(window, 1)
    shot(window, "relic_hotseat_dominion.png")
    assert "Use the Relic" not in labels(screen) and "Continue" in labels(screen)   # DU5.1: the Company's only
    dominion = screen.duel.dominion
    press(window, screen, screen.name(dominion[0]))
    press(window, screen, "Retreat")                                # mutual retreat, or a Wraith flees at round 0
    frames(window, 2)
    through_handover(window, screen)
    assert screen.duel is None and screen.ended is not None and screen.ended.why in ("mutual", "fled")
    key(window, arcade.key.ENTER)
    # the Company walks the bearer to the goal; the Dominion keeps still (it ends its moves at once)
    game = screen.game
    land = screen.land
    for _ in range(40):
        if game.over:
            break
        frames(window, 1)
        through_handover(window, screen)
        if screen.my_question() is not None:
            first = screen.my_question()["answers"][0]
            press(window, screen, first.title() if screen.my_question()["kind"] == "relic_declare" else
                  screen.name(first) if screen.duel is None else "Retreat")
            continue
        if screen.duel is None and (screen.last_round is not None or screen.ended is not None):
            key(window, arcade.key.ENTER)
            continue
        if screen.viewer == 1 and screen._can_move():
            walk_bearer(window, screen, land)
            if not game.over:
                press(window, screen, "End moves")
        elif screen._can_move():
            press(window, screen, "End moves")
    assert game.over and game.world.clock.winner == 1 and quest(game).bearer
    frames(window, 1)
    shot(window, "relic_company_wins.png")


def walk_bearer(window: GameWindow, screen, land) -> None:
    """Select the bearer from the panel's roster line, then click each hex of its cheapest way to the goal."""
    bearer = quest(screen.game).bearer
    frames(window, 1)
    box = next(b for b, _, what in screen.buttons if what == ("select", bearer))
    click(window, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    assert screen.selected == bearer
    here = chars(screen.game)[bearer]
    for step in land.path(land.cheapest(here.hex), land.goal):
        if chars(screen.game)[bearer].mp < (land.move_cost(step) or 99) or screen.game.over:
            break
        click(window, *screen.centre(step))
        assert chars(screen.game)[bearer].hex == step, screen.message
    assert rules()


def test_the_declaration_and_the_new_bearer_are_dialogs(window: GameWindow):
    """DU4.2: unspotted Company characters with Grisk: the Company is asked whether to attack; DU12.4: Pell dies,
    and with two heirs in the hex the Company picks the new bearer (DU8.2 a) by a click."""
    from tests.relic_support import remove

    def setup(game) -> None:
        remove(game, "lurker")
        at = P.land(game.world).index(0, 3)
        place(game, at, "pell", wounds=2)
        place(game, at, "hobb", "maelis", "grisk")
        game.world.rng = Dice(6, 1, 1, 1, 6, then_random=True)   # spotting Pell, Hobb, Maelis; keys 1, 6

    screen = start(window, [PlayerSpec("Ann"), PlayerSpec("Dom", computer=True)], setup=setup)
    press(window, screen, "End moves")
    frames(window, 3)
    question = screen.my_question()
    assert question is not None and question["kind"] == "relic_declare"
    frames(window, 1)
    shot(window, "relic_declare.png")
    press(window, screen, "Hold")
    frames(window, 2)
    assert screen.duel is not None and screen.duel.company == ["pell"]
    press(window, screen, "Continue")
    frames(window, 3)
    assert screen.last_round is not None and screen.last_round.fates[0] == "killed"
    key(window, arcade.key.ENTER)                                   # close the combat's last round
    frames(window, 1)
    question = screen.my_question()
    assert question is not None and question["kind"] == "relic_bearer"
    shot(window, "relic_new_bearer.png")
    press(window, screen, "Maelis the Seer")
    assert quest(screen.game).bearer == "maelis"


def test_the_outcome_banner_never_covers_the_combat_dialog_and_names_no_rule(window: GameWindow,
                                                                           company_stays_put):
    """DU3: a game decided in a combat keeps the deciding round's dialog readable: the outcome's banner sits
    above it, even in a low window, and reads as words ("the Relic was seized"), never "(DU3.2)"."""
    screen = company_stays_put
    assert screen.game.over
    if screen.last_round is None and screen.ended is None:           # the dialog as the deciding round leaves it
        screen.ended = sub("events").CombatEnded(0, screen.land.start, "company gone")
    for height in (720, 600):
        window.set_size(1280, height)
        window.on_resize(1280, height)
        screen.on_draw()
        left, bottom, right, top = screen.dialog_box
        assert screen.outcome_box[1] >= top, (screen.outcome_box, screen.dialog_box)
    window.set_size(1280, 720)
    window.on_resize(1280, 720)
    text = screen.outcome_text()
    assert "wins: " in text and "(DU" not in text


def test_du1_2_the_land_is_terrain_art_and_the_panel_names_places_in_words(window: GameWindow):
    """DU1.2 on screen: every hex shows its ground's art (game.ui.hex_bake), not a flat colour; the panel
    names where each character stands in words, never as coordinates."""
    import re

    screen = start(window, [PlayerSpec("Ann"), PlayerSpec("Dom", computer=True)])
    screen.on_draw()
    baked, land = screen.baked, screen.land
    for kind in sorted(set(land.terrain)):
        h = land.terrain.index(kind)
        x, y = screen.centre(h)
        px, py = x - baked.left, baked.image.height - (y - baked.bottom)
        colors = {baked.image.getpixel((round(px) + dx, round(py) + dy)) for dx in range(-12, 12) for dy in range(-12, 12)}
        assert len(colors) > 4, kind
    drawn = [label.text for label in screen._texts.values()]
    assert not [t for t in drawn if re.search(r"\(\d+, ?\d+\)|\(DU\d", t)]


def test_the_fighter_buttons_read_top_to_bottom_in_the_companys_order(window: GameWindow):
    """With the whole Company in a duel its fighter buttons take two rows: the first row highest, each row left to
    right, in the Company's order, all below the round text and above the actions (the fifth fighter was put
    above the first row, out of reading order)."""
    def everyone(game) -> None:
        place(game, P.land(game.world).muster, "pell", "hobb", "maelis", "corran", "dairen")
        game.world.rng = Dice(6, 6, 6, 6, 6, then_random=True)  # all five spotted (DU4.1)

    screen = start(window, [PlayerSpec("Ann"), PlayerSpec("Dom", computer=True)], setup=everyone)
    press(window, screen, "End moves")
    frames(window, 3)
    assert screen.duel is not None
    frames(window, 1)
    names = {screen.name(k): k for k in ("pell", "hobb", "maelis", "corran", "dairen")}
    boxes = [(box, label) for box, label, what in screen.buttons if label in names]
    actions = [box for box, label, what in screen.buttons if label in ("Continue", "Retreat")]
    assert len({box[1] for box, _ in boxes}) == 2  # two rows
    reading = sorted(boxes, key=lambda b: (-b[0][1], b[0][0]))
    fighters = [names[label] for _, label in reading]
    assert fighters == sorted(fighters, key=["pell", "hobb", "maelis", "corran", "dairen"].index)
    assert min(box[1] for box, _ in boxes) > max(box[3] for box in actions)


def test_the_tokens_sharing_a_hex_clear_each_other_and_stay_inside_it(window: GameWindow):
    """DU1.3's start and muster hexes hold several characters at once: each disc, with the widest ring a token
    can carry (the Relic's bearer), clears every other in its hex and stays inside the hex's six edges."""
    import math

    screen = start(window, [PlayerSpec("Ann"), PlayerSpec("Ben", computer=True)])
    s = sub("screen")
    crowds: dict[int, list[tuple[float, float]]] = {}
    for key, c in screen.chars.items():
        at = screen.token_at(key)
        if at is not None:
            crowds.setdefault(c.hex, []).append(at)
    assert max(len(spots) for spots in crowds.values()) >= 5          # the start: a crowded hex to judge
    apothem = s.SIZE * math.sqrt(3) / 2  # pointy-top: the edges face 0, 60, ... 300 degrees
    normals = [(math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6)]
    for hex_, spots in crowds.items():
        mx, my = screen.centre(hex_)
        for i, a in enumerate(spots):
            to_edges = [apothem - ((a[0] - mx) * nx + (a[1] - my) * ny) for nx, ny in normals]
            assert min(to_edges) >= s.RING_R, (hex_, a)
            for b in spots[i + 1:]:
                assert math.dist(a, b) >= s.RING_R + s.TOKEN_R, (hex_, a, b)
