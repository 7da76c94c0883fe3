"""Our own evaluators for rule trees.  Nothing here turns text into code.

A *situation* is what a rule may read besides the judged card: the main
line so far (its last six cards, its first card, every card for the
aggregates) and the position.  Evaluation works on an environment tuple
laid out as :data:`SLOTS` says: the judged card's rank and suit, those of
``last`` … ``last6`` and ``first``, the position, the card an aggregate is
looking at (``each``), the main line as ``(rank, suit)`` pairs, and one slot
per aggregate of the rule that the situation builder (``situation``) may
fill with its value.  Ranks are ints, suits :class:`~game.cards.Suit`
members (``None`` for a joker or an absent card, whose rank is 0).

Two evaluators with the same meaning:

- :func:`interpret` walks the tree: short and obviously right, the
  reference the tests compare against (it never reads the aggregate slots);
- :func:`compile_scalar` turns a checked tree once into a chain of Python
  closures built from the fixed functions below (no ``eval``, no
  ``compile``), which is what :meth:`Rule.accepts` runs.

The arithmetic is total: integer division rounds down (``-7 / 2 = -4``),
``%`` takes the sign of the divisor (``-1 % 3 = 2``), and dividing by zero
gives ``x / 0 = 0`` and ``x % 0 = x`` (so ``x = (x / y) * y + x % y`` holds
for every ``y``).  Aggregates over an empty line (never in a round: there is
always a starter) give 0, ``any`` false and ``all`` true.  A table looked up
past its end goes round (``[a, b][3]`` is ``a``).  Every well-typed rule
therefore gives a verdict for every card in every situation.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from game.cards import Suit
from game.games.delphi.rulelang import ast as A

Env = tuple
Fn = Callable[[Env], Any]

SUIT_VALUE = {
    "spades": Suit.SPADES,
    "hearts": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS,
    "clubs": Suit.CLUBS,
}
_H, _D = Suit.HEARTS, Suit.DIAMONDS
_RED, _BLACK = "red", "black"

#: where each card reference's rank and suit sit in the environment
SLOTS = {
    "card": (0, 1),
    "last": (2, 3),
    **{f"last{k}": (2 * k, 2 * k + 1) for k in range(2, A.MAX_BACK + 1)},
    "first": (14, 15),
    "each": (17, 18),
}
POS_SLOT = 16
EACH_SLOTS = SLOTS["each"]
#: the main line so far, as (rank, suit) pairs
LINE_SLOT = 19
#: the first aggregate slot; aggregate i of a rule sits at AGG_BASE + i
AGG_BASE = 20
#: an environment without aggregates, judged card and situation empty
EMPTY_ENV: Env = (0, None) * 8 + (0, 0, None, ())


def color_of(suit: Suit | None) -> str | None:
    if suit is None:
        return None
    return _RED if (suit is _H or suit is _D) else _BLACK


def div(a: int, b: int) -> int:
    return a // b if b else 0


def mod(a: int, b: int) -> int:
    return a % b if b else a


_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def is_prime(n: int) -> bool:
    """Exact for every integer below 3.3e24 (deterministic Miller-Rabin);
    bounded time for any size."""
    if n < 2:
        return False
    for p in _SMALL_PRIMES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _SMALL_PRIMES:
        x = pow(a, d, n)
        if x == 1 or x == n - 1:
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": div, "%": mod}
CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def predicate(pred: str, subject_type: str) -> Callable[[Any], bool]:
    """The test ``x is <pred>`` for a subject of the given type."""
    card = subject_type == A.CARD
    if pred == "odd":
        return (lambda v: v[0] % 2 == 1) if card else (lambda v: v % 2 == 1)
    if pred == "even":
        return (lambda v: v[0] % 2 == 0) if card else (lambda v: v % 2 == 0)
    if pred == "prime":
        return (lambda v: is_prime(v[0])) if card else is_prime
    if pred == "face":
        return (lambda v: 11 <= v[0] <= 13) if card else (lambda v: 11 <= v <= 13)
    if pred in A.COLOR_NAMES:
        if subject_type == A.COLOR:
            return lambda v: v == pred
        if subject_type == A.SUIT:
            return lambda v: color_of(v) == pred
        return lambda v: color_of(v[1]) == pred
    s = SUIT_VALUE[pred]
    if subject_type == A.SUIT:
        return lambda v: v is s
    return lambda v: v[1] is s


def constant(node: A.Node) -> Any:
    if isinstance(node, A.Num):
        return node.value
    if isinstance(node, A.BoolConst):
        return node.value
    if isinstance(node, A.SuitConst):
        return SUIT_VALUE[node.name]
    if isinstance(node, A.ColorConst):
        return node.name
    if isinstance(node, A.Neg) and isinstance(node.operand, A.Num):
        return -node.operand.value
    raise TypeError(node)


def fold(fn: str, values: Iterable[Any]) -> Any:
    """An aggregate's value from its body's values over the main line, in
    line order (``streak`` counts the true ones at the end)."""
    if fn == "count":
        return sum(1 for v in values if v)
    if fn == "sum":
        return sum(values)
    if fn in ("min", "max"):
        vals = list(values)
        if not vals:
            return 0
        return min(vals) if fn == "min" else max(vals)
    if fn == "any":
        return any(values)
    if fn == "all":
        return all(values)
    run = 0
    for v in values:
        run = run + 1 if v else 0
    return run


def table_values(node: A.Table) -> tuple[Any, ...]:
    return tuple(constant(i) for i in node.items)


def with_each(env: Env, rank: int, suit: Suit | None) -> Env:
    """The environment with ``each`` set to a main-line card."""
    return env[:17] + (rank, suit) + env[19:]


# --- the reference interpreter ------------------------------------------------


def interpret(node: A.Node, env: Env) -> Any:
    """Evaluate a checked tree by walking it (slow, simple, the reference)."""
    if isinstance(node, (A.Num, A.BoolConst, A.SuitConst, A.ColorConst)):
        return constant(node)
    if isinstance(node, A.Attr):
        r, s = SLOTS[node.which]
        if node.attr == "rank":
            return env[r]
        if node.attr == "suit":
            return env[s]
        return color_of(env[s])
    if isinstance(node, A.CardRef):
        r, s = SLOTS[node.which]
        return (env[r], env[s])
    if isinstance(node, A.Pos):
        return env[POS_SLOT]
    if isinstance(node, A.Neg):
        return -interpret(node.operand, env)
    if isinstance(node, A.Arith):
        acc = interpret(node.operands[0], env)
        for op, o in zip(node.ops, node.operands[1:]):
            acc = ARITH[op](acc, interpret(o, env))
        return acc
    if isinstance(node, A.Call):
        vals = [interpret(a, env) for a in node.args]
        return abs(vals[0]) if node.fn == "abs" else (min(vals) if node.fn == "min" else max(vals))
    if isinstance(node, A.Compare):
        vals = [interpret(o, env) for o in node.operands]
        return all(CMP[op](vals[i], vals[i + 1]) for i, op in enumerate(node.ops))
    if isinstance(node, A.Is):
        res = predicate(node.pred, A.type_of(node.subject))(interpret(node.subject, env))
        return res != node.negated
    if isinstance(node, A.In):
        x = interpret(node.subject, env)
        found = False
        for item in node.items:
            if isinstance(item, A.Range):
                if interpret(item.lo, env) <= x <= interpret(item.hi, env):
                    found = True
            elif interpret(item, env) == x:
                found = True
        return found != node.negated
    if isinstance(node, A.Not):
        return not interpret(node.operand, env)
    if isinstance(node, A.And):
        return all(interpret(o, env) for o in node.operands)
    if isinstance(node, A.Or):
        return any(interpret(o, env) for o in node.operands)
    if isinstance(node, A.If):
        if interpret(node.cond, env):
            return interpret(node.then, env)
        return True if node.else_ is None else interpret(node.else_, env)
    if isinstance(node, A.Agg):
        return fold(node.fn, [interpret(node.body, with_each(env, r, s)) for r, s in env[LINE_SLOT]])
    if isinstance(node, A.Table):
        entries = table_values(node)
        return entries[(interpret(node.index, env) - 1) % len(entries)]
    raise TypeError(f"not a rule node: {node!r}")


# --- the closure compiler -------------------------------------------------------


def is_constant(node: A.Node) -> bool:
    return not A.free_refs(node)


#: a constant range up to this wide is turned into its members
EXPAND_RANGE = 64


class ScalarCompiler:
    """Compiles trees into closures ``env -> value``.  ``slots`` maps each
    aggregate of the rule to its environment slot: a closure reads the slot
    when the situation builder filled it and folds the main line itself
    otherwise."""

    def __init__(self, slots: Mapping[A.Agg, int] | None = None) -> None:
        self.slots = dict(slots or {})

    def compile(self, node: A.Node) -> Fn:
        """A function ``env -> value`` equal to ``interpret(node, env)``.
        Sub-trees that read nothing are folded into constants first."""
        if not isinstance(node, (A.Num, A.BoolConst, A.SuitConst, A.ColorConst)) and is_constant(node):
            v = interpret(node, EMPTY_ENV)
            return lambda e: v
        return self._compile(node)

    def const_or_fn(self, node: A.Node) -> tuple[bool, Any]:
        if is_constant(node):
            return True, interpret(node, EMPTY_ENV)
        return False, self.compile(node)

    def _compile(self, node: A.Node) -> Fn:
        if isinstance(node, (A.Num, A.BoolConst, A.SuitConst, A.ColorConst)):
            v = constant(node)
            return lambda e: v
        if isinstance(node, A.Attr):
            r, s = SLOTS[node.which]
            if node.attr == "rank":
                return operator.itemgetter(r)
            if node.attr == "suit":
                return operator.itemgetter(s)

            def colour(e: Env, s: int = s) -> str | None:
                suit = e[s]
                if suit is None:
                    return None
                return _RED if (suit is _H or suit is _D) else _BLACK

            return colour
        if isinstance(node, A.CardRef):
            return operator.itemgetter(*SLOTS[node.which])
        if isinstance(node, A.Pos):
            return operator.itemgetter(POS_SLOT)
        if isinstance(node, A.Neg):
            f = self.compile(node.operand)
            return lambda e: -f(e)
        if isinstance(node, A.Arith):
            fn = self.compile(node.operands[0])
            for op, o in zip(node.ops, node.operands[1:]):
                fn = self.binary(ARITH[op], fn, o)
            return fn
        if isinstance(node, A.Call):
            fs = [self.compile(a) for a in node.args]
            if node.fn == "abs":
                f0 = fs[0]
                return lambda e: abs(f0(e))
            agg = min if node.fn == "min" else max
            if len(fs) == 2:
                f0, f1 = fs
                return lambda e: agg(f0(e), f1(e))
            return lambda e: agg([f(e) for f in fs])
        if isinstance(node, A.Compare):
            return self.comparison(node)
        if isinstance(node, A.Is):
            p = predicate(node.pred, A.type_of(node.subject))
            f = self.compile(node.subject)
            if node.negated:
                return lambda e: not p(f(e))
            return lambda e: p(f(e))
        if isinstance(node, A.In):
            return self.membership(node)
        if isinstance(node, A.Not):
            f = self.compile(node.operand)
            return lambda e: not f(e)
        if isinstance(node, (A.And, A.Or)):
            fs = [self.compile(o) for o in node.operands]
            both = isinstance(node, A.And)
            if len(fs) == 2:
                f0, f1 = fs
                return (lambda e: f0(e) and f1(e)) if both else (lambda e: f0(e) or f1(e))
            every = all if both else any
            return lambda e: every(f(e) for f in fs)
        if isinstance(node, A.If):
            c, t = self.compile(node.cond), self.compile(node.then)
            if node.else_ is None:
                return lambda e: t(e) if c(e) else True
            el = self.compile(node.else_)
            return lambda e: t(e) if c(e) else el(e)
        if isinstance(node, A.Agg):
            return self.aggregate(node)
        if isinstance(node, A.Table):
            vals = table_values(node)
            n = len(vals)
            ix = self.compile(node.index)
            return lambda e: vals[(ix(e) - 1) % n]
        raise TypeError(f"not a rule node: {node!r}")

    def comparison(self, node: A.Compare) -> Fn:
        if len(node.ops) == 1:
            return self.compare(CMP[node.ops[0]], node.operands[0], node.operands[1])
        fs = [self.compile(o) for o in node.operands]
        ops = [CMP[op] for op in node.ops]

        def chain(e: Env) -> bool:
            prev = fs[0](e)
            for op, f in zip(ops, fs[1:]):
                cur = f(e)
                if not op(prev, cur):
                    return False
                prev = cur
            return True

        return chain

    def membership(self, node: A.In) -> Fn:
        f = self.compile(node.subject)
        consts, ranges, others = self.split_set(node)
        cset: Any = frozenset(consts) if all(type(c) is int for c in consts) else tuple(consts)
        neg = node.negated
        if not ranges and not others:
            return lambda e: (f(e) in cset) != neg

        def member(e: Env) -> bool:
            x = f(e)
            if x in cset:
                return not neg
            for g in others:
                if g(e) == x:
                    return not neg
            for lo, hi in ranges:
                if lo(e) <= x <= hi(e):
                    return not neg
            return neg

        return member

    def aggregate(self, node: A.Agg) -> Fn:
        body = self.compile(node.body)
        fn = node.fn
        # the situation builder keeps the value of an aggregate that does not
        # read the judged card; one that does is kept as a 52-card vector
        # (for the masks), which this closure does not read
        slot = self.slots.get(node) if "card" not in A.free_refs(node) else None

        def agg(e: Env) -> Any:
            if slot is not None:
                v = e[slot]
                if v is not None:
                    return v
            head, tail = e[:17], e[19:]
            return fold(fn, [body(head + (r, s) + tail) for r, s in e[LINE_SLOT]])

        return agg

    def split_set(self, node: A.In) -> tuple[list[Any], list[tuple[Fn, Fn]], list[Fn]]:
        """The items of ``x in {…}`` as (constant values, ranges still to
        compare, other expressions).  Narrow constant ranges become values."""
        consts: list[Any] = []
        ranges: list[tuple[Fn, Fn]] = []
        others: list[Fn] = []
        for item in node.items:
            if isinstance(item, A.Range):
                if is_constant(item.lo) and is_constant(item.hi):
                    lo, hi = interpret(item.lo, EMPTY_ENV), interpret(item.hi, EMPTY_ENV)
                    if hi - lo <= EXPAND_RANGE:
                        consts.extend(range(lo, hi + 1))
                        continue
                ranges.append((self.compile(item.lo), self.compile(item.hi)))
            elif is_constant(item):
                consts.append(interpret(item, EMPTY_ENV))
            else:
                others.append(self.compile(item))
        return consts, ranges, others

    def binary(self, op: Callable[[Any, Any], Any], fa: Fn, right: A.Node) -> Fn:
        is_c, r = self.const_or_fn(right)
        if is_c:
            return lambda e: op(fa(e), r)
        return lambda e: op(fa(e), r(e))

    def compare(self, op: Callable[[Any, Any], bool], left: A.Node, right: A.Node) -> Fn:
        lc, lf = self.const_or_fn(left)
        rc, rf = self.const_or_fn(right)
        if rc:
            return lambda e: op(lf(e), rf)
        if lc:
            return lambda e: op(lf, rf(e))
        return lambda e: op(lf(e), rf(e))


def compile_scalar(node: A.Node, slots: Mapping[A.Agg, int] | None = None) -> Fn:
    """A function ``env -> value`` equal to ``interpret(node, env)``."""
    return ScalarCompiler(slots).compile(node)
