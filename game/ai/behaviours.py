"""Behaviours a computer player's turn can be extended with: the hooks, and where a game's behaviours come from.

A `Behaviour` is registered once (built in, or by a mod's plugin with `app.add_ai_behaviour(behaviour)`) and
keeps nothing between turns. At the start of each strategic turn `for_turn(turn)` is asked for the
behaviour's part in that turn (None: nothing to do in this game or turn). A part reads the state through
`turn.v` (the read-only `game.ai.view.View`) and the engine's queries, acts only with `turn.submit`, and
answers the hooks below; the defaults do nothing, so a part overrides only what it needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from components.armies import Army
    from game.ai.turn import Turn
    from game.engine import Game


@dataclass(frozen=True)
class Staging:
    """Where strike forces leaving the flag gather (`cell` None: on the flag itself)."""

    cell: int | None


class TurnPart:
    """A behaviour's part in one turn; every hook has a do-nothing default."""

    def special_units(self) -> frozenset[str]:
        """Unit types this behaviour builds for its own ends: never used as claimers or the flag's garrison."""
        return frozenset()

    def unit_to_build(self, at_base: Army, staging: Army | None) -> str | None:
        """A unit type to build at the flag now for the strike forces (None: no opinion)."""
        return None

    def claim_target(self) -> int | None:
        """A territory the claimers should take first (e.g. a shore the plan needs)."""
        return None

    def staging(self) -> Staging | None:
        """Where strike forces should gather instead of next to the flag toward the target (None: no opinion)."""
        return None

    def lead(self, entity: int, army: Army) -> bool:
        """Take charge of a strike army's move this turn; True when it did (the default march is skipped)."""
        return False

    def urgent(self) -> None:
        """The behaviour's urgent step, first in the turn, before any army moves or fires."""

    def act(self) -> None:
        """The behaviour's own step, after the flag's defence and before units are built."""


class Behaviour(Protocol):
    """A computer player behaviour: a name (to switch it off in `Params.off`) and its part in a turn."""

    name: str

    def for_turn(self, turn: Turn) -> TurnPart | None: ...


def mod_behaviours(game: Game) -> list[Behaviour]:
    """The behaviours the game's mods registered (`app.add_ai_behaviour`, kept on the game's App), in load order."""
    return list(game.app.ai_behaviours)
