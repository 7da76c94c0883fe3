"""Property tests: random games keep all 52 cards and their scores add up.

Scores add up means, for every seat and every round, recomputed from the
round's own record: total = points of the cards that seat played (read off
the chain) + finishing bonus (15/10/5 by the finish order) - points of the
cards left in its hand; and the game total is the sum of the rounds.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.games.runs import GAME
from game.games.runs.deck import POINTS, card_index
from game.games.runs.rules import BONUSES

ALL = list(range(52))


def check_round(result, players):
    played = [0] * players
    for card, seat in zip(result.chain, result.chain_seats):
        played[seat] += POINTS[card]
    bonus = [0] * players
    for place, seat in enumerate(result.finish):
        if place < len(BONUSES):
            bonus[seat] += BONUSES[place]
    penalty = [sum(POINTS[c] for c in hand) for hand in result.left]
    assert list(result.played) == played
    assert list(result.bonus) == bonus
    assert list(result.penalty) == penalty
    assert list(result.totals) == [result.played[s] + bonus[s] - penalty[s] for s in range(players)]
    # the cards played and the cards left make up everything but the pile
    assert sum(result.played) == sum(POINTS[c] for c in result.chain)
    # a round ends with at most one player holding cards, or with nothing to do
    holding = [s for s in range(players) if result.left[s]]
    if result.reason == "out":
        assert len(holding) <= 1
    for s in result.finish:
        assert not result.left[s]


def check_state(s):
    # the same as Counter(GAME.cards(s)) == Counter(DECK), without hashing cards
    assert sorted(map(card_index, GAME.cards(s))) == ALL
    assert len(s.chain) == len(s.chain_seats)


def play_random_game(seed: int, rng: random.Random):
    n = rng.randint(2, 6)
    opts = {"players": n, "rounds": 0, "wrap": rng.random() < 0.5}
    s = GAME.new_game(opts, seed)
    apply, legal_actions = GAME.apply, GAME.legal_actions
    played_by_seat = [0] * n
    rounds = 0
    while True:
        legal = legal_actions(s)
        if not legal:
            break
        a = legal[0] if len(legal) == 1 else rng.choice(legal)
        if a.kind == "play":
            played_by_seat[s.turn] += POINTS[a.card]
        t = apply(s, a)
        if t.phase != "play" and s.phase == "play":
            # the round just ended: check its sheet against what we saw
            rounds += 1
            r = t.history[-1]
            check_state(t)
            check_round(r, n)
            assert list(r.played) == played_by_seat
            assert sum(len(h) for h in r.left) + len(r.chain) + len(t.pile) == 52
            assert t.base == tuple(sum(x.totals[k] for x in t.history) for k in range(n))
            played_by_seat = [0] * n
            # stop after one round most of the time, so 10,000 games stay fast
            if rng.random() < 0.9:
                t = apply(t, legal_actions(t)[-1])  # stop
                assert t.phase == "over"
        s = t
    out = GAME.outcome(s)
    assert out is not None
    assert out.scores == tuple(float(x) for x in s.base)
    assert set(out.winners) == {k for k in range(n) if s.base[k] == max(s.base)}
    return rounds


def test_ten_thousand_random_games_conserve_cards_and_add_up():
    rng = random.Random(2024)
    rounds = 0
    for g in range(10_000):
        rounds += play_random_game(50_000 + g, rng)
    assert rounds >= 10_000


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    players=st.integers(min_value=2, max_value=6),
    wrap=st.booleans(),
    rounds=st.sampled_from([5, 5, 5, 6, 10]),
    choices=st.randoms(use_true_random=False),
)
def test_full_games_every_step(seed, players, wrap, rounds, choices):
    """Whole fixed-length games; invariants checked after every action."""
    s = GAME.new_game({"players": players, "wrap": wrap, "rounds": rounds}, seed)
    steps = 0
    while GAME.outcome(s) is None:
        legal = GAME.legal_actions(s)
        assert legal
        s2 = GAME.apply(s, choices.choice(legal))
        check_state(s2)
        assert sum(len(h) for h in s2.hands) + len(s2.pile) + len(s2.chain) == 52
        if s2.phase == "play":
            # the player to move holds cards; out players hold none
            assert s2.hands[s2.turn]
            assert all(not s2.hands[k] for k in s2.finished)
            assert s2.totals == tuple(b + p + q for b, p, q in zip(s2.base, s2.points, s2.bonus))
        s = s2
        steps += 1
        assert steps < 10_000
    assert len(s.history) == rounds
    for r in s.history:
        check_round(r, players)
    assert s.base == tuple(sum(r.totals[k] for r in s.history) for k in range(players))
