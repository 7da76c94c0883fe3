"""Winnable deals on request (issue 22, item 4): the deal numbers from a
starting number upwards are tried one by one, each opening layout handed to
the engine's round solver, until one is proven winnable without a redeal.
Only a proof counts: a deal the solver cannot decide within its budget is
passed over like an unwinnable one, so a deal dealt this way is always
winnable (with perfect play) before any redeal.

The search runs on a worker thread (:class:`FindJob`), its solver in a
child process (:class:`~game.ui.tables.gaps.solver.SolverWork`), while
:func:`FindScene` (the kit's :class:`~game.ui.kit.wait.WaitScene`) shows
which deal is being checked and how many have been tried, with Cancel;
the frame loop never waits for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from game.games import gaps as G
from game.i18n import grouped, tr
from game.ui.kit.form import MAX_DEAL
from game.ui.kit.wait import WaitScene
from game.ui.tables.gaps.solver import TABLE_SOLVE_NODES, SolverWork


class FindJob(SolverWork):
    """Deal numbers ``start``, ``start + 1``, ... until the solver proves
    one winnable without a redeal (``found``), ``cancel()`` is called, or
    ``limit`` deals were tried (``found`` stays None)."""

    def __init__(self, start: int, max_nodes: int = TABLE_SOLVE_NODES, limit: int = 500, in_process: bool = True) -> None:
        super().__init__(max_nodes, in_process)
        self.start = max(1, min(int(start), MAX_DEAL))
        self.limit = limit
        #: the deal being checked, the deals tried so far (the current one
        #: included), and the solver's positions in the current deal
        self.seed = self.start
        self.tried = 0
        self.found: int | None = None
        #: the solver's proof for the deal found (its winning line)
        self.proof: G.SolveResult | None = None
        self.thread = threading.Thread(target=self._run, name="gaps-winnable", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            seed = self.start
            while not self._stop.is_set() and self.tried < self.limit:
                self.seed, self.tried = seed, self.tried + 1
                if self._winnable(seed):
                    self.found = seed
                    return
                seed = seed + 1 if seed < MAX_DEAL else 1
        except Exception as e:  # noqa: BLE001 -- the scene says the search failed; the app goes on
            self.error = e
        finally:
            self.finished()

    def _winnable(self, seed: int) -> bool:
        state = G.GAME.new_game({"redeals": 0, "layout": ""}, seed)  # the opening layout does not depend on the redeals
        result = self.decide(state)
        if result is not None and result.verdict == "solvable":
            self.proof = result
            return True
        return False


def FindScene(app, start: int, deal: Callable[[int], object], max_nodes: int = TABLE_SOLVE_NODES, limit: int = 500) -> WaitScene:
    """Over the setup while a winnable deal is looked for: the deal being
    checked and the deals tried, Cancel (or Esc).  ``deal(seed)`` starts
    the game once one is found; a search that tried its limit or failed
    says so and offers OK."""
    job = FindJob(start, max_nodes, limit)
    lang = app.settings.language

    def lines() -> list[str]:
        return [tr("gaps_ui.winnable.checking", n=job.seed), tr("gaps_ui.winnable.tried", n=job.tried, nodes=grouped(job.nodes, lang))]

    def finish() -> list[str] | None:
        if job.found is None:
            return [tr("gaps_ui.winnable.failed", n=job.tried)]
        table = deal(job.found)
        model = getattr(table, "model", None)
        if job.proof is not None and model is not None:
            model.known[model.pos_key()] = job.proof
        return None

    return WaitScene(app, tr("gaps_ui.winnable.title"), job, lines, finish)


__all__ = ["FindJob", "FindScene"]
