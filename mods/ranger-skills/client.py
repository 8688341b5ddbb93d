"""The ranger-skills mod's client side: an ambush flashes on the map and the ambushed army vanishes (or the
battle starts, shown by the engine's own events). Imported only by the client."""

from __future__ import annotations

from typing import Any

from game.ui.animation import Beat
from game.ui.scene import Scene

AMBUSH = (120, 200, 90, 255)


def ambush_sprung(scene: Scene, e: Any) -> None:
    if e.destroyed:
        scene.armies.pop(e.target, None)
    scene.bump()


class AmbushBeat(Beat):
    """E5.3: a green flash at the ambushed territory and a word over it."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        self.duration = animator.timing.flash
        x, y = animator.grid.center(e.territory)
        life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
        word = "ambushed!" if e.destroyed else "spotted"
        animator.effects.number(x, y + animator.grid.tile * 0.3, word, AMBUSH, life)
        animator.effects.flash(e.territory, AMBUSH, self.duration / animator.speed, 110)
