"""Hypothesis strategies: random well-typed rule trees and situations."""

from __future__ import annotations

from hypothesis import strategies as st

from game.cards import RANKS, SUITS, Card
from game.games.delphi.rulelang import ast as A

refs = st.sampled_from(["card", "last", "last2"])
small_num = st.one_of(st.integers(0, 15), st.integers(0, 999))


def _if(t: str, depth: int):
    return st.builds(A.If, trees(A.BOOL, depth - 1), trees(t, depth - 1), trees(t, depth - 1))


def trees(t: str, depth: int = 3):
    """Well-typed trees of type ``t`` with at most ``depth`` nested levels."""
    if t == A.NUM:
        leaves = st.one_of(
            st.builds(A.Num, small_num),
            st.builds(A.Attr, refs, st.just("rank")),
            st.just(A.Pos()),
        )
        if depth <= 0:
            return leaves
        sub = trees(A.NUM, depth - 1)
        return st.one_of(
            leaves,
            leaves,
            st.builds(A.Neg, sub),
            st.lists(sub, min_size=2, max_size=3).flatmap(
                lambda xs: st.tuples(
                    st.one_of(
                        st.lists(st.sampled_from(A.ADD_OPS), min_size=len(xs) - 1, max_size=len(xs) - 1),
                        st.lists(st.sampled_from(A.MUL_OPS), min_size=len(xs) - 1, max_size=len(xs) - 1),
                    ),
                    st.just(xs),
                )
            ).map(lambda p: A.Arith(tuple(p[0]), tuple(p[1]))),
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
    eq_cmp = st.sampled_from([A.NUM, A.SUIT, A.COLOR, A.CARD, A.BOOL]).flatmap(
        lambda ty: st.builds(lambda op, a, b: A.Compare((op,), (a, b)), st.sampled_from(["=", "!="]), trees(ty, d), trees(ty, d))
    )
    order_cmp = st.lists(trees(A.NUM, d), min_size=2, max_size=3).flatmap(
        lambda xs: st.lists(st.sampled_from(A.CMP_OPS), min_size=len(xs) - 1, max_size=len(xs) - 1).map(
            lambda ops: A.Compare(tuple(ops), tuple(xs))
        )
    )
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
    in_other = st.sampled_from([A.SUIT, A.COLOR, A.CARD, A.BOOL]).flatmap(
        lambda ty: st.builds(lambda s, items, neg: A.In(s, tuple(items), neg), trees(ty, d), st.lists(trees(ty, d), min_size=1, max_size=3), st.booleans())
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
