"""The side panel: player, round and stage, resources, the selection and its actions, building, end turn."""

from __future__ import annotations

import math
from functools import partial
from typing import Protocol

import esper

from components.armies import Army
from components.commands import (
    Bombard,
    BuildUnit,
    Command,
    CrewCatapult,
    Repair,
    StationedFire,
    Unstation,
    Upgrade,
)
from components.structures import Catapult, Structure
from game import queries as gq
from game.client_hooks import (
    ammo,
    buildable_units,
    resource_ids,
    structure_types,
    type_name,
    upgrade_types,
    upkeep_resource,
)
from game.content import plugin_army_options, plugin_structure_options
from game.summary import territory_label
from game.ui import info, theme
from game.ui.assets import Assets, SeatStyle
from game.ui.orders import Orders, option_target, place_words
from game.ui.scene import Scene
from game.ui.session import Session
from game.ui.widgets import Button, Label, Rect, UiLayer
from game.ui.wording import for_players
from systems import queries as q
from systems.structure_actions import bombard_targets, in_fire_range

HOTKEYS = {"take_over": "T", "disrupt": "X"}
RES_SHORT = {"food": "F", "wood": "W", "stone": "S", "metal": "M"}
MAX_ROWS = 5
MAX_ACTIONS = 12
ACTION_PITCH = 26
BUILD_FLOOR = 224  # lowest point of the selection's actions when the build menu gives way to them
GROUPED = 2  # more map-aimed options of one kind than this become one line ("<action>: click ...")
PLACEMENTS = {"border": "on a border of your territory", "land": "in a land territory you own",
              "water": "in water next to your territory", "base": "at your base", "shore": "on your coast",
              "harbour": "on water next to one of your docks"}


Action = tuple[str, str, str | None, Command | None, str]  # label, note, reason, command, tooltip


def build_grid(units: int, structures: int) -> tuple[int, int]:
    """Columns and row pitch of the build menu: three columns; rows get lower when mods add many types."""
    rows = math.ceil(units / 3) + math.ceil(structures / 3)
    return 3, 42 if rows <= 3 else 38 if rows == 4 else 34


class PanelHost(Protocol):
    """What the panel asks its view to do."""

    def end_turn(self) -> None: ...

    def run(self, command: Command) -> None: ...

    def place(self, structure_type: str) -> None: ...

    def cycle_speed(self) -> None: ...

    def jump_home(self) -> None: ...


def short_name(name: str, always: bool = False) -> str:
    """Fit a structure's name on a small button: 'Wooden tower' -> 'W. tower' (names of 10 letters or less
    stay whole unless `always`)."""
    words = name.split()
    if len(words) < 2 or (len(name) <= 10 and not always):
        return name
    return f"{words[0][0]}. {' '.join(words[1:])}"


def short_cost(cost: dict[str, int]) -> str:
    return " ".join(f"{n}{RES_SHORT.get(r, r[:1].upper())}" for r, n in cost.items() if n)


class UnitRowSlot:
    """One line of the selected army's unit list, with the split chooser."""

    def __init__(self, ui: UiLayer, assets: Assets, left: float, width: float) -> None:
        self.left, self.width = left, width
        self.icon = ui.icon_sprite(assets.unit("soldier"), 0, 0, 22)
        self.name = Label(ui, 0, 0, "", 11, anchor_y="center")
        self.stats = Label(ui, 0, 0, "", 10, theme.TEXT_DIM, anchor_y="center")
        self.minus = ui.button((0, 0, 20, 18))
        self.plus = ui.button((0, 0, 20, 18))
        self.count = Label(ui, 0, 0, "", 10, theme.TEXT_WARN, anchor_x="center", anchor_y="center")
        self.show(False)

    def place(self, y: float) -> None:
        left, right = self.left, self.left + self.width
        self.icon.position = (left + 11, y)
        self.name.move(left + 28, y)
        self.stats.move(left + 132, y)
        self.minus.set_rect((right - 66, y - 9, 20, 18))
        self.count.move(right - 34, y)
        self.plus.set_rect((right - 22, y - 9, 20, 18))

    def show(self, visible: bool, splittable: bool = False) -> None:
        self.icon.visible = visible
        self.name.show(visible)
        self.stats.show(visible)
        self.minus.show(visible and splittable)
        self.plus.show(visible and splittable)
        self.count.show(visible and splittable)


class SidePanel:
    """Built once; `refresh` rewrites its texts and buttons from the engine when something changed."""

    def __init__(self, size: tuple[int, int], session: Session, orders: Orders, assets: Assets,
                 styles: dict[int, SeatStyle], host: PanelHost, scene: Scene) -> None:
        width, height = size
        self.scene = scene
        self.session = session
        self.orders = orders
        self.assets = assets
        self.styles = styles
        self.host = host
        self.x0 = width - theme.PANEL_WIDTH
        self.rect: Rect = (self.x0, 0, theme.PANEL_WIDTH, height)
        self.ui = ui = UiLayer(assets)
        left = self.x0 + theme.PAD
        inner = theme.PANEL_WIDTH - 2 * theme.PAD
        self.left, self.inner, self.height = left, inner, height
        ui.rect_sprite(self.rect, theme.PANEL_BG)
        ui.rect_sprite((self.x0, 0, 2, height), theme.DIVIDER)
        # header
        top = height - 8
        self.header_bg = ui.rect_sprite((self.x0 + 2, top - 52, theme.PANEL_WIDTH - 2, 52), theme.SECTION_BG)
        self.header_strip = ui.rect_sprite((self.x0 + 2, top - 52, 6, 52), theme.TEXT)
        self.flag = ui.icon_sprite(assets.flag("pennant"), left + 22, top - 26, 30)
        self.name = Label(ui, left + 44, top - 22, "", 15, bold=True)
        self.stage = Label(ui, left + 44, top - 42, "", 10, theme.TEXT_DIM)
        self.speed = ui.button((self.x0 + theme.PANEL_WIDTH - 54, top - 30, 44, 22))
        # resources
        self.resources: list[tuple[str, Label, Label]] = []
        ids = list(resource_ids(session.world))
        column = inner / max(1, len(ids))
        res_top = top - 60
        for i, resource in enumerate(ids):
            cx = left + column * i
            ui.icon_sprite(assets.icon(resource), cx + 12, res_top - 12, 22)
            amount = Label(ui, cx + 28, res_top - 12, "0", 13, bold=True, anchor_y="center")
            change = Label(ui, cx + 4, res_top - 34, "", 9, theme.TEXT_DIM, anchor_y="center")
            self.resources.append((resource, amount, change))
            ui.zones.append(((cx, res_top - 44, column, 44), ""))
        # next turn's upkeep in one line (see set_forecast); its tooltip has the details
        self.forecast = ui.button((left, res_top - 71, inner, 20))
        self.forecast.show(False)
        self.forecast_targets: list[int] = []
        self.forecast_next = 0
        self._forecast_key: tuple[object, ...] = ()
        sel_top = res_top - 75
        ui.rect_sprite((left, sel_top + 2, inner, 1), theme.DIVIDER)
        # radar box, end turn and build menu are anchored to the bottom
        self.radar_box = (int(left), 8, int(inner), 150)
        self.end_turn = ui.button((left, 166, inner, 34), primary=True)
        unit_ids = list(buildable_units(session.world))
        structure_ids = list(structure_types(session.world))
        columns, pitch = build_grid(len(unit_ids), len(structure_ids))
        unit_rows, structure_rows = math.ceil(len(unit_ids) / columns), math.ceil(len(structure_ids) / columns)
        build_top = 208 + 22 + (unit_rows + structure_rows) * pitch + 6
        self.build_title = Label(ui, left, build_top - 14, "Build", 12, bold=True)
        self.build_hint = Label(ui, left + inner, build_top - 14, "", 9, theme.TEXT_DIM, anchor_x="right")
        self.build_rule = ui.rect_sprite((left, build_top + 4, inner, 1), theme.DIVIDER)
        self.build_folded = Label(ui, left, BUILD_FLOOR - 18, "Build menu folded away for the actions: Esc shows it",
                                  9, theme.TEXT_DIM)
        self.build_folded.show(False)
        cell = (inner - 4 * (columns - 1)) / columns

        def unit_rects(top: float) -> list[Rect]:
            return [(left + (cell + 4) * (i % columns), top - 22 - (i // columns + 1) * pitch, cell, pitch - 4)
                    for i in range(len(unit_ids))]

        # folding (see _fold_build): 0 shows everything; 1 only the units, moved down; 2 nothing
        units_top = 208 + 22 + unit_rows * pitch + 6
        self.build_levels: list[tuple[float, list[Rect]]] = [
            (build_top, unit_rects(build_top)), (units_top, unit_rects(units_top)), (BUILD_FLOOR - 8, [])]
        self.build_level = 0
        self.unit_buttons = [Button(ui, rect, stacked=True, tag=unit_id, fit=True)
                             for rect, unit_id in zip(unit_rects(build_top), unit_ids, strict=True)]
        y = build_top - 22 - unit_rows * pitch - 6
        self.structure_buttons: list[Button] = []
        for i, structure_id in enumerate(structure_ids):
            if i % columns == 0:
                y -= pitch
            rect = (left + (cell + 4) * (i % columns), y, cell, pitch - 4)
            self.structure_buttons.append(Button(ui, rect, stacked=True, tag=structure_id, fit=True))
        # selection: everything between the resources and the build menu
        self.sel_top, self.sel_bottom = sel_top, build_top + 8
        self.title = Label(ui, left, sel_top - 16, "", 12, bold=True)
        self.subtitle = Label(ui, left, sel_top - 33, "", 10, theme.TEXT_DIM, width=int(inner))
        self.rows = [UnitRowSlot(ui, assets, left, inner) for _ in range(MAX_ROWS)]
        self.more = Label(ui, left, 0, "", 9, theme.TEXT_DIM)
        self.actions = [ui.button((left, 0, inner, 24), fit=True) for _ in range(MAX_ACTIONS)]
        self.version = -1

    # ----- helpers
    def contains(self, x: float, y: float) -> bool:
        left, bottom, width, height = self.rect
        return left <= x < left + width and bottom <= y < bottom + height

    def style(self, seat: int) -> SeatStyle:
        return self.styles.get(seat) or self.assets.default_style(seat)

    # ----- refresh
    def refresh(self, watching: bool = False) -> None:
        """Rewrite the panel. With `watching` (a computer turn) only the scene-free parts are touched."""
        session = self.session
        world = session.world
        self.speed.configure(f"{session_speed_label(self.host)}", tooltip="Animation speed for computer and rogue "
                             "turns [F]", on_click=self.host.cycle_speed)
        if watching:
            self._watching()
            return
        world.activate()
        clock = world.clock
        seat = clock.seat
        player = q.player(world, seat)
        style = self.style(seat)
        self._header(player.name, style, clock.round, clock.stage, player.computer)
        economies = info.economy(world, seat)
        for (_resource, amount, change), economy in zip(self.resources, economies, strict=False):
            amount.set(str(economy.amount))
            income = f"+{economy.income:.0f}"
            upkeep = f" −{economy.upkeep}" if economy.upkeep else ""
            change.set(f"{income}{upkeep}", theme.TEXT_DIM)
        for i, economy in enumerate(economies):
            produced = session.income.get(seat, {}).get(economy.resource)
            text = f"{economy.resource.title()}: {economy.amount}\nExpected per turn: +{economy.income:.1f} from land"
            if economy.upkeep:
                text += f", -{economy.upkeep} upkeep"
            if produced is not None:
                text += f"\nThis turn: +{produced} produced"
            owed_paid = session.upkeep_paid.get(seat)
            if owed_paid is not None and economy.resource == upkeep_resource(world):
                text += f", {owed_paid[1]} of {owed_paid[0]} upkeep paid"
            rect = self.ui.zones[i][0]
            self.ui.zones[i] = (rect, text)
        human = session.human_to_move()
        self.end_turn.configure("End turn", "Enter", enabled=human, on_click=self.host.end_turn,
                                tooltip="Finish your Main stage; rogue armies act, then the next player [Enter]")
        self._build(human)
        self._selection(human)
        self.version += 1

    def _header(self, name: str, style: SeatStyle, round_: int, stage: str, computer: bool) -> None:
        self.header_strip.color = style.color
        self.flag.texture = self.assets.flag(style.flag)
        self.flag.width = self.flag.height = 30
        self.flag.color = style.color
        self.name.set(name)
        who = "computer" if computer else "human"
        stage_name = {"main": "Main stage", "setup": "choosing bases", "over": "game over"}.get(stage, f"{stage} stage")
        if len(name) > 16:
            self.name.set(name[:15] + "…")
        self.stage.set(f"Round {max(1, round_)} · {stage_name} · {who}")

    def _watching(self) -> None:
        scene = self.scene
        seat = scene.seat
        self._header(scene.names.get(seat, f"Player {seat}"), self.style(seat), scene.round, scene.stage,
                     scene.computer.get(seat, False))
        computer = scene.computer.get(seat, False)
        name = scene.names.get(seat, f"Player {seat}")
        playing = "A computer player is playing" if computer else f"{name} is playing"
        self.end_turn.configure("End turn", "", enabled=False, tooltip=playing)
        self._build(False, engine=False)
        for _resource, amount, change in self.resources:
            amount.set("–")
            change.set("")
        self._fold_build(0)
        self.set_forecast("", theme.TEXT_DIM, "", [])
        starting = scene.stage in ("resource", "upkeep")  # a human's turn begins: production, upkeep, healing
        # another human's turn (a network game's other window): never called a computer's or the rogues'
        self.title.fit(f"{playing}…" if computer or scene.stage in ("main", "setup") else
                       f"{name}'s turn begins…" if starting else "Rogue armies are moving…", self.inner)
        self.subtitle.set("Watch the armies move. Change the pace with the speed button or F.")
        for row in self.rows:
            row.show(False)
        self.more.show(False)
        for button in self.actions:
            button.show(False)
        self.version += 1

    def _build(self, human: bool, engine: bool = True) -> None:
        """The build menu; without `engine` (a computer turn runs) only the rules data is read."""
        session, world = self.session, self.session.world
        options = {o.command.unit_type: o for o in gq.build_options(session.game)  # type: ignore[union-attr]
                   if isinstance(o.command, BuildUnit)} if engine else {}
        for index, button in enumerate(self.unit_buttons):
            unit_id = str(button.tag)
            spec = world.rules.units[unit_id]
            option = options.get(unit_id)
            reason = option.reason if option is not None else "not buildable"
            if not human:
                reason = "not your turn"
            tip = f"{info.unit_summary(world, unit_id)}. Appears at your base with 0 MP [{index + 1}]"
            if spec.description:
                tip += f"\n{spec.description}"
            if reason:
                tip += f"\nUnavailable: {reason}"
            cost = info.cost_text(dict(spec.cost))
            button.configure(spec.name, f"{cost} [{index + 1}]", note_shorter=(cost,), enabled=reason is None,
                             tooltip=tip, icon=self.assets.unit(unit_id), icon_color=self.style(world.clock.seat).color,
                             on_click=partial(self.host.run, BuildUnit(unit_id)))
        for button in self.structure_buttons:
            structure_id = str(button.tag)
            spec = structure_types(world)[structure_id]
            reason = gq.structure_afford_reason(session.game, structure_id) if engine else "not your turn"
            if not human:
                reason = "not your turn"
            where = PLACEMENTS.get(spec.placement, f"where its mod allows ({spec.placement})")
            tip = f"{info.structure_summary(world, structure_id)}. Built {where}: click to choose where."
            if spec.description:
                tip += f"\n{spec.description}"
            if reason:
                tip += f"\nUnavailable: {reason}"
            placing = self.orders.placing == structure_id
            button.configure(spec.name, short_cost(dict(spec.cost)), shorter=(short_name(spec.name, always=True),),
                             enabled=reason is None, tooltip=tip,
                             icon=self.assets.structure(structure_id), selected=placing,
                             on_click=partial(self.host.place, structure_id))

    # ----- next turn's upkeep (pushed by the game screen's turn flow)
    def set_forecast(self, text: str, color: theme.Color, tooltip: str, targets: list[int]) -> None:
        """One line under the resources: next turn's upkeep at a glance; its tooltip lists who would go unpaid
        and each click looks at the next of them. An empty text hides it."""
        key = (text, color, tooltip, tuple(targets))
        if key == self._forecast_key:
            return
        self._forecast_key = key
        self.forecast_targets, self.forecast_next = list(targets), 0
        if not text:
            self.forecast.show(False)
        else:
            self.forecast.configure(text, "look ▸" if targets else "", tooltip=tooltip, on_click=self._look_at_unpaid)
            self.forecast.label.resize(9)
            self.forecast.label.fit(text, self.inner - (60 if targets else 14), color)
        self.version += 1

    def _look_at_unpaid(self) -> None:
        if not self.forecast_targets:
            return
        territory = self.forecast_targets[self.forecast_next % len(self.forecast_targets)]
        self.forecast_next += 1
        look = getattr(self.host, "look_at", None)
        if callable(look):
            look(territory)

    # ----- the selection
    def _selection(self, human: bool) -> None:
        orders, world = self.orders, self.session.world
        for row in self.rows:
            row.show(False)
        self.more.show(False)
        actions: list[Action] = []
        y: float = self.sel_top - 44
        if orders.selected_army is not None and esper.entity_exists(orders.selected_army):
            y, actions = self._army_section(orders.selected_army, human, y)
        elif orders.selected_structure is not None and esper.entity_exists(orders.selected_structure):
            actions = self._structure_section(orders.selected_structure, human)
            y -= max(0.0, float(self.subtitle.text_obj.content_height) - 18)  # a subtitle of two lines
        elif orders.placing is not None:
            spec = structure_types(world)[orders.placing]
            self.title.fit(f"Placing: {spec.name}", self.inner)
            self.subtitle.set(f"Costs {info.cost_text(dict(spec.cost))}. Click where it should stand; "
                              "right-click or Esc cancels.")
        elif orders.inspected is not None:
            self._territory_section(orders.inspected)
        else:
            self.title.fit("Your orders" if human else "Waiting", self.inner)
            self.subtitle.set(self._orders_hint() if human else "")
        level = 0  # fold the build menu as far as the selection's actions need its room
        last = len(self.build_levels) - 1
        while level < last and len(actions) > (y - self.build_levels[level][0] - 8) // ACTION_PITCH:
            level += 1
        self._fold_build(level)
        floor = self.build_levels[level][0] + 8
        for i, button in enumerate(self.actions):
            if i < len(actions) and y - ACTION_PITCH >= floor:
                label, note, reason, command, tip = actions[i]
                y -= ACTION_PITCH
                button.set_rect((self.left, y, self.inner, ACTION_PITCH - 2))
                act = partial(self.host.run, command) if command is not None else partial(self.orders.say, tip)
                button.configure(label, note, enabled=human and reason is None,
                                 tooltip=(tip + (f"\nUnavailable: {reason}" if reason else "")).strip(), on_click=act)
            else:
                button.show(False)

    def _orders_hint(self) -> str:
        """What to do with nothing selected; a player without armies (round 1) is told to train one."""
        world = self.session.world
        if q.player_armies(world.clock.seat):
            return "Click one of your armies to see where it can go. Space: next army with moves; H: your base."
        first = next((type_name(world, "units", u) for u in buildable_units(world)), "unit")
        return (f"You have no armies yet: train a {first.lower()} at your base with the Train buttons below "
                "(or press 1). It can move from your next turn.")

    def _fold_build(self, level: int) -> None:
        """Give the build menu's room to the selection's actions: level 1 keeps only the units (moved down),
        level 2 hides it all. Esc (clearing the selection) brings it back."""
        self.build_level = level
        top, rects = self.build_levels[level]
        for button, rect in zip(self.unit_buttons, rects, strict=False):
            button.set_rect(rect)
        if level >= 2:
            for button in self.unit_buttons:
                button.show(False)
        if level >= 1:
            for button in self.structure_buttons:
                button.show(False)
        shown = level < 2
        self.build_title.move(self.left, top - 14)
        self.build_hint.move(self.left + self.inner, top - 14)
        self.build_rule.center_y = top + 4.5
        self.build_title.show(shown)
        self.build_hint.show(shown)
        self.build_rule.visible = shown
        self.build_folded.show(not shown)
        self.build_title.set("Build" if level == 0 else "Train")
        self.build_hint.set("hover for details" if level == 0 else "structures: Esc shows them")

    def _army_section(self, entity: int, human: bool, y: float) -> tuple[float, list]:
        world, orders = self.session.world, self.orders
        army = esper.component_for_entity(entity, Army)
        mine = army.owner == world.clock.seat
        owner = info.owner_name(world, army.owner)
        title = "Your army" if mine else ("Rogue army" if army.owner is None else f"{owner}'s army")
        self.title.fit(f"{title} · {len(army.units)} unit{'s' if len(army.units) != 1 else ''}", self.inner)
        max_mp = info.army_max_mp(world, entity)
        state = " · in a battle" if army.battle is not None else (" · done for this turn" if army.done else "")
        facts = info.structure_facts(world, entity)  # a mod's line about the army (presentation.panel_facts)
        self.subtitle.set(f"MP left {army.mp} of {max_mp}{state}" + (f" · {facts}" if facts else ""))
        rows = info.unit_rows(world, entity)
        splittable = mine and human and len(army.units) > 1 and army.battle is None and not army.done
        for i, row in enumerate(rows[:MAX_ROWS]):
            slot = self.rows[i]
            y -= 22
            slot.place(y + 2)
            slot.icon.texture = self.assets.unit(row.unit_type)
            slot.icon.width = slot.icon.height = 22
            slot.icon.color = self.style(army.owner).color if army.owner is not None else (150, 150, 150, 255)
            slot.name.set(f"{row.name} ×{len(row.units)}")
            health = f"{row.health}/{row.defense}" if row.health != row.defense else f"{row.defense}"
            slot.stats.set(f"A {row.attack}   D {health}   MP {row.mp}")
            chosen = sum(1 for u in row.units if u in orders.split)
            slot.count.set(str(chosen))
            slot.minus.configure("−", enabled=chosen > 0, tooltip="Keep one more of these here",
                                 on_click=partial(self._split, row.units, False))
            slot.plus.configure("+", enabled=chosen < len(row.units), tooltip="Send one more of these (split)",
                                on_click=partial(self._split, row.units, True))
            slot.minus.label.move(slot.minus.rect[0] + 6, slot.minus.rect[1] + 9)
            slot.plus.label.move(slot.plus.rect[0] + 5, slot.plus.rect[1] + 9)
            slot.show(True, splittable)  # after configure(), which shows its button
        y -= 16
        if len(rows) > MAX_ROWS:
            self.more.move(self.left, y - 4)
            self.more.set(f"+ {len(rows) - MAX_ROWS} more group(s)")
            self.more.show(True)
            y -= 14
        elif splittable:
            self.more.move(self.left, y - 4)
            self.more.set(f"Split: {len(orders.split)} chosen — click a highlighted neighbour" if orders.split
                          else "Split: pick units with +, then click a neighbour.")
            self.more.show(True)
            y -= 14
        actions: list[Action] = []
        if not mine:
            return y - 4, actions
        if orders.armed is not None:
            reach = orders.reach.get(orders.armed)
            if reach is not None:
                from components.commands import Move

                forecast = orders.forecast
                chance = f" · {forecast.win_chance:.0%} win" if forecast is not None else ""
                actions.append((f"Attack!{chance}", f"{reach.cost} MP  Enter", None, Move(entity, reach.path),
                                "Start the battle (the forecast is the engine's estimate)"))
        for option in gq.army_options(self.session.game, entity):
            key = HOTKEYS.get(option.kind)
            label = option.label + (f"  [{key}]" if key else "")
            target = getattr(option.command, "territory", None)
            if option.kind == "retreat" and isinstance(target, int):
                label = f"Retreat {direction(world, army.territory, target)}"
            elif isinstance(target, int) and not key:  # "Volley into 75" -> "Volley south" (a neighbour)
                label = place_words(label, target, army.territory, world)
            tip = place_words(option.label, target, army.territory, world) if isinstance(target, int) else option.label
            note = f"{option.mp_cost} MP" + (f" + {info.cost_text(option.cost)}" if option.cost else "")
            if option.reason is not None:  # not the price of something that cannot be done: why not
                note = short_reason(option.reason)
            actions.append((label, note, option.reason, option.command, tip))
        actions += self._plugin_actions(plugin_army_options(self.session.game, entity), army.territory)
        return y - 4, actions

    def _plugin_actions(self, options: list[gq.ActionOption], origin: int) -> list[Action]:
        """Mods' actions (e.g. boarding, sailing, landing, firing) as panel rows with MP/resource costs and the
        engine's reasons. Many map-aimed options of one kind (sail to each of 14 places) become one line: they
        are lit on the map, and a click there carries them out."""
        world = self.session.world
        out: list[Action] = []
        kinds: dict[str, list[gq.ActionOption]] = {}
        for option in options:
            kinds.setdefault(option.kind, []).append(option)
        for group in kinds.values():
            aimed = [o for o in group if option_target(o) is not None]
            if len(aimed) > GROUPED:
                usable = [o for o in aimed if o.reason is None]
                verb = aimed[0].label.split(" ")[0]
                most = max((o.mp_cost for o in usable), default=0)
                note = f"{len(usable)} places" + (f", ≤{most} MP" if most else "")
                tip = (f"{verb}: the {len(usable)} places it can reach are lit on the map; hover one to see the "
                       "way and its cost, click it to go")
                out.append((f"{verb} (click the map)", note, None if usable else aimed[0].reason, None, tip))
                group = [o for o in group if option_target(o) is None]
            labels = [o.label for o in group]
            for option in group:
                target = option_target(option)
                label = place_words(option.label, target, origin, world) if target is not None else option.label
                if labels.count(option.label) > 1:  # two boats of one kind: say which way each lies
                    label += self._which_way(option, origin)
                parts = [f"{option.mp_cost} MP"] if option.mp_cost else []
                if option.cost:
                    parts.append(info.cost_text(option.cost))
                out.append((label, " + ".join(parts), option.reason, option.command, option.label))
        return out

    def _which_way(self, option: gq.ActionOption, origin: int) -> str:
        world = self.session.world
        for name in ("ship", "target", "structure"):
            entity = getattr(option.command, name, None)
            if isinstance(entity, int) and esper.entity_exists(entity):
                found = esper.try_component(entity, Structure)
                if found is not None and found.territory in world.board.neighbours(origin):
                    return f" ({direction(world, origin, found.territory)})"
                if found is not None:
                    return f" ({territory_label(world, found.territory, world.clock.seat)})"
        return ""

    def _split(self, units: tuple[int, ...], add: bool) -> None:
        self.orders.toggle_split(units, add)

    def _structure_section(self, entity: int, human: bool) -> list:
        world = self.session.world
        structure = esper.component_for_entity(entity, Structure)
        spec = structure_types(world).get(structure.structure_type)
        mine = structure.owner == world.clock.seat
        name = info.structure_name(world, entity)
        owner = "yours" if mine else info.owner_name(world, structure.owner)
        self.title.fit(f"{name} ({owner})", self.inner, shorter=(name,))
        capacity = spec.garrison if spec else 0
        facts = info.structure_facts(world, entity)
        if facts is not None:
            self.subtitle.set(facts)
        else:
            self.subtitle.set(f"Health {structure.health}/{structure.max_health} · protection "
                              f"{structure.protection}% · stationed {len(structure.garrison)}/{capacity}")
        actions: list[Action] = []
        if not mine:
            return actions
        game = self.session.game
        actions += self._plugin_actions(plugin_structure_options(game, entity), structure.territory)
        missing = structure.max_health - structure.health
        per_point = dict(spec.repair) if spec else {}
        if missing > 0:
            one: Command = Repair(entity, 1)
            actions.append(("Repair 1 point", info.cost_text(per_point), game.check(one), one, "Restore one point"))
            full = Repair(entity, missing)
            total = {r: n * missing for r, n in per_point.items()}
            actions.append((f"Repair fully (+{missing})", info.cost_text(total), game.check(full), full,
                            "Restore every missing point"))
        else:
            actions.append(("Repair", "undamaged", "it is not damaged", None, "Nothing to repair"))
        for upgrade_id, upgrade in upgrade_types(world).items():
            command: Command = Upgrade(entity, upgrade_id)
            actions.append((upgrade.name, info.cost_text(dict(upgrade.cost)), game.check(command), command,
                            f"+{upgrade.defense} defense, +{upgrade.protection}% protection"))
        sails = spec is not None and any(spec.has(k) for k in world.app.presentation.sailing_abilities)
        for unit in structure.garrison if not sails else ():  # units aboard something that sails leave by landing
            place = structure.territory
            if structure.border is not None and world.owner_of(place) != structure.owner:
                place = structure.border
            command = Unstation(entity, unit, place)
            kind = type_name(world, "units", q.unit(unit).unit_type)
            actions.append((f"{kind} leaves the structure", "", game.check(command), command,
                            "The stationed unit steps out as an army of one"))
        if structure.garrison:
            for target, label in self._targets_in_range(structure):
                command = StationedFire(entity, target)
                actions.append((f"Fire at {label}", "once/turn", game.check(command), command,
                                "Each stationed unit strikes one unit of that army (R8.7)"))
        catapult = esper.try_component(entity, Catapult)
        if catapult is not None:
            actions += self._catapult_actions(entity, structure, catapult)
        return actions

    def _targets_in_range(self, structure: Structure) -> list[tuple[int, str]]:
        world = self.session.world
        return [
            (entity, f"{info.owner_name(world, army.owner)} army ({len(army.units)})")
            for entity, army in q.armies()
            if q.hostile(army.owner, structure.owner) and in_fire_range(world, structure, army.territory)
        ]

    def _catapult_actions(self, entity: int, structure: Structure, catapult: Catapult) -> list:
        world, game = self.session.world, self.session.game
        actions: list[Action] = []
        if catapult.crew is None:
            here = q.army_of(structure.owner, structure.territory)
            if here is not None:
                command: Command = CrewCatapult(entity, here[0])
                actions.append(("Crew it with the army here", "", game.check(command), command,
                                "One unit of the army becomes its crew; it then travels with that army"))
        stock = q.stockpile(world, world.clock.seat)
        damage = ammo(world)
        shots = sorted(damage.items(), key=lambda kv: -kv[1])
        best = next((r for r, _ in shots if stock.get(r, 0) >= 1), None)
        if not structure_types(world)[structure.structure_type].has("bombard"):
            return actions  # a mobile structure without `bombard` never strikes
        for n in world.board.neighbours(structure.territory):
            for _, army in q.armies_at(n):
                targets = [u for u in army.units if u in bombard_targets(world, n, world.clock.seat)]
                if targets and best is not None:
                    command = Bombard(entity, n, best, targets[0])
                    label = f"Bombard {info.owner_name(world, army.owner)} army with {best}"
                    actions.append((label, f"{damage[best]} dmg", game.check(command), command,
                                    "Strikes one unit in the neighbouring territory (passes over walls)"))
        return actions

    def _territory_section(self, territory: int) -> None:
        world = self.session.world
        terrain = world.rules.terrain[world.terrain[territory]]
        owner = world.owner_of(territory)
        name = "neutral" if owner is None else info.owner_name(world, owner)
        who = "neutral" if owner is None else f"owned by {name}"
        self.title.fit(f"{terrain.name} ({who})", self.inner, shorter=(f"{terrain.name} ({name})", terrain.name))
        produce = ", ".join(f"{low}–{high} {r}" for r, (low, high) in terrain.production.items()) or "nothing"
        extra = " · disrupted" if q.is_disrupted(world, territory) else ""
        self.subtitle.set(f"Produces {produce} per turn{extra}")

    # ----- input and drawing
    def hover(self, x: float, y: float) -> str:
        self.ui.hover(x, y)
        return self.ui.tooltip_at(x, y)

    def press(self, x: float, y: float) -> bool:
        """A click inside the panel: a button may act; the click never reaches the map."""
        self.ui.press(x, y)
        return True

    def draw(self) -> None:
        self.ui.draw()


def short_reason(reason: str, most: int = 26) -> str:
    """An engine reason short enough for a button's note ('you already own this territory' -> 'already
    yours'); the tooltip keeps the whole reason."""
    text = for_players(reason)
    for long, short in SHORT_REASONS:
        if long in text:
            return short
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


SHORT_REASONS = (("already own", "already yours"), ("ended its actions", "done this turn"),
                 ("needs", "not enough MP"), ("hostile army stands here", "enemy here"),
                 ("in a battle", "in a battle"))


def session_speed_label(host: PanelHost) -> str:
    speed = getattr(host, "speed", 1.0)
    return f"{speed:g}×"


def direction(world: object, here: int, there: int) -> str:
    """'north', 'east', 'south' or 'west' from one territory to its neighbour."""
    board = world.board  # type: ignore[attr-defined]
    (x0, y0), (x1, y1) = board.coords(here), board.coords(there)
    if y1 < y0:
        return "north"
    if y1 > y0:
        return "south"
    return "east" if x1 > x0 else "west"
