"""``POLICY``: undo is allowed, and a finished match folds into the
statistics row of its rule set with the numbers the table always wrote."""

from __future__ import annotations

from game.engine.match import DEFAULT_POLICY, Match, Seat, policy_for
from game.games.gaps import GAME, POLICY, GapsMeta, GapsPolicy, fold_outcome, fold_stats, score, stats_key

from .helpers import layout

NEAR_WON = "\n".join(
    [
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS -- KS",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ]
)


def folded(match: Match) -> dict:
    stats: dict = {}
    for fold in match.take_folds():
        fold(stats)
    return stats


def test_the_package_policy_allows_undo():
    assert isinstance(POLICY, GapsPolicy) and POLICY is not DEFAULT_POLICY
    assert policy_for(GAME) is POLICY and POLICY.undo
    match = Match.start(GAME, {"redeals": 2}, 8, [Seat("Ann")])
    match.run(lambda m: len(m.actions) >= 2, stand_in="greedy")
    before = match.state
    last = match.actions[-1]
    assert match.can_undo() and match.undo() == last
    assert match.state != before and match.can_redo()
    match.redo()
    assert match.state == before


def test_the_statistics_row_is_the_rule_set():
    assert stats_key(GAME.validate_options({"redeals": 2})) == "r2"
    assert stats_key(GAME.validate_options({"redeals": 0})) == "r0"
    assert stats_key(GAME.validate_options({"redeals": 1, "layout": NEAR_WON})) == "r1-layout"


def test_a_won_match_folds_a_win_in_its_row():
    match = Match.start(GAME, {"redeals": 1, "layout": NEAR_WON}, 3, [Seat("Ann")])
    match.run(stand_in="greedy")
    assert match.outcome is not None and match.outcome.won
    assert folded(match) == {"r1-layout": {
        "games": 1, "score_sum": 48, "redeals_used": 0, "best": 48, "best_redeals": 0, "wins": 1, "streak": 1, "best_streak": 1,
    }}
    assert match.take_folds() == []  # each finished game folds once


def test_an_assisted_stopped_match_folds_a_loss_with_its_score():
    match = Match.start(GAME, {"redeals": 2}, 41, [Seat("Ann")], meta={"assisted": True})
    assert match.run(lambda m: m.state.redeals == 1, stand_in="greedy")
    sc = score(match.state)
    match.stop()
    assert folded(match) == {"r2": {
        "games": 1, "score_sum": sc, "redeals_used": 1, "best": sc, "best_redeals": 1, "assisted_games": 1, "streak": 0, "best_streak": 0,
    }}


def test_the_fold_is_the_tables_fold():
    """The same numbers as ``fold_stats`` with the arguments the table used
    to pass: its rule set, won, the outcome's score, assisted, redeals used."""
    st = layout(NEAR_WON.splitlines(), redeals=1, max_redeals=1)
    out = GAME.outcome(GAME.apply(st, GAME.legal_actions(st)[0]))
    a: dict = {"r1": {"games": 3, "score_sum": 100, "best": 40, "wins": 1, "streak": 1, "best_streak": 1}}
    b = {"r1": dict(a["r1"])}
    fold_outcome(a, {"redeals": 1, "layout": ""}, GapsMeta(assisted=False), 1, out)
    fold_stats(b, "r1", True, 48, False, 1)
    assert a == b and a["r1"]["streak"] == 2 and a["r1"]["best"] == 48


def test_statistics_fold_per_rule_set_with_assisted_wins_apart():
    st: dict = {}
    fold_stats(st, "r2", True, 48, False, 1)
    fold_stats(st, "r2", True, 48, False, 2)
    fold_stats(st, "r2", True, 48, True, 0)  # with help: apart, streak kept
    fold_stats(st, "r2", False, 30, False, 2)
    fold_stats(st, "r0", False, 12, False, 0)
    r2 = st["r2"]
    assert (r2["games"], r2["wins"], r2["assisted_wins"], r2["best"], r2["streak"], r2["best_streak"]) == (4, 2, 1, 48, 0, 2)
    assert (r2["score_sum"], r2["redeals_used"], r2["assisted_games"]) == (174, 5, 1)
    assert st["r0"] == {"games": 1, "score_sum": 12, "redeals_used": 0, "best": 12, "best_redeals": 0, "streak": 0, "best_streak": 0}
    # the best game is kept with its redeals: the win with none (with help) beats the wins with 1 and 2
    assert (r2["best"], r2["best_redeals"]) == (48, 0)
    bad: dict = {"r2": "nonsense"}
    fold_stats(bad, "r2", False, 7, False, 0)
    assert bad["r2"]["games"] == 1 and bad["r2"]["best"] == 7


def test_the_best_score_is_kept_with_its_redeals_fewer_redeals_breaking_ties():
    """The rules' score is the cards in place with the redeals used: of
    two games with the same cards the one with fewer redeals is better, and
    more cards beat fewer redeals."""
    st: dict = {}
    fold_stats(st, "r2", False, 40, False, 2)
    assert (st["r2"]["best"], st["r2"]["best_redeals"]) == (40, 2)
    fold_stats(st, "r2", False, 40, False, 1)
    assert (st["r2"]["best"], st["r2"]["best_redeals"]) == (40, 1)
    fold_stats(st, "r2", False, 40, False, 2)  # not better: the same cards with more redeals
    fold_stats(st, "r2", False, 39, False, 0)  # not better: fewer cards
    assert (st["r2"]["best"], st["r2"]["best_redeals"]) == (40, 1)
    fold_stats(st, "r2", True, 48, False, 2)
    assert (st["r2"]["best"], st["r2"]["best_redeals"]) == (48, 2)
    assert st["r2"]["redeals_used"] == 7 and st["r2"]["score_sum"] == 207


def test_a_row_of_before_gets_its_best_redeals_from_the_first_game_that_reaches_its_best():
    """Rows written before issue 14 have a best score without redeals: a
    worse game leaves it so (the redeals of that best are not known), one
    that reaches or beats it fills them in."""
    st: dict = {"r1": {"games": 5, "wins": 1, "score_sum": 180, "redeals_used": 4, "best": 44, "streak": 0, "best_streak": 1}}
    fold_stats(st, "r1", False, 30, False, 1)
    assert st["r1"]["best"] == 44 and "best_redeals" not in st["r1"]
    fold_stats(st, "r1", False, 44, False, 1)
    assert (st["r1"]["best"], st["r1"]["best_redeals"]) == (44, 1)
