"""The in-game help as data: the rules in brief (with their RULES.md ids), the map legend, hotkeys, tooltips.

The help overlay renders these; the side panel takes its tooltips from `TOOLTIPS`. Symbols name an entry
of assets/manifest.toml (`section`, `key`) so the overlay can draw the very sprite the map uses.

Numbers that depend on the rules (unit costs, upkeep, army limits, every unit and structure type a mod
adds) are never written here: `rules_brief(rules)` and `ruleset_entries(rules)` generate them from the
game's `Ruleset`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from components.rules import Ruleset


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
class TypeEntry:
    """A unit, structure or upgrade type of the ruleset, for the help's "Units and structures" page."""

    section: str  # "units", "structures" or "upgrades" (the manifest section of its picture)
    key: str  # the type id
    name: str
    numbers: str
    description: str


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
    Symbol("units", "soldier", "Army: its main unit, with the number of units"),
    Symbol("units", "rogue", "Rogue army: hostile to everyone"),
    Symbol("structures", "wooden_wall", "Wall: blocks enemies crossing this border"),
    Symbol("structures", "wooden_tower", "Tower: protects stationed units in its territory"),
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
    "log": "Everything since your last turn, and earlier events above (scroll); click one to look at it (L)",
    "follow": "Camera follows computer and rogue moves (C); moving the camera yourself pauses it a moment",
    "summary": "Reopen the summary of what happened since your last turn (R)",
    "save": "Save the game (F5)",
    "load": "Load a saved game (F9)",
    "settings": "Window, sound, animation speed, edge scrolling",
    "menu": "The game menu: resume, save, load, settings, help, main menu, quit",
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


def _amounts(amounts: dict[str, int]) -> str:
    return " ".join(f"{n} {r}" for r, n in amounts.items() if n) or "nothing"


def unit_numbers(rules: Ruleset, unit_type: str) -> str:
    """A unit type's numbers in one line (attack, defense, MP, cost, upkeep, slots), from the ruleset."""
    spec = rules.units[unit_type]
    move = spec.movement
    bonus = f" (+{move.open_terrain_bonus} on open ground)" if move.open_terrain_bonus else ""
    parts = [f"attack {spec.combat.attack}, defense {spec.combat.defense}, MP {move.mp}{bonus}",
             f"costs {_amounts(dict(spec.cost))}", f"upkeep {_amounts(dict(spec.upkeep))}"]
    if spec.army.slots > 1:
        parts.append(f"fills {spec.army.slots} army slots")
    if spec.army.max_per_army:
        parts.append(f"at most {spec.army.max_per_army} per army")
    if not spec.buildable:
        parts.append("cannot be trained")
    return "; ".join(parts)


def structure_numbers(rules: Ruleset, structure_type: str) -> str:
    """A structure type's numbers in one line (cost, defense, protection, capacity, guns), from the ruleset."""
    spec = rules.structures[structure_type]
    parts = [f"costs {_amounts(dict(spec.cost))}", f"defense {spec.defense}"]
    if spec.protection:
        parts.append(f"protection {spec.protection}%")
    words = [ability.describe(spec.garrison) for ability in spec.abilities]
    if spec.garrison and not any(w.startswith("carries") for w in words if w):
        parts.append(f"holds {spec.garrison}")
    if spec.mobile is not None:
        parts.append(f"moves {spec.mobile.mp} MP")
    parts.extend(w for w in words if w)
    return "; ".join(parts)


def ruleset_entries(rules: Ruleset) -> tuple[TypeEntry, ...]:
    """Every unit, structure and upgrade type of the game's rules (mods' included) with its numbers."""
    out = [TypeEntry("units", uid, spec.name, unit_numbers(rules, uid), spec.description)
           for uid, spec in rules.units.items()]
    out += [TypeEntry("structures", sid, spec.name, structure_numbers(rules, sid), spec.description)
            for sid, spec in rules.structures.items()]
    out += [TypeEntry("upgrades", gid, spec.name, f"costs {_amounts(dict(spec.cost))}; +{spec.defense} defense, "
                      f"+{spec.protection}% protection", "")
            for gid, spec in rules.upgrades.items()]
    return tuple(out)


def rules_brief(rules: Ruleset | None = None) -> tuple[RuleBrief, ...]:
    """The rules in brief; with a ruleset, the lines with numbers (upkeep, armies, building) come from it."""
    if rules is None:
        return RULES_BRIEF
    units = rules.units
    limits = rules.limits

    def amount(amounts: dict[str, int]) -> str:
        return _amounts(amounts) if any(amounts.values()) else "0"

    eats = ", ".join(f"{spec.name} {amount(dict(spec.upkeep))}" for spec in units.values())
    capped = ", ".join(f"{spec.army.max_per_army} {spec.name}" for spec in units.values() if spec.army.max_per_army)
    trained = ", ".join(f"{spec.name} {amount(dict(spec.cost))}" for spec in units.values() if spec.buildable)
    generated = {
        "Upkeep": (f"Per turn: {eats}; stationed units {amount(dict(rules.stationed.upkeep))}. Armies nearest your "
                   "base eat first; an unfed army cannot act and may go rogue (the panel warns you)."),
        "Armies": (f"Up to {limits.units_per_army} army slots per army" + (f" (at most {capped})" if capped else "")
                   + f", {limits.armies_per_player} armies. An army moves at its slowest unit's MP; moving onto "
                   "your own army combines them."),
        "Building": f"Train at your base: {trained}. Structures and all their numbers: Tab.",
        "Territory": (f"Take over a neutral territory for {rules.costs.take_over_neutral} MP, an enemy one for "
                      f"{rules.costs.take_over_enemy} (no hostile army there). Disrupt stops a territory "
                      f"producing for {rules.disruption.rounds} rounds."),
    }
    return tuple(RuleBrief(b.title, generated.get(b.title, b.text), b.rules) for b in RULES_BRIEF)


def symbols(rules: Ruleset | None = None) -> tuple[Symbol, ...]:
    """The map legend; with a ruleset, each terrain's line shows its production from the rules data."""
    if rules is None:
        return SYMBOLS
    out = []
    for symbol in SYMBOLS:
        spec = rules.terrain.get(symbol.key) if symbol.section == "terrain" else None
        if spec is None:
            out.append(symbol)
            continue
        made = ", ".join(f"{lo}-{hi} {res}" for res, (lo, hi) in spec.production.items()) or "produces nothing"
        _, _, note = symbol.meaning.partition("; ")
        out.append(Symbol(symbol.section, symbol.key, f"{spec.name}: {made}" + (f"; {note}" if note else "")))
    return tuple(out)


def tooltip(element: str) -> str:
    """The tooltip for a panel element id ('' when there is none)."""
    return TOOLTIPS.get(element, "")


@dataclass(frozen=True)
class MovementTable:
    """MP to enter each terrain per unit type (R5.3), generated from the ruleset; None: cannot enter."""

    units: tuple[str, ...]  # unit type names, the columns
    rows: tuple[tuple[str, tuple[int | None, ...]], ...]  # (terrain name, MP per unit type)
    notes: tuple[str, ...]  # the extras on top of terrain: attacking, own walls, bridges


def movement_table(rules: Ruleset) -> MovementTable:
    """The help's movement-cost table: every terrain and unit type of the game's ruleset (mods' included)."""
    unit_ids = list(rules.units)
    rows = tuple((spec.name, tuple(rules.move_cost(u, terrain_id) for u in unit_ids))
                 for terrain_id, spec in rules.terrain.items())
    costs = rules.costs
    notes = (f"An army pays its slowest unit's cost. Attacking costs {costs.attack_extra} MP more; crossing your "
             f"own wall {costs.own_wall_extra} MP more; hostile walls cannot be crossed.",)
    return MovementTable(tuple(rules.units[u].name for u in unit_ids), rows, notes)
