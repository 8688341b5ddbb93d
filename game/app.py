"""The App of one game: everything its ruleset and mods registered (commands, components, systems, hooks...).

An App is assembled per game by the content pipeline (game.content): the ruleset's plugin and each mod's
plugin call `register(app)` on a `ModApp` facade. Nothing registered lives in a module global, so two
games in one process never see each other's commands, components, systems or presentation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from components.abilities import AbilityParams
from components.seats import ENGINE_COMMANDS, ENGINE_COMPONENTS, Prompt
from game.flow import Flow
from game.presentation import Presentation
from game.schedule import Schedule, System
from systems.actions import Apply, Check, CheckEach, Handler
from systems.build_actions import PlacementRule
from systems.climbing import ClimbMeansProvider
from systems.combat import AfterStructureAttack
from systems.hooks import Hooks
from systems.structure_actions import StructurePart
from systems.unit_abilities import UnitAbilities

if TYPE_CHECKING:
    from components.commands import BuildStructure, Command
    from components.rules import RulesetCore
    from game.engine import Game
    from game.queries import ActionOption
    from systems.world import World

ArmyOptions = Callable[["Game", int], "list[ActionOption]"]
PromptHandler = Callable[["World", Prompt], None]  # applies the answers of a settled prompt
StructureOptions = Callable[["Game", int], "list[ActionOption]"]
PlayerOptions = Callable[["Game"], "list[ActionOption]"]
BUILTIN_PLACEMENTS = ("border", "land", "water", "base", "shore")


@dataclass
class App:
    """One game's registries, its flow and its schedule of systems (built by game.content, then frozen)."""

    ruleset: str
    flow: Flow
    schedule: Schedule
    mods: tuple[str, ...] = ()
    rules_model: type[RulesetCore] | None = None
    commands: dict[type, Handler] = field(default_factory=dict)
    components: dict[str, type] = field(default_factory=lambda: {c.__name__: c for c in ENGINE_COMPONENTS})
    ability_kinds: dict[str, type[AbilityParams]] = field(default_factory=dict)
    placements: dict[str, PlacementRule] = field(default_factory=dict)
    builtin_placements: tuple[str, ...] = ()
    rules_sections: dict[str, type[BaseModel]] = field(default_factory=dict)
    events: dict[str, type] = field(default_factory=dict)
    army_options: list[ArmyOptions] = field(default_factory=list)
    structure_options: list[StructureOptions] = field(default_factory=list)
    player_options: list[PlayerOptions] = field(default_factory=list)
    ai_behaviours: list[Any] = field(default_factory=list)
    computer_players: dict[str, Callable[..., Any]] = field(default_factory=dict)
    game_screen: Callable[[], Any] | None = None  # returns the client screen class; imported lazily
    legal_commands: Callable[..., list[Command]] | None = None  # (game, seat=None): every legal command, canonical order
    agent_observation: Callable[..., Any] | None = None  # (game, max_rounds) -> an agent observation encoder
    position_value: Callable[[Game, int], float] | None = None  # (game, seat) -> 0..1: how well the seat stands
    rollout_policy: str | None = None  # the computer kind that plays the search player's rollouts (None: random)
    rollout_length: int | None = None  # random legal commands a search rollout plays (None: the search's default)
    prior_width: int | None = None  # root commands the search scores one step on (None: the search's default)
    map_generator: Callable[[int, int], Any] | None = None  # (players, seed) -> MapData: `--map random`
    hooks: Hooks = field(default_factory=Hooks)
    unit_abilities: list[UnitAbilities] = field(default_factory=list)  # abilities lent to single units
    climb_means: list[ClimbMeansProvider] = field(default_factory=list)  # E0.3: climbing means besides unit types'
    structure_parts: dict[str, StructurePart] = field(default_factory=dict)  # named parts bombardments aim at
    after_structure_attack: list[AfterStructureAttack] = field(default_factory=list)  # rules following R8.6
    invariants: list[Callable[[World], list[str]]] = field(default_factory=list)  # game.invariants
    presentation: Presentation = field(default_factory=Presentation)
    prompt_handlers: dict[str, PromptHandler] = field(default_factory=dict)
    reversible_events: tuple[type, ...] = ()  # events that reveal and decide nothing: undo may take them back
    plugin_modules: dict[str, ModuleType] = field(default_factory=dict)
    owners: dict[tuple[str, str], str] = field(default_factory=dict)  # (registry, name) -> registering mod
    rules: Any = None  # the validated ruleset this App was built with (None when built for a saved one)

    def command_types(self) -> dict[str, type[Command]]:
        """Every command type this game understands, by class name (for saves and replays): the App's and the
        engine's own (Ready, Answer, ... of components.seats)."""
        return {cls.__name__: cls for cls in (*self.commands, *ENGINE_COMMANDS)}

    def plugin(self, mod_id: str) -> ModuleType | None:
        """The imported plugin module of one of this game's mods (for its documented query functions)."""
        return self.plugin_modules.get(mod_id)


@dataclass
class ModApp:
    """What a plugin's `register(app)` may extend: the App of the game being built, as mod `mod_id`."""

    app: App
    mod_id: str
    folder: Path = Path(".")

    @property
    def schedule(self) -> Schedule:
        return self.app.schedule

    @property
    def rules(self) -> None:
        """Always None while registering: systems and handlers read `world.rules` when they run."""
        return None

    # --- the game's shape (a ruleset's plugin) ---------------------------------------------------------

    def set_rules_model(self, model: type[RulesetCore]) -> None:
        """The pydantic model of this ruleset's rules (a subclass of components.rules.RulesetCore)."""
        self.app.rules_model = model

    def add_builtin_placements(self, *kinds: str) -> None:
        """Placement kinds the ruleset's own code handles (validation accepts them in structures' data)."""
        self.app.builtin_placements = (*self.app.builtin_placements, *kinds)

    def set_map_generator(self, generate: Callable[[int, int], Any]) -> None:
        """The ruleset's random maps: `generate(players, seed)` returns a MapData (`--map random[:SEED]`)."""
        self.app.map_generator = generate

    def set_game_screen(self, factory: Callable[[], Any]) -> None:
        """The client's game screen for this ruleset: `factory()` imports and returns the view class, so
        headless games never import the client."""
        self.app.game_screen = factory

    def add_computer_player(self, kind: str, factory: Callable[..., Any]) -> None:
        """A computer player for this game: `factory()` (no arguments) returns a fresh player for one seat; the
        contract (play_turn, choose_base, give_orders, answer) is game.ai.players'. The engine adds `search` and
        `random` to every game whose ruleset lists its legal commands."""
        self.app.computer_players[kind] = factory

    def set_legal_commands(self, enumerate_commands: Callable[..., list[Command]]) -> None:
        """Every command a seat may submit now, in one canonical order ([] when the game is over):
        `enumerate_commands(game, seat=None)` (None: game.legal.seat_to_act). Learning agents number their
        actions by it (game.lab.env) and the engine's random and search players choose from it, so each entry
        must pass the engine's check."""
        self.app.legal_commands = enumerate_commands

    def set_position_value(self, value: Callable[[Game, int], float]) -> None:
        """How well `seat` stands in an unfinished game, 0 (lost) to 1 (won): `value(game, seat)`. The engine's
        search player (game.ai.search) scores the positions it reaches by it; without one it uses the share of
        territories held. It reads a search's private copy of the game, as the searching seat may see it."""
        self.app.position_value = value

    def set_rollout_policy(self, kind: str) -> None:
        """Which of this ruleset's computer kinds (`add_computer_player`) plays the engine's search player's
        rollouts: from each position the search reaches, that kind plays the next phases before the position is
        scored. Worth it where the kind plays a turn in about a millisecond; without one the rollouts are a few
        random legal commands."""
        self.app.rollout_policy = kind

    def set_rollout_length(self, commands: int) -> None:
        """How many random legal commands the engine's search player plays past its tree before it scores a
        position (without a rollout policy). 0 where this ruleset's position value already prices what is under
        way (a running battle by its odds): random commands there only add noise."""
        self.app.rollout_length = commands

    def set_prior_width(self, commands: int) -> None:
        """How many root commands the engine's search player scores one step on before it searches (a seeded
        sample spread over the kinds of command and their actors where more are legal; the rest are tried after
        them). Lower than the search's default where this ruleset's position value is dear and its turns offer
        hundreds of commands: what bounds a decision's cost."""
        self.app.prior_width = commands

    def set_agent_observation(self, factory: Callable[..., Any]) -> None:
        """How a learning agent sees this game: `factory(game, max_rounds)` returns an encoder with `shape`
        and `encode(game, seat) -> float32 array` (game.lab.seat_view has the default, for any board)."""
        self.app.agent_observation = factory

    # --- systems, hooks and flow -------------------------------------------------------------------------

    def add_system(
        self, stage: str, name: str, run: System, *, after: str | list[str] | None = None,
        before: str | list[str] | None = None,
    ) -> None:
        """Insert a system into a stage relative to named systems; ScheduleError on unknown names or cycles."""
        self.app.schedule.add(stage, name, run, after=after, before=before)

    def replace_system(self, stage: str, name: str, run: System) -> None:
        """Run `run` where the system `name` ran (same place, same name)."""
        self.app.schedule.replace(stage, name, run)

    def remove_system(self, stage: str, name: str) -> None:
        """Drop a system from a stage (anchors of other systems on it are dropped too)."""
        self.app.schedule.remove(stage, name)

    def set_hook(self, name: str, hook: Callable[..., Any]) -> None:
        """Answer one of the rule hooks (systems.hooks.Hooks: contact, victory, movement_points, may_build,
        new_seat, order_slot, visible, visible_event, ...). Where another mod answers it too, the answers
        compose as `systems.hooks.COMPOSE` says (in load order), or, for a hook taking one answer, loading
        fails naming both mods."""
        self.app.hooks.set(name, hook, self.mod_id)

    def replace_hook(self, name: str, hook: Callable[..., Any]) -> None:
        """Take a rule hook over on purpose: earlier answers (the ruleset's or other mods') are dropped."""
        self.app.hooks.replace(name, hook, self.mod_id)

    def add_unit_abilities(self, provider: UnitAbilities) -> None:
        """Abilities one unit has besides its type's (equipment it carries, ...): `provider(world, unit)` returns
        them (typed `AbilityParams`); every engine rule asking a unit's abilities (`systems.unit_abilities`) sees them."""
        self.app.unit_abilities.append(provider)

    def add_climb_means(self, provider: ClimbMeansProvider) -> None:
        """E0.3: more climbing means than the `climb` ability of unit types: `provider(world, army, units,
        here, there)` returns {unit: ClimbMeans} for the units it lets climb from `here` over the wall to `there`
        (equipment a unit carries, a structure lifting its army's units, ...)."""
        self.app.climb_means.append(provider)

    def add_after_structure_attack(self, follow: AfterStructureAttack) -> None:
        """A rule that follows every attack on a structure (R8.6), whichever command made it (the base game's
        `AttackStructure`, a mod's attack on a named part): `follow(world, attackers, structure)` gets the
        attacking units as they were before the attack; it is not called once the attack won the game.
        A mod making its own attack on a structure calls `systems.combat.structure_attack_done` at its end."""
        self.app.after_structure_attack.append(follow)

    def add_structure_part(
        self, name: str, reason: Callable[[World, int, int], str | None], hit: Callable[[World, int, int], None],
    ) -> None:
        """A named part of structures (a gate in a wall, E2.5) that a `Bombard` may aim at with `part=name`:
        `reason(world, structure, seat)` says why it cannot be targeted (or None), `hit(world, structure,
        damage)` applies a strike that reaches it (the line of fire, R8.8, still applies)."""
        if name in self.app.structure_parts:
            raise ValueError(f"a structure part named '{name}' is already registered")
        self.app.structure_parts[name] = StructurePart(reason, hit)
        self.app.owners[("structure_part", name)] = self.mod_id

    def add_prompt(self, kind: str, handler: PromptHandler) -> None:
        """How the answers to prompts of `kind` (systems.prompts.ask) apply: `handler(world, prompt)` runs once
        every asked seat answered (`prompt.given`, in `prompt.seats` order)."""
        self.app.prompt_handlers[kind] = handler
    def add_invariants(self, check: Callable[[World], list[str]]) -> None:
        """What must hold after every command under these rules: `check(world)` returns each broken one as a
        "where: what" line (game.invariants runs it in the property tests and on every loaded save)."""
        self.app.invariants.append(check)

    # --- vocabulary ----------------------------------------------------------------------------------------

    def add_component(self, cls: type) -> None:
        """A new component type (a slotted dataclass), so saves and state hashes know it."""
        existing = self.app.components.get(cls.__name__)
        if existing is not None and existing is not cls:
            raise ValueError(f"a component type named '{cls.__name__}' is already registered")
        self.app.components[cls.__name__] = cls

    def add_command(self, command_type: type[Command], check: Check, apply: Apply,
                    check_each: CheckEach | None = None) -> None:
        """A new command: `check(world, cmd)` returns a reason or None, `apply(world, cmd)` performs it;
        `check_each(world, cmds)`, where given, answers several at once exactly as `check` would one by one."""
        self.app.commands[command_type] = Handler(check, apply, check_each)

    def add_handler(self, handler: type) -> None:
        """A class decorated with systems.actions.handles (static check and apply, optionally check_each)
        handles its command."""
        self.add_command(handler.command_type, handler.check, handler.apply,  # type: ignore[attr-defined]
                         getattr(handler, "check_each", None))

    def add_ability_kind(self, kind: str, params: type[AbilityParams]) -> None:
        """A new ability kind with its typed parameters; rules files may then use `{ kind = "..." }`."""
        existing = self.app.ability_kinds.get(kind)
        if existing is not None and existing is not params:
            raise ValueError(f"ability kind '{kind}' is already registered")
        self.app.ability_kinds[kind] = params
        self.app.owners[("ability", kind)] = self.mod_id

    def add_reversible_events(self, *classes: type) -> None:
        """Events of this mod that reveal and decide nothing (no dice, nothing hidden shown): a command producing
        only these (and the engine's reversible ones) may be taken back with the client's undo (game.undo)."""
        self.app.reversible_events = (*self.app.reversible_events, *classes)

    def add_event(self, cls: type) -> None:
        """Declare an event type the plugin emits (a frozen dataclass subclassing systems.events.Event)."""
        existing = self.app.events.get(cls.__name__)
        if existing is not None and existing is not cls:
            raise ValueError(f"an event type named '{cls.__name__}' is already registered")
        self.app.events[cls.__name__] = cls

    def add_placement(
        self, kind: str, reason: Callable[[World, BuildStructure], str | None],
        candidates: Callable[[World, int], list[int]],
    ) -> None:
        """A new structure placement kind for `placement = "kind"`: the reason a BuildStructure is illegal
        (or None), and the territories worth trying for a seat (placement mode and the AI use them)."""
        if kind in self.app.builtin_placements:
            raise ValueError(f"placement '{kind}' is built in")
        self.app.placements[kind] = PlacementRule(reason, candidates)
        self.app.owners[("placement", kind)] = self.mod_id

    def add_rules_section(self, name: str, model: type[BaseModel]) -> None:
        """A rules section `[extra.NAME]` validated with `model`; read it as `world.rules.extra[NAME]`."""
        self.app.rules_sections[name] = model
        self.app.owners[("section", name)] = self.mod_id

    # --- what the panel, the client and the computer players ask --------------------------------------------

    def add_army_options(self, provider: ArmyOptions) -> None:
        """Extra actions for an army (the panel's action list, the AI): `provider(game, army) -> [ActionOption]`."""
        self.app.army_options.append(provider)

    def add_structure_options(self, provider: StructureOptions) -> None:
        """Extra actions for a structure: `provider(game, structure) -> [ActionOption]`."""
        self.app.structure_options.append(provider)

    def add_player_options(self, provider: PlayerOptions) -> None:
        """Extra actions for the current player as a whole: `provider(game) -> [ActionOption]`."""
        self.app.player_options.append(provider)

    def add_ai_behaviour(self, behaviour: Any) -> None:
        """A computer-player behaviour using this mod's units or mechanics (see game.ai)."""
        self.app.ai_behaviours.append(behaviour)

    @property
    def presentation(self) -> Presentation:
        """How this mod's events are animated, sounded and worded, its sprites and panel actions."""
        return self.app.presentation
