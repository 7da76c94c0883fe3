"""The solo session of Gaps: every deal finished at a table since the app
was started (not since the setup was opened: going to the menu and back
keeps it), for the session summary.  Kept in memory only, one per App;
what outlives the app is in the statistics file.

A deal counts when it ends at the table: won, lost with no redeal left,
ended with "End the game", or left through the table's question (New
deal, Menu, Restart: counted as lost, as in the statistics).  The streak
follows the statistics' rule: a win without help adds one, a loss ends
it, a win with help leaves it as it is."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from game.games.gaps import whole_seconds
from game.i18n import date_text as i18n_date_text


@dataclass
class Session:
    games: int = 0
    wins: int = 0
    assisted_wins: int = 0
    streak: int = 0
    best_score: int | None = None
    best_redeals: int | None = None
    #: the fastest win, seconds on the table's clock, and its moves
    best_time: float | None = None
    best_time_moves: int | None = None
    #: deals played to their end (not left half-way through a question)
    played_out: int = 0
    #: ``played_out`` when the summary was last shown on the way to the menu
    shown_at: int = 0
    #: the daily deals of this session: date -> (best score, won)
    daily: dict[str, tuple[int, bool]] = field(default_factory=dict)
    #: the statistics row of the last deal (its rule set), for the streak
    #: over all sessions
    last_key: str | None = None

    def add(self, *, won: bool, score: int, redeals: int, assisted: bool, seconds: float, moves: int, left: bool = False, key: str | None = None, daily: str | None = None) -> None:
        """One finished deal; ``left``: ended by leaving it half-way."""
        self.games += 1
        if won:
            self.wins += 1
            if assisted:
                self.assisted_wins += 1
            else:
                self.streak += 1
            if self.best_time is None or seconds < self.best_time:
                self.best_time, self.best_time_moves = seconds, moves
        else:
            self.streak = 0
        if self.best_score is None or score > self.best_score or (score == self.best_score and redeals < (self.best_redeals or 0)):
            self.best_score, self.best_redeals = score, redeals
        if not left:
            self.played_out += 1
        if daily:
            old = self.daily.get(daily)
            self.daily[daily] = (max(score, old[0]) if old else score, won or bool(old and old[1]))
        self.last_key = key

    def due(self) -> bool:
        """Whether leaving the table shows the summary: a deal was played
        to its end since it was last shown that way (a deal only left
        half-way through the question does not call for it)."""
        return self.played_out > self.shown_at

    def mark_shown(self) -> None:
        self.shown_at = self.played_out


_SESSIONS: weakref.WeakKeyDictionary[Any, Session] = weakref.WeakKeyDictionary()


def session_of(app: Any) -> Session:
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
    y, m, d = (int(x) for x in day.split("-"))
    return i18n_date_text(y, m, d, lang)
