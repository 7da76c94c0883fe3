"""What the engine needs from a rule, and where rules come from.

The rule language lives in ``game.games.delphi.rulelang``.  The engine
only relies on this small protocol (tests give it stand-in rules) and
imports the language as an optional dependency: only when a written rule
is parsed, raising :class:`RuleLanguageMissing` in a build without it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from game.cards import Card


class RuleLike(Protocol):
    """A parsed rule: ``text``, ``lookback`` (0, 1 or 2: how many earlier
    main-line cards it reads) and ``accepts(card, main_line)``, where
    ``main_line`` holds every main-line card so far, starters included."""

    @property
    def text(self) -> str: ...

    @property
    def lookback(self) -> int: ...

    def accepts(self, card: Card, main_line: tuple[Card, ...]) -> bool: ...


Parser = Callable[[str], RuleLike]


class RuleLanguageMissing(ValueError):
    """The rule language module is not installed in this build."""


def default_parser(text: str) -> RuleLike:
    """Parse ``text`` with the rule language.

    Raises the language's ``RuleSyntaxError`` (a ``NotationError``, hence a
    ``ValueError``) on bad text, or :class:`RuleLanguageMissing` when the
    language is not part of this build.
    """
    try:
        from game.games.delphi.rulelang import parse_rule
    except ImportError as e:  # pragma: no cover - depends on the build
        raise RuleLanguageMissing(
            "the Delphi rule language (game.games.delphi.rulelang) is not installed; "
            "written rules cannot be judged in this build, judge by hand instead"
        ) from e
    return parse_rule(text)


def rule_language_available() -> bool:
    try:
        from game.games.delphi import rulelang  # noqa: F401
    except ImportError:
        return False
    return True


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
