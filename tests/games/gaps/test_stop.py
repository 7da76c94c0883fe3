"""The recorded stop: ``stop`` ends a running game as lost, scored as the
cards lie, with its own termination; every other end has its own, too."""

from __future__ import annotations

import random

import pytest

from game.engine import GameRunner, IllegalAction, Record, Termination
from game.engine.match import How, Match, Moved, Seat
from game.games.gaps import (
    GAME,
    NOTATION,
    REDEAL,
    STOP,
    Hinter,
    Move,
    layout_text,
    parse_layout,
    redeal_due,
    score,
    start_options,
)
from game.games.gaps.notation import EXAMPLE

from .helpers import layout

#: a game in progress: row 0 lacks its King (K♠ lies at the end of row 1's run)
RUNNING = [
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS -- --",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH KS",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
]


def running():
    return layout(RUNNING, redeals=1, max_redeals=2, seed=9)


def test_stop_is_offered_while_the_game_runs_and_never_after():
    st = running()
    assert GAME.outcome(st) is None
    assert GAME.stop_action(st) == STOP
    assert STOP not in GAME.legal_actions(st)  # bots never stop a game
    won = GAME.apply(st, Move(st.grid[25], 11))
    assert GAME.outcome(won).won and GAME.stop_action(won) is None
    stopped = GAME.apply(st, STOP)
    assert GAME.stop_action(stopped) is None


def test_stopping_ends_the_game_lost_with_the_cards_in_place():
    st = running()
    sc = score(st)
    stopped = GAME.apply(st, STOP)
    assert stopped.stopped and not st.stopped
    assert stopped.grid == st.grid and stopped.redeals == 1 and stopped.seed == 9
    out = GAME.outcome(stopped)
    assert out is not None and out.stopped and out.termination is Termination.STOPPED
    assert out.won is False and out.winners == () and out.scores == (sc,)
    assert out.reason.key == "gaps.outcome.stopped" and out.reason.params == {"score": sc, "n": 1}
    assert out.reason.render("en") == f"Game ended with {sc} of 48 cards in place."
    assert out.reason.render("de") == f"Spiel beendet mit {sc} von 48 Karten am richtigen Platz."


def test_a_stopped_game_takes_no_more_actions():
    stopped = GAME.apply(running(), STOP)
    assert GAME.legal_actions(stopped) == []
    assert GAME.current_player(stopped) is None
    for action in (Move(stopped.grid[25], 11), REDEAL, STOP):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(stopped, action)
        assert e.value.reason.key == "gaps.err.game_over"
    assert not redeal_due(stopped)


def test_a_game_that_is_over_cannot_be_stopped():
    won = GAME.apply(running(), Move(running().grid[25], 11))
    with pytest.raises(IllegalAction) as e:
        GAME.apply(won, STOP)
    assert e.value.reason.key == "gaps.err.game_over"


def test_the_view_knows_the_game_was_stopped():
    st = running()
    stopped = GAME.apply(st, STOP)
    view = GAME.view(stopped, 0)
    assert view.stopped and not GAME.view(st, 0).stopped
    assert GAME.outcome(view).termination is Termination.STOPPED
    assert GAME.legal_actions(view) == []
    h = Hinter().hint(view)
    assert h.action is None and h.message.key == "gaps.hint.over"


def test_every_end_has_its_termination():
    st = running()
    assert GAME.outcome(GAME.apply(st, Move(st.grid[25], 11))).termination is Termination.WON
    # every gap after a King and no redeal left: lost
    stuck = layout(["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS --",
                    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH -- QH",
                    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
                    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --"], redeals=2, max_redeals=2)
    out = GAME.outcome(stuck)
    assert out is not None and out.termination is Termination.LOST and not out.stopped


def test_stop_text_round_trips_and_a_record_with_it_replays():
    assert GAME.action_to_text(STOP) == "stop"
    assert GAME.action_from_text("stop") == STOP
    assert GAME.action_from_text("  STOP ") == STOP
    runner = GameRunner.start(GAME, {"redeals": 2}, 31)
    rng = random.Random(4)
    for _ in range(6):
        runner.play(rng.choice(GAME.legal_actions(runner.state)))
    runner.play(STOP)
    rec = Record.from_json(runner.record().to_json())
    assert rec.actions[-1] == "stop"
    again = GameRunner.replay(rec)
    assert again.state == runner.state and again.state.stopped


def test_the_log_says_the_game_was_stopped():
    st = running()
    m = GAME.describe_action(st, STOP)
    assert m.key == "gaps.log.stop" and m.params == {"score": score(st)}
    assert m.render("en") == f"The game ends here: {score(st)} of 48 cards are in place."


def test_the_notation_writes_a_stop_and_reads_it_back():
    st = running()
    stopped = GAME.apply(st, STOP)
    text = NOTATION.format(stopped)
    assert text.splitlines()[0] == "redeals=1/2 seed=9 stopped"
    assert NOTATION.parse(text) == stopped and NOTATION.parse(text).stopped
    plain = GAME.apply(NOTATION.parse(EXAMPLE.replace("2S 3S", "-- 3S").replace("KS --", "KS 2S")), STOP)
    assert NOTATION.format(plain).splitlines()[0] == "redeals=0/2 stopped"
    assert NOTATION.format(st) == NOTATION.format(NOTATION.parse(NOTATION.format(st)))
    assert "stopped" not in NOTATION.format(st)
    # the clipboard form is for starting a game from: it never carries the stop
    assert "stopped" not in layout_text(stopped, with_seed=True)


def test_a_game_from_a_stopped_layout_starts_afresh():
    text = NOTATION.format(GAME.apply(running(), STOP))
    assert parse_layout(text).stopped
    st = GAME.new_game(start_options(text), 5)
    assert not st.stopped and GAME.outcome(st) is None and GAME.legal_actions(st)


def test_a_match_stops_with_the_recorded_stop():
    match = Match.start(GAME, {"redeals": 2}, 12, [Seat("Ann")])
    match.run(lambda m: len(m.actions) >= 5, stand_in="greedy")
    sc = score(match.state)
    res = match.stop()
    assert isinstance(res, Moved) and res.action == STOP and res.how is How.CONFIRM
    assert res.outcome is not None and res.outcome.termination is Termination.STOPPED
    assert res.outcome.scores == (sc,)
    assert match.record().actions[-1] == "stop"
    assert match.log()[-1].message.key == "gaps.log.stop"
    assert not match.can_undo()
