"""What a ruleset or mod registers for the client: how its events animate, sound and read, its sprites
and panel actions. Plain data and callables; nothing here imports the client (the client reads it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SceneUpdate = Callable[[Any, Any], None]  # (client scene, event) -> keeps the client's picture in step
BeatFactory = Callable[..., Any]  # (event, the client's beat context) -> an animation beat, or None
Words = Callable[[Any, Callable[[int], str]], str]  # (event, place name) -> a log line


@dataclass
class Presentation:
    """Per game: event name -> how the client shows it. The client falls back to its defaults elsewhere."""

    scene_updates: dict[str, SceneUpdate] = field(default_factory=dict)
    beats: dict[str, BeatFactory] = field(default_factory=dict)
    sounds: dict[str, str] = field(default_factory=dict)
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
