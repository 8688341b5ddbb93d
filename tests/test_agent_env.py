"""The PettingZoo AEC environment (the `agents` extra): PettingZoo's own API test, masks from the legal
commands, rewards on win and loss, truncation at the round cap."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import esper  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from components.armies import Army  # noqa: E402
from components.commands import BuildUnit, ChooseBase, EndTurn, Move  # noqa: E402
from game.lab.env import ConquestEnv  # noqa: E402
from game.lab.rulesets import available  # noqa: E402
from systems import queries as q  # noqa: E402
from systems.actions import check  # noqa: E402

ISLANDS = "tests/fixtures/maps/islands.tmj"

# every shipped game (and the plugin mods, whose commands the enumeration includes)
GAMES = [
    pytest.param({"ruleset": "base", "map_name": "random:12x12:1", "players": 2}, id="base"),
    pytest.param({"ruleset": "base", "map_name": "twin_valleys", "players": 2, "mods": ("cavalry", "medic")},
                 id="base+cavalry+medic"),
    pytest.param({"ruleset": "base", "map_name": ISLANDS, "players": 2, "mods": ("ships",)}, id="base+ships"),
]


@pytest.mark.parametrize("config", GAMES)
def test_pettingzoo_api_test_passes(config):
    env = ConquestEnv(max_rounds=15, **config)
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("ruleset", available())
def test_every_installed_ruleset_is_an_environment(ruleset):
    """Every shipped game registers its legal commands on its App, and passes the API test on its own
    board or first two-player map (the env names no ruleset)."""
    env = ConquestEnv(ruleset=ruleset, players=2, max_rounds=15)
    assert env.possible_agents == ["seat_1", "seat_2"]
    api_test(env, num_cycles=200)


def test_a_ruleset_without_legal_commands_is_a_clear_error():
    from game.errors import DataError
    from game.lab.rulesets import legal_commands_of, load_game_app

    app = load_game_app("base")
    app.legal_commands = None
    with pytest.raises(DataError, match="registers no legal-command enumeration"):
        legal_commands_of(app)


def test_the_mask_offers_exactly_the_legal_commands_in_canonical_order():
    env = ConquestEnv(map_name="random:12x12:2", players=2, max_rounds=200)
    env.reset(seed=3)
    obs, *_ = env.last()
    legal = env.legal()
    assert all(isinstance(c, ChooseBase) for c in legal)  # setup: base choices
    assert int(obs["action_mask"].sum()) == len(legal)
    rng = np.random.default_rng(0)
    main_stage_seen = 0
    for _ in range(60):
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        legal = env.legal()
        assert int(obs["action_mask"].sum()) == len(legal) and obs["action_mask"][: len(legal)].all()
        assert all(check(env.game.world, c) is None for c in legal)
        if not env.game.in_setup:
            main_stage_seen += 1
            assert isinstance(legal[0], EndTurn)
        other = next(a for a in env.agents if a != agent)
        assert env.observe(other)["action_mask"].sum() == 0  # only the seat to act may act
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert main_stage_seen > 0
    with pytest.raises(ValueError, match="not legal"):
        env.step(env.max_actions - 1)


def rush(env: ConquestEnv) -> int:
    """A scripted agent: build soldiers, march every army toward the enemy flag, then end the turn."""
    game = env.game
    world = game.world
    world.activate()
    legal = env.legal()
    if game.in_setup:
        return 0
    enemy = next(q.home_base(world, s) for s in world.alive_seats() if s != world.clock.seat)
    for i, command in enumerate(legal):
        if isinstance(command, BuildUnit) and command.unit_type == "soldier":
            return i
    moves = [(world.board.distance(c.path[-1], enemy), i, c) for i, c in enumerate(legal) if isinstance(c, Move)]
    if moves:
        distance, index, move = min(moves)
        if distance < world.board.distance(esper.component_for_entity(move.army, Army).territory, enemy):
            return index
    return 0


def test_a_won_game_rewards_the_winner_and_ends_every_agent():
    env = ConquestEnv(map_name="random:12x12:1", players=2, max_rounds=150)
    env.reset(seed=1)
    final = {}
    for agent in env.agent_iter(5000):
        _, reward, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = (reward, term, trunc)
            env.step(None)
            continue
        env.step(rush(env))
    winner = f"seat_{env.game.world.clock.winner}"
    assert env.game.over and env.agents == []
    assert final[winner] == (1.0, True, False)
    assert all(v == (-1.0, True, False) for a, v in final.items() if a != winner)


def test_the_round_cap_truncates_every_agent():
    env = ConquestEnv(map_name="random:12x12:1", players=2, max_rounds=3)
    env.reset(seed=2)
    ended = {}
    for agent in env.agent_iter(2000):
        _, reward, term, trunc, _ = env.last()
        if term or trunc:
            ended[agent] = (reward, term, trunc)
            env.step(None)
            continue
        env.step(0)  # always EndTurn (or the first base choice)
    assert ended == {"seat_1": (0.0, False, True), "seat_2": (0.0, False, True)}
    assert env.game.world.clock.round == 4


def test_observation_comes_from_the_seat_view():
    env = ConquestEnv(map_name="random:12x12:1", players=2)
    env.reset(seed=0)
    while env.game.in_setup:
        env.step(0)
    one = env.observe("seat_1")["observation"]
    two = env.observe("seat_2")["observation"]
    assert one.shape == env.observation_space("seat_1")["observation"].shape
    assert env.observation_space("seat_1").contains(env.observe("seat_1"))
    mine = len(env.encoder.terrain_index) + 8  # "my base" channel
    assert one[..., mine].sum() == 1 and two[..., mine].sum() == 1
    assert not np.array_equal(one[..., mine], two[..., mine])


SHIPPED = ("base", "monstercrasher", "risky-space")


def test_every_shipped_game_is_installed_with_its_legal_commands():
    """The three shipped games are among the parametrised API tests above, each with its own enumeration
    and observation registered on its App (nothing in game.lab names them)."""
    from game.lab.rulesets import load_game_app

    assert set(SHIPPED) <= set(available())
    for ruleset in SHIPPED:
        app = load_game_app(ruleset)
        assert app.legal_commands is not None and app.agent_observation is not None, ruleset


@pytest.mark.parametrize("ruleset", ["monstercrasher", "risky-space", "relic-duels"])
def test_random_agents_play_another_ruleset_through_its_enumeration(ruleset):
    """Random masked agents play MonsterCrasher (MC3 spawns, the turn button) and Risky Space (RS2 claims and
    placements, RS4-RS6 turns) to the end or the round cap: every offered command is accepted (the env
    raises otherwise), the observation changes as the game does, and the game ends or truncates."""
    from game.lab.rulesets import seat_to_act

    env = ConquestEnv(ruleset=ruleset, players=2, max_rounds=12)
    env.reset(seed=5)
    first = env.observe("seat_1")["observation"].copy()
    rng = np.random.default_rng(1)
    kinds = set()
    for agent in env.agent_iter(5000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert agent == f"seat_{seat_to_act(env.game)}"  # every step acts for the seat the flow waits for
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        kinds.add(type(env.legal()[action]).__name__)
        env.step(action)
    assert env.agents == []
    assert len(kinds) >= 2
    assert not np.array_equal(first, env.observe("seat_1")["observation"])


def test_total_war_agents_take_turns_in_simultaneous_phases():
    """TW4.1: in a simultaneous phase the agent to act is the first seat not yet ready; it is offered Ready
    first, then a few legal orders per regiment without one (every entry passes the engine's check for that
    seat), and random play moves the game through deployment into rounds of movement and combat."""
    from game.lab.rulesets import seat_to_act

    env = ConquestEnv(ruleset="total-war", players=2, max_rounds=3)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    stages, seats = set(), set()
    for agent in env.agent_iter(3000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        game = env.game
        seat = seat_to_act(game)
        assert agent == f"seat_{seat}" and seat in game.unready_seats()
        legal = env.legal()
        assert 1 <= len(legal) <= 300 and type(legal[0]).__name__ == "Ready"
        assert all(game.check(c, seat=seat) is None for c in legal)
        assert int(obs["action_mask"].sum()) == len(legal)
        stages.add(str(game.world.clock.stage))
        seats.add(seat)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert {"deploy", "movement", "combat"} <= stages and seats == {1, 2}
    assert env.game.over or env.game.app.hooks.round_of(env.game.world) > 3


@pytest.mark.parametrize("ruleset", available())
def test_a_seat_may_be_played_by_the_engines_search_or_random_player(ruleset):
    """The engine's kinds choose one action at a time for the agent to act (`computer_action`), deterministically."""
    env = ConquestEnv(ruleset=ruleset, players=2, max_rounds=15)
    env.reset(seed=3)
    for _ in range(4):
        if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
            break
        action = env.computer_action("search", iterations=4)
        assert action == env.computer_action("search", iterations=4)
        assert env.observe(env.agent_selection)["action_mask"][action] == 1
        env.step(action)
    if not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
        assert env.observe(env.agent_selection)["action_mask"][env.computer_action("random")] == 1
    with pytest.raises(ValueError, match="one action at a time"):
        env.computer_action("normal")
