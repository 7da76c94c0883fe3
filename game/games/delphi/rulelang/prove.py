"""Proving that a rule accepts every card, or no card, in every situation.

The rule is read as a function of *atoms*: the rank and the suit of the
judged card, of ``last`` … ``last6`` and of ``first``, the position, and
each aggregate over the main line as a whole.  Every atom gets the set of
values it can take in a round (a rank 1 to 13, any suit, a position after
the starters up to 156; an aggregate the values its body allows, e.g.
``count(…)`` 0 to 155).  Taking the atoms as independent of each other
gives a superset of the situations a round can reach, so:

- if the rule is true for every combination of atom values, it accepts every
  card in every situation a round can reach (a tautology), and
- if it is false for every combination, it accepts no card ever.

The set of values the rule can take over all combinations is computed by
*variable elimination* on the tree: each node gets a table from the values
of the atoms it shares with the rest of the tree to the set of values it
can take; an atom is summed out (its rows merged) at the lowest node that
holds all its occurrences.  So ``pos >= 1 or last2.rank = last.rank`` is
``{true}`` at once (``pos >= 1`` is true for every position), and
``card.rank > last.rank and card.rank < last.rank`` is ``{false}`` (both
sides are evaluated on the same pair of ranks).

Tables and value sets are bounded (:data:`ROW_CAP`, :data:`VALUE_CAP`):
past the bounds an atom is summed out early and a large set of numbers
becomes an interval.  Both only make the result larger, never smaller: the
answer stays a superset of the true one, so "always" and "never" remain
proofs; only "could be either" may come out where a finer analysis would
have found a constant.  The analysis then looks for real situations (see
``analysis``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Any

from game.cards import SUITS
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.evaluate import (
    ARITH,
    CMP,
    color_of,
    constant,
    is_prime,
    predicate,
    table_values,
)

#: the most rows a table of atom values may have before atoms are summed out early
ROW_CAP = 6_000
#: the largest set of values kept exactly (a larger set of numbers becomes an interval)
VALUE_CAP = 1_500
#: the most combinations an operation expands exactly
PRODUCT_CAP = 6_000
#: the longest main line before a judged card (three decks, less the card)
MAX_LINE = 155
LAST_POS = 156

RANKS = tuple(range(1, 14))
TRUE_FALSE = frozenset({True, False})


@dataclass(frozen=True)
class Iv:
    """The whole numbers from ``lo`` to ``hi``: a value set too large to list."""

    lo: int
    hi: int

    def __contains__(self, x: object) -> bool:
        return isinstance(x, int) and self.lo <= x <= self.hi


Values = frozenset | Iv


def _bounds(v: Values) -> tuple[int, int]:
    if isinstance(v, Iv):
        return v.lo, v.hi
    return min(v), max(v)


def _numbers(v: Values) -> Values:
    """``v`` as a set when small enough, else an interval."""
    if isinstance(v, Iv):
        if v.hi - v.lo < VALUE_CAP:
            return frozenset(range(v.lo, v.hi + 1))
        return v
    if len(v) > VALUE_CAP:
        return Iv(min(v), max(v))
    return v


def union(a: Values, b: Values) -> Values:
    if isinstance(a, Iv) or isinstance(b, Iv):
        (alo, ahi), (blo, bhi) = _bounds(a), _bounds(b)
        return _numbers(Iv(min(alo, blo), max(ahi, bhi)))
    out = a | b
    if len(out) > VALUE_CAP and all(type(x) is int for x in out):
        return Iv(min(out), max(out))
    return out


def _size(v: Values) -> int:
    return v.hi - v.lo + 1 if isinstance(v, Iv) else len(v)


def _corner_div(a: Iv, b: Iv) -> Iv:
    bs = {b.lo, b.hi} | ({1} if b.lo <= 1 <= b.hi else set()) | ({-1} if b.lo <= -1 <= b.hi else set())
    outs = [x // y for x in (a.lo, a.hi) for y in bs if y]
    if b.lo <= 0 <= b.hi:
        outs.append(0)
    return Iv(min(outs), max(outs))


def _interval_op(op: str, ivs: list[Iv]) -> Iv:
    """Bounds of ``op`` over intervals (``+ - * / %``, neg, abs, min, max)."""
    a = ivs[0]
    if op == "neg":
        return Iv(-a.hi, -a.lo)
    if op == "abs":
        lo = 0 if a.lo <= 0 <= a.hi else min(abs(a.lo), abs(a.hi))
        return Iv(lo, max(abs(a.lo), abs(a.hi)))
    if op in ("min", "max"):
        f = min if op == "min" else max
        return Iv(f(i.lo for i in ivs), f(i.hi for i in ivs))
    b = ivs[1]
    if op == "+":
        return Iv(a.lo + b.lo, a.hi + b.hi)
    if op == "-":
        return Iv(a.lo - b.hi, a.hi - b.lo)
    if op == "*":
        cs = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        return Iv(min(cs), max(cs))
    if op == "/":
        return _corner_div(a, b)
    # %: [0, b-1] for positive divisors, [b+1, 0] for negative, a itself for 0
    parts: list[Iv] = []
    if b.hi > 0:
        parts.append(Iv(0, b.hi - 1))
    if b.lo < 0:
        parts.append(Iv(b.lo + 1, 0))
    if b.lo <= 0 <= b.hi:
        parts.append(a)
    return Iv(min(p.lo for p in parts), max(p.hi for p in parts))


def _compare_iv(op: str, a: Iv, b: Iv) -> frozenset:
    out = set()
    if op in ("=", "<=", ">=") and a.lo <= b.hi and b.lo <= a.hi:
        out.add(True)
    if op == "=":
        if not (a.lo == a.hi == b.lo == b.hi):
            out.add(False)
        return frozenset(out)
    if op == "!=":
        return frozenset({True, False}) if not (a.lo == a.hi == b.lo == b.hi) else frozenset({False})
    lt_possible, ge_possible = a.lo < b.hi, a.hi >= b.lo
    gt_possible, le_possible = a.hi > b.lo, a.lo <= b.hi
    table = {"<": (lt_possible, ge_possible), ">=": (ge_possible, lt_possible),
             ">": (gt_possible, le_possible), "<=": (le_possible, gt_possible)}
    can_true, can_false = table[op]
    return frozenset(([True] if can_true else []) + ([False] if can_false else []))


_OPS: dict[str, Callable[..., Any]] = {
    **ARITH,
    "neg": operator.neg,
    "abs": abs,
    "min": min,
    "max": max,
}


def apply(op: str, args: list[Values]) -> Values:
    """The set of ``op(x, y, …)`` for x in args[0], y in args[1] …"""
    sizes = 1
    for a in args:
        sizes *= _size(a)
    if sizes <= PRODUCT_CAP and not any(isinstance(a, Iv) for a in args):
        sets = [a for a in args if isinstance(a, frozenset)]
        if op in CMP:
            return frozenset(CMP[op](*xs) for xs in product(*sets))
        f = _OPS[op]
        return _numbers(frozenset(f(*xs) for xs in product(*sets)))
    ivs = [Iv(*_bounds(a)) for a in args]
    if op in CMP:
        return _compare_iv(op, ivs[0], ivs[1])
    return _numbers(_interval_op(op, ivs))


def _map(f: Callable[[Any], Any], v: Values, fallback: Values) -> Values:
    if isinstance(v, Iv):
        return fallback
    return frozenset(f(x) for x in v)


# --- atoms ---------------------------------------------------------------------------------


def _suit_of_card(which: str) -> tuple:
    return (which, "suit")


def _rank_of_card(which: str) -> tuple:
    return (which, "rank")


class _Scope:
    """The atoms of one tree (a rule, or an aggregate's body) and their
    values; ``aggs`` maps each aggregate to its value set."""

    def __init__(self, starters: int, aggs: dict[A.Agg, Values]) -> None:
        self.starters = starters
        self.aggs = aggs

    def domain(self, atom: tuple) -> Values:
        kind = atom[-1]
        if kind == "rank":
            return frozenset(RANKS)
        if kind == "suit":
            return frozenset(SUITS)
        if kind == "pos":
            return frozenset(range(self.starters + 1, LAST_POS + 1))
        return self.aggs[atom[0]]


def atoms_of(node: A.Node) -> list[tuple]:
    """The atoms a node reads directly (not inside an aggregate)."""
    if isinstance(node, A.Attr):
        return [_rank_of_card(node.which)] if node.attr == "rank" else [_suit_of_card(node.which)]
    if isinstance(node, A.CardRef):
        return [_rank_of_card(node.which), _suit_of_card(node.which)]
    if isinstance(node, A.Pos):
        return [("pos",)]
    if isinstance(node, A.Agg):
        return [(node, "agg")]
    return []


def _kids(node: A.Node) -> tuple[A.Node, ...]:
    """Children the analysis descends into (an aggregate is an atom)."""
    if isinstance(node, A.Agg):
        return ()
    if isinstance(node, A.Table):
        return (node.index,)
    if isinstance(node, A.In):  # a range's two ends are two children of the set
        out: list[A.Node] = [node.subject]
        for item in node.items:
            out.extend((item.lo, item.hi) if isinstance(item, A.Range) else (item,))
        return tuple(out)
    return A.children(node)


def _counts(node: A.Node) -> dict[A.Node | int, dict[tuple, int]]:
    """For every node (by id), how often each atom occurs in its subtree."""
    out: dict[Any, dict[tuple, int]] = {}
    order: list[A.Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        order.append(n)
        stack.extend(_kids(n))
    for n in reversed(order):
        c: dict[tuple, int] = {}
        for a in atoms_of(n):
            c[a] = c.get(a, 0) + 1
        for k in _kids(n):
            for a, m in out[id(k)].items():
                c[a] = c.get(a, 0) + m
        out[id(n)] = c
    return out


# --- relations -------------------------------------------------------------------------------

Rel = tuple[tuple[tuple, ...], dict[tuple, Values]]  # (atoms, rows: atom values -> node values)


class Prover:
    """Variable elimination over one tree (see the module text)."""

    def __init__(self, tree: A.Node, scope: _Scope) -> None:
        self.tree = tree
        self.scope = scope
        self.counts = _counts(tree)
        self.total = self.counts[id(tree)]
        self.enumerable = {a for a in self.total if not isinstance(scope.domain(a), Iv)}

    def values(self) -> Values:
        _atoms, rows = self.rel(self.tree)
        out: Values | None = None
        for v in rows.values():
            out = v if out is None else union(out, v)
        assert out is not None
        return out

    # a node's relation ----------------------------------------------------------------------
    def rel(self, node: A.Node) -> Rel:
        kids = [self.rel(k) for k in _kids(node)]
        own = [a for a in atoms_of(node)]
        atoms, rows = self.join(own, kids, node)
        keep = tuple(a for a in atoms if self.counts[id(node)].get(a, 0) < self.total.get(a, 0))
        return self.project((atoms, rows), keep)

    def join(self, own: list[tuple], kids: list[Rel], node: A.Node) -> Rel:
        """Rows over the atoms of ``own`` and of the children, each with the
        node's value set."""
        atoms: list[tuple] = []
        for a in own:
            if a in self.enumerable and a not in atoms:
                atoms.append(a)
        for k_atoms, _ in kids:
            for a in k_atoms:
                if a not in atoms:
                    atoms.append(a)
        size = 1
        for a in atoms:
            size *= _size(self.scope.domain(a))
        if size > ROW_CAP:
            # too many combinations: treat the children as independent
            kids = [self.project(k, ()) for k in kids]
            atoms = [a for a in own if a in self.enumerable]
            size = 1
            for a in atoms:
                size *= _size(self.scope.domain(a))
            if size > ROW_CAP:
                atoms = []
        index = {a: i for i, a in enumerate(atoms)}
        domains = [sorted(self.scope.domain(a), key=_sort_key) for a in atoms]  # type: ignore[arg-type]
        rows: dict[tuple, Values] = {}
        for assignment in product(*domains):
            kid_values = []
            for k_atoms, k_rows in kids:
                key = tuple(assignment[index[a]] for a in k_atoms)
                kid_values.append(k_rows[key])
            rows[assignment] = self.evaluate(node, kid_values, assignment, index)
        return tuple(atoms), rows

    def project(self, rel: Rel, keep: tuple[tuple, ...]) -> Rel:
        atoms, rows = rel
        if keep == atoms:
            return rel
        pick = [atoms.index(a) for a in keep]
        out: dict[tuple, Values] = {}
        for key, v in rows.items():
            k = tuple(key[i] for i in pick)
            out[k] = v if k not in out else union(out[k], v)
        return keep, out

    # one node, given its children's values ---------------------------------------------------
    def atom_value(self, atom: tuple, assignment: tuple, index: dict) -> Values:
        i = index.get(atom)
        if i is None:
            return self.scope.domain(atom)
        return frozenset({assignment[i]})

    def evaluate(self, node: A.Node, kids: list[Values], assignment: tuple, index: dict) -> Values:
        if isinstance(node, (A.Num, A.BoolConst, A.SuitConst, A.ColorConst)):
            return frozenset({constant(node)})
        if isinstance(node, A.Attr):
            atom = atoms_of(node)[0]
            v = self.atom_value(atom, assignment, index)
            if node.attr == "color":
                return _map(color_of, v, frozenset({"red", "black"}))
            return v
        if isinstance(node, A.CardRef):
            r, s = (self.atom_value(a, assignment, index) for a in atoms_of(node))
            return frozenset(product(r, s))  # type: ignore[arg-type]
        if isinstance(node, (A.Pos, A.Agg)):
            return self.atom_value(atoms_of(node)[0], assignment, index)
        if isinstance(node, A.Neg):
            return apply("neg", kids)
        if isinstance(node, A.Arith):
            total = kids[0]
            for op, k in zip(node.ops, kids[1:]):
                total = apply(op, [total, k])
            return total
        if isinstance(node, A.Call):
            return apply(node.fn, kids)
        if isinstance(node, A.Compare):
            acc: Values = frozenset({True})
            for i, op in enumerate(node.ops):
                acc = _and(acc, apply(op, [kids[i], kids[i + 1]]))
            return acc
        if isinstance(node, A.Is):
            p = predicate(node.pred, A.type_of(node.subject))
            v = kids[0]
            if isinstance(v, Iv):
                res = _is_on_interval(node.pred, v)
            else:
                res = frozenset(p(x) for x in v)
            return frozenset(x != node.negated for x in res)
        if isinstance(node, A.In):
            return self.membership(node, kids)
        if isinstance(node, A.Not):
            return _map(operator.not_, kids[0], TRUE_FALSE)
        if isinstance(node, A.And):
            acc = frozenset({True})
            for k in kids:
                acc = _and(acc, k)
            return acc
        if isinstance(node, A.Or):
            acc = frozenset({False})
            for k in kids:
                acc = _or(acc, k)
            return acc
        if isinstance(node, A.If):
            cond = kids[0]
            out: Values = frozenset()
            if True in cond:
                out = kids[1]
            if False in cond:
                other = kids[2] if node.else_ is not None else frozenset({True})
                out = other if not out else union(out, other)
            return out
        if isinstance(node, A.Table):
            vals = table_values(node)
            n = len(vals)
            ix = kids[0]
            if isinstance(ix, Iv) and ix.hi - ix.lo + 1 >= n:
                return frozenset(vals)
            return frozenset(vals[(i - 1) % n] for i in (range(ix.lo, ix.hi + 1) if isinstance(ix, Iv) else ix))
        raise TypeError(f"not a rule node: {node!r}")

    def membership(self, node: A.In, kids: list[Values]) -> Values:
        subject, items = kids[0], kids[1:]
        # a range item's two ends are two children
        found: Values = frozenset({False})
        i = 0
        for item in node.items:
            if isinstance(item, A.Range):
                lo, hi = items[i], items[i + 1]
                i += 2
                hit: Values = _and(apply(">=", [subject, lo]), apply("<=", [subject, hi]))
            else:
                hit = apply("=", [subject, items[i]]) if _comparable(subject, items[i]) else _eq_any(subject, items[i])
                i += 1
            found = _or(found, hit)
        return frozenset(x != node.negated for x in found)  # type: ignore[union-attr]


def _comparable(a: Values, b: Values) -> bool:
    return isinstance(a, Iv) or isinstance(b, Iv) or _size(a) * _size(b) <= PRODUCT_CAP


def _eq_any(a: Values, b: Values) -> Values:
    return TRUE_FALSE


def _and(a: Values, b: Values) -> frozenset:
    return frozenset(x and y for x in a for y in b)  # type: ignore[union-attr]


def _or(a: Values, b: Values) -> frozenset:
    return frozenset(x or y for x in a for y in b)  # type: ignore[union-attr]


def _is_on_interval(pred: str, v: Iv) -> frozenset:
    if pred == "face":
        inside = v.lo <= 13 and v.hi >= 11
        outside = v.lo < 11 or v.hi > 13
        return frozenset(([True] if inside else []) + ([False] if outside else []))
    if pred == "prime" and v.hi < 2:
        return frozenset({False})
    return TRUE_FALSE


def _sort_key(x: Any) -> Any:
    return (str(type(x)), x if isinstance(x, int) else str(x))


# --- aggregates ------------------------------------------------------------------------------------


def aggregate_values(node: A.Agg, body: Values, starters: int) -> Values:
    """What an aggregate can be over main lines of ``starters`` to 155
    cards, given the values its body can take for one card."""
    fn = node.fn
    lo_len, hi_len = max(1, starters), MAX_LINE
    if fn in ("any", "all"):
        return frozenset(x for x in (True, False) if x in body)
    if fn in ("count", "streak"):
        if True not in body:
            return frozenset({0})
        if False not in body:
            return _numbers(Iv(lo_len, hi_len))
        return _numbers(Iv(0, hi_len))
    if fn == "sum":
        blo, bhi = _bounds(body)
        return _numbers(Iv(min(lo_len * blo, hi_len * blo), max(lo_len * bhi, hi_len * bhi)))
    return body  # min, max: one of the body's values


def values_of(tree: A.Node, starters: int) -> Values:
    """The values ``tree`` can take over all combinations of its atoms."""
    aggs: dict[A.Agg, Values] = {}
    for n in A.walk(tree):
        if isinstance(n, A.Agg) and n not in aggs:
            body = Prover(n.body, _Scope(starters, {})).values()
            aggs[n] = aggregate_values(n, body, starters)
    return Prover(tree, _Scope(starters, aggs)).values()


def constant_verdict(tree: A.Node, starters: int) -> bool | None:
    """True when the rule provably accepts every card everywhere, False
    when it provably accepts none, None when the proof does not decide."""
    v = values_of(tree, starters)
    if v == frozenset({True}):
        return True
    if v == frozenset({False}):
        return False
    return None


__all__ = ["Iv", "Prover", "aggregate_values", "constant_verdict", "is_prime", "values_of"]
