"""Statistics of every game, from the statistics file."""

from __future__ import annotations

import pygame

from game.engine.registry import info
from game.i18n import tr
from game.i18n.plain import path_text
from game.persistence.saves import load_stats, stats_path
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.scene import Scene
from game.ui.tables import built, table
from game.ui.widgets import felt, panel, text


class StatsScene(Scene):
    name = "statistics"

    def enter(self) -> None:
        # checked against the statistics' shape: a bad file is moved aside
        # and every game's lines below can trust their numbers
        self.stats, problem = load_stats()
        if problem:
            self.app.toasts.show(problem.render(self.app.settings.language), "refuse", ttl=8)
        super().enter()

    def build_ui(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        self.button((w // 2 - int(90 * s), h - int(96 * s), int(180 * s), int(44 * s)), tr("ui.back"), self.app.pop)
        self.focus_index = 0


    def sections(self):
        lang = self.app.settings.language
        out = []
        for gid in built():
            lines = table(gid).stats_lines(self.stats.get(gid, {}), lang)
            if lines:
                out.append((info(gid).name(lang), lines))
        return out

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        text(surface, tr("ui.stats.title"), (w // 2, int(30 * s)), int(34 * s), INK, bold=True, anchor="midtop")
        secs = self.sections()
        if not secs:
            text(surface, tr("ui.stats.none"), (w // 2, h // 2), int(22 * s), INK_DIM, anchor="center")
        cols = max(1, min(2, len(secs)))
        colw = int((w - 3 * 30 * s) / cols)
        x0 = int(30 * s)
        y_col = [int(100 * s)] * cols
        for i, (name, lines) in enumerate(secs):
            c = i % cols
            x = x0 + c * (colw + int(30 * s))
            y = y_col[c]
            hgt = int(48 * s) + len(lines) * int(26 * s) + int(12 * s)
            r = pygame.Rect(x, y, colw, hgt)
            panel(surface, r, 160, int(12 * s))
            text(surface, name, (r.x + int(16 * s), r.y + int(10 * s)), int(22 * s), GOLD, bold=True)
            yy = r.y + int(48 * s)
            for label, value in lines:
                text(surface, label, (r.x + int(16 * s), yy), int(17 * s), INK, shadow=False, max_width=int(colw * 0.62))
                text(surface, value, (r.right - int(16 * s), yy), int(17 * s), INK, bold=True, anchor="topright", shadow=False)
                yy += int(26 * s)
            y_col[c] = r.bottom + int(18 * s)
        text(surface, tr("ui.stats.where", path=path_text(stats_path())), (w // 2, h - int(14 * s)), int(13 * s), INK_DIM, anchor="midbottom", shadow=False)
