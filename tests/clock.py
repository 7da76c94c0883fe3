"""A clock for the tests of the daily games: ``set_clock(monkeypatch,
day)`` makes ``datetime.date.today()`` (what :func:`game.engine.dates.today`
reads) give ``day``; None is a clock past the year 9999, where it raises."""

from __future__ import annotations

import datetime

from game.engine import dates


class Clock(datetime.date):
    #: (not ``day``: that is the day of the month of every date made now)
    now: datetime.date | None = None

    @classmethod
    def today(cls):
        if cls.now is None:
            raise ValueError("year 10000 is out of range")
        return cls.now


def set_clock(monkeypatch, day: str | None) -> None:
    """From now on in this test the player's date is ``day``."""
    monkeypatch.setattr(dates._dt, "date", Clock)
    monkeypatch.setattr(Clock, "now", None if day is None else datetime.datetime.strptime(day, "%Y-%m-%d").date())
