"""The table kit's parts (issue 20): notes with an audience, a screen over
the table that pauses it, and tooltips that take the notes' band instead
of covering the game."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.engine.core import msg
from game.engine.match import How, Match, Seat
from game.games import gaps as G
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.model import Note, Notes, TableModel, Tone
from game.ui.tables import built, table
from tests.ui.helpers import button, drawn_texts, pump, said, settle

# --- notes, without pygame ---------------------------------------------------------------------


def test_a_refusal_is_for_the_seat_that_tried_and_goes_when_the_device_does():
    m = TableModel(Match.start(G.GAME, {"redeals": 2}, 5, [Seat("A")]))
    m.match.handed_to(0)
    m.refuse(msg("gaps_ui.no_card"))
    m.say("everyone")
    assert [n.seat for n in m.notes.items] == [0, None]
    assert [n.tone for n in m.shown_notes()] == [Tone.REFUSE, Tone.INFO]
    assert [n.text for n in m.notes.shown_to(1)] == ["everyone"]  # another seat reads only what is for everyone
    m.handed_to(1)
    assert [n.text for n in m.notes.items] == ["everyone"]


def test_notes_count_down_only_while_the_table_is_uncovered():
    m = TableModel(Match.start(G.GAME, {"redeals": 2}, 5, [Seat("A")]))
    m.say("x", ttl=1.0)
    m.cover()
    m.tick(5.0)
    assert m.notes.items and m.paused
    m.uncover()
    m.tick(0.6)
    assert m.notes.items[0].ttl == pytest.approx(0.4)
    m.tick(0.5)
    assert not m.notes.items


def test_a_move_takes_the_notes_about_the_position_before_it():
    """A refusal's reason and a hint were about the position before the
    move; a notice that is not (a file written, a rule) stays."""
    m = TableModel(Match.start(G.GAME, {"redeals": 2}, 5, [Seat("A")]))
    m.match.handed_to(0)
    m.refuse(msg("gaps_ui.no_card"))
    m.say("Hint: play 8H", seat=0, positional=True)
    m.say("saved")
    m.move_made(How.CLICK)
    assert [n.text for n in m.notes.items] == ["saved"]


def test_the_same_words_again_replace_the_old_and_three_at_most_show():
    n = Notes()
    for w in ("a", "b", "a", "c", "d"):
        n = n.add(Note(w))
    assert [x.text for x in n.items] == ["a", "c", "d"]


# --- a screen over the table pauses it -----------------------------------------------------------


@pytest.mark.parametrize("gid", built())
@pytest.mark.parametrize("cover", ["settings", "rules", "question"])
def test_a_screen_over_a_table_of_computers_stops_them_until_it_goes(app, gid, cover):
    """Settings opened with ⚙ did not pause the table: the computers went
    on playing underneath.  Under any screen nothing plays, and play goes
    on where it stopped once the screen goes."""
    app.settings.animation = "normal"
    t = table(gid).open_autoplay(app, 3)
    settle(app, 2.0)
    t = app.scenes.top if app.scenes.top is not t and hasattr(app.scenes.top, "match") else t
    assert len(t.match.actions) > 0
    if cover == "settings":
        app.open_settings()
    elif cover == "rules":
        app.open_rules(gid)
    else:
        app.push(ConfirmScene(app, "Really?", "A question over the table.", lambda: None))
    n = len(t.match.actions)
    flights = [(f.t, f.hide) for f in t.anim.flights]
    settle(app, 6.0)
    assert len(t.match.actions) == n and t.model.paused
    assert [(f.t, f.hide) for f in t.anim.flights] == flights  # the cards in the air stand still too
    app.pop()
    assert app.scenes.top is t and not t.model.paused
    settle(app, 3.0)
    assert len(t.match.actions) > n or t.match.over


# --- tooltips and notes have the band --------------------------------------------------------------


def _gaps_table(app):
    from game.ui.tables.gaps.table import GapsTable
    from tests.ui.helpers import seated

    m = Match.start(G.GAME, {"redeals": 2, "layout": ""}, 11, [Seat("P")])
    m.run(lambda mm: len(mm.actions) >= 4, stand_in="greedy")
    return seated(app, GapsTable(app, m))


@pytest.mark.parametrize("size", [(800, 500), (1280, 800), (1920, 1080)])
def test_a_buttons_tooltip_shows_in_the_notes_band_over_no_card_count_or_clock(app, size):
    """The tooltips of the buttons under the Gaps grid opened over the line
    of moves and time and the solver's progress."""
    app.resize(size)
    t = _gaps_table(app)
    undo = button(app, "Undo")
    assert not getattr(undo, "tool_tip_text", None)  # no pygame_gui tooltip: it would open over the game
    sx, sy = app.view_scale or (1, 1)  # (a small window shows a larger screen scaled down)
    at = (int(undo.rect.centerx / sx), int(undo.rect.centery / sy))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)
    settle(app, 1.0)
    tip = t.resting_tip()
    assert tip and tip in said(t)
    assert tip in " ".join(drawn_texts(app))
    band = t.note_area()
    L = t.layout()
    for r in [*L.cells, L.clock, L.status, t.header().rect]:
        assert not band.colliderect(r), (band, r)
    assert not [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UITooltip)]


def test_a_screen_over_the_table_forgets_where_the_pointer_rested(app):
    """After ⚙ → Settings → Back, "Settings" showed in the notes' band
    until the mouse moved (seen in a real window): the table still took
    the pointer to rest on ⚙, where it was when ⚙ was clicked, and the
    time under the settings counted as resting."""
    t = _gaps_table(app)
    gear = button(app, "⚙")
    sx, sy = app.view_scale or (1, 1)
    at = (int(gear.rect.centerx / sx), int(gear.rect.centery / sy))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)
    settle(app, 1.0)
    assert t.resting_tip() == "Settings"  # the test's premise: resting on ⚙ shows its tip
    t.open_settings()
    pump(app, 2)
    assert app.scenes.top is not t
    settle(app, 1.0)
    app.scenes.pop()
    pump(app, 2)
    settle(app, 1.0)
    assert app.scenes.top is t
    assert t.resting_tip() is None
    assert "Settings" not in said(t)


@pytest.mark.parametrize("size", [(800, 500), (1280, 800), (1920, 1080)])
def test_a_questions_buttons_are_as_wide_as_their_labels(app, size):
    """"Beenden und werten" was cut to "Beenden und werte" on a 180 px
    button (seen in a real window at 1280x800); both buttons stay alike
    and inside the panel."""
    from game.ui.assets import font

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)
    q = ConfirmScene(app, "Spiel beenden?", "Die Runde zählt nicht.", lambda: None, yes="Beenden und werten", no="Abbrechen", destructive=True)
    app.push(q)
    pump(app, 2)
    s = app.scale
    label = font(max(9, round(18 * s))).size("Beenden und werten")[0]
    assert q.yes_b.rect.w >= label + int(20 * s) and q.yes_b.rect.w == q.no_b.rect.w
    panel = q._rect()
    assert panel.contains(q.yes_b.rect) and panel.contains(q.no_b.rect) and not q.yes_b.rect.colliderect(q.no_b.rect)


def test_the_notes_of_a_game_go_when_it_ends(app):
    """"The layout is on the clipboard" stayed frozen beside the result
    panel for 20 s and more (notes wait while a screen covers the table)."""
    from game.ui.tables.gaps import NEAR_WON
    from game.ui.tables.gaps.table import start_game as start_gaps
    from tests.ui.helpers import click

    t = start_gaps(app, {"redeals": 2, "layout": NEAR_WON}, 77)
    pump(app, 2)
    t.notice("The layout is on the clipboard", ttl=5)
    assert "The layout is on the clipboard" in said(t)
    click(app, t.layout().cells[12].center)  # K♠ into the gap after Q♠: the deal is won
    assert t.match.over and "The layout is on the clipboard" not in said(t)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_pass_screens_words_keep_clear_of_its_button(app, lang, size):
    """With a name the words took two lines, the second touching the
    button (seen at 1280x800): the button goes below the last line."""
    from game import i18n
    from game.tools.textfit import record_frame
    from game.ui.kit.passdevice import PassScene

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)
    i18n.set_language(lang)
    try:
        p = PassScene(app, "Maximiliane-Josefine", lambda: None)
        app.push(p)
        pump(app, 2)
        body = i18n.tr("ui.pass.body", name="Maximiliane-Josefine")
        lines = [r for kind, txt, r, *_ in record_frame(app) if kind == "line" and txt and txt in body]
        assert lines
        assert max(r.bottom for r in lines) + int(20 * app.scale) <= p.ready.rect.top
    finally:
        i18n.set_language("en")


def test_a_card_let_go_while_another_travels_is_dropped_when_it_lands(app):
    """A mouse release during a blocking animation was dropped by the app:
    the card then followed the pointer with the button up (every table,
    reached with a synthetic event).  The release is kept and played when
    the animation ends."""
    import pygame

    from game.app import all_scene_factories
    from game.ui.kit.table import TableScene
    from tests.ui.helpers import post, pump, seated

    tried = []
    for name, make in all_scene_factories(app):
        t = make()
        if not isinstance(t, TableScene):
            continue
        seated(app, t)
        if app.scenes.top is not t or t.drag is None or t.busy:
            continue
        sources = t.drag.sources()
        if not sources:
            continue
        pos = sources[0].rect.center
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        pump(app, 1)
        if t.drag.pressed is None:
            continue
        t.anim.after(0.3, lambda: None, blocking=True, scaled=False)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        pump(app, 2)
        assert t.busy and t.drag.pressed is not None, name  # held while the card travels
        for _ in range(600):  # (a forced move or a computer may keep it busy longer)
            pump(app, 1)
            if not t.busy:
                break
        assert t.drag.pressed is None and t.drag.dragging is None, name
        tried.append(name)
    assert len(tried) >= 12, tried
