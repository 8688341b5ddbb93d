"""Player-facing words: the engine's reasons without their rule ids ("(R1.3)", "(MC6.4)"), which stay in the
developers' log (`logging` logger "foc.client")."""

from __future__ import annotations

import logging
import re

LOG = logging.getLogger("foc.client")
RULE_ID = re.compile(r"\s*\((?:[A-Z]{1,3}\d+(?:\.\d+)*(?:[-–,/ ]+[A-Z]{0,3}\d+(?:\.\d+)*)*)\)")


def for_players(text: str) -> str:
    """`text` without rule ids: 'a base must be on land (R1.3)' -> 'a base must be on land'."""
    return RULE_ID.sub("", text) if "(" in text else text


def rejected(command: object, reason: str) -> str:
    """Log a refused command with its rule id for developers; the player's words for the same reason."""
    LOG.info("rejected %s: %s", type(command).__name__, reason)
    return for_players(reason)
