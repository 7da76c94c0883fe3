"""The augur's candidates of the new rule families (issue 13): cards further
back (``last3`` … as far as the starters tell), the first starter and the
main line so far (counts, sums, extremes, played before, streaks).  They
hold the library's kind of rule, judge like the rule language, their
situations kept card by card agree with a fold from the start, and a bot
cracks such a rule in a seeded round."""

from __future__ import annotations

import random

import pytest

from game.games.delphi.infer.space import Space, space
from game.games.delphi.rulelang import parse_rule
from game.games.delphi.rulelang.vector import CARD_KINDS, card_index
from tests.games.delphi.test_infer import _situations, play_round

NEW_EXAMPLES = [
    "card.color = last3.color",
    "card.suit not in {last.suit, last2.suit, last3.suit}",
    "card.rank != last4.rank and card.color != last.color",
    "card.rank != last5.rank and card.rank != last.rank",
    "card.suit = first.suit or card.color != last.color",
    "if pos is even then card.color = first.color else card.color != first.color",
    "count(each.suit = card.suit) * 4 < pos + 3",
    "count(each is red) % 2 = card.rank % 2",
    "if sum(each.rank) % 2 = 0 then card is red else card is black",
    "(sum(each.rank) + card.rank) % 5 != 0",
    "card.rank >= max(each.rank) or card.color != last.color",
    "any(each.rank = card.rank) or card.color != last.color",
    "count(each.rank = card.rank) < 2 or card.color != last.color",
    "if streak(each.color = last.color) < 3 then card.color = last.color else card.color != last.color",
]


@pytest.mark.parametrize("text", NEW_EXAMPLES)
def test_the_candidate_space_holds_rules_of_the_new_families(text):
    rule = parse_rule(text)
    sp = space(max(1, rule.lookback))
    alive = sp.all
    for line, card in _situations(random.Random(7), 300, rule.lookback):
        acc = sp.accepting(sp.unit_masks(line), card_index(card))
        alive &= acc if rule.accepts(card, line) else ~acc
    assert alive, text
    i = (alive & -alive).bit_length() - 1
    cand = sp.rule(i)
    for line, card in _situations(random.Random(8), 1500, rule.lookback):
        assert cand.accepts(card, line) == rule.accepts(card, line), (text, cand.text)


def test_the_starters_tell_how_far_back_the_candidates_look():
    reads = {lb: set().union(*(u.rule.reads for u in space(lb).units if u.rule is not None)) for lb in (1, 2, 3, 6)}
    assert "last3" not in reads[2] and "last3" in reads[3] and "last4" not in reads[3]
    assert {"last6", "first", "line"} <= reads[6] and {"first", "line"} <= reads[1]


@pytest.mark.parametrize("lb", [1, 3, 6])
def test_bit_set_verdicts_of_whole_line_candidates_agree_with_the_rule_language(lb):
    sp = space(lb)
    rng = random.Random(11 + lb)
    whole = [i for i, (_, x, y, z) in enumerate(sp.cands) if any(u >= 0 and sp.units[u].whole for u in (x, y, z))]
    idx = rng.sample(whole, 120)
    rules = {i: sp.rule(i) for i in idx}
    for line, card in _situations(rng, 30, lb):
        um = sp.unit_masks(line)
        acc = sp.accepting(um, card_index(card))
        for i in idx:
            want = rules[i].accepts(card, line)
            assert bool(acc >> i & 1) == want, rules[i].text
            assert bool(sp.cand_mask(i, um) >> card_index(card) & 1) == want


def test_situations_kept_card_by_card_agree_with_a_fold_from_the_start():
    kept, fresh = Space(4), Space(4)
    rng = random.Random(5)
    for _ in range(12):
        line = tuple(rng.choice(CARD_KINDS) for _ in range(rng.randint(4, 45)))
        for j in range(4, len(line) + 1):
            got = kept.unit_masks(line[:j])  # pushed on from line[:j-1]
        fresh._envs.clear()
        assert got == fresh.unit_masks(line)
        assert got == [u.mask_line(line) for u in kept.units]
        assert [kept.unit_mask(u, line) for u in range(len(kept.units))] == got


def test_situations_made_for_a_few_units_at_a_time_agree_with_a_fold_from_the_start():
    """A line's situations are made unit by unit, as asked (the judge's
    walks ask for the few units of a handful of rules): a unit asked late
    on a line whose shorter line knew only other units' situations, and a
    unit asked card by card, both agree with every unit folded at once."""
    sp, fresh = Space(4), Space(4)
    whole = [u for u, unit in enumerate(sp.units) if unit.whole]
    rng = random.Random(7)
    for _ in range(8):
        line = tuple(rng.choice(CARD_KINDS) for _ in range(rng.randint(4, 30)))
        for j in range(4, len(line) + 1):
            some = rng.sample(whole, 5)
            got = sp.some_unit_masks(some, line[:j])
            for u in some:
                assert got[u] == sp.units[u].mask_line(line[:j])
        fresh._envs.clear()
        assert sp.unit_masks(line) == fresh.unit_masks(line)


def test_it_cracks_a_rule_about_the_whole_line():
    runner, decisions = play_round("count(each is red) % 2 = card.rank % 2", seed=2)
    res = runner.state.results[0]
    assert res.prophet >= 0 and not any(e[0] == "delphi.log.cast_down" for e in runner.state.log)
    guesses = {bot.beliefs.best_guess() for *_, bot in decisions[-4:] if bot.beliefs is not None}
    assert "count(each is red) % 2 = card.rank % 2" in guesses
