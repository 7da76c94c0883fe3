"""Building rules in Python, for bots and tools (no text involved).

>>> from game.games.delphi.rulelang import build as b
>>> tree = b.if_(b.is_(b.LAST_RANK, "odd"), b.eq(b.CARD_COLOR, b.color("black")), b.eq(b.CARD_COLOR, b.color("red")))
>>> b.rule(tree).text
'if last.rank is odd then card.color = black else card.color = red'
>>> b.rule(tree) == b.rule(b.parse("if last.rank is odd then card.color = black else card.color = red").tree)
True

Trees are plain frozen values (``ast``): hashable, comparable, cheap to
build.  :func:`rule` checks types and bounds exactly as the parser does and
compiles the evaluators.  Names accept the same aliases as rule text
(``"colour"``, ``"herz"``, ``"♥"``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.lexer import NUMBER_WORDS, WORDS
from game.games.delphi.rulelang.rule import Rule, parse_rule, rule_from_tree

_SIGNS = {"♥": "hearts", "♠": "spades", "♦": "diamonds", "♣": "clubs"}


def _word(name: str, allowed: tuple[str, ...], what: str) -> str:
    w = WORDS.get(name.lower(), _SIGNS.get(name, name))
    if w not in allowed:
        raise ValueError(f"{name!r} is not {what} (one of {', '.join(allowed)})")
    return w


def num(n: int | str) -> A.Node:
    """A number; negative numbers become ``-n`` as in rule text."""
    if isinstance(n, str):
        n = NUMBER_WORDS[n.lower()]
    return A.Neg(A.Num(-n)) if n < 0 else A.Num(n)


TRUE = A.BoolConst(True)
FALSE = A.BoolConst(False)


def suit(name: str) -> A.SuitConst:
    return A.SuitConst(_word(name, A.SUIT_NAMES, "a suit"))


def color(name: str) -> A.ColorConst:
    return A.ColorConst(_word(name, A.COLOR_NAMES, "a colour"))


def attr(which: str, name: str) -> A.Attr:
    return A.Attr(_word(which, tuple(A.REFS), "card, last or last2"), _word(name, tuple(A.ATTRS), "an attribute"))


CARD_RANK, CARD_SUIT, CARD_COLOR = A.Attr("card", "rank"), A.Attr("card", "suit"), A.Attr("card", "color")
LAST_RANK, LAST_SUIT, LAST_COLOR = A.Attr("last", "rank"), A.Attr("last", "suit"), A.Attr("last", "color")
LAST2_RANK, LAST2_SUIT, LAST2_COLOR = A.Attr("last2", "rank"), A.Attr("last2", "suit"), A.Attr("last2", "color")
POS = A.Pos()


def add(*xs: A.Node) -> A.Arith:
    if len(xs) < 2:
        raise ValueError("'+' needs at least two operands")
    return A.Arith(("+",) * (len(xs) - 1), xs)


_Pair = TypeVar("_Pair", A.Arith, A.Compare)


def _binary(node: type[_Pair], op: str) -> Callable[[A.Node, A.Node], _Pair]:
    """The builder of ``a op b``."""

    def make(a: A.Node, b: A.Node) -> _Pair:
        return node((op,), (a, b))

    return make


sub = _binary(A.Arith, "-")
mod = _binary(A.Arith, "%")


def abs_(a: A.Node) -> A.Call:
    return A.Call("abs", (a,))


def min_(*xs: A.Node) -> A.Call:
    return A.Call("min", tuple(xs))


def max_(*xs: A.Node) -> A.Call:
    return A.Call("max", tuple(xs))


def cmp(a: A.Node, op: str, b: A.Node, *more: object) -> A.Compare:
    """``cmp(a, "<", b, "<=", c)`` is the chain ``a < b <= c``."""
    ops = [{"==": "=", "<>": "!="}.get(op, op)]
    operands = [a, b]
    if len(more) % 2:
        raise ValueError("cmp takes operand, op, operand, op, operand …")
    for i in range(0, len(more), 2):
        o = str(more[i])
        ops.append({"==": "=", "<>": "!="}.get(o, o))
        operands.append(more[i + 1])  # type: ignore[arg-type]
    for o in ops:
        if o not in A.CMP_OPS:
            raise ValueError(f"{o!r} is not a comparison")
    return A.Compare(tuple(ops), tuple(operands))


eq = _binary(A.Compare, "=")
ne = _binary(A.Compare, "!=")
lt = _binary(A.Compare, "<")
le = _binary(A.Compare, "<=")
gt = _binary(A.Compare, ">")
ge = _binary(A.Compare, ">=")


def is_(subject: A.Node, pred: str, negated: bool = False) -> A.Is:
    return A.Is(subject, _word(pred, A.PREDICATES, "a predicate"), negated)


def rng(lo: A.Node | int, hi: A.Node | int) -> A.Range:
    return A.Range(num(lo) if isinstance(lo, int) else lo, num(hi) if isinstance(hi, int) else hi)


def in_(subject: A.Node, *items: A.Node | int, negated: bool = False) -> A.In:
    return A.In(subject, tuple(num(i) if isinstance(i, int) else i for i in items), negated)


def not_(a: A.Node) -> A.Not:
    return A.Not(a)


def and_(*xs: A.Node) -> A.Node:
    return xs[0] if len(xs) == 1 else A.And(tuple(xs))


def or_(*xs: A.Node) -> A.Node:
    return xs[0] if len(xs) == 1 else A.Or(tuple(xs))


def if_(cond: A.Node, then: A.Node, else_: A.Node | None = None) -> A.If:
    return A.If(cond, then, else_)


def rule(tree: A.Node) -> Rule:
    """Check and compile a tree (raises RuleSyntaxError like the parser)."""
    return rule_from_tree(tree)


def parse(text: str) -> Rule:
    return parse_rule(text)
