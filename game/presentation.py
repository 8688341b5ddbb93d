"""What a ruleset or mod registers for the client: how its events animate, sound and read, its sprites
and panel actions. Plain data and callables; nothing here imports the client (the client reads it)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.resources import ASSETS

SceneUpdate = Callable[[Any, Any], None]  # (client scene, event) -> keeps the client's picture in step
BeatFactory = Callable[..., Any]  # (event, the client's beat context) -> an animation beat, or None
Words = Callable[[Any, Callable[[int], str]], str]  # (event, place name) -> a log line

MANIFEST = ASSETS / "manifest.toml"
MOD_SOUNDS = "sounds"  # a mod's own effects: <mod folder>/sounds/<name>.wav


def base_sound_names(manifest: Path = MANIFEST) -> set[str]:
    """The effects every game has (assets/manifest.toml's [sounds]); empty when the manifest cannot be read."""
    try:
        return set(tomllib.loads(manifest.read_text(encoding="utf-8")).get("sounds", {}))
    except (OSError, ValueError):
        return set()


@dataclass(frozen=True)
class PieceLook:
    """One piece as the client's default board screen draws it: where, whose, and how (a sprite, else a glyph),
    with a label under it and small badges (a ruleset declares them through `Presentation.pieces`)."""

    place: int  # the territory (square, hex or region) index it stands on
    owner: int | None  # its seat (the owner's colour), None: nobody's
    glyph: str = ""  # a letter or symbol drawn on the token when there is no sprite
    sprite: str = ""  # an image path (relative to the game's assets folder, or absolute)
    label: str = ""  # a short text under the token (strength, a name)
    badges: tuple[str, ...] = ()  # short marks around the token ("3", "!", ...)


@dataclass(frozen=True)
class HelpLine:
    """One line of a ruleset's F1 help: a key/symbol and what it does/means."""

    key: str
    text: str


@dataclass(frozen=True)
class RulesetHelp:
    """A ruleset's own help as data (its `help.toml`): the rules in brief, the controls, the symbols."""

    title: str = ""
    brief: tuple[str, ...] = ()
    controls: tuple[HelpLine, ...] = ()
    symbols: tuple[HelpLine, ...] = ()


Statistic = tuple[str, str, Callable[[Any, int], float]]  # (key, chart title, (world, seat) -> value)


@dataclass
class Presentation:
    """Per game: event name -> how the client shows it. The client falls back to its defaults elsewhere."""

    scene_updates: dict[str, SceneUpdate] = field(default_factory=dict)
    beats: dict[str, BeatFactory] = field(default_factory=dict)
    sounds: dict[str, str] = field(default_factory=dict)  # event name -> effect (base name or "mod/name")
    sound_files: dict[str, Path] = field(default_factory=dict)  # "mod/name" -> a mod's own .wav (resolve_sounds)
    words: dict[str, Words] = field(default_factory=dict)
    effects: dict[str, Callable[..., Any]] = field(default_factory=dict)  # event name -> (effects layer, event)
    sprites: dict[str, str] = field(default_factory=dict)  # unit/structure type id -> image path
    sailing_abilities: set[str] = field(default_factory=set)  # structure abilities drawn as tokens on water
    panel_facts: list[Callable[..., Any]] = field(default_factory=list)  # (world, entity) -> lines or None
    panel_actions: dict[str, str] = field(default_factory=dict)  # option kind -> button label
    # (rules) -> the help's entries for what a mod adds beyond unit and structure types (game.help_text.TypeEntry)
    help_entries: list[Callable[[Any], Any]] = field(default_factory=list)
    # (world, structure entity) -> a picture drawn on it: (manifest section, key, faded), or None
    structure_marks: list[Callable[[Any, int], Any]] = field(default_factory=list)
    # --- what the client's shell and default board screen read (docs/client.md, "The shell")
    help: RulesetHelp = field(default_factory=RulesetHelp)  # F1: the ruleset's help.toml
    statistics: list[Statistic] = field(default_factory=list)  # victory screen charts, sampled every command
    production_charts: Callable[[Any], tuple[str, ...]] | None = None  # (rules) -> resources charted as produced
    battle_chart: bool = False  # the victory screen charts battles won (BattleEnded events)
    pieces: Callable[[Any], list[PieceLook]] | None = None  # (world) -> the pieces to draw (default screen)
    command_places: Callable[[Any], tuple[int, ...]] | None = None  # command -> (from, to...) places it acts on
    command_words: Callable[[Any, Callable[[int], str]], str] | None = None  # (command, place name) -> label
    terrain_colors: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # terrain id -> colour
    place_name: Callable[[Any, int], str] | None = None  # (world, territory) -> its name for players ("c4")
    home_place: Callable[[Any, int], int | None] | None = None  # (world, seat) -> the seat's home, which the
    # log's places are told from ("3 north of your base"); None: places by their part of the board
    map_screen: bool = False  # the ruleset is played on the client's standard map screen (its panel, orders,
    # forecast and map read the base game's rules model); without it and without a screen of its own: the default
    # board screen
    victory_words: Callable[[Any], str] | None = None  # (world) -> how the game was won, for the victory screen
    # --- the rule sections only some rulesets have, as shared client code asks for them (game.client_hooks: the
    # turn summary, the forecast, the standard map screen); a ruleset that declares none gets the empty answer
    resources: Callable[[Any], tuple[str, ...]] | None = None  # (rules) -> the resources a player holds, in order
    upkeep_resource: Callable[[Any], str] | None = None  # (rules) -> the resource upkeep is paid in
    forecast: Callable[[Any, int], Any] | None = None  # (game, seat) -> the seat's outlook (game.forecast's)
    structure_types: Callable[[Any], Mapping[str, Any]] | None = None  # (rules) -> structure type id -> its spec
    buildable_units: Callable[[Any], tuple[str, ...]] | None = None  # (rules) -> the unit types a player may build
    upgrade_types: Callable[[Any], Mapping[str, Any]] | None = None  # (rules) -> structure upgrade id -> its spec
    ammo: Callable[[Any], Mapping[str, int]] | None = None  # (rules) -> resource a bombard fires -> its damage
    attack_extra: Callable[[Any], int] | None = None  # (rules) -> the MP an attack costs beyond the move
    type_facts: Callable[[Any, str, str], str] | None = None  # (rules, "units"|"structures", type id) -> its numbers
    # in one line for players ("attack 4, defense 4, MP 4; costs 25 food")
    # how a fixed [board]'s cells lie (the new-game preview draws it so): "square"; "hex_columns" (flat-topped,
    # odd columns half a hex lower); "hex_rows" (pointy-topped, odd rows half a hex to the right)
    board_layout: str = "square"

    def on_event(self, name: str, *, scene: SceneUpdate | None = None, beat: BeatFactory | None = None,
                 sound: str | None = None, words: Words | None = None,
                 effect: Callable[..., Any] | None = None) -> None:
        """Say how the event type `name` is shown: any of scene update, animation beat, sound, log words."""
        if scene is not None:
            self.scene_updates[name] = scene
        if beat is not None:
            self.beats[name] = beat
        if sound is not None:
            self.sounds[name] = sound
        if words is not None:
            self.words[name] = words
        if effect is not None:
            self.effects[name] = effect

    def resolve_sounds(self, mod_id: str, folder: Path, before: dict[str, str], base: set[str]) -> list[str]:
        """After mod `mod_id` registered: each effect it named that is not a base one must be its own file
        `<folder>/sounds/<name>.wav`, then called "mod_id/name"; returns the problems (nothing is changed then)."""
        problems: list[str] = []
        own: dict[str, tuple[str, Path]] = {}
        for event, name in self.sounds.items():
            if before.get(event) == name or name in base or name in self.sound_files:
                continue
            path = folder / MOD_SOUNDS / f"{name}.wav"
            if "/" in name or not path.is_file():
                problems.append(f"mod '{mod_id}': event {event}: sound '{name}' is neither a base effect "
                                f"({', '.join(sorted(base))}) nor a file {MOD_SOUNDS}/{name}.wav of the mod")
            else:
                own[event] = (f"{mod_id}/{name}", path)
        if not problems:
            for event, (key, path) in own.items():
                self.sounds[event] = key
                self.sound_files[key] = path
        return problems
