"""The ships mod's client side: how its events change the picture, animate and sound, and what the panel
says about a ship. Imported only by the client (through the presentation the plugin registers), never by
a headless game."""

from __future__ import annotations

from typing import Any

import esper
from arcade import easing

from components.structures import Structure
from game.ui.animation import Beat, glide
from game.ui.scene import Scene

# ----- the client's copy of the board


def ship_sailed(scene: Scene, e: Any) -> None:
    found = scene.structures.get(e.ship)
    if found is not None and e.path:
        found.territory = e.path[-1]
    scene.bump()


def units_embarked(scene: Scene, e: Any) -> None:
    found = scene.structures.get(e.ship)
    if found is not None:
        found.garrison += len(e.units)
    scene.remove_from_army(e.army, e.units)
    scene.bump()


def units_disembarked(scene: Scene, e: Any) -> None:
    found = scene.structures.get(e.ship)
    if found is not None:
        found.garrison = max(0, found.garrison - len(e.units))
    scene.land_units(e.army, e.seat, e.territory, e.units)
    scene.bump()


def ship_fired(scene: Scene, e: Any) -> None:
    target = scene.structures.get(e.target)
    if target is not None and not e.destroyed:
        target.health = max(0, target.health - e.damage)
    scene.bump()


# ----- animation beats

class SailBeat(Beat):
    """A ship slides along the water path it sailed (ships mod: ShipSailed)."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        scene, grid, sprites = animator.scene, animator.grid, animator.sprites
        self.ship: int = e.ship
        ship = scene.structures.get(e.ship)
        path = list(e.path)
        if ship is None or not path:
            self.duration = 0.0
            return
        token = sprites.ship_tokens.get(e.ship)
        here = (token.x, token.y) if token is not None else sprites.ship_position(ship)
        self.points = [here, *(grid.center(t) for t in path)]
        self.duration = animator.timing.move_step * 1.25 * len(path)
        animator.look_at(path[-1])

    def step(self, t: float) -> None:
        if self.duration > 0:
            self.animator.sprites.move_ship(self.ship, *glide(self.points, t))

    def finish(self) -> None:
        super().finish()
        self.animator.sprites.release_token(self.ship)


class BoardBeat(Beat):
    """Units walk from the dock onto a ship (UnitsEmbarked) or from a ship onto land (UnitsDisembarked)."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        scene, grid, sprites = animator.scene, animator.grid, animator.sprites
        ship = scene.structures.get(e.ship)
        if ship is None:
            self.duration = 0.0
            return
        token = sprites.ship_tokens.get(e.ship)
        at_ship = (token.x, token.y) if token is not None else sprites.ship_position(ship)
        boarding = type(e).__name__ == "UnitsEmbarked"
        army = scene.armies.get(e.army)
        ashore = sprites.army_position(army) if boarding and army is not None else grid.center(e.territory)
        self.start_point, self.end_point = (ashore, at_ship) if boarding else (at_ship, ashore)
        self.duration = animator.timing.move_step * 3
        self.army: int = e.army
        self.whole = boarding and army is not None and set(army.units) <= set(e.units)
        animator.look_at(e.territory)
        if not self.whole:  # part of an army (or a landing party): a picture of the units glides across
            kind = scene.unit_types.get(e.units[0], "soldier") if e.units else "soldier"
            color = sprites.style(e.seat).color
            animator.effects.slide(animator.effects.assets.unit(kind), self.start_point, self.end_point, color,
                                   self.duration / animator.speed)

    def step(self, t: float) -> None:
        if self.duration > 0 and self.whole:
            x0, y0 = self.start_point
            x1, y1 = self.end_point
            eased = easing.smoothstep(t)
            self.animator.sprites.move_token(self.army, x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased)

    def finish(self) -> None:
        super().finish()
        if self.duration > 0 and self.whole:
            self.animator.sprites.release_token(self.army)
            self.animator.sprites.drop_token(self.army)


class StrikeBeat(Beat):
    """A ship's guns strike a structure (ShipFired): the target flashes like a battle round, the damage rises."""

    def start(self) -> None:
        e: Any = self.event
        animator = self.animator
        self.duration = animator.timing.battle_round
        life = self.duration / animator.speed
        animator.look_at(e.territory)
        animator.effects.flash(e.territory, (255, 90, 60, 255), life * 0.8, 170)
        ship = animator.scene.structures.get(e.ship)
        if ship is not None and ship.territory != e.territory:
            animator.effects.flash(ship.territory, (255, 240, 200, 255), life * 0.4, 120)  # the guns' flash
        x, y = animator.grid.center(e.territory)
        text = f"-{e.damage}" + (" destroyed" if e.destroyed else "")
        animator.effects.number(x, y + animator.grid.tile * 0.3, text, (255, 120, 100, 255), life * 1.4)



# ----- effects and the panel


def gun_burst(effects: Any, e: Any) -> None:
    """A naval gun's strike: a burst of fire where it hit."""
    effects.burst(getattr(e, "territory", None), (255, 160, 60), 24, 2.5)


def ship_facts(world: Any, entity: int) -> str | None:
    """The panel's line for a ship (units aboard, free slots, MP), through the plugin's queries; None for
    anything else."""
    from game.content import plugin_module

    ships = plugin_module("ships")
    structure = esper.try_component(entity, Structure) if esper.entity_exists(entity) else None
    if ships is None or structure is None or not ships.is_ship(world, entity):
        return None
    vessel = ships._vessel(world, structure)
    moves = esper.try_component(entity, ships.ShipMoves)
    mp = "sails next turn" if moves is None else f"MP {moves.mp}/{vessel.mp}"
    crew = f" · crew {vessel.crew}" if vessel.crew else ""
    return (f"Health {structure.health}/{structure.max_health} · {len(structure.garrison)} aboard, room "
            f"{ships.cargo_room(world, entity)} · {mp}{crew}")
