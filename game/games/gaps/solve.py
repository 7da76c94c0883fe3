"""The solver: "is this round still winnable without another redeal?"

:class:`RoundSolver` searches the positions of the round until it finds a
winning line ("solvable", with the line), has shown that no order of
moves completes the four rows ("unsolvable") or runs out of budget
("unknown").  It works in three phases (see docs/gaps.md, "The solver"):

1. **Find a win fast**: a depth-first search of a smaller game in which a
   card that extends a row's run is always played at once (the one move
   searched there) and a 2 that leads a run of two or more never changes
   rows.  Every line it finds is a real win (all its moves are legal), but
   when it runs out of positions without a win that is no proof, because
   of the moves it left out -- unless it never had to leave one out.
2. The same, but a 2 that leads a run may move to a row that starts with
   two gaps or more: deal 18, for one, is won only by moving pairs 2-3
   between rows that way (the 3 follows its 2 at once, as the run's next
   card).
3. **Decide**: the same search over every legal move, so that
   "unsolvable" means every position of the round was visited.

All phases keep the positions seen as 62-bit Zobrist keys in a set (the
gaps are interchangeable, so a position is its cards' cells), order the
moves by Gaps knowledge (extend a run first, then free the cell after a
run, last the moves that leave a gap behind a King or move a leading 2),
walk the tree without recursion on a flat stack of move lists, and update
the board in place (one move and its undo cost a handful of list
stores).  A budget of positions, CPU time (``deadline``) and memory
(``max_memory``, estimated from the number of positions kept) ends a
search "unknown"; :meth:`RoundSolver.release` and the table's worker free
its memory in small bites once it is over.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.core import Message, msg
from game.games.gaps import board as B
from game.games.gaps.search import ZOB, end_value, position_key, to_move
from game.games.gaps.state import Move, Position

#: default solver budget (positions)
SOLVE_NODES = 1_500_000
#: the share of the position budget each of the two fast phases may use;
#: the last phase gets the rest
FAST_SHARE = 0.25
#: where the two fast phases end, as shares of a CPU-time budget
#: (:func:`solve_round` and the hint's thinking); the last phase gets the
#: rest, and a fast phase that runs out of positions early leaves its time
#: to the next.  The fast phases find the wins: the openings of deals 1-200
#: at 30 s each, paired, 0.25/0.5 decided 151, 0.5/0.9 159 (9 more, 1
#: fewer); the thinking at 10 s a round won 14 more deals of 401-1000
#: (0.25/0.5 won 528, 0.5/0.9 542, none fewer; docs/gaps.md)
PHASE_ENDS = (0.5, 0.9)
#: default memory budget of one solver, bytes
SOLVE_MEMORY = 1 << 30
#: what one kept position costs (a set slot and a 62-bit int), measured
#: with ``scripts/gaps_solver_figures.py`` (resident set growth / positions)
BYTES_PER_POSITION = 100

COL = B.COL
ROW = tuple(i // 13 for i in range(52))
TWOS = B.TWOS
KING = B.KING


class BestEnd:
    """The best end of the round a search has met on its way (a position
    with no move left, valued by :func:`~game.games.gaps.search.end_value`
    for ``redeals_left``) and the line to it from the search's root.

    The solver searches for a win, but the dead ends it passes on the way
    are ends the player can steer to when no win is found: before a redeal
    the one that keeps the most promising runs (see ``end_value``).  When
    the search has visited every position of the round ("unsolvable"),
    the end it holds is the best of the round."""

    __slots__ = ("line", "redeals_left", "value")

    def __init__(self, redeals_left: int) -> None:
        self.redeals_left = redeals_left
        self.value = -1
        self.line: list[tuple[int, int, int]] = []

    def meet(self, cells: list[int], run: list[int], line: list[tuple[int, int, int]], fast: bool) -> None:
        """A position where the search found no move to search: kept if it
        is a real end (the fast game leaves moves out) better than the best."""
        v = end_value(run, self.redeals_left)
        if v > self.value and not (fast and B.has_move(cells)):
            self.value = v
            self.line = list(line)


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


def verdict_of(verdict: str, redeals_left: int, line: Sequence[tuple[int, int, int]] = (), nodes: int = 0) -> SolveResult:
    """The :class:`SolveResult` of ``verdict`` for a round with
    ``redeals_left`` redeals after it; ``line`` (as ``(card, from, to)``)
    wins it when solvable."""
    if verdict == "solvable":
        moves = tuple(to_move(m) for m in line)
        return SolveResult("solvable", moves, nodes, msg("gaps.solve.solvable", n=len(moves)))
    if verdict == "unsolvable":
        key = "gaps.solve.unsolvable_redeal" if redeals_left > 0 else "gaps.solve.unsolvable"
        return SolveResult("unsolvable", (), nodes, msg(key, n=redeals_left))
    return SolveResult("unknown", (), nodes, msg("gaps.solve.unknown"))


class RoundDfs:
    """One depth-first search of a round for a complete layout.

    ``fast`` is the first phase's smaller game: a move that extends a
    row's run is the only move searched where there is one, and a 2 that
    leads a run of two or more stays in its row.  ``pruned`` tells whether
    that ever left a move out (if not, an exhausted fast search is a proof
    too).  ``win`` is the winning line once found; ``done`` when the search
    is over (a win, or every position visited).
    """

    def __init__(self, cells: Sequence[int], fast: bool = False, seen: set[int] | None = None,
                 first_line: Sequence[tuple[int, int, int]] = (), blocks: bool = False,
                 ends: BestEnd | None = None) -> None:
        #: where the dead ends met are weighed (None: not at all)
        self.ends = ends
        #: (fast game only) a 2 that leads a run may change rows when the row it goes to
        #: starts with two gaps or more (so a pair 2-3 moves as a block)
        self.blocks = blocks
        #: moves tried first at each depth as long as the search follows them (the hint's plan)
        self.first_line = list(first_line)
        self.cells = list(cells)
        self.pos = B.positions(self.cells)
        self.gaps = [i for i in range(52) if self.cells[i] == 0]
        self.run = list(B.prefix_lengths(self.cells))
        self.fast = fast
        self.pruned = False
        key = position_key(self.cells)
        self.seen: set[int] = set() if seen is None else seen
        self.seen.add(key)
        self.line: list[tuple[int, int, int]] = []
        self.undo: list[tuple[int, int, int, int, int, int, int]] = []
        self.nodes = 0
        self.win: list[tuple[int, int, int]] | None = None
        self.done = False
        ms = self._gen()
        self.stack: list[list[Any]] = []
        if ms:
            self.stack.append([ms, 0, key])
        else:
            self.done = True
            if sum(self.run) == 48:
                self.win = []

    def _gen(self, COL=COL, ROW=ROW, TWOS=TWOS, KING=KING) -> list[tuple[int, int, int, int]]:
        """The moves of the position as ``(score, card, from, to)``, best first."""
        cells, pos, run = self.cells, self.pos, self.run
        fast = self.fast
        f0, f1, f2, f3 = run[0], 13 + run[1], 26 + run[2], 39 + run[3]
        out = []
        for g in self.gaps:
            if COL[g] == 0:
                for t in TWOS:
                    s = pos[t]
                    if COL[s] == 0:
                        k = run[ROW[s]]
                        if fast and k >= 2 and not (self.blocks and cells[g + 1] == 0):
                            self.pruned = True
                            continue
                        sc = -100 - 10 * k
                    else:
                        sc = 90
                        n = 1
                        while n < 12 and cells[g + n] == t + n:
                            n += 1
                        sc += 10 * n
                        if s - 1 != g:
                            l2 = cells[s - 1]
                            if l2 == 0 or l2 & 15 == KING:
                                sc -= 30
                    out.append((sc, t, s, g))
            else:
                left = cells[g - 1]
                if left and left & 15 != KING:
                    c = left + 1
                    s = pos[c]
                    # four == rather than ``in (f0, f1, f2, f3)``: faster (measured)
                    if g == f0 or g == f1 or g == f2 or g == f3:  # noqa: SIM109
                        if fast:
                            if len(self.gaps) > 1 or out:
                                self.pruned = True
                            return [(1000, c, s, g)]
                        sc = 100
                    else:
                        sc = 0
                    if s == f0 or s == f1 or s == f2 or s == f3:  # noqa: SIM109
                        sc += 50
                    elif COL[s] == 0:
                        sc += 20
                    elif s - 1 != g:
                        l2 = cells[s - 1]
                        if l2 == 0 or l2 & 15 == KING:
                            sc -= 30
                    out.append((sc, c, s, g))
        out.sort(reverse=True)
        fl = self.first_line
        if fl:
            depth = len(self.line)
            if depth < len(fl):
                want = fl[depth]
                for i, m in enumerate(out):
                    if m[1] == want[0] and m[3] == want[2]:
                        if i:
                            out.insert(0, out.pop(i))
                        break
        return out

    def reroot(self) -> bool:
        """Make the position after the first move of the current line the
        root, keeping the search below it (the hint does this when the
        player has played that move).  False if there is no such line."""
        if len(self.stack) < 2 or self.done:
            return False
        del self.stack[0]
        del self.undo[0]
        del self.line[0]
        if self.first_line:
            del self.first_line[0]
        return True

    def step(self, max_nodes: int, deadline: float | None = None,
             cancel: Callable[[], bool] | None = None, max_seen: int | None = None,
             clock: Callable[[], float] = time.process_time) -> bool:
        """Search up to ``max_nodes`` more positions (or until ``clock()``,
        the process's CPU time by default, passes ``deadline``, ``cancel()``
        is true or more than ``max_seen`` positions are kept).  True when
        the search is over."""
        if self.done:
            return True
        cells, pos, gaps, run = self.cells, self.pos, self.gaps, self.run
        seen, line, undo, stack = self.seen, self.line, self.undo, self.stack
        gen = self._gen
        ends = self.ends
        fast = self.fast
        zob = ZOB
        row_of = ROW
        run_length = B.run_length
        nodes = self.nodes
        limit = nodes + max_nodes
        tick = 0
        while stack:
            tick += 1
            if tick >= 400:
                tick = 0
                if deadline is not None and clock() > deadline:
                    break
                if cancel is not None and cancel():
                    break
                if max_seen is not None and len(seen) > max_seen:
                    break
            fr = stack[-1]
            ms = fr[0]
            i = fr[1]
            if i < len(ms):
                fr[1] = i + 1
                _, c, s, d = ms[i]
                zc = zob[c]
                key = fr[2] ^ zc[s] ^ zc[d]
                if key in seen:
                    continue
                seen.add(key)
                nodes += 1
                cells[d] = c
                cells[s] = 0
                pos[c] = d
                gaps[gaps.index(d)] = s
                rd = row_of[d]
                rs = row_of[s]
                kd = run[rd]
                ks = run[rs]
                if d == 13 * rd + kd:
                    run[rd] = run_length(cells, rd)
                if s < 13 * rs + ks:
                    run[rs] = run_length(cells, rs)
                undo.append((c, s, d, rs, ks, rd, kd))
                line.append((c, s, d))
                nxt = gen()
                if nxt:
                    stack.append([nxt, 0, key])
                    if nodes >= limit:
                        break
                    continue
                if run[0] + run[1] + run[2] + run[3] == 48:
                    self.win = list(line)
                    self.done = True
                    self.nodes = nodes
                    return True
                if ends is not None:
                    ends.meet(cells, run, line, fast)
            else:
                stack.pop()
                if not undo:
                    continue
            # step back over the last move
            c, s, d, rs, ks, rd, kd = undo.pop()
            line.pop()
            cells[s] = c
            cells[d] = 0
            pos[c] = s
            gaps[gaps.index(s)] = d
            run[rs] = ks
            run[rd] = kd
            if nodes >= limit:
                break
        self.nodes = nodes
        if not stack:
            self.done = True
        return self.done


class RoundSolver:
    """Decides whether the current round can still be won without a redeal.

    Use :meth:`step` in slices (``solver.step(2_000)`` per frame, or in a
    worker thread) until it returns a :class:`SolveResult`; or call
    :func:`solve_round` once with a deadline and a cancel flag.  The last
    phase searches every legal move, including moving a leading 2 to
    another row, so "unsolvable" is a proof, not a guess.

    Phases (``phase`` 1-3): 1 the fast game, 2 the fast game where a run
    may change rows as a block, 3 every move.  The fast phases may use
    ``fast_nodes`` positions each (default :data:`FAST_SHARE` of
    ``max_nodes``) and end early when they run out of positions;
    ``max_memory`` caps the positions kept.  ``nodes`` counts the positions
    of all phases.  With ``ends``, :attr:`best_end` weighs the dead ends
    all phases meet (the hint's thinking steers to the best when it finds
    no win).
    """

    def __init__(self, pos: Position, max_nodes: int = SOLVE_NODES, fast_nodes: int | None = None,
                 max_memory: int = SOLVE_MEMORY, ends: bool = False) -> None:
        self.redeals_left = pos.max_redeals - pos.redeals
        self.best_end = BestEnd(self.redeals_left) if ends else None
        self.max_nodes = max_nodes
        self.fast_nodes = int(max_nodes * FAST_SHARE) if fast_nodes is None else fast_nodes
        self.max_seen = max(1000, max_memory // BYTES_PER_POSITION)
        self._cells = B.to_cells(pos.grid)
        self._search = RoundDfs(self._cells, fast=True, ends=self.best_end)
        self.phase = 1
        self._base = 0  # positions of the finished phases
        self._drain = False  # emptying a finished phase's set before the next starts
        self.result: SolveResult | None = None
        self.memory_out = False
        self._check()

    @property
    def nodes(self) -> int:
        return self._base + self._search.nodes

    def _verdict(self, verdict: str, line: Sequence[tuple[int, int, int]] = ()) -> SolveResult:
        self.result = r = verdict_of(verdict, self.redeals_left, line, self.nodes)
        return r

    def _check(self) -> SolveResult | None:
        s = self._search
        if s.win is not None:
            return self._verdict("solvable", s.win)
        if s.done and not (s.fast and s.pruned):
            return self._verdict("unsolvable")
        if self.phase < 3 and (s.done or s.nodes >= self.fast_nodes or len(s.seen) > self.max_seen):
            self.next_phase()
            return None
        if self.nodes >= self.max_nodes:
            return self._verdict("unknown")
        if len(s.seen) > self.max_seen:
            self.memory_out = True
            return self._verdict("unknown")
        return None

    def next_phase(self) -> None:
        """End the phase now (its set is emptied in bites by the next calls
        of :meth:`step`, then the next phase starts)."""
        if self.phase < 3 and not self._drain:
            self._base += self._search.nodes
            self._drain = True

    def step(self, nodes: int = 20_000, deadline: float | None = None,
             cancel: Callable[[], bool] | None = None,
             clock: Callable[[], float] = time.process_time) -> SolveResult | None:
        """Search ``nodes`` more positions (``deadline`` on ``clock``, as in
        :meth:`RoundDfs.step`); the verdict once decided, else ``None``."""
        if self.result is not None:
            return self.result
        if self._drain:
            seen = self._search.seen
            pop = seen.pop
            for _ in range(min(len(seen), max(5_000, 4 * nodes))):
                pop()
            if seen:
                return None
            self._drain = False
            self.phase += 1
            self._search = RoundDfs(self._cells, fast=self.phase < 3, seen=seen, blocks=True, ends=self.best_end)
            return self._check()
        s = self._search
        budget = self.max_nodes - self.nodes
        if self.phase < 3:
            budget = min(budget, self.fast_nodes - s.nodes)
        s.step(max(0, min(nodes, budget)), deadline, cancel, self.max_seen, clock)
        return self._check()

    def give_up(self) -> SolveResult:
        if self.result is None:
            self._verdict("unknown")
        assert self.result is not None
        return self.result

    def release(self) -> None:
        """Empty the search's set of seen positions a few thousand at a time
        (dropping millions at once holds the interpreter for tens of ms) and
        let go of the search."""
        while not self.release_some(5000):
            pass

    def release_some(self, n: int) -> bool:
        """Drop up to ``n`` of the search's seen positions (and its stack);
        True when nothing is left, so that a caller can free the memory in
        slices of its own."""
        self._search.stack.clear()
        seen = self._search.seen
        pop = seen.pop
        for _ in range(min(len(seen), n)):
            pop()
        return not seen


def solve_round(pos: Position, max_nodes: int = SOLVE_NODES, seconds: float | None = None,
                cancel: Any = None, max_memory: int = SOLVE_MEMORY,
                phase_ends: tuple[float, float] = PHASE_ENDS) -> SolveResult:
    """Is this round still winnable without another redeal?

    ``seconds`` is a CPU-time limit (``time.process_time``; in a worker
    thread that clock counts the whole process, so it is a safe upper
    bound); the fast phases end at ``phase_ends`` of it.  ``cancel`` is
    a ``threading.Event`` or any callable returning true to stop early: the
    result is then ``"unknown"``.  The solver's memory is freed before it
    returns.
    """
    if cancel is None:
        stop = None
    elif hasattr(cancel, "is_set"):
        stop = cancel.is_set
    else:
        stop = cancel
    solver = RoundSolver(pos, max_nodes, max_memory=max_memory)
    t0 = time.process_time()
    deadline = None if seconds is None else t0 + seconds
    try:
        while True:
            d = deadline
            phase = solver.phase
            if seconds is not None and phase < 3:
                d = t0 + seconds * phase_ends[phase - 1]
            r = solver.step(50_000, d, stop)
            if r is not None:
                return r
            if stop is not None and stop():
                return solver.give_up()
            now = time.process_time()
            if deadline is not None and now > deadline:
                return solver.give_up()
            if d is not None and now > d and solver.phase == phase:
                solver.next_phase()
    finally:
        solver.release()
