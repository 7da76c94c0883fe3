"""Delphi alone played through a Match with its policy: a finished round
is what the statistics fold (into Delphi's, under "solo"), once; the
guess being typed belongs to the moment for a guess."""

from __future__ import annotations

from dataclasses import replace

from game.engine.match import Match, Seat
from game.games.delphi.policy import SOLO_POLICY, SOLO_STATS, SoloMeta
from game.games.delphi.solo import GUESS, PLAY, SOLO, SoloAction, library_options


def solo_match() -> Match:
    return Match.start(SOLO, library_options("alternate_colour"), 11, [Seat("Ann")], policy=SOLO_POLICY)


def test_a_finished_round_is_folded_once_into_delphis_solo_statistics():
    m = solo_match()
    m.play(SoloAction(PLAY, m.state.hand[0]))
    m.play(SoloAction("pass"))
    assert m.take_folds() == []  # a round under way counts nothing
    m.play(SoloAction(PLAY, m.state.hand[0]))
    m.play(SoloAction(GUESS, text="card.color != last.color"))
    folds = m.take_folds()
    assert m.over and len(folds) == 1
    stats: dict = {"games": 3, SOLO_STATS: "not a row"}
    folds[0](stats)
    assert stats["games"] == 3  # the full game's own figures are left alone
    assert stats[SOLO_STATS]["rounds"] == {"games": 1, "solved": 1, "score_sum": 29, "wrong_guesses": 0, "turns_solved": 2, "best": 29}
    assert m.take_folds() == []


def test_the_guess_being_typed_goes_once_the_moment_for_a_guess_is_over():
    m = solo_match()
    m.play(SoloAction(PLAY, m.state.hand[0]))
    m.meta = replace(m.meta, guess="card is re")
    assert isinstance(m.meta, SoloMeta) and m.save_meta()["guess"] == "card is re"
    m.play(SoloAction(GUESS, text="card is purple"))  # refused: still the moment for a guess
    assert m.meta.guess == "card is re"
    m.play(SoloAction("pass"))
    assert m.meta.guess == "" and "guess" not in m.save_meta()
