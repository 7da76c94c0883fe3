"""Every side line can be seen (issue 23, item 5c): the side lines of early
main-line cards went out of view once the main line outgrew its row, and a
deep column (some twenty wrong plays under one card) made every card of
the row tiny and still ran past the tableau's bottom, cut off.  Now the
overview brings any main-line card into the row, a deep column stands in
lanes side by side (each card's index in view), and a column deeper than
three lanes hold is folded under a "+N" tag that opens the whole side
line on a sheet over the tableau."""

from __future__ import annotations

import pygame
import pytest

from game.ui.tables.delphi import demo
from game.ui.tables.delphi.layout import READABLE
from game.ui.tables.delphi.table import DelphiTable
from tests.ui.helpers import key, pump
from tests.ui.test_delphi_table import seat_table

SIZES = [(800, 500), (1280, 800), (1920, 1080)]


def _resized(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)


def _press(t: DelphiTable, pos: tuple[int, int]) -> None:
    """A click on the table at ``pos`` in its own (logical) pixels: a small
    window is drawn larger and scaled down, so a posted click would land
    elsewhere there."""
    t.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    t.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", ["long_line", "deep_side"])
def test_every_main_line_cards_side_line_can_be_brought_into_view(app, size, make):
    _resized(app, size)
    t = seat_table(app, getattr(demo, make)())
    st = t.match.state
    anchors = sorted({sp.anchor for sp in st.side})
    assert len(st.main) > 20 and anchors
    folded = 0
    for a in anchors:
        T = t.layout().tableau
        if not T.in_view(a):  # a label of the overview brings the card into the row
            assert T.overview is not None
            _press(t, T.overview.chips[a].center)
            T = t.layout().tableau
        assert T.in_view(a) and T.cw >= int(READABLE * t.layout().s)
        plays = [j for j, sp in enumerate(st.side) if sp.anchor == a]
        every = {(j, k) for j in plays for k in range(len(st.side[j].cards))}
        seen = {(j, k) for j in plays for k, r in enumerate(T.side[j]) if T.strip.contains(r) and T.area.contains(r)}
        if a in T.folds:  # "+N" opens the whole side line
            folded += 1
            assert T.folds[a].hidden == len([j for j in plays if not T.side[j]]) > 0
            _press(t, T.folds[a].tag.center)
            sh = t.layout().sheet
            assert sh is not None and sh.anchor == a and sh.plays == plays
            cards = [r for rects in sh.cards for r in rects]
            assert all(sh.panel.contains(r) and T.area.contains(r) for r in cards) and sh.cw >= int(30 * t.layout().s)
            firsts = [rects[0] for rects in sh.cards]
            assert not any(r.colliderect(o) for i, r in enumerate(firsts) for o in firsts[i + 1 :])  # no play over another
            seen |= {(j, k) for j, rects in zip(sh.plays, sh.cards) for k in range(len(rects))}
            _press(t, T.area.center)  # a click anywhere closes it
            assert t.layout().sheet is None
        assert seen == every, a
    if make == "deep_side":
        # the starter's 21 wrong plays stand in lanes, each index in view
        # (tests/ui/test_index_corners.py); only at 1024x640 do they need
        # more than three lanes hold, and the oldest fold under "+N"
        assert folded if size == (800, 500) else not folded, size


def test_esc_closes_a_side_line_before_it_leaves_the_table(app):
    _resized(app, (800, 500))  # where the starter's column folds
    t = seat_table(app, demo.deep_side())
    T = t.layout().tableau
    assert T.overview is not None
    _press(t, T.overview.chips[0].center)  # the starter, with the deep column under it
    T = t.layout().tableau
    a = 0
    _press(t, T.folds[a].tag.center)
    assert t.model.sheet == a
    key(app, pygame.K_ESCAPE)
    assert t.model.sheet is None and app.scenes.top is t


@pytest.mark.parametrize("size", SIZES)
def test_a_reader_finds_each_card_of_a_deep_side_line_where_it_shows(app, size):
    """The screen reader's tree names every card of the starter's deep
    column with its place, and gives each the part of the table where it
    shows (in lanes a card shows little more than its index; its whole
    rect lay under the cards after it): no two of them overlap."""
    from game.i18n import tr
    from game.ui.a11y.words import card_name
    from game.ui.tables.delphi import speech

    _resized(app, size)
    t = seat_table(app, demo.deep_side())
    t.scroll_line(40)
    T = t.layout().tableau
    side = next(n for n in speech.regions(t) if n.key == speech.SIDE)
    st = t.match.state
    under = [(j, k) for j, sp in enumerate(st.side) if sp.anchor == 0 for k in range(len(sp.cards))]
    nodes = {n.key: n for n in side.children}
    shown = []
    for j, k in under:
        n = nodes[f"delphi:side:{j}:{k}"]
        place = tr("a11y.delphi.side_place", t.lang, n=1, card=card_name(st.main[0], t.lang), player=t.seat_name(st.side[j].seat))
        assert n.description.startswith(place) and n.name == card_name(st.side[j].cards[k], t.lang), n
        if T.side[j]:  # not folded away
            r = pygame.Rect(n.rect)
            assert r.topleft == T.side[j][k].topleft and r.w > 0 and r.h > 0, (j, k, r)
            shown.append(r)
    assert len(shown) > 10
    assert not [(a, b) for i, a in enumerate(shown) for b in shown[i + 1 :] if a.colliderect(b)]
