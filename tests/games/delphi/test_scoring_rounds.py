"""Scoring, games of several rounds, and the text's example layout."""

from __future__ import annotations

from collections import Counter

import pytest

from game.cards import Card, multi_deck, parse_cards
from game.engine import IllegalAction, Termination, msg
from game.games.delphi import scoring
from game.games.delphi.hands import replace
from game.games.delphi.state import GAME_OVER, ROUND_OVER, SETRULE, TURN, SidePlay
from tests.games.delphi.fakes import fake_game, new_table, rig


def cards(text):
    return tuple(parse_cards(text))


def act(g, s, text):
    return g.apply(s, g.action_from_text(text))


# --- the text's example --------------------------------------------------------------
def test_high_count_11_a_hand_of_8_scores_3_and_an_empty_hand_15():
    assert scoring.player_scores([11, 8, 0]) == [0, 3, 15]


def test_round_result_from_a_table():
    g, s = new_table(players=4)
    s = rig(s, hands={1: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", 2: "AH 2H 3H 4H 5H 6H 7H 8H", 3: ""})
    r = scoring.round_result(s, g.status(s))
    assert r.high == 11
    assert r.scores[1:] == (0, 3, 15)
    assert r.scores[0] == 15  # God: the best player score, no Prophet
    assert r.prophet == -1 and r.prophet_bonus == 0 and not r.god_capped


def test_prophet_bonus_one_per_main_card_two_per_side_card_after_the_marker():
    main_nums = (1, 2, 3, 4, 5, 6, 9, 12)  # 9 and 12 come after card 6
    side = [(7, 2), (10, 2), (3, 1)]  # (first number, cards): 4 side cards after 6
    assert scoring.prophet_bonus(main_nums, side, prophet_at=6) == 2 + 2 * 4


def test_god_score_both_ways():
    assert scoring.god_score(15, None) == 15
    assert scoring.god_score(15, 6) == 12  # twice the 6 cards up to the marker is smaller
    assert scoring.god_score(15, 20) == 15


def test_round_result_with_a_standing_prophet():
    g, s = new_table(players=5)
    side = (SidePlay(anchor=5, cards=cards("KH KD"), first=7, seat=3), SidePlay(anchor=2, cards=cards("QH"), first=4, seat=2))
    s = rig(
        s,
        hands={1: "AS 2S 3S 4S 5S 6S 7S 8S", 2: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH", 3: "AD", 4: "AC 2C 3C"},
        main="3C 9S 4C JD 2C 10D 8H 7S",
        main_nums=(1, 2, 3, 5, 6, 9, 10, 11),
        side=side,
        prophet=1,
        prophet_at=6,
        prophet_anchor=4,
    )
    r = scoring.round_result(s, g.status(s))
    # high 11; hands 8, 11, 1, 3 score 3, 0, 10, 8; the Prophet adds 3 main (9, 10, 11) + 2 * 2 side (7, 8)
    assert r.high == 11 and r.prophet_bonus == 3 + 4
    assert r.scores == (10, 3 + 7, 0, 10, 8)  # God: the best score, 10, is below 2 * 6
    assert not r.god_capped
    # declared right after the wrong QH (card 4): the marker goes on the last
    # main-line card, 4C (card 3); main 5, 6, 9, 10, 11 and side 7, 8 follow card 4
    s2 = replace(s, prophet_at=4, prophet_anchor=2)
    r2 = scoring.round_result(s2, g.status(s2))
    assert r2.prophet_bonus == 5 + 2 * 2
    # God: the cards up to and including the marked card are 3 (not the 4
    # played at the declaration), twice 3 is below the best score, 12
    assert r2.cap_cards == 3
    assert r2.scores == (6, 3 + 9, 0, 10, 8)
    assert r2.god_capped


def test_gods_cap_counts_up_to_the_marked_card_not_to_the_declaration():
    """The text: "count the cards (right and wrong) played up to and
    including the card with the Prophet marker and double this number"."""
    g, s = new_table(rule="odd-black", players=5)
    # 3H is card 1; seat 1 plays a wrong 2H (card 2) and declares at once
    s = replace(rig(s, hands={1: "2H 9S 4C", 2: "5S", 3: "AC 2C 3C 4C 5C 6C 7C 8C", 4: "AD 2D 3D 4D 5D 6D 7D 8D"}, main="3H"), turn=1)
    s = act(g, s, "play 2H")
    s = act(g, s, "prophet")
    assert s.prophet_at == 2 and s.prophet_anchor == 0
    r = scoring.round_result(s, g.status(s))
    assert r.cap_cards == 1  # only the starter, which carries the marker
    assert max(r.scores[1:]) == 8 - 1  # seat 2 holds 1 card, the high count is 8
    assert r.scores[0] == 2 * 1 and r.god_capped  # before: twice the 2 cards played at the declaration


def test_game_totals_give_10_to_seats_that_were_not_god_in_a_short_game():
    rounds = [(0, (9, 3, 5, 1)), (1, (2, 8, 4, 6)), (2, (1, 1, 7, 0))]
    assert scoring.game_totals(rounds, players=4) == (12, 12, 16, 7 + 10)
    full = rounds + [(3, (0, 0, 0, 5))]
    assert scoring.game_totals(full, players=4) == (12, 12, 16, 12)


# --- several rounds --------------------------------------------------------------------
def end_round_quickly(g, s):
    """The player on turn holds four cards that do not fit: a right No Play ends the round."""
    seat = s.turn
    # odd-black: after an odd card only black fits, after an even one only red
    need_red = s.main[-1].value % 2 == 1
    hand = "2H 4H 6D 8D" if need_red else "2S 4S 6C 8C"
    s = rig(s, hands={seat: hand}, main=" ".join(c.code for c in s.main))
    return act(g, s, "noplay")


def test_a_game_of_several_rounds_rotates_god_and_adds_up():
    g = fake_game()
    s = g.new_game({"players": 3, "rounds": 3, "first_god": 1, "god_name": "Seer", "rules": ["odd-black", None, {"hand": True}]}, 11)
    assert s.god == 1 and s.phase == TURN
    s = end_round_quickly(g, s)
    assert s.phase == ROUND_OVER and len(s.results) == 1
    assert g.outcome(s) is None
    assert g.current_player(s) == 2  # the next God starts the next round
    assert g.view(s, 0).rule == "odd-black"  # the rule is revealed to all
    assert g.legal_actions(s)[0].kind == "next"
    s = act(g, s, "next")
    assert s.round == 1 and s.god == 2 and s.phase == SETRULE and g.current_player(s) == 2
    assert len(s.deck) == 156 and s.main == () and s.log == ()
    s = act(g, s, "rule alternate")
    assert s.phase == TURN and s.rule == "alternate"
    assert g.view(s, 0).rule is None and g.view(s, 2).rule == "alternate"
    # finish round 2 by a right No Play too (alternate: the other colour fits)
    seat = s.turn
    red_last = s.main[-1].suit.is_red
    s = rig(s, hands={seat: "2S 4S 6C 8C" if not red_last else "2H 4H 6D 8D"}, main=" ".join(c.code for c in s.main))
    s = act(g, s, "noplay")
    assert s.phase == ROUND_OVER and len(s.results) == 2
    s = act(g, s, "next")
    assert s.god == 0 and s.by_hand
    seat = s.turn
    s = rig(s, hands={seat: "2S"}, main=" ".join(c.code for c in s.main))
    s = act(g, act(g, s, "play 2S"), "verdict right")
    assert s.phase == GAME_OVER
    out = g.outcome(s)
    totals = tuple(sum(r.scores[p] for r in s.results) for p in range(3))
    assert out.scores == tuple(float(t) for t in totals)  # everyone was God: no compensation
    assert [r.god for r in s.results] == [1, 2, 0]
    assert out.winners == tuple(p for p in range(3) if totals[p] == max(totals))


def test_a_game_stopped_early_scores_the_finished_rounds_with_compensation():
    g = fake_game()
    s = g.new_game({"players": 4, "rounds": 4, "rules": ["odd-black"] * 4}, 2)
    s = end_round_quickly(g, s)
    assert s.phase == ROUND_OVER
    assert g.view(s, 1).compensated == (1, 2, 3)  # the seats that have not been God
    stopped = act(g, s, "stop")
    out = g.outcome(stopped)
    r = s.results[0]
    assert out.scores == tuple(float(r.scores[p] + (10 if p != 0 else 0)) for p in range(4))
    assert out.stopped and out.termination is Termination.STOPPED
    assert out.reason == msg("delphi.end.stopped", n=1)
    assert g.view(s, 1).final == tuple(int(x) for x in out.scores)


def test_stop_is_a_recorded_action_that_ends_the_game_with_the_finished_rounds():
    g = fake_game()
    s = end_round_quickly(g, g.new_game({"players": 4, "rounds": 4, "rules": ["odd-black"] * 4}, 2))
    s = act(g, s, "next")
    s = act(g, s, f"play {s.hands[s.turn][0].code}")  # round 2 under way
    stop = g.stop_action(s)
    assert stop == g.action_from_text("stop") and g.action_to_text(stop) == "stop"
    assert stop not in g.legal_actions(s)  # bots never stop a game
    assert g.describe_action(s, stop) == msg("delphi.do.stop", n=1)
    after = g.apply(s, stop)
    assert after.stopped and after.phase == GAME_OVER and g.current_player(after) is None
    assert g.outcome(s) is None and g.outcome(after).stopped
    assert g.outcome(after).scores == tuple(float(t) for t in g.totals(s))  # round 2 does not count
    assert g.stop_action(after) is None and g.legal_actions(after) == []
    with pytest.raises(IllegalAction):
        act(g, after, "stop")
    assert Counter(g.cards(after)) == Counter(multi_deck(3))


def test_a_game_played_to_its_end_is_finished_not_stopped():
    g = fake_game()
    s = end_round_quickly(g, g.new_game({"players": 3, "rounds": 1, "rules": ["odd-black"]}, 2))
    out = g.outcome(s)
    assert s.phase == GAME_OVER and not s.stopped
    assert out.termination is Termination.FINISHED and not out.stopped
    assert out.reason == msg("delphi.end.game", n=1)


def test_options_are_checked_and_filled():
    g = fake_game()
    o = g.validate_options({"players": 5, "rule": "odd-black"})
    assert o["rounds"] == 5 and o["rules"] == ["odd-black", None, None, None, None]
    for bad in (
        {"players": 2},
        {"players": 9},
        {"players": 4, "rounds": 5},
        {"players": 4, "first_god": 4},
        {"players": 4, "rules": ["nope"]},
        {"players": 4, "rules": [{"hand": True, "starters": 4}]},
        {"players": 4, "rounds": 1, "rules": ["odd-black", "alternate"]},
        {"players": 4, "god_name": "x" * 40},
    ):
        with pytest.raises(ValueError):
            g.validate_options(bad)


# --- the text's worked example -------------------------------------------------------------
EXAMPLE_PLAYS = [
    "9S",
    "JD",
    "5D",
    "QD",
    "4C",
    "JD",
    "AH",
    "8H",
    "2C",
    "AS",
    "10S",
    "10D",
    "8H",
    "7H",
    "10H",
    "10S 9H 4S 2S",
    "2C",
    "5H",
]


def test_the_texts_example_layout_with_gardners_rule():
    """The layout of the text (starter 3H, 22 cards played, markers on the
    10th and 20th) comes out of the engine card for card."""
    g, s = new_table(rule="odd-black", players=3)
    by_seat = {1: [], 2: []}
    for i, play in enumerate(EXAMPLE_PLAYS):
        by_seat[1 + i % 2].extend(play.split())
    s = replace(rig(s, hands={1: " ".join(by_seat[1]), 2: " ".join(by_seat[2])}, main="3H"), turn=1)
    for play in EXAMPLE_PLAYS:
        s = act(g, s, f"play {play}")
    assert s.main == cards("3H 9S 4C JD 2C 10D 8H 7H 2C 5H")
    columns = {}
    for sp in s.side:
        columns.setdefault(s.main[sp.anchor].code + f"@{sp.anchor}", []).append(" ".join(c.code for c in sp.cards))
    assert columns == {
        "9S@1": ["JD", "5D", "QD"],
        "JD@3": ["AH", "8H"],
        "2C@4": ["AS", "10S"],
        "7H@7": ["10H", "10S 9H 4S 2S"],
    }
    assert s.played == 22
    v = g.view(s, 1)
    assert v.white == (10, 20)
    assert s.main_nums[4] == 10  # the first 2C carries the 10th-card marker
    assert s.side[-1].first + 3 == 20  # the string's last card, 2S, the 20th
    assert Counter(g.cards(s)) == Counter(multi_deck(3))
    assert Card.parse("2S") in s.side[-1].cards


def test_a_hint_is_shown_to_everyone_and_a_library_id_is_kept():
    g = fake_game()
    entry = {"rule": "odd-black", "rule_id": "gardner", "hint": "Suits do not matter."}
    o = g.validate_options({"players": 4, "rounds": 2, "rules": [entry, {"hand": True, "starters": 2, "hint": "Two back."}]})
    assert o["rules"][0] == entry
    assert o["rules"][1] == {"hand": True, "starters": 2, "note": "", "hint": "Two back."}
    assert g.validate_options(o) == o  # canonical options validate to themselves
    s = g.new_game(o, 4)
    assert s.plans[0].rule_id == "gardner"
    for seat in (None, 0, 1, 2, 3):
        assert g.view(s, seat).hint == "Suits do not matter."
    assert g.view(s, 1).rule is None
