"""The words that look along the main line (``last3`` … ``last6``,
``first``, ``count``, ``sum``, ``min``, ``max``, ``any``, ``all``,
``streak``, lookup tables) judge exactly like hand-written Python
predicates: 199 kinds of published Eleusis rule on random main lines, each
card judged one at a time (``accepts``), all 52 kinds at once (``mask``)
and card by card along a growing situation (``push`` / ``mask_in``, what
the rule check and the bots use)."""

from __future__ import annotations

import random
import zlib

import pytest

from game.cards import Card, multi_deck
from game.games.delphi.rulelang import (
    CARD_KINDS,
    RuleSyntaxError,
    card_index,
    check_total,
    parse_rule,
    rule_from_tree,
    starters_for,
)
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.bench import CHECK_WORST
from game.games.delphi.rulelang.evaluate import interpret
from game.games.delphi.rulelang.explore import BUDGET, PROBE_LINES, TOTAL_CARDS, explore
from game.games.delphi.rulelang.situation import reference_env
from tests.games.delphi_lang.published import PUBLISHED

DECK = multi_deck(3)
LINES = 6  # random lines per rule; each judges 4 cards at 12 places (and 52 kinds per mask)


def random_lines(seed: int, starters: int):
    """Lines of every length from the starters up to 120 cards."""
    rng = random.Random(seed)
    for n in range(LINES):
        cards = list(DECK)
        rng.shuffle(cards)
        length = rng.randrange(starters, 120) if n else starters
        yield cards[:length], cards[length:]


@pytest.mark.parametrize(("text", "pred"), PUBLISHED, ids=[t[:60] for t, _ in PUBLISHED])
def test_a_published_kind_of_rule_judges_like_its_python_predicate(text, pred):
    rule = parse_rule(text)
    assert parse_rule(rule.text) == rule
    s = starters_for(rule)
    judged = 0
    for line, rest in random_lines(zlib.crc32(text.encode()), s):
        for card in rest[:4]:
            assert rule.accepts(card, line) is pred(card, line), (text, [c.code for c in line], card.code)
            judged += 1
        mask = rule.mask(line)
        for i, kind in enumerate(CARD_KINDS):
            assert bool(mask >> i & 1) is pred(kind, line), (text, [c.code for c in line], kind.code)
    assert judged == 4 * LINES
    # a situation pushed card by card gives the same masks as one built at once
    line = list(DECK[:s])
    rng = random.Random(7)
    sit = rule.situation(line)
    for _ in range(40):
        m = rule.mask_in(sit)
        assert m == rule.mask(line)
        c = rng.choice(DECK)
        sit = rule.push(sit, card_index(c))
        line.append(c)


def test_the_set_has_about_two_hundred_distinct_rules_using_the_new_words():
    texts = [t for t, _ in PUBLISHED]
    assert len(set(texts)) == len(texts) >= 190
    new_words = ("last3", "last4", "last5", "last6", "first", "count(", "sum(", "min(each", "max(each", "any(", "all(", "streak(", "][")
    assert sum(any(w in t for w in new_words) for t in texts) >= 150


@pytest.mark.parametrize(
    "text",
    [
        "pos >= 1 or last2.rank = last.rank",
        "count(each is red) >= 0",
        "sum(each.rank) >= pos or card.rank > 0",
        "max(each.rank) >= min(each.rank)",
        "streak(each is red) >= 0 or last6.rank = 3",
        "[true, true, true][pos] or card.rank = last4.rank",
        "not (pos < 1) or count(each = card) > 99",
    ],
)
def test_tautologies_with_any_words_are_found_as_such(text):
    assert [m.key for m in check_total(parse_rule(text))] == ["delphi_lang.check.always"]


@pytest.mark.parametrize(
    "text",
    [
        "pos < 1 and last2.rank = last.rank",
        "count(each is red) < 0",
        "card.rank > max(each.rank) + 13",
        "streak(each is red) > pos",
        "[false, false][pos] and card is red",
    ],
)
def test_contradictions_with_any_words_are_found_as_such(text):
    assert [m.key for m in check_total(parse_rule(text))] == ["delphi_lang.check.never"]


@pytest.mark.parametrize(("text", "key"), [("any(each = first)", "always_seen"), ("not any(each = first)", "never")])
def test_a_constant_verdict_the_proof_cannot_see_is_still_refused(text, key):
    """``each`` and ``first`` are one card at the first place: the proof
    treats them as unrelated; the walk sees the verdict never change (for
    the negation every reachable situation is walked: "never", not "seen")."""
    assert [m.key for m in check_total(parse_rule(text))] == ["delphi_lang.check." + key]


def test_starters_cover_what_the_rule_looks_back():
    assert parse_rule("card.rank != last6.rank").lookback == 6
    assert parse_rule("card.suit = first.suit").lookback == 0
    assert parse_rule("count(each.rank = last3.rank) < 2").lookback == 3
    line = [Card.parse(c) for c in ("2H", "3H", "4H")]
    with pytest.raises(ValueError):
        parse_rule("card.rank != last4.rank").accepts(Card.parse("5H"), line)


@pytest.mark.parametrize("text", CHECK_WORST, ids=range(len(CHECK_WORST)))
def test_the_check_of_the_slowest_rules_we_could_build_does_bounded_work(text):
    """The walk stops at its budget of situations and the random lines at
    theirs, however much each situation costs: the work is counted here,
    not timed (a timing flakes on a busy machine). The CPU time of these
    rules is a figure of ``make bench`` (rulelang.bench --check)."""
    rule = parse_rule(text)
    ex = explore(rule, starters_for(rule))
    assert 0 < ex.situations <= BUDGET + PROBE_LINES * TOTAL_CARDS
    assert not ex.exhaustive  # these rules are built to be the walk's worst case


# --- random trees with the new words against the reference interpreter ----------------------
SEQ_REFS = ("card", "last", "last2", "last3", "last6", "first")


def _each_in(node, t: str):
    """``node`` if it reads ``each``; otherwise joined with a test of it."""
    if "each" in A.refs_of(node):
        return node
    if t == A.NUM:
        return A.Arith(("+",), (node, A.Attr("each", "rank")))
    return A.Or((node, A.Is(A.Attr("each", "rank"), "odd", False)))


def seq_tree(rng: random.Random, t: str, depth: int, in_agg: bool = False):
    """A random well-typed tree of type ``t`` that may use the new words."""
    refs = SEQ_REFS + (("each", "each") if in_agg else ())
    ref = lambda: rng.choice(refs)  # noqa: E731
    leafy = depth <= 0 or rng.random() < 0.3
    d = depth - 1
    if t == A.NUM:
        if leafy:
            k = rng.randrange(4 if in_agg else 5)
            if k == 0:
                return A.Num(rng.randrange(16))
            if k in (1, 2):
                return A.Attr(ref(), "rank")
            if k == 3:
                return A.Pos()
            fn = rng.choice(["count", "sum", "min", "max", "streak"])
            body_t = A.BOOL if fn in ("count", "streak") else A.NUM
            return A.Agg(fn, _each_in(seq_tree(rng, body_t, 1, True), body_t))
        k = rng.randrange(3)
        if k == 0:
            n = rng.randrange(2, 4)
            group = rng.choice([A.ADD_OPS, A.MUL_OPS])
            return A.Arith(tuple(rng.choice(group) for _ in range(n - 1)), tuple(seq_tree(rng, A.NUM, d, in_agg) for _ in range(n)))
        if k == 1:
            items = tuple(A.Num(rng.randrange(14)) for _ in range(rng.randrange(1, 20)))
            return A.Table(items, seq_tree(rng, A.NUM, d, in_agg))
        return A.If(seq_tree(rng, A.BOOL, d, in_agg), seq_tree(rng, A.NUM, d, in_agg), seq_tree(rng, A.NUM, d, in_agg))
    assert t == A.BOOL
    k = rng.randrange(7 if depth > 0 else 4)
    if k == 0:
        return A.Compare((rng.choice(A.CMP_OPS),), (seq_tree(rng, A.NUM, d, in_agg), seq_tree(rng, A.NUM, d, in_agg)))
    if k == 1:
        return A.Compare((rng.choice(["=", "!="]),), (A.Attr(ref(), "suit"), A.Attr(ref(), "suit")))
    if k == 2:
        return A.Is(A.Attr(ref(), rng.choice(["color", "rank"])), rng.choice(["red", "odd", "face", "prime"]), rng.random() < 0.3)
    if k == 3:
        if in_agg:
            return A.Compare(("=",), (A.CardRef(ref()), A.CardRef(ref())))
        fn = rng.choice(["any", "all"])
        return A.Agg(fn, _each_in(seq_tree(rng, A.BOOL, 1, True), A.BOOL))
    if k == 4:
        return A.Not(seq_tree(rng, A.BOOL, d, in_agg))
    if k == 5:
        return A.And(tuple(seq_tree(rng, A.BOOL, d, in_agg) for _ in range(2)))
    return A.Or(tuple(seq_tree(rng, A.BOOL, d, in_agg) for _ in range(2)))


def test_random_trees_with_the_new_words_judge_like_the_reference_interpreter():
    """Thousands of random lines: the compiled single verdict, the 52-card
    mask and the situation pushed card by card all give what the plain
    tree interpreter (:func:`interpret`) gives."""
    rng = random.Random(20261201)
    rules = judged = 0
    for _ in range(600):
        tree = seq_tree(rng, A.BOOL, rng.randrange(1, 4))
        try:
            rule = rule_from_tree(tree)
        except RuleSyntaxError:
            continue
        rules += 1
        s = starters_for(rule)
        cards = list(DECK)
        rng.shuffle(cards)
        line = cards[:s]
        sit = rule.situation(line)
        for c in cards[s : s + rng.randrange(3, 30)]:
            mask = rule.mask_in(sit)
            assert mask == rule.mask(line), rule.text
            for probe in (c, rng.choice(DECK)):
                expected = bool(interpret(rule.tree, reference_env(probe, line)))
                assert rule.accepts(probe, line) is expected, (rule.text, [x.code for x in line], probe.code)
                assert bool(mask >> card_index(probe) & 1) is expected, rule.text
                judged += 1
            line.append(c)
            sit = rule.push(sit, card_index(c))
    assert rules > 400 and judged > 10_000
