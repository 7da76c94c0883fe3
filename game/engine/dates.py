"""The calendar of the daily games (Gaps' daily deal, Delphi's today's
rule): how a date is written, the player's date, the digest that makes a
date's deal the same everywhere, and the one rule by which a daily game
counts its dates and its streak.

A date is written ``YYYY-MM-DD`` in saves, statistics and on the command
line.

**Counting dates.**  A daily game keeps the *set* of dates played and the
set of dates won (solved), so a date counts once whatever order the dates
come in.  The streak is computed from those sets, never carried from one
round to the next: the run of consecutive won dates that ends at the date
counted last (the latest date played), and the best such run.  A clock
that was wrong once (a round dated 2027-06-01 or 9999-12-31 played
today) therefore adds its one date and nothing else: the rounds after it
count as usual, and the streak of the real dates goes on where it was.
(Before issue 49 Delphi kept the last date counted and took only later
dates: one round dated ahead froze its days and its streak until that
date came.)

>>> won = {"2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05", "9999-12-31"}
>>> run_to(won, "2026-12-03"), run_to(won, "2026-12-04"), run_to(won, "9999-12-31"), longest_run(won)
(3, 0, 1, 3)
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import re
from collections.abc import Collection, Iterable
from typing import Any

from game.engine.schema import Text

#: how a date is written
DATE_PATTERN = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
_DATE = re.compile(DATE_PATTERN)
#: a date in a save or in the statistics
DATE = Text(10, pattern=DATE_PATTERN)


def parse_date(text: str) -> _dt.date:
    """``YYYY-MM-DD`` as a date; ValueError for anything else (also a
    date that does not exist, like 2026-02-30)."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ValueError(f"not a date like 2026-12-02: {text!r}")
    return _dt.date.fromisoformat(text)


def is_date(value: Any) -> bool:
    """A date text as the app writes it (and one that exists).

    >>> is_date("2026-12-02"), is_date("2026-02-30"), is_date("2.12.2026"), is_date(None)
    (True, False, False, False)
    """
    try:
        parse_date(value)
    except ValueError:
        return False
    return True


def today() -> str | None:
    """The player's date, ``YYYY-MM-DD`` (local time: a daily game changes
    at the player's midnight); None when the clock gives a date no
    calendar function takes (after the year 9999 a setup raised
    ValueError).  A setup asks at the moment it offers the day's game."""
    with contextlib.suppress(OverflowError, OSError, ValueError):
        return _dt.date.today().isoformat()
    return None


def daily_digest(kind: str, day: _dt.date | str) -> bytes:
    """The SHA-256 of ``<kind>-YYYY-MM-DD`` (never Python's ``hash()``,
    which differs from run to run): the same bytes on every copy of the
    game on every platform, from which a game draws its deal of ``day``.

    >>> daily_digest("gaps-daily", "2026-12-02") == daily_digest("gaps-daily", parse_date("2026-12-02"))
    True
    """
    d = parse_date(day) if isinstance(day, str) else day
    return hashlib.sha256(f"{kind}-{d.isoformat()}".encode("ascii")).digest()


def _days(dates: Iterable[str]) -> set[int]:
    """The dates that are dates, as day numbers (arithmetic on numbers: a
    day after 9999-12-31 is no date, so ``date + 1 day`` would raise)."""
    return {parse_date(d).toordinal() for d in dates if is_date(d)}


def run_to(won: Iterable[str], end: str | None) -> int:
    """How many consecutive dates of ``won`` end at ``end`` (0 when ``end``
    is not among them, or None)."""
    days = _days(won)
    if end is None or not is_date(end):
        return 0
    n, day = 0, parse_date(end).toordinal()
    while day - n in days:
        n += 1
    return n


def longest_run(won: Iterable[str]) -> int:
    """The longest run of consecutive dates in ``won``."""
    days = _days(won)
    best = 0
    for day in days:
        if day - 1 not in days:  # the start of a run
            n = 1
            while day + n in days:
                n += 1
            best = max(best, n)
    return best


def newest_first(dates: Collection[str], latest: str | None) -> list[str]:
    """``dates`` to list, newest first, those up to ``latest`` (the date
    counted last) before any after it: a date from a clock that was ahead
    once does not stay on top of the list for ever.

    >>> newest_first(["2026-12-01", "9999-12-31", "2026-12-02"], "2026-12-02")
    ['2026-12-02', '2026-12-01', '9999-12-31']
    """
    order = sorted((d for d in dates if is_date(d)), reverse=True)
    if latest is None or not is_date(latest):
        return order
    return [d for d in order if d <= latest] + [d for d in order if d > latest]


__all__ = ["DATE", "DATE_PATTERN", "daily_digest", "is_date", "longest_run", "newest_first", "parse_date", "run_to", "today"]
