"""The statistics of Gaps as the statistics screen shows them: each rule
set's games and wins, the best score with the redeals it took, the mean
score with the mean redeals (issue 14), streaks and games with help; and
a statistics file written before the redeals were kept keeps loading."""

from __future__ import annotations

import json

from game.games import gaps as G
from game.persistence.saves import STATS_SCHEMA, load_stats, stats_path, update_stats
from game.ui.tables import gaps as gaps_ui


def test_statistics_fold_per_rule_set_with_assisted_wins_apart():
    st: dict = {}
    G.fold_stats(st, "r2", True, 48, False, 1)
    G.fold_stats(st, "r2", True, 48, False, 2)
    G.fold_stats(st, "r2", True, 48, True, 0)  # with help: apart, streak kept
    G.fold_stats(st, "r2", False, 30, False, 2)
    G.fold_stats(st, "r0", False, 12, False, 0)
    r2 = st["r2"]
    assert (r2["games"], r2["wins"], r2["assisted_wins"], r2["best"], r2["streak"], r2["best_streak"]) == (4, 2, 1, 48, 0, 2)
    lines = gaps_ui.stats_lines(st, "en")
    # the scores with the redeals they took: the best game's own, the mean over all games
    assert lines[:5] == [
        ("2 redeals", "4 played · 2 won without help (50 %)"),
        ("· best score", "48 (no redeal used)"),
        ("· mean score", "43.5 (1.2 redeals used)"),
        ("· winning streak now / best", "0 / 2"),
        ("· with help: won / played", "1 / 1"),
    ]
    assert lines[5:] == [
        ("0 redeals", "1 played · 0 won without help (0 %)"),
        ("· best score", "12"),  # no redeal allowed: nothing to say about them
        ("· mean score", "12.0"),
        ("· winning streak now / best", "0 / 0"),
    ]
    G.fold_stats(st, "r1", False, 40, False, 1)
    assert ("· best score", "40 (1 redeal used)") in gaps_ui.stats_lines(st, "en")
    de = dict(gaps_ui.stats_lines(st, "de"))
    assert de["2 Neuverteilungen"] == "4 gespielt · 2 ohne Hilfe gewonnen (50 %)"
    de_lines = gaps_ui.stats_lines(st, "de")
    assert ("· mittlere Punktzahl", "43,5 (1,2 Neuverteilungen genutzt)") in de_lines and ("· beste Punktzahl", "40 (1 Neuverteilung genutzt)") in de_lines
    assert gaps_ui.stats_lines({"r2": "nonsense", "r1": {"games": "x"}}, "en") == []


def test_a_statistics_file_of_before_keeps_loading_and_its_rows_are_shown(private_home):
    """A file as the app wrote it before the best score kept its redeals:
    read without a problem, shown (the best without redeals, the mean with
    them: every row always had ``redeals_used``), and the next game that
    reaches the best fills in its redeals."""
    old_row = {"games": 3, "wins": 1, "score_sum": 120, "redeals_used": 5, "best": 48, "streak": 1, "best_streak": 1}
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_text(json.dumps({"schema": STATS_SCHEMA, "games": {"gaps": {"r2": old_row}}}))
    games, problem = load_stats()
    assert problem is None and games["gaps"]["r2"] == old_row
    lines = gaps_ui.stats_lines(games["gaps"], "en")
    assert ("· best score", "48") in lines and ("· mean score", "40.0 (1.7 redeals used)") in lines
    assert update_stats("gaps", lambda st: G.fold_stats(st, "r2", True, 48, False, 1)) is None
    row = load_stats()[0]["gaps"]["r2"]
    assert (row["games"], row["best"], row["best_redeals"]) == (4, 48, 1)
    assert not list(stats_path().parent.glob("*.bad*"))
