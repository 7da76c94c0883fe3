"""What the Mind the Gap table shows, as a picture, and the painters that
draw it.

:class:`Still` is everything of the static layer, all from the view of
the seat at the screen: the header with the team's coins, the seats, the
log, the partners' open hands (Easy), the pyramid (with the gap help when
it is on), the stock, the fanned discard pile, the used ranks, the hand,
the status line and the tutorial's explanation.  The painters read a
picture and nothing else; the flights and the dragged card come from the
table's animator and drag-and-drop (the kit's :class:`~game.ui.kit.picture.Motion`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE, font
from game.ui.kit.header import draw_header
from game.ui.kit.log import draw_log
from game.ui.kit.picture import Frame, Motion
from game.ui.tables.mind_the_gap.layout import OPEN_CARD, OPEN_OVERLAP, SEAT_ROW, Layout
from game.ui.widgets import MIN_TEXT, card_tag, coin, felt, panel, text, text_block, wrapped

#: the most coins drawn in the header (the setup allows 20)
MAX_COINS_DRAWN = 20
USED_MARK = (226, 96, 80)
FREE_MARK = (220, 230, 220)


@dataclass(frozen=True)
class SeatRow:
    """One seat in the list: its name (and "Computer"), its cards."""

    name: str
    cards_text: str
    cards: int
    current: bool


@dataclass(frozen=True)
class GapMark:
    """The gap help in one empty place: the values that fit (``sub`` says
    how many when they are shown as a range), or a cross when none does."""

    place: int
    text: str
    sub: str | None = None

    @property
    def dead(self) -> bool:
        return not self.text


@dataclass(frozen=True)
class RankMark:
    """One rank of the used ranks: its label and how many of its copies
    are gone."""

    label: str
    gone: int
    copies: int


@dataclass(frozen=True)
class Still(Frame[Layout]):
    #: the coins in words (gold, after the title), left and at the start
    coins: str
    purse: tuple[int, int]
    facts: str
    seats: tuple[SeatRow, ...]
    log_title: str
    #: the log lines in view, oldest first
    log: tuple[str, ...]
    #: the partners' open hands (Easy): name and cards
    open_hands: tuple[tuple[str, tuple[Card, ...]], ...]
    places: tuple[Card | None, ...]
    target_label: str
    #: the gap help (empty when it is off)
    gaps: tuple[GapMark, ...]
    #: the gap help's count of finished pyramids, and whether any is left
    help_line: tuple[str, bool] | None
    stock: int
    stock_label: str
    pile_label: str
    #: what the empty discard pile says (None with cards on it)
    pile_hint: str | None
    #: the pile is lit: a card is being dragged or is selected
    pile_lit: bool
    discard: tuple[Card, ...]
    tally_title: str
    tally: tuple[RankMark, ...]
    hand: tuple[Card, ...]
    #: the hand card selected (drawn a little lifted)
    picked: Card | None
    #: the card just drawn, marked while its holder looks before the pass
    fresh: Card | None
    fresh_label: str
    hand_label: str
    status: str
    #: the tutorial's explanation: its title and text
    coach: tuple[str, str] | None
    #: cards not drawn in place (in the air, held by the pointer)
    hidden: frozenset[Any]


@dataclass(frozen=True)
class MtgPicture:
    still: Still


# --- the static layer -------------------------------------------------------------------------------


def paint_still(surface: pygame.Surface, p: Still) -> None:
    surface.blit(felt(surface.get_size()), (0, 0))
    _header(surface, p)
    _seats(surface, p)
    _pyramid(surface, p)
    _right(surface, p)
    _hand(surface, p)
    _status(surface, p)
    if p.coach is not None:
        _coach(surface, p, *p.coach)


# --- the header: title, coins, level and deal ----------------------------------------
def _header(surface: pygame.Surface, p: Still) -> None:
    s = p.look.scale
    x = draw_header(surface, p.header, p.title, [], highlight=p.coins)
    cy = p.header.rect.centery
    r = int(10 * s)
    left, start = p.purse
    drawn = min(start, MAX_COINS_DRAWN)
    for i in range(drawn):
        coin(surface, (x + r + i * int(r * 1.55), cy), r, spent=i >= left)
    if drawn:
        x += 2 * r + (drawn - 1) * int(r * 1.55) + int(16 * s)
    room = p.header.info_right - x
    if room > int(40 * s):
        text(surface, p.facts, (x, cy), int(16 * s), INK_DIM, anchor="midleft", shadow=False, max_width=room)


# --- the left column: seats, log, open hands ----------------------------------------------
def _seats(surface: pygame.Surface, p: Still) -> None:
    L = p.layout
    s = L.scale
    panel(surface, L.seats, 110, int(10 * s))
    for i, seat in enumerate(p.seats):
        y = L.seats.y + int(8 * s) + i * int(SEAT_ROW * s)
        row = pygame.Rect(L.seats.x + int(6 * s), y, L.seats.w - int(12 * s), int(54 * s))
        if seat.current:
            pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(8 * s))
        bw = int(16 * s)
        # the name ends before the little card backs ("Person 2 · Computer" ran under them)
        icons_x = row.right - int(10 * s) - seat.cards * int(bw * 0.55) - bw // 2
        text(surface, seat.name, (row.x + int(10 * s), row.y + int(6 * s)), int(16 * s), INK, bold=seat.current, max_width=icons_x - row.x - int(18 * s))
        text(surface, seat.cards_text, (row.x + int(10 * s), row.y + int(30 * s)), int(13 * s), INK_DIM, shadow=False)
        for k in range(seat.cards):
            surface.blit(cardart.back(bw), (row.right - int(10 * s) - (seat.cards - k) * int(bw * 0.55) - bw // 2, row.y + int(12 * s)))
    if p.log:
        draw_log(surface, L.log, p.log_title, [(None, line) for line in p.log], s)
    y = L.open_hands.y if p.log else L.log.y
    mw = L.open_card or int(OPEN_CARD * s)
    for name, cards in p.open_hands:
        text(surface, name, (L.seats.x, y), int(13 * s), INK_DIM, shadow=False)
        y += int(18 * s)
        for i, c in enumerate(cards):
            surface.blit(p.look.face(c, mw), (L.seats.x + i * int(mw * OPEN_OVERLAP), y))
        y += int(mw * cardart.ASPECT) + int(8 * s)


# --- the pyramid ----------------------------------------------------------------------
def _pyramid(surface: pygame.Surface, p: Still) -> None:
    L = p.layout
    s = L.scale
    # the empty places first, then the cards (their shadows fall on the
    # place below)
    for place, r in L.places.items():
        c = p.places[place]
        if c is None or ("place", place) in p.hidden or ("pyr", place) in p.hidden:
            surface.blit(cardart.slot(L.pw, dashed=True, alpha=90), r)
    for place, r in L.places.items():
        c = p.places[place]
        if c is not None and ("place", place) not in p.hidden and ("pyr", place) not in p.hidden:
            surface.blit(cardart.shadow(L.pw), (r.x + 2, r.y + 4))
            surface.blit(p.look.face(c, L.pw), r)
            if place == 0:  # beside the top card, on the right (the notes have its left)
                text(surface, p.target_label, L.target_tag.topleft, int(13 * s), GOLD, bold=True, max_width=L.target_tag.w)
    # the help in each gap (the rows lie apart: all of it is open)
    for mark in p.gaps:
        _gap_help(surface, L.places[mark.place], mark, s)
    if p.help_line is not None:
        line, ok = p.help_line
        box = L.help_box
        size = int(15 * s)
        while size > 9 and len(wrapped(line, size, box.w)) * int(size * 1.25) > box.h:
            size -= 1
        text_block(surface, line, box, size, INK if ok else REFUSE)


def _gap_help(surface: pygame.Surface, r: pygame.Rect, mark: GapMark, s: float) -> None:
    if mark.dead:
        width = max(2, int(3 * s))
        k = int(10 * s)
        pygame.draw.line(surface, REFUSE, (r.x + k, r.y + k), (r.right - k, r.bottom - k), width)
        pygame.draw.line(surface, REFUSE, (r.right - k, r.y + k), (r.x + k, r.bottom - k), width)
        return
    def fit(line: str) -> int:
        return int(min(22 * s, r.w / max(2.2, len(line) * 0.62)))

    lines, size = [mark.text], fit(mark.text)
    words = mark.text.split()
    if len(words) > 2 and not mark.sub:
        # six values ("3 5 7 9 10 J") on one line came out about 9 px high
        # at 800x500; on two lines they are as large as four on one
        half = (len(words) + 1) // 2
        two = [" ".join(words[:half]), " ".join(words[half:])]
        size2 = min(min(fit(x) for x in two), int(r.h / 2.6))
        if size2 > size:
            lines, size = two, size2
    centre = r.centery - (int(8 * s) if mark.sub else 0)
    for i, line in enumerate(lines):
        y = centre + int((i - (len(lines) - 1) / 2) * size * 1.15)
        text(surface, line, (r.centerx, y), size, HIGHLIGHT, bold=True, anchor="center", max_width=r.w - 6)
    if mark.sub:
        text(surface, mark.sub, (r.centerx, r.centery + int(14 * s)), int(12 * s), INK_DIM, anchor="center", shadow=False, max_width=r.w - 6)


# --- the right column: the tutorial, stock, discard pile, used ranks ------------------------------------------
def _right(surface: pygame.Surface, p: Still) -> None:
    L = p.layout
    s = L.scale
    if p.stock:
        for i in range(min(4, p.stock)):
            surface.blit(cardart.back(L.dw), (L.stock.x + i * 2, L.stock.y - i * 2))
    else:
        surface.blit(cardart.slot(L.dw), L.stock)
    text(surface, p.stock_label, (L.stock.right + int(14 * s), L.stock.centery), int(16 * s), INK, anchor="midleft")
    # the discard pile, fanned so every card shows its index
    z = L.discard_zone
    panel(surface, z, 60, int(10 * s), (255, 255, 255) if p.pile_lit else None)
    text(surface, p.pile_label, (z.x, z.y - int(4 * s)), int(14 * s), INK_DIM, anchor="bottomleft")
    if p.pile_hint is not None:
        # in two lines when one does not fit (the German one at 800x500)
        size, width = int(14 * s), z.w - int(20 * s)
        lines = wrapped(p.pile_hint, size, width)
        tall = len(lines) * int(size * 1.25)
        text_block(surface, p.pile_hint, pygame.Rect(z.x + int(10 * s), z.centery - tall // 2, width, tall), size, INK_DIM, align="center")
    for i, (c, r) in enumerate(zip(p.discard, L.discard_cards)):
        if ("discard", i) not in p.hidden:
            surface.blit(p.look.face(c, L.dw), r)
    _tally(surface, p)


def _tally(surface: pygame.Surface, p: Still) -> None:
    """For each rank, how many of its copies are gone (pyramid and discards)."""
    L = p.layout
    s = L.scale
    t = L.tally
    cw = t.w / max(1, len(p.tally))
    text(surface, p.tally_title, (t.x, t.y), int(13 * s), INK_DIM, shadow=False, max_width=t.w)
    for i, rank in enumerate(p.tally):
        cx = int(t.x + cw * (i + 0.5))
        text(surface, rank.label, (cx, t.y + int(20 * s)), int(15 * s), REFUSE if rank.gone >= rank.copies else INK, bold=True, anchor="midtop", shadow=False)
        for k in range(rank.copies):
            cy = t.y + int(44 * s) + k * int(10 * s)
            pygame.draw.circle(surface, USED_MARK if k < rank.gone else FREE_MARK, (cx, cy), max(2, int(3.8 * s)), 0 if k < rank.gone else max(1, int(1.2 * s)))


# --- the hand and the status line ----------------------------------------------------------------
def _hand(surface: pygame.Surface, p: Still) -> None:
    L = p.layout
    s = L.scale
    for card, r in zip(p.hand, L.hand):
        if ("hand", card) in p.hidden:
            continue
        lift = int(10 * s) if p.picked == card else 0
        surface.blit(cardart.shadow(L.hw), (r.x + 3, r.y + 5 - lift))
        surface.blit(p.look.face(card, L.hw), (r.x, r.y - lift))
        if card == p.fresh:
            card_tag(surface, r.move(0, -lift), p.fresh_label, s)
    if L.hand and p.hand_label:
        text(surface, p.hand_label, (L.hand[0].x, L.hand[0].bottom + int(2 * s)), int(13 * s), INK_DIM, shadow=False)


def _status(surface: pygame.Surface, p: Still) -> None:
    L = p.layout
    if not p.status:
        return
    lines, size = status_lines(p.status, L)
    step = int(size * 1.15)
    for i, line in enumerate(lines):
        y = L.status.centery + int((i - (len(lines) - 1) / 2) * step)
        text(surface, line, (L.status.centerx, y), size, INK, anchor="center", max_width=L.status.w)


def status_lines(status: str, L: Layout) -> tuple[list[str], int]:
    """The status line as one line, or as two where two come out larger.
    A dead end's reason (up to 156 letters in German) was one line of 9
    px ending in "…" at 800x500, its values cut off; on two lines it
    fits whole.  Two lines take the status band and the gaps beside it
    (``L.status_room``)."""
    nominal = int(16 * L.scale)
    w = L.status.w
    one = next((z for z in range(nominal, MIN_TEXT - 1, -1) if font(z).size(status)[0] <= w), MIN_TEXT - 1)
    if one == nominal:
        return [status], nominal
    cap = min(nominal, int(L.status_room.h / 2.3))  # (two lines 1.15 apart, as drawn)
    for z in range(cap, one, -1):
        two = wrapped(status, z, w)
        if len(two) <= 2 and all(font(z).size(x)[0] <= w for x in two):
            return list(two), z
    return [status], max(one, MIN_TEXT)


# --- the tutorial's explanation ---------------------------------------------------------------------
def _coach(surface: pygame.Surface, p: Still, head: str, body: str) -> None:
    L = p.layout
    s = L.scale
    r = L.coach
    panel(surface, r, 225, int(12 * s), GOLD)
    text(surface, head, (r.x + int(12 * s), r.y + int(8 * s)), int(16 * s), GOLD, bold=True, max_width=r.w - int(24 * s))
    # the text ends clear of "Show me" (its focus ring included): the
    # first step's last line was under the button at 1280x800
    box = pygame.Rect(r.x + int(12 * s), r.y + int(34 * s), r.w - int(24 * s), L.show_me().y - int(10 * s) - r.y - int(34 * s))
    size = int(14 * s)
    while size > 9 and len(wrapped(body, size, box.w)) * int(size * 1.25) > box.h:
        size -= 1
    text_block(surface, body, box, size, INK)


# --- what moves ---------------------------------------------------------------------------------------


def paint_moving(surface: pygame.Surface, p: MtgPicture, motion: Motion) -> None:
    motion.drag.draw_targets(surface)
    motion.anim.draw(surface)
    motion.drag.draw_dragged(surface)
