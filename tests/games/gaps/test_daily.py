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
from game.engine.match import Match, Seat
from game.games import gaps as G
from game.games.gaps import cli
from game.games.gaps.notation import format_grid
from game.games.gaps.policy import DAILY_KEEP, fold_daily
from game.persistence.schema import problems
from game.persistence.shapes import STATS


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
            G.parse_date(bad)
        assert not G.is_date(bad)


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
