"""Today's deal: one deal per calendar date, the same for everyone.

The deal number of a date is taken from the SHA-256 of the text
``gaps-daily-YYYY-MM-DD`` (never Python's ``hash()``, which differs from
run to run), so every copy of the game on every platform deals the same
cards on that date.  It is an ordinary deal number (1 to 999,999,999, as
the setup's random deals and its nine-digit field), played under the
rules' own scheme: two redeals.

>>> daily_seed("2026-12-02") == daily_seed(parse_date("2026-12-02"))
True
>>> daily_seed("2026-12-02") != daily_seed("2026-12-03")
True
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re
from typing import Any

from game.games.gaps.state import MAX_REDEALS

#: the options of every daily deal: the rules' scheme, no pasted layout
DAILY_OPTIONS: dict[str, Any] = {"redeals": MAX_REDEALS, "layout": ""}
#: how a date is written (in saves, statistics and on the command line)
DATE_PATTERN = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"
_DATE = re.compile(DATE_PATTERN)
#: deal numbers 1 .. 999,999,999: what the setup's field takes
_DEALS = 10**9 - 1


def parse_date(text: str) -> _dt.date:
    """``YYYY-MM-DD`` as a date; ValueError for anything else (also a
    date that does not exist, like 2026-02-30)."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ValueError(f"not a date like 2026-12-02: {text!r}")
    return _dt.date.fromisoformat(text)


def daily_seed(day: _dt.date | str) -> int:
    """The deal number of ``day`` (a date or ``YYYY-MM-DD``)."""
    d = parse_date(day) if isinstance(day, str) else day
    digest = hashlib.sha256(f"gaps-daily-{d.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % _DEALS + 1


def is_date(value: Any) -> bool:
    """A date text as the app writes it (and one that exists)."""
    try:
        parse_date(value)
    except ValueError:
        return False
    return True
