"""The Rule value: a checked tree, its normal text, and fast evaluation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.cards import Card
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.check import check_rule
from game.games.delphi.rulelang.errors import err
from game.games.delphi.rulelang.evaluate import compile_scalar
from game.games.delphi.rulelang.parser import parse_tree
from game.games.delphi.rulelang.printer import to_text
from game.games.delphi.rulelang.vector import FULL52, card_index, compile_mask

#: the longest rule, counted in its normal form (``Rule.text``)
MAX_LENGTH = 300
_CACHE_LIMIT = 20_000


@dataclass(frozen=True)
class Rule:
    """A checked rule.  Equal rules have equal normal text; rules hash.

    ``text``      the normal form (lower-case English keywords, canonical
                  spacing and parentheses); ``parse_rule(rule.text) == rule``
    ``lookback``  how many earlier main-line cards it reads: 0, 1 or 2
    ``tree``      the syntax tree (for bots and tools)
    ``source``    the text as typed (not compared)
    """

    text: str
    lookback: int
    tree: A.Node = field(repr=False, compare=False)
    source: str = field(default="", repr=False, compare=False)
    uses_pos: bool = field(default=False, repr=False, compare=False)
    _scalar: Callable[[tuple], Any] = field(init=False, repr=False, compare=False)
    _mask: Callable[[tuple], int] = field(init=False, repr=False, compare=False)
    _cache: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # both evaluators are compiled on first use (a bot may build many
        # candidate rules and use only one of them)
        object.__setattr__(self, "_scalar", self._first_scalar)
        object.__setattr__(self, "_mask", self._first_mask)
        object.__setattr__(self, "_cache", {})

    def _first_scalar(self, env: tuple) -> Any:
        fn = compile_scalar(self.tree)
        object.__setattr__(self, "_scalar", fn)
        return fn(env)

    def _first_mask(self, env: tuple) -> int:
        fn = compile_mask(self.tree)
        object.__setattr__(self, "_mask", fn)
        return fn(env)

    # --- judging one card -------------------------------------------------
    def accepts(self, card: Card, main_line: Sequence[Card]) -> bool:
        """Would ``card`` extend a main line that so far holds ``main_line``
        (starters included)?  ``last = main_line[-1]``, ``last2 =
        main_line[-2]``, ``pos = len(main_line) + 1``."""
        n = len(main_line)
        lb = self.lookback
        if n < lb:
            raise ValueError(f"the rule looks back {lb} cards but the main line holds {n}")
        if lb == 0:
            env: tuple[object, ...] = (card.rank, card.suit, 0, None, 0, None, n + 1)
        elif lb == 1:
            last = main_line[-1]
            env = (card.rank, card.suit, last.rank, last.suit, 0, None, n + 1)
        else:
            last, last2 = main_line[-1], main_line[-2]
            env = (card.rank, card.suit, last.rank, last.suit, last2.rank, last2.suit, n + 1)
        return bool(self._scalar(env))

    def accepts_string(self, cards: Sequence[Card], main_line: Sequence[Card]) -> bool:
        """Is every card of a string right, each judged after the ones
        before it?  (A string is wrong as a whole if one card is.)"""
        line = list(main_line)
        for c in cards:
            if not self.accepts(c, line):
                return False
            line.append(c)
        return True

    # --- all 52 kinds at once ------------------------------------------------
    def mask(self, main_line: Sequence[Card]) -> int:
        """Bit ``i`` set when card kind ``i`` (:data:`CARD_KINDS`,
        :func:`card_index`) would extend ``main_line``."""
        n = len(main_line)
        lb = self.lookback
        if n < lb:
            raise ValueError(f"the rule looks back {lb} cards but the main line holds {n}")
        last = main_line[-1] if lb >= 1 else None
        last2 = main_line[-2] if lb >= 2 else None
        return self.mask_at(last, last2, n + 1)

    def mask_at(self, last: Card | None, last2: Card | None, pos: int) -> int:
        """The accepted kinds in a situation given directly (cached)."""
        key = (
            None if last is None else (int(last.rank), last.suit),
            None if last2 is None else (int(last2.rank), last2.suit),
            pos if self.uses_pos else 0,
        )
        cache = self._cache
        m = cache.get(key)
        if m is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            lr, ls = key[0] if key[0] is not None else (0, None)
            mr, ms = key[1] if key[1] is not None else (0, None)
            m = self._mask((0, None, lr, ls, mr, ms, pos))
            cache[key] = m
        return m

    # --- text ------------------------------------------------------------------
    def to_text(self, lang: str = "en") -> str:
        """The rule in normal form, with German keywords for ``"de"``."""
        return to_text(self.tree, lang)

    def __str__(self) -> str:
        return self.text

    @property
    def reads(self) -> frozenset[str]:
        """Which of card, last, last2, pos the rule reads."""
        return A.free_refs(self.tree)


def rule_from_tree(tree: A.Node, source: str | None = None) -> Rule:
    """Check a tree (from the parser or built by a program) and wrap it.
    Raises RuleSyntaxError when it is not a bounded, well-typed condition."""
    check_rule(tree, source)
    text = to_text(tree)
    if len(text) > MAX_LENGTH:
        raise err("too_long", None, length=len(text), limit=MAX_LENGTH)
    refs = A.free_refs(tree)
    return Rule(text, A.lookback_of(tree), tree, source if source is not None else text, "pos" in refs)


def parse_rule(text: str) -> Rule:
    """Parse and check rule text.  Raises :class:`RuleSyntaxError` (a
    ``NotationError`` with ``.column``) for anything that is not a rule.

    >>> r = parse_rule("IF last.rank IS odd THEN card.colour = black ELSE card.color = red")
    >>> r.text
    'if last.rank is odd then card.color = black else card.color = red'
    >>> r.lookback
    1
    >>> from game.cards import parse_cards
    >>> three, nine, jack = parse_cards("3H 9S JD")
    >>> r.accepts(nine, [three]), r.accepts(jack, [three])
    (True, False)
    """
    tree = parse_tree(text)
    return rule_from_tree(tree, text)


@lru_cache(maxsize=1024)
def cached_rule(text: str) -> Rule:
    """:func:`parse_rule` with a cache: for an engine that keeps only the
    rule text in its immutable state and needs the Rule at every move."""
    return parse_rule(text)


__all__ = ["FULL52", "MAX_LENGTH", "Rule", "cached_rule", "card_index", "parse_rule", "rule_from_tree"]
