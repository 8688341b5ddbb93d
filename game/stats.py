"""End-game statistics: per round and per player, for the victory screen's line charts, for any ruleset.

`StatsTracker.observe(game, entries)` is called with the journal entries of every accepted command (see
`game.summary.EventJournal`). What is charted is what the ruleset declares (`game.presentation.Presentation`):
its `statistics` are stocks sampled from the world after every command (the base game: territories held, army
units), so a round's value is the state after the last command seen in that round; `production_charts` names
the resources whose `ResourcesProduced` totals are summed per round, and `battle_chart` adds battles won
(cumulative). Nothing here reads one ruleset's rules or components.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

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
    values: dict[str, float] = field(default_factory=dict)  # the ruleset's other declared statistics, by key


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
        self.charts: list[tuple[str, str]] = []  # (key, title) of the ruleset's declared statistics, in order
        self.battles = False  # the ruleset charts battles won
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
        self._declared(world)
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

    def _declared(self, world: World) -> None:
        look = world.app.presentation
        self.resources = tuple(look.production_charts(world.rules)) if look.production_charts else ()
        self.charts = [(key, title) for key, title, _ in look.statistics]
        self.battles = look.battle_chart

    def sample(self, game: Any) -> None:
        """Record the ruleset's declared statistics (stocks) for the current round."""
        world = _world(game)
        world.activate()
        self._declared(world)
        self.seats = list(world.seats)
        from systems import queries as q

        self.names = {s: q.player(world, s).name for s in world.seats}
        round_ = world.app.hooks.round_of(world) if world.app is not None else world.clock.round  # as players count
        if round_ < 1:
            return
        statistics = world.app.presentation.statistics
        for seat in world.seats:
            row = self._row(round_, seat)
            for key, _, value in statistics:
                number = value(world, seat)
                if key == TERRITORIES:  # the two the save format names (game.saves.StatsRowData)
                    row.territories = int(number)
                elif key == ARMY_UNITS:
                    row.army_units = int(number)
                else:
                    row.values[key] = float(number)
            row.battles_won = self._battles_total.get(seat, 0)

    # -- charts -----------------------------------------------------------------------------------------
    def series(self) -> list[Series]:
        """The charts of the victory screen, one line per player in each."""
        rounds = sorted(self.rounds)
        charts: list[Series] = []

        def chart(key: str, title: str, pick: Any) -> None:
            values = {s: [float(pick(self._value(r, s))) for r in rounds] for s in self.seats}
            charts.append(Series(key, title, rounds, values))

        for key, title in self.charts:
            named = {TERRITORIES: lambda row: row.territories, ARMY_UNITS: lambda row: row.army_units}
            chart(key, title, named.get(key, lambda row, k=key: row.values.get(k, 0.0)))
        for resource in self.resources:
            chart(f"production_{resource}", f"{resource.capitalize()} produced",
                  lambda row, r=resource: row.production.get(r, 0))
        if self.battles:
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
            "charts": [[key, title] for key, title in self.charts],
            "battles": self.battles,
            "battles_total": {str(s): n for s, n in self._battles_total.items()},
            "rounds": {
                str(r): {str(s): {"territories": row.territories, "army_units": row.army_units,
                                  "battles_won": row.battles_won, "production": dict(row.production),
                                  "values": dict(row.values)}
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
        old = [[TERRITORIES, "Territories held"], [ARMY_UNITS, "Army units"]]  # saves from before declared charts
        charts, battles = data.get("charts"), data.get("battles")
        tracker.charts = [(str(k), str(t)) for k, t in (old if charts is None else charts)]
        tracker.battles = charts is None if battles is None else bool(battles)
        tracker._battles_total = {int(s): int(n) for s, n in data.get("battles_total", {}).items()}
        for r, per_seat in data.get("rounds", {}).items():
            for s, row in per_seat.items():
                tracker.rounds.setdefault(int(r), {})[int(s)] = RoundStats(
                    int(row["territories"]), int(row["army_units"]), int(row["battles_won"]),
                    {k: int(v) for k, v in row.get("production", {}).items()},
                    {k: float(v) for k, v in row.get("values", {}).items()},
                )
        return tracker


def _world(game: Any) -> World:
    return game if isinstance(game, World) else game.world
