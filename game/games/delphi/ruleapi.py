"""What the engine needs from a rule, and where rules come from.

The rule language lives in ``game.games.delphi.rulelang``.  The engine
only relies on this small protocol (tests give it stand-in rules), and
parses written rules with the language by default.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from game.cards import Card
from game.games.delphi.rulelang import parse_rule


class RuleLike(Protocol):
    """A parsed rule: ``text``, ``lookback`` (0 to 6: how many earlier
    main-line cards it reads) and ``accepts(card, main_line)``, where
    ``main_line`` holds every main-line card so far, starters included."""

    @property
    def text(self) -> str: ...

    @property
    def lookback(self) -> int: ...

    def accepts(self, card: Card, main_line: tuple[Card, ...]) -> bool: ...


Parser = Callable[[str], RuleLike]


def default_parser(text: str) -> RuleLike:
    """Parse ``text`` with the rule language (raises its ``RuleSyntaxError``,
    a ``NotationError``, hence a ``ValueError``, on bad text)."""
    return parse_rule(text)


def starters_for(rule: RuleLike) -> int:
    """How many starter cards a rule needs: one, or as many as it looks back."""
    return max(1, int(rule.lookback))


def accepts_string(rule: RuleLike, cards: Sequence[Card], main: tuple[Card, ...]) -> bool:
    """A string is right when every card is, judged in order, each accepted
    card becoming the last main-line card for the next one."""
    line = tuple(main)
    for c in cards:
        if not rule.accepts(c, line):
            return False
        line = line + (c,)
    return True
