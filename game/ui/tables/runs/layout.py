"""Where everything sits on the Runs table, for any window size.

Top: the kit's header (title, round, Rules and Menu), the band where
messages appear, then one box per other seat (in turn order, the next
player first).  Middle: the draw pile on the left and
the run of played cards growing to the right, the last card larger and the
next place dashed.  Right: the scoreboard and the log.  Bottom: the status
line and the hand of the seat at the screen; the buttons sit bottom right.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import cardart
from game.ui.kit.header import HEADER_H

#: the band under the header kept free for messages (a one-line message is
#: 46 px high at scale 1, shown 8 px under the header)
TOAST_BAND = 56

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
    # the top: the other seats
    seats: dict[int, pygame.Rect] = field(default_factory=dict)
    # the middle: the pile and the run
    pile: pygame.Rect = field(default_factory=pygame.Rect)
    cw: int = 80  # width of a card in the run
    chain: list[pygame.Rect] = field(default_factory=list)
    slot: pygame.Rect | None = None  # where the next card goes
    centre_y: int = 0
    # the bottom: the status line and the hand at the screen
    status: pygame.Rect = field(default_factory=pygame.Rect)
    hw: int = 96  # width of a hand card (and of the run's last card)
    hand: list[pygame.Rect] = field(default_factory=list)
    lift: int = 14
    lit: frozenset[int] = frozenset()  # hand cards that may be played (drawn lifted)
    mine: tuple[int, int] = (0, 0)  # where the line under the hand starts
    # the right column
    board: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    draw_button: pygame.Rect = field(default_factory=pygame.Rect)
    auto_button: pygame.Rect = field(default_factory=pygame.Rect)


def seat_order(players: int, viewer: int | None) -> list[int]:
    """The other seats in turn order, starting with the one after the viewer."""
    if viewer is None:
        return list(range(players))
    return [(viewer + i) % players for i in range(1, players)]


def compute_layout(size: tuple[int, int], s: float, players: int, viewer: int | None, n_chain: int, n_hand: int, chain_open: bool, lit: frozenset = frozenset()) -> Layout:
    """``lit``: indices of hand cards that may be played; in a crowded hand
    they get a card's full width, so nothing covers them and they cover
    no neighbour's index."""
    w, h = size
    L = Layout(s=s, top_h=int(HEADER_H * s), lit=lit)
    margin = int(16 * s)
    # the other seats along the top
    others = seat_order(players, viewer)
    k = max(1, len(others))
    gap = int(12 * s)
    bw = int(min(300 * s, (w - 2 * margin - (k - 1) * gap) / k))
    bh = int(112 * s)
    x0 = (w - (k * bw + (k - 1) * gap)) // 2
    y_seat = L.top_h + int(TOAST_BAND * s)
    for i, seat in enumerate(others):
        L.seats[seat] = pygame.Rect(x0 + i * (bw + gap), y_seat, bw, bh)
    below_seats = y_seat + bh + int(14 * s)
    # the right column: scoreboard, log, buttons
    rx = w - int(300 * s)
    rw = w - rx - margin
    L.board = pygame.Rect(rx, below_seats, rw, int(40 * s) + int(26 * s) * players + int(8 * s))
    L.auto_button = pygame.Rect(rx, h - margin - int(38 * s), rw, int(38 * s))
    L.draw_button = pygame.Rect(rx, L.auto_button.y - int(54 * s), rw, int(44 * s))
    L.log = pygame.Rect(rx, L.board.bottom + int(12 * s), rw, max(int(40 * s), L.draw_button.y - int(14 * s) - (L.board.bottom + int(12 * s))))
    # the hand along the bottom, left of the right column
    avail_x0, avail_x1 = margin, rx - int(24 * s)
    avail = avail_x1 - avail_x0
    L.hw = int(min(100 * s, avail / 8.5))
    hh = round(L.hw * cardart.ASPECT)
    L.lift = int(14 * s)
    hand_y = h - hh - int(30 * s)
    n = max(1, n_hand)
    full = L.hw + int(8 * s)
    steps = [full] * max(0, n - 1)
    if n > 1 and L.hw + full * (n - 1) > avail:
        wide = [i for i in range(n - 1) if i in lit]
        narrow = (n - 1) - len(wide)
        step = (avail - L.hw - full * len(wide)) / narrow if narrow else full
        if step < L.hw * 0.22:  # too many lit cards to give each a full place
            wide, step = [], (avail - L.hw) / (n - 1)
        steps = [full if i in wide else step for i in range(n - 1)]
    total = L.hw + sum(steps)
    hx = avail_x0 + (avail - total) / 2
    L.hand = []
    x = hx
    for i in range(n_hand):
        L.hand.append(pygame.Rect(int(x), hand_y, L.hw, hh))
        if i < len(steps):
            x += steps[i]
    L.mine = (int(hx), hand_y + hh + int(6 * s))
    L.status = pygame.Rect(avail_x0, hand_y - L.lift - int(44 * s), avail, int(34 * s))
    # the middle: the pile and the run
    top, bottom = below_seats, L.status.y - int(8 * s)
    L.centre_y = cy = (top + bottom) // 2 - int(8 * s)
    L.cw = int(min(84 * s, L.hw * 0.86))
    ch = round(L.cw * cardart.ASPECT)
    lh = hh
    L.pile = pygame.Rect(margin + int(24 * s), cy - ch // 2, L.cw, ch)
    x0 = L.pile.right + int(64 * s)
    right = rx - int(24 * s)
    # older cards overlap so their index shows; squeeze if the run is long
    room_for_older = right - x0 - L.hw - int(16 * s) - L.hw
    step_c = min(int(L.cw * 0.56), room_for_older / max(1, n_chain - 1)) if n_chain > 1 else 0
    L.chain = []
    for i in range(n_chain):
        x = int(x0 + i * step_c)
        if i == n_chain - 1:
            L.chain.append(pygame.Rect(x, cy - lh // 2 - int(6 * s), L.hw, lh))
        else:
            L.chain.append(pygame.Rect(x, cy - ch // 2, L.cw, ch))
    if n_chain == 0:
        L.slot = pygame.Rect(x0, cy - lh // 2 - int(6 * s), L.hw, lh)
    elif chain_open:
        last = L.chain[-1]
        L.slot = pygame.Rect(last.right + int(16 * s), last.y, L.hw, lh)
    else:
        L.slot = None
    return L
