"""The Gaps table's clock and move counter (the line under the grid, the
result, the statistics and the session summary; which deal of the day it
is and the count of finished deals in the session go with them).

The move counter shows the moves on the board: the deal's moves (redeals
not counted) less those taken back, read from the record, so it needs no
saving.

It runs on the frame's ``dt`` while the deal is on screen, playing and the
window has the focus; it stands still under another scene (the rules, a
question, the session summary: only the top scene is updated) and after
the end.  Its seconds are kept in the match's meta (``elapsed``), so they are in
every save (an old save without them starts at 0:00); it can be hidden
(the setting ``gaps_timer``) and still runs.  A mixin of
:class:`~game.ui.tables.gaps.table.GapsTable`, kept apart so the table
stays under the structure test's 600 lines.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.engine.match import Moved
from game.games import gaps as G
from game.i18n import tr
from game.ui.assets import font
from game.ui.scene import ButtonSpec
from game.ui.tables.gaps.session import session_of
from game.ui.tables.gaps.summary import SummaryScene

#: window events that stop the clock, and those that let it run again
AWAY = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED)
BACK = (pygame.WINDOWFOCUSGAINED,)




class GapsClock:
    """The clock's side of the table; the table calls ``init_clock`` and
    provides ``playing()`` (and TableScene's autosave/update/events)."""

    app: Any
    match: Any
    view: Any
    _abandoning: bool

    def init_clock(self) -> None:
        self._moves: tuple[int, int] = (-1, 0)
        self.elapsed = self.meta().elapsed or 0.0
        #: the window has the focus (the clock runs only then)
        self.window_focused = True
        self._saved_elapsed = self._elapsed_meta()

    def playing(self) -> bool:
        raise NotImplementedError

    def meta(self) -> G.GapsMeta:
        raise NotImplementedError

    def daily(self) -> str | None:
        """The date of a daily deal, else None."""
        return self.meta().daily

    def moves_made(self) -> int:
        """Moves on the board: the deal's moves (redeals not counted), less
        those taken back."""
        n = len(self.match.actions)
        if self._moves[0] != n:
            self._moves = (n, sum(1 for a in self.match.actions if isinstance(a, G.Move)))
        return self._moves[1]

    def show_summary(self) -> None:
        self.app.push(SummaryScene(self.app, session_of(self.app)))

    def _count_in_session(self, moved: Moved) -> None:
        out = moved.outcome
        assert out is not None
        session_of(self.app).add(
            won=bool(out.won), score=int(out.scores[0]), redeals=self.view.redeals, assisted=self.meta().assisted,
            seconds=self.elapsed, moves=self.moves_made(), left=self._abandoning, key=G.stats_key(self.match.options), daily=self.daily(),
        )

    def clock_running(self) -> bool:
        return self.playing() and self.window_focused

    def timer_shown(self) -> bool:
        return bool(self.app.settings.gaps_timer)

    def toggle_timer(self) -> None:
        """Show or hide the clock (it runs either way); the choice is kept
        in the settings."""
        self.app.settings.gaps_timer = not self.timer_shown()
        self.app.save_settings()
        self.sync_ui()  # type: ignore[attr-defined]

    def save_time_on_exit(self) -> None:
        """The clock's seconds since the last save go into the save too."""
        if self.playing() and self._saved_elapsed != self._elapsed_meta():
            self.autosave()

    def autosave(self) -> None:
        self._keep_time()
        super().autosave()  # type: ignore[misc]
        self._saved_elapsed = self._elapsed_meta()

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]
        if self.clock_running():
            self.elapsed += dt
            self._keep_time()

    def _elapsed_meta(self) -> float:
        return round(self.elapsed, 2)

    def _keep_time(self) -> None:
        """The seconds into ``meta`` (every save and the statistics read
        them from there)."""
        self.match.meta = replace(self.meta(), elapsed=self._elapsed_meta())

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in AWAY or event.type in BACK:
            was = self.window_focused
            self.window_focused = event.type in BACK
            if was and not self.window_focused and self.playing():
                self.autosave()  # the time so far, should the app not come back
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # a key or a click reaches only a focused window (should a
            # system restore a minimized window without a focus event)
            self.window_focused = True
        super().handle_event(event)  # type: ignore[misc]

    def timer_button(self, L: Any) -> tuple[ButtonSpec, Any]:
        """Hide or show the clock: a small button at the right end of the
        line under the grid, the clock just left of it."""
        label = tr("gaps_ui.timer_hide") if self.timer_shown() else tr("gaps_ui.timer_show")
        s = L.scale
        bw = font(max(9, round(14 * s))).size(label)[0] + int(26 * s)
        r = L.clock
        return ButtonSpec("timer", label, self.toggle_timer, waits=False, object_id="#small", tooltip=tr("gaps_ui.tip.timer")), (r.right - bw, r.y + int(2 * s), bw, r.h - int(4 * s))
