"""MonsterCrasher, a whole game on the engine: rules (MC1-MC10), components, commands, AI and client screen.

The package registers everything on the game's App; the rules are pure functions (`directions`, `march`,
`position`) that the command handlers and systems (`play`) and the computer player (`computer`,
`player`) share. Queries for other code: `play.position_of(world)`, `player.legal_turns(game)`,
`player.legal_commands(game)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from components.board import Ownership, Territory
from components.players import Player
from game.presentation import PieceLook

from .commands import PressTurnButton, Spawn
from .components import Contender, Creature
from .data import MonsterRules
from .events import MARCH_EVENTS, CreatureSpawned
from .invariants import creature_problems
from .play import (
    MARCH,
    SPAWN,
    add_contender,
    apply_press,
    apply_spawn,
    check_press,
    check_spawn,
    refresh_spawn_points,
    run_march,
    victory,
    victory_hook,
)
from .player import ComputerPlayer, legal_commands, legal_turns, position_value

if TYPE_CHECKING:
    from game.app import ModApp

__all__ = ["legal_commands", "legal_turns"]


def _screen() -> Any:
    from .screen import MonsterScreen

    return MonsterScreen


def _agent_view(game: Any, max_rounds: int) -> Any:
    from .agent import MonsterView  # numpy: only where learning agents play

    return MonsterView(game, max_rounds)


def _pieces(world: Any) -> list[PieceLook]:
    """The creatures where they stand (MC4.1), for the engine's save thumbnail and default board screen: the square
    (file, rank) is the board's cell (rank - 1) * width + (file - 1)."""
    import esper

    world.activate()
    width = world.rules.board.width
    return [PieceLook((c.rank - 1) * width + c.file - 1, c.owner, glyph=c.kind[:1].upper())
            for _, c in sorted(esper.get_component(Creature), key=lambda pair: pair[0])]


def _life(world: Any, seat: int) -> int:
    from .play import contenders

    world.activate()
    found = contenders(world).get(seat)
    return found.life if found is not None else 0


def _how(world: Any) -> str:
    """The victory screen's line (MC7), in players' words."""
    from .play import contenders

    world.activate()
    life = {seat: c.life for seat, c in contenders(world).items()}
    if any(v <= 0 for v in life.values()):
        return f"Crossings took the last of the loser's life in round {world.clock.round}"
    return f"More life left after the last round ({' to '.join(str(life[s]) for s in sorted(life))})"


def register(app: ModApp) -> None:
    app.set_rules_model(MonsterRules)
    # the core's game setup (game.setup.new_game) gives every game board squares and player entities;
    # registering their components makes saves and state hashes include them
    for component in (Territory, Ownership, Player, Creature, Contender):
        app.add_component(component)
    app.add_invariants(creature_problems)  # on every loaded save and in the property tests
    app.add_command(Spawn, check_spawn, apply_spawn)
    app.add_command(PressTurnButton, check_press, apply_press)
    for event in MARCH_EVENTS:
        app.add_event(event)
    app.add_reversible_events(CreatureSpawned)  # a spawn decides nothing until the turn button: undo may take it back
    app.add_system(SPAWN, "spawn_points", refresh_spawn_points)
    app.add_system(MARCH, "march", run_march)
    app.add_system(MARCH, "victory", victory, after="march")
    app.set_hook("victory", victory_hook)
    app.set_hook("new_seat", add_contender)
    app.add_computer_player("normal", ComputerPlayer)
    app.set_position_value(position_value)  # how the engine's search player scores a position
    app.set_legal_commands(legal_commands)  # learning agents' actions (game.lab.env), in player.py's order
    app.set_agent_observation(_agent_view)
    app.set_game_screen(_screen)
    app.presentation.statistics.append(  # the victory screen's chart (the client's shell): MC2.2 life
        ("life", "Life", lambda world, seat: _life(world, seat)))
    app.presentation.victory_words = _how
    app.presentation.pieces = _pieces  # the save thumbnail shows where the creatures stand
