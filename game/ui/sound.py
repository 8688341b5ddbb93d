"""Short sound effects from assets/manifest.toml, loaded on first use, with volume and mute.

Never raises: a missing file, an undecodable one or no audio device at all just means silence (pyglet
falls back to its silent driver when there is no device). `played` keeps the names asked for, which
tests and the headless client use to check what would have been heard.
"""

from __future__ import annotations

import contextlib
import time
import tomllib
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game import resources
from systems import events as ev

ASSETS = resources.ASSETS

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
    (the game's presentation.sounds: event class name -> effect) cover its ruleset's and mods' events; a key
    "EventName.type" (a unit or structure type, e.g. "UnitBuilt.soldier") comes before all the others."""
    for event in events:
        kind_of = getattr(event, "unit_type", None) or getattr(event, "structure_type", None)
        typed = (plugin_sounds or {}).get(f"{type(event).__name__}.{kind_of}") if isinstance(kind_of, str) else None
        if typed is not None:
            return typed
    for kind, name in EVENT_SOUNDS:
        if any(isinstance(e, kind) for e in events):
            return name
    for event in events:
        effect = (plugin_sounds or {}).get(type(event).__name__)
        if effect is not None:
            return effect
    return None


MAX_PLAYERS = 8  # effects sounding at once, at most


class SoundBoard:
    """Named effects; `play('select')`. Volume 0..1; muted or volume 0 plays nothing."""

    def __init__(self, volume: float = 0.8, muted: bool = False, manifest: Path | None = None,
                 enabled: bool = True) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self.enabled = enabled
        self.played: deque[str] = deque(maxlen=64)  # the last names asked for (tests read it)
        self._players: deque[tuple[Any, float]] = deque()  # (player, when it has finished) still held
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

    def add_files(self, files: Mapping[str, Path]) -> None:
        """More named effects (a game's mods' own, `Presentation.sound_files`), loaded on first use like the rest."""
        for name, path in files.items():
            if self._paths.get(name) != path:
                self._paths[name] = path
                self._sounds.pop(name, None)

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
        self._release_finished()
        try:
            player = sound.play(volume=self.volume)
            self._players.append((player, time.monotonic() + float(getattr(sound, "get_length", lambda: 1.0)()) + 0.5))
        except Exception as exc:
            self.errors.append(f"{name}: {exc}")
            return False
        return True

    def _release_finished(self) -> None:
        """Delete the media players of effects that have finished (or the oldest beyond MAX_PLAYERS): the silent
        driver, and drivers whose clock is not ticked, would otherwise keep every player ever started."""
        now = time.monotonic()
        while self._players and (self._players[0][1] <= now or len(self._players) >= MAX_PLAYERS):
            player, _ = self._players.popleft()
            with contextlib.suppress(Exception):
                player.delete()
            # arcade's end-of-stream handler holds its player (a reference cycle, broken only when the stream
            # ends, which a deleted player's never does): drop it, so the player goes now, not at a full collection
            player.on_player_eos = None
            with contextlib.suppress(Exception):  # arcade keeps each player in a list until its end-of-stream
                from pyglet import media

                media.Source._players.remove(player)

    def play_for(
        self, events: list[ev.Event] | tuple[ev.Event, ...], plugin_sounds: Mapping[str, str] | None = None
    ) -> str | None:
        """Play the effect a batch of events calls for; returns its name."""
        name = sound_for_events(events, plugin_sounds)
        if name is not None:
            self.play(name)
        return name
