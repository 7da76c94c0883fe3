"""Settings: every change applies at once and is saved at once.

Two columns: what the app does (language, animations, sound, full screen,
Runs' automatic draw) and how the table looks (four-colour deck, card
back, felt, card size), the look previewed under its column.  A table
paused under this screen shows a new look when it comes back: backs and
felt are read when drawn, its static layer is keyed by the look
(kit/table.py ``static_key``) and its layout by the card size factor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from game import i18n
from game.cards import Card
from game.i18n import LANGUAGES, tr
from game.i18n.plain import path_text
from game.persistence.settings import ANIMATION_SPEEDS, CARD_BACKS, CARD_SIZES, FELTS, TEXT_SIZES, Settings, settings_path
from game.ui import cardart
from game.ui.a11y.nodes import Node, Tree
from game.ui.assets import GOLD, INK, INK_DIM, set_high_contrast
from game.ui.scene import ButtonSpec, Scene
from game.ui.widgets import clear_felt, felt, panel, set_felt, text, wrapped


def apply_look(settings: Settings) -> None:
    """Draw with the chosen card back, felt, card size, text size and
    contrast from now on (the text size reaches the layouts through the
    app's scale, the contrast the buttons through the app's theme)."""
    cardart.set_look(back=settings.card_back, size=settings.card_size, text=settings.text_size)
    set_felt(settings.felt)
    if set_high_contrast(settings.high_contrast):
        # faces, slots and the felt were drawn in the other look
        cardart.clear_caches()
        clear_felt()


def _next(options: tuple[str, ...], value: str) -> str:
    return options[(options.index(value) + 1) % len(options)] if value in options else options[0]


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        # where build_ui put each row's label, and the preview under the right column
        self.row_pos: list[tuple[str, pygame.Rect]] = []
        self.preview_y: int | None = None

    # --- the buttons, as data --------------------------------------------------------
    def columns(self) -> tuple[list[tuple[str, ButtonSpec]], list[tuple[str, ButtonSpec]]]:
        """(label key, button) rows of the left and the right column."""
        st = self.app.settings

        def onoff(v: bool) -> str:
            return tr("ui.on") if v else tr("ui.off")

        def row(label: str, key: str, value: str, action: Callable[[], None], **how) -> tuple[str, ButtonSpec]:
            return label, ButtonSpec(key, value, action, **how)

        general = [
            row("ui.settings.language", "language", LANGUAGES[st.language], self._language),
            row("ui.settings.text_size", "text_size", tr(f"ui.settings.text.{st.text_size}"), self._text_size),
            row("ui.settings.animation", "animation", tr(f"ui.settings.anim.{st.animation}"), self._anim),
            row("ui.settings.sound", "sound", onoff(st.sound), self._sound),
            row("ui.settings.fullscreen", "fullscreen", onoff(st.fullscreen), self._full),
            row("ui.settings.auto_draw", "auto_draw", onoff(st.auto_draw), self._auto),
        ]
        look = [
            row("ui.settings.high_contrast", "high_contrast", onoff(st.high_contrast), self._contrast, tooltip=tr("ui.settings.high_contrast_tip")),
            row("ui.settings.four_colour", "four_colour", onoff(st.four_colour), self._four),
            row("ui.settings.card_back", "card_back", tr(f"ui.settings.back.{st.card_back}"), lambda: self._next_look("card_back", CARD_BACKS)),
            # (the high-contrast table is black whatever its colour)
            row("ui.settings.felt", "felt", tr(f"ui.settings.felt.{st.felt}"), lambda: self._next_look("felt", FELTS), enabled=not st.high_contrast),
            row("ui.settings.card_size", "card_size", tr(f"ui.settings.size.{st.card_size}"), lambda: self._next_look("card_size", CARD_SIZES)),
        ]
        return general, look

    # --- where things go ---------------------------------------------------------------
    def _panel(self):
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.94, 1120 * s))
        return pygame.Rect(w // 2 - pw // 2, int(h * 0.04), pw, int(h * 0.92)), s

    def _column_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        r, s = self._panel()
        m = int(28 * s)
        cw = (r.w - 3 * m) // 2
        top = r.y + int(96 * s)
        bottom = r.bottom - int(96 * s)
        return pygame.Rect(r.x + m, top, cw, bottom - top), pygame.Rect(r.x + 2 * m + cw, top, cw, bottom - top)

    def _row_metrics(self) -> tuple[int, int, int]:
        """Button width, height and the step from one row to the next."""
        s = self.app.scale
        return int(190 * s), int(40 * s), int(52 * s)

    def build_ui(self) -> None:
        r, s = self._panel()
        bw, bh, step = self._row_metrics()
        self.row_pos = []
        placed = []
        for col, rows in zip(self._column_rects(), self.columns()):
            y = col.y
            for label, spec in rows:
                placed.append((spec, (col.right - bw, y, bw, bh)))
                self.row_pos.append((label, pygame.Rect(col.x, y, col.w - bw - int(14 * s), bh)))
                y += step
        self.preview_y = self._column_rects()[1].y + len(self.columns()[1]) * step + int(4 * s)
        placed.append((ButtonSpec("back", tr("ui.back"), self.app.pop), (r.centerx - int(90 * s), r.bottom - int(58 * s), int(180 * s), int(44 * s))))
        self.build_buttons(placed)
        if self.focus_index is None:
            self.focus_index = 0

    # --- what a screen reader reads ------------------------------------------------------------
    def a11y_tree(self) -> Tree:
        """Each setting's button named by its row and its value ("Text
        size: Large"): its own words are the value alone ("Off")."""
        base = super().a11y_tree()
        labels = {f"button:{spec.key}": tr(label) for rows in self.columns() for label, spec in rows}

        def named(n: Node) -> Node:
            row = labels.get(n.key)
            return replace(n, name=f"{row}: {n.name}") if row else n

        return Tree(replace(base.root, children=tuple(named(n) for n in base.root.children)), base.focus)

    # --- what the buttons do ----------------------------------------------------------------
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

    def _next_look(self, name: str, options: tuple[str, ...]) -> None:
        """The next card back, felt or card size.  (The tables key their
        layouts by cardart.size_factor(), so one paused under this screen
        lays out anew for a new size when it is drawn again.)"""
        setattr(self.app.settings, name, _next(options, getattr(self.app.settings, name)))
        apply_look(self.app.settings)
        self._changed()

    def _text_size(self) -> None:
        """The next text size: every screen is laid out anew at once (the
        app's scale carries it), this one too."""
        self.app.settings.text_size = _next(TEXT_SIZES, self.app.settings.text_size)
        apply_look(self.app.settings)
        self.app.save_settings()
        self.app.relayout()

    def _contrast(self) -> None:
        """The high-contrast look on or off: the felt, the cards, the focus
        ring and (through a theme of their own) the buttons, at once."""
        self.app.settings.high_contrast = not self.app.settings.high_contrast
        apply_look(self.app.settings)
        self.app.save_settings()
        self.app.relayout()

    def _anim(self) -> None:
        self.app.settings.animation = _next(ANIMATION_SPEEDS, self.app.settings.animation)
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

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s = self._panel()
        panel(surface, r, 170, int(16 * s))
        text(surface, tr("ui.settings.title"), (r.centerx, r.y + int(18 * s)), int(32 * s), INK, bold=True, anchor="midtop")
        left, right = self._column_rects()
        for col, key in ((left, "ui.settings.general"), (right, "ui.settings.appearance")):
            text(surface, tr(key), (col.x, col.y - int(10 * s)), int(17 * s), GOLD, bold=True, anchor="bottomleft")
        size = int(19 * s)
        for key, box in self.row_pos:
            lines = wrapped(tr(key), size, box.w)
            if len(lines) > 1:  # a long label takes two smaller lines beside its button
                lines = wrapped(tr(key), int(16 * s), box.w)[:2]
                for i, line in enumerate(lines):
                    text(surface, line, (box.x, box.centery + (i - 0.5) * int(18 * s)), int(16 * s), INK, anchor="midleft", max_width=box.w)
            else:
                text(surface, lines[0], (box.x, box.centery), size, INK, anchor="midleft", max_width=box.w)
        self._draw_preview(surface, right, right.y if self.preview_y is None else self.preview_y, s)
        text(surface, tr("ui.settings.where", path=path_text(settings_path())), (r.centerx, r.bottom - int(78 * s)), int(13 * s), INK_DIM, anchor="midtop", shadow=False, max_width=r.w - int(40 * s))

    def _draw_preview(self, surface, col: pygame.Rect, y: int, s: float) -> None:
        """The look as a table shows it: faces and a back at the chosen
        size and colours, on the chosen felt."""
        st = self.app.settings
        # high enough for the largest size, so the box keeps its place
        high = int(70 * s * max(cardart.CARD_SIZES.values()) * cardart.ASPECT) + int(36 * s)
        box = pygame.Rect(col.x, y, col.w, min(high, col.bottom - y - int(26 * s)))
        if box.h < int(60 * s):
            return
        # the cards at the chosen size (as large as the box lets them be)
        cw = int(min(70 * s * cardart.size_factor(), (box.h - int(20 * s)) / cardart.ASPECT, (box.w - int(40 * s)) / 5.6))
        surface.blit(felt(box.size), box)
        pygame.draw.rect(surface, GOLD, box, max(1, int(2 * s)))
        gap = int(cw * 0.15)
        total = 5 * cw + 4 * gap
        x = box.centerx - total // 2
        cy = box.centery
        for i, c in enumerate(("AS", "7H", "QD", "10C")):
            img = cardart.face(Card.parse(c), cw, st.language, st.four_colour)
            surface.blit(img, img.get_rect(midleft=(x + i * (cw + gap), cy)))
        back = cardart.back(cw)
        surface.blit(back, back.get_rect(midleft=(x + 4 * (cw + gap), cy)))
        # what the preview shows: the four colours only when they are on
        hint = "ui.settings.four_colour_hint" if st.four_colour else "ui.settings.two_colour_hint"
        text(surface, tr(hint), (box.centerx, box.bottom + int(4 * s)), int(15 * s), INK_DIM, anchor="midtop", max_width=box.w)
