"""Undo against computers (issue 24): one person playing with computers
only takes back their last decision and the computers' replies since; the
game counts as played with undo.  Never offered when people share a table
(their hands are secret from each other)."""

from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.registry import module
from game.engine.turns import Seat


def _person_decides(m: Match) -> bool:
    seat = m.current
    return seat is not None and not m.is_bot(seat) and len(m.game.legal_actions(m.state)) > 1


def _start(game_id: str, seats: list[Seat], seed: int = 5) -> Match:
    game = module(game_id).GAME
    options = game.default_options()
    if "players" in options:
        options["players"] = len(seats)
    return Match.start(game, options, seed, seats)


@pytest.mark.parametrize("game_id, bot", [("runs", "simple"), ("mind-the-gap", None)])
def test_undo_takes_back_the_persons_decision_and_the_computers_replies(game_id, bot):
    bots = module(game_id).BOTS
    m = _start(game_id, [Seat("Anna"), Seat("C", bot=bot or next(iter(bots)))])
    assert not m.can_undo()
    assert m.run(until=_person_decides)
    before, n = m.state, len(m.actions)
    m.play(m.game.legal_actions(m.state)[-1])
    m.run(until=_person_decides)
    assert len(m.actions) > n + 1 and m.can_undo()
    m.undo()
    assert m.state == before and len(m.actions) == n and m.meta.undo_used
    assert m.save_meta()["undo_used"] is True
    assert Match.resume(m.record(), meta=m.save_meta()).meta.undo_used
    # the game counts apart
    m.run()
    stats: dict = {}
    for fold in m.take_folds():
        fold(stats)
    rows = stats.get("new_run", stats) if game_id == "runs" else next(iter(stats.values()))
    assert rows["undo_games"] == 1


@pytest.mark.parametrize("game_id", ["runs", "mind-the-gap"])
def test_no_undo_when_people_share_the_table(game_id):
    m = _start(game_id, [Seat("Anna"), Seat("Ben")])
    assert m.run(until=lambda mm: len(mm.actions) >= 4, stand_in=None)
    assert not m.can_undo() and m.undo() is None


def test_gaps_keeps_its_own_undo_of_one_move():
    m = _start("gaps", [Seat("Anna")])
    m.run(until=lambda mm: len(mm.actions) >= 3)
    m.undo()
    assert len(m.actions) == 2 and m.can_redo()
