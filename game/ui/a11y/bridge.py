"""The bridge from the app's accessibility tree to the platform's API.

The frame loop talks only to a :class:`Bridge`: it hands over the top
screen's tree and the announcements, and collects what a reader asked
for.  None of these calls may block: a bridge that cannot keep up drops
an old tree for a newer one.  :class:`Silent` is the bridge where no
assistive technology can be reached (or before the platform's bridge is
up); the platform bridges live beside it, and :func:`open_bridge` picks
one (docs/accessibility.md tells how each is built and tested)."""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import Protocol

from game.ui.a11y.nodes import Announcement, Request, Tree


class Bridge(Protocol):
    @property
    def active(self) -> bool:
        """A reader is listening: only then are trees built and sent."""
        ...

    def update(self, tree: Tree) -> None: ...

    def announce(self, announcement: Announcement) -> None: ...

    def requests(self) -> list[Request]:
        """What readers asked for since the last call (never blocks)."""
        ...

    def window(self, bounds: tuple[int, int, int, int], focused: bool) -> None:
        """The window's place on the screen and whether it has the focus."""
        ...

    def close(self) -> None: ...


class Silent:
    """No reader can be reached: everything is dropped at no cost."""

    active = False

    def update(self, tree: Tree) -> None:
        pass

    def announce(self, announcement: Announcement) -> None:
        pass

    def requests(self) -> list[Request]:
        return []

    def window(self, bounds: tuple[int, int, int, int], focused: bool) -> None:
        pass

    def close(self) -> None:
        pass


def accesskit_available() -> bool:
    """AccessKit's bindings are installed (the import itself is left to
    whoever uses them: on Linux that is the bridge process)."""
    try:
        return importlib.util.find_spec("accesskit") is not None
    except (ImportError, ValueError):
        return False


def wants_hidden_window() -> bool:
    """Windows and macOS: AccessKit's adapter subclasses the window and
    must be made before the window is first shown, so the app makes its
    window hidden, opens the bridge, then shows it."""
    return sys.platform in ("win32", "darwin") and _wanted() and accesskit_available()


def _wanted() -> bool:
    # MTG_A11Y=0 turns the bridge off (the bench's "off" figure; a player
    # whose platform's accessibility misbehaves)
    return os.environ.get("MTG_A11Y", "1") != "0"


def open_bridge() -> Bridge:
    """The platform's bridge, or :class:`Silent` where none can work.

    Linux (and other X11/Wayland systems): only with AccessKit installed
    and a session bus named in DBUS_SESSION_BUS_ADDRESS; without one,
    nothing may autolaunch a bus (dbus-x11 would write ~/.dbus into the
    home).  Windows and macOS: in the app, on the window made by
    pygame (call before the window is shown, see :func:`wants_hidden_window`)."""
    if not _wanted() or not accesskit_available():
        return Silent()
    if sys.platform in ("win32", "darwin"):
        from game.ui.a11y.windows_mac import open_in_process

        try:
            return open_in_process() or Silent()
        except Exception as e:  # noqa: BLE001 - untested adapters (docs/accessibility.md): the game starts without one
            print(f"mind-the-gap: no screen reader bridge ({e})", file=sys.stderr)
            return Silent()
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return Silent()
    from game.ui.a11y.linux import ChildBridge

    return ChildBridge()
