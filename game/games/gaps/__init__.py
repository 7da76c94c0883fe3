"""Gaps (Montana): the solo patience with four gaps and two redeals.

The package exposes the engine contract (``GAME``, ``NOTATION``, ``BOTS``,
``CONFORMANCE``, ``POLICY``) and what the table needs:

- rules helpers: :func:`gap_info`, :func:`correct_cells`, :func:`run_lengths`,
  :func:`score`, :func:`redeal_due`, :func:`moves_for_card`,
  :func:`moves_into_gap`, :func:`source_cell`, :func:`refusal`,
  :func:`no_gap_reason`, :func:`start_options` (a game from a pasted
  layout), :func:`status`;
- the hint engine :class:`Hinter` (keep one per deal) and :func:`hint`;
- the solver :class:`RoundSolver` / :func:`solve_round`;
- the statistics: :func:`fold_outcome`, :func:`stats_key` (``POLICY`` folds
  a finished match with them); :func:`count_moves`, the moves a game has
  made (``POLICY.moves_made``: the table's count and Continue's);
- today's deal: :func:`daily_seed` of a date, under :data:`DAILY_OPTIONS`.

Cells are ``13 * row + col`` (rows 0-3, columns 0-12); action texts are
``move 6H r2c5``, ``redeal`` and ``stop``.

Modules, each importing only those above it: ``board`` (the rules on
ints), ``state`` (positions and actions), ``notation``, ``rules`` (the
:class:`~game.engine.core.Game`), ``search`` (the round search), ``hint``,
``solve``, ``bots``, ``policy``, ``cli``.
"""

from game.games.gaps.bots import BOTS
from game.games.gaps.daily import DAILY_OPTIONS, daily_seed
from game.games.gaps.hint import Hint, Hinter, hint
from game.games.gaps.notation import NOTATION, LayoutError, layout_text, parse_layout
from game.games.gaps.policy import POLICY, GapsMeta, GapsPolicy, count_moves, daily_streak, fold_outcome, fold_stats, stats_key, whole_seconds
from game.games.gaps.rules import (
    GAME,
    GapInfo,
    GapsGame,
    correct_cells,
    gap_info,
    has_move,
    is_won,
    moves_for_card,
    moves_into_gap,
    no_gap_reason,
    redeal_due,
    refusal,
    run_lengths,
    score,
    source_cell,
    start_options,
    status,
)
from game.games.gaps.shapes import SHAPES
from game.games.gaps.solve import RoundSolver, SolveResult, solve_round, verdict_of
from game.games.gaps.state import MAX_REDEALS, REDEAL, STOP, GapsState, GapsView, Move, Redeal, Stop

#: option sets the generic conformance test plays through
CONFORMANCE = [{"redeals": 2}, {"redeals": 0}, {"redeals": 1}]

__all__ = [
    "BOTS",
    "CONFORMANCE",
    "DAILY_OPTIONS",
    "GAME",
    "MAX_REDEALS",
    "NOTATION",
    "POLICY",
    "REDEAL",
    "SHAPES",
    "STOP",
    "GapInfo",
    "GapsGame",
    "GapsMeta",
    "GapsPolicy",
    "GapsState",
    "GapsView",
    "Hint",
    "Hinter",
    "LayoutError",
    "Move",
    "Redeal",
    "RoundSolver",
    "SolveResult",
    "Stop",
    "correct_cells",
    "count_moves",
    "daily_seed",
    "daily_streak",
    "fold_outcome",
    "fold_stats",
    "gap_info",
    "has_move",
    "hint",
    "is_won",
    "layout_text",
    "moves_for_card",
    "moves_into_gap",
    "no_gap_reason",
    "parse_layout",
    "redeal_due",
    "refusal",
    "run_lengths",
    "score",
    "solve_round",
    "source_cell",
    "start_options",
    "stats_key",
    "status",
    "verdict_of",
    "whole_seconds",
]
