"""Mind the Gap's picture for the rules: a pyramid in the game's notation,
every card resting on two others their difference (parsing it places each
card through the rules' own ``placement_problem``; the check asks each
card on two others to be their difference), a badge with the difference
between each pair."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.cards import Card
from game.games.mind_the_gap.notation import NOTATION
from game.ui import cardart
from game.ui.diagrams import Diagram, DiagramError, badge


@dataclass(frozen=True)
class Pyramid:
    rows: tuple[tuple[Card | None, ...], ...]


def read(d: Diagram) -> Pyramid:
    state = NOTATION.parse(d.notation)
    shape = state.shape
    places = state.places
    for above, left, right in shape.triples:
        a, lc, rc = places[above], places[left], places[right]
        if a is not None and lc is not None and rc is not None and abs(lc.value - rc.value) != a.value:
            raise DiagramError(f"{a.code} is not the difference of {lc.code} and {rc.code}")
    return Pyramid(tuple(tuple(places[shape.index(r, c)] for c in range(r + 1)) for r in range(shape.rows)))


def draw(model: Pyramid, cw: int, lang: str, four: bool) -> pygame.Surface:
    ch = cardart.card_size(cw)[1]
    small = max(11, cw * 3 // 10)
    gap = cw // 2
    n = len(model.rows)
    w = n * cw + (n - 1) * gap
    pitch = ch + cw // 6
    s = pygame.Surface((w, n * pitch), pygame.SRCALPHA)
    pos = {}
    for r, row in enumerate(model.rows):
        x0 = (w - (r + 1) * cw - r * gap) // 2
        for c, card in enumerate(row):
            rect = pygame.Rect(x0 + c * (cw + gap), r * pitch, cw, ch)
            pos[r, c] = rect
            s.blit(cardart.face(card, cw, lang, four) if card is not None else cardart.slot(cw), rect)
    for r in range(1, n):
        for c in range(r):
            a, b = model.rows[r][c], model.rows[r][c + 1]
            if a is None or b is None:
                continue
            plate = badge(str(abs(a.value - b.value)), small)
            mid = ((pos[r, c].right + pos[r, c + 1].left) // 2, pos[r, c].centery)
            s.blit(plate, plate.get_rect(center=mid))
    return s


DIAGRAMS = {
    "pyramid": Diagram("2S/3H,5D/7C,4S,9H/KD,6C,10S,AH - 6 normal std", "mind_the_gap.rules.diagram.pyramid", read, draw),
}
