"""A game hosted by the server: the engine game, its seats and watchers, and the records of accepted commands.

Everything here runs on the server's one event-loop thread (the engine switches esper's global world, so
it must never run on two threads at once). A game is built new (`create`) or rebuilt from the journal
(`restore`: the replay header and the commands through `game.replay.run_commands`, the same re-run that
verifies replays), so a restarted server has every game at the same state hash.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import secrets
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from components.commands import Command, EndTurn
from game import computer_seats
from game.ai import make_controller
from game.codec import command_from_data, command_to_data
from game.engine import Accepted, Game, Result
from game.errors import DataError
from game.maps import MapData, find_map_file
from game.net.clock import Clock, wall
from game.net.journal import StoredGame, Write
from game.net.views import Viewer, ViewTracker, clock_data, event_data, viewer_events
from game.replay import header_from_data, header_of, start_game
from game.resources import MAPS
from game.saves import ModRef, game_app, require_mods
from game.setup import PlayerSpec, create_game
from game.simulate import resolve_map
from systems.world import MAIN, SETUP

OPEN, HUMAN, COMPUTER = "open", "human", "computer"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def ruleset_choices() -> list[dict[str, str]]:
    """The rulesets this server can host (for the lobby): id, name, description."""
    from game.content import rulesets

    return [{"id": rid, "name": manifest.name, "description": manifest.description}
            for rid, (manifest, _) in sorted(rulesets().items())]


@dataclass
class SeatState:
    """A seat at a hosted game: open, held by a human (who has its token), or played by the server."""

    seat: int
    kind: str
    name: str
    difficulty: str = "normal"
    token_hash: str = ""
    conns: set[Any] = field(default_factory=set)

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "difficulty": self.difficulty,
                "token_hash": self.token_hash}


@dataclass
class Hosted:
    """One game on the server."""

    id: str
    name: str
    settings: dict[str, Any]
    header: dict[str, Any]
    game: Game
    seats: dict[int, SeatState]
    created: float
    turn_started: float
    watchers: set[Any] = field(default_factory=set)
    durable_seq: int = 0  # commands on disk (and so shown to anyone)
    tracker: ViewTracker | None = None  # each viewer's view as of the last batch of commands (game.net.views)
    clock: Clock = wall  # the server's clock (turn timers; a test's clock file)
    creator: str = ""  # the address that created it (quotas; not journaled)
    active: float = 0.0  # when a player last acted or was connected (expiry: game.net.lifecycle)
    checkpoint_round: int = 0  # the round of the last snapshot
    checkpoints: list[int] = field(default_factory=list)  # the seqs of the last two snapshots (history starts there)
    pool_seq: int | None = None  # the seq of the computer worker's copy of this game (game.net.computers)
    thinking: bool = False  # a worker is playing this game's computer seats now
    lazy_views: bool = False  # stop following the views while nobody is connected (the server sets it)
    spectator_view: tuple[tuple[int, int], str] | None = None  # the last spectator's state sent, encoded
    views_pending: int = 0  # views owed to viewers who came in while commands were being written (server)

    def track(self, viewers: list[Viewer] | None = None) -> ViewTracker:
        """Start following each viewer's view (after the game is built or rebuilt); `viewers`: only these (a
        computer worker follows the spectator's alone)."""
        self.tracker = ViewTracker.start(self.game, [None, *self.seats] if viewers is None else viewers)
        return self.tracker

    # ----- facts
    @property
    def seq(self) -> int:
        return len(self.game.history)

    @property
    def mods(self) -> list[dict[str, str]]:
        return list(self.header["mods"])

    @property
    def turn_seconds(self) -> float | None:
        value = self.settings.get("turn_seconds")
        return float(value) if value else None

    def unwatched(self) -> bool:
        """No connection holds a seat of this game or watches it."""
        return not self.watchers and not any(seat.conns for seat in self.seats.values())

    def seated(self) -> bool:
        """Every seat is taken (by a human or the server): the turn clock runs only then."""
        return all(s.kind != OPEN for s in self.seats.values())

    @property
    def ruleset(self) -> str:
        return str(self.settings.get("ruleset", "base"))

    @property
    def simultaneous(self) -> bool:
        """The ruleset's flow has simultaneous phases (hidden orders)."""
        flow = self.game.app.flow
        return any(p.acts == "all" for p in (*flow.setup, *flow.turn, *flow.round_end))

    def waiting_on(self) -> list[int]:
        """The seats the game waits for: the seat to move, the seats not ready, or the seats asked."""
        game = self.game
        if game.awaiting_orders:
            return game.unready_seats()
        return game.acting_seats()

    def deadline(self) -> float | None:
        seconds = self.turn_seconds
        if seconds is None or self.game.over or not self.seated():
            return None
        if not any(self.seats[s].kind != COMPUTER for s in self.waiting_on() if s in self.seats):
            return None
        return self.turn_started + seconds

    def info(self) -> dict[str, Any]:
        """The game's line in the lobby: whose move it is, the round, the seats and the deadline."""
        world = self.game.world
        clock = world.clock
        waiting = self.waiting_on()
        to_move = self.seats.get(waiting[0]) if len(waiting) == 1 else None
        return {
            "game": self.id, "name": self.name, "ruleset": self.ruleset, "map": self.settings["map"],
            "mode": self.settings["mode"], "waiting_on": waiting,
            "turn_seconds": self.turn_seconds, "mods": [m["id"] for m in self.mods if m["id"] != self.ruleset],
            "options": dict(self.game.world.rules.game_options),
            "round": clock.round, "stage": clock.stage, "winner": clock.winner, "seq": self.durable_seq,
            "to_move": None if self.game.over or to_move is None else to_move.seat,
            "to_move_name": None if self.game.over or to_move is None else to_move.name,
            "deadline": self.deadline(), "watchers": len(self.watchers), "over": self.game.over,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "connected": bool(s.conns)}
                      for s in self.seats.values()],
        }

    def stored(self) -> StoredGame:
        return StoredGame(self.id, self.created, self.name, self.settings, self.header, self.turn_started,
                          [s.data() for s in self.seats.values()])

    def release(self) -> None:
        """Let go of the engine's world (esper keeps every world until deleted)."""
        import esper

        name = self.game.world.name
        if esper.current_world == name:
            esper.switch_world("default")
        if name in esper.list_worlds():
            esper.delete_world(name)
        self.tracker = None

    # ----- acting
    def apply(self, command: Command, issuer: str, seat: int | None = None) -> tuple[Result, list[dict[str, Any]], list[Write]]:
        """Submit one command issued by `seat` (None: the acting seat; the engine checks the issuer)."""
        return self._capture(lambda: [self.game.submit(command, seat=seat)], issuer)

    def apply_all(self, commands: list[tuple[int, Command]], issuer: str) -> tuple[bool, list[dict[str, Any]], list[Write]]:
        """Submit commands with their issuing seats in order, stopping at the first refused (game.net.computers:
        what a worker played on its copy); whether all were accepted, the records and journal writes."""
        refused: list[Result] = []

        def act() -> list[Result]:
            out: list[Result] = []
            for seat, command in commands:
                result = self.game.submit(command, seat=seat)
                out.append(result)
                if not result.ok:
                    refused.append(result)
                    break
            return out

        _, records, writes = self._capture(act, issuer)
        return not refused, records, writes

    def replay(self, command: Command, seat: int) -> Result:
        """Re-run a journaled command (restart): the engine's verdict, nothing recorded or shown."""
        return self.game.submit(command, seat=seat)

    def computers_to_act(self) -> list[SeatState]:
        """The server's computer seats the game waits for now."""
        if self.game.over or not self.seated():
            return []
        return [self.seats[s] for s in self.waiting_on() if s in self.seats and self.seats[s].kind == COMPUTER]

    def play_computer(self) -> tuple[list[dict[str, Any]], list[Write]]:
        """One turn (or base choice) of the computer seat to move, or every waiting computer seat's orders or
        answers (game.computer_seats); the records and journal writes."""
        waiting = self.computers_to_act()
        if not waiting:
            return [], []
        game = self.game
        if not game.awaiting_seat:
            def act() -> list[Result]:
                out: list[Result] = []
                for seat in waiting:
                    out.extend(computer_seats.act(game, seat.seat, make_controller(seat.difficulty, game.app)))
                return out

            _, records, writes = self._capture(act, "computer")
            return records, writes
        seat = waiting[0]
        before = (game.world.clock.round, game.world.clock.seat, game.world.clock.stage)
        controller = make_controller(seat.difficulty, game.app)

        def turn() -> list[Result]:
            if game.in_setup and hasattr(controller, "choose_base"):
                return [game.submit(controller.choose_base(game))]
            return list(controller.play_turn(game))

        _, records, writes = self._capture(turn, "computer")
        if (game.world.clock.round, game.world.clock.seat, game.world.clock.stage) == before and not game.over:
            # a controller that did not finish its turn must not stall the game
            _, more, more_writes = self._capture(lambda: [self._end_turn_for(game.world.clock.seat)], "server")
            records, writes = records + more, writes + more_writes
        return records, writes

    def _end_turn_for(self, seat: int) -> Result:
        """What the server does for a seat that does not finish its turn: ends it (the base game's base choice:
        the normal computer's choice; another ruleset: its phase's first ending command, when plain)."""
        game = self.game
        if game.in_setup and game.world.clock.stage == SETUP:
            return game.submit(make_controller("normal").choose_base(game))
        if game.world.clock.stage == MAIN:
            return game.submit(EndTurn())
        phase = game.app.flow.phase(game.world.clock.stage)
        ending = game.app.command_types().get(phase.ends_with[0]) if phase is not None and phase.ends_with else None
        if ending is None:
            return game.submit(EndTurn())
        fields = [f.name for f in dataclasses.fields(ending)] if dataclasses.is_dataclass(ending) else []
        try:  # a plain ending command, or one that only names the seat ending its turn
            command = ending(seat=seat) if fields == ["seat"] else ending()  # type: ignore[call-arg]
        except TypeError:
            return game.force_resolve()
        return game.submit(command, seat=seat)

    def expire_turn(self) -> tuple[list[dict[str, Any]], list[Write]]:
        """The turn timer ran out: in a simultaneous phase or a question the server forces the resolution
        (`Game.force_resolve`: seats not ready hold, unanswered questions take their default); else it ends
        the turn (in base choice it chooses for the seat)."""
        game = self.game
        if game.awaiting_orders or game.asking:
            _, records, writes = self._capture(lambda: [game.force_resolve()], "timer")
        else:
            _, records, writes = self._capture(lambda: [self._end_turn_for(game.world.clock.seat)], "timer")
        return records, writes

    def _capture(self, act: Any, issuer: str) -> tuple[Result, list[dict[str, Any]], list[Write]]:
        game = self.game
        original = game.submit
        records: list[dict[str, Any]] = []
        writes: list[Write] = []
        now = self.clock()

        def capture(command: Command, seat: int | None = None) -> Result:
            clock = game.world.clock
            rnd, stage, to_move = clock.round, clock.stage, clock.seat
            who = to_move if seat is None else seat
            result = original(command, seat=seat)
            if isinstance(result, Accepted):
                record = self._record(rnd, who, issuer, command, result)
                records.append(record)
                writes.append(_command_write(self.id, record, now))
                # the next seat's (or phase's) turn clock starts now (the seat to move before, not the clock's
                # seat after: a turn passing to the other seat in the same round and stage starts a turn too)
                if (game.world.clock.round, game.world.clock.seat, game.world.clock.stage) != (rnd, to_move, stage):
                    self.turn_started = now
                    writes.append(("UPDATE games SET turn_started = ? WHERE id = ?", (now, self.id)))
            return result

        game.submit = capture  # type: ignore[method-assign]
        try:
            results = act()
        finally:
            del game.submit
        if records and self.tracker is not None:
            if self.lazy_views and self.unwatched():
                # nobody to send views to (a computers' game nobody watches): following the views would cost a
                # read of the whole board every batch; they are taken afresh when someone comes (track)
                self.tracker = None
            else:
                # the batch's last record carries each viewer's change of view (shown once it is durable)
                records[-1]["change"] = self.tracker.advance(game)
        last: Result = results[-1] if results else Accepted()
        return last, records, writes

    def _record(self, rnd: int, seat: int, issuer: str, command: Command, result: Accepted) -> dict[str, Any]:
        """What was accepted (the command for the journal only) with the events each viewer may see of it
        (game.views: `events_for`)."""
        game = self.game
        record: dict[str, Any] = {"game": self.id, "seq": self.seq, "round": rnd, "seat": seat, "issuer": issuer,
                  "command": command_to_data(command), "events": [event_data(e) for e in result.events],
                  "clock": clock_data(game.world.clock)}
        viewers: list[int | None] = [None, *self.seats]
        views = {v: viewer_events(game, v, result.events, record["events"]) for v in viewers}
        if any(view != record["events"] for view in views.values()):
            record["views"] = views
        return record


def _command_write(game_id: str, record: dict[str, Any], now: float) -> Write:
    from game.net.journal import Journal

    return Journal.command(game_id, record["seq"], record["round"], record["seat"], record["issuer"],
                           record["command"], json.dumps(record["events"], separators=(",", ":")), now)


MAP_NAME = re.compile(r"[a-z0-9_]{1,40}")
RANDOM_MAP = re.compile(r"random:(\d{1,3})x(\d{1,3})(?::(\d{1,9}))?")
RANDOM_SIDES = (8, 64)


@cache
def server_map(name: str, ruleset: str = "base") -> MapData:
    """A map a client may ask for: a map shipped with the ruleset by name, or `random:WxH[:seed]` of a bounded
    size.

    Never a path: a client must not make the server read its files or build a huge board. Cached: a map
    (generated ones too) is made once per server process.
    """
    from game.content import maps_folder

    found = RANDOM_MAP.fullmatch(name)
    if found:
        width, height = int(found.group(1)), int(found.group(2))
        low, high = RANDOM_SIDES
        if not (low <= width <= high and low <= height <= high):
            raise DataError([f"map: random maps are {low}x{low} to {high}x{high}, not {width}x{height}"])
        return resolve_map(name, ruleset)
    folder = maps_folder(ruleset) or MAPS
    if not MAP_NAME.fullmatch(name) or find_map_file(folder, name) is None:
        raise DataError([f"map: no map {name[:40]!r} for {ruleset} on this server (use a shipped map's name, "
                         "random:WxH, or default for a ruleset with its own board)"])
    return resolve_map(name, ruleset)


def create(game_id: str, name: str, map_name: str, seats: list[dict[str, Any]], mods: list[str], mode: str,
           turn_seconds: float | None, seed: int, ruleset: str = "base",
           options: dict[str, object] | None = None, known: Collection[str] | None = None,
           clock: Clock = wall, track: bool = True) -> Hosted:
    """A new hosted game of `ruleset` with `mods` and the ruleset's `options` (DataError naming the problem:
    unknown ruleset, map, mods or option, too many seats for the map); `known`: the rulesets the server hosts
    (read from the content folders when not given: a third of a game's creation)."""
    if known is None:
        known = {r["id"] for r in ruleset_choices()}
    if ruleset not in known:
        raise DataError([f"ruleset: no ruleset {ruleset[:40]!r} on this server (choose from {', '.join(sorted(known))})"])
    map_data = None if map_name == "default" else server_map(map_name, ruleset)
    specs = [PlayerSpec(s["name"] or (f"Computer {i + 1}" if s["kind"] == COMPUTER else f"Seat {i + 1}"),
                        computer=s["kind"] == COMPUTER, difficulty=s["difficulty"]) for i, s in enumerate(seats)]
    game = create_game(map_data, specs, seed, mods, ruleset=ruleset, options=options)
    now = clock()
    seat_states = {i + 1: SeatState(i + 1, s["kind"], specs[i].name, s["difficulty"]) for i, s in enumerate(seats)}
    settings = {"map": map_name, "mods": mods, "mode": mode, "turn_seconds": turn_seconds, "seed": seed,
                "ruleset": ruleset}
    hosted = Hosted(game_id, name or f"Game {game_id[:6]}", settings, header_of(game), game, seat_states, now, now,
                    clock=clock)
    if track:  # else its views are followed from the first viewer on (the server: a computers' game may have none)
        hosted.track()
    return hosted


class StaleSnapshot(DataError):
    """A game's snapshot does not load to the state it was taken of: rebuild from the first command."""


def snapshot_of(game: Game) -> tuple[int, int, str, str]:
    """A checkpoint of a game (seq, round, the save's checksum, save data as JSON): a restart loads it and
    replays only the commands after it (game.saves: the whole state, the generator's included, checked
    through on loading). No state hash: it would cost twice the save itself (~0.2 s on a 64x64 board)."""
    from game.saves import save_data

    data = save_data(game)
    return len(game.history), game.world.clock.round, str(data["checksum"]), json.dumps(data, separators=(",", ":"))


def _from_snapshot(stored: StoredGame, where: str) -> Game:
    from game.saves import game_from_data

    assert stored.snapshot is not None
    seq, _, _, data = stored.snapshot
    try:
        game = game_from_data(data, f"{where} snapshot")
    except DataError as exc:
        raise StaleSnapshot(exc.errors) from None
    if len(game.history) != seq:
        raise StaleSnapshot([f"{where}: the snapshot at command {seq} holds {len(game.history)} commands"])
    return game


def restore(stored: StoredGame, clock: Clock = wall, track: bool = True) -> Hosted:
    """A game rebuilt from its journal: its latest snapshot (or the header), then every command after it re-run
    through `Game.submit` by its recorded issuer (the orders of an open simultaneous phase found again on the
    way). StaleSnapshot when the snapshot does not load to its state (the caller reads every command instead)."""
    where = f"journal game {stored.id}"
    header = header_from_data(stored.header, where)
    mods = [ModRef.model_validate(m) for m in stored.header["mods"]]
    require_mods(mods, header.rules, where)
    kinds = game_app(header.rules, where).command_types()
    game = start_game(header) if stored.snapshot is None else _from_snapshot(stored, where)
    seats = {s["seat"]: SeatState(s["seat"], s["kind"], s["name"], s["difficulty"], s["token_hash"])
             for s in stored.seats}
    hosted = Hosted(stored.id, stored.name, stored.settings, stored.header, game, seats, stored.created,
                    stored.turn_started, clock=clock)
    for seq, rnd, seat, _, data in stored.commands:
        if seq != len(game.history) + 1:
            raise DataError([f"{where}: commands: command {len(game.history) + 1} is missing (found {seq})"])
        command = command_from_data(data, f"{where}.commands.{seq}", kinds)
        if game.world.clock.round != rnd:
            raise DataError([f"{where}: command {seq} was recorded in round {rnd}, the game is at {game.world.clock.round}"])
        result = hosted.replay(command, seat)
        if not result.ok:
            raise DataError([f"{where}: command {seq} ({type(command).__name__}) is rejected: {result.reason}"])  # type: ignore[union-attr]
    hosted.durable_seq = len(game.history)
    hosted.turn_started = stored.turn_started
    if stored.snapshot is not None:
        hosted.checkpoints = [stored.snapshot[0]]
        hosted.checkpoint_round = stored.snapshot[1]
    if track:
        hosted.track()
    return hosted
