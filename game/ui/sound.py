"""Short sound effects from assets/manifest.toml, loaded on first use, with volume and mute.

Never raises: a missing file, an undecodable one or no audio device at all just means silence (pyglet
falls back to its silent driver when there is no device). `played` keeps the names asked for, which
tests and the headless client use to check what would have been heard.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from systems import events as ev

ASSETS = Path(__file__).resolve().parents[2] / "assets"

EVENT_SOUNDS: tuple[tuple[type[ev.Event], str], ...] = (
    (ev.GameWon, "victory"),
    (ev.ArmyWentRogue, "rogue"),
    (ev.RogueAppeared, "rogue"),
    (ev.StructureDestroyed, "destroy"),
    (ev.ArmyDestroyed, "destroy"),
    (ev.BattleStarted, "battle"),
    (ev.BattleRoundFought, "battle"),
    (ev.StructureAttacked, "battle"),
    (ev.CatapultFired, "battle"),
    (ev.StationedFired, "battle"),
    (ev.StructureBuilt, "build"),
    (ev.UnitBuilt, "build"),
    (ev.StructureUpgraded, "build"),
    (ev.TerritoryTakenOver, "build"),
    (ev.ArmyMoved, "move"),
    (ev.ArmiesCombined, "move"),
    (ev.ArmySplit, "move"),
    (ev.ResourcesProduced, "production"),
)
"""Which effect an event makes; earlier entries win when one batch holds several."""


def sound_for_events(
    events: list[ev.Event] | tuple[ev.Event, ...], plugin_sounds: Mapping[str, str] | None = None
) -> str | None:
    """The one effect to play for a batch of events (the most important one), or None; `plugin_sounds`
    (the game's presentation.sounds: event class name -> effect) cover its ruleset's and mods' events."""
    for kind, name in EVENT_SOUNDS:
        if any(isinstance(e, kind) for e in events):
            return name
    for event in events:
        effect = (plugin_sounds or {}).get(type(event).__name__)
        if effect is not None:
            return effect
    return None


class SoundBoard:
    """Named effects; `play('select')`. Volume 0..1; muted or volume 0 plays nothing."""

    def __init__(self, volume: float = 0.8, muted: bool = False, manifest: Path | None = None,
                 enabled: bool = True) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self.enabled = enabled
        self.played: list[str] = []
        self.errors: list[str] = []
        self._paths = self._read_manifest(manifest or ASSETS / "manifest.toml")
        self._sounds: dict[str, Any] = {}

    def _read_manifest(self, manifest: Path) -> dict[str, Path]:
        try:
            data = tomllib.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            self.errors.append(f"{manifest}: {exc}")
            return {}
        sounds = data.get("sounds", {})
        return {name: manifest.parent / rel for name, rel in sounds.items() if isinstance(rel, str)}

    @property
    def names(self) -> list[str]:
        return sorted(self._paths)

    def set_volume(self, volume: float, muted: bool | None = None) -> None:
        self.volume = max(0.0, min(1.0, volume))
        if muted is not None:
            self.muted = muted

    def _load(self, name: str) -> Any:
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        path = self._paths.get(name)
        if path is not None:
            try:
                import arcade

                sound = arcade.load_sound(path)
            except Exception as exc:  # no decoder, no device, broken file: stay silent
                self.errors.append(f"{name}: {exc}")
                sound = None
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> bool:
        """Play an effect; True when it was sent to the audio driver."""
        self.played.append(name)
        if not self.enabled or self.muted or self.volume <= 0:
            return False
        sound = self._load(name)
        if sound is None:
            return False
        try:
            sound.play(volume=self.volume)
        except Exception as exc:
            self.errors.append(f"{name}: {exc}")
            return False
        return True

    def play_for(
        self, events: list[ev.Event] | tuple[ev.Event, ...], plugin_sounds: Mapping[str, str] | None = None
    ) -> str | None:
        """Play the effect a batch of events calls for; returns its name."""
        name = sound_for_events(events, plugin_sounds)
        if name is not None:
            self.play(name)
        return name
