"""The daily deal of Gaps (issue 15): a date's deal comes from the date
alone (SHA-256 of "gaps-daily-YYYY-MM-DD"), so it is pinned here; the
command line plays the same deal; a daily game is counted in its rule
set's row and in its date's row, and the statistics file still fits its
shape (also one written before the daily deals and the best time)."""

from __future__ import annotations

import datetime
import json

import pytest

from game.engine.core import Outcome
from game.engine.dates import is_date, parse_date, today
from game.engine.match import Match, Seat
from game.engine.schema import problems
from game.games import gaps as G
from game.games.gaps import cli
from game.games.gaps.notation import format_grid
from game.games.gaps.policy import DAILY_KEEP, fold_daily
from game.persistence.shapes import STATS
from game.ui.tables import gaps as gaps_ui
from tests.clock import set_clock


def first_row(day: str) -> str:
    return format_grid(G.GAME.new_game(G.DAILY_OPTIONS, G.daily_seed(day)).grid).split("\n")[0]


def test_a_fixed_date_gives_a_fixed_deal():
    # pinned: a change of the hash, the text hashed or the shuffle deals other cards on that date
    assert G.daily_seed("2026-12-02") == 405904825
    assert first_row("2026-12-02") == "5S 8C 4S 3S 6C 6S 7S QD KS 6H 10D 8D --"
    assert G.DAILY_OPTIONS == {"redeals": 2, "layout": ""}  # the rules' scheme


def test_two_dates_give_two_deals_and_a_date_is_strict():
    days = ["2026-12-02", "2026-12-03", "2027-12-02", "2026-01-01"]
    assert len({G.daily_seed(d) for d in days}) == len(days)
    assert len({first_row(d) for d in days}) == len(days)
    assert all(1 <= G.daily_seed(d) <= 999_999_999 for d in days)  # the setup's nine-digit field takes it
    for bad in ("2026-02-30", "2026-12-2", " 2026-12-02", "tomorrow", ""):
        with pytest.raises(ValueError):
            parse_date(bad)
        assert not is_date(bad)


def test_the_command_line_plays_the_same_deal(capsys):
    assert cli.sim(["--daily", "2026-12-02", "--strategy", "greedy", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["daily"] == "2026-12-02" and res["seed"] == 405904825 and res["deals"] == 1 and res["redeals"] == 2
    assert res["layout"].split("\n")[0] == first_row("2026-12-02")
    assert res["layout"] == format_grid(G.GAME.new_game({"redeals": 2}, 405904825).grid)
    with pytest.raises(SystemExit):
        cli.sim(["--daily", "2026-12-02", "--seed", "5"])
    with pytest.raises(SystemExit):
        cli.sim(["--daily", "2026-12-02", "--redeals", "0"])


def _finished(day: str | None, elapsed: float, assisted: bool = False) -> Match:
    meta: dict = {"elapsed": elapsed, "assisted": assisted}
    if day:
        meta["daily"] = day
    m = Match.start(G.GAME, dict(G.DAILY_OPTIONS), G.daily_seed(day or "2026-12-02"), [Seat("P")], meta=meta)
    m.stop()
    return m


def test_a_daily_game_counts_in_its_rule_set_and_in_its_date():
    st: dict = {}
    for m in (_finished("2026-12-02", 300.0), _finished("2026-12-02", 200.0), _finished(None, 50.0)):
        G.POLICY.fold_game(st, m, m.outcome, m.meta)
    assert st["r2"]["games"] == 3
    day = st["daily"]["2026-12-02"]
    assert day["games"] == 2 and day["wins"] == 0 and day["best"] == G.score(_finished(None, 0).state)
    assert "best_time" not in day and "best_time" not in st["r2"]  # a time is kept for wins only
    # a win: the fastest win is kept, in the whole seconds the clock shows (250.6 s is 4:10)
    won = Outcome((0,), (48,), G.GAME.outcome(_finished(None, 0).state).reason, won=True)
    G.fold_outcome(st, G.DAILY_OPTIONS, G.GapsMeta(elapsed=250.6, daily="2026-12-02"), 1, won)
    G.fold_outcome(st, G.DAILY_OPTIONS, G.GapsMeta(elapsed=400.0, daily="2026-12-02"), 0, won)
    assert st["daily"]["2026-12-02"]["best_time"] == 250 and st["r2"]["best_time"] == 250
    assert st["daily"]["2026-12-02"]["wins"] == 2 and st["daily"]["2026-12-02"]["best_redeals"] == 0
    assert problems(STATS, {"schema": 1, "games": {"gaps": st}}) == []


def test_only_the_latest_dates_are_kept_and_old_files_still_fit():
    st: dict = {}
    first = datetime.date(2026, 1, 1)
    for i in range(DAILY_KEEP + 5):
        fold_daily(st, (first + datetime.timedelta(days=i)).isoformat(), False, 10, 2)
    assert len(st["daily"]) == DAILY_KEEP and min(st["daily"]) == (first + datetime.timedelta(days=5)).isoformat()  # the oldest went
    assert problems(STATS, {"schema": 1, "games": {"gaps": st}}) == []
    old = {"r2": {"games": 3, "wins": 1, "best": 48, "streak": 1, "best_streak": 1}, "r0-layout": {"games": 1}}
    assert problems(STATS, {"schema": 1, "games": {"gaps": old}}) == []
    assert problems(STATS, {"schema": 1, "games": {"gaps": {"r3": {}}}}) != []
    assert problems(STATS, {"schema": 1, "games": {"gaps": {"daily": {"tomorrow": {}}}}}) != []


def test_a_clock_that_jumps_neither_freezes_nor_breaks_the_daily_deals(monkeypatch):
    """Issue 49: each date counts once in any order; the dates won in a row
    run up to the date counted last, and the latest dates listed are
    those up to it (a date from a clock that was ahead, 9999-12-31 even,
    stayed on top of the list for ever)."""
    st: dict = {}
    won = Outcome((0,), (48,), G.GAME.outcome(_finished(None, 0).state).reason, won=True)
    lost = G.GAME.outcome(_finished(None, 0).state)

    def play(day: str, win: bool = True) -> None:
        set_clock(monkeypatch, day)
        G.fold_outcome(st, G.DAILY_OPTIONS, G.GapsMeta(elapsed=100.0, daily=today()), 1, won if win else lost)

    def daily_lines() -> list[tuple[str, str]]:
        lines = gaps_ui.stats_lines(st, "en")
        return lines[[label for label, _ in lines].index("Daily deals") :]

    play("2026-12-01")
    play("2026-12-02")
    play("2027-06-01")  # the clock ahead
    play("2026-12-03")  # and right again
    assert daily_lines()[:2] == [("Daily deals", "4 days played · 4 won"), ("· daily deals won in a row, now / best", "3 / 3")]
    play("9999-12-31", win=False)
    assert daily_lines()[1] == ("· daily deals won in a row, now / best", "0 / 3")
    play("2026-12-04")
    play("2026-12-04", win=False)  # the same deal again: the date is counted already
    assert daily_lines() == [
        ("Daily deals", "6 days played · 5 won"),
        ("· daily deals won in a row, now / best", "4 / 4"),
        ("· 2026-12-04", "won, fastest in 1:40"),
        ("· 2026-12-03", "won, fastest in 1:40"),
        ("· 2026-12-02", "won, fastest in 1:40"),
    ]
    assert problems(STATS, {"schema": 1, "games": {"gaps": st}}) == []


def test_a_date_before_all_kept_is_counted_when_the_dates_are_full():
    """With :data:`DAILY_KEEP` dates kept, a date older than all of them
    (a clock set back) was dropped the moment it was counted."""
    st: dict = {}
    first = datetime.date(2026, 1, 1)
    for i in range(DAILY_KEEP):
        fold_daily(st, (first + datetime.timedelta(days=i)).isoformat(), True, 48, 0)
    fold_daily(st, "2025-06-01", True, 48, 0, 99.0)
    assert st["daily"]["2025-06-01"] == {"games": 1, "wins": 1, "best": 48, "best_redeals": 0, "best_time": 99}
    assert len(st["daily"]) == DAILY_KEEP and "2026-01-01" not in st["daily"]
    # the run of 1,000 days won is the best, though its first date is gone now
    assert G.daily_streak(st) == (1, DAILY_KEEP)


def test_an_old_file_without_the_date_counted_last_ends_the_run_at_its_latest_date():
    old = {"daily": {"2026-12-01": {"games": 1, "wins": 1}, "2026-12-02": {"games": 2, "wins": 1}, "2026-11-20": {"games": 1, "wins": 0}}}
    assert problems(STATS, {"schema": 1, "games": {"gaps": old}}) == []
    assert G.daily_streak(old) == (2, 2)
    fold_daily(old, "2026-12-03", True, 48, 1)
    assert G.daily_streak(old) == (3, 3) and old["daily_latest"] == "2026-12-03"
