"""Setup and turn commands: choosing a base (R1.3) and ending the Main stage (R3.1)."""

from __future__ import annotations

import esper

from components.commands import ChooseBase, EndTurn
from components.players import HomeBase
from systems import queries as q
from systems.actions import handles
from systems.events import BaseChosen
from systems.world import MAIN, SETUP, World


@handles(ChooseBase)
class ChooseHomeBase:
    @staticmethod
    def check(world: World, cmd: ChooseBase) -> str | None:
        if world.clock.stage != SETUP:
            return "bases are chosen before the first round"
        seat = world.clock.seat
        if cmd.territory not in world.start_zones.get(seat, ()):
            return "choose a territory inside your start zone (R1.3)"
        if not world.rules.is_land(world.terrain[cmd.territory]):
            return "a base must be on land, not water (R1.3)"
        if any(q.home_base(world, s) == cmd.territory for s in world.seats):
            return "another player's base is there (R1.3)"
        return None

    @staticmethod
    def apply(world: World, cmd: ChooseBase) -> None:
        seat = world.clock.seat
        esper.component_for_entity(world.players[seat], HomeBase).territory = cmd.territory
        world.set_owner(cmd.territory, seat)
        world.emit(BaseChosen(seat, cmd.territory))


@handles(EndTurn)
class EndMainStage:
    @staticmethod
    def check(world: World, cmd: EndTurn) -> str | None:
        if world.clock.stage != MAIN:
            return "you can end your turn only in your Main stage"
        return None

    @staticmethod
    def apply(world: World, cmd: EndTurn) -> None:
        """The engine moves the clock on; nothing changes here."""
