"""Content loading, one way: discover → resolve → activate plugins (the App) → read and validate data → Game.

- `discover` finds rulesets and mods (bundled, the user's folder, installed packages);
- `resolve` picks a game's ruleset (a root, `kind = "ruleset"`) and the mods extending it, in load order;
- `plugins` imports allowed plugin code and calls each `register(app)` on a fresh App (game.app);
- `data` merges the rules files and validates them with the App's rules model and ability kinds;
- game.setup (`create_game`, `new_game`) builds a Game whose world holds that App.
Nothing here keeps registries between games: every game gets its own App.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game.app import App
from game.content.data import build_ruleset
from game.content.discover import discover_mods
from game.content.manifest import (
    BUNDLED_MODS,
    DEFAULT_RULESET,
    ModManifest,
    inside_folder,
    read_manifest,
    rel,
)
from game.content.options import choose, default_errors, overlay
from game.content.plugins import activate_plugins, module_name
from game.content.resolve import Ordered, resolve_game, ruleset_of
from game.errors import DataError
from game.schedule import Schedule

if TYPE_CHECKING:
    from components.rules import Ruleset, RulesetCore
    from game.engine import Game
    from game.queries import ActionOption


def build_app(ordered: Ordered, errors: list[str]) -> App:
    """A fresh App for the ruleset and mods in `ordered` (ruleset first), every plugin registered."""
    root, folder = ordered[0]
    if root.flow is None:
        raise DataError([f"{rel(folder / 'mod.toml')}: kind: '{root.id}' is not a ruleset"])
    if not inside_folder(folder / root.maps, folder):
        errors.append(f"{rel(folder / 'mod.toml')}: maps: '{root.maps}' lies outside the ruleset's folder; "
                      "a ruleset's maps must be inside it")
    app = App(ruleset=root.id, flow=root.flow, schedule=Schedule(root.flow.stages()),
              mods=tuple(m.id for m, _ in ordered))
    activate_plugins(app, ordered, errors)
    from game.help_data import read_help  # the ruleset's F1 help, as data

    app.presentation.help = read_help(folder, errors)
    known = app.command_types()
    for phase in (*root.flow.setup, *root.flow.turn, *root.flow.round_end):
        for field_name, names in (("ends_with", phase.ends_with), ("immediate", phase.immediate)):
            for name in names:
                if name not in known:
                    errors.append(f"{rel(folder / 'mod.toml')}: flow.{phase.name}.{field_name}: no plugin "
                                  f"registers a command '{name}'")
    return app


def _resolved(ruleset: str | Path, mods: Sequence[str | Path], search: Sequence[Path] | None) -> Ordered:
    errors: list[str] = []
    ordered = resolve_game(ruleset, mods, search, errors)
    if errors or not ordered:
        raise DataError(errors or [f"rulesets: '{ruleset}' is not installed"])
    return ordered


def load_app(
    ruleset: str | Path = DEFAULT_RULESET, mods: Sequence[str | Path] = (), search: Sequence[Path] | None = None,
    overlays: Sequence[tuple[ModManifest, str, dict[str, Any]]] = (), options: Mapping[str, object] | None = None,
) -> App:
    """The App of a game of `ruleset` with `mods`, its validated rules in `app.rules`; DataError listing
    every problem, each with its file and key. `overlays` are rules documents merged last (not mods:
    the balance lab's variants, game.content.data.build_ruleset); `options` are the ruleset's options
    chosen by name (game.content.options: strings as typed, or typed values), merged after them."""
    ordered = _resolved(ruleset, mods, search)
    root, folder = ordered[0]
    chosen = choose(root.options, options or {}, root.id)
    errors: list[str] = []
    app = build_app(ordered, errors)
    if errors:
        raise DataError(errors)
    if chosen:
        overlays = (*overlays, (root, "--option", overlay(root.options, chosen)))
    rules = build_ruleset(app, ordered, errors, overlays)
    if root.options:  # each option's default is the rules file's value (checked where not chosen)
        dumped = rules.model_dump(by_alias=True)
        if problems := default_errors(root.options, dumped, rel(folder / "mod.toml"), chosen):
            raise DataError(problems)
    rules._sources = tuple(ordered)  # new games with these rules rebuild their App from the same folders
    app.rules = rules
    return app


def load_ruleset(
    mods: Sequence[str | Path] = (), search: Sequence[Path] | None = None, ruleset: str | Path = DEFAULT_RULESET
) -> Ruleset:
    """The validated rules of `ruleset` (the base game by default) plus `mods`; DataError on problems."""
    return load_app(ruleset, mods, search).rules  # type: ignore[no-any-return]


def load_mods(
    mods: Sequence[str | Path] = (), search: Sequence[Path] | None = None, ruleset: str | Path = DEFAULT_RULESET
) -> tuple[Ruleset, Schedule]:
    """The rules and the schedule of a game with `mods` (a check that everything loads)."""
    app = load_app(ruleset, mods, search)
    return app.rules, app.schedule


def app_for_mods(ids: Sequence[str], search: Sequence[Path] | None = None) -> App:
    """A fresh App for a game recorded as its mod ids (the ruleset first, as saves and replays list them);
    no rules yet. DataError when one is missing or a plugin fails."""
    ids = list(ids) or [DEFAULT_RULESET]
    errors: list[str] = []
    app = build_app(_resolved(ruleset_of(ids), ids[1:], search), errors)
    if errors:
        raise DataError(errors)
    return app


def app_for(rules: RulesetCore, search: Sequence[Path] | None = None) -> App:
    """A fresh App for a game played with `rules` (new, or from a save or replay): the plugins of its ruleset
    and mods registered. DataError when one is missing."""
    sources = rules._sources if search is None else None
    if sources is None:
        app = app_for_mods([m.id for m in rules.mods], search)
    else:
        errors: list[str] = []
        app = build_app(list(sources), errors)
        if errors:
            raise DataError(errors)
    app.rules = rules
    return app


def rulesets(search: Sequence[Path] | None = None) -> dict[str, tuple[ModManifest, Path]]:
    """Every installed ruleset (a whole game) by id."""
    out: dict[str, tuple[ModManifest, Path]] = {}
    for mod_id, found in discover_mods(search).items():
        manifest = read_manifest(found[0].folder, [])
        if manifest is not None and manifest.kind == "ruleset":
            out[mod_id] = (manifest, found[0].folder)
    return out


def maps_folder(ruleset: str = DEFAULT_RULESET, search: Sequence[Path] | None = None) -> Path | None:
    """The folder of a ruleset's maps (its manifest's `maps`, relative to its mod.toml)."""
    found = rulesets(search).get(ruleset)
    if found is None or not inside_folder(found[1] / found[0].maps, found[1]):
        return None  # build_app reports a maps folder outside the ruleset's folder
    return found[1] / found[0].maps


def plugin_module(mod_id: str, search: Sequence[Path] | None = None) -> ModuleType | None:
    """The imported plugin module of a bundled mod (after a game activated it); prefer `game.app.plugin(id)`."""
    for found in discover_mods(search).get(mod_id, []):
        manifest = read_manifest(found.folder, [])
        if manifest is None or manifest.plugin is None:
            continue
        path = (found.folder / manifest.plugin).resolve()
        if path.is_dir():
            path = path / "__init__.py"
        module = sys.modules.get(module_name(mod_id, path))
        if module is not None:
            return module
    return None


def plugin_army_options(game: Game, army: int) -> list[ActionOption]:
    """Actions the game's plugins offer for an army (e.g. embarking), like game.queries'."""
    game.world.activate()
    return [option for provider in game.app.army_options for option in provider(game, army)]


def plugin_structure_options(game: Game, structure: int) -> list[ActionOption]:
    """Actions the game's plugins offer for a structure."""
    game.world.activate()
    return [option for provider in game.app.structure_options for option in provider(game, structure)]


def plugin_player_options(game: Game) -> list[ActionOption]:
    """Every action the game's plugins offer the current player now."""
    game.world.activate()
    return [option for provider in game.app.player_options for option in provider(game)]


__all__ = [
    "BUNDLED_MODS", "DEFAULT_RULESET", "App", "app_for", "app_for_mods", "build_app", "load_app", "load_mods",
    "load_ruleset", "maps_folder", "plugin_army_options", "plugin_module", "plugin_player_options",
    "plugin_structure_options", "rulesets",
]


