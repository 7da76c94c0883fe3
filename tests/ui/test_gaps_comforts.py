"""The comforts of the Gaps table (issue 15): the moves on the board
(undo takes one off, redo puts it back, a redeal is no move), the clock
driven by the frame's dt (it stands still while the window has lost the
focus, under another scene and after the end; hidden by a button whose
choice is kept in the settings, it still runs), time kept in the save
(an old save without it still loads), today's deal from the setup, and
the session summary (from the header, and on the way to the menu after a
deal played to its end)."""

from __future__ import annotations

import pygame

from game.games import gaps as G
from game.persistence.saves import load_stats, read_save
from game.persistence.settings import load_settings
from game.persistence.setups import load_setup
from game.ui.kit.overlay import ResultScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules import RulesScene
from game.ui.tables import gaps as gaps_ui
from game.ui.tables.gaps import setup as gaps_setup
from game.ui.tables.gaps.session import session_of
from game.ui.tables.gaps.summary import SummaryScene, summary_rows
from game.ui.tables.gaps.table import GapsTable
from tests.ui.helpers import button, key, post, press, pump, settle
from tests.ui.test_gaps_table import _setup, a_move, mid_game, open_table


def frames(app, n: int, dt: float = 0.1) -> None:
    for _ in range(n):
        app.step(dt, events=[])


def test_the_move_counter_counts_moves_on_the_board(app):
    t = mid_game(app)
    before = t.model.moves_made()
    assert before == sum(isinstance(a, G.Move) for a in t.match.actions) > 0
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    assert t.model.moves_made() == before + 1
    key(app, pygame.K_u)
    settle(app, 0.3)
    assert t.model.moves_made() == before  # taken back: off the count
    key(app, pygame.K_y)
    settle(app, 0.3)
    assert t.model.moves_made() == before + 1
    # a redeal is no move
    t2 = open_table(app, gaps_ui._no_moves())
    n = t2.model.moves_made()
    press(app, "Redeal (2 left)")
    settle(app, 1.0)
    assert t2.view.redeals == 1 and t2.model.moves_made() == n


def test_the_clock_runs_on_dt_and_stands_still_away_from_the_table(app):
    t = mid_game(app)
    t0 = t.model.elapsed
    frames(app, 10)  # 10 frames of 0.1 s
    assert abs(t.model.elapsed - t0 - 1.0) < 1e-6
    # the window loses the focus: the clock stands
    post(pygame.WINDOWFOCUSLOST)
    pump(app, 1)
    t1 = t.model.elapsed
    frames(app, 10)
    assert t.model.elapsed == t1 and not t.model.clock_running()
    post(pygame.WINDOWFOCUSGAINED)
    pump(app, 1)
    frames(app, 5)
    assert t.model.elapsed > t1 + 0.49
    # a key reaches only a focused window: the clock runs again
    post(pygame.WINDOWMINIMIZED)
    pump(app, 1)
    assert not t.model.clock_running()
    key(app, pygame.K_LEFT)
    assert t.model.clock_running()
    # under another scene (the rules) it stands, and goes on after it
    app.push(RulesScene(app, "gaps"))
    t2 = t.model.elapsed
    frames(app, 10)
    assert t.model.elapsed == t2
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is t
    frames(app, 5)
    assert t.model.elapsed > t2 + 0.49


def test_the_clock_stops_at_the_end(app):
    t = open_table(app, gaps_ui._no_moves())
    frames(app, 3)
    press(app, "End the game")
    press(app, "End the game")
    settle(app, 0.5)
    assert isinstance(app.scenes.top, ResultScene) and t.finished
    app.scenes.reset(t)  # the finished table on top again: no more time
    e = t.model.elapsed
    frames(app, 10)
    assert t.model.elapsed == e and not t.model.clock_running()


def test_hiding_the_clock_is_kept_in_the_settings_and_it_still_runs(app):
    t = mid_game(app)
    assert t.timer_shown() and app.settings.gaps_timer
    press(app, "Hide time")
    assert not app.settings.gaps_timer and button(app, "Show time")
    assert load_settings()[0].gaps_timer is False  # written to the file
    e = t.model.elapsed
    frames(app, 5)
    assert t.model.elapsed > e  # hidden, not stopped
    key(app, pygame.K_t)
    assert app.settings.gaps_timer and button(app, "Hide time")
    assert load_settings()[0].gaps_timer is True


def test_time_is_saved_and_resumed_and_an_old_save_still_loads(app):
    t = mid_game(app)
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    frames(app, 20)  # 2 s after the last move
    app.scenes.reset(MenuScene(app))  # leaving (or closing) saves the time since the last move
    data, problem = read_save("gaps")
    assert problem is None and data is not None
    saved = data["table"]["elapsed"]
    assert saved == round(t.model.elapsed, 2) and saved >= 2.0
    assert gaps_ui.resume(app, data) is None
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and t2.model.elapsed == saved and t2.model.moves_made() == t.model.moves_made()
    # a save from before the clock: no "elapsed", the clock starts at 0
    del data["table"]["elapsed"]
    assert gaps_ui.resume(app, data) is None
    t3 = app.scenes.top
    assert isinstance(t3, GapsTable) and t3.model.elapsed == 0.0 and t3.view.grid == t.view.grid


def test_todays_deal_from_the_setup(app, monkeypatch):
    monkeypatch.setattr(gaps_setup, "today", lambda: "2026-12-02")
    s = _setup(app)
    assert "2026-12-02" in s.fields()[-1].body  # the note names the date
    press(app, "0")  # the redeals chosen do not change the daily deal's rules
    press(app, "Today's deal")
    t = app.scenes.top
    assert isinstance(t, GapsTable)
    assert t.match.seed == G.daily_seed("2026-12-02") == 405904825 and t.view.max_redeals == 2
    assert t.model.daily == "2026-12-02" and load_setup("gaps")[0] == {"redeals": 0, "deals": "any"}  # the setup keeps its own choices
    assert t.view.grid == G.GAME.new_game(G.DAILY_OPTIONS, 405904825).grid
    # given up half-way for a new deal, it counts in its rule set and its date
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    press(app, "New deal")
    press(app, "New deal")
    stats = load_stats()[0]["gaps"]
    assert stats["r2"]["games"] == 1 and stats["daily"]["2026-12-02"]["games"] == 1
    press(app, "Menu")
    assert isinstance(app.scenes.top, MenuScene)  # given up half-way: no summary for that alone
    assert session_of(app).games == 1


def test_the_summary_after_a_deal_played_to_its_end_and_from_the_header(app):
    t = open_table(app, gaps_ui._no_moves())
    sc = G.score(t.view)
    press(app, "Session")
    sm = app.scenes.top
    assert isinstance(sm, SummaryScene) and sm.rows() == []  # nothing ended yet
    e = t.model.elapsed
    frames(app, 5)
    assert t.model.elapsed == e  # the clock stands under the summary
    press(app, "Close")
    assert app.scenes.top is t
    press(app, "End the game")
    press(app, "End the game")
    settle(app, 0.5)
    res = app.scenes.top
    assert isinstance(res, ResultScene) and any(line.startswith("Time: ") for line in res.lines)
    press(app, "Menu")
    sm = app.scenes.top
    assert isinstance(sm, SummaryScene) and isinstance(app.scenes.scenes[-2], MenuScene)
    rows = dict(sm.rows())
    assert rows["Deals played"] == "1" and rows["Won"] == "0" and rows["Wins in a row now (without help)"] == "0"
    assert rows["Best score"] == f"{sc} (no redeal used)" and rows["Fastest win"] == "–"
    assert rows["All sessions: streak now / best"] == "0 / 0"  # from the statistics file
    key(app, pygame.K_RETURN)  # Close has the focus
    assert isinstance(app.scenes.top, MenuScene)
    # shown once for that deal: leaving another table now goes straight to the menu
    open_table(app, gaps_ui._match(4321))
    press(app, "Menu")
    assert isinstance(app.scenes.top, MenuScene)


def test_summary_rows_count_wins_streak_best_and_fastest():
    s = gaps_ui.sample_session()
    rows = dict(summary_rows(s, "en", {"r2": {"streak": 1, "best_streak": 4}}))
    assert rows["Deals played"] == "5" and rows["Won"] == "3 (1 with help)"
    assert rows["Wins in a row now (without help)"] == "1"  # a loss ended it, the win with help left it
    assert rows["Best score"] == "48 (1 redeal used)" and rows["Fastest win"] == "5:18 · 97 moves"
    assert rows["Daily deal 2026-12-02"] == "won" and rows["All sessions: streak now / best"] == "1 / 4"
    de = dict(summary_rows(s, "de", None))
    assert de["Schnellster Sieg"] == "5:18 · 97 Züge" and "Spiel des Tages, 2.12.2026" in de


def test_the_statistics_show_the_fastest_win_and_the_daily_deals():
    st = {
        "r2": {"games": 12, "wins": 3, "best": 48, "best_redeals": 1, "best_time": 318},
        "r1": {"games": 2, "best": 30},  # a row from before the clock: no fastest win line
        "daily": {d: {"games": 1, "wins": int(d != "2026-11-30"), "best": 48 if d != "2026-11-30" else 37, "best_time": 455} for d in ("2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02")},
    }
    del st["daily"]["2026-12-01"]["best_time"]
    lines = gaps_ui.stats_lines(st, "en")
    assert lines.count(("· fastest win", "5:18")) == 1
    assert ("Daily deals", "4 days played · 3 won") in lines
    daily = lines[lines.index(("Daily deals", "4 days played · 3 won")) + 1 :]
    # the dates won in a row up to the latest (a file of before issue 49), and the latest three
    assert daily == [("· daily deals won in a row, now / best", "2 / 2"), ("· 2026-12-02", "won, fastest in 7:35"), ("· 2026-12-01", "won"), ("· 2026-11-30", "best 37 of 48")]
    assert ("Spiele des Tages", "an 4 Tagen gespielt · 3 gewonnen") in gaps_ui.stats_lines(st, "de")


def test_closing_the_window_keeps_the_time_since_the_last_move(app):
    """A deal resumed at 0:39 after the window was closed at 1:29: closing
    the window stopped the loop without leaving the table, so the save
    held the time of the last move."""
    t = mid_game(app)
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    frames(app, 30)  # 3 s with no move
    post(pygame.QUIT)
    app.step(1 / 60)
    assert not app.running
    data, problem = read_save("gaps")
    assert problem is None and data is not None
    assert data["table"]["elapsed"] == round(t.model.elapsed, 2) >= 3.0
