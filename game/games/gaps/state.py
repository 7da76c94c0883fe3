"""Gaps (Montana): the position and the actions, as values.

Cells are numbered ``13 * row + col`` with rows 0-3 (top to bottom) and
columns 0-12 (left to right).  The rules that act on these values are in
:mod:`game.games.gaps.rules` (speaking :class:`~game.cards.Card`) and
:mod:`game.games.gaps.board` (on ints); the text form of a position is in
:mod:`game.games.gaps.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.cards import Card
from game.games.gaps import board as B

#: redeals a game allows at most (and by default)
MAX_REDEALS = 2


class _Grid:
    """What a state and a view share: the grid as ints, kept beside the
    cards (derived once, not compared), and the redeals left."""

    grid: tuple[Card | None, ...]
    redeals: int
    max_redeals: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != B.NCELLS:
            object.__setattr__(self, "cells", tuple(B.to_cells(self.grid)))

    @property
    def redeals_left(self) -> int:
        return self.max_redeals - self.redeals


@dataclass(frozen=True)
class GapsState(_Grid):
    """A position: the 52 cells (``None`` is a gap), redeals used and
    allowed, the deal seed from which redeal shuffles derive, and whether
    the player stopped the game (the recorded ``stop``)."""

    grid: tuple[Card | None, ...]
    redeals: int = 0
    max_redeals: int = MAX_REDEALS
    seed: int = 0
    players: int = 1
    stopped: bool = False
    #: the grid as the ints of :mod:`board` (derived, not compared)
    cells: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class GapsView(_Grid):
    """What the player sees: everything but the seed (which would tell the
    order of future redeals).  Bots and the hint engine work on views."""

    grid: tuple[Card | None, ...]
    redeals: int
    max_redeals: int
    stopped: bool = False
    cells: tuple[int, ...] = field(default=(), compare=False, repr=False)


Position = GapsState | GapsView


@dataclass(frozen=True)
class Move:
    """Put ``card`` into the gap at cell ``to`` (``13 * row + col``)."""

    card: Card
    to: int

    @property
    def row(self) -> int:
        return B.row_of(self.to)

    @property
    def col(self) -> int:
        return B.COL[self.to]


@dataclass(frozen=True)
class Redeal:
    """Gather the cards outside the kept runs, shuffle, deal them back."""


@dataclass(frozen=True)
class Stop:
    """End the game here: lost, with the cards in place now as the score.
    Not among the legal actions (bots never stop); the table's "End game"
    and leaving a game in progress play it."""


REDEAL = Redeal()
STOP = Stop()
Action = Move | Redeal | Stop
