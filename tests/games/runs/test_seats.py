"""Who deals, who starts and in which order the cards go round: one rule of
the engine (``state.starter_of``, ``moves.deal_order``), which the moves,
the view, the log's texts and the table all ask (issue 49, item 6)."""

from __future__ import annotations

from collections import Counter

import pytest

from game.cards import rng_for
from game.games.runs import GAME
from game.games.runs.deck import DECK
from game.games.runs.moves import hand_size
from game.games.runs.state import PHASE_BREAK, PHASE_PLAY, dealer_of, left_of, round_from, starter_of


def _finish_round(s):
    r = s.round
    while s.phase == PHASE_PLAY and s.round == r:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    return s


def _next_round(s):
    return GAME.apply(s, GAME.action_from_text("next-round"))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_start_the_view_the_log_and_the_next_round_agree_for_every_first_dealer(players):
    for first in range(players):
        s = GAME.new_game({"players": players, "dealer": first, "rounds": 0}, seed=11 + first)
        for number in range(1, players + 2):
            v = GAME.view(s, None)
            # the seat left of this round's dealer starts it
            assert s.round == number and s.turn == s.starter == v.starter == starter_of(first, number, players)
            assert v.dealer == dealer_of(first, number, players) and left_of(v.dealer, players) == v.starter
            s = _finish_round(s)
            assert s.phase == PHASE_BREAK
            v = GAME.view(s, 0)
            # at the break the next round's starter acts, the log names them,
            # and the view says who it is
            assert v.next_starter == s.next_starter == GAME.current_player(s) == starter_of(first, number + 1, players)
            said = GAME.describe_action(s, GAME.action_from_text("next-round"))
            assert said.params["seat"] == v.next_starter
            s = _next_round(s)
            assert s.turn == v.next_starter
        assert [r.starter for r in s.history] == [starter_of(first, k, players) for k in range(1, players + 2)]


def test_the_start_moves_one_seat_left_each_round():
    assert [starter_of(4, k, 5) for k in range(1, 7)] == [0, 1, 2, 3, 4, 0]
    assert round_from(3, 5) == (3, 4, 0, 1, 2)


@pytest.mark.parametrize(("players", "big_deal"), [(2, False), (3, True), (4, True), (6, False), (6, True)])
def test_the_deal_order_is_the_one_the_hands_were_dealt_in(players, big_deal):
    s = GAME.new_game({"players": players, "dealer": 1, "rounds": 5, "big_deal": big_deal}, seed=5)
    for number in (1, 2):
        order = GAME.deal_order(GAME.view(s, 0))
        assert order == GAME.deal_order(s)
        assert order[:players] == round_from(s.starter, players)
        assert Counter(order) == Counter({p: hand_size(players, big_deal) for p in range(players)})
        deck = list(DECK)
        rng_for(5, "round", number).shuffle(deck)
        dealt: list[list] = [[] for _ in range(players)]
        for card, seat in zip(deck, order):
            dealt[seat].append(card)
        assert [sorted(h) for h in dealt] == [sorted(h) for h in s.hands]
        s = _next_round(_finish_round(s))
