"""Where everything on the Delphi table goes: the header (the kit's), the
tableau and the hand on the left, a side bar on the right (facts, seats,
log, buttons).

The tableau is the main line left to right, wrapping into rows, with the
side lines hanging in columns under the main-line card they were judged
after.  Three decks make up to 156 cards, so the card width is searched:
the largest width (and the least squeezing of side columns) for which every
row, with its deepest side column, fits the area.  Pure geometry: no
drawing here, so tests can check that nothing leaves the area.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

import pygame

from game.games.delphi.state import DECLARE, GOD_CHECK_PICK, GOD_PICK, GOD_VERDICT, PROPHET_PICK, PROPHET_VERDICT, TURN, DelphiView
from game.ui import cardart
from game.ui.kit.header import HEADER_H

#: the phases in which the round is being played (the landing slot shows)
ACTIVE_PHASES = (TURN, DECLARE, PROPHET_VERDICT, GOD_VERDICT, PROPHET_PICK, GOD_CHECK_PICK, GOD_PICK)

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


@dataclass
class Layout:
    """The whole table at one window size, for one view."""

    s: float
    top_h: int
    tableau: Tableau
    hand_area: pygame.Rect
    hand: HandLayout
    status: pygame.Rect
    sidebar: pygame.Rect
    info: pygame.Rect
    seats: pygame.Rect
    seat_rows: list[pygame.Rect]
    log: pygame.Rect
    buttons: pygame.Rect
    deck: pygame.Rect
    shown: pygame.Rect | None = None
    shown_cards: list[pygame.Rect] = field(default_factory=list)
    shown_cw: int = 0

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a card leaves from or goes to for ``seat`` (its row)."""
        r = self.seat_rows[seat] if seat < len(self.seat_rows) else self.seats
        return (r.x + r.w // 2 - self.tableau.cw // 2, r.y)

    def button_rows(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The two rows of buttons at the bottom of the side bar."""
        B = self.buttons
        gap = int(8 * self.s)
        bh = (B.h - gap) // 2
        return pygame.Rect(B.x, B.y, B.w, bh), pygame.Rect(B.x, B.y + bh + gap, B.w, bh)


def sidebar_width(size: tuple[int, int], scale: float) -> int:
    return int(min(max(size[0] * 0.23, 300 * scale), 400 * scale))


def compute_layout(size: tuple[int, int], scale: float, view: DelphiView, info_h: int, chosen: Collection[int] = (), pick: int | None = None) -> Layout:
    """The table for ``view``: ``info_h`` is the height the facts panel
    needs, ``chosen`` the hand cards lifted for a string, ``pick`` the
    shown card chosen in a pick."""
    w, h = size
    s = scale
    m = int(14 * s)
    top_h = int(HEADER_H * s)
    rw = sidebar_width(size, s)
    sx = w - rw - m
    sidebar = pygame.Rect(sx, top_h + m // 2, rw, h - top_h - m // 2 - m)
    # right column: facts, seats, log, buttons
    info = pygame.Rect(sx, sidebar.y, rw, info_h)
    row_h = int(36 * s) if view.players > 6 else int(40 * s)
    seats = pygame.Rect(sx, info.bottom + int(8 * s), rw, row_h * view.players + int(10 * s))
    seat_rows = [pygame.Rect(sx + int(6 * s), seats.y + int(5 * s) + i * row_h, rw - int(12 * s), row_h - int(4 * s)) for i in range(view.players)]
    bh = int(40 * s)
    buttons = pygame.Rect(sx, sidebar.bottom - (2 * bh + int(8 * s)), rw, 2 * bh + int(8 * s))
    log = pygame.Rect(sx, seats.bottom + int(8 * s), rw, max(int(40 * s), buttons.y - int(10 * s) - seats.bottom - int(8 * s)))
    deck = pygame.Rect(info.right - int(44 * s), info.y + int(10 * s), int(30 * s), int(42 * s))
    # left: the tableau above, the hand below
    lw = sx - 2 * m
    hand_n = len(view.hand) if view.hand else 0
    hand_h = int(int(84 * s) * cardart.ASPECT) + int(18 * s) if view.hand is not None else int(40 * s)
    hand_area = pygame.Rect(m, h - m - int(18 * s) - hand_h, lw, hand_h)
    status = pygame.Rect(m, hand_area.y - int(34 * s), lw, int(30 * s))
    hand = layout_hand(hand_area, hand_n, s, lift=set(chosen))
    t_top = top_h + int(26 * s)
    t_bottom = status.y - int(10 * s)
    shown = None
    shown_cards: list[pygame.Rect] = []
    shown_cw = 0
    if view.shown_hand:
        n = len(view.shown_hand)
        shown_cw = int(min(60 * s, (lw - int(24 * s)) / max(1, n) / 0.66))
        sh_h = int(shown_cw * cardart.ASPECT) + int(40 * s)
        shown = pygame.Rect(m, t_bottom - sh_h, lw, sh_h)
        t_bottom = shown.y - int(8 * s)
        step = min(shown_cw * 1.06, (shown.w - int(24 * s) - shown_cw) / max(1, n - 1)) if n > 1 else 0
        for i in range(n):
            r = pygame.Rect(int(shown.x + int(12 * s) + i * step), shown.y + int(30 * s), shown_cw, int(shown_cw * cardart.ASPECT))
            if pick == i:
                r.y -= int(8 * s)
            shown_cards.append(r)
    area = pygame.Rect(m + int(8 * s), t_top, lw - int(16 * s), max(int(60 * s), t_bottom - t_top))
    pending = len(view.pending) if view.pending else 0
    tab = layout_tableau(area, view, s, slot=view.phase in ACTIVE_PHASES and not pending, pending=pending)
    return Layout(s, top_h, tab, hand_area, hand, status, sidebar, info, seats, seat_rows, log, buttons, deck, shown, shown_cards, shown_cw)
