"""The siege mod's client side: a climb over the wall flashes its far side; falls show where they fell.
Imported only by the client, through the presentation the plugin registers."""

from __future__ import annotations

from typing import Any

from game.ui.animation import Beat

CLIMB = (200, 170, 110, 255)


class ClimbBeat(Beat):
    """E0.3 (WallClimbed): the far side of the wall flashes; the fallen show a red count where they stood."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        self.duration = animator.timing.flash
        life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
        animator.effects.flash(e.territory, CLIMB, self.duration / animator.speed, 90)
        if e.fallen:
            x, y = animator.grid.center(e.start)
            animator.effects.number(x, y, f"{len(e.fallen)} fell", (230, 90, 70, 255), life)
        animator.look_at(e.territory)
