"""Plugin mods: the `register(app)` API, loading plugin code only where it is allowed, and games with mods.

A mod that adds mechanics names a Python plugin in its mod.toml (`plugin = "plugin.py"`), or is an
installed package whose entry point (group `forces_of_conquest.mods`) is the plugin. The plugin defines
`register(app: ModApp)`, called once per game being built (and once by `load_ruleset`/`foc validate`, with
a scratch schedule) *before* the ruleset is validated, so the ability kinds, placement kinds and rules
sections it adds are known to validation. At that time `app.rules` is None: systems and command handlers
read the ruleset from `world.rules` when they run. Registration must be idempotent (the same classes
each time); the module itself is imported once per process.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from components.abilities import AbilityParams, register_ability_kind
from components.registry import register_component
from game.engine import Game, default_schedule
from game.errors import DataError
from game.rules_loader import ModManifest, rel
from game.schedule import Schedule, ScheduleError, System
from systems.actions import Apply, Check, register_command
from systems.build_actions import register_placement
from systems.world import World

if TYPE_CHECKING:
    from components.commands import BuildStructure, Command
    from components.rules import Ruleset
    from game.maps import MapData
    from game.queries import ActionOption
    from game.setup import PlayerSpec

RULES_SECTIONS: dict[str, type[BaseModel]] = {}  # `[extra.NAME]` rules sections owned by plugins
EVENT_TYPES: dict[str, type] = {}  # event types plugins add (for the log, docs and the client)

ArmyOptions = Callable[[Game, int], "list[ActionOption]"]
StructureOptions = Callable[[Game, int], "list[ActionOption]"]
PlayerOptions = Callable[[Game], "list[ActionOption]"]


@dataclass
class _Providers:
    army: list[ArmyOptions] = field(default_factory=list)
    structure: list[StructureOptions] = field(default_factory=list)
    player: list[PlayerOptions] = field(default_factory=list)
    ai: list[Any] = field(default_factory=list)  # computer player behaviours (game.ai.behaviours.Behaviour)


_PROVIDERS: dict[str, _Providers] = {}
_OWNERS: dict[tuple[str, str], str] = {}  # ("ability" | "placement" | "section", name) -> the registering mod
_MODULES: dict[str, ModuleType] = {}
_SEEN: dict[str, tuple[ModManifest, Path]] = {}  # every mod activated in this process, by id
_BY_MOD: dict[str, ModuleType] = {}


@dataclass
class ModApp:
    """What `register(app)` may extend: the game's schedule and the engine's registries."""

    mod_id: str
    folder: Path
    schedule: Schedule
    rules: Ruleset | None = None  # None while registering: systems read `world.rules` when they run

    def add_system(
        self, stage: str, name: str, run: System, *, after: str | list[str] | None = None,
        before: str | list[str] | None = None,
    ) -> None:
        """Insert a system into a stage relative to named systems; ScheduleError on unknown names or cycles."""
        self.schedule.add(stage, name, run, after=after, before=before)

    def add_component(self, cls: type) -> None:
        """A new component type (a slotted dataclass), so saves and state hashes know it."""
        register_component(cls)

    def add_command(self, command_type: type[Command], check: Check, apply: Apply) -> None:
        """A new command: `check(world, cmd)` returns a reason or None, `apply(world, cmd)` performs it."""
        register_command(command_type, check, apply)

    def add_ability_kind(self, kind: str, params: type[AbilityParams]) -> None:
        """A new ability kind with its typed parameters; rules files may then use `{ kind = "..." }`."""
        register_ability_kind(kind, params)
        _OWNERS[("ability", kind)] = self.mod_id

    def add_event(self, cls: type) -> None:
        """Declare an event type the plugin emits (a frozen dataclass subclassing systems.events.Event)."""
        existing = EVENT_TYPES.get(cls.__name__)
        if existing is not None and existing is not cls and existing.__module__ != cls.__module__:
            raise ValueError(f"an event type named '{cls.__name__}' is already registered")
        EVENT_TYPES[cls.__name__] = cls

    def add_placement(
        self, kind: str, reason: Callable[[World, BuildStructure], str | None],
        candidates: Callable[[World, int], list[int]],
    ) -> None:
        """A new structure placement kind for `placement = "kind"`: the reason a BuildStructure is illegal
        (or None), and the territories worth trying for a seat (placement mode and the AI use them)."""
        register_placement(kind, reason, candidates)
        _OWNERS[("placement", kind)] = self.mod_id

    def add_rules_section(self, name: str, model: type[BaseModel]) -> None:
        """A rules section `[extra.NAME]` validated with `model`; read it as `world.rules.extra[NAME]`."""
        RULES_SECTIONS[name] = model
        _OWNERS[("section", name)] = self.mod_id

    def add_army_options(self, provider: ArmyOptions) -> None:
        """Extra actions for an army (the panel's action list, the AI): `provider(game, army) -> [ActionOption]`."""
        _PROVIDERS.setdefault(self.mod_id, _Providers()).army.append(provider)

    def add_structure_options(self, provider: StructureOptions) -> None:
        """Extra actions for a structure: `provider(game, structure) -> [ActionOption]`."""
        _PROVIDERS.setdefault(self.mod_id, _Providers()).structure.append(provider)

    def add_player_options(self, provider: PlayerOptions) -> None:
        """Extra actions for the current player as a whole: `provider(game) -> [ActionOption]`."""
        _PROVIDERS.setdefault(self.mod_id, _Providers()).player.append(provider)

    def add_ai_behaviour(self, behaviour: Any) -> None:
        """A computer player behaviour (see game.ai.behaviours.Behaviour): its part in each computer turn."""
        _PROVIDERS.setdefault(self.mod_id, _Providers()).ai.append(behaviour)

    @property
    def ai_behaviours(self) -> list[Any]:
        """The computer player behaviours this mod registered so far."""
        return list(_PROVIDERS.setdefault(self.mod_id, _Providers()).ai)


Register = Callable[[ModApp], None]


def inactive_owner(registry: str, name: str, active: Sequence[str]) -> str | None:
    """The mod whose plugin registered `name` ("ability", "placement" or "section" registry) when that
    mod is not among `active`: registries are process-wide, but rules may only use what their mods load."""
    owner = _OWNERS.get((registry, name))
    return owner if owner is not None and owner not in active else None


def _load_file(manifest: ModManifest, folder: Path, errors: list[str]) -> ModuleType | None:
    """Import a bundled mod's plugin file by path (once per process) under the name `foc_mod_<id>`."""
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
    key = str(path)
    if key in _MODULES:
        return _MODULES[key]
    name = f"foc_mod_{manifest.id}"
    suffix = 2
    while name in sys.modules:
        name = f"foc_mod_{manifest.id}_{suffix}"
        suffix += 1
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
    _MODULES[key] = module
    return module


def _load_entry_point(manifest: ModManifest, value: str, errors: list[str]) -> ModuleType | Register | None:
    import importlib.metadata

    for entry in importlib.metadata.entry_points(group="forces_of_conquest.mods"):
        if entry.name == manifest.id and entry.value == value:
            try:
                loaded: Any = entry.load()
            except Exception as exc:
                errors.append(f"entry point {entry.name} = {value}: plugin: failed to import: {type(exc).__name__}: {exc}")
                return None
            return loaded  # type: ignore[no-any-return]
    return None


def find_register(manifest: ModManifest, folder: Path, errors: list[str]) -> Register | None:
    """The plugin's `register`, importing its code only when the mod may run code; None for data mods."""
    from game.mods import PACKAGE, code_allowed, entry_point_mods, origin_of

    where = rel(folder / "mod.toml")
    origin = origin_of(folder)
    target: ModuleType | Register | None = None
    if origin == PACKAGE and manifest.plugin is None:
        entry = next((m for m in entry_point_mods() if m.folder.resolve() == folder.resolve()), None)
        if entry is not None and entry.entry_point is not None:
            target = _load_entry_point(manifest, entry.entry_point, errors)
        if target is None:
            return None
    elif manifest.plugin is None:
        return None
    elif not code_allowed(origin):
        errors.append(f"{where}: plugin: refused: mods outside the game's mods/ folder never run code")
        return None
    else:
        target = _load_file(manifest, folder, errors)
        if target is None:
            return None
    if isinstance(target, ModuleType):
        _BY_MOD[manifest.id] = target
        register = getattr(target, "register", None)
    else:
        register = target
    if not callable(register):
        errors.append(f"{where}: plugin: the plugin of mod '{manifest.id}' defines no register(app)")
        return None
    return register  # type: ignore[no-any-return]


def activate_plugins(
    ordered: Sequence[tuple[ModManifest, Path]], schedule: Schedule | None = None, errors: list[str] | None = None
) -> Schedule:
    """Call every plugin's `register(app)` in load order against `schedule` (a fresh default one if None).

    Problems (code where it is not allowed, import failures, schedule errors) go to `errors`, or are
    raised as a DataError when no list is given.
    """
    collect: list[str] = [] if errors is None else errors
    schedule = default_schedule() if schedule is None else schedule
    for manifest, folder in ordered:
        _SEEN[manifest.id] = (manifest, folder)
        register = find_register(manifest, folder, collect)
        if register is None:
            continue
        _PROVIDERS[manifest.id] = _Providers()
        app = ModApp(manifest.id, folder, schedule)
        try:
            register(app)
        except (ScheduleError, ValueError) as exc:
            collect.append(f"{rel(folder / 'mod.toml')}: plugin: {exc}")
        except Exception as exc:
            collect.append(f"{rel(folder / 'mod.toml')}: plugin: register(app) failed: {type(exc).__name__}: {exc}")
    if errors is None and collect:
        raise DataError(collect)
    return schedule


def load_mods(mods: Sequence[str | Path] = (), search: Sequence[Path] | None = None) -> tuple[Ruleset, Schedule]:
    """The validated ruleset of the base game plus `mods` (ids or folders), and the schedule their plugins
    extended; DataError listing every problem, each with its file and key."""
    from game.mods import resolve_mods
    from game.rules_loader import build_ruleset

    errors: list[str] = []
    ordered = resolve_mods(["base", *mods], search, errors)
    if errors:
        raise DataError(errors)
    schedule = activate_plugins(ordered, default_schedule(), errors)
    if errors:
        raise DataError(errors)
    return build_ruleset(ordered, errors), schedule


def create_game(
    map_data: MapData, players: list[PlayerSpec], seed: int = 0, mods: Sequence[str | Path] = (),
    search: Sequence[Path] | None = None,
) -> Game:
    """A new game (waiting for base choices, R1.3) with the base rules plus `mods` and their plugins' systems."""
    from game.setup import new_game

    rules, schedule = load_mods(mods, search)
    game = new_game(rules, map_data, players, seed)
    game.schedule = schedule
    return game


def _ordered_for(rules: Ruleset, search: Sequence[Path] | None, errors: list[str]) -> list[tuple[ModManifest, Path]]:
    """The mods of a ruleset in its load order: those this process has loaded already, the rest found by id."""
    from game.mods import resolve_mods

    ids = [m.id for m in rules.mods] or ["base"]
    if search is None and all(mod_id in _SEEN for mod_id in ids):
        return [_SEEN[mod_id] for mod_id in ids]
    return resolve_mods(ids, search, errors)


def schedule_for(rules: Ruleset, search: Sequence[Path] | None = None) -> Schedule:
    """The schedule for a game played with `rules` (e.g. from a save): registers the plugins of its mods
    (their components too, so call this before decoding saved entities). DataError when a mod is missing."""
    errors: list[str] = []
    ordered = _ordered_for(rules, search, errors)
    if errors:
        raise DataError(errors)
    schedule = activate_plugins(ordered, default_schedule(), errors)
    if errors:
        raise DataError(errors)
    return schedule


def plugin_module(mod_id: str) -> ModuleType | None:
    """The imported plugin module of a mod (after it was activated), for its documented query functions."""
    return _BY_MOD.get(mod_id)


def _active(game: Game) -> list[_Providers]:
    return [_PROVIDERS[m.id] for m in game.world.rules.mods if m.id in _PROVIDERS]


def plugin_army_options(game: Game, army: int) -> list[ActionOption]:
    """Actions the game's plugin mods offer for an army (e.g. embarking on a ship), like game.queries'."""
    game.world.activate()
    return [option for p in _active(game) for provider in p.army for option in provider(game, army)]


def plugin_structure_options(game: Game, structure: int) -> list[ActionOption]:
    """Actions the game's plugin mods offer for a structure (e.g. a ship sailing, landing or firing)."""
    game.world.activate()
    return [option for p in _active(game) for provider in p.structure for option in provider(game, structure)]


def ai_behaviours(game: Game) -> list[Any]:
    """The computer player behaviours the game's plugin mods registered, in load order."""
    return [behaviour for p in _active(game) for behaviour in p.ai]


def load_beside(plugin_file: str, name: str) -> ModuleType:
    """Import a module that lies next to a bundled plugin's file (e.g. its `ai.py`), once per process: plugins
    are imported by path, so they cannot import their neighbours by name."""
    path = Path(plugin_file).with_name(f"{name}.py")
    key = str(path.resolve())
    found = _MODULES.get(key)
    if found is not None:
        return found
    spec = importlib.util.spec_from_file_location(f"foc_mod_file_{len(_MODULES)}_{name}", path)
    assert spec is not None and spec.loader is not None, f"cannot import {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    _MODULES[key] = module
    return module


def plugin_player_options(game: Game) -> list[ActionOption]:
    """Every action the plugin mods offer the current player now (all its armies and structures included)."""
    game.world.activate()
    return [option for p in _active(game) for provider in p.player for option in provider(game)]
