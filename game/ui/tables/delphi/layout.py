"""Where everything on the Delphi table goes: the header (the kit's), the
band of notes under it, the tableau, the status line and the hand on the
left, a side bar on the right (facts, seats, log, buttons).  Nothing is
drawn over another: a message has its band, what the table waits for its
line.

The tableau is the main line as one row, left to right, with the side
lines hanging in columns under the main-line card they were judged
after.  One row, so that the last card and the "?" place for the next
play always sit side by side and no side line ever hangs where another
row of the main line would go.  While the whole line fits at a readable
width it is all there, as large as the area allows; a longer line (three
decks make up to 156 cards) shows its newest part in that row, at the
width that shows :data:`VISIBLE` places, and the whole line above it as a
compact overview (the cards as small labels, the part in the row framed);
the whole line stays in one row only while its cards are nearly as large
as that (:data:`WHOLE_ROW_SHARE`), so a larger window never shows smaller
cards.
The row can be scrolled back (``scroll``: places back from the newest).
A side column steps down no closer than a card's index (rank and suit)
is tall, so every wrong card can be read; one deeper than the row's
height goes on in a second lane at the top, an index's width to the
right, and a third (:func:`max_lanes`: every lane's index within the
main-line card's width), the cards as large as that lets them be, down
to :data:`READABLE` (the wrong plays are what a player reasons from:
stacked 12 to 22 px apart, 43 to 55 of them showed no suit).  Deeper
still, it is folded: its newest plays hang under a "+N" tag, and the
tag opens the whole side line on a sheet over the tableau
(:func:`layout_sheet`), so every side line can be seen at every window
size (a column of 20 wrong plays made cards 24 px wide at 1024x640 and
still ran past the tableau's bottom, cut off).
Pure geometry: no drawing here, so tests can check that nothing leaves
the area.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import pygame

from game.games.delphi.state import DECLARE, GOD_CHECK_PICK, GOD_PICK, GOD_VERDICT, PROPHET_PICK, PROPHET_VERDICT, TURN, DelphiView, SidePlay
from game.ui import cardart
from game.ui.kit.header import HEADER_H

#: the phases in which the round is being played (the landing slot shows)
ACTIVE_PHASES = (TURN, DECLARE, PROPHET_VERDICT, GOD_VERDICT, PROPHET_PICK, GOD_CHECK_PICK, GOD_PICK)

#: vertical step between two side plays, and between the cards of one
#: string, as shares of the card height (before squeezing)
PLAY_STEP = 0.44
STRING_STEP = 0.27
SIDE_GAP = 0.10  # between a main-line card and the first side card below it
#: how much the side columns may be squeezed, in this order
SQUEEZES = (1.0, 0.8, 0.66, 0.55)
#: at most this many lanes side by side in a column too deep for one: each
#: lane starts past the index of the one before, so all the indices stay
#: within the main-line card's width (three at 56 px and wider)
LANES = 3
#: places (cards and the "?") a long main line shows in its row: the last
#: eleven cards, more than any rule looks back, and the "?".  12 give the
#: cards 70 px at 1280x800 (14 gave 60 px, smaller than the 8-card rows of
#: before) and 56 px in the smallest window (1024x640)
VISIBLE = 12
#: the narrowest card (per scale unit) for which a whole line goes in one
#: row without an overview
READABLE = 48
#: a line longer than :data:`VISIBLE` places goes whole into one row only
#: while its cards are at least this share of the width they would have
#: in the row under the overview
WHOLE_ROW_SHARE = 0.8
#: overview labels (width, height, font) per scale unit, largest first
CHIPS = ((38, 24, 15), (32, 21, 13), (27, 18, 12))
#: the overview takes at most this share of the tableau's height
OVERVIEW_SHARE = 0.34


@dataclass
class Overview:
    """The whole main line as small labels, over the row."""

    area: pygame.Rect
    chips: list[pygame.Rect]  # per main-line card
    font: int
    frames: list[pygame.Rect] = field(default_factory=list)  # around the labels shown in the row, per line

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The main-line card whose label is at ``pos``."""
        for i, r in enumerate(self.chips):
            if r.collidepoint(pos):
                return i
        return None


@dataclass
class Fold:
    """A side column shown in part: its ``hidden`` oldest plays are on the
    sheet only; ``tag`` is where "+N" stands (it opens the sheet)."""

    tag: pygame.Rect
    hidden: int


@dataclass
class Sheet:
    """The whole side line under one main-line card, over the tableau."""

    anchor: int
    panel: pygame.Rect
    cw: int
    cards: list[list[pygame.Rect]]  # per side play of the column, per card
    plays: list[int]  # their indices into the view's side plays


@dataclass
class Tableau:
    area: pygame.Rect
    cw: int
    ch: int
    strip: pygame.Rect  # where the row is drawn (cards beyond it are cut off)
    main: list[pygame.Rect] = field(default_factory=list)  # per main-line card (outside ``strip`` when scrolled away)
    slot: pygame.Rect | None = None  # where the next play lands
    pending: list[pygame.Rect] = field(default_factory=list)  # a play awaiting a verdict
    side: list[list[pygame.Rect]] = field(default_factory=list)  # per side play, per card
    squeeze: float = 1.0
    fits: bool = True
    overview: Overview | None = None
    first: int = 0  # the first place shown in the row
    shown: int = 1  # how many places the row shows
    places: int = 1  # places in all: main-line cards and the "?" or the pending cards
    scroll: int = 0  # places back from the newest (0: the newest is in view)
    folds: dict[int, Fold] = field(default_factory=dict)  # per main-line index whose column is folded

    def fold_at(self, pos: tuple[int, int]) -> int | None:
        """The main-line card whose folded column's tag is at ``pos``."""
        for a, f in self.folds.items():
            if f.tag.collidepoint(pos) and self.in_view(a):
                return a
        return None

    def rect_for_number(self, main_nums: Sequence[int], side: Sequence[SidePlay], number: int) -> pygame.Rect | None:
        """The card carrying play number ``number`` (for the markers), of
        the main line's play numbers and the side lines."""
        for i, n in enumerate(main_nums):
            if n == number and i < len(self.main):
                return self.main[i]
        for j, sp in enumerate(side):
            if sp.first <= number < sp.first + len(sp.cards) and j < len(self.side):
                k = number - sp.first
                return self.side[j][k] if k < len(self.side[j]) else None  # folded away
        return None

    def side_part(self, j: int, k: int) -> pygame.Rect | None:
        """The part of side play ``j``'s card ``k`` that no later card
        covers (in a deep column, its index and what lies beside or under
        it up to the next card), or None when it is folded away."""
        rects = self.side[j] if j < len(self.side) else []
        if not 0 <= k < len(rects):
            return None
        r = pygame.Rect(rects[k])
        later = [*rects[k + 1 :], *(o for rr in self.side[j + 1 :] for o in rr)]
        for o in later:
            if not o.colliderect(r):
                continue
            if o.x > r.x:  # a later lane
                r.w = min(r.w, o.x - r.x)
            elif o.y > r.y:  # the next card down its lane
                r.h = min(r.h, o.y - r.y)
        return r

    def in_view(self, i: int) -> bool:
        """Is main-line place ``i`` in the row's view?"""
        return self.first <= i < self.first + self.shown

    def scroll_to(self, i: int) -> int:
        """The ``scroll`` that brings place ``i`` into the middle of the row."""
        first = min(max(0, i - self.shown // 2), max(0, self.places - self.shown))
        return self.places - self.shown - first


def _columns(view) -> dict[int, list[int]]:
    cols: dict[int, list[int]] = {}
    for j, sp in enumerate(view.side):
        cols.setdefault(sp.anchor, []).append(j)
    return cols


def index_box(cw: int) -> pygame.Rect:
    """The index of a face ``cw`` wide (the larger of English and German:
    J Q K are B D K in German), in the card's pixels."""
    box = _INDEX_BOXES.get(cw)
    if box is None:
        box = _INDEX_BOXES[cw] = cardart.index_corner(cw, "en").union(cardart.index_corner(cw, "de"))
    return box


_INDEX_BOXES: dict[int, pygame.Rect] = {}


def _steps(cw: int, ch: int, squeeze: float) -> tuple[float, float]:
    """The steps down a side column between two plays and between the
    cards of a string: the shares of :data:`PLAY_STEP` and
    :data:`STRING_STEP` squeezed, but never so close that a card covers
    the index (rank and suit) of the one before it: a column of twenty
    wrong plays stood 12 to 22 px apart, the suits of 43 to 55 cards
    hidden, and the wrong plays are what a player reasons from."""
    idx = index_box(cw)
    ss = max(STRING_STEP * ch * squeeze, idx.bottom + 2)
    ps = max(PLAY_STEP * ch * squeeze, idx.bottom + max(5, ch * 0.08))
    return ps, ss


def lane_shift(cw: int) -> int:
    """How far right a side column's next lane starts: past the index of
    the cards it covers, with room for a string's bracket (drawn 4 px
    left of its first card)."""
    return index_box(cw).right + max(6, cw // 10)


def max_lanes(cw: int) -> int:
    """How many lanes a deep side column may take: every lane's index
    stays within the main-line card's own width (the next column's cards,
    drawn later, cover what lies beyond), so at most :data:`LANES`."""
    idx = index_box(cw)
    return max(1, min(LANES, 1 + (cw - idx.right) // lane_shift(cw)))


def _column(view, plays: list[int], cw: int, ch: int, squeeze: float, room: float, lanes: int) -> tuple[list[list[tuple[int, int]]], int]:
    """Offsets (x from the main card's left, y below its bottom) of every
    card of the side plays hanging under one main-line card, and the
    column's depth.  A play that would end below ``room`` starts the next
    lane at the top, :func:`lane_shift` to the right (a string stays in
    one lane), up to ``lanes``; the depth tells whether it all fits."""
    top = int(SIDE_GAP * ch)
    ps, ss = _steps(cw, ch, squeeze)
    dx = lane_shift(cw)
    y: float = top
    lane = 0
    out: list[list[tuple[int, int]]] = []
    depth = 0
    for j in plays:
        n = len(view.side[j].cards)
        if y > top and y + (n - 1) * ss + ch > room and lane + 1 < lanes:
            lane, y = lane + 1, top
        out.append([(lane * dx, int(y + k * ss)) for k in range(n)])
        depth = max(depth, int(y + (n - 1) * ss) + ch)
        y += (n - 1) * ss + ps
    return out, depth


def _fold_column(view, plays: list[int], cw: int, ch: int, squeeze: float, room: int, tag_h: int, lanes: int) -> int:
    """How many of a column's oldest plays to hide so that the rest and the
    tag fit ``room``; the newest play always shows."""
    for k in range(len(plays)):
        rest = room - (tag_h if k else 0)
        if _column(view, plays[k:], cw, ch, squeeze, rest, lanes)[1] <= rest:
            return k
    return len(plays) - 1


def tag_height(ch: int) -> int:
    """The room a fold's "+N" tag takes at the top of its column."""
    return max(18, int(ch * 0.34))


def layout_sheet(area: pygame.Rect, view, anchor: int, scale: float) -> Sheet:
    """The side plays under main-line card ``anchor`` on a panel over
    ``area``: one row of plays after another, a string's cards fanned; the
    cards as large as the panel allows."""
    plays = [j for j, sp in enumerate(view.side) if sp.anchor == anchor]
    pad, head = int(12 * scale), int(34 * scale)
    panel = area.inflate(-int(8 * scale), -int(8 * scale))
    inner = pygame.Rect(panel.x + pad, panel.y + head, panel.w - 2 * pad, panel.h - head - pad)
    best: tuple[int, list[list[pygame.Rect]]] | None = None
    for cw in range(int(96 * scale), 15, -2):
        ch = round(cw * cardart.ASPECT)
        fan, gap = max(6, int(cw * 0.34)), max(4, int(cw * 0.25))
        x, y, rows = inner.x, inner.y, []
        ok = True
        for j in plays:
            n = len(view.side[j].cards)
            w = cw + fan * (n - 1)
            if x > inner.x and x + w > inner.right:
                x, y = inner.x, y + ch + gap
            if w > inner.w or y + ch > inner.bottom:
                ok = False
                break
            rows.append([pygame.Rect(x + fan * k, y, cw, ch) for k in range(n)])
            x += w + gap
        if ok:
            best = (cw, rows)
            break
    if best is None:  # a tiny window: the smallest cards, wrapped as far as they go
        cw = 16
        best = (cw, [[pygame.Rect(inner.x + (i % 20) * 18 + 6 * k, inner.y + (i // 20) * 26, cw, round(cw * cardart.ASPECT)) for k in range(len(view.side[j].cards))] for i, j in enumerate(plays)])
    return Sheet(anchor, panel, best[0], best[1], plays)


def layout_overview(area: pygame.Rect, n: int, scale: float) -> Overview:
    """Labels for ``n`` main-line cards in lines across ``area``'s width,
    at the top; as large as :data:`OVERVIEW_SHARE` of its height allows."""
    gap = max(2, int(3 * scale))
    for size in CHIPS:
        cw, chh = int(size[0] * scale), int(size[1] * scale)
        per = max(1, (area.w + gap) // (cw + gap))
        lines = (n + per - 1) // per
        height = lines * (chh + gap) - gap
        if height <= area.h * OVERVIEW_SHARE:
            break
    chips = [pygame.Rect(area.x + (i % per) * (cw + gap), area.y + (i // per) * (chh + gap), cw, chh) for i in range(n)]
    return Overview(pygame.Rect(area.x, area.y, area.w, max(0, height)), chips, max(7, int(size[2] * scale)))


def layout_tableau(area: pygame.Rect, view, scale: float, *, slot: bool, pending: int = 0, max_w: int | None = None, scroll: int = 0) -> Tableau:
    """Place the main line (plus the landing slot or a pending play) and
    the side columns inside ``area``; ``scroll`` places back from the
    newest when the line is longer than its row."""
    n_main = len(view.main)
    places = max(1, n_main + (pending if pending else (1 if slot else 0)))
    cols = _columns(view)
    hi = int(max_w or 96 * scale)
    lo = max(18, int(30 * scale))
    W = area.w

    def per_row(cw: int) -> int:
        return max(1, int((W - cw) // (cw + max(2, int(cw * 0.10)))) + 1)

    def window(k: int) -> int:
        return min(max(0, places - k - max(0, scroll)), max(0, places - k))

    def holds(cw: int, squeeze: float, first: int, k: int, height: int, lanes: int) -> bool:
        ch = round(cw * cardart.ASPECT)
        room = height - ch
        return all(_column(view, plays, cw, ch, squeeze, room, lanes)[1] <= room for a, plays in cols.items() if first <= a < first + k)

    def solve(height: int, want: int, narrowest: int):
        for cw in range(hi, narrowest - 1, -2):  # even widths only: fewer card images to draw and cache
            k = per_row(cw)
            if k < want:
                continue
            first = window(k)
            for squeeze in SQUEEZES:
                if holds(cw, squeeze, first, k, height, 1):
                    return cw, squeeze, k, first
            # a column deeper than the row's height: in lanes, at this width
            if holds(cw, SQUEEZES[-1], first, k, height, max_lanes(cw)):
                return cw, SQUEEZES[-1], k, first
        return None

    overview = None
    strip = pygame.Rect(area)
    # side columns shrink the cards down to the readable width at most;
    # deeper ones are folded (below)
    floor = max(lo, int(READABLE * scale))
    found = solve(area.h, places, floor)
    if places > VISIBLE:
        # a long line: the whole of it in one row while its cards stay
        # nearly as large as the row under an overview would have them
        # (in a wide window the whole row fitted at the readable width,
        # smaller than the same line's cards in a smaller window)
        ov = layout_overview(area, n_main, scale)
        top = ov.area.bottom + int(10 * scale)
        ov_strip = pygame.Rect(area.x, top, W, area.bottom - top)
        ov_found = solve(ov_strip.h, VISIBLE, floor)
        if found is None or (ov_found is not None and found[0] < ov_found[0] * WHOLE_ROW_SHARE):
            overview, strip, found = ov, ov_strip, ov_found
    folding = False
    if found is None:
        # a column too deep for the row even in lanes: fold it, at the
        # width that hides the fewest plays (not the narrowest: below
        # 56 px the index takes 0.4 of a card's height, not 0.27, so at
        # 1024x640 the starter's column showed 11 of its 21 plays at
        # 38 px and 17 at 56 px)
        best: tuple[int, tuple[int, float, int, int]] | None = None
        for cw in range(hi, floor - 1, -2):
            k = per_row(cw)
            ch = round(cw * cardart.ASPECT)
            if k < min(places, VISIBLE) or ch + tag_height(ch) + int(SIDE_GAP * ch) + ch > strip.h:
                continue
            first = window(k)
            hidden = sum(_fold_column(view, plays, cw, ch, SQUEEZES[-1], strip.h - ch, tag_height(ch), max_lanes(cw)) for a, plays in cols.items() if first <= a < first + k)
            if best is None or hidden < best[0]:
                best = (hidden, (cw, SQUEEZES[-1], k, first))
        if best is not None:
            found, folding = best[1], True
    fits = found is not None
    if found is None:
        k = per_row(lo)
        found = (lo, SQUEEZES[-1], k, window(k))
    cw, squeeze, k, first = found
    ch = round(cw * cardart.ASPECT)
    step = cw + max(2, int(cw * 0.10))
    if k < places:  # the row ends with its last whole card (what lies beyond is cut off)
        strip.w = min(strip.w, k * step - (step - cw))
    T = Tableau(area=pygame.Rect(area), cw=cw, ch=ch, strip=strip, squeeze=squeeze, fits=fits, overview=overview)
    T.first, T.shown, T.places, T.scroll = first, min(k, places), places, places - min(k, places) - first

    def place(i: int) -> pygame.Rect:
        return pygame.Rect(int(strip.x + (i - first) * step), strip.y, cw, ch)

    T.main = [place(i) for i in range(n_main)]
    if pending:
        T.pending = [place(n_main + j) for j in range(pending)]
    elif slot:
        T.slot = place(n_main)
    T.side = [[] for _ in view.side]
    lanes = max_lanes(cw)
    for a, plays in cols.items():
        base = place(min(a, max(0, n_main - 1)))
        hidden = _fold_column(view, plays, cw, ch, squeeze, strip.bottom - base.bottom, tag_height(ch), lanes) if folding else 0
        top = base.bottom
        if hidden:
            gap = int(SIDE_GAP * ch)
            tag = pygame.Rect(base.x, base.bottom + gap, cw, tag_height(ch) - gap)
            T.folds[a] = Fold(tag, hidden)
            top = tag.bottom
        offs, _ = _column(view, plays[hidden:], cw, ch, squeeze, strip.bottom - top, lanes)
        for j, xys in zip(plays[hidden:], offs):
            T.side[j] = [pygame.Rect(base.x + xx, top + yy, cw, ch) for xx, yy in xys]
    if overview is not None:
        shown = [r for i, r in enumerate(overview.chips) if T.in_view(i)]
        for y in sorted({r.y for r in shown}):
            line = [r for r in shown if r.y == y]
            overview.frames.append(line[0].unionall(line[1:]).inflate(4, 4))
    return T


@dataclass
class HandLayout:
    cw: int
    rects: list[pygame.Rect]


def layout_hand(area: pygame.Rect, n: int, scale: float, lift: set[int] | None = None, card: float = 1.0) -> HandLayout:
    """A row of ``n`` cards in ``area`` (overlapping when many); cards in
    ``lift`` sit a little higher (they are chosen for a string); ``card``
    is the card size setting's factor."""
    cw = int(min(84 * scale * card, area.h / cardart.ASPECT))
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
    #: the band of notes under the header, over the tableau's title: it
    #: covers no card, count or panel
    notes: pygame.Rect
    shown: pygame.Rect | None = None
    shown_cards: list[pygame.Rect] = field(default_factory=list)
    shown_cw: int = 0
    #: the side line opened on a sheet over the tableau
    sheet: Sheet | None = None

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


#: the notes' band: two lines of the smallest note (at scale 1)
NOTES_H = 44
#: the room over the tableau for its title ("Main line", "scroll back")
TITLE_H = 24


def compute_layout(
    size: tuple[int, int],
    scale: float,
    view: DelphiView,
    info_h: int,
    chosen: Collection[int] = (),
    pick: int | None = None,
    scroll: int = 0,
    card: float | None = None,
    sheet: int | None = None,
) -> Layout:
    """The table for ``view``: ``info_h`` is the height the facts panel
    needs, ``chosen`` the hand cards lifted for a string, ``pick`` the
    shown card chosen in a pick, ``scroll`` how far the main line's row
    is scrolled back, ``card`` the card size setting's factor (default:
    the setting's), ``sheet`` the main-line card whose side line is open
    on a sheet.

    The setting never makes a card smaller than Normal would at the same
    window, nor Small one larger: a larger hand takes height from the main
    line, so the hand grows only as far as the main line keeps the width
    it has at Normal; at Small the main line stays as wide as at Normal
    at most."""
    L = _sized(size, scale, view, info_h, chosen, pick, scroll, card)
    if sheet is not None and any(sp.anchor == sheet for sp in view.side):
        L.sheet = layout_sheet(L.tableau.area, view, sheet, scale)
    return L


def _sized(size: tuple[int, int], scale: float, view: DelphiView, info_h: int, chosen: Collection[int], pick: int | None, scroll: int, card: float | None) -> Layout:
    f = cardart.size_factor() if card is None else card
    normal = _compute(size, scale, view, info_h, chosen, pick, scroll, 1.0, 1.0)
    if f == 1.0:
        return normal
    least = normal.tableau.cw
    if f < 1.0:
        return _compute(size, scale, view, info_h, chosen, pick, scroll, f, f, cap=least)
    hand_f = f
    while True:
        L = _compute(size, scale, view, info_h, chosen, pick, scroll, hand_f, f)
        if L.tableau.cw >= least or hand_f <= 1.0:
            return L
        hand_f = max(1.0, hand_f - 0.05)


def _compute(
    size: tuple[int, int], scale: float, view: DelphiView, info_h: int, chosen: Collection[int], pick: int | None, scroll: int, hand_f: float, tab_f: float, cap: int | None = None
) -> Layout:
    """The table with the hand (and an open hand) at ``hand_f`` of their
    normal size and the main line's widest card at ``tab_f`` of its own
    (never wider than ``cap``)."""
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
    # left: the notes' band, the tableau, the status line, the hand
    lw = sx - 2 * m
    notes = pygame.Rect(m, sidebar.y, lw, int(NOTES_H * s))
    hand_n = len(view.hand) if view.hand else 0
    hand_h = int(int(84 * s * hand_f) * cardart.ASPECT) + int(18 * s) if view.hand is not None else int(40 * s)
    hand_area = pygame.Rect(m, h - m - int(18 * s) - hand_h, lw, hand_h)
    status = pygame.Rect(m, hand_area.y - int(34 * s), lw, int(30 * s))
    hand = layout_hand(hand_area, hand_n, s, lift=set(chosen), card=hand_f)
    t_top = notes.bottom + int(TITLE_H * s)
    t_bottom = status.y - int(10 * s)
    shown = None
    shown_cards: list[pygame.Rect] = []
    shown_cw = 0
    if view.shown_hand:
        n = len(view.shown_hand)
        shown_cw = int(min(60 * s * hand_f, (lw - int(24 * s)) / max(1, n) / 0.66))
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
    widest = int(96 * s * tab_f) // 2 * 2
    if cap is not None:
        widest = min(widest, cap)
    tab = layout_tableau(area, view, s, slot=view.phase in ACTIVE_PHASES and not pending, pending=pending, max_w=widest, scroll=scroll)
    return Layout(s, top_h, tab, hand_area, hand, status, sidebar, info, seats, seat_rows, log, buttons, deck, notes, shown, shown_cards, shown_cw)
