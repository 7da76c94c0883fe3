"""The augur's candidate space: every candidate rule as an index into bit
sets, judged for all candidates at once.

A candidate is ``(family, x, y, z)`` over unit indices
(:mod:`~game.games.delphi.infer.units`): ``SINGLE`` ``x``; ``AND``/``OR``
of ``x`` and ``y`` (at least ``x`` reads the card; a condition appears in
both polarities); ``IFF``, ``(x) = (y)``; ``IF`` condition ``x`` then
``y`` else ``z``.  A Python int is a bit set over the candidates;
:meth:`Space.accepting` puts together the set that accepts one card from
per-unit "role" sets with a few hundred integer operations.

The prior: each family holds a fixed share :data:`FAMILY_MASS` of the
belief, spread over its members by ``exp(-LAMBDA * cost)`` (the units'
costs plus :data:`FAMILY_COST`), so a family with many members does not
outweigh a simple rule by its numbers alone.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import cast

from game.cards import Card
from game.games.delphi.infer.units import units_for
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang import build as b
from game.games.delphi.rulelang.rule import Rule
from game.games.delphi.rulelang.situation import env_at
from game.games.delphi.rulelang.vector import FULL52, card_index

LAMBDA = 1.0
SINGLE, AND, OR, IFF, IF = range(5)
FAMILY_COST = {SINGLE: 0.0, AND: 1.0, OR: 1.0, IFF: 1.5, IF: 2.0}
#: the prior share of each family of candidates
FAMILY_MASS = {SINGLE: 0.35, AND: 0.15, OR: 0.15, IFF: 0.15, IF: 0.2}

Candidate = tuple[int, int, int, int]  # (family, x, y, z); -1 where unused


# --- bit sets --------------------------------------------------------------------
def to_bits(indices: Iterable[int], n: int) -> int:
    """The bit set (below ``2**n``) of ``indices``."""
    buf = bytearray((n + 7) // 8)
    for p in indices:
        buf[p >> 3] |= 1 << (p & 7)
    return int.from_bytes(buf, "little")


def indices(x: int) -> list[int]:
    """Indices of the set bits of ``x`` (ascending)."""
    out = []
    data = x.to_bytes((x.bit_length() + 7) // 8, "little")
    for i, byte in enumerate(data):
        if byte:
            base = i << 3
            for j in BYTE_BITS[byte]:
                out.append(base + j)
    return out


#: the set bits of each byte value
BYTE_BITS = tuple(tuple(j for j in range(8) if v >> j & 1) for v in range(256))


# --- the space -------------------------------------------------------------------
def _combinations(card_ix: list[int], alone_ix: list[int], cond_ix: list[int], neg_ix: list[int], branch_ix: list[int]) -> list[Candidate]:
    """Every candidate, family by family, in index order (the units of
    ``alone_ix`` only alone)."""
    cands: list[Candidate] = []
    for u in card_ix + alone_ix:
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
    return cands


def _prior(cands: list[Candidate], costs: list[float]) -> tuple[list[tuple[float, int]], list[float]]:
    """(tiers: (weight, bit set of the candidates with that weight), the
    weight of each candidate)."""
    tiers: dict[tuple[int, float], list[int]] = {}
    for i, (cand, cost) in enumerate(zip(cands, costs)):
        tiers.setdefault((cand[0], round(cost * 2) / 2), []).append(i)
    norm = {f: 0.0 for f in FAMILY_MASS}
    for (fam, cost), ix in tiers.items():
        norm[fam] += len(ix) * math.exp(-LAMBDA * cost)
    n = len(cands)
    out = []
    weight = [0.0] * n
    for (fam, cost), ix in sorted(tiers.items()):
        w = FAMILY_MASS[fam] * math.exp(-LAMBDA * cost) / norm[fam]
        out.append((w, to_bits(ix, n)))
        for i in ix:
            weight[i] = w
    return out, weight


class Space:
    """All candidate rules for one look-back (1: last only; 2: also last2;
    3 to 6: also last3 … that far back); the first starter and the main
    line so far at every look-back."""

    def __init__(self, lookback: int) -> None:
        parts = units_for(lookback)
        units = self.units = parts.all()
        nc, na, nk = len(parts.card), len(parts.alone), len(parts.conds)
        nca = nc + na
        cands = self.cands = _combinations(
            card_ix=list(range(nc)),
            alone_ix=list(range(nc, nca)),
            cond_ix=list(range(nca, nca + nk)),
            neg_ix=list(range(nca + nk, nca + 2 * nk)),
            branch_ix=list(range(nca + 2 * nk, len(units))),
        )
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
        # a unit alone that reads only the card (a set of ranks …) is one
        # candidate with a fixed mask: the candidates of all of them that
        # accept a card kind are put together once, not from ~1,000 role
        # sets every time
        fixed_alone: list[list[int]] = [[] for _ in range(52)]
        for u in range(nc, nca):
            r = units[u].rule
            if r is not None and r.reads <= {"card"} and not units[u].whole:
                mask = units[u].mask(None, None, 1)
                for i in roles["a"].pop(u):
                    for k in range(52):
                        if mask >> k & 1:
                            fixed_alone[k].append(i)
        self.fixed_alone = [to_bits(ix, n) for ix in fixed_alone]
        self.role = {k: {u: to_bits(ix, n) for u, ix in d.items()} for k, d in roles.items()}
        self.role_all = {k: sum(d.values()) for k, d in self.role.items()}
        blocks: dict[int, list[int]] = {}
        for i, cand in enumerate(cands):
            blocks.setdefault(cand[0], []).append(i)
        self.block = {f: to_bits(ix, n) for f, ix in blocks.items()}
        self.tiers, self.weight = _prior(cands, costs)
        # the units that read the whole line, and their situations by line
        whole = [i for i, u in enumerate(units) if u.whole]
        self._whole_at = {u: w for w, u in enumerate(whole)}
        self._whole_rules: list[Rule] = [r for r in (units[u].rule for u in whole) if r is not None]
        self._envs: dict[tuple[Card, ...], list[tuple | None]] = {}
        self._plan: tuple[list[int], dict[int, Callable[[tuple], int]]] | None = None

    # --- situations ------------------------------------------------------------------
    def _whole_env(self, line: tuple[Card, ...], w: int) -> tuple:
        """The situation after ``line`` of the ``w``-th unit that reads the
        whole line: pushed on from the line one card shorter when that one
        was seen (the main line grows card by card, probes and the judge's
        walks add one card at a time), else folded from the start.  Folding
        every time took half of all decision time in a profile of two
        rounds; making every unit's situation when a few units were asked
        for took 43 % of it without examples (the judge's walks)."""
        got = self._envs.get(line)
        if got is None:
            got = self._keep(line, [None] * len(self._whole_rules))
        e = got[w]
        if e is None:
            rule = self._whole_rules[w]
            prev = self._envs.get(line[:-1]) if line else None
            before = prev[w] if prev is not None else None
            e = got[w] = rule.situation(line) if before is None else rule.push(before, card_index(line[-1]))
        return e

    def _whole_envs(self, line: tuple[Card, ...]) -> list[tuple]:
        """The situations after ``line`` of every unit that reads the whole
        line (in :attr:`whole` order); all at once where none was made
        (one by one took half as long again: 1.36 s against 0.91 s for
        every unit along 40 lines of 30 cards)."""
        got = self._envs.get(line)
        if got is not None:
            return [self._whole_env(line, w) if e is None else e for w, e in enumerate(got)]
        rules = self._whole_rules
        prev = self._envs.get(line[:-1]) if line else None
        if prev is not None and None not in prev:
            k = card_index(line[-1])
            full = [r.push(cast(tuple, e), k) for r, e in zip(rules, prev)]
        else:
            full = [r.situation(line) for r in rules]
        self._keep(line, cast(list[tuple | None], full))
        return full

    def _keep(self, line: tuple[Card, ...], envs: list[tuple | None]) -> list[tuple | None]:
        """Keep ``line``'s situations (forgetting every line's when
        :data:`ENVS_KEPT` are kept)."""
        if len(self._envs) > ENVS_KEPT:
            self._envs.clear()
        self._envs[line] = envs
        return envs

    def _masks_plan(self) -> tuple[list[int], dict[int, Callable[[tuple], int]]]:
        """(every unit's mask where it never changes – a constant or a test
        of the card alone – else 0; the other units that read no more than
        ``last``, ``last2`` and ``pos``, with their mask programs).  Made on
        first use, when the units get compiled anyway."""
        if self._plan is None:
            fixed = [0] * len(self.units)
            moving: dict[int, Callable[[tuple], int]] = {}
            for u, unit in enumerate(self.units):
                if unit.whole:
                    continue
                if unit.rule is None or unit.rule.reads <= {"card"}:
                    fixed[u] = unit.mask(None, None, 1)
                else:
                    moving[u] = unit.rule.compiled.program
            self._plan = (fixed, moving)
        return self._plan

    def unit_mask(self, u: int, line: tuple[Card, ...]) -> int:
        """Unit ``u``'s 52-card mask for the card that would follow ``line``."""
        unit = self.units[u]
        w = self._whole_at.get(u)
        if w is None:
            return unit.mask(line[-1] if line else None, line[-2] if len(line) >= 2 else None, len(line) + 1)
        return self._whole_rules[w].mask_in(self._whole_env(line, w))

    def some_unit_masks(self, us: Iterable[int], line: tuple[Card, ...]) -> list[int]:
        """The 52-card masks of the units ``us`` for the card that would
        follow ``line``, the other units' left 0."""
        fixed, program = self._masks_plan()
        out = [0] * len(self.units)
        env = None
        for u in us:
            w = self._whole_at.get(u)
            if w is not None:
                out[u] = self._whole_rules[w].mask_in(self._whole_env(line, w))
            elif u in program:
                if env is None:
                    env = env_at(line[-1] if line else None, line[-2] if len(line) >= 2 else None, len(line) + 1)
                out[u] = program[u](env)
            else:
                out[u] = fixed[u]
        return out

    def unit_masks(self, line: Sequence[Card]) -> list[int]:
        """Every unit's 52-card mask for the card that would follow ``line``
        (the situation of the units that read only ``last``, ``last2`` and
        ``pos`` made once for all of them, not once per unit)."""
        line = tuple(line)
        fixed, moving = self._masks_plan()
        env = env_at(line[-1] if line else None, line[-2] if len(line) >= 2 else None, len(line) + 1)
        out = list(fixed)
        for u, program in moving.items():
            out[u] = program(env)
        if self._whole_at:
            envs = self._whole_envs(line)
            for u, w in self._whole_at.items():
                out[u] = self._whole_rules[w].mask_in(envs[w])
        return out

    def accepting(self, um: Sequence[int], k: int) -> int:
        """The set of candidates that accept card kind ``k`` (bit set)."""
        role = self.role
        out = 0
        parts = {}
        for name in ("a", "b", "c", "t", "e"):
            d = role[name]
            on: list[int] = []
            off: list[int] = []
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
        out |= self.fixed_alone[k]
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

#: lines whose situations a space keeps.  Each line holds a few hundred
#: objects the garbage collector tracks: 4,096 lines per space held 1.7
#: million of them after the Delphi tests and made every full collection
#: of the test process (and of the app after a long Delphi game) scan them;
#: the UI tests after them ran about six times slower.  1,024 kept the
#: augur's time (12 rounds of six seats: 5.4 s of CPU against 5.6 s).
ENVS_KEPT = 1024


def forget_situations() -> None:
    """Drop the situations every space keeps for the lines it saw (a new
    game's lines share nothing with the last one's)."""
    for sp in _SPACES.values():
        sp._envs.clear()


_BUILDING = threading.Lock()


def space(lookback: int) -> Space:
    """The candidate space (built once per process, shared by all bots).
    A space being built by :func:`prepare` is waited for, not built twice."""
    lb = max(1, min(lookback, A.MAX_BACK))
    sp = _SPACES.get(lb)
    if sp is None:
        with _BUILDING:
            sp = _SPACES.get(lb)
            if sp is None:
                sp = _SPACES[lb] = Space(lb)
    return sp


def prepare(lookback: int) -> threading.Thread | None:
    """Build the space for ``lookback`` on a worker thread, ahead of the
    first augur's first decision, which would otherwise build it in its
    own turn (0.3-0.6 s of CPU here: at a table, a frame that long).  None
    when it is built already."""
    lb = max(1, min(lookback, A.MAX_BACK))
    if lb in _SPACES:
        return None
    t = threading.Thread(target=space, args=(lb,), name=f"delphi-space-{lb}", daemon=True)
    t.start()
    return t
