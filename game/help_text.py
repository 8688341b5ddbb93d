"""The in-game help as data: the rules in brief (with their RULES.md ids), the map legend, hotkeys, tooltips.

The help overlay renders these; the side panel takes its tooltips from `TOOLTIPS`. Symbols name an entry
of assets/manifest.toml (`section`, `key`) so the overlay can draw the very sprite the map uses.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleBrief:
    title: str
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Symbol:
    """One map symbol: where its picture is in the manifest, and what it means."""

    section: str
    key: str
    meaning: str


@dataclass(frozen=True)
class Hotkey:
    keys: str
    action: str


RULES_BRIEF: tuple[RuleBrief, ...] = (
    RuleBrief("Goal", "Capture every other flag: stand in an enemy base with an army when none of its units is "
              "left there. The last player standing wins.", ("R7.2",)),
    RuleBrief("Your turn", "Resource (your land produces), Upkeep (you feed your armies), Main (you act), "
              "Rogue (rogues tied to you act).", ("R3.1", "R3.2", "R3.5")),
    RuleBrief("Production", "Each territory you own yields a random amount each turn (see the map legend). "
              "Disrupted ones and those with a rogue army in them yield nothing.", ("R2.2", "R2.3")),
    RuleBrief("Upkeep", "Soldiers eat 1 food, defenders 2, rangers none, stationed units 1. Armies nearest your "
              "base eat first. An army not fed in full cannot act and may go rogue; the panel warns you "
              "before you end your turn.", ("R4.1", "R4.2", "R4.3", "R4.4")),
    RuleBrief("Armies", "Up to 10 units (2 rangers) per army, 10 armies. An army moves at its slowest unit's MP; "
              "moving onto your own army combines them.", ("R5.1", "R5.2", "R5.6", "R5.7")),
    RuleBrief("Fighting", "Moving onto a hostile army starts a battle: a round now, then one at the start of "
              "each of your turns until a side is gone. You may retreat after a round.",
              ("R5.5", "R8.1", "R8.4", "R8.5")),
    RuleBrief("Territory", "Take over a neutral territory for 1 MP, an enemy one for 2 (no hostile army there). "
              "Disrupt stops a territory producing for 3 rounds.", ("R7.1", "R7.3")),
    RuleBrief("Building", "Train soldiers (10 food), rangers (25), defenders (20) at your base. Build walls, "
              "towers and bridges; station single units in them.", ("R6.1", "R6.2", "R6.3", "R6.4")),
    RuleBrief("Rogues", "Starving armies may go rogue and wild rogues appear. Rogues attack anyone; only a "
              "battle gets rid of them.", ("R9.1", "R9.3", "R9.4", "R9.5")),
    RuleBrief("Undo", "Moves, combines and splits can be undone this turn, but not past a battle, a build, a "
              "take-over or a dice roll.", ("R10.1",)),
)

SYMBOLS: tuple[Symbol, ...] = (
    Symbol("terrain", "plain", "Plain: 1-4 food; easy going"),
    Symbol("terrain", "forest", "Forest: 1-4 wood, 0-1 food; slow for soldiers"),
    Symbol("terrain", "mountain", "Mountain: 1-3 stone; very slow"),
    Symbol("terrain", "mine", "Mine: 0-2 metal, 0-1 stone"),
    Symbol("terrain", "shallow_water", "Shallow water: 0-1 food; soldiers wade slowly"),
    Symbol("terrain", "deep_water", "Deep water: 1-2 food; only rangers cross"),
    Symbol("terrain", "barren", "Barren: produces nothing"),
    Symbol("units", "soldier", "Soldier: the line unit (eats 1 food)"),
    Symbol("units", "ranger", "Ranger: fast; eats nothing, keeps armies loyal"),
    Symbol("units", "defender", "Defender: tough and slow (eats 2 food)"),
    Symbol("units", "rogue", "Rogue army: hostile to everyone"),
    Symbol("structures", "wooden_wall", "Wall: blocks enemies crossing this border"),
    Symbol("structures", "wooden_tower", "Tower: protects stationed units in its territory"),
    Symbol("structures", "bridge", "Bridge: any unit crosses this water for 1 MP"),
    Symbol("structures", "catapult", "Catapult: bombards a neighbouring territory"),
    Symbol("flags", "pennant", "Flag: a home base; capture it to defeat its owner"),
    Symbol("ui", "battle", "Battle in progress"),
    Symbol("ui", "disrupted", "Disrupted: produces nothing for now"),
    Symbol("ui", "mp", "Movement points left"),
    Symbol("ui", "attack", "Attack"),
    Symbol("ui", "defense", "Defense (health)"),
    Symbol("ui", "food", "Food (pays upkeep)"),
    Symbol("ui", "wood", "Wood"),
    Symbol("ui", "stone", "Stone"),
    Symbol("ui", "metal", "Metal"),
)

HOTKEYS: tuple[Hotkey, ...] = (
    Hotkey("F1", "Open or close this help"),
    Hotkey("Left click", "Select an army, then its target"),
    Hotkey("Right click, Esc", "Cancel the selection"),
    Hotkey("Right-drag, arrows, WASD", "Scroll the map (or touch its edge)"),
    Hotkey("Mouse wheel, + / -", "Zoom"),
    Hotkey("Space / Tab, H", "Next army that can move / your base"),
    Hotkey("T, X, 1-9", "Take over, disrupt, train a unit"),
    Hotkey("Ctrl+Z, U", "Undo the last move"),
    Hotkey("Enter", "Confirm an attack, or end the turn"),
    Hotkey("L, O, F", "Event log, options, animation speed"),
    Hotkey("F5 / F9", "Save the game / load a game"),
)

TOOLTIPS: dict[str, str] = {
    "end_turn": "End your turn (Enter). Rogue armies tied to you act next.",
    "undo": "Undo your last move (Ctrl+Z). Battles, builds, take-overs and dice rolls cannot be undone.",
    "help": "Rules, map symbols and hotkeys (F1)",
    "log": "This round's events; click one to look at it (L)",
    "save": "Save the game (F5)",
    "load": "Load a saved game (F9)",
    "settings": "Window, sound, animation speed, edge scrolling",
    "menu": "Back to the main menu",
    "food": "Food: pays upkeep (R4) and trains units",
    "wood": "Wood: walls, towers, bridges, catapults",
    "stone": "Stone: walls, towers, bridges",
    "metal": "Metal: upgrades, catapults",
    "forecast": "What next turn's upkeep will do (R4.2-R4.4): who goes unpaid and may go rogue",
    "army": "The selected army: units, MP left, what it can do",
    "build": "Train units at your base and build structures",
    "radar": "The whole map; click to jump there",
    "turn": "Round and whose turn it is",
    "volume": "Sound volume",
    "mute": "Sound on or off",
}


def tooltip(element: str) -> str:
    """The tooltip for a panel element id ('' when there is none)."""
    return TOOLTIPS.get(element, "")
