"""The app shell through real events: menu, keyboard focus, settings,
language switch, full screen, tiny and huge windows, bad settings files."""

import json
import os
import subprocess
import sys
import time

import pygame

from game.engine.registry import GAMES
from game.i18n import tr
from game.persistence.settings import load_settings, settings_path
from game.ui.tables import available
from tests.ui.helpers import button, buttons, key, post, press, pump


def top(app):
    return app.scenes.top.name


def test_menu_lists_every_game_and_says_which_are_not_built(app):
    texts = [b.text for b in buttons(app)]
    for g in GAMES:
        match = [t for t in texts if g.name("en") in t]
        assert match, f"{g.id} missing from the menu: {texts}"
        b = button(app, g.name("en"))
        assert b.is_enabled == available(g.id)
        if not available(g.id):
            assert "not built yet" in b.text
    for label in ("Settings", "Statistics", "Rules", "Quit"):
        button(app, label)


def test_keyboard_focus_moves_and_enter_presses(app):
    start = app.scenes.top.focused()
    key(app, pygame.K_TAB)
    assert app.scenes.top.focused() is not start
    # walk to Settings with Tab and open it with Enter
    for _ in range(20):
        if app.scenes.top.focused() is not None and app.scenes.top.focused().text == "Settings":
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert top(app) == "settings"
    key(app, pygame.K_ESCAPE)
    assert top(app) == "menu"


def test_language_switch_is_immediate_and_persists(app):
    press(app, "Settings")
    press(app, "English")
    pump(app, 2)
    assert app.settings.language == "de"
    assert button(app, "Deutsch")  # the value shown
    assert any(b.text == "Zurück" for b in buttons(app))  # the whole screen speaks German
    assert load_settings(settings_path())[0].language == "de"
    press(app, "Zurück")
    assert any(b.text == "Einstellungen" for b in buttons(app))
    assert tr("ui.menu.quit") == "Beenden"


def test_other_settings_cycle_and_persist(app):
    press(app, "Settings")
    # the four-colour deck's switch: the button on its row (the high-contrast
    # switch above it says "Off" too)
    row = dict(app.scenes.top.row_pos)["ui.settings.four_colour"]
    four = next(b for b in buttons(app) if b.rect.y == row.y and b.rect.x > row.x)
    before = app.settings.four_colour
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=four.rect.center, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=four.rect.center, button=1))
    pump(app, 3)
    assert app.settings.four_colour is (not before)
    assert load_settings(settings_path())[0].four_colour is (not before)
    anim_before = app.settings.animation
    press(app, anim_before.capitalize())
    assert app.settings.animation != anim_before


def test_f11_toggles_fullscreen_and_back(app):
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen
    assert top(app) == "menu" and buttons(app)


def test_a_held_f11_toggles_once(app, monkeypatch):
    """A held F11: repeats come as KEYDOWN after KEYDOWN, and a window made
    anew forgets the held key (a KEYUP) and takes the next repeat for a new
    press; one toggle for all of it.  A press after the guard toggles."""
    import game.app

    monkeypatch.setattr(game.app, "F11_GUARD_S", 0.3)
    for _ in range(4):
        post(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    pump(app, 2)
    assert app.settings.fullscreen
    # the new window forgets the held key, then the next repeat comes
    post(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    time.sleep(0.35)
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen


def test_any_window_size_draws_even_1x1(app):
    for size in ((1, 1), (1024, 640), (3840, 2160), (800, 500), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        pump(app, 2)
        assert app.size[0] >= 1024 and app.size[1] >= 640
        assert buttons(app), f"no buttons after resize to {size}"
    assert app.size == (1280, 800)


def test_every_scene_draws_in_both_languages_without_a_raw_catalog_key(app):
    """Every screen comes up on top of the stack and draws two frames; no
    button shows a catalog key instead of words (a key missing in a
    language shows as the key itself), and the German screens are not the
    English ones."""
    import re

    from game import i18n
    from game.app import all_scene_factories

    raw_key = re.compile(r"^[a-z_]+(\.[a-z0-9_]+){1,}$")
    labels: dict[str, dict[str, list[str]]] = {"en": {}, "de": {}}
    for lang in ("en", "de"):
        i18n.set_language(lang)
        for name, make in all_scene_factories(app):
            scene = make()
            app.scenes.reset(scene)
            frames = app.frame_count
            pump(app, 2)
            assert app.frame_count == frames + 2
            texts = [b.text for b in buttons(app)]
            assert not [t for t in texts if raw_key.match(t)], f"{lang} {name}: {texts}"
            assert texts or not name.startswith("delphi"), f"{lang} {name}: no button"  # every Delphi screen has one
            labels[lang][name] = texts
    differ = [n for n in labels["en"] if labels["en"][n] and labels["en"][n] != labels["de"].get(n)]
    assert len(differ) >= len([n for n in labels["en"] if labels["en"][n]]) * 0.8, "most screens should speak German in German"


def test_damaged_settings_file_is_kept_aside_and_the_app_starts(private_home):
    from game.app import App

    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text('{"schema": 1, "language": ')
    a = App((1280, 800))
    try:
        assert a.settings.language == "en"
        assert any("damaged" in t.text for t in a.toasts.items)
        assert (p.parent / "settings.json.bad").exists()
    finally:
        a.close()


def test_settings_with_wrong_types_keep_the_good_fields(private_home):
    from game.app import App

    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"schema": 1, "language": "de", "sound": "yes please", "animation": 7}))
    a = App((1280, 800))
    try:
        assert a.settings.language == "de" and a.settings.sound is True and a.settings.animation == "normal"
    finally:
        a.close()


def run_cli(*args, env_extra=None):
    env = dict(os.environ, **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env, timeout=60)


def test_unknown_option_is_a_clear_message_not_a_traceback():
    r = run_cli("--frobnicate")
    assert r.returncode == 2
    assert "unrecognized arguments: --frobnicate" in r.stderr
    assert "Traceback" not in r.stderr


def test_tools_without_a_game_or_with_an_unknown_game_explain():
    r = run_cli("sim")
    assert r.returncode == 2 and "needs a game" in r.stderr
    r = run_cli("position", "chess", "x")
    assert r.returncode == 2 and "unknown game 'chess'" in r.stderr


def test_display_that_cannot_open_is_explained():
    r = run_cli(env_extra={"SDL_VIDEODRIVER": "no-such-driver"})
    assert r.returncode == 1
    assert "display could not be opened" in r.stderr and "Traceback" not in r.stderr


def test_bad_window_size_is_explained():
    r = run_cli("--size", "huge")
    assert r.returncode != 0 and "WIDTHxHEIGHT" in r.stderr and "Traceback" not in r.stderr


def test_smoke_flag_draws_every_scene(tmp_path):
    """Every scene draws, here in an environment a player's machine may
    give (issue 21): no HOME, an unknown locale, an ASCII-only console, a
    time zone that does not exist, a settings folder whose name is not
    UTF-8.  And the player's own files are left alone: the smoke run's
    tables saved over the saves of the same setups."""
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "MTG_HOME", "LANG", "LC_ALL")}
    (tmp_path / "data").mkdir()
    env.update(
        XDG_DATA_HOME=str(tmp_path / "data"),
        LANG="xx_YY.bogus",
        LC_ALL="C",
        PYTHONIOENCODING="ascii",
        TZ="Nowhere/Else",
    )
    envb = {os.fsencode(k): os.fsencode(v) for k, v in env.items()}
    envb[b"XDG_CONFIG_HOME"] = os.fsencode(tmp_path) + b"/\xff\xfe"
    r = subprocess.run([sys.executable, "-m", "game", "--smoke"], capture_output=True, text=True, env=envb, timeout=120)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "0 failed" in r.stdout
    assert not any((tmp_path / "data").iterdir()), "the smoke run wrote into the player's data folder"


def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


import pytest  # noqa: E402


@pytest.mark.parametrize(
    "content,words",
    [
        ('{"schema": 99, "game": "mind-the-gap", "record": {}}', "newer version"),
        ('{"schema": 1, "game": "mind-the-gap", "rec', "damaged"),
        ('{"schema": 1, "game": "mind-the-gap", "record": {"schema": 1, "game": "mind-the-gap", "seed": 1, "options": {"players": 1}, "actions": ["place ZZ r9c9"]}, "table": {}}', "did not replay"),
        ("[1, 2, 3]", "not one of ours"),
    ],
)
def test_a_bad_save_is_explained_kept_aside_and_the_menu_goes_on(app, private_home, content, words):
    from game.persistence.saves import save_path

    p = save_path("mind-the-gap")
    _write(p, content)
    app.to_menu()
    pump(app, 2)
    if words == "newer version":  # not offered, said once, left as it is for the newer version
        assert not any("Continue" in b.text for b in buttons(app))
        assert any(words in t.text for t in app.toasts.items), [t.text for t in app.toasts.items]
        assert p.read_text() == content and not list(p.parent.glob("*.bad*"))
        app.toasts.clear()
        app.to_menu()
        assert not app.toasts.items  # once
        return
    press(app, "Continue")
    pump(app, 2)
    if words == "did not replay":  # read fine, listed; it fails when resumed
        assert app.scenes.top.name == "saves"
        press(app, "Resume")
        pump(app, 2)
    assert app.scenes.top.name == "menu"
    assert any(words in t.text for t in app.toasts.items), [t.text for t in app.toasts.items]
    assert not p.exists()
    # (listed, a save from before issue 15 got its setup's name first)
    kept = list(p.parent.glob("mind-the-gap.json.bad*") if words != "did not replay" else p.parent.glob("mind-the-gap.*.json.bad*"))
    assert kept and kept[0].read_text() == content
    # and the menu no longer offers to continue it
    app.to_menu()
    pump(app, 2)
    assert not any("Continue" in b.text for b in buttons(app))


def test_a_save_of_another_game_is_refused_by_a_table_in_words(app, private_home):
    """A Runs game handed to the Gaps table is not opened there."""
    from game.engine import GameRunner
    from game.games.runs import GAME
    from game.ui.tables import gaps

    runner = GameRunner.start(GAME, GAME.default_options(), 3)
    save = {"schema": 1, "game": "gaps", "record": runner.record().to_json(), "table": {}}
    app.to_menu()
    problem = gaps.resume(app, save)
    assert problem == "This saved game is a game of Runs, not of this table."
    assert app.scenes.top.name == "menu"


def test_a_huge_or_impossible_window_size_is_bounded_and_the_app_goes_on(app):
    from game.app import MAX_SIZE, parse_size

    assert parse_size("100000x100000") == MAX_SIZE
    for size in ((16384, 16384), (100000, 100000)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        pump(app, 2)
        assert app.window.get_size() == MAX_SIZE and app.size == MAX_SIZE
    before = app.window

    def refuse(*a, **kw):
        raise pygame.error("no such window")

    real = pygame.display.set_mode
    pygame.display.set_mode = refuse
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
        pump(app, 2)  # a size SDL cannot make: the window stays
    finally:
        pygame.display.set_mode = real
    assert app.window is before and app.size == MAX_SIZE
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    pump(app, 2)
    assert app.size == (1280, 800) and buttons(app)
