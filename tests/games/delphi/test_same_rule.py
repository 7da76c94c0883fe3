"""Is a guess the same rule as God's?  The exact walk against brute force
on short lines, and the check over the library."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product

import pytest

from game.games.delphi.library import FAMILIES, LIBRARY
from game.games.delphi.rulelang import CARD_KINDS, parse_rule
from game.games.delphi.same_rule import COPIES, same_rule, starters_of


def brute(god_text: str, guess_text: str, turns: int) -> tuple[bool, int]:
    """(same, main lines examined): every main line of the starters and at
    most ``turns - 1`` more cards God accepts, with three copies of each
    card, each judged for all 52 cards by both rules."""
    god, guess = parse_rule(god_text), parse_rule(guess_text)
    n = starters_of(god)
    lines = 0
    frontier = [tuple(CARD_KINDS[k] for k in ks) for ks in product(range(52), repeat=n)]
    frontier = [line for line in frontier if max(Counter(line).values()) <= COPIES and god.mask(line)]
    same = True
    for step in range(turns):
        nxt = []
        for line in frontier:
            lines += 1
            used = Counter(line)
            mg, mq = god.mask(line), guess.mask(line)
            for k in range(52):
                if (mg ^ mq) >> k & 1 and used[CARD_KINDS[k]] < COPIES:
                    same = False
            if step < turns - 1:
                nxt.extend(line + (CARD_KINDS[k],) for k in range(52) if mg >> k & 1 and used[CARD_KINDS[k]] < COPIES)
        frontier = nxt
    return same, lines


def assert_real(god_text: str, guess_text: str, example) -> None:
    """The example is a main line God's rule can reach and a card the two
    rules really judge differently."""
    god, guess = parse_rule(god_text), parse_rule(guess_text)
    line, card = example.line, example.card
    n = starters_of(god)
    assert len(line) >= n and god.mask(line[:n]), "the starters are a line God would lay"
    for i in range(n, len(line)):
        assert god.accepts(line[i], line[:i]), f"{line[i]} is not on God's main line after {line[:i]}"
    assert max(Counter(line + (card,)).values()) <= COPIES
    assert god.accepts(card, line) == example.god
    assert guess.accepts(card, line) == example.guess
    assert example.god != example.guess


#: (God's rule, the guess, turns, the same?) – the answers are what the
#: rules say, and brute force must find them too
SHORT_PAIRS = [
    # the main line only climbs, so `last` is always the highest so far
    ("card.rank >= max(each.rank)", "card.rank >= last.rank", 2, True),
    ("card.rank >= max(each.rank)", "card.rank > last.rank", 2, False),
    # the third place is free: the difference needs two cards on the line
    ("pos % 3 = 0 or card.color = red", "card.color = red", 1, True),
    ("pos % 3 = 0 or card.color = red", "card.color = red", 2, False),
    ("if pos is even then card.color = red else card.color = black", "card.color != last.color", 2, False),
    ("count(each is red) % 2 = card.rank % 2", "count(each is red) % 2 = card.rank % 2 or card.rank > 13", 2, True),
    ("count(each is red) % 2 = card.rank % 2", "card.rank is odd", 2, False),
    ("card.suit != last.suit", "not card.suit = last.suit", 2, True),
    ("card.color = red", "card.color = red or card.color = last.color", 2, False),
    # after a red card only red: `last` is red from the second card on
    ("card.color = last.color and card.color = red", "card.color = red and last.color = red", 3, True),
]


@cache
def _brute(god: str, guess: str, turns: int) -> tuple[bool, int]:
    return brute(god, guess, turns)


@pytest.mark.parametrize(("god", "guess", "turns", "same"), SHORT_PAIRS)
def test_the_exact_walk_agrees_with_every_short_main_line(god, guess, turns, same):
    got = same_rule(parse_rule(god), parse_rule(guess), turns=turns)
    found, lines = _brute(god, guess, turns)
    assert lines > 0
    assert found == same, f"brute force: {god} / {guess} in {turns} turns"
    assert got.exact, "rules of this size are decided exactly"
    assert got.same == same, f"{god} / {guess} in {turns} turns"
    if not same:
        assert_real(god, guess, got.example)


def test_the_short_pairs_hold_both_answers():
    """The comparison above is no comparison if every pair gave the same
    answer."""
    assert {same for *_, same in SHORT_PAIRS} == {True, False}


def _reworded(text: str) -> str:
    # a card of rank 14 never comes: the same verdicts, another rule text
    return f"card.rank > 13 or ({text})"


@pytest.mark.parametrize("entry", LIBRARY, ids=lambda r: r.id)
def test_every_library_rule_is_itself_and_its_rewording(entry):
    god = entry.rule
    assert same_rule(god, god).same
    other = parse_rule(_reworded(entry.text))
    assert other.text != god.text
    # a smaller walk than the default keeps the test quick; it is enough
    # for every rule of the card and the last one or two cards
    got = same_rule(god, other, budget=12_000, sample_lines=100)
    assert got.same, got.example
    if god.reads <= {"card", "last", "last2"}:
        assert got.exact
    if starters_of(god) >= 3:
        assert not got.exact, "three starters and more are sampled"


def _others(i: int) -> list:
    """Two other library rules for rule ``i``: the next one that fits its
    starters, and the next one of another family."""
    god = LIBRARY[i]
    fits = [r for r in LIBRARY[i + 1 :] + LIBRARY[:i] if r.rule.lookback <= starters_of(god.rule)]
    far = next(r for r in fits if r.family != god.family)
    return [fits[0]] + ([far] if far is not fits[0] else [])


@pytest.mark.parametrize("i", range(len(LIBRARY)), ids=lambda i: LIBRARY[i].id)
def test_every_library_rule_differs_from_others_where_the_example_says(i):
    god = LIBRARY[i]
    for other in _others(i):
        got = same_rule(god.rule, other.rule)
        assert not got.same, f"{god.id} and {other.id} judged the same"
        assert_real(god.text, other.text, got.example)


def test_the_library_covers_every_family_in_these_checks():
    assert {r.family for r in LIBRARY} == set(FAMILIES)


def test_a_guess_that_looks_further_back_than_the_starters_is_refused():
    with pytest.raises(ValueError):
        same_rule(parse_rule("card.color = red"), parse_rule("card.color = last2.color"))
