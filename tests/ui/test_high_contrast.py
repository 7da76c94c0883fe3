"""Low vision (issue 51, item 5): the high-contrast look.  Its text passes
WCAG's enhanced contrast (7:1), computed here from the palette the app
draws with; it is kept with the settings and changes what is drawn at once
(the felt, the cards, the buttons, the focus ring)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cards import Card
from game.persistence.settings import Settings, load_settings, save_settings
from game.ui import assets, cardart, widgets
from game.ui.kit.cursor import draw_cursor
from game.ui.scenes.settings import apply_look
from tests.ui.helpers import buttons, click, pump


@pytest.fixture(autouse=True)
def default_look():
    """The look is module state (like the language): leave the default."""
    yield
    apply_look(Settings())


# --- WCAG 2.x contrast, written out here (not taken from the app) -------------------------------
def _channel(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(rgb) -> float:
    r, g, b = (_channel(int(x)) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _hex(h: str) -> tuple[int, int, int]:
    h = h.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _over(colour, alpha: int, base) -> tuple[int, ...]:
    """``colour`` at ``alpha`` blended over ``base``."""
    return tuple(round(c * alpha / 255 + b * (1 - alpha / 255)) for c, b in zip(colour, base))


def test_the_contrast_formula_is_wcags():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    # the normal look's gold on the green felt stays under 7:1 (why a high-contrast look)
    assert contrast(assets.GOLD, assets.FELT) < 7


# --- the palette --------------------------------------------------------------------------------
ENHANCED = 7.0  # WCAG 1.4.6, text
NON_TEXT = 3.0  # WCAG 1.4.11, a focus ring against what it lies on


def _theme_pairs(theme: dict) -> list[tuple[str, str, str]]:
    """(where, text colour, background colour) of every state of every
    element of the theme that shows text on a background."""
    pairs = []
    for element, block in theme.items():
        cols = block.get("colours", {})
        for state in ("normal", "hovered", "selected", "active", "disabled"):
            txt, bg = cols.get(f"{state}_text"), cols.get(f"{state}_bg")
            if txt and bg:
                pairs.append((f"{element} {state}", txt, bg))
        # the elements that draw their text on "dark_bg" (a button never does)
        if element in ("text_box", "text_entry_box", "text_entry_line", "tool_tip") and cols.get("normal_text") and cols.get("dark_bg"):
            pairs.append((f"{element} on its dark background", cols["normal_text"], cols["dark_bg"]))
    return pairs


def test_every_text_of_the_high_contrast_theme_has_7_to_1():
    t = assets.theme(1.0, contrast=True)
    pairs = _theme_pairs(t)
    assert len(pairs) >= 30
    low = [(w, a, b, round(contrast(_hex(a), _hex(b)), 2)) for w, a, b in pairs if contrast(_hex(a), _hex(b)) < ENHANCED]
    assert not low, low
    # a label has no background of its own: it lies on the felt
    assert contrast(_hex(t["label"]["colours"]["normal_text"]), assets.HC_FELT) >= ENHANCED


def test_the_normal_theme_is_not_the_high_contrast_one():
    normal, high = assets.theme(1.0), assets.theme(1.0, contrast=True)
    assert normal["button"]["colours"] != high["button"]["colours"]
    assert int(high["button"]["misc"]["border_width"]) > int(normal["button"]["misc"]["border_width"])
    # under the normal theme some pairs miss 7:1 (the test above can fail)
    assert any(contrast(_hex(a), _hex(b)) < ENHANCED for _, a, b in _theme_pairs(normal))


def test_the_tables_text_colours_have_7_to_1_on_the_high_contrast_felt_and_panels():
    panel = _over(assets.PANEL, 170, assets.HC_FELT)  # the settings' and setups' panels
    band = _over(assets.PANEL, 120, assets.HC_FELT)  # the header band
    for name in ("INK", "INK_DIM", "GOLD", "HIGHLIGHT"):
        colour = getattr(assets, name)
        for where, bg in (("felt", assets.HC_FELT), ("panel", panel), ("band", band)):
            assert contrast(colour, bg) >= ENHANCED, (name, where, round(contrast(colour, bg), 2))


def test_the_high_contrast_cards_indices_have_7_to_1_on_their_paper():
    colours = [assets.HC_RED, assets.HC_BLACK, *assets.HC_FOUR_COLOUR.values()]
    for c in colours:
        assert contrast(c, cardart.HC_PAPER) >= ENHANCED, (c, round(contrast(c, cardart.HC_PAPER), 2))
    # the normal red does not reach it (5.6:1): the high-contrast one is darker
    assert contrast(assets.CARD_RED, cardart.PAPER) < ENHANCED


def test_the_focus_ring_stands_out_from_the_felt_and_from_a_card():
    assert contrast(assets.HC_FOCUS, assets.HC_FELT) >= NON_TEXT
    # on a white card the ring's black edges carry it
    assert contrast(assets.HC_FOCUS_EDGE, cardart.HC_PAPER) >= NON_TEXT
    assert contrast(assets.HC_FOCUS_EDGE, assets.HC_FOCUS) >= NON_TEXT


# --- the file ----------------------------------------------------------------------------------
def test_high_contrast_is_saved_and_read_back(tmp_path):
    p = tmp_path / "settings.json"
    for on in (True, False):
        save_settings(Settings(high_contrast=on, text_size="largest"), p)
        s, notices = load_settings(p)
        assert s.high_contrast is on and s.text_size == "largest" and notices == []


def test_an_old_settings_file_loads_with_high_contrast_off(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"schema": 1, "language": "de", "felt": "burgundy", "card_size": "small"}))
    s, notices = load_settings(p)
    assert notices == [] and s.high_contrast is False and (s.felt, s.card_size) == ("burgundy", "small")


def test_a_wrong_high_contrast_value_falls_back(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"schema": 1, "high_contrast": "yes", "felt": "grey"}))
    s, notices = load_settings(p)
    assert s.high_contrast is False and s.felt == "grey" and notices


# --- the drawing --------------------------------------------------------------------------------
def _count(img: pygame.Surface, colour, tol: int = 24) -> int:
    w, h = img.get_size()
    return sum(1 for y in range(h) for x in range(w) if all(abs(a - b) <= tol for a, b in zip(img.get_at((x, y))[:3], colour)))


def test_high_contrast_draws_a_plain_black_felt_and_strong_cards():
    pygame.font.init()
    green = widgets.felt((64, 40)).get_at((32, 20))[:3]
    apply_look(Settings(high_contrast=True, felt="blue"))
    f = widgets.felt((64, 40))
    # plain: the centre and the corner alike, whatever felt was chosen
    assert f.get_at((32, 20))[:3] == f.get_at((0, 0))[:3] == assets.HC_FELT != green
    # a named felt (the appearance preview asks by name) is still that felt
    assert widgets.felt((64, 40), "blue").get_at((32, 20))[:3] != assets.HC_FELT
    heart = cardart.face(Card.parse("7H"), 120)
    assert _count(heart, assets.HC_RED, 30) > 200
    assert _count(heart, assets.CARD_RED, 8) < _count(heart, assets.HC_RED, 8)
    # a thicker black outline: the card's edge is black where it was grey
    w = heart.get_width()
    assert heart.get_at((w // 2, 1))[:3] == pytest.approx((0, 0, 0), abs=40)
    apply_look(Settings())
    plain = cardart.face(Card.parse("7H"), 120)
    assert _count(plain, assets.HC_RED, 8) < 50
    assert plain.get_at((w // 2, 1))[:3] != pytest.approx((0, 0, 0), abs=40)


def test_the_focus_ring_is_thick_and_yellow_under_high_contrast():
    rect = pygame.Rect(40, 40, 60, 84)
    rings = {}
    for on in (False, True):
        apply_look(Settings(high_contrast=on))
        for bg in ((0, 0, 0), (255, 255, 255)):
            s = pygame.Surface((180, 200))
            s.fill(bg)
            draw_cursor(s, rect, 1.0)
            rings[on, bg] = s
    yellow = assets.HC_FOCUS
    assert _count(rings[False, (0, 0, 0)], yellow, 10) == 0
    # thick: the yellow alone has 1.5 times the pixels of the white ring
    white_ring = _count(rings[False, (0, 0, 0)], (255, 255, 255), 10)
    assert _count(rings[True, (0, 0, 0)], yellow, 10) > 1.5 * white_ring
    # on a white card the yellow ring keeps its black edges
    assert _count(rings[True, (255, 255, 255)], yellow, 10) > 1.5 * white_ring
    # (two black lines of 1 px at scale 1 beside a 3 px white ring: over half its pixels)
    assert _count(rings[True, (255, 255, 255)], (0, 0, 0), 10) > 0.5 * white_ring


def _row_button(app, label_key: str):
    box = dict(app.scenes.top.row_pos)[label_key]
    return next(b for b in buttons(app) if b.rect.y == box.y and b.rect.x > box.x)


def test_the_switch_applies_at_once_to_the_settings_and_to_a_table_under_it(app):
    from game.ui.tables import table

    t = dict(table("gaps").scene_factories(app))["gaps-opening"]()
    app.scenes.reset(t)
    pump(app, 2)
    corner = app.screen.get_at((3, app.size[1] - 3))[:3]
    app.open_settings()
    pump(app, 2)
    bg_before = app.ui.get_theme().get_colour("normal_bg", ["button"])
    click(app, _row_button(app, "ui.settings.high_contrast").rect.center)
    assert app.settings.high_contrast is True
    assert load_settings()[0].high_contrast is True
    pump(app, 2)
    # the settings screen itself: black felt, the high-contrast buttons
    assert app.screen.get_at((3, app.size[1] - 3))[:3] == assets.HC_FELT
    # the table colour waits: the high-contrast table is black whatever it is
    assert not _row_button(app, "ui.settings.felt").is_enabled
    bg = app.ui.get_theme().get_colour("normal_bg", ["button"])
    assert bg != bg_before and tuple(bg)[:3] == _hex(assets.theme(1.0, contrast=True)["button"]["colours"]["normal_bg"])
    click(app, next(b for b in buttons(app) if b.text == "Back").rect.center)
    pump(app, 2)
    assert app.scenes.top is t
    assert corner != assets.HC_FELT
    assert app.screen.get_at((3, app.size[1] - 3))[:3] == assets.HC_FELT


def test_a_dead_gap_is_marked_in_white_on_the_black_table():
    """The grey cross of a gap after a King has 6.5:1 on black, below the
    look's 7:1; under high contrast it is white."""
    from game.ui.assets import set_high_contrast
    from game.ui.tables.gaps import paint

    for on, colour in ((False, paint.DEAD_MARK), (True, paint.DEAD_MARK_HC)):
        set_high_contrast(on)
        try:
            surface = pygame.Surface((100, 140))
            surface.fill((0, 0, 0))
            paint._dead_mark(surface, pygame.Rect(0, 0, 100, 140), 1.0)
            assert tuple(surface.get_at((50, 70)))[:3] == colour
        finally:
            set_high_contrast(False)
    assert contrast(paint.DEAD_MARK_HC, (0, 0, 0)) >= 7 > contrast(paint.DEAD_MARK, (0, 0, 0))
