"""What Delphi alone's table shows, as a picture, and the painters that
draw it.

:class:`Still` is everything of the static layer: the header with its
facts, the main line (the starters framed in gold, the last card framed
green when God accepted it), the wrong cards framed red, a wrong guess's
example in cards, the band of verdicts, and the hand (dimmed while a
card cannot be played).  :class:`SoloPicture` adds what is drawn every
frame: the play area lit while a card is held over it, and the keyboard
cursor over the hand.  The painters read a picture and nothing else; the
flights and the dragged card come from the table's animator and
drag-and-drop (:class:`~game.ui.kit.picture.Motion`)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.cards import Card
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM
from game.ui.kit.cursor import draw_cursor
from game.ui.kit.header import draw_header
from game.ui.kit.picture import Frame, Motion
from game.ui.tables.delphi.draw import RIGHT_GREEN, WRONG_RED
from game.ui.tables.delphi.solo.layout import SoloLayout
from game.ui.tables.delphi.solo.model import PLAIN, PROMPT, RESULT, RIGHT, WRONG, Said
from game.ui.widgets import felt, panel, text, text_block, wrap

#: the verdict band's colours, by a line's tone
TONES = {RIGHT: RIGHT_GREEN, WRONG: WRONG_RED, RESULT: GOLD, PLAIN: INK, PROMPT: INK_DIM}
#: the band's text size at scale 1 (smaller, down to 10 px, when its lines need it)
WORDS_SIZE = 16


@dataclass(frozen=True)
class Shown:
    """A wrong guess's example in cards: the main line's last cards (the
    whole line when short) and the card the two rules judge apart."""

    title: str
    line: tuple[Card, ...]
    card: Card


@dataclass(frozen=True)
class Still(Frame[SoloLayout]):
    facts: tuple[str, ...]
    main: tuple[Card, ...]
    starters: int
    #: God accepted the last card played: it is framed green
    last_right: bool
    #: the wrong cards, in the order of the layout's places
    side: tuple[Card, ...]
    example: Shown | None
    said: tuple[Said, ...]
    hand: tuple[Card, ...]
    #: a card of the hand can be played now (else the hand is dimmed)
    playing: bool
    #: cards not drawn in place (in the air, held by the pointer)
    hidden: frozenset[object]
    #: the notebook's title ("" while it is closed; its text field is the
    #: table's, over the panel drawn here)
    notebook_title: str = ""


@dataclass(frozen=True)
class SoloPicture:
    still: Still
    #: a card is held over the play area: it is lit
    lit: bool
    #: the keyboard cursor over the hand (a hand index)
    cursor: int | None


# --- the static layer -------------------------------------------------------------------------------


def paint_still(surface: pygame.Surface, p: Still) -> None:
    surface.blit(felt(surface.get_size()), (0, 0))
    draw_header(surface, p.header, p.title, list(p.facts))
    L = p.layout
    _line(surface, p, L)
    if p.example is not None and L.example is not None:
        _example(surface, p.example, L, p)
    _words(surface, p.said, L)
    if p.notebook_title and L.book is not None:
        s = L.s
        panel(surface, L.book, 90, int(10 * s))
        text(surface, p.notebook_title, (L.book.x + int(12 * s), L.book.y + int(8 * s)), int(15 * s), GOLD, bold=True, shadow=False, max_width=L.book.w - int(24 * s))
    _hand(surface, p, L)


def _line(surface: pygame.Surface, p: Still, L: SoloLayout) -> None:
    s = L.s
    edge = max(1, int(2 * s))
    # the wrong cards first: the main line lies over their tops
    for card, (r, key) in zip(p.side, L.side, strict=False):
        if key in p.hidden:
            continue
        surface.blit(cardart.shadow(r.w), (r.x + 2, r.y + 3))
        surface.blit(p.look.face(card, r.w), r)
        pygame.draw.rect(surface, WRONG_RED, r, edge, border_radius=int(5 * s))
    for i, (card, r) in enumerate(zip(p.main, L.main, strict=False)):
        if ("main", i) in p.hidden:
            continue
        surface.blit(cardart.shadow(r.w), (r.x + 2, r.y + 3))
        surface.blit(p.look.face(card, r.w), r)
        if i < p.starters:
            pygame.draw.rect(surface, GOLD, r.inflate(4, 4), edge, border_radius=int(6 * s))
    last = len(p.main) - 1
    if p.last_right and 0 <= last < len(L.main) and ("main", last) not in p.hidden:
        pygame.draw.rect(surface, RIGHT_GREEN, L.main[last].inflate(4, 4), edge, border_radius=int(6 * s))


def _example(surface: pygame.Surface, shown: Shown, L: SoloLayout, p: Still) -> None:
    E = L.example
    assert E is not None
    s = L.s
    panel(surface, E.panel, 170, int(8 * s), WRONG_RED)
    text(surface, shown.title, E.title, int(15 * s), INK, anchor="midtop", max_width=E.panel.w - int(16 * s))
    for c, r in zip(shown.line, E.line, strict=False):
        surface.blit(p.look.face(c, r.w), r)
    surface.blit(p.look.face(shown.card, E.card.w), E.card)
    pygame.draw.rect(surface, GOLD, E.card.inflate(4, 4), max(1, int(2 * s)), border_radius=int(5 * s))


def _words(surface: pygame.Surface, said: tuple[Said, ...], L: SoloLayout) -> None:
    s = L.s
    panel(surface, L.words, 110, int(10 * s))
    box = L.words.inflate(-int(20 * s), -int(10 * s))
    size = int(WORDS_SIZE * s)
    # the largest size at which every line fits the band
    while size > 10 and sum(len(wrap(x.words, size, box.w)) for x in said) * int(size * 1.25) > box.h:
        size -= 1
    y = box.y
    for x in said:
        if y >= box.bottom:
            break
        y += text_block(surface, x.words, pygame.Rect(box.x, y, box.w, box.bottom - y), size, TONES.get(x.tone, INK))


def _hand(surface: pygame.Surface, p: Still, L: SoloLayout) -> None:
    for i, (card, r) in enumerate(zip(p.hand, L.hand, strict=False)):
        if ("hand", i) in p.hidden:
            continue
        img = p.look.face(card, r.w)
        surface.blit(cardart.shadow(r.w), (r.x + 3, r.y + 5))
        if not p.playing:
            img = img.copy()
            img.set_alpha(150)
        surface.blit(img, r)


# --- what is drawn every frame ---------------------------------------------------------------------


def paint_moving(surface: pygame.Surface, p: SoloPicture, motion: Motion) -> None:
    L = p.still.layout
    if p.lit:
        pygame.draw.rect(surface, HIGHLIGHT, L.lines.inflate(int(8 * L.s), int(8 * L.s)), 2, border_radius=int(12 * L.s))
    if p.cursor is not None and p.cursor < len(L.hand):
        draw_cursor(surface, L.hand[p.cursor], L.s)
    motion.anim.draw(surface)
    motion.drag.draw_dragged(surface)


__all__ = ["Shown", "SoloPicture", "Still", "paint_moving", "paint_still"]
