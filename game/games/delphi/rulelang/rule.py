"""The Rule value: a checked tree, its normal text, and fast evaluation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from game.cards import Card
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.check import MAX_TABLE, check_rule
from game.games.delphi.rulelang.errors import err
from game.games.delphi.rulelang.evaluate import ScalarCompiler
from game.games.delphi.rulelang.parser import parse_tree
from game.games.delphi.rulelang.printer import to_text
from game.games.delphi.rulelang.situation import Layout, env_at
from game.games.delphi.rulelang.vector import FULL52, MaskProgram, card_index

#: the longest rule, counted in its normal form (``Rule.text``) without
#: the entries of its lookup tables (at most ``MAX_TABLE`` of those)
MAX_LENGTH = 300


class Compiled:
    """Everything a rule is compiled into, once: the situation layout, the
    single-card evaluator and the 52-card mask program."""

    def __init__(self, tree: A.Node) -> None:
        scalar = ScalarCompiler()
        self.layout = Layout(tree, scalar)
        self.scalar: Callable[[tuple], Any] = scalar.compile(tree)
        self.program = MaskProgram(tree, scalar)


@dataclass(frozen=True)
class Rule:
    """A checked rule.  Equal rules have equal normal text; rules hash.

    ``text``      the normal form (lower-case English keywords, canonical
                  spacing and parentheses); ``parse_rule(rule.text) == rule``
    ``lookback``  how many earlier main-line cards it reads directly: 0 to 6
                  (``last4``: 4); aggregates and ``first`` need no more
                  than the one starter every round has
    ``tree``      the syntax tree (for bots and tools)
    ``source``    the text as typed (not compared)
    """

    text: str
    lookback: int
    tree: A.Node = field(repr=False, compare=False)
    source: str = field(default="", repr=False, compare=False)
    uses_pos: bool = field(default=False, repr=False, compare=False)
    _compiled: list = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # compiled on first use (a bot may build many candidate rules and
        # use only some of them)
        object.__setattr__(self, "_compiled", [])

    @property
    def compiled(self) -> Compiled:
        if not self._compiled:
            self._compiled.append(Compiled(self.tree))
        return self._compiled[0]

    def _check_line(self, n: int) -> None:
        if n < self.lookback:
            raise ValueError(f"the rule looks back {self.lookback} cards but the main line holds {n}")

    # --- judging one card -------------------------------------------------
    def accepts(self, card: Card, main_line: Sequence[Card]) -> bool:
        """Would ``card`` extend a main line that so far holds ``main_line``
        (starters included)?  ``last = main_line[-1]``, ``last2 =
        main_line[-2]`` …, ``first = main_line[0]``, ``pos =
        len(main_line) + 1``; aggregates look at all of ``main_line``."""
        self._check_line(len(main_line))
        c = self.compiled
        env = c.layout.env(main_line, vectors=False)
        return bool(c.scalar((int(card.rank), card.suit) + env[2:]))

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
        self._check_line(len(main_line))
        c = self.compiled
        return c.program(c.layout.env(main_line))

    def situation(self, main_line: Sequence[Card]) -> tuple:
        """The situation after ``main_line``, to be extended with
        :meth:`push` and judged with :meth:`mask_in` (the analysis)."""
        return self.compiled.layout.env(main_line)

    def push(self, situation: tuple, kind: int) -> tuple:
        """The situation once a card of kind ``kind`` (its index) has joined
        the main line."""
        return self.compiled.layout.push(situation, kind)

    def mask_in(self, situation: tuple) -> int:
        return self.compiled.program(situation)

    def mask_at(self, last: Card | None, last2: Card | None, pos: int) -> int:
        """The accepted kinds in a situation given by its last two cards and
        the position alone (for rules that read nothing else; cached)."""
        return self.compiled.program(env_at(last, last2, pos))

    # --- text ------------------------------------------------------------------
    def to_text(self, lang: str = "en") -> str:
        """The rule in normal form, with German keywords for ``"de"``."""
        return to_text(self.tree, lang)

    def __str__(self) -> str:
        return self.text

    @cached_property
    def reads(self) -> frozenset[str]:
        """Which of card, last … last6, first, pos and line (an aggregate)
        the rule reads (kept: the rule check asks once per situation)."""
        return A.free_refs(self.tree)


def _table_text(tree: A.Node) -> int:
    """Characters of the normal form inside the tables' first brackets."""
    return sum(len(", ".join(to_text(i) for i in n.items)) for n in A.walk(tree) if isinstance(n, A.Table))


def rule_from_tree(tree: A.Node, source: str | None = None) -> Rule:
    """Check a tree (from the parser or built by a program) and wrap it.
    Raises RuleSyntaxError when it is not a bounded, well-typed condition."""
    check_rule(tree, source)
    text = to_text(tree)
    length = len(text) - _table_text(tree)
    if length > MAX_LENGTH:
        raise err("too_long", None, length=length, limit=MAX_LENGTH)
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


def rule_text_in(text: str, lang: str) -> str:
    """A rule's text in the words of ``lang`` (the printer's form), for a
    screen in that language; the text as it is when it is no rule.

    >>> rule_text_in("card.color != last.color", "de")
    'karte.farbton != letzte.farbton'
    """
    try:
        return cached_rule(text).to_text(lang)
    except (ValueError, KeyError):
        return text


__all__ = ["FULL52", "MAX_LENGTH", "MAX_TABLE", "Rule", "cached_rule", "card_index", "parse_rule", "rule_from_tree", "rule_text_in"]
