"""Setup and turn commands: choosing a base (R1.3), ending the Main stage (R3.1) and resigning."""

from __future__ import annotations

import esper

from components.commands import ChooseBase, EndTurn, Resign
from components.players import HomeBase
from systems import queries as q
from systems.actions import handles
from systems.events import BaseChosen, PlayerResigned
from systems.world import MAIN, SETUP, World


@handles(ChooseBase)
class ChooseHomeBase:
    @staticmethod
    def check(world: World, cmd: ChooseBase) -> str | None:
        if world.clock.stage != SETUP:
            return "bases are chosen before the first round"
        seat = world.issuer
        if cmd.territory not in world.start_zones.get(seat, ()):
            return "choose a territory inside your start zone (R1.3)"
        if not world.rules.is_land(world.terrain[cmd.territory]):
            return "a base must be on land, not water (R1.3)"
        if any(q.home_base(world, s) == cmd.territory for s in world.seats):
            return "another player's base is there (R1.3)"
        return None

    @staticmethod
    def apply(world: World, cmd: ChooseBase) -> None:
        seat = world.issuer
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


@handles(Resign)
class ResignGame:
    @staticmethod
    def check(world: World, cmd: Resign) -> str | None:
        if world.clock.stage != MAIN:
            return "you can resign only in your Main stage"
        return None

    @staticmethod
    def apply(world: World, cmd: Resign) -> None:
        """R7.2's defeat for the resigning player: its pieces leave the map, its territories turn neutral."""
        from systems.outcome import check_victory
        from systems.victory import defeat

        seat = world.issuer
        world.emit(PlayerResigned(seat, world.clock.round))
        base = q.home_base(world, seat)
        defeat(world, seat, seat, base if base is not None else -1)  # by itself: no rogue or player took the flag
        check_victory(world)


def new_seat(world: World, seat: int, entity: int) -> None:
    """R1.4: a seat starts with the ruleset's starting resources and no base yet (R1.3)."""
    from components.players import Stockpile

    esper.add_component(entity, Stockpile(dict(world.rules.setup.start)))
    esper.add_component(entity, HomeBase(None))
