"""Runs' picture for the rules: a position in the Runs notation (``pile=*``
stands for every card not written elsewhere and is filled in before the
parser sees it); each step of the chain must be a follower per the Runs
deck rules, and the card ringed after it must be among the legal plays of
the seat on turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pygame

from game.cards import Card
from game.games.runs.deck import DECK, step
from game.games.runs.notation import NOTATION, SEP
from game.games.runs.rules import GAME
from game.ui import cardart
from game.ui.diagrams import Diagram, DiagramError, badge


@dataclass(frozen=True)
class RunsChain:
    chain: tuple[Card, ...]
    next: Card
    #: the way each card after the first goes from the one before it, the
    #: ringed card's too (the engine's ``step``: +1 up, -1 down)
    steps: tuple[int, ...]


def read(d: Diagram) -> RunsChain:
    text = d.notation
    if "pile=*" in text:
        shown: set[str] = set()
        for part in text.split(SEP)[1:]:
            key, _, value = part.strip().partition("=")
            if key in ("chain", "hands") and value != "-":
                for tok in value.replace("/", ",").split(","):
                    shown.add(Card.parse(tok.partition("@")[0]).code if tok else "")
        rest = ",".join(c.code for c in DECK if c.code not in shown) or "-"
        text = text.replace("pile=*", f"pile={rest}")
    state = NOTATION.parse(text)
    chain = state.chain
    if len(chain) < 2:
        raise DiagramError("a chain of at least two cards")
    steps = tuple(step(a, b, state.wrap) for a, b in pairwise(chain))
    for (a, b), way in zip(pairwise(chain), steps):
        if not way:
            raise DiagramError(f"{b.code} does not follow {a.code}")
    nxt = Card.parse(d.marks["next"])
    if nxt not in {getattr(a, "card", None) for a in GAME.legal_actions(state)}:
        raise DiagramError(f"{nxt.code} is not a legal play here")
    return RunsChain(chain, nxt, (*steps, step(chain[-1], nxt, state.wrap)))


def words(model: RunsChain) -> Mapping[str, Any]:
    return {"last": model.chain[-1], "next": model.next}


def draw(model: RunsChain, cw: int, lang: str, four: bool) -> pygame.Surface:
    ch = cardart.card_size(cw)[1]
    small = max(11, cw * 3 // 10)
    run = (*model.chain, model.next)
    gap = max(22, cw * 4 // 5)
    glow = cardart.glow(cw)
    pad = (glow.get_width() - cw) // 2
    s = pygame.Surface((len(run) * cw + (len(run) - 1) * gap + pad, ch + 2 * pad), pygame.SRCALPHA)
    for i, card in enumerate(run):
        x = i * (cw + gap)
        if i == len(run) - 1:
            s.blit(glow, (x - pad, 0))
        s.blit(cardart.face(card, cw, lang, four), (x, pad))
        if i and model.steps[i - 1]:
            plate = badge(("+1" if model.steps[i - 1] > 0 else "−1"), small)
            s.blit(plate, plate.get_rect(center=(x - gap // 2, pad + ch // 2)))
    return s


DIAGRAMS = {
    "chain": Diagram(
        "p=2 seed=1 dealer=0 round=1/5 wrap=0 phase=play turn=1 | chain=10S@1,9S@0,8S@1,7S@0 "
        "| hands=2H,5D/6S,JS,6H | pile=* | out=- | base=0,0 | points=16,18 | bonus=0,0",
        "runs.rules.diagram.chain",
        read,
        draw,
        words,
        {"next": "6S"},
    ),
}
