"""Mind the Gap's picture for the rules: a pyramid in the game's notation,
every card resting on two others their difference (parsing it places each
card through the rules' own ``placement_problem``, which refuses any other),
a badge with the difference between each pair, as the rules' ``difference``
gives it."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import pygame

from game.cards import Card
from game.games.mind_the_gap.board import difference
from game.games.mind_the_gap.notation import NOTATION
from game.ui import cardart
from game.ui.diagrams import Diagram, badge


@dataclass(frozen=True)
class Pyramid:
    rows: tuple[tuple[Card | None, ...], ...]
    #: per row, the difference of each pair of neighbours (None beside a gap)
    badges: tuple[tuple[int | None, ...], ...]


def read(d: Diagram) -> Pyramid:
    state = NOTATION.parse(d.notation)  # a card that is not its difference is refused here
    shape = state.shape
    rows = tuple(tuple(state.places[shape.index(r, c)] for c in range(r + 1)) for r in range(shape.rows))
    badges = tuple(tuple(None if a is None or b is None else difference(a, b) for a, b in pairwise(row)) for row in rows)
    return Pyramid(rows, badges)


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
        for c, diff in enumerate(model.badges[r]):
            if diff is None:
                continue
            plate = badge(str(diff), small)
            mid = ((pos[r, c].right + pos[r, c + 1].left) // 2, pos[r, c].centery)
            s.blit(plate, plate.get_rect(center=mid))
    return s


DIAGRAMS = {
    "pyramid": Diagram("2S/3H,5D/7C,4S,9H/KD,6C,10S,AH - 6 normal std", "mind_the_gap.rules.diagram.pyramid", read, draw),
}
