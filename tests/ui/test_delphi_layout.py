"""The Delphi table's room (issue 20): messages have a band of their own
that covers no card, count or panel (they came over the main line), and
the cards grow with the window while the card-size setting never makes
them smaller than Normal (a line of 19 cards was 70 px wide at 1280x800
and 64 px at 1920x1080: the whole line went into one row there)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine.core import msg
from game.games.delphi.state import TURN
from game.ui import cardart, widgets
from game.ui.tables.delphi import demo
from game.ui.tables.delphi.table import DelphiTable
from tests.ui.helpers import pump

SIZES = [(800, 500), (1280, 800), (1920, 1080)]


def _resized(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)


def _early():
    return demo.find(demo.gardner(5), lambda st: st.phase == TURN and st.turn == 0 and 2 <= st.played <= 6)


MATCHES = {
    "early": _early,
    "mid": demo.mid_round,
    "prophet": demo.prophet_in_office,
    "judged": demo.prophet_judges,
    "noplay": demo.noplay_judged,
    "long": demo.long_line,
}


def _seated(app, make) -> DelphiTable:
    t = DelphiTable(app, make())
    app.scenes.reset(t)
    pump(app, 2)
    return t


def _taken(t: DelphiTable) -> list[tuple[str, pygame.Rect]]:
    """Everything of the table a note must not cover: cards, counts,
    panels, the tableau's title line, the status line, the buttons."""
    L = t.layout()
    T = L.tableau
    s = L.s
    out = [("header", t.header().rect), ("status", L.status), ("hand", L.hand_area), ("sidebar", L.sidebar), ("info", L.info), ("seats", L.seats), ("log", L.log), ("buttons", L.buttons)]
    out.append(("title", pygame.Rect(T.area.x, T.area.y - int(24 * s), T.area.w, int(24 * s))))
    out += [("main", r) for i, r in enumerate(T.main) if T.in_view(i)]
    out += [("side", r) for col in T.side for r in col if T.strip.left <= r.x < T.strip.right]
    out += [("pending", r) for r in T.pending]
    if T.slot is not None:
        out.append(("slot", T.slot))
    if T.overview is not None:
        out += [("overview", r) for r in T.overview.chips]
    if L.shown is not None:
        out.append(("shown", L.shown))
    out += [("hand card", r) for r in L.hand.rects]
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(MATCHES))
def test_the_notes_band_covers_no_card_count_or_panel(app, size, name):
    _resized(app, size)
    t = _seated(app, MATCHES[name])
    band = t.note_area()
    assert band.w > 200 * t.scale and band.h >= 40 * t.scale
    assert pygame.Rect((0, 0), app.size).contains(band)
    hit = [(what, r) for what, r in _taken(t) if r.w > 0 and band.colliderect(r)]
    assert not hit, (name, size, band, hit[:4])


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 800)])
def test_a_long_refusal_and_a_notice_are_drawn_inside_the_band(app, size, lang):
    i18n.set_language(lang)
    _resized(app, size)
    t = _seated(app, demo.mid_round)
    t.refuse(t.not_your_turn())
    t.notice(msg("delphi.log.prophet", player=0, n=12), public=True)
    entries: list = []
    widgets.RECORD = (app.screen, entries)
    try:
        app.step(1 / 60, events=[])
    finally:
        widgets.RECORD = None
    band = t.note_area()
    words = [n.words(lang) for n in t.shown_notes()]
    assert len(words) == 2
    drawn = [e for e in entries if e[0] == "text" and any(e[1] and e[1] in w for w in words)]
    assert drawn and any(e[1] in words[-1] for e in drawn)  # the newest at least
    assert all(band.contains(e[2]) for e in drawn), [(e[1], e[2], band) for e in drawn if not band.contains(e[2])]


def _widths(app, t: DelphiTable) -> dict[str, tuple[int, int]]:
    out = {}
    for size in ("small", "normal", "large"):
        cardart.set_look(size=size)
        t._layout = None
        L = t.layout()
        out[size] = (L.tableau.cw, L.hand.cw)
    cardart.set_look(size="normal")
    t._layout = None
    return out


@pytest.mark.parametrize("name", ["early", "mid", "prophet", "long"])
def test_cards_grow_with_the_window_and_large_is_never_smaller_than_normal(app, name):
    got = {}
    for size in ((1280, 800), (1920, 1080)):
        _resized(app, size)
        got[size] = _widths(app, _seated(app, MATCHES[name]))
    for size, w in got.items():
        for k in (0, 1):  # the main line's cards, the hand's
            assert w["small"][k] <= w["normal"][k] <= w["large"][k], (name, size, w)
        assert w["small"][1] < w["normal"][1] < w["large"][1], (name, size, w)  # the hand follows the setting
    small, big = got[(1280, 800)], got[(1920, 1080)]
    for setting in ("small", "normal", "large"):
        for k in (0, 1):
            assert big[setting][k] >= small[setting][k] * 1.2, (name, setting, small, big)


@pytest.mark.parametrize("size", SIZES)
def test_the_awaiting_label_under_a_play_stays_inside_the_line(app, size):
    """Under a card last in its row the label ran past the line's edge
    and was cut ("awaiting the verd", seen in a real window): the play
    is put at the end of the row here, as the layout does when the main
    line fills it."""
    from game.tools.textfit import record_frame

    _resized(app, size)
    t = _seated(app, demo.prophet_judges)
    T = t.layout().tableau
    T.pending[0] = T.pending[0].move(T.strip.right - T.pending[0].right, 0)
    label = i18n.tr("delphi.table.awaiting")
    drawn = [(r, clip) for kind, txt, r, _mw, clip in record_frame(app) if kind == "text" and txt == label]
    assert drawn, label
    for r, clip in drawn:
        assert clip.contains(r), (r, clip)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("name", ["prophet", "mid"])
def test_the_facts_keep_clear_of_gods_deck_and_its_count(app, size, lang, name):
    """When one of the first facts wrapped, the fourth ran under the
    deck's count ("111" on "falsch", German, 1024x640)."""
    from game.tools.textfit import record_frame

    _resized(app, size)
    i18n.set_language(lang)
    try:
        t = _seated(app, MATCHES[name])
        L = t.layout()
        frame = record_frame(app)
        count = [r for kind, txt, r, *_ in frame if kind == "text" and txt == str(t.view.deck_size) and r.top >= L.deck.bottom]
        assert count
        deck = L.deck.union(count[0])
        rows = [(txt, r) for kind, txt, r, *_ in frame if kind == "line" and txt and L.info.contains(r)]
        assert rows and not [(txt, r) for txt, r in rows if r.colliderect(deck)], deck
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_side_panel_is_not_small_print(app, size):
    """The facts and the round's log were the smallest text on the table
    (15 and 13 px beside 18 px prompts, issue 50): both are at least the
    height of 15 px text now."""
    from game.tools.textfit import record_frame
    from game.ui.assets import font

    _resized(app, size)
    t = _seated(app, MATCHES["prophet"])
    L = t.layout()
    frame = record_frame(app)
    least = font(int(15 * t.scale)).get_height()
    for part in (L.info, L.log):
        rows = [(txt, r) for kind, txt, r, *_ in frame if kind == "line" and txt and part.contains(r)]
        assert len(rows) >= 3, part
        assert [(txt, r.h) for txt, r in rows if r.h < least] == []
