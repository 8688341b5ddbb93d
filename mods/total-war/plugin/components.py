"""Total War's components: the field's terrain and the turn's bookkeeping (regiments are `regiments.Regiment`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Field:
    """TW1.4: the terrain of every hex that is not plain, by hex name."""

    terrain: dict[str, str] = field(default_factory=dict)


@dataclass(slots=True)
class Battle:
    """What this turn's steps tell the later ones (TW4.1): move orders in the order given (TW5.1), charges
    (TW6.4), reaction triggers (TW7.2: reactor, enemy, hex), who moved, shot or fought, artillery hits,
    charges received (charged, charger type, side), who damaged whom, the regiments each seat started with."""

    order_list: list[str] = field(default_factory=list)
    charges: list[list[str]] = field(default_factory=list)
    triggers: list[list[str]] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    shot: list[str] = field(default_factory=list)
    melee: list[str] = field(default_factory=list)
    artillery_hits: dict[str, int] = field(default_factory=dict)
    charges_received: list[list[str]] = field(default_factory=list)
    damaged: dict[str, list[str]] = field(default_factory=dict)
    destroyed: list[str] = field(default_factory=list)
    undeployed: list[str] = field(default_factory=list)
    start_counts: list[int] = field(default_factory=list)
