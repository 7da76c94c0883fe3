"""The statistics' pictures: built from the history by a pure function
(made-up histories, empty ones, lines that do not fit), the history kept
beside each game's totals in a way old files still load, a finished game
adding its line once, and the screen showing pictures and numbers."""

from __future__ import annotations

import json
from itertools import pairwise

import pygame

from game.engine.core import Outcome, msg
from game.engine.registry import info
from game.persistence.history import HISTORY_KEEP, added, result_line
from game.persistence.saves import count_once, load_stats, load_stats_history, stats_path
from game.ui.scenes.stats import StatsScene, number, ring, sample
from game.ui.scenes.statsgraph import DAYS_SHOWN, RECENT_SHOWN, Bin, Graphs, bins, graphs
from game.ui.tables import built
from tests.ui.helpers import drawn_texts, key, press, pump

R = msg("engine.not_your_turn")


def line(day: str, won: bool, score: float | None = None) -> dict:
    out: dict = {"day": day, "won": won}
    if score is not None:
        out["score"] = score
    return out


# --- the pure part ---------------------------------------------------------------------------------


def test_empty_and_missing_histories_give_empty_pictures():
    for h in (None, [], {}, "x", [1, "a", None]):
        g = graphs(h)
        assert g == Graphs() and g.empty


def test_days_streaks_and_scores_from_a_made_up_history():
    h = [
        line("2026-12-01", False, 20),
        line("2026-12-01", True, 48),
        line("2026-12-03", True, 48),
        line("2026-12-03", True, 48),
        line("2026-12-03", False, 31),
        line("2026-12-04", True, 48),
        line("2026-12-04", True, 48),
    ]
    g = graphs(h)
    assert [(d.day, d.games, d.wins, d.best) for d in g.days] == [("2026-12-01", 2, 1, 48), ("2026-12-03", 3, 2, 48), ("2026-12-04", 2, 2, 48)]
    assert g.recent == (False, True, True, True, False, True, True)
    assert (g.streak, g.best_streak) == (2, 3)
    assert (g.games, g.wins, g.day_count) == (7, 5, 3)
    assert (g.low, g.high) == (20, 48) and abs(g.mean - (20 + 48 * 5 + 31) / 7) < 1e-9
    assert sum(b.count for b in g.bins) == 7


def test_lines_that_do_not_fit_are_passed_over():
    h = [line("2026-12-01", True, 5), {"day": "yesterday", "won": True}, {"day": "2026-12-02", "won": "yes"}, line("2026-12-02", False), {"day": "2026-12-02", "won": True, "score": float("nan")}]
    g = graphs(h)
    assert g.games == 3 and g.recent == (True, False, True)
    assert sum(b.count for b in g.bins) == 1  # two have no score that counts


def test_only_the_latest_days_and_games_are_drawn():
    h = [line(f"2026-11-{d:02d}", d % 2 == 0, d) for d in range(1, 31) for _ in range(2)]
    g = graphs(h)
    assert len(g.days) == DAYS_SHOWN and g.days[-1].day == "2026-11-30" and g.days[0].day == f"2026-11-{31 - DAYS_SHOWN:02d}"
    assert len(g.recent) == RECENT_SHOWN and g.games == 60


def test_few_whole_scores_get_a_bar_each_and_many_share_bars():
    assert bins([0, 0, 3, 7]) == tuple(Bin(v, v, {0: 2, 3: 1, 7: 1}.get(v, 0)) for v in range(8))
    wide = bins(list(range(-40, 143)))
    assert len(wide) <= 12 and sum(b.count for b in wide) == 183
    assert wide[0].low == -40 and wide[-1].high >= 142
    assert all(a.high + 1 == b.low for a, b in pairwise(wide))
    frac = bins([0.5, 1.25, 9.75])
    assert len(frac) == 12 and sum(b.count for b in frac) == 3
    assert bins([3.5, 3.5]) == (Bin(3.5, 3.5, 2),)
    assert bins([]) == ()


# --- the line a game adds ---------------------------------------------------------------------------


def test_the_line_of_a_game_from_its_outcome():
    solo = Outcome((0,), (48.0,), R, won=True)
    assert result_line(solo, [0], "2026-12-07") == {"day": "2026-12-07", "won": True, "score": 48}
    lost = Outcome((), (31.0,), R, won=False)
    assert result_line(lost, [0], "2026-12-07") == {"day": "2026-12-07", "won": False, "score": 31}
    # between players: a person among the winners, the best person's score
    race = Outcome((2,), (10.0, 35.5, 60.0), R)
    assert result_line(race, [0, 1], "2026-12-07") == {"day": "2026-12-07", "won": False, "score": 35.5}
    assert result_line(race, [2], "2026-12-07")["won"] is True
    # computers alone, no date, no outcome: no line
    assert result_line(race, [], "2026-12-07") is None
    assert result_line(race, [0], None) is None
    assert result_line(None, [0], "2026-12-07") is None


def test_the_history_keeps_the_latest():
    h: list = []
    for i in range(HISTORY_KEEP + 5):
        h = added(h, line("2026-12-07", True, i))
    assert len(h) == HISTORY_KEEP and h[0]["score"] == 5


# --- the file -------------------------------------------------------------------------------------------


def test_an_old_statistics_file_still_loads_and_gets_its_history_from_the_next_game(tmp_path, monkeypatch):
    monkeypatch.setenv("MTG_HOME", str(tmp_path))
    old = {"schema": 1, "games": {"gaps": {"r2": {"games": 3, "wins": 1, "score_sum": 100, "best": 48}}}, "counted": ["0123456789abcdef:40"]}
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps(old))
    stats, history, problem = load_stats_history()
    assert problem is None and stats == old["games"] and history == {}
    assert load_stats() == (old["games"], None)
    new, problem = count_once("gaps", "fedcba9876543210:12", lambda st: st["r2"].update(games=4), line("2026-12-07", False, 30))
    assert new and problem is None
    stats, history, problem = load_stats_history()
    assert problem is None and stats["gaps"]["r2"]["games"] == 4
    assert history == {"gaps": [line("2026-12-07", False, 30)]}
    # the same game again adds nothing, its line neither
    new, _ = count_once("gaps", "fedcba9876543210:12", lambda st: st["r2"].update(games=99), line("2026-12-07", False, 30))
    assert not new and load_stats_history()[1] == {"gaps": [line("2026-12-07", False, 30)]}
    # another game's count keeps this one's lines
    count_once("runs", "00000000000000ff:3", lambda st: st.update(games=1), line("2026-12-07", True, 80))
    assert load_stats_history()[1] == {"gaps": [line("2026-12-07", False, 30)], "runs": [line("2026-12-07", True, 80)]}


def test_a_history_that_does_not_fit_is_dropped_and_the_totals_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("MTG_HOME", str(tmp_path))
    bad = {
        "schema": 1,
        "games": {"runs": {"games": 2}},
        "history": {"runs": [line("2026-12-07", True, 1)], "gaps": [{"day": "soon", "won": 1}], "nope": []},
    }
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps(bad))
    stats, history, problem = load_stats_history()
    assert problem is not None  # said, and the file as it was kept aside
    assert stats == {"runs": {"games": 2}} and history == {"runs": [line("2026-12-07", True, 1)]}


# --- the screen ---------------------------------------------------------------------------------------


def test_the_screen_shows_each_games_pictures_and_numbers(app):
    app.scenes.push(StatsScene(app, sample()))
    pump(app, 2)
    sc = app.scenes.top
    for gid in built():
        sc.show(gid)
        pump(app, 1)
        g = sc.graphs(gid)
        assert not g.empty
        texts = drawn_texts(app)
        days = "Results by day" if len(g.days) == g.day_count else f"The latest {len(g.days)} days played"
        assert days in texts and "Scores" in texts and info(gid).name("en") in texts
        assert f"Wins in a row: {g.streak} now, best {g.best_streak}" in texts
        assert f"{g.games} played · {g.wins} won · {g.day_count} days" in texts
        assert f"{sum(b.count for b in g.bins)} games · lowest {number(g.low, 'en')} · mean {number(g.mean, 'en')} · highest {number(g.high, 'en')}" in texts
        assert f"won of {g.games} games" in texts and f"{round(100 * g.wins / g.games)} %" in texts
        for label, value in sc.lines(gid)[:3]:
            assert label in texts and value in texts


def test_the_tabs_go_by_keyboard(app):
    app.scenes.push(StatsScene(app, sample()))
    pump(app, 2)
    sc = app.scenes.top
    first = sc.game
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert sc.game != first and sc.game == built()[1]


def test_a_file_of_before_the_history_shows_its_numbers_and_says_why_no_pictures(app):
    app.scenes.push(StatsScene(app, ({"runs": {"games": 5, "rounds": 20}}, {})))
    pump(app, 2)
    sc = app.scenes.top
    assert sc.game == "runs"
    texts = drawn_texts(app)
    assert any("5" in t for t in texts)
    assert any(t.startswith("The pictures start with the next game") for t in texts)
    assert "Results by day" not in texts


def test_no_statistics_at_all(app):
    press(app, "Statistics")
    pump(app, 2)
    assert "No game of Mind the Gap finished yet." in drawn_texts(app)


def test_numbers_in_german_and_negative():
    assert number(-36, "en") == "−36" and number(34.9, "de") == "34,9" and number(None, "en") == "–"


def test_a_game_won_at_the_table_adds_its_line_once(app):
    from game.engine.dates import today
    from game.games import gaps as G
    from game.ui.kit import keep
    from game.ui.tables.gaps import NEAR_WON, _match

    m = _match(77, layout=NEAR_WON)
    before = keep.result_of(m)
    assert before is None  # a game under way adds no line
    moved = m.play(next(a for a in m.legal() if isinstance(a, G.Move)))
    assert m.over, moved
    told: list = []
    assert keep.count(app, m, "gaps", m.take_folds(), lambda message, problem: told.append(message))
    assert keep.count(app, m, "gaps", m.recount(), lambda message, problem: told.append(message))
    _, history, _ = load_stats_history()
    assert history["gaps"] == [{"day": today(), "won": True, "score": 48}]


def test_the_ring_covers_its_share_clockwise_from_the_top():
    def painted(share: float) -> set[str]:
        surf = pygame.Surface((100, 100))
        ring(surf, (50, 50), 40, 10, share, (255, 0, 0))
        spots = {"top": (50, 15), "right": (85, 50), "bottom": (50, 85), "left": (15, 50), "middle": (50, 50)}
        return {k for k, p in spots.items() if surf.get_at(p)[:3] == (255, 0, 0)}

    assert painted(0) == set()
    assert painted(0.3) == {"top", "right"}
    assert painted(0.6) == {"top", "right", "bottom"}
    assert painted(1.0) == {"top", "right", "bottom", "left"}


def test_one_game_says_one_day_and_one_game(app):
    app.scenes.push(StatsScene(app, ({}, {"gaps": [line("2026-12-07", False, 1)]})))
    pump(app, 2)
    texts = drawn_texts(app)
    assert "1 played · 0 won · 1 day" in texts and "1 game · lowest 1 · mean 1 · highest 1" in texts
    assert "The last game" in texts and "won of 1 game" in texts


def test_lines_past_the_panel_scroll_with_page_down_and_the_wheel(app):
    row = {"games": 5, "wins": 2, "score_sum": 150, "best": 48, "streak": 0, "best_streak": 1}
    many = {"gaps": {f"r{n}{x}": dict(row) for n in range(3) for x in ("", "-layout", "-winnable")}}
    app.scenes.push(StatsScene(app, (many, {})))
    pump(app, 2)
    sc = app.scenes.top
    lines = sc.lines("gaps")
    assert len(lines) > sc._numbers_room > 0
    heads = [label for label, _ in lines if not label.startswith("·")]
    first = drawn_texts(app)
    assert heads[0] in first and heads[-1] not in first
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    assert sc.scroll == sc.max_scroll > 0  # no further than the last line
    assert heads[-1] in drawn_texts(app) and heads[0] not in drawn_texts(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    pump(app, 1)
    assert sc.scroll == sc.max_scroll - 2


def test_a_reader_hears_the_figures_and_what_each_picture_shows(app):
    """The statistics screen's tree holds its numbers and each picture's
    figures in words, in the player's language (a bar cannot be read)."""
    from game.ui.a11y.nodes import Role
    from game.ui.scenes.stats import StatsScene, sample

    for lang in ("en", "de"):
        app.settings.language = lang
        scene = StatsScene(app, sample(), game="gaps")
        app.push(scene)
        app.step(0.016)
        tree = scene.a11y_tree()
        said = [n.name for n in tree.root.walk() if n.role is Role.LABEL]
        shown = scene.said_lines()
        assert len(said) == len(shown) >= 4
        assert any(scene.graphs("gaps").games and str(scene.graphs("gaps").games) in t for t in said)
        assert not any(t.startswith("·") for t in said)
        app.pop()
