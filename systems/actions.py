"""The command registry: each command type's check (a human reason or None) and its application."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import esper

from components.armies import Army, Rogue
from components.commands import Command
from systems.command_fields import field_problem, field_problems
from systems.still import release
from systems.world import MAIN, ROGUE, World

Check = Callable[[World, Any], "str | None"]
Apply = Callable[[World, Any], None]
CheckEach = Callable[[World, list[Any]], "list[str | None]"]


@dataclass(frozen=True)
class Handler:
    check: Check
    apply: Apply
    # several commands of the type against one unchanged state, the answers `check` gives one by one, in order
    # (what a listing asks: every move of an army); None: `check_each` below asks `check` per command
    check_each: CheckEach | None = None


def handles(command_type: type[Command]) -> Callable[[type], type]:
    """Class decorator: a class with static `check` and `apply` handles one command type. It only marks
    the class; a ruleset's plugin registers it on its game's App (`app.add_handler(cls)`)."""

    def mark(cls: type) -> type:
        cls.command_type = command_type  # type: ignore[attr-defined]
        return cls

    return mark


def check(world: World, command: Command, fields_known: bool = False) -> str | None:
    """Why `command` is illegal now, or None when it may be applied. Never changes the state. `fields_known`: the
    caller (the engine's one choke point, Game._admit) has just checked the command's fields."""
    world.checked.clear()
    if world.clock.winner is not None:
        return "the game is over"
    handler = world.app.commands.get(type(command))
    if handler is None:
        return f"unknown command {type(command).__name__} (this game's ruleset and mods do not have it)"
    if not fields_known and (problem := field_problem(command)) is not None:  # before any rule looks at a field
        return problem
    return handler.check(world, command)


def check_each(world: World, commands: Sequence[Command], fields_known: bool = False) -> list[str | None]:
    """`[check(world, c, fields_known) for c in commands]`: where the commands share a type whose handler checks
    several at once (Handler.check_each), one call answers them all, its shared work (the army's command, the
    stockpile) done once. `fields_known`: the caller made the commands from the engine's own answers (a listing)."""
    kinds = {type(c) for c in commands}
    handler = world.app.commands.get(next(iter(kinds))) if len(kinds) == 1 else None
    if handler is None or handler.check_each is None or world.clock.winner is not None:
        return [check(world, c, fields_known) for c in commands]
    world.checked.clear()
    # as in check: before any rule looks at a field
    answers: list[str | None] = [None] * len(commands) if fields_known else field_problems(commands)
    sound = iter(handler.check_each(world, [c for c, a in zip(commands, answers, strict=True) if a is None]))
    return [next(sound) if a is None else a for a in answers]


def execute(world: World, command: Command) -> None:
    """Apply a command that `check` accepted."""
    release()  # the state changes: what a listing's checks kept (systems.still) is no longer true
    try:
        world.app.commands[type(command)].apply(world, command)
    finally:
        world.checked.clear()


def acting_owner(world: World) -> int | None:
    """Whose armies the command being checked may move: its issuer's in Main, rogue armies in the Rogue stage."""
    return None if world.clock.stage == ROGUE else world.issuer


def own_army(world: World, entity: int, *, allow_battle: bool = False, allow_done: bool = False) -> str | Army:
    """The army if the acting side may command it now, else the reason it may not."""
    if world.clock.stage not in (MAIN, ROGUE):
        return "armies act only in the Main stage"
    army = esper.try_component(entity, Army) if esper.entity_exists(entity) else None
    if army is None:
        return f"there is no army {entity}"
    owner = acting_owner(world)
    if army.owner != owner:
        return "that army is not yours to command"
    if owner is None:
        rogue = esper.try_component(entity, Rogue)
        if rogue is None or rogue.tied_seat != world.clock.seat:
            return "that rogue army acts in another player's turn"
    if army.battle is not None and not allow_battle:
        return "an army in a battle can only fight on or retreat (R8.1)"
    if army.done and not allow_done:
        return "that army has ended its actions this turn (R5.8)"
    return army


def player_turn(world: World) -> str | None:
    if world.clock.stage != MAIN:
        return "that can only be done in your Main stage"
    return None
