"""Computer players for Gaps: random, greedy and the hint engine.

A bot sees only the view (the grid and the redeals, not the seed that
fixes future shuffles) and the legal actions.
"""

from __future__ import annotations

import random
import time
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
    """Plays the Hint button's move every time (same search, same budget).

    With ``think`` > 0 it first thinks about each round (the deal and each
    redeal) for up to that many CPU seconds (:meth:`Hinter.think`), as a
    person looks at the layout before playing; ``think_cpu`` keeps the CPU
    time of each round's thinking, apart from the hints' ``latencies``.
    """

    name = "hint"

    def __init__(self, nodes: int = HINT_NODES, seconds: float | None = HINT_SECONDS, think: float = 0.0) -> None:
        self.hinter = Hinter(nodes, seconds)
        self.think = think
        self.latencies: list[float] = []
        self.think_cpu: list[float] = []
        self._round: tuple[int, int] | None = None

    def choose(self, view: GapsView, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.think > 0 and (view.redeals, view.max_redeals) != self._round:
            self._round = (view.redeals, view.max_redeals)
            t0 = time.process_time()
            while not self.hinter.think(view, self.think):
                pass
            self.think_cpu.append(time.process_time() - t0)
        h = self.hinter.hint(view)
        self.latencies.append(h.cpu)
        if h.action is None or h.action not in legal:  # cannot happen; never play an illegal move
            return legal[0]
        return h.action


BOTS: dict[str, Callable[[], Bot[GapsView, Action]]] = {"random": RandomBot, "greedy": GreedyBot, "hint": HintBot}
