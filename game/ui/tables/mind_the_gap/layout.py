"""Where everything of the Mind the Gap table goes: the header (the kit's),
the seats and the log on the left, the pyramid in the middle with the
status line and the hand under it, the stock, the fanned discard pile, the
used ranks and the buttons on the right.  Computed from a view: the hand
and the discard pile change how much room the rest gets."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import cardart
from game.ui.kit.header import HEADER_H

#: the play area's middle, as a share of the width (the pyramid and the
#: hand are centred on it; messages too)
PLAY_CENTRE = 0.42
#: where the right column (stock, discard pile, buttons) starts
RIGHT_COLUMN = 0.73
#: the height of one row of the seat list, at scale 1
SEAT_ROW = 60


@dataclass
class Layout:
    scale: float
    top_h: int
    #: card widths: in the pyramid, in the hand, on the discard pile
    pw: int = 90
    hw: int = 100
    dw: int = 56
    places: dict[int, pygame.Rect] = field(default_factory=dict)
    hand: list[pygame.Rect] = field(default_factory=list)
    discard_cards: list[pygame.Rect] = field(default_factory=list)
    # the areas: left column, middle, right column
    seats: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    discard_zone: pygame.Rect = field(default_factory=pygame.Rect)
    tally: pygame.Rect = field(default_factory=pygame.Rect)
    buttons: pygame.Rect = field(default_factory=pygame.Rect)

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """Where a card a computer plays starts from (beside its seat)."""
        return (self.seats.x + self.seats.w - self.pw // 2, self.seats.y + int(SEAT_ROW * self.scale) * seat)

    def button_rows(self, n: int) -> list[pygame.Rect]:
        """``n`` buttons stacked at the bottom of the right column."""
        s = self.scale
        bh = int(38 * s)
        return [pygame.Rect(self.buttons.x, self.buttons.y + i * (bh + int(10 * s)), self.buttons.w, bh) for i in range(n)]


def compute_layout(size: tuple[int, int], scale: float, view) -> Layout:
    w, h = size
    s = scale
    # the card size setting: a factor on each card's nominal width; every
    # width stays capped by the room it has
    f = cardart.size_factor()
    L = Layout(scale=s, top_h=int(HEADER_H * s))
    rows = view.shape.rows
    # hand along the bottom
    n_hand = max(1, len(view.hand))
    L.hw = int(min(104 * s * f, (w * 0.56) / max(5, n_hand) * 0.95))
    hh = int(L.hw * cardart.ASPECT)
    hand_y = h - hh - int(22 * s)
    gap = int(L.hw * 0.12)
    total = n_hand * L.hw + (n_hand - 1) * gap
    cx = int(w * PLAY_CENTRE)
    hx = cx - total // 2
    L.hand = [pygame.Rect(hx + i * (L.hw + gap), hand_y, L.hw, hh) for i in range(len(view.hand))]
    L.status = pygame.Rect(int(w * 0.12), hand_y - int(46 * s), int(w * 0.60), int(34 * s))
    # the pyramid between the header and the status line
    avail_h = L.status.y - L.top_h - int(18 * s)
    vgap = 0.07
    pw = int(avail_h / (rows * cardart.ASPECT + (rows - 1) * vgap))
    pw = min(pw, int(112 * s * f), int((w * 0.5) / (rows + (rows - 1) * 0.14)))
    L.pw = pw
    ph = int(pw * cardart.ASPECT)
    hgap = int(pw * 0.14)
    top = L.top_h + int(10 * s) + max(0, (avail_h - (rows * ph + (rows - 1) * int(ph * vgap))) // 2)
    for p, (r, c) in enumerate(view.shape.coords):
        x = cx + int((c - r / 2) * (pw + hgap)) - pw // 2
        y = top + r * (ph + int(ph * vgap))
        L.places[p] = pygame.Rect(x, y, pw, ph)
    # right column: stock, discard pile, used ranks
    rx = int(w * RIGHT_COLUMN)
    rw = w - rx - int(18 * s)
    L.dw = int(min(58 * s * f, rw / 6.2))
    dh = int(L.dw * cardart.ASPECT)
    L.stock = pygame.Rect(rx, L.top_h + int(34 * s), L.dw, dh)
    L.discard_zone = pygame.Rect(rx, L.stock.bottom + int(40 * s), rw, int(h * 0.42))
    per_row = max(1, int((rw - L.dw) / (L.dw * 0.44)) + 1)
    step_x = L.dw * 0.44
    step_y = dh * 0.5
    n = max(1, len(view.discard))
    rows_needed = (n + per_row - 1) // per_row
    if rows_needed * step_y + dh > L.discard_zone.h:
        step_y = max(dh * 0.28, (L.discard_zone.h - dh) / max(1, rows_needed - 1))
    L.discard_cards = [
        pygame.Rect(int(rx + (i % per_row) * step_x), int(L.discard_zone.y + int(6 * s) + (i // per_row) * step_y), L.dw, dh)
        for i in range(len(view.discard))
    ]
    L.tally = pygame.Rect(rx, L.discard_zone.bottom + int(12 * s), rw, int(70 * s))
    # left column: seats and the log
    L.seats = pygame.Rect(int(18 * s), L.top_h + int(14 * s), int(w * 0.2), int(SEAT_ROW * s) * view.players + int(10 * s))
    L.log = pygame.Rect(int(18 * s), L.seats.bottom + int(16 * s), int(w * 0.2), int(h * 0.3))
    L.buttons = pygame.Rect(rx, h - int(120 * s), rw, int(100 * s))
    return L
