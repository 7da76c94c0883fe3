"""The statistics of solo rounds: every round, and today's rule by date."""

from __future__ import annotations

import pytest

from game.engine import GameRunner
from game.games.delphi.solo import SOLO, daily_round
from game.games.delphi.solo_stats import fold_result, fold_solo


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
    assert st["daily"]["days"] == 1 and st["daily"]["solved"] == 1 and st["daily"]["streak"] == 1
    with pytest.raises(ValueError):
        fold_solo(st, runner.states[1])


def test_the_streak_counts_consecutive_dates_solved():
    st: dict = {}
    for day, solved in (("2026-12-01", 1), ("2026-12-02", 1), ("2026-12-03", 1), ("2026-12-05", 1), ("2026-12-06", 0), ("2026-12-07", 1)):
        fold_result(st, score=20 if solved else 0, solved_at=11 if solved else 0, wrong=0, daily=day)
    d = st["daily"]
    assert d["days"] == 6 and d["solved"] == 5
    assert d["best_streak"] == 3 and d["streak"] == 1
    fold_result(st, score=5, solved_at=20, wrong=3, daily="2026-12-02")  # going back: not counted
    assert st["daily"]["days"] == 6 and st["rounds"]["games"] == 7


def test_statistics_of_an_older_or_damaged_file_are_read_leniently():
    st = {"rounds": "nonsense", "daily": {"days": "3", "last": "2026-13-01"}}
    fold_result(st, score=10, solved_at=21, wrong=0, daily="2026-12-01")
    assert st["rounds"]["games"] == 1 and st["daily"]["days"] == 1 and st["daily"]["streak"] == 1
