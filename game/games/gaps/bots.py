"""Computer players for Gaps: random, greedy and the hint engine.

A bot sees only the view (the grid and the redeals, not the seed that
fixes future shuffles) and the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.engine.core import Bot
from game.games.gaps import board as B
from game.games.gaps.hint import HINT_NODES, HINT_SECONDS, Hinter
from game.games.gaps.search import ordered_moves
from game.games.gaps.state import Action, GapsView, Move


class RandomBot:
    """A uniformly random legal action (the baseline)."""

    name = "random"

    def choose(self, view: GapsView, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(list(legal))


class GreedyBot:
    """One move of look-ahead: the move the hint search would try first
    (extend a run; else free the cell right after a run; avoid leaving a
    gap behind a King or another gap; never break a run), ties at random."""

    name = "greedy"

    def choose(self, view: GapsView, legal: Sequence[Action], rng: random.Random) -> Action:
        moves = [a for a in legal if isinstance(a, Move)]
        if not moves:
            return legal[0]
        cells = B.to_cells(view.grid)
        scored = ordered_moves(cells)
        best = scored[0][0]
        tops = [Move(B.CARD_OF[c], d) for sc, c, s, d in scored if sc == best]
        return rng.choice(tops)


class HintBot:
    """Plays the Hint button's move every time (same search, same budget)."""

    name = "hint"

    def __init__(self, nodes: int = HINT_NODES, seconds: float | None = HINT_SECONDS) -> None:
        self.hinter = Hinter(nodes, seconds)
        self.latencies: list[float] = []

    def choose(self, view: GapsView, legal: Sequence[Action], rng: random.Random) -> Action:
        h = self.hinter.hint(view)
        self.latencies.append(h.cpu)
        if h.action is None or h.action not in legal:  # cannot happen; never play an illegal move
            return legal[0]
        return h.action


BOTS: dict[str, Callable[[], Bot[GapsView, Action]]] = {"random": RandomBot, "greedy": GreedyBot, "hint": HintBot}
