"""Delphi alone: God's verdict on a guess travels in its action (issue 49).
The text form round-trips and cannot be taken for rule text; ``apply``
plays a given verdict without judging, checks a wrong one's example and
refuses a forged one; a plain ``guess <rule>`` (bots, the command line,
every record of before) is judged as it always was, and such a record
replays the same, gets its verdicts, and reads at once for a list."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.cards import Card
from game.engine import GameRunner, IllegalAction, NotationError, Record
from game.engine.schema import LONG_TEXT as TEXT
from game.games.delphi import solo as solo_module
from game.games.delphi.rulelang import RuleSyntaxError, cached_rule
from game.games.delphi.same_rule import Difference
from game.games.delphi.solo import (
    GUESS,
    OVER,
    PLAY,
    SOLO,
    VERDICT_MARK,
    SoloAction,
    Verdict,
    library_options,
    replay_known,
    unjudged,
    with_verdicts,
)

RULE = "card.color != last.color"  # the library's alternate_colour
WRONG = ("card is red", "card.suit != last.suit", "card.rank > last.rank or card.color != last.color")


def plain_round(guesses=WRONG, right: bool = True) -> GameRunner:
    """A round of ``RULE``: a card, then each guess in turn (wrong ones),
    with a card before each; the right guess last when ``right``."""
    runner = GameRunner.start(SOLO, library_options("alternate_colour"), 11)
    for text in (*guesses, *((RULE,) if right else ())):
        runner.play(SoloAction(PLAY, runner.state.hand[0]))
        runner.play(SoloAction(GUESS, text=text))
    if not right:
        runner.play(SoloAction(PLAY, runner.state.hand[0]))
    return runner


def judged_round() -> GameRunner:
    """The same round with each guess judged first (as the table does)."""
    runner = GameRunner.start(SOLO, library_options("alternate_colour"), 11)
    for text in (*WRONG, RULE):
        runner.play(SoloAction(PLAY, runner.state.hand[0]))
        runner.play(SOLO.judged(runner.state, text))
    return runner


class Counting:
    """``same_rule`` of the solo engine, counted."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        real = solo_module.same_rule

        def counted(*a, **kw):
            self.calls += 1
            return real(*a, **kw)

        monkeypatch.setattr(solo_module, "same_rule", counted)


def test_a_judged_guess_records_its_verdict_and_the_text_round_trips():
    runner = judged_round()
    texts = runner.record().actions
    guesses = [t for t in texts if t.startswith("guess ")]
    assert [t.split(VERDICT_MARK)[1].split()[0] for t in guesses] == ["differs", "differs", "differs", "same"]
    for a, t in zip(runner.actions, texts, strict=True):
        assert SOLO.action_from_text(t) == a
        assert SOLO.action_to_text(SOLO.action_from_text(t)) == t
        assert len(t) <= TEXT  # within the save's shape
    # through JSON, as a save keeps it
    rec = Record.from_json(json.loads(json.dumps(runner.record().to_json())))
    assert GameRunner.replay(rec, SOLO).state == runner.state
    assert runner.state == plain_round().state


def test_the_mark_between_rule_and_verdict_is_no_rule_text():
    """The rule language refuses the mark, so a guess's text never holds
    it: the two parts of an action cannot be confused."""
    with pytest.raises(RuleSyntaxError):
        cached_rule(f"card is red{VERDICT_MARK} same exact")
    with pytest.raises(RuleSyntaxError):
        cached_rule(VERDICT_MARK)


@pytest.mark.parametrize(
    "text",
    [
        "guess card is red; same",
        "guess card is red; same exactly",
        "guess card is red; same exact more",
        "guess card is red; differs exact 3H JD accepted",
        "guess card is red; differs exact 3H : JD maybe",
        "guess card is red; differs exact 3H : XX accepted",
        "guess card is red; differs exact 3H : JK accepted",
        "guess ; same exact",
        "guess card is red; ",
    ],
)
def test_a_verdict_that_is_no_verdict_is_no_action(text):
    with pytest.raises(NotationError):
        SOLO.action_from_text(text)


def test_a_given_verdict_is_played_without_judging(monkeypatch):
    judged = judged_round()
    count = Counting(monkeypatch)
    rec = judged.record()
    assert GameRunner.replay(rec, SOLO).state == judged.state
    assert count.calls == 0
    # a plain guess is judged in apply, as it always was (bots, the command line)
    assert plain_round().state == judged.state
    assert count.calls == len(WRONG) + 1


def test_a_forged_wrong_verdict_is_refused_with_a_reason():
    runner = GameRunner.start(SOLO, library_options("alternate_colour"), 11)
    runner.play(SoloAction(PLAY, runner.state.hand[0]))
    s = runner.state
    honest = SOLO.judged(s, "card is red")
    ex = honest.verdict.example
    assert SOLO.apply(s, honest).wrong_guesses == 1
    c = Card.parse
    forged = [
        # after a black card God and "card is red" both accept a red one
        Difference((c("2S"),), c("3H"), True, False),
        # a main line God's rule never lays (two red cards in a row)
        Difference((c("2H"), c("3D")), c("4H"), False, True),
        # a fourth copy of a card of three decks (2S)
        Difference(tuple(map(c, ("2S", "3H", "2S", "3H", "2S", "3H", "2S", "5H"))), c("4C"), True, False),
        # both verdicts the same
        replace(ex, guess=ex.god),
    ]
    for bad in forged:
        action = replace(honest, verdict=Verdict(False, True, bad))
        with pytest.raises(IllegalAction) as e:
            SOLO.apply(s, action)
        assert e.value.reason.key == "delphi.solo.err.verdict_forged"
        for lang in ("en", "de"):
            assert "delphi.solo" not in e.value.render(lang)
        # from a record's text it is refused the same way (the text gives
        # God's verdict alone: the guess's is the other one)
        if bad.god != bad.guess:
            with pytest.raises(IllegalAction):
                SOLO.apply(s, SOLO.action_from_text(SOLO.action_to_text(action)))


def test_a_recorded_same_verdict_is_trusted():
    """It cannot be checked but by the whole judgement (docs/delphi.md):
    a record is the player's own save."""
    runner = GameRunner.start(SOLO, library_options("alternate_colour"), 11)
    runner.play(SoloAction(PLAY, runner.state.hand[0]))
    s = SOLO.apply(runner.state, SOLO.action_from_text("guess card is red; same exact"))
    assert s.phase == OVER and s.solved_at == 1


def test_a_record_of_before_replays_the_same_and_gets_its_verdicts(monkeypatch):
    plain = plain_round()
    texts = plain.record().actions
    assert not any(VERDICT_MARK in t for t in texts) and unjudged(plain.actions)
    again = GameRunner.replay(plain.record(), SOLO)
    assert again.state == plain.state
    with_verdicts(again)
    assert not unjudged(again.actions)
    count = Counting(monkeypatch)
    assert GameRunner.replay(again.record(), SOLO).state == plain.state
    assert count.calls == 0


def test_a_record_of_before_reads_at_once_for_a_list(monkeypatch):
    """Every guess a round went on after was wrong (a right one ends it):
    the list's replay judges none of them, and its facts are exact."""
    plain, finished = plain_round(right=False), plain_round()
    count = Counting(monkeypatch)
    known = replay_known(plain.record())
    assert count.calls == 0
    got, want = known.state, plain.state
    assert (got.phase, got.turn, got.wrong_guesses, got.score, got.main, got.hand) == (want.phase, want.turn, want.wrong_guesses, want.score, want.main, want.hand)
    assert all(g.example is None for g in got.guesses)
    # its guesses keep their plain text: the list's replay is never saved with verdicts it lacks
    assert known.record().actions == plain.record().actions
    # a last action that is a guess is judged (a round kept only to be counted)
    got = replay_known(finished.record()).state
    assert (got.phase, got.solved_at, got.wrong_guesses, got.score) == (OVER, 4, 3, finished.state.score)
    assert count.calls == 1
