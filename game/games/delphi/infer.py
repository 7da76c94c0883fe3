"""The inference bot ("augur"): it induces God's rule from what its seat sees.

The candidate rules are rule-language trees built from the grammar
(:mod:`~game.games.delphi.rulelang.build`), never God's library:

- *units*: one test each – a property of the judged card (colour, suit,
  odd/even/face/prime, rank thresholds, rank mod 3), a relation to the last
  (and, when two starters are dealt, the second-last) card (same/other
  colour or suit, the six rank comparisons, distance, climbing with wrap,
  sums), rank against position (``card.rank % k = pos % k``); and
  *conditions* that do not read the judged card (a property of ``last`` /
  ``last2``, a comparison of the two, ``pos % k = r``);
- *candidates*: every card unit alone; ``a and b`` and ``a or b`` for two
  units (at least one reading the card; conditions in both polarities);
  ``(a) = (b)`` (the two tests agree); and ``if c then t else e`` for a
  condition ``c`` and two branch units (``true``/``false`` among them).

77,572 candidates when one starter is dealt, 115,155 with two.  Each is
judged by the units' own compiled evaluators (``Rule.mask_at``, the rule
language's vector evaluator): nothing here runs code made from text.

Speed comes from transposing the problem.  Each candidate has a fixed
index; a Python int is a bit set over all candidates.  For a judged card in
a situation, the set of candidates that accept it is put together from
per-unit "role" sets with a few hundred integer ``|``, ``&``, ``^``
operations (``and``: first-true & second-true; ``if``: cond & then |
~cond & else; …).  The evidence – main-line cards (right), side-line cards
(wrong; a string: not all right), shown No Play hands (no card fits) –
updates three bit planes that count each candidate's errors (0–3, or 4
and more), and only evidence that is new since the last decision is
added.  The surviving candidates are those with the fewest errors (none,
unless God's rule is outside the space).  When at most
:data:`EXPLICIT_LIMIT` survive, they are listed and each one's 52-card
verdict is computed from the unit masks directly.

The prior: each family (single, and, or, equal, if) holds a fixed share
:data:`FAMILY_MASS` of the belief, spread over its members by
``exp(-LAMBDA * cost)`` (a unit costs 1, an arithmetic unit 2, the way
they are combined 1–2).  Every probability below is a weighted share of
the survivors.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.cards import Card
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang import build as b
from game.games.delphi.rulelang.rule import Rule
from game.games.delphi.rulelang.vector import CARD_KINDS, FULL52, card_index
from game.games.delphi.state import (
    DECLARE,
    PROPHET_PICK,
    PROPHET_VERDICT,
    TURN,
    Action,
    DelphiView,
)

LAMBDA = 1.0
EXPLICIT_LIMIT = 20_000
#: a Prophet is considered only when at most this many candidates survive
PROPHET_LIST = 1_500
SINGLE, AND, OR, IFF, IF = range(5)
FAMILY_COST = {SINGLE: 0.0, AND: 1.0, OR: 1.0, IFF: 1.5, IF: 2.0}
#: the prior share of each family of candidates
FAMILY_MASS = {SINGLE: 0.35, AND: 0.15, OR: 0.15, IFF: 0.15, IF: 0.2}


# --- the units -------------------------------------------------------------------
@dataclass
class Unit:
    tree: A.Node
    rule: Rule | None  # None for the constants true / false
    card: bool  # reads the judged card
    cost: float
    const: bool | None = None

    def mask(self, last: Card | None, last2: Card | None, pos: int) -> int:
        if self.rule is None:
            return FULL52 if self.const else 0
        return self.rule.mask_at(last, last2, pos)


def _unit(tree: A.Node, cost: float = 1.0) -> Unit:
    r = b.rule(tree)
    return Unit(tree, r, "card" in r.reads, cost)


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


# --- bit sets --------------------------------------------------------------------
def _bits(positions: Iterable[int], n: int) -> int:
    buf = bytearray((n + 7) // 8)
    for p in positions:
        buf[p >> 3] |= 1 << (p & 7)
    return int.from_bytes(buf, "little")


def _positions(x: int) -> list[int]:
    """Indices of the set bits of ``x`` (ascending)."""
    out = []
    data = x.to_bytes((x.bit_length() + 7) // 8, "little")
    for i, byte in enumerate(data):
        if byte:
            base = i << 3
            for j in _BYTE_BITS[byte]:
                out.append(base + j)
    return out


_BYTE_BITS = tuple(tuple(j for j in range(8) if v >> j & 1) for v in range(256))


class Space:
    """All candidate rules for one look-back (1: last only; 2: also last2)."""

    def __init__(self, lookback: int) -> None:
        self.lookback = lookback
        card_units = _card_units() + _relation_units("last", True) + _pos_units()
        if lookback >= 2:
            card_units += _two_back_units()
        conds = _conditions(lookback >= 2)
        neg_conds = [Unit(b.not_(u.tree), b.rule(b.not_(u.tree)), False, u.cost + 0.5) for u in conds]
        true_u = Unit(b.TRUE, None, False, 0.0, True)
        false_u = Unit(b.FALSE, None, False, 0.0, False)
        branch_units = [_unit(t) for t in _branch_trees()] + [true_u, false_u]
        units = card_units + conds + neg_conds + branch_units
        self.units = units
        nc, nk = len(card_units), len(conds)
        card_ix = list(range(nc))
        cond_ix = list(range(nc, nc + nk))
        neg_ix = list(range(nc + nk, nc + 2 * nk))
        branch_ix = list(range(nc + 2 * nk, len(units)))

        cands: list[tuple[int, int, int, int]] = []
        for u in card_ix:
            cands.append((SINGLE, u, -1, -1))
        pairs = []
        for i, a in enumerate(card_ix):
            for c in card_ix[i + 1:]:
                pairs.append((a, c))
            for c in cond_ix + neg_ix:
                pairs.append((a, c))
        for fam in (AND, OR):
            cands.extend((fam, a, c, -1) for a, c in pairs)
        for a, c in pairs:
            if c in neg_ix:
                continue  # (a) = (not c) is the same as a against c's complement
            cands.append((IFF, a, c, -1))
        for c in cond_ix:
            for t in branch_ix:
                for e in branch_ix:
                    if t != e:
                        cands.append((IF, c, t, e))
        self.cands = cands
        n = self.n = len(cands)
        self.all = (1 << n) - 1

        roles: dict[str, dict[int, list[int]]] = {k: {} for k in ("a", "b", "c", "t", "e")}
        costs = []
        for i, (fam, x, y, z) in enumerate(cands):
            if fam == SINGLE:
                roles["a"].setdefault(x, []).append(i)
                cost = units[x].cost
            elif fam == IF:
                roles["c"].setdefault(x, []).append(i)
                roles["t"].setdefault(y, []).append(i)
                roles["e"].setdefault(z, []).append(i)
                cost = units[x].cost + units[y].cost + units[z].cost
            else:
                roles["a"].setdefault(x, []).append(i)
                roles["b"].setdefault(y, []).append(i)
                cost = units[x].cost + units[y].cost
            costs.append(cost + FAMILY_COST[fam])
        self.role = {k: {u: _bits(ix, n) for u, ix in d.items()} for k, d in roles.items()}
        self.role_all = {k: sum(d.values()) for k, d in self.role.items()}
        blocks: dict[int, list[int]] = {}
        for i, cand in enumerate(cands):
            blocks.setdefault(cand[0], []).append(i)
        self.block = {f: _bits(ix, n) for f, ix in blocks.items()}
        # the prior: each way of combining units holds a fixed share of the
        # belief, spread over its members by their cost (so a family with
        # many members does not outweigh a simple rule by its numbers alone)
        tiers: dict[tuple[int, float], list[int]] = {}
        for i, (cand, cost) in enumerate(zip(cands, costs)):
            tiers.setdefault((cand[0], round(cost * 2) / 2), []).append(i)
        z = {f: 0.0 for f in FAMILY_MASS}
        for (fam, cost), ix in tiers.items():
            z[fam] += len(ix) * math.exp(-LAMBDA * cost)
        self.tiers = []
        self.weight = [0.0] * n
        for (fam, cost), ix in sorted(tiers.items()):
            w = FAMILY_MASS[fam] * math.exp(-LAMBDA * cost) / z[fam]
            self.tiers.append((w, _bits(ix, n)))
            for i in ix:
                self.weight[i] = w

    # --- situations ------------------------------------------------------------------
    def unit_masks(self, line: Sequence[Card]) -> list[int]:
        """Every unit's 52-card mask for the card that would follow ``line``."""
        last = line[-1] if line else None
        last2 = line[-2] if len(line) >= 2 else None
        pos = len(line) + 1
        return [u.mask(last, last2, pos) for u in self.units]

    def accepting(self, um: Sequence[int], k: int) -> int:
        """The set of candidates that accept card kind ``k`` (bit set)."""
        role = self.role
        out = 0
        parts = {}
        for name in ("a", "b", "c", "t", "e"):
            d = role[name]
            on, off = [], []
            for u, bits in d.items():
                (on if um[u] >> k & 1 else off).append(bits)
            if len(on) <= len(off):
                acc = 0
                for x in on:
                    acc |= x
            else:
                acc = self.role_all[name]
                for x in off:
                    acc ^= x
            parts[name] = acc
        blk = self.block
        out |= parts["a"] & blk[SINGLE]
        fa, fb = parts["a"], parts["b"]
        out |= fa & fb & blk[AND]
        out |= (fa | fb) & blk[OR]
        out |= ~(fa ^ fb) & blk[IFF]
        ct = parts["c"]
        out |= ((ct & parts["t"]) | (~ct & parts["e"])) & blk[IF]
        return out & self.all

    def cand_mask(self, i: int, um: Sequence[int]) -> int:
        fam, x, y, z = self.cands[i]
        if fam == SINGLE:
            return um[x]
        if fam == AND:
            return um[x] & um[y]
        if fam == OR:
            return um[x] | um[y]
        if fam == IFF:
            return FULL52 ^ (um[x] ^ um[y])
        return um[y] if um[x] else um[z]

    def weighted(self, s: int) -> float:
        return sum(w * (s & bits).bit_count() for w, bits in self.tiers)

    def tree(self, i: int) -> A.Node:
        """The candidate as a rule-language tree."""
        fam, x, y, z = self.cands[i]
        u = self.units
        if fam == SINGLE:
            return u[x].tree
        if fam == AND:
            return b.and_(u[x].tree, u[y].tree)
        if fam == OR:
            return b.or_(u[x].tree, u[y].tree)
        if fam == IFF:
            return b.eq(u[x].tree, u[y].tree)
        return b.if_(u[x].tree, u[y].tree, u[z].tree)

    def rule(self, i: int) -> Rule:
        return b.rule(self.tree(i))


_SPACES: dict[int, Space] = {}


def space(lookback: int) -> Space:
    """The candidate space (built once per process, shared by all bots)."""
    lb = 2 if lookback >= 2 else 1
    sp = _SPACES.get(lb)
    if sp is None:
        sp = _SPACES[lb] = Space(lb)
    return sp


# --- beliefs ---------------------------------------------------------------------
class Beliefs:
    """What one seat has learned this round: error counts per candidate,
    brought up to date with each new view."""

    def __init__(self, view: DelphiView) -> None:
        self.key = (view.round, view.starters, tuple(view.main[: view.starters]))
        self.space = space(view.starters)
        self.planes = [0, 0, 0]
        self.n_main = view.starters
        self.n_side = 0
        self.n_np = 0
        self.evidence = 0  # pieces of evidence that refuted some candidate
        self._survivors: tuple[int, int] | None = None  # (set, errors)
        self._listed: list[int] | None = None
        self._um_cache: dict[tuple, list[int]] = {}
        self._conf: dict[tuple, tuple[float, float]] = {}
        self._uml_cache: dict[tuple, list[int]] = {}
        self._grouped: dict[tuple, dict[int, float]] = {}
        self._needed: list[int] = []

    def fits(self, view: DelphiView) -> bool:
        return (
            self.key == (view.round, view.starters, tuple(view.main[: view.starters]))
            and len(view.main) >= self.n_main
            and len(view.side) >= self.n_side
            and len(view.noplays) >= self.n_np
        )

    def um(self, line: Sequence[Card]) -> list[int]:
        key = (line[-1] if line else None, line[-2] if len(line) >= 2 else None, len(line))
        m = self._um_cache.get(key)
        if m is None:
            if len(self._um_cache) > 256:
                self._um_cache.clear()
            m = self._um_cache[key] = self.space.unit_masks(line)
        return m

    def _error(self, e: int) -> None:
        if not e:
            return
        p = self.planes
        e &= ~p[2]  # four errors or more: the count stops mattering
        c0 = p[0] & e
        p[0] ^= e
        c1 = p[1] & c0
        p[1] ^= c0
        p[2] |= c1
        self.evidence += 1
        self._survivors = None
        self._listed = None
        self._conf.clear()
        self._uml_cache.clear()
        self._grouped.clear()

    def update(self, view: DelphiView) -> None:
        sp = self.space
        main = view.main
        for i in range(self.n_main, len(main)):
            self._error(sp.all & ~sp.accepting(self.um(main[:i]), card_index(main[i])))
        self.n_main = max(self.n_main, len(main))
        for spl in view.side[self.n_side:]:
            line = list(main[: spl.anchor + 1])
            all_ok = sp.all
            for c in spl.cards:
                all_ok &= sp.accepting(self.um(line), card_index(c))
                line.append(c)
            self._error(all_ok)
        self.n_side = len(view.side)
        for ev in view.noplays[self.n_np:]:
            line = main[: ev.anchor + 1]
            um = self.um(line)
            some = 0
            for c in set(ev.cards):
                some |= sp.accepting(um, card_index(c))
            if ev.correct:
                self._error(some)
            else:
                self._error(sp.all & ~some)
            if ev.rejected is not None:
                self._error(sp.accepting(um, card_index(ev.rejected)))
        self.n_np = len(view.noplays)

    def survivors(self) -> tuple[int, int]:
        """(bit set of the candidates with the fewest errors, that number)."""
        if self._survivors is None:
            p0, p1, p2 = self.planes
            sp = self.space
            got = (sp.all, 0)
            for errors in range(5):
                if errors == 4:
                    s = p2
                else:
                    s = sp.all & ~p2
                    s &= p0 if errors & 1 else ~p0
                    s &= p1 if errors & 2 else ~p1
                if s:
                    got = (s, errors)
                    break
            self._survivors = got
        return self._survivors

    def listed(self) -> list[int] | None:
        """The survivors as indices, when there are few enough."""
        if self._listed is None:
            s, _ = self.survivors()
            if s.bit_count() > EXPLICIT_LIMIT:
                return None
            self._listed = _positions(s)
            cands = self.space.cands
            needed = set()
            for i in self._listed:
                _, x, y, z = cands[i]
                needed.update((x, y, z))
            needed.discard(-1)
            self._needed = sorted(needed)
        return self._listed

    def um_listed(self, line: Sequence[Card]) -> list[int]:
        """Like :meth:`um`, but only the units the listed survivors read
        (the others are left 0): a few dozen instead of ~240 once few
        candidates survive.  Call after :meth:`listed`."""
        key = (line[-1] if line else None, line[-2] if len(line) >= 2 else None, len(line))
        m = self._uml_cache.get(key)
        if m is None:
            full = self._um_cache.get(key)
            if full is not None:
                return full
            units = self.space.units
            m = [0] * len(units)
            last, last2, pos = key[0], key[1], len(line) + 1
            for u in self._needed:
                m[u] = units[u].mask(last, last2, pos)
            if len(self._uml_cache) > 512:
                self._uml_cache.clear()
            self._uml_cache[key] = m
        return m

    # --- predictions -------------------------------------------------------------------
    def masks_at(self, line: Sequence[Card]) -> dict[int, float] | None:
        """Weighted survivors grouped by their 52-card verdict after ``line``
        (None when too many survive to list)."""
        ix = self.listed()
        if ix is None:
            return None
        key = (line[-1] if line else None, line[-2] if len(line) >= 2 else None, len(line))
        out = self._grouped.get(key)
        if out is not None:
            return out
        um = self.um_listed(line)
        sp = self.space
        w = sp.weight
        out = {}
        for i in ix:
            m = sp.cand_mask(i, um)
            out[m] = out.get(m, 0.0) + w[i]
        if len(self._grouped) > 512:
            self._grouped.clear()
        self._grouped[key] = out
        return out

    def p_fits(self, line: Sequence[Card], cards: Iterable[Card]) -> dict[Card, float]:
        """For each card, the weighted share of survivors that accept it."""
        cards = list(dict.fromkeys(cards))
        grouped = self.masks_at(line)
        if grouped is not None:
            total = sum(grouped.values()) or 1.0
            out = {}
            for c in cards:
                bit = 1 << card_index(c)
                out[c] = sum(wt for m, wt in grouped.items() if m & bit) / total
            return out
        s, _ = self.survivors()
        sp = self.space
        total = sp.weighted(s) or 1.0
        um = self.um(line)
        return {c: sp.weighted(s & sp.accepting(um, card_index(c))) / total for c in cards}

    def p_none(self, line: Sequence[Card], cards: Iterable[Card]) -> float:
        """The weighted share of survivors that accept no card of ``cards``."""
        hand = 0
        for c in cards:
            hand |= 1 << card_index(c)
        grouped = self.masks_at(line)
        if grouped is not None:
            total = sum(grouped.values()) or 1.0
            return sum(wt for m, wt in grouped.items() if not m & hand) / total
        s, _ = self.survivors()
        sp = self.space
        um = self.um(line)
        some = 0
        for i in range(52):
            if hand >> i & 1:
                some |= sp.accepting(um, i)
        return sp.weighted(s & ~some) / (sp.weighted(s) or 1.0)

    def p_string(self, line: Sequence[Card], cards: Sequence[Card]) -> float:
        """The weighted share of survivors under which every card of the
        string fits, each judged after the ones before it."""
        ix = self.listed()
        sp = self.space
        line = list(line)
        if ix is not None:
            alive = ix
            for c in cards:
                um = self.um_listed(line)
                bit = 1 << card_index(c)
                alive = [i for i in alive if sp.cand_mask(i, um) & bit]
                line.append(c)
            w = sp.weight
            total = sum(w[i] for i in ix) or 1.0
            return sum(w[i] for i in alive) / total
        s, _ = self.survivors()
        ok = s
        for c in cards:
            ok &= sp.accepting(self.um(line), card_index(c))
            line.append(c)
        return sp.weighted(ok) / (sp.weighted(s) or 1.0)

    def majority(self, line: Sequence[Card]) -> int:
        """The card kinds most of the weight accepts after ``line``."""
        grouped = self.masks_at(line)
        if grouped is None:
            return FULL52
        total = sum(grouped.values())
        yes = [0.0] * 52
        for m, wt in grouped.items():
            for base in range(0, 56, 8):
                for k in _BYTE_BITS[m >> base & 0xFF]:
                    yes[base + k] += wt
        out = 0
        for k in range(52):
            if yes[k] * 2 > total:
                out |= 1 << k
        return out

    def probes(self, line: Sequence[Card], n: int) -> Iterable[list[Card]]:
        """``line`` and ``n`` lines the round may reach from it: one to three
        more cards, each drawn from those the majority accepts (so that
        rules which differ only where the main line cannot go count as
        one).  Deterministic for a given line; made one at a time."""
        srng = random.Random(len(line) * 7919 + card_index(line[-1]))
        yield list(line)
        for _ in range(n):
            pl = list(line)
            for _ in range(1 + srng.randint(0, 2)):
                ok = self.majority(pl)
                kinds = [CARD_KINDS[k] for k in range(52) if ok >> k & 1] or list(CARD_KINDS)
                pl.append(srng.choice(kinds))
            yield pl

    def assess(self, line: Sequence[Card], n_probes: int = 10, need_top: float = 0.0) -> tuple[float, float]:
        """How settled the survivors are, over ``line``'s situation and
        ``n_probes`` others (:meth:`probes`): (the weight share of the
        largest group that judges every card alike in all of them, the
        weighted share of (situation, card) verdicts in which a survivor
        differs from the weighted majority – the chance that the majority
        misjudges a random card).  (0, 1) when too many survive to list.

        Splitting groups by one more situation can only shrink the largest,
        so once it is below ``need_top`` the answer is (that share, 1) at
        once, without the remaining probes."""
        ix = self.listed()
        if ix is None:
            return 0.0, 1.0
        key = (tuple(line[-2:]), len(line), n_probes, need_top)
        got = self._conf.get(key)
        if got is not None:
            return got
        sp = self.space
        w = sp.weight
        total = sum(w[i] for i in ix) or 1.0
        label = {i: () for i in ix}
        wrong = 0.0
        seen = 0
        top = 1.0
        for pl in self.probes(line, n_probes):
            um = self.um_listed(pl)
            grouped = self.masks_at(pl) or {}
            maj = self.majority(pl)
            wrong += sum(wt * (m ^ maj).bit_count() for m, wt in grouped.items())
            seen += 1
            groups: dict[tuple, float] = {}
            for i in ix:
                lab = label[i] = label[i] + (sp.cand_mask(i, um),)
                groups[lab] = groups.get(lab, 0.0) + w[i]
            top = max(groups.values()) / total
            if top < need_top:
                got = self._conf[key] = (top, 1.0)
                return got
        got = self._conf[key] = (top, wrong / (total * 52 * seen))
        return got

    def best_guess(self) -> str | None:
        """The heaviest surviving candidate's text (for tools and tests)."""
        ix = self.listed()
        if not ix:
            return None
        sp = self.space
        i = max(ix, key=lambda j: (sp.weight[j], -j))
        return sp.rule(i).text


# --- the bot -----------------------------------------------------------------------
class AugurBot:
    """Plays from the weighted survivors; see the module text.

    Parameters (defaults tuned on seeded rounds other than the measured
    ones, see docs/delphi.md): ``explore`` – the weight β of what a play
    teaches while many candidates survive; ``probe`` – β once few survive
    but they still disagree; ``string_p`` – least chance that a whole string
    is right before playing it; ``prophet_top`` – least weight of the
    largest group of survivors that judge alike, and ``prophet_err`` – most
    weighted chance that the majority misjudges a card (:meth:`Beliefs.assess`),
    before declaring Prophet; ``min_judged`` – main-line cards after the
    starters before a declaration is considered.
    """

    name = "augur"

    def __init__(self, explore: float = 0.35, probe: float = 1.0, string_p: float = 0.95, prophet_top: float = 0.5, prophet_err: float = 0.035, min_judged: int = 6) -> None:
        self.explore = explore
        self.probe = probe
        self.string_p = string_p
        self.prophet_top = prophet_top
        self.prophet_err = prophet_err
        self.min_judged = min_judged
        self.beliefs: Beliefs | None = None

    def _beliefs(self, view: DelphiView) -> Beliefs | None:
        if view.starters <= 0 or len(view.main) < view.starters:
            return None
        bl = self.beliefs
        if bl is None or not bl.fits(view):
            bl = self.beliefs = Beliefs(view)
        bl.update(view)
        return bl

    def choose(self, view: DelphiView, legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        kinds = {a.kind for a in legal}
        bl = self._beliefs(view)
        if bl is None:
            return rng.choice(legal)
        if view.phase == TURN and view.hand and "play" in kinds:
            return self._turn(view, bl, rng)
        if view.phase == DECLARE and "prophet" in kinds:
            return Action("prophet") if self._sure(view, bl) else Action("pass")
        if view.phase == PROPHET_VERDICT and view.seat == view.prophet and "verdict" in kinds:
            return self._judge(view, bl)
        if view.phase == PROPHET_PICK and view.seat == view.prophet and "pick" in kinds:
            shown = sorted(set(view.shown_hand)) or [a.cards[0] for a in legal if a.kind == "pick"]
            p = bl.p_fits(view.main, shown)
            best = max(shown, key=lambda c: (p[c], -card_index(c)))
            return Action("pick", (best,))
        return rng.choice(legal)

    # --- playing -------------------------------------------------------------------
    def _turn(self, view: DelphiView, bl: Beliefs, rng: random.Random) -> Action:
        hand = list(view.hand or ())
        kinds_in_hand = sorted(set(hand), key=card_index)
        p = bl.p_fits(view.main, kinds_in_hand)
        best_p = max(p.values())
        q = bl.p_none(view.main, kinds_in_hand)
        # a wrong play costs 2 cards (net +1), a right one -1; a right No Play
        # 4 cards (or ends the round), a wrong one +4
        if q > 0.5 and (4 - 8 * q) < (1 - 2 * best_p):
            return Action("noplay")
        risky = view.played >= view.expel_after  # a wrong play now expels
        # information is worth a little risk until the bot is sure of the rule
        if risky or self._confident(view, bl):
            beta = 0.0
        else:
            # few rules left but not settled: a test card is worth more
            ix = bl.listed()
            beta = self.probe if ix is not None and len(ix) <= PROPHET_LIST else self.explore

        def score(c: Card) -> float:
            pc = p[c]
            h = 0.0 if pc <= 0.0 or pc >= 1.0 else -(pc * math.log2(pc) + (1 - pc) * math.log2(1 - pc))
            return pc + beta * h

        top = max(score(c) for c in kinds_in_hand)
        choices = [c for c in kinds_in_hand if score(c) >= top - 1e-9]
        first = rng.choice(choices)
        if p[first] < 0.9 or len(hand) <= 1:
            return Action("play", (first,))
        # a string while the whole of it is likely right
        chosen = [first]
        rest = list(hand)
        rest.remove(first)
        line = list(view.main) + [first]
        while rest and len(chosen) < 4:
            nxt_p = bl.p_fits(line, sorted(set(rest), key=card_index))
            c = max(nxt_p, key=lambda x: (nxt_p[x], -card_index(x)))
            if bl.p_string(view.main, chosen + [c]) < self.string_p:
                break
            chosen.append(c)
            rest.remove(c)
            line.append(c)
        if len(chosen) > 1 and bl.p_string(view.main, chosen) < self.string_p:
            chosen = chosen[:1]
        return Action("play", tuple(chosen))

    # --- the Prophet -------------------------------------------------------------------
    def _confident(self, view: DelphiView, bl: Beliefs) -> bool:
        ix = bl.listed()
        if ix is None or len(ix) > PROPHET_LIST:
            return False
        top, err = bl.assess(view.main, need_top=self.prophet_top)
        return top >= self.prophet_top and err <= self.prophet_err

    def _sure(self, view: DelphiView, bl: Beliefs) -> bool:
        _, errors = bl.survivors()
        if errors or len(view.main) - view.starters < self.min_judged:
            return False
        return self._confident(view, bl)

    def _judge(self, view: DelphiView, bl: Beliefs) -> Action:
        if view.pending_kind == "noplay":
            yes = bl.p_none(view.main, view.shown_hand)
        else:
            yes = bl.p_string(view.main, view.pending)
        return Action("verdict", n=1 if yes >= 0.5 else 0)


__all__ = ["AugurBot", "Beliefs", "Space", "space"]
