"""Small pictures of the tables for the menu, drawn by each table's own
painters from one of its demo positions (its ``TABLE.menu_picture``
screen, the one the screenshot tool shows too).

Making one costs what opening that table costs: its package imported
(0.09-0.36 s each, 0.76 s for the four, measured on the shared test
machine), its position played by the computers, one frame painted
(13-28 ms at 1280x800).  The menu is the first screen of every launch, so
none of that may hold up its first frame: the package and the position are
made on a worker thread (``Worker``), one game at a time, and only the
painting, which must be done where pygame draws, is left to the frame
(one table per frame).  Until a picture is there its place stays an empty
frame.

A picture is painted once at the design size (1280x800, so every table
lays out as it does in a normal window), kept at :data:`SOURCE` and scaled
for the window from that: a resize or a return to the menu costs a
smoothscale (~1 ms), not a table.  Kept per game and per the settings the
picture shows (language, four colours, card back, felt, card size), for
the whole process: every menu of the session shares them.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

import game
from game.engine.registry import GameInfo
from game.i18n import current
from game.persistence.paths import cache_dir
from game.persistence.storage import read_only
from game.ui.assets import scale_for
from game.ui.kit.wait import Worker
from game.ui.scene import AppServices
from game.ui.tables import available, table

#: the window a table is painted for: the design size, where every table
#: lays out as in a normal window
DESIGN = (1280, 800)
#: the size a picture is kept at: the largest thumbnail the menu asks for
#: (at 3840x2160) is ~620 px wide; four sources cost 4 MB
SOURCE = (640, 400)

Key = tuple[Any, ...]


def picture_key(app: AppServices) -> Key:
    """What a picture depends on beside its game: the settings it shows."""
    s = app.settings
    return (s.language, s.four_colour, s.card_back, s.felt, s.card_size)


@functools.cache
def code_stamp() -> str:
    """The app's code and assets as they are: the size and time of every
    file of the ``game`` package and of ``assets`` (~300 files; 3 ms).
    A picture painted by other code is not read back."""
    h = hashlib.blake2b(digest_size=8)
    here = Path(game.__file__).resolve().parent
    for root in (here, here.parent / "assets"):
        for folder, dirs, files in sorted(os.walk(root)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                with contextlib.suppress(OSError):
                    st = os.stat(os.path.join(folder, name))
                    h.update(f"{os.path.relpath(os.path.join(folder, name), root)}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def cache_file(game_id: str, key: Key) -> Path:
    """Where the picture of ``game_id`` in the look ``key`` is kept."""
    look = hashlib.blake2b(repr((key, SOURCE, DESIGN)).encode(), digest_size=6).hexdigest()
    return cache_dir() / f"menu-{game_id}-{code_stamp()}-{look}.png"


class _Staged:
    """The app as a table made for a picture sees it: the design size and
    its scale, everything else the app's own.  The table is never put on
    the stack, never entered and never gets an event; it is painted once."""

    def __init__(self, app: AppServices) -> None:
        self._app = app
        self.size = DESIGN
        self.scale = scale_for(DESIGN)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)


def picture_scene_name(gi: GameInfo) -> str:
    """The demo screen a game's menu picture shows."""
    return table(gi.id).menu_picture or f"{gi.id}-table"


def build_scene(app: AppServices, gi: GameInfo) -> Any:
    """The table of ``gi``'s menu picture, made for the design size (the
    slow part: its package and its position)."""
    staged = _Staged(app)
    factories = dict(table(gi.id).scene_factories(staged))
    name = picture_scene_name(gi)
    if name not in factories:
        raise KeyError(f"{gi.id}: no screen {name!r} for the menu's picture")
    scene = factories[name]()
    # a table shows a hand once its person has the device, which it settles
    # when it is entered; this one never is, so the device goes here to the
    # person who would have it first (the Delphi and Runs demos showed none)
    match = getattr(scene, "match", None)
    if match is not None and match.viewer is None:
        seat = match.policy.first_viewer(match)
        if seat is not None:
            match.handed_to(seat)
    return scene


def paint(scene: Any) -> pygame.Surface:
    """One frame of ``scene`` at the design size, scaled to :data:`SOURCE`."""
    full = pygame.Surface(DESIGN)
    scene.draw(full)
    return pygame.transform.smoothscale(full, SOURCE)


@dataclass
class _Job:
    game: GameInfo
    key: Key
    app: AppServices
    worker: Worker[Any]


class Thumbnails:
    """The pictures of one process: made in the background, kept by game
    and settings, scaled per size.  :meth:`get` never waits."""

    def __init__(self, build: Callable[[AppServices, GameInfo], Any] = build_scene, *, disk: bool = True) -> None:
        self.build = build
        #: read and write the pictures in the cache folder
        self.disk = disk
        self.sources: dict[tuple[str, Key], pygame.Surface | None] = {}
        self.scaled: dict[tuple[str, Key, tuple[int, int]], pygame.Surface] = {}
        self.job: _Job | None = None
        #: pictures being written to the cache folder
        self.saving: list[Worker[None]] = []

    def get(self, game_id: str, key: Key, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture of ``game_id`` at ``size``, or None while it is being
        made (or when it could not be)."""
        src = self.sources.get((game_id, key))
        if src is None:
            return None
        k = (game_id, key, size)
        img = self.scaled.get(k)
        if img is None:
            if len(self.scaled) > 64:  # sizes of a session's resizes: drop the old ones
                self.scaled.clear()
            img = pygame.transform.smoothscale(src, size)
            if pygame.display.get_surface() is not None:
                img = img.convert()
            self.scaled[k] = img
        return img

    def missing(self, games: list[GameInfo], key: Key) -> list[GameInfo]:
        return [g for g in games if available(g.id) and (g.id, key) not in self.sources]

    def step(self, app: AppServices, games: list[GameInfo]) -> bool:
        """One frame's share: start making the next picture, or paint the
        one whose table is ready.  True when a picture came."""
        key = picture_key(app)
        job = self.job
        if job is not None:
            if not job.worker.done:
                return False
            self.job = None
            # a table made for another app (a test's), or while the language
            # changed under it, is dropped and made again
            if job.app is app and job.key == key and job.key[0] == current():
                self._finish(job)
                return True
        todo = self.missing(games, key)
        if todo and current() == key[0]:
            g = todo[0]
            kept = self._read(g.id, key)
            if kept is not None:
                self.sources[(g.id, key)] = kept
                return True
            self.job = _Job(g, key, app, Worker(lambda: self.build(app, g), f"menu-picture-{g.id}"))
        return False

    def _finish(self, job: _Job) -> None:
        if job.worker.error is not None or job.worker.result is None:
            # a table that cannot be shown is no reason to lose the menu: its
            # frame stays empty, and it is not tried again this session
            self.sources[(job.game.id, job.key)] = None
            return
        self.sources[(job.game.id, job.key)] = img = paint(job.worker.result)
        self._write(job.game.id, job.key, img)

    def _read(self, game_id: str, key: Key) -> pygame.Surface | None:
        """The picture kept on disk, if it is there and whole."""
        if not self.disk:
            return None
        try:
            img = pygame.image.load(str(cache_file(game_id, key)))
        except (OSError, pygame.error, FileNotFoundError):
            return None
        if img.get_size() != SOURCE:
            return None
        return img.convert() if pygame.display.get_surface() is not None else img

    def _write(self, game_id: str, key: Key, img: pygame.Surface) -> None:
        """Keep ``img`` on disk for the next launch (not by a copy that runs
        read-only; a failure costs only the next launch's time).  The
        game's pictures painted by other code go: they would never be read
        (those of another look stay: a language switch back reads them)."""
        if not self.disk or read_only() is not None:
            return
        path = cache_file(game_id, key)
        # on a worker: writing the PNG took 25 ms, a frame of its own
        self.saving = [w for w in self.saving if not w.done]
        copy = img.copy()  # (the frame goes on scaling ``img``)
        self.saving.append(Worker(lambda: _save(copy, path, game_id), f"menu-picture-save-{game_id}"))

    def wait(self) -> None:
        """Until the table being made is made (it is painted by the next
        menu that asks)."""
        if self.job is not None:
            self.job.worker.thread.join()

    def finish(self, app: AppServices, games: list[GameInfo]) -> None:
        """Every picture made now (the screenshot tool waits for them)."""
        while True:
            if self.job is not None:
                self.job.worker.thread.join()
            came = self.step(app, games)
            if self.job is None and not came:
                for w in self.saving:
                    w.thread.join()
                return


def _save(img: pygame.Surface, path: Path, game_id: str) -> None:
    """Write ``img`` to ``path`` whole (a part file, then renamed) and
    remove the game's pictures painted by other code."""
    with contextlib.suppress(OSError, pygame.error):
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.stem + ".part.png")
        pygame.image.save(img, str(part))
        os.replace(part, path)
        current_code = f"menu-{game_id}-{code_stamp()}-"
        for old in path.parent.glob(f"menu-{game_id}-*.png"):
            if not old.name.startswith(current_code):
                old.unlink()


#: the pictures of this process, shared by every menu
THUMBNAILS = Thumbnails()
