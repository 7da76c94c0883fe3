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

:func:`basic_conditions` lists simple conditions (one comparison or test
each) over the card, the last two cards and the position: a starting point
for a space of candidate rules, combined with :func:`and_`, :func:`or_`,
:func:`not_` and :func:`if_`.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.lexer import NUMBER_WORDS, WORDS
from game.games.delphi.rulelang.rule import Rule, parse_rule, rule_from_tree

_SIGNS = {"♥": "hearts", "♠": "spades", "♦": "diamonds", "♣": "clubs"}


def _word(name: str, allowed: tuple[str, ...], what: str) -> str:
    w = WORDS.get(name.lower(), _SIGNS.get(name, name))
    if w not in allowed:
        raise ValueError(f"{name!r} is not {what} (one of {', '.join(allowed)})")
    return w


def num(n: int) -> A.Node:
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


def ref(which: str) -> A.CardRef:
    return A.CardRef(_word(which, tuple(A.REFS), "card, last or last2"))


def attr(which: str, name: str) -> A.Attr:
    return A.Attr(_word(which, tuple(A.REFS), "card, last or last2"), _word(name, tuple(A.ATTRS), "an attribute"))


CARD, LAST, LAST2 = A.CardRef("card"), A.CardRef("last"), A.CardRef("last2")
CARD_RANK, CARD_SUIT, CARD_COLOR = A.Attr("card", "rank"), A.Attr("card", "suit"), A.Attr("card", "color")
LAST_RANK, LAST_SUIT, LAST_COLOR = A.Attr("last", "rank"), A.Attr("last", "suit"), A.Attr("last", "color")
LAST2_RANK, LAST2_SUIT, LAST2_COLOR = A.Attr("last2", "rank"), A.Attr("last2", "suit"), A.Attr("last2", "color")
POS = A.Pos()


def _chain(op: str, items: tuple[A.Node, ...]) -> A.Arith:
    if len(items) < 2:
        raise ValueError(f"{op!r} needs at least two operands")
    return A.Arith((op,) * (len(items) - 1), tuple(items))


def add(*xs: A.Node) -> A.Arith:
    return _chain("+", xs)


def sub(a: A.Node, b: A.Node) -> A.Arith:
    return A.Arith(("-",), (a, b))


def mul(*xs: A.Node) -> A.Arith:
    return _chain("*", xs)


def div(a: A.Node, b: A.Node) -> A.Arith:
    return A.Arith(("/",), (a, b))


def mod(a: A.Node, b: A.Node) -> A.Arith:
    return A.Arith(("%",), (a, b))


def neg(a: A.Node) -> A.Neg:
    return A.Neg(a)


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


def eq(a: A.Node, b: A.Node) -> A.Compare:
    return A.Compare(("=",), (a, b))


def ne(a: A.Node, b: A.Node) -> A.Compare:
    return A.Compare(("!=",), (a, b))


def lt(a: A.Node, b: A.Node) -> A.Compare:
    return A.Compare(("<",), (a, b))


def le(a: A.Node, b: A.Node) -> A.Compare:
    return A.Compare(("<=",), (a, b))


def gt(a: A.Node, b: A.Node) -> A.Compare:
    return A.Compare((">",), (a, b))


def ge(a: A.Node, b: A.Node) -> A.Compare:
    return A.Compare((">=",), (a, b))


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


def basic_conditions(max_lookback: int = 2, periods: tuple[int, ...] = (2, 3, 4)) -> Iterator[A.Node]:
    """Simple conditions, each one test: card properties, relations to the
    last (and second-last) card, and position periods.  Every item is a
    checked-valid condition tree (a test verifies it); there are a few
    hundred."""
    ranks = CARD_RANK
    for c in A.COLOR_NAMES:
        yield eq(CARD_COLOR, color(c))
    for s in A.SUIT_NAMES:
        yield eq(CARD_SUIT, suit(s))
        yield ne(CARD_SUIT, suit(s))
    for p in A.NUMBER_PREDICATES:
        yield is_(ranks, p)
        yield is_(ranks, p, True)
    for k in range(2, 13):
        yield le(ranks, num(k))
    for m in (3, 4):
        for r in range(m):
            yield eq(mod(ranks, num(m)), num(r))
    refs = []
    if max_lookback >= 1:
        refs.append(("last", LAST_RANK, LAST_SUIT, LAST_COLOR))
    if max_lookback >= 2:
        refs.append(("last2", LAST2_RANK, LAST2_SUIT, LAST2_COLOR))
    for _, r, s, c in refs:
        yield eq(CARD_COLOR, c)
        yield ne(CARD_COLOR, c)
        yield eq(CARD_SUIT, s)
        yield ne(CARD_SUIT, s)
        for op in A.CMP_OPS:
            yield A.Compare((op,), (ranks, r))
        for d in range(1, 7):
            yield le(abs_(sub(ranks, r)), num(d))
        for d in range(1, 7):
            yield le(mod(sub(ranks, r), num(13)), num(d))
        yield is_(add(ranks, r), "odd")
        yield is_(add(ranks, r), "even")
        for p in ("odd", "even", "face", "prime"):
            yield is_(r, p)
        for cc in A.COLOR_NAMES:
            yield eq(c, color(cc))
        for ss in A.SUIT_NAMES:
            yield eq(s, suit(ss))
    for k in periods:
        for r in range(k):
            yield eq(mod(POS, num(k)), num(r))
