"""The real-window layer: one Xvfb display for the session; skipped, with one line saying why, without Xvfb."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.window.xclient import XDisplay, missing_tools

WHY: list[str] = []


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    missing = missing_tools()
    if not missing:
        return
    reason = f"no {' or '.join(missing)} (Debian: apt-get install xvfb xdotool)"
    WHY.append(reason)
    for item in items:
        if item.get_closest_marker("window"):
            item.add_marker(pytest.mark.skip(reason=reason))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if "window" in getattr(r, "keywords", {})]
    if WHY and skipped:
        terminalreporter.write_line(f"real-window tests: {len(skipped)} skipped: {WHY[0]}")


@pytest.fixture(scope="session")
def display() -> Iterator[XDisplay]:
    started = XDisplay.start()
    try:
        yield started
    finally:
        started.stop()

