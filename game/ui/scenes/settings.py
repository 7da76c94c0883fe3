"""Settings: every change applies at once and is saved at once."""

from __future__ import annotations

import pygame

from game import i18n
from game.cards import Card
from game.i18n import LANGUAGES, tr
from game.persistence.settings import ANIMATION_SPEEDS, settings_path
from game.ui import cardart
from game.ui.assets import INK, INK_DIM
from game.ui.scene import Scene
from game.ui.widgets import felt, panel, text


class SettingsScene(Scene):
    name = "settings"

    def rows(self):
        st = self.app.settings
        onoff = lambda v: tr("ui.on") if v else tr("ui.off")  # noqa: E731
        return [
            ("ui.settings.language", LANGUAGES[st.language], self._language),
            ("ui.settings.four_colour", onoff(st.four_colour), self._four),
            ("ui.settings.animation", tr(f"ui.settings.anim.{st.animation}"), self._anim),
            ("ui.settings.sound", onoff(st.sound), self._sound),
            ("ui.settings.fullscreen", onoff(st.fullscreen), self._full),
            ("ui.settings.auto_draw", onoff(st.auto_draw), self._auto),
        ]

    def _layout(self):
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.8, 820 * s))
        return pygame.Rect(w // 2 - pw // 2, int(h * 0.06), pw, int(h * 0.88)), s

    def build_ui(self) -> None:
        r, s = self._layout()
        y = r.y + int(84 * s)
        bw, bh = int(220 * s), int(40 * s)
        self.row_pos = []
        for key, value, fn in self.rows():
            self.button((r.right - bw - int(30 * s), y, bw, bh), value, fn)
            self.row_pos.append((key, y + bh // 2))
            y += bh + int(12 * s)
        self.sample_y = y + int(8 * s)
        self.button((r.centerx - int(90 * s), r.bottom - int(60 * s), int(180 * s), int(44 * s)), tr("ui.back"), self.app.pop)
        if self.focus_index is None:
            self.focus_index = 0

    def _changed(self) -> None:
        self.app.save_settings()
        self.rebuild_ui()

    def _language(self) -> None:
        langs = list(LANGUAGES)
        nxt = langs[(langs.index(self.app.settings.language) + 1) % len(langs)]
        self.app.settings.language = nxt
        self.app.save_settings()
        i18n.set_language(nxt)  # rebuilds the screen's text at once

    def _four(self) -> None:
        self.app.settings.four_colour = not self.app.settings.four_colour
        cardart.clear_caches()
        self._changed()

    def _anim(self) -> None:
        i = ANIMATION_SPEEDS.index(self.app.settings.animation)
        self.app.settings.animation = ANIMATION_SPEEDS[(i + 1) % len(ANIMATION_SPEEDS)]
        self._changed()

    def _sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self._changed()
        self.app.play_sound("place")

    def _auto(self) -> None:
        self.app.settings.auto_draw = not self.app.settings.auto_draw
        self._changed()

    def _full(self) -> None:
        self.app.set_fullscreen(not self.app.settings.fullscreen)


    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s = self._layout()
        panel(surface, r, 170, int(16 * s))
        text(surface, tr("ui.settings.title"), (r.centerx, r.y + int(24 * s)), int(34 * s), INK, bold=True, anchor="midtop")
        for key, cy in getattr(self, "row_pos", []):
            text(surface, tr(key), (r.x + int(30 * s), cy), int(20 * s), INK, anchor="midleft", max_width=r.w - int(300 * s))
        # a sample of the deck in the current colours
        y = getattr(self, "sample_y", r.bottom - int(200 * s))
        for i, c in enumerate(("AS", "7H", "QD", "10C")):
            img = cardart.face(Card.parse(c), int(64 * s), self.app.settings.language, self.app.settings.four_colour)
            surface.blit(img, (r.x + int(30 * s) + i * int(72 * s), y))
        text(surface, tr("ui.settings.four_colour_hint"), (r.x + int(330 * s), y + int(40 * s)), int(16 * s), INK_DIM, anchor="midleft")
        text(surface, tr("ui.settings.where", path=str(settings_path())), (r.centerx, y + int(104 * s)), int(13 * s), INK_DIM, anchor="midtop", shadow=False, max_width=r.w - int(40 * s))
