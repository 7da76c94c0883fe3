"""The solver's winning line shown at the table, move by move (issue 22):
"Show solution" after a "solvable" answer plays the line on the board,
one move every :data:`STEP_SECONDS`, and the player may pause it, step
it on or back, or stop it.  No pygame here: the table asks
:class:`Solution` which move comes next and plays it as a computer's move
(so it flies from its cell), and takes a step back with the table's own
undo (Gaps allows it).

The line is kept with the position before each of its moves, so the
table never has to remember where in the line it is: wherever undo, redo
or the player's own move leave the board, :meth:`Solution.at` finds the
place in the line, or says the board has left it (the showing then ends:
the line no longer applies).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from game.games import gaps as G

#: seconds between two moves of the line at normal animation speed: a
#: move flies in 0.18 s, and a person following the line by eye needs
#: about half a second more to see which gap it filled
STEP_SECONDS = 0.7
#: the least time between moves, animations off included (the status line
#: names each move, which must stay readable)
MIN_STEP = 0.3
#: a line longer than this many moves is shown faster, so that the whole
#: of it takes about as long as this many moves at the normal pace (a
#: solver's line from an opening deal was 331 moves: almost 4 minutes at
#: 0.7 s a move, 100 s at :data:`MIN_STEP`)
PACED_MOVES = 60


def position_key(grid: Sequence[object], redeals: int) -> tuple[Hashable, ...]:
    """The same key as the table's ``GapsModel.pos_key`` for a state."""
    return (tuple(grid), redeals)


@dataclass
class Solution:
    """A winning line from the position it was found for.  ``keys[i]`` is
    the position before ``line[i]``, ``keys[-1]`` the won position.
    ``playing``: the moves go on by themselves; ``wait``: seconds until the
    next one."""

    line: tuple[G.Move, ...]
    keys: tuple[tuple[Hashable, ...], ...]
    playing: bool = True
    wait: float = 0.0

    @classmethod
    def of(cls, state: G.GapsState, line: Sequence[G.Move]) -> Solution:
        """The line from ``state``, every move checked by the rules (a line
        the rules refuse raises :class:`~game.engine.core.IllegalAction`
        here, before anything is shown)."""
        keys = [position_key(state.grid, state.redeals)]
        for move in line:
            state = G.GAME.apply(state, move)
            keys.append(position_key(state.grid, state.redeals))
        return cls(tuple(line), tuple(keys))

    def at(self, key: tuple[Hashable, ...]) -> int | None:
        """How many moves of the line the board has made, or None when the
        board is off the line."""
        try:
            return self.keys.index(key)
        except ValueError:
            return None

    def next_move(self, key: tuple[Hashable, ...]) -> G.Move | None:
        """The line's move from the board's position (None at its end or
        off it)."""
        i = self.at(key)
        return self.line[i] if i is not None and i < len(self.line) else None

    def step_seconds(self, animation_factor: float) -> float:
        """Seconds between two moves of this line at the player's animation
        speed."""
        pace = STEP_SECONDS * animation_factor * min(1.0, PACED_MOVES / max(1, len(self.line)))
        return max(MIN_STEP, pace)

    def toggle(self) -> None:
        self.playing = not self.playing
        self.wait = 0.0


__all__ = ["MIN_STEP", "PACED_MOVES", "STEP_SECONDS", "Solution", "position_key"]
