"""Scenes and the scene stack.

A scene has ``enter``/``exit``/``pause``/``resume``, ``handle_event``,
``update(dt)`` and ``draw(surface)``; ``draw`` never changes the model.
The stack holds instances, top is last; only the top scene gets input and
only the top scene has pygame_gui elements: a scene that is paused, or
that a resize or a language switch found under another one, builds its
elements again when it comes back (``resume``).  A scene that is not
``opaque`` (a dialog) is drawn over the one below.

Buttons are declared as data (:class:`ButtonSpec`).  The keyboard focus
follows a button's key, not its place in a list, so it stays on the same
button when the buttons are made again, and it never rests on a
destructive button (those ask first and have their own key).

A scene reaches the app only through :class:`AppServices`, what a scene
may ask of it (the window's size and scale, the settings, the stack, the
screens every scene may open, sounds and files that could not be
written); ``game.app.App`` is one, and mypy holds it to that.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game.ui.a11y import keys as reader_keys
from game.ui.a11y.nodes import Announcement, Node, Request, Role, State, Tree
from game.ui.assets import HIGHLIGHT
from game.ui.kit.cursor import focus_ring
from game.ui.kit.textfield import TextField

#: the elements a person types into: the kit's one field (no pygame_gui
#: field is left for typed text)
TEXT_FIELDS = (TextField,)

if TYPE_CHECKING:  # (types only: the animator and the notices draw with pygame, as scenes do)
    from game.persistence.settings import Settings
    from game.ui.anim import Animator
    from game.ui.widgets import Toasts


class AppServices(Protocol):
    """What a scene may ask of the app."""

    settings: Settings
    scenes: SceneStack
    ui: pygame_gui.UIManager
    toasts: Toasts
    running: bool
    #: the latest announcements, newest last (F3 reads them again)
    announced: deque[Announcement]

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...

    def anim_factor(self) -> float: ...

    def animator(self) -> Animator: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def to_menu(self) -> None: ...

    def quit(self) -> None: ...

    def open_rules(self, game_id: str | None = None) -> None:
        """The rules, of ``game_id`` first (over the scene on top)."""

    def open_settings(self) -> None:
        """The settings (over the scene on top)."""

    def open_keys(self) -> None:
        """The keys screen (over the scene on top)."""

    def open_setup(self, game_id: str, prefs: dict[str, Any] | None = None) -> None:
        """A new game of ``game_id``: its setup over the menu, with
        ``prefs`` or, without them, the choices it was last started with."""

    def play_sound(self, name: str) -> None: ...

    def save_settings(self) -> None: ...

    def announce(self, text: str, *, assertive: bool = False) -> None:
        """Say ``text`` to a screen reader (polite: after what it is
        reading; assertive: at once)."""
        ...

    def set_fullscreen(self, on: bool) -> None: ...

    def relayout(self) -> None:
        """Lay the screens out anew (the text size changed the scale)."""

    def write_failed(self, what: str, error: OSError, key: str | None = None) -> None: ...

    def release_memory_soon(self) -> None: ...

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class ButtonSpec:
    """A button as data: what it says, what it does, how it may be used."""

    key: str
    label: str
    action: Callable[[], object] | None = None
    enabled: bool = True
    primary: bool = False
    selected: bool = False
    #: ends or throws away something (stop a game, a new deal): it never
    #: takes the keyboard focus, so no Enter meant for the game presses it,
    #: and its action asks first
    destructive: bool = False
    tooltip: str | None = None
    #: on a table: does nothing while a card travels or a computer thinks
    #: (Menu and Rules do not wait)
    waits: bool = True
    #: a theme id; ``primary`` gives ``#primary``
    object_id: str | None = None

    def signature(self) -> tuple:
        """What the built button shows (a rebuild is due when it changes)."""
        return (self.key, self.label, self.enabled, self.primary, self.selected, self.tooltip, self.object_id)


class Scene:
    opaque = True
    name = "scene"
    #: what the screenshot tool does after the first frame to reach the
    #: state a shot shows (a card held over a gap, a hint asked for)
    prepare_shot: Callable[[], object] | None = None
    #: arrow keys move the focus over the buttons (menus, dialogs); on a
    #: table the arrows belong to the game and only Tab moves the focus
    arrows_move_focus = True
    #: Space presses the focused button (not on tables: Space is a game key)
    space_presses = True

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self._elements: list = []
        self._focusables: list = []
        self._actions: dict = {}
        self._keys: dict = {}
        self._focus_key: Any = None
        #: the signature of the buttons as built (see ``sync_buttons``)
        self._built: tuple | None = None

    # --- lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.clear_ui()

    def pause(self) -> None:
        self.clear_ui()

    def resume(self) -> None:
        self.rebuild_ui()

    def resize(self, size: tuple[int, int]) -> None:
        self.rebuild_ui()

    def screen_changed(self) -> None:
        """The screen took another size: every scene hears it, the covered
        ones too (only the top one gets ``resize``)."""

    def language_changed(self) -> None:
        self.rebuild_ui()

    # --- UI elements -------------------------------------------------------------
    def build_ui(self) -> None:
        """Create pygame_gui elements for the current window size."""

    def clear_ui(self) -> None:
        for el in self._elements:
            el.kill()
        self._elements.clear()
        self._focusables.clear()
        self._actions.clear()
        self._keys.clear()
        self._built = None

    def rebuild_ui(self) -> None:
        """Make the elements anew; the focus stays on the same key."""
        self.clear_ui()
        self.build_ui()

    def keep(self, element, action: Callable[[], object] | None = None, focus: bool = True, key: Any = None):
        """Register an element made by this scene; a button with an action
        is run when pressed (mouse or keyboard)."""
        self._elements.append(element)
        if action is not None:
            self._actions[element] = action
            # (a button the focus never rests on keeps its key too: a reader lists and presses it)
            self._keys[element] = key if key is not None else getattr(element, "text", id(element))
            if focus:
                self._focusables.append(element)
        return element

    def button(self, rect, text: str, action: Callable[[], object] | None = None, *, object_id=None, enabled=True, tooltip=None, focus=True, key: Any = None):
        b = pygame_gui.elements.UIButton(
            relative_rect=pygame.Rect(rect),
            text=text,
            manager=self.app.ui,
            object_id=object_id,
            tool_tip_text=tooltip,
        )
        if not enabled:
            b.disable()
        return self.keep(b, action, focus=focus, key=key)

    def spec_button(self, spec: ButtonSpec, rect):
        """A button from its spec."""
        oid = spec.object_id or ("#primary" if spec.primary else None)
        b = self.button(rect, spec.label, self._guarded(spec), object_id=oid, enabled=spec.enabled, tooltip=spec.tooltip, focus=not spec.destructive, key=spec.key)
        if spec.selected:
            b.select()
        return b

    def build_buttons(self, placed: list[tuple[ButtonSpec, Any]]) -> dict[str, Any]:
        """Build ``(spec, rect)`` pairs; returns the buttons by key."""
        out = {spec.key: self.spec_button(spec, rect) for spec, rect in placed}
        self._built = self._signature(placed)
        return out

    def sync_buttons(self, placed: list[tuple[ButtonSpec, Any]]) -> bool:
        """Rebuild when what the buttons show (or where) changed since the
        last build; most moves change nothing there.  True if rebuilt."""
        if self._elements and self._built == self._signature(placed):
            return False
        self.rebuild_ui()
        return True

    @staticmethod
    def _signature(placed) -> tuple:
        return tuple((spec.signature(), tuple(pygame.Rect(rect))) for spec, rect in placed)

    def _guarded(self, spec: ButtonSpec) -> Callable[[], object] | None:
        """The spec's action, or nothing while the scene is busy and the
        button waits (a table's own buttons during a flight)."""
        act = spec.action
        if act is None or not spec.waits:
            return act

        def run() -> None:
            if not self.busy:
                act()

        return run

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
            if reader_keys.handle(self, event):
                return
            if event.key == pygame.K_ESCAPE:
                self.on_escape()
            elif not self.typing():
                self.handle_key(event)
            elif event.key == pygame.K_TAB:
                # the way out of a field by keyboard: Tab leaves it for the buttons
                self.leave_fields()
                self.handle_key(event)

    def _typed_into(self) -> list:
        """The scene's text fields that have the keyboard (one, or none)."""
        return [el for el in self._elements if isinstance(el, TEXT_FIELDS) and el.alive() and el.is_focused]

    def typing(self) -> bool:
        """A text field of this scene has the keyboard: its keys (Space and
        Enter too) are the field's, not a press of the focused button."""
        return bool(self._typed_into())

    def leave_fields(self) -> None:
        """Take the keyboard back from the scene's text fields."""
        for el in self._typed_into():
            el.unfocus()

    def on_escape(self) -> None:
        """Esc: back (a screen over the menu goes; the menu quits)."""
        self.app.pop()

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Tab (and on menus the arrow keys) move the focus over enabled
        buttons, Enter (on menus Space too) presses the focused one.
        Returns True when used."""
        items = [b for b in self._focusables if b.alive() and b.is_enabled]
        if not items:
            return False
        k = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        forward = (k == pygame.K_TAB and not shift) or (self.arrows_move_focus and k in (pygame.K_DOWN, pygame.K_RIGHT))
        backward = (k == pygame.K_TAB and shift) or (self.arrows_move_focus and k in (pygame.K_UP, pygame.K_LEFT))
        cur = self.focused()
        if forward or backward:
            if cur is None:
                i = 0 if forward else len(items) - 1
            else:
                i = (items.index(cur) + (1 if forward else -1)) % len(items)
            self._focus_key = self._keys.get(items[i])
            return True
        presses = k in ENTER_KEYS or (self.space_presses and k == pygame.K_SPACE)
        if presses and cur is not None:
            action = self._actions.get(cur)
            if action:
                action()
            return True
        return False

    def focused(self):
        if self._focus_key is None:
            return None
        for b in self._focusables:
            if self._keys.get(b) == self._focus_key:
                return b if b.alive() and b.is_enabled else None
        return None

    def focus(self, element) -> None:
        if element in self._focusables:
            self._focus_key = self._keys.get(element)

    def focus_key(self, key: Any) -> None:
        """Focus the button made with ``key`` (a spec's key)."""
        self._focus_key = key

    def drop_focus(self) -> None:
        self._focus_key = None

    @property
    def focus_index(self) -> int | None:
        b = self.focused()
        return self._focusables.index(b) if b is not None else None

    @focus_index.setter
    def focus_index(self, i: int | None) -> None:
        if i is None or not 0 <= i < len(self._focusables):
            self._focus_key = None
        else:
            self._focus_key = self._keys.get(self._focusables[i])

    # --- what a screen reader reads (game.ui.a11y) ------------------------------
    def a11y_tree(self) -> Tree:
        """This screen as a screen reader reads it: by default a window
        with its buttons by name, the focused one focused.  Tables and
        screens that draw more (cards, lists, fields) say so here."""
        buttons = []
        focus = None
        cur = self.focused()
        # every button, those that end or throw away a game too (the focus
        # never rests on them, but a reader may press them: they ask first)
        for b in (e for e in self._elements if e in self._actions):
            if not b.alive():
                continue
            key = f"button:{self._keys.get(b)}"
            r = b.rect
            states = frozenset() if b.is_enabled else frozenset({State.DISABLED})
            buttons.append(Node(key, Role.BUTTON, str(getattr(b, "text", "")), (r.x, r.y, r.w, r.h), states=states, pressable=b.is_enabled))
            if b is cur:
                focus = key
        # the text fields, named by what they ask for, with what is typed
        for i, el in enumerate(e for e in self._elements if isinstance(e, TEXT_FIELDS) and e.alive()):
            key = f"field:{i}"
            r = el.rect
            buttons.append(Node(key, Role.TEXT_INPUT, el.placeholder, (r.x, r.y, r.w, r.h), value=el.get_text(), pressable=True))
            if el.is_focused:
                focus = key
        w, h = self.app.size
        return Tree(Node("window", Role.WINDOW, self.a11y_title(), (0, 0, w, h), children=tuple(buttons)), focus)

    def a11y_title(self) -> str:
        """The screen's name as a reader says it."""
        return "Mind the Gap"

    def a11y_summary(self) -> str:
        """Where the player is, in a few words (F2): the screen and the
        focused button."""
        b = self.focused()
        return self.a11y_title() + (f": {b.text}" if b is not None else "")

    def a11y_request(self, request: Request) -> None:
        """A reader pressed or focused the node ``request.key``; by
        default a button made by this scene."""
        for b in (e for e in self._elements if e in self._actions):
            if f"button:{self._keys.get(b)}" != request.key or not (b.alive() and b.is_enabled):
                continue
            if b in self._focusables:
                self._focus_key = self._keys.get(b)
            if request.action == "press":
                action = self._actions.get(b)
                if action:
                    action()
            return

    # --- frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A visible ring around the keyboard-focused button."""
        b = self.focused()
        if b is not None:
            # (high contrast: the ring covers the button's edge as well)
            focus_ring(surface, b.rect.inflate(8, 8), self.app.scale, HIGHLIGHT, 3, 10, inward=max(3, round(3 * self.app.scale)))

    @property
    def busy(self) -> bool:
        """True while an animation that matters runs: gestures wait."""
        return False

    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        """Input that still counts while ``busy`` (a table: Esc and the
        Menu and Rules buttons, also while a computer thinks)."""
        return False

    def held_while_busy(self, event: pygame.event.Event) -> None:
        """Input that came while ``busy`` and was not accepted: a scene may
        keep what must not be lost (a table keeps the release of a card it
        holds, for when the animation ends)."""

    def toast_area(self) -> pygame.Rect:
        """Where the app's notices appear: a band at the top (a table
        gives the band of its own notes)."""
        return Scene.default_toast_area(self.app)

    @staticmethod
    def default_toast_area(app: AppServices) -> pygame.Rect:
        w, h = app.size
        s = app.scale
        return pygame.Rect(int(w * 0.15), int(12 * s), int(w * 0.7), int(h * 0.3))


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
