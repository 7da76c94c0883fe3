"""The units: the single tests the augur's candidate rules are made of.

Each unit is a rule-language tree (built with
:mod:`~game.games.delphi.rulelang.build`, never taken from God's library)
and its compiled rule, whose ``mask_at`` gives the unit's verdict on all
52 kinds of card in a situation at once (``mask_line`` for a unit that
reads the whole line).  A unit costs 1, an arithmetic one 2, one on
``last3`` … 2, on the first starter 2.5, over the main line 3 (with 1.5 /
1.5 / 2 the old families were cracked later: 22.1 against 21.8 cards over
ten rules, docs/delphi.md); the cost feeds the prior
(:mod:`~game.games.delphi.infer.space`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise, permutations

from game.cards import Card
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang import build as b
from game.games.delphi.rulelang.rule import Rule
from game.games.delphi.rulelang.vector import FULL52


@dataclass
class Unit:
    tree: A.Node
    rule: Rule | None  # None for the constants true / false
    cost: float
    const: bool | None = None
    #: reads more than ``last``, ``last2`` and ``pos`` (``last3`` …,
    #: ``first``, an aggregate): judged on the whole line
    whole: bool = False

    def mask(self, last: Card | None, last2: Card | None, pos: int) -> int:
        if self.rule is None:
            return FULL52 if self.const else 0
        return self.rule.mask_at(last, last2, pos)

    def mask_line(self, line: Sequence[Card]) -> int:
        """The unit's 52-card verdict after ``line``."""
        if not self.whole:
            return self.mask(line[-1] if line else None, line[-2] if len(line) >= 2 else None, len(line) + 1)
        assert self.rule is not None
        return self.rule.mask(line)


def _unit(tree: A.Node, cost: float = 1.0) -> Unit:
    return _of_rule(b.rule(tree), cost)


def _of_rule(r: Rule, cost: float) -> Unit:
    return Unit(r.tree, r, cost, whole=bool(r.reads - {"card", "last", "last2", "pos"}))


def _said(text: str, cost: float) -> Unit:
    """A unit written in the rule language (read by its parser, never run;
    the parser's rule is the unit's, not checked a second time)."""
    return _of_rule(b.parse(text), cost)


def _card_units() -> list[Unit]:
    R, C, S = b.CARD_RANK, b.CARD_COLOR, b.CARD_SUIT
    out = [_unit(b.eq(C, b.color("red"))), _unit(b.eq(C, b.color("black")))]
    for s in A.SUIT_NAMES:
        out.append(_unit(b.eq(S, b.suit(s))))
        out.append(_unit(b.ne(S, b.suit(s))))
    for p in ("odd", "even"):
        out.append(_unit(b.is_(R, p)))
    for p in ("face", "prime"):
        out.append(_unit(b.is_(R, p)))
        out.append(_unit(b.is_(R, p, True)))
    for k in range(1, 13):
        out.append(_unit(b.le(R, b.num(k))))
    for k in range(2, 14):
        out.append(_unit(b.ge(R, b.num(k))))
    for r in range(3):
        out.append(_unit(b.eq(b.mod(R, b.num(3)), b.num(r)), 2))
    return out


def _relation_units(which: str, full: bool) -> list[Unit]:
    """The judged card against ``last`` or ``last2``."""
    R, C, S = b.CARD_RANK, b.CARD_COLOR, b.CARD_SUIT
    r, c, s = b.attr(which, "rank"), b.attr(which, "color"), b.attr(which, "suit")
    out = [_unit(b.eq(C, c)), _unit(b.ne(C, c)), _unit(b.eq(S, s)), _unit(b.ne(S, s))]
    for op in A.CMP_OPS:
        out.append(_unit(A.Compare((op,), (R, r))))
    diff = b.abs_(b.sub(R, r))
    for d in range(1, 6 if full else 4):
        out.append(_unit(b.le(diff, b.num(d)), 2))
    if full:
        for d in range(2, 7):
            out.append(_unit(b.ge(diff, b.num(d)), 2))
        for d in (1, 2):
            out.append(_unit(b.eq(diff, b.num(d)), 2))
        for d in range(1, 7):
            out.append(_unit(b.in_(b.mod(b.sub(R, r), b.num(13)), b.rng(1, d)), 2))
        for k in range(11, 17):
            out.append(_unit(b.ge(b.add(R, r), b.num(k)), 2))
        for k in range(11, 16):
            out.append(_unit(b.le(b.add(R, r), b.num(k)), 2))
        out.append(_unit(b.eq(b.mod(b.add(R, r), b.num(3)), b.num(0)), 2))
    for p in ("odd", "even"):
        out.append(_unit(b.is_(b.add(R, r), p), 2))
    return out


def _two_back_units() -> list[Unit]:
    R = b.CARD_RANK
    lr, l2r = b.LAST_RANK, b.LAST2_RANK
    out = _relation_units("last2", False)
    out.append(_unit(b.gt(R, b.min_(lr, l2r)), 2))
    out.append(_unit(b.lt(R, b.max_(lr, l2r)), 2))
    out.append(_unit(b.cmp(b.min_(lr, l2r), "<=", R, "<=", b.max_(lr, l2r)), 2))
    out.append(_unit(b.in_(R, lr, l2r, negated=True), 2))
    out.append(_unit(b.in_(b.CARD_SUIT, b.LAST_SUIT, b.LAST2_SUIT, negated=True), 2))
    for p in ("odd", "even"):
        out.append(_unit(b.is_(b.add(R, lr, l2r), p), 2))
    return out


def _pos_units() -> list[Unit]:
    return [_unit(b.eq(b.mod(b.CARD_RANK, b.num(k)), b.mod(b.POS, b.num(k))), 2) for k in (2, 3, 4)]


def _conditions(two_back: bool) -> list[Unit]:
    """Tests that do not read the judged card, one polarity each."""
    out = [_unit(b.eq(b.LAST_COLOR, b.color("red")))]
    for s in A.SUIT_NAMES:
        out.append(_unit(b.eq(b.LAST_SUIT, b.suit(s))))
    for p in ("odd", "face", "prime"):
        out.append(_unit(b.is_(b.LAST_RANK, p)))
    for k in range(1, 13):
        out.append(_unit(b.le(b.LAST_RANK, b.num(k))))
    out.append(_unit(b.is_(b.POS, "even")))
    for m in (3, 4, 5):
        for r in range(m):
            out.append(_unit(b.eq(b.mod(b.POS, b.num(m)), b.num(r)), 1.5))
    if two_back:
        out.append(_unit(b.eq(b.LAST2_COLOR, b.color("red"))))
        for s in A.SUIT_NAMES:
            out.append(_unit(b.eq(b.LAST2_SUIT, b.suit(s))))
        for p in ("odd", "face"):
            out.append(_unit(b.is_(b.LAST2_RANK, p)))
        for op in (">", "=", "<"):
            out.append(_unit(A.Compare((op,), (b.LAST_RANK, b.LAST2_RANK))))
        out.append(_unit(b.eq(b.LAST_COLOR, b.LAST2_COLOR)))
        out.append(_unit(b.eq(b.LAST_SUIT, b.LAST2_SUIT)))
        out.append(_unit(b.and_(b.is_(b.LAST_RANK, "even"), b.is_(b.LAST2_RANK, "even")), 2))
    return out


def _back_units(lookback: int) -> list[Unit]:
    """The judged card against ``last3`` … ``last<lookback>`` (a rule that
    reads ``lastk`` gets k starters, so the starters tell how far back to
    look), and fresh suits or ranks over the latest ``lookback`` cards."""
    out = []
    for k in range(3, lookback + 1):
        w = f"last{k}"
        for rel in ("color =", "color !=", "suit =", "suit !=", "rank =", "rank !=", "rank >", "rank <"):
            a, op = rel.split()
            out.append(_said(f"card.{a} {op} {w}.{a}", 2))
    if lookback >= 3:
        back = ["last"] + [f"last{k}" for k in range(2, lookback + 1)]
        for a in ("suit", "rank"):
            latest = ", ".join(f"{w}.{a}" for w in back)
            out.append(_said(f"card.{a} not in {{{latest}}}", 2))
    return out


def _back_conditions(lookback: int) -> list[Unit]:
    return [_said(f"last{k}.color = red", 2) for k in range(3, lookback + 1)]


#: the judged card against the first starter and the main line so far: what
#: published rules ask of the whole line (played before, highest or lowest
#: so far, counts and sums), a bounded choice (29 units)
LINE_UNITS = (
    *(f"card.{a} {op} first.{a}" for a in ("color", "suit") for op in ("=", "!=")),
    *(f"card.rank {op} first.rank" for op in (">", "<", "=", "!=")),
    "any(each.rank = card.rank)",
    "not any(each.rank = card.rank)",
    "count(each.rank = card.rank) < 2",
    "card.rank >= max(each.rank)",
    "card.rank > max(each.rank)",
    "card.rank <= min(each.rank)",
    "card.rank < min(each.rank)",
    "min(each.rank) < card.rank < max(each.rank)",
    "not min(each.rank) < card.rank < max(each.rank)",
    "count(each is red) % 2 = card.rank % 2",
    "count(each.suit = card.suit) * 4 < pos + 3",
    "count(each.color = card.color) * 2 < pos + 1",
    "count(each.suit = card.suit) < 3",
    *(f"(sum(each.rank) + card.rank) % {m} {op} 0" for m in (2, 3, 4, 5) for op in ("=", "!=")),
)
#: the same, not reading the judged card (conditions)
LINE_CONDITIONS = (
    "sum(each.rank) % 2 = 0",
    "count(each is red) % 2 = 0",
    "count(each is red) * 2 < pos",
    "streak(each.color = last.color) >= 2",
    "streak(each.color = last.color) >= 3",
    "streak(each is red) >= 2",
    "first.color = red",
    "last.rank > first.rank",
)


#: the six cycles through all four suits (hearts first; the others are
#: the same cycles started elsewhere)
SUIT_CYCLES = tuple(("hearts", *p) for p in permutations(("spades", "diamonds", "clubs")))
#: the two ways to split the suits into two pairs other than by colour
SUIT_PAIRS = (("hearts", "clubs"), ("hearts", "spades"))


def _next_suit(cycle: Sequence[str]) -> str:
    """The suit after ``last``'s in ``cycle``, as an ``if`` that gives a suit."""
    steps = " else ".join(f"if last.suit = {a} then {b}" for a, b in pairwise(cycle))
    return f"({steps} else {cycle[0]})"


def cycle_texts() -> list[str]:
    """Rules of the kinds "the suit follows a fixed cycle" and "the cards
    alternate between two groups" that the units above cannot put
    together (issue 23): the suit after the last card's in a cycle of the
    four suits; a suit table by place or by the first starter's rank, the
    suit it names required or forbidden; the other (or the same) pair of suits as the last card, for
    the two pairings that are not the colours; and the pairs alternating
    by place.  Two groups of ranks need nothing new: ``(card.rank >= 8) =
    (last.rank <= 7)`` is already a candidate, and so are odd / even, face
    and prime."""
    out = [f"card.suit = {_next_suit(c)}" for c in SUIT_CYCLES]
    for p in permutations(A.SUIT_NAMES):
        table = f"[{', '.join(p)}]"
        out += [f"card.suit {op} {table}[{at}]" for at in ("pos", "first.rank") for op in ("=", "!=")]
    for pair in SUIT_PAIRS:
        group = "{" + ", ".join(pair) + "}"
        rest = "{" + ", ".join(s for s in A.SUIT_NAMES if s not in pair) + "}"
        out += [f"(card.suit in {group}) {op} (last.suit in {group})" for op in ("=", "!=")]
        out += [f"if pos is even then card.suit in {a} else card.suit in {b}" for a, b in ((group, rest), (rest, group))]
    return out


def _cycle_units() -> list[Unit]:
    """:func:`cycle_texts` as units: a table costs 6 (24 of each kind share
    the prior; a table by place that forbids a suit is never contradicted
    by a main line of alternating colours when its two black and two red
    entries alternate too: at cost 4 those look-alikes kept the full
    game's augurs from declaring on `card.color != last.color` in 5 of 8
    seeded rounds, at 6 in 1 of 8, as before), the rest 3.5."""
    return [_said(t, 6 if "][" in t else 3.5) for t in cycle_texts()]


def rank_set_texts() -> list[str]:
    """Sets of ranks made of two runs (``card.rank in {2..5, 11..13}``), a
    kind of rule about the card alone that published Eleusis lists use and
    that two tests of the rank cannot write (issue 23).  One run is
    already a candidate (``card.rank >= 4 and card.rank <= 9``), and so is
    a set whose other ranks are one run (``card.rank <= 3 or card.rank >=
    10``); those are left out."""

    def run(a: int, z: int) -> str:
        return str(a) if a == z else f"{a}..{z}"

    out = []
    for a in range(1, 14):
        for z in range(a, 14):
            for c in range(z + 2, 14):
                for d in range(c, 14):
                    if a > 1 or d < 13:
                        out.append(f"card.rank in {{{run(a, z)}, {run(c, d)}}}")
    return out


@cache
def _rank_set_units() -> tuple[Unit, ...]:
    """:func:`rank_set_texts` as units, each costing 6 as a suit table
    does: the 935 of them take 8 % of the prior share of the other rules
    of one unit (the normaliser of that family grows from 25.9 to 28.2).
    Read once per process and shared by the spaces of every look-back
    (they read only the card; nothing changes a unit): reading and
    compiling them takes about 0.3 s."""
    return tuple(_said(t, 6) for t in rank_set_texts())


def _line_units() -> list[Unit]:
    return [_said(t, 2.5 if "first" in t else 3) for t in LINE_UNITS]


def _line_conditions() -> list[Unit]:
    return [_said(t, 2.5 if "first" in t else 3) for t in LINE_CONDITIONS]


def _branch_trees() -> list[A.Node]:
    R, C, S = b.CARD_RANK, b.CARD_COLOR, b.CARD_SUIT
    out: list[A.Node] = [b.eq(C, b.color("red")), b.eq(C, b.color("black"))]
    for s in A.SUIT_NAMES:
        out += [b.eq(S, b.suit(s)), b.ne(S, b.suit(s))]
    for p in ("odd", "even"):
        out.append(b.is_(R, p))
    for p in ("face", "prime"):
        out += [b.is_(R, p), b.is_(R, p, True)]
    for k in (3, 5, 6, 7, 8, 10):
        out.append(b.le(R, b.num(k)))
    for k in (4, 6, 7, 8, 9, 11):
        out.append(b.ge(R, b.num(k)))
    lr, lc, ls = b.LAST_RANK, b.LAST_COLOR, b.LAST_SUIT
    out += [b.eq(C, lc), b.ne(C, lc), b.eq(S, ls), b.ne(S, ls)]
    for op in A.CMP_OPS:
        out.append(A.Compare((op,), (R, lr)))
    return out


@dataclass(frozen=True)
class Units:
    """The units of one candidate space, in the order the space indexes them."""

    card: list[Unit]  # read the judged card
    alone: list[Unit]  # read it too, but candidates only alone, never joined
    conds: list[Unit]  # do not read it, one polarity each
    neg_conds: list[Unit]  # the same conditions negated
    branches: list[Unit]  # what an ``if`` may pick (``true``/``false`` among them)

    def all(self) -> list[Unit]:
        return self.card + self.alone + self.conds + self.neg_conds + self.branches


def units_for(lookback: int) -> Units:
    """The units for rules that read ``last`` (and ``last2`` from a look-back
    of 2, ``last3`` … up to the look-back from 3), the first starter and the
    main line so far."""
    card = _card_units() + _relation_units("last", True) + _pos_units()
    if lookback >= 2:
        card += _two_back_units()
    card += _back_units(lookback) + _line_units()
    conds = _conditions(lookback >= 2) + _back_conditions(lookback) + _line_conditions()
    neg_conds = [Unit(b.not_(u.tree), b.rule(b.not_(u.tree)), u.cost + 0.5, whole=u.whole) for u in conds]
    true_u = Unit(b.TRUE, None, 0.0, True)
    false_u = Unit(b.FALSE, None, 0.0, False)
    branches = [_unit(t) for t in _branch_trees()] + [true_u, false_u]
    return Units(card, _cycle_units() + list(_rank_set_units()), conds, neg_conds, branches)
