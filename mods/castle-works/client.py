"""The castle works mod's client side: a gate's changes flash its wall; a moat floods its territory on the map.
Imported only by the client, through the presentation the plugin registers."""

from __future__ import annotations

from typing import Any

from game.ui.animation import Beat
from game.ui.scene import Scene

GATE = (200, 200, 215, 255)


def moat_dug(scene: Scene, e: Any) -> None:
    """The client's copy of the board gets the new terrain; the territory is re-baked."""
    terrain = list(scene.terrain)
    terrain[e.territory] = e.terrain
    scene.terrain = tuple(terrain)
    scene.dirty.add(e.territory)
    scene.bump()


def gate_built(scene: Scene, e: Any) -> None:
    scene.mark_structure(e.wall, ("equipment", e.kind, False))


def gate_changed(scene: Scene, e: Any) -> None:
    """Opened, closed or broken: the gate's picture on the wall fades while it lets armies through."""
    found = scene.structures.get(e.wall)
    gate = next((m for m in found.marks if m[0] == "equipment"), None) if found is not None else None
    if gate is None:  # the gate's picture, not another mod's (flames on the wall)
        return
    passable = e.open if hasattr(e, "open") else e.broken
    scene.mark_structure(e.wall, (gate[0], gate[1], passable))


class GateBeat(Beat):
    """A gate built, opened, closed or attacked, or a moat dug: its territory flashes."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        self.duration = animator.timing.flash
        animator.effects.flash(e.territory, GATE, self.duration / animator.speed, 80)
        if getattr(e, "broken", False):
            x, y = animator.grid.center(e.territory)
            life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
            animator.effects.number(x, y, "gate broken", (230, 90, 70, 255), life)
