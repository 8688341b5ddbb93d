"""The F1 help of every ruleset (game.ui.shell.HelpPanel): a key written as a phrase never runs into what it
explains; the explanations start right of the widest key."""

from __future__ import annotations

import pytest

from game.content import load_app, rulesets
from game.presentation import HelpLine, RulesetHelp
from game.ui.app import GameWindow
from game.ui.shell import HelpPanel


def rows_overlapping(panel: HelpPanel) -> list[str]:
    """The help's key/explanation pairs whose key ends right of where its explanation begins."""
    panel.draw_content()
    texts = panel.texts._texts
    out = []
    for name, key in texts.items():
        if not name.startswith("help:k") or not key.text:
            continue
        explanation = texts.get(f"help:t{name.removeprefix('help:k')}")
        if explanation is not None and key.x + key.content_width >= explanation.x:
            out.append(f"{key.text!r} over {explanation.text!r}")
    return out


def test_a_long_key_pushes_the_explanations_right(window: GameWindow):
    long_key = RulesetHelp(controls=(HelpLine("Own region, then enemy", "attack with all but one troop"),
                                     HelpLine("E", "end the turn")))
    panel = HelpPanel("Test", long_key, lambda: None, (1280, 720))
    assert rows_overlapping(panel) == []


@pytest.mark.parametrize("ruleset", sorted(rulesets()))
def test_no_ruleset_help_row_runs_into_its_explanation(window: GameWindow, ruleset: str):
    help_data = load_app(ruleset).presentation.help
    panel = HelpPanel(ruleset, help_data, lambda: None, (1280, 720))
    assert rows_overlapping(panel) == []
