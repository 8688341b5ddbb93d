"""Total War's game screen through the real input handlers (TW3.2 deployment, TW4.1 secret orders, TW4.2 hidden
until resolved): orders by clicks and keys against the computer for a few rounds with playback, and hot-seat
where seat 2's screen never shows seat 1's pending orders."""

from __future__ import annotations

import arcade
import pytest

from game.setup import PlayerSpec, create_game
from game.ui.app import GameWindow
from game.ui.views.handover import HandoverView
from tests.tw_support import RULESET, sub
from tests.ui.conftest import click, dispatch, frames, shot


def start(window: GameWindow, players: list[PlayerSpec], seed: int = 3, buy: bool = True):
    """A game on the screen at deployment: every human seat kept the default army (TW3.1) by Ready."""
    window.start(create_game(None, players, seed=seed, ruleset=RULESET))
    screen = window.current_view
    if isinstance(screen, HandoverView):
        screen = screen_under(window)
    frames(window, 1)
    if buy:
        for _ in range(sum(not p.computer for p in players)):
            assert screen.stage() == "muster"
            through_handover(window, screen)
            key(window, arcade.key.ENTER)
            frames(window, 1)
        play_back(window, screen)
        assert screen.stage() == "deploy"
    elif isinstance(window.current_view, HandoverView):
        through_handover(window, screen)
    return screen


def screen_under(window: GameWindow):
    """The game screen a hand-over screen leads back to."""
    current = window.current_view
    current.on_update(1.0)
    click(window, window.width / 2, window.height / 2)
    return window.current_view


def through_handover(window: GameWindow, screen):
    current = window.current_view
    if isinstance(current, HandoverView):
        current.on_update(1.0)
        click(window, window.width / 2, window.height / 2)
    assert window.current_view is screen
    return screen


def click_hex(window: GameWindow, screen, h) -> None:
    click(window, *screen.to_screen(h))


def key(window: GameWindow, symbol: int) -> None:
    dispatch(window, "on_key_press", symbol, 0)
    dispatch(window, "on_key_release", symbol, 0)


def play_back(window: GameWindow, screen, limit: int = 400) -> int:
    """Step the resolution with the Right arrow until it is all shown; the number of steps."""
    steps = 0
    while screen.queue and steps < limit:
        key(window, arcade.key.RIGHT)
        steps += 1
    frames(window, 1)
    return steps


def own(screen, kind: str):
    return next(r for r in sorted(screen.shown.values(), key=lambda r: r.key)
                if r.seat == screen.viewer and r.kind == kind and not r.routing)


def test_orders_by_clicks_and_keys_against_the_computer_for_a_few_rounds(window: GameWindow):
    hexes = sub("hexes")
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)])
    assert type(screen).__name__ == "TotalWarView" and screen.viewer == 1
    shot(window, "tw_deploy.png")
    # TW3.2: move the general's infantry forward within the zone by two clicks, then Ready by the button
    inf = own(screen, "infantry")
    target = hexes.from_offset(hexes.to_offset(inf.hex)[0] + 2, 8)
    click_hex(window, screen, inf.hex)
    assert screen.selected == inf.name
    click_hex(window, screen, target)
    frames(window, 1)
    assert inf.name in screen.drawn_orders
    x0, y0, x1, y1 = screen.ready_box()
    click(window, (x0 + x1) / 2, (y0 + y1) / 2)
    frames(window, 2)
    play_back(window, screen)
    assert screen.shown[inf.name].hex == target                     # the placement was applied
    played = 0
    for _ in range(3):                                              # three rounds: movement then combat
        assert screen.stage() == "movement"
        reg = own(screen, "infantry")
        click_hex(window, screen, reg.hex)
        click_hex(window, screen, hexes.add(reg.hex, hexes.VECTORS["S"]))
        assert screen.path, screen.message
        key(window, arcade.key.KEY_4)                                # face S
        frames(window, 1)
        assert reg.name in screen.drawn_orders
        orders = screen.my_orders()
        assert any(o["type"] == "Move" and o["regiment"] == reg.name and o["facing"] == "S" for o in orders)
        cav = own(screen, "cavalry")
        click_hex(window, screen, cav.hex)
        key(window, arcade.key.H)                                    # hold: a second order, revisable
        if played == 0:
            shot(window, "tw_orders.png")
        key(window, arcade.key.ENTER)
        frames(window, 2)
        assert screen.queue or screen.stage() == "combat"
        key(window, arcade.key.SPACE)                                # Space pauses: nothing advances by time
        assert screen.paused
        waiting = len(screen.queue)
        frames(window, 60)
        assert len(screen.queue) == waiting
        if played == 0 and screen.queue:
            key(window, arcade.key.RIGHT)                            # Right arrow: one step
            assert len(screen.queue) < waiting
            frames(window, 1)
            shot(window, "tw_playback.png")
            key(window, arcade.key.SPACE)                            # running again: steps come by time
            waiting = len(screen.queue)
            frames(window, 60)
            assert len(screen.queue) < waiting or not waiting
            key(window, arcade.key.SPACE)
        played += play_back(window, screen)
        key(window, arcade.key.SPACE)
        assert not screen.paused
        assert screen.stage() == "combat"
        key(window, arcade.key.ENTER)                                # fire orders are optional: ready at once
        frames(window, 2)
        played += play_back(window, screen)
        frames(window, 2)
    assert played > 0
    assert screen.game.world.clock.round >= 3
    shot(window, "tw_rounds.png")


def test_hot_seat_seat_2_never_sees_seat_1s_pending_orders(window: GameWindow):
    hexes = sub("hexes")
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue")])
    assert isinstance(window.current_view, HandoverView)
    through_handover(window, screen)
    assert screen.viewer == 1
    inf = own(screen, "infantry")
    target = hexes.from_offset(hexes.to_offset(inf.hex)[0] + 1, 7)
    click_hex(window, screen, inf.hex)
    click_hex(window, screen, target)
    frames(window, 1)
    assert inf.name in screen.drawn_orders
    key(window, arcade.key.ENTER)
    frames(window, 1)
    assert isinstance(window.current_view, HandoverView)             # the field is hidden at the hand-over
    through_handover(window, screen)
    frames(window, 1)
    assert screen.viewer == 2
    assert screen.drawn_orders == [] and screen.my_orders() == []     # nothing of seat 1's orders
    assert hexes.hex_name(target) not in str(screen.seat_orders)
    assert screen.shown[inf.name].hex == inf.hex                     # seat 1's regiment still where it was
    shot(window, "tw_hotseat_seat2.png")
    key(window, arcade.key.ENTER)
    frames(window, 2)
    through_handover(window, screen)
    play_back(window, screen)
    assert screen.stage() == "movement" and screen.viewer == 1
    assert screen.shown[inf.name].hex == target                      # revealed together after both readied


def test_a_game_against_the_computer_plays_to_a_victory_shown_on_the_screen(window: GameWindow):
    """TW12: the human readies every phase (holding); the normal computer wins; the screen names the winner."""
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)], seed=4)
    for _ in range(400):
        if screen.game.over:
            break
        key(window, arcade.key.ENTER)
        frames(window, 2)
        play_back(window, screen)
    assert screen.game.over
    play_back(window, screen)
    frames(window, 1)
    assert "wins" in screen.outcome_text() or "draw" in screen.outcome_text()
    shot(window, "tw_victory.png")


def test_a_volley_by_clicks_is_drawn_then_played_back_with_its_casualties(window: GameWindow):
    """TW8: in the combat phase, an own infantry then an enemy in range and arc: a Fire order, drawn as an
    arrow; after Ready the volley is played back step by step (its line and the men lost)."""
    hexes, play = sub("hexes"), sub("play")
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)], seed=5)
    key(window, arcade.key.ENTER)                                    # deployment: the default line
    frames(window, 2)
    play_back(window, screen)
    key(window, arcade.key.ENTER)                                    # movement: everyone holds
    frames(window, 2)
    play_back(window, screen)
    assert screen.stage() == "combat"
    regs = play.by_name(screen.game.world)
    shooter, target = regs["1:infantry:2"], regs["2:infantry:2"]
    target.hex = hexes.add(hexes.add(shooter.hex, hexes.VECTORS["S"]), hexes.VECTORS["S"])  # a test position
    screen._refresh()
    click_hex(window, screen, shooter.hex)
    click_hex(window, screen, target.hex)
    frames(window, 1)
    assert any(o["type"] == "Fire" and o["regiment"] == shooter.name for o in screen.my_orders()), screen.message
    assert shooter.name in screen.drawn_orders
    shot(window, "tw_fire_order.png")
    key(window, arcade.key.ENTER)
    frames(window, 1)
    men = screen.shown[target.name].men
    fired = False
    for _ in range(200):
        if not screen.queue:
            break
        key(window, arcade.key.RIGHT)
        if any(a == shooter.name for a, _, _ in screen.flash):
            fired = True
            frames(window, 1)
            shot(window, "tw_volley.png")
            assert screen.shown[target.name].men < men                 # the casualties shown at that step
            break
    assert fired


def test_hot_seat_movement_paths_stay_hidden_from_the_other_seat_until_resolved(window: GameWindow):
    """TW4.2: seat 1's path is on seat 1's screen, never on seat 2's, and both move together after Ready."""
    hexes = sub("hexes")
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue")])
    for _ in range(2):                                               # deployment: both ready at once
        through_handover(window, screen)
        key(window, arcade.key.ENTER)
        frames(window, 1)
    play_back(window, screen)
    assert isinstance(window.current_view, HandoverView)              # the next phase: seat 1 at the table again
    through_handover(window, screen)
    assert screen.stage() == "movement" and screen.viewer == 1
    inf = own(screen, "infantry")
    step = hexes.add(inf.hex, hexes.VECTORS["S"])
    click_hex(window, screen, inf.hex)
    click_hex(window, screen, step)
    frames(window, 1)
    assert inf.name in screen.drawn_orders
    key(window, arcade.key.ENTER)
    frames(window, 1)
    through_handover(window, screen)
    frames(window, 1)
    assert screen.viewer == 2 and screen.drawn_orders == []
    assert all(r.seat == 2 for o in screen.my_orders() for r in [screen.shown[o["regiment"]]])
    assert hexes.hex_name(step) not in str(screen.view()["entities"])
    assert screen.shown[inf.name].hex == inf.hex
    key(window, arcade.key.ENTER)
    frames(window, 1)
    through_handover(window, screen)
    play_back(window, screen)
    assert screen.shown[inf.name].hex == step


def test_the_screen_counts_its_frames_so_headless_runs_end(window: GameWindow):
    """`foc play --frames N` stops after N frames: the screen's frames go through BaseView.on_draw's count (a
    screen that skipped it ran forever headless)."""
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)])
    before = window.frame
    frames(window, 3)
    assert window.frame == before + 3 and window.current_view is screen


def test_counters_are_legible_at_the_default_zoom_with_men_facing_and_morale(window: GameWindow):
    """TW4.2: every regiment shows its men (screen-pixel text), facing, morale state; at the default zoom a hex is
    big enough to read them; the phase banner and the Ready chips say who is still giving orders."""
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)])
    frames(window, 1)
    assert screen.screen_radius() >= 24                                # a hex about 50+ pixels wide
    field_w = window.width - 300
    for reg in screen.shown.values():
        if reg.seat == screen.viewer:                                  # the own army is in view, under the banner
            x, y = screen.to_screen(reg.hex)
            assert 0 < x < field_w and 0 < y < window.height - 34
            assert screen.labels.shown(reg.name) == str(reg.men)
    assert len(screen._tokens()) > 5 * len(screen.shown)              # body, symbol, wedge, bar per counter
    banner = screen.labels.shown("banner") or ""
    assert "Deployment" in banner and "Round" in banner
    assert "READY" in (screen.labels.shown("chip2") or "")               # the computer readied at once
    assert "giving orders" in (screen.labels.shown("chip1") or "")
    tokens = screen.token_boxes()
    frames(window, 1)
    assert screen.token_boxes() == tokens                             # nothing moves by itself
    some = next(iter(screen.shown.values()))
    projected = screen.camera.project(sub("screen").centre(some.hex))
    assert screen.to_screen(some.hex) == pytest.approx((projected[0], projected[1]))


def test_the_hover_label_never_covers_a_counter(window: GameWindow):
    """The hover label (hex, terrain, the regiment's men, morale and facing) sits clear of every counter, in the
    middle of the army's line as on the edges."""
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)])
    overlap = sub("tokens").overlap
    mine = [r for r in screen.shown.values() if r.seat == screen.viewer]
    for reg in mine:
        dispatch(window, "on_mouse_motion", *screen.to_screen(reg.hex), 0, 0)
        frames(window, 1)
        box = screen.hover_box
        assert box is not None
        assert any(screen.title(reg.name) in line for line in screen.hover_lines())
        assert any(f"{reg.men}/" in line for line in screen.hover_lines())
        assert all(overlap(box, token) == 0 for token in screen.token_boxes()), (reg.name, box)
        assert box[2] <= window.width - 300 and box[3] <= window.height - 34   # on the field, under the banner
    shot(window, "tw_hover.png")


def test_tw3_1_buying_an_army_by_keys_and_buttons_is_secret_until_both_are_ready(window: GameWindow):
    """TW3.1 in hot-seat: Red buys by keys (Shift+I drops an infantry, C adds a cavalry) and by the panel's
    buttons, and the field shows the army being bought; Blue's screen never shows Red's purchase; after both are
    ready Red's field holds the bought army."""
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue")], buy=False)
    assert screen.stage() == "muster" and screen.viewer == 1
    default = tuple(screen.rules.army.default)
    dispatch(window, "on_key_press", arcade.key.I, arcade.key.MOD_SHIFT)     # one infantry fewer
    key(window, arcade.key.C)                                                # one cavalry more
    assert screen.draft_army().count("infantry") == default.count("infantry") - 1, screen.message
    assert screen.draft_army().count("cavalry") == default.count("cavalry") + 1
    x0, y0, x1, y1 = screen.buy_boxes()[("cavalry", 1)]
    click(window, (x0 + x1) / 2, (y0 + y1) / 2)                              # + cavalry: over the points
    assert "points" in screen.message and screen.draft_army().count("cavalry") == default.count("cavalry") + 1
    x0, y0, x1, y1 = screen.buy_boxes()[("artillery", -1)]
    click(window, (x0 + x1) / 2, (y0 + y1) / 2)                              # - artillery
    assert screen.draft_army().count("artillery") == default.count("artillery") - 1
    bought = screen.draft_army()
    frames(window, 1)
    on_field = sorted(r.kind for r in screen.shown.values() if r.seat == 1)
    assert on_field == sorted(bought) != sorted(default)                     # the field shows the army bought
    shot(window, "tw_buy.png")
    key(window, arcade.key.ENTER)
    frames(window, 1)
    through_handover(window, screen)
    assert screen.viewer == 2 and screen.stage() == "muster"
    assert screen.draft_army() == default                                    # Blue sees its own draft only
    assert sorted(r.kind for r in screen.shown.values() if r.seat == 1) == sorted(default)   # not Red's draft
    assert "Buy" not in str(screen.view()["entities"])                       # nothing of Red's purchase
    key(window, arcade.key.ENTER)
    frames(window, 1)
    play_back(window, screen)
    through_handover(window, screen)
    assert screen.stage() == "deploy"
    red = sorted(r.kind for r in screen.shown.values() if r.seat == 1)
    assert red == sorted(bought)


def test_a_hot_seat_game_plays_to_a_victory_on_the_screen(window: GameWindow):
    """Issue 11 done-when: a hot-seat game of Total War to a victory through the real handlers. Red buys the
    default army and holds; Blue resigns after a few rounds at its hand-over (TW12.1) — the outcome is shown."""
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue")])
    rounds = 0
    for _ in range(60):
        if screen.game.over:
            break
        through_handover(window, screen)
        if screen.viewer == 2 and screen.game.world.clock.round >= 3:
            from components.commands import Resign

            assert screen.submit(Resign())                                   # Blue gives up (TW12.1)
            break
        key(window, arcade.key.ENTER)
        frames(window, 1)
        play_back(window, screen)
        rounds = screen.game.world.clock.round
    frames(window, 2)
    play_back(window, screen)
    assert screen.game.over and screen.game.world.clock.winner == 1 and rounds >= 3
    assert "Red wins" in screen.outcome_text()
    shot(window, "tw_hotseat_victory.png")


def test_a_computer_against_computer_game_plays_to_a_victory_on_the_screen(window: GameWindow):
    """hard against normal, both computers, watched on the screen until the outcome is shown (TW12)."""
    screen = start(window, [PlayerSpec("Hard", computer=True, difficulty="hard"),
                            PlayerSpec("Normal", computer=True, difficulty="normal")], seed=6, buy=False)
    for _ in range(3000):
        if screen.game.over and not screen.queue:
            break
        frames(window, 1)
        play_back(window, screen)
    assert screen.game.over and screen.game.world.clock.winner in (1, 2)   # TW12: a side won, not a draw (0)
    frames(window, 1)
    shot(window, "tw_computers_victory.png")


def _ask_both(game, answers: list):
    """A question to both seats (systems.prompts, as a ruleset's system would ask one), its answers recorded."""
    from systems.prompts import ask

    game.app.prompt_handlers["parley"] = lambda world, prompt: answers.append(list(zip(prompt.seats, prompt.given,
                                                                                          strict=True)))
    game.world.activate()
    return ask(game.world, "parley", "Accept a parley?", [1, 2], ["fight on", "parley"], "fight on")


def test_a_question_in_hot_seat_is_asked_of_each_seat_behind_the_hand_over(window: GameWindow):
    """Prompts in hot-seat: each asked seat gets the field hidden, then the question as a dialog (keys 1..n);
    orders wait meanwhile; after both answers the phase goes on."""
    from game.ui.views.question import QuestionDialog

    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue")])
    through_handover(window, screen)
    answers: list = []
    _ask_both(screen.game, answers)
    frames(window, 1)
    if isinstance(window.current_view, HandoverView):
        through_handover(window, screen)
    frames(window, 1)
    assert isinstance(screen.modal, QuestionDialog) and screen.modal.seat == 1 and not screen.can_act()
    shot(window, "tw_question.png")
    key(window, arcade.key.KEY_2)                                     # Red: "parley"
    frames(window, 1)
    assert isinstance(window.current_view, HandoverView) and window.current_view.seat == 2
    assert window.current_view.purpose == "a question for you"
    through_handover(window, screen)
    frames(window, 1)
    assert isinstance(screen.modal, QuestionDialog) and screen.modal.seat == 2
    key(window, arcade.key.KEY_1)                                     # Blue: "fight on"
    frames(window, 1)
    assert answers == [[(1, "parley"), (2, "fight on")]]
    assert not screen.game.asking and screen.modal is None
    if isinstance(window.current_view, HandoverView):
        through_handover(window, screen)
    assert screen.stage() == "deploy" and screen.can_act()


def test_a_question_with_a_computer_is_answered_by_it_and_by_the_human_dialog(window: GameWindow):
    """Prompts with computers: the computer seat answers through its controller (here the default), the human
    through the dialog; then the game goes on."""
    from game.ui.views.question import QuestionDialog

    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)])
    answers: list = []
    _ask_both(screen.game, answers)
    frames(window, 3)
    assert isinstance(screen.modal, QuestionDialog) and screen.modal.seat == 1
    assert screen.game.acting_seats() == [1]                          # the computer has answered already
    key(window, arcade.key.ENTER)                                     # Enter: the default answer
    frames(window, 1)
    assert answers == [[(1, "fight on"), (2, "fight on")]]
    assert not screen.game.asking and screen.stage() == "deploy"


def test_tw5_4_an_engaged_regiment_is_ordered_to_withdraw_by_clicks_and_w(window: GameWindow):
    """TW5.4: an engaged regiment may only hold or withdraw; clicking the hex behind it draws a withdrawal (not a
    refused move), and W on a path of a regiment not engaged turns it into a withdrawal."""
    hexes, play = sub("hexes"), sub("play")
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)], seed=5)
    key(window, arcade.key.ENTER)                                    # deployment: the default line
    frames(window, 2)
    play_back(window, screen)
    assert screen.stage() == "movement"
    regs = play.by_name(screen.game.world)
    mine, enemy = regs["1:infantry:2"], regs["2:infantry:2"]
    enemy.hex = hexes.add(mine.hex, hexes.VECTORS["S"])              # a test position: engaged (TW5.4)
    screen._refresh()
    back = hexes.add(mine.hex, hexes.VECTORS["N"])
    click_hex(window, screen, mine.hex)
    click_hex(window, screen, back)
    assert screen.path == [back], screen.message
    assert "may only hold" not in screen.message
    order = next(o for o in screen.my_orders() if o["regiment"] == mine.name)
    assert order["kind"] == "withdraw" and order["path"] == [hexes.hex_name(back)]
    assert any("engaged" in line for line in screen._selection_lines())
    # a regiment not engaged: a move by clicks, then W makes the same path a withdrawal
    other = regs["1:cavalry:1"] if "1:cavalry:1" in regs else regs["1:infantry:1"]
    step = hexes.add(other.hex, hexes.VECTORS["N"])
    click_hex(window, screen, other.hex)
    click_hex(window, screen, step)
    assert next(o for o in screen.my_orders() if o["regiment"] == other.name)["kind"] == "move", screen.message
    key(window, arcade.key.W)
    order = next(o for o in screen.my_orders() if o["regiment"] == other.name)
    assert order["kind"] == "withdraw" and order["path"] == [hexes.hex_name(step)], screen.message


def test_tw4_2_a_bombardment_plays_back_its_dice_and_stays_in_the_panel_log(window: GameWindow):
    """TW4.2: an artillery volley by clicks; the playback shows its draw and each area die (a die over the
    artillery, the roll in words), and the panel's log keeps every step after the playback, without rule ids."""
    import re

    hexes, play = sub("hexes"), sub("play")
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)], seed=5)
    key(window, arcade.key.ENTER)
    frames(window, 2)
    play_back(window, screen)
    key(window, arcade.key.ENTER)
    frames(window, 2)
    play_back(window, screen)
    assert screen.stage() == "combat"
    regs = play.by_name(screen.game.world)
    art, target, other = regs["1:artillery:1"], regs["2:infantry:2"], regs["2:infantry:3"]
    art.deployed = True
    target.hex = hexes.add(hexes.add(hexes.add(art.hex, hexes.VECTORS["S"]), hexes.VECTORS["S"]), hexes.VECTORS["S"])
    other.hex = hexes.add(target.hex, hexes.VECTORS["S"])                  # a test position
    screen._refresh()
    click_hex(window, screen, art.hex)
    click_hex(window, screen, target.hex)
    assert any(o["type"] == "Fire" and o["regiment"] == art.name for o in screen.my_orders()), screen.message
    key(window, arcade.key.ENTER)
    frames(window, 1)
    seen = []
    for _ in range(300):
        if not screen.queue:
            break
        key(window, arcade.key.RIGHT)
        if screen.last_roll is not None and screen.last_roll.regiment == art.name:
            seen.append(screen.last_roll.purpose)
            screen.on_draw()
            assert screen.message.startswith("Red Artillery 1")
    assert "artillery" in seen and "area" in seen
    frames(window, 1)
    screen.on_draw()
    assert any("Red Artillery 1's bombardment" in line for line in screen.log)
    assert any("Red Artillery 1's shell rolls" in line for line in screen.log)
    drawn = [label.text for label in screen._texts.values()]
    assert not [t for t in drawn if re.search(r"\(TW\d", t)]
    assert any(t.startswith("Round ") and "Artillery" in t for t in drawn)  # the log in the panel
    summary = [line for line in screen.log if "Combat resolved: " in line]      # the turn's summary
    assert summary and "Blue lost " in summary[-1] and summary[-1].startswith("Round 1: ")


def test_tw1_4_the_field_is_terrain_art_with_soft_edges_between_grounds(window: GameWindow):
    """TW1.4 on screen: each hex shows its ground's art (not a flat colour), and where two grounds meet the
    edge is blended (game.ui.hex_bake), like the base game's hex maps."""
    screen = start(window, [PlayerSpec("Red"), PlayerSpec("Blue", computer=True)], seed=5)
    frames(window, 1)
    screen.on_draw()
    baked = screen.baked
    image = baked.image

    def pixels(h, shrink: float = 0.5):
        x, y = sub("screen").centre(h)
        px, py = x - baked.left, image.height - (y - baked.bottom)
        r = int(sub("screen").SIZE * shrink)
        return [image.getpixel((px + dx, py + dy)) for dx in range(-r, r) for dy in range(-r, r)]

    hexes = sub("hexes")
    kinds = {}
    for h, kind in screen.ground.items():
        kinds.setdefault(kind, h)
    kinds["plain"] = next(hexes.from_offset(c, 25) for c in range(50) if hexes.from_offset(c, 25) not in screen.ground)
    assert {"plain", "forest"} <= set(kinds)
    for kind, h in kinds.items():
        assert len(set(pixels(h))) > 4, kind                           # art, not one flat colour
    # a forest hex beside a plain one: the shared edge is drawn in a blend of the two
    edge = next((h, n) for h, kind in screen.ground.items() if kind == "forest"
                for n in hexes.neighbours(h) if screen.ground.get(n, "plain") == "plain" and screen.on_field(n))
    a, b = (sub("screen").centre(p) for p in edge)
    mx, my = (a[0] + b[0]) / 2 - baked.left, image.height - ((a[1] + b[1]) / 2 - baked.bottom)
    mid = image.getpixel((round(mx), round(my)))
    forest, plain = sub("screen").TERRAIN["forest"], sub("screen").TERRAIN["plain"]
    blend = tuple((p + q) // 2 for p, q in zip(forest, plain, strict=True))
    assert sum(abs(m - c) for m, c in zip(mid, blend, strict=True)) < 120, (mid, blend)
