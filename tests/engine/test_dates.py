"""The one calendar of the daily games (issue 49): dates count once in any
order, the streak is computed from the dates, and a clock that jumps
(ahead, back, to 9999-12-31 or past it) neither freezes nor breaks what
the other dates say."""

from __future__ import annotations

import datetime

from game.engine import dates
from tests.clock import set_clock


def test_the_players_date_follows_the_clock_to_the_last_day_and_past_it(monkeypatch):
    set_clock(monkeypatch, "2026-12-02")
    assert dates.today() == "2026-12-02"
    set_clock(monkeypatch, "9999-12-31")
    assert dates.today() == "9999-12-31" and dates.is_date(dates.today())
    set_clock(monkeypatch, None)
    assert dates.today() is None


def test_runs_are_counted_on_the_calendar_up_to_its_last_day():
    won = ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-03", "9999-12-30", "9999-12-31"]
    assert dates.run_to(won, "2027-01-01") == 3  # over the turn of the year
    assert dates.run_to(won, "2027-01-02") == 0  # not won
    assert dates.run_to(won, "9999-12-31") == 2  # no day after it is needed
    assert dates.run_to(won, None) == 0 and dates.run_to(won, "soon") == 0
    assert dates.longest_run(won) == 3 and dates.longest_run([]) == 0
    assert dates.longest_run(["0001-01-01", "0001-01-02", "bad"]) == 2  # the first day, and a stray text left out


def test_the_latest_dates_listed_are_those_up_to_the_date_counted_last():
    played = ["2026-12-01", "2026-12-02", "9999-12-31", "2027-06-01", "2026-12-03"]
    assert dates.newest_first(played, "2026-12-03")[:3] == ["2026-12-03", "2026-12-02", "2026-12-01"]
    assert dates.newest_first(played, "9999-12-31")[0] == "9999-12-31"
    assert dates.newest_first(played, None)[0] == "9999-12-31"


def test_a_days_digest_is_pinned():
    # the daily games deal from it: a change deals other cards on that date
    assert dates.daily_digest("gaps-daily", "2026-12-02").hex()[:16] == "4ed4760c6add4809"
    assert dates.daily_digest("gaps-daily", datetime.date(2026, 12, 2)) == dates.daily_digest("gaps-daily", "2026-12-02")
    assert dates.daily_digest("gaps-daily", "2026-12-02") != dates.daily_digest("delphi-solo-daily", "2026-12-02")
