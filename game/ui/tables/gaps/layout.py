"""Where everything of the Gaps table goes: the header (the kit's), the
band of notes under it, the 4×13 grid scaled to the window, the line of
moves and time under it, the status lines (or the "no moves left" band
in their place) and the button bar.  Nothing is drawn over another: a
message has its band, a count and the clock their line, the solver its
status line."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.games.gaps import board
from game.games.gaps.board import COLS, ROWS
from game.ui import cardart
from game.ui.assets import font
from game.ui.kit.header import HEADER_H, button_width

HGAP = 0.08  # gap between columns, share of a card's width
VGAP = 0.10  # gap between rows, share of a card's height


@dataclass
class Layout:
    scale: float
    top_h: int
    cw: int
    ch: int
    cells: list[pygame.Rect] = field(default_factory=list)
    grid: pygame.Rect = field(default_factory=pygame.Rect)
    #: the band of notes (a refused move's reason, what a gap wants)
    notes: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    #: the line under the grid: moves at the left, the clock at the right
    clock: pygame.Rect = field(default_factory=pygame.Rect)
    bar_y: int = 0
    bar_h: int = 40

    @property
    def row_gap(self) -> int:
        return int(self.ch * VGAP)

    def at(self, row: int, col: int) -> pygame.Rect:
        """The rect of the cell in ``row`` and ``col`` (the engine numbers the cells)."""
        return self.cells[board.cell_at(row, col)]

    def cell_at(self, pos) -> int | None:
        for i, r in enumerate(self.cells):
            if r.collidepoint(pos):
                return i
        return None

    def banner(self) -> pygame.Rect:
        """The "no moves left" band: under the line of moves and time, in
        the place of the status lines (it says what they said), over no
        card.  It lay over the middle of the grid and hid the cards the
        player had been looking at, and which Undo would bring back."""
        s = self.scale
        top = self.clock.bottom + int(4 * s)
        return pygame.Rect(self.status.x, top, self.status.w, self.bar_y - int(6 * s) - top)

    def bar(self, n: int, width: int, labels: list[str] | None = None) -> list[pygame.Rect]:
        """``n`` equal buttons across the bottom; where an equal share is
        narrower than a label (German "Zurücknehmen" at the largest text
        size needed 172 px of 167 at 1280x800), each button gets what its
        label needs and the rest is shared."""
        s = self.scale
        gap = int(8 * s)
        x0 = int(24 * s)
        room = width - 2 * x0 - gap * (n - 1)
        widths = [room // n] * n
        if labels is not None and len(labels) == n:
            # tight: the text, the border and the 4 px a side the text-fit
            # check asks; where every label fits its share so, the bar stays even
            f = font(max(9, round(18 * s)))
            tight = [f.size(t)[0] + 4 + 2 * max(4, round(4 * s)) for t in labels]
            if max(tight) > room // n:
                need = [button_width(t, s, least=0) for t in labels]
                need = need if sum(need) <= room else tight
                if sum(need) <= room:
                    widths = [w + (room - sum(need)) // n for w in need]
        out, x = [], x0
        for bw in widths:
            out.append(pygame.Rect(x, self.bar_y, bw, self.bar_h))
            x += bw + gap
        return out


def compute_layout(size: tuple[int, int], scale: float) -> Layout:
    w, h = size
    s = scale
    top_h = int(HEADER_H * s)
    bar_h = int(40 * s)
    bar_y = h - bar_h - int(14 * s)
    status_h = int(56 * s)
    status_y = bar_y - status_h - int(6 * s)
    # the moves and the clock: a line under the grid (at 16:10 it takes
    # room the grid did not fill; at 1920x1080 the cards are 6 % smaller)
    clock_h = int(30 * s)
    clock_gap = int(8 * s)
    margin = int(24 * s)
    avail_w = w - 2 * margin
    # the band under the header is the notes' (two lines of the smallest note)
    notes_h = int(44 * s)
    top = top_h + notes_h
    avail_h = status_y - top - int(8 * s) - clock_h - clock_gap
    cw = min(avail_w / (COLS + (COLS - 1) * HGAP), avail_h / (ROWS * cardart.ASPECT * (1 + VGAP) - VGAP * cardart.ASPECT))
    # the card size setting: the 52 cells already fill the room they have,
    # so "large" cannot grow them (it is "normal" here), "small" shrinks them
    cw *= min(1.0, cardart.size_factor())
    cw = max(24, int(cw) // 2 * 2)  # even widths: fewer cached card images across sizes
    ch = round(cw * cardart.ASPECT)
    hg, vg = int(cw * HGAP), int(ch * VGAP)
    gw = COLS * cw + (COLS - 1) * hg
    gh = ROWS * ch + (ROWS - 1) * vg
    x0 = (w - gw) // 2
    y0 = top + max(0, (avail_h - gh) // 2)
    L = Layout(scale=s, top_h=top_h, cw=cw, ch=ch, bar_y=bar_y, bar_h=bar_h)
    # in the engine's order of the cells (row by row)
    L.cells = [pygame.Rect(x0 + c * (cw + hg), y0 + r * (ch + vg), cw, ch) for r in range(ROWS) for c in range(COLS)]
    L.grid = pygame.Rect(x0, y0, gw, gh)
    L.notes = pygame.Rect(margin, top_h, w - 2 * margin, notes_h)
    L.status = pygame.Rect(margin, status_y, w - 2 * margin, status_h)
    L.clock = pygame.Rect(x0, L.grid.bottom + clock_gap, gw, clock_h)
    return L
