"""Where everything of Delphi alone's table goes, from the window and the
person's view: the header (the kit's), the main line across the top with
each wrong card under the card it was judged after, the box of a wrong
guess's example at the bottom of that area, the band of notes, the band
of verdicts, the row of the guess (its field and buttons; at the end the
end's buttons) and the hand along the bottom.

Bottom up, so the hand, the row and the bands always have their room;
the main line takes what is left.  Nothing lies over anything else: the
wrong cards fan down only as far as the example's box (or the area's
foot) lets them, and a long main line overlaps its cards, each index
still in view.  Pure geometry: nothing is drawn here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.ui import cardart
from game.ui.kit.header import HEADER_H, button_width
from game.ui.tables.delphi.layout import LANES, index_box, lane_shift

#: a hand card's nominal width at scale 1 (times the card size setting)
HAND_CARD = 80
#: a main-line card's nominal width at scale 1
LINE_CARD = 70
#: a wrong card's width, as a share of a main-line card's
SIDE_SHARE = 0.8
#: the example's cards: the main line's last ones shown at most, then the card
EXAMPLE_LINE = 6
#: heights at scale 1: the guess row, the band of verdicts, the band of notes
ROW_H = 44
WORDS_H = 76
NOTES_H = 40
#: the notebook's least width at scale 1
BOOK_W = 280
#: the narrowest face whose index is its ordinary size (narrower ones have
#: a larger index for their size, see :func:`game.ui.cardart.index_corner`)
FULL_FACE = 56
#: the room a wrong card leaves the next one under the same card, as a
#: share of its height (less when the column is deep)
SIDE_STEP = 0.34

Key = tuple[object, ...]


@dataclass
class Example:
    """The box of a wrong guess's example: its title's place, the main
    line's last cards and the card the two rules judge apart."""

    panel: pygame.Rect
    title: tuple[int, int]
    cw: int
    line: list[pygame.Rect]
    card: pygame.Rect


@dataclass
class SoloLayout:
    s: float
    size: tuple[int, int]
    #: the area of the main line, the wrong cards and the example
    lines: pygame.Rect
    cw: int
    main: list[pygame.Rect]
    side_w: int
    #: every wrong card, in the order of the view's side plays, and its key
    side: list[tuple[pygame.Rect, Key]]
    example: Example | None
    notes: pygame.Rect
    words: pygame.Rect
    #: the guess row (its field and buttons), or the end's buttons
    row: pygame.Rect
    hw: int
    hand: list[pygame.Rect]
    #: where a card let go plays (above the hand)
    drop: pygame.Rect
    guess_row: dict[str, pygame.Rect] = field(default_factory=dict)
    end_row: list[pygame.Rect] = field(default_factory=list)
    #: the notebook beside the main line (None: closed)
    book: pygame.Rect | None = None


def compute_layout(
    size: tuple[int, int],
    scale: float,
    view,
    guess_labels: Sequence[tuple[str, str]],
    end_labels: Sequence[str],
    *,
    example_cards: int = 0,
    factor: float | None = None,
    notebook: bool = False,
) -> SoloLayout:
    """The layout for ``view`` (a ``SoloView``) in a window of ``size``:
    ``guess_labels`` are the guess row's buttons (key, label) after the
    field, ``end_labels`` the end's, ``example_cards`` the cards of the
    example's line shown (0: no example), ``notebook`` whether the
    notebook stands at the right of the main line's area."""
    w, h = size
    s = scale
    f = cardart.size_factor() if factor is None else factor
    pad, gap = int(14 * s), int(8 * s)
    top = int(HEADER_H * s) + int(8 * s)
    # the hand, as wide as 13 cards leave it
    hw = max(30, min(int(HAND_CARD * s * f), (w - 2 * pad) // 13))
    hh = cardart.card_size(hw)[1]
    hand = _row_of(len(view.hand), pygame.Rect(pad, h - hh - pad, w - 2 * pad, hh), hw, int(6 * s))
    row = pygame.Rect(pad, h - hh - pad - int(14 * s) - int(ROW_H * s), w - 2 * pad, int(ROW_H * s))
    words = pygame.Rect(pad, row.y - gap - int(WORDS_H * s), w - 2 * pad, int(WORDS_H * s))
    notes = pygame.Rect(pad, words.y - int(4 * s) - int(NOTES_H * s), w - 2 * pad, int(NOTES_H * s))
    lines = pygame.Rect(pad, top, w - 2 * pad, notes.y - int(4 * s) - top)
    book = None
    if notebook:
        # as wide as the people's table's sidebar (about 40 characters a line)
        bw = int(min(max(w * 0.23, BOOK_W * s), 400 * s))
        book = pygame.Rect(lines.right - bw, lines.y, bw, lines.h)
        lines.w -= bw + gap
    # the main line: as large as the card setting asks, never larger than the hand's
    cw = max(22, min(int(LINE_CARD * s * f), hw, (lines.h - int(16 * s)) * 10 // 28))
    ch = cardart.card_size(cw)[1]
    main = _row_of(len(view.main), pygame.Rect(lines.x, lines.y + int(6 * s), lines.w, ch), cw, int(6 * s), centred=True)
    example = _example(lines, cw, example_cards, s) if example_cards else None
    foot = (example.panel.y if example is not None else lines.bottom) - int(6 * s)
    side_w = max(18, int(cw * SIDE_SHARE))
    if side_w < FULL_FACE <= cw:
        # a face narrower than 56 px has an index 0.4 of its height (30 of
        # 74 px at 53 px), a wider one 0.27 (21 of 78 px at 56 px): the
        # wider card lets a column of wrong cards step closer
        side_w = FULL_FACE
    side = _side(view, main, side_w, main[0].bottom + int(6 * s) if main else lines.y, foot, s)
    # (a card let go over the notebook is not played)
    drop = pygame.Rect(0, lines.y, w, row.bottom - lines.y) if book is None else pygame.Rect(0, lines.y, book.x, row.bottom - lines.y)
    out = SoloLayout(s, size, lines, cw, main, side_w, side, example, notes, words, row, hw, hand, drop)
    out.book = book
    out.guess_row = _guess_row(row, guess_labels, s)
    out.end_row = _end_row(row, end_labels, s)
    return out


def _row_of(n: int, area: pygame.Rect, cw: int, gap: int, *, centred: bool = True) -> list[pygame.Rect]:
    """``n`` cards ``cw`` wide in one row of ``area``, side by side when
    they fit, else overlapping evenly; centred while they do not fill it."""
    if n <= 0:
        return []
    ch = cardart.card_size(cw)[1]
    step = min(cw + gap, (area.w - cw) // max(1, n - 1)) if n > 1 else 0
    total = step * (n - 1) + cw
    x0 = area.centerx - total // 2 if centred and total < area.w else area.x
    return [pygame.Rect(x0 + i * step, area.y, cw, ch) for i in range(n)]


def _side(view, main: list[pygame.Rect], side_w: int, y0: int, foot: int, s: float) -> list[tuple[pygame.Rect, Key]]:
    """Every wrong card under the main-line card it was judged after,
    fanned down within ``y0``..``foot``: closer together when a column is
    deep, but never over the index (rank and suit) of the card above; a
    column deeper than that goes on at the top in a second and third lane
    an index's width to the right (as at the people's table), each lane's
    index within its main-line card's place.  (Fanned to fit, six wrong
    cards under one card at 1024x640 hid five suits, twenty hid them all;
    a wrong card is what the player reasons from.)  Only a column deeper
    than the lanes hold closes up further."""
    if not main:
        return []
    side_h = cardart.card_size(side_w)[1]
    idx = index_box(side_w)
    least = idx.bottom + 2
    pitch = main[1].x - main[0].x if len(main) > 1 else main[0].w
    dx = lane_shift(side_w)
    most = max(1, min(LANES, 1 + (min(side_w, pitch - (main[0].w - side_w) // 2 - 2) - idx.right) // dx))
    columns: dict[int, int] = {}
    for sp in view.side:
        col = max(0, min(len(main) - 1, sp.anchor))
        columns[col] = columns.get(col, 0) + len(sp.cards)
    room = max(0, foot - y0 - side_h)
    shape: dict[int, tuple[int, int, int]] = {}  # per column: its step, rows per lane, x step between lanes
    for col, depth in columns.items():
        step = min(int(side_h * SIDE_STEP), room // max(1, depth - 1)) if depth > 1 else 0
        rows, lane_dx = depth, 0
        if 0 < step < least:
            rows = 1 + room // least
            lanes = -(-depth // rows)
            if lanes <= most:
                step, lane_dx = least, dx
            else:  # deeper than the lanes hold: the last resort closes up
                rows = -(-depth // most)
                step, lane_dx = room // max(1, rows - 1), dx
        shape[col] = (step, rows, lane_dx)
    out: list[tuple[pygame.Rect, Key]] = []
    under: dict[int, int] = {}
    for j, sp in enumerate(view.side):
        col = max(0, min(len(main) - 1, sp.anchor))
        step, rows, lane_dx = shape[col]
        for k, _card in enumerate(sp.cards):
            n = under.get(col, 0)
            under[col] = n + 1
            lane, row = divmod(n, rows)
            x = main[col].centerx - side_w // 2 + lane * lane_dx + (row % 2 if lane_dx == 0 else 0) * int(4 * s)
            out.append((pygame.Rect(x, y0 + row * step, side_w, side_h), ("side", j, k)))
    return out


def _example(lines: pygame.Rect, cw: int, shown: int, s: float) -> Example:
    """The example's box at the foot of the main line's area: the line's
    last cards, a gap, the card judged apart."""
    ew = max(22, int(cw * 0.9))
    eh = cardart.card_size(ew)[1]
    gap = int(6 * s)
    title_h = int(26 * s)
    inner = shown * (ew + gap) + int(12 * s) + ew
    width = min(lines.w, max(inner + int(24 * s), int(300 * s)))
    panel = pygame.Rect(0, 0, width, eh + title_h + int(16 * s))
    panel.midbottom = (lines.centerx, lines.bottom - int(4 * s))
    x = panel.centerx - inner // 2
    y = panel.y + title_h + int(4 * s)
    line = [pygame.Rect(x + i * (ew + gap), y, ew, eh) for i in range(shown)]
    card = pygame.Rect(x + shown * (ew + gap) + int(12 * s), y, ew, eh)
    return Example(panel, (panel.centerx, panel.y + int(6 * s)), ew, line, card)


def _guess_row(row: pygame.Rect, labels: Sequence[tuple[str, str]], s: float) -> dict[str, pygame.Rect]:
    """The guess field (key ``field``) and its buttons after it, each as
    wide as its label needs."""
    gap = int(8 * s)
    widths = [button_width(label, s, 110) for _, label in labels]
    field_w = max(int(120 * s), row.w - sum(widths) - gap * len(widths))
    out = {"field": pygame.Rect(row.x, row.y, field_w, row.h)}
    x = row.x + field_w + gap
    for (key, _), bw in zip(labels, widths, strict=True):
        out[key] = pygame.Rect(x, row.y, bw, row.h)
        x += bw + gap
    return out


def _end_row(row: pygame.Rect, labels: Sequence[str], s: float) -> list[pygame.Rect]:
    """The end's buttons, centred in the row."""
    gap = int(8 * s)
    widths = [button_width(label, s, 200) for label in labels]
    x = row.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
    out = []
    for bw in widths:
        out.append(pygame.Rect(x, row.y, bw, row.h))
        x += bw + gap
    return out


__all__ = ["EXAMPLE_LINE", "Example", "SoloLayout", "compute_layout"]
