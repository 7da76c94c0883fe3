"""Situations: the environment a rule is evaluated in, built from a main
line once and brought up to date card by card.

A :class:`Layout` is made once per rule.  It knows the rule's aggregates
and keeps, for each, what can be kept up to date as cards join the line:

- a body that reads only ``each`` (``count(each is red)``): its value for
  each of the 52 kinds of card is computed once, and the aggregate is
  folded one card at a time (a count goes up by 0 or 1);
- a body that reads ``each`` and the judged card (``any(each.rank =
  card.rank)``): the body's 52-card vector for each kind of main-line card
  is computed once, and the aggregate is kept as a 52-card vector for the
  masks;
- any other body (it also reads ``last``, ``pos`` …): nothing is kept; the
  evaluators fold the main line when asked.

The slots laid out in :mod:`.evaluate` hold the result; the evaluators
read them when they are filled, so both ways give the same value (a
property test compares them with the reference interpreter).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.cards import Card
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.evaluate import (
    AGG_BASE,
    EMPTY_ENV,
    LINE_SLOT,
    POS_SLOT,
    ScalarCompiler,
    with_each,
)
from game.games.delphi.rulelang.vector import CARD_VEC, KIND_INDEX, body_vectors, finish_vector, start_vector, step_vector

Env = tuple


def _step_value(fn: str, acc: Any, v: Any) -> Any:
    """A card-free aggregate after one more main-line card with body value ``v``."""
    if fn == "count":
        return acc + (1 if v else 0)
    if fn == "sum":
        return acc + v
    if fn == "min":
        return v if acc is None else min(acc, v)
    if fn == "max":
        return v if acc is None else max(acc, v)
    if fn == "any":
        return acc or bool(v)
    if fn == "all":
        return acc and bool(v)
    return acc + 1 if v else 0  # streak


def _start_value(fn: str) -> Any:
    return {"count": 0, "sum": 0, "min": None, "max": None, "any": False, "all": True, "streak": 0}[fn]


#: an aggregate the situation does not keep (the evaluators fold the line)
MISSING = object()


class _Keeper:
    """How one aggregate is kept up to date (see the module text)."""

    def __init__(self, node: A.Agg, scalar: ScalarCompiler) -> None:
        self.fn = node.fn
        refs = A.refs_of(node.body)
        self.values: list[Any] | None = None
        self.vectors: list[Any] | None = None
        if refs <= {"each"}:
            body = scalar.compile(node.body)
            self.values = [body(with_each(EMPTY_ENV, r, s)) for r, s in CARD_VEC]
        elif refs <= {"each", "card"}:
            self.vectors = body_vectors(node, scalar)

    def start(self, vectors: bool) -> Any:
        if self.values is not None:
            return _start_value(self.fn)
        if self.vectors is not None and vectors:
            return start_vector(self.fn, True)
        return MISSING

    def step(self, acc: Any, kind: int) -> Any:
        if acc is MISSING:
            return MISSING
        if self.values is not None:
            return _step_value(self.fn, acc, self.values[kind])
        assert self.vectors is not None
        return step_vector(self.fn, acc, self.vectors[kind])

    def slot_value(self, acc: Any) -> Any:
        """What the slot holds: None when not kept; 0 for the min or max of
        an empty line."""
        if acc is MISSING:
            return None
        if self.values is not None:
            return 0 if acc is None else acc
        return finish_vector(self.fn, acc)


class Layout:
    """What one rule reads from the main line (made once per rule)."""

    def __init__(self, tree: A.Node, scalar: ScalarCompiler) -> None:
        aggs: list[A.Agg] = []
        for n in A.walk(tree):
            if isinstance(n, A.Agg) and n not in aggs:
                aggs.append(n)
        self.aggs = tuple(aggs)
        self.slots = {a: AGG_BASE + i for i, a in enumerate(aggs)}
        scalar.slots.update(self.slots)
        self.keepers = [_Keeper(a, scalar) for a in aggs]
        self.back = A.lookback_of(tree)
        self.needs_line = bool(aggs)

    def env(self, line: Sequence[Card], vectors: bool = True) -> Env:
        """The situation after ``line`` (the judged card's slots empty);
        ``vectors``: also keep the 52-card vectors the masks read (a
        situation that :meth:`push` extends needs them)."""
        pairs = [(int(c.rank), c.suit) for c in line]
        n = len(pairs)
        lasts: list[Any] = []
        for k in range(1, A.MAX_BACK + 1):
            lasts.extend(pairs[n - k] if k <= n else (0, None))
        first = pairs[0] if pairs else (0, None)
        head = (0, None, *lasts, *first, n + 1, 0, None, tuple(pairs) if self.needs_line else ())
        if not self.keepers:
            return head
        accs = [k.start(vectors) for k in self.keepers]
        for r, s in pairs:
            kind = KIND_INDEX.get((r, s))
            if kind is None:  # not a card of the deck (a joker): fold when asked
                return head + (None,) * len(self.keepers)
            accs = [k.step(a, kind) for k, a in zip(self.keepers, accs)]
        return head + tuple(k.slot_value(a) for k, a in zip(self.keepers, accs))

    def push(self, env: Env, kind: int) -> Env:
        """The situation once card kind ``kind`` has joined the main line
        (``env`` made by :meth:`env` with its vectors, or by ``push``)."""
        r, s = CARD_VEC[kind]
        empty = env[POS_SLOT] == 1
        first = (r, s) if empty else env[14:16]
        line = env[LINE_SLOT] + ((r, s),) if self.needs_line else ()
        head = (0, None, r, s) + env[2:12] + first + (env[POS_SLOT] + 1, 0, None, line)
        if not self.keepers:
            return head
        out = []
        for k, slot in zip(self.keepers, env[AGG_BASE:]):
            acc = k.start(True) if empty else (MISSING if slot is None else slot)
            out.append(k.slot_value(k.step(acc, kind)))
        return head + tuple(out)


def env_at(last: Card | None, last2: Card | None, pos: int) -> Env:
    """A situation given by its last two cards and the position only (the
    rest empty): for rules that read nothing else."""
    lr, ls = (0, None) if last is None else (int(last.rank), last.suit)
    mr, ms = (0, None) if last2 is None else (int(last2.rank), last2.suit)
    return (0, None, lr, ls, mr, ms) + EMPTY_ENV[6:POS_SLOT] + (pos,) + EMPTY_ENV[POS_SLOT + 1 :]


def reference_env(card: Card | None, line: Sequence[Card]) -> Env:
    """The environment of judging ``card`` after ``line``, without any kept
    aggregate (what :func:`~.evaluate.interpret` reads; for tests)."""
    pairs = [(int(c.rank), c.suit) for c in line]
    n = len(pairs)
    lasts: list[Any] = []
    for k in range(1, A.MAX_BACK + 1):
        lasts.extend(pairs[n - k] if k <= n else (0, None))
    first = pairs[0] if pairs else (0, None)
    head = (0, None) if card is None else (int(card.rank), card.suit)
    return (*head, *lasts, *first, n + 1, 0, None, tuple(pairs))
