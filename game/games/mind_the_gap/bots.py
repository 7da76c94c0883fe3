"""Computer players.  Each sees only its seat's view (on Easy: all hands).

``seed`` - the policy the rules text simulated, in the reading that comes
closest to its table (docs/fidelity.md): place the card that keeps the most
finished pyramids possible, each finished pyramid weighed by the number of
ways the cards still out there can complete it (for each rank, its missing
copies chosen from its copies not in the pyramid or on the discard pile: a
product of binomial coefficients, see :func:`completions`); only when no
card keeps any finished pyramid possible, discard the least needed card
(see :func:`least_needed`); take a card back only when the pyramid is dead
(the one whose removal leaves the most weight).  With no coin left and no
card that keeps a pyramid possible, it must still place a card if one is
legal (the rules allow passing only when none is).  Remaining ties are
broken at random.

``seed-flat`` - the same policy counting every finished pyramid once (the
reading this project used first; kept so the fidelity report can show both
readings side by side).  Not offered at the table.

``strong`` - see :class:`StrongBot`: it weighs every finished pyramid still
possible by how likely the team is to get the cards it still needs (its own
hand counts as certain; on Easy the partners' open hands too), reads from
the partners' moves which ranks they do not hold, and takes a card back
when the pyramid is stuck rather than only when it is dead.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from game.games.mind_the_gap.board import board_table, values_of
from game.games.mind_the_gap.pyramids import MAX_VALUE, Table, copies
from game.games.mind_the_gap.rules import DISCARD, PASS, PLACE, TAKEBACK, Action, View

#: boards whose weighed placements :func:`_weighed` keeps (measured: a
#: simulation's process stays at 41 MB from 1,000 to 5,000 two-player deals;
#: the cache halves the weighted bot's time, 15.4 -> 6.7 s CPU for 5,000)
WEIGHED_CACHE = 4096


def _board(view: View) -> tuple[Table, list, list[int]]:
    t = board_table(view)
    vals = values_of(view.places)
    disc = [c.value for c in view.discard]
    return t, vals, disc


def _bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask`` (``str.find`` skips the zeros at
    C speed: masks have up to 8,800 bits, and a Python loop over every
    digit took 5.0 of 9.1 s of a profiled 300-deal weighted simulation)."""
    s = bin(mask)[:1:-1]
    out = []
    i = s.find("1")
    while i >= 0:
        out.append(i)
        i = s.find("1", i + 1)
    return out


def _pick(rng: random.Random, items: list):
    return items[0] if len(items) == 1 else rng.choice(items)


def _place(a: Action) -> int:
    assert a.place is not None, a
    return a.place


def _value(a: Action) -> int:
    assert a.card is not None, a
    return a.card.value


def _best_takeback(t: Table, vals: list, disc: list[int], takebacks: list[Action], rng: random.Random, weighted: bool = False) -> Action:
    """The take-back after which the most finished pyramids are possible
    (``weighted``: weighed by :func:`completions`)."""
    best: list[Action] = []
    best_n = -1
    for a in takebacks:
        p = _place(a)
        v = vals[p]
        nv = list(vals)
        nv[p] = None
        m2 = t.compatible(nv, disc + [v])
        n = sum(completions(t, nv, disc + [v], _bits(m2))) if weighted else m2.bit_count()
        if n > best_n:
            best, best_n = [a], n
        elif n == best_n:
            best.append(a)
    return _pick(rng, best)


def least_needed(t: Table, vals: list, disc: list[int], mask: int, discards: list[Action]) -> list[Action]:
    """The discards of the least needed cards: first by how many finished
    pyramids still possible want the card's rank in a gap - which is 0 for
    every card when nothing fits - then by how many of the target's finished
    pyramids use that rank at all (counting the ranks still out there)."""
    gaps = [p for p, v in enumerate(vals) if v is None]
    general = t.compatible([vals[0]] + [None] * (len(vals) - 1), disc)
    need: dict[int, tuple[int, int]] = {}
    for a in discards:
        v = _value(a)
        if v not in need:
            u = 0
            for p in gaps:
                u |= t.pos[p][v]
            need[v] = ((mask & u).bit_count(), (general & t.atleast[v][1]).bit_count())
    low = min(need[_value(a)] for a in discards)
    return [a for a in discards if need[_value(a)] == low]


def keeping_most(t: Table, mask: int, placements: list[Action]) -> list[Action]:
    """The placements that keep the most of the finished pyramids in
    ``mask`` possible (none when every placement keeps none)."""
    best: list[Action] = []
    best_n = 0
    pos = t.pos
    for a in placements:
        card, place = a.card, a.place  # the hot loop of a simulation: no helper calls
        assert card is not None and place is not None, a
        n = (mask & pos[place][card.value]).bit_count()
        if n > best_n:
            best, best_n = [a], n
        elif n == best_n and n:
            best.append(a)
    return best


#: _COMB[n][j] = math.comb(n, j) for the copies out there (0..4) and the
#: copies a pyramid still misses (0..5)
_COMB = [[math.comb(n, j) for j in range(6)] for n in range(9)]


def completions(t: Table, vals: list, disc: list[int], ids: list[int]) -> list[int]:
    """For each finished pyramid ``ids[j]`` (each agreeing with ``vals``),
    the number of ways the cards still out there can complete it: for every
    value, its copies missing from the pyramid chosen from its copies not in
    the pyramid or on the discard pile (``math.comb``), multiplied."""
    placed = Counter(v for v in vals if v is not None)
    gone = Counter(disc)
    gone.update(placed)
    # ways[v][k]: the factor of value v for a pyramid holding k copies of it
    ways = []
    for v in range(MAX_VALUE + 1):
        row, have = _COMB[t.cap[v] - gone[v]], placed[v]
        ways.append([0] * have + row[: 6 - have])
    counts = t.counts
    res = []
    for i in ids:
        w = 1
        for v, k in counts[i]:
            w *= ways[v][k]
        res.append(w)
    return res


def weighing_most(t: Table, vals: list, disc: list[int], mask: int, placements: list[Action]) -> list[Action]:
    """The placements that keep the most finished pyramids possible, each
    weighed by :func:`completions` on the pyramid as it is after the
    placement (none when every placement keeps none)."""
    totals = _weighed(t, tuple(vals), tuple(sorted(disc)))
    gone = Counter(disc)
    gone.update(v for v in vals if v is not None)
    # total / copies-out-there, compared exactly as integers scaled by a
    # multiple of every possible divisor (1..4 copies): the same order and
    # ties as Fraction, without its cost (the seed bot was 16 s CPU for
    # 5,000 two-player deals, over issue 3's 15 s)
    scale = math.lcm(*range(1, max(t.cap) + 1))
    keys = [(_place(a), _value(a)) for a in placements]
    score: dict[tuple[int, int], int] = {}
    for key in keys:
        if key not in score:
            total = totals.get(key, 0)
            score[key] = total * (scale // (t.cap[key[1]] - gone[key[1]])) if total else 0
    top = max(score.values(), default=0)
    if not top:
        return []
    return [a for a, key in zip(placements, keys) if score[key] == top]


@lru_cache(maxsize=WEIGHED_CACHE)
def _weighed(t: Table, vals: tuple, disc: tuple) -> dict[tuple[int, int], int]:
    """For every gap ``p`` and value ``x``: the finished pyramids still
    possible with ``x`` at ``p``, each weighed by :func:`completions` times
    the copies of ``x`` it still misses.  Divided by the copies of ``x`` out
    there, that is their weight once ``x`` lies at ``p`` (one copy fewer
    missing and one fewer out there), so each pyramid is weighed once per
    board.  Kept for the most recent boards: every deal starts from one of
    eight targets, so the first moves' boards (the most pyramids) recur."""
    mask = t.compatible(vals, disc)
    ids = _bits(mask)
    placed = Counter(v for v in vals if v is not None)
    gaps = [p for p, v in enumerate(vals) if v is None]
    out: dict[tuple[int, int], int] = {}
    pyrs, tally = t.pyramids, t.tally
    get = out.get
    for i, w in zip(ids, completions(t, list(vals), list(disc), ids)):
        pyr, k = pyrs[i], tally[i]
        for p in gaps:
            x = pyr[p]
            key = (p, x)
            out[key] = get(key, 0) + w * (k[x] - placed[x])
    return out


class SeedBot:
    """The rules text's simulated player (see the module docstring);
    ``weighted`` False counts every finished pyramid once."""

    name = "seed"
    weighted = True

    def _kept(self, t: Table, vals: list, disc: list[int], mask: int, placements: list[Action]) -> list[Action]:
        if self.weighted:
            return weighing_most(t, vals, disc, mask, placements)
        return keeping_most(t, mask, placements)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        t, vals, disc = _board(view)
        mask = t.compatible(vals, disc)
        placements = [a for a in legal if a.kind == PLACE]
        if mask:
            best = self._kept(t, vals, disc, mask, placements)
            if best:
                return _pick(rng, best)
        if view.coins > 0:
            if not mask:
                takebacks = [a for a in legal if a.kind == TAKEBACK]
                if takebacks:
                    return _best_takeback(t, vals, disc, takebacks, rng, self.weighted)
            discards = [a for a in legal if a.kind == DISCARD]
            if discards:
                return _pick(rng, least_needed(t, vals, disc, mask, discards))
        if placements:  # no coin: a card must be placed when one can be
            return _pick(rng, placements)
        for a in legal:
            if a.kind == PASS:
                return a
        return _pick(rng, list(legal))


class FlatSeedBot(SeedBot):
    """The seed's policy counting each finished pyramid once."""

    name = "seed-flat"
    weighted = False


# --- the stronger bot ---------------------------------------------------------------


def _tail(n: int, u: int, k: int, m: int) -> float:
    """P(at least ``m`` of the ``u`` wanted cards among ``k`` cards drawn
    from ``n``) - the hypergeometric tail."""
    if m <= 0:
        return 1.0
    if m > u or k <= 0:
        return 0.0
    k = min(k, n)
    total = math.comb(n, k)
    p = 0
    for j in range(m, min(u, k) + 1):
        p += math.comb(u, j) * math.comb(n - u, k - j)
    return p / total


def _history(view: View) -> list[tuple]:
    """For each logged action, the pyramid and discard pile just before it
    (rebuilt backwards from the view, so it works for any position)."""
    places = list(view.places)
    discard = list(view.discard)
    out = []
    for _seat, kind, card, place in reversed(view.log):
        if kind == PLACE:
            places[place] = None
        elif kind == DISCARD:
            discard.pop()
        elif kind == TAKEBACK:
            discard.pop()
            places[place] = card
        out.append((tuple(places), tuple(discard)))
    out.reverse()
    return out


class StrongBot:
    """A stronger team player, using only its seat's view.

    - Each finished pyramid still possible gets a weight: the chance that
      the team gets the cards it still needs, one factor per missing card
      (cards in this seat's hand - and on Easy the open hands - count as
      certain; the rest comes from a hypergeometric draw out of the unseen
      cards).  Placements are chosen by the total weight they keep.
    - Reading partners: a partner who left a move alone that nearly every
      finished pyramid wanted (a forced gap, or a card with a large share),
      or who discarded or passed, did not hold that rank then; the cards
      they still hold from that time are then known not to be that rank.
    - When no card fits, it compares taking a card back with discarding:
      it takes back when the best plan after the take-back is clearly
      likelier than the best plan now (and always when the pyramid is dead).

    ``DRAW_SCALE`` (0.35) scales the cards the team is expected to see: the
    hypergeometric model is optimistic because a drawn card must also reach
    the right hand at the right time.  It was chosen on deals that are not
    the ones the fidelity report measures on.
    """

    name = "strong"
    LIMIT = 1500  # candidates weighed per decision (a random sample beyond)
    TAKEBACK_LIMIT = 400
    DRAW_SCALE = 0.35
    TAKEBACK_MARGIN = 1.5  # best plan after a take-back / best plan now
    SHARE = 0.6  # a rank wanted by this share of the pyramids "should" be placed
    SHARE_MARGIN = 0.15

    def __init__(self, read_partners: bool = True, take_back_when_stuck: bool = True) -> None:
        self.read_partners = read_partners
        self.take_back_when_stuck = take_back_when_stuck

    # -- what partners do not hold ------------------------------------------------
    def _not_held(self, view: View, t) -> list[int]:
        k = [0] * (MAX_VALUE + 1)
        if not view.log:
            return k
        hist = None
        for s in range(view.players):
            if s == view.seat or view.hands[s] is not None:
                continue
            draws = 0
            for i in range(len(view.log) - 1, -1, -1):
                seat, kind, card, place = view.log[i]
                if seat != s:
                    continue
                if kind in (PLACE, DISCARD):
                    draws += 1
                old = view.hand_counts[s] - draws  # cards held then and still now
                if old <= 0:
                    break
                if hist is None:
                    hist = _history(view)
                places, discard = hist[i]
                vals = values_of(places)
                mask = t.compatible(vals, [c.value for c in discard])
                if not mask:
                    continue
                total = mask.bit_count()
                share = [0.0] * (MAX_VALUE + 1)
                forced = set()
                for g, x in enumerate(vals):
                    if x is None:
                        row = t.pos[g]
                        seen_vals = 0
                        for v in range(MAX_VALUE + 1):
                            if mask & row[v]:
                                seen_vals += 1
                                c = (mask & row[v]).bit_count() / total
                                if c > share[v]:
                                    share[v] = c
                        if seen_vals == 1:
                            forced.add(g)
                if kind == PLACE:
                    if place in forced:
                        continue  # it filled a forced gap: another may have tied
                    chosen = (mask & t.pos[place][card.value]).bit_count() / total
                    threshold = max(self.SHARE, chosen + self.SHARE_MARGIN)
                else:
                    threshold = 1e-9  # discard or pass: nothing fitted at all
                for v in range(MAX_VALUE + 1):
                    if share[v] >= threshold and old > k[v]:
                        k[v] = old
        return k

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        t, vals, disc = _board(view)
        mask = t.compatible(vals, disc)
        placements = [a for a in legal if a.kind == PLACE]
        jokers = view.jokers
        # what this seat knows: its hand (and open hands), the table
        have = Counter(c.value for c in view.hand)
        hidden = 0
        for s in range(view.players):
            if s == view.seat:
                continue
            if view.hands[s] is not None:
                have.update(c.value for c in view.hands[s])
            else:
                hidden += view.hand_counts[s]
        seen = Counter(disc)
        seen.update(v for v in vals if v is not None)
        seen.update(have)
        unseen = (54 if jokers else 52) - sum(seen.values())
        gaps = [p for p, v in enumerate(vals) if v is None]
        # cards the team will still see: hidden hands, a draw per placement
        # but the last, a draw per coin
        future = hidden + max(0, len(gaps) - 1) + view.coins
        not_held = self._not_held(view, t) if self.read_partners else [0] * (MAX_VALUE + 1)
        # F[v][k]: factor for needing the k-th copy of value v
        F = []
        for v in range(MAX_VALUE + 1):
            u = copies(v, jokers) - seen.get(v, 0)
            h = have.get(v, 0)
            kk = min(not_held[v], hidden)
            draws = round(max(0, future - kk) * self.DRAW_SCALE)
            row = [1.0] * 6
            prev = 1.0
            for k in range(1, 6):
                need = k - h
                q = _tail(unseen - kk, u, draws, need) if need > 0 else 1.0
                row[k] = q / prev if prev > 0 else 0.0
                prev = q
            F.append(row)
        pyrs = t.pyramids

        def weigh(ids: list[int], open_places: list[int], stop_below: float | None = None):
            out = []
            for i in ids:
                pyr = pyrs[i]
                w = 1.0
                cnt = [0] * (MAX_VALUE + 1)
                for g in open_places:
                    v = pyr[g]
                    k = cnt[v] + 1
                    cnt[v] = k
                    w *= F[v][k]
                    if stop_below is not None and w <= stop_below:
                        break
                out.append(w)
            return out

        ids = _bits(mask) if mask else []
        if len(ids) > self.LIMIT:
            ids = rng.sample(ids, self.LIMIT)
        weights = weigh(ids, gaps)
        if mask and placements:
            score: dict[tuple[int, int], float] = {}
            for i, w in zip(ids, weights):
                if w:
                    pyr = pyrs[i]
                    for g in gaps:
                        key = (g, pyr[g])
                        score[key] = score.get(key, 0.0) + w
            best: list[Action] = []
            top = 0.0
            for a in placements:
                sc = score.get((_place(a), _value(a)), 0.0)
                if sc > top * (1 + 1e-9):
                    best, top = [a], sc
                elif sc > 0 and sc >= top * (1 - 1e-9):
                    best.append(a)
            if best:
                return _pick(rng, best)
            # every fitting card needs something unobtainable: fall back to counts
            best = keeping_most(t, mask, placements)
            if best:
                return _pick(rng, best)
        if view.coins > 0:
            takebacks = [a for a in legal if a.kind == TAKEBACK]
            if takebacks and (not mask or self.take_back_when_stuck):
                now = max(weights) if weights else 0.0
                choice, best_w = None, now * self.TAKEBACK_MARGIN
                for a in takebacks:
                    p = _place(a)
                    nv = list(vals)
                    nv[p] = None
                    m2 = t.compatible(nv, disc + [vals[p]])
                    ids2 = _bits(m2) if m2 else []
                    if len(ids2) > self.TAKEBACK_LIMIT:
                        ids2 = rng.sample(ids2, self.TAKEBACK_LIMIT)
                    bw = 0.0
                    for w in weigh(ids2, gaps + [p], stop_below=0.0):
                        if w > bw:
                            bw = w
                    if bw > best_w:
                        choice, best_w = a, bw
                if choice is not None:
                    return choice
                if not mask:
                    return _best_takeback(t, vals, disc, takebacks, rng)
        # the fallback it was measured with (docs/fidelity.md): counting
        # each pyramid once
        return FlatSeedBot().choose(view, legal, rng)


BOTS = {"seed": SeedBot, "strong": StrongBot, "seed-flat": FlatSeedBot}
#: the computers a player can seat at the table (``seed-flat`` is for the report)
TEAMMATES = ("seed", "strong")
