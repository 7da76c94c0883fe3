"""Delphi's rules, one situation at a time.

Rules here are stand-ins written in Python (tests/games/delphi/fakes.py);
"odd-black" is Gardner's rule from the text: after an odd card play black,
after an even card play red.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.cards import Card, multi_deck, parse_cards
from game.engine import IllegalAction
from game.games.delphi.hands import replace
from game.games.delphi.state import (
    DECLARE,
    GAME_OVER,
    GOD_CHECK_PICK,
    GOD_PICK,
    GOD_VERDICT,
    PROPHET_PICK,
    PROPHET_VERDICT,
    SETRULE,
    TURN,
    Action,
)
from tests.games.delphi.fakes import deal_order, fake_game, new_table, rig


def C(code: str) -> Card:
    return Card.parse(code)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def act(g, s, text):
    return g.apply(s, g.action_from_text(text))


def total(g, s):
    return Counter(g.cards(s))


FULL = Counter(multi_deck(3))


# --- dealing and the first player ---------------------------------------------
def test_deal_gives_14_to_every_player_and_god_keeps_the_rest():
    g, s = new_table(players=5, god=2)
    assert [len(h) for h in s.hands] == [14, 14, 0, 14, 14]
    assert len(s.main) == 1 and s.played == 1 and s.main_nums == (1,)
    assert len(s.deck) == 156 - 4 * 14 - 1
    assert total(g, s) == FULL


@pytest.mark.parametrize(
    "players, god, starter, first",
    [
        (4, 0, "5H", 2),  # count 1, 2, 3 on seats 1, 2, 3, then 1, 2: ends on seat 2
        (4, 0, "AS", 1),  # Ace counts 1: God's left neighbour
        (4, 0, "3C", 3),
        (5, 2, "KD", 3),  # 13 over seats 3, 4, 0, 1 (God, seat 2, not counted): 13 = 3*4 + 1
        (3, 1, "QH", 0),  # 12 over seats 2, 0: even, ends on seat 0
        (8, 7, "JC", 3),  # 11 over seats 0..6: 11 - 7 = 4th seat, seat 3
    ],
)
def test_first_player_counts_the_starter_from_gods_left(players, god, starter, first):
    g = fake_game()
    deck = list(multi_deck(3))
    # the starter comes right after the 14 * (players - 1) dealt cards
    deck.remove(C(starter))
    deck.insert(14 * (players - 1), C(starter))
    s = g.new_game_with_deck({"players": players, "rounds": 1, "first_god": god, "rules": ["odd-black"]}, deck)
    assert s.main == (C(starter),)
    assert s.turn == first and s.phase == TURN


def test_with_two_starters_the_last_one_counts():
    g = fake_game()
    deck = list(multi_deck(3))
    deck.remove(C("KS"))
    deck.remove(C("2H"))
    deck[14 * 3 : 14 * 3] = [C("KS"), C("2H")]
    s = g.new_game_with_deck({"players": 4, "rounds": 1, "rules": ["above-both"]}, deck)
    assert s.starters == 2 and s.main == (C("KS"), C("2H")) and s.played == 2
    assert s.turn == 2  # counting 2 from God's left (seat 1)


def test_the_deal_goes_round_from_gods_left():
    g = fake_game()
    hands = {1: "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH", 2: "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC", 3: "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2H 3H"}
    top = deal_order(hands, god=0, players=4)
    deck = list(top)
    rest = list(multi_deck(3))
    for c in deck:
        rest.remove(c)
    s = g.new_game_with_deck({"players": 4, "rounds": 1, "rules": ["odd-black"]}, deck + rest)
    for seat, text in hands.items():
        assert s.hands[seat] == tuple(sorted(parse_cards(text)))


# --- plays ---------------------------------------------------------------------
def test_a_right_card_extends_the_main_line_and_play_moves_on():
    g, s = new_table(players=3)
    s = rig(s, hands={1: "9S 4C 7H"}, main="3H", turn=1)
    s = act(g, s, "play 9S")
    assert s.main == cards("3H 9S") and s.main_nums == (1, 2)
    assert s.hands[1] == cards("4C 7H")
    assert s.phase == TURN and s.turn == 2
    assert total(g, s) == FULL


def test_a_wrong_card_hangs_under_the_last_main_card_with_two_penalty_cards():
    g, s = new_table(players=3)
    s = rig(s, hands={1: "JD 4C 7H"}, main="3H 9S", deck_top="2S 3S 4S")
    s = replace(s, turn=1)
    s = act(g, s, "play JD")  # 9 is odd: black needed
    assert s.main == cards("3H 9S")
    assert len(s.side) == 1
    sp = s.side[0]
    assert sp.anchor == 1 and sp.cards == cards("JD") and sp.first == 3 and sp.seat == 1
    assert s.hands[1] == tuple(sorted(cards("4C 7H 2S 3S")))
    assert s.deck[0] == C("4S")
    assert s.played == 3 and s.turn == 2
    assert total(g, s) == FULL


def test_a_right_string_extends_the_main_line_card_by_card():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "9S 4C JD 2C 5H"}, main="3H"), turn=1)
    # 3 odd: black 9S; 9 odd: black 4C; 4 even: red JD; J odd: black 2C
    s = act(g, s, "play 9S 4C JD 2C")
    assert s.main == cards("3H 9S 4C JD 2C")
    assert s.hands[1] == cards("5H")
    assert s.main_nums == (1, 2, 3, 4, 5)


def test_one_wrong_card_makes_the_whole_string_wrong_and_it_stays_together():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "9S 4C 5D 2C 5H"}, main="3H", deck_top="AC 2C 3C 4C 5C 6C 7C"), turn=1)
    # 9S fits, 4C fits, 5D fits (4 even: red), 2C fits (5 odd: black); 5H after 2C? 2 even: red, fits
    s_ok = act(g, s, "play 9S 4C 5D")
    assert s_ok.main == cards("3H 9S 4C 5D")
    # now one wrong card in the middle: 9S, then 5D (9 odd needs black): the whole string is wrong
    s = act(g, s, "play 9S 5D 2C")
    assert s.main == cards("3H")
    assert len(s.side) == 1 and s.side[0].cards == cards("9S 5D 2C") and s.side[0].anchor == 0
    assert len(s.hands[1]) == 2 + 6  # 4C 5H left, 2 penalty cards per wrong card
    assert s.played == 4
    assert total(g, s) == FULL


def test_a_string_is_judged_with_each_accepted_card_as_the_last():
    g, s = new_table(rule="alternate", players=3)
    s = replace(rig(s, hands={1: "9S 4D 5S 6C"}, main="3H"), turn=1)
    s2 = act(g, s, "play 9S 4D 5S")  # black, red, black: each against the one before
    assert s2.main == cards("3H 9S 4D 5S")
    s3 = act(g, s, "play 9S 5S")  # second black after black
    assert s3.main == cards("3H") and s3.side[0].cards == cards("9S 5S")


def test_cards_you_do_not_hold_are_refused_with_a_reason():
    g, s = new_table(players=3)
    s = replace(rig(s, hands={1: "9S 4C 7H"}, main="3H"), turn=1)
    with pytest.raises(IllegalAction) as e:
        act(g, s, "play KD")
    assert e.value.reason.key == "delphi.err.not_in_hand"
    with pytest.raises(IllegalAction) as e:
        act(g, s, "play 9S 9S")
    assert e.value.reason.key == "delphi.err.not_enough"
    with pytest.raises(IllegalAction) as e:
        g.apply(s, Action("play", ()))
    assert e.value.reason.key == "delphi.err.no_cards"
    with pytest.raises(IllegalAction) as e:
        act(g, s, "verdict right")
    assert e.value.reason.key == "delphi.err.no_verdict_due"


# --- markers --------------------------------------------------------------------
def test_white_markers_on_every_tenth_card_black_after_the_prophet():
    g, s = new_table(players=4)
    s = replace(s, played=25)
    assert g.markers(s) == ((10, 20), ())
    s = replace(s, played=37, prophet=2, prophet_at=15, prophet_anchor=8)
    assert g.markers(s) == ((10,), (25, 35))
    # cast down: black markers go, white ones catch up
    s = replace(s, prophet=-1, prophet_at=0, prophet_anchor=-1)
    assert g.markers(s) == ((10, 20, 30), ())


def test_marker_numbers_count_main_and_side_cards_together():
    g, s = new_table(rule="nothing", players=3)
    s = replace(rig(s, hands={1: "2S 3S 4S 5S 6S", 2: "2H 3H 4H 5H 6H"}, main="KC"), turn=1)
    for code in ("2S", "2H", "3S", "3H"):
        s = act(g, s, f"play {code}")
    s = act(g, s, "play 4S 5S 6S")
    assert s.played == 8 and g.view(s, 2).white == ()
    s = act(g, s, "play 4H 5H")
    assert s.played == 10 and g.view(s, 1).white == (10,)
    assert s.side[-1].first == 9  # the marker sits on 5H, the string's second card


# --- No Play ------------------------------------------------------------------
def test_right_no_play_with_four_cards_ends_the_round():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "2H 4D 6H 8D"}, main="3H"), turn=1)  # 3 odd: only black fits
    deck_before = s.deck
    s = act(g, s, "noplay")
    assert s.hands[1] == ()
    assert s.deck == deck_before + cards("2H 4D 6H 8D")
    assert s.phase == GAME_OVER
    res = s.results[0]
    assert res.reason.key == "delphi.end.out"
    assert res.scores[1] == res.high + 4
    assert s.noplays[0].correct and s.noplays[0].cards == cards("2H 4D 6H 8D")
    assert total(g, s) == FULL


def test_right_no_play_with_eight_cards_gives_a_new_hand_of_four():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "2H 4D 6H 8D 10H QD AH 3D"}, main="3H", deck_top="KS KC QS QC 5S"), turn=1)
    old = s.hands[1]
    s = act(g, s, "noplay")
    assert s.hands[1] == tuple(sorted(cards("KS KC QS QC")))
    assert s.deck[0] == C("5S") and s.deck[-8:] == old
    assert s.phase == TURN and s.turn == 2
    assert s.played == 1  # nothing was played
    assert total(g, s) == FULL


def test_wrong_no_play_god_plays_the_lowest_fitting_card_and_five_penalty_cards():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "2H 9C 4D 5S 8D"}, main="3H", deck_top="AS 2S 3S 4S 7S 6S"), turn=1)
    s = act(g, s, "noplay")
    assert s.main == cards("3H 5S")  # 5S and 9C fit: the lower one
    assert s.main_nums == (1, 2) and s.played == 2
    assert len(s.hands[1]) == 4 + 5
    assert C("9C") in s.hands[1] and C("5S") not in s.hands[1]
    assert s.deck[0] == C("6S")
    assert not s.noplays[0].correct
    assert s.turn == 2
    assert total(g, s) == FULL


# --- expulsion -------------------------------------------------------------------
def test_no_expulsion_for_a_wrong_play_on_the_thirtieth_card():
    g, s = new_table(rule="odd-black", players=4)
    s = replace(rig(s, hands={1: "2H 4D"}, main="3H", played=29), turn=1)
    s = act(g, s, "play 2H")
    assert not s.expelled[1] and len(s.hands[1]) == 3


def test_after_thirty_cards_a_wrong_play_expels_after_the_penalty():
    g, s = new_table(rule="odd-black", players=4)
    s = replace(rig(s, hands={1: "2H 4D"}, main="3H", played=30), turn=1)
    s = act(g, s, "play 2H")
    assert s.expelled[1]
    assert len(s.hands[1]) == 3  # the penalty is still paid
    assert s.phase == TURN and s.turn == 2
    # the expelled seat is skipped from now on (and with only seats 2 and 3
    # left, nobody can become Prophet, so no chance to declare comes up)
    s = act(g, s, "play " + s.hands[2][0].code)
    assert s.phase == TURN and s.turn == 3
    s = act(g, s, "play " + s.hands[3][0].code)
    assert s.phase == TURN and s.turn == 2


def test_a_no_play_never_expels():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "2H 9C"}, main="3H", played=40), turn=1)
    s = act(g, s, "noplay")
    assert not s.expelled[1]


def test_the_round_ends_when_the_last_player_is_expelled():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={2: "2H 4D"}, main="3H", played=35), turn=2, expelled=(False, True, False))
    s = act(g, s, "play 2H")
    assert s.expelled[2]
    assert s.phase == GAME_OVER
    assert s.results[0].reason.key == "delphi.end.expelled"
    assert s.results[0].played == 36


def test_when_gods_deck_runs_out_the_player_takes_the_rest_and_the_round_ends():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "2H 4D"}, main="3H"), turn=1)
    # move all but one deck card into seat 2's hand
    deck = s.deck
    s = replace(s, hands=(s.hands[0], s.hands[1], tuple(sorted(s.hands[2] + deck[1:]))), deck=deck[:1])
    assert total(g, s) == FULL
    s = act(g, s, "play 2H")
    assert len(s.hands[1]) == 2 and s.deck == ()
    assert s.phase == GAME_OVER and s.results[0].reason.key == "delphi.end.deck"


def test_playing_the_last_card_ends_the_round():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "9S"}, main="3H"), turn=1)
    s = act(g, s, "play 9S")
    assert s.phase == GAME_OVER
    assert s.results[0].reason.key == "delphi.end.out"
    assert s.results[0].scores[1] == s.results[0].high + 4


# --- the Prophet: conditions ------------------------------------------------------------
def test_no_prophet_with_three_seats():
    g, s = new_table(rule="odd-black", players=3)
    s = replace(rig(s, hands={1: "9S 4C"}, main="3H"), turn=1)
    s = act(g, s, "play 9S")
    assert s.phase == TURN  # no chance to declare
    assert g.prophet_blocker(s, 1).key == "delphi.err.prophet_too_few"


def test_right_after_your_own_play_you_may_declare():
    g, s = new_table(rule="odd-black", players=4)
    s = replace(rig(s, hands={1: "9S 4C JD"}, main="3H"), turn=1)
    with pytest.raises(IllegalAction) as e:
        act(g, s, "prophet")
    assert e.value.reason.key == "delphi.err.prophet_after_play"
    s = act(g, s, "play JD")  # wrong plays count as well
    assert s.phase == DECLARE and g.current_player(s) == 1
    assert [g.action_to_text(a) for a in g.legal_actions(s)] == ["prophet", "pass"]
    assert g.prophet_blocker(s, 1) is None
    assert g.prophet_blocker(s, 2).key == "delphi.err.prophet_after_play"
    assert g.prophet_blocker(s, 0).key == "delphi.err.prophet_god"
    p = act(g, s, "prophet")
    assert p.prophet == 1 and p.prophet_at == 2 and p.prophet_anchor == 0
    assert p.expel_after == 30  # max(30, 2 + 20)
    assert p.phase == TURN and p.turn == 2
    assert g.prophet_blocker(p, 2).key == "delphi.err.prophet_exists"
    assert g.prophet_blocker(p, 1).key == "delphi.err.prophet_already_you"
    q = act(g, s, "pass")
    assert q.prophet == -1 and q.phase == TURN and q.turn == 2


def test_a_prophet_needs_two_other_players_still_in():
    g, s = new_table(rule="odd-black", players=4)
    s = replace(rig(s, hands={1: "9S 4C"}, main="3H"), turn=1, expelled=(False, False, False, True))
    s = act(g, s, "play 9S")
    assert s.phase == TURN
    assert g.prophet_blocker(s, 1).key == "delphi.err.prophet_too_few"


def test_once_prophet_never_again_in_the_round():
    g, s = new_table(rule="odd-black", players=5)
    s = replace(rig(s, hands={1: "9S 4C"}, main="3H"), turn=1, been_prophet=(False, True, False, False, False))
    s = act(g, s, "play 9S")
    assert s.phase == TURN
    assert g.prophet_blocker(s, 1).key == "delphi.err.prophet_again"


def test_an_expelled_player_cannot_declare():
    g, s = new_table(rule="odd-black", players=5)
    s = replace(rig(s, hands={1: "2H 4C"}, main="3H", played=31), turn=1)
    s = act(g, s, "play 2H")
    assert s.expelled[1] and s.phase == TURN
    assert g.prophet_blocker(s, 1).key == "delphi.err.expelled"


def test_a_prophet_delays_expulsions_20_cards_after_the_marker():
    g, s = new_table(rule="odd-black", players=5)
    s = replace(rig(s, hands={1: "9S 2H", 2: "2H 4D 6H"}, main="3H", played=31), turn=1)
    s = act(g, s, "play 9S")
    s = act(g, s, "prophet")
    assert s.expel_after == 32 + 20
    # a wrong play judged wrong by the Prophet: penalty, but no expulsion yet
    s = act(g, s, "play 2H")  # after 9S (odd) black is needed
    assert s.phase == PROPHET_VERDICT and g.current_player(s) == 1
    s = act(g, s, "verdict wrong")
    assert not s.expelled[2] and len(s.hands[2]) == 2 + 2
    assert s.side[-1].cards == cards("2H")
    # the same play once 52 cards are on the table expels
    t = replace(s, played=52, turn=2, phase=TURN)
    t = act(g, act(g, t, "play 4D"), "verdict wrong")
    assert t.expelled[2]


def test_prophet_marker_early_still_no_expulsion_before_card_31():
    g, s = new_table(rule="odd-black", players=5)
    s = replace(rig(s, hands={1: "9S 2S", 2: "2H 4D 6H"}, main="3H", played=4), turn=1)
    s = act(g, act(g, s, "play 9S"), "prophet")
    assert s.expel_after == 30


# --- the Prophet judges; God checks ---------------------------------------------------
def prophet_table(rule="odd-black", players=5, **kw):
    """Seat 1 is Prophet (declared after 3H 9S); seat 2 is on turn."""
    g, s = new_table(rule=rule, players=players)
    hands = {1: "9S 7S 7C", 2: "4C 2H 6H 8D AH 3D", 3: "5S 5C 5H 5D 6S 6C"}
    hands.update(kw.pop("hands", {}))
    s = replace(rig(s, hands=hands, main="3H", deck_top=kw.pop("deck_top", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")), turn=1)
    s = act(g, act(g, s, "play 9S"), "prophet")
    assert s.prophet == 1 and s.turn == 2 and s.prophet_at == 2
    return g, s


def test_a_right_verdict_on_a_right_play():
    g, s = prophet_table()
    s = act(g, s, "play 4C")
    assert s.phase == PROPHET_VERDICT and s.pending == cards("4C")
    assert g.view(s, 3).pending == cards("4C")
    s = act(g, s, "verdict right")
    assert s.main == cards("3H 9S 4C") and s.prophet == 1
    assert s.turn == 3


def test_a_false_prophet_who_refused_a_right_play():
    g, s = prophet_table()
    prophet_hand = len(s.hands[1])
    s = act(g, s, "play 4C")
    s = act(g, s, "verdict wrong")
    assert s.prophet == -1 and s.prophet_anchor == -1
    assert len(s.hands[1]) == prophet_hand + 5  # the False Prophet's penalty
    assert s.main == cards("3H 9S 4C")  # God moves the cards to the main line
    assert len(s.hands[2]) == 5  # no penalty for the player
    assert s.expel_after == 30
    assert s.been_prophet[1]
    # the player who exposed the Prophet may now declare
    assert s.phase == DECLARE and s.turn == 2
    s = act(g, s, "pass")
    assert s.turn == 3
    assert any(e[0] == "delphi.log.cast_down" for e in s.log)


def test_a_false_prophet_who_accepted_a_wrong_play():
    g, s = prophet_table()
    s = replace(s, played=40, expel_after=30)  # even past the expulsion threshold
    s = act(g, s, "play 2H")  # 9 odd needs black
    s = act(g, s, "verdict right")
    assert s.prophet == -1
    assert s.main == cards("3H 9S") and s.side[-1].cards == cards("2H")
    assert len(s.hands[2]) == 5  # no penalty
    assert not s.expelled[2]  # and not expelled
    # the False Prophet plays again in turn: 2 has played, then 3, 4, 1
    s = act(g, s, "pass")
    assert s.turn == 3
    for seat in (4, 1):
        s = act(g, s, f"play {s.hands[s.turn][0].code}")
        s = act(g, s, "pass") if s.phase == DECLARE else s
        assert s.turn == seat


def test_the_false_prophet_resumes_in_turn_and_white_markers_catch_up():
    g, s = prophet_table()
    s = replace(s, played=25)
    v = g.view(s, 3)
    assert v.white == () and v.black == (12, 22)
    s = act(g, act(g, s, "play 4C"), "verdict wrong")
    v = g.view(s, 3)
    assert v.black == () and v.white == (10, 20) and v.prophet == -1


# --- No Play under a Prophet -------------------------------------------------------
def test_no_play_prophet_and_god_agree_there_is_none():
    g, s = prophet_table(hands={2: "2H 4D 6H 8D AH 3D"})  # after 9S only black fits
    s = act(g, s, "noplay")
    assert s.phase == PROPHET_VERDICT
    v = g.view(s, 3)
    assert v.shown_hand == s.hands[2] and v.pending_kind == "noplay"
    s = act(g, s, "verdict right")
    assert s.prophet == 1 and len(s.hands[2]) == 2  # 6 cards back, a new hand of 2
    assert s.noplays[-1].correct


def test_no_play_prophet_says_none_god_sees_one():
    g, s = prophet_table(hands={2: "2H 4C 6H 8D AH 3D"})  # 4C fits
    s = act(g, act(g, s, "noplay"), "verdict right")
    assert s.prophet == -1
    assert s.main[-1] == C("4C")
    assert len(s.hands[2]) == 5  # the card is gone, and no penalty
    assert s.phase == TURN and s.turn == 3  # no chance to declare after a No Play


def test_no_play_prophet_sees_a_play_god_sees_none():
    g, s = prophet_table(hands={2: "2H 4D 6H 8D AH 3D"})
    s = act(g, act(g, s, "noplay"), "verdict wrong")
    assert s.prophet == -1
    assert len(s.hands[2]) == 2  # treated as a right No Play: a new hand four smaller
    assert s.noplays[-1].correct


def test_no_play_both_see_a_play_and_the_prophet_picks_a_fitting_card():
    g, s = prophet_table(hands={2: "2H 4C 6H 8D AH 3D"})
    s = act(g, act(g, s, "noplay"), "verdict wrong")
    assert s.phase == PROPHET_PICK and g.current_player(s) == 1
    assert {a.cards[0] for a in g.legal_actions(s)} == set(s.hands[2])
    with pytest.raises(IllegalAction) as e:
        act(g, s, "pick KS")
    assert e.value.reason.key == "delphi.err.pick_not_shown"
    s = act(g, s, "pick 4C")
    assert s.prophet == 1 and s.main[-1] == C("4C")
    assert len(s.hands[2]) == 5 + 5  # the player's penalty


def test_no_play_both_see_a_play_and_the_prophet_picks_a_wrong_card():
    g, s = prophet_table(hands={2: "2H 4C 6H 8D AH 3D"})
    s = act(g, act(g, s, "noplay"), "verdict wrong")
    s = act(g, s, "pick 8D")
    assert s.prophet == -1
    assert s.main[-1] == C("4C")  # God's pick
    assert C("8D") in s.hands[2]  # the Prophet's card went back
    assert len(s.hands[2]) == 5  # no penalty
    assert s.noplays[-1].rejected == C("8D")


# --- judging by hand ------------------------------------------------------------------
def test_judge_by_hand_gods_seat_gives_every_verdict():
    g = fake_game()
    s = g.new_game({"players": 4, "rounds": 1, "rules": [{"hand": True, "starters": 2, "note": "odd then black"}]}, 5)
    assert s.by_hand and s.starters == 2 and len(s.main) == 2
    seat = s.turn
    card = s.hands[seat][0]
    s = act(g, s, f"play {card.code}")
    assert s.phase == GOD_VERDICT and g.current_player(s) == 0
    s = act(g, s, "verdict wrong")
    assert s.side[-1].cards == (card,) and len(s.hands[seat]) == 15
    # a No Play judged wrong: God picks the card by hand
    s = act(g, s, "pass") if s.phase == DECLARE else s
    seat = s.turn
    hand = s.hands[seat]
    s = act(g, act(g, s, "noplay"), "verdict wrong")
    assert s.phase == GOD_PICK and g.current_player(s) == 0
    s = act(g, s, f"god-pick {hand[3].code}")
    assert s.main[-1] == hand[3] and len(s.hands[seat]) == len(hand) - 1 + 5


def test_judge_by_hand_with_a_prophet_god_checks_each_verdict():
    g = fake_game()
    s = g.new_game({"players": 5, "rounds": 1, "rules": [{"hand": True}]}, 9)
    first = s.turn
    s = act(g, s, f"play {s.hands[first][0].code}")
    s = act(g, s, "verdict right")
    s = act(g, s, "prophet")
    seat = s.turn
    s = act(g, s, f"play {s.hands[seat][0].code}")
    assert s.phase == PROPHET_VERDICT and g.current_player(s) == first
    s = act(g, s, "verdict right")
    assert s.phase == GOD_VERDICT and g.current_player(s) == 0
    s = act(g, s, "verdict wrong")  # God disagrees
    assert s.prophet == -1 and s.side[-1].seat == seat
    # a Prophet's wrong pick under a by-hand God
    t = replace(s, prophet=first, been_prophet=tuple(p == first for p in range(5)), phase=TURN, turn=seat)
    hand = t.hands[seat]
    t = act(g, act(g, act(g, t, "noplay"), "verdict wrong"), "verdict wrong")
    assert t.phase == PROPHET_PICK
    t = act(g, t, f"pick {hand[0].code}")
    assert t.phase == GOD_CHECK_PICK
    t = act(g, t, "verdict wrong")
    assert t.phase == GOD_PICK and t.prophet == -1
    assert Action("god-pick", (hand[0],)) not in g.legal_actions(t)
    with pytest.raises(IllegalAction):
        act(g, t, f"god-pick {hand[0].code}")
    t = act(g, t, f"god-pick {hand[-1].code}")
    assert t.main[-1] == hand[-1] and len(t.hands[seat]) == len(hand) - 1


# --- writing the rule at the table --------------------------------------------------------
def test_god_writes_the_rule_at_the_table():
    g = fake_game()
    s = g.new_game({"players": 4, "rounds": 1, "rules": [None]}, 3)
    assert s.phase == SETRULE and g.current_player(s) == 0
    assert sum(len(h) for h in s.hands) == 0 and len(s.deck) == 156
    with pytest.raises(IllegalAction) as e:
        act(g, s, "rule no-such-rule")
    assert e.value.reason.key == "delphi.err.bad_rule" and e.value.reason.params["column"] == 1
    t = act(g, s, "rule above-both")
    assert t.phase == TURN and t.rule == "above-both" and t.starters == 2
    u = act(g, s, "byhand 3 pairs of colours")
    assert u.by_hand and u.starters == 3 and u.note == "pairs of colours"
    # the rule itself never shows in the log
    assert "above-both" not in repr(g.view(t, 1))


# --- the view --------------------------------------------------------------------------
def test_the_rule_is_hidden_except_from_god_until_the_round_ends():
    g, s = new_table(rule="odd-black", players=4)
    assert g.view(s, 1).rule is None and g.view(s, None).rule is None
    assert g.view(s, 0).rule == "odd-black"
    assert g.view(s, 0).hand is None and g.view(s, 1).hand == s.hands[1]
    s = replace(rig(s, hands={1: "9S"}, main="3H"), turn=1)
    s = act(g, s, "play 9S")
    assert g.view(s, 2).rule == "odd-black"  # revealed at the end


def test_shuffling_hidden_cards_keeps_the_view_and_the_shown_hand():
    g, s = prophet_table(hands={2: "2H 4C 6H 8D AH 3D"})
    s = act(g, s, "noplay")
    for seat in range(5):
        other = g.shuffle_hidden(s, seat, random.Random(seat))
        assert other.hands[2] == s.hands[2]  # the No Play hand lies open
        assert g.view(other, seat) == g.view(s, seat)
        assert total(g, other) == FULL
    other = g.shuffle_hidden(s, 3, random.Random(1))
    assert other.hands[4] != s.hands[4] or other.deck != s.deck


def test_action_texts_round_trip():
    g = fake_game()
    for text in (
        "play 3H",
        "play 3H 9S 10D",
        "noplay",
        "prophet",
        "pass",
        "verdict right",
        "verdict wrong",
        "pick 7H",
        "god-pick QS",
        "rule card.color != last.color",
        "byhand 2",
        "byhand 1 odd then black",
        "next",
    ):
        assert g.action_to_text(g.action_from_text(text)) == text
    from game.engine import NotationError

    for bad in ("", "play", "pick 3H 4H", "verdict maybe", "byhand x", "dance", "play ZZ"):
        with pytest.raises(NotationError):
            g.action_from_text(bad)


def test_a_by_hand_god_cannot_reject_the_only_card_after_saying_one_fits():
    g = fake_game()
    s = g.new_game({"players": 5, "rounds": 1, "rules": [{"hand": True}]}, 9)
    first = s.turn
    s = act(g, act(g, act(g, s, f"play {s.hands[first][0].code}"), "verdict right"), "prophet")
    seat = s.turn
    s = rig(s, hands={seat: "7H 7H"}, main=" ".join(c.code for c in s.main), main_nums=s.main_nums, played=s.played)
    s = act(g, act(g, act(g, s, "noplay"), "verdict wrong"), "verdict wrong")
    s = act(g, s, "pick 7H")
    assert s.phase == GOD_CHECK_PICK
    assert [g.action_to_text(a) for a in g.legal_actions(s)] == ["verdict right"]
    with pytest.raises(IllegalAction) as e:
        act(g, s, "verdict wrong")
    assert e.value.reason.key == "delphi.err.only_card"
    s = act(g, s, "verdict right")
    assert s.main[-1] == C("7H") and len(s.hands[seat]) == 1 + 5


def test_god_moves_one_seat_left_each_round_and_the_next_god_goes_on_at_the_round_over():
    import dataclasses

    from game.games.delphi import GAME
    from game.games.delphi.state import ROUND_OVER, god_of_round, god_round_of

    s = GAME.new_game({"players": 5, "rounds": 4, "first_god": 3}, seed=2)
    assert s.god == god_of_round(3, 0, 5) == 3
    assert GAME.current_player(dataclasses.replace(s, phase=ROUND_OVER)) == god_of_round(3, 1, 5) == 4
    # the round each seat is God in; the seat left over when the rounds run out first
    assert [god_round_of(seat, 3, 5, 4) for seat in range(5)] == [2, 3, None, 0, 1]


def test_with_a_prophet_standing_a_wrong_play_after_the_grace_expels_as_the_open_table_says():
    """``wrong_play_expels``, which the table shows, is the rule the
    settling of a wrong play reads: with a Prophet standing too, once the
    grace is over."""
    from game.games.delphi.state import PROPHET_GRACE

    g, s = new_table(rule="odd-black", players=5)
    s = replace(rig(s, hands={1: "2H 4D"}, main="3H 5C 7S", played=60), turn=1, prophet=3, prophet_at=35, prophet_anchor=1, expel_after=35 + PROPHET_GRACE)
    assert s.wrong_play_expels and g.view(s, 1).wrong_play_expels
    s = act(g, s, "play 2H")
    s = act(g, s, "verdict wrong")  # the Prophet sees it right: nobody is spared
    assert s.expelled[1]
    spared = replace(s, played=40, expel_after=35 + PROPHET_GRACE, expelled=(False,) * 5)
    assert not spared.wrong_play_expels
