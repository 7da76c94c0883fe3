"""The hint engine: the move to play now, with the plan behind it.

:class:`Hinter` searches the round from the current position (with
:class:`~game.games.gaps.search.RoundSearch`) for the end position of
highest value and keeps the best line found as a *plan*: on the next call
it searches again from the new position and follows the plan unless the
new search found something better, so successive hints never undo each
other's work.  It also keeps, for the round, a table of every position
whose moves were all searched, with the best end found below it; the next
hint takes those as known and spends its whole budget on positions not
seen before (without the table, each hint re-searched almost exactly what
the previous one had).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine.core import Message, msg
from game.games.gaps import board as B
from game.games.gaps.search import WIN_VALUE, RoundSearch, end_value, ordered_moves, position_key, redeal_chance, to_move
from game.games.gaps.solve import PHASE_ENDS, RoundDfs, RoundSolver
from game.games.gaps.state import REDEAL, Move, Position, Redeal

#: default hint budget: positions per call and CPU seconds per call
HINT_NODES = 20_000
HINT_SECONDS = 0.12
#: positions the hint remembers per round (about 100 bytes each)
TT_MAX = 400_000
#: the solver's share of each call (see :meth:`Hinter._solve`): at most
#: these positions, and whatever is left of :data:`HINT_SECONDS` after the
#: search for the best end, which may use :data:`SEARCH_SHARE` of it first.
#: Measured on deals 1-200 (docs/gaps.md): a share of 0.6 won 145, the
#: whole call (1.0) 155, the hint without the solver 156.
SOLVER_NODES = 40_000
SEARCH_SHARE = 1.0
#: positions the solver's search keeps per round (about 100 bytes each)
SOLVER_SEEN_MAX = 400_000
#: positions per :meth:`Hinter.think` call by default (a few ms of CPU)
THINK_SLICE = 2_000
#: memory the thinking solver may hold (about 2.6 million positions, 10-15
#: s of its search); it is freed when the thinking ends
THINK_MEMORY = 256 << 20
#: "no limit" for the thinking solver's position budget (time ends it)
_NO_LIMIT = 10**12


def _think_key(pos: Position) -> tuple[list[int], bytes]:
    """The cells of ``pos`` and the key a thinking about it is kept under
    (the layout and its round)."""
    cells = B.to_cells(pos.grid)
    return cells, bytes(cells) + bytes((pos.redeals, pos.max_redeals))


@dataclass(frozen=True)
class Hint:
    """The engine's advice for a position.

    ``action`` is a :class:`Move`, :data:`REDEAL` or ``None`` (game over);
    ``source`` the cell the card comes from (for drawing an arrow);
    ``value`` the score (kept cards) at the end of this round if the plan is
    followed; ``line`` the whole planned rest of the round; ``exact`` is
    true when the round was searched completely (no better end exists);
    ``wins_round`` when the plan completes every row without a redeal.
    ``next_chance`` (rounds before a redeal, plan not winning) is the
    measured chance that the round after the redeal can be won from the runs
    the plan keeps: the hint maximises that, not the number kept, which is
    why it may leave a King out of its row.  ``nodes`` and ``cpu`` tell what
    the search cost.
    """

    action: Move | Redeal | None
    source: int | None
    value: int
    line: tuple[Move, ...]
    exact: bool
    wins_round: bool
    nodes: int
    cpu: float
    message: Message
    next_chance: float | None = None


class Hinter:
    """The hint engine with its memory for one deal.

    Keep one per table (or per bot) and call :meth:`hint` whenever a hint
    is wanted; it spends at most ``nodes`` positions and ``seconds`` of CPU
    time per call (the first of the two limits ends the search) and
    remembers its plan, so the hints of one deal stay consistent and get
    better with every call.  After an undo or a move of the player's own,
    the plan simply no longer matches and a fresh one is made.
    """

    def __init__(self, nodes: int = HINT_NODES, seconds: float | None = HINT_SECONDS,
                 solver_nodes: int = SOLVER_NODES, think_memory: int = THINK_MEMORY,
                 steer: bool = True) -> None:
        self.nodes = nodes
        #: when the thinking finds no win, the hint's plan is the best
        #: dead end the thinking met (see :meth:`think`)
        self.steer = steer
        self.seconds = seconds
        self.solver_nodes = solver_nodes
        #: memory (bytes) the solver of :meth:`think` may hold
        self.think_memory = think_memory
        # the solver's search for a win in this round (its fast phase, see
        # solve.py) and the position it is rooted at
        self._dfs: RoundDfs | None = None
        self._dfs_root = b""
        # where the solver has nothing more to give: the position (cells)
        # where its search ran out or the round was proved lost, carried
        # along every move played from there (nothing reachable from it is
        # different) and dropped by an undo or any other jump, which may
        # lead back to a position that can still be won; b"" when the
        # solver is on; ``_lost`` if that came from a proof that the round
        # cannot be won (not only the fast search running out)
        self._over_at = b""
        self._lost = False
        # the plan, for the position it was made in and the one after its first move:
        # position bytes -> (line, value, exact)
        self._plans: dict[bytes, tuple[list[tuple[int, int, int]], int, bool]] = {}
        self._tt: dict[int, int] = {}
        self._tt_round: tuple[int, int] | None = None
        # thinking before a round (see :meth:`think`): the solver, the
        # position it is about, the CPU it has had, and the last position
        # whose thinking is over
        self._think: RoundSolver | None = None
        self._think_key = b""
        self._think_spent = 0.0
        self._thought = b""
        self._freeing: RoundSolver | None = None  # a finished thinking, its memory being freed
        #: what the last finished thinking came to: "solvable", "unsolvable"
        #: or "unknown" (budget spent), None before any
        self.thought: str | None = None

    def reset(self) -> None:
        """Forget the plan and the table (a new deal)."""
        self._plans = {}
        self._tt = {}
        self._tt_round = None
        self._new_round()
        self.stop_thinking()
        self._thought = b""
        self.thought = None

    def _enter_round(self, round_id: tuple[int, int]) -> None:
        """Start the round's memory when ``round_id`` (redeals used, allowed)
        is not the one it holds."""
        if round_id != self._tt_round:
            self._new_round()
            self._tt = {}
            self._tt_round = round_id

    def stop_thinking(self) -> None:
        """Drop the thinking solver and free its memory (in bites of a few
        thousand positions, so a thread switch can come between them)."""
        for s in (self._think, self._freeing):
            if s is not None:
                s.release()
        self._think = self._freeing = None
        self._think_key = b""
        self._think_spent = 0.0

    def think(self, pos: Position, seconds: float, nodes: int = THINK_SLICE,
              deadline: float | None = None, clock: Callable[[], float] = time.process_time) -> bool:
        """Think about the round before playing, the way a person looks at
        the layout first: one slice (at most ``nodes`` positions, and until
        the CPU clock passes ``deadline``) of the round solver's search from
        ``pos``, out of a budget of ``seconds`` of CPU for this position.
        Call it again and again (from a worker thread, or once a frame)
        until it returns True: the thinking is over.

        If the solver finds a winning line, that line is the hint's plan
        from ``pos`` (the hints then follow it without searching again).  If
        it proves the round unsolvable, the hint's own search goes on
        without the solver's share.  Without a win (unsolvable, or the
        budget spent) and with :attr:`steer`, the plan is the way to the
        best end of the round the search met, which the hint's own search
        replaces only with a better end; after a proof it is the best end
        there is, and exact (on deals 1-1000 at 10 s a round this won 941
        deals against 907, docs/gaps.md).  The fast phases end at
        :data:`PHASE_ENDS` of the budget; the last phase gets the
        rest.  A new position starts a new thinking; the solver's memory
        is freed when the thinking ends.  ``thought`` then tells how it
        ended.  The CPU clock is ``clock``: ``time.process_time`` by
        default; a worker thread passes ``time.thread_time``, its own CPU,
        because the process's clock also counts the frames the main thread
        draws, and the phases would end before their share of thinking."""
        t0 = clock()
        if self._freeing is not None:  # the last thinking's memory first, a slice a call
            if not self._freeing.release_some(max(5_000, 4 * nodes)):
                return False
            self._freeing = None
        cells, key = _think_key(pos)
        if key == self._thought:
            return True
        if key != self._think_key:
            self.stop_thinking()
            settled = self._settled(pos, cells)
            if settled is not None:
                return self._thought_over(key, settled)
            self._think = RoundSolver(pos, _NO_LIMIT, _NO_LIMIT, self.think_memory, ends=self.steer)
            self._think_key = key
        s = self._think
        assert s is not None
        r = s.result
        if r is None:
            phase = s.phase
            phase_end = seconds * PHASE_ENDS[phase - 1] if phase < 3 else seconds
            d = t0 + max(0.0, phase_end - self._think_spent)
            r = s.step(nodes, d if deadline is None else min(d, deadline), clock=clock)
            self._think_spent += clock() - t0
            if r is None and s.phase == phase and phase < 3 and self._think_spent >= phase_end:
                s.next_phase()
            if r is None and self._think_spent >= seconds:
                r = s.give_up()
        if r is None:
            return False
        line = []
        if r.verdict == "solvable":
            c = list(cells)
            for m in r.line:
                card = B.CODE_OF[m.card]
                src = c.index(card)
                line.append((card, src, m.to))
                c[m.to], c[src] = card, 0
        elif s.best_end is not None:
            line = s.best_end.line
        self._conclude(cells, key, r.verdict, line, pos.max_redeals - pos.redeals)
        self._freeing, self._think = self._think, None  # freed by the next calls
        self._think_key = b""
        self._think_spent = 0.0
        return False

    def _settled(self, pos: Position, cells: list[int]) -> str | None:
        """What thinking about ``pos`` comes to without a search (played on
        from a lost position, an exact plan already, nothing to play), or
        None when it needs the solver."""
        self._enter_round((pos.redeals, pos.max_redeals))
        if self._follow(bytes(cells)) and self._lost:
            return "unsolvable"  # played on from a lost position
        plan = self._plans.get(bytes(cells))
        if (plan is not None and plan[2] and plan[0]) or pos.stopped or not B.has_move(cells):
            return "unknown" if plan is None or plan[1] != WIN_VALUE else "solvable"
        return None

    def _conclude(self, cells: list[int], key: bytes, verdict: str, line: list[tuple[int, int, int]],
                  redeals_left: int) -> None:
        """The thinking about ``cells`` came to ``verdict``: ``line`` is the
        winning line, or (no win found) the line to the best end of the
        round the thinking met, which becomes the plan; that plan is exact
        when the round was searched to the end ("unsolvable")."""
        if verdict == "solvable":
            self._plans[bytes(cells)] = (line, WIN_VALUE, True)
        elif line:
            end = B.line_end(cells, line)
            assert end is not None
            self._plans[bytes(cells)] = (line, end_value(B.prefix_lengths(end), redeals_left), verdict == "unsolvable")
        if verdict == "unsolvable":
            self._over_at, self._lost = bytes(cells), True  # the hint's own slices would find nothing
        self._thought = key
        self.thought = verdict

    # --- thinking in another process (the table's ThinkJob) ---------------------

    def settled(self, pos: Position) -> bool:
        """True if ``pos`` needs no thinking: thought about already, or
        settled without a search (then marked as thought about, as
        :meth:`think` would).  Otherwise another process may think about it
        and hand over what it found with :meth:`adopt`."""
        cells, key = _think_key(pos)
        if key == self._thought:
            return True
        verdict = self._settled(pos, cells)
        if verdict is None:
            return False
        self._thought_over(key, verdict)
        return True

    def proved(self, pos: Position) -> str | None:
        """What the thinking has proved about ``pos``'s round: "solvable"
        (:meth:`won_line` wins from it), "unsolvable" (it was proved lost,
        or is a move played on from a lost position the thinking has
        followed), or None."""
        cells = bytes(B.to_cells(pos.grid))
        if self._tt_round != (pos.redeals, pos.max_redeals):
            return None
        if self._lost and self._over_at == cells:
            return "unsolvable"
        return "solvable" if self.won_line(pos) is not None else None

    def won_line(self, pos: Position) -> list[tuple[int, int, int]] | None:
        """The winning line the thinking found from ``pos`` (the plan's
        moves as ``(card, from, to)``), or None."""
        plan = self._plans.get(bytes(B.to_cells(pos.grid)))
        return list(plan[0]) if plan is not None and plan[1] == WIN_VALUE and plan[2] else None

    def plan_line(self, pos: Position) -> list[tuple[int, int, int]]:
        """The line the hint plans from ``pos`` (the thinking's winning
        line, or the way to the best end it met), [] if none."""
        plan = self._plans.get(bytes(B.to_cells(pos.grid)))
        return [] if plan is None else list(plan[0])

    def adopt(self, pos: Position, verdict: str, line: Sequence[tuple[int, int, int]] = ()) -> None:
        """Take over what a thinking in another process came to about
        ``pos`` (its :attr:`thought` and :meth:`plan_line`), as if this
        hinter had thought it: the hints follow the line, or know the round
        is lost."""
        cells, key = _think_key(pos)
        self.stop_thinking()
        self._enter_round((pos.redeals, pos.max_redeals))
        self._follow(bytes(cells))
        if verdict == "solvable" and not B.line_wins(cells, line):
            raise ValueError("the line handed over does not win the round from this position")
        if verdict != "solvable" and line:
            end = B.line_end(cells, line)
            if end is None or B.has_move(end):
                raise ValueError("the line handed over does not lead to an end of the round from this position")
        keep = verdict == "solvable" or self.steer
        self._conclude(cells, key, verdict, list(line) if keep else [], pos.max_redeals - pos.redeals)

    def _thought_over(self, key: bytes, verdict: str) -> bool:
        self.stop_thinking()
        self._thought = key
        self.thought = verdict
        return True

    @property
    def thinking(self) -> bool:
        """A thinking has begun and is not over (or its memory not yet freed)."""
        return self._think is not None or self._freeing is not None

    def _new_round(self) -> None:
        self._dfs = None
        self._dfs_root = b""
        self._over_at = b""
        self._lost = False

    def _follow(self, key: bytes) -> bool:
        """The position ``key`` (cells) is the one asked about now: keep
        the solver off if it is where the solver ran out or a move played
        from there, else turn it on.  True if it stays off."""
        if self._over_at and key != self._over_at:
            if not B.is_move(self._over_at, key):
                key, self._lost = b"", False
            self._over_at = key
        return bool(self._over_at)

    def _solver_on(self) -> bool:
        return not self._over_at and self.solver_nodes > 0

    def _solve(self, cells: list[int], plan: list[tuple[int, int, int]],
               deadline: float | None) -> tuple[list[tuple[int, int, int]] | None, int]:
        """A slice of the solver's search for a win (its fast phase) from
        this position, until ``deadline``.  The search lives for the whole
        round: when the player has played the first move of the line it is
        on, it goes on below that move; otherwise it starts again from here,
        ordered along the hint's ``plan`` (the move the player is likely to
        play next) and skipping every position an earlier slice searched to
        the end without a win.  The winning line or None, and the positions
        searched."""
        key = bytes(cells)
        if self._over_at or self.solver_nodes <= 0:
            return None, 0
        dfs = self._dfs
        if dfs is None or self._dfs_root != key:
            rerooted = False
            if dfs is not None and len(dfs.stack) >= 2:
                after = bytearray(self._dfs_root)
                c, s, d = dfs.line[0]
                after[d], after[s] = c, 0
                rerooted = bytes(after) == key and dfs.reroot()
            if not rerooted:
                seen: set[int] = set()
                if dfs is not None:
                    seen = dfs.seen
                    for fr in dfs.stack:  # positions still being searched are not done with
                        seen.discard(fr[2])
                    if len(seen) > SOLVER_SEEN_MAX:
                        seen = set()
                    elif position_key(cells) in seen:  # searched to the end already
                        self._over_at = key
                        self._dfs = None
                        return None, 0
                dfs = self._dfs = RoundDfs(cells, fast=True, seen=seen, first_line=plan)
            self._dfs_root = key
        assert dfs is not None
        before = dfs.nodes
        dfs.step(self.solver_nodes, deadline)
        searched = dfs.nodes - before
        if dfs.win is not None:
            self._dfs = None  # the hint follows the line; a new search if the player leaves it
            return dfs.win, searched
        if dfs.done:
            self._dfs = None
            self._over_at = key
        return None, searched

    def hint(self, pos: Position) -> Hint:
        t0 = time.process_time()
        cells = B.to_cells(pos.grid)
        left = pos.max_redeals - pos.redeals
        if pos.stopped or not B.has_move(cells):
            sc = B.score(cells)
            if sc < 48 and left > 0 and not pos.stopped:
                return Hint(REDEAL, None, sc, (), True, False, 0, time.process_time() - t0,
                            msg("gaps.hint.redeal", n=left))
            return Hint(None, None, sc, (), True, sc == 48, 0, time.process_time() - t0, msg("gaps.hint.over"))
        key = bytes(cells)
        plan, plan_value, plan_exact = self._plans.get(key, ([], -1, False))
        self._enter_round((pos.redeals, pos.max_redeals))
        self._follow(key)
        if len(self._tt) > TT_MAX:
            self._tt = {}
        deadline = None if self.seconds is None else t0 + self.seconds
        if plan_exact and plan:
            res_line, value, exact, nodes = plan, plan_value, True, 0
        else:
            solver_on = self._solver_on()
            search_deadline = deadline
            if solver_on and self.seconds is not None:
                search_deadline = t0 + self.seconds * SEARCH_SHARE
            srch = RoundSearch(cells, left, "max", twos=False, first_line=plan, tt=self._tt)
            srch.step(self.nodes, search_deadline)
            nodes = srch.nodes
            if plan and plan_value >= srch.best_value:
                res_line, value = plan, plan_value
            else:
                res_line, value = srch.best_line, srch.best_value
            exact = srch.exact
            if value != WIN_VALUE and not exact and solver_on:
                win, n = self._solve(cells, res_line, deadline)
                nodes += n
                if win is not None:
                    res_line, value, exact = win, WIN_VALUE, True
        if not res_line:  # budget too small to reach any end: take the first ordered move
            res_line = [ordered_moves(cells, twos=False)[0][1:]]
            value = -1
        first = res_line[0]
        # remember the plan here and after its first move (where a follower asks next)
        after = list(cells)
        after[first[2]] = first[0]
        after[first[1]] = 0
        self._plans = {key: (list(res_line), value, exact)}
        if len(res_line) > 1:
            self._plans[bytes(after)] = (list(res_line[1:]), value, exact)
        line = tuple(to_move(m) for m in res_line)
        end = list(cells)
        for c, s_, d in res_line:
            end[d], end[s_] = c, 0
        kept = B.score(end)
        wins = kept == 48
        chance = None
        if left > 0 and not wins and not B.has_move(end):
            chance = redeal_chance(B.prefix_lengths(end))
        move = line[0]
        m = msg("gaps.hint.move", card=move.card, row=move.row + 1, col=move.col + 1)
        return Hint(move, first[1], kept, line, exact, wins, nodes, time.process_time() - t0, m, chance)


def hint(pos: Position, nodes: int = HINT_NODES, seconds: float | None = HINT_SECONDS) -> Hint:
    """One hint without memory (a fresh :class:`Hinter`)."""
    return Hinter(nodes, seconds).hint(pos)
