"""What the Delphi table shows, as pictures, and the painters that draw them.

:class:`Still` is everything of the static layer: the header and its
facts, the tableau (the main line, its side lines, markers, the pending
play, the overview of a long line), an open No Play hand, the facts
panel with God's deck, the seats, the round's log, and the hand of the
seat at the screen with the string being built.  :class:`DelphiPicture`
adds what is drawn every frame: the status line (what the table waits
for; made from the position at every frame, so it can never say what
was true a move ago), the glow where a dragged card goes, the keyboard
cursor and the verdict badge.  The painters read a picture and nothing
else; the flights and the dragged card come from the table's animator
and drag-and-drop (:class:`Motion`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.cards import Card, display
from game.games.delphi.state import SidePlay
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, font
from game.ui.kit.cursor import draw_cursor
from game.ui.kit.header import draw_header
from game.ui.kit.log import draw_log
from game.ui.kit.picture import Frame, Motion
from game.ui.tables.delphi.draw import BLACK_PAWN, PROPHET, WHITE_PAWN, WRONG_RED, Colour, number_badge, pawn, string_bracket, verdict_badge
from game.ui.tables.delphi.layout import Layout, Tableau, index_box
from game.ui.tables.delphi.model import Badge
from game.ui.widgets import felt, panel, text, text_block, wrap

#: the facts panel's text size (at scale 1; 15 read as dense small print
#: beside 18 px prompts, issue 50)
INFO_SIZE = 16
#: the pawns' legend's, under the facts
LEGEND_SIZE = 15
#: the round's log's (the kit's 13 px was the smallest text on the table)
LOG_SIZE = 15


@dataclass(frozen=True)
class Line:
    """The cards on the tableau: the main line (its play numbers, the
    starters among them), the side lines, a play awaiting its verdict,
    the markers (white and black by play number; the Prophet's on the
    main-line card they were declared after, -1 for none)."""

    main: tuple[Card, ...]
    main_nums: tuple[int, ...]
    starters: int
    side: tuple[SidePlay, ...]
    pending: tuple[Card, ...]
    white: tuple[int, ...]
    black: tuple[int, ...]
    prophet_anchor: int


@dataclass(frozen=True)
class Shown:
    """A hand laid open for a No Play: its cards, and the cards marked (the
    one chosen in the pick, the Prophet's pick God checks)."""

    cards: tuple[Card, ...]
    marked: frozenset[int]


@dataclass(frozen=True)
class SeatRow:
    name: str
    tags: str
    colour: Colour
    #: the seat to act (its name bold), framed while the round is played
    current: bool
    framed: bool
    #: cards in hand (None for God, who has none)
    cards: int | None


@dataclass(frozen=True)
class Hand:
    """The hand of the seat at the screen and the string being built
    (hand indices in the order clicked); ``away``: the string is in the
    air or held by the pointer."""

    cards: tuple[Card, ...]
    chosen: tuple[int, ...]
    away: bool


@dataclass(frozen=True)
class Position:
    """What the still shows of the position, for the seat at the screen
    (made once per position, seat and language): the header's facts, the
    cards on the tableau, the facts panel, the seats, the round's log, and
    what stands where no hand is shown."""

    facts: tuple[str, ...]
    line: Line
    awaiting: str
    shown_title: str
    info: tuple[tuple[str, Colour], ...]
    #: what the pawns on the cards mean, one row per kind on the table
    #: (``white``, ``black``, ``prophet``) with its words (issue 50: a
    #: newcomer saw pawns on cards and nothing said why)
    legend: tuple[tuple[str, str], ...]
    deck_size: int
    seats: tuple[SeatRow, ...]
    log_title: str
    log: tuple[str, ...]
    hand_label: str
    keys: tuple[str, ...]
    #: nobody's hand is shown, or God has none
    hand_message: str


@dataclass(frozen=True)
class Still(Frame[Layout]):
    position: Position
    line_title: str
    #: beside the title: the line is crowded, or how to scroll it
    line_note: str
    shown: Shown | None
    #: the hand (None: none shown, ``position.hand_message`` instead)
    hand: Hand | None
    #: cards not drawn in place (in the air, held by the pointer)
    hidden: frozenset[object]
    #: the open side line's title and how to close it ("" when none is open)
    sheet_title: str = ""
    sheet_note: str = ""
    #: the notebook's title where the round's log goes ("": the log shows)
    notebook_title: str = ""


@dataclass(frozen=True)
class DelphiPicture:
    still: Still
    #: the status line ("" for none), brighter when the person at the screen is to act
    status: tuple[str, bool]
    #: a card is dragged and may go down: the landing place glows
    glow: bool
    #: the keyboard cursor over the hand (a hand index)
    cursor: int | None
    #: the verdict over a settled play, once it shows
    badge: Badge | None


#: how far down the facts panel God's deck and its count reach, at scale 1
DECK_ROOM = 72


def info_widths(lines: tuple[tuple[str, Colour], ...], width: int, scale: float) -> list[int]:
    """The width of each of the facts panel's lines: those that start
    beside God's deck and its count leave room for them.  (The first three
    did: when one of them wrapped, the fourth ran under the count, "111"
    on "falsch" in German at 1024x640.)"""
    size = int(INFO_SIZE * scale)
    y = int(8 * scale)
    out = []
    for t, _ in lines:
        w = width - int(24 * scale) - (int(50 * scale) if y < int(DECK_ROOM * scale) else 0)
        out.append(w)
        y += len(wrap(t, size, w)) * int(size * 1.3)
    return out


#: the legend's pawns: their height and the room they take before the words, at scale 1
LEGEND_PAWN = 20
LEGEND_INDENT = 22


def legend_width(width: int, scale: float) -> int:
    """The width of a legend row's words (the pawn stands before them)."""
    return width - int(24 * scale) - int(LEGEND_INDENT * scale)


def info_height(lines: tuple[tuple[str, Colour], ...], width: int, scale: float, legend: tuple[tuple[str, str], ...] = ()) -> int:
    """The height the facts panel needs for ``lines`` and the pawns' ``legend``."""
    size = int(INFO_SIZE * scale)
    n = sum(len(wrap(t, size, w)) for (t, _), w in zip(lines, info_widths(lines, width, scale), strict=True))
    small = int(LEGEND_SIZE * scale)
    rows = sum(len(wrap(t, small, legend_width(width, scale))) for _, t in legend)
    room = int(6 * scale) + rows * int(small * 1.3) if legend else 0
    return int(16 * scale) + n * int(size * 1.3) + room


# --- the static layer -------------------------------------------------------------------------------


def paint_still(surface: pygame.Surface, p: Still) -> None:
    surface.blit(felt(surface.get_size()), (0, 0))
    draw_header(surface, p.header, p.title, list(p.position.facts))
    L = p.layout
    _tableau(surface, p, L)
    _sheet(surface, p, L)
    _shown(surface, p, L)
    _info(surface, p, L)
    _seats(surface, p, L)
    if p.notebook_title:  # its text field is the table's pygame_gui element, over this panel
        panel(surface, L.log, 90, int(10 * L.s))
        text(surface, p.notebook_title, (L.log.x + int(12 * L.s), L.log.y + int(8 * L.s)), int(14 * L.s), GOLD, bold=True, shadow=False, max_width=L.log.w - int(24 * L.s))
    else:
        draw_log(surface, L.log, p.position.log_title, [(None, line) for line in p.position.log], L.s, size=LOG_SIZE)
    _hand(surface, p, L)


def _tableau(surface: pygame.Surface, p: Still, L: Layout) -> None:
    s = L.s
    T = L.tableau
    head = text(surface, p.line_title, (T.area.x, T.area.y - int(4 * s)), int(14 * s), INK_DIM, anchor="bottomleft", shadow=False)
    if p.line_note:
        text(surface, p.line_note, (T.area.right, T.area.y - int(4 * s)), int(12 * s), INK_DIM, anchor="bottomright", shadow=False, max_width=T.area.right - head.right - int(16 * s))
    if T.overview is not None:
        _overview(surface, p, T, s)
    # the row: cards scrolled out of it are cut off (markers stand a little above it)
    clip = surface.get_clip()
    surface.set_clip(T.strip.union(T.strip.move(0, -int(T.cw * 0.2))))
    _row(surface, p, T, s)
    _folds(surface, T, s)
    surface.set_clip(clip)
    # the row goes on beyond its ends: a fade says so
    for edge, more in ((T.strip.x, T.first > 0), (T.strip.right - int(T.cw * 0.35), T.scroll > 0)):
        if more:
            fade = pygame.Surface((int(T.cw * 0.35), T.ch), pygame.SRCALPHA)
            for x in range(fade.get_width()):
                a = int(150 * (1 - x / fade.get_width())) if edge == T.strip.x else int(150 * x / fade.get_width())
                pygame.draw.line(fade, (12, 40, 28, a), (x, 0), (x, T.ch))
            surface.blit(fade, (edge, T.strip.y))


def _folds(surface: pygame.Surface, T: Tableau, s: float) -> None:
    """The "+N" tag over a folded column's newest plays."""
    for a, f in T.folds.items():
        if not T.in_view(a):
            continue
        pygame.draw.rect(surface, (40, 30, 20), f.tag, border_radius=max(3, f.tag.h // 3))
        pygame.draw.rect(surface, WRONG_RED, f.tag, max(1, int(2 * s)), border_radius=max(3, f.tag.h // 3))
        text(surface, tr("delphi.table.fold_more", n=f.hidden), f.tag.center, max(10, int(f.tag.h * 0.7)), HIGHLIGHT, bold=True, anchor="center", shadow=False, max_width=f.tag.w - 4)


def _sheet(surface: pygame.Surface, p: Still, L: Layout) -> None:
    """One side line whole, on a sheet over the tableau."""
    sh = L.sheet
    if sh is None:
        return
    s = L.s
    panel(surface, sh.panel, 250, int(12 * s))
    pad = int(12 * s)
    text(surface, p.sheet_title, (sh.panel.x + pad, sh.panel.y + int(8 * s)), int(16 * s), GOLD, bold=True, shadow=False, max_width=sh.panel.w - 2 * pad)
    text(surface, p.sheet_note, (sh.panel.right - pad, sh.panel.bottom - int(4 * s)), int(12 * s), INK_DIM, anchor="bottomright", shadow=False, max_width=sh.panel.w - 2 * pad)
    line = p.position.line
    shadow = cardart.shadow(sh.cw)
    for j, rects in zip(sh.plays, sh.cards):
        for c, r in zip(line.side[j].cards, rects):
            surface.blit(shadow, (r.x + 2, r.y + 3))
            surface.blit(p.look.face(c, sh.cw), r)
        if len(rects) >= 2:  # a string: a line under its fanned cards
            y = rects[0].bottom + max(3, int(4 * s))
            pygame.draw.line(surface, (240, 220, 160), (rects[0].x + 4, y), (rects[-1].right - 4, y), max(2, int(2 * s)))


def _overview(surface: pygame.Surface, p: Still, T: Tableau, s: float) -> None:
    """The whole main line as labels; the part in the row framed."""
    ov = T.overview
    assert ov is not None
    line = p.position.line
    under: dict[int, int] = {}
    for sp in line.side:
        under[sp.anchor] = under.get(sp.anchor, 0) + len(sp.cards)
    marked = set(line.white) | set(line.black)
    for i, (c, r) in enumerate(zip(line.main, ov.chips)):
        pygame.draw.rect(surface, (246, 244, 236), r, border_radius=max(2, r.h // 5))
        if i < line.starters:
            pygame.draw.rect(surface, (120, 150, 130), r, 1, border_radius=max(2, r.h // 5))
        if i == line.prophet_anchor:
            pygame.draw.rect(surface, PROPHET[0], r, max(2, int(2 * s)), border_radius=max(2, r.h // 5))
        text(surface, display(c, p.look.lang), r.center, ov.font, cardart.suit_colour(c.suit, p.look.four_colour), bold=True, anchor="center", shadow=False, max_width=r.w - 2)
        if under.get(i):
            pygame.draw.rect(surface, WRONG_RED, (r.x + 1, r.bottom - max(2, int(3 * s)), min(r.w - 2, under[i] * max(2, int(3 * s))), max(2, int(3 * s))))
        if line.main_nums[i] in marked:  # a white or black marker: a small pawn's head
            fill, edge = BLACK_PAWN if line.main_nums[i] in line.black else WHITE_PAWN
            rad = max(2, int(3.5 * s))
            pygame.draw.circle(surface, fill, (r.right - rad, r.y + rad), rad)
            pygame.draw.circle(surface, edge, (r.right - rad, r.y + rad), rad, 1)
    for f in ov.frames:
        pygame.draw.rect(surface, HIGHLIGHT, f, max(1, int(2 * s)), border_radius=max(3, int(4 * s)))


def _row(surface: pygame.Surface, p: Still, T: Tableau, s: float) -> None:
    line = p.position.line
    cw = T.cw
    shadow = cardart.shadow(cw)
    # side lines first (they hang below; the main line is drawn over their tops)
    left, right = T.strip.x - cw, T.strip.right
    for j, rects in enumerate(T.side):
        if rects and not left < rects[0].x < right:
            continue  # scrolled out of the row
        for k, (c, r) in enumerate(zip(line.side[j].cards, rects)):
            if ("side", j, k) not in p.hidden:
                surface.blit(shadow, (r.x + 2, r.y + 3))
                surface.blit(p.look.face(c, cw), r)
        if len(rects) >= 2 and ("side", j, 0) not in p.hidden:
            # the bracket ends where the next play in its lane begins (a
            # bracket left of a later lane ran a card's height over the
            # lane before it)
            nxt = T.side[j + 1] if j + 1 < len(T.side) else []
            end = rects[-1]
            if nxt and nxt[0].x == end.x and end.y < nxt[0].y < end.bottom:
                end = pygame.Rect(end.x, end.y, end.w, nxt[0].y - end.y + int(2 * s))
            elif any(end.x < r.x < end.right and r.colliderect(end) for rr in T.side[j + 1 :] for r in rr):
                end = pygame.Rect(end.x, end.y, end.w, index_box(cw).bottom + int(6 * s))  # only its index shows
            string_bracket(surface, [*rects[:-1], end], (240, 220, 160), max(2, int(2 * s)))
    for i, r in enumerate(T.main):
        if i >= len(line.main) or ("main", i) in p.hidden or not left < r.x < right:
            continue
        surface.blit(shadow, (r.x + 2, r.y + 3))
        surface.blit(p.look.face(line.main[i], cw), r)
        if i < line.starters:
            pygame.draw.rect(surface, (190, 208, 194), r.inflate(4, 4), 1, border_radius=max(3, cw // 10))
    if T.slot is not None:
        surface.blit(cardart.slot(cw, dashed=True, alpha=110), T.slot)
        text(surface, "?", T.slot.center, int(cw * 0.5), (255, 255, 255), bold=True, anchor="center", shadow=False)
    for k, r in enumerate(T.pending):
        if k >= len(line.pending) or ("pending", k) in p.hidden:
            continue
        surface.blit(shadow, (r.x + 2, r.y + 3))
        surface.blit(p.look.face(line.pending[k], cw), r)
        pygame.draw.rect(surface, HIGHLIGHT, r.inflate(4, 4), 2, border_radius=max(3, cw // 10))
    if T.pending:
        r0 = T.pending[0]
        mw = max(cw * len(T.pending), int(120 * s))
        # under a card last in its row the label ran past the line's clip
        # ("awaiting the verd"): it ends inside it instead
        lw = min(font(int(13 * s)).size(p.position.awaiting)[0], mw)
        clip = surface.get_clip()
        x = max(clip.x, min(r0.x, clip.right - lw - int(4 * s)))
        text(surface, p.position.awaiting, (x, r0.bottom + int(3 * s)), int(13 * s), HIGHLIGHT, shadow=True, max_width=mw)
    # markers: white every 10th card, black after the Prophet, the Prophet's own
    ph = max(12, int(cw * 0.36))
    later = [r for rects in T.side for r in rects]
    for kind, nums in (("white", line.white), ("black", line.black)):
        for n in nums:
            at = T.rect_for_number(line.main_nums, line.side, n)
            if at is None:
                continue
            spot = pygame.Rect(int(at.right - ph * 0.32 - ph * 0.35), at.y, int(ph * 0.7), int(ph * 0.95))
            if at in later and any(r.x > at.x and r.colliderect(spot) for r in later):
                # a side card in a lane that a later lane covers shows
                # only its index: the marker is the pawn's head (as on the
                # overview's labels), right of the index
                _marker_head(surface, at, kind, s)
            else:
                pawn(surface, (at.right - ph * 0.32, at.y + ph * 0.95), ph, kind)
    if 0 <= line.prophet_anchor < len(T.main):
        at = T.main[line.prophet_anchor]
        pawn(surface, (at.x + ph * 0.36, at.bottom - int(2 * s)), int(ph * 1.1), "prophet")


def _marker_head(surface: pygame.Surface, at: pygame.Rect, kind: str, s: float) -> None:
    """A white or black marker on a side card of which only the index
    shows: a small pawn's head in the gap right of the index."""
    fill, edge = BLACK_PAWN if kind == "black" else WHITE_PAWN
    rad = max(2, int(3 * s))
    centre = (at.x + index_box(at.w).right + rad + 1, at.y + rad + 2)
    pygame.draw.circle(surface, fill, centre, rad)
    pygame.draw.circle(surface, edge, centre, rad, 1)


def _shown(surface: pygame.Surface, p: Still, L: Layout) -> None:
    sh = p.shown
    if L.shown is None or sh is None:
        return
    s = L.s
    panel(surface, L.shown, 150, int(10 * s), GOLD)
    text(surface, p.position.shown_title, (L.shown.x + int(12 * s), L.shown.y + int(6 * s)), int(15 * s), GOLD, bold=True, shadow=False, max_width=L.shown.w - int(24 * s))
    for i, (c, r) in enumerate(zip(sh.cards, L.shown_cards)):
        if ("shown", i) in p.hidden:
            continue
        surface.blit(p.look.face(c, L.shown_cw), r)
        if i in sh.marked:
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(6, 6), 3, border_radius=6)


def _info(surface: pygame.Surface, p: Still, L: Layout) -> None:
    s = L.s
    panel(surface, L.info, 120, int(10 * s))
    y = L.info.y + int(8 * s)
    lines = tuple(p.position.info)
    for (line, colour), w in zip(lines, info_widths(lines, L.info.w, s), strict=True):
        y += text_block(surface, line, pygame.Rect(L.info.x + int(12 * s), y, w, 400), int(INFO_SIZE * s), colour, line_gap=1.3)
    if p.position.legend:
        y += int(6 * s)
        x = L.info.x + int(12 * s)
        small = int(LEGEND_SIZE * s)
        for kind, words in p.position.legend:
            pawn(surface, (x + int(LEGEND_INDENT * s) / 2 - int(2 * s), y + small * 1.15), int(LEGEND_PAWN * s), kind)
            y += text_block(surface, words, pygame.Rect(x + int(LEGEND_INDENT * s), y, legend_width(L.info.w, s), 400), small, INK_DIM, line_gap=1.3)
    # God's deck
    d = L.deck
    deck = p.position.deck_size
    for k in range(min(3, (deck + 19) // 20)):
        surface.blit(cardart.back(d.w), (d.x + k * 2, d.y - k * 2))
    text(surface, str(deck), (d.centerx, d.bottom + int(2 * s)), int(12 * s), INK_DIM, anchor="midtop", shadow=False)


def _seats(surface: pygame.Surface, p: Still, L: Layout) -> None:
    s = L.s
    panel(surface, L.seats, 110, int(10 * s))
    seats = p.position.seats
    size = int(15 * s) if len(seats) > 6 else int(16 * s)
    count_w = int(74 * s)
    for seat, row in zip(seats, L.seat_rows):
        if seat.framed:
            pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(7 * s))
        nr = text(surface, seat.name, (row.x + int(8 * s), row.centery), size, seat.colour, bold=seat.current, anchor="midleft", max_width=int((row.w - count_w) * 0.55))
        if seat.tags:
            text(surface, seat.tags, (nr.right + int(8 * s), row.centery), int(12 * s), INK_DIM, anchor="midleft", shadow=False, max_width=row.right - count_w - nr.right - int(12 * s))
        if seat.cards is not None:
            back = cardart.back(int(14 * s))
            x0 = row.right - int(8 * s) - count_w
            for i in range(min(seat.cards, 5)):
                surface.blit(back, (x0 + i * int(14 * s * 0.45), row.centery - back.get_height() // 2))
            text(surface, str(seat.cards), (row.right - int(8 * s), row.centery), int(15 * s), INK, bold=True, anchor="midright", shadow=False)


def _hand(surface: pygame.Surface, p: Still, L: Layout) -> None:
    s = L.s
    area = L.hand_area
    hand = p.hand
    if hand is None:
        if p.position.hand_message:
            text(surface, p.position.hand_message, area.center, int(16 * s), INK_DIM, anchor="center", shadow=False, max_width=area.w)
        return
    hw = L.hand.cw
    rects = L.hand.rects
    for i, (c, r) in enumerate(zip(hand.cards, rects)):
        if ("hand", i) in p.hidden or (i in hand.chosen and hand.away):
            continue
        surface.blit(cardart.shadow(hw), (r.x + 3, r.y + 5))
        surface.blit(p.look.face(c, hw), r)
        if i in hand.chosen:
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(4, 4), 3, border_radius=8)
            rad = max(9, int(13 * s))
            step = rects[1].x - rects[0].x if len(rects) > 1 else hw
            visible = min(hw, step) if i < len(rects) - 1 else hw
            number_badge(surface, (r.x + visible // 2, r.bottom - rad - int(10 * s)), rad, hand.chosen.index(i) + 1)
    lr = text(surface, p.position.hand_label, (area.x, area.bottom + int(3 * s)), int(13 * s), INK_DIM, shadow=False)
    # the keys beside the hand's name: in a small window the last ones are
    # left out rather than the line shrunk past reading (at 800x500 the
    # whole line did not fit even at 9 px)
    room = area.right - lr.right - int(16 * s)
    parts = list(p.position.keys)
    least = font(max(10, int(11 * s)), False)
    while len(parts) > 1 and least.size(" · ".join(parts))[0] > room:
        parts.pop()
    if parts:
        text(surface, " · ".join(parts), (area.right, area.bottom + int(3 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False, max_width=room)


# --- what is drawn every frame ---------------------------------------------------------------------


def paint_moving(surface: pygame.Surface, p: DelphiPicture, motion: Motion) -> None:
    L = p.still.layout
    T = L.tableau
    if p.glow:
        r: pygame.Rect | None = T.slot or (T.pending[0] if T.pending else None)
        if r is not None:
            g = cardart.glow(r.w)
            surface.blit(g, g.get_rect(center=r.center))
        pygame.draw.rect(surface, HIGHLIGHT, T.area.inflate(int(12 * L.s), int(12 * L.s)), 2, border_radius=int(12 * L.s))
    if p.cursor is not None and p.cursor < len(L.hand.rects):
        draw_cursor(surface, L.hand.rects[p.cursor], L.s)
    words, mine = p.status
    if words:
        text(surface, words, L.status.center, int(18 * L.s), HIGHLIGHT if mine else INK, bold=mine, anchor="center", max_width=L.status.w)
    motion.anim.draw(surface)
    motion.drag.draw_dragged(surface)
    b = p.badge
    if b is not None:
        label = tr("delphi.ui.right" if b.right else "delphi.ui.wrong", p.still.look.lang)
        verdict_badge(surface, b.midbottom, label, b.right, int(17 * L.s), b.alpha)
