"""How the candidate rules narrowed (issue 23 item 3) at the table, through
real events: after a solo round the person's own round and the augur's on
the same rule and deal, a card chosen by key and by click, Esc back to the
round; after a round of the full game its lines; a failure to explain is
said, never a crash."""

from __future__ import annotations

import re

import pygame

from game.games.delphi.explain import Explanation
from game.games.delphi.solo import OVER, library_options
from game.games.delphi.state import ROUND_OVER
from game.ui.tables.delphi import demo
from game.ui.tables.delphi.explain_scene import ExplainScene, Tab
from game.ui.tables.delphi.solo.table import SoloTable
from game.ui.tables.delphi.solo_demo import played
from game.ui.tables.delphi.summary import RoundScene
from tests.ui.helpers import button, buttons, click, drawn_texts, key, press, pump
from tests.ui.test_delphi_solo_table import ended
from tests.ui.test_delphi_table import seat_table


def worked_out(app, frames: int = 600) -> ExplainScene:
    """Frames until the shown tab's explanation is in (a worker thread)."""
    sc = app.scenes.top
    assert isinstance(sc, ExplainScene)
    for _ in range(frames):
        if sc.job().done:
            pump(app, 1)
            return sc
        sc.job().thread.join(0.05)
        pump(app, 1)
    raise AssertionError("the explanation was never worked out")


def solved_round(app) -> SoloTable:
    """A solo round of the colours alternating, solved after card 7."""
    m = played(7, {5: "card is black", 7: "card.color != last.color"})
    t = SoloTable(app, m)
    app.push(t)
    ended(app, t)  # (after the celebration)
    assert t.view.phase == OVER and t.view.solved_at == 7
    return t


def test_the_button_is_offered_only_once_the_round_is_over(app):
    from game.engine.match import Match, Policy, Seat
    from game.games.delphi.solo import SOLO

    m = Match.start(SOLO, library_options("alternate_colour"), 11, [Seat("Ann")], policy=Policy())
    app.push(SoloTable(app, m))
    pump(app, 2)
    assert not any("narrowed" in b.text for b in buttons(app))  # the rule is still secret


def test_a_solo_round_is_explained_card_by_card_and_so_is_the_augurs(app):
    t = solved_round(app)
    press(app, "How it narrowed")
    sc = worked_out(app)
    e, ended = sc.shown()
    assert isinstance(e, Explanation) and len(e.steps) == 7 and ended is not None
    texts = drawn_texts(app)
    assert any("Before the first card:" in line for line in texts)
    assert any("You found the rule after card 7: score 22." in line for line in texts)
    assert sc.step_index(e) == 6  # the last card at first
    # the arrow keys choose another card; its verdict and the rules left are written
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert sc.step_index(e) == 4
    fifth = e.steps[4]
    texts = drawn_texts(app)
    assert any(f"Card {fifth.n}" in line for line in texts)
    assert any("Guess after this card:" in line and "(wrong)" in line for line in texts)  # "card is black", after card 5
    key(app, pygame.K_HOME)
    assert sc.step_index(e) == -1
    # a click on a bar chooses its card
    bars = sc.bar_rects(e)
    click(app, bars[3].center)
    assert sc.step_index(e) == 2
    # the augur's round on the same rule and deal, with its reasons
    press(app, "The augur's round")
    assert sc.tab == 1
    sc = worked_out(app)
    augur, said = sc.shown()
    assert augur.player == "augur" and said is not None
    assert all(s.why is not None for s in augur.steps)
    assert augur.rule == t.match.state.rule
    texts = drawn_texts(app)
    assert any("The augur found it after card" in line or "The augur did not find it" in line for line in texts)
    # back to the round as it was
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is t and t.view.phase == OVER


def test_a_round_of_the_full_game_is_explained_from_its_lines(app):
    t = seat_table(app, demo.round_over())
    top = app.scenes.top
    assert isinstance(top, RoundScene)
    press(app, "How it narrowed")
    sc = worked_out(app)
    assert len(sc.tabs) == 1 and not any(b.text == "The augur's round" for b in buttons(app))
    e, ended = sc.shown()
    assert e.player == "table" and ended is None and e.steps
    assert e.counts[-1] <= e.counts[0]
    texts = drawn_texts(app)
    assert any("Before the first card:" in line for line in texts)
    # God's rule and the leading guesses in words (issue 50): they were in
    # the rule language ("• (card.color = black) = (last.rank is odd) (38 %)")
    assert any(line.startswith("Leading guesses") for line in texts)
    leaders = [line for line in texts if line.startswith("• ")]
    assert leaders and not [line for line in texts if re.search(r"\w\.\w|!=|<=|>=| = |%(?!\))|count\(", line)]
    press(app, "Back")
    assert app.scenes.top is top
    assert t.match.state.phase == ROUND_OVER  # nothing played meanwhile


def test_an_explanation_that_fails_is_said_and_the_app_goes_on(app):
    def broken() -> tuple[Explanation, None]:
        raise ValueError("no")

    sc = ExplainScene(app, [Tab("", broken)])
    app.push(sc)
    worked_out(app)
    assert any("could not be explained" in line for line in drawn_texts(app))
    key(app, pygame.K_RIGHT)  # nothing to choose: nothing happens
    assert button(app, "Back")
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is not sc


def test_a_refused_string_is_numbered_as_the_cards_it_holds(app):
    """A string of two refused cards is one bar; it was numbered with its
    first card only, so the numbers under the chart jumped (6, then 8)."""
    import dataclasses

    from game.games.delphi.explain import SIDE, explain_main_line
    from game.ui.tables.delphi.explain_scene import Tab

    e = explain_main_line(demo.round_over().view(None))
    k = next(i for i, st in enumerate(e.steps) if st.kind == SIDE)
    two = dataclasses.replace(e.steps[k], cards=e.steps[k].cards * 2)
    steps = e.steps[:k] + (two,) + tuple(dataclasses.replace(st, n=st.n + 1) for st in e.steps[k + 1 :])
    e = dataclasses.replace(e, steps=steps)
    app.push(ExplainScene(app, [Tab("", lambda: (e, None))]))
    worked_out(app)
    n = two.n
    assert f"{n}–{n + 1}" in drawn_texts(app)
