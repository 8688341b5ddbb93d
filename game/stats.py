"""End-game statistics: per round and per player, for the victory screen's line charts.

`StatsTracker.observe(game, entries)` is called with the journal entries of every accepted command (see
`game.summary.EventJournal`). Flows (production, battles won) are summed per round from the events; stocks
(territories held, army units) are sampled from the world after every command, so a round's value is the
state after the last command seen in that round. Battles won are cumulative, the rest per round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import esper

from components.armies import Army
from components.structures import Structure
from systems import events as ev
from systems.world import World

TERRITORIES = "territories"
ARMY_UNITS = "army_units"
BATTLES_WON = "battles_won"


@dataclass
class RoundStats:
    """One player's numbers in one round."""

    territories: int = 0
    army_units: int = 0
    battles_won: int = 0
    production: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Series:
    """One chart: a title and, per seat, the values over `rounds`."""

    key: str
    title: str
    rounds: list[int]
    values: dict[int, list[float]]


class StatsTracker:
    """Collects RoundStats per (round, seat)."""

    def __init__(self, game: Any | None = None) -> None:
        self.rounds: dict[int, dict[int, RoundStats]] = {}
        self.seats: list[int] = []
        self.names: dict[int, str] = {}
        self.resources: tuple[str, ...] = ()
        self._battles_total: dict[int, int] = {}
        if game is not None:
            self.sample(game)

    def _row(self, round_: int, seat: int) -> RoundStats:
        return self.rounds.setdefault(round_, {}).setdefault(
            seat, RoundStats(production=dict.fromkeys(self.resources, 0))
        )

    def observe(self, game: Any, entries: Iterable[Any]) -> None:
        """Count production and battles from journal entries, then sample the world."""
        world = _world(game)
        self.resources = world.rules.resources.ids
        for entry in entries:
            event, round_ = entry.event, entry.round
            if round_ < 1:
                continue
            if isinstance(event, ev.ResourcesProduced):
                row = self._row(round_, event.seat)
                for resource, amount in event.totals.items():
                    row.production[resource] = row.production.get(resource, 0) + amount
            elif isinstance(event, ev.BattleEnded) and event.winner_owner is not None and not event.retreated:
                self._battles_total[event.winner_owner] = self._battles_total.get(event.winner_owner, 0) + 1
                self._row(round_, event.winner_owner).battles_won = self._battles_total[event.winner_owner]
        self.sample(game)

    def sample(self, game: Any) -> None:
        """Record territories held and army units (in armies and stationed) for the current round."""
        world = _world(game)
        world.activate()
        self.resources = world.rules.resources.ids
        self.seats = list(world.seats)
        from systems import queries as q

        self.names = {s: q.player(world, s).name for s in world.seats}
        round_ = world.clock.round
        if round_ < 1:
            return
        units: dict[int, int] = dict.fromkeys(world.seats, 0)
        for _, army in esper.get_component(Army):
            if army.owner in units:
                units[army.owner] += len(army.units)
        for _, structure in esper.get_component(Structure):
            if structure.owner in units:
                units[structure.owner] += len(structure.garrison)
        for seat in world.seats:
            row = self._row(round_, seat)
            row.territories = len(world.owned.get(seat, ()))
            row.army_units = units[seat]
            row.battles_won = self._battles_total.get(seat, 0)

    # -- charts -----------------------------------------------------------------------------------------
    def series(self) -> list[Series]:
        """The charts of the victory screen, one line per player in each."""
        rounds = sorted(self.rounds)
        charts: list[Series] = []

        def chart(key: str, title: str, pick: Any) -> None:
            values = {s: [float(pick(self._value(r, s))) for r in rounds] for s in self.seats}
            charts.append(Series(key, title, rounds, values))

        chart(TERRITORIES, "Territories held", lambda row: row.territories)
        chart(ARMY_UNITS, "Army units", lambda row: row.army_units)
        for resource in self.resources:
            chart(f"production_{resource}", f"{resource.capitalize()} produced",
                  lambda row, r=resource: row.production.get(r, 0))
        chart(BATTLES_WON, "Battles won", lambda row: row.battles_won)
        return charts

    def _value(self, round_: int, seat: int) -> RoundStats:
        row = self.rounds.get(round_, {}).get(seat)
        if row is not None:
            return row
        earlier = [r for r in self.rounds if r < round_ and seat in self.rounds[r]]
        if earlier:  # a defeated player keeps no row: carry nothing forward but battles
            return RoundStats(battles_won=self.rounds[max(earlier)][seat].battles_won)
        return RoundStats()

    # -- persistence (saves may carry these) ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "names": {str(s): n for s, n in self.names.items()},
            "resources": list(self.resources),
            "battles_total": {str(s): n for s, n in self._battles_total.items()},
            "rounds": {
                str(r): {str(s): {"territories": row.territories, "army_units": row.army_units,
                                  "battles_won": row.battles_won, "production": dict(row.production)}
                         for s, row in per_seat.items()}
                for r, per_seat in self.rounds.items()
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StatsTracker:
        tracker = cls()
        tracker.seats = [int(s) for s in data.get("seats", [])]
        tracker.names = {int(s): str(n) for s, n in data.get("names", {}).items()}
        tracker.resources = tuple(data.get("resources", ()))
        tracker._battles_total = {int(s): int(n) for s, n in data.get("battles_total", {}).items()}
        for r, per_seat in data.get("rounds", {}).items():
            for s, row in per_seat.items():
                tracker.rounds.setdefault(int(r), {})[int(s)] = RoundStats(
                    int(row["territories"]), int(row["army_units"]), int(row["battles_won"]),
                    {k: int(v) for k, v in row.get("production", {}).items()},
                )
        return tracker


def _world(game: Any) -> World:
    return game if isinstance(game, World) else game.world
