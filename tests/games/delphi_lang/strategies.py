"""Hypothesis strategies: random well-typed rule trees and situations."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from game.cards import RANKS, SUITS, Card
from game.games.delphi.rulelang import ast as A

refs = st.sampled_from(["card", "last", "last2"])
small_num = st.one_of(st.integers(0, 15), st.integers(0, 999))


def _if(t: str, depth: int):
    return st.builds(A.If, trees(A.BOOL, depth - 1), trees(t, depth - 1), trees(t, depth - 1))


def _chain(operands, ops, make):
    """operands: 2-3 items; ops: 2 items, cut to fit."""
    return st.builds(lambda xs, os: make(tuple(os[: len(xs) - 1]), tuple(xs)), operands, ops)


@cache
def trees(t: str, depth: int = 3):
    """Well-typed trees of type ``t`` with at most ``depth`` nested levels
    (no flatmap, so generation stays cheap)."""
    if t == A.NUM:
        leaves = st.one_of(
            st.builds(A.Num, small_num),
            st.builds(A.Attr, refs, st.just("rank")),
            st.just(A.Pos()),
        )
        if depth <= 0:
            return leaves
        sub = trees(A.NUM, depth - 1)
        two_ops = lambda group: st.lists(st.sampled_from(group), min_size=2, max_size=2)  # noqa: E731
        return st.one_of(
            leaves,
            leaves,
            st.builds(A.Neg, sub),
            _chain(st.lists(sub, min_size=2, max_size=3), two_ops(A.ADD_OPS), A.Arith),
            _chain(st.lists(sub, min_size=2, max_size=3), two_ops(A.MUL_OPS), A.Arith),
            st.builds(lambda a: A.Call("abs", (a,)), sub),
            st.builds(lambda f, xs: A.Call(f, tuple(xs)), st.sampled_from(["min", "max"]), st.lists(sub, min_size=2, max_size=3)),
            _if(A.NUM, depth),
        )
    if t == A.SUIT:
        leaves = st.one_of(st.builds(A.SuitConst, st.sampled_from(A.SUIT_NAMES)), st.builds(A.Attr, refs, st.just("suit")))
        return leaves if depth <= 0 else st.one_of(leaves, leaves, _if(A.SUIT, depth))
    if t == A.COLOR:
        leaves = st.one_of(st.builds(A.ColorConst, st.sampled_from(A.COLOR_NAMES)), st.builds(A.Attr, refs, st.just("color")))
        return leaves if depth <= 0 else st.one_of(leaves, leaves, _if(A.COLOR, depth))
    if t == A.CARD:
        leaves = st.builds(A.CardRef, refs)
        return leaves if depth <= 0 else st.one_of(leaves, leaves, _if(A.CARD, depth))
    assert t == A.BOOL
    leaf = st.builds(A.BoolConst, st.booleans())
    if depth <= 0:
        return leaf
    d = depth - 1
    eq_ops = st.sampled_from(["=", "!="])
    eq_cmp = st.one_of(
        *[st.builds(lambda op, a, b: A.Compare((op,), (a, b)), eq_ops, trees(ty, d), trees(ty, d)) for ty in (A.SUIT, A.COLOR, A.CARD, A.BOOL)]
    )
    order_cmp = _chain(st.lists(trees(A.NUM, d), min_size=2, max_size=3), st.lists(st.sampled_from(A.CMP_OPS), min_size=2, max_size=2), A.Compare)
    is_num = st.builds(A.Is, st.one_of(trees(A.NUM, d), trees(A.CARD, d)), st.sampled_from(A.NUMBER_PREDICATES), st.booleans())
    is_col = st.builds(
        A.Is, st.one_of(trees(A.COLOR, d), trees(A.SUIT, d), trees(A.CARD, d)), st.sampled_from(A.COLOR_NAMES), st.booleans()
    )
    is_suit = st.builds(A.Is, st.one_of(trees(A.SUIT, d), trees(A.CARD, d)), st.sampled_from(A.SUIT_NAMES), st.booleans())
    in_num = st.builds(
        lambda s, items, neg: A.In(s, tuple(items), neg),
        trees(A.NUM, d),
        st.lists(st.one_of(trees(A.NUM, d), st.builds(A.Range, trees(A.NUM, d), trees(A.NUM, d))), min_size=1, max_size=3),
        st.booleans(),
    )
    in_other = st.one_of(
        *[
            st.builds(lambda s, items, neg: A.In(s, tuple(items), neg), trees(ty, d), st.lists(trees(ty, d), min_size=1, max_size=3), st.booleans())
            for ty in (A.SUIT, A.COLOR, A.CARD, A.BOOL)
        ]
    )
    sub = trees(A.BOOL, d)
    return st.one_of(
        leaf,
        eq_cmp,
        order_cmp,
        is_num,
        is_col,
        is_suit,
        in_num,
        in_other,
        st.builds(A.Not, sub),
        st.lists(sub, min_size=2, max_size=3).map(lambda xs: A.And(tuple(xs))),
        st.lists(sub, min_size=2, max_size=3).map(lambda xs: A.Or(tuple(xs))),
        st.builds(A.If, sub, sub, st.one_of(st.none(), sub)),
    )


cards = st.builds(Card, st.sampled_from(RANKS), st.sampled_from(SUITS))
situations = st.tuples(cards, cards, cards, st.integers(1, 160))


# --- a plain seeded generator (fast; for sweeps and the fuzzer) -------------------------


def random_tree(rng, t: str = A.BOOL, depth: int = 3):
    """A random well-typed tree of type ``t`` from a ``random.Random``."""
    ref = lambda: rng.choice(["card", "last", "last2"])  # noqa: E731
    leafy = depth <= 0 or rng.random() < 0.3
    if t == A.NUM:
        if leafy:
            k = rng.randrange(3)
            if k == 0:
                return A.Num(rng.choice([rng.randrange(16), rng.randrange(1000)]))
            return A.Attr(ref(), "rank") if k == 1 else A.Pos()
        d = depth - 1
        k = rng.randrange(5)
        if k == 0:
            return A.Neg(random_tree(rng, A.NUM, d))
        if k == 1:
            n = rng.randrange(2, 4)
            group = rng.choice([A.ADD_OPS, A.MUL_OPS])
            return A.Arith(tuple(rng.choice(group) for _ in range(n - 1)), tuple(random_tree(rng, A.NUM, d) for _ in range(n)))
        if k == 2:
            return A.Call("abs", (random_tree(rng, A.NUM, d),))
        if k == 3:
            return A.Call(rng.choice(["min", "max"]), tuple(random_tree(rng, A.NUM, d) for _ in range(rng.randrange(2, 4))))
        return A.If(random_tree(rng, A.BOOL, d), random_tree(rng, A.NUM, d), random_tree(rng, A.NUM, d))
    if t in (A.SUIT, A.COLOR, A.CARD):
        if leafy or rng.random() < 0.5:
            if t == A.SUIT:
                return A.SuitConst(rng.choice(A.SUIT_NAMES)) if rng.random() < 0.5 else A.Attr(ref(), "suit")
            if t == A.COLOR:
                return A.ColorConst(rng.choice(A.COLOR_NAMES)) if rng.random() < 0.5 else A.Attr(ref(), "color")
            return A.CardRef(ref())
        d = depth - 1
        return A.If(random_tree(rng, A.BOOL, d), random_tree(rng, t, d), random_tree(rng, t, d))
    if leafy and rng.random() < 0.3:
        return A.BoolConst(rng.random() < 0.5)
    d = max(0, depth - 1)
    k = rng.randrange(10)
    if k <= 2:
        ty = rng.choice([A.NUM, A.NUM, A.SUIT, A.COLOR, A.CARD, A.BOOL])
        if ty == A.NUM:
            n = rng.randrange(2, 4)
            return A.Compare(tuple(rng.choice(A.CMP_OPS) for _ in range(n - 1)), tuple(random_tree(rng, A.NUM, d) for _ in range(n)))
        return A.Compare((rng.choice(["=", "!="]),), (random_tree(rng, ty, d), random_tree(rng, ty, d)))
    if k == 3:
        pred = rng.choice(A.PREDICATES)
        if pred in A.NUMBER_PREDICATES:
            ty = rng.choice([A.NUM, A.CARD])
        elif pred in A.COLOR_NAMES:
            ty = rng.choice([A.COLOR, A.SUIT, A.CARD])
        else:
            ty = rng.choice([A.SUIT, A.CARD])
        return A.Is(random_tree(rng, ty, d), pred, rng.random() < 0.3)
    if k == 4:
        ty = rng.choice([A.NUM, A.NUM, A.SUIT, A.COLOR, A.CARD])
        items = []
        for _ in range(rng.randrange(1, 4)):
            if ty == A.NUM and rng.random() < 0.4:
                items.append(A.Range(random_tree(rng, A.NUM, d), random_tree(rng, A.NUM, d)))
            else:
                items.append(random_tree(rng, ty, d))
        return A.In(random_tree(rng, ty, d), tuple(items), rng.random() < 0.3)
    if k == 5:
        return A.Not(random_tree(rng, A.BOOL, d))
    if k in (6, 7):
        cls = A.And if k == 6 else A.Or
        return cls(tuple(random_tree(rng, A.BOOL, d) for _ in range(rng.randrange(2, 4))))
    els = None if rng.random() < 0.3 else random_tree(rng, A.BOOL, d)
    return A.If(random_tree(rng, A.BOOL, d), random_tree(rng, A.BOOL, d), els)
