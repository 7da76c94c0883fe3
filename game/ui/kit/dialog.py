"""A modal question over the table (pay a coin? leave the game?)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.ui.assets import GOLD, INK
from game.ui.kit.header import button_width
from game.ui.kit.overlay import Overlay
from game.ui.widgets import panel, text, text_block, wrap


class ConfirmScene(Overlay):
    """Yes or no.  A ``destructive`` question (end the game, throw a deal
    away) starts with the focus on the safe answer, so an Enter meant for
    something else cannot say yes."""

    name = "confirm"

    def __init__(
        self,
        app,
        title: str,
        body: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
        yes: str | None = None,
        no: str | None = None,
        *,
        destructive: bool = False,
    ) -> None:
        super().__init__(app)
        self.title, self.body = title, body
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_text, self.no_text = yes, no
        self.destructive = destructive

    def _rect(self) -> pygame.Rect:
        w, h = self.app.size
        s = self.app.scale
        pw = int(560 * s)
        lines = len(wrap(self.body, int(18 * s), pw - int(48 * s)))
        ph = int(150 * s) + lines * int(18 * s * 1.3)
        return pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)

    def build_ui(self) -> None:
        r = self._rect()
        s = self.app.scale
        yes, no = self.yes_text or tr("ui.yes"), self.no_text or tr("ui.no")
        # as wide as the longer label needs ("Beenden und werten" was cut
        # to "Beenden und werte" at 180), both alike, within the panel
        bw = min(max(button_width(yes, s, 180), button_width(no, s, 180)), (r.w - int(60 * s)) // 2)
        bh = int(44 * s)
        yb = r.bottom - bh - int(20 * s)
        self.yes_b = self.button((r.centerx + int(10 * s), yb, bw, bh), yes, self._yes, object_id="#primary", key="yes")
        self.no_b = self.button((r.centerx - int(10 * s) - bw, yb, bw, bh), no, self._no, key="no")
        if self.focused() is None:
            self.focus(self.no_b if self.destructive else self.yes_b)

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def _no(self) -> None:
        self.app.pop()
        if self.on_no:
            self.on_no()

    def on_escape(self) -> None:
        self._no()

    def draw_panel(self, surface) -> None:
        r = self._rect()
        s = self.app.scale
        panel(surface, r, 240, int(14 * s), GOLD)
        text(surface, self.title, (r.centerx, r.y + int(20 * s)), int(26 * s), INK, bold=True, anchor="midtop", max_width=r.w - int(40 * s))
        text_block(surface, self.body, pygame.Rect(r.x + int(24 * s), r.y + int(66 * s), r.w - int(48 * s), r.h), int(18 * s), INK)
