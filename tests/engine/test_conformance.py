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

from game.engine import GameRunner, Record, Termination, random_playout
from game.engine.match import Match, Refused, Seat, StepKind
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
    shuffles = moved_hidden = 0
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
            # hidden information: what a seat cannot see, shuffled, leaves
            # its view as it was (and the shuffle really moves something)
            for seat in seats_of(game, s):
                v = game.view(s, seat)
                other = game.shuffle_hidden(s, seat, random.Random(k))
                assert Counter(game.cards(other)) == first
                assert game.view(other, seat) == v, f"{game_id}: seat {seat} view leaks hidden cards"
                shuffles += 1
                moved_hidden += other != s
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
    # a shuffle_hidden that changed nothing would pass every view check above
    assert moved_hidden >= shuffles // 4, f"{game_id}: shuffle_hidden changed only {moved_hidden} of {shuffles} states"


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


@pytest.mark.parametrize("game_id", GAMES)
def test_every_end_says_why_for_code_and_a_stop_is_a_recorded_action(game_id):
    """Every outcome carries its termination; where a game can be stopped,
    the stop is an action like any other: recorded, replayed, never offered
    to a bot unless stopping is a move of the game."""
    mod = module(game_id)
    game = mod.GAME
    sets = option_sets(game_id)
    stopped = 0
    for i in range(60):
        options = sets[i % len(sets)]
        runner = random_playout(game, options, 5_000 + i)
        out = game.outcome(runner.state)
        assert isinstance(out.termination, Termination)
        assert out.termination is not Termination.STOPPED or any(
            game.action_to_text(a) == "stop" for a in runner.actions
        ), f"{game_id}: a random playout ended as stopped without a stop"
        assert game.stop_action(runner.state) is None, f"{game_id}: a finished game can be stopped again"
        # stop somewhere in the middle of the same game
        rng = random.Random(i)
        for k in rng.sample(range(len(runner.states) - 1), min(3, len(runner.states) - 1)):
            s = runner.states[k]
            stop = game.stop_action(s)
            if stop is None:
                continue
            stopped += 1
            text = game.action_to_text(stop)
            assert text == "stop" and game.action_from_text(text) == stop
            end = game.apply(s, stop)
            out = game.outcome(end)
            assert out is not None and out.termination is Termination.STOPPED and out.stopped
            assert game.current_player(end) is None and list(game.legal_actions(end)) == []
            rec = Record(game.id, runner.seed, runner.options, [game.action_to_text(a) for a in runner.actions[:k]] + [text])
            assert GameRunner.replay(rec, game).state == end
    assert stopped, f"{game_id}: no position of 60 games could be stopped"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_of_computers_plays_every_game_to_its_recorded_end(game_id):
    """The one turn loop: computers in every seat play through Match (each
    bot of the game in turn), and the record replays to the same end."""
    mod = module(game_id)
    game = mod.GAME
    options = option_sets(game_id)[0]
    for name in mod.BOTS:
        if name in ("hint", "augur", "strong"):
            continue  # the slow thinkers are measured by the simulators
        players = int(getattr(game.new_game(game.validate_options(options), 7), "players", 1))
        match = Match.start(game, options, 7, [Seat(f"{name} {k}", bot=name) for k in range(players)], strict=True)
        steps = 0
        while not match.over and steps < 20_000:
            step = match.next()
            assert step.kind in (StepKind.BOT, StepKind.BREAK), f"{game_id}: {step.kind} at a table of computers"
            res = match.play_bot()
            assert not isinstance(res, Refused), res
            steps += 1
        assert match.over, f"{game_id}/{name}: no end after {steps} moves"
        assert match.next().kind is StepKind.OVER
        assert GameRunner.replay(match.record(), game).state == match.state
