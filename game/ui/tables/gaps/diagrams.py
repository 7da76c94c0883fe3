"""Gaps' picture for the rules: a layout in the Gaps notation and a window
of one row; the gap marked live must be live per the rules' ``gap_info``
and the one marked dead dead (after a King or another gap).  What the live
gap wants comes from ``gap_info`` too, and the caption names it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card, display
from game.games.gaps.board import cell_at
from game.games.gaps.notation import parse
from game.games.gaps.rules import gap_info
from game.ui import cardart
from game.ui.assets import GOLD
from game.ui.diagrams import Diagram, DiagramError, cross
from game.ui.widgets import rendered


@dataclass(frozen=True)
class GapsRow:
    cells: tuple[Card | None, ...]  # the window, left to right
    live: int  # index into cells
    dead: int
    wants: Card  # what the live gap takes (gap_info)
    left: Card  # the live gap's left neighbour
    blocker: Card | None  # the dead gap's left neighbour (None: a gap)


def read(d: Diagram) -> GapsRow:
    state = parse(d.notation)
    m = d.marks
    row, first, last = m["row"], m["first"], m["last"]
    live, dead = cell_at(row, m["live"]), cell_at(row, m["dead"])
    if not first <= m["live"] <= last or not first <= m["dead"] <= last:
        raise DiagramError("the marked gaps lie outside the window")
    info = {g.cell: g for g in gap_info(state)}
    if live not in info or info[live].kind != "live" or info[live].wants is None:
        raise DiagramError(f"cell {live} is not a live gap")
    if dead not in info or info[dead].live or info[dead].kind != m["dead_kind"]:
        raise DiagramError(f"cell {dead} is not a dead gap of the kind {m['dead_kind']}")
    left, wants = state.grid[live - 1], info[live].wants
    assert left is not None and wants is not None  # a live gap past the first column: a card on its left
    cells = tuple(state.grid[cell_at(row, c)] for c in range(first, last + 1))
    return GapsRow(cells, m["live"] - first, m["dead"] - first, wants, left, state.grid[dead - 1])


def words(model: GapsRow) -> Mapping[str, Any]:
    return {"left": model.left, "wants": model.wants, "king": model.blocker}


def draw(model: GapsRow, cw: int, lang: str, four: bool) -> pygame.Surface:
    ch = cardart.card_size(cw)[1]
    step = cw + max(3, cw // 8)
    glow = cardart.glow(cw)
    pad = (glow.get_width() - cw) // 2
    s = pygame.Surface((len(model.cells) * step + 2 * pad, ch + 2 * pad), pygame.SRCALPHA)
    for i, card in enumerate(model.cells):
        rect = pygame.Rect(pad + i * step, pad, cw, ch)
        if card is not None:
            s.blit(cardart.face(card, cw, lang, four), rect)
            continue
        s.blit(cardart.slot(cw, alpha=110), rect)
        if i == model.live:
            s.blit(glow, (rect.x - pad, rect.y - pad))
            label, _ = rendered(display(model.wants, lang), max(12, cw * 2 // 5), GOLD, True, False, None)
            s.blit(label, label.get_rect(center=rect.center))
        elif i == model.dead:
            cross(s, rect)
    return s


DIAGRAMS = {
    "row": Diagram(
        "3D 4H 5H -- 8C KS -- 9D 2H 8D 7D 6S QC\n"
        "2D 9C QH KC 10C 7H 2C -- KH JS KD 4S 6D\n"
        "7C 7S 10S 6H 8S 2S JD JH 5C 10H 3H 3C 10D\n"
        "6C -- 5D 9S QS 5S 8H QD 3S 4C 4D 9H JC",
        "gaps_ui.rules.diagram.row",
        read,
        draw,
        words,
        {"row": 0, "first": 1, "last": 7, "live": 3, "dead": 6, "dead_kind": "after_king"},
    ),
}
