"""A finished game whose statistics could not be written keeps its save and
is counted when it is next opened (issue 21): what :meth:`Match.recount`
gives for the resumed save is what the last move folded when it was made,
in every game (Delphi's last round, too, though the saved meta has it as
counted)."""

from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.records import Record
from game.engine.registry import built_games, module
from game.engine.turns import Seat


def _folded(folds) -> dict:
    stats: dict = {}
    for fold in folds:
        fold(stats)
    return stats


@pytest.mark.parametrize("game_id", [g.id for g in built_games()])
def test_the_last_move_counts_the_same_when_a_kept_save_is_reopened(game_id):
    game = module(game_id).GAME
    options = game.default_options()
    players = int(getattr(game.new_game(game.validate_options(options), 7), "players", 1))
    # computers by a bot's name: a save keeps no empty name ("" reads back
    # as a person), and Mind the Gap's row now says how many were people
    bot = next(iter(module(game_id).BOTS))
    m = Match.start(game, options, 7, [Seat(f"C{i}", bot=bot) for i in range(players)])
    while not m.over:
        m.take_folds()  # the moves before the last were counted as they came
        n = len(m.actions)
        m.run(until=lambda mm, n=n: len(mm.actions) > n)
    live = _folded(m.take_folds())
    assert live, "the last move folds the finished game"
    record = m.record()
    assert _folded(Match.resume(record, meta=m.save_meta()).recount()) == live
    # a game that did not end has nothing to count again
    unfinished = Record(game_id, record.seed, record.options, record.actions[:-1])
    assert Match.resume(unfinished, meta=m.save_meta()).recount() == []
