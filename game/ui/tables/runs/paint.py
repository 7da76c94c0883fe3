"""What the Runs table shows, as pictures, and the painters that draw them.

:class:`Still` is everything of the static layer, in the words of the
moment: the header facts (round, the table options, the deal), the other
seats with their backs and points, the pile, the runs closed earlier
(house rule "new run"), the run with who played each card and what may
follow, the scoreboard, the log (consecutive forced draws as one line),
the status line and the hand at the screen (a card that would end the run
is marked).  :class:`RunsPicture` adds the keyboard cursor.  The painters
read a picture and nothing else; the flights and the dragged card come
from the table's animator and drag-and-drop (:class:`Motion`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, PANEL, font
from game.ui.kit.cursor import draw_cursor
from game.ui.kit.header import draw_header
from game.ui.kit.log import draw_log
from game.ui.kit.picture import Frame, Motion
from game.ui.tables.runs.layout import Layout, fold_edge, seat_colour
from game.ui.widgets import card_tag, felt, panel, text, text_block

Colour = tuple[int, int, int]

#: the mark of a card that would end the run (and its glow): a warm orange,
#: apart from the gold of the cards that may be played
CLOSING = (242, 140, 56)


@dataclass(frozen=True)
class SeatBox:
    """Another seat at the top: its name, what it does ("to play",
    "thinking …", "out first"), its hand as backs with the count, its points."""

    seat: int
    name: str
    doing: str
    current: bool
    cards: int
    count: str
    points: str


@dataclass(frozen=True)
class Pile:
    count: int
    label: str
    #: a click on it draws (the person at the screen must draw by hand)
    glow: bool


@dataclass(frozen=True)
class Run:
    """The cards played this round, who played each, and the words around
    the run being played."""

    chain: tuple[Card, ...]
    seats: tuple[int, ...]
    #: under the last card: who played it
    last_name: str | None
    #: over the last card when the run is closed and the next starts beside it
    closed_mark: str | None
    #: under the runs closed earlier in the round
    closed_label: str | None
    #: under the next place: what may go there
    hint: str | None
    #: a "?" in the next place (any card may start a run)
    ask: bool
    #: beside the last card of a dead run
    dead: str | None


@dataclass(frozen=True)
class BoardRow:
    seat: int
    name: str
    round: str
    total: str
    #: the best total so far (drawn in gold)
    best: bool


@dataclass(frozen=True)
class Board:
    title: str
    round_head: str
    total_head: str
    rows: tuple[BoardRow, ...]
    #: the seat at the screen (its name is drawn bold)
    viewer: int | None


@dataclass(frozen=True)
class Hand:
    """The hand at the screen and the line under it."""

    seat: int
    cards: tuple[Card, ...]
    closing: frozenset[Card]
    #: the tag across a card that would end the run
    tag: str
    #: "You are out" where the hand was
    out: str | None
    line: str
    #: cards drawn while the hand was away (people sharing the device)
    fresh: frozenset[Card] = frozenset()
    #: the mark on them
    fresh_tag: str = ""
    #: none of them may be played: the person at the screen must draw or
    #: pass (every card shaded, as the cards not lit are on a turn to play)
    dim: bool = False


@dataclass(frozen=True)
class Still(Frame[Layout]):
    facts: tuple[str, ...]
    seats: tuple[SeatBox, ...]
    pile: Pile
    run: Run
    board: Board
    log_title: str
    log: tuple[tuple[Colour | None, str], ...]
    status: tuple[str, Colour]
    hand: Hand | None
    #: cards not drawn in place (in the air, held by the pointer)
    hidden: frozenset[Any]


@dataclass(frozen=True)
class RunsPicture:
    still: Still
    #: the card of the hand under the keyboard cursor (where it is drawn)
    cursor: pygame.Rect | None
    #: that card is marked new (its tag is drawn over the ring)
    cursor_new: bool = False


# --- the static layer -------------------------------------------------------------------------------


def paint_still(surface: pygame.Surface, p: Still) -> None:
    surface.blit(felt(surface.get_size()), (0, 0))
    draw_header(surface, p.header, p.title, list(p.facts))
    L = p.layout
    for box in p.seats:
        r = L.seats.get(box.seat)
        if r is not None:
            _seat(surface, box, r, L.s)
    _pile(surface, p.pile, L)
    _closed_runs(surface, p, L)
    _run(surface, p, L)
    _board(surface, p.board, L)
    draw_log(surface, L.log, p.log_title, list(p.log), L.s)
    _status(surface, p.status, L)
    if p.hand is not None:
        _hand(surface, p, p.hand, L)


def _seat(surface: pygame.Surface, b: SeatBox, r: pygame.Rect, s: float) -> None:
    panel(surface, r, 150 if b.current else 105, int(10 * s), HIGHLIGHT if b.current else None)
    pygame.draw.circle(surface, seat_colour(b.seat), (r.x + int(16 * s), r.y + int(19 * s)), int(6 * s))
    text(surface, b.name, (r.x + int(28 * s), r.y + int(8 * s)), int(17 * s), INK, bold=True, max_width=r.w - int(40 * s))
    text(surface, b.doing, (r.x + int(28 * s), r.y + int(30 * s)), int(13 * s), GOLD if b.current else INK_DIM, shadow=False, max_width=r.w - int(40 * s))
    # the hand as backs, fanned, with the count
    n = b.cards
    bw = int(26 * s)
    cr = text(surface, b.count, (r.right - int(10 * s), r.y + int(64 * s)), int(14 * s), INK, anchor="midright", shadow=False)
    room = cr.x - int(12 * s) - (r.x + int(12 * s)) - bw
    step = min(bw * 0.5, room / max(1, n - 1)) if n > 1 else 0
    back = cardart.back(bw)
    for i in range(n):
        surface.blit(back, (r.x + int(12 * s) + int(i * step), r.y + int(46 * s)))
    text(surface, b.points, (r.x + int(12 * s), r.bottom - int(8 * s)), int(13 * s), INK_DIM, anchor="bottomleft", shadow=False, max_width=r.w - int(24 * s))


def _pile(surface: pygame.Surface, pile: Pile, L: Layout) -> None:
    s = L.s
    p = L.pile
    n = pile.count
    if n:
        layers = min(5, (n + 7) // 8)
        for i in range(layers):
            surface.blit(cardart.back(L.cw), (p.x - i * 2, p.y - i * 2))
        if pile.glow:
            g = cardart.glow(L.cw)
            surface.blit(g, g.get_rect(center=(p.centerx - 2 * (layers - 1), p.centery - 2 * (layers - 1))))
    else:
        surface.blit(cardart.slot(L.cw), p)
    text(surface, pile.label, (p.centerx, p.bottom + int(8 * s)), int(14 * s), INK, anchor="midtop", shadow=False, max_width=int(150 * s))


def _run(surface: pygame.Surface, p: Still, L: Layout) -> None:
    s = L.s
    run = p.run
    n = len(run.chain)
    for i in range(L.current, min(n, len(L.chain))):
        card, r = run.chain[i], L.chain[i]
        if ("chain", i) in p.hidden:
            continue
        if i == n - 1:
            g = cardart.glow(r.w, GOLD, 150)
            surface.blit(g, g.get_rect(center=r.center))
        surface.blit(cardart.shadow(r.w), (r.x + 3, r.y + 5))
        surface.blit(p.look.face(card, r.w), r)
    # who played which card of this run: a dot in the seat's colour under each card
    for i in range(L.current, min(len(run.seats), len(L.chain))):
        r = L.chain[i]
        x = r.x + (r.w // 2 if i == n - 1 else int(L.cw * 0.28))
        pygame.draw.circle(surface, seat_colour(run.seats[i]), (x, r.bottom + int(12 * s)), int(5 * s))
    if n and len(L.chain) == n:
        last = L.chain[-1]
        if run.last_name is not None:
            text(surface, run.last_name, (last.centerx, last.bottom + int(22 * s)), int(13 * s), INK_DIM, anchor="midtop", shadow=False, max_width=int(last.w * 1.6))
        if run.closed_mark is not None:
            # the run is closed; the next one starts beside it
            text(surface, run.closed_mark, (last.centerx, last.y - int(8 * s)), int(14 * s), GOLD, bold=True, anchor="midbottom", max_width=int(last.w * 1.8))
    # the next place and what may go there
    if L.slot is not None:
        sl = L.slot
        surface.blit(cardart.slot(sl.w, dashed=True, alpha=110), sl)
        if run.hint is not None:
            # (a little wider than the place: the house rule's second line,
            # "or the run stops" or the circuit's count, in two lines at most)
            # (kept left of the right column: beside a whole suit in play
            # the place sits at the row's end, and "Any card starts a new
            # run." ran into the log at 1920x1080)
            hint = pygame.Rect(sl.x - int(30 * s), sl.bottom + int(8 * s), sl.w + int(60 * s), int(60 * s))
            hint.right = min(hint.right, L.board.x - int(6 * s))
            text_block(surface, run.hint, hint, int(14 * s), INK_DIM, align="center")
        if run.ask:
            text(surface, "?", sl.center, int(40 * s), (255, 255, 255), bold=True, anchor="center", shadow=False)
    elif n and run.dead is not None and L.chain:
        last = L.chain[-1]
        text_block(surface, run.dead, pygame.Rect(last.right + int(18 * s), last.centery - int(30 * s), int(170 * s), int(90 * s)), int(15 * s), GOLD, bold=True)


def _closed_runs(surface: pygame.Surface, p: Still, L: Layout) -> None:
    """The runs closed earlier in the round: small, dimmed, one label under them."""
    if not L.closed:
        return
    s = L.s
    area: pygame.Rect | None = None
    for a, b in L.closed:
        box = L.chain[a].unionall(L.chain[a:b])
        for i in range(a, b):
            if i in L.folded:
                continue
            if i == b - 1 and i - 1 in L.folded:
                # a run shown by its ends: the edges of the cards between,
                # as the pile's layers, left of the last card (clear of the
                # first card's index)
                # (K♦ and A♦ alone read as two cards: a dash between the
                # first card's index and the edges says "K♦ to A♦")
                r, first = L.chain[i], L.chain[a]
                idx = cardart.index_corner(first.w, p.look.lang)
                left, right = first.x + idx.right, r.x - 2 * fold_edge(s)
                text(surface, "–", ((left + right) // 2, first.y + idx.y + idx.h // 4), max(10, idx.h * 3 // 4), (40, 40, 40), bold=True, anchor="center", shadow=False)
                for k in (2, 1):
                    edge = r.move(-k * fold_edge(s), 0)
                    pygame.draw.rect(surface, cardart.PAPER, edge, border_radius=max(3, int(r.w * 0.08)))
                    pygame.draw.rect(surface, cardart.EDGE, edge, 1, border_radius=max(3, int(r.w * 0.08)))
            surface.blit(p.look.face(p.run.chain[i], L.chain[i].w), L.chain[i])
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (*PANEL, 110), shade.get_rect(), border_radius=max(3, int(box.w * 0.04)))
        surface.blit(shade, box)
        area = box if area is None else area.union(box)
    if area is not None and p.run.closed_label is not None:
        # under the closed runs, and between the pile and the run in play: a
        # label wider than the runs moves left ("1 geschlossene Reihe" ran
        # under the first card of the run in play at 900x560)
        size, pad = int(13 * s), int(6 * s)
        after = [r.x for r in (*L.chain[L.closed[-1][1] :], L.slot) if r is not None]
        right = (min(after) if after else area.right + int(45 * s)) - pad
        left = L.pile.right + pad
        half = min(font(size).size(p.run.closed_label)[0], right - left) // 2
        cx = max(left + half, min(area.centerx, right - half))
        text(surface, p.run.closed_label, (cx, area.bottom + int(8 * s)), size, INK_DIM, anchor="midtop", shadow=False, max_width=right - left)


def _board(surface: pygame.Surface, b: Board, L: Layout) -> None:
    s = L.s
    r = L.board
    panel(surface, r, 130, int(10 * s))
    x_round = r.right - int(92 * s)
    x_total = r.right - int(14 * s)
    y = r.y + int(10 * s)
    text(surface, b.title, (r.x + int(12 * s), y), int(15 * s), GOLD, bold=True, shadow=False)
    text(surface, b.round_head, (x_round, y + int(2 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False)
    text(surface, b.total_head, (x_total, y + int(2 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False)
    y += int(30 * s)
    for row in b.rows:
        pygame.draw.circle(surface, seat_colour(row.seat), (r.x + int(18 * s), y + int(9 * s)), int(5 * s))
        name_w = x_round - int(60 * s) - (r.x + int(30 * s))
        text(surface, row.name, (r.x + int(30 * s), y), int(15 * s), INK, bold=row.seat == b.viewer, shadow=False, max_width=name_w)
        text(surface, row.round, (x_round, y), int(15 * s), INK_DIM, anchor="topright", shadow=False)
        text(surface, row.total, (x_total, y), int(15 * s), GOLD if row.best else INK, bold=True, anchor="topright", shadow=False)
        y += int(26 * s)


def _status(surface: pygame.Surface, status: tuple[str, Colour], L: Layout) -> None:
    line, colour = status
    panel(surface, L.status, 110, int(8 * L.s))
    text(surface, line, L.status.center, int(17 * L.s), colour, bold=True, anchor="center", max_width=L.status.w - int(20 * L.s))


def _closing_tag(surface: pygame.Surface, card: pygame.Rect, label: str, s: float, band: int | None = None) -> None:
    """The mark on a card that would end the run: a small tag across it;
    on a card of the upper row (``band``: the height it shows) right of
    the index, in the strip the row below leaves."""
    size = int(12 * s)
    if band is not None:
        left = card.x + int(card.w * 0.3)
        w = min(card.right - int(3 * s) - left, int(len(label) * size * 0.62) + int(14 * s))
        tag = pygame.Rect(left, 0, w, int(20 * s))
        tag.centery = card.y + band // 2
    else:
        w = min(card.w - int(6 * s), int(len(label) * size * 0.62) + int(14 * s))
        tag = pygame.Rect(card.x + int(3 * s), 0, w, int(20 * s))
        tag.centery = card.y + int(card.h * 0.62)
    pygame.draw.rect(surface, CLOSING, tag, border_radius=tag.h // 2)
    text(surface, label, tag.center, size, (30, 20, 10), bold=True, anchor="center", shadow=False, max_width=tag.w - int(8 * s))


def _hand(surface: pygame.Surface, p: Still, hand: Hand, L: Layout) -> None:
    s = L.s
    shade_others = bool(L.lit) or hand.dim
    tags = []
    news = []
    for i, (card, r) in enumerate(zip(hand.cards, L.hand)):
        if ("hand", card) in p.hidden:
            continue
        lit = i in L.lit
        y = r.y - (L.lift if lit else 0)
        if lit:
            g = cardart.glow(L.hw, CLOSING) if card in hand.closing else cardart.glow(L.hw)
            surface.blit(g, g.get_rect(center=(r.centerx, y + r.h // 2)))
        surface.blit(cardart.shadow(L.hw), (r.x + 3, y + 5))
        surface.blit(p.look.face(card, L.hw), (r.x, y))
        if shade_others and not lit:
            shade = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=max(3, int(L.hw * 0.08)))
            surface.blit(shade, (r.x, y))
        elif lit and card in hand.closing:
            tags.append((pygame.Rect(r.x, y, r.w, r.h), L.row_step if r.y < L.hand[-1].y else None))
        if card in hand.fresh:
            news.append(pygame.Rect(r.x, y, r.w, r.h))
    # on top of the hand: in a crowded hand the tag starts on the card's
    # visible strip and runs over the next card's middle, not its index
    for r, band in tags:
        _closing_tag(surface, r, hand.tag, s, band)
    for r in news:
        card_tag(surface, r, hand.fresh_tag, s)
    if hand.out is not None:
        text(surface, hand.out, (L.status.centerx, L.status.bottom + int(60 * s)), int(20 * s), GOLD, bold=True, anchor="center", max_width=L.status.w)
    pygame.draw.circle(surface, seat_colour(hand.seat), (L.mine[0] + int(6 * s), L.mine[1] + int(8 * s)), int(5 * s))
    text(surface, hand.line, (L.mine[0] + int(16 * s), L.mine[1]), int(14 * s), INK_DIM, shadow=False, max_width=L.status.w - int(20 * s))


# --- what moves ---------------------------------------------------------------------------------------


def paint_moving(surface: pygame.Surface, p: RunsPicture, motion: Motion) -> None:
    motion.drag.draw_targets(surface)
    if p.cursor is not None:
        draw_cursor(surface, p.cursor, p.still.layout.s)
        hand = p.still.hand
        if p.cursor_new and hand is not None:
            # the ring ran through the card's "new" tag (the hint's card
            # is often the one just drawn): the tag goes over it again
            card_tag(surface, p.cursor, hand.fresh_tag, p.still.layout.s)
    motion.anim.draw(surface)
    motion.drag.draw_dragged(surface)
