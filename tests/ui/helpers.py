"""Drive the real app through real pygame events on the dummy driver."""

from __future__ import annotations

import pygame
import pygame_gui


def pump(app, frames: int = 2, dt: float = 1 / 60) -> None:
    """Run frames; a pygame_gui button posts its pressed event during one
    frame and the scene sees it on the next, so pump at least twice."""
    for _ in range(frames):
        app.step(dt)


def settle(app, seconds: float = 3.0, dt: float = 1 / 30) -> None:
    """Let animations and computer turns finish."""
    for _ in range(int(seconds / dt)):
        app.step(dt)


def post(event_type, **attrs) -> None:
    pygame.event.post(pygame.event.Event(event_type, attrs))


def move(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pump(app, 1)


def click(app, pos, frames: int = 3) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    pump(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    pump(app, frames)


def drag(app, start, end, steps: int = 8) -> None:
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    pump(app, 1)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        pump(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    pump(app, 2)


def key(app, k, mod=0, frames: int = 2) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    pump(app, frames)


def buttons(app) -> list:
    """Alive pygame_gui buttons of the current UI, top to bottom."""
    out = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, pygame_gui.elements.UIButton) and e.alive()]
    return sorted(out, key=lambda b: (b.rect.y, b.rect.x))


def button(app, text_part: str):
    for b in buttons(app):
        if text_part.lower() in b.text.lower():
            return b
    raise AssertionError(f"no button with {text_part!r}: {[b.text for b in buttons(app)]}")


def press(app, text_part: str, frames: int = 3) -> None:
    b = button(app, text_part)
    assert b.is_enabled, f"button {b.text!r} is disabled"
    click(app, b.rect.center, frames)


def seated(app, table):
    """``table`` on screen over the menu, as a player reaches it, after two
    frames."""
    from game.ui.scenes.menu import MenuScene

    app.scenes.reset(MenuScene(app))
    app.scenes.push(table)
    pump(app, 2)
    return table


def entry(scene, key: str):
    """A setup form's text field for ``key``."""
    return next(el for (k, _), el in scene._entries.items() if k == key)


def drawn_texts(app) -> list[str]:
    """Every text the app draws on the screen in one frame, through the
    recorder the text-fit check uses (``game.ui.widgets.RECORD``); each
    scene's static layer is drawn anew, so nothing cached is missed."""
    from game.ui import widgets

    entries: list = []
    for s in app.scenes.scenes:
        touch = getattr(s, "touch", None)
        if touch is not None:
            touch()
    widgets.RECORD = (app.screen, entries)
    try:
        app.step(1 / 60, events=[])
    finally:
        widgets.RECORD = None
    return [e[1] for e in entries if e[0] in ("text", "line")]


def said(t) -> list[str]:
    """What a table's notes say to the seat at the screen, in its language."""
    return [n.words(t.lang) for n in t.shown_notes()]


def recorded_notes(t) -> list[str]:
    """Every note the table ``t`` says from now on, in its words, kept
    beyond its time on screen."""
    shown: list[str] = []
    say = t.model.say

    def recording(text, **kw):
        shown.append(t.render(text))
        say(text, **kw)

    t.model.say = recording
    return shown
