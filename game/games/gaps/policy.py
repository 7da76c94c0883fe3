"""How Gaps is played at a table, where it differs from the plain turn
loop: moves may be taken back, and a finished game adds to the statistics
of its rule set.

The statistics of Gaps are one row per rule set: ``r2``, ``r1``, ``r0``
(redeals allowed), with ``-layout`` for games started from a pasted
layout; scores are kept with the redeals they took.  Daily deals have
their own rows by date besides (``daily``).  Pure data: the app's persistence writes the dict.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from game.engine.core import Outcome
from game.engine.dates import is_date, longest_run, run_to
from game.engine.match import Match, Policy, TableMeta
from game.games.gaps.state import MAX_REDEALS, Move

#: dates of daily deals kept in the statistics (the latest; about 2.7
#: years of playing every day, ~80 bytes each)
DAILY_KEEP = 1000


@dataclass(frozen=True)
class GapsMeta(TableMeta):
    """What a game of Gaps keeps beside its record: whether help was used
    (undo, a hint, the solver: the statistics count such games apart), the
    seconds on the table's clock (None: played without one, as by the
    simulator; such a win leaves the fastest time alone), the date of a
    daily deal, and whether the deal was dealt as one the solver had
    proven winnable without a redeal (issue 22: such deals count in rows
    of their own, their wins are not those of a random deal), and whether
    the game is the review of a lost one, replayed to where it was lost
    (issue 22: it is practice; the statistics and the session leave it
    out, the deal was counted when it was lost).

    >>> GapsMeta.from_json({"assisted": True, "elapsed": 12.345, "prefs": {}}).to_json()
    {'assisted': True, 'elapsed': 12.35}
    >>> GapsMeta.from_json({"elapsed": -3, "daily": "2026-13-40", "winnable": "yes"})
    GapsMeta(assisted=False, elapsed=None, daily=None, winnable=False, review=False)
    >>> GapsMeta.from_json({"winnable": True}).to_json()
    {'assisted': False, 'winnable': True}
    """

    assisted: bool = False
    elapsed: float | None = None
    daily: str | None = None
    winnable: bool = False
    review: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"assisted": self.assisted}
        if self.elapsed is not None:
            out["elapsed"] = round(self.elapsed, 2)
        if self.daily is not None:
            out["daily"] = self.daily
        if self.winnable:
            out["winnable"] = True
        if self.review:
            out["review"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        day = data.get("daily")
        return cls(
            data.get("assisted") is True,
            _seconds(data.get("elapsed")),
            day if isinstance(day, str) and is_date(day) else None,
            data.get("winnable") is True,
            data.get("review") is True,
        )


def stats_key(options: Mapping[str, Any], winnable: bool = False) -> str:
    """The statistics row of a game with these (validated) options; a deal
    dealt as proven winnable has a row of its own.

    >>> stats_key({"redeals": 1, "layout": ""}), stats_key({"redeals": 2, "layout": "2S 3S ..."}), stats_key({"redeals": 0}, winnable=True)
    ('r1', 'r2-layout', 'r0-winnable')
    """
    layout = str(options.get("layout", "") or "").strip()
    return f"r{options.get('redeals', MAX_REDEALS)}" + ("-layout" if layout else "-winnable" if winnable else "")


def fold_stats(st: dict, key: str, won: bool, score: int, assisted: bool, redeals: int, seconds: float | None = None) -> None:
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

    ``best_time`` is the fastest win (with help or without: undo is part
    of this table), in whole seconds of the table's clock (:func:`whole_seconds`); a game from a
    table without a clock (``seconds`` None) leaves it as it is.

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
    if won and seconds is not None:
        _faster(row, seconds)


def whole_seconds(seconds: float) -> int:
    """The seconds of the table's clock as every screen shows them: whole
    seconds, counted like a stopwatch (296.6 s is 4:56 on the clock, in the
    session summary and in the statistics alike).

    >>> whole_seconds(296.6), whole_seconds(-1.0)
    (296, 0)
    """
    return max(0, int(seconds))


def _faster(row: dict, seconds: float) -> None:
    t = whole_seconds(seconds)
    old = row.get("best_time")
    if not isinstance(old, int) or isinstance(old, bool) or t < old:
        row["best_time"] = t


def fold_daily(st: dict, day: str, won: bool, score: int, redeals: int, seconds: float | None = None) -> None:
    """Fold a game of the daily deal of ``day`` (``YYYY-MM-DD``) into
    ``st["daily"][day]``: tries, wins, the best score with its redeals and
    the fastest win.  A row per date, so a date counts once in whatever
    order the dates come (:mod:`game.engine.dates`); ``daily_latest`` is
    the date counted last, where the streak of won dates ends
    (:func:`daily_streak`), and ``daily_best_streak`` the longest run so
    far.  Only :data:`DAILY_KEEP` dates are kept: the oldest go, never the
    date just played (a date before all others, from a clock set back,
    was dropped the moment it was counted).

    >>> st = {}
    >>> fold_daily(st, "2026-12-02", False, 30, 2); fold_daily(st, "2026-12-02", True, 48, 1, 250.4)
    >>> st["daily"]["2026-12-02"], st["daily_latest"], st["daily_best_streak"]
    ({'games': 2, 'wins': 1, 'best': 48, 'best_redeals': 1, 'best_time': 250}, '2026-12-02', 1)
    """
    days = st.get("daily")
    if not isinstance(days, dict):
        days = st["daily"] = {}
    if day not in days:
        st["daily_latest"] = day
    row = days.setdefault(day, {})
    row["games"] = int(row.get("games", 0) or 0) + 1
    row["wins"] = int(row.get("wins", 0) or 0) + (1 if won else 0)
    best, best_redeals = row.get("best"), row.get("best_redeals")
    if not isinstance(best, int) or score > best or (score == best and (not isinstance(best_redeals, int) or redeals < best_redeals)):
        row["best"], row["best_redeals"] = int(score), int(redeals)
    if won and seconds is not None:
        _faster(row, seconds)
    st["daily_best_streak"] = daily_streak(st)[1]
    for old in sorted(d for d in days if d != day)[: max(0, len(days) - DAILY_KEEP)]:
        del days[old]


def daily_streak(st: dict) -> tuple[int, int]:
    """(now, best) of the daily deals in the statistics ``st``: the run of
    consecutive won dates up to the date counted last, and the longest
    run (or the one kept, when longer: its dates may be gone).  A file
    from before ``daily_latest`` was kept ends the run at its latest date.

    >>> st = {"daily": {"2026-12-01": {"wins": 1}, "2026-12-02": {"wins": 2}, "9999-12-31": {"wins": 1}}, "daily_latest": "2026-12-02"}
    >>> daily_streak(st)
    (2, 2)
    """
    days = st.get("daily")
    rows = {d: r for d, r in days.items() if is_date(d) and isinstance(r, dict)} if isinstance(days, dict) else {}
    won = [d for d, r in rows.items() if _whole(r.get("wins")) > 0]
    latest = st.get("daily_latest")
    if not (isinstance(latest, str) and latest in rows):
        latest = max(rows, default=None)
    return run_to(won, latest), max(_whole(st.get("daily_best_streak")), longest_run(won))


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def fold_outcome(st: dict, options: Mapping[str, Any], meta: GapsMeta, redeals: int, outcome: Outcome) -> None:
    """Fold a finished game (its options, the match's meta: help used, the
    clock's seconds, the date of a daily deal; the redeals used) into the
    statistics.  A daily deal counts in its rule set's row like any deal,
    and in its date's row too."""
    if meta.review:
        return  # practice on a deal already counted
    won, score = bool(outcome.won), int(outcome.scores[0])
    fold_stats(st, stats_key(options, meta.winnable), won, score, meta.assisted, redeals, meta.elapsed)
    if meta.daily is not None:
        fold_daily(st, meta.daily, won, score, redeals, meta.elapsed)


def count_moves(actions: Sequence[Any]) -> int:
    """The moves among a game's actions: its cards moved, not its redeals
    or its stop.

    >>> from game.games.gaps.state import REDEAL, STOP
    >>> from game.cards import Card
    >>> count_moves([Move(Card.parse("2S"), 0), REDEAL, Move(Card.parse("3S"), 1), STOP])
    2
    """
    return sum(1 for a in actions if isinstance(a, Move))


def _seconds(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0:
        return float(value)
    return None


class GapsPolicy(Policy):
    """Undo and redo are allowed (they mark the game as assisted at the
    table); the statistics fold by rule set."""

    undo = True
    meta_type = GapsMeta

    def moves_made(self, actions: Sequence[Any]) -> int:
        """Cards moved: a redeal and the recorded stop are no moves (the
        table said "69 moves" where Continue, counting every action, said
        "70 moves made" after a redeal)."""
        return count_moves(actions)

    def fold_game(self, stats: dict, match: Match, outcome: Outcome, meta: TableMeta) -> None:
        fold_outcome(stats, match.options, meta if isinstance(meta, GapsMeta) else GapsMeta(), match.state.redeals, outcome)


POLICY = GapsPolicy()
