"""The solo session of Gaps: every deal finished at a table since the app
was started (not since the setup was opened: going to the menu and back
keeps it), for the session summary.  Kept in memory only, one per App;
what outlives the app is in the statistics file.

A deal counts when it ends at the table: won, lost with no redeal left,
ended with "End the game", or left through the table's question (New
deal, Menu, Restart: counted as lost, as in the statistics).  It is
folded by the statistics' own functions, so the streak follows their
rule: a win without help adds one, a loss ends it, a win with help
leaves it as it is."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from game.engine.dates import parse_date
from game.games.gaps import whole_seconds
from game.games.gaps.policy import fold_daily, fold_stats
from game.i18n import date_text as i18n_date_text

#: the one row of the statistics' shape a session folds every deal into
SESSION_ROW = "session"


@dataclass
class Session:
    """The deals finished at a table since the app started, folded by the
    policy's own statistics folds (:func:`~game.games.gaps.policy.fold_stats`
    and :func:`~game.games.gaps.policy.fold_daily`) into one row of every
    deal and the rows of the daily deals, so a session's streak, best score
    and fastest win follow exactly the rules of the statistics."""

    rows: dict[str, Any] = field(default_factory=dict)
    #: the moves of the fastest win
    best_time_moves: int | None = None
    #: deals played to their end (not left half-way through a question)
    played_out: int = 0
    #: ``played_out`` when the summary was last shown on the way to the menu
    shown_at: int = 0
    #: the statistics row of the last deal (its rule set), for the streak
    #: over all sessions
    last_key: str | None = None

    def add(self, *, won: bool, score: int, redeals: int, assisted: bool, seconds: float, moves: int, left: bool = False, key: str | None = None, daily: str | None = None) -> None:
        """One finished deal; ``left``: ended by leaving it half-way."""
        before = self.row.get("best_time")
        fold_stats(self.rows, SESSION_ROW, won, score, assisted, redeals, seconds)
        if self.row.get("best_time") != before:
            self.best_time_moves = moves
        if daily:
            fold_daily(self.rows, daily, won, score, redeals, seconds)
        if not left:
            self.played_out += 1
        self.last_key = key

    @property
    def row(self) -> dict[str, Any]:
        r = self.rows.get(SESSION_ROW)
        return r if isinstance(r, dict) else {}

    def _n(self, name: str) -> int:
        v = self.row.get(name)
        return v if isinstance(v, int) else 0

    @property
    def games(self) -> int:
        return self._n("games")

    @property
    def wins(self) -> int:
        """Every win, with help or without."""
        return self._n("wins") + self._n("assisted_wins")

    @property
    def assisted_wins(self) -> int:
        return self._n("assisted_wins")

    @property
    def streak(self) -> int:
        return self._n("streak")

    @property
    def best_score(self) -> int | None:
        return self.row.get("best")

    @property
    def best_redeals(self) -> int | None:
        return self.row.get("best_redeals")

    @property
    def best_time(self) -> int | None:
        """The fastest win, in the clock's whole seconds."""
        return self.row.get("best_time")

    @property
    def daily(self) -> dict[str, tuple[int, bool]]:
        """The daily deals of this session: date -> (best score, won)."""
        days = self.rows.get("daily")
        if not isinstance(days, dict):
            return {}
        return {d: (int(r.get("best", 0)), int(r.get("wins", 0)) > 0) for d, r in days.items()}

    def due(self) -> bool:
        """Whether leaving the table shows the summary: a deal was played
        to its end since it was last shown that way (a deal only left
        half-way through the question does not call for it)."""
        return self.played_out > self.shown_at

    def mark_shown(self) -> None:
        self.shown_at = self.played_out


_SESSIONS: weakref.WeakKeyDictionary[Any, Session] = weakref.WeakKeyDictionary()


def session_of(app: object) -> Session:
    """The session of this App (made on first use)."""
    s = _SESSIONS.get(app)
    if s is None:
        s = _SESSIONS[app] = Session()
    return s


def clock_text(seconds: float) -> str:
    """``4:05``, ``1:02:03`` from an hour on, in the clock's whole seconds
    (:func:`~game.games.gaps.policy.whole_seconds`, as the statistics keep them)."""
    t = whole_seconds(seconds)
    h, rest = divmod(t, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def date_text(day: str, lang: str) -> str:
    """A ``YYYY-MM-DD`` date as the Continue list writes dates
    (:func:`game.i18n.date_text`)."""
    d = parse_date(day)
    return i18n_date_text(d.year, d.month, d.day, lang)
