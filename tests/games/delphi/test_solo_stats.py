"""The statistics of solo rounds: every round, and today's rule by date."""

from __future__ import annotations

import pytest

from game.engine import GameRunner
from game.engine.dates import today
from game.engine.schema import problems
from game.games.delphi.solo import SOLO, daily_round
from game.games.delphi.solo_stats import daily_streak, fold_result, fold_solo
from game.persistence.shapes import STATS
from game.ui.tables.delphi.solo_setup import daily_lines
from tests.clock import set_clock


def solved_daily(day: str) -> GameRunner:
    options, seed = daily_round(day)
    runner = GameRunner.start(SOLO, options, seed)
    runner.play(SOLO.action_from_text(f"play {runner.state.hand[0].code}"))
    runner.play(SOLO.action_from_text("guess card.rank > 13"))  # wrong: accepts nothing
    runner.play(SOLO.action_from_text(f"play {runner.state.hand[0].code}"))
    runner.play(SOLO.action_from_text(f"guess {options['rule']}"))
    return runner


def test_a_finished_daily_round_counts_once_and_a_running_one_not_at_all():
    st: dict = {}
    runner = solved_daily("2026-12-05")
    s = runner.state
    assert s.score == 31 - 2 - 2
    fold_solo(st, s)
    fold_solo(st, s)  # the same date again: a round of practice
    assert st["rounds"]["games"] == 2 and st["rounds"]["best"] == s.score
    assert st["daily"]["days"] == 1 and st["daily"]["solved"] == 1 and daily_streak(st["daily"]) == (1, 1)
    with pytest.raises(ValueError):
        fold_solo(st, runner.states[1])


def test_the_streak_counts_consecutive_dates_solved():
    st: dict = {}
    for day, solved in (("2026-12-01", 1), ("2026-12-02", 1), ("2026-12-03", 1), ("2026-12-05", 1), ("2026-12-06", 0), ("2026-12-07", 1)):
        fold_result(st, score=20 if solved else 0, solved_at=11 if solved else 0, wrong=0, daily=day)
    d = st["daily"]
    assert d["days"] == 6 and d["solved"] == 5
    assert d["best_streak"] == 3 and daily_streak(d) == (1, 3)
    fold_result(st, score=5, solved_at=20, wrong=3, daily="2026-12-02")  # a date counted already: practice
    assert st["daily"]["days"] == 6 and st["rounds"]["games"] == 7


def test_statistics_of_an_older_or_damaged_file_are_read_leniently():
    st = {"rounds": "nonsense", "daily": {"days": "3", "last": "2026-13-01"}}
    fold_result(st, score=10, solved_at=21, wrong=0, daily="2026-12-01")
    assert st["rounds"]["games"] == 1 and st["daily"]["days"] == 1 and daily_streak(st["daily"]) == (1, 1)


def test_a_clock_that_jumps_neither_freezes_nor_breaks_todays_rule(monkeypatch):
    """Issue 49: one round played while the clock was ahead (a date in
    2027, or 9999-12-31) froze days played and the streak until that date
    came; the rounds after it counted only as rounds.  Now each date counts
    once in any order and the streak is the run of solved dates up to the
    date counted last."""
    st: dict = {}

    def play(day: str, solved: bool = True) -> None:
        set_clock(monkeypatch, day)
        if solved:
            fold_solo(st, solved_daily(today()).state)
        else:
            fold_result(st, score=0, solved_at=0, wrong=3, daily=today())

    def shown() -> tuple[str, str]:
        lines = dict(daily_lines({"solo": st}, "en"))
        return lines["Today's rule: days played"], lines["Today's rule: streak"]

    play("2026-12-01")
    play("2026-12-02")
    assert shown() == ("2", "2 (best 2)")
    play("2027-06-01")  # the clock ahead
    assert shown() == ("3", "1 (best 2)")
    play("2026-12-03")  # and right again: counted, and the run of December goes on
    assert shown() == ("4", "3 (best 3)")
    play("9999-12-31")  # the last day of the calendar
    assert shown() == ("5", "1 (best 3)")
    play("2026-12-04", solved=False)
    play("2026-12-05")
    assert shown() == ("7", "1 (best 3)")
    play("2026-12-05")  # a date counted already: a round of practice
    assert shown() == ("7", "1 (best 3)") and st["rounds"]["games"] == 8
    assert st["daily"]["solved"] == 6 and problems(STATS, {"schema": 1, "games": {"delphi": {"solo": st}}}) == []


@pytest.mark.parametrize(
    ("old", "now_shown", "after", "after_shown"),
    [
        # a file of before issue 49, written in order: its run of three ends at its last date
        ({"days": 5, "solved": 4, "best": 28, "streak": 3, "best_streak": 3, "last": "2026-12-05", "last_solved": "2026-12-05"}, "3 (best 3)", "2026-12-06", "4 (best 4)"),
        # the last date played was not solved
        ({"days": 6, "solved": 4, "best": 28, "streak": 0, "best_streak": 3, "last": "2026-12-06", "last_solved": "2026-12-05"}, "0 (best 3)", "2026-12-07", "1 (best 3)"),
        # frozen by a round dated ahead: what it held stays, and the next round counts
        ({"days": 9, "solved": 7, "best": 30, "streak": 1, "best_streak": 4, "last": "9999-12-31", "last_solved": "9999-12-31"}, "1 (best 4)", "2026-12-03", "1 (best 4)"),
    ],
)
def test_an_old_file_keeps_what_it_held_and_counts_on(old, now_shown, after, after_shown):
    st = {"solo": {"daily": dict(old)}}
    assert problems(STATS, {"schema": 1, "games": {"delphi": st}}) == []
    lines = dict(daily_lines(st, "en"))
    assert lines["Today's rule: days played"] == str(old["days"]) and lines["Today's rule: streak"] == now_shown
    fold_result(st["solo"], score=12, solved_at=14, wrong=1, daily=after)
    lines = dict(daily_lines(st, "en"))
    assert lines["Today's rule: days played"] == str(old["days"] + 1) and lines["Today's rule: streak"] == after_shown
    assert lines["Today's rule: days solved"] == str(old["solved"] + 1) and lines["Today's rule: best score"] == str(old["best"])
    assert problems(STATS, {"schema": 1, "games": {"delphi": st}}) == []
    assert not {"last", "last_solved", "streak"} & set(st["solo"]["daily"])  # the dates say it now
