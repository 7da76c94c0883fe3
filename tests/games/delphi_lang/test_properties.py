"""Property tests over random well-typed rule trees (hypothesis):
printing and re-parsing gives the same tree, in English and German, and the
three evaluators (tree walker, compiled closures, 52-card masks) agree."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import multi_deck, shuffled
from game.games.delphi.rulelang import (
    CARD_KINDS,
    RuleSyntaxError,
    card_index,
    cards_mask,
    mask_cards,
    parse_rule,
    rule_from_tree,
)
from game.games.delphi.rulelang import (
    ast as A,
)
from game.games.delphi.rulelang import (
    build as b,
)
from game.games.delphi.rulelang.evaluate import interpret
from game.games.delphi.rulelang.situation import reference_env
from tests.games.delphi_lang.strategies import random_tree, situations, trees

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
BOUNDS = {"delphi_lang.too_long", "delphi_lang.too_many_nodes", "delphi_lang.too_deep"}


def checked(tree):
    try:
        return rule_from_tree(tree)
    except RuleSyntaxError as e:  # a random tree may exceed the size bounds, nothing else
        assert e.reason.key in BOUNDS, str(e)
        return None


@SETTINGS
@given(trees(A.BOOL, 3))
def test_print_then_parse_gives_the_same_tree(tree):
    rule = checked(tree)
    if rule is None:
        return
    again = parse_rule(rule.text)
    assert again.tree == tree and again == rule and again.text == rule.text
    german = parse_rule(rule.to_text("de"))
    assert german.tree == tree


def line_for(last2, last, pos):
    """A main line whose last two cards are last2, last and whose next
    position is pos (at least 3)."""
    filler = [last] * max(0, pos - 3)
    return filler + [last2, last]


@SETTINGS
@given(trees(A.BOOL, 3), st.lists(situations, min_size=1, max_size=4))
def test_the_three_evaluators_agree(tree, sits):
    rule = checked(tree)
    if rule is None:
        return
    for card, last, last2, pos in sits:
        line = line_for(last2, last, pos)
        env = reference_env(card, line)
        expected = bool(interpret(tree, env))
        assert rule.accepts(card, line) is expected
        m = rule.mask(line)
        assert bool(m >> card_index(card) & 1) is expected
        assert (card in mask_cards(m)) is expected


@settings(max_examples=40, deadline=None)
@given(trees(A.BOOL, 2), st.integers(0, 10**6))
def test_mask_matches_accepts_for_every_kind_along_a_real_line(tree, seed):
    rule = checked(tree)
    if rule is None:
        return
    deck = shuffled(multi_deck(3), seed)
    line = deck[:2]
    for card in deck[2:12]:
        m = rule.mask(line)
        for i, kind in enumerate(CARD_KINDS):
            assert bool(m >> i & 1) == rule.accepts(kind, line)
        if rule.accepts(card, line):
            line.append(card)


def test_seeded_sweep_of_random_trees():
    """Many more trees than hypothesis can afford: round trip and agreement."""
    rng = random.Random(20240601)
    deck = multi_deck(1)
    checked_rules = 0
    for _ in range(800):
        tree = random_tree(rng, A.BOOL, rng.randrange(1, 5))
        rule = checked(tree)
        if rule is None:
            continue
        checked_rules += 1
        assert parse_rule(rule.text).tree == tree
        for _ in range(3):
            card, last, last2 = rng.choice(deck), rng.choice(deck), rng.choice(deck)
            line = line_for(last2, last, rng.randrange(3, 160))
            env = reference_env(card, line)
            expected = bool(interpret(tree, env))
            assert rule.accepts(card, line) is expected
            assert bool(rule.mask(line) >> card_index(card) & 1) is expected
    assert checked_rules > 500


def test_builder_makes_the_same_rules_as_text():
    tree = b.if_(b.is_(b.LAST_RANK, "odd"), b.eq(b.CARD_COLOR, b.color("black")), b.eq(b.CARD_COLOR, b.color("red")))
    assert b.rule(tree) == parse_rule("if last.rank is odd then card.color = black else card.color = red")
    assert b.rule(b.le(b.abs_(b.sub(b.CARD_RANK, b.LAST_RANK)), b.num(3))) == parse_rule("abs(card.rank - last.rank) <= 3")
    assert b.rule(b.or_(b.eq(b.mod(b.POS, b.num(3)), b.num(0)), b.eq(b.CARD_SUIT, b.suit("♥")))) == parse_rule(
        "pos % 3 = 0 or card.suit = hearts"
    )
    assert b.rule(b.in_(b.CARD_RANK, 1, b.rng(3, 5), negated=True)) == parse_rule("card.rank not in {1, 3..5}")
    assert b.rule(b.cmp(b.num(1), "<=", b.CARD_RANK, "<", b.num(5))) == parse_rule("1 <= card.rank < 5")
    assert b.rule(b.eq(b.CARD_RANK, b.add(b.num(-2), b.num("king")))) == parse_rule("card.rank = -2 + 13")
    assert b.attr("karte", "farbton") == b.CARD_COLOR


def test_rules_are_hashable_values():
    rng = random.Random(3)
    texts = ["card.color != last.color", "card.colour != last.colour", "card.rank > 3", "CARD.RANK > 3"]
    rules = [parse_rule(rng.choice(texts)) for _ in range(50)]
    assert len(set(rules)) == 2


def test_hand_masks_answer_no_play_questions():
    from game.cards import parse_cards

    rule = parse_rule("card.color != last.color")
    hand = parse_cards("2H 5D KH")
    line = parse_cards("3C")
    assert rule.mask(line) & cards_mask(hand) == cards_mask(hand)
    assert rule.mask(parse_cards("3H")) & cards_mask(hand) == 0
    assert mask_cards(cards_mask(hand)) == sorted(set(hand), key=card_index)
    assert rule.mask_at(line[-1], None, 2) == rule.mask(line)
