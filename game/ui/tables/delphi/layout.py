"""Where everything on the Delphi table goes.

The tableau is the main line left to right, wrapping into rows, with the
side lines hanging in columns under the main-line card they were judged
after.  Three decks make up to 156 cards, so the card width is searched:
the largest width (and the least squeezing of side columns) for which every
row, with its deepest side column, fits the area.  Pure geometry: no
drawing here, so tests can check that nothing leaves the area.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import cardart

#: vertical step between two side plays, and between the cards of one
#: string, as shares of the card height (before squeezing)
PLAY_STEP = 0.44
STRING_STEP = 0.27
SIDE_GAP = 0.10  # between a main-line card and the first side card below it
ROW_GAP = 0.14  # between rows (shares of the card height)


@dataclass
class Tableau:
    area: pygame.Rect
    cw: int
    ch: int
    main: list[pygame.Rect] = field(default_factory=list)  # per main-line card
    slot: pygame.Rect | None = None  # where the next play lands
    pending: list[pygame.Rect] = field(default_factory=list)  # a play awaiting a verdict
    side: list[list[pygame.Rect]] = field(default_factory=list)  # per side play, per card
    squeeze: float = 1.0
    overlap: float = 1.0  # main-line step as a share of (card width + gap)
    fits: bool = True

    def rect_for_number(self, view, number: int) -> pygame.Rect | None:
        """The card carrying play number ``number`` (for the markers)."""
        for i, n in enumerate(view.main_nums):
            if n == number and i < len(self.main):
                return self.main[i]
        for j, sp in enumerate(view.side):
            if sp.first <= number < sp.first + len(sp.cards) and j < len(self.side):
                return self.side[j][number - sp.first]
        return None


def _columns(view) -> dict[int, list[int]]:
    cols: dict[int, list[int]] = {}
    for j, sp in enumerate(view.side):
        cols.setdefault(sp.anchor, []).append(j)
    return cols


def _column_offsets(view, plays: list[int], ch: int, squeeze: float) -> tuple[list[list[int]], int]:
    """Y offsets (below the main card's bottom) of every card of the side
    plays hanging under one main-line card, and the column's depth."""
    y = int(SIDE_GAP * ch)
    out: list[list[int]] = []
    ps, ss = PLAY_STEP * ch * squeeze, STRING_STEP * ch * squeeze
    last_top = None
    for n, j in enumerate(plays):
        cards = view.side[j].cards
        offs = []
        for k in range(len(cards)):
            offs.append(int(y))
            last_top = y
            if k < len(cards) - 1:
                y += ss
        out.append(offs)
        if n < len(plays) - 1:
            y += ps
    depth = 0 if last_top is None else int(last_top) + ch
    return out, depth


def layout_tableau(area: pygame.Rect, view, scale: float, *, slot: bool, pending: int = 0, max_w: int | None = None) -> Tableau:
    """Place the main line (plus the landing slot or a pending play) and
    the side columns inside ``area``."""
    n_main = len(view.main)
    extra = pending if pending else (1 if slot else 0)
    n_slots = max(1, n_main + extra)
    cols = _columns(view)
    hi = int(max_w or 96 * scale)
    lo = max(18, int(30 * scale))
    W, H = area.w, area.h

    def attempt(cw: int, squeeze: float, overlap: float):
        ch = round(cw * cardart.ASPECT)
        gx = max(2, int(cw * 0.10))
        step = (cw + gx) * overlap
        per_row = max(1, int((W - cw) // step) + 1)
        rows = (n_slots + per_row - 1) // per_row
        depth = {a: _column_offsets(view, plays, ch, squeeze)[1] for a, plays in cols.items()}
        heights = []
        for r in range(rows):
            idx = range(r * per_row, min(n_slots, (r + 1) * per_row))
            heights.append(ch + max([depth.get(i, 0) for i in idx] + [0]))
        total = sum(heights) + int(ROW_GAP * ch) * (rows - 1)
        return total <= H, (cw, ch, step, per_row, heights)

    found = None
    for cw in range(hi, lo - 1, -4):  # a few widths only: fewer card images to draw and cache
        for squeeze in (1.0, 0.8):
            ok, geo = attempt(cw, squeeze, 1.0)
            if ok:
                found = (geo, squeeze, 1.0)
                break
        if found:
            break
    if found is None:
        for overlap in (0.8, 0.64, 0.5):
            for squeeze in (0.8, 0.66, 0.55):
                ok, geo = attempt(lo, squeeze, overlap)
                if ok:
                    found = (geo, squeeze, overlap)
                    break
            if found:
                break
    fits = found is not None
    if found is None:
        found = (attempt(lo, 0.55, 0.5)[1], 0.55, 0.5)
    (cw, ch, step, per_row, heights), squeeze, overlap = found
    T = Tableau(area=pygame.Rect(area), cw=cw, ch=ch, squeeze=squeeze, overlap=overlap, fits=fits)
    row_y = []
    y = area.y
    for h in heights:
        row_y.append(y)
        y += h + int(ROW_GAP * ch)

    def slot_rect(i: int) -> pygame.Rect:
        r, c = divmod(i, per_row)
        return pygame.Rect(int(area.x + c * step), row_y[min(r, len(row_y) - 1)], cw, ch)

    T.main = [slot_rect(i) for i in range(n_main)]
    if pending:
        T.pending = [slot_rect(n_main + k) for k in range(pending)]
    elif slot:
        T.slot = slot_rect(n_main)
    T.side = [[] for _ in view.side]
    for a, plays in cols.items():
        base = slot_rect(a) if a < n_main else slot_rect(max(0, n_main - 1))
        offs, _ = _column_offsets(view, plays, ch, squeeze)
        for j, ys in zip(plays, offs):
            T.side[j] = [pygame.Rect(base.x, base.bottom + yy, cw, ch) for yy in ys]
    return T


@dataclass
class HandLayout:
    cw: int
    rects: list[pygame.Rect]


def layout_hand(area: pygame.Rect, n: int, scale: float, lift: set[int] | None = None) -> HandLayout:
    """A row of ``n`` cards in ``area`` (overlapping when many); cards in
    ``lift`` sit a little higher (they are chosen for a string)."""
    cw = int(min(84 * scale, area.h / cardart.ASPECT))
    ch = round(cw * cardart.ASPECT)
    if n <= 0:
        return HandLayout(cw, [])
    gap = int(cw * 0.08)
    step = min(cw + gap, (area.w - cw) / max(1, n - 1)) if n > 1 else 0
    total = cw + step * (n - 1)
    x0 = area.x + max(0, int((area.w - total) // 2))
    y = area.bottom - ch
    up = int(16 * scale)
    lift = lift or set()
    return HandLayout(cw, [pygame.Rect(int(x0 + i * step), y - (up if i in lift else 0), cw, ch) for i in range(n)])
