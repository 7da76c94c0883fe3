"""The review of a lost deal (issue 22, item 6): where was it lost?

A round (the layout from the deal or a redeal until the next redeal) that
could be won at its start and was not, was lost by one move: the first
after which the solver proves the round unwinnable.  Once a position is
unwinnable every position after it in the round is too (a win from a
later position would be a win from the earlier one), so the verdicts along
the round are "winnable" up to that move and "unwinnable" from it on, and
a binary search finds the move with about log2(moves) solver runs instead
of one per move.  The round searched is the first one whose start could be
won; the winning alternative is the solver's line from the position
before the losing move.

:class:`ReviewJob` runs on a worker thread (the table shows it with the
kit's :class:`~game.ui.kit.wait.WaitScene`), its solver in a child process
(:class:`~game.ui.tables.gaps.solver.SolverWork`); no pygame here.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from game.games import gaps as G
from game.ui.tables.gaps.solver import TABLE_SOLVE_NODES, SolverWork


@dataclass(frozen=True)
class Finding:
    """What the review found.  ``kind``:

    - ``"lost"``: ``index`` is the action (into the game's actions) that
      lost round ``round`` (1-based); ``line`` wins from the position
      before it;
    - ``"stopped"``: the game was ended with round ``round`` still winnable
      (``index``: the stop; ``line`` wins from where it was left);
    - ``"unwinnable"``: no round could be won from its start: the deal and
      the redeals' shuffles decided it, not the play;
    - ``"undecided"``: the solver could not decide a position in its budget.
    """

    kind: str
    round: int = 0
    index: int = -1
    line: tuple[G.Move, ...] = ()


def rounds_of(actions: list[Any]) -> list[tuple[int, int]]:
    """The rounds of a game as ``(first, last)`` state indices (state ``i``
    is the position before action ``i``): a redeal ends a round, and a
    final ``stop`` leaves the position as it was (its round ends at the
    position before it).  Moves, a redeal, a move and a stop give
    ``[(0, 1), (2, 3)]``: the redeal's round ends at state 1 (no moves
    left), the last round at state 3 (before the stop)."""
    out, first = [], 0
    for i, a in enumerate(actions):
        if isinstance(a, G.Redeal):
            out.append((first, i))
            first = i + 1
    last = len(actions) - 1 if actions and isinstance(actions[-1], G.Stop) else len(actions)
    out.append((first, max(first, last)))
    return out


class ReviewJob(SolverWork):
    """Reviews a finished game given by its states (``states[i]`` before
    ``actions[i]``, one more state than actions) on a worker thread.
    ``finding`` is set when done; ``checked`` counts the solver runs and
    ``round``/``moves`` say where it is, for the progress line."""

    def __init__(self, states: list[G.GapsState], actions: list[Any], max_nodes: int = TABLE_SOLVE_NODES, *,
                 start: bool = True, in_process: bool = True) -> None:
        super().__init__(max_nodes, in_process)
        self.states, self.actions = list(states), list(actions)
        self.finding: Finding | None = None
        self.checked = 0
        self.round = 0
        self.thread = threading.Thread(target=self._run, name="gaps-review", daemon=True)
        if start:
            self.thread.start()

    # --- the worker ------------------------------------------------------------------------------
    def _run(self) -> None:
        try:
            self.finding = self.review()
        except Exception as e:  # noqa: BLE001 -- shown as "undecided"; the app goes on
            self.error = e
            self.finding = Finding("undecided")
        finally:
            self.finished()

    def review(self) -> Finding | None:
        """The finding (None when cancelled).  The solver's process, if
        one was started, has ended when it returns."""
        try:
            return self._review()
        finally:
            self._end_process()

    def _review(self) -> Finding | None:
        undecided = False
        for r, (first, last) in enumerate(rounds_of(self.actions), 1):
            self.round = r
            start = self._verdict(first)
            if start is None:
                return None
            if start.verdict == "unknown":
                undecided = True
                continue
            if start.verdict != "solvable":
                continue
            end = self._verdict(last)
            if end is None:
                return None
            if end.verdict == "solvable":  # left while it could still be won
                return Finding("stopped", r, last, end.line)
            if end.verdict == "unknown":
                return Finding("undecided", r)
            lo, hi, line = first, last, start.line  # winnable at lo, not at hi
            while hi - lo > 1:
                mid = (lo + hi) // 2
                v = self._verdict(mid)
                if v is None:
                    return None
                if v.verdict == "unknown":
                    return Finding("undecided", r)
                if v.verdict == "solvable":
                    lo, line = mid, v.line
                else:
                    hi = mid
            return Finding("lost", r, lo, line)
        return Finding("undecided" if undecided else "unwinnable")

    def _verdict(self, i: int) -> G.SolveResult | None:
        if self._stop.is_set():
            return None
        self.checked += 1
        return self.decide(self.states[i])


__all__ = ["Finding", "ReviewJob", "rounds_of"]
