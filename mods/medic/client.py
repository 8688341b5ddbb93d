"""The medic mod's client side: a healing shows as a green number rising from the army. Imported only by
the client, through the presentation the plugin registers."""

from __future__ import annotations

from typing import Any

from game.ui.animation import Beat


class HealBeat(Beat):
    """A medic heals a unit (UnitHealed): a green +N rises from the army."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        self.duration = animator.timing.flash
        army = animator.scene.armies.get(e.army)
        x, y = animator.sprites.army_position(army) if army is not None else animator.grid.center(e.territory)
        life = max(self.duration / animator.speed * 2.5, 0.5 / animator.speed)
        tile = animator.grid.tile  # beside the army's size badge, not on it
        animator.effects.number(x - tile * 0.3, y + tile * 0.3, f"+{e.amount}", (110, 230, 120, 255), life)
        animator.effects.flash(e.territory, (110, 230, 120, 255), self.duration / animator.speed, 70)


