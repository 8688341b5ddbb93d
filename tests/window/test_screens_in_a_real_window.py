"""Every screen in a real window (Xvfb), started as a user starts it and driven by real X input: the window opens
and stays up, the picture is not blank, a click reaches the screen, and a still screen is quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.window.tour import Screen, on_screen, screens
from tests.window.xclient import XDisplay, blank

pytestmark = pytest.mark.window
SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "window"
QUIET_SHARE = 0.25  # of one core: far above a quiet screen (~1-3 %), far below one drawing 60 frames a second


@pytest.mark.parametrize("screen", screens(), ids=lambda s: s.name.replace(" ", "-"))
def test_the_screen_opens_draws_answers_a_click_and_is_quiet(display: XDisplay, tmp_path: Path, screen: Screen):
    with on_screen(display, tmp_path, screen) as (running, picture):
        name = screen.name.replace(" ", "_")
        running.screenshot(SHOTS / f"{name}.png")
        assert not blank(picture), f"{screen.name}: the window shows nothing"
        # quiet: nothing moves, so nothing is drawn (a screen drawing every frame takes most of a core; under
        # load it gets less, never more, so this bound cannot fail because the machine is busy)
        share = running.cpu_share(2.0)
        assert share < QUIET_SHARE, f"{screen.name}: {share:.0%} of a core while still"
        if screen.click is not None:
            what, (x, y) = screen.click
            running.click(x, y)
            after = running.wait_change(picture, f"{screen.name}: a click on {what}")
            running.screenshot(SHOTS / f"{name}_after_click.png")
            assert not blank(after)
        running.check_alive()
