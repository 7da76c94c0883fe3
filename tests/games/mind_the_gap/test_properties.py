"""Hypothesis: random action sequences never break the invariants."""

from __future__ import annotations

import copy
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import joker_deck
from game.engine import IllegalAction
from game.games.mind_the_gap import GAME, NOTATION
from game.games.mind_the_gap.help import compatible, dead_end
from game.games.mind_the_gap.rules import KINDS, STOP, Action

OPTION_SETS = [
    {"players": 2, "level": "normal"},
    {"players": 1, "level": "easy"},
    {"players": 3, "level": "hard", "coins": 4},
    {"players": 2, "level": "expert", "coins": 3},
    {"players": 2, "small": True, "coins": 2},
    {"players": 3, "jokers": True},
    {"players": 2, "jokers": True, "small": True, "level": "expert", "coins": 5},
]
ALL_CARDS = sorted(set(joker_deck(2)))
#: the kinds of move drawn at random; the stop is tried once, at ``stop_at``
MOVES = tuple(k for k in KINDS if k != STOP)


def check_invariants(state, first: Counter) -> None:
    cards = GAME.cards(state)
    assert Counter(cards) == first
    assert len(cards) == (54 if state.jokers else 52)
    assert state.coins >= 0
    assert 0 <= state.passes <= state.players
    places = state.places
    for above, left, right in state.shape.triples:
        a, lc, rc = places[above], places[left], places[right]
        if a is not None and lc is not None and rc is not None:
            assert a.value == abs(lc.value - rc.value)
    for p, c in enumerate(places):
        if c is None or state.jokers:
            continue
        for nb in state.shape.neighbours[p]:
            if nb >= 0 and places[nb] is not None:
                assert places[nb].value != c.value
    if state.level == "expert":
        vals = [c.value for c in places if c is not None]
        assert len(vals) == len(set(vals))
    # the result follows from the position
    if state.result == "won":
        assert all(c is not None for c in places)
    elif state.result == "dead":
        assert state.coins == 0 and compatible(state) == 0 and dead_end(state) is not None
    elif state.result == "passes":
        assert state.passes == state.players
    elif state.result == "stopped":
        assert state.log[-1][1] == "stop" and GAME.outcome(state).stopped
    else:
        assert GAME.legal_actions(state), "a running game always offers an action"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    opt=st.sampled_from(OPTION_SETS),
    seed=st.integers(0, 10**6),
    steps=st.lists(st.tuples(st.booleans(), st.integers(0, 10**6), st.integers(0, 9), st.sampled_from(MOVES)), max_size=60),
    stop_at=st.integers(0, 90),
)
def test_random_sequences_keep_every_invariant(opt, seed, steps, stop_at):
    state = GAME.new_game(opt, seed)
    first = Counter(GAME.cards(state))
    check_invariants(state, first)
    for i, (legal_pick, n, place, kind) in enumerate(steps):
        if state.result is not None:
            break
        legal = GAME.legal_actions(state)
        assert all(a.kind != STOP for a in legal), "bots must never be offered the stop"
        if i == stop_at:
            action = GAME.stop_action(state)
        elif legal_pick:
            action = legal[n % len(legal)]
        else:
            card = ALL_CARDS[n % len(ALL_CARDS)]
            action = Action(kind, card if kind in ("place", "discard") else None, place if kind in ("place", "takeback") else None)
        before = copy.deepcopy(state)
        try:
            new = GAME.apply(state, action)
        except IllegalAction as e:
            assert action not in legal, f"a legal action was refused: {action}"
            assert state == before, "a refused action changed the state"
            assert str(e) and "mind_the_gap." not in e.render("de")
            continue
        # the one action accepted outside legal_actions is the recorded stop
        assert action in legal or action == GAME.stop_action(state), f"an action outside legal_actions was accepted: {action}"
        assert state == before, "apply changed its input"
        state = new
        check_invariants(state, first)
        assert NOTATION.parse(NOTATION.format(state)) == state
