"""Winnable deals on request (issue 22, item 4): the deal numbers from a
starting number upwards are tried one by one, each opening layout handed to
the engine's round solver, until one is proven winnable without a redeal.
Only a proof counts: a deal the solver cannot decide within its budget is
passed over like an unwinnable one, so a deal dealt this way is always
winnable (with perfect play) before any redeal.

The search runs on a worker thread (:class:`FindJob`) while
:class:`FindScene` shows which deal is being checked and how many have
been tried, with Cancel; the frame loop never waits for it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pygame

from game.games import gaps as G
from game.i18n import tr
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.kit.overlay import Overlay
from game.ui.tables.gaps.paint import grouped
from game.ui.tables.gaps.solver import TABLE_SOLVE_NODES
from game.ui.widgets import panel, text, text_block

#: deal numbers stay in the range a typed or random deal number has
MAX_DEAL = 10**9 - 1


class FindJob:
    """Deal numbers ``start``, ``start + 1``, ... until the solver proves
    one winnable without a redeal (``found``), ``cancel()`` is called, or
    ``limit`` deals were tried (``found`` stays None)."""

    SLICE = 4000

    def __init__(self, start: int, max_nodes: int = TABLE_SOLVE_NODES, limit: int = 500) -> None:
        self.start = max(1, min(int(start), MAX_DEAL))
        self.max_nodes = max_nodes
        self.limit = limit
        #: the deal being checked, the deals tried so far (the current one
        #: included), and the solver's positions in the current deal
        self.seed = self.start
        self.tried = 0
        self.found: int | None = None
        self.error: BaseException | None = None
        self._solver: G.RoundSolver | None = None
        self._stop = threading.Event()
        self._done = threading.Event()
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
            self._solver = None
            self._done.set()

    def _winnable(self, seed: int) -> bool:
        state = G.GAME.new_game({"redeals": 0, "layout": ""}, seed)  # the opening layout does not depend on the redeals
        solver = self._solver = G.RoundSolver(state, self.max_nodes)
        result = solver.result
        while result is None and not self._stop.is_set():
            result = solver.step(self.SLICE, cancel=self._stop.is_set)
        return result is not None and result.verdict == "solvable"

    @property
    def nodes(self) -> int:
        s = self._solver
        return s.nodes if s is not None else 0

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self._stop.set()


class FindScene(Overlay):
    """Over the setup while a winnable deal is looked for: the deal being
    checked, the deals tried, Cancel (or Esc).  ``deal(seed)`` starts the
    game once one is found; a search that tried its limit or failed says
    so and offers to close."""

    name = "gaps-find"

    def __init__(self, app, start: int, deal: Callable[[int], object], max_nodes: int = TABLE_SOLVE_NODES, limit: int = 500) -> None:
        super().__init__(app)
        self.job = FindJob(start, max_nodes, limit)
        self.deal = deal
        self._failed = False

    def _rect(self) -> pygame.Rect:
        w, h = self.app.size
        s = self.app.scale
        pw, ph = int(min(w * 0.9, 560 * s)), int(220 * s)
        return pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)

    def build_ui(self) -> None:
        r = self._rect()
        s = self.app.scale
        bw, bh = int(180 * s), int(44 * s)
        label = tr("ui.ok") if self._failed else tr("ui.cancel")
        self.focus(self.button((r.centerx - bw // 2, r.bottom - bh - int(18 * s), bw, bh), label, self.on_escape, key="cancel"))

    def on_escape(self) -> None:
        self.job.cancel()
        self.app.pop()

    def exit(self) -> None:
        self.job.cancel()
        super().exit()

    def update(self, dt: float) -> None:
        super().update(dt)
        j = self.job
        if not j.done or self._failed:
            return
        if j.found is not None:
            self.app.pop()
            self.deal(j.found)
            return
        self._failed = True
        self.rebuild_ui()

    def lines(self) -> list[str]:
        j = self.job
        lang = self.app.settings.language
        if self._failed:
            return [tr("gaps_ui.winnable.failed", n=j.tried)]
        return [
            tr("gaps_ui.winnable.checking", n=j.seed),
            tr("gaps_ui.winnable.tried", n=j.tried, nodes=grouped(j.nodes, lang)),
        ]

    def draw_panel(self, surface: pygame.Surface) -> None:
        r = self._rect()
        s = self.app.scale
        panel(surface, r, 240, int(14 * s), GOLD)
        text(surface, tr("gaps_ui.winnable.title"), (r.centerx, r.y + int(20 * s)), int(24 * s), INK, bold=True, anchor="midtop", max_width=r.w - int(40 * s))
        first, *rest = self.lines()
        box = pygame.Rect(r.x + int(24 * s), r.y + int(64 * s), r.w - int(48 * s), int(60 * s))
        text_block(surface, first, box, int(18 * s), INK)
        for i, line in enumerate(rest):
            text(surface, line, (r.centerx, r.y + int(100 * s) + i * int(24 * s)), int(16 * s), INK_DIM, anchor="midtop", max_width=r.w - int(40 * s))


__all__ = ["FindJob", "FindScene"]
