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
from dataclasses import dataclass

from game.engine.core import Message, msg
from game.games.gaps import board as B
from game.games.gaps.search import RoundSearch, ordered_moves, redeal_chance, to_move
from game.games.gaps.state import REDEAL, Move, Position, Redeal

#: default hint budget: positions per call and CPU seconds per call
HINT_NODES = 20_000
HINT_SECONDS = 0.12
#: positions the hint remembers per round (about 100 bytes each)
TT_MAX = 400_000


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

    def __init__(self, nodes: int = HINT_NODES, seconds: float | None = HINT_SECONDS) -> None:
        self.nodes = nodes
        self.seconds = seconds
        # the plan, for the position it was made in and the one after its first move:
        # position bytes -> (line, value, exact)
        self._plans: dict[bytes, tuple[list[tuple[int, int, int]], int, bool]] = {}
        self._tt: dict[int, int] = {}
        self._tt_round: tuple[int, int] | None = None

    def reset(self) -> None:
        """Forget the plan and the table (a new deal)."""
        self._plans = {}
        self._tt = {}
        self._tt_round = None

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
        round_id = (pos.redeals, pos.max_redeals)
        if round_id != self._tt_round or len(self._tt) > TT_MAX:
            self._tt = {}
            self._tt_round = round_id
        deadline = None if self.seconds is None else t0 + self.seconds
        if plan_exact and plan:
            res_line, value, exact, nodes = plan, plan_value, True, 0
        else:
            srch = RoundSearch(cells, left, "max", twos=False, first_line=plan, tt=self._tt)
            srch.step(self.nodes, deadline)
            nodes = srch.nodes
            if plan and plan_value >= srch.best_value:
                res_line, value = plan, plan_value
            else:
                res_line, value = srch.best_line, srch.best_value
            exact = srch.exact
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
