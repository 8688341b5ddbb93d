"""The help overlay's text: the rules in brief and the map legend come from the ruleset's data."""

from __future__ import annotations


def test_the_help_legend_and_rules_brief_take_their_numbers_from_the_ruleset():
    """Every number shown to players is the ruleset's: change the data and the help changes with it."""
    from game.content import load_ruleset
    from game.help_text import rules_brief, symbols

    rules = load_ruleset()
    cheap = rules.model_copy(update={"costs": rules.costs.model_copy(update={"take_over_enemy": 5})})
    legend = {s.key: s.meaning for s in symbols(rules)}
    assert legend["plain"].startswith("Plain: 1-4 food") and legend["barren"].startswith("Barren: produces nothing")
    territory = {b.title: b.text for b in rules_brief(cheap)}["Territory"]
    assert "an enemy one for 5" in territory
