"""The fire mod's client side: the flames mark kept in step with the fire's events, a flash and a number for
each of them, and the panel's line about a burning structure. Imported only by the client."""

from __future__ import annotations

from typing import Any

import esper

from components.structures import Structure
from game.ui.animation import Beat
from game.ui.scene import Scene

# ----- the client's copy of the board


def _mark(scene: Scene, structure: int, on: bool) -> None:
    from game.content import plugin_module

    fire = plugin_module("fire")
    if fire is not None:  # only the flames: another mod's picture on it (a gate in the wall) stays
        mark = fire.BURNING_MARK
        scene.mark_structure(structure, mark if on else None, off=None if on else (mark[0], mark[1]))


def ignited(scene: Scene, e: Any) -> None:
    _mark(scene, e.structure, True)


def burned(scene: Scene, e: Any) -> None:
    found = scene.structures.get(e.structure)
    if e.destroyed:
        scene.structures.pop(e.structure, None)
    elif found is not None:
        found.health = max(0, found.health - e.damage)
        found.garrison = max(0, found.garrison - len(e.dead))
    scene.bump()


def fought(scene: Scene, e: Any) -> None:
    if e.out:
        _mark(scene, e.structure, False)
    army = scene.armies.get(e.army)
    if army is not None:
        army.done = True
    scene.bump()


# ----- animation


class FireBeat(Beat):
    """A fire event: an orange flash over the territory; burning damage rises as a red -N, a fire put out
    as a blue 'out'."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        self.duration = animator.timing.flash
        x, y = animator.grid.center(e.territory)
        life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
        name = type(e).__name__
        if name == "FireFought":
            color = (120, 190, 255, 255) if e.out else (255, 140, 30, 255)
            animator.effects.number(x, y + animator.grid.tile * 0.3, "out" if e.out else "still burning", color, life)
        elif name == "FireBurned":
            animator.effects.number(x, y + animator.grid.tile * 0.3, f"-{e.damage}", (255, 90, 40, 255), life)
        animator.effects.flash(e.territory, (255, 140, 30, 255), self.duration / animator.speed, 90)


# ----- the panel


def fire_facts(world: Any, entity: int) -> str | None:
    """The panel's line for a burning structure (what the fire does and how to fight it); None otherwise."""
    from game.content import plugin_module

    fire = plugin_module("fire")
    structure = esper.try_component(entity, Structure) if esper.entity_exists(entity) else None
    if fire is None or structure is None or not fire.is_burning(entity):
        return None
    rules = fire.fire_rules(world)
    return (f"BURNING · Health {structure.health}/{structure.max_health} · loses {rules.damage} a turn with each "
            f"unit in it · an army beside it may put it out ({rules.per_helper}% per helper)")
