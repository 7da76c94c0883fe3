"""The solver: "is this round still winnable without another redeal?"

:class:`RoundSolver` searches the positions of the round (with
:class:`~game.games.gaps.search.RoundSearch`, every legal move, no
shortcut) until it finds a winning line ("solvable", with the line), has
visited every position of the round ("unsolvable") or runs out of budget
("unknown").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine.core import Message, msg
from game.games.gaps import board as B
from game.games.gaps.search import RoundSearch, to_move
from game.games.gaps.state import Move, Position

#: default solver budget (positions)
SOLVE_NODES = 1_500_000


@dataclass(frozen=True)
class SolveResult:
    """``verdict`` is ``"solvable"`` (``line`` wins the round without a
    redeal), ``"unsolvable"`` (every position of the round was visited: no
    win without a redeal) or ``"unknown"`` (budget, deadline or cancel came
    first).  ``message`` says it for the table."""

    verdict: str
    line: tuple[Move, ...]
    nodes: int
    message: Message


class RoundSolver:
    """Decides whether the current round can still be won without a redeal.

    Use :meth:`step` in slices (``solver.step(2_000)`` per frame, about
    5-10 ms, or in a worker thread) until it returns a
    :class:`SolveResult`; or call :func:`solve_round` once with a deadline
    and a cancel flag.  Every
    legal move is searched, including moving a leading 2 to another row,
    so "unsolvable" is a proof, not a guess.
    """

    def __init__(self, pos: Position, max_nodes: int = SOLVE_NODES) -> None:
        self.redeals_left = pos.max_redeals - pos.redeals
        self.max_nodes = max_nodes
        self._search = RoundSearch(B.to_cells(pos.grid), 0, "win", twos=True)
        self.result: SolveResult | None = None
        self._check()

    @property
    def nodes(self) -> int:
        return self._search.nodes

    def _check(self) -> SolveResult | None:
        s = self._search
        if s.found_win or (s.done and s.best_value == 48):
            line = tuple(to_move(m) for m in s.best_line)
            self.result = SolveResult("solvable", line, s.nodes, msg("gaps.solve.solvable", n=len(line)))
        elif s.done:
            key = "gaps.solve.unsolvable_redeal" if self.redeals_left > 0 else "gaps.solve.unsolvable"
            self.result = SolveResult("unsolvable", (), s.nodes, msg(key, n=self.redeals_left))
        elif s.nodes >= self.max_nodes:
            self.result = SolveResult("unknown", (), s.nodes, msg("gaps.solve.unknown"))
        return self.result

    def step(self, nodes: int = 20_000, deadline: float | None = None,
             cancel: Callable[[], bool] | None = None) -> SolveResult | None:
        """Search ``nodes`` more positions; the verdict once decided, else ``None``."""
        if self.result is not None:
            return self.result
        self._search.step(min(nodes, self.max_nodes - self._search.nodes), deadline, cancel)
        return self._check()

    def give_up(self) -> SolveResult:
        if self.result is None:
            self.result = SolveResult("unknown", (), self._search.nodes, msg("gaps.solve.unknown"))
        return self.result


def solve_round(pos: Position, max_nodes: int = SOLVE_NODES, seconds: float | None = None,
                cancel: Any = None) -> SolveResult:
    """Is this round still winnable without another redeal?

    ``seconds`` is a CPU-time limit (``time.process_time``; in a worker
    thread that clock counts the whole process, so it is a safe upper
    bound); ``cancel`` is a ``threading.Event`` or any callable returning
    true to stop early: the result is then ``"unknown"``.
    """
    if cancel is None:
        stop = None
    elif hasattr(cancel, "is_set"):
        stop = cancel.is_set
    else:
        stop = cancel
    solver = RoundSolver(pos, max_nodes)
    deadline = None if seconds is None else time.process_time() + seconds
    while True:
        r = solver.step(50_000, deadline, stop)
        if r is not None:
            return r
        if (stop is not None and stop()) or (deadline is not None and time.process_time() > deadline):
            return solver.give_up()
