"""The win celebration and the double-click, through real events on the
dummy driver: a celebration starts when the person at the device wins and
not when a computer does, a click skips it, with animations off nothing
moves, covering or resizing the table mid-celebration leaves nothing of it
behind and still brings the result; a double-click sends a card to its
only place (Gaps, Mind the Gap, Delphi), does nothing but say why when
there are several, never starts a drag nor leaves a card selected, and
clicking a card and then its place still works."""

from __future__ import annotations

from collections import Counter

import pygame

from game.engine.core import Outcome, msg
from game.engine.match import Match, seats_from
from game.games.delphi.state import TURN
from game.games.runs.rules import GAME as RUNS
from game.ui import dragdrop
from game.ui.kit.celebrate import celebration_title
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.overlay import ResultScene
from game.ui.tables.delphi import demo as delphi_demo
from game.ui.tables.delphi.table import DelphiTable
from game.ui.tables.gaps import NEAR_WON
from game.ui.tables.gaps.table import start_game as start_gaps
from game.ui.tables.mind_the_gap import demo as mtg_demo
from game.ui.tables.mind_the_gap.table import MtgTable
from game.ui.tables.runs.table import RunsTable
from tests.ui.helpers import click, post, pump, said, seated, settle

#: 4S fits only the gap after 3S; the gap it leaves (after 7H) wants 8H
ONE_GAP = "\n".join(
    [
        "2S 3S -- 5S 6S 7S 8S 9S 10S JS QS KS --",
        "2H 3H 4H 5H 6H 7H 4S 9H 10H JH QH KH 8H",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ]
)


def double_click(app, pos, frames: int = 2) -> None:
    """Two presses as pygame-ce reports them: the second with clicks=2."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for n in (1, 2):
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, clicks=n)
        pump(app, 1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1, clicks=n)
        pump(app, 1)
    pump(app, frames)


def frame_of(t) -> bytes:
    surf = pygame.Surface(t.app.size)
    t.draw(surf)
    return pygame.image.tobytes(surf, "RGB")


# --- the celebration ------------------------------------------------------------------------------


def _won_gaps(app, **kw):
    t = start_gaps(app, {"redeals": 2, "layout": NEAR_WON}, 77, **kw)
    pump(app, 2)
    return t


def test_a_persons_win_is_celebrated_and_a_click_skips_to_the_result(app):
    t = _won_gaps(app)
    click(app, t.layout().cells[12].center)  # K♠ into the gap after Q♠: solved
    settle(app, 0.4)  # the card has landed, the last move stayed in view
    c = t.party.celebration
    assert c is not None and app.scenes.top is t and c.title == "You won!"
    # it moves: two moments of it are different pictures
    a = frame_of(t)
    pump(app, 3)
    assert frame_of(t) != a and t.party.celebration is c
    post(pygame.MOUSEBUTTONDOWN, pos=t.layout().grid.center, button=1)
    pump(app, 1)
    res = app.scenes.top
    assert isinstance(res, ResultScene) and res.won and t.party.celebration is None


def test_a_computers_win_is_not_celebrated(app):
    t = _won_gaps(app, meta={"prefs": {"redeals": 2}}, bots=["greedy"])
    for _ in range(60):
        assert t.party.celebration is None
        app.step(1 / 30)
        if isinstance(app.scenes.top, ResultScene):
            break
    assert t.match.over and t.match.outcome.won and isinstance(app.scenes.top, ResultScene)


def test_with_animations_off_nothing_moves_and_the_result_comes_at_once(app):
    app.settings.animation = "off"
    t = _won_gaps(app)
    click(app, t.layout().cells[12].center, frames=1)
    assert t.party.celebration is None and isinstance(app.scenes.top, ResultScene) and app.scenes.top.won


def test_covering_the_table_mid_celebration_leaves_nothing_and_the_result_follows(app):
    t = _won_gaps(app)
    click(app, t.layout().cells[12].center)
    settle(app, 0.4)
    c = t.party.celebration
    assert c is not None
    t.party.celebration = None
    plain = frame_of(t)
    t.party.celebration = c
    assert frame_of(t) != plain  # the celebration is drawn
    t.confirm("Title", "Body", lambda: None)  # a dialog over the table (the table stays visible)
    pump(app, 2)
    assert isinstance(app.scenes.top, ConfirmScene) and t.party.celebration is None
    assert frame_of(t) == plain  # nothing of it under the dialog
    app.pop()
    pump(app, 2)
    assert isinstance(app.scenes.top, ResultScene) and app.scenes.top.won


def test_resizing_mid_celebration_ends_it_and_the_table_keeps_no_widgets(app):
    t = _won_gaps(app)
    click(app, t.layout().cells[12].center)
    settle(app, 0.4)
    assert t.party.celebration is not None
    app.resize((1000, 640))
    pump(app, 2)
    assert isinstance(app.scenes.top, ResultScene) and t.party.celebration is None
    assert t._elements == []  # no button of the paused table drawn over the panel
    assert app.scenes.top._elements  # the panel's own buttons are there


def test_who_a_celebration_names(app):
    def outcome(*winners, stopped=False) -> Outcome:
        from game.engine.core import Termination

        return Outcome(winners, (0.0, 0.0, 0.0), msg("engine.game_over"), termination=Termination.STOPPED if stopped else Termination.FINISHED)

    def title(t: RunsTable, o: Outcome) -> str | None:
        return celebration_title(t.match, o, stopped_counts=t.celebrates_stopped)

    opts = RUNS.default_options(3)
    hot = RunsTable(app, Match.start(RUNS, opts, 1, seats_from(["Anna", "Ben", "Cleo"], [None, None, "simple"])))
    assert title(hot, outcome(1)) == "Ben wins!"
    assert title(hot, outcome(0, 1)) == "Anna, Ben win!"
    assert title(hot, outcome(2)) is None  # only a computer won
    assert title(hot, outcome(0, 1, 2)) is None  # everyone tied: nobody won
    assert title(hot, outcome(0, stopped=True)) == "Anna wins!"  # "until we stop" ends so
    solo = RunsTable(app, Match.start(RUNS, opts, 1, seats_from(["Anna", "B", "C"], [None, "simple", "simple"])))
    assert title(solo, outcome(0)) == "You won!"


# --- the double-click ------------------------------------------------------------------------------


def test_double_click_in_gaps_moves_the_card_to_its_one_gap_and_nothing_else(app):
    app.settings.animation = "off"  # the second press reaches the table at once
    t = start_gaps(app, {"redeals": 2, "layout": ONE_GAP}, 5)
    pump(app, 2)
    grid = t.view.grid
    src = grid.index(t.view.grid[19])
    assert str(grid[src]) == "4S" and grid[2] is None
    double_click(app, t.layout().cells[src].center)
    grid = t.view.grid
    # the card went to its gap; the second press did not pull 8H into the
    # gap it left, nor pick anything up
    assert str(grid[2]) == "4S" and grid[19] is None and str(grid[25]) == "8H"
    assert len(t.match.actions) == 1 and t.drag.active is None


def _mtg_one_and_several(app) -> tuple[MtgTable, Counter]:
    m = mtg_demo.played({"players": 1, "level": "normal"}, 3, 4)
    t = seated(app, mtg_demo.shown(app, m, 0))
    places = Counter(a.card for a in t.match.legal() if a.kind == "place")
    assert 1 in places.values() and max(places.values()) >= 2
    return t, places


def test_double_click_with_several_places_moves_nothing_and_says_why(app):
    t, places = _mtg_one_and_several(app)
    card = next(c for c, n in places.items() if n >= 2)
    r = t.layout().hand[list(t.view.hand).index(card)]
    before = list(t.match.actions)
    double_click(app, r.center)
    assert t.match.actions == before and card in t.view.hand
    assert any(f"fits in {places[card]} places" in x for x in said(t))
    assert t.drag.selected is None and t.drag.dragging is None
    # the second press of another double-click starts no drag either
    post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1, clicks=1)
    post(pygame.MOUSEBUTTONUP, pos=r.center, button=1, clicks=1)
    pump(app, 1)
    post(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1, clicks=2)
    pump(app, 1)
    post(pygame.MOUSEMOTION, pos=(r.centerx + 60, r.centery - 120), rel=(60, -120), buttons=(1, 0, 0))
    pump(app, 1)
    assert t.drag.dragging is None and t.drag.selected is None


def test_double_click_with_one_place_places_the_card(app):
    t, places = _mtg_one_and_several(app)
    n = len(t.match.actions)
    card = next(c for c, k in places.items() if k == 1)
    place = next(a.place for a in t.match.legal() if a.kind == "place" and a.card == card)
    double_click(app, t.layout().hand[list(t.view.hand).index(card)].center)
    settle(app, 0.5)
    # the one free place, not the pile (which costs a coin and would ask)
    assert len(t.match.actions) == n + 1 and t.match.actions[-1].kind == "place" and t.match.actions[-1].place == place
    assert app.scenes.top is t and t.drag.selected is None


def test_click_a_card_then_its_place_still_works_and_a_slow_second_click_deselects(app):
    t, places = _mtg_one_and_several(app)
    card = next(c for c, k in places.items() if k >= 2)
    r = t.layout().hand[list(t.view.hand).index(card)]
    click(app, r.center)
    assert t.drag.selected is not None and t.drag.selected.payload == ("hand", card)
    click(app, r.center)  # a second click, not a double one: the card is put down again
    assert t.drag.selected is None and card in t.view.hand
    click(app, r.center)
    place = next(a.place for a in t.match.legal() if a.kind == "place" and a.card == card)
    click(app, t.layout().places[place].center)
    settle(app, 0.5)
    assert t.match.actions[-1].card == card and t.match.actions[-1].place == place


def test_without_a_click_count_the_second_press_must_come_soon(app, monkeypatch):
    """pygame-ce before 2.5.7 reports no clicks: the table's own clock decides."""
    t, places = _mtg_one_and_several(app)
    monkeypatch.setattr(dragdrop, "HAS_CLICKS", False)
    now = [100.0]
    t.drag.clock = lambda: now[0]
    card = next(c for c, k in places.items() if k >= 2)
    r = t.layout().hand[list(t.view.hand).index(card)]
    click(app, r.center)
    now[0] += 1.0  # too late: a plain second click, which puts the card down
    click(app, r.center)
    assert t.drag.selected is None and not said(t)
    now[0] += 1.0
    click(app, r.center)
    assert t.drag.selected is not None
    now[0] += 0.2
    click(app, r.center)
    assert any("places" in x for x in said(t)) and t.drag.selected is None


def test_double_click_in_delphi_plays_the_card(app):
    m = delphi_demo.find(delphi_demo.gardner(5), lambda st: st.phase == TURN and st.turn == 0 and st.played >= 4 and st.prophet < 0)
    t = DelphiTable(app, m)
    app.scenes.push(t)
    pump(app, 2)
    hand = t.hand()
    n = len(t.match.actions)
    r = t.layout().hand.rects[0]
    double_click(app, (r.x + 5, r.centery))
    a = t.match.actions[n]
    assert a.kind == "play" and a.cards == (hand[0],) and t.chosen == []
