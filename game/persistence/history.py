"""The results of every game, one by one, for the statistics' pictures.

A game's own statistics (its package's ``SHAPES.stats``) are totals and
bests: they cannot say how the results went over the days, nor how the
scores spread.  So the statistics file keeps, beside them and for every
game alike, a short line per finished game: the day, whether the people
at the table won, and their score (issue 50).  A file written before
keeps no lines and is read as it is; the pictures start with the next
game.

What a line says is read off the game's :class:`~game.engine.core.Outcome`
the same way for every game, so a fifth game has its lines without a word
of its own:

- won: the outcome's ``won`` where the game has one (a patience, a team
  against the cards, Delphi alone); else whether a person is among the
  winners (a game between players: a person beat the computers, or a
  person won among people at one table);
- score: the one score of a game with one (Gaps' cards in place, Mind
  the Gap's points); else the best person's score (the score of the
  player the statistics are about, the one at the screen).

A game of computers alone (the crash test's autoplay) leaves no line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.core import Outcome
from game.engine.dates import DATE
from game.engine.schema import BIG, Bool, Fields, ListOf, Num

#: lines kept per game, the latest (~40 bytes each: 40 KB a game at most)
HISTORY_KEEP = 1000

LINE = Fields({"day": DATE, "won": Bool()}, optional={"score": Num(-BIG, BIG)})
HISTORY = ListOf(LINE, HISTORY_KEEP)


def result_line(outcome: Outcome | None, people: Sequence[int], day: str | None) -> dict[str, Any] | None:
    """The line a finished game adds to its history (None: no line: no
    outcome, no date, or nobody at the table a person)."""
    if outcome is None or day is None or not people:
        return None
    if outcome.won is not None:
        won = bool(outcome.won)
    else:
        won = any(p in outcome.winners for p in people)
    line: dict[str, Any] = {"day": day, "won": won}
    if len(outcome.scores) == 1:
        line["score"] = _number(outcome.scores[0])
    else:
        mine = [outcome.scores[p] for p in people if 0 <= p < len(outcome.scores)]
        if mine:
            line["score"] = _number(max(mine))
    return line


def _number(x: float) -> float | int:
    """A whole score as an int (the file and the pictures say 48, not 48.0)."""
    return int(x) if float(x).is_integer() else float(x)


def added(history: list, line: dict[str, Any]) -> list:
    """``history`` with ``line`` at the end, the latest :data:`HISTORY_KEEP`."""
    return [*history, line][-HISTORY_KEEP:]
