"""The hint of Runs (issue 24): the strong computer's choice from the
player's own view, with a reason for every kind of turn."""

from __future__ import annotations

import random

from game.engine import GameRunner
from game.games.runs import GAME
from game.games.runs.bots import StrongBot
from game.games.runs.hint import hint
from game.games.runs.state import DRAW, PHASE_PLAY, PLAY


def _turns(seed: int, players: int = 3, limit: int = 400):
    """(view, legal) of every turn of a round played by random choices."""
    runner = GameRunner.start(GAME, GAME.default_options(players), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        st = runner.state
        if GAME.outcome(st) is not None or st.phase != PHASE_PLAY:
            return
        seat = GAME.current_player(st)
        legal = GAME.legal_actions(st)
        yield GAME.view(st, seat), legal
        runner.play(rng.choice(legal))


def test_every_turn_gets_a_legal_hint_with_a_reason_and_a_choice_is_the_strong_bots():
    kinds = set()
    for view, legal in _turns(3):
        h = hint(view, legal, random.Random(1))
        assert h.action in legal and h.reason.key.startswith("runs.hint.")
        kinds.add(h.reason.key)
        if len([a for a in legal if a.kind == PLAY]) >= 2:
            assert h.action == StrongBot().choose(view, legal, random.Random(1))
            assert h.reason.params["card"] == h.action.card and h.reason.params["other"] in view.hand
    assert {"runs.hint.only", "runs.hint.draw"} <= kinds and kinds & {"runs.hint.best", "runs.hint.close"}, kinds


def test_the_hint_says_draw_only_when_no_card_follows():
    for view, legal in _turns(5):
        h = hint(view, legal, random.Random(2))
        if h.action.kind == DRAW:
            assert not view.playable
