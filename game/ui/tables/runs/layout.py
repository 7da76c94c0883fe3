"""Where everything sits on the Runs table, for any window size.

Top: the kit's header (title, round, Rules and Menu), then the band of
notes (a refused card's reason, a notice: one or two short lines, over no
card, count or panel), then one box per other seat (in turn order, the
next player first).  Middle: the draw pile on the left and the run of
played cards growing to the right, the last card larger and the next place
dashed.  With the house rule "new run" the runs closed earlier in the
round sit small between the pile and the run being played, oldest first,
in rows with every index in view (:func:`_closed_runs`).
Right: the scoreboard and the log.  Bottom: the status line and the hand
of the seat at the screen; the buttons sit bottom right.

The cards take the room the window gives (:func:`card_width`): a hand
card is as wide as the play area lets 8½ cards side by side and as the
height lets the run and the hand stand one above the other; "normal" uses
most of that room, "large" all of it, "small" less, so the card-size
setting never makes a card smaller than "normal" and a large window has
large cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import pygame

from game.games.runs.state import round_from
from game.ui import cardart
from game.ui.kit.header import HEADER_H

#: the band of notes under the header (two lines of a note at scale 1:
#: 2 × 22 px and its padding), and the gaps above and below it
NOTES_H = 48
NOTES_GAP = 4
#: a seat's box at the top, and the gap under the seats
SEAT_H = 112
SEAT_GAP = 14
#: a hand card at scale 1 with the card size "normal" when the room allows;
#: at most this share above its scale's width in a large window
HAND_W = 100
MOST = 1.25
#: "normal" takes this share of the room the table has for a card ("large"
#: all of it)
NORMAL_SHARE = 1 / 1.1
#: a hand takes two rows when one row would show less than this share of
#: each card's width (a 13-card hand at 1280x800 showed 0.5 of the cards
#: beside its lit ones; two rows of 7 and 6 overlap not at all)
ONE_ROW_SHOW = 0.75
#: the share of a card's height an upper row shows above the lower one:
#: the index corner (rank over suit, about 0.3 of the height) with room
ROW_SHOW = 0.36
#: the words around the run: "Run closed" above it, who played the last
#: card and what may follow below it (scale 1)
ABOVE_RUN = 26
BELOW_RUN = 56
#: under the hand (its owner's line), the status line with its gap, the lift
#: of a playable card, the gap over the status line
UNDER_HAND = 30
STATUS_H = 34
STATUS_GAP = 10
LIFT = 14
OVER_STATUS = 8

#: one colour per seat, used on the seat boxes, the scoreboard and the dots
#: under the run (who played which card); chosen to stay apart on green felt
SEAT_COLOURS = (
    (96, 182, 236),  # sky blue
    (240, 160, 40),  # orange
    (236, 226, 90),  # yellow
    (214, 132, 186),  # reddish purple
    (236, 102, 70),  # vermilion
    (236, 236, 236),  # white
)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass
class Layout:
    s: float
    top_h: int
    #: the band of notes under the header (it covers nothing)
    notes: pygame.Rect = field(default_factory=pygame.Rect)
    # the top: the other seats
    seats: dict[int, pygame.Rect] = field(default_factory=dict)
    # the middle: the pile and the run
    pile: pygame.Rect = field(default_factory=pygame.Rect)
    cw: int = 80  # width of a card in the run
    chain: list[pygame.Rect] = field(default_factory=list)
    slot: pygame.Rect | None = None  # where the next card goes
    #: the runs closed earlier in the round: (first, end) indices into ``chain``
    closed: list[tuple[int, int]] = field(default_factory=list)
    #: cards of a closed run shown by its first and last card (a long run,
    #: or many runs): not drawn; their place in ``chain`` is the first's
    folded: set[int] = field(default_factory=set)
    current: int = 0  # the index in ``chain`` where the run being played starts
    new_slot: bool = False  # the slot starts a new run (the last one is closed)
    centre_y: int = 0
    # the bottom: the status line and the hand at the screen
    status: pygame.Rect = field(default_factory=pygame.Rect)
    hw: int = 96  # width of a hand card
    lw: int = 96  # width of the run's last card and of the next place (at most ``hw``)
    hand: list[pygame.Rect] = field(default_factory=list)
    rows: int = 1  # the hand's rows (two when one row would hide too much of each card)
    row_step: int = 0  # from one row of the hand to the next
    lift: int = 14
    lit: frozenset[int] = frozenset()  # hand cards that may be played (drawn lifted)
    mine: tuple[int, int] = (0, 0)  # where the line under the hand starts
    # the right column
    board: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    draw_button: pygame.Rect = field(default_factory=pygame.Rect)
    auto_button: pygame.Rect = field(default_factory=pygame.Rect)


def drawn(L: Layout) -> list[int]:
    """The cards of the chain drawn, in the order they are drawn (indices
    into ``L.chain``): the closed runs without their folded middles, then
    the run being played."""
    return [i for i in range(len(L.chain)) if i not in L.folded]


def seat_order(players: int, viewer: int | None) -> list[int]:
    """The other seats in turn order (the engine's), starting with the one
    after the viewer; every seat in order for a spectator."""
    if viewer is None:
        return list(range(players))
    return list(round_from(viewer, players)[1:])


def card_width(size: tuple[int, int], s: float, factor: float) -> int:
    """The width of a hand card (the run's last card and the next place
    are as wide) for the window ``size`` at scale ``s`` and the card size
    ``factor`` (:func:`~game.ui.cardart.size_factor`).

    The room: the play area left of the right column holds 8½ cards side by
    side (the seven of a deal and some more without overlapping), and the
    height holds the seats, the run with its words, the status line and the
    hand.  "normal" takes :data:`NORMAL_SHARE` of it (at 1280×800 a card of
    100 px, as always), but no more than :data:`MOST` times its width at
    the window's scale; "large" 1.2 times that, "small" 0.85 times, and
    none more than the room: "large" is never smaller than "normal"."""
    w, h = size
    avail_w = w - int(RIGHT_W * s) - int(24 * s) - int(MARGIN * s)
    below_seats = int(HEADER_H * s) + int((NOTES_GAP + NOTES_H + NOTES_GAP) * s) + int((SEAT_H + SEAT_GAP) * s)
    fixed = below_seats + int((ABOVE_RUN + 6 + BELOW_RUN + OVER_STATUS + STATUS_H + STATUS_GAP + LIFT + UNDER_HAND) * s)
    tall = max(1, h - fixed) / (2 * cardart.ASPECT)
    room = min(avail_w / 8.5, tall)
    normal = min(room * NORMAL_SHARE, HAND_W * MOST * s)
    # a bigger card than "normal" may take the room of 7 cards across and,
    # as the run's cards shrink to what is left (:func:`compute_layout`),
    # a fifth more height: "large" was only 1.1 times "normal" at 1280x800
    # (the room of 8½ cards held it), hardly to be seen
    big = min(avail_w / 7, tall * 1.2) if factor > 1 else room
    return max(16, int(min(big, normal * factor)))


#: the right column's width and the margin at the window's edges (scale 1)
RIGHT_W = 300
MARGIN = 16


def compute_layout(
    size: tuple[int, int],
    s: float,
    players: int,
    viewer: int | None,
    n_chain: int,
    n_hand: int,
    chain_open: bool,
    lit: frozenset = frozenset(),
    starts: Sequence[int] = (),
    new_slot: bool = False,
) -> Layout:
    """``lit``: indices of hand cards that may be played; in a crowded hand
    they get a card's full width, so nothing covers them and they cover
    no neighbour's index.  ``starts``: where each run of the chain begins
    (more than one with the house rule "new run"); ``new_slot``: the last
    run is closed and the slot beside it starts a new one."""
    args = (size, s, players, viewer, n_chain, n_hand, chain_open, lit, starts, new_slot)
    factor = cardart.size_factor()
    L = _layout(*args, card_width(size, s, factor))
    if factor > 1:
        # a larger hand card must not make the run's cards smaller than
        # "normal" has them (two rows of large cards left the run 0.8 of
        # its normal width at 1920x1080): the hand gives way first
        ref = _layout(*args, card_width(size, s, 1.0))
        while L.lw < ref.lw and L.hw > ref.hw:
            L = _layout(*args, max(ref.hw, L.hw - max(1, int(2 * s))))
    return L


def _layout(
    size: tuple[int, int],
    s: float,
    players: int,
    viewer: int | None,
    n_chain: int,
    n_hand: int,
    chain_open: bool,
    lit: frozenset,
    starts: Sequence[int],
    new_slot: bool,
    hw: int,
) -> Layout:
    """:func:`compute_layout` with hand cards ``hw`` wide."""
    w, h = size
    L = Layout(s=s, top_h=int(HEADER_H * s), lit=lit)
    margin = int(MARGIN * s)
    # the notes' band right under the header, across the table
    L.notes = pygame.Rect(margin, L.top_h + int(NOTES_GAP * s), w - 2 * margin, int(NOTES_H * s))
    # the other seats along the top
    others = seat_order(players, viewer)
    k = max(1, len(others))
    gap = int(12 * s)
    bw = int(min(300 * s, (w - 2 * margin - (k - 1) * gap) / k))
    bh = int(SEAT_H * s)
    x0 = (w - (k * bw + (k - 1) * gap)) // 2
    y_seat = L.top_h + int((NOTES_GAP + NOTES_H + NOTES_GAP) * s)
    for i, seat in enumerate(others):
        L.seats[seat] = pygame.Rect(x0 + i * (bw + gap), y_seat, bw, bh)
    below_seats = y_seat + bh + int(SEAT_GAP * s)
    # the right column: scoreboard, log, buttons
    rx = w - int(RIGHT_W * s)
    rw = w - rx - margin
    L.board = pygame.Rect(rx, below_seats, rw, int(40 * s) + int(26 * s) * players + int(8 * s))
    L.auto_button = pygame.Rect(rx, h - margin - int(38 * s), rw, int(38 * s))
    L.draw_button = pygame.Rect(rx, L.auto_button.y - int(54 * s), rw, int(44 * s))
    L.log = pygame.Rect(rx, L.board.bottom + int(12 * s), rw, max(int(40 * s), L.draw_button.y - int(14 * s) - (L.board.bottom + int(12 * s))))
    # the hand along the bottom, left of the right column
    avail_x0, avail_x1 = margin, rx - int(24 * s)
    avail = avail_x1 - avail_x0
    L.hw = hw
    hh = round(L.hw * cardart.ASPECT)
    L.lift = int(LIFT * s)
    hand_y = h - hh - int(UNDER_HAND * s)
    rows = hand_rows(n_hand, L.hw, avail)
    L.rows = len(rows)
    # the upper row shows its top: the index corner and the lift of a lit
    # card of the row below (the lower row covers the rest)
    L.row_step = int(hh * ROW_SHOW) + L.lift
    first_y = hand_y - L.row_step * (len(rows) - 1)
    L.hand = []
    hx = float(avail_x0 + avail)
    for k, row in enumerate(rows):
        xs = row_xs(len(row), [i - row[0] for i in row if i in lit], L.hw, avail, s)
        row_x = avail_x0 + (avail - (xs[-1] + L.hw if xs else 0)) / 2
        hx = min(hx, row_x)
        L.hand.extend(pygame.Rect(int(row_x + x), first_y + k * L.row_step, L.hw, hh) for x in xs)
    L.mine = (int(hx), hand_y + hh + int(6 * s))
    L.status = pygame.Rect(avail_x0, first_y - L.lift - int((STATUS_H + STATUS_GAP) * s), avail, int(STATUS_H * s))
    # the middle: the pile and the run, between the seats and the status
    # line, the words above and below the run included; with two rows (or
    # large cards) the run's cards take the height that is left
    top, bottom = below_seats + int(ABOVE_RUN * s), L.status.y - int(OVER_STATUS * s) - int(BELOW_RUN * s)
    L.lw = min(L.hw, int(max(16, bottom - top + int(12 * s)) / cardart.ASPECT))
    lh = round(L.lw * cardart.ASPECT)
    L.centre_y = cy = (top + bottom) // 2 + int(6 * s)
    L.cw = int(L.lw * 0.84)
    ch = round(L.cw * cardart.ASPECT)
    L.pile = pygame.Rect(margin + int(24 * s), cy - ch // 2, L.cw, ch)
    x0 = L.pile.right + int(64 * s)
    right = rx - int(24 * s)
    L.chain = []
    L.current = starts[-1] if starts and starts[-1] < n_chain else 0
    n_cur = n_chain - L.current
    L.new_slot = new_slot and chain_open and n_cur > 0
    gap = int((56 if L.new_slot else 16) * s)  # a new run starts a little apart
    # the closed runs take up to 45 % of the row, less when the run being
    # played needs it to show each card's index (a whole suit beside a
    # closed whole suit left the run 9 px a card at 800x500), never less
    # than 30 %: they have rows to wrap into.  They may rise to the seats
    # and sink to the words under the run (their label under them: 8 + 18
    # of the 50 px the screens' test leaves)
    row_w = right - x0
    idx_c = cardart.index_corner(L.cw, "en").union(cardart.index_corner(L.cw, "de")).right + max(2, int(3 * s))
    need_cur = max(0, n_cur - 1) * idx_c + L.lw + gap + L.lw + int(24 * s)
    room = int(max(row_w * 0.3, min(row_w * 0.45, row_w - need_cur)))
    x0 = _closed_runs(L, [a for a in starts if a < L.current] + [L.current], x0, room, cy, s, below_seats, L.status.y - int(50 * s))
    # the run being played: older cards overlap so their index shows; squeeze if it is long
    room_for_older = right - x0 - L.lw - gap - L.lw
    step_c = min(int(L.cw * 0.56), room_for_older / max(1, n_cur - 1)) if n_cur > 1 else 0
    for i in range(n_cur):
        x = int(x0 + i * step_c)
        if i == n_cur - 1:
            L.chain.append(pygame.Rect(x, cy - lh // 2 - int(6 * s), L.lw, lh))
        else:
            L.chain.append(pygame.Rect(x, cy - ch // 2, L.cw, ch))
    if n_cur == 0:
        L.slot = pygame.Rect(x0, cy - lh // 2 - int(6 * s), L.lw, lh)
    elif chain_open:
        last = L.chain[-1]
        L.slot = pygame.Rect(last.right + gap, last.y, L.lw, lh)
    else:
        L.slot = None
    return L


def hand_rows(n: int, hw: int, avail: int) -> list[list[int]]:
    """The hand's cards by rows: one row while each card shows at least
    :data:`ONE_ROW_SHOW` of its width, else two (the first half above).
    Decided by the count alone, so a hand never jumps between one row and
    two as its lit cards change."""
    if n <= 1 or (avail - hw) / (n - 1) >= ONE_ROW_SHOW * hw:
        return [list(range(n))]
    top = (n + 1) // 2
    return [list(range(top)), list(range(top, n))]


def row_xs(n: int, lit: Sequence[int], hw: int, avail: int, s: float) -> list[float]:
    """Where each of ``n`` cards of a row starts, from 0: side by side when
    they fit, else overlapping with the lit cards (``lit``, indices into
    the row) a card's full width apart, so nothing covers them and they
    cover no neighbour's index."""
    full = hw + int(8 * s)
    steps: list[float] = [float(full)] * max(0, n - 1)
    if n > 1 and hw + full * (n - 1) > avail:
        wide = [i for i in range(n - 1) if i in lit]
        narrow = (n - 1) - len(wide)
        # (every card lit, as when a new run may start with any card: no
        # narrow card is left to squeeze, so all close up alike)
        step = (avail - hw - full * len(wide)) / narrow if narrow else 0
        if step < hw * 0.3:  # too many lit cards to give each a full place
            wide, step = [], (avail - hw) / (n - 1)
        steps = [full if i in wide else step for i in range(n - 1)]
    xs = [0.0]
    for st in steps:
        xs.append(xs[-1] + st)
    return xs[:n]


def fold_edge(s: float) -> int:
    """How far apart the edges of a folded run's middle cards are drawn
    (two of them, left of its last card)."""
    return max(2, int(2 * s))


@dataclass
class _ClosedPlan:
    """How the closed runs are laid out with small cards ``sw`` wide: the
    runs (by number) of each row, those shown by their ends, how far the
    rows close up (1: not at all, every index shows)."""

    runs: list[tuple[int, int]]
    sw: int
    sh: int
    step: int
    row_step: int
    edge: int
    rows: list[list[int]] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    squeeze: float = 1.0

    def span(self, k: int) -> int:
        """From a run's first card to its last (a folded run leaves room
        for a dash after the first card's index, "K♦ – A♦", and the edges
        of the cards between: :func:`fold_edge`)."""
        a, b = self.runs[k]
        if k in self.folded:
            return self.step + self.step * 2 // 3 + 2 * self.edge
        return (b - a - 1) * self.step

    def flow(self, room: int, gap: int) -> None:
        self.rows = [[]]
        x = 0
        for k in range(len(self.runs)):
            if self.rows[-1] and x + self.sw + self.span(k) > room:
                self.rows.append([])
                x = 0
            self.rows[-1].append(k)
            x += self.span(k) + self.step + gap


def _plan_closed(runs: list[tuple[int, int]], sw: int, room: int, s: float, height: int) -> _ClosedPlan:
    sh = round(sw * cardart.ASPECT)
    # the index's box (English or German: J Q K are B D K) and a little paper
    idx = cardart.index_corner(sw, "en").union(cardart.index_corner(sw, "de"))
    plan = _ClosedPlan(runs, sw, sh, idx.right + max(2, int(3 * s)), idx.bottom + max(2, int(3 * s)), fold_edge(s))
    gap = int(10 * s)
    room = max(sw, room)
    max_rows = max(1, 1 + (height - sh) // plan.row_step)
    # a run wider than a row is shown by its ends (a run of one or two always whole)
    plan.folded = {k for k, (a, b) in enumerate(runs) if b - a > 2 and sw + (b - a - 1) * plan.step > room}
    plan.flow(room, gap)
    # too many rows for the height: the oldest long runs are shown by their ends first
    for k, (a, b) in enumerate(runs):
        if len(plan.rows) <= max_rows:
            break
        if b - a > 2 and k not in plan.folded:
            plan.folded.add(k)
            plan.flow(room, gap)
    if len(plan.rows) > max_rows:
        # (more runs than rows of ends hold, far beyond a round seen: the
        # rows close up, indices covered, rather than leave the table)
        per = -(-len(runs) // max_rows)
        plan.rows = [list(range(i, min(len(runs), i + per))) for i in range(0, len(runs), per)]
        need = max(sum(plan.span(k) + plan.step + gap for k in row) - plan.step - gap + sw for row in plan.rows)
        plan.squeeze = min(1.0, (room - sw) / max(1, need - sw))
    return plan


def _closed_runs(L: Layout, bounds: list[int], x0: int, room: int, cy: int, s: float, top: int, bottom: int) -> int:
    """Place the runs closed earlier in the round (``bounds``: where each
    begins, then where the run being played begins) as small cards from
    ``x0``, at most ``room`` wide, between ``top`` and ``bottom``.
    Returns where the run being played starts.

    Every card drawn shows its index (rank over suit): the cards of a run
    lie an index apart, the runs of a row one after the other with a gap,
    and the runs wrap into rows, each lower row an index below the one
    above, the newest at the bottom (drawn last).  With the table's rules a
    round closes 30 to 40 runs of one to four cards (the simple bot, 3
    players, seeds 1 to 60: 36 in the median); fanned a third of a card
    apart in one row they hid every index from the fifth run on.  A run too
    long for a row, or more runs than the rows the height allows, is shown
    by its ends: a run is consecutive ranks of one suit, so its first and
    last card say which cards it held (the cards between lie under the
    first, not drawn: :attr:`Layout.folded`)."""
    if len(bounds) < 2:
        return x0
    runs = list(pairwise(bounds))
    # smaller cards where the rows would not hold the runs (at 1920x1080
    # with large cards, 109 px a card, a round's 33 runs took 6 rows of
    # the 5 the height holds)
    for share in (0.7, 0.6, 0.5):
        plan = _plan_closed(runs, max(16, int(L.cw * share)), room, s, bottom - top)
        if plan.squeeze == 1.0:
            break
    sw, sh, step, row_step, rows, squeeze = plan.sw, plan.sh, plan.step, plan.row_step, plan.rows, plan.squeeze
    span = plan.span
    block_h = sh + (len(rows) - 1) * row_step
    y0 = max(top, min(cy - block_h // 2, bottom - block_h))
    end = x0
    for r, row in enumerate(rows):
        x = float(x0)
        y = y0 + r * row_step
        for k in row:
            a, b = runs[k]
            L.closed.append((a, b))
            first = pygame.Rect(int(x), y, sw, sh)
            if k not in plan.folded:
                places = [first.move(int(i * step * squeeze), 0) for i in range(b - a)]
            else:
                L.folded.update(range(a + 1, b - 1))
                places = [first] * (b - a - 1) + [first.move(int(span(k) * squeeze), 0)]
            L.chain.extend(places)
            end = max(end, places[-1].right)
            x += (span(k) + step + int(10 * s)) * squeeze
    return end + int(24 * s)
