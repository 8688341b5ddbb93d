"""Sprites on the map: army tokens with size badges, structures, walls on borders, flags, battles, disruption."""

from __future__ import annotations

import math
from collections import Counter

import arcade

from game.ui import theme
from game.ui.assets import Assets, SeatStyle
from game.ui.grid import Layout
from game.ui.scene import ArmyView, Scene, StructureView

ROGUE_TINT = (96, 96, 100, 255)
ROGUE_RIM = (255, 70, 60, 255)  # rogues are outlined in red: they read on forest and stand out as a danger
SHARED_SIZE = 0.8  # an army standing on a base or structure is drawn smaller, in the lower right...
SHARED_SHIFT = (0.16, -0.13)  # ...so the flag and the structure in the upper left stay in sight
MAX_RESULTS = 24  # battle results kept on the map (the oldest go first: memory stays flat in watch mode)


def main_type(types: list[str]) -> str:
    """The unit type an army token shows: its most numerous type (first listed on ties)."""
    if not types:
        return "soldier"
    counts = Counter(types)
    return max(types, key=lambda t: (counts[t], -types.index(t)))


class ArmyToken:
    """The sprites of one army: a shadow, the unit picture in the owner's colour, a flag or rogue mark, a badge."""

    def __init__(self, layer: MapSprites) -> None:
        self.layer = layer
        self.shadow = arcade.Sprite(layer.assets.disc())
        self.rim = arcade.Sprite(layer.assets.ring())
        self.health = arcade.Sprite(layer.assets.white())
        self.health_bg = arcade.Sprite(layer.assets.white())
        self.health_bg.color = (20, 20, 24, 220)
        self.unit = arcade.Sprite(layer.assets.unit("soldier"))
        self.badge = arcade.Sprite(layer.assets.badge(1, theme.TEXT))
        self.mark = arcade.Sprite(layer.assets.flag("pennant"))
        self.signature: tuple[object, ...] = ()
        self.size = 1.0
        self.x = self.y = 0.0
        self.alpha = 255
        self.mark.visible = False
        layer.shadows.append(self.shadow)
        layer.shadows.append(self.rim)
        layer.units.append(self.unit)
        layer.badges.append(self.health_bg)
        layer.badges.append(self.health)
        layer.badges.append(self.badge)
        layer.badges.append(self.mark)

    def update_look(self, army: ArmyView, dimmed: bool, size: float = 1.0) -> None:
        """Pictures and colours for the army; `size` < 1 when it shares its territory (a battle)."""
        kind = main_type(army.types)
        signature = (kind, army.owner, len(army.types), dimmed, size, round(army.health, 2))
        if signature == self.signature:
            return
        self.signature = signature
        self.size = size
        assets, tile = self.layer.assets, self.layer.grid.tile * size
        self.unit.texture = assets.unit(kind)
        self.unit.scale = 0.96 * tile / 48
        shape = "circle"
        if army.owner is None:
            color = ROGUE_TINT
            self.mark.texture = assets.rogue_mark()
            self.mark.scale = 0.5 * tile / 48
            self.mark.visible = True
            badge_color = assets.rogue_color
        else:
            style = self.layer.style(army.owner)
            color = theme.shade(style.color, 0.55) if dimmed else style.color
            self.mark.visible = False
            badge_color = style.color
            shape = assets.badge_shape(style.flag)
        self.unit.color = color
        self.rim.color = ROGUE_RIM if army.owner is None else theme.shade(self.layer.style(army.owner).color, 1.25)
        self.rim.width = self.rim.height = tile * 0.86
        self.hurt = army.health < 0.999  # a health bar only for hurt armies: the map stays calm
        self.health.visible = self.health_bg.visible = self.hurt
        self.health_fraction = max(0.0, min(1.0, army.health))
        self.health.color = (90, 210, 90) if army.health > 0.6 else (235, 190, 60) if army.health > 0.3 else (235, 70, 60)
        self.badge.texture = assets.badge(max(1, len(army.types)), badge_color, shape)
        self.badge.scale = 0.85 * tile / 48
        self.shadow.width = tile * 0.9
        self.shadow.height = tile * 0.9
        self.set_alpha(self.alpha)

    def place(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        tile = self.layer.grid.tile * self.size
        self.shadow.position = (x, y - tile * 0.1)
        self.rim.position = (x, y)
        bar = tile * 0.62
        self.health_bg.width, self.health_bg.height = bar + 2, 6
        self.health_bg.position = (x, y - tile * 0.46)
        filled = max(1.0, bar * getattr(self, "health_fraction", 1.0))
        self.health.width, self.health.height = filled, 4
        self.health.position = (x - bar / 2 + filled / 2, y - tile * 0.46)
        self.unit.position = (x, y)
        self.badge.position = (x + tile * 0.3, y + tile * 0.3)
        self.mark.position = (x - tile * 0.3, y + tile * 0.28)

    def set_alpha(self, alpha: int) -> None:
        self.alpha = alpha
        for sprite in (self.shadow, self.rim, self.unit, self.badge, self.mark, self.health, self.health_bg):
            sprite.alpha = alpha

    def remove(self) -> None:
        for sprite in (self.shadow, self.rim, self.unit, self.badge, self.mark, self.health, self.health_bg):
            sprite.remove_from_sprite_lists()


class ShipToken:
    """A ship on the water (a structure that sails, see Scene.ship_types): its hull in the owner's colour and a
    badge with the number of army units aboard. Kept between syncs so a sailing ship can slide."""

    def __init__(self, layer: MapSprites, kind: str) -> None:
        self.layer = layer
        self.hull = arcade.Sprite(layer.assets.structure(kind))
        self.badge = arcade.Sprite(layer.assets.badge(1, theme.TEXT))
        self.signature: tuple[object, ...] = ()
        self.size = 1.0
        self.x = self.y = 0.0
        layer.afloat.append(self.hull)
        layer.ship_badges.append(self.badge)

    def update_look(self, ship: StructureView, size: float) -> None:
        signature = (ship.kind, ship.owner, ship.garrison, size)
        if signature == self.signature:
            return
        self.signature = signature
        self.size = size
        layer, tile = self.layer, self.layer.grid.tile * size
        assets = layer.assets
        color = layer.style(ship.owner).color if ship.owner is not None else assets.rogue_color
        self.hull.texture = assets.structure(ship.kind)
        self.hull.scale = tile / 64
        self.hull.color = color
        self.badge.visible = ship.garrison > 0
        if ship.garrison > 0:
            shape = assets.badge_shape(layer.style(ship.owner).flag) if ship.owner is not None else "circle"
            self.badge.texture = assets.badge(ship.garrison, color, shape)
            self.badge.scale = 0.8 * tile / 48

    def place(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        tile = self.layer.grid.tile * self.size
        self.hull.position = (x, y)
        self.badge.position = (x + tile * 0.34, y + tile * 0.26)

    def remove(self) -> None:
        self.hull.remove_from_sprite_lists()
        self.badge.remove_from_sprite_lists()


class MapSprites:
    """Everything drawn over the terrain, kept in step with the scene; animations may move tokens."""

    def __init__(self, scene: Scene, grid: Layout, assets: Assets, styles: dict[int, SeatStyle],
                 placements: dict[str, str] | None = None) -> None:
        self.placements = placements or {}  # structure type -> placement kind from the rules
        self.scene = scene
        self.grid = grid
        self.assets = assets
        self.styles = styles
        self.bridges: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.walls: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.structures: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.flags: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.shadows: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.units: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.badges: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.marks: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.afloat: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # structures that sail
        self.ship_badges: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.tokens: dict[int, ArmyToken] = {}
        self.ship_tokens: dict[int, ShipToken] = {}
        self.overrides: dict[int, tuple[float, float]] = {}  # army or ship -> position while an animation moves it
        self.fading: set[int] = set()  # armies kept on screen while they fade out
        self.active_seat: int | None = None  # this seat's armies that cannot act are drawn dimmer
        self.version = -1
        self.revision = 0  # bumps on every change to what is drawn (for the frame cache)
        self.landmarks: set[int] = set()  # territories with a base or structure: armies there stand aside
        self.results: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # battle results (see show_losses)
        self._losses: dict[tuple[int, int], tuple[arcade.Sprite, int]] = {}
        self._static_drawn: tuple[object, ...] | None = None  # what the static lists show (see `_sync_static`)

    def style(self, seat: int) -> SeatStyle:
        return self.styles.get(seat) or self.assets.default_style(seat)

    # ----- keeping in step
    def sync(self, force: bool = False) -> bool:
        if not force and self.version == self.scene.version:
            return False
        self.version = self.scene.version
        self.revision += 1
        if force:
            self._static_drawn = None
        self.landmarks = set(self.scene.bases.values()) | {
            s.territory for s in self.scene.structures.values() if s.border is None and not s.ship and not s.mobile}
        self._sync_armies()
        self._sync_static()
        self._sync_ships()
        return True

    def ship_position(self, ship: StructureView) -> tuple[float, float]:
        """Where a ship lies: its territory's centre; side by side when several share it, lower with an army there."""
        x, y = self.grid.center(ship.territory)
        tile = self.grid.tile
        here = [s.entity for s in self.scene.ships_at(ship.territory)]
        if len(here) > 1 and ship.entity in here:
            x += (here.index(ship.entity) - (len(here) - 1) / 2) * tile * 0.4
        if any(a.territory == ship.territory for a in self.scene.armies.values()):
            y -= tile * 0.24
        return x, y

    def _sync_ships(self) -> None:
        afloat = {e: s for e, s in self.scene.structures.items() if s.ship}
        for entity in list(self.ship_tokens):
            if entity not in afloat:
                self.ship_tokens.pop(entity).remove()
        for entity, ship in afloat.items():
            token = self.ship_tokens.get(entity)
            if token is None:
                token = self.ship_tokens[entity] = ShipToken(self, ship.kind)
            shared = len(self.scene.ships_at(ship.territory)) > 1 or any(
                a.territory == ship.territory for a in self.scene.armies.values())
            token.update_look(ship, 0.62 if shared else 1.0)
            token.place(*self.overrides.get(entity, self.ship_position(ship)))

    def army_position(self, army: ArmyView) -> tuple[float, float]:
        """Where an army stands: its territory's centre, side by side when two share it (a battle)."""
        x, y = self.grid.center(army.territory)
        here = sorted(a.entity for a in self.scene.armies.values() if a.territory == army.territory)
        if len(here) == 1 and army.territory in self.landmarks:
            return x + self.grid.tile * SHARED_SHIFT[0], y + self.grid.tile * SHARED_SHIFT[1]
        if len(here) > 1:
            offset = (here.index(army.entity) - (len(here) - 1) / 2) * self.grid.tile * 0.5
            x += offset
            y -= self.grid.tile * 0.08
        return x, y

    def _sync_armies(self) -> None:
        scene = self.scene
        for entity in list(self.tokens):
            if entity not in scene.armies and entity not in self.fading:
                self.tokens.pop(entity).remove()
        for entity, army in scene.armies.items():
            token = self.tokens.get(entity)
            if token is None:
                token = self.tokens[entity] = ArmyToken(self)
            dimmed = army.owner is not None and army.owner == self.active_seat and (army.done or army.mp <= 0)
            crowded = sum(1 for a in scene.armies.values() if a.territory == army.territory) > 1
            token.update_look(army, dimmed, 0.66 if crowded else SHARED_SIZE if army.territory in self.landmarks else 1.0)
            token.place(*self.overrides.get(entity, self.army_position(army)))

    def _static_key(self) -> tuple[object, ...]:
        """Everything the static lists (structures, walls, bridges, flags, marks) show."""
        scene = self.scene
        structures = tuple(
            (s.entity, s.kind, s.owner, s.territory, s.border, s.health, s.max_health, s.garrison, s.upgraded,
             s.mobile, tuple(s.marks.items()))
            for s in scene.structures.values() if not s.ship)
        return (structures, tuple(scene.bases.items()), tuple(sorted(set(scene.battles.values()))),
                tuple(sorted(scene.disrupted)), tuple(sorted(self.styles.items())))

    def _sync_static(self) -> None:
        """Rebuild the static lists when what they show changed. Only then: the scene changes with every step of
        every army, and clearing a sprite list gives it new GPU buffers (five a list), so rebuilding on each
        change made and dropped about a thousand buffers a round in a watched game."""
        key = self._static_key()
        if key == self._static_drawn:
            return
        self._static_drawn = key
        for sprite_list in (self.bridges, self.walls, self.structures, self.flags, self.marks):
            sprite_list.clear()
        tile = self.grid.tile
        for structure in self.scene.structures.values():
            if not structure.ship:  # sailing structures are tokens of their own (see _sync_ships)
                self._add_structure(structure)
        for seat, base in self.scene.bases.items():
            left, bottom, size, _ = self.grid.rect(base)
            flag = arcade.Sprite(self.assets.flag(self.style(seat).flag), scale=size / 52)
            flag.position = (left + size * 0.26, bottom + size * 0.72)
            flag.color = self.style(seat).color
            self.flags.append(flag)
        icon = self.assets.icon("battle")
        for territory in set(self.scene.battles.values()):
            x, y = self.grid.center(territory)
            self.marks.append(arcade.Sprite(icon, scale=tile / 34, center_x=x, center_y=y + tile * 0.42))
        disrupted = self.assets.icon("disrupted")
        for territory in self.scene.disrupted:
            left, bottom, size, _ = self.grid.rect(territory)
            self.marks.append(arcade.Sprite(disrupted, scale=tile / 64, center_x=left + size * 0.18,
                                            center_y=bottom + size * 0.18))

    def _add_structure(self, s: StructureView) -> None:
        tile = self.grid.tile
        color = self.style(s.owner).color if s.owner is not None else self.assets.rogue_color
        texture = self.assets.structure(s.kind)
        if s.border is not None:
            x1, y1, x2, y2 = self.grid.border_segment(s.territory, s.border)
            sprite = arcade.Sprite(texture, center_x=(x1 + x2) / 2, center_y=(y1 + y2) / 2)
            length = math.hypot(x2 - x1, y2 - y1)
            # along the shared side: a whole square side, or the polygon's side (hexes, regions) up to 1.5 tiles
            sprite.width = tile * 0.98 if self.grid.square else min(max(length, tile * 0.5), tile * 1.5) * 0.98
            sprite.height = tile * 0.42
            sprite.angle = -math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180  # arcade turns clockwise; ends alike
            sprite.color = color
            self.walls.append(sprite)
            anchor = ((x1 + x2) / 2, (y1 + y2) / 2)
        else:
            left, bottom, size, _ = self.grid.rect(s.territory)
            if s.mobile:
                sprite = arcade.Sprite(texture, scale=0.5 * tile / 64,
                                       center_x=left + size * 0.27, center_y=bottom + size * 0.27)
                self.structures.append(sprite)
            elif self.placements.get(s.kind) == "water":
                sprite = arcade.Sprite(texture, scale=0.9 * tile / 64, center_x=left + size / 2,
                                       center_y=bottom + size / 2)
                self.bridges.append(sprite)
            else:
                sprite = arcade.Sprite(texture, scale=0.8 * tile / 64,  # readable at the default zoom
                                       center_x=left + size * 0.32, center_y=bottom + size * 0.66)
                self.structures.append(sprite)
            sprite.color = color
            anchor = (sprite.center_x + size * 0.14, sprite.center_y - size * 0.14)
        at = ((x1 + x2) / 2, (y1 + y2) / 2) if s.border is not None else anchor
        for index, ((section, key), faded) in enumerate(s.marks.items()):
            # the mods' pictures on the structure (a gate in a wall: faded when open; flames), side by side
            mark = arcade.Sprite(self.assets.texture(section, key), scale=0.42 * tile / 48)
            mark.position = (at[0] + index * tile * 0.3, at[1] + index * tile * 0.12)
            mark.alpha = 110 if faded else 255
            self.marks.append(mark)
        if s.garrison:
            shape = self.assets.badge_shape(self.style(s.owner).flag) if s.owner is not None else "circle"
            badge = arcade.Sprite(self.assets.badge(s.garrison, color, shape), scale=0.7 * tile / 48)
            badge.position = anchor
            self.marks.append(badge)

    # ----- battle results: each side's losses beside its own army, until the player's next action
    def show_losses(self, territory: int, army: int, owner: int | None, x: float, y: float, lost: int) -> None:
        """Add `lost` units to this army's tally in this battle, shown as '-N' in its owner's colour beside it."""
        key = (territory, army)
        sprite, total = self._losses.get(key, (None, 0))
        total += lost
        color = ROGUE_RIM if owner is None else self.style(owner).color
        texture = self.assets.plate(f"-{total}", color)
        if sprite is None:
            sprite = arcade.Sprite(texture)
            self.results.append(sprite)
        sprite.texture = texture
        sprite.scale = 0.42 * self.grid.tile / max(1, texture.height)
        center_x, _ = self.grid.center(territory)
        side = -1 if x < center_x - 1 else 1 if x > center_x + 1 else 0
        sprite.position = (x + side * self.grid.tile * 0.3, y + self.grid.tile * 0.62)
        self._losses[key] = (sprite, total)
        while len(self._losses) > MAX_RESULTS:
            oldest = next(iter(self._losses))
            self._losses.pop(oldest)[0].remove_from_sprite_lists()
        self.revision += 1

    def clear_results(self) -> None:
        if self._losses:
            self._losses.clear()
            self.results.clear()
            self.revision += 1

    # ----- animation hooks
    def move_token(self, army: int, x: float, y: float) -> None:
        self.revision += 1
        self.overrides[army] = (x, y)
        token = self.tokens.get(army)
        if token is not None:
            token.place(x, y)

    def release_token(self, army: int) -> None:
        self.revision += 1
        self.overrides.pop(army, None)

    def move_ship(self, ship: int, x: float, y: float) -> None:
        """Put a ship's token somewhere else while it sails (until `release_token(ship)`)."""
        self.revision += 1
        self.overrides[ship] = (x, y)
        token = self.ship_tokens.get(ship)
        if token is not None:
            token.place(x, y)

    def fade_token(self, army: int, alpha: int) -> None:
        self.revision += 1
        self.fading.add(army)
        token = self.tokens.get(army)
        if token is not None:
            token.set_alpha(alpha)

    def drop_token(self, army: int) -> None:
        self.revision += 1
        self.fading.discard(army)
        self.overrides.pop(army, None)
        if army not in self.scene.armies and army in self.tokens:
            self.tokens.pop(army).remove()

    # ----- drawing (inside the map camera)
    def draw(self) -> None:
        self.bridges.draw()
        self.walls.draw()
        self.structures.draw()
        self.afloat.draw()
        self.shadows.draw()
        self.units.draw()
        self.flags.draw()  # over armies: a home flag is never hidden
        self.badges.draw()
        self.ship_badges.draw()
        self.marks.draw()
        self.results.draw()
