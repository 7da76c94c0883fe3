"""Computer players for Runs.  A bot sees only its seat's view.

How the game plays out under the binding reading shapes the bots: after
the first card the chain can only run in one direction (a card once played
never returns), so a round is one suit, and the only real choices are the
first card of a round and, for whoever plays second, the direction.  Every
other turn is forced (the one card that follows, or draw, or pass).

- ``simple``: plays the highest-scoring legal card (ties: the higher rank).
- ``strong``: for each legal card it deals the cards it cannot see at
  random among the other hands (their sizes are known) and the draw pile,
  many times, and plays each deal out to the end of the round; it picks
  the card with the best mean of (its own round score minus the mean
  round score of the others).  The deals respect what the table showed:
  a player who drew or passed since the last card was played held no card
  that follows it (apart from the card just drawn).  The same deals are
  used for every candidate card, so the comparison is fair.
- ``random``: any legal action (for tests and as a baseline).

No bot ever ends an open-ended game: at a break they choose
``next-round``; stopping is the people's decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import SUITS, Card
from game.games.runs.deck import DECK, POINTS, played_mask
from game.games.runs.moves import ends_after
from game.games.runs.rules import BONUSES
from game.games.runs.state import NEXT_ROUND, PHASE_BREAK, PLAY, STOP, Action, RunsState, RunsView

# cards as small ints for the look-ahead: suit index * 13 + rank - 1
CARD_ID = {c: SUITS.index(c.suit) * 13 + int(c.rank) - 1 for c in DECK}
ID_CARD = {i: c for c, i in CARD_ID.items()}
VAL = [POINTS[ID_CARD[i]] for i in range(52)]
RANK = [i % 13 + 1 for i in range(52)]


def _nb_ids(wrap: bool) -> list[tuple[int, ...]]:
    out = []
    for i in range(52):
        s, r = divmod(i, 13)
        ids = []
        if r > 0:
            ids.append(s * 13 + r - 1)
        elif wrap:
            ids.append(s * 13 + 12)
        if r < 12:
            ids.append(s * 13 + r + 1)
        elif wrap:
            ids.append(s * 13)
        out.append(tuple(ids))
    return out


NB = {False: _nb_ids(False), True: _nb_ids(True)}
PLAYED, PILE = -2, -1


def _best_by_points(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (POINTS[c], int(c.rank)))


def _cards(plays: Sequence[Action]) -> list[Card]:
    """The cards of ``play`` actions."""
    return [a.card for a in plays if a.card is not None]


class SimpleBot:
    """Plays the legal card worth the most points."""

    name = "simple"

    def choose(self, view: RunsView, legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if a.kind == PLAY]
        if plays:
            best = _best_by_points(_cards(plays))
            return next(a for a in plays if a.card == best)
        return _non_play(legal)


class RandomBot:
    name = "random"

    def choose(self, view: RunsView, legal: Sequence[Action], rng: random.Random) -> Action:
        options = [a for a in legal if a.kind != STOP] or list(legal)
        return rng.choice(options)


def _non_play(legal: Sequence[Action]) -> Action:
    for a in legal:
        if a.kind == NEXT_ROUND:
            return a
    return legal[0]


#: the simple rule's preference as one number (higher is better): points,
#: then rank, then the suit that comes first in a sorted hand (the card
#: ``SimpleBot`` picks among equals)
PREF = [(VAL[i] * 16 + RANK[i]) * 4 + 3 - i // 13 for i in range(52)]


def rollout(owner, hands, pile, cnt, hval, gain, dk, n, p, runs, idle, finished, wrap, rules) -> float:
    """Play the round to its end from seat ``p`` to move under ``rules``
    (both_ends, per_suit, new_run, circuit, stop: the house rules; all
    false is the written rule).  ``runs`` are the open runs as lists
    ``[a, b]`` of their end ids (one-way runs: the last card twice; under
    the written rule and ``new_run`` alone the run of the last card
    played, or none after a closed run with ``new_run``), ``hands`` the ids
    each seat holds, ``idle`` the draws and passes since the last card
    played.  Everyone follows the simple rule where there is a choice (the
    playable card worth most; a new run starts with the card worth most).

    Changes the lists in place: ``gain`` gets points played and bonuses,
    ``hval`` ends as the points of the cards each seat held before the
    look-ahead and still holds, ``dk`` the number of cards each seat drew
    and still holds.  Returns the points of the drawn cards still held (all
    seats together), so the caller may share them out by ``dk``: which pile
    card lands in which hand is chance that only adds noise to a comparison.

    A closed run: under the written rules nobody can follow, so the pile is
    drawn out and the round ends blocked; with ``new_run`` (or ``per_suit``)
    it is dropped and the player to act starts a new one.  (One function
    for every rule: the old options' games came out move for move as with
    the playout written for them alone, tests/games/runs/test_bots.py.)"""
    both, per_suit, new_run, circuit, stop = rules
    # the turns without a card after which the open runs close: a circuit,
    # or one with ``stop``
    closing_idle = 1 if stop else 0
    nbt = NB[wrap]
    active = 0
    for s in range(n):
        if cnt[s]:
            active += 1
    drawn_val = 0
    if active <= 1:
        return drawn_val
    drawn = set()
    passes = 0
    while True:
        hand = hands[p]
        mine = -1
        best = -1
        if not runs:
            for c in hand:
                if PREF[c] > best:
                    best, mine = PREF[c], c
        else:
            for a, b in runs:
                for f in nbt[a]:
                    if owner[f] == p and PREF[f] > best:
                        best, mine = PREF[f], f
                if b != a:
                    for f in nbt[b]:
                        if owner[f] == p and PREF[f] > best:
                            best, mine = PREF[f], f
            if per_suit and len(runs) < 4:
                taken = [a // 13 for a, _ in runs]
                for c in hand:
                    if PREF[c] > best and c // 13 not in taken:
                        best, mine = PREF[c], c
        if mine >= 0:
            owner[mine] = PLAYED
            hand.remove(mine)
            cnt[p] -= 1
            v = VAL[mine]
            if mine in drawn:
                dk[p] -= 1
                drawn_val -= v
            else:
                hval[p] -= v
            gain[p] += v
            idle = passes = 0
            # the run it joins, or a new one
            k = -1
            for j, r in enumerate(runs):
                if mine in nbt[r[1]]:
                    if both:
                        r[1] = mine
                    else:
                        r[0] = r[1] = mine
                    k = j
                    break
                if both and mine in nbt[r[0]]:
                    r[0] = mine
                    k = j
                    break
            if k < 0:
                if per_suit:
                    runs.append([mine, mine])
                    k = len(runs) - 1
                else:
                    runs[:] = [[mine, mine]]
                    k = 0
            if new_run or per_suit:
                r = runs[k]
                dead = True
                for f in nbt[r[0]]:
                    if owner[f] != PLAYED:
                        dead = False
                if dead and r[1] != r[0]:
                    for f in nbt[r[1]]:
                        if owner[f] != PLAYED:
                            dead = False
                if dead:
                    del runs[k]
            if not cnt[p]:
                if finished < 3:
                    gain[p] += BONUSES[finished]
                finished += 1
                active -= 1
                if active <= 1:
                    return drawn_val
        else:
            idle += 1
            if pile:
                c = pile.pop()
                owner[c] = p
                hand.append(c)
                cnt[p] += 1
                dk[p] += 1
                drawn_val += VAL[c]
                drawn.add(c)
            else:
                passes += 1
            if circuit or stop:
                if idle >= (closing_idle or active) and runs:
                    runs.clear()
                    idle = 0
            elif passes >= active:
                return drawn_val  # blocked: nobody can play or draw
        p = p + 1 if p + 1 < n else 0
        while not cnt[p]:
            p = p + 1 if p + 1 < n else 0


class StrongBot:
    """Determinised look-ahead over the rest of the round (see the module
    docstring).  ``samples`` deals are tried for every candidate card; with
    the house rule "new run" at most ``budget`` playouts per decision in all
    (a new run may start with any card of a hand, and each playout runs to
    the end of the round)."""

    name = "strong"

    def __init__(self, samples: int = 60, budget: int = 300) -> None:
        self.samples = samples
        self.budget = budget

    def choose(self, view: RunsView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == PHASE_BREAK:
            return _non_play(legal)
        plays = [a for a in legal if a.kind == PLAY]
        if len(plays) <= 1:
            return plays[0] if plays else _non_play(legal)
        return self._search(view, plays, rng)

    # --- the look-ahead ---------------------------------------------------------
    def _search(self, view: RunsView, plays: Sequence[Action], rng: random.Random) -> Action:
        totals, _ = self._totals(view, plays, rng)
        best = max(range(len(plays)), key=lambda j: (totals[j], -j))
        return plays[best]

    def scores(self, view: RunsView, plays: Sequence[Action], rng: random.Random) -> tuple[list[float], int]:
        """For each of ``plays`` (two or more cards), the mean over the
        sampled deals of its player's round score minus the others' mean,
        and how many deals were sampled (the hint reads the margin between
        the best two)."""
        totals, samples = self._totals(view, plays, rng)
        return [t / samples for t in totals], samples

    def _totals(self, view: RunsView, plays: Sequence[Action], rng: random.Random) -> tuple[list[float], int]:
        if view.extended:
            return self._totals_ext(view, plays, rng)
        n = view.players
        me = view.seat
        assert me is not None
        wrap, new_run = view.wrap, view.new_run
        rules = (False, False, new_run, False, False)
        my_ids = [CARD_ID[c] for c in view.hand]
        played = {CARD_ID[c] for c in view.chain}
        known = set(my_ids) | played
        unknown = [i for i in range(52) if i not in known]
        counts = list(view.hand_counts)
        # what the table told us: who drew or passed since the last card played
        last = CARD_ID[view.chain[-1]] if view.chain else -1
        need = [f for f in NB[wrap][last] if f not in known] if last >= 0 else []
        lacking: dict[int, int] = {}  # seat -> slots that cannot hold a needed card
        if need:
            drew_last: dict[int, bool] = {}
            for seat, a in reversed(view.log):
                if a.kind == PLAY:
                    break
                if seat != me and seat not in drew_last:
                    drew_last[seat] = a.kind == "draw"
            for seat, drew in drew_last.items():
                k = counts[seat] - (1 if drew else 0)
                if k > 0:
                    lacking[seat] = k
        need_set = set(need)
        free_pool = [i for i in unknown if i not in need_set]
        if sum(lacking.values()) > len(free_pool):
            lacking = {}  # the log and the counts disagree: use no inference
        others = [s for s in range(n) if s != me]
        base_owner = [PLAYED] * 52
        for i in my_ids:
            base_owner[i] = me
        my_val = sum(VAL[i] for i in my_ids)
        cand = [CARD_ID[c] for c in _cards(plays)]
        totals = [0.0] * len(cand)
        samples = self.samples
        if new_run:
            samples = max(1, min(samples, self.budget // len(cand)))
        for _ in range(samples):
            owner = base_owner[:]
            cnt = counts[:]
            hval = [0] * n
            hval[me] = my_val
            pool = free_pool[:]
            rng.shuffle(pool)
            rest_slots: list[int] = []
            for s in others:
                k = lacking.get(s, 0)
                for i in pool[len(pool) - k :] if k else ():
                    owner[i] = s
                    hval[s] += VAL[i]
                if k:
                    del pool[len(pool) - k :]
                rest_slots.extend([s] * (counts[s] - k))
            pool.extend(need)
            rng.shuffle(pool)
            for s, i in zip(rest_slots, pool):
                owner[i] = s
                hval[s] += VAL[i]
            pile = pool[len(rest_slots) :]
            for i in pile:
                owner[i] = PILE
            held: list[list[int]] = [[] for _ in range(n)]
            for i in range(52):
                if owner[i] >= 0:
                    held[owner[i]].append(i)
            for j, c in enumerate(cand):
                o = owner[:]
                cn = cnt[:]
                hv = hval[:]
                hs = [h[:] for h in held]
                hs[me].remove(c)
                gain = [0] * n
                dk = [0] * n
                o[c] = PLAYED
                cn[me] -= 1
                hv[me] -= VAL[c]
                gain[me] += VAL[c]
                finished = len(view.finished)
                if not cn[me]:
                    if finished < 3:
                        gain[me] += BONUSES[finished]
                    finished += 1
                p = (me + 1) % n
                while not cn[p] and p != me:
                    p = (p + 1) % n
                # the run is the card just played; with new_run a closed one is dropped
                closed = all(o[f] == PLAYED for f in NB[wrap][c])
                runs = [] if new_run and closed else [[c, c]]
                kept = rollout(o, hs, pile[:], cn, hv, gain, dk, n, p, runs, 0, finished, wrap, rules)
                m = sum(dk)
                each = kept / m if m else 0.0
                mine = gain[me] - hv[me] - dk[me] * each
                rest = sum(gain[s] - hv[s] - dk[s] * each for s in others) / len(others)
                totals[j] += mine - rest
        return totals, samples


    def _totals_ext(self, view: RunsView, plays: Sequence[Action], rng: random.Random) -> tuple[list[float], int]:
        """:meth:`_totals` under issue 24's house rules: the same deals and
        scoring, the open runs followed as the rules say (:func:`rollout`)."""
        n = view.players
        me = view.seat
        assert me is not None
        wrap = view.wrap
        rules = (view.both_ends, view.per_suit, view.new_run, view.circuit, view.stop)
        my_ids = [CARD_ID[c] for c in view.hand]
        played = {CARD_ID[c] for c in view.chain}
        known = set(my_ids) | played
        unknown = [i for i in range(52) if i not in known]
        counts = list(view.hand_counts)
        runs0 = [[CARD_ID[a], CARD_ID[b]] for a, b in view.ends]
        # what the table told us: who drew or passed since the last card
        # played held nothing playable (the open runs are as they were then)
        need_set: set[int] = set()
        lacking: dict[int, int] = {}
        if view.idle and runs0:
            for a, b in runs0:
                need_set.update(f for f in NB[wrap][a] + NB[wrap][b] if f not in known)
            if view.per_suit:
                taken = {a // 13 for a, _ in runs0}
                need_set.update(i for i in unknown if i // 13 not in taken)
            drew_last: dict[int, bool] = {}
            for seat, act in list(reversed(view.log))[: view.idle]:
                if seat != me and seat not in drew_last:
                    drew_last[seat] = act.kind == "draw"
            for seat, drew in drew_last.items():
                k = counts[seat] - (1 if drew else 0)
                if k > 0:
                    lacking[seat] = k
        need = sorted(need_set)
        free_pool = [i for i in unknown if i not in need_set]
        if sum(lacking.values()) > len(free_pool):
            lacking = {}
        others = [s for s in range(n) if s != me]
        base_owner = [PLAYED] * 52
        for i in my_ids:
            base_owner[i] = me
        my_val = sum(VAL[i] for i in my_ids)
        cand = [CARD_ID[c] for c in _cards(plays)]
        totals = [0.0] * len(cand)
        samples = max(1, min(self.samples, self.budget // len(cand)))
        probe = RunsState(
            players=n, seed=0, rounds=5, wrap=wrap, dealer=0, round=1, phase="play", turn=me,
            hands=((),) * n, pile=(), chain=view.chain, chain_seats=view.chain_seats, finished=(), base=(0,) * n,
            points=(0,) * n, bonus=(0,) * n, new_run=view.new_run, both_ends=view.both_ends, per_suit=view.per_suit,
            circuit=view.circuit, stop=view.stop, ends=view.ends, played=played_mask(view.chain),
        )
        after = [[[CARD_ID[a], CARD_ID[b]] for a, b in ends_after(probe, c)[0]] for c in _cards(plays)]
        for _ in range(samples):
            owner = base_owner[:]
            hval = [0] * n
            hval[me] = my_val
            pool = free_pool[:]
            rng.shuffle(pool)
            rest_slots: list[int] = []
            for s in others:
                k = lacking.get(s, 0)
                for i in pool[len(pool) - k :] if k else ():
                    owner[i] = s
                    hval[s] += VAL[i]
                if k:
                    del pool[len(pool) - k :]
                rest_slots.extend([s] * (counts[s] - k))
            pool.extend(need)
            rng.shuffle(pool)
            for s, i in zip(rest_slots, pool):
                owner[i] = s
                hval[s] += VAL[i]
            pile = pool[len(rest_slots) :]
            for i in pile:
                owner[i] = PILE
            held: list[list[int]] = [[] for _ in range(n)]
            for i in range(52):
                if owner[i] >= 0:
                    held[owner[i]].append(i)
            for j, c in enumerate(cand):
                o = owner[:]
                cn = counts[:]
                hv = hval[:]
                hs = [h[:] for h in held]
                hs[me].remove(c)
                gain = [0] * n
                dk = [0] * n
                o[c] = PLAYED
                cn[me] -= 1
                hv[me] -= VAL[c]
                gain[me] += VAL[c]
                finished = len(view.finished)
                if not cn[me]:
                    if finished < 3:
                        gain[me] += BONUSES[finished]
                    finished += 1
                p = (me + 1) % n
                while not cn[p] and p != me:
                    p = (p + 1) % n
                runs = [r[:] for r in after[j]]
                kept = rollout(o, hs, pile[:], cn, hv, gain, dk, n, p, runs, 0, finished, wrap, rules)
                m = sum(dk)
                each = kept / m if m else 0.0
                mine = gain[me] - hv[me] - dk[me] * each
                rest = sum(gain[s] - hv[s] - dk[s] * each for s in others) / len(others)
                totals[j] += mine - rest
        return totals, samples


BOTS = {"simple": SimpleBot, "strong": StrongBot, "random": RandomBot}

__all__ = ["BOTS", "RandomBot", "SimpleBot", "StrongBot", "rollout"]
