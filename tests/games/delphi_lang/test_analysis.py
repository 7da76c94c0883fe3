"""Checking rules before a round: totality, share of cards accepted,
dead ends and running dry."""

from __future__ import annotations

import pytest

from game.cards import Card, Rank, Suit
from game.games.delphi.rulelang import (
    acceptance_share,
    analyse,
    check_total,
    explore,
    parse_rule,
    starters_for,
)
from game.games.delphi.rulelang.explore import PROBE_LINES


def keys(messages) -> list[str]:
    return [m.key.removeprefix("delphi_lang.") for m in messages]


def test_starters_follow_the_lookback():
    assert starters_for(parse_rule("card.color = red")) == 1
    assert starters_for(parse_rule("card.color != last.color")) == 1
    assert starters_for(parse_rule("card.color != last2.color")) == 2


def test_a_good_rule_passes():
    r = parse_rule("if last.rank is odd then card.color = black else card.color = red")
    assert check_total(r) == []
    a = analyse(r, seed=1)
    assert a.ok and a.warnings == () and a.lookback == 1 and a.starters == 1
    assert 0.45 < a.share < 0.55  # half the remaining cards fit at every step
    assert a.dry_share == 0.0 and a.exploration.exhaustive and a.exploration.dead_count == 0
    assert a.summary.key == "delphi_lang.info.share" and "50 %" in str(a.summary)


def test_reading_last2_with_one_starter_is_not_total():
    r = parse_rule("card.rank > last2.rank")
    problems = check_total(r, starters=1)
    assert keys(problems) == ["check.needs_starters"]
    assert str(problems[0]) == "The rule looks back 2 cards, but only 1 starter card is dealt."
    assert problems[0].render("de") == "Die Regel schaut 2 Karten zurück, es liegt aber nur 1 Startkarte aus."
    assert check_total(r) == []  # with the 2 starters the game deals
    assert not analyse(r, starters=1).ok


@pytest.mark.parametrize(
    "text,problem",
    [
        ("card.rank > 13", "check.never"),
        ("card.rank = 0", "check.never"),
        ("card.rank > last.rank and card.rank < last.rank", "check.never"),
        ("card.rank = last.rank + 13", "check.never"),
        ("false", "check.never"),
        ("card.rank >= 1", "check.always"),
        ("card.color = red or card.color = black", "check.always"),
        ("true", "check.always"),
        ("last.rank is odd or last.rank is even", "check.always"),
        ("pos > 0 or card.rank = 1", "check.always"),
    ],
)
def test_constant_verdicts_are_found(text, problem):
    assert keys(check_total(parse_rule(text))) == [problem]


def test_dead_ends_are_found_with_an_example():
    r = parse_rule("card.rank > last.rank")
    ex = explore(r)
    assert ex.dead_count == 4 and ex.dead_example == (None, Card(Rank.KING, Suit.SPADES), None)
    warnings = analyse(r).warnings
    assert "warn.dead_1" in keys(warnings)
    assert "After K♠ no card at all fits." in [str(m) for m in warnings]
    assert "Nach K♠ passt überhaupt keine Karte." in [m.render("de") for m in warnings]
    r2 = parse_rule("card.rank > last.rank and card.rank > last2.rank")
    assert "warn.dead_2" in keys(analyse(r2).warnings)


def test_position_only_rules_are_explored_position_by_position():
    r = parse_rule("pos % 2 = 0")  # odd positions accept nothing: the line stops at 3
    ex = explore(r)
    assert ex.any_accept and ex.dead_example == (None, None, 3) and ex.last_pos == 3
    assert "warn.dead_pos" in keys(analyse(r).warnings)
    r2 = parse_rule("pos % 3 = 0 or card.color = red")
    ex2 = explore(r2)
    assert ex2.exhaustive and ex2.last_pos == 156 and ex2.dead_count == 0


def test_pos_with_two_back_is_explored_within_a_budget():
    r = parse_rule("if pos % 2 = 0 then card.rank >= last.rank else card.suit != last2.suit")
    ex = explore(r, budget=20_000)
    # the layers within the budget, then random lines of the whole length
    assert not ex.exhaustive and ex.situations <= 20_000 + PROBE_LINES * 156 and ex.last_pos > 3


def test_share_warnings():
    low = acceptance_share(parse_rule("card.rank = last.rank"), seed=3, lines=50)
    assert low.share < 0.10 and "warn.share_low" in keys(low.warnings)
    high = acceptance_share(parse_rule("card.rank != last.rank"), seed=3, lines=50)
    assert high.share > 0.90 and "warn.share_high" in keys(high.warnings)
    mid = acceptance_share(parse_rule("card.suit != last.suit"), seed=3, lines=50)
    assert 0.7 < mid.share < 0.8 and mid.warnings == ()


def test_running_dry_is_detected():
    # a rank can follow only itself: after the other 11 copies nothing fits
    r = acceptance_share(parse_rule("card.rank = last.rank"), seed=5, lines=40)
    assert r.dry_lines == 40 and all(p <= 13 for p in r.dry_positions)
    assert "warn.runs_dry" in keys(r.warnings)
    # the example: off every third place only hearts fit, 39 of them
    hearts = acceptance_share(parse_rule("pos % 3 = 0 or card.suit = hearts"), seed=5, lines=40, length=60)
    assert hearts.dry_lines > 30 and min(hearts.dry_positions) > 40
    assert acceptance_share(parse_rule("pos % 3 = 0 or card.suit = hearts"), seed=5, lines=40, length=30).dry_lines == 0
    # a one-card rule that fits 48 copies cannot fill 60 places
    assert acceptance_share(parse_rule("card.rank is face or card.rank = 1"), seed=5, lines=20).dry_lines == 20


def test_share_is_deterministic_for_a_seed_and_varies_with_it():
    r = parse_rule("abs(card.rank - last.rank) <= 3")
    a, b, c = (acceptance_share(r, seed=s, lines=30) for s in (7, 7, 8))
    assert a == b and a.share != c.share


def test_share_matches_an_independent_count():
    """With a one-card rule the share at each step is (fitting copies
    left) / (cards left); check the simulation against that arithmetic for
    the first step, where nothing has been drawn but the starter."""
    r = parse_rule("card.color = red")
    s = acceptance_share(r, seed=11, lines=400, length=1)
    # first step only: 78 red of 155 remaining, minus the starter if red
    expected = (0.5 * 77 + 0.5 * 78) / 155
    assert abs(s.share - expected) < 0.002
