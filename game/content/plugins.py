"""Activate plugins: import a mod's plugin code only where code is allowed, and call `register(app)`.

A plugin module is imported once per process (it is code, like any other module); what its `register`
adds goes to the App of the game being built, never to module state.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from game.app import App, ModApp
from game.content.discover import PACKAGE, code_allowed, entry_point_mods, origin_of
from game.content.manifest import ModManifest, rel
from game.presentation import base_sound_names
from game.schedule import ScheduleError
from systems import events as ev

Register = Callable[[ModApp], None]


def safe_name(mod_id: str) -> str:
    """A Python identifier derived from a mod id (ids may hold '-', e.g. 'risky-space' -> 'risky_space')."""
    return re.sub(r"[^0-9A-Za-z_]", "_", mod_id)


def module_name(mod_id: str, path: Path) -> str:
    """The name a bundled plugin is imported under: stable per file (the path's hash keeps 'a-b' and 'a_b'
    apart), a valid Python identifier whatever the id, so each file is imported once."""
    return f"foc_mod_{safe_name(mod_id)}_{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"


def _load_file(manifest: ModManifest, folder: Path, errors: list[str]) -> ModuleType | None:
    """Import a bundled mod's plugin file by path (once per process)."""
    where = rel(folder / "mod.toml")
    assert manifest.plugin is not None
    path = (folder / manifest.plugin).resolve()
    package = path.is_dir()
    if package:
        path = path / "__init__.py"
    try:
        path.relative_to(folder.resolve())
    except ValueError:
        errors.append(f"{where}: plugin: '{manifest.plugin}' is outside the mod's folder")
        return None
    if not path.is_file():
        errors.append(f"{where}: plugin: file '{manifest.plugin}' not found")
        return None
    name = module_name(manifest.id, path)
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(
        name, path, submodule_search_locations=[str(path.parent)] if package else None
    )
    if spec is None or spec.loader is None:
        errors.append(f"{where}: plugin: cannot import '{manifest.plugin}'")
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # a broken plugin is a load error naming its file, never a crash
        del sys.modules[name]
        errors.append(f"{rel(path)}: plugin: failed to import: {type(exc).__name__}: {exc}")
        return None
    return module


def _load_entry_point(manifest: ModManifest, value: str, errors: list[str]) -> ModuleType | Register | None:
    for entry in importlib.metadata.entry_points(group="forces_of_conquest.mods"):
        if entry.name == manifest.id and entry.value == value:
            try:
                loaded: Any = entry.load()
            except Exception as exc:
                errors.append(f"entry point {entry.name} = {value}: plugin: failed to import: {type(exc).__name__}: {exc}")
                return None
            return loaded  # type: ignore[no-any-return]
    return None


def find_plugin(manifest: ModManifest, folder: Path, errors: list[str]) -> tuple[ModuleType | None, Register | None]:
    """The plugin module and its `register`, importing code only when the mod may run code; (None, None)
    for data-only mods."""
    where = rel(folder / "mod.toml")
    origin = origin_of(folder)
    target: ModuleType | Register | None = None
    if origin == PACKAGE and manifest.plugin is None:
        entry = next((m for m in entry_point_mods() if m.folder.resolve() == folder.resolve()), None)
        if entry is not None and entry.entry_point is not None:
            target = _load_entry_point(manifest, entry.entry_point, errors)
        if target is None:
            return None, None
    elif manifest.plugin is None:
        return None, None
    elif not code_allowed(origin):
        errors.append(f"{where}: plugin: refused: mods outside the game's mods/ folder never run code")
        return None, None
    else:
        target = _load_file(manifest, folder, errors)
        if target is None:
            return None, None
    module = target if isinstance(target, ModuleType) else None
    register = getattr(target, "register", None) if module is not None else target
    if not callable(register):
        errors.append(f"{where}: plugin: the plugin of mod '{manifest.id}' defines no register(app)")
        return module, None
    return module, register


def activate_plugins(app: App, ordered: Sequence[tuple[ModManifest, Path]], errors: list[str]) -> None:
    """Call every plugin's `register(app)` in load order on `app`; problems (code where it is not allowed,
    import failures, schedule errors) go to `errors`, each naming the mod's file."""
    for manifest, folder in ordered:
        module, register = find_plugin(manifest, folder, errors)
        if module is not None:
            app.plugin_modules[manifest.id] = module
        before = dict(app.presentation.sounds)
        if register is not None:
            try:
                register(ModApp(app, manifest.id, folder))
            except (ScheduleError, ValueError) as exc:
                errors.append(f"{rel(folder / 'mod.toml')}: plugin: {exc}")
                continue
            except Exception as exc:
                errors.append(
                    f"{rel(folder / 'mod.toml')}: plugin: register(app) failed: {type(exc).__name__}: {exc}")
                continue
        _own_sounds(app, manifest, folder, before, errors)


def _own_sounds(app: App, manifest: ModManifest, folder: Path, before: dict[str, str], errors: list[str]) -> None:
    """The mod.toml's `[sounds]` added to what its plugin named, then every effect checked and its own files
    registered (Presentation.resolve_sounds); an event the game does not have is refused too."""
    where = rel(folder / "mod.toml")
    for key, name in manifest.sounds.items():
        event = key.split(".", 1)[0]
        if event not in app.events and not isinstance(getattr(ev, event, None), type):
            errors.append(f"{where}: sounds.{key}: the game has no event '{event}'")
        else:
            app.presentation.sounds[key] = name
    for problem in app.presentation.resolve_sounds(manifest.id, folder, before, base_sound_names()):
        errors.append(f"{where}: sounds: {problem}")


def sibling_module(plugin_file: str, name: str) -> ModuleType:
    """Another module of a plugin's folder (e.g. its client code, `client.py`), imported on first use under
    a name derived from its path: a plugin file loaded by path cannot import its neighbours relatively."""
    path = (Path(plugin_file).resolve().parent / f"{name}.py")
    key = module_name(f"{Path(plugin_file).resolve().parent.name}_{name}", path)
    loaded = sys.modules.get(key)
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(key, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[key]
        raise
    return module
