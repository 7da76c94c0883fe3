"""Appearance settings (issue 15): card back, felt, card size, four-colour
deck: drawn by code, saved and read back, applied live to a table that
waits under the settings screen, and never laying a card out of the window."""

from __future__ import annotations

import dataclasses
import json
from itertools import combinations

import pygame
import pytest

from game.persistence.settings import CARD_BACKS, CARD_SIZES, FELTS, Settings, load_settings, save_settings
from game.ui import cardart, widgets
from game.ui.scenes.settings import apply_look
from tests.ui.helpers import buttons, click, press, pump


@pytest.fixture(autouse=True)
def default_look():
    """The look is module state (like the language): leave the default."""
    yield
    apply_look(Settings())


# --- the file ----------------------------------------------------------------------------------
def test_appearance_settings_round_trip(tmp_path):
    p = tmp_path / "settings.json"
    save_settings(Settings(card_back="sunburst", felt="burgundy", card_size="large", four_colour=True), p)
    s, notices = load_settings(p)
    assert (s.card_back, s.felt, s.card_size, s.four_colour) == ("sunburst", "burgundy", "large", True)
    assert notices == []


def test_a_settings_file_from_before_the_appearance_settings_loads(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"schema": 1, "language": "de", "four_colour": True, "animation": "slow", "sound": False, "fullscreen": False, "auto_draw": True}))
    s, notices = load_settings(p)
    assert notices == [] and p.exists()
    assert (s.language, s.four_colour, s.animation, s.auto_draw) == ("de", True, "slow", True)
    assert (s.card_back, s.felt, s.card_size) == ("lattice", "green", "normal")


def test_a_wrong_appearance_value_falls_back_and_keeps_the_rest(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"schema": 1, "language": "de", "card_back": "paisley", "felt": 3, "card_size": "large"}))
    s, notices = load_settings(p)
    assert (s.card_back, s.felt) == ("lattice", "green")
    assert (s.language, s.card_size) == ("de", "large")
    assert notices and (tmp_path / "settings.json.bad").exists()


# --- the drawing --------------------------------------------------------------------------------
def _pixels(img: pygame.Surface) -> bytes:
    return pygame.image.tobytes(img, "RGBA")


def test_the_choices_match_the_drawing():
    assert cardart.BACKS == CARD_BACKS and len(CARD_BACKS) >= 3
    assert tuple(widgets.FELTS) == FELTS
    assert tuple(cardart.CARD_SIZES) == CARD_SIZES


def test_every_back_design_differs_from_the_others():
    pygame.font.init()
    imgs = {d: _pixels(cardart.back(90, d)) for d in CARD_BACKS}
    for a, b in combinations(CARD_BACKS, 2):
        same = sum(x == y for x, y in zip(imgs[a][::4], imgs[b][::4]))
        # the paper border is shared; the pattern inside is not
        assert same < len(imgs[a]) // 4 * 0.5, f"{a} and {b} look alike"
    # back(width) draws the design chosen last
    cardart.set_look(back="rings")
    assert _pixels(cardart.back(90)) == imgs["rings"]
    cardart.set_look(back="no such back")
    assert _pixels(cardart.back(90)) == imgs["lattice"]


def test_every_felt_differs_and_the_chosen_one_is_drawn():
    centres = {n: widgets.felt((64, 40), n).get_at((32, 20))[:3] for n in FELTS}
    assert len(set(centres.values())) == len(FELTS)
    widgets.set_felt("blue")
    assert widgets.felt((64, 40)).get_at((32, 20))[:3] == centres["blue"]


# --- live on a table ----------------------------------------------------------------------------
def _table(app, gid: str, shot: str):
    from game.ui.tables import table

    scene = dict(table(gid).scene_factories(app))[shot]()
    app.scenes.reset(scene)
    pump(app, 2)
    return scene


def test_a_table_under_the_settings_shows_the_new_look_when_it_comes_back(app):
    t = _table(app, "runs", "runs-table")
    corner = app.screen.get_at((3, app.size[1] - 3))[:3]
    cw = t.layout().cw
    press(app, "⚙")  # the header's settings button: the table waits under it
    assert app.scenes.top.name == "settings" and t in app.scenes.scenes
    press(app, "Green")  # the felt: green -> blue
    press(app, "Lattice")  # the back: lattice -> rings
    # the card size: normal -> large (the text size's button says "Normal" too)
    size_row = dict(app.scenes.top.row_pos)["ui.settings.card_size"]
    click(app, next(b for b in buttons(app) if b.rect.y == size_row.y and b.rect.x > size_row.x).rect.center)
    assert (app.settings.felt, app.settings.card_back, app.settings.card_size) == ("blue", "rings", "large")
    assert load_settings()[0].felt == "blue"
    press(app, "Back")
    pump(app, 2)
    assert app.scenes.top is t
    assert app.screen.get_at((3, app.size[1] - 3))[:3] != corner
    assert t.layout().cw > cw
    # the pile is drawn with the new back (its image is on the static layer)
    pile = t.layout().pile
    got = app.screen.subsurface(pile).copy()
    rings = cardart.back(pile.w, "rings")
    lattice = cardart.back(pile.w, "lattice")
    at = (pile.w // 2, pile.h // 4)
    assert got.get_at(at)[:3] == pytest.approx(rings.get_at(at)[:3], abs=40)
    assert got.get_at(at)[:3] != lattice.get_at(at)[:3]


# --- card size --------------------------------------------------------------------------------
def _rects(obj):
    """Every rectangle a layout holds (fields, lists, dicts, nested layouts)
    that is drawn: Delphi's main line shows only the places in its row's
    view (the others lie beyond the row and are cut off)."""
    from game.ui.tables.delphi.layout import Tableau

    if isinstance(obj, Tableau):
        yield from _rects([obj.area, obj.strip, obj.slot, obj.pending, obj.overview])
        yield from (r for i, r in enumerate(obj.main) if obj.in_view(i))
        yield from (r for col in obj.side for r in col if obj.strip.left <= r.x < obj.strip.right)
    elif isinstance(obj, pygame.Rect):
        yield obj
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            yield from _rects(x)
    elif isinstance(obj, dict):
        for x in obj.values():
            yield from _rects(x)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _rects(getattr(obj, f.name))


def _card_width(L) -> int:
    """The hand's card width (Gaps: the cells'; Delphi: the hand's and the
    main line's, as God has no hand)."""
    if hasattr(L, "tableau"):  # Delphi
        return L.hand.cw if L.hand.rects else L.tableau.cw
    return getattr(L, "hw", None) or L.cw


@pytest.mark.parametrize("gid", ["mind_the_gap", "gaps", "delphi", "runs"])
def test_card_size_changes_the_card_width_and_keeps_every_card_in_the_window(app, gid):
    from game.ui.tables import table

    scenes = [s for s in (make() for _, make in table(gid).scene_factories(app)) if hasattr(s, "layout")]
    for window in ((800, 500), (1920, 1080)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=window[0], h=window[1], size=window))
        pump(app, 1)
        screen = pygame.Rect((0, 0), app.size)
        grew = shrank = 0
        for scene in scenes:
            widths = {}
            for size in CARD_SIZES:
                cardart.set_look(size=size)
                scene._layout = None
                L = scene.layout()
                widths[size] = _card_width(L)
                out = [r for r in _rects(L) if r.w > 0 and r.h > 0 and not screen.contains(r)]
                assert not out, f"{gid} {window} {size}: {out[:4]} outside {screen}"
            cardart.set_look(size="normal")
            assert widths["small"] <= widths["normal"] <= widths["large"], (gid, window, widths)
            shrank += widths["small"] < widths["normal"]
            grew += widths["normal"] < widths["large"]
        # (a card width already fitted to its room does not change: a long
        # Delphi line for God, a full hand in the smallest window)
        assert shrank, (gid, window)
        # Gaps' 52 cells fill the window already: "large" is "normal" there
        assert grew or gid == "gaps", (gid, window)
