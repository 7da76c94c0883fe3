"""Delphi's picture for the rules (Delphi has no position notation of its
own): a line ``rule=<library id> main=<cards> side=<anchor>:<cards> ...``;
the cards are read by ``Card.parse``, the main line must be accepted by the
library rule (judged by the rule language, starters excepted) and every
side line refused after the main-line card it hangs under."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card, CardParseError
from game.engine.core import NotationError
from game.games.delphi.library import library_rule
from game.games.delphi.ruleapi import accepts_string, starters_for
from game.i18n import Message
from game.ui import cardart
from game.ui.assets import REFUSE
from game.ui.diagrams import Diagram, DiagramError, badge


@dataclass(frozen=True)
class DelphiLine:
    rule_id: str
    main: tuple[Card, ...]
    side: tuple[tuple[int, tuple[Card, ...]], ...]


def _cards(text: str) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(t) for t in text.split(","))
    except CardParseError as e:
        raise NotationError(str(e)) from None


def read(d: Diagram) -> DelphiLine:
    fields: dict[str, list[str]] = {}
    for tok in d.notation.split():
        key, eq, value = tok.partition("=")
        if not eq or key not in ("rule", "main", "side"):
            raise NotationError(f"expected rule=, main= or side=, not {tok!r}")
        fields.setdefault(key, []).append(value)
    if len(fields.get("rule", [])) != 1 or len(fields.get("main", [])) != 1:
        raise NotationError("a Delphi line has one rule= and one main=")
    try:
        lib = library_rule(fields["rule"][0])
    except KeyError:
        raise NotationError(f"no library rule {fields['rule'][0]!r}") from None
    main = _cards(fields["main"][0])
    rule = lib.rule
    n = starters_for(rule)
    if len(main) <= n:
        raise DiagramError("the main line needs a card after its starters")
    if not accepts_string(rule, main[n:], main[:n]):
        raise DiagramError(f"the main line breaks the rule {lib.text!r}")
    side = []
    for text in fields.get("side", []):
        at, colon, rest = text.partition(":")
        if not colon or not at.isdigit() or not n - 1 <= int(at) < len(main):
            raise NotationError(f"a side line is side=<main-line index>:<cards>, not {text!r}")
        string = _cards(rest)
        if accepts_string(rule, string, main[: int(at) + 1]):
            raise DiagramError(f"the side line {rest} fits the rule after {main[int(at)].code}")
        side.append((int(at), string))
    return DelphiLine(lib.id, main, tuple(side))


def words(model: DelphiLine) -> Mapping[str, Any]:
    return {"rule": Message(f"delphi_lang.lib.{model.rule_id}")}


def draw(model: DelphiLine, cw: int, lang: str, four: bool) -> pygame.Surface:
    ch = cardart.card_size(cw)[1]
    small = max(11, cw * 3 // 10)
    step = cw + max(4, cw // 5)
    down = ch * 2 // 5
    depth = max((len(cards) for _, cards in model.side), default=0)
    h = ch + (cw // 3 + ch + (depth - 1) * down + small if depth else 0)
    s = pygame.Surface((len(model.main) * step + small, h), pygame.SRCALPHA)
    for i, card in enumerate(model.main):
        s.blit(cardart.face(card, cw, lang, four), (i * step, 0))
    for at, cards in model.side:
        x, y = at * step, ch + cw // 3
        pygame.draw.line(s, (200, 200, 190), (x + cw // 2, ch - 2), (x + cw // 2, y + 2), max(2, cw // 20))
        for k, card in enumerate(cards):
            s.blit(cardart.face(card, cw, lang, four), (x, y + k * down))
        mark = badge("✗", small, REFUSE, (255, 255, 255))
        s.blit(mark, mark.get_rect(center=(x + cw, y + (len(cards) - 1) * down + ch - small // 4)))
    return s


DIAGRAMS = {
    "line": Diagram("rule=alternate_colour main=5H,8S,3D,10C,QH side=1:9C side=3:4H,7D", "delphi.rules.diagram.line", read, draw, words),
}
