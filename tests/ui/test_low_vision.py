"""Low vision (issue 51, item 5): a text size with which the layouts grow,
not only the font, kept with the settings and applied at once."""

from __future__ import annotations

import json

import pygame
import pytest

from game.persistence.settings import TEXT_SIZES, Settings, load_settings, save_settings
from game.ui import assets, cardart
from game.ui.scenes.settings import apply_look
from tests.ui.helpers import button, buttons, click, press, pump


@pytest.fixture(autouse=True)
def default_look():
    """The look is module state (like the language): leave the default."""
    yield
    apply_look(Settings())


# --- the file ----------------------------------------------------------------------------------
def test_the_text_size_is_saved_and_read_back(tmp_path):
    p = tmp_path / "settings.json"
    for size in TEXT_SIZES:
        save_settings(Settings(text_size=size), p)
        s, notices = load_settings(p)
        assert s.text_size == size and notices == []


def test_a_settings_file_from_before_the_low_vision_settings_loads(tmp_path):
    p = tmp_path / "settings.json"
    old = {"schema": 1, "language": "de", "four_colour": True, "animation": "slow", "sound": False, "fullscreen": False,
           "auto_draw": True, "gaps_timer": False, "card_back": "rings", "felt": "blue", "card_size": "large"}
    p.write_text(json.dumps(old))
    s, notices = load_settings(p)
    assert notices == [] and p.exists() and not (tmp_path / "settings.json.bad").exists()
    assert (s.language, s.card_back, s.felt, s.card_size, s.gaps_timer) == ("de", "rings", "blue", "large", False)
    assert s.text_size == "normal"


def test_a_wrong_text_size_falls_back_and_keeps_the_rest(tmp_path):
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({"schema": 1, "language": "de", "text_size": "huge", "felt": "grey"}))
    s, notices = load_settings(p)
    assert s.text_size == "normal" and (s.language, s.felt) == ("de", "grey")
    assert notices


def test_the_choices_match_the_factors():
    assert tuple(assets.TEXT_SIZES) == TEXT_SIZES
    factors = [assets.text_factor(n) for n in TEXT_SIZES]
    assert factors[0] == 1.0 and factors == sorted(set(factors))
    assert assets.scale_for((1280, 800), assets.text_factor("largest")) == pytest.approx(factors[-1])


# --- the drawing --------------------------------------------------------------------------------
def _row_button(app, label_key: str):
    """The settings screen's button on the row labelled ``label_key``."""
    box = dict(app.scenes.top.row_pos)[label_key]
    return next(b for b in buttons(app) if b.rect.y == box.y and b.rect.x > box.x)


def test_the_text_size_grows_the_layout_at_once_and_is_saved(app):
    app.open_settings()
    pump(app, 1)
    before = button(app, "Back").rect.copy()
    row = _row_button(app, "ui.settings.text_size").rect.copy()
    font_before = app.ui.get_theme().get_font(["button"]).point_size
    click(app, row.center)  # the text size: normal -> large
    assert app.settings.text_size == "large"
    assert load_settings()[0].text_size == "large"
    pump(app, 1)
    assert app.scenes.top.name == "settings"
    assert app.scale == pytest.approx(assets.text_factor("large"))
    after = button(app, "Back").rect
    # the buttons, the rows and the theme's font grow together
    assert after.h > before.h and after.w > before.w
    assert _row_button(app, "ui.settings.text_size").rect.h > row.h
    assert app.ui.get_theme().get_font(["button"]).point_size > font_before


def test_a_table_under_the_settings_lays_out_anew_for_the_text_size(app):
    from game.ui.tables import table

    t = dict(table("gaps").scene_factories(app))["gaps-opening"]()
    app.scenes.reset(t)
    pump(app, 2)
    top_h, bar_h = t.layout().top_h, t.layout().bar_h
    press(app, "⚙")
    for _ in range(2):  # normal -> large -> largest
        click(app, _row_button(app, "ui.settings.text_size").rect.center)
    assert app.settings.text_size == "largest"
    press(app, "Back")
    pump(app, 2)
    assert app.scenes.top is t
    L = t.layout()
    # the header band and the button bar grow with the text
    assert L.top_h > top_h and L.bar_h > bar_h
    assert L.top_h == pytest.approx(top_h * assets.text_factor("largest"), abs=2)
    # and the grid still lies in the window
    assert pygame.Rect((0, 0), app.size).contains(L.grid)


def _ink_rows(img: pygame.Surface, paper) -> int:
    """How many rows of the card's top-left corner hold ink (the index)."""
    w, h = img.get_size()
    rows = 0
    for y in range(int(h * 0.04), int(h * 0.45)):
        if any(sum(abs(a - b) for a, b in zip(img.get_at((x, y))[:3], paper)) > 150 for x in range(int(w * 0.05), int(w * 0.3))):
            rows += 1
    return rows


def test_large_text_draws_the_cards_with_a_larger_index():
    pygame.font.init()
    from game.cards import Card

    card = Card.parse("7S")
    cardart.set_look(text="normal")
    normal = cardart.face(card, 100)
    cardart.set_look(text="large")
    large = cardart.face(card, 100)
    assert pygame.image.tobytes(normal, "RGB") != pygame.image.tobytes(large, "RGB")
    # the rank and suit in the corner stand taller (measured: 30 % of the
    # width for the index, not 19 %)
    assert _ink_rows(large, cardart.PAPER) > 1.3 * _ink_rows(normal, cardart.PAPER)


@pytest.mark.parametrize("window", [(800, 500), (1280, 800)])
def test_at_the_largest_text_the_mind_the_gap_column_keeps_its_parts_apart(app, window):
    """Under the tutorial's explanation the right column is shortest: the
    discard zone ran 20 px into the used ranks' title at 800x500."""
    from game.ui.tables import table

    app.settings.text_size = "largest"
    apply_look(app.settings)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=window[0], h=window[1], size=window))
    pump(app, 1)
    for shot in ("mind-the-gap-tutorial", "mind-the-gap-tutorial-start", "mind-the-gap-discards"):
        t = dict(table("mind_the_gap").scene_factories(app))[shot]()
        app.scenes.reset(t)
        pump(app, 2)
        L = t.layout()
        assert app.scale == pytest.approx(assets.scale_for(app.size, assets.text_factor("largest")))
        assert L.stock.bottom < L.discard_zone.y, shot
        assert L.discard_zone.bottom <= L.tally.y, (shot, L.discard_zone, L.tally)
        assert L.discard_zone.h >= L.stock.h, shot
