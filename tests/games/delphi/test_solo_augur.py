"""The augur alone: it plays the solo protocol from the person's view
only, learns from a wrong guess's example, and `sim delphi --solo`
reports its rounds."""

from __future__ import annotations

import dataclasses
import json
import random
from types import SimpleNamespace

from game.cards import Card
from game.engine import GameRunner
from game.games.delphi import cli
from game.games.delphi.infer.solo_bot import SoloAugur
from game.games.delphi.ruleapi import default_parser
from game.games.delphi.rulelang.vector import CARD_KINDS, card_index
from game.games.delphi.solo import SOLO, library_options


class Blindfold:
    """A view that fails on any attempt to read God's rule."""

    def __init__(self, view) -> None:
        self._view = view

    def __getattr__(self, name):
        if name == "rule":
            raise AssertionError("the augur read God's rule")
        return getattr(self._view, name)


def play(rule_id: str, seed: int, gated: bool = False, bot: SoloAugur | None = None, shown=Blindfold):
    """A round of ``bot`` (a new augur by default), each view as ``shown``
    makes it."""
    runner = GameRunner.start(SOLO, library_options(rule_id), seed)
    bot = bot or SoloAugur(gated=gated)
    rng = random.Random(seed)
    while SOLO.outcome(runner.state) is None:
        view = shown(SOLO.view(runner.state, 0))
        runner.play(bot.choose(view, SOLO.legal_actions(runner.state), rng))
    return runner


def test_the_solo_augur_finds_a_rule_about_the_card_alone_without_seeing_it():
    runner = play("red", 1)
    s = runner.state
    assert s.solved_at and s.score == 31 - s.solved_at - 2 * s.wrong_guesses
    assert GameRunner.replay(runner.record(), SOLO).state == s


def test_a_wrong_guess_teaches_the_augur_gods_verdict():
    runner = GameRunner.start(SOLO, library_options("gardner"), 4)
    runner.play(SOLO.action_from_text(f"play {runner.state.hand[0].code}"))
    runner.play(SOLO.action_from_text("guess card.color = red"))
    ex = runner.state.guesses[-1].example
    assert ex is not None
    bot = SoloAugur()
    bot.choose(SOLO.view(runner.state, 0), SOLO.legal_actions(runner.state), random.Random(1))
    p = bot.beliefs.p_fits(ex.line, [ex.card])[ex.card]
    assert p == (1.0 if ex.god else 0.0)


def test_sim_solo_reports_scores_per_family(capsys):
    assert cli.sim(["--solo", "--rule", "red", "--rule", "card.color != last.color", "--rounds", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["mode"] == "solo" and out["rounds"] == 2
    assert set(out["families"]) == {"one", "typed"}
    assert set(out["rules"]) == {"red", "card.color != last.color"}
    assert 0 <= out["mean_score"] <= 30 and 0 <= out["solved_share"] <= 1
    assert out["decisions"] > 0


def test_sim_solo_plays_the_published_protocol_without_examples(capsys):
    assert cli.sim(["--solo", "--rule", "red", "--rounds", "1", "--no-examples", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["examples"] is False and out["rounds"] == 1


def test_sim_solo_refuses_a_rule_that_is_no_rule(capsys):
    assert cli.sim(["--solo", "--rule", "card.colr = red"]) == 2


class TwoRules:
    """Beliefs over two equally likely rules, given as their 52-card
    verdicts in each situation (a main line) the test reaches."""

    def __init__(self, verdicts) -> None:
        self.verdicts = verdicts  # line -> (mask of rule 0, mask of rule 1)
        self.space = self
        self.weight = [1.0, 1.0]

    def listed(self):
        return [0, 1]

    def um_listed(self, line):
        return self.verdicts[tuple(line)]

    def cand_mask(self, i, um):
        return um[i]

    def masks_at(self, line):
        out = {}
        for m in self.verdicts[tuple(line)]:
            out[m] = out.get(m, 0.0) + 1.0
        return out

    def p_fits(self, line, cards):
        um = self.verdicts[tuple(line)]
        return {c: sum(1 for m in um if m & 1 << card_index(c)) / 2 for c in cards}


def test_when_no_card_teaches_anything_the_augur_plays_the_one_that_makes_the_next_card_telling():
    # both rules accept both cards now; only after the queen do they part
    # on the two: the plain choice is a coin toss, the look ahead is not
    queen, two = Card.parse("QH"), Card.parse("2S")
    both = 1 << card_index(queen) | 1 << card_index(two)
    beliefs = TwoRules({(): (both, both), (queen,): (both, 1 << card_index(queen)), (two,): (both, both)})
    view = SimpleNamespace(hand=(two, queen), main=())
    for seed in range(8):
        bot = SoloAugur()
        assert bot._card(view, beliefs, random.Random(seed)) == queen
        assert bot.reason.ahead and bot.reason.certain and bot.reason.score == 1.0
    # a card that teaches by itself is played without looking further
    apart = TwoRules({(): (both, 1 << card_index(queen)), (queen,): (both, both), (two,): (both, both)})
    bot = SoloAugur()
    assert bot._card(view, apart, random.Random(0)) == two and not bot.reason.ahead


class Thresholds:
    """Beliefs whose listed survivors are real rules (parsed), judged in
    any situation by the rule language itself."""

    def __init__(self, texts, weights) -> None:
        self.rules = [default_parser(t) for t in texts]
        self.space = self
        self.weight = list(weights)

    def rule(self, i):
        return self.rules[i]

    def um_listed(self, line):
        return tuple(line)

    def cand_mask(self, i, line):
        return sum(1 << k for k, c in enumerate(CARD_KINDS) if self.rules[i].accepts(c, line))


def test_a_guess_among_rules_the_line_cannot_tell_apart_is_the_middle_one():
    # after a king, every (card.rank <= 6) = (last.rank <= k) accepts the
    # same cards, and only a wrong guess's example tells k: guessing the
    # smallest k first steps through them one guess at a time, the middle
    # one halves them
    texts = [f"(card.rank <= 6) = (last.rank <= {k})" for k in range(2, 7)]
    line = (Card.parse("KS"),)
    bot = SoloAugur()
    equal = Thresholds(texts, [1.0] * 5)
    assert equal.rule(bot._centre(line, equal, list(range(5)), 0)).text == texts[2]
    # a member far heavier than the rest is guessed as before
    heavy = Thresholds(texts, [1.0, 0.2, 0.2, 0.2, 0.2])
    assert bot._centre(line, heavy, list(range(5)), 0) == 0


class Leaning:
    """Beliefs whose listed survivors lean to one group with weight share
    ``q``, and that accept each card of the hand with the share given."""

    def __init__(self, p) -> None:
        self.p = p

    def listed(self):
        return list(range(10))

    def p_fits(self, line, cards):
        return {c: self.p[c] for c in cards}


def test_when_the_hand_would_teach_nothing_next_turn_the_augur_guesses_sooner(monkeypatch):
    # 21 points at stake: with a telling hand a guess asks for 21 % of the
    # weight (ambition 0.65), with a hand every rule judges alike for 13 %
    # (QUIET_AMBITION), since waiting would cost a point and teach nothing
    two, queen = Card.parse("2S"), Card.parse("QH")
    view = SimpleNamespace(turn=10, wrong_guesses=0, main=(Card.parse("5D"),), hand=(two, queen))
    bot = SoloAugur()
    monkeypatch.setattr(bot, "top_group", lambda line, bl, ix: (0.17, [0]))
    monkeypatch.setattr(bot, "guess_among", lambda line, bl, members: "card.color = red")
    assert bot._guess(view, Leaning({two: 0.5, queen: 1.0})) == ""
    assert bot.reason.case == "unsure" and not bot.reason.quiet and round(bot.reason.need, 3) == 0.214
    assert bot._guess(view, Leaning({two: 1.0, queen: 0.0})) == "card.color = red"
    assert bot.reason.case == "sure" and bot.reason.quiet and round(bot.reason.need, 3) == 0.128
    # a leading group too light even then: no guess, and the reason says why
    monkeypatch.setattr(bot, "top_group", lambda line, bl, ix: (0.1, [0]))
    assert bot._guess(view, Leaning({two: 1.0, queen: 0.0})) == ""
    assert bot.reason.case == "unsure" and bot.reason.quiet


def test_without_examples_a_guess_stands_for_the_rules_the_judge_calls_the_same():
    # the published protocol says only "wrong", and the judge compares
    # rules wherever God's line can go from any starters: the rewording
    # `card.rank < 7` is the same rule as `card.rank <= 6`, and a wrong
    # answer refutes both; the rule that asks for a low card after a low
    # one is not, though from this round's low starter its line would
    # hold low cards only (so seen, `card.color = black` and `card.color
    # = last2.color` after two black starters were taken for one rule)
    texts = ["card.rank <= 6", "(card.rank <= 6) = (last.rank <= 6)", "card.rank < 7", "card.rank <= 5"]
    beliefs = Thresholds(texts, [2.0, 1.0, 1.0, 1.0])
    view = SimpleNamespace(main=(Card.parse("3S"),), starters=1)
    (i, same), share = SoloAugur(examples=False)._judged_class(view, beliefs, [0, 1, 2, 3], [0, 1, 2, 3])
    assert i == 0 and same == 0b101 and share == 3 / 5


def _blind_to_examples(view):
    """``view`` as the published protocol shows it: a wrong guess without
    its example."""
    return dataclasses.replace(view, guesses=tuple(dataclasses.replace(g, example=None) for g in view.guesses))


def test_without_examples_the_augur_never_repeats_a_wrong_guess():
    for rule_id, seed in (("same_half", 1), ("gardner", 2)):
        bot = SoloAugur(examples=False)
        runner = play(rule_id, seed, bot=bot, shown=lambda v: Blindfold(_blind_to_examples(v)))
        wrong = [g.text for g in runner.state.guesses if not g.correct]
        assert runner.state.guesses, rule_id
        assert len(wrong) == len(set(wrong)), (rule_id, wrong)
        assert len(bot.guessed) == len(runner.state.guesses)
