"""The bridge from the app's accessibility tree to the platform's API.

The frame loop talks only to a :class:`Bridge`: it hands over the top
screen's tree and the announcements, and collects what a reader asked
for.  None of these calls may block: a bridge that cannot keep up drops
an old tree for a newer one.  :class:`Silent` is the bridge where no
assistive technology can be reached (or before the platform's bridge is
up); the platform bridges live beside it."""

from __future__ import annotations

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
