"""What the Gaps table shows, as pictures, and the painters that draw them.

:class:`Still` is everything of the static layer (the header with its
facts and redeal pips, the grid with live and dead gaps, the runs already
in place); :class:`GapsPicture` adds what changes from frame to frame (the
hint's arrow, the gap under the pointer or the keyboard cursor, the moves
and the clock, the status lines or the "no moves left" band in their
place).  The painters read a picture and nothing else; the flights and
the dragged card come from the table's animator and drag-and-drop
(:class:`Motion`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, high_contrast
from game.ui.kit.cursor import draw_cursor
from game.ui.kit.header import draw_header
from game.ui.kit.picture import Frame, Look, Motion
from game.ui.tables.gaps.layout import Layout
from game.ui.widgets import felt, panel, text, text_block, wrapped

DEAD_MARK = (120, 150, 130)
#: the dead gap's cross on the high-contrast look's black table (the grey
#: one has 6.5:1 there, below the look's 7:1, and reads faint beside white cards)
DEAD_MARK_HC = (255, 255, 255)
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Still(Frame[Layout]):
    facts: tuple[str, ...]
    score: str
    #: redeals left and allowed (a pip each)
    pips: tuple[int, int]
    grid: tuple[Card | None, ...]
    #: the empty cells that are live (a card can move in)
    live: frozenset[int]
    #: the cards already in their final run, per row
    runs: tuple[int, ...]
    #: cells and cards not drawn in place (in the air, held by the pointer)
    hidden: frozenset[Any]


@dataclass(frozen=True)
class Hover:
    """A gap under the pointer or the cursor: the card it wants (drawn
    faint in it) and where that card lies.  (What it says goes into the
    table's band of notes, over no card.)"""

    cell: int
    wants: Card | None
    source: int | None


@dataclass(frozen=True)
class Banner:
    """The "no moves left" band: its title and body, written left of
    ``text_right`` (its buttons, the table's, stand right of it)."""

    title: str
    body: str
    text_right: int


@dataclass(frozen=True)
class GapsPicture:
    still: Still
    hint: tuple[int, int] | None
    hover: Hover | None
    cursor: int | None
    moves: str
    #: the clock's text and where it ends (left of its Hide/Show button), or None when hidden
    clock: tuple[str, int] | None
    clock_running: bool
    status: tuple[tuple[str, Colour], ...]
    #: the "no moves left" band in the status lines' place
    banner: Banner | None


# --- the static layer -------------------------------------------------------------------------------


def paint_still(surface: pygame.Surface, p: Still) -> None:
    surface.blit(felt(surface.get_size()), (0, 0))
    _header(surface, p)
    _grid(surface, p)


def _header(surface: pygame.Surface, p: Still) -> None:
    s = p.look.scale
    x = draw_header(surface, p.header, p.title, list(p.facts), highlight=p.score)
    # one pip per redeal after the facts: filled while still available
    left, most = p.pips
    pr = max(3, int(5 * s))
    cy = p.header.rect.centery
    if p.header.info_right - x > most * int(14 * s) + int(8 * s):
        for i in range(most):
            px = x + int(10 * s) + i * int(14 * s) + pr
            if i < left:
                pygame.draw.circle(surface, GOLD, (px, cy), pr)
            else:
                pygame.draw.circle(surface, INK_DIM, (px, cy), pr, max(1, int(1.5 * s)))


def _grid(surface: pygame.Surface, p: Still) -> None:
    L = p.layout
    s = L.scale
    for i, c in enumerate(p.grid):
        r = L.cells[i]
        if c is None:
            if i in p.live:
                surface.blit(_live_fill(L.cw), r)
                surface.blit(cardart.slot(L.cw, (255, 226, 140), 220, dashed=True), r)
            else:
                surface.blit(cardart.slot(L.cw, (0, 0, 0), 50), r)
                _dead_mark(surface, r, s)
            continue
        if ("cell", i) in p.hidden or ("card", c) in p.hidden:
            surface.blit(cardart.slot(L.cw, (255, 255, 255), 60), r)  # the card is in the air
            continue
        surface.blit(cardart.shadow(L.cw), (r.x + 2, r.y + 3))
        surface.blit(p.look.face(c, L.cw), r)
    # cards already in their final run: a thin gold line under the run
    lw = max(2, int(3 * s))
    for row, n in enumerate(p.runs):
        if n:
            a, b = L.at(row, 0), L.at(row, n - 1)
            y = a.bottom + max(3, int(L.row_gap * 0.35))
            pygame.draw.line(surface, GOLD, (a.x + int(4 * s), y), (b.right - int(4 * s), y), lw)


_FILLS: dict[int, pygame.Surface] = {}
_GHOSTS: dict[tuple[Card, int, str, bool], pygame.Surface] = {}


def _live_fill(width: int) -> pygame.Surface:
    """A live gap: lighter felt, so it reads as open at a glance."""
    img = _FILLS.get(width)
    if img is None:
        w, h = cardart.card_size(width)
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(img, (255, 240, 190, 38), img.get_rect(), border_radius=max(3, int(w * 0.08)))
        if len(_FILLS) > 8:
            _FILLS.clear()
        _FILLS[width] = img
    return img


def _ghost(look: Look, card: Card, width: int) -> pygame.Surface:
    """The card a live gap wants, faint in the gap."""
    key = (card, width, look.lang, look.four_colour)
    img = _GHOSTS.get(key)
    if img is None:
        if len(_GHOSTS) > 64:
            _GHOSTS.clear()
        img = look.face(card, width).copy()
        img.set_alpha(95)
        _GHOSTS[key] = img
    return img


def _dead_mark(surface: pygame.Surface, r: pygame.Rect, s: float) -> None:
    k = int(r.w * 0.16)
    c = r.center
    lw = max(2, int(3 * s))
    colour = DEAD_MARK_HC if high_contrast() else DEAD_MARK
    pygame.draw.line(surface, colour, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), lw)
    pygame.draw.line(surface, colour, (c[0] + k, c[1] - k), (c[0] - k, c[1] + k), lw)


# --- what moves ---------------------------------------------------------------------------------------


def paint_moving(surface: pygame.Surface, p: GapsPicture, motion: Motion) -> None:
    L = p.still.layout
    if p.hint is not None:
        _hint(surface, L, *p.hint)
    motion.drag.draw_targets(surface)
    if p.hover is not None:
        _hover(surface, p.still.look, L, p.hover)
    if p.cursor is not None:
        draw_cursor(surface, L.cells[p.cursor], L.scale)
    _clock_line(surface, p)
    if p.banner is not None:
        _banner(surface, L, p.banner)
    else:
        _status(surface, L, p.status)
    motion.anim.draw(surface)
    motion.drag.draw_dragged(surface)


def _hint(surface: pygame.Surface, L: Layout, src: int, dst: int) -> None:
    a, b = L.cells[src], L.cells[dst]
    g = cardart.glow(L.cw)
    surface.blit(g, g.get_rect(center=a.center))
    surface.blit(g, g.get_rect(center=b.center))
    arrow(surface, a.center, b.center, HIGHLIGHT, max(3, int(5 * L.scale)), int(18 * L.scale))


def _hover(surface: pygame.Surface, look: Look, L: Layout, h: Hover) -> None:
    r = L.cells[h.cell]
    pygame.draw.rect(surface, HIGHLIGHT, r.inflate(int(4 * L.scale), int(4 * L.scale)), max(1, int(2 * L.scale)), border_radius=int(8 * L.scale))
    if h.wants is not None:
        surface.blit(_ghost(look, h.wants, L.cw), r)
        if h.source is not None:  # where the wanted card lies now
            src = L.cells[h.source].inflate(int(6 * L.scale), int(6 * L.scale))
            pygame.draw.rect(surface, HIGHLIGHT, src, max(2, int(3 * L.scale)), border_radius=int(9 * L.scale))


def _clock_line(surface: pygame.Surface, p: GapsPicture) -> None:
    """Moves at the left of the line under the grid; the clock at the
    right, left of its Hide/Show button, dimmed while it stands still."""
    L = p.still.layout
    s = L.scale
    r = L.clock
    size = int(17 * s)
    text(surface, p.moves, (r.x + int(4 * s), r.centery), size, INK, anchor="midleft", shadow=False, max_width=r.w // 3)
    if p.clock is not None:
        words, right = p.clock
        text(surface, words, (right, r.centery), size, INK if p.clock_running else INK_DIM, bold=True, anchor="midright", shadow=False, max_width=r.w // 3)


def _status(surface: pygame.Surface, L: Layout, lines: tuple[tuple[str, Colour], ...]) -> None:
    s = L.scale
    r = L.status
    y = r.y + int(4 * s)
    for i, (line, colour) in enumerate(lines[:2]):
        size = int(17 * s) if i == 0 else int(16 * s)
        text(surface, line, (r.centerx, y), size, colour, bold=i == 1, anchor="midtop", shadow=False, max_width=r.w)
        y += int(26 * s)


def _banner(surface: pygame.Surface, L: Layout, b: Banner) -> None:
    """The band under the grid: the title, and the body on at most two
    lines beneath it (smaller where it would take three: the German body
    is half as long again as the English)."""
    s = L.scale
    r = L.banner()
    panel(surface, r, 225, int(12 * s), GOLD)
    pad = int(14 * s)
    tw = b.text_right - r.x - pad
    title = int(20 * s)
    text(surface, b.title, (r.x + pad, r.y + int(5 * s)), title, GOLD, bold=True, shadow=False, max_width=tw)
    top = r.y + int(5 * s) + int(title * 1.25)
    room = r.bottom - int(4 * s) - top
    size = int(15 * s)
    while size > int(11 * s) and (len(wrapped(b.body, size, tw)) > 2 or len(wrapped(b.body, size, tw)) * int(size * 1.2) > room):
        size -= 1
    text_block(surface, b.body, pygame.Rect(r.x + pad, top, tw, room), size, INK, line_gap=1.2)


def arrow(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], colour: Colour, width: int, head: int) -> None:
    """A straight arrow from ``a`` to ``b`` with a filled head, and a dark
    outline so it reads over cards and felt."""
    ax, ay = a
    bx, by = b
    ang = math.atan2(by - ay, bx - ax)
    tip = (bx - math.cos(ang) * head * 0.2, by - math.sin(ang) * head * 0.2)
    base = (tip[0] - math.cos(ang) * head, tip[1] - math.sin(ang) * head)
    left = (base[0] + math.sin(ang) * head * 0.6, base[1] - math.cos(ang) * head * 0.6)
    right = (base[0] - math.sin(ang) * head * 0.6, base[1] + math.cos(ang) * head * 0.6)
    pygame.draw.line(surface, (20, 20, 20), a, base, width + 4)
    pygame.draw.polygon(surface, (20, 20, 20), [tip, left, right], 0)
    pygame.draw.line(surface, colour, a, base, width)
    pygame.draw.polygon(surface, colour, [tip, left, right], 0)
    pygame.draw.circle(surface, colour, (int(ax), int(ay)), width + 2)
