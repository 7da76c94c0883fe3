"""The augur alone: it plays the solo protocol from the person's view
only, learns from a wrong guess's example, and `sim delphi --solo`
reports its rounds."""

from __future__ import annotations

import json
import random

from game.engine import GameRunner
from game.games.delphi import cli
from game.games.delphi.infer.solo_bot import SoloAugur
from game.games.delphi.solo import SOLO, library_options


class Blindfold:
    """A view that fails on any attempt to read God's rule."""

    def __init__(self, view) -> None:
        self._view = view

    def __getattr__(self, name):
        if name == "rule":
            raise AssertionError("the augur read God's rule")
        return getattr(self._view, name)


def play(rule_id: str, seed: int, gated: bool = False):
    runner = GameRunner.start(SOLO, library_options(rule_id), seed)
    bot = SoloAugur(gated=gated)
    rng = random.Random(seed)
    while SOLO.outcome(runner.state) is None:
        view = Blindfold(SOLO.view(runner.state, 0))
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


def test_sim_solo_refuses_a_rule_that_is_no_rule(capsys):
    assert cli.sim(["--solo", "--rule", "card.colr = red"]) == 2
