"""The "What happened" panel of the Mind the Gap table scrolls: the mouse
wheel over it, and Page Up / Page Down anywhere on the table (the panel is
the table's only scrolling thing, and a keyboard has no pointer to hold
over it), also while a computer is thinking.

The panel shows the newest line first and as many whole lines as fit
(:func:`game.ui.kit.log.draw_log`); scrolling hides the newest ``back``
lines, so older ones move up into view.  While scrolled back the view stays
on the same lines when new ones arrive, and the title says how many newer
lines are above; at the newest it follows the game as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import tr

#: lines one Page Up / Page Down moves (a panel shows about six at 1280x800)
PAGE = 5
KEYS = {pygame.K_PAGEUP: -PAGE, pygame.K_PAGEDOWN: PAGE}


class LogScroll:
    """Mixed into the table (before :class:`~game.ui.kit.table.TableScene`):
    it needs ``layout().log``, ``match.log()`` and ``touch()``."""

    #: log lines hidden at the top (0: the newest line shows first)
    log_back = 0
    #: how many log lines there were when ``log_back`` was last set
    _log_seen = 0
    #: the last pointer position seen (a wheel event has none)
    _pointer: tuple[int, int] | None = None

    def log_window(self, lines: Sequence) -> tuple[list, str]:
        """The lines to draw (oldest first, the newest ``log_back`` left
        out) and the panel's title."""
        n = len(lines)
        if self.log_back and n > self._log_seen:  # new lines while scrolled back: stay put
            self.log_back += n - self._log_seen
        self.log_back = max(0, min(self.log_back, n - 1))
        self._log_seen = n
        title = tr("mind_the_gap.ui.log")
        if self.log_back:
            title += " · " + tr("mind_the_gap.ui.log_newer", n=self.log_back)
        return list(lines[: n - self.log_back]), title

    def scroll_log(self, lines: int) -> bool:
        """Move ``lines`` towards older lines (negative: newer).  True when
        the view moved."""
        n = len(self.match.log())  # type: ignore[attr-defined]
        back = max(0, min(self.log_back + lines, n - 1))
        if back == self.log_back:
            return False
        self.log_back, self._log_seen = back, n
        self.touch()  # type: ignore[attr-defined]
        return True

    def over_log(self) -> bool:
        pos = self._pointer if self._pointer is not None else pygame.mouse.get_pos()
        return self.layout().log.collidepoint(pos)  # type: ignore[attr-defined]

    def log_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the panel, Page Up / Page Down: True when used."""
        pos = getattr(event, "pos", None)
        if pos is not None:
            self._pointer = pos
        if event.type == pygame.MOUSEWHEEL and self.over_log():
            self.scroll_log(-event.y)  # the wheel turned down (y < 0) shows older lines
            return True
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.scroll_log(KEYS[event.key])
            return True
        return False

    def log_event_while_busy(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.MOUSEWHEEL or (event.type == pygame.KEYDOWN and event.key in KEYS)
