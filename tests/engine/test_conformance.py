"""One generic test that every registered game must pass (as OpenSpiel
does): random playouts to the end, determinism from the seed, records and
positions that round-trip through JSON and text, card conservation, action
texts that round-trip, states that apply() never changes, and hidden
information: swapping the cards a seat cannot see leaves its view equal.

A game module declares ``CONFORMANCE = [options, ...]``; the playouts are
spread over those option sets, at least 1,000 per game.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from game.engine import GameRunner, Record, random_playout
from game.engine.registry import built_games, module

PLAYOUTS = 1000
GAMES = [g.id for g in built_games()]


def option_sets(game_id):
    mod = module(game_id)
    sets = getattr(mod, "CONFORMANCE", None) or [mod.GAME.default_options()]
    return sets


def seats_of(game, state):
    n = getattr(state, "players", None) or getattr(game, "max_players", 1)
    return range(n)


def test_every_built_game_is_listed():
    assert GAMES, "no game is built yet"


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts(game_id):
    mod = module(game_id)
    game = mod.GAME
    notation = getattr(mod, "NOTATION", None)
    sets = option_sets(game_id)
    for i in range(PLAYOUTS):
        options = sets[i % len(sets)]
        seed = 1_000 + i
        runner = random_playout(game, options, seed)
        states = runner.states
        # determinism: same seed, same start; the record replays to the same end
        assert game.new_game(runner.options, seed) == states[0]
        rec = runner.record()
        rec2 = Record.from_json(json.loads(json.dumps(rec.to_json())))
        assert GameRunner.replay(rec2, game).state == runner.state, f"{game_id} seed {seed}: replay differs"
        # conservation
        first = Counter(game.cards(states[0]))
        rng = random.Random(seed)
        sample = rng.sample(range(len(states)), min(4, len(states)))
        for k in sample:
            s = states[k]
            assert Counter(game.cards(s)) == first, f"{game_id} seed {seed} step {k}: cards changed"
            # hidden information
            for seat in seats_of(game, s):
                v = game.view(s, seat)
                other = game.shuffle_hidden(s, seat, random.Random(k))
                assert Counter(game.cards(other)) == first
                assert game.view(other, seat) == v, f"{game_id}: seat {seat} view leaks hidden cards"
            # notation round-trip
            if notation is not None:
                text = notation.format(s)
                assert notation.format(notation.parse(text)) == text
            # action text round-trip, apply never mutates
            legal = list(game.legal_actions(s))
            for a in legal:
                assert game.action_from_text(game.action_to_text(a)) == a
            if legal:
                before = copy.deepcopy(s)
                game.apply(s, rng.choice(legal))
                assert s == before
        assert game.outcome(runner.state) is not None
        assert game.current_player(runner.state) is None
        assert list(game.legal_actions(runner.state)) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_restores_exact_states(game_id):
    game = module(game_id).GAME
    options = option_sets(game_id)[0]
    runner = GameRunner.start(game, options, 42)
    rng = random.Random(42)
    seen = [runner.state]
    for _ in range(30):
        if game.outcome(runner.state) is not None:
            break
        runner.play(rng.choice(list(game.legal_actions(runner.state))))
        seen.append(runner.state)
    while runner.actions:
        runner.undo()
        seen.pop()
        assert runner.state == seen[-1]
