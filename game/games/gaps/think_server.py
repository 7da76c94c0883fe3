"""The hint's thinking in a process of its own.

The table's :class:`~game.ui.tables.gaps.solver.ThinkJob` runs
:func:`serve` in a child process and hands it the positions the person
looks at.  Three measured reasons (``scripts/gaps_think_frames.py --whole``,
docs/gaps.md) against thinking in a thread of the app's own process: the
solver's sets of seen positions then share the interpreter's memory arenas
with what the frames allocate meanwhile, so the app stayed about 70 MB
larger after a thinking had freed everything; growing a set of a million
positions holds the interpreter for 50-90 ms, a visible stutter; and the
thread and the frames take turns on one core where a process has the
other one.  A process gives all its memory back when it ends.

The protocol, over a :func:`multiprocessing.Pipe`:

- in: ``(seq, view)``, think about ``view`` (a :class:`GapsView`) with
  what its round has left of ``seconds`` of this process's CPU time;
  ``(seq, None)``, stop thinking and free its memory; ``None``, end.
- out: ``(seq, verdict, line)`` once the thinking about ``seq`` is over:
  ``verdict`` as :attr:`Hinter.thought` (None when the round's budget
  was spent already), ``line`` the moves as ``(card, from, to)`` of the
  winning line when solvable, else of the way to the best end of the
  round the thinking met (:meth:`Hinter.plan_line`; empty if none).

A new message ends the thinking about the last one: the server looks for
one between slices of :data:`~game.games.gaps.hint.THINK_SLICE` positions.

:func:`solve` runs the table's checks that may hold much memory the same
way: "Search deeper" (2.4 million positions), the winnable-deal search and
the review of a lost deal, one process per job.
"""

from __future__ import annotations

import time
from typing import Any

from game.games.gaps.hint import THINK_SLICE, Hinter
from game.games.gaps.solve import RoundSolver


def serve(conn: Any, seconds: float, memory: int) -> None:
    """Answer the table's positions until told to end (or the table's
    process is gone: the pipe then reads as closed)."""
    try:
        _serve(conn, seconds, memory)
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the app ended or was interrupted: nothing to report to


def _serve(conn: Any, seconds: float, memory: int) -> None:
    hinter = Hinter(think_memory=memory)
    spent: dict[tuple[int, int], float] = {}  # round -> CPU seconds thought
    seq, view, budget = 0, None, 0.0
    while True:
        if view is None or conn.poll():
            message = conn.recv()  # waits when there is nothing to think about
            if message is None:
                hinter.stop_thinking()
                return
            seq, view = message
            if view is None:
                hinter.stop_thinking()
                conn.send((seq, None, ()))
            else:  # this position's share: what its round has left
                budget = seconds - spent.get((view.redeals, view.max_redeals), 0.0)
            continue
        rnd = (view.redeals, view.max_redeals)
        t0 = time.process_time()
        if budget <= 0:
            hinter.stop_thinking()
            conn.send((seq, None, ()))
            view = None
            continue
        done = hinter.think(view, budget, THINK_SLICE)
        spent[rnd] = spent.get(rnd, 0.0) + time.process_time() - t0
        if done:
            conn.send((seq, hinter.thought, hinter.plan_line(view)))
            view = None


def solve(conn: Any, slice_nodes: int = 4_000, every: float = 0.1) -> None:
    """Decide rounds in this process, one request after another, for the
    table's checks that may hold much memory ("Search deeper" in
    :class:`~game.ui.tables.gaps.solver.SolveJob`, the winnable-deal
    search and the review in
    :class:`~game.ui.tables.gaps.solver.SolverWork`).

    - in: ``(pos, max_nodes)``, decide the round of ``pos``; ``None``, end.
    - out: ``("nodes", n)`` about every ``every`` seconds for the progress
      line, then ``("result", SolveResult, nodes)``.

    Any message that arrives during a search cancels it (the result is
    then "unknown"); a ``None`` ends the process after that answer.  Each
    search's positions are dropped before the next starts, and the process
    gives all its memory back when it ends."""
    try:
        while True:
            message = conn.recv()
            if message is None:
                return
            pos, max_nodes = message
            if not _solve_one(conn, pos, max_nodes, slice_nodes, every):
                return
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the app ended or was interrupted: nothing to report to


def _solve_one(conn: Any, pos: Any, max_nodes: int, slice_nodes: int, every: float) -> bool:
    """One request of :func:`solve`; False when the table said to end."""
    solver = RoundSolver(pos, max_nodes)
    last = time.monotonic()
    go_on = True
    r = solver.result
    while r is None:
        if conn.poll():
            go_on = conn.recv() is not None
            r = solver.give_up()
            break
        r = solver.step(slice_nodes)
        if r is None and time.monotonic() - last >= every:
            conn.send(("nodes", solver.nodes))
            last = time.monotonic()
    conn.send(("result", r, solver.nodes))
    return go_on  # the solver and its positions go with this frame
