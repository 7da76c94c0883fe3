"""Engine tests for every rule of the binding reading (shared/rules/README.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.cards import Card, rng_for
from game.engine import GameRunner, IllegalAction, NotationError
from game.games.runs import GAME, NOTATION
from game.games.runs.deck import DECK, card_points, neighbours, sort_hand

from .helpers import position

C = Card.parse


def texts(state):
    return [GAME.action_to_text(a) for a in GAME.legal_actions(state)]


def act(state, text):
    return GAME.apply(state, GAME.action_from_text(text))


def reason(state, text):
    with pytest.raises(IllegalAction) as e:
        act(state, text)
    return e.value.reason


# --- the deal -------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_deal_seven_each_rest_is_the_pile(n):
    s = GAME.new_game({"players": n}, seed=11)
    assert s.players == n
    assert [len(h) for h in s.hands] == [7] * n
    assert len(s.pile) == 52 - 7 * n
    assert Counter(GAME.cards(s)) == Counter(DECK)
    assert s.chain == () and s.round == 1 and s.phase == "play"


def test_left_of_the_dealer_starts_and_the_start_rotates_left():
    s = GAME.new_game({"players": 4, "dealer": 2, "rounds": 0}, seed=3)
    assert GAME.current_player(s) == 3  # left of seat 2
    starters = []
    for _ in range(6):
        starters.append(GAME.current_player(s))
        s = _finish_round(s)
        assert s.phase == "break"
        assert GAME.current_player(s) == (starters[-1] + 1) % 4  # the next starter acts at the break
        s = act(s, "next-round")
    assert starters == [3, 0, 1, 2, 3, 0]
    assert [r.starter for r in s.history] == starters


def test_dealer_is_drawn_from_the_seed_when_not_given():
    firsts = {GAME.current_player(GAME.new_game({"players": 3}, seed=k)) for k in range(40)}
    assert firsts == {0, 1, 2}
    assert GAME.new_game({"players": 3}, seed=5) == GAME.new_game({"players": 3}, seed=5)


def test_each_round_is_dealt_from_its_own_seeded_shuffle():
    s = GAME.new_game({"players": 3, "dealer": 0, "rounds": 0}, seed=99)
    for number in (1, 2, 3):
        deck = list(DECK)
        rng_for(99, "round", number).shuffle(deck)
        starter = number % 3
        expect = [[] for _ in range(3)]
        for i in range(21):
            expect[(starter + i) % 3].append(deck[i])
        assert s.round == number
        assert list(s.hands) == [sort_hand(h) for h in expect]
        assert s.pile == tuple(deck[21:])
        s = act(_finish_round(s), "next-round")


def _finish_round(s):
    """Play the current round to its end with the first legal action."""
    r = s.round
    while s.phase == "play" and s.round == r:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    return s


# --- what may be played -----------------------------------------------------------------


def test_first_card_is_any_card():
    s = GAME.new_game({"players": 2, "dealer": 0}, seed=5)
    assert sorted(texts(s)) == sorted(f"play {c.code}" for c in s.hands[1])


def test_later_cards_follow_suit_and_rank_by_one():
    s = position(["4H,6H,5S,7H,JC", "2C,3C"], chain="5H", chain_seats=[1], turn=0)
    assert sorted(texts(s)) == ["play 4H", "play 6H"]
    r = reason(s, "play 5S")
    assert r.key == "runs.err.not_following"
    assert r.params["cards"] == [C("4H"), C("6H")]
    r = reason(s, "play 7H")
    assert str(r).startswith("7♥ does not follow 5♥: play a heart one rank above or below")
    assert reason(s, "play 9D").key == "runs.err.not_in_hand"


def test_the_player_chooses_among_legal_cards():
    s = position(["4H,6H", "2C,3C"], chain="5H", chain_seats=[1], turn=0)
    down = act(s, "play 4H")
    up = act(s, "play 6H")
    assert down.chain[-1] == C("4H") and up.chain[-1] == C("6H")


def test_ace_is_low_and_does_not_wrap_by_default():
    s = position(["AH,KH", "2C"], chain="2H", chain_seats=[1], turn=0)
    assert texts(s) == ["play AH"]
    s = position(["KH,2H", "2C"], chain="AH", chain_seats=[1], turn=0)
    assert texts(s) == ["play 2H"]
    assert reason(s, "play KH").key == "runs.err.not_following"


def test_wrap_option_joins_king_and_ace():
    s = position(["KH,2H", "2C"], chain="AH", chain_seats=[1], turn=0, wrap=True)
    assert sorted(texts(s)) == ["play 2H", "play KH"]
    s = position(["AH", "2C"], chain="KH", chain_seats=[1], turn=0, wrap=True)
    assert texts(s) == ["play AH"]
    s = position(["AH", "2C"], chain="KH", chain_seats=[1], turn=0, wrap=False)
    assert texts(s) == ["draw"]
    assert [c.code for c in neighbours(C("KS"), wrap=True)] == ["QS", "AS"]


def test_who_can_play_must_play():
    s = position(["4H,9C", "2C"], chain="5H", chain_seats=[1], turn=0)
    assert texts(s) == ["play 4H"]
    r = reason(s, "draw")
    assert r.key == "runs.err.must_play_not_draw" and r.params["cards"] == [C("4H")]
    assert str(r) == "You can play (4♥), so you may not draw."
    assert reason(s, "pass").key == "runs.err.must_play_not_pass"
    assert GAME.can_play(s) and GAME.forced_action(s) is None


def test_who_cannot_play_draws_one_card_and_the_turn_ends():
    s = position(["9C", "2C,3C", "8D"], chain="5H", chain_seats=[2], turn=0, pile="KD,6H", rest_to=2)
    assert texts(s) == ["draw"] and not GAME.can_play(s)
    assert GAME.forced_action(s) == GAME.action_from_text("draw")
    r = reason(s, "pass")
    assert r.key == "runs.err.pile_not_empty" and str(r) == "The draw pile still holds 2 cards: draw one instead of passing."
    assert reason(s, "play 9C").key == "runs.err.cannot_follow_draw"
    t = act(s, "draw")
    assert t.hands[0] == sort_hand([C("9C"), C("6H")])  # drawn from the end of the pile
    assert t.pile == (C("KD"),)
    # the drawn card would fit, but drawing ended the turn
    assert GAME.current_player(t) == 1
    t = act(t, "draw")
    assert GAME.current_player(t) == 2


def test_with_an_empty_pile_a_player_who_cannot_play_passes():
    s = position(["9C,2D", "6H,3C", "8D"], chain="5H", chain_seats=[2], turn=0, pile="", rest_to=2)
    assert texts(s) == ["pass"]
    assert reason(s, "draw").key == "runs.err.pile_empty_pass"
    assert reason(s, "play 9C").key == "runs.err.cannot_follow_pass"
    t = act(s, "pass")
    assert t.hands == s.hands and GAME.current_player(t) == 1
    assert texts(t) == ["play 6H"]


def test_players_who_are_out_are_skipped():
    s = position(["6H", "9C", "7H,2C"], chain="5H", chain_seats=[2], turn=0, rest_to=None)
    t = act(s, "play 6H")
    assert t.finished == (0,)
    assert GAME.current_player(t) == 1
    t = act(t, "draw")
    assert GAME.current_player(t) == 2
    t = act(t, "play 7H")
    assert GAME.current_player(t) == 1  # seat 0 is out


# --- points --------------------------------------------------------------------------------


def test_card_points():
    assert [card_points(C(x)) for x in ("AS", "2S", "7D", "10H", "JC", "QC", "KS")] == [1, 2, 7, 10, 10, 10, 10]


def test_every_card_played_scores_at_once():
    s = position(["QH,2C", "9C"], chain="JH", chain_seats=[1], turn=0)
    t = act(s, "play QH")
    assert t.points == (10, 0) and t.totals == (10, 0)
    s = position(["AH,2C", "9C"], chain="2H", chain_seats=[1], turn=0)
    assert act(s, "play AH").points == (1, 0)


def _bonus_position(n):
    """Seats 0..n-2 each hold the next card of a heart run; seat n-1 holds
    everything else but the pile."""
    run = ["6H", "7H", "8H", "9H", "10H"]
    hands = [run[i] for i in range(n - 1)] + ["2C"]
    return position(hands, chain="5H", chain_seats=[n - 1], turn=0, pile="3C,4C", rest_to=n - 1)


def test_finishing_bonuses_with_2_3_and_4_players():
    for n, expect in ((2, [15]), (3, [15, 10]), (4, [15, 10, 5])):
        s = _bonus_position(n)
        for i in range(n - 1):
            assert GAME.current_player(s) == i
            s = act(s, texts(s)[0])
        assert s.phase == "break", n
        r = s.history[-1]
        assert r.reason == "out"
        assert list(r.finish) == list(range(n - 1))
        assert list(r.bonus) == expect + [0]
        assert r.played[: n - 1] == tuple(range(6, 6 + n - 1))
        assert r.penalty[: n - 1] == (0,) * (n - 1)
        last_hand = r.left[n - 1]
        assert r.penalty[n - 1] == sum(card_points(c) for c in last_hand) > 0
        assert s.base == r.totals


def test_no_bonus_after_third_place():
    s = _bonus_position(5)
    msgs = []
    for _ in range(4):
        msgs.append(GAME.describe_action(s, GAME.legal_actions(s)[0]))
        s = act(s, texts(s)[0])
    r = s.history[-1]
    assert list(r.bonus) == [15, 10, 5, 0, 0]
    assert [m.key for m in msgs] == ["runs.log.play_out"] * 3 + ["runs.log.play_out_late"]
    assert str(msgs[0]) == "Player 1 plays 6♥ (+6) and is out in first place (+15 bonus)."


def test_end_of_round_penalty_is_the_points_left_in_hand():
    # seat 1 goes out; seat 0 keeps K, 5, A of clubs and every other card is in seat 0's hand too
    s = position(["KC,5C,AC", "6H"], chain="5H", chain_seats=[0], turn=1, pile="", rest_to=0, points=[5, 0])
    held = sum(card_points(c) for c in s.hands[0])
    t = act(s, "play 6H")
    r = t.history[-1]
    assert r.played == (5, 6) and r.bonus == (0, 15)
    assert r.penalty == (held, 0)
    assert t.base == (5 - held, 21)
    assert r.totals == t.base
    assert t.points == (0, 0) and t.bonus == (0, 0)


# --- the end of a round ----------------------------------------------------------------------


def test_round_ends_when_at_most_one_player_holds_cards():
    s = position(["6H", "9C,2C"], chain="5H", chain_seats=[1], turn=0)
    t = act(s, "play 6H")
    assert t.phase == "break" and t.history[-1].reason == "out"
    assert GAME.describe_round(t.history[-1]).key == "runs.round.out"


def test_blocked_chain_both_neighbours_played_runs_the_pile_dry():
    # wrap game: the run went 7H 8H ... KH AH ... 6H, so both neighbours of 6H are played
    run = "7H,8H,9H,10H,JH,QH,KH,AH,2H,3H,4H,5H,6H"
    s = position(["2S,9S", "3D,QC", "KD,4C"], chain=run, turn=1, wrap=True, rest_to=None)
    pile = len(s.pile)
    assert pile == 52 - 13 - 6
    assert GAME.chain_dead(s)
    assert all(c in s.chain for c in neighbours(C("6H"), wrap=True))
    drawers = []
    steps = 0
    while s.phase == "play":
        assert texts(s) == ["draw"]
        assert GAME.forced_action(s) is not None
        drawers.append(GAME.current_player(s))
        s = act(s, "draw")
        steps += 1
    assert steps == pile  # every card was drawn, then the round ended at once
    assert drawers[:6] == [1, 2, 0, 1, 2, 0]
    assert len(s.pile) == 0
    r = s.history[-1]
    assert r.reason == "blocked"
    assert sum(len(h) for h in r.left) == 52 - 13
    assert r.penalty == tuple(sum(card_points(c) for c in h) for h in r.left)
    assert r.totals == s.base
    assert GAME.describe_round(r).key == "runs.round.blocked"
    assert Counter(GAME.cards(s)) == Counter(DECK)


def test_blocked_at_the_ace_without_wrap():
    s = position(["2S", "3D", "KD"], chain="5H,4H,3H,2H,AH", turn=2, rest_to=None)
    assert GAME.chain_dead(s)
    actions = GAME.finish_round(s)
    assert len(actions) == len(s.pile) == 52 - 5 - 3
    for a in actions:
        s = GAME.apply(s, a)
    assert s.phase == "break" and s.history[-1].reason == "blocked"


def test_blocked_chain_with_the_next_card_in_the_pile():
    # the next heart sits in the pile: players draw until someone gets it, then it is played
    s = position(["2S", "3D"], chain="5H,6H", turn=0, pile="8S,7H,9S,10S", rest_to=1)
    assert not GAME.chain_dead(s)
    s = act(s, "draw")  # seat 0 draws 10S
    s = act(s, "draw")  # seat 1 draws 9S
    s = act(s, "draw")  # seat 0 draws 7H
    assert C("7H") in s.hands[0]
    s = act(s, "draw")  # seat 1 draws 8S; the pile is now empty
    assert texts(s) == ["play 7H"]
    s = act(s, "play 7H")
    assert s.points[0] == 7


def test_round_ends_at_once_when_the_last_play_leaves_nothing_to_do():
    # empty pile: playing KH (no wrap) leaves no card that can follow
    s = position(["KH,2C", "3C"], chain="JH,QH", turn=0, pile="", rest_to=1)
    t = act(s, "play KH")
    assert t.phase == "break" and t.history[-1].reason == "blocked"


def test_passes_go_round_until_the_holder_plays():
    s = position(["2C", "3C", "9H"], chain="7H,8H", chain_seats=[2, 0], turn=0, pile="", rest_to=1)
    s = act(s, "pass")
    s = act(s, "pass")
    assert texts(s) == ["play 9H"]


# --- the game ---------------------------------------------------------------------------------


def test_a_game_is_five_rounds_by_default():
    s = GAME.new_game({"players": 2}, seed=1)
    assert s.rounds == 5
    for k in range(1, 6):
        assert s.round == k
        s = _finish_round(s)
        if k < 5:
            assert texts(s) == ["next-round"]
            assert reason(s, "stop").key == "runs.err.fixed_rounds"
            s = act(s, "next-round")
    assert s.phase == "over" and GAME.current_player(s) is None and GAME.legal_actions(s) == []
    assert len(s.history) == 5
    out = GAME.outcome(s)
    assert out.scores == tuple(float(x) for x in s.base)
    assert set(out.winners) == {i for i, v in enumerate(s.base) if v == max(s.base)}
    assert reason(s, "draw").key == "engine.game_over"


@pytest.mark.parametrize("rounds", [5, 7, 10])
def test_five_to_ten_rounds(rounds):
    s = GAME.new_game({"players": 3, "rounds": rounds}, seed=2)
    played = 0
    while s.phase != "over":
        s = _finish_round(s)
        played += 1
        if s.phase == "break":
            s = act(s, "next-round")
    assert played == rounds == len(s.history)


def test_until_we_stop_ends_with_the_stop_action():
    s = GAME.new_game({"players": 3, "rounds": 0}, seed=4)
    for _ in range(12):  # more than any fixed game
        s = _finish_round(s)
        assert texts(s) == ["next-round", "stop"]
        s = act(s, "next-round")
    s = _finish_round(s)
    assert reason(s, "play 2H").key == "runs.err.round_over"
    m = GAME.describe_action(s, GAME.action_from_text("stop"))
    assert str(m) == "The table ends the game after round 13."
    s = act(s, "stop")
    assert s.phase == "over"
    assert GAME.outcome(s).reason.params["n"] == 13


def test_next_round_and_stop_are_refused_mid_round():
    s = GAME.new_game({"players": 3, "rounds": 0}, seed=4)
    assert reason(s, "next-round").key == "runs.err.round_running"
    assert reason(s, "stop").key == "runs.err.round_running"


def test_highest_total_wins_and_ties_share():
    s = position(["2S", "3S", "4S"], rest_to=0, phase="over", base=[-20, -5, -5], round_=5)
    out = GAME.outcome(s)
    assert out.winners == (1, 2)
    assert out.reason.key == "runs.outcome.tie"
    assert str(out.reason) == "Player 2, Player 3 share the win with -5 points each after 5 rounds."
    s = position(["2S", "3S"], rest_to=0, phase="over", base=[3, -5], round_=5)
    assert GAME.outcome(s).winners == (0,)
    assert GAME.outcome(s).reason.render("de") == "Spieler 1 gewinnt nach 5 Runden mit 3 Punkten."


# --- views, texts, messages ----------------------------------------------------------------------


def test_view_shows_own_hand_counts_chain_pile_scores_and_turn():
    s0 = GAME.new_game({"players": 3, "dealer": 0}, seed=8)
    first = GAME.legal_actions(s0)[0]
    s = GAME.apply(s0, first)
    v = GAME.view(s, 0)
    assert v.hand == s.hands[0]
    assert v.hand_counts == tuple(len(h) for h in s.hands)
    assert v.chain == s.chain and v.chain_seats == (1,)
    assert v.pile_count == len(s.pile)
    assert v.scores == s.totals and v.turn == 2 and v.round == 1
    assert v.finished == () and v.log == ((1, first),)
    spectator = GAME.view(s, None)
    assert spectator.hand == () and spectator.playable == ()
    # swapping what seat 0 cannot see leaves its view unchanged
    other = GAME.shuffle_hidden(s, 0, random.Random(1))
    assert other.hands[1:] != s.hands[1:] or other.pile != s.pile
    assert GAME.view(other, 0) == v


def test_view_lights_the_playable_cards():
    s = position(["4H,6H,9C", "2C"], chain="5H", chain_seats=[1], turn=0)
    assert GAME.view(s, 0).playable == (C("4H"), C("6H"))
    assert GAME.playable(s) == (C("4H"), C("6H"))


def test_action_texts_round_trip_and_parse_leniently():
    for t in ("play 7H", "play 10S", "draw", "pass", "next-round", "stop"):
        assert GAME.action_to_text(GAME.action_from_text(t)) == t
    assert GAME.action_from_text("7h") == GAME.action_from_text("play 7H")
    assert GAME.action_from_text("play 7♥") == GAME.action_from_text("play 7H")
    assert GAME.action_from_text("Next round") == GAME.action_from_text("next-round")
    for bad in ("play", "fold", "play 1X", "play JK"):
        with pytest.raises(NotationError):
            GAME.action_from_text(bad)


def test_describe_action_messages():
    s = position(["4H,9C", "2C"], chain="5H", chain_seats=[1], turn=0, pile="3D", rest_to=1)
    m = GAME.describe_action(s, GAME.action_from_text("play 4H"))
    assert m.key == "runs.log.play" and m.params["card"] == C("4H") and m.params["points"] == 4
    assert m.render("de") == "Spieler 1 spielt 4♥ (+4)."
    t = act(s, "play 4H")
    d = GAME.describe_action(t, GAME.action_from_text("draw"))
    assert str(d) == "Player 2 cannot play and draws a card."


def test_options_are_checked():
    assert GAME.validate_options({"players": 3})["rounds"] == 5
    for bad in ({"players": 1}, {"players": 7}, {"players": 3, "rounds": 4}, {"players": 3, "rounds": 11},
                {"players": 3, "wrap": "yes"}, {"players": 3, "dealer": 3}, {"players": 3, "colour": 1},
                {"players": True}):
        with pytest.raises(ValueError):
            GAME.validate_options(bad)
    assert GAME.validate_options({"players": 2, "rounds": 0})["rounds"] == 0


def test_apply_does_not_change_its_input_and_undo_restores():
    r = GameRunner.start(GAME, {"players": 2}, 5)
    before = r.state
    r.play(GAME.legal_actions(r.state)[0])
    assert r.state != before
    r.undo()
    assert r.state is before


def test_notation_round_trips_and_refuses_nonsense():
    s = GAME.new_game({"players": 4, "wrap": True, "rounds": 0}, seed=12)
    for _ in range(20):
        s = GAME.apply(s, GAME.legal_actions(s)[-1])
    text = NOTATION.format(s)
    t = NOTATION.parse(text)
    assert NOTATION.format(t) == text
    assert (t.hands, t.pile, t.chain, t.turn, t.points) == (s.hands, s.pile, s.chain, s.turn, s.points)
    assert GAME.legal_actions(t) == GAME.legal_actions(s)
    with pytest.raises(NotationError):
        NOTATION.parse(text.replace("AS", "2S", 1) if "AS" in text else text.replace("2S", "AS", 1))
    with pytest.raises(NotationError):
        NOTATION.parse("p=9 seed=1")
    with pytest.raises(NotationError):
        NOTATION.parse(text.replace("phase=play", "phase=dance"))
