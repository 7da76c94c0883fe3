"""Whatever a player types or pastes into any text field of any screen,
the frame goes on: a character of every Unicode category (control, format,
zero-width, right-to-left, combining, private use, unassigned, surrogate,
beyond the Basic Multilingual Plane...) typed into every entry alone and
after a letter, and a paste of them all.  Before, a zero-width character
typed into an empty name field or God's rule box raised pygame's "Text has
zero width" out of the frame (20 of 36 cases tried by hand)."""

from __future__ import annotations

import sys
import unicodedata

import pygame
import pytest

from game.app import all_scene_factories
from game.i18n.plain import drawable
from game.ui.scene import TEXT_FIELDS as ENTRY


def _samples() -> list[str]:
    """The first character of each Unicode category in the whole range, and
    the ones players met: zero-width space and non-joiner, the right-to-left
    override, the soft hyphen, NUL, an emoji, a Hebrew letter."""
    first: dict[str, str] = {}
    for cp in range(sys.maxunicode + 1):
        cat = unicodedata.category(chr(cp))
        if cat not in first and cat != "Cs":
            first[cat] = chr(cp)
    return sorted(set(first.values()) | set("\u200b\u200c\u200d\u202e\u00ad\x00\u0301\U0001f600\u05d0\ufeff"))


SAMPLES = _samples()


def _entries(scene) -> list:
    return [e for e in getattr(scene, "_elements", []) if isinstance(e, ENTRY)]


def _scenes_with_entries(app) -> dict[str, tuple[type, int]]:
    """Each screen with text fields: its scene's class and how many."""
    out = {}
    for name, make in all_scene_factories(app):
        app.to_menu()
        app.scenes.push(make())
        app.step(1 / 60, events=[])
        if _entries(app.scenes.top):
            out[name] = (type(app.scenes.top), len(_entries(app.scenes.top)))
    app.to_menu()
    return out


def test_every_character_typed_into_every_entry_of_every_screen(app):
    found = _scenes_with_entries(app)
    assert {"mind-the-gap-setup", "runs-setup", "delphi-setup", "delphi-god-write"} <= set(found)
    # one screen of each kind: the other screens of a class (the solo
    # table after 4, 6 or 24 cards) type into the same fields with the
    # same code, and the typed text replaces what was there
    names = list({kind: name for name, kind in reversed(found.items())}.values())
    factories = dict(all_scene_factories(app))
    for name in names:
        app.to_menu()
        app.scenes.push(factories[name]())
        app.step(1 / 60, events=[])
        for k in range(len(_entries(app.scenes.top))):
            for before in ("", "a"):
                for ch in SAMPLES:
                    entry = _entries(app.scenes.top)[k]
                    entry.set_text(before)
                    entry.focus()
                    app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text=ch)])
                    app.step(1 / 60, events=[])
                    got = _entries(app.scenes.top)[k].get_text()
                    assert got == drawable(got), (name, k, repr(ch), repr(got))


def test_a_paste_gets_the_drawable_part_of_the_clipboard(app):
    try:
        pygame.scrap.put_text("x")
        if pygame.scrap.get_text() != "x":
            pytest.skip("no clipboard under this video driver")
    except pygame.error:
        pytest.skip("no clipboard under this video driver")
    app.scenes.push(dict(all_scene_factories(app))["mind-the-gap-setup"]())
    app.step(1 / 60, events=[])
    entry = _entries(app.scenes.top)[0]
    entry.set_text("")
    entry.focus()
    pygame.scrap.put_text("\u200bAn\u200cna\u202e")
    app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v", scancode=0)])
    app.step(1 / 60, events=[])
    assert _entries(app.scenes.top)[0].get_text() == "Anna"


@pytest.mark.parametrize("ch", ["\u200b", "\x00", "\u202e\u200c", "\U0001f600"])
def test_a_name_of_nothing_drawable_in_a_save_reads_as_the_seats_own(ch):
    from game.engine.turns import seats_from

    seats = seats_from([ch, f"Ben{ch}"], [None, None])
    assert [s.name for s in seats] == ["Player 1", "Ben"]


def test_space_and_letters_typed_into_a_field_stay_in_it_on_every_screen(app):
    """A key typed into a field is the field's.  Before, Space typed into
    the solo challenge's rule field ("card.suit == last.suit") pressed the
    focused "Today's rule" button: a round started and the typed rule was
    gone (seen in a real window).  The other tests type TEXTINPUT alone; a
    keyboard sends KEYDOWN first, and that is what pressed the button."""
    factories = dict(all_scene_factories(app))
    for name in _scenes_with_entries(app):
        app.to_menu()
        app.scenes.push(factories[name]())
        app.step(1 / 60, events=[])
        scene = app.scenes.top
        for k in range(len(_entries(scene))):
            entry = _entries(scene)[k]
            entry.set_text("")
            entry.focus()
            events = []
            for ch, key in (("a", pygame.K_a), (" ", pygame.K_SPACE), ("b", pygame.K_b)):
                events += [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0),
                           pygame.event.Event(pygame.TEXTINPUT, text=ch)]
            app.step(1 / 60, events=events)
            app.step(1 / 60, events=[])  # (a pressed button is seen a frame later)
            assert app.scenes.top is scene, (name, k)
            got = _entries(scene)[k].get_text()
            assert "a" not in got or got == "a b", (name, k, got)
    app.to_menu()
