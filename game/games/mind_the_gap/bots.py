"""Computer players.  Each sees only its seat's view (on Easy: all hands).

``seed`` - the policy the rules text simulated: place the card that keeps
the most finished pyramids possible (counting the ranks still out there,
i.e. not in the pyramid or on the discard pile); only when no card keeps
any finished pyramid possible, discard the card that the fewest of them
need; take a card back only when the pyramid is dead (the one whose removal
leaves the most finished pyramids).  Ties are broken at random.

``strong`` - see :class:`StrongBot`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from game.games.mind_the_gap.pyramids import MAX_VALUE, copies, table
from game.games.mind_the_gap.rules import DISCARD, PASS, PLACE, TAKEBACK, Action, View, values_of


def _board(view: View):
    t = table(view.places[0].value, view.small, view.jokers, view.level == "expert")
    vals = values_of(view.places)
    disc = [c.value for c in view.discard]
    return t, vals, disc


def _pick(rng: random.Random, items: list):
    return items[0] if len(items) == 1 else rng.choice(items)


def _best_takeback(t, vals, disc, takebacks: list[Action], rng: random.Random) -> Action:
    best: list[Action] = []
    best_n = -1
    for a in takebacks:
        v = vals[a.place]
        nv = list(vals)
        nv[a.place] = None
        n = t.compatible(nv, disc + [v]).bit_count()
        if n > best_n:
            best, best_n = [a], n
        elif n == best_n:
            best.append(a)
    return _pick(rng, best)


class SeedBot:
    """The rules text's simulated player (see the module docstring)."""

    name = "seed"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        t, vals, disc = _board(view)
        mask = t.compatible(vals, disc)
        placements = [a for a in legal if a.kind == PLACE]
        if mask:
            best: list[Action] = []
            best_n = 0
            pos = t.pos
            for a in placements:
                n = (mask & pos[a.place][a.card.value]).bit_count()
                if n > best_n:
                    best, best_n = [a], n
                elif n == best_n and n:
                    best.append(a)
            if best:
                return _pick(rng, best)
        if view.coins > 0:
            if not mask:
                takebacks = [a for a in legal if a.kind == TAKEBACK]
                if takebacks:
                    return _best_takeback(t, vals, disc, takebacks, rng)
            discards = [a for a in legal if a.kind == DISCARD]
            if discards:
                gaps = [p for p, v in enumerate(vals) if v is None]
                need: dict[int, int] = {}
                for a in discards:
                    v = a.card.value
                    if v not in need:
                        u = 0
                        for p in gaps:
                            u |= t.pos[p][v]
                        need[v] = (mask & u).bit_count()
                low = min(need[a.card.value] for a in discards)
                return _pick(rng, [a for a in discards if need[a.card.value] == low])
        if placements:  # no coin: a card must be placed when one can be
            return _pick(rng, placements)
        for a in legal:
            if a.kind == PASS:
                return a
        return _pick(rng, list(legal))


BOTS = {"seed": SeedBot}
