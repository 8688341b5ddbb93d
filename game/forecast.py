"""The upkeep forecast (R4.2-R4.4): before a player ends the turn, will next turn's food pay every group?

Next turn's Upkeep stage comes right after its Resource stage, so the food available then is the food held
now plus next turn's production. Production is random (R2.2), so the forecast works out two cases:

* `worst`: every owned territory yields the bottom of its range. This is the guarantee: when the worst case
  pays everybody, nobody starves, whatever the dice do. The panel warns from this case, so starvation is
  never a surprise.
* `expected`: every territory yields the middle of its range (rounded down over the total).

Territories that will not produce are left out: disrupted ones (judged at the start of that turn) and
those a rogue army stands in now (R2.3; rogues move in their Rogue stages, so this is a best guess).
Groups, payment order, allocation and rogue chances come from `systems.upkeep` itself -- the same
functions the Upkeep stage runs -- with the clock moved to that turn while they run, so units built this
turn already count (R4.1) and disruption is judged as it will be then.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from game.client_hooks import upkeep_resource
from systems import queries as q
from systems.production import production_ranges
from systems.upkeep import Group, allocate, rogue_chance, upkeep_groups, upkeep_owed
from systems.world import SETUP, World


@dataclass(frozen=True)
class GroupForecast:
    """One upkeep group that would not be paid in full."""

    entity: int
    kind: str
    territory: int
    size: int
    owed: int
    paid: int
    rogue_chance: float


@dataclass(frozen=True)
class Scenario:
    """What the Upkeep stage would do with `food` available."""

    food: int
    paid: int
    unpaid: tuple[GroupForecast, ...]

    @property
    def covered(self) -> bool:
        return not self.unpaid


@dataclass(frozen=True)
class UpkeepForecast:
    seat: int
    round: int
    resource: str
    food_now: int
    production_min: int
    production_expected: int
    production_max: int
    owed: int
    groups: int
    worst: Scenario
    expected: Scenario

    @property
    def safe(self) -> bool:
        """True when even the worst harvest pays every group."""
        return self.worst.covered

    def lines(self, label: object = None) -> list[str]:
        """Plain text for the side panel; `label(territory) -> str` names places (default: index)."""
        def where(t: int) -> str:
            return str(label(t)) if callable(label) else f"territory {t}"

        low = self.food_now + self.production_min
        high = self.food_now + self.production_max
        have = f"{low}" if low == high else f"{low}-{high} (about {self.expected.food})"
        after = f"{max(0, low - self.owed)}" if low == high else f"{max(0, low - self.owed)}-{max(0, high - self.owed)}"
        head = f"Next upkeep: {self.owed} {self.resource} owed of {have}; {after} left after it"
        if self.owed == 0:
            return [f"Next upkeep: nothing owed ({self.food_now} {self.resource} held)"]
        if self.safe:
            return [head, "Every army will be paid."]
        out = [head]
        if self.expected.covered:
            out.append("Paid if the harvest is average -- but a poor one leaves some unpaid:")
        else:
            out.append("Not enough! These will go unpaid, cannot act, and may go rogue:")
        for g in self.worst.unpaid:
            what = f"army of {g.size}" if g.kind == "army" else "stationed unit"
            out.append(f"  {what} at {where(g.territory)}: paid {g.paid} of {g.owed}, "
                       f"{g.rogue_chance:.0f}% rogue chance")
        return out


@contextmanager
def _clock_at(world: World, round_: int, seat: int) -> Iterator[None]:
    """Run upkeep questions as if it were `seat`'s turn in `round_`; the clock is put back afterwards."""
    saved = (world.clock.round, world.clock.seat)
    world.clock.round, world.clock.seat = round_, seat
    try:
        yield
    finally:
        world.clock.round, world.clock.seat = saved


def next_upkeep_round(world: World, seat: int) -> int:
    """The round of `seat`'s next Upkeep stage, seen from the current clock."""
    clock = world.clock
    if clock.stage == SETUP or clock.round == 0:
        return 1
    order = world.seats
    if order.index(seat) > order.index(clock.seat):
        return clock.round
    return clock.round + 1


def _scenario(world: World, groups: list[Group], food: int) -> Scenario:
    trial = [Group(g.entity, g.kind, g.territory, list(g.units), g.owed, g.distance, g.structure) for g in groups]
    allocate(food, trial)
    unpaid = tuple(
        GroupForecast(g.entity, g.kind, g.territory, len(g.units), g.owed, g.paid,
                      rogue_chance(world, g, g.kind == "stationed"))
        for g in trial if g.paid < g.owed
    )
    return Scenario(food, sum(g.paid for g in trial), unpaid)


def _next_upkeep(world: World, seat: int) -> tuple[int, list[Group], tuple[int, float, int]]:
    """The round of the seat's next Upkeep, its groups then (in payment order), and (least, mean, most)
    production before it."""
    round_ = next_upkeep_round(world, seat)
    with _clock_at(world, round_, seat):
        groups = upkeep_groups(world, seat)
        production = production_ranges(world, seat).get(upkeep_resource(world), (0, 0.0, 0))
    return round_, groups, production


def food_outlook(game: object, seat: int) -> tuple[int, int]:
    """(expected production, upkeep owed) of the upkeep resource at the seat's next Upkeep stage: the same
    numbers as `upkeep_forecast` (`production_expected`, `owed`), without its scenarios (computer players
    ask this many times a turn)."""
    world = game if isinstance(game, World) else game.world  # type: ignore[attr-defined]
    world.activate()
    with _clock_at(world, next_upkeep_round(world, seat), seat):
        owed = upkeep_owed(world, seat)  # a sum: the groups and their payment order are not needed
        _, mean, _ = production_ranges(world, seat).get(upkeep_resource(world), (0, 0.0, 0))
    return math.floor(mean), owed


def upkeep_forecast(game: object, seat: int) -> UpkeepForecast:
    """Owed vs. food at `seat`'s next Upkeep stage, and who would go unpaid with what rogue chance."""
    world = game if isinstance(game, World) else game.world  # type: ignore[attr-defined]
    world.activate()
    resource = upkeep_resource(world)
    food_now = q.stockpile(world, seat).get(resource, 0)
    round_, groups, (low, mean, high) = _next_upkeep(world, seat)
    with _clock_at(world, round_, seat):
        worst = _scenario(world, groups, food_now + low)
        expected = _scenario(world, groups, food_now + math.floor(mean))
    return UpkeepForecast(
        seat=seat, round=round_, resource=resource, food_now=food_now, production_min=low,
        production_expected=math.floor(mean), production_max=high, owed=sum(g.owed for g in groups),
        groups=len(groups), worst=worst, expected=expected,
    )
