"""How Mind the Gap is played at a table where it differs from the plain
turn loop of :class:`~game.engine.match.Match`: the hands are secret
between people unless they are open (Easy), and what a finished game adds
to the statistics.

The statistics of this game are one row per level and player count,
``f"{level}-{players}p"``: games, wins, games with the helper on at some
point, and the best total of a finished series of five pyramids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine.core import Outcome
from game.engine.match import Match, Policy
from game.games.mind_the_gap.rules import State
from game.games.mind_the_gap.series import points_for, series_in


def fold_result(stats: dict, state: State, outcome: Outcome, meta: Mapping[str, Any]) -> None:
    """Add the game that ended in ``state`` to ``stats`` (in place).
    ``meta`` is what the table keeps beside the game: ``helper_used`` and
    the ``series`` as it stood before this pyramid."""
    row = stats.setdefault(f"{state.level}-{state.players}p", {"games": 0, "wins": 0, "helper_games": 0, "best_series": None})
    row["games"] += 1
    row["wins"] += 1 if outcome.won else 0
    if meta.get("helper_used"):
        row["helper_games"] += 1
    series = series_in(meta)
    if series is not None:
        final = series.with_result(points_for(bool(outcome.won), state.coins))
        if final.done:
            best = row.get("best_series")
            row["best_series"] = final.total if best is None else max(best, final.total)


class MtgPolicy(Policy):
    def secret(self, match: Match) -> bool:
        """The device is passed between people unless the hands are open."""
        return len(match.people()) > 1 and not match.state.open_hands

    def fold_game(self, stats: dict, match: Match, outcome: Outcome) -> None:
        fold_result(stats, match.state, outcome, match.meta)


POLICY = MtgPolicy()
