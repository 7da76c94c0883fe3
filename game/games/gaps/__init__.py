"""Gaps (Montana): the solo patience with four gaps and two redeals.

The package exposes the engine contract (``GAME``, ``NOTATION``, ``BOTS``,
``CONFORMANCE``) and what the table needs:

- rules helpers: :func:`gap_info`, :func:`correct_cells`, :func:`run_lengths`,
  :func:`score`, :func:`redeal_due`, :func:`moves_for_card`,
  :func:`moves_into_gap`, :func:`source_cell`, :func:`refusal`,
  :func:`start_options` (a game from a pasted layout), :func:`status`;
- the hint engine :class:`Hinter` (keep one per deal) and :func:`hint`;
- the solver :class:`RoundSolver` / :func:`solve_round`.

Cells are ``13 * row + col`` (rows 0-3, columns 0-12); action texts are
``move 6H r2c5`` and ``redeal``.
"""

from game.games.gaps.bots import BOTS
from game.games.gaps.notation import NOTATION, LayoutError, layout_text, parse_layout
from game.games.gaps.rules import (
    GAME,
    REDEAL,
    GapInfo,
    GapsGame,
    GapsState,
    GapsView,
    Move,
    Redeal,
    correct_cells,
    gap_info,
    has_move,
    is_won,
    moves_for_card,
    moves_into_gap,
    redeal_due,
    refusal,
    run_lengths,
    score,
    source_cell,
    start_options,
    status,
)
from game.games.gaps.search import Hint, Hinter, RoundSolver, SolveResult, hint, solve_round

#: option sets the generic conformance test plays through
CONFORMANCE = [{"redeals": 2}, {"redeals": 0}, {"redeals": 1}]

__all__ = [
    "BOTS",
    "CONFORMANCE",
    "GAME",
    "NOTATION",
    "REDEAL",
    "GapInfo",
    "GapsGame",
    "GapsState",
    "GapsView",
    "Hint",
    "Hinter",
    "LayoutError",
    "Move",
    "Redeal",
    "RoundSolver",
    "SolveResult",
    "correct_cells",
    "gap_info",
    "has_move",
    "hint",
    "is_won",
    "layout_text",
    "moves_for_card",
    "moves_into_gap",
    "parse_layout",
    "redeal_due",
    "refusal",
    "run_lengths",
    "score",
    "solve_round",
    "source_cell",
    "start_options",
    "status",
]
