""""Is this round still solvable?" in a worker thread, so the table keeps
drawing while the engine's solver (pure Python) searches."""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
import time
from typing import Any

from game.engine.core import msg
from game.games import gaps as G
from game.games.gaps.hint import THINK_MEMORY
from game.games.gaps.think_server import serve, solve

#: positions the table's "Still solvable?" may visit.  The engine's default
#: (1.5 million) holds about 130 MB of seen positions for ~6 s of CPU and
#: still says "unknown" on a fresh deal; 600,000 hold about 43 MB for ~3 s
#: (measured on deal 5), decide nearly every layout after a redeal, and keep
#: the app inside its 150 MB budget.
TABLE_SOLVE_NODES = 600_000

#: positions "Search deeper" may visit, asked for after an "undecided"
#: answer.  Measured with ``scripts/gaps_deeper.py`` (58 positions from 12
#: deals, docs/gaps.md, the three-phase solver): 600,000 left 16
#: undecided; 2.4 million decided 4 of them, a median 9.2 s of CPU and
#: 132 MB (at most 27 s and 370 MB); 6 million decided 1 more but took a
#: median 45 s and 301 MB, more than a card game should ask, so the table
#: stops at 2.4 million.  The deeper check starts afresh rather than
#: keeping the first search's ~43 MB alive while the player thinks.
DEEP_SOLVE_NODES = 2_400_000


#: CPU seconds the table's hint may think about each round in the
#: background (the deal, each redeal), whether or not Hint is pressed; see
#: :class:`ThinkJob` and the hint bot's figures with ``--think`` in docs/gaps.md
TABLE_THINK_SECONDS = 10.0
#: memory that thinking may hold: the engine's own (``THINK_MEMORY``, 256 MB,
#: about 2.7 million positions), so the table thinks as the measured hint
#: bot does.  It was the solvable check's 600,000 positions: a fast phase
#: filled them in about 3 s and ended, so of the 84 opening deals of
#: 401-1000 that the bot won after more than 2.5 s of thinking, the table
#: found 37 (``scripts/gaps_think_memory.py``).  The memory is the thinking
#: process's, not the app's: on deal 402 it kept 1.44 million positions
#: (resident 22 -> 157 MB) and was back at 27 MB once the thinking ended;
#: the process gives the rest back when the table is left (docs/gaps.md).
TABLE_THINK_MEMORY = THINK_MEMORY


class ThinkJob:
    """The table's hint thinks about the round in the background while the
    person looks at the layout (:meth:`Hinter.think`), so that a Hint
    asked for later plays from the solver's winning line when it found one.

    The frame loop tells it the position on the board (:meth:`look_at`,
    None when the deal is over).  A worker thread hands each position that
    needs a search (:meth:`Hinter.settled`) to a child process
    (:func:`~game.games.gaps.think_server.serve`: why a process, measured,
    is told there), which thinks at most ``seconds`` of its own CPU per
    round and goes on from the new position after a move; what it found is
    handed to the table's hinter (:meth:`Hinter.adopt`).  If no process
    can be started, the worker thinks in its own thread as before (slices
    of :attr:`SLICE` positions, ``time.thread_time``).  The hinter is
    shared under :attr:`lock`, which :meth:`hint` takes too; the person's
    moves never touch it.  :meth:`stop` ends the worker and the process,
    which gives all its memory back."""

    SLICE = 2000
    #: how often (s) the worker looks for the process's answer and new positions
    POLL = 0.05

    def __init__(self, hinter: G.Hinter, seconds: float = TABLE_THINK_SECONDS,
                 in_process: bool = True) -> None:
        self.hinter = hinter
        self.seconds = seconds
        self.lock = threading.Lock()
        self.error: BaseException | None = None
        #: the child process that thinks, once started (None: thinking in the thread)
        self.process: Any = None
        self._in_process = in_process
        self._want: Any = None
        self._idle_at: Any = None  # the position the worker has nothing more to do for
        self._spent: dict[tuple[int, int], float] = {}  # round -> CPU seconds thought (thread mode)
        self._cond = threading.Condition()
        self._stop = False
        self.thread = threading.Thread(target=self._run, name="gaps-think", daemon=True)
        self.thread.start()

    def look_at(self, view: Any) -> None:
        """The position on the board now (None: nothing to think about)."""
        with self._cond:
            self._want = view
            self._cond.notify_all()

    def hint(self, view: Any) -> G.Hint:
        with self.lock:
            return self.hinter.hint(view)

    def proved(self, view: Any) -> G.SolveResult | None:
        """What the thinking has proved about the round of ``view`` (the
        position on the board), as the solvable check would say it: its
        winning line, or that it cannot be won; None if nothing yet."""
        with self.lock:
            verdict = self.hinter.proved(view)
            line = self.hinter.won_line(view) if verdict == "solvable" else ()
        if verdict is None:
            return None
        return G.verdict_of(verdict, view.max_redeals - view.redeals, line or ())

    def stop(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until the worker has nothing more to do for the position it
        was last shown (thinking over or its budget spent, memory freed) or
        has ended; True if so within ``timeout`` seconds."""
        with self._cond:
            return self._cond.wait_for(lambda: self._stop or self._idle_at is self._want, timeout)

    def _idle(self, view: Any) -> None:
        with self._cond:
            self._idle_at = view
            self._cond.notify_all()

    def _run(self) -> None:
        try:
            conn = self._start_process() if self._in_process else None
            if conn is None or not self._think_there(conn):
                self._end_process()
                self._think_here()
        except Exception as e:  # noqa: BLE001 -- a failed thinking only leaves the hint as it was, never a crash
            self.error = e
        finally:
            with self.lock:
                self.hinter.stop_thinking()
            self._end_process()
            with self._cond:
                self._stop = True
                self._cond.notify_all()

    def _start_process(self) -> Any:
        """The pipe to a new thinking process, or None if none can start
        (then the thread thinks)."""
        started = _spawn(serve, self.seconds, self.hinter.think_memory)
        if started is None:
            return None
        self.process, self._conn = started
        return self._conn

    def _end_process(self) -> None:
        p, self.process = self.process, None
        if p is not None:
            _end(p, self._conn)

    def _think_there(self, conn: Any) -> bool:
        """Think in the child process until stopped (True), or until the
        process has gone without being told to (False: the thread goes on
        in its place)."""
        sent: Any = object()  # the position last handed over
        seq = 0
        while True:
            with self._cond:
                if self._stop:
                    return True
                view = self._want
                if view is sent and self._idle_at is view:
                    self._cond.wait()
                    continue
            if view is not sent:
                sent = view
                seq += 1
                with self.lock:
                    settled = view is None or self.hinter.settled(view)
                try:
                    conn.send((seq, None if settled else view))
                except OSError:  # the process has gone
                    return False
                if settled:
                    self._idle(view)
                continue
            try:
                if not conn.poll(self.POLL):
                    if not self.process.is_alive():
                        return False
                    continue
                got, verdict, line = conn.recv()
            except (EOFError, OSError):
                return False
            if got != seq:
                continue  # about a position the board has left
            if verdict is not None:
                with self.lock:
                    self.hinter.adopt(view, verdict, line)
            self._idle(view)

    def _think_here(self) -> None:
        cur: Any = None
        budget = 0.0
        while True:
            with self._cond:
                if self._stop:
                    return
                view = self._want
                if self._idle_at is view:
                    self._cond.wait()
                    continue
            if view is None:  # the deal is over: free what is held
                with self.lock:
                    self.hinter.stop_thinking()
                done = True
            else:
                rnd = (view.redeals, view.max_redeals)
                if view is not cur:  # this position's share: what the round has left
                    cur = view
                    budget = self.seconds - self._spent.get(rnd, 0.0)
                t0 = time.thread_time()
                with self.lock:
                    if budget <= 0:
                        self.hinter.stop_thinking()
                        done = True
                    else:
                        done = self.hinter.think(view, budget, self.SLICE, clock=time.thread_time)
                self._spent[rnd] = self._spent.get(rnd, 0.0) + time.thread_time() - t0
            if done:
                self._idle(view)


class SolveJob:
    """The frame loop polls ``done``/``result`` and reads ``nodes`` for the
    progress line.  ``cancel()`` stops it at the next slice.

    The first check (up to :data:`TABLE_SOLVE_NODES`) searches in a worker
    thread, which empties the search's tables in small bites so the frame
    loop never pays for freeing them.  A deeper one runs in a child process
    (:func:`~game.games.gaps.think_server.solve`; in a thread if none can
    start): measured on deal 2 with frames stepped back to back, "Search
    deeper" in a thread left the app at 183 MB (peak 254) where the table
    alone ends at 74, with frames up to 28 ms; in a process, 75 MB and 14
    ms.  The first check in its thread leaves 102 MB (peak 119): 28 MB,
    not worth a process start (docs/gaps.md)."""

    SLICE = 4000

    def __init__(self, pos: Any, key: tuple, max_nodes: int = TABLE_SOLVE_NODES,
                 in_process: bool | None = None) -> None:
        self.key = key
        self.max_nodes = max_nodes
        self.in_process = max_nodes > TABLE_SOLVE_NODES if in_process is None else in_process
        self._pos = pos
        self._stop = threading.Event()
        self._done = threading.Event()
        self.solver: G.RoundSolver | None = G.RoundSolver(pos, max_nodes)
        self.result: G.SolveResult | None = self.solver.result
        self.error: BaseException | None = None
        self._nodes = 0
        #: the child process of a deeper check, while it runs
        self.process: Any = None
        self.thread = threading.Thread(target=self._run, name="gaps-solver", daemon=True)
        if self.result is None:
            self.thread.start()
        else:
            self._done.set()

    def _run(self) -> None:
        if self.in_process and self._run_there():
            return
        solver = self.solver
        assert solver is not None
        try:
            while not self._stop.is_set():
                r = solver.step(self.SLICE, cancel=self._stop.is_set)
                if r is not None:
                    self.result = r
                    break
        except Exception as e:  # noqa: BLE001 -- any failure of the worker is shown as "undecided", never a crash
            self.error = e
        finally:
            self._nodes = solver.nodes
            if self.result is None:
                self.result = solver.give_up()
            self.solver = None
            _release(solver)
            self._done.set()

    def _run_there(self) -> bool:
        """The check in a child process; False if none could start."""
        started = _spawn(solve)
        if started is None:
            return False
        p, here = started
        self.process = p
        self.solver = None  # the search is the child's
        try:
            self.result, self._nodes = _ask(p, here, self._pos, self.max_nodes, self._stop, self._progress)
        except Exception as e:  # noqa: BLE001 -- any failure of the worker is shown as "undecided", never a crash
            self.error = e
        finally:
            if self.result is None:
                self.result = G.SolveResult("unknown", (), self._nodes, msg("gaps.solve.unknown"))
            _end(p, here)
            self.process = None
            self._done.set()
        return True

    def _progress(self, nodes: int) -> None:
        self._nodes = nodes

    @property
    def nodes(self) -> int:
        s = self.solver
        return s.nodes if s is not None else self._nodes

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self._stop.set()


class SolverWork:
    """A worker thread that asks the round solver one position after
    another (the winnable-deal search, the review of a lost deal): the
    positions of the check of the moment for the progress line
    (``nodes``), ``done`` once the work has ended, ``cancel()`` for the
    next slice.  A subclass calls :meth:`decide` from its work and
    :meth:`finished` when the work ends.

    The checks run in one child process for the whole work
    (:func:`~game.games.gaps.think_server.solve`), in this thread if none
    can start or it dies.  Measured with the review of a lost deal
    (``scripts/gaps_think_frames.py --review 1 [--in-thread]``: seven
    checks of up to 600,000 positions, frames stepped back to back): in
    the thread the app went from 75 to a peak of 118 MB and stayed at
    99 MB, frames up to 27 ms; with the process it stayed at 75 MB, frames
    up to 9 ms (docs/gaps.md)."""

    SLICE = 4000

    def __init__(self, max_nodes: int, in_process: bool = True) -> None:
        self.max_nodes = max_nodes
        self.error: BaseException | None = None
        #: the child process that decides, while the work runs in one
        self.process: Any = None
        self._in_process = in_process
        self._conn: Any = None
        self._nodes = 0
        self._solver: G.RoundSolver | None = None
        self._stop = threading.Event()
        self._done = threading.Event()

    def decide(self, pos: Any) -> G.SolveResult | None:
        """The solver's verdict on ``pos`` within the budget; None when
        cancelled first."""
        self._nodes = 0
        if self._in_process and self.process is None:
            started = _spawn(solve)
            if started is None:
                self._in_process = False
            else:
                self.process, self._conn = started
        if self.process is not None:
            try:
                result, self._nodes = _ask(self.process, self._conn, pos, self.max_nodes, self._stop, self._progress)
                return result
            except (RuntimeError, OSError, EOFError):  # the process has gone: this thread decides from now on
                self._end_process()
                self._in_process = False
        solver = self._solver = G.RoundSolver(pos, self.max_nodes)
        result = solver.result
        while result is None:
            if self._stop.is_set():
                return None
            result = solver.step(self.SLICE, cancel=self._stop.is_set)
        return result

    def _progress(self, nodes: int) -> None:
        self._nodes = nodes

    def _end_process(self) -> None:
        p, self.process = self.process, None
        if p is not None:
            _end(p, self._conn)

    def finished(self) -> None:
        self._end_process()
        self._solver = None
        self._done.set()

    @property
    def nodes(self) -> int:
        s = self._solver
        return s.nodes if s is not None else self._nodes

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self._stop.set()


def _ask(p: Any, conn: Any, pos: Any, max_nodes: int, stop: threading.Event,
         progress: Any, poll: float = 0.05) -> tuple[G.SolveResult | None, int]:
    """``pos``'s verdict from the child process ``p`` that runs
    :func:`~game.games.gaps.think_server.solve`, and its positions;
    ``progress(nodes)`` as they come.  ``(None, nodes)`` once ``stop`` is
    set (the process is then told to end).  RuntimeError if the process
    ends without an answer."""
    conn.send((pos, max_nodes))
    nodes = 0
    while True:
        if stop.is_set():
            with contextlib.suppress(OSError, ValueError):
                conn.send(None)
            return None, nodes
        if not conn.poll(poll):
            if not p.is_alive() and not conn.poll():
                raise RuntimeError(f"the solver's process ended without an answer (exit code {p.exitcode})")
            continue
        message = conn.recv()
        if message[0] == "nodes":
            nodes = message[1]
            progress(nodes)
        else:
            return message[1], message[2]


def _spawn(target: Any, *args: Any) -> tuple[Any, Any] | None:
    """A child process running ``target(conn, *args)`` and this side's
    end of its pipe, or None if no process can start.  ``spawn``, because
    fork would copy the display and the app's threads."""
    try:
        ctx = multiprocessing.get_context("spawn")
        here, there = ctx.Pipe()
        p = ctx.Process(target=target, args=(there, *args), name=f"gaps-{target.__name__}", daemon=True)
        p.start()
    except (OSError, RuntimeError, ValueError):
        return None
    there.close()
    return p, here


def _end(p: Any, conn: Any) -> None:
    """Let a child process end (told to with ``None`` first; one that has
    ended already does not mind), ended by force if it has not within
    seconds, and close the pipe."""
    with contextlib.suppress(OSError, ValueError):
        conn.send(None)
    p.join(5)
    if p.is_alive():
        p.terminate()
        p.join(5)
    with contextlib.suppress(OSError):
        conn.close()


def _release(solver: Any) -> None:
    """Empty a finished search's set of seen positions a few thousand at a
    time: dropping 1.5 million entries in one go holds the interpreter for
    about 70 ms, which the frame loop would show as a stutter."""
    seen = getattr(getattr(solver, "_search", None), "seen", None)
    if isinstance(seen, set):
        pop = seen.pop
        while seen:
            for _ in range(min(len(seen), 5000)):
                pop()
