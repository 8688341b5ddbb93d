"""No screen draws words past the window's edge, in every ruleset (a third party's included): each game's screen
is drawn after a seeded stretch of play (its log and messages full of long names and rolls) and every text drawn
in that frame, alone or in a batch of labels, must lie inside the window (Total War's panel ran "... 34 drawn from
20-40" off its right edge)."""

from __future__ import annotations

import random
import weakref
from collections.abc import Iterable
from typing import Any

import arcade
import pyglet
import pytest

from game.content import rulesets
from game.setup import PlayerSpec, create_game
from game.ui.app import GameWindow
from game.ui.views.handover import HandoverView
from tests.every_ruleset import play_randomly
from tests.rulesets import installed
from tests.ui.conftest import frames

SLACK = 2  # pixels: anti-aliasing at the glyphs' edges


@pytest.fixture
def batched(monkeypatch: pytest.MonkeyPatch) -> weakref.WeakSet[arcade.Text]:
    """Every text made in a batch from now on (screens lay labels out once and draw the whole batch each frame):
    `drawn_texts` counts those of the batches a frame draws."""
    made: weakref.WeakSet[arcade.Text] = weakref.WeakSet()
    real = arcade.Text.__init__

    def remember(self: Any, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        if kwargs.get("batch") is not None:  # (a text drawn alone has a batch of its own, drawn by Text.draw)
            made.add(self)

    monkeypatch.setattr(arcade.Text, "__init__", remember)
    return made


def drawn_texts(window: GameWindow, monkeypatch: pytest.MonkeyPatch,
                batched: Iterable[arcade.Text] = ()) -> list[tuple[str, float, float]]:
    """The texts one frame draws, alone or in a batch: (words, left, right) in window pixels."""
    seen: list[tuple[str, float, float]] = []
    real, real_batch = arcade.Text.draw, pyglet.graphics.Batch.draw

    def record(self: Any) -> None:
        if self.text.strip():
            seen.append((self.text, self.left, self.left + self.content_width))
        real(self)

    def record_batch(batch: pyglet.graphics.Batch) -> None:
        for text in list(batched):
            if text.batch is batch and text.visible and text.text.strip():
                seen.append((text.text, text.left, text.left + text.content_width))
        real_batch(batch)

    monkeypatch.setattr(arcade.Text, "draw", record)
    monkeypatch.setattr(pyglet.graphics.Batch, "draw", record_batch)
    window.current_view.on_draw()
    monkeypatch.setattr(arcade.Text, "draw", real)
    monkeypatch.setattr(pyglet.graphics.Batch, "draw", real_batch)
    return seen


def long_named_game(ruleset: str, seed: int = 8):  # noqa: ANN201
    from game.ui.launch import choose_map

    names = [PlayerSpec("Margravine Ottilie of the Long Valley"), PlayerSpec("Bartholomew Quillfeather-Ashdown")]
    game = create_game(choose_map(None, 2, seed, ruleset), names, seed, ruleset=ruleset)
    rng = random.Random(seed)
    play_randomly(game, 60, rng)
    return game


@pytest.mark.parametrize("ruleset", [*sorted(rulesets()), "breakthrough"])
def test_every_text_of_a_screen_lies_inside_the_window(app: GameWindow, ruleset: str, batched: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    with installed():
        app.start(long_named_game(ruleset))
        frames(app, 1)
        while isinstance(app.current_view, HandoverView):
            app.current_view.ready_cb()
            frames(app, 1)
        frames(app, 3)
        texts = drawn_texts(app, monkeypatch, batched)
    assert texts
    outside = [(text, round(left), round(right)) for text, left, right in texts
               if left < -SLACK or right > app.width + SLACK]
    assert not outside, f"{ruleset}: drawn past the window's edge (width {app.width}): {outside}"


def test_total_wars_seat_chips_never_cover_its_banner_title(app: GameWindow) -> None:
    """Total War's banner: the phase title at the left, a chip per seat at the right ("<name>: READY"); a long
    name is cut so the chips stay clear of the title (they were drawn over "Movement orders - secret")."""
    app.start(long_named_game("total-war"))
    frames(app, 1)
    while isinstance(app.current_view, HandoverView):
        app.current_view.ready_cb()
        frames(app, 1)
    frames(app, 3)
    labels = app.current_view.labels._texts
    title = labels["banner"][0]
    chips = [labels[key][0] for key in labels if key.startswith("chip")]
    assert chips and all(chip.text.endswith(("READY", "giving orders")) for chip in chips)
    assert title.left + title.content_width < min(chip.left for chip in chips)
