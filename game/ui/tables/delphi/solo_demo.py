"""The solo table's scenes for ``python -m game shots`` (and the text-fit
check): its setup, a round under way, a guess refused (its note), a
wrong guess with its example, a long round and a solved one.  Each round
is played here through the engine, with rules whose checks are quick."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.match import Match, Seat
from game.games.delphi.policy import SOLO_POLICY
from game.games.delphi.solo import GUESS, PLAY, SOLO, SoloAction, library_options
from game.ui.scene import AppServices, Scene
from game.ui.tables.delphi.explain_scene import ExplainScene
from game.ui.tables.delphi.solo.table import SoloTable
from game.ui.tables.delphi.solo_setup import SoloSetup, again

#: God's rule of the scenes: colours alternate
RULE = "alternate_colour"


def played(cards: int, guesses: dict[int, str] | None = None, seed: int = 11) -> Match:
    """A round of ``RULE`` after ``cards`` cards (the hand's first each
    time); ``guesses`` by turn, else no guess."""
    m: Match = Match.start(SOLO, library_options(RULE), seed, [Seat("Ann")], policy=SOLO_POLICY)
    wanted = dict(guesses or {})
    for _ in range(cards):
        v = SOLO.view(m.state, 0)
        if v.phase != PLAY:
            break
        m.play(SoloAction(PLAY, v.hand[0]))
        v = SOLO.view(m.state, 0)
        if v.phase == GUESS:
            text = wanted.get(v.turn)
            m.play(SoloAction("guess", text=text) if text else SoloAction("pass"))
    return m


def stop_at_guess(m: Match) -> Match:
    """One more card, the round then waiting for a guess."""
    v = SOLO.view(m.state, 0)
    m.play(SoloAction(PLAY, v.hand[0]))
    return m


def explained(app: AppServices, t: SoloTable, tab: int = 0, step: int | None = None) -> None:
    """The round's narrowing open on ``tab``, worked out, ``step`` chosen."""
    t.explain()
    sc = app.scenes.top
    if isinstance(sc, ExplainScene):
        sc.show_tab(tab)
        sc.job().thread.join()
        if step is not None:
            sc.choose(step)


def refused(t: SoloTable) -> None:
    """A guess typed that is no rule, and Guess pressed: the note says why."""
    if t.entry is not None:
        t.entry.set_text("card.colour = purple")
    t.guess()


def solo_scenes(app: AppServices) -> list[tuple[str, Callable[[], Scene]]]:
    def at(make: Callable[[], Match], prep: Callable[[SoloTable], None] | None = None) -> Callable[[], Scene]:
        def build() -> Scene:
            t = SoloTable(app, make(), again=lambda: again(app))
            if prep is not None:
                t.prepare_shot = lambda: prep(t)
            return t

        return build

    return [
        ("delphi-solo-setup", lambda: SoloSetup(app)),
        ("delphi-solo-start", at(lambda: played(0))),
        ("delphi-solo-guess", at(lambda: stop_at_guess(played(4)))),
        ("delphi-solo-refused", at(lambda: stop_at_guess(played(4)), refused)),
        ("delphi-solo-wrong", at(lambda: played(6, {6: "card is red"}))),
        ("delphi-solo-long", at(lambda: stop_at_guess(played(24, {3: "card is red", 9: "card.rank > last.rank"})))),
        ("delphi-solo-solved", at(lambda: played(7, {5: "card is black", 7: "card.color != last.color"}))),
        ("delphi-solo-explain", at(lambda: played(7, {5: "card is black", 7: "card.color != last.color"}), lambda t: explained(app, t, 0, 4))),
        ("delphi-solo-explain-augur", at(lambda: played(7, {5: "card is black", 7: "card.color != last.color"}), lambda t: explained(app, t, 1, 2))),
    ]


__all__ = ["solo_scenes"]
