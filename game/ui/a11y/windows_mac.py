"""The Windows and macOS bridge: AccessKit in the app, on pygame's window.

UNTESTED: this machine runs neither system, and the build workflow boots
the app there without a screen reader.  It is wired as AccessKit's
documentation and its pygame example show: a ``SubclassingAdapter`` on
the window handle from ``pygame.display.get_wm_info()["window"]``, made
before the window is first shown (the app makes it hidden, see
:func:`game.ui.a11y.bridge.wants_hidden_window`); on macOS the focus
forwarder is added to SDL's window class first, and everything runs on
the main thread.  ``update_if_active`` returns events that must be
raised.  No deadlock like Linux's is reported for these adapters (their
handlers are called on the thread that owns the window, which is the
frame loop's), so the adapter lives in the app; requests from the action
handler go through a deque, and only the frame loop calls the adapter.
"""

from __future__ import annotations

import collections
import sys
import threading
from typing import Any

from game.ui.a11y import wire
from game.ui.a11y.nodes import Announcement, Request, Tree


class InProcessBridge:
    def __init__(self, adapter_factory: Any) -> None:
        from game.ui.a11y.akit import Mapper

        self._m = Mapper()
        self._requests: collections.deque[Request] = collections.deque(maxlen=64)
        self._active = threading.Event()
        self._sent: Tree | None = None
        self._adapter = adapter_factory(self._on_activate, self._on_action)

    def _on_activate(self) -> Any:
        self._active.set()
        return self._m.full()

    def _on_action(self, req: Any) -> None:
        r = self._m.request(req)
        if r is not None:
            self._requests.append(Request(r["a"], r["k"]))

    @property
    def active(self) -> bool:
        return self._active.is_set() and not self._broken

    _broken = False

    def _push(self, update: Any) -> None:
        # untested on the player's system: an adapter that fails once is
        # left alone, and the game goes on without it
        try:
            events = self._adapter.update_if_active(lambda: update)
            if events is not None:
                events.raise_events()
        except Exception:  # noqa: BLE001
            self._broken = True

    def update(self, tree: Tree) -> None:
        if tree == self._sent:
            return
        self._sent = tree
        self._m.tree = wire.tree_message(tree)
        self._push(self._m.full())

    def announce(self, announcement: Announcement) -> None:
        if self.active:
            self._m.say(announcement.text, str(announcement.politeness) != "assertive")
            self._push(self._m.live())

    def requests(self) -> list[Request]:
        out = []
        while self._requests:
            out.append(self._requests.popleft())
        return out

    def window(self, bounds: tuple[int, int, int, int], focused: bool) -> None:
        # the subclassed window tells AccessKit its own place; macOS wants
        # the view's focus, Windows follows the window's own messages
        f = getattr(self._adapter, "update_view_focus_state", None)
        if f is not None and not self._broken:
            try:
                events = f(focused)
                if events is not None:
                    events.raise_events()
            except Exception:  # noqa: BLE001 - as in _push
                self._broken = True

    def close(self) -> None:
        self._active.clear()


def open_in_process() -> InProcessBridge | None:
    """The adapter on pygame's window (made, hidden, by the caller), or
    None where AccessKit has no adapter for this system."""
    import pygame

    try:
        import accesskit
    except ImportError:
        return None
    handle = pygame.display.get_wm_info().get("window")
    if handle is None:
        return None
    if sys.platform == "darwin":
        mac = accesskit.macos  # type: ignore[attr-defined]
        mac.add_focus_forwarder_to_window_class("SDLWindow")
        return InProcessBridge(lambda activate, act: mac.SubclassingAdapter.for_window(handle, activate, act))
    if sys.platform == "win32":
        win = accesskit.windows  # type: ignore[attr-defined]
        return InProcessBridge(lambda activate, act: win.SubclassingAdapter(handle, activate, act))
    return None
