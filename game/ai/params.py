"""The knobs that tell the strategic computer players apart, and the base game's unit roles they use."""

from __future__ import annotations

from dataclasses import dataclass

SOLDIER, RANGER, DEFENDER = "soldier", "ranger", "defender"


@dataclass(frozen=True)
class Params:
    """What tells the difficulties apart."""

    name: str = "normal"
    claimers: int = 4              # single-unit armies out claiming territory
    ranger_claimers_from: int = 6  # from this round on, new claimers are rangers (no upkeep, 6 MP)
    garrison: int = 1              # units kept at the flag in peace
    strike_ready: int = 7          # units before a strike force advances on a flag
    late_round: int = 70           # from here on, attack sooner and accept worse odds
    attack_odds: float = 0.6       # win chance needed to start a battle
    assault_odds: float = 0.5      # chance that this turn's attacks open an enemy flag, needed to launch them
    strike_rangers: int = 0        # rangers put in each strike force (pathfinders: +1 MP, cheaper forest/mountain)
    trade: float = 0.85            # how a lost unit weighs against a killed one when choosing battles
    route_hostile: int = 12        # extra MP a territory held by a hostile army counts for, when routing
    route_own: int = 3             # ...and one held by an own army (queues in a corridor find other ways)
    group_units: int = 16          # units of strike forces near each other before they advance on a flag
    group_radius: int = 4
    retreat_odds: float = 0.25     # retreat from a battle when the win chance drops below this
    trials: int = 24               # battle simulations per decision
    claim_enemy: bool = False      # also take over enemy territory (2 MP)
    sustain: float = 0.85          # upkeep may use this share of the expected food income
    walls: bool = True             # wall the flag when threatened...
    walls_until: int = 40          # ...up to this round (walls rebuilt every turn would make a flag untakeable)
    tower: bool = True             # tower + stationed units at the flag when threatened
    proactive_tower: bool = False  # build the flag's tower before any threat, once wood allows
    upgrade_tower: bool = False
    repair: bool = False
    hunt: bool = True              # strike forces hunt beatable armies near their path
    defenders_stationed: bool = False
    threat_radius: int = 6         # enemy armies this near the flag count as a threat
    # behaviours beyond the base game's (built in, or registered by mods); used only when the ruleset has them
    sturdy_tactics: bool = True    # with special units in the rules (see Behaviour.special_units): flag
                                   # battles won over rounds, half-full strike armies at a flag merge
    off: frozenset[str] = frozenset()  # behaviours switched off by name (for comparisons)
