"""Counted nouns in player-facing text: "1 region", "2 regions", "0 games" (never "region(s)")."""

from __future__ import annotations


def plural(count: int, singular: str, many: str | None = None) -> str:
    """`count` and the noun in the form that count takes: plural(1, 'troop') -> '1 troop'."""
    return f"{count} {singular if count == 1 else (many or singular + 's')}"
