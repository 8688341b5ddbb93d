"""Who acts: issuing seats, simultaneous phases with hidden orders, prompts, per-seat views (docs/architecture.md,
"Who acts"). The Volley ruleset below is built from text like the Duel of tests/test_flow.py: each round both
archers aim hidden shots at once, the resolvers run guard -> shots -> victory, then a question asks both
seats whether to rest or press on."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import esper
import pytest

from components.commands import Command, EndTurn
from components.seats import Answer, ClearOrders, Ready, Unready, WithdrawOrder
from game.content import discover as discover_module
from game.content.manifest import BUNDLED_MODS
from game.engine import Game
from game.setup import PlayerSpec, create_game
from game.snapshot import state_hash
from game.views import events_for, view_for
from systems.seat_events import OrderGiven, OrdersRevealed, PromptAsked, PromptSettled, SeatReady
from systems.world import DRAW

MOD_TOML = '''
id = "volley"
name = "Volley"
version = "1.0.0"
kind = "ruleset"
description = "Two archers shoot at once; orders are secret until both are ready."
files = ["rules.toml"]
plugin = "plugin.py"

[flow]
setup = []
turn = []
round_end = [
  { name = "volley", acts = "all", immediate = ["Yield"] },  # hidden orders, then the resolvers run
  { name = "aftermath" },             # a question to both seats, then the tally
]
'''

RULES_TOML = '''
[setup]
min_players = 2
max_players = 2

[board]
width = 2
height = 1
terrain = "field"

[terrain.field]
name = "Field"

[units.archer]
name = "Archer"

[volley]
life = 4
arrow = 1
'''

PLUGIN = '''
"""The Volley ruleset: hidden shots resolved together; a question after each volley."""

from __future__ import annotations

from dataclasses import dataclass, field

import esper
from pydantic import Field

from components.board import Ownership, Territory
from components.commands import Command
from components.players import Player
from components.rules import RulesetCore, Strict
from game.orders import all_orders
from systems.events import Event
from systems.hooks import DRAW, LOST, WON
from systems.outcome import check_victory
from systems.prompts import ask
from systems.world import World


class Archer(Strict):
    name: str


class VolleyNumbers(Strict):
    life: int = Field(ge=1)
    arrow: int = Field(ge=1)


class VolleyRules(RulesetCore):
    units: dict[str, Archer]
    volley: VolleyNumbers


@dataclass(slots=True)
class Life:
    points: int
    guarding: bool = False
    log: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Shoot(Command):
    target: int


@dataclass(frozen=True, slots=True)
class Guard(Command):
    """Raise the shield this volley (one stance per seat: a new one replaces it)."""
    up: bool = True


@dataclass(frozen=True, slots=True)
class Yield(Command):
    """Give up at once (applied when given, not kept as an order)."""


def apply_yield(world: World, cmd: Yield) -> None:
    life(world, world.issuer).points = 0
    check_victory(world)


@dataclass(frozen=True, slots=True)
class Resolved(Event):
    seat: int
    step: str
    detail: str


def life(world: World, seat: int) -> Life:
    return esper.component_for_entity(world.players[seat], Life)


def check_shoot(world: World, cmd: Shoot) -> str | None:
    if cmd.target == world.issuer or cmd.target not in world.seats:
        return "shoot at the other archer"
    return None


def check_guard(world: World, cmd: Guard) -> str | None:
    return None


def slot(world: World, order: Command) -> str | None:
    return "stance" if isinstance(order, Guard) else None


def guard(world: World) -> None:
    for seat, orders in all_orders(world).items():
        up = any(isinstance(o, Guard) and o.up for o in orders)
        life(world, seat).guarding = up
        world.emit(Resolved(seat, "guard", "up" if up else "down"))


def shots(world: World) -> None:
    for seat, orders in all_orders(world).items():
        for order in orders:
            if isinstance(order, Shoot):
                hit = not life(world, order.target).guarding
                if hit:
                    life(world, order.target).points -= world.rules.volley.arrow
                world.emit(Resolved(seat, "shots", f"{order.target}:{'hit' if hit else 'blocked'}"))


def outcome(world: World) -> dict[int, str] | None:
    fallen = [s for s in world.seats if life(world, s).points <= 0]
    if not fallen:
        return None
    if len(fallen) == len(world.seats):
        return {s: DRAW for s in world.seats}
    return {s: LOST if s in fallen else WON for s in world.seats}


def parley(world: World) -> None:
    ask(world, "rest", "Rest or press on?", list(world.alive_seats()), ["rest", "press"], "rest")


def apply_rest(world: World, prompt) -> None:
    for seat, answer in zip(prompt.seats, prompt.given):
        if answer == "rest":
            life(world, seat).points += 1
        life(world, seat).log.append(answer)


def tally(world: World) -> None:
    for seat in world.seats:
        life(world, seat).log.append("tally")


def new_seat(world: World, seat: int, entity: int) -> None:
    esper.add_component(entity, Life(world.rules.volley.life))


def visible(world, seat, entity, components):
    hidden = components.get("Life")
    if hidden is not None and seat is not None and entity != world.players[seat]:
        return {k: v for k, v in components.items() if k != "Life"} | {"Life": {"points": hidden["points"]}}
    return components


def visible_event(world, seat, event):
    return not (isinstance(event, Resolved) and event.step == "guard" and event.seat != seat)


class Bowman:
    """The computer: shoots at the other seat and presses on."""

    def give_orders(self, game, seat):
        other = next(s for s in game.world.seats if s != seat)
        return [game.submit(Shoot(other), seat=seat)]

    def answer(self, game, seat, prompt_id, prompt):
        return "press"

    def play_turn(self, game):
        return []


def register(app) -> None:
    app.set_rules_model(VolleyRules)
    for component in (Territory, Ownership, Player, Life):
        app.add_component(component)
    app.add_command(Shoot, check_shoot, lambda world, cmd: None)
    app.add_command(Guard, check_guard, lambda world, cmd: None)
    app.add_command(Yield, lambda world, cmd: None, apply_yield)
    app.add_event(Resolved)
    app.set_hook("new_seat", new_seat)
    app.set_hook("victory", outcome)
    app.set_hook("order_slot", slot)
    app.set_hook("visible", visible)
    app.set_hook("visible_event", visible_event)
    app.add_prompt("rest", apply_rest)
    app.add_system("volley", "shots", shots)
    app.add_system("volley", "guard", guard, before="shots")
    app.add_system("volley", "victory", check_victory, after="shots")
    app.add_system("aftermath", "parley", parley)
    app.add_system("aftermath", "tally", tally, after="parley")
    app.add_computer_player("normal", Bowman)
'''

PLAYERS = [PlayerSpec("A"), PlayerSpec("B")]


def _install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, manifest: str, plugin: str) -> list[Path]:
    root = tmp_path / "bundled"
    folder = root / "volley"
    folder.mkdir(parents=True)
    for name, text in (("mod.toml", manifest), ("rules.toml", RULES_TOML), ("plugin.py", plugin)):
        (folder / name).write_text(text)
    monkeypatch.setattr(discover_module, "BUNDLED_MODS", root)
    return [BUNDLED_MODS, root]


@pytest.fixture
def search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    return _install(tmp_path, monkeypatch, MOD_TOML, PLUGIN)


DEPLOY = """
def deploy(world: World) -> None:
    for seat, orders in all_orders(world).items():
        life(world, seat).log.append("deployed:" + ",".join(type(o).__name__ for o in orders))
"""


def test_a_simultaneous_setup_phase_resolves_once_then_round_one_starts(tmp_path, monkeypatch):
    manifest = MOD_TOML.replace("setup = []", 'setup = [{ name = "deploy", acts = "all" }]')
    plugin = PLUGIN.replace("class Bowman:", DEPLOY + "\n\nclass Bowman:").replace(
        '    app.add_computer_player(', '    app.add_system("deploy", "deploy", deploy)\n    app.add_computer_player(')
    game = volley(_install(tmp_path, monkeypatch, manifest, plugin))
    assert game.in_setup and game.awaiting_orders and game.world.clock.stage == "deploy"
    assert game.submit(cmd(game, "Guard"), seat=2).ok and game.submit(Ready(), seat=2).ok
    assert game.submit(Ready(), seat=1).ok
    assert life(game, 1).log == ["deployed:"] and life(game, 2).log == ["deployed:Guard"]
    assert game.world.clock.round == 1 and game.world.clock.stage == "volley" and game.awaiting_orders


def volley(search: list[Path]) -> Game:
    return create_game(None, PLAYERS, 3, search=search, ruleset="volley")


def cmd(game: Game, name: str, *args: object):
    return game.app.command_types()[name](*args)


def life(game: Game, seat: int):
    return game.app.plugin("volley").life(game.world, seat)  # type: ignore[union-attr]


def pending_prompt(game: Game) -> int:
    from systems.prompts import pending

    game.world.activate()
    return pending(game.world)[0][0]


def test_both_seats_give_hidden_orders_and_the_resolvers_run_in_declared_order(search):
    game = volley(search)
    assert game.awaiting_orders and game.world.clock.stage == "volley" and game.acting_seats() == [1, 2]
    assert game.schedule.order("volley") == ["guard", "shots", "victory"]
    assert game.submit(cmd(game, "Shoot", 2), seat=1).ok
    assert game.submit(cmd(game, "Guard"), seat=2).ok
    assert game.submit(Ready(), seat=1).ok and game.unready_seats() == [2]
    result = game.submit(Ready(), seat=2)
    assert result.ok
    steps = [(e.step, e.seat, e.detail) for e in result.events if type(e).__name__ == "Resolved"]
    assert steps == [("guard", 1, "down"), ("guard", 2, "up"), ("shots", 1, "2:blocked")]
    names = [type(e).__name__ for e in result.events]
    assert names.index("SeatReady") < names.index("OrdersRevealed") < names.index("Resolved") < names.index(
        "PromptAsked")
    assert game.asking and game.acting_seats() == [1, 2]  # the aftermath's question waits for both
    shown = [(e.step, e.seat) for e in events_for(game, 1, result.events) if type(e).__name__ == "Resolved"]
    assert shown == [("guard", 1), ("shots", 1)]  # the ruleset's visible_event hides seat 2's stance


def test_a_seats_orders_are_invisible_in_the_other_seats_view_and_events(search):
    game = volley(search)
    result = game.submit(cmd(game, "Shoot", 2), seat=1)
    mine, theirs, public = view_for(game, 1), view_for(game, 2), view_for(game, None)
    player1 = str(game.world.players[1])
    assert mine["entities"][player1]["SeatOrders"]["orders"] == [{"type": "Shoot", "target": 2}]
    for view in (theirs, public):
        assert view["entities"][player1]["SeatOrders"] == {"seat": 1, "ready": False}
        assert "Shoot" not in repr(view) and view["rng"] == "hidden"
    assert [type(e) for e in events_for(game, 1, result.events)] == [OrderGiven]
    assert events_for(game, 2, result.events) == () and events_for(game, None, result.events) == ()
    ready = game.submit(Ready(), seat=1)
    assert [type(e) for e in events_for(game, 2, ready.events)] == [SeatReady]  # who is ready is public
    # the ruleset's own hook hides the other archer's guard and log, not its life
    assert set(theirs["entities"][player1]["Life"]) == {"points"}
    assert set(mine["entities"][player1]["Life"]) == {"points", "guarding", "log"}


def test_orders_can_be_revised_withdrawn_and_readiness_taken_back(search):
    game = volley(search)
    assert game.submit(cmd(game, "Guard", True), seat=2).ok
    assert game.submit(cmd(game, "Guard", False), seat=2).ok  # same slot: replaces
    assert game.submit(cmd(game, "Shoot", 1), seat=2).ok and game.submit(cmd(game, "Shoot", 1), seat=2).ok
    orders = view_for(game, 2)["entities"][str(game.world.players[2])]["SeatOrders"]["orders"]
    assert orders == [{"type": "Guard", "up": False}, {"type": "Shoot", "target": 1}, {"type": "Shoot", "target": 1}]
    assert game.submit(WithdrawOrder(0), seat=2).ok
    assert game.submit(WithdrawOrder(5), seat=2).reason == "there is no order 5 to withdraw"
    assert game.submit(Ready(), seat=2).ok
    assert game.submit(cmd(game, "Shoot", 1), seat=2).reason.startswith("you are ready")
    assert game.submit(Unready(), seat=2).ok and game.submit(ClearOrders(), seat=2).ok
    assert game.submit(cmd(game, "Shoot", 1), seat=2).ok
    game.submit(Ready(), seat=1)
    before = life(game, 1).points
    assert game.submit(Ready(), seat=2).ok
    assert life(game, 1).points == before - 1  # only the one shot given after the clear counted
    assert game.submit(cmd(game, "Shoot", 2), seat=1).reason.startswith("waiting for seat 1, 2 to answer")


def test_a_prompt_answered_by_humans_then_the_flow_goes_on_after_the_asking_system(search):
    game = volley(search)
    game.submit(Ready(), seat=1)
    game.submit(Ready(), seat=2)
    prompt = pending_prompt(game)
    assert game.submit(Answer(prompt, "sleep"), seat=1).reason == "answer one of: rest, press"
    assert game.submit(Answer(prompt, "rest"), seat=3).reason == "seat 3 is not at the table"
    first = game.submit(Answer(prompt, "rest"), seat=1)
    assert first.ok and game.asking and events_for(game, 2, first.events) == ()  # the answer is private
    assert game.submit(Answer(prompt, "press"), seat=1).reason == "you have already answered that question"
    last = game.submit(Answer(prompt, "press"), seat=2)
    settled = [e for e in last.events if isinstance(e, PromptSettled)]
    assert [(e.seats, e.answers) for e in settled] == [((1, 2), ("rest", "press"))]
    assert life(game, 1).log == ["rest", "tally"] and life(game, 2).log == ["press", "tally"]
    assert (life(game, 1).points, life(game, 2).points) == (5, 4)
    assert game.awaiting_orders and game.world.clock.round == 2  # the next round's volley


def test_computer_seats_give_orders_and_answer_through_their_controller(search):
    from game import computer_seats
    from game.simulate import play_game

    game = volley(search)
    bowman = game.app.computer_players["normal"]()
    game.submit(Ready(), seat=1)
    computer_seats.act(game, 2, bowman)  # seat 2 shoots and is made ready: resolution, then the question
    assert life(game, 1).points == 3 and game.asking
    computer_seats.act(game, 2, bowman)
    assert game.asking and game.acting_seats() == [1]
    computer_seats.act(game, 1, object())  # a controller without `answer` takes the default
    assert life(game, 1).log == ["rest", "tally"] and life(game, 2).log == ["press", "tally"]
    game = volley(search)
    _, result = play_game(game.world.rules, None, ["normal", "normal"], 3, max_rounds=30, game=game)
    assert game.over and result.winner == DRAW and result.rounds == 4  # both shoot and press: 4 life each


def test_save_and_load_mid_phase_keep_buffered_orders_and_a_pending_prompt(search, tmp_path):
    from game.saves import load_game, save_game

    game = volley(search)
    game.submit(cmd(game, "Shoot", 2), seat=1)
    game.submit(cmd(game, "Guard"), seat=2)
    game.submit(Ready(), seat=2)
    loaded = load_game(save_game(game, tmp_path / "mid.foc.json.gz"), search=search)
    assert state_hash(loaded.world) == state_hash(game.world)
    assert loaded.unready_seats() == [1] and loaded.submit(Ready(), seat=1).ok
    assert loaded.asking
    prompt = pending_prompt(loaded)
    loaded.submit(Answer(prompt, "press"), seat=2)
    again = load_game(save_game(loaded, tmp_path / "asked.foc.json.gz"), search=search)
    assert state_hash(again.world) == state_hash(loaded.world) and again.acting_seats() == [1]
    assert again.submit(Answer(prompt, "press"), seat=1).ok and again.awaiting_orders
    assert [e[1] for e in again.history] == [1, 2, 2, 1, 2, 1]  # the issuers, recorded


def test_a_replay_of_a_simultaneous_game_verifies(search, tmp_path):
    from game.replay import load_replay, replay_data, save_replay, verify

    game = volley(search)
    for _ in range(3):
        game.submit(cmd(game, "Shoot", 2), seat=1)
        game.submit(Ready(), seat=2)
        game.submit(Ready(), seat=1)
        prompt = pending_prompt(game)
        game.submit(Answer(prompt, "press"), seat=2)
        game.submit(Answer(prompt, "press"), seat=1)
    data = replay_data(game)
    assert [c[1] for c in data["commands"][:5]] == [1, 2, 1, 2, 1]
    path = save_replay(game, tmp_path / "volley.focreplay.json.gz")
    verdict = verify(load_replay(path, search=search))
    assert verdict.ok, verdict.message


def test_the_deadline_makes_unready_seats_hold_and_takes_default_answers(search):
    game = volley(search)
    game.submit(cmd(game, "Shoot", 2), seat=1)
    game.submit(cmd(game, "Shoot", 1), seat=2)  # never confirmed: seat 2 holds
    game.submit(Ready(), seat=1)
    assert game.submit(Ready(), seat=0).reason == "seat 0 is not at the table"
    result = game.force_resolve()
    revealed = [e for e in result.events if isinstance(e, OrdersRevealed)]
    assert [e.holding for e in revealed] == [(2,)] and life(game, 1).points == 4 and life(game, 2).points == 3
    assert any(isinstance(e, PromptAsked) for e in result.events)
    game.force_resolve()
    assert life(game, 1).log == ["rest", "tally"] and game.awaiting_orders
    assert game.submit(cmd(game, "ForceResolve"), seat=1).reason == "only the host's clock forces a resolution"
    assert game.history[-1][1] == 0
    from game.replay import replay_data

    assert [c[2]["type"] for c in replay_data(game)["commands"] if c[1] == 0] == ["ForceResolve"] * 2  # re-run


def test_issuer_checks_in_sequential_and_simultaneous_phases(search):
    from tests.test_flow import duel, strike

    game = duel(search)
    before = state_hash(game.world)
    assert game.submit(strike(game), seat=2).reason == "it is seat 1's turn, not seat 2's"
    assert game.submit(EndTurn(), seat=2).reason == "it is seat 1's turn, not seat 2's"
    assert game.submit(Ready(), seat=1).reason.startswith("there are no orders to give now")
    assert state_hash(game.world) == before and game.history == []
    assert game.submit(strike(game), seat=1).ok and game.history[-1][1] == 1
    assert game.submit(strike(game)).ok  # the local table: the acting seat by default
    esper.clear_dead_entities()


def test_a_simultaneous_phase_in_a_turn_is_refused():
    from pydantic import ValidationError

    from game.flow import Flow

    with pytest.raises(ValidationError, match="belongs in setup or round_end"):
        Flow.model_validate({"turn": [{"name": "orders", "acts": "all"}]})
    with pytest.raises(ValidationError, match="only a seat phase has ends_with"):
        Flow.model_validate({"turn": [], "round_end": [{"name": "o", "acts": "all", "ends_with": ["Ready"]}]})


@dataclass(frozen=True, slots=True)
class Challenge(Command):
    """A test-only command: the acting seat asks seat 2 a question (base game, seat 1's Main stage)."""


def _challenging_base_game(ending: bool) -> Game:
    from systems.actions import Handler
    from systems.prompts import ask
    from tests.builders import tiny_game

    game = tiny_game(["ppp"], {1: (0, 0), 2: (2, 0)})
    app = game.app
    answers: list[tuple[int, str]] = []

    def apply(world, command) -> None:
        ask(world, "duel", "Accept the challenge?", [2], ["accept", "decline"], "decline")

    app.commands[Challenge] = Handler(lambda world, command: None, apply)
    app.prompt_handlers["duel"] = lambda world, prompt: answers.append((prompt.seats[0], prompt.given[0]))
    if ending:
        app.flow = app.flow.model_copy(update={"turn": tuple(
            p.model_copy(update={"ends_with": (*p.ends_with, "Challenge")}) if p.name == "main" else p
            for p in app.flow.turn)})
    game.answers = answers  # type: ignore[attr-defined]
    return game


def test_a_command_may_ask_another_seat_and_its_seat_acts_on_after_the_answer():
    from components.commands import BuildUnit

    game = _challenging_base_game(ending=False)
    assert game.submit(Challenge()).ok and game.asking and game.acting_seats() == [2]
    before = state_hash(game.world)
    assert game.submit(BuildUnit("infantry")).reason == "waiting for seat 2 to answer: Accept the challenge?"
    assert game.submit(EndTurn(), seat=2).reason.startswith("waiting for seat 2")
    assert state_hash(game.world) == before
    prompt = pending_prompt(game)
    assert game.submit(Answer(prompt, "accept"), seat=1).reason == "that question is not for seat 1"
    assert game.submit(Answer(prompt, "accept"), seat=2).ok
    assert game.answers == [(2, "accept")]  # type: ignore[attr-defined]
    assert game.awaiting_seat and game.world.clock.seat == 1 and game.world.clock.stage == "main"
    assert game.submit(EndTurn()).ok and game.world.clock.seat == 2


def test_an_ending_command_that_asks_ends_the_phase_once_answered_or_forced():
    game = _challenging_base_game(ending=True)
    assert game.submit(Challenge()).ok and game.world.clock.seat == 1 and game.asking
    assert game.force_resolve().ok
    assert game.answers == [(2, "decline")]  # type: ignore[attr-defined]
    assert game.world.clock.seat == 2 and game.awaiting_seat  # seat 1's turn ended after the answer
    assert game.force_resolve().reason.startswith("nothing waits for a deadline")


def test_an_immediate_command_applies_at_once_in_a_simultaneous_phase(search):
    from systems.world import OVER

    game = volley(search)
    assert game.submit(cmd(game, "Shoot", 2), seat=1).ok and game.submit(Ready(), seat=2).ok
    result = game.submit(cmd(game, "Yield"), seat=2)  # ready or not, a resignation is not an order
    assert result.ok and game.over and game.world.clock.winner == 1 and game.world.clock.stage == OVER
    assert life(game, 1).points == 4  # seat 1's shot was never resolved
    assert "SeatOrders" not in repr(view_for(game, 1))



def test_a_prompt_is_refused_unless_its_kind_answers_and_seats_are_sound():
    """systems.prompts.ask: a registered kind, distinct answers holding the default, distinct seats at the table."""
    from systems.prompts import ask
    from tests.builders import tiny_game

    game = tiny_game(["ppp", "ppp"], {1: (0, 0), 2: (2, 1)})
    world = game.world
    world.activate()
    with pytest.raises(ValueError, match="no prompt handler 'vote'"):
        ask(world, "vote", "?", [1], ["yes", "no"], "yes")
    world.app.prompt_handlers["vote"] = lambda *_: None
    try:
        for answers, default in ((["yes", "no"], "maybe"), ([], "yes"), (["yes", "yes"], "yes")):
            with pytest.raises(ValueError, match="must be one of distinct answers"):
                ask(world, "vote", "?", [1], answers, default)
        for seats in ([], [3], [1, 1]):
            with pytest.raises(ValueError, match="are not distinct seats at the table"):
                ask(world, "vote", "?", seats, ["yes", "no"], "yes")
        assert isinstance(ask(world, "vote", "?", [1, 2], ["yes", "no"], "yes"), int)
    finally:
        del world.app.prompt_handlers["vote"]
