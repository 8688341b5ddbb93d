"""The network protocol: versioned JSON messages, their strict shapes, limits and error codes (docs/network.md).

Every message is one JSON object with a `type`. A client numbers its requests (`seq`); the server's reply
carries the same number in `re`. Game updates carry the game's own sequence number (`seq`, the number of
commands the game has accepted); a client that reconnects names the last one it saw and gets its view again
with the events since.
Incoming messages are validated here with pydantic in strict mode (unknown fields, wrong types and unknown
types are refused with a reason); commands inside them are decoded later by the strict codec.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

PROTOCOL_VERSION = 3  # 3: per-seat views (state.view, update.view), no seed or commands sent; 2: any ruleset, hidden orders

# limits (see docs/network.md, "Hostile input")
MAX_MESSAGE_BYTES = 64 * 1024  # a frame larger than this closes the connection (websockets max_size)
RATE_PER_SECOND = 40.0  # sustained messages per connection
RATE_BURST = 80  # messages a connection may send at once
RATE_STRIKES = 200  # messages refused for rate before the connection is closed
# a client's own pace, well under the limit: messages can bunch up on the way, and a well-behaved client must
# never lose a request to the limit (a dropped command changes the game it plays)
CLIENT_RATE_PER_SECOND = 0.75 * RATE_PER_SECOND
CLIENT_BURST = RATE_BURST // 2
SEND_QUEUE = 512  # messages waiting for a slow client before it is dropped (it can reconnect and resume)
MAX_NAME = 40
MAX_SEATS = 8
MAX_WATCHERS = 64
MAX_TURN_SECONDS = 30 * 24 * 3600


class ProtocolError(ValueError):
    """A message that breaks the protocol; `code` is machine-readable, the text says what is wrong."""

    def __init__(self, code: str, message: str, re: int | None = None) -> None:
        self.code = code
        self.message = message
        self.re = re  # the number of the request refused, when it could be read
        super().__init__(f"{code}: {message}")


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seq: int | None = Field(default=None, ge=0, le=2**53)


class ModRefMsg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    id: str = Field(min_length=1, max_length=64)
    version: str = Field(min_length=1, max_length=32)


class Hello(_Msg):
    type: Literal["hello"]
    protocol: int
    client: str = Field(default="", max_length=MAX_NAME)
    mods: list[ModRefMsg] = Field(default_factory=list, max_length=64)


class ListGames(_Msg):
    type: Literal["list"]


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    kind: Literal["open", "computer"]
    # a computer seat's player kind: any the game's ruleset offers (game.ai.players.player_kinds: its own, then the
    # engine's search and random), checked by name when the game is created
    difficulty: str = Field(default="normal", min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    name: str = Field(default="", max_length=MAX_NAME)


class Create(_Msg):
    type: Literal["create"]
    name: str = Field(default="", max_length=MAX_NAME)
    ruleset: str = Field(default="base", min_length=1, max_length=64)
    map: str = Field(min_length=1, max_length=64)  # "default": the ruleset's own board (a ruleset with [board])
    seats: list[SeatSpec] = Field(min_length=2, max_length=MAX_SEATS)
    mods: list[str] = Field(default_factory=list, max_length=16)
    mode: Literal["live", "deadline"] = "live"
    turn_seconds: float | None = Field(default=None, gt=0, le=MAX_TURN_SECONDS)
    seed: int | None = Field(default=None, ge=0, lt=2**32)
    # the ruleset's options chosen (game.content.options), by name: checked when the game is created
    options: dict[Annotated[str, StringConstraints(max_length=40)],
                  bool | int | Annotated[str, StringConstraints(max_length=64)]] = Field(default_factory=dict,
                                                                                         max_length=16)


class Join(_Msg):
    """Take an open seat (`seat`), or come back to your seat with its `token`."""

    type: Literal["join"]
    game: str = Field(min_length=1, max_length=64)
    seat: int | None = Field(default=None, ge=1, le=MAX_SEATS)
    token: str | None = Field(default=None, max_length=128)
    name: str = Field(default="", max_length=MAX_NAME)
    last_seq: int = Field(default=-1, ge=-1)  # the last update applied (-1: none): the events since come with the view


class Watch(_Msg):
    type: Literal["watch"]
    game: str = Field(min_length=1, max_length=64)
    last_seq: int = Field(default=-1, ge=-1)


class Leave(_Msg):
    type: Literal["leave"]
    game: str = Field(min_length=1, max_length=64)


class CommandMsg(_Msg):
    type: Literal["command"]
    game: str = Field(min_length=1, max_length=64)
    command: dict[str, Any]


class Sync(_Msg):
    type: Literal["sync"]
    game: str = Field(min_length=1, max_length=64)


class Ping(_Msg):
    type: Literal["ping"]


ClientMessage = Annotated[
    Hello | ListGames | Create | Join | Watch | Leave | CommandMsg | Sync | Ping, Field(discriminator="type")
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)
KNOWN_TYPES = ("hello", "list", "create", "join", "watch", "leave", "command", "sync", "ping")


def parse_client_message(raw: str | bytes) -> Any:
    """The validated message in a frame; ProtocolError naming the problem (and the field) otherwise."""
    if isinstance(raw, bytes):
        raise ProtocolError("bad_frame", "binary frames are not part of the protocol; send JSON text")
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"message of {len(raw)} bytes (limit {MAX_MESSAGE_BYTES})")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", f"not valid JSON ({str(exc)[:80]})", trailing_seq(raw)) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"expected a JSON object, got {type(data).__name__}")
    seq = data.get("seq")
    re = seq if type(seq) is int and 0 <= seq <= 2**53 else None  # the number its error reply carries
    kind = data.get("type")
    if kind not in KNOWN_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:40]!r} (known: {', '.join(KNOWN_TYPES)})",
                            re)
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first["loc"][1:]) or "(message)"
        raise ProtocolError("bad_message", f"{kind}.{loc}: {first['msg']}", re) from None


_SEQ_AT_END = re.compile(r'"seq"\s*:\s*(\d{1,15})\s*}\s*$')


def trailing_seq(raw: str | bytes) -> int | None:
    """The request number of a message that is refused unread (over the rate limit), so that its error reply
    can carry it in `re` and the request fails at once rather than waiting out its timeout. Clients put `seq`
    last; only the message's end is read, so this costs the same for any message. None when not found."""
    tail = raw[-48:]
    text = tail.decode("utf-8", "replace") if isinstance(tail, bytes) else tail
    found = _SEQ_AT_END.search(text)
    return int(found.group(1)) if found else None


def encode(message: dict[str, Any]) -> str:
    """A server message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"))
