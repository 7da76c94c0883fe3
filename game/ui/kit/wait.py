"""A long piece of work on a worker thread, shown over the screen below
with its progress and Cancel (Esc): the frame loop keeps drawing while it
runs, and nothing under it can be pressed.

The work is any object with ``done`` (a property), ``cancel()`` and
``thread`` (:class:`Worker` runs a function so); the scene asks
``lines()`` for what to show each frame and calls ``finish()`` once the
work is done.  ``finish`` returns None when it
took over (it started a game, opened a screen: the waiting scene is gone
by then), or the lines that say why nothing came of it, shown with OK.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable, Iterator
from typing import Generic, Protocol, TypeVar

import pygame

from game.i18n import tr
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.kit.overlay import Overlay
from game.ui.widgets import panel, text, text_block, wrap


class Work(Protocol):
    thread: threading.Thread

    @property
    def done(self) -> bool: ...

    def cancel(self) -> None: ...


T = TypeVar("T")


class _Collector:
    """Python's cyclic garbage collector, paused while any worker that asks
    for it runs (and then as it was before)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users = 0
        self.was_on = True

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        with self.lock:
            if self.users == 0:
                self.was_on = gc.isenabled()
                gc.disable()
            self.users += 1
        try:
            yield
        finally:
            with self.lock:
                self.users -= 1
                if self.users == 0 and self.was_on:
                    gc.enable()


COLLECTOR = _Collector()


class Worker(Generic[T]):
    """``work()`` on a worker thread: its ``result``, or the ``error`` it
    raised.  ``cancel`` only says that nobody waits for it any more: the
    thread runs to its end (a Python thread cannot be stopped half-way)
    and what it makes is dropped.

    ``quiet``: the cyclic garbage collector is paused while it runs, for
    work that makes many objects and no reference cycles.  A collection
    holds the interpreter, so the frame waits for it: replaying a round of
    Delphi alone with 29 guesses to judge (up to 100,000 situations each,
    as tuples) set off 7,058 collections on the worker, 71 of them over
    20 ms (up to 402 ms on the loaded machine) and 70 of those freeing
    nothing; paused, one (scripts/delphi_solo_continue.py's round)."""

    def __init__(self, work: Callable[[], T], name: str, *, quiet: bool = False) -> None:
        self.work = work
        self.quiet = quiet
        self.result: T | None = None
        self.error: Exception | None = None
        self.cancelled = False
        self._done = threading.Event()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            with COLLECTOR.paused() if self.quiet else contextlib.nullcontext():
                self.result = self.work()
        except Exception as e:  # noqa: BLE001 -- handed to the frame thread, which decides
            self.error = e
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self.cancelled = True


class WaitScene(Overlay):
    """``title`` over the first line (wrapped) and smaller lines under it."""

    name = "wait"

    def __init__(self, app, title: str, job: Work, lines: Callable[[], list[str]], finish: Callable[[], list[str] | None]) -> None:
        super().__init__(app)
        self.title = title
        self.job = job
        self.lines = lines
        self.finish = finish
        #: the work ended without a result: these lines say why
        self.failed: list[str] | None = None

    def _rect(self) -> pygame.Rect:
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.9, 600 * s))
        first, *rest = self.shown()
        body = len(wrap(first, int(18 * s), pw - int(48 * s))) * int(18 * s * 1.25) + len(rest) * int(24 * s)
        ph = int(150 * s) + body
        return pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)

    def shown(self) -> list[str]:
        return (self.failed if self.failed is not None else self.lines()) or [""]

    def build_ui(self) -> None:
        r = self._rect()
        s = self.app.scale
        bw, bh = int(180 * s), int(44 * s)
        label = tr("ui.ok") if self.failed is not None else tr("ui.cancel")
        self.focus(self.button((r.centerx - bw // 2, r.bottom - bh - int(18 * s), bw, bh), label, self.on_escape, key="cancel"))

    def on_escape(self) -> None:
        self.job.cancel()
        self.app.pop()

    def exit(self) -> None:
        self.job.cancel()
        super().exit()

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.job.done or self.failed is not None:
            return
        failed = self.finish()
        if failed is not None:
            self.failed = failed
            self.rebuild_ui()
        elif self.app.scenes.top is self:  # (a game it started has taken the screen already)
            self.app.pop()

    def draw_panel(self, surface: pygame.Surface) -> None:
        r = self._rect()
        s = self.app.scale
        panel(surface, r, 240, int(14 * s), GOLD)
        text(surface, self.title, (r.centerx, r.y + int(20 * s)), int(24 * s), INK, bold=True, anchor="midtop", max_width=r.w - int(40 * s))
        first, *rest = self.shown()
        box = pygame.Rect(r.x + int(24 * s), r.y + int(64 * s), r.w - int(48 * s), r.h)
        used = text_block(surface, first, box, int(18 * s), INK)
        for i, line in enumerate(rest):
            text(surface, line, (r.centerx, box.y + used + int(10 * s) + i * int(24 * s)), int(16 * s), INK_DIM, anchor="midtop", max_width=r.w - int(40 * s))


__all__ = ["WaitScene", "Work", "Worker"]
