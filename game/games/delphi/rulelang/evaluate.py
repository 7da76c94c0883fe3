"""Our own evaluators for rule trees.  Nothing here turns text into code.

A *situation* is what a rule may read besides the judged card: the last two
main-line cards and the position.  Evaluation works on an environment
tuple ``(card_rank, card_suit, last_rank, last_suit, last2_rank,
last2_suit, pos)``; ranks are ints, suits :class:`~game.cards.Suit`
members (``None`` for a joker or an absent card).

Two evaluators with the same meaning:

- :func:`interpret` walks the tree: short and obviously right, the
  reference the tests compare against;
- :func:`compile_scalar` turns a checked tree once into a chain of Python
  closures built from the fixed functions below (no ``eval``, no
  ``compile``), which is what :meth:`Rule.accepts` runs.

The arithmetic is total: integer division rounds down (``-7 / 2 = -4``),
``%`` takes the sign of the divisor (``-1 % 3 = 2``), and dividing by zero
gives ``x / 0 = 0`` and ``x % 0 = x`` (so ``x = (x / y) * y + x % y`` holds
for every ``y``).  Every well-typed rule therefore gives a verdict for every
card in every situation.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
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
SLOTS = {"card": (0, 1), "last": (2, 3), "last2": (4, 5)}
POS_SLOT = 6


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
    raise TypeError(node)


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
    raise TypeError(f"not a rule node: {node!r}")


# --- the closure compiler -------------------------------------------------------


def is_constant(node: A.Node) -> bool:
    return not A.free_refs(node)


def compile_scalar(node: A.Node) -> Fn:
    """A function ``env -> value`` equal to ``interpret(node, env)``.
    Sub-trees that read nothing are folded into constants first."""
    if not isinstance(node, (A.Num, A.BoolConst, A.SuitConst, A.ColorConst)) and is_constant(node):
        v = interpret(node, ())
        return lambda e: v
    return _compile(node)


def _const_or_fn(node: A.Node) -> tuple[bool, Any]:
    if is_constant(node):
        return True, interpret(node, ())
    return False, compile_scalar(node)


def _compile(node: A.Node) -> Fn:
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
        f = compile_scalar(node.operand)
        return lambda e: -f(e)
    if isinstance(node, A.Arith):
        fn = compile_scalar(node.operands[0])
        for op, o in zip(node.ops, node.operands[1:]):
            fn = _binary(ARITH[op], fn, o)
        return fn
    if isinstance(node, A.Call):
        fs = [compile_scalar(a) for a in node.args]
        if node.fn == "abs":
            f0 = fs[0]
            return lambda e: abs(f0(e))
        agg = min if node.fn == "min" else max
        if len(fs) == 2:
            f0, f1 = fs
            return lambda e: agg(f0(e), f1(e))
        return lambda e: agg([f(e) for f in fs])
    if isinstance(node, A.Compare):
        if len(node.ops) == 1:
            return _compare(CMP[node.ops[0]], node.operands[0], node.operands[1])
        fs = [compile_scalar(o) for o in node.operands]
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
    if isinstance(node, A.Is):
        p = predicate(node.pred, A.type_of(node.subject))
        f = compile_scalar(node.subject)
        if node.negated:
            return lambda e: not p(f(e))
        return lambda e: p(f(e))
    if isinstance(node, A.In):
        f = compile_scalar(node.subject)
        consts, ranges, others = split_set(node)
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
    if isinstance(node, A.Not):
        f = compile_scalar(node.operand)
        return lambda e: not f(e)
    if isinstance(node, (A.And, A.Or)):
        fs = [compile_scalar(o) for o in node.operands]
        both = isinstance(node, A.And)
        if len(fs) == 2:
            f0, f1 = fs
            return (lambda e: f0(e) and f1(e)) if both else (lambda e: f0(e) or f1(e))
        every = all if both else any
        return lambda e: every(f(e) for f in fs)
    if isinstance(node, A.If):
        c, t = compile_scalar(node.cond), compile_scalar(node.then)
        if node.else_ is None:
            return lambda e: t(e) if c(e) else True
        el = compile_scalar(node.else_)
        return lambda e: t(e) if c(e) else el(e)
    raise TypeError(f"not a rule node: {node!r}")


#: a constant range up to this wide is turned into its members
_EXPAND_RANGE = 64


def split_set(node: A.In) -> tuple[list[Any], list[tuple[Fn, Fn]], list[Fn]]:
    """The items of ``x in {…}`` as (constant values, ranges still to
    compare, other expressions).  Narrow constant ranges become values."""
    consts: list[Any] = []
    ranges: list[tuple[Fn, Fn]] = []
    others: list[Fn] = []
    for item in node.items:
        if isinstance(item, A.Range):
            if is_constant(item.lo) and is_constant(item.hi):
                lo, hi = interpret(item.lo, ()), interpret(item.hi, ())
                if hi - lo <= _EXPAND_RANGE:
                    consts.extend(range(lo, hi + 1))
                    continue
            ranges.append((compile_scalar(item.lo), compile_scalar(item.hi)))
        elif is_constant(item):
            consts.append(interpret(item, ()))
        else:
            others.append(compile_scalar(item))
    return consts, ranges, others


def _binary(op: Callable[[Any, Any], Any], fa: Fn, right: A.Node) -> Fn:
    is_c, r = _const_or_fn(right)
    if is_c:
        return lambda e: op(fa(e), r)
    return lambda e: op(fa(e), r(e))


def _compare(op: Callable[[Any, Any], bool], left: A.Node, right: A.Node) -> Fn:
    lc, lf = _const_or_fn(left)
    rc, rf = _const_or_fn(right)
    if rc:
        return lambda e: op(lf(e), rf)
    if lc:
        return lambda e: op(lf, rf(e))
    return lambda e: op(lf(e), rf(e))
