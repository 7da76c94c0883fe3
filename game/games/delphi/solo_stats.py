"""Statistics of solo Delphi rounds, as pure data (the app's persistence
writes the dict; the table folds each finished round in).

``fold_solo(st, state)`` adds a finished round:

- ``rounds``: every round – ``games``, ``solved``, ``score_sum``,
  ``wrong_guesses``, ``best`` (the highest score) and ``turns_solved``
  (the sum of the turns of the right guesses, for the mean);
- ``daily``: today's rule – ``days`` played (only a date's first finished
  round counts: the rule is known after it), ``solved``, ``best``, the
  dates themselves (``played``, in the order they were counted, and
  ``won``, those solved; the latest :data:`DAILY_KEEP`) and the
  ``best_streak``.  The streak is computed from the dates by the shared
  calendar's rule (:mod:`game.engine.dates`): the run of solved dates up
  to the date counted last.  Dates count once in any order, so a round
  played while the clock was wrong (a date ahead, even 9999-12-31) is one
  date among the others and freezes nothing (issue 49: the last date
  counted was kept and only later dates were taken).

A file from before issue 49 kept ``last``, ``last_solved`` and
``streak``; it is read as the dates those mean (the run of ``streak``
dates ending at ``last_solved``, and ``last``), and the next round writes
the new fields in their place.

>>> st = {}
>>> fold_result(st, score=25, solved_at=6, wrong=0, daily="2026-12-01")
>>> fold_result(st, score=20, solved_at=9, wrong=1, daily="2026-12-02")
>>> daily_streak(st["daily"]), st["daily"]["best"], st["rounds"]["games"]
((2, 2), 25, 2)
>>> fold_result(st, score=0, solved_at=0, wrong=3, daily="2026-12-03")
>>> daily_streak(st["daily"])
(0, 2)
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from game.engine.dates import is_date, longest_run, parse_date, run_to
from game.games.delphi.solo import OVER, SoloState

#: the dates of today's rule kept (the latest counted: about 2.7 years of
#: every day, ~13 bytes each); ``days`` and ``solved`` count on past them
DAILY_KEEP = 1000


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


def daily_dates(d: dict) -> tuple[list[str], list[str]]:
    """(played, won) of today's rule's statistics ``d``: the dates counted,
    in the order they were, and those solved.  From a file of before
    issue 49, the dates its fields mean (see the module's text)."""
    played, won = d.get("played"), d.get("won")
    if isinstance(played, list):
        dates = list(dict.fromkeys(x for x in played if is_date(x)))
        kept = set(dates)
        return dates, [x for x in dict.fromkeys(won if isinstance(won, list) else ()) if x in kept]
    run: list[str] = []
    last_solved, last, streak = _date(d, "last_solved"), _date(d, "last"), min(_int(d, "streak"), DAILY_KEEP)
    if last_solved is not None:
        end = parse_date(last_solved).toordinal()
        run = [_dt.date.fromordinal(end - i).isoformat() for i in range(streak - 1, -1, -1) if end - i >= 1]
    return run + ([last] if last is not None and last not in run else []), run


def _date(row: dict, key: str) -> str | None:
    v = row.get(key)
    return v if isinstance(v, str) and is_date(v) else None


def daily_streak(d: dict) -> tuple[int, int]:
    """(now, best) of today's rule: the run of solved dates up to the date
    counted last, and the longest run (or the best kept, when longer: its
    dates may be past :data:`DAILY_KEEP`, or from before issue 49)."""
    played, won = daily_dates(d)
    return run_to(won, played[-1] if played else None), max(_int(d, "best_streak"), longest_run(won))


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
    played, won = daily_dates(d)
    if daily in played:
        return  # a date counts once: its rule is known after its first round
    played.append(daily)
    d["days"] = _int(d, "days") + 1
    d["best"] = max(_int(d, "best"), score)
    if solved_at:
        won.append(daily)
        d["solved"] = _int(d, "solved") + 1
    d["best_streak"] = max(_int(d, "best_streak"), longest_run(won))
    d["played"] = played[-DAILY_KEEP:]
    kept = set(d["played"])
    d["won"] = [x for x in won if x in kept]
    for old in ("last", "last_solved", "streak"):  # what the dates say now
        d.pop(old, None)


__all__ = ["DAILY_KEEP", "daily_dates", "daily_streak", "fold_result", "fold_solo"]
