"""The app in a real X window, driven as a person drives it: Xvfb, the app
started as a player starts it, xdotool moving the real pointer and
pressing real keys, screenshots of the window.  Every wait polls for the
thing it waits for (a window, a save, a picture) with a deadline; nothing
sleeps for a fixed time.  The deadlines are generous (a minute for a still
picture): they only matter when something never comes, and a loaded
machine (load 6-9 on 2 cores) ran a 20 s wait out."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

NEEDED = ("Xvfb", "xdotool", "import")
SCREEN = (1600, 1000)


def missing() -> list[str]:
    return [t for t in NEEDED if shutil.which(t) is None]


def wait_for(what: str, cond: Callable[[], object], timeout: float = 60.0, poll: float = 0.05):
    """``cond()`` until it gives something true; its value, or a failure
    that says what never came."""
    end = time.monotonic() + timeout
    while True:
        got = cond()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(poll)


class Xvfb:
    def __init__(self) -> None:
        if missing():
            pytest.skip(f"not installed: {', '.join(missing())}")
        # Xvfb picks a free display itself and writes its number to a pipe
        # (other test runs on this machine may hold some)
        rfd, wfd = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(wfd), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(wfd,),
        )
        os.close(wfd)
        with os.fdopen(rfd) as r:
            number = r.readline().strip()
        assert number.isdigit(), "Xvfb did not start"
        self.display = f":{number}"
        wait_for("the X server", lambda: self.xdo("getdisplaygeometry").strip() == f"{SCREEN[0]} {SCREEN[1]}", timeout=60)

    def xdo(self, *args: str) -> str:
        env = dict(os.environ, DISPLAY=self.display)
        return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=60).stdout

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class Window:
    """One running app and its window."""

    def __init__(self, x: Xvfb, home: Path, args: list[str], tmp: Path) -> None:
        self.x = x
        self.home = home
        self.tmp = tmp
        self.shots = 0
        env = dict(os.environ, DISPLAY=x.display, MTG_HOME=str(home), SDL_AUDIODRIVER="dummy")
        env.pop("SDL_VIDEODRIVER", None)
        self.env = env
        self.proc = subprocess.Popen([sys.executable, "-m", "game", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "ready", self.proc.stderr.read() if self.proc.poll() is not None else "no ready"
        self.wid = wait_for("the app's window", self._find)

    def _find(self) -> str | None:
        """The app's visible window (SDL may make a new one for full screen)."""
        found = self.x.xdo("search", "--onlyvisible", "--pid", str(self.proc.pid)).split()
        return found[-1] if found else None

    def geometry(self) -> tuple[int, int, int, int]:
        def read():
            self.wid = self._find() or self.wid
            out = self.x.xdo("getwindowgeometry", self.wid)
            if "Position" not in out:
                self.wid = self._find() or self.wid
                return None
            pos = next(line for line in out.splitlines() if "Position" in line).split()[1].split(",")
            size = next(line for line in out.splitlines() if "Geometry" in line).split()[1].split("x")
            w, h = int(size[0]), int(size[1])
            # a full-screen window reports the old position; it lies on the screen
            return min(int(pos[0]), SCREEN[0] - w), min(int(pos[1]), SCREEN[1] - h), w, h

        return wait_for("the window's geometry", read, timeout=30)

    def size(self) -> tuple[int, int]:
        return self.geometry()[2:]

    def shot(self):
        """The window's pixels now, as a pygame surface (the whole screen
        is captured and cut to the window: SDL may replace the window)."""
        import pygame

        x, y, w, h = self.geometry()
        self.shots += 1
        path = self.tmp / f"shot{self.shots}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True, timeout=60, capture_output=True)
        return pygame.image.load(str(path)).subsurface(pygame.Rect(x, y, w, h)).copy()

    def settled(self, timeout: float = 60.0):
        """A screenshot once two in a row agree (flights landed, the frame
        after a resize drawn)."""
        import pygame

        last: list = [None]

        def same():
            img = self.shot()
            prev, last[0] = last[0], img
            if prev is None or prev.get_size() != img.get_size():
                return None
            return img if pygame.image.tobytes(prev, "RGB") == pygame.image.tobytes(img, "RGB") else None

        return wait_for("a still picture of the window", same, timeout)

    def point(self, pos: tuple[int, int]) -> tuple[str, str]:
        ox, oy, _, _ = self.geometry()
        return str(pos[0] + ox), str(pos[1] + oy)

    def click(self, pos: tuple[int, int]) -> None:
        self.x.xdo("mousemove", "--sync", *self.point(pos))
        self.x.xdo("click", "1")

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 10) -> None:
        self.x.xdo("mousemove", "--sync", *self.point(start))
        self.x.xdo("mousedown", "1")
        for k in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
            self.x.xdo("mousemove", "--sync", *self.point(p))
        self.x.xdo("mouseup", "1")

    def key(self, name: str) -> None:
        """A real key press (XTEST) into the app's window of now, which gets
        the keyboard first (there is no window manager to give it)."""
        self.geometry()
        self.x.xdo("windowfocus", "--sync", self.wid)
        self.x.xdo("key", name)

    def resize(self, w: int, h: int) -> None:
        self.geometry()
        self.x.xdo("windowsize", "--sync", self.wid, str(w), str(h))
        wait_for(f"the window at {w}x{h}", lambda: self.size() == (w, h))

    def save(self, game_id: str) -> dict | None:
        """The newest save of ``game_id``: one file per setup since issue 15
        (``<game>.<setup digest>.json``, game/persistence/saves.py)."""
        folder = self.home / "data" / "saves"
        try:
            found = sorted(folder.glob(f"{game_id}.*json"), key=lambda f: f.stat().st_mtime)
            return json.loads(found[-1].read_text()) if found else None
        except (OSError, ValueError):
            return None

    def actions(self, game_id: str) -> list[str]:
        s = self.save(game_id)
        return list(s["record"]["actions"]) if s else []

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def probe(size: tuple[int, int], scene: str, look: Callable):
    """The layout the real window will have: the same scene at the same
    size in this process (dummy driver); ``look(app, scene)`` reads what
    the test needs from it, and the picture of it comes back too."""
    import pygame

    from game.app import App, all_scene_factories

    app = App(size, fullscreen=False)
    try:
        app.settings.animation = "off"
        app.to_menu()
        app.scenes.push(dict(all_scene_factories(app))[scene]())
        for _ in range(3):
            app.step(1 / 60, events=[])
        got = look(app, app.scenes.top)
        picture = app.window.copy()
        app.to_menu()
        for _ in range(2):
            app.step(1 / 60, events=[])
        menu = app.window.copy()
        return got, pygame.image.tobytes(picture, "RGB"), pygame.image.tobytes(menu, "RGB")
    finally:
        app.close()


def closer_to(img, a: bytes, b: bytes, rects) -> bool:
    """Inside ``rects``, whether the picture is closer to ``a`` than to ``b``
    (both pictures of the same size, as bytes)."""
    import pygame

    w, _ = img.get_size()
    mine = pygame.image.tobytes(img, "RGB")
    da = db = 0
    for r in rects:
        for y in range(r.y, r.bottom, 2):
            for x in range(r.x, r.right, 2):
                i = (y * w + x) * 3
                da += sum(abs(mine[i + c] - a[i + c]) for c in range(3))
                db += sum(abs(mine[i + c] - b[i + c]) for c in range(3))
    return da < db
