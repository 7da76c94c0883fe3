"""Statistics of solo Delphi rounds, as pure data (the app's persistence
writes the dict; the table folds each finished round in).

``fold_solo(st, state)`` adds a finished round:

- ``rounds``: every round – ``games``, ``solved``, ``score_sum``,
  ``wrong_guesses``, ``best`` (the highest score) and ``turns_solved``
  (the sum of the turns of the right guesses, for the mean);
- ``daily``: today's rule – ``days`` played (only a date's first finished
  round counts: the rule is known after it), ``solved``, ``best``, the
  ``streak`` of consecutive dates solved, the ``best_streak``, and
  ``last`` (the latest date counted) and ``last_solved``.

>>> st = {}
>>> fold_result(st, score=25, solved_at=6, wrong=0, daily="2026-12-01")
>>> fold_result(st, score=20, solved_at=9, wrong=1, daily="2026-12-02")
>>> st["daily"]["streak"], st["daily"]["best"], st["rounds"]["games"]
(2, 25, 2)
>>> fold_result(st, score=0, solved_at=0, wrong=3, daily="2026-12-03")
>>> st["daily"]["streak"], st["daily"]["best_streak"]
(0, 2)
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from game.games.delphi.solo import OVER, SoloState
from game.games.gaps.daily import is_date


def _row(st: dict, key: str) -> dict[str, Any]:
    row = st.get(key)
    if not isinstance(row, dict):
        row = st[key] = {}
    return row


def _int(row: dict, key: str) -> int:
    v = row.get(key, 0)
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def fold_solo(st: dict, state: SoloState) -> None:
    """Fold a finished round (``ValueError`` for one still running)."""
    if state.phase != OVER:
        raise ValueError("only a finished solo round is counted")
    fold_result(st, state.score, state.solved_at, state.wrong_guesses, state.daily)


def fold_result(st: dict, score: int, solved_at: int, wrong: int, daily: str = "") -> None:
    """Fold one round's result (see the module text)."""
    rows = _row(st, "rounds")
    rows["games"] = _int(rows, "games") + 1
    rows["solved"] = _int(rows, "solved") + (1 if solved_at else 0)
    rows["score_sum"] = _int(rows, "score_sum") + score
    rows["wrong_guesses"] = _int(rows, "wrong_guesses") + wrong
    rows["turns_solved"] = _int(rows, "turns_solved") + solved_at
    rows["best"] = max(_int(rows, "best"), score)
    if not daily or not is_date(daily):
        return
    d = _row(st, "daily")
    last = d.get("last")
    if isinstance(last, str) and is_date(last) and daily <= last:
        return  # a date counts once, and only going forward
    d["last"] = daily
    d["days"] = _int(d, "days") + 1
    d["best"] = max(_int(d, "best"), score)
    if not solved_at:
        d["streak"] = 0
        return
    d["solved"] = _int(d, "solved") + 1
    before = d.get("last_solved")
    day = _dt.date.fromisoformat(daily)
    follows = isinstance(before, str) and is_date(before) and _dt.date.fromisoformat(before) + _dt.timedelta(days=1) == day
    d["streak"] = (_int(d, "streak") if follows else 0) + 1
    d["best_streak"] = max(_int(d, "best_streak"), d["streak"])
    d["last_solved"] = daily


__all__ = ["fold_result", "fold_solo"]
