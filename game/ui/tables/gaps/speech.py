"""The Gaps table for a screen reader: the grid as 52 places, each card by
name with its row and column (a gap says what it takes), the keyboard
cursor as the focus, and the situation in a sentence.

Built from what the painters draw: the layout's cell rects and the view's
grid, the engine's legal moves for what is playable (nothing is worked out
again here)."""

from __future__ import annotations

from typing import Any

from game.games import gaps as G
from game.games.gaps.board import COLS, NCELLS
from game.i18n import tr
from game.ui.a11y.nodes import Node, Role, State
from game.ui.a11y.words import card_name, spoken
from game.ui.kit.speech import last_move
from game.ui.tables.gaps.session import clock_text

#: the table (not imported: the table imports this module)
GapsTable = Any

GRID = "gaps:grid"


def cell_key(cell: int) -> str:
    r, c = divmod(cell, COLS)
    return f"gaps:cell:{r + 1}:{c + 1}"


def regions(t: GapsTable) -> list[Node]:
    """The grid: a GROUP of its 52 places, row by row."""
    v = t.view
    L = t.layout()
    lang = t.lang
    playing = t.model.playing()
    movable = {a.card for a in G.GAME.legal_actions(v) if isinstance(a, G.Move)} if playing else set()
    gaps = t.gaps()
    cursor = t.cursor.index if t.cursor.valid(NCELLS) and playing else None
    cells = []
    for i, card in enumerate(v.grid):
        r, c = divmod(i, COLS)
        place = tr("a11y.gaps.place", lang, row=r + 1, col=c + 1)
        states: set[State] = set()
        if i == cursor:
            states.add(State.SELECTED)
        if card is None:
            info = gaps.get(i)
            states.add(State.EMPTY)
            if info is not None and info.live and playing:
                states.add(State.PLAYABLE)
            name = tr("a11y.gaps.gap", lang)
            desc = place + (f"; {spoken(info.message, lang)}" if info is not None else "")
        else:
            name = card_name(card, lang)
            desc = place
            if card in movable:
                states.add(State.PLAYABLE)
        rect = L.cells[i]
        cells.append(Node(cell_key(i), Role.CARD, name, (rect.x, rect.y, rect.w, rect.h), desc, frozenset(states), pressable=playing))
    g = L.grid
    return [Node(GRID, Role.GROUP, tr("a11y.gaps.grid", lang), (g.x, g.y, g.w, g.h), children=tuple(cells))]


def focus(t: GapsTable) -> str | None:
    return cell_key(t.cursor.index) if t.cursor.valid(NCELLS) and t.model.playing() and t.cursor.index is not None else None


def enter(t: GapsTable, region: str) -> None:
    if region == GRID and not t.cursor.valid(NCELLS):
        t.cursor.place(t._cursor_start())


def summary(t: GapsTable) -> str:
    """ "Gaps, round 1 of 4, score 12, 2 of 4 gaps can be filled. Cursor:
    row 2, column 5, eight of hearts. Last: …"."""
    v = t.view
    lang = t.lang
    live = sum(1 for g in t.gaps().values() if g.live)
    parts = [tr("a11y.gaps.summary", lang, round=v.redeals + 1, rounds=v.max_redeals + 1, score=G.score(v), live=live, n=sum(1 for c in v.grid if c is None))]
    if not t.model.meta.review:  # (the clock runs whether it shows or not)
        parts.append(tr("gaps_ui.time", lang, time=clock_text(t.model.elapsed)) + ".")
    if not t.model.playing():
        parts.append(tr("gaps_ui.over", lang))
    elif G.redeal_due(v):
        parts.append(tr("a11y.gaps.redeal_due", lang, n=v.redeals_left))
    i = t.cursor.index
    if i is not None and t.cursor.valid(NCELLS):
        r, c = divmod(i, COLS)
        card = v.grid[i]
        parts.append(tr("a11y.gaps.cursor", lang, place=tr("a11y.gaps.place", lang, row=r + 1, col=c + 1), what=card_name(card, lang) if card is not None else tr("a11y.gaps.gap", lang)))
    parts.append(last_move(t))
    return " ".join(p for p in parts if p)


def move_words(t: GapsTable, moved: Any, said: str) -> str:
    """The log's words, and when no move is left, that a redeal is due."""
    v = t.view
    if t.model.playing() and G.redeal_due(v):
        return f"{said} {tr('a11y.gaps.redeal_due', t.lang, n=v.redeals_left)}"
    return said


def hint(t: GapsTable, h: G.Hint) -> None:
    """A move hinted, said (the grid marks it with an arrow for the eyes;
    other advice is a note, which the kit says)."""
    if isinstance(h.action, G.Move) and h.message is not None:
        t.voice.say(spoken(h.message, t.lang))


__all__ = ["GRID", "cell_key", "enter", "focus", "hint", "move_words", "regions", "summary"]
