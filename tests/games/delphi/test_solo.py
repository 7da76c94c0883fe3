"""Delphi alone: the solo protocol's engine, through the same checks the
conformance test gives every registered game, and its rules in action
texts."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from game.cards import Card
from game.engine import GameRunner, IllegalAction, Record, Termination, random_playout
from game.games.delphi.library import LIBRARY, library_rule
from game.games.delphi.rulelang import parse_rule
from game.games.delphi.solo import (
    GUESS,
    HAND,
    OVER,
    PLAY,
    SOLO,
    TURNS,
    SoloAction,
    daily_round,
    difference_message,
    library_options,
    solo_score,
    typed_options,
)

OPTION_SETS = [
    library_options("gardner"),
    library_options("red"),
    library_options("echo_colour"),
    library_options("red_count_parity"),
    typed_options("card.rank > last.rank or card.rank = 1"),
]


def test_random_rounds_replay_keep_their_cards_and_hide_what_the_person_cannot_see():
    moved = checked = 0
    for i in range(40):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        seed = 300 + i
        runner = random_playout(SOLO, options, seed)
        states = runner.states
        assert SOLO.new_game(runner.options, seed) == states[0]
        rec = Record.from_json(json.loads(json.dumps(runner.record().to_json())))
        assert GameRunner.replay(rec, SOLO).state == runner.state
        first = Counter(SOLO.cards(states[0]))
        assert sum(first.values()) == 156
        rng = random.Random(seed)
        for k in rng.sample(range(len(states)), min(4, len(states))):
            s = states[k]
            assert Counter(SOLO.cards(s)) == first
            assert len(s.hand) == HAND
            v = SOLO.view(s, 0)
            if s.phase != OVER:
                assert v.rule is None and v.library_id == "", "the rule or its name shows before the end"
            other = SOLO.shuffle_hidden(s, 0, random.Random(k))
            assert SOLO.view(other, 0) == v
            moved += other != s
            checked += 1
            for a in SOLO.legal_actions(s):
                assert SOLO.action_from_text(SOLO.action_to_text(a)) == a
            legal = list(SOLO.legal_actions(s))
            if legal:
                before = copy.deepcopy(s)
                SOLO.apply(s, rng.choice(legal))
                assert s == before
        end = runner.state
        out = SOLO.outcome(end)
        assert out is not None and SOLO.current_player(end) is None and not SOLO.legal_actions(end)
        assert out.scores == (float(end.score),)
        assert SOLO.view(end, 0).rule == parse_rule(options["rule"]).text
        assert end.turn <= TURNS
    assert moved >= checked // 2


def test_a_stop_is_a_recorded_action_and_scores_nothing():
    runner = GameRunner.start(SOLO, library_options("odd"), 5)
    runner.play(SOLO.legal_actions(runner.state)[0])
    stop = SOLO.stop_action(runner.state)
    assert stop is not None and SOLO.action_to_text(stop) == "stop"
    runner.play(stop)
    out = SOLO.outcome(runner.state)
    assert out.termination is Termination.STOPPED and out.scores == (0.0,)
    assert SOLO.stop_action(runner.state) is None
    assert GameRunner.replay(runner.record(), SOLO).state == runner.state


def play(runner: GameRunner, text: str):
    return runner.play(SOLO.action_from_text(text))


def test_a_right_guess_scores_31_less_the_turn_less_2_a_wrong_guess():
    runner = GameRunner.start(SOLO, library_options("red"), 11)
    for turn in (1, 2, 3):
        s = runner.state
        card = s.hand[0]
        play(runner, f"play {card.code}")
        right = card.suit.is_red
        assert runner.state.plays[-1] == (card, right)
        assert (runner.state.main[-1] == card) == right
        if not right:
            assert runner.state.side[-1].cards == (card,) and runner.state.side[-1].anchor == len(runner.state.main) - 1
        if turn == 1:
            play(runner, "guess card.rank is odd")  # wrong
            g = runner.state.guesses[-1]
            assert not g.correct and g.example is not None
            assert parse_rule("card.color = red").accepts(g.example.card, g.example.line) == g.example.god
            assert parse_rule("card.rank is odd").accepts(g.example.card, g.example.line) == g.example.guess
            assert g.example.god != g.example.guess
        elif turn == 2:
            play(runner, "pass")
    # a rewording of God's rule is the rule
    play(runner, "guess card is red")
    s = runner.state
    assert s.phase == OVER and s.solved_at == 3 and s.wrong_guesses == 1
    assert s.score == 31 - 3 - 2
    out = SOLO.outcome(s)
    assert out.won and out.termination is Termination.WON and out.scores == (26.0,)
    assert GameRunner.replay(runner.record(), SOLO).state == s


def test_the_score_never_drops_below_zero_and_an_unsolved_round_scores_nothing():
    assert solo_score(1, 0) == 30
    assert solo_score(30, 0) == 1
    assert solo_score(20, 6) == 0
    assert solo_score(0, 0) == 0
    runner = GameRunner.start(SOLO, library_options("no_spades"), 3)
    for _ in range(TURNS):
        play(runner, f"play {runner.state.hand[0].code}")
        play(runner, "guess card.rank is even")
    s = runner.state
    assert s.phase == OVER and s.turn == TURNS and s.wrong_guesses == TURNS
    out = SOLO.outcome(s)
    assert out.termination is Termination.LOST and out.scores == (0.0,) and not out.won


def test_a_round_waits_for_a_card_then_for_a_guess_and_refusals_cost_nothing():
    runner = GameRunner.start(SOLO, library_options("gardner"), 8)
    s = runner.state
    with pytest.raises(IllegalAction) as e:
        SOLO.apply(s, SoloAction(GUESS, text="card.color = red"))
    assert e.value.reason.key == "delphi.solo.err.card_first"
    missing = next(c for c in (Card.parse(x) for x in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AH", "2H")) if c not in s.hand)
    with pytest.raises(IllegalAction) as e:
        SOLO.apply(s, SoloAction(PLAY, missing))
    assert e.value.reason.key == "delphi.err.not_in_hand"
    s = play(runner, f"play {s.hand[0].code}")
    assert s.phase == GUESS
    with pytest.raises(IllegalAction) as e:
        SOLO.apply(s, SoloAction(PLAY, s.hand[0]))
    assert e.value.reason.key == "delphi.solo.err.guess_or_go_on"
    for text, key in (("card.colr = red", "delphi.solo.err.not_a_rule"), ("card.color = last2.color", "delphi.solo.err.looks_back")):
        with pytest.raises(IllegalAction) as e:
            SOLO.apply(s, SoloAction(GUESS, text=text))
        assert e.value.reason.key == key
        for lang in ("en", "de"):
            assert "delphi.solo" not in e.value.render(lang)
    assert runner.state.guesses == ()


def test_a_wrong_guess_says_where_the_rules_differ_in_both_languages():
    runner = GameRunner.start(SOLO, library_options("alternate_colour"), 2)
    play(runner, f"play {runner.state.hand[0].code}")
    play(runner, "guess card.suit != last.suit")
    ex = runner.state.guesses[-1].example
    assert ex is not None
    for lang in ("en", "de"):
        text = difference_message(ex).render(lang)
        assert "delphi.solo" not in text and ex.card.code[:-1] in text


def test_todays_rule_is_the_same_everywhere_on_a_date_and_changes_with_it():
    options, seed = daily_round("2026-12-03")
    assert (options, seed) == daily_round("2026-12-03")
    assert options["daily"] == "2026-12-03"
    assert library_rule(options["library_id"]).text == options["rule"]
    days = [daily_round(f"2026-12-{d:02d}") for d in range(1, 29)]
    assert len({s for _, s in days}) == len(days)
    assert len({o["library_id"] for o, _ in days}) > 10
    state = SOLO.new_game(options, seed)
    assert state.daily == "2026-12-03" and SOLO.view(state, 0).rule is None
    with pytest.raises(ValueError):
        daily_round("2026-02-30")


def test_options_are_checked():
    with pytest.raises(ValueError):
        SOLO.validate_options(typed_options(""))
    with pytest.raises(ValueError):
        SOLO.validate_options(typed_options("card.rank > 13"))  # accepts no card
    with pytest.raises(ValueError):
        SOLO.validate_options({**library_options("red"), "rule": "card.color = black"})
    with pytest.raises(ValueError):
        SOLO.validate_options({**library_options("red"), "turns": 5})
    with pytest.raises(ValueError):
        SOLO.validate_options({**library_options("red"), "library_id": "no_such_rule"})
    assert SOLO.validate_options(typed_options("CARD.COLOUR = RED"))["rule"] == "card.color = red"


def test_god_lays_other_starters_when_no_card_could_follow():
    rule = "card.rank > last.rank"
    seed = next(s for s in range(2000) if SOLO.new_game(typed_options("card.rank >= last.rank"), s).main[0].value == 13)
    s = SOLO.new_game(typed_options(rule), seed)
    assert s.main[0].value != 13 and parse_rule(rule).mask(s.main)
    assert Counter(SOLO.cards(s)) == Counter(SOLO.cards(SOLO.new_game(typed_options("card.rank >= last.rank"), seed)))


def test_a_library_rule_of_every_family_can_be_a_solo_round():
    firsts = {}
    for r in LIBRARY:
        firsts.setdefault(r.family, r)
    for r in firsts.values():
        s = SOLO.new_game(library_options(r.id), 1)
        assert s.starters == max(1, r.rule.lookback) == len(s.main)
