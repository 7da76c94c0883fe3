"""The band at the top of every table: the game's name, a line of facts
(round, deal number, coins), and the table's header buttons on the right
(Menu and Rules, plus a table's own such as Stop game).  Messages
("toasts") appear in their own band just under it, never over it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.assets import GOLD, INK, INK_DIM, font
from game.ui.scene import ButtonSpec
from game.ui.widgets import panel, text

#: the header's height at scale 1 (1280×800)
HEADER_H = 52
#: the gap between the header and the first toast
TOAST_GAP = 8


def button_width(label: str, scale: float, least: int = 112) -> int:
    """A button wide enough for its label in the theme's font (18 px at
    scale 1), and never narrower than ``least`` (at scale 1)."""
    return max(int(least * scale), font(max(9, round(18 * scale))).size(label)[0] + int(34 * scale))


@dataclass
class Header:
    rect: pygame.Rect
    scale: float
    #: the header buttons and where they go, right-aligned
    placed: list[tuple[ButtonSpec, pygame.Rect]] = field(default_factory=list)

    @property
    def info_right(self) -> int:
        """Where the line of facts must end (the first button's left)."""
        return (self.placed[0][1].x if self.placed else self.rect.right) - int(14 * self.scale)


def layout_header(size: tuple[int, int], scale: float, specs: list[ButtonSpec]) -> Header:
    w, _ = size
    h = int(HEADER_H * scale)
    bh = int(38 * scale)
    y = (h - bh) // 2
    x = w - int(14 * scale)
    placed: list[tuple[ButtonSpec, pygame.Rect]] = []
    for spec in reversed(specs):
        # a one-glyph button (the settings' gear) is a square, not 112 px
        bw = bh if len(spec.label) == 1 else button_width(spec.label, scale)
        x -= bw
        placed.insert(0, (spec, pygame.Rect(x, y, bw, bh)))
        x -= int(10 * scale)
    return Header(pygame.Rect(0, 0, w, h), scale, placed)


def draw_header(surface: pygame.Surface, header: Header, title: str, facts: list[str], *, highlight: str | None = None) -> int:
    """The band, the title and the facts (joined by " · ", shrunk to fit);
    ``highlight`` is drawn in gold after the title.  Returns the x where
    the facts end, for a table that adds its own marks (coins)."""
    s = header.scale
    r = header.rect
    panel(surface, r, 120, 0)
    x = int(18 * s)
    tr_ = text(surface, title, (x, r.centery), int(24 * s), INK, bold=True, anchor="midleft", max_width=int(r.w * 0.3))
    x = tr_.right + int(16 * s)
    if highlight:
        hr = text(surface, highlight, (x, r.centery), int(17 * s), GOLD, bold=True, anchor="midleft", max_width=max(10, header.info_right - x))
        x = hr.right + int(14 * s)
    if facts and header.info_right - x > int(40 * s):
        fr = text(surface, " · ".join(facts), (x, r.centery), int(16 * s), INK_DIM, anchor="midleft", shadow=False, max_width=header.info_right - x)
        x = fr.right
    return x
