"""The Risky Space ruleset model: what every ruleset has plus its own `[risky.*]` numbers."""

from __future__ import annotations

from components.rules import RulesetCore

from .data import RiskyRules


class RiskySpaceRules(RulesetCore):
    """rules.toml: [setup], [terrain], [units] (the engine's) and [risky.*] (RS1-RS9)."""

    risky: RiskyRules
