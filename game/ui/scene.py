"""Scenes and the scene stack.

A scene has ``enter``/``exit``/``pause``/``resume``, ``handle_event``,
``update(dt)`` and ``draw(surface)``; ``draw`` never changes the model.
The stack holds instances, top is last; only the top scene gets input.
A scene that is not ``opaque`` (a dialog) is drawn over the one below.

pygame_gui elements belong to the scene that made them: ``build_ui`` makes
them (on enter, resume, resize and language switch), ``clear_ui`` kills
them.  Keyboard focus over a scene's buttons is handled here, so every
screen can be used with the arrow keys, Tab and Enter.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.assets import HIGHLIGHT

if TYPE_CHECKING:
    from game.app import App


class Scene:
    opaque = True
    #: a scene with secrets (a hand) sets this; the pass screen clears the
    #: display before any such scene is shown to the next player
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self._elements: list = []
        self._focusables: list = []
        self._actions: dict = {}
        self.focus_index: int | None = None

    # --- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.clear_ui()

    def pause(self) -> None:
        self.clear_ui()

    def resume(self) -> None:
        self.build_ui()

    def resize(self, size: tuple[int, int]) -> None:
        self.clear_ui()
        self.build_ui()

    def language_changed(self) -> None:
        self.clear_ui()
        self.build_ui()

    # --- UI elements -------------------------------------------------------------
    def build_ui(self) -> None:
        """Create pygame_gui elements for the current window size."""

    def clear_ui(self) -> None:
        for el in self._elements:
            el.kill()
        self._elements.clear()
        self._focusables.clear()
        self._actions.clear()

    def keep(self, element, action: Callable[[], None] | None = None, focus: bool = True):
        """Register an element made by this scene; a button with an action
        is run when pressed (mouse or keyboard)."""
        self._elements.append(element)
        if action is not None:
            self._actions[element] = action
            if focus:
                self._focusables.append(element)
        return element

    def button(self, rect, text: str, action: Callable[[], None] | None = None, *, object_id=None, enabled=True, tooltip=None, focus=True):
        b = pygame_gui.elements.UIButton(
            relative_rect=pygame.Rect(rect),
            text=text,
            manager=self.app.ui,
            object_id=object_id,
            tool_tip_text=tooltip,
        )
        if not enabled:
            b.disable()
        return self.keep(b, action, focus=focus)

    def label(self, rect, text: str, *, object_id=None):
        lab = pygame_gui.elements.UILabel(pygame.Rect(rect), text, manager=self.app.ui, object_id=object_id)
        return self.keep(lab)

    # --- input -----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self._actions.get(event.ui_element)
            if action is not None:
                action()
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Arrow keys / Tab move the focus over enabled buttons, Enter or
        Space presses the focused one.  Returns True when used."""
        items = [b for b in self._focusables if b.alive() and b.is_enabled]
        if not items:
            return False
        forward = event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT)
        backward = event.key in (pygame.K_UP, pygame.K_LEFT) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        cur = self.focused()
        if forward or backward:
            if cur is None:
                i = 0 if forward else len(items) - 1
            else:
                i = (items.index(cur) + (1 if forward else -1)) % len(items)
            self.focus_index = self._focusables.index(items[i])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and cur is not None:
            action = self._actions.get(cur)
            if action:
                action()
            return True
        return False

    def focused(self):
        if self.focus_index is None or self.focus_index >= len(self._focusables):
            return None
        b = self._focusables[self.focus_index]
        return b if b.alive() and b.is_enabled else None

    def focus(self, element) -> None:
        if element in self._focusables:
            self.focus_index = self._focusables.index(element)

    # --- frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A visible ring around the keyboard-focused button."""
        b = self.focused()
        if b is not None:
            r = b.rect.inflate(8, 8)
            pygame.draw.rect(surface, HIGHLIGHT, r, 3, border_radius=10)

    @property
    def busy(self) -> bool:
        """True while an animation that matters runs: input is ignored."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return s

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (no resume of the one below)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to one scene (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the top down to the first
        opaque one."""
        out: list[Scene] = []
        for s in reversed(self.scenes):
            out.append(s)
            if s.opaque:
                break
        return list(reversed(out))
