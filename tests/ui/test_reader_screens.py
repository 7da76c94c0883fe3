"""Screens other than tables, as a screen reader reads them: the keys
screen (F1 or ? from anywhere) lists every key and matches the README's
Keys section, F2 and F3 speak, the saved games and Delphi's rule library
are lists, and a pass screen names only the next player."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.i18n import tr
from game.ui.a11y.nodes import Role
from game.ui.scenes.keys import SECTIONS, KeysScene, lines
from tests.ui.helpers import key, pump

README = Path(__file__).resolve().parents[2] / "README.md"


def test_f1_opens_the_keys_screen_from_the_menu_and_from_a_table_and_esc_goes_back(app):
    from game.ui.tables.gaps.table import start_game

    menu = app.scenes.top
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, KeysScene)
    t = app.scenes.top.a11y_tree()
    listing = next(n for n in t.root.walk() if n.role is Role.LIST)
    assert len(listing.children) == len(lines()) and all(": " in n.name for n in listing.children)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is menu
    table = start_game(app, {"redeals": 1}, 3)
    pump(app, 2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0))
    pump(app, 2)
    assert isinstance(app.scenes.top, KeysScene)
    key(app, pygame.K_RETURN)  # Back has the focus
    assert app.scenes.top is table


def test_f2_says_where_one_is_and_f3_says_the_latest_again(app):
    key(app, pygame.K_F2)
    assert app.announced[-1].text.startswith("Mind the Gap")
    app.announce("first")
    app.announce("second")
    key(app, pygame.K_F3)
    again = app.announced[-1].text
    assert "first" in again and "second" in again
    key(app, pygame.K_F3)  # a repeat is not repeated inside the next one
    assert app.announced[-1].text == again


def test_every_key_of_the_keys_screen_is_in_the_readme_and_in_german_too():
    readme = README.read_text(encoding="utf-8")
    section = readme.split("## Keys", 1)[1].split("\n## ", 1)[0]
    for _, items in SECTIONS:
        for keys, what in items:
            assert keys in section, keys
            assert what != tr(what, "en") != tr(what, "de") != what, what  # in both languages, in words of each


def test_the_saved_games_read_as_a_list(app):
    from game.ui.scenes.saves import SavesScene, sample_entries

    app.scenes.push(SavesScene(app, sample_entries()))
    pump(app, 2)
    t = app.scenes.top.a11y_tree()
    listing = next(n for n in t.root.walk() if n.role is Role.LIST)
    assert len(listing.children) == len(sample_entries()) and all(n.role is Role.LIST_ITEM and n.name for n in listing.children)
    key(app, pygame.K_DOWN)
    t = app.scenes.top.a11y_tree()
    listing = next(n for n in t.root.walk() if n.role is Role.LIST)
    assert [bool(n.states) for n in listing.children] == [i == 1 for i in range(len(listing.children))]


def test_the_rule_library_reads_as_a_list_and_the_arrows_move_its_selection(app):
    from game.ui.tables.delphi.libraryscene import LibraryScene

    chosen = []
    app.scenes.push(LibraryScene(app, chosen.append))
    pump(app, 2)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    t = app.scenes.top.a11y_tree()
    listing = next(n for n in t.root.walk() if n.role is Role.LIST)
    assert len(listing.children) > 10
    assert t.focus == listing.children[1].key
    key(app, pygame.K_RETURN)
    assert chosen and chosen[0] in listing.children[1].description


def test_the_rules_read_as_their_whole_text(app):
    from game.ui.scenes.rules import RulesScene

    app.scenes.push(RulesScene(app, "gaps"))
    pump(app, 2)
    t = app.scenes.top.a11y_tree()
    text = next(n for n in t.root.walk() if n.key == "rules:text")
    assert t.root.name.startswith("Rules: Gaps") and len(text.children) > 10
    assert all(n.role is Role.LABEL and n.name and "**" not in n.name for n in text.children)


def test_a_button_the_focus_never_rests_on_is_still_read_and_pressed_by_a_reader(app):
    from game.ui.a11y.nodes import Request
    from game.ui.kit.dialog import ConfirmScene
    from game.ui.tables.gaps.table import start_game

    t = start_game(app, {"redeals": 1}, 3)
    pump(app, 2)
    new = next(n for n in t.a11y_tree().root.walk() if n.key == "button:new")
    assert new.role is Role.BUTTON and new.name == "New deal" and new.pressable
    t.a11y_request(Request("press", "button:new"))
    pump(app, 2)
    assert isinstance(app.scenes.top, ConfirmScene) or app.scenes.top is not t  # it asks first (or deals anew when nothing was played)


def test_a_reader_hears_each_setting_by_its_row_and_value(app):
    """A setting's button shows its value alone ("Off"); a reader hears
    the row with it, in the player's language."""
    from game import i18n
    from game.ui.a11y.nodes import Role
    from game.ui.scenes.settings import SettingsScene

    for lang, row in (("en", "Sound"), ("de", "Ton")):
        app.settings.language = lang
        i18n.set_language(lang)
        scene = SettingsScene(app)
        app.push(scene)
        app.step(0.016)
        names = [n.name for n in scene.a11y_tree().root.walk() if n.role is Role.BUTTON]
        assert any(n.startswith(f"{row}: ") for n in names), names
        app.pop()
    i18n.set_language("en")
