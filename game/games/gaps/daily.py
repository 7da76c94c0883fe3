"""Today's deal: one deal per calendar date, the same for everyone.

The deal number of a date is taken from the date's digest
(:func:`game.engine.dates.daily_digest` of ``gaps-daily``: the SHA-256 of
``gaps-daily-YYYY-MM-DD``), so every copy of the game on every platform
deals the same cards on that date.  It is an ordinary deal number (1 to
999,999,999, as the setup's random deals and its nine-digit field),
played under the rules' own scheme: two redeals.  How dates are written
and counted is the shared calendar's (:mod:`game.engine.dates`).

>>> daily_seed("2026-12-02") == daily_seed(_dt.date(2026, 12, 2))
True
>>> daily_seed("2026-12-02") != daily_seed("2026-12-03")
True
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from game.engine.dates import daily_digest
from game.games.gaps.state import MAX_REDEALS

#: the options of every daily deal: the rules' scheme, no pasted layout
DAILY_OPTIONS: dict[str, Any] = {"redeals": MAX_REDEALS, "layout": ""}
#: deal numbers 1 .. 999,999,999: what the setup's field takes
_DEALS = 10**9 - 1

__all__ = ["DAILY_OPTIONS", "daily_seed"]


def daily_seed(day: _dt.date | str) -> int:
    """The deal number of ``day`` (a date or ``YYYY-MM-DD``)."""
    return int.from_bytes(daily_digest("gaps-daily", day)[:8], "big") % _DEALS + 1
