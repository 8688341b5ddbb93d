"""Questions to seats: a system (or a command's handler) asks, the flow pauses until every asked seat answers."""

from __future__ import annotations

import esper

from components.seats import Prompt
from systems.seat_events import PromptAsked
from systems.world import World


def ask(
    world: World, kind: str, question: str, seats: list[int], answers: list[str], default: str,
    subject: list[int] | None = None,
) -> int:
    """Put a question to `seats`; returns the prompt's id. The App's prompt handler `kind` applies the answers
    once all are in; the flow goes on after the system that asked (or after the command that asked)."""
    if kind not in world.app.prompt_handlers:
        raise ValueError(f"no prompt handler '{kind}' is registered (app.add_prompt('{kind}', handler))")
    if not answers or default not in answers or len(set(answers)) != len(answers):
        raise ValueError(f"prompt '{kind}': the default {default!r} must be one of distinct answers {answers}")
    if not seats or any(s not in world.seats for s in seats) or len(set(seats)) != len(seats):
        raise ValueError(f"prompt '{kind}': asked seats {seats} are not distinct seats at the table")
    prompt = Prompt(kind, question, list(seats), list(answers), default, [""] * len(seats), list(subject or ()),
                    world.clock.stage)
    entity = esper.create_entity(prompt)
    world.emit(PromptAsked(world.clock.seat, entity, kind, question, tuple(seats), tuple(answers), default))
    return entity


def pending(world: World) -> list[tuple[int, Prompt]]:
    """The prompts still waiting for an answer, oldest first."""
    found: list[tuple[int, Prompt]] = esper.get_component(Prompt)
    return sorted(found) if found else []  # asked after every command and system: mostly none


def waiting_on(world: World) -> list[int]:
    """The seats some pending prompt still waits for (in seat order)."""
    seats = {s for _, p in pending(world) for s, given in zip(p.seats, p.given, strict=True) if not given}
    return sorted(seats)
