"""How Gaps is played at a table, where it differs from the plain turn
loop: moves may be taken back, and a finished game adds to the statistics
of its rule set.

The statistics of Gaps are one row per rule set: ``r2``, ``r1``, ``r0``
(redeals allowed), with ``-layout`` for games started from a pasted
layout; scores are kept with the redeals they took.  Pure data: the app's persistence writes the dict.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.core import Outcome
from game.engine.match import Match, Policy
from game.games.gaps.state import MAX_REDEALS


def stats_key(options: Mapping[str, Any]) -> str:
    """The statistics row of a game with these (validated) options.

    >>> stats_key({"redeals": 1, "layout": ""}), stats_key({"redeals": 2, "layout": "2S 3S ..."})
    ('r1', 'r2-layout')
    """
    layout = str(options.get("layout", "") or "").strip()
    return f"r{options.get('redeals', MAX_REDEALS)}" + ("-layout" if layout else "")


def fold_stats(st: dict, key: str, won: bool, score: int, assisted: bool, redeals: int) -> None:
    """Fold one finished game into the Gaps statistics, in the row ``key``.

    A score is the cards in place with the redeals used (the rules'
    decision), so the row keeps both: ``score_sum`` and ``redeals_used``
    for the mean, ``best`` and ``best_redeals`` for the best game (more
    cards first; of equal scores the one with fewer redeals).  A row from
    before ``best_redeals`` existed gets it from the first game that
    reaches or beats its best.

    ``wins`` counts wins without help (no undo, hint or solver check);
    ``assisted_wins`` those with help.  The streak counts wins without
    help; a loss ends it, a win with help leaves it as it is.

    >>> st = {"r2": {"games": 3, "score_sum": 100, "redeals_used": 6, "best": 40}}  # a row of before
    >>> fold_stats(st, "r2", False, 40, False, 1); st["r2"]["best"], st["r2"]["best_redeals"]
    (40, 1)
    >>> fold_stats(st, "r2", False, 40, False, 2); st["r2"]["best_redeals"]
    1
    >>> fold_stats(st, "r2", True, 48, False, 2); st["r2"]["best"], st["r2"]["best_redeals"]
    (48, 2)
    """
    row = st.setdefault(key, {})
    if not isinstance(row, dict):
        row = st[key] = {}

    def add(name: str, n: int = 1) -> None:
        row[name] = int(row.get(name, 0) or 0) + n

    add("games")
    add("score_sum", int(score))
    add("redeals_used", int(redeals))
    best, best_redeals = row.get("best"), row.get("best_redeals")
    if (
        not isinstance(best, int)
        or score > best
        or (score == best and (not isinstance(best_redeals, int) or redeals < best_redeals))
    ):
        row["best"], row["best_redeals"] = int(score), int(redeals)
    if assisted:
        add("assisted_games")
    if won and assisted:
        add("assisted_wins")
    elif won:
        add("wins")
        add("streak")
        row["best_streak"] = max(int(row.get("best_streak", 0) or 0), int(row["streak"]))
    else:
        row["streak"] = 0
    row.setdefault("streak", 0)
    row.setdefault("best_streak", 0)


def fold_outcome(st: dict, options: Mapping[str, Any], meta: Mapping[str, Any], redeals: int, outcome: Outcome) -> None:
    """Fold a finished game (its options, the table's ``meta`` with the
    ``assisted`` flag, the redeals used) into the statistics."""
    fold_stats(st, stats_key(options), bool(outcome.won), int(outcome.scores[0]), bool(meta.get("assisted")), redeals)


class GapsPolicy(Policy):
    """Undo and redo are allowed (they mark the game as assisted at the
    table); the statistics fold by rule set."""

    undo = True

    def fold_game(self, stats: dict, match: Match, outcome: Outcome) -> None:
        fold_outcome(stats, match.options, match.meta, match.state.redeals, outcome)


POLICY = GapsPolicy()
