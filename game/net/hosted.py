"""A game hosted by the server: the engine game, its seats and watchers, and the records of accepted commands.

Everything here runs on the server's one event-loop thread (the engine switches esper's global world, so
it must never run on two threads at once). A game is built new (`create`) or rebuilt from the journal
(`restore`: the replay header and the commands through `game.replay.run_commands`, the same re-run that
verifies replays), so a restarted server has every game at the same state hash.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from components.commands import Command, EndTurn
from components.rules import Ruleset
from game.ai import make_controller
from game.codec import command_from_data, command_to_data
from game.engine import Accepted, Game, Result
from game.errors import DataError
from game.maps import MapData
from game.net.journal import StoredGame, Write
from game.net.views import clock_data, event_data
from game.replay import header_from_data, header_of, run_commands, start_game
from game.saves import ModRef, plugin_schedule, require_mods
from game.setup import PlayerSpec, new_game
from game.simulate import PROJECT_ROOT, resolve_map
from systems.world import MAIN, SETUP

OPEN, HUMAN, COMPUTER = "open", "human", "computer"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@cache
def rules_for(mods: tuple[str, ...]) -> Ruleset:
    """The ruleset of the base game plus `mods` (loaded once per server; plugins registered)."""
    from game.plugins import load_mods

    rules, _ = load_mods(list(mods))
    return rules


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

    def seated(self) -> bool:
        """Every seat is taken (by a human or the server): the turn clock runs only then."""
        return all(s.kind != OPEN for s in self.seats.values())

    def deadline(self) -> float | None:
        seconds = self.turn_seconds
        if seconds is None or self.game.over or not self.seated():
            return None
        seat = self.seats.get(self.game.world.clock.seat)
        if seat is None or seat.kind == COMPUTER:
            return None
        return self.turn_started + seconds

    def info(self) -> dict[str, Any]:
        """The game's line in the lobby: whose move it is, the round, the seats and the deadline."""
        world = self.game.world
        clock = world.clock
        to_move = self.seats.get(clock.seat)
        return {
            "game": self.id, "name": self.name, "map": self.settings["map"], "mode": self.settings["mode"],
            "turn_seconds": self.turn_seconds, "mods": [m["id"] for m in self.mods if m["id"] != "base"],
            "round": clock.round, "stage": clock.stage, "winner": clock.winner, "seq": self.durable_seq,
            "to_move": None if self.game.over else clock.seat,
            "to_move_name": None if self.game.over or to_move is None else to_move.name,
            "deadline": self.deadline(), "watchers": len(self.watchers),
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "connected": bool(s.conns)}
                      for s in self.seats.values()],
        }

    def stored(self) -> StoredGame:
        return StoredGame(self.id, self.created, self.name, self.settings, self.header, self.turn_started,
                          [s.data() for s in self.seats.values()])

    # ----- acting
    def apply(self, command: Command, issuer: str) -> tuple[Result, list[dict[str, Any]], list[Write]]:
        """Submit one command; the records and journal writes of what was accepted."""
        return self._capture(lambda: [self.game.submit(command)], issuer)

    def play_computer(self) -> tuple[list[dict[str, Any]], list[Write]]:
        """One turn (or base choice) of the server's computer seat to move; the records and journal writes."""
        seat = self.seat_to_move()
        if seat is None or seat.kind != COMPUTER:
            return [], []
        before = (self.game.world.clock.round, self.game.world.clock.seat)
        controller = make_controller(seat.difficulty)
        game = self.game

        def turn() -> list[Result]:
            if game.in_setup:
                return [game.submit(controller.choose_base(game))]
            return list(controller.play_turn(game))

        _, records, writes = self._capture(turn, "computer")
        if (game.world.clock.round, game.world.clock.seat) == before and not game.over:
            # a controller that did not finish its turn must not stall the game
            fallback: Command = make_controller("normal").choose_base(game) if game.in_setup else EndTurn()
            _, more, more_writes = self.apply(fallback, "server")
            records, writes = records + more, writes + more_writes
        return records, writes

    def expire_turn(self) -> tuple[list[dict[str, Any]], list[Write]]:
        """The turn timer ran out: the server ends the turn (in base choice it chooses for the seat)."""
        command: Command = EndTurn()
        if self.game.in_setup:
            command = make_controller("normal").choose_base(self.game)
        _, records, writes = self.apply(command, "timer")
        return records, writes

    def seat_to_move(self) -> SeatState | None:
        if self.game.over:
            return None
        clock = self.game.world.clock
        if clock.stage not in (MAIN, SETUP):
            return None
        return self.seats.get(clock.seat)

    def _capture(self, act: Any, issuer: str) -> tuple[Result, list[dict[str, Any]], list[Write]]:
        game = self.game
        original = game.submit
        records: list[dict[str, Any]] = []
        writes: list[Write] = []
        now = time.time()

        def capture(command: Command) -> Result:
            rnd, seat = game.world.clock.round, game.world.clock.seat
            result = original(command)
            if isinstance(result, Accepted):
                record = self._record(rnd, seat, issuer, command, result)
                records.append(record)
                writes.append(_command_write(self.id, record, now))
                if (game.world.clock.round, game.world.clock.seat) != (rnd, seat):
                    self.turn_started = now
                    writes.append(("UPDATE games SET turn_started = ? WHERE id = ?", (now, self.id)))
            return result

        game.submit = capture  # type: ignore[method-assign]
        try:
            results = act()
        finally:
            del game.submit
        last: Result = results[-1] if results else Accepted()
        return last, records, writes

    def _record(self, rnd: int, seat: int, issuer: str, command: Command, result: Accepted) -> dict[str, Any]:
        return {"game": self.id, "seq": self.seq, "round": rnd, "seat": seat, "issuer": issuer,
                "command": command_to_data(command), "events": [event_data(e) for e in result.events],
                "clock": clock_data(self.game.world.clock)}

    def commands_data(self, upto: int) -> list[list[Any]]:
        return [[r, s, command_to_data(c)] for r, s, c in self.game.history[:upto]]


def _command_write(game_id: str, record: dict[str, Any], now: float) -> Write:
    from game.net.journal import Journal

    return Journal.command(game_id, record["seq"], record["round"], record["seat"], record["issuer"],
                           record["command"], json.dumps(record["events"], separators=(",", ":")), now)


MAP_NAME = re.compile(r"[a-z0-9_]{1,40}")
RANDOM_MAP = re.compile(r"random:(\d{1,3})x(\d{1,3})(?::(\d{1,9}))?")
RANDOM_SIDES = (8, 64)


@cache
def server_map(name: str) -> MapData:
    """A map a client may ask for: a shipped map by name, or `random:WxH[:seed]` of a bounded size.

    Never a path: a client must not make the server read its files or build a huge board. Cached: a map
    (generated ones too) is made once per server process.
    """
    found = RANDOM_MAP.fullmatch(name)
    if found:
        width, height = int(found.group(1)), int(found.group(2))
        low, high = RANDOM_SIDES
        if not (low <= width <= high and low <= height <= high):
            raise DataError([f"map: random maps are {low}x{low} to {high}x{high}, not {width}x{height}"])
        return resolve_map(name)
    if not MAP_NAME.fullmatch(name) or not (PROJECT_ROOT / "maps" / f"{name}.tmj").is_file():
        raise DataError([f"map: no map {name[:40]!r} on this server (use a shipped map's name or random:WxH)"])
    return resolve_map(name)


def create(game_id: str, name: str, map_name: str, seats: list[dict[str, Any]], mods: list[str], mode: str,
           turn_seconds: float | None, seed: int) -> Hosted:
    """A new hosted game (DataError naming the problem: unknown map, mods, too many seats for the map)."""
    map_data = server_map(map_name)
    rules = rules_for(tuple(mods))
    specs = [PlayerSpec(s["name"] or (f"Computer {i + 1}" if s["kind"] == COMPUTER else f"Seat {i + 1}"),
                        computer=s["kind"] == COMPUTER, difficulty=s["difficulty"]) for i, s in enumerate(seats)]
    game = new_game(rules, map_data, specs, seed)
    now = time.time()
    seat_states = {i + 1: SeatState(i + 1, s["kind"], specs[i].name, s["difficulty"]) for i, s in enumerate(seats)}
    settings = {"map": map_name, "mods": mods, "mode": mode, "turn_seconds": turn_seconds, "seed": seed}
    return Hosted(game_id, name or f"Game {game_id[:6]}", settings, header_of(game), game, seat_states, now, now)


def restore(stored: StoredGame) -> Hosted:
    """A game rebuilt from its journal: the header, then every command re-run through `Game.submit`."""
    where = f"journal game {stored.id}"
    header = header_from_data(stored.header, where)
    mods = [ModRef.model_validate(m) for m in stored.header["mods"]]
    require_mods(mods, header.rules, where)
    plugin_schedule(header.rules, where)
    game = start_game(header)
    commands: list[tuple[int, int, Command]] = []
    for seq, rnd, seat, _, data in stored.commands:
        if seq != len(commands) + 1:
            raise DataError([f"{where}: commands: command {len(commands) + 1} is missing (found {seq})"])
        commands.append((rnd, seat, command_from_data(data, f"{where}.commands.{seq}")))
    applied, problem = run_commands(game, commands)
    if problem is not None:
        raise DataError([f"{where}: {problem}"])
    seats = {s["seat"]: SeatState(s["seat"], s["kind"], s["name"], s["difficulty"], s["token_hash"])
             for s in stored.seats}
    hosted = Hosted(stored.id, stored.name, stored.settings, stored.header, game, seats, stored.created,
                    stored.turn_started)
    hosted.durable_seq = applied
    return hosted

