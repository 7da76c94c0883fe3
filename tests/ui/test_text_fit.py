"""Text that fits (issue 15, item 6): every screen of ``shots`` (whatever
``all_scene_factories`` lists today), in English and German, at 800x500,
1280x800 and 1920x1080, passes the text-fit check of game.tools.textfit;
and the check does find what it looks for."""

from __future__ import annotations

import pygame

from game.tools import textfit
from game.ui import widgets
from game.ui.scene import Scene


def test_every_screen_fits_in_both_languages_at_three_sizes():
    # measured: 444 screens in 38-46 s on this machine (2 shared cores)
    findings, screens = textfit.check(list(textfit.LANGS), list(textfit.SIZES))
    assert screens >= 3 * 2 * 60
    assert not findings, "\n".join(f.line() for f in findings[:40])


class Faulty(Scene):
    """One of each fault the check must see."""

    name = "faulty"

    def build_ui(self) -> None:
        s = self.app.scale
        self.button((40, 40, int(60 * s), int(36 * s)), "Kleine Pyramide (3 Reihen)")  # too narrow
        self.button((40, 200, 160, 40), "Show me")
        self.button((180, 210, 160, 40), "Clear")  # overlaps Show me
        self.button((self.app.size[0] - 50, 300, 160, 40), "Out")  # reaches out of the window

    def draw(self, surface) -> None:
        surface.fill((0, 40, 20))
        widgets.text_block(surface, "the last line of a step under its button", pygame.Rect(50, 190, 100, 10), 16)
        widgets.text(surface, "count(each is red) · sum(each.rank) ·", (400, 400), 14)


def test_the_check_finds_clipped_overlapping_outside_and_drawn_text_faults(app):
    found = textfit.check_scene(app, lambda: Faulty(app))
    kinds = {k for k, _, _ in found}
    assert {"clipped", "overlap", "outside", "drawn-under-widget", "drawn-overflow", "stray-bullet"} <= kinds, found
    assert any(k == "clipped" and t == "Kleine Pyramide (3 Reihen)" for k, t, _ in found)


def test_the_recorder_is_off_outside_a_check(app):
    assert widgets.RECORD is None
    textfit.check_scene(app, lambda: Faulty(app))
    assert widgets.RECORD is None
