"""Mouse orders: select an army, see where it can go, move, attack after a forecast, split, place structures."""

from __future__ import annotations

from collections.abc import Callable

import esper

from components.armies import Army
from components.commands import BuildStructure, Command, Move, Split
from components.structures import Structure
from game import queries as gq
from game.client_hooks import attack_extra, structure_types
from game.content import plugin_army_options, plugin_structure_options
from game.engine import Result
from game.ui import theme
from game.ui.grid import Layout
from game.ui.overlays import Overlays
from game.ui.session import Session
from game.ui.wording import for_players, rejected
from systems import events as ev
from systems import queries as q
from systems.movement import Reach


class Orders:
    """The selection and what a click on the map means now. Only used while a human is to move."""

    def __init__(self, session: Session, grid: Layout, overlays: Overlays) -> None:
        self.session = session
        self.grid = grid
        self.overlays = overlays
        self.selected_army: int | None = None
        self.selected_structure: int | None = None
        self.inspected: int | None = None  # a territory shown read-only in the panel
        self.placing: str | None = None  # structure type in placement mode
        self.split: set[int] = set()  # units chosen to send away (R5.7)
        self.armed: int | None = None  # an attack's territory waiting for the confirming click
        self.reach: dict[int, Reach] = {}
        self.split_targets: dict[int, str | None] = {}  # neighbour -> reason (None when allowed)
        self.places: set[int] = set()  # valid territories for a non-wall structure in placement mode
        self.plugin_targets: dict[int, gq.ActionOption] = {}  # territory -> a mod's action aimed there (sail, land)
        self.hover: int | None = None
        self.hint = ""
        self.hint_bad = False
        self.note = ""  # a short line shown beside the pointer on the map (MP cost, forecast)
        self.forecast: gq.Forecast | None = None
        self._forecast_key: tuple[int, int] | None = None
        self.version = 0  # bumps when the panel should redraw
        self.on_result: Callable[[Command, Result], None] | None = None

    @property
    def game(self):  # noqa: ANN201
        return self.session.game

    def _changed(self) -> None:
        self.version += 1

    def say(self, text: str, bad: bool = False) -> None:
        text = for_players(text)  # the engine's rule ids stay in the developers' log
        if (text, bad) != (self.hint, self.hint_bad):
            self.hint, self.hint_bad = text, bad
            self._changed()

    # ----- selection
    def clear(self) -> None:
        self.selected_army = self.selected_structure = self.inspected = None
        self.placing = None
        self.split = set()
        self.armed = None
        self.refresh()
        self.say("")

    def select_army(self, entity: int) -> None:
        self.selected_army, self.selected_structure, self.inspected = entity, None, None
        self.placing, self.split, self.armed = None, set(), None
        self.refresh()
        army = self._army(entity)
        if army is not None and army.owner == self.game.world.clock.seat:
            self.say(self._army_hint(army))
        else:
            self.say("")

    def select_structure(self, entity: int) -> None:
        self.selected_army, self.selected_structure, self.inspected = None, entity, None
        self.placing, self.split, self.armed = None, set(), None
        self.refresh()
        self.say(self._targets_hint())

    def _targets_hint(self) -> str:
        """What clicking the map does for a mod's map-aimed actions (e.g. 'sail or land: click ...')."""
        verbs: list[str] = []
        for option in self.plugin_targets.values():
            verb = option.label.split(" ")[0]
            if verb not in verbs:
                verbs.append(verb)
        if not verbs:
            return ""
        return f"{' or '.join(verbs)}: click a highlighted territory."

    def inspect(self, territory: int | None) -> None:
        self.selected_army = self.selected_structure = None
        self.inspected = territory
        self.placing, self.split, self.armed = None, set(), None
        self.refresh()

    def start_placing(self, structure_type: str) -> None:
        self.selected_army = self.selected_structure = self.inspected = None
        self.split, self.armed = set(), None
        self.placing = structure_type
        self.refresh()
        spec = structure_types(self.game.world)[structure_type]
        where = "on a border of your territory" if spec.placement == "border" else "in a highlighted territory"
        self.say(f"Place the {spec.name.lower()} {where}. Right-click or Esc cancels.")

    def toggle_split(self, units: tuple[int, ...], add: bool) -> None:
        """Choose (add) or un-choose one more unit of a group for a split."""
        if add:
            for unit in units:
                if unit not in self.split:
                    self.split.add(unit)
                    break
        else:
            for unit in reversed(units):
                if unit in self.split:
                    self.split.discard(unit)
                    break
        self.armed = None
        self.refresh()
        if self.split:
            self.say(f"Split: click a neighbouring territory to send {len(self.split)} unit(s).")
        else:
            self.say("")

    def _army(self, entity: int | None) -> Army | None:
        if entity is None:
            return None
        self.game.world.activate()
        return esper.try_component(entity, Army) if esper.entity_exists(entity) else None

    def refresh(self) -> None:
        """Recompute highlights for the current selection from the engine."""
        game, world = self.game, self.game.world
        world.activate()
        self.reach, self.split_targets, self.places = {}, {}, set()
        self.plugin_targets = {}
        army = self._army(self.selected_army)
        if self.selected_army is not None and army is None:
            self.selected_army = None
        if self.selected_structure is not None and not esper.entity_exists(self.selected_structure):
            self.selected_structure = None
        self.split &= set(army.units) if army is not None else set()
        mine = army is not None and army.owner == world.clock.seat and self.session.human_to_move()
        cells: dict[int, theme.Color] = {}
        if army is not None and mine and self.selected_army is not None:
            if self.split:
                for n in world.board.neighbours(army.territory):
                    reason = game.check(Split(self.selected_army, tuple(sorted(self.split)), n))
                    self.split_targets[n] = reason
                    if reason is None:
                        cells[n] = self._kind_color(self._kind_at(n, army.owner))
            else:
                self.reach = gq.where_can_it_go(game, self.selected_army)
                for territory, reach in self.reach.items():
                    cells[territory] = self._kind_color(reach.kind)
        self.overlays.set_reach({army.territory, *self.reach} if army is not None and self.reach else set())
        structure = self._structure(self.selected_structure)
        own_structure = structure is not None and structure.owner == world.clock.seat and self.session.human_to_move()
        if not self.split and (mine or own_structure):
            self._plugin_targets(cells)
        if self.placing is not None and structure_types(world)[self.placing].placement != "border":
            self.places = {c.territory for c in gq.structure_placements(game, self.placing)}
            cells = dict.fromkeys(self.places, theme.with_alpha(theme.VALID, 80))
        self.overlays.set_cells(cells)
        self.overlays.selected = army.territory if army is not None else None
        self.overlays.marked = {}
        if structure is not None:
            self.overlays.selected = structure.territory
        if self.inspected is not None:
            self.overlays.selected = self.inspected
        if self.armed is not None:
            self.overlays.marked[self.armed] = theme.INVALID
        self._changed()

    def _plugin_targets(self, cells: dict[int, theme.Color]) -> None:
        """Mods' actions for the selection that aim at a territory (a path or a territory: sailing, landing)
        light it on the map; a click there carries the action out. An army's own moves come first."""
        if self.selected_army is not None:
            options = plugin_army_options(self.game, self.selected_army)
        elif self.selected_structure is not None:
            options = plugin_structure_options(self.game, self.selected_structure)
        else:
            return
        for option in options:
            territory = option_target(option)
            if territory is None or option.reason is not None or territory in self.reach:
                continue
            if territory not in self.plugin_targets:
                self.plugin_targets[territory] = option
                moves = getattr(option.command, "path", None) is not None
                cells[territory] = theme.HIGHLIGHT_MOVE if moves else theme.HIGHLIGHT_LAND

    def _structure(self, entity: int | None) -> Structure | None:
        if entity is None or not esper.entity_exists(entity):
            return None
        return esper.try_component(entity, Structure)

    def _kind_at(self, territory: int, owner: int | None) -> str:
        for _, other in q.armies_at(territory):
            return "combine" if other.owner == owner else "attack"
        return "move"

    @staticmethod
    def _kind_color(kind: str) -> theme.Color:
        return {"attack": theme.HIGHLIGHT_ATTACK, "combine": theme.HIGHLIGHT_COMBINE}.get(kind, theme.HIGHLIGHT_MOVE)

    # ----- the pointer
    def hover_at(self, territory: int | None, wx: float, wy: float) -> None:
        self.hover = territory
        self.overlays.hover = territory
        self.overlays.hover_color = theme.HOVER_OUTLINE
        self.overlays.clear_pointer()
        self.note = ""
        if territory is None:
            return
        world = self.game.world
        world.activate()
        if self.placing is not None:
            self._hover_placement(territory, wx, wy)
            return
        target = self.plugin_targets.get(territory)
        if target is not None:
            self._hover_target(territory, target)
            return
        army = self._army(self.selected_army)
        if army is None:
            return
        if self.split:
            reason = self.split_targets.get(territory, "")
            if reason is None:
                self.overlays.set_path([army.territory, territory])
                self.say(f"Send {len(self.split)} unit(s) here.")
            elif territory in self.split_targets:
                self.overlays.hover_color = theme.INVALID
                self.say(f"Cannot split there: {reason}", bad=True)
            return
        reach = self.reach.get(territory)
        if reach is None:
            self._hover_unreachable(army, territory)
            return
        self.overlays.set_path([army.territory, *reach.path])
        left = army.mp - reach.cost
        if reach.kind == "attack":
            forecast = self._forecast(territory)
            text = f"Attack: {reach.cost} MP (move + {attack_extra(world)} to attack)."
            self.note = f"Attack: {reach.cost} MP"
            if forecast is not None:
                text += (f" Forecast: {forecast.win_chance:.0%} to win; you lose ~{forecast.attacker_losses:.1f}"
                         f" unit(s), they lose ~{forecast.defender_losses:.1f}.")
                self.note += (f"\nForecast: {forecast.win_chance:.0%} win\nlosses ~{forecast.attacker_losses:.1f} "
                              f"yours, ~{forecast.defender_losses:.1f} theirs")
            armed = self.armed == territory
            text += " Click again to attack!" if armed else " Click to arm, click again to attack."
            self.note += "\nclick again to attack" if armed else "\nclick to arm the attack"
            self.overlays.hover_color = theme.INVALID
            self.say(text, bad=True)
        elif reach.kind == "combine":
            self.note = f"Combine: {reach.cost} MP ({left} left)"
            self.say(f"Combine with your army here: {reach.cost} MP ({left} left).")
        else:
            self.note = f"{reach.cost} MP ({left} left)"
            self.say(f"Move here: {reach.cost} MP ({left} MP left).")

    def _hover_unreachable(self, army: Army, territory: int) -> None:
        """Why the selected army cannot go there, in the engine's words (never a stale cost from the last cell)."""
        if army.owner != self.game.world.clock.seat or not self.session.human_to_move() or self.selected_army is None:
            return
        if territory == army.territory:
            self.say(self._army_hint(army))
            return
        reason = gq.why_unreachable(self.game, self.selected_army, territory)
        if reason is None:
            return
        self.overlays.hover_color = theme.INVALID
        self.note = f"Can't go: {for_players(reason)}"
        self.say(f"Cannot go there: {reason}.", bad=True)

    def _army_hint(self, army: Army) -> str:
        if self.reach:
            return "Click a highlighted territory to move there; red ones are attacks."
        if army.battle is not None:
            return "This army is in a battle: it can retreat after the first round."
        return "This army cannot move any more this turn."

    def _selection_territory(self) -> int | None:
        army = self._army(self.selected_army)
        if army is not None:
            return army.territory
        structure = self._structure(self.selected_structure)
        return structure.territory if structure is not None else None

    def _hover_target(self, territory: int, option: gq.ActionOption) -> None:
        origin = self._selection_territory()
        path = getattr(option.command, "path", None)
        if origin is not None:
            self.overlays.set_path([origin, *path] if path else [origin, territory])
        label = place_words(option.label, territory, origin, self.game.world)
        cost = f" ({option.mp_cost} MP)" if option.mp_cost else ""
        self.note = f"{label}{cost}"
        self.say(f"{label}{cost}: click to do it.")

    def _forecast(self, territory: int) -> gq.Forecast | None:
        attacker = self.selected_army
        defenders = [e for e, a in q.armies_at(territory) if a.owner != self._owner()]
        if attacker is None or not defenders:
            return None
        key = (attacker, defenders[0])
        if key != self._forecast_key:
            self._forecast_key = key
            self.forecast = gq.battle_forecast(self.game, attacker, defenders[0])
        return self.forecast

    def _owner(self) -> int | None:
        army = self._army(self.selected_army)
        return army.owner if army is not None else None

    def wall_command(self, territory: int, wx: float, wy: float) -> BuildStructure | None:
        """The wall the pointer points at: the border nearest to it, built from the side the player owns."""
        assert self.placing is not None
        border = self.grid.nearest_border(territory, wx, wy)
        if border is None:
            return None
        first = BuildStructure(self.placing, territory, border)
        if self.game.world.owner_of(territory) != self.game.world.clock.seat:
            flipped = BuildStructure(self.placing, border, territory)
            if self.game.check(flipped) is None:
                return flipped
        return first

    def _hover_placement(self, territory: int, wx: float, wy: float) -> None:
        assert self.placing is not None
        spec = structure_types(self.game.world)[self.placing]
        if spec.placement == "border":
            command = self.wall_command(territory, wx, wy)
            if command is None or command.border is None:
                return
            reason = self.game.check(command)
            color = theme.VALID if reason is None else theme.INVALID
            self.overlays.border = (self.grid.border_segment(command.territory, command.border), color)
            self.overlays.hover = None
        else:
            reason = self.game.check(BuildStructure(self.placing, territory))
            self.overlays.hover_color = theme.VALID if reason is None else theme.INVALID
        self.say(f"Build a {spec.name.lower()} here." if reason is None else f"Cannot build here: {reason}",
                 bad=reason is not None)
        self.note = f"{spec.name}: click to build" if reason is None else f"Not here: {reason}"

    # ----- clicks
    def click(self, territory: int | None, wx: float, wy: float) -> None:
        """A left click on the map."""
        if territory is None:
            return
        world = self.game.world
        world.activate()
        if self.placing is not None:
            self._click_placement(territory, wx, wy)
            return
        target = self.plugin_targets.get(territory)
        if target is not None and target.command is not None:
            self.submit(target.command)
            return
        army = self._army(self.selected_army)
        if army is not None and army.owner == world.clock.seat:
            if self.split and territory in self.split_targets:
                reason = self.split_targets[territory]
                if reason is not None:
                    self.say(f"Cannot split there: {reason}", bad=True)
                    return
                assert self.selected_army is not None
                self.submit(Split(self.selected_army, tuple(sorted(self.split)), territory))
                return
            reach = self.reach.get(territory)
            if reach is not None and self.selected_army is not None:
                if reach.kind == "attack" and self.armed != territory:
                    self.armed = territory
                    self.refresh()
                    self.hover_at(territory, wx, wy)
                    return
                self.submit(Move(self.selected_army, reach.path))
                return
        self._select_at(territory, wx, wy)

    def confirm(self) -> bool:
        """Enter: carry out the armed attack."""
        if self.armed is None or self.selected_army is None:
            return False
        reach = self.reach.get(self.armed)
        if reach is None:
            return False
        self.submit(Move(self.selected_army, reach.path))
        return True

    def _select_at(self, territory: int, wx: float | None = None, wy: float | None = None) -> None:
        world = self.game.world
        seat = world.clock.seat
        armies = q.armies_at(territory)
        own = [e for e, a in armies if a.owner == seat]
        structures = [e for e, s in q.structures() if s.territory == territory and s.border is None]
        own_structures = [e for e in structures if esper.component_for_entity(e, Structure).owner == seat]
        if own:  # your army; clicked again while selected: the structure under it, if any
            if self.selected_army != own[0] or not own_structures:
                self.select_army(own[0])
            else:
                self.select_structure(own_structures[0])
        elif own_structures and self.selected_structure not in own_structures:
            self.select_structure(own_structures[0])
        elif len(own_structures) > 1:  # several of yours here (boats): each click selects the next
            assert self.selected_structure is not None
            index = own_structures.index(self.selected_structure)
            self.select_structure(own_structures[(index + 1) % len(own_structures)])
        elif armies and not own:
            self.select_army(armies[0][0])  # shown read-only
        elif structures and not own_structures:
            self.select_structure(structures[0])
        elif (wall := self._wall_near(territory, wx, wy)) is not None:
            self.select_structure(wall)  # a click near a walled edge selects that wall (repairs, mods' gates)
        else:
            self.inspect(territory)
            self.say("")

    def _wall_near(self, territory: int, wx: float | None, wy: float | None) -> int | None:
        """The wall on the border nearest the pointer, when the pointer is near that edge of the territory."""
        if wx is None or wy is None:
            return None
        cx, cy = self.grid.center(territory)
        if max(abs(wx - cx), abs(wy - cy)) < self.grid.tile * 0.3:
            return None
        border = self.grid.nearest_border(territory, wx, wy)
        found = q.wall_between(self.game.world, territory, border) if border is not None else None
        return found[0] if found is not None else None

    def _click_placement(self, territory: int, wx: float, wy: float) -> None:
        assert self.placing is not None
        spec = structure_types(self.game.world)[self.placing]
        command = self.wall_command(territory, wx, wy) if spec.placement == "border" else (
            BuildStructure(self.placing, territory))
        if command is None:
            return
        self.submit(command)

    def submit(self, command: Command) -> Result:
        result = self.session.submit(command)
        if self.on_result is not None:
            self.on_result(command, result)
        if not result.ok:
            self.say(f"Not possible: {rejected(command, result.reason)}", bad=True)  # type: ignore[union-attr]
            return result
        self.after(command, result)
        return result

    def after(self, command: Command, result: Result) -> None:
        """Keep a sensible selection after an accepted command."""
        self.armed = None
        self.split = set()
        if isinstance(command, BuildStructure):
            self.placing = None
        if self.selected_army is not None and self._army(self.selected_army) is None:
            merged = [e.into for e in result.events if isinstance(e, ev.ArmiesCombined) and e.army == self.selected_army]
            self.selected_army = merged[0] if merged and self._army(merged[0]) is not None else None
        self.refresh()
        if isinstance(command, Move | Split):
            army = self._army(self.selected_army)
            if army is not None and army.battle is not None:
                self.say("The battle has begun; it goes on at the start of your next turns.")
            elif army is not None and not self.reach:
                self.say("That army has no moves left this turn.")
            else:
                self.say("")
        else:
            self.say(self._targets_hint() if self.selected_structure is not None else "")


def option_target(option: gq.ActionOption) -> int | None:
    """The territory a mod's action aims at: the end of its command's `path`, or its `territory`."""
    command = option.command
    path = getattr(command, "path", None)
    if isinstance(path, tuple | list) and path:
        return int(path[-1])
    territory = getattr(command, "territory", None)
    return territory if isinstance(territory, int) else None


def place_words(label: str, territory: int, origin: int | None, world: object) -> str:
    """A label ending in a territory index ('Land at 23') in words: 'Land north' for a neighbour of the
    selection, else '... at the plain 3 east of your base'."""
    head, _, tail = label.rpartition(" ")
    if tail != str(territory) or not head:
        return label
    board = world.board  # type: ignore[attr-defined]
    if origin is not None and territory in board.neighbours(origin):
        (x0, y0), (x1, y1) = board.coords(origin), board.coords(territory)
        way = "north" if y1 < y0 else "south" if y1 > y0 else "east" if x1 > x0 else "west"
        verb = head.split(" ")[0]
        return f"{verb} {way}"
    from game.summary import territory_label

    seat = getattr(getattr(world, "clock", None), "seat", None)
    return f"{head} {territory_label(world, territory, seat)}"  # type: ignore[arg-type]
