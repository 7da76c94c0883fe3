"""God's screens of issue 13 at the table: a hint typed on God's screen (or
the library's, one click away) reaches every player's facts panel and the
round's result; a person God whose rule no card can follow after the dealt
starter lays another one on the starter screen, or keeps it."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.games.delphi.library import LIBRARY, rules_in
from game.games.delphi.scoring import round_result
from game.games.delphi.state import STARTER
from game.i18n import tr
from game.ui.kit.header import button_width
from game.ui.tables.delphi import demo
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.libraryscene import LibraryScene
from game.ui.tables.delphi.starterscene import StarterScene
from game.ui.tables.delphi.summary import rule_reveal
from tests.ui.helpers import button, click, drawn_texts, press, pump, settle
from tests.ui.test_delphi_table import seat_table, type_text

GARDNER = demo.GARDNER


def god_screen(app):
    t = seat_table(app, demo.setrule())
    g = app.scenes.top
    assert isinstance(g, GodScene)
    return t, g


def test_a_typed_hint_goes_to_every_player_with_the_rule(app):
    t, g = god_screen(app)
    click(app, g.hint_entry.rect.center)
    type_text(app, "Colours matter.")
    click(app, g.entry.rect.center)
    type_text(app, "card.color != last.color")
    g.analyser.wait()
    pump(app, 2)
    press(app, "Use this rule")
    settle(app, 1.0)
    st = t.match.state
    assert st.hint == "Colours matter." and st.rule == "card.color != last.color"
    assert [t.match.game.action_to_text(a) for a in t.match.actions[:2]] == ["hint Colours matter.", "rule card.color != last.color"]
    for seat in range(st.players):
        view = t.match.game.view(st, seat)
        assert any("Colours matter." in line for line, _ in t.info_lines(view))


def test_the_library_hint_is_one_click_away_for_a_library_rule(app):
    t, g = god_screen(app)
    g.set_text(GARDNER)  # a library rule: its hint is offered
    pump(app, 2)
    press(app, "The library's hint")
    assert g.hint and g.hint_entry.get_text() == g.hint
    assert "last card" in g.hint  # the 'two' family: the card and the last one
    g.analyser.wait()
    pump(app, 2)
    press(app, "Use this rule")
    settle(app, 1.0)
    assert t.match.state.hint == g.hint and any(g.hint in line for line, _ in t.info_lines(t.view))


def test_the_hint_is_told_again_with_the_rule_at_the_end_of_the_round():
    m = demo.hinted()
    res = m.state
    r = round_result(res, m.game.status(res))
    lines = [x for x, _, _ in rule_reveal(r, "de", "Gott")]
    assert any("Only the colour of the card matters" in x for x in lines)


def test_a_person_god_lays_another_starter(app):
    t = seat_table(app, demo.starter_choice())
    sc = app.scenes.top
    assert isinstance(sc, StarterScene) and t.match.state.phase == STARTER
    assert not button(app, "Lay these starters").is_enabled
    cards = sc.cards()
    assert cards and all(c.value < 13 for c in cards)  # any card lower than the King can be followed
    grid, _ = sc._grid()
    click(app, grid[2].center)
    assert sc.laid() == (cards[2],)
    press(app, "Lay these starters")
    settle(app, 0.5)
    st = t.match.state
    assert st.main[0] == cards[2]  # the computers may have played on
    assert f"starter {cards[2].code}" in [t.match.game.action_to_text(a) for a in t.match.actions]
    assert not any(isinstance(s, StarterScene) for s in app.scenes.scenes)


def test_a_person_god_may_keep_the_dealt_starter(app):
    t = seat_table(app, demo.starter_choice())
    dealt = t.match.state.main
    press(app, "Keep the dealt ones")
    settle(app, 0.5)
    assert t.match.state.main[: len(dealt)] == dealt and "starter " + dealt[0].code in [t.match.game.action_to_text(a) for a in t.match.actions]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 800)])
def test_the_library_has_a_tab_per_family_and_every_label_fits(app, lang, size):
    """Every family of the library has its tab (the new ones too: further
    back, the whole line); no tab's label is wider than its button, none
    overlaps another or the list; a click on a tab shows only its rules."""
    i18n.set_language(lang)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)
    _, g = god_screen(app)
    # a small window is drawn at a larger logical size and scaled down, so
    # the helpers' clicks (in logical pixels) only land at 1280x800
    clicks = app.size == size
    press(app, tr("delphi.table.library")) if clicks else g.open_library()
    pump(app, 2)
    lib = app.scenes.top
    assert isinstance(lib, LibraryScene)
    assert set(lib.FAMILIES) == {"all"} | {r.family for r in LIBRARY}
    tabs = lib.tab_rects()
    s = app.scale
    for i, (fam, rect) in enumerate(tabs):
        assert button_width(tr(f"delphi.table.fam.{fam}"), s, least=0) <= rect.w, (fam, rect)
        assert not any(rect.colliderect(o) for _, o in tabs[i + 1 :])
        assert rect.bottom <= lib._list_rect().top and lib._rect()[0].contains(rect)
    for fam in ("back", "line"):
        press(app, tr(f"delphi.table.fam.{fam}")) if clicks else lib.set_family(fam)
        shown = lib.rules()
        assert shown == rules_in(family=fam) and len(shown) >= 10


@pytest.mark.parametrize(("lang", "said"), [("en", "the whole main line (counts)"), ("de", "die ganze Hauptlinie (Anzahlen)")])
def test_god_screen_says_a_count_rule_reads_the_whole_line(app, lang, said):
    """Issue 23, 5a: the screen said a count rule looks "only at the card
    itself (and maybe its place)"; what it says now comes from its parts."""
    i18n.set_language(lang)
    _, g = god_screen(app)
    g.set_text("count(each.suit = card.suit) < 4")
    g.analyser.wait()
    texts = " ".join(drawn_texts(app))
    assert said in texts
    assert tr("delphi_lang.reads.only", lang, starters="").strip() not in texts


def test_the_cheat_sheet_is_not_small_print(app):
    """God's cheat sheet was 14 px at most in 38 % of the panel (issue 50:
    dense small text); at 1280x800 its lines are now at least 15 px text
    and still fit their panel."""
    from game.tools.textfit import record_frame
    from game.ui.assets import font

    _, g = god_screen(app)
    _, _, _, right = g._columns()
    frame = record_frame(app)
    rows = [(txt, r) for kind, txt, r, *_ in frame if kind == "text" and txt and right.contains(r)]
    assert len(rows) > 10 and max(r.bottom for _, r in rows) <= right.bottom
    # each line as tall as it is in 15 px type (the title is larger)
    assert [txt for txt, r in rows if r.h < font(int(15 * app.scale)).size(txt)[1]] == []
