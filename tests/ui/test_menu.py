"""The menu's cards: every registered game, and only those, with a picture
of its table painted by the table itself, its name, who plays it and its
line; the arrows, Enter and the mouse reach a game's setup; the pictures
are made once and scaled for each size."""

from __future__ import annotations

import pygame
import pytest

from game.engine.registry import games
from game.i18n import tr
from game.ui.scenes import thumbs
from game.ui.scenes.menu import MenuScene, layout, nearest, pitch_text, players_text
from game.ui.scenes.thumbs import THUMBNAILS, Thumbnails, picture_key
from game.ui.tables import available
from tests.ui.helpers import click, drawn_texts, key, pump


def menu(app) -> MenuScene:
    top = app.scenes.top
    assert isinstance(top, MenuScene)
    return top


def test_the_menu_lists_exactly_the_registered_games_with_picture_name_players_and_pitch(app):
    m = menu(app)
    THUMBNAILS.finish(app, m.shown)
    pump(app, 1)
    assert [g.id for g in m.shown] == [g.id for g in games()]
    assert [b.text for b in m.card_buttons] == [g.name("en") for g in games()]
    texts = drawn_texts(app)
    assert m.layout is not None
    for g, card in zip(m.shown, m.layout.cards, strict=True):
        assert available(g.id)
        img = THUMBNAILS.get(g.id, picture_key(app), card.picture.size)
        assert img is not None and img.get_size() == card.picture.size
        # a table, not an empty frame: felt and cards give many colours
        assert len({img.get_at((x, y))[:3] for x in range(0, img.get_width(), 7) for y in range(0, img.get_height(), 7)}) > 20
        # what is on screen in the picture's place is the picture
        shot = app.screen.subsurface(card.picture).copy()
        assert shot.get_at((card.picture.w // 2, card.picture.h // 2)) == img.get_at((card.picture.w // 2, card.picture.h // 2))
        assert players_text(g, "en") in texts
        pitch = pitch_text(g, "en")
        assert pitch and " ".join(card.pitch_lines) == pitch
        assert all(line in texts for line in card.pitch_lines)
    assert players_text(games()[0], "en") == "1–3 players, together"


def test_every_game_says_who_plays_and_what_it_is_in_both_languages():
    for g in games():
        for lang in ("en", "de"):
            assert players_text(g, lang) and pitch_text(g, lang)
        assert players_text(g, "de") != players_text(g, "en")
        assert pitch_text(g, "de") != pitch_text(g, "en")


def test_a_game_without_its_own_words_says_the_registrys_numbers():
    from dataclasses import replace

    g = replace(games()[0], package="nothing_here", players=(2, 6))
    assert players_text(g, "en") == "2–6 players" and players_text(g, "de") == "2–6 Personen"
    assert players_text(replace(g, players=(1, 1)), "en") == "1 player"
    assert pitch_text(g, "en") == ""


def test_the_arrows_move_between_the_cards_and_enter_opens_the_setup(app):
    m = menu(app)
    first = m.card_buttons[0]
    assert m.focused() is first  # no saves: the first game has the focus
    key(app, pygame.K_RIGHT)
    assert m.focused() is m.card_buttons[1]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # nothing left of the first card: it stays
    assert m.focused() is first
    key(app, pygame.K_DOWN)
    assert m.focused().text == tr("ui.menu.statistics", "en")
    key(app, pygame.K_UP)
    assert m.focused() in m.card_buttons
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert m.focused() is m.card_buttons[3]
    key(app, pygame.K_RETURN)
    assert app.scenes.top.name == f"{games()[3].id}-setup"


def test_a_click_on_a_games_picture_opens_its_setup_and_the_pointer_lights_its_card(app):
    m = menu(app)
    assert m.layout is not None
    card = m.layout.cards[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card.picture.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, 1)
    assert m.hover == 1
    click(app, card.picture.center)
    assert app.scenes.top.name == f"{games()[1].id}-setup"


def test_a_press_on_one_card_and_a_release_on_another_opens_nothing(app):
    m = menu(app)
    assert m.layout is not None
    a, b = m.layout.cards[0].picture.center, m.layout.cards[2].picture.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    pump(app, 2)
    assert app.scenes.top is m


def test_nearest_keeps_to_a_row():
    row = [pygame.Rect(x, 0, 100, 40) for x in (0, 120, 240)]
    below = [pygame.Rect(60, 100, 100, 40)]
    rects = row + below
    assert nearest(rects, row[0], 1, 0) == 1
    assert nearest(rects, row[2], 1, 0) is None
    assert nearest(rects, row[2], 0, 1) == 3
    assert nearest(rects, below[0], 0, -1) in (0, 1)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("saves", [False, True])
def test_the_layout_fits_the_window(size, lang, saves):
    from game.ui.assets import scale_for

    pygame.font.init()  # (the layout measures its words; no app is made here, so no test's order may matter)

    s = scale_for(size)
    L = layout(size, s, [pitch_text(g, lang) for g in games()], saves)
    window = pygame.Rect((0, 0), size)
    boxes = [c.box for c in L.cards]
    for c in L.cards:
        assert window.contains(c.box)
        assert c.box.contains(c.picture) and c.box.contains(c.button) and c.box.contains(c.pitch)
        assert c.picture.w >= 0.9 * c.box.w - 30 * s and c.picture.h >= 120 * s
        assert c.button.top > c.picture.bottom and c.pitch.top > c.button.bottom
        assert len(c.pitch_lines) <= 4
    for i, a in enumerate(boxes):
        assert not any(a.colliderect(b) for b in boxes[i + 1 :])
    assert len(L.row) == (6 if saves else 5)  # (Continue,) Statistics, Settings, Rules, Keys, Quit
    for r in L.row:
        assert window.contains(r) and r.top > max(b.bottom for b in boxes)


class Counted:
    """A stand-in table for the pictures: counts how often one is made."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self, app, gi):
        self.made += 1
        if gi.id == "gaps":
            raise RuntimeError("this table cannot be made")
        colour = (40 * self.made % 255, 90, 60)

        class Table:
            def draw(self, surface):
                surface.fill(colour)

        return Table()


def test_pictures_are_made_once_and_scaled_per_size_and_a_failed_one_is_not_tried_again(app):
    build = Counted()
    t = Thumbnails(build)
    shown = list(games())
    t.finish(app, shown)
    assert build.made == len(shown)
    k = picture_key(app)
    assert t.get("gaps", k, (200, 125)) is None  # failed: an empty frame, no error
    one = t.get("runs", k, (200, 125))
    assert one is not None and one.get_size() == (200, 125)
    assert t.get("runs", k, (200, 125)) is one  # the same size again: the same picture
    other = t.get("runs", k, (320, 200))
    assert other is not None and other.get_size() == (320, 200)
    t.finish(app, shown)
    for _ in range(5):
        t.step(app, shown)
    assert build.made == len(shown)  # neither a new size nor the failed one made a table again
    # another language is another picture
    app.settings.language = "de"
    from game.i18n import set_language

    set_language("de")
    try:
        assert t.get("runs", picture_key(app), (200, 125)) is None
        t.finish(app, shown)
        assert build.made == 2 * len(shown)
    finally:
        app.settings.language = "en"
        set_language("en")


def test_the_first_frame_waits_for_no_table(app, monkeypatch):
    """The menu's first frame begins no picture: the worker's imports slowed it."""
    started = []
    monkeypatch.setattr(thumbs.Thumbnails, "step", lambda self, a, g: started.append(1) or False)
    app.to_menu()
    app.step(1 / 60, events=[])
    assert started == []
    app.step(1 / 60, events=[])
    assert started == [1]


def test_the_next_launch_reads_the_pictures_from_disk_unless_the_code_changed(app, monkeypatch):
    shown = list(games())
    first = Counted()
    made = Thumbnails(first)
    made.finish(app, shown)
    k = picture_key(app)
    files = sorted(p.name for p in thumbs.cache_file("runs", k).parent.glob("menu-*.png"))
    assert len(files) == len(shown) - 1  # the one that failed is not kept
    again = Counted()
    t = Thumbnails(again)
    t.finish(app, shown)
    assert again.made == 1  # only the failed one was tried again
    read, painted = t.sources[("runs", k)], made.sources[("runs", k)]
    assert read is not None and painted is not None and read.get_at((5, 5)) == painted.get_at((5, 5))
    # a damaged file is painted again, and so is every picture of other code
    thumbs.cache_file("delphi", k).write_bytes(b"not a png")
    damaged = Counted()
    Thumbnails(damaged).finish(app, shown)
    assert damaged.made == 2
    monkeypatch.setattr(thumbs, "code_stamp", lambda: "0123456789abcdef")
    changed = Counted()
    Thumbnails(changed).finish(app, shown)
    assert changed.made == len(shown)
    left = sorted(p.name for p in thumbs.cache_file("runs", k).parent.glob("menu-*.png"))
    assert len(left) == len(shown) - 1 and all("-0123456789abcdef-" in n for n in left)


def test_the_code_stamp_changes_with_a_file(tmp_path, monkeypatch):
    import game

    pkg = tmp_path / "game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "paint.py").write_text("a = 1\n")
    monkeypatch.setattr(game, "__file__", str(pkg / "__init__.py"))
    thumbs.code_stamp.cache_clear()
    try:
        one = thumbs.code_stamp()
        (pkg / "paint.py").write_text("a = 22\n")
        thumbs.code_stamp.cache_clear()
        assert thumbs.code_stamp() != one
    finally:
        thumbs.code_stamp.cache_clear()


def test_leaving_the_menu_waits_for_the_table_being_made(app, monkeypatch):
    """A package half imported by the worker broke whoever found it in
    sys.modules then (the tests' clean-up did)."""
    import threading
    import time

    done = threading.Event()

    def slow(a, gi):
        time.sleep(0.3)
        done.set()
        raise RuntimeError("only slow")

    monkeypatch.setattr(thumbs, "THUMBNAILS", Thumbnails(slow, disk=False))
    monkeypatch.setattr("game.ui.scenes.menu.THUMBNAILS", thumbs.THUMBNAILS)
    app.to_menu()
    pump(app, 2)
    assert thumbs.THUMBNAILS.job is not None and not done.is_set()
    app.to_menu()
    assert done.is_set()


def test_a_copy_that_runs_read_only_keeps_no_picture_on_disk(app, monkeypatch):
    from game.persistence.storage import Access

    monkeypatch.setattr(thumbs, "read_only", lambda: Access.OTHER_COPY)
    Thumbnails(Counted()).finish(app, list(games()))
    assert not list(thumbs.cache_file("runs", picture_key(app)).parent.glob("menu-*.png"))


def test_a_picture_s_table_is_made_without_touching_the_screen(app):
    """It is made on a worker thread: a table that made widgets, put a
    screen on the stack or said something while made would do it beside
    the frame.  And it shows the hand of the person who has the device."""
    ui = len(app.ui.get_sprite_group().sprites())
    stack = list(app.scenes.scenes)
    for g in games():
        scene = thumbs.build_scene(app, g)
        match = getattr(scene, "match", None)
        if match is not None and match.people():
            assert match.viewer in match.people()
    assert len(app.ui.get_sprite_group().sprites()) == ui
    assert app.scenes.scenes == stack and not app.toasts.items
