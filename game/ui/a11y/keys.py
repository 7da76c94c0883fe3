"""The reader's keys, the same on every screen (``Scene.handle_event``
asks here first):

- F1 (or ?): the keys screen, every key of the app listed;
- F2: the situation in a few words (a table: the game, the round, whose
  turn, what is new; a screen: its name and the focused button);
- F3: the latest announcements again.

Function keys, because every letter is some table's game key (Gaps uses
H, N, R, S, T, U, Y; Runs A, D, H; Mind the Gap D, H, P, T; Delphi C, N,
P, R, W) and a text field takes letters, while no screen used F1-F3."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tr
from game.ui.a11y.nodes import Politeness

KEYS_SCREEN = (pygame.K_F1,)
SUMMARY = pygame.K_F2
REPEAT = pygame.K_F3
#: keys that work while a card travels or a computer thinks
ANY_TIME = frozenset((*KEYS_SCREEN, SUMMARY, REPEAT))
#: how many of the latest announcements F3 reads again
REPEATED = 3


def handle(scene: Any, event: pygame.event.Event) -> bool:
    """A reader's key on ``scene``: True when it was one (and done)."""
    if event.type != pygame.KEYDOWN:
        return False
    k = event.key
    if k in KEYS_SCREEN or (getattr(event, "unicode", "") == "?" and not scene.typing()):
        if scene.name != "keys":
            scene.app.open_keys()
        return True
    if k == SUMMARY:
        scene.app.announce(scene.a11y_summary(), assertive=True)
        return True
    if k == REPEAT:
        scene.app.announce(again(scene.app), assertive=True)
        return True
    return False


def again(app: Any) -> str:
    """The latest announcements, oldest first, that were not themselves a
    repeat (so F3 pressed twice says the same)."""
    said = [a for a in app.announced if not a.text.startswith(_REPEAT_MARK)]
    if not said:
        return tr("a11y.nothing_said")
    latest = said[-REPEATED:]
    return _REPEAT_MARK + " ".join(a.text for a in latest if a.politeness in (Politeness.POLITE, Politeness.ASSERTIVE))


#: a repeat starts with this (a zero-width space: not read, never typed)
_REPEAT_MARK = "\u200b"

__all__ = ["ANY_TIME", "KEYS_SCREEN", "REPEAT", "SUMMARY", "again", "handle"]
