"""The main menu: Continue (the list of saved games), the four games, Settings, Statistics, Rules, Quit."""

from __future__ import annotations

from functools import partial

import pygame

from game.cards import Card
from game.engine.registry import games, info
from game.i18n import has, tr
from game.persistence.saves import newer_saves_untold, read_save, saves_count
from game.ui import cardart
from game.ui.assets import INK, INK_DIM
from game.ui.scene import Scene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.saves import open_saves
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.stats import StatsScene
from game.ui.tables import available, table
from game.ui.widgets import felt, text


def open_game(app, game_id: str) -> None:
    gi = info(game_id)
    if not available(gi.id):
        app.toasts.show(tr("ui.coming_soon"))
        return
    table(gi.id).open_new(app)


def continue_game(app, game_id: str, name: str | None = None) -> None:
    """Reopen the save file ``name`` of ``game_id`` (a known game's id),
    without a name its most recent (``--continue``); a save that cannot
    be used is moved aside and the player told why."""
    gi = info(game_id)
    data, problem = read_save(gi.id, name)
    refused = table(gi.id).resume(app, data) if data is not None else None
    if problem is not None:  # a bad save, or the part of one that was kept
        app.toasts.show(problem.render(app.settings.language), "refuse", ttl=8)
    if data is None or refused:
        if refused:
            app.toasts.show(str(refused), "refuse", ttl=8)
        app.to_menu()  # the menu anew: Continue now offers what is left, if anything


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tags: list[tuple[str, tuple[int, int]]] = []  # each game's line under its button, placed by build_ui

    def build_ui(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bw, bh = int(440 * s), int(50 * s)
        x = w // 2 - bw // 2
        y = int(h * 0.25)
        self.tags.clear()
        saved = saves_count()  # files named after a known game; read when the list opens
        newer = newer_saves_untold()
        if newer:  # not offered: left for the newer version, and said once
            self.app.toasts.show(tr("ui.save.newer_left", n=newer), "refuse", ttl=8)
        if saved:
            self.button((x, y, bw, bh), tr("ui.menu.continue", n=saved), lambda: open_saves(self.app), object_id="#primary")
            y += bh + int(18 * s)
        for g in games():
            built = available(g.id)
            label = g.name(self._lang()) if built else tr("ui.menu.not_built", game=g.name(self._lang()))
            self.button((x, y, bw, bh), label, partial(open_game, self.app, g.id), enabled=built, object_id="#big_button")
            # a game's line under its button is its own text (its catalog's ``<package>.menu_tag``)
            tag = f"{g.package}.menu_tag"
            self.tags.append((tr(tag) if has(tag) else "", (w // 2, y + bh + int(3 * s))))
            y += bh + int(30 * s)
        y += int(6 * s)
        sw = (bw - 2 * int(10 * s)) // 3
        for i, (key, fn) in enumerate(
            (("ui.menu.settings", self._settings), ("ui.menu.statistics", self._stats), ("ui.menu.rules", self._rules))
        ):
            self.button((x + i * (sw + int(10 * s)), y, sw, int(44 * s)), tr(key), fn)
        y += int(44 * s) + int(14 * s)
        self.button((x + bw // 4, y, bw // 2, int(40 * s)), tr("ui.menu.quit"), self.app.quit)
        if self.focus_index is None:
            self.focus_index = 0

    def _lang(self) -> str:
        return self.app.settings.language

    def _settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def _stats(self) -> None:
        self.app.push(StatsScene(self.app))

    def _rules(self) -> None:
        self.app.push(RulesScene(self.app))

    def on_escape(self) -> None:
        self.app.quit()

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        # a fan of cards on either side of the title
        cw = int(92 * s)
        lang = self.app.settings.language
        fan_l = [Card.parse(c) for c in ("5C", "3H", "8D", "KS")]
        fan_r = [Card.parse(c) for c in ("2S", "QH", "9C", "AD")]
        for side, cards in ((-1, fan_l), (1, fan_r)):
            cx = w // 2 + side * int(w * 0.33)
            for i, c in enumerate(cards):
                img = cardart.face(c, cw, lang, self.app.settings.four_colour)
                ang = (i - 1.5) * 9 * -side
                rot = pygame.transform.rotozoom(img, ang, 1.0)
                r = rot.get_rect(center=(cx + (i - 1.5) * cw * 0.32, int(h * 0.55) + abs(i - 1.5) * 6 * s))
                surface.blit(rot, r)
        text(surface, tr("ui.app_title"), (w // 2, int(h * 0.07)), int(58 * s), INK, bold=True, anchor="midtop")
        text(surface, tr("ui.app_subtitle"), (w // 2, int(h * 0.07) + int(70 * s)), int(20 * s), INK_DIM, anchor="midtop")
        for tag, pos in self.tags:
            text(surface, tag, pos, int(14 * s), INK_DIM, anchor="midtop", shadow=False)
