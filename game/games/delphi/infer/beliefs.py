"""What one augur has learned this round, as error counts per candidate.

The evidence – main-line cards (right), side-line cards (wrong; a string:
not all right), shown No Play hands (no card fits) – updates three bit
planes that count each candidate's errors (0–3, or 4 and more); only
evidence that is new since the last decision is added.  The survivors are
the candidates with the fewest errors (none, unless God's rule is outside
the space).  When at most :data:`EXPLICIT_LIMIT` survive, they are listed
and each one's 52-card verdict is computed from the unit masks directly.
Every probability is a weighted share of the survivors (weights: the
space's prior).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from game.cards import Card
from game.games.delphi.infer.space import BYTE_BITS, indices, space
from game.games.delphi.rulelang.vector import CARD_KINDS, FULL52, card_index
from game.games.delphi.state import DelphiView

EXPLICIT_LIMIT = 20_000


def _round_key(view: DelphiView) -> tuple[int, int, tuple[Card, ...]]:
    """Which round a view belongs to: (round, starters, the starter cards)."""
    return (view.round, view.starters, tuple(view.main[: view.starters]))


def _situation(line: Sequence[Card]) -> tuple[Card, ...]:
    """What the candidates may read after ``line``: all of it (some read
    ``first``, ``last3`` … or the whole line)."""
    return tuple(line)


class Beliefs:
    """What one seat has learned this round: error counts per candidate,
    brought up to date with each new view."""

    def __init__(self, view: DelphiView) -> None:
        self.key = _round_key(view)
        self.space = space(view.starters)
        self.planes = [0, 0, 0]
        self.n_main = view.starters
        self.n_side = 0
        self.n_np = 0
        self._survivors: tuple[int, int] | None = None  # (set, errors)
        self._listed: list[int] | None = None
        self._um_cache: dict[tuple, list[int]] = {}
        self._conf: dict[tuple, tuple[float, float]] = {}
        self._uml_cache: dict[tuple, list[int]] = {}
        self._grouped: dict[tuple, dict[int, float]] = {}
        self._needed: list[int] = []

    def fits(self, view: DelphiView) -> bool:
        return (
            self.key == _round_key(view)
            and len(view.main) >= self.n_main
            and len(view.side) >= self.n_side
            and len(view.noplays) >= self.n_np
        )

    def um(self, line: Sequence[Card]) -> list[int]:
        key = _situation(line)
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
            um = self.um(main[: ev.anchor + 1])
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
            self._listed = indices(s)
            cands = self.space.cands
            needed: set[int] = set()
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
        key = _situation(line)
        m = self._uml_cache.get(key)
        if m is None:
            full = self._um_cache.get(key)
            if full is not None:
                return full
            m = self.space.some_unit_masks(self._needed, key)
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
        key = _situation(line)
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
                for k in BYTE_BITS[m >> base & 0xFF]:
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
        key = (tuple(line), n_probes, need_top)
        got = self._conf.get(key)
        if got is not None:
            return got
        sp = self.space
        w = sp.weight
        total = sum(w[i] for i in ix) or 1.0
        label: dict[int, tuple[int, ...]] = {i: () for i in ix}
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
