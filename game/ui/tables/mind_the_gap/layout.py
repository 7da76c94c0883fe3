"""Where everything of the Mind the Gap table goes: the header (the kit's),
the seats and the log on the left; in the middle the pyramid (the band
of notes beside the target on its left, the gap help's count on its
right), the status line and the hand; on the right (under the tutorial's
explanation, when it is one) the stock, the fanned discard pile, the used
ranks and the buttons.  Nothing lies over anything else, the pyramid's
rows included: each row starts a little below the foot of the row above.
(The rows used to overlap like bricks where the height was short, as far
as 0.62 of a card: the empty places crossed into a grid of dashed lines,
a gap's help had a strip of a quarter of a card, and the row below hid
each card's lower index; "Large" closed them up the most.)

The card sizes come from the window's scale and the card size setting:
the pyramid and the hand get their nominal widths (``CARD`` and
``HAND_CARD`` at scale 1, times the setting's factor) where the room
allows.  Where the height binds (four rows and a hand at the nominal
size do not fit a 16:10 window or a wider one), "Normal" takes
``NORMAL_SHARE`` of the largest cards that fit, "Large" all of them and
"Small" less, as at the Runs table: a larger setting never gives smaller
cards (the hand took the pyramid's room before: "Large" made the
pyramid smaller) and every setting still does something (with the rows
apart and the cards only shrunk to fit, all three came out alike).  A
long hand may reach under the left column when that ends above it.
Computed from the view (the seats, the hand and the discard pile change
how much room the rest gets) and the window alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import cardart
from game.ui.kit.header import HEADER_H

#: where the right column (stock, discard pile, buttons) starts, as a share of the width
RIGHT_COLUMN = 0.73
#: the left column's width (seats and log), as a share of the width
LEFT_COLUMN = 0.2
#: the height of one row of the seat list, at scale 1
SEAT_ROW = 60
#: a card's nominal width at scale 1 ("normal" cards): in the pyramid, in the hand
CARD = 100
HAND_CARD = 104
#: the discard pile's nominal card width at scale 1
PILE_CARD = 58
#: the distance between the tops of two rows of the pyramid, in card
#: heights: the rows never overlap; at least a gap a shadow's depth high
#: (4 % of a card, 5 px at 1280x800), at most a little more
MAX_PITCH = 1.07
MIN_PITCH = 1.04
#: where the room binds, "Normal" takes this share of the largest cards
#: that fit ("Large", 1.2 times Normal, is capped by all of them)
NORMAL_SHARE = 1 / 1.1
#: the gap between two cards of a row (pyramid) and of the hand, in card widths
PYR_GAP = 0.14
HAND_GAP = 0.12
#: the width of the partners' open hands' cards (Easy), at scale 1: at
#: least, and at most when the left column has room
OPEN_CARD = 30
OPEN_CARD_MAX = 56
#: how much of an open hand's card the next one leaves in view, in card widths
OPEN_OVERLAP = 0.8
#: the band of notes is the room left of the target (it stood across the
#: middle under the header, 54 px high: the pyramid's cards are 7 % wider
#: for that height); the layout test holds it at least this wide at
#: scale 1 (242 px at the narrowest, Large cards on the small pyramid)
NOTES_MIN_W = 180
#: the tutorial's explanation at the top of the right column, at scale 1
COACH_H = 250
#: the strip over the hand that the "new" tag of a card just drawn
#: (widgets.card_tag: 14 px at scale 1) and a picked card's lift (10 px)
#: reach into: a status on two lines ran into the tag
TAG_H = 14
#: hands never laid out for fewer cards than this (the cards keep their
#: size as a hand empties at the end of a deal)
MIN_HAND = 5


@dataclass
class Layout:
    scale: float
    top_h: int
    #: card widths: in the pyramid, in the hand, on the discard pile
    pw: int = 90
    hw: int = 100
    dw: int = 56
    #: the distance between the tops of two rows of the pyramid (more than
    #: a card's height: the rows lie apart)
    pitch: int = 0
    places: dict[int, pygame.Rect] = field(default_factory=dict)
    hand: list[pygame.Rect] = field(default_factory=list)
    discard_cards: list[pygame.Rect] = field(default_factory=list)
    # the areas: left column, middle, right column
    seats: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    #: the partners' open hands (Easy), under the log, and their cards' width
    open_hands: pygame.Rect = field(default_factory=pygame.Rect)
    open_card: int = 0
    #: the play area between the columns, under the header
    middle: pygame.Rect = field(default_factory=pygame.Rect)
    #: the band of notes (a refused move's reason, a notice): over no
    #: card, left of the target
    notes: pygame.Rect = field(default_factory=pygame.Rect)
    #: the target's label, right of it (the notes have its left)
    target_tag: pygame.Rect = field(default_factory=pygame.Rect)
    #: the gap help's count of finished pyramids, beside the target
    help_box: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    #: the status band with the gaps over and under it: the room a status
    #: too long for one line takes on two
    status_room: pygame.Rect = field(default_factory=pygame.Rect)
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    discard_zone: pygame.Rect = field(default_factory=pygame.Rect)
    tally: pygame.Rect = field(default_factory=pygame.Rect)
    buttons: pygame.Rect = field(default_factory=pygame.Rect)
    #: the tutorial's explanation (empty at a game's table)
    coach: pygame.Rect = field(default_factory=pygame.Rect)

    @property
    def centre_x(self) -> int:
        return self.middle.centerx

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a card a computer plays starts from (beside its seat)."""
        return (self.seats.x + self.seats.w - self.pw // 2, self.seats.y + int(SEAT_ROW * self.scale) * seat)

    def button_rows(self, n: int) -> list[pygame.Rect]:
        """``n`` buttons stacked at the bottom of the right column."""
        s = self.scale
        bh = int(38 * s)
        return [pygame.Rect(self.buttons.x, self.buttons.y + i * (bh + int(10 * s)), self.buttons.w, bh) for i in range(n)]

    def show_me(self) -> pygame.Rect:
        """The tutorial's "Show me" button, in the explanation's corner."""
        s = self.scale
        r = self.coach
        return pygame.Rect(r.right - int(170 * s), r.bottom - int(46 * s), int(158 * s), int(36 * s))


def _hand_width(n: int, room: int) -> float:
    """The widest card a hand of ``n`` cards may have in ``room`` pixels."""
    n = max(MIN_HAND, n)
    return room / (n + (n - 1) * HAND_GAP)


def compute_layout(size: tuple[int, int], scale: float, view, *, coach: bool = False, factor: float | None = None) -> Layout:
    w, h = size
    s = scale
    f = cardart.size_factor() if factor is None else factor
    L = Layout(scale=s, top_h=int(HEADER_H * s))
    rows = view.shape.rows
    margin = int(18 * s)
    # the columns
    left_w = int(w * LEFT_COLUMN)
    rx = int(w * RIGHT_COLUMN)
    rw = w - rx - margin
    mx = margin + left_w + int(16 * s)
    L.middle = pygame.Rect(mx, L.top_h, rx - int(16 * s) - mx, h - L.top_h)
    cx = L.middle.centerx
    # the middle, top to bottom: pyramid, status line, hand, the hand's label
    label_h = int(18 * s)
    gap = int(8 * s)
    status_h = int(30 * s)
    tag_h = int(TAG_H * s)
    pyr_top = L.top_h + int(10 * s)
    hand_bottom = h - int(6 * s) - label_h
    room = hand_bottom - tag_h - gap - status_h - gap - pyr_top
    # the left column: seats and the log, the partners' open hands under it (Easy)
    L.seats = pygame.Rect(margin, L.top_h + int(14 * s), left_w, int(SEAT_ROW * s) * view.players + int(10 * s))
    L.log = pygame.Rect(margin, L.seats.bottom + int(16 * s), left_w, int(h * 0.3))
    partners = view.players - 1 if view.open_hands else 0
    if partners:
        # the partners' cards as wide as the column allows (each shows its
        # index beside the next), within the room under the log: at a
        # fixed 30 px they were 18 px wide at 800x500, their indices 4 px
        n = max([MIN_HAND, *(c for i, c in enumerate(view.hand_counts) if i != view.seat)])
        by_width = int(left_w / ((n - 1) * OPEN_OVERLAP + 1))
        row_room = (h - int(8 * s) - (L.log.bottom + int(8 * s))) // partners - int(26 * s)
        L.open_card = max(int(OPEN_CARD * s), min(by_width, int(row_room / cardart.ASPECT), int(OPEN_CARD_MAX * s)))
    L.open_hands = pygame.Rect(margin, L.log.bottom + int(8 * s), left_w, partners * (int(18 * s) + int(L.open_card * cardart.ASPECT) + int(8 * s)))
    left_bottom = L.open_hands.bottom if partners else L.log.bottom
    # a long hand may reach under the left column when that ends above
    # the hand's row (its cards at the largest size and the status line
    # over them: the same for every card size, so a larger one never
    # gets a narrower row)
    tallest = int(HAND_CARD * s * max(cardart.CARD_SIZES.values()) * cardart.ASPECT)
    hand_row = L.middle.copy()
    if left_bottom + gap <= hand_bottom - tallest - tag_h - gap - status_h:
        hand_row.update(margin, L.top_h, L.middle.right - margin, h - L.top_h)
    # the card widths: the nominal one times the setting's factor, as far
    # as the pyramid (its rows MIN_PITCH apart) and the hand fit; where
    # they do not, Normal's share of what does
    cap_p = L.middle.w / (rows + (rows - 1) * PYR_GAP)
    cap_h = _hand_width(len(view.hand), hand_row.w)

    def widths(e: float) -> tuple[int, int]:
        return int(min(CARD * s * e, cap_p)), int(min(HAND_CARD * s * e, cap_h))

    def fits(e: float) -> bool:
        pw, hw = widths(e)
        return pw * cardart.ASPECT * (1 + (rows - 1) * MIN_PITCH) + hw * cardart.ASPECT <= room

    # the room's own factor (beyond `most` nothing changes any more)
    most = max(cardart.CARD_SIZES.values()) / NORMAL_SHARE
    fill = most
    if not fits(fill):
        lo, hi = 0.2, most
        for _ in range(24):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if fits(mid) else (lo, mid)
        fill = lo
    e = min(fill, f * min(1.0, fill * NORMAL_SHARE))
    L.pw, L.hw = widths(e)
    ph, hh = int(L.pw * cardart.ASPECT), int(L.hw * cardart.ASPECT)
    # the hand along the bottom, the status line over it
    hand_y = hand_bottom - hh
    n_hand = len(view.hand)
    hgap_hand = int(L.hw * HAND_GAP)
    total = n_hand * L.hw + (n_hand - 1) * hgap_hand
    hx = max(hand_row.x, min(cx - total // 2, hand_row.right - total))
    L.hand = [pygame.Rect(hx + i * (L.hw + hgap_hand), hand_y, L.hw, hh) for i in range(n_hand)]
    L.status = pygame.Rect(L.middle.x, hand_y - tag_h - gap - status_h, L.middle.w, status_h)
    L.status_room = L.status.inflate(0, 2 * gap)
    # the pyramid between the header and the status line, its rows as far
    # apart as the room allows (up to a small gap)
    avail = L.status.y - gap - pyr_top
    pitch = (avail - ph) / (rows - 1) if rows > 1 else ph
    L.pitch = max(ph + 1, int(max(MIN_PITCH * ph, min(MAX_PITCH * ph, pitch))))
    height = ph + (rows - 1) * L.pitch
    top = pyr_top + max(0, (avail - height) // 2)
    hgap = int(L.pw * PYR_GAP)
    for p, (r, c) in enumerate(view.shape.coords):
        x = cx + int((c - r / 2) * (L.pw + hgap)) - L.pw // 2
        L.places[p] = pygame.Rect(x, top + r * L.pitch, L.pw, ph)
    r0 = L.places[0]
    # beside the target: on its left the band of notes (over no card: the
    # row under the target starts lower), on its right its label and the
    # gap help's count
    L.notes = pygame.Rect(L.middle.x, r0.y, max(0, r0.x - int(16 * s) - L.middle.x), r0.h)
    hx0 = r0.right + int(10 * s)
    L.target_tag = pygame.Rect(hx0, r0.y + int(2 * s), max(0, min(int(230 * s), L.middle.right - hx0)), int(20 * s))
    L.help_box = pygame.Rect(hx0, L.target_tag.bottom + int(6 * s), L.target_tag.w, max(int(20 * s), r0.bottom - L.target_tag.bottom - int(6 * s)))
    # the right column, top down: the tutorial's explanation, the stock,
    # the discard pile; bottom up: the buttons, the used ranks
    y = L.top_h + int(14 * s)
    if coach:
        L.coach = pygame.Rect(rx, y - int(6 * s), rw, int(COACH_H * s))
        y = L.coach.bottom + int(14 * s)
    L.buttons = pygame.Rect(rx, h - int(120 * s), rw, int(100 * s))
    L.tally = pygame.Rect(rx, L.buttons.y - int(12 * s) - int(80 * s), rw, int(80 * s))
    # the stock and a discard zone one card high fit above the used ranks:
    # under the tutorial with the largest text size the zone ran 20 px into
    # the ranks' title at 800x500 (its line over "Ranks used")
    room = L.tally.y - y - int(68 * s)
    L.dw = int(min(PILE_CARD * s * f, rw / 4.6, room / 2 / cardart.ASPECT))
    dh = int(L.dw * cardart.ASPECT)
    L.stock = pygame.Rect(rx, y + int(8 * s), L.dw, dh)
    zone_y = L.stock.bottom + int(34 * s)
    L.discard_zone = pygame.Rect(rx, zone_y, rw, max(dh + int(12 * s), L.tally.y - int(14 * s) - zone_y))
    per_row = max(1, int((rw - L.dw) / (L.dw * 0.44)) + 1)
    step_x = L.dw * 0.44
    step_y = dh * 0.5
    n = max(1, len(view.discard))
    rows_needed = (n + per_row - 1) // per_row
    if rows_needed * step_y + dh > L.discard_zone.h - int(6 * s):
        step_y = max(dh * 0.28, (L.discard_zone.h - int(10 * s) - dh) / max(1, rows_needed - 1))
    L.discard_cards = [
        pygame.Rect(int(rx + (i % per_row) * step_x), int(L.discard_zone.y + int(6 * s) + (i // per_row) * step_y), L.dw, dh)
        for i in range(len(view.discard))
    ]
    return L
