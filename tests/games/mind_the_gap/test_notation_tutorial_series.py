"""The position notation, the worked example and the series helper."""

from __future__ import annotations

import json

import pytest

from game.cards import Card, parse_cards
from game.engine import GameRunner, NotationError, Record, random_playout
from game.games.mind_the_gap import GAME, NOTATION, TUTORIAL_OPTIONS, Series, points_for, points_of_state, tutorial_intro, tutorial_steps
from game.games.mind_the_gap.tutorial import tutorial_deck

# --- notation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3, "level": "easy"},
        {"players": 1, "level": "expert"},
        {"players": 2, "small": True, "jokers": True},
    ],
)
def test_full_states_print_and_parse_back_to_equal_states(options):
    for seed in range(15):
        for s in random_playout(GAME, options, seed).states:
            text = NOTATION.format(s)
            back = NOTATION.parse(text)
            assert back == s, text
            assert NOTATION.format(back) == text


def test_position_only_texts_round_trip():
    for text in [
        "5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std",
        "4C/-,QS/9H,2D,-/-,-,-,- - 0 normal std",
        "8H/-,-/-,-,- - 3 hard small",
        "2D/-,-/-,JK,-/-,-,-,- 5S,JK 12 easy jokers players=3 turn=2 passes=1",
    ]:
        assert NOTATION.format(NOTATION.parse(text)) == text


def test_a_position_without_hands_keeps_every_other_card_in_the_stock():
    s = NOTATION.parse("5C/3H,8D/-,-,-/-,-,-,- JC 5 normal std")
    assert len(GAME.cards(s)) == 52 and len(s.stock) == 48
    assert s.players == 1 and s.hands == ((),)


def test_the_notation_documents_its_fields_in_the_example():
    s = NOTATION.parse("5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std players=2 turn=1 hands=7S,QS|AD,2S")
    assert s.places[0] == Card.parse("5C") and s.places[5] is None and s.places[8] == Card.parse("KH")
    assert s.discard == (Card.parse("JC"),) and s.coins == 5 and s.turn == 1
    assert s.hands[1] == tuple(parse_cards("AD 2S"))


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "5C/3H,8D 6 normal std",
        "5C/3H,8D/-,-,-/-,-,-,- - 6 normal weird",
        "5C/3H,8D/-,-,-/-,-,-,- - 6 insane std",
        "5C/3H,8D/-,-,-/-,-,-,- - 99 normal std",
        "5C/3H,8D/-,-,- - 6 normal std",
        "5C/3H,8D/-,-/-,-,-,- - 6 normal std",
        "5C/3H,9D/-,-,-/-,-,-,- - 6 normal std",  # 9 - 3 is not 5
        "5C/3H,8D/-,-,-/-,9S,9H,- - 6 normal std",  # same rank side by side
        "5C/3H,8D/-,-,-/-,-,-,- 3H 6 normal std",  # 3H twice
        "5C/3H,8D/-,-,-/-,-,-,- - 6 normal std hands=ZZ",
        "5C/3H,8D/-,-,-/-,-,-,- - 6 normal std players=2 hands=2C",
        "5C/3H,8D/-,-,-/-,-,-,- - 6 normal std players=2 turn=2",
        "5C/3H,8D/-,-,-/-,-,-,- - 6 normal std stock=2C",
        "5C/3H,8D/-,-,-/-,-,-,- - 6 normal std log=0:Q",
        "5C/3H,8D/-,-,-/-,-,-,- - 6 normal std extra",
        "JK/-,-/-,-,-/-,-,-,- - 6 normal jokers",
        "5C/JK,-/-,-,-/-,-,-,- - 6 normal std",  # a joker without the variant
    ],
)
def test_bad_positions_are_refused_with_notation_errors(bad):
    with pytest.raises(NotationError):
        NOTATION.parse(bad)


# --- the worked example -----------------------------------------------------------------


def test_the_worked_example_replays_and_is_won_with_five_coins():
    runner = GameRunner.start(GAME, TUTORIAL_OPTIONS, 2024)
    s = runner.state
    assert s.places[0] == Card.parse("5C")
    assert s.hands == (tuple(parse_cards("3H 9S 4C 10D 7S")), tuple(parse_cards("8D 6C KH 2S JC")))
    steps = tutorial_steps()
    assert len(steps) == 10
    for i, step in enumerate(steps, 1):
        assert runner.state.turn == step.seat
        action = GAME.action_from_text(step.action)
        assert action in GAME.legal_actions(runner.state)
        runner.play(action)
        if i == 7:
            assert Card.parse("QS") in runner.state.hands[0]  # Anna draws the Queen
        if i == 8:
            assert runner.state.hands[1][-1] == Card.parse("AD")  # Ben draws the Ace
            assert runner.state.coins == 5
    end = runner.state
    assert end.result == "won" and end.coins == 5
    assert GAME.outcome(end).won is True
    assert NOTATION.format(end).split()[0] == "5C/3H,8D/6C,9S,AD/10D,4C,KH,QS"
    # the record replays like any game's
    rec = Record.from_json(json.loads(json.dumps(runner.record().to_json())))
    assert rec.options["preset"] == "tutorial"
    assert GameRunner.replay(rec, GAME).state == end


def test_the_tutorial_texts_exist_in_both_languages():
    for lang in ("en", "de"):
        assert "5♣" in tutorial_intro().render(lang)
        for step in tutorial_steps():
            text = step.explanation.render(lang)
            assert "mind_the_gap." not in text and "{" not in text
            assert step.explanation.params["player"] in ("Anna", "Ben")
    assert "D♠" in tutorial_steps()[6].explanation.render("de")


def test_the_tutorial_deck_is_a_whole_deck_and_depends_on_the_seed_only_below_the_story():
    a, b = tutorial_deck(1), tutorial_deck(2)
    assert sorted(a) == sorted(b) and len(set(a)) == 52
    assert a[:19] == b[:19] and a != b
    with pytest.raises(ValueError):
        GAME.validate_options({**TUTORIAL_OPTIONS, "players": 3})


# --- series ------------------------------------------------------------------------------


def test_series_scores_one_point_plus_coins_per_won_pyramid():
    assert points_for(True, 3) == 4 and points_for(False, 3) == 0
    s = Series.start({"players": 2, "level": "hard"}, 99)
    seeds = set()
    while not s.done:
        opts, seed = s.next_game()
        seeds.add(seed)
        end = random_playout(GAME, opts, seed).state
        s = s.with_result(points_of_state(end))
    assert s.index == 5 and len(seeds) == 5
    assert s.total == sum(s.points) and s.total <= s.best_possible
    assert Series.from_json(json.loads(json.dumps(s.to_json()))) == s
    with pytest.raises(ValueError):
        s.with_result(1)
    with pytest.raises(ValueError):
        points_of_state(GAME.new_game(opts, 1))
