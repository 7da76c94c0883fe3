"""The augur's candidates of the kinds issue 23 found missing: the suit
follows a fixed cycle (after the last card's suit, or by place), the
cards alternate between two groups of suits or ranks, and a suit table
picked by the first starter's rank; and a set of ranks in two runs.
The space holds each kind (an equivalent candidate survives random
situations, and the rule check calls it the same rule), and the solo
augur finds such a rule."""

from __future__ import annotations

import random

from game.engine import GameRunner
from game.games.delphi.infer.solo_bot import SoloAugur
from game.games.delphi.infer.space import SINGLE, space
from game.games.delphi.infer.units import cycle_texts, rank_set_texts
from game.games.delphi.rulelang import parse_rule
from game.games.delphi.rulelang.vector import CARD_KINDS, card_index
from game.games.delphi.same_rule import same_rule
from game.games.delphi.solo import SOLO, library_options, typed_options
from tests.games.delphi.test_infer import _situations

#: each kind, written otherwise than the augur's unit for it
KINDS = {
    "suit cycle after the last card": "last.suit = hearts and card.suit = spades or last.suit = spades and card.suit = diamonds"
    " or last.suit = diamonds and card.suit = clubs or last.suit = clubs and card.suit = hearts",
    "suit cycle by place, forbidden": "card.suit != [hearts, spades, diamonds, clubs, hearts, spades, diamonds, clubs][pos]",
    "suit cycle by place, required": "if pos % 4 = 1 then card is diamonds else if pos % 4 = 2 then card is hearts"
    " else if pos % 4 = 3 then card is clubs else card is spades",
    "two suit groups alternate": "if last.suit in {spades, diamonds} then card.suit in {hearts, clubs} else card.suit in {spades, diamonds}",
    "the same suit group": "if last.suit in {hearts, spades} then card.suit in {hearts, spades} else card.suit in {clubs, diamonds}",
    "two suit groups alternate by place": "if pos is odd then card.suit in {spades, diamonds} else card.suit in {clubs, hearts}",
    "two rank groups alternate": "if last.rank <= 7 then card.rank >= 8 else card.rank <= 7",
    "suit table by the first starter": "card.suit != [clubs, diamonds, hearts, spades, clubs, diamonds, hearts, spades][first.rank]",
    "a set of ranks in two runs": "not (card.rank = 1 or card.rank >= 6 and card.rank <= 10)",
}


def test_the_candidate_space_holds_each_new_kind():
    rules = {kind: parse_rule(text) for kind, text in KINDS.items()}
    assert {r.lookback for r in rules.values()} == {0, 1}
    sp = space(1)
    alive = dict.fromkeys(rules, sp.all)
    for line, card in _situations(random.Random(7), 150, 1):
        um = sp.unit_masks(line)
        acc = sp.accepting(um, card_index(card))
        for kind, rule in rules.items():
            alive[kind] &= acc if rule.accepts(card, line) else ~acc
    for kind, rule in rules.items():
        assert alive[kind], kind
        i = (alive[kind] & -alive[kind]).bit_length() - 1
        cand = sp.rule(i)
        answer = same_rule(rule, cand)
        assert answer.same, (kind, cand.text, answer.example)


def test_the_new_units_are_candidates_alone_and_never_joined():
    sp = space(1)
    texts = set(cycle_texts())
    new = {u for u, unit in enumerate(sp.units) if unit.rule is not None and unit.rule.text in texts}
    assert len(new) == len(texts) == 6 + 4 * 24 + 2 * 4
    uses = [c for c in sp.cands if new & set(c[1:])]
    assert len(uses) == len(new) and all(c[0] == SINGLE for c in uses)


def test_the_rank_sets_are_two_runs_no_other_candidate_writes():
    texts = rank_set_texts()
    assert len(texts) == len(set(texts)) == 935
    sp = space(1)
    new = {u for u, unit in enumerate(sp.units) if unit.rule is not None and unit.rule.text in set(texts)}
    assert len(new) == len(texts)
    masks = {sp.units[u].mask(None, None, 1) for u in new}
    # no two alike; each the same for every suit, its ranks two runs and
    # the other ranks not one run (those two kinds are candidates already)
    assert len(masks) == len(texts)

    def runs(ranks: set[int]) -> int:
        return sum(1 for r in ranks if r - 1 not in ranks)

    for m in masks:
        ranks = {int(c.rank) for c in CARD_KINDS if m >> card_index(c) & 1}
        assert m == sum(1 << card_index(c) for c in CARD_KINDS if int(c.rank) in ranks)
        assert runs(ranks) == 2 and runs(set(range(1, 14)) - ranks) >= 2


def test_the_candidates_alone_about_the_card_accept_as_their_masks_say():
    """The units alone that read only the card are put together once per
    card kind (``Space.fixed_alone``), not from their role sets: the sets
    of accepting candidates agree with each candidate's own mask."""
    sp = space(2)
    singles = [i for i, c in enumerate(sp.cands) if c[0] == SINGLE]
    rng = random.Random(11)
    for line, card in _situations(rng, 12, 2):
        k = card_index(card)
        acc = sp.accepting(sp.unit_masks(line), k)
        um = sp.unit_masks(line)
        assert all((acc >> i & 1) == (sp.cand_mask(i, um) >> k & 1) for i in singles)


def test_the_solo_augur_finds_the_suit_wheel():
    runner = GameRunner.start(SOLO, library_options("suit_wheel"), 3)
    bot = SoloAugur()
    rng = random.Random(3)
    while SOLO.outcome(runner.state) is None:
        runner.play(bot.choose(SOLO.view(runner.state, 0), SOLO.legal_actions(runner.state), rng))
    s = runner.state
    assert s.solved_at and s.guesses[-1].correct and s.guesses[-1].turn == s.solved_at
    assert s.score == 31 - s.solved_at - 2 * s.wrong_guesses > 0


def test_the_solo_augur_finds_a_set_of_ranks_it_was_not_told():
    # not a library rule: two runs the library does not use
    runner = GameRunner.start(SOLO, typed_options("card.rank in {1..3, 9..10}"), 2)
    bot = SoloAugur()
    rng = random.Random(2)
    while SOLO.outcome(runner.state) is None:
        runner.play(bot.choose(SOLO.view(runner.state, 0), SOLO.legal_actions(runner.state), rng))
    s = runner.state
    assert s.solved_at and s.guesses[-1].correct and s.guesses[-1].exact
    assert s.score == 31 - s.solved_at - 2 * s.wrong_guesses > 0
