"""Evaluating a rule for all 52 kinds of card at once: a bit mask.

For a situation, a :class:`MaskProgram` gives an int whose bit ``i`` says
whether card kind ``i`` (see :data:`CARD_KINDS`, index ``suit * 13 + rank -
1`` in the suit order spades, hearts, diamonds, clubs) would be accepted.
The analysis and the bots use it: one call answers "which cards fit here?".

The rule is compiled once, in two parts.  The *signature* of a situation is
the tuple of the values of the rule's largest parts that do not read the
judged card (``last.rank is odd``, ``pos % 3``, ``count(each is red)``) and
of its aggregates that do (``any(each.rank = card.rank)``, as a 52-card
vector); the *combination* turns a signature into the mask.  Situations
with the same signature get the same mask, so masks are cached by
signature: Gardner's rule has two signatures however long the line.

Inside the combination each part is evaluated only as wide as it needs:
parts that read only the card's rank are 13 wide, only its suit or colour 4
wide, and the rest 52 wide.  Truth values travel as bit masks, so
``and``/``or``/``not`` are single integer operations, and an ``if`` whose
condition does not read the card picks one branch without evaluating the
other.  Parts that read only the card are computed once, when the rule is
compiled.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import compress, repeat
from typing import Any

from game.cards import RANKS, SUITS, Card, Suit
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.evaluate import (
    ARITH,
    CMP,
    EMPTY_ENV,
    EXPAND_RANGE,
    LINE_SLOT,
    ScalarCompiler,
    color_of,
    interpret,
    is_constant,
    predicate,
    table_values,
    with_each,
)

R, S, X = "r", "s", "x"  # rank-wide (13), suit-wide (4), card-wide (52)
WIDTH = {R: 13, S: 4, X: 52}
FULL = {k: (1 << w) - 1 for k, w in WIDTH.items()}
BITS = {k: tuple(1 << i for i in range(w)) for k, w in WIDTH.items()}
FULL52 = FULL[X]

#: the 52 kinds of card, index = suit_index * 13 + rank - 1
CARD_KINDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
_SUIT_INDEX: dict[Suit | None, int] = {s: i for i, s in enumerate(SUITS)}
_R_OF = tuple(i % 13 for i in range(52))
_S_OF = tuple(i // 13 for i in range(52))
_SUIT_MASK52 = tuple(sum(FULL[R] << (13 * i) for i in range(4) if m >> i & 1) for m in range(16))

RANK_VEC = tuple(int(r) for r in RANKS)
SUIT_VEC = tuple(SUITS)
COLOR_VEC = tuple(color_of(s) for s in SUITS)
CARD_VEC = tuple((int(c.rank), c.suit) for c in CARD_KINDS)
#: (rank, suit) of a card kind -> its index
KIND_INDEX: dict[tuple[int, Suit | None], int] = {rs: i for i, rs in enumerate(CARD_VEC)}


def card_index(card: Card) -> int:
    """Index of a card's kind in :data:`CARD_KINDS` (not for jokers)."""
    return _SUIT_INDEX[card.suit] * 13 + int(card.rank) - 1


def cards_mask(cards) -> int:
    """The mask of the kinds among ``cards`` (e.g. a hand): ``rule.mask(line)
    & cards_mask(hand)`` is non-zero when some card of the hand fits."""
    m = 0
    for c in cards:
        m |= 1 << card_index(c)
    return m


def mask_cards(mask: int) -> list[Card]:
    """The card kinds whose bits are set."""
    return [CARD_KINDS[i] for i in range(52) if mask >> i & 1]


def mask_bits(mask: int) -> list[int]:
    """The indices of the set bits, lowest first (one step per set bit)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def bools_of(mask: int, width: int = 52) -> list[bool]:
    return [mask >> i & 1 == 1 for i in range(width)]


def _unify(a: str | None, b: str | None) -> str | None:
    if a is None:
        return b
    if b is None or a == b:
        return a
    return X


def widen(kind: str, to: str, vec: Any, is_bool: bool) -> Any:
    """A vector (or mask) of ``kind`` as one of kind ``to`` (``X``)."""
    if kind == to:
        return vec
    if is_bool:
        if kind == R:
            return vec | vec << 13 | vec << 26 | vec << 39
        return _SUIT_MASK52[vec]
    idx = _R_OF if kind == R else _S_OF
    return [vec[j] for j in idx]


Vec = Callable[[tuple], Any]


class _Compiled:
    """A node compiled for masks: ``kind`` None means a plain value."""

    __slots__ = ("fn", "is_bool", "kind")

    def __init__(self, kind: str | None, fn: Vec, is_bool: bool) -> None:
        self.kind, self.fn, self.is_bool = kind, fn, is_bool

    def as_kind(self, kind: str) -> Vec:
        """A function giving this node's value as a vector/mask of ``kind``."""
        f, k, b = self.fn, self.kind, self.is_bool
        if k == kind:
            return f
        if k is None:
            w = WIDTH[kind]
            if b:
                full = FULL[kind]
                return lambda e: full if f(e) else 0
            return lambda e: [f(e)] * w
        return lambda e: widen(k, kind, f(e), b)


def _mask_to_bools(f: Vec, width: int) -> Vec:
    def run(e: tuple) -> list[bool]:
        return bools_of(f(e), width)

    return run


def _lift(fn: Callable[..., Any], parts: list[_Compiled], to_mask: bool) -> _Compiled:
    """Apply ``fn`` element by element; the result as values or, with
    ``to_mask``, as a bit mask of the truth values."""
    kind = _kind_of(parts)
    if kind is None:  # no part reads the card: a plain value
        fs = [p.fn for p in parts]
        return _Compiled(None, lambda e: fn(*[f(e) for f in fs]), to_mask)
    getters = []
    for p in parts:
        if p.kind is None:
            getters.append((True, p.fn))
        elif p.is_bool:
            # truth values as masks: spread them into one bool per element
            getters.append((False, _mask_to_bools(p.as_kind(kind), WIDTH[kind])))
        else:
            getters.append((False, p.as_kind(kind)))
    bits = BITS[kind]
    if len(getters) == 1:
        (_, g0), = getters
        if to_mask:
            return _Compiled(kind, lambda e: sum(compress(bits, map(fn, g0(e)))), True)
        return _Compiled(kind, lambda e: list(map(fn, g0(e))), False)
    if len(getters) == 2:
        (s0, g0), (s1, g1) = getters
        if s1:
            def run(e: tuple) -> Any:
                return map(fn, g0(e), repeat(g1(e)))
        elif s0:
            def run(e: tuple) -> Any:
                return map(fn, repeat(g0(e)), g1(e))
        else:
            def run(e: tuple) -> Any:
                return map(fn, g0(e), g1(e))
    else:
        def run(e: tuple) -> Any:
            return map(fn, *[repeat(g(e)) if s else g(e) for s, g in getters])
    if to_mask:
        return _Compiled(kind, lambda e: sum(compress(bits, run(e))), True)
    return _Compiled(kind, lambda e: list(run(e)), False)


def _kind_of(parts: list[_Compiled]) -> str | None:
    kind = None
    for p in parts:
        kind = _unify(kind, p.kind)
    return kind


def _junction(parts: list[_Compiled], combine: Callable[[list[tuple[bool, Vec]], int], Vec]) -> _Compiled:
    """``and``/``or`` of truth values: ``combine(parts as (plain value?,
    function) at their common kind, that kind's full mask)`` does the work."""
    if len(parts) == 1:
        return parts[0]
    kind = _kind_of(parts)
    assert kind is not None
    fs = [(p.kind is None, p.fn if p.kind is None else p.as_kind(kind)) for p in parts]
    return _Compiled(kind, combine(fs, FULL[kind]), True)


def _all_of(fs: list[tuple[bool, Vec]], full: int) -> Vec:
    def run(e: tuple) -> int:
        m = full
        for scalar, f in fs:
            if scalar:
                if not f(e):
                    return 0
            else:
                m &= f(e)
                if not m:
                    return 0
        return m

    return run


def _any_of(fs: list[tuple[bool, Vec]], full: int) -> Vec:
    def run(e: tuple) -> int:
        m = 0
        for scalar, f in fs:
            if scalar:
                if f(e):
                    return full
            else:
                m |= f(e)
                if m == full:
                    return full
        return m

    return run


def _not(c: _Compiled) -> _Compiled:
    if c.kind is None:
        f = c.fn
        return _Compiled(None, lambda e: not f(e), True)
    f, full = c.fn, FULL[c.kind]
    return _Compiled(c.kind, lambda e: full ^ f(e), True)


# --- folding an aggregate that reads the judged card, 52 cards at once --------------


def start_vector(fn: str, is_bool: bool) -> Any:
    """An aggregate's 52-card vector over an empty line."""
    if fn == "all":
        return FULL52
    if fn == "any":
        return 0
    return None if fn in ("min", "max") else (0,) * 52


def step_vector(fn: str, acc: Any, v: Any) -> Any:
    """The vector after one more main-line card whose body vector is ``v``
    (a mask for a condition, a tuple of 52 numbers otherwise)."""
    if fn == "any":
        return acc | v
    if fn == "all":
        return acc & v
    if fn == "count":
        return tuple(a + (v >> i & 1) for i, a in enumerate(acc))
    if fn == "streak":
        return tuple(a + 1 if v >> i & 1 else 0 for i, a in enumerate(acc))
    if fn == "sum":
        return tuple(map(operator.add, acc, v))
    if acc is None:
        return tuple(v)
    return tuple(map(min if fn == "min" else max, acc, v))


def finish_vector(fn: str, acc: Any) -> Any:
    return (0,) * 52 if acc is None else acc


class _VC:
    """The mask compiler.  In *program* mode (``leaves`` a list) the parts
    that do not read the judged card become signature leaves; otherwise
    they are compiled as closures over the environment."""

    def __init__(self, scalar: ScalarCompiler, leaves: list[tuple[A.Node, Vec]] | None) -> None:
        self.scalar = scalar
        self.leaves = leaves
        self._leaf_ix: dict[A.Node, int] = {}

    def leaf(self, node: A.Node, fn: Vec) -> Vec:
        """A getter for the signature leaf of ``node`` (made on first use)."""
        assert self.leaves is not None
        i = self._leaf_ix.get(node)
        if i is None:
            i = self._leaf_ix[node] = len(self.leaves)
            self.leaves.append((node, fn))
        return operator.itemgetter(i)

    def vc(self, node: A.Node) -> _Compiled:
        is_bool = A.type_of(node) == A.BOOL
        refs = A.free_refs(node)
        if "card" not in refs:
            if self.leaves is None or not refs:
                return _Compiled(None, self.scalar.compile(node), is_bool)
            return _Compiled(None, self.leaf(node, self.scalar.compile(node)), is_bool)
        if isinstance(node, A.Agg):
            fn = self.card_aggregate(node)
            if self.leaves is not None:
                fn = self.leaf(node, fn)
            return _Compiled(X, fn, is_bool)
        c = self.card(node, is_bool)
        if refs == {"card"}:
            # depends on the judged card only: compute once, now
            value = c.fn(EMPTY_ENV)
            return _Compiled(c.kind, lambda e: value, is_bool)
        return c

    def card_aggregate(self, node: A.Agg) -> Vec:
        """``env -> 52-card vector`` of an aggregate whose body reads the
        judged card, from its slot when the situation builder filled it."""
        body = _VC(self.scalar, None).vc(node.body)
        is_bool = A.type_of(node.body) == A.BOOL
        as52 = body.as_kind(X)
        fn = node.fn
        slot = self.scalar.slots.get(node)

        def vector(e: tuple) -> Any:
            if slot is not None and e[slot] is not None:
                return e[slot]
            acc = start_vector(fn, is_bool)
            for r, s in e[LINE_SLOT]:
                v = as52(with_each(e, r, s))
                acc = step_vector(fn, acc, v if is_bool else tuple(v))
            return finish_vector(fn, acc)

        return vector

    def card(self, node: A.Node, is_bool: bool) -> _Compiled:
        vc = self.vc
        if isinstance(node, A.Attr):  # which == "card"
            kind, vec = {"rank": (R, RANK_VEC), "suit": (S, SUIT_VEC), "color": (S, COLOR_VEC)}[node.attr]
            return _Compiled(kind, lambda e: vec, False)
        if isinstance(node, A.CardRef):
            return _Compiled(X, lambda e: CARD_VEC, False)
        if isinstance(node, A.Neg):
            c = vc(node.operand)
            f = c.fn
            return _Compiled(c.kind, lambda e: list(map(operator.neg, f(e))), False)
        if isinstance(node, A.Arith):
            acc = vc(node.operands[0])
            for op, o in zip(node.ops, node.operands[1:]):
                acc = _lift(ARITH[op], [acc, vc(o)], False)
            return acc
        if isinstance(node, A.Call):
            parts = [vc(a) for a in node.args]
            if node.fn == "abs":
                arg = parts[0]
                g = arg.fn
                return _Compiled(arg.kind, lambda e: list(map(abs, g(e))), False)
            return _lift(min if node.fn == "min" else max, parts, False)
        if isinstance(node, A.Compare):
            parts = [vc(o) for o in node.operands]
            masks = [_lift(CMP[op], [parts[i], parts[i + 1]], True) for i, op in enumerate(node.ops)]
            return _junction(masks, _all_of)
        if isinstance(node, A.Is):
            c = vc(node.subject)
            p = predicate(node.pred, A.type_of(node.subject))
            f, k = c.fn, c.kind
            assert k is not None  # the subject reads the card
            bits = BITS[k]
            if node.negated:
                full = FULL[k]
                return _Compiled(k, lambda e: full ^ sum(compress(bits, map(p, f(e)))), True)
            return _Compiled(k, lambda e: sum(compress(bits, map(p, f(e)))), True)
        if isinstance(node, A.In):
            return self.membership(node)
        if isinstance(node, A.Not):
            return _not(vc(node.operand))
        if isinstance(node, A.And):
            return _junction([vc(o) for o in node.operands], _all_of)
        if isinstance(node, A.Or):
            return _junction([vc(o) for o in node.operands], _any_of)
        if isinstance(node, A.If):
            return self.branch(node, is_bool)
        if isinstance(node, A.Table):
            vals = table_values(node)
            n = len(vals)
            return _lift(lambda i: vals[(i - 1) % n], [vc(node.index)], is_bool)
        raise TypeError(f"not a card-dependent node: {node!r}")

    def membership(self, node: A.In) -> _Compiled:
        subj = self.vc(node.subject)
        tests: list[_Compiled] = []
        consts: list[Any] = []
        for item in node.items:
            if isinstance(item, A.Range):
                if is_constant(item.lo) and is_constant(item.hi):
                    lo, hi = interpret(item.lo, EMPTY_ENV), interpret(item.hi, EMPTY_ENV)
                    if hi - lo <= EXPAND_RANGE:
                        consts.extend(range(lo, hi + 1))
                        continue
                tests.append(_lift(lambda x, lo, hi: lo <= x <= hi, [subj, self.vc(item.lo), self.vc(item.hi)], True))
            elif is_constant(item):
                consts.append(interpret(item, EMPTY_ENV))
            else:
                tests.append(_lift(operator.eq, [subj, self.vc(item)], True))
        if consts:
            cset: Any = frozenset(consts) if all(type(c) is int for c in consts) else tuple(consts)
            tests.append(_lift(cset.__contains__, [subj], True))
        if not tests:  # an empty set (``{1..0}``) holds nothing
            tests.append(_Compiled(subj.kind or R, lambda e: 0, True))
        found = _junction(tests, _any_of)
        return _not(found) if node.negated else found

    def branch(self, node: A.If, is_bool: bool) -> _Compiled:
        cond = self.vc(node.cond)
        then = self.vc(node.then)
        other = self.vc(node.else_) if node.else_ is not None else _Compiled(None, lambda e: True, True)
        kind = _unify(_unify(then.kind, other.kind), cond.kind)
        assert kind is not None
        t, o = then.as_kind(kind), other.as_kind(kind)
        if cond.kind is None:
            c = cond.fn
            return _Compiled(kind, lambda e: t(e) if c(e) else o(e), is_bool)
        cm = cond.as_kind(kind)
        full = FULL[kind]
        if is_bool:
            def pick_mask(e: tuple) -> int:
                m = cm(e)
                return (m & t(e)) | ((full ^ m) & o(e))

            return _Compiled(kind, pick_mask, True)
        width = WIDTH[kind]

        def pick(e: tuple) -> list:
            m, tv, ov = cm(e), t(e), o(e)
            return [tv[i] if m >> i & 1 else ov[i] for i in range(width)]

        return _Compiled(kind, pick, False)


def _to_mask(c: _Compiled) -> Callable[[tuple], int]:
    f = c.fn
    if c.kind is None:
        return lambda e: FULL52 if f(e) else 0
    if c.kind == X:
        return f
    k = c.kind
    return lambda e: widen(k, X, f(e), True)


#: masks a program keeps, by signature, before it starts again
CACHE_LIMIT = 20_000


class MaskProgram:
    """A condition compiled once for masks: ``program(env)`` is the 52-card
    mask of a situation (the card slots of ``env`` are ignored)."""

    def __init__(self, tree: A.Node, scalar: ScalarCompiler) -> None:
        leaves: list[tuple[A.Node, Vec]] = []
        combined = _VC(scalar, leaves).vc(tree)
        self.combine = _to_mask(combined)
        #: the parts that make up a signature, and how to compute each
        self.leaf_nodes: tuple[A.Node, ...] = tuple(n for n, _ in leaves)
        self.leaf_fns: tuple[Vec, ...] = tuple(f for _, f in leaves)
        self.cache: dict[tuple, int] = {}

    def signature(self, env: tuple) -> tuple:
        return tuple([f(env) for f in self.leaf_fns])

    def of_signature(self, sig: tuple) -> int:
        m = self.cache.get(sig)
        if m is None:
            if len(self.cache) >= CACHE_LIMIT:
                self.cache.clear()
            m = self.cache[sig] = self.combine(sig)
        return m

    def __call__(self, env: tuple) -> int:
        return self.of_signature(tuple([f(env) for f in self.leaf_fns]))


def compile_mask(tree: A.Node, scalar: ScalarCompiler | None = None) -> MaskProgram:
    """The mask program of a checked condition tree."""
    return MaskProgram(tree, scalar or ScalarCompiler())


def body_vectors(node: A.Agg, scalar: ScalarCompiler) -> list[Any]:
    """For an aggregate whose body reads only ``each`` and the judged card:
    the body's 52-card vector for each kind of main-line card (a mask for a
    condition, a tuple of numbers otherwise)."""
    body = _VC(scalar, None).vc(node.body)
    as52 = body.as_kind(X)
    is_bool = A.type_of(node.body) == A.BOOL
    out = []
    for r, s in CARD_VEC:
        v = as52(with_each(EMPTY_ENV, r, s))
        out.append(v if is_bool else tuple(v))
    return out


def kinds_of(cards: Sequence[Card]) -> list[int]:
    return [card_index(c) for c in cards]
