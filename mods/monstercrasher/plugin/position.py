"""A MonsterCrasher position as plain data, spawning (MC3.2), the turn's march and game end (MC7).

Both the engine's command handlers and the computer player use these functions, so each rule lives
in one place: the engine reads a `Position` from its entities, the computer player copies it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .data import MonsterRules
from .events import square_name
from .march import MarchResult, Piece, Square, march, opponent

Spawn = tuple[str, Square]  # (creature type, back-row square)
SEATS = (1, 2)  # MC2.1


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the rules need: creatures, life per seat, whose turn, the round, spawn points spent."""

    pieces: tuple[Piece, ...]
    life: tuple[int, int]  # (player 1, player 2), MC2.2
    active: int = 1
    round: int = 1
    spent: int = 0

    def life_of(self, seat: int) -> int:
        return self.life[seat - 1]

    def occupant(self, square: Square) -> Piece | None:
        return next((p for p in self.pieces if p.square == square), None)


@dataclass(frozen=True, slots=True)
class Outcome:
    """MC7: the game is over; `winner` is a seat, or None for a draw."""

    winner: int | None
    reason: str

    @property
    def draw(self) -> bool:
        return self.winner is None


def start_position(rules: MonsterRules) -> Position:
    """MC2.2/MC3.1: empty board, both players at full life, player 1 to play in round 1."""
    return Position((), (rules.players.life, rules.players.life))


def back_rank(seat: int, rules: MonsterRules) -> int:
    """MC2.1: player 1 spawns on rank 1, player 2 on the last rank."""
    return 1 if seat == 1 else rules.board.height


def points_left(position: Position, rules: MonsterRules) -> int:
    return rules.players.spawn_points - position.spent


def spawn_reason(position: Position, rules: MonsterRules, seat: int, kind: str, square: Square) -> str | None:
    """Why `seat` may not spawn a `kind` on `square` now (MC3.2, MC4.3), or None when it may."""
    if seat != position.active:
        return f"it is player {position.active}'s turn, not player {seat}'s"
    if kind not in rules.turns.roster:
        return f"'{kind}' is not a creature players may spawn (the roster: {', '.join(rules.turns.roster)})"
    if not (1 <= square[0] <= rules.board.width and 1 <= square[1] <= rules.board.height):
        return f"{square} is not a square of the board"
    back = back_rank(seat, rules)
    if square[1] != back:
        return f"{square_name(square)} is not on your back row (rank {back})"
    if position.occupant(square) is not None:
        return f"{square_name(square)} is occupied"
    cost, left = rules.units[kind].cost, points_left(position, rules)
    if cost > left:
        return f"a {rules.units[kind].name} costs {cost} spawn points and {left} are left this turn"
    return None


def spawned(position: Position, rules: MonsterRules, kind: str, square: Square, creature_id: int) -> Position:
    """The position after the active player spawns `kind` on `square` (check `spawn_reason` first)."""
    creature = rules.units[kind]
    piece = Piece(creature_id, position.active, kind, creature.power, creature.defense, square)
    return replace(position, pieces=(*position.pieces, piece), spent=position.spent + creature.cost)


def spawn_choices(position: Position, rules: MonsterRules) -> list[tuple[Spawn, ...]]:
    """Every legal set of spawns for the active player this turn (MC3.2), spending nothing included,
    in a fixed order: the empty back-row squares left to right, the roster in its order."""
    rank = back_rank(position.active, rules)
    taken = {p.square for p in position.pieces}
    empty = [(f, rank) for f in range(1, rules.board.width + 1) if (f, rank) not in taken]
    roster = [(kind, rules.units[kind].cost) for kind in rules.turns.roster]
    choices: list[tuple[Spawn, ...]] = []

    def extend(start: int, chosen: tuple[Spawn, ...], left: int) -> None:
        choices.append(chosen)
        for index in range(start, len(empty)):
            for kind, cost in roster:
                if cost <= left:
                    extend(index + 1, (*chosen, (kind, empty[index])), left - cost)

    extend(0, (), points_left(position, rules))
    return choices


def after_march(position: Position, rules: MonsterRules, result: MarchResult) -> Position:
    """MC3.3: the position after the active player's march: life lowered, the other player to play."""
    life = tuple(position.life_of(seat) - result.life_lost[seat] for seat in SEATS)
    following = opponent(position.active)
    round_ = position.round + (1 if following == SEATS[0] else 0)
    return Position(result.pieces, (life[0], life[1]), following, round_, 0)


def press_turn_button(position: Position, rules: MonsterRules, record: bool = True) -> tuple[Position, MarchResult]:
    """MC3.3: march every creature, then hand the turn over."""
    result = march(position.pieces, rules, position.active, record)
    return after_march(position, rules, result), result


def outcome(life: tuple[int, int], finished_round: int, last_seat: int, rules: MonsterRules) -> Outcome | None:
    """MC7 after a whole march by `last_seat` in `finished_round`: a player at 0 or less loses, both at once
    is a draw (MC7.1); after the last seat's march of round `round_limit`, more life wins (MC7.2)."""
    down = [seat for seat in SEATS if life[seat - 1] <= 0]
    if len(down) == 2:
        return Outcome(None, "both players fell to 0 life in the same march")
    if down:
        return Outcome(opponent(down[0]), f"player {down[0]} fell to {life[down[0] - 1]} life")
    if last_seat == SEATS[-1] and finished_round >= rules.turns.round_limit:
        if life[0] == life[1]:
            return Outcome(None, f"after {rules.turns.round_limit} rounds both players have {life[0]} life")
        winner = 1 if life[0] > life[1] else 2
        return Outcome(winner, f"after {rules.turns.round_limit} rounds player {winner} has more life")
    return None
