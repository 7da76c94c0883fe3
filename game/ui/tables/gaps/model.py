"""The Gaps table besides its match, with no pygame: the hint shown and
the solver's verdict (each for the position it was made for), the check
that is running, the clock, whether the deal is being left half-way, and
the session its end counts in.

The clock's seconds are the match's (``GapsMeta.elapsed``), so every save
and the statistics hold them; it runs on the frame's time while the deal
is playing, the table uncovered and the window focused, and stands still
otherwise (under the rules, a question, the session summary, after the
end).  The moves on the board are the deal's Move actions (a move taken
back leaves the count, a redone one comes back), so they need no saving.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.engine.core import Message
from game.engine.match import How, Match, Moved, meta_of
from game.games import gaps as G
from game.ui.kit.model import TableModel
from game.ui.tables.gaps.session import Session
from game.ui.tables.gaps.solution import Solution, position_key
from game.ui.tables.gaps.solver import DEEP_SOLVE_NODES, TABLE_SOLVE_NODES, TABLE_THINK_MEMORY, TABLE_THINK_SECONDS, SolveJob, ThinkJob

PosKey = tuple[Any, ...]
GapsMatch = Match[G.GapsState, Any, G.GapsView]
#: the kit's table model for Gaps' state, actions and view (one base, named)
GapsTableModel = TableModel[G.GapsState, Any, G.GapsView]


class GapsModel(GapsTableModel):
    def __init__(self, match: GapsMatch, session: Session) -> None:
        super().__init__(match)
        if self.meta.elapsed is None:  # a deal at a table has a clock (an old save starts at 0:00)
            match.meta = replace(self.meta, elapsed=0.0)
        self.session = session
        self.hinter = G.Hinter(think_memory=TABLE_THINK_MEMORY)
        #: the hint thinking about the board in the background (None until
        #: the first frame, and once the table is left), and its budget per round
        self.thinker: ThinkJob | None = None
        self.think_seconds = TABLE_THINK_SECONDS
        self._looked: PosKey | None = None
        self.hint: tuple[PosKey, G.Hint] | None = None
        self.verdict: tuple[PosKey, G.SolveResult] | None = None
        self.job: SolveJob | None = None
        #: verdicts the table holds without having shown them (the proof
        #: that dealt a winnable deal): the check answers them at once
        self.known: dict[PosKey, G.SolveResult] = {}
        #: the solver's line being shown on the board (None: not showing)
        self.solution: Solution | None = None
        #: a review table: what the review found, said while the board is
        #: on the winning line from there
        self.review_note: Message | None = None
        #: positions the "Still solvable?" check may visit, and "Search
        #: deeper" after an undecided answer (tests make them small)
        self.solve_nodes = TABLE_SOLVE_NODES
        self.deep_nodes = DEEP_SOLVE_NODES
        #: a check stopped by the player: (position, positions checked, its
        #: budget); the status says so, not the earlier answer's words
        self.stopped: tuple[Any, int, int] | None = None
        #: the window has the focus (the clock runs only then)
        self.focused = True
        #: the deal is being left half-way through the table's question
        self.leaving_midway = False

    # --- what the table knows -----------------------------------------------------------------
    @property
    def meta(self) -> G.GapsMeta:
        return meta_of(self.match, G.GapsMeta)

    @property
    def elapsed(self) -> float:
        return self.meta.elapsed or 0.0

    @elapsed.setter
    def elapsed(self, seconds: float) -> None:
        self.match.meta = replace(self.meta, elapsed=max(0.0, float(seconds)))

    @property
    def daily(self) -> str | None:
        return self.meta.daily

    def view(self) -> G.GapsView:
        return self.match.view()

    def playing(self) -> bool:
        return not self.finished and not self.match.over

    def pos_key(self) -> PosKey:
        """What a hint, a verdict or the gaps belong to: the position
        itself (never an object id, which a later state may reuse)."""
        v = self.view()
        return position_key(v.grid, v.redeals)

    def current_hint(self) -> G.Hint | None:
        return self.hint[1] if self.hint is not None and self.hint[0] == self.pos_key() else None

    def current_verdict(self) -> G.SolveResult | None:
        return self.verdict[1] if self.verdict is not None and self.verdict[0] == self.pos_key() else None

    def next_budget(self) -> int | None:
        """Positions the next solvable check may visit: the first budget,
        then after an undecided answer the deeper one; None when the
        position is decided or was searched as deep as the table goes."""
        v = self.current_verdict()
        if v is None:
            return self.solve_nodes
        if v.verdict == "unknown" and v.nodes < self.deep_nodes:
            return self.deep_nodes
        return None

    def moves_made(self) -> int:
        """Moves on the board, as the game counts them (redeals are none),
        less those taken back: the number Continue shows too."""
        return self.match.moves_made()

    def in_progress(self) -> bool:
        """A deal with moves: leaving it counts as lost.  Moves taken back
        to the deal's start still count (something to redo), or undoing
        every move would leave a bad deal for free."""
        return self.playing() and bool(self.match.actions or self.match.redo_stack)

    # --- help -----------------------------------------------------------------------------------
    def mark_assisted(self) -> None:
        if not self.meta.assisted:
            self.match.meta = replace(self.meta, assisted=True)

    def look(self) -> None:
        """Each frame: let the hint think about the position on the board
        (the round's start when it begins, the position after each move),
        in the background; nothing when the deal is over."""
        if self.think_seconds <= 0:
            return
        key = self.pos_key() if self.playing() else None
        if key == self._looked:
            return
        self._looked = key
        if self.thinker is None:
            if key is None:
                return
            self.thinker = ThinkJob(self.hinter, self.think_seconds)
        self.thinker.look_at(self.view() if key is not None else None)

    def stop_thinking(self) -> None:
        """The table is left: the worker ends (freeing its memory on its own thread)."""
        if self.thinker is not None:
            self.thinker.stop()
            self.thinker = None
        self._looked = None

    def ask_hint(self) -> G.Hint:
        t = self.thinker
        h = t.hint(self.view()) if t is not None else self.hinter.hint(self.view())
        self.hint = (self.pos_key(), h)
        self.mark_assisted()
        return h

    def start_check(self) -> bool:
        """Start the solver on the position (deeper after an undecided
        answer); False when there is nothing to check."""
        budget = self.next_budget()
        if self.job is not None or not self.playing() or budget is None:
            return False
        self.mark_assisted()
        known = self.known.get(self.pos_key())
        if known is None and self.thinker is not None:
            # what the background thinking proved answers at once, without a search of its own
            known = self.thinker.proved(self.view())
        if known is not None:
            self.verdict = (self.pos_key(), known)
            return True
        self.stopped = None
        self.job = SolveJob(self.view(), self.pos_key(), budget)
        self.collect()
        return True

    def stop_check(self) -> None:
        if self.job is not None:
            self.stopped = (self.job.key, self.job.nodes, self.job.max_nodes)
            self.job.cancel()
            self.job = None

    def current_stop(self) -> tuple[int, int] | None:
        """(positions checked, budget) of a check the player stopped on
        this position, if that was the last word on it."""
        st = self.stopped
        return (st[1], st[2]) if st is not None and st[0] == self.pos_key() else None

    def collect(self) -> bool:
        """Take the check's answer once it is there; True when it came."""
        j = self.job
        if j is None or not j.done:
            return False
        self.job = None
        if j.key == self.pos_key() and j.result is not None:
            self.verdict = (j.key, j.result)
        return True

    def show_solution(self) -> bool:
        """Start showing the winning line of a "solvable" answer for this
        position; False when there is none.  Seeing the solution is help."""
        v = self.current_verdict()
        if v is None or v.verdict != "solvable" or not v.line or not self.playing():
            return False
        self.solution = Solution.of(self.match.state, v.line)
        self.mark_assisted()
        return True

    def solution_step(self) -> G.Move | None:
        """The line's next move from the board (None: the showing ends)."""
        s = self.solution
        move = s.next_move(self.pos_key()) if s is not None else None
        if move is None:
            self.solution = None
        return move

    def solution_place(self) -> tuple[int, int] | None:
        """Moves of the line made and its length, while it is shown."""
        s = self.solution
        i = s.at(self.pos_key()) if s is not None else None
        return (i, len(s.line)) if s is not None and i is not None else None

    # --- time and moves --------------------------------------------------------------------------
    def clock_running(self) -> bool:
        # a review replays a deal already timed: it has no clock of its own
        # (it ran from 0:00 beside the deal's 40 moves)
        return self.playing() and self.focused and not self.paused and not self.meta.review

    def tick_game(self, dt: float) -> None:
        if self.clock_running():
            self.elapsed = self.elapsed + dt

    def moved(self, how: How) -> None:
        self.stop_check()  # its position is gone
        if self.solution is not None and self.solution.at(self.pos_key()) is None:
            self.solution = None  # the board left the line: it no longer applies

    def deal_ended(self, moved: Moved) -> None:
        """A deal finished at this table counts in the session, by the
        statistics' own folds."""
        out = moved.outcome
        assert out is not None
        meta = self.meta
        if meta.review:
            return  # practice on a deal already counted
        self.session.add(
            won=bool(out.won), score=int(out.scores[0]), redeals=moved.after.redeals, assisted=meta.assisted, seconds=self.elapsed,
            moves=self.moves_made(), left=self.leaving_midway, key=G.stats_key(self.match.options, meta.winnable), daily=meta.daily,
        )
