"""Player settings remembered between runs: window, animation speed, sound, edge scrolling.

Stored as JSON in the user's config folder (platformdirs, app name "forces-of-conquest"), or in
`$FOC_CONFIG_DIR` when set (tests use that). A missing file gives the defaults; a corrupt file or bad
values give the defaults for what is bad plus a warning -- settings never stop the game from starting.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

APP_NAME = "forces-of-conquest"
FILE_NAME = "settings.json"
ENV_DIR = "FOC_CONFIG_DIR"


class Settings(BaseModel):
    """Everything the player can set; every field has a sane default."""

    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    window_width: int = Field(default=1280, ge=640, le=7680)
    window_height: int = Field(default=720, ge=480, le=4320)
    fullscreen: bool = False
    animation_speed: float = Field(default=1.0, ge=0.25, le=8.0, description="1 = normal; higher is faster")
    volume: float = Field(default=0.8, ge=0.0, le=1.0)
    muted: bool = False
    edge_scrolling: bool = True
    autosave_watched: bool = Field(default=False, description="autosave games without a human player too")

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.muted else self.volume


def config_dir(folder: str | os.PathLike[str] | None = None) -> Path:
    """Where settings live: the argument, else $FOC_CONFIG_DIR, else the platform's user config folder."""
    if folder is not None:
        return Path(folder)
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def settings_path(folder: str | os.PathLike[str] | None = None) -> Path:
    return config_dir(folder) / FILE_NAME


def load_settings(folder: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and warnings about anything that could not be used (never raises)."""
    path = settings_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), []
    except OSError as exc:
        return Settings(), [f"{path}: could not read settings ({exc}); using defaults"]
    try:
        data = json.loads(text)
    except ValueError as exc:
        return Settings(), [f"{path}: settings file is corrupt ({exc}); using defaults"]
    if not isinstance(data, dict):
        return Settings(), [f"{path}: settings file is not a JSON object; using defaults"]
    try:
        return Settings.model_validate(data), []
    except ValidationError as exc:
        good: dict[str, Any] = {}
        warnings: list[str] = []
        bad = {str(err["loc"][0]) for err in exc.errors() if err["loc"]}
        for key, value in data.items():
            if key in bad:
                warnings.append(f"{path}: setting '{key}' = {value!r} is not valid; using the default")
            else:
                good[key] = value
        try:
            return Settings.model_validate(good), warnings
        except ValidationError:
            return Settings(), [*warnings, f"{path}: settings could not be used; using defaults"]


def save_settings(settings: Settings, folder: str | os.PathLike[str] | None = None) -> Path | None:
    """Write the settings atomically; returns the path, or None when the folder cannot be written."""
    path = settings_path(folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(settings.model_dump(), indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return None
    return path
