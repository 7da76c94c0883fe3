"""One data folder, one running app; a folder that cannot be written.

Two copies of the app on one folder overwrote each other's save slot
without a word; a killed copy left its temporary files; a read-only data
folder raised an uncaught OSError when a save was deleted or moved aside.
Now the second copy asks (read-only or quit) and then writes nothing, a
killed copy's lock is gone with it and its temporary files are removed at
the next start, and a folder that cannot be written still lets the player
play, with one message.

The tests run as root here, and root writes into a folder of mode 0555
regardless (the kernel skips the permission check for it).  So a
read-only folder is made by failing every write under it at the ``os``
calls the app uses (:func:`unwritable`), and, where the tests run as root,
also for real: the app is started as the user ``nobody`` on a folder of
mode 0555.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.app import App
from game.persistence import storage
from game.persistence.saves import save_path, stats_path
from game.persistence.settings import settings_path
from game.ui.tables import table
from tests.ui import filefuzz as ff
from tests.ui.helpers import press, pump, said

ROOT, ENV, GAPS_SAVE = ff.ROOT, ff.HEADLESS, ff.GAPS_SAVE


@contextlib.contextmanager
def first_copy(home: Path):
    """The app running in a process of its own on ``home``, up to its loop."""
    env = dict(os.environ, MTG_HOME=str(home), **ENV)
    p = subprocess.Popen([sys.executable, "-m", "game"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    try:
        assert p.stdout is not None
        assert p.stdout.readline().strip() == "ready"
        yield p
    finally:
        if p.poll() is None:
            p.kill()
        p.wait(timeout=30)


def _app():
    a = App((1024, 640), fullscreen=False)
    a.settings.animation = "off"
    a.settings.sound = False
    return a


def _said(app) -> list[str]:
    """Everything the app will have shown, kept beyond the toasts' time."""
    shown: list[str] = []
    show = app.toasts.show
    app.toasts.show = lambda text, *a, **kw: (shown.append(text), show(text, *a, **kw))
    return shown


def _play(app, gid: str, frames: int = 200):
    """Computers play a game of ``gid`` at a table; the table."""
    t = table(gid).open_autoplay(app, 5)
    for _ in range(frames):
        if t.finished:
            break
        app.step(0.05, events=[])
    return t


# --- two copies -------------------------------------------------------------------------------------


def test_a_second_copy_asks_and_then_writes_nothing(private_home):
    _write_save = save_path("gaps")
    _write_save.parent.mkdir(parents=True)
    _write_save.write_text(json.dumps(GAPS_SAVE))
    with first_copy(private_home):
        before = ff.snapshot(private_home)
        app = _app()
        try:
            shown = _said(app)
            app.to_menu()
            app.ask_about_other_copy()
            pump(app, 2)
            assert app.scenes.top.name == "confirm" and app.scenes.top.title == "The app is already open"
            press(app, "Open read-only")
            assert app.scenes.top.name == "menu"
            # a whole game, Continue and the statistics: nothing is written
            t = _play(app, "gaps", frames=2000)
            assert t.finished
            app.settings.four_colour = True
            app.save_settings()
            app.to_menu()
            press(app, "Continue")
            assert app.scenes.top.name == "saves"
            press(app, "Resume")
            assert app.scenes.top.name == "gaps-table"
            app.to_menu()
            press(app, "Statistics")
            assert ff.snapshot(private_home) == before
            assert [s for s in shown if "saves nothing" in s] == ["This window saves nothing: another copy of the app uses the same saves. You can still play."]
        finally:
            app.close()


def test_a_second_copy_can_quit(private_home):
    with first_copy(private_home):
        app = _app()
        try:
            app.to_menu()
            app.ask_about_other_copy()
            pump(app, 2)
            press(app, "Quit")
            assert not app.running
        finally:
            app.close()


def test_a_second_copy_started_by_a_player_shows_the_question_first(private_home):
    with first_copy(private_home) as first:
        r = ff.first_frame(private_home)
        assert r.returncode == 0 and r.stdout.split()[0::2] == ["first-frame", "confirm"], r.stdout + r.stderr
        assert first.poll() is None


def test_a_killed_copy_leaves_no_lock_and_its_temporary_files_go(private_home):
    """SIGKILL between writing a temporary file and renaming it leaves the
    temporary file; the lock goes with the process."""
    with first_copy(private_home) as first:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    left = []
    for path in (save_path("gaps"), stats_path(), settings_path()):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)  # as atomic_write_json names them
        os.write(fd, b'{"schema": 1, "ga')
        os.close(fd)
        left.append(Path(tmp))
    mine = save_path("gaps").parent / "notes.tmp"
    mine.write_text("not the app's")
    app = _app()
    try:
        assert not [p for p in left if p.exists()] and mine.exists()
        assert app.storage.access is storage.Access.WRITE and app.storage.cleaned == 3
    finally:
        app.close()


# --- a folder that cannot be written ----------------------------------------------------------------


@contextlib.contextmanager
def unwritable(home: Path, *, lock_too: bool = True):
    """Every write, rename and delete under ``home`` fails with EACCES, as
    in a folder of mode 0555 for a user who is not root.  ``lock_too``:
    the lock file cannot be made either (else it can: the folder went
    read-only after the app started)."""
    real = {n: getattr(os, n) for n in ("open", "mkdir", "replace", "rename", "unlink", "remove", "rmdir")}
    writes = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def denied(path) -> bool:
        p = os.path.abspath(os.fsdecode(path))
        return p.startswith(str(home)) and (lock_too or not p.endswith(storage.LOCK_NAME))

    def fail(path):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))

    def open_(path, flags, *a, **kw):
        if flags & writes and denied(path):
            fail(path)
        return real["open"](path, flags, *a, **kw)

    def guard(name):
        def call(path, *a, **kw):
            if denied(path):
                fail(path)
            return real[name](path, *a, **kw)

        return call

    with pytest.MonkeyPatch.context() as mp:  # its own: undoing it leaves MTG_HOME set
        mp.setattr(os, "open", open_)
        for n in ("mkdir", "replace", "rename", "unlink", "remove", "rmdir"):
            mp.setattr(os, n, guard(n))
        yield


@contextlib.contextmanager
def read_only_for_real(home: Path):
    """The folders under ``home`` made read-only for this process: mode
    0555, or for root (whom modes do not stop) immutable (``chattr +i``:
    nothing may be created, renamed or removed in them, by root either)."""
    dirs = [home, *(p for p in home.rglob("*") if p.is_dir() and not p.is_symlink())]
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", *map(str, dirs)], check=True)
    else:
        for d in dirs:
            d.chmod(0o555)
    try:
        yield
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", *map(str, dirs)], check=True)
        else:
            for d in dirs:
                d.chmod(0o755)


def _bad_save_and_stats() -> None:
    save_path("gaps").parent.mkdir(parents=True)
    save_path("gaps").write_text('{"schema": 1, "game": "ga')
    stats_path().write_text(json.dumps({"schema": 1, "games": {"gaps": {"r2": {"games": "5"}}}}))
    settings_path().parent.mkdir(parents=True)


@pytest.mark.parametrize("how", ["from-the-start", "after-the-start", "for-real"])
def test_a_read_only_data_folder_still_lets_the_player_play(private_home, how):
    """A bad save cannot be moved aside, a finished game's save cannot be
    deleted, nothing can be saved: no exception, the player is told once
    per kind of file, and the folder is as it was.  ``from-the-start``:
    not even the lock can be made (the app knows it is read-only);
    otherwise the lock is there but every other write fails."""
    _bad_save_and_stats()
    (private_home / "data" / storage.LOCK_NAME).write_text("")
    before = ff.snapshot(private_home)
    folder = read_only_for_real(private_home) if how == "for-real" else unwritable(private_home, lock_too=how == "from-the-start")
    with folder:
        app = _app()
        try:
            at_start = [t.text for t in app.toasts.items]
            shown = _said(app)
            app.to_menu()
            press(app, "Continue")  # the damaged save cannot be moved aside
            assert app.scenes.top.name == "menu"
            t = _play(app, "gaps", frames=2000)  # saves after every move, deletes the save at the end
            assert t.finished
            on_table = said(t)
            t2 = _play(app, "runs", frames=50)
            assert not t2.finished
            app.settings.sound = True
            app.save_settings()
            app.to_menu()
            press(app, "Statistics")
            assert app.scenes.top.name == "statistics"
        finally:
            app.close()
        assert ff.snapshot(private_home) == before
    told = "\n".join(at_start + shown + on_table)
    assert "damaged" in told
    if how == "from-the-start":
        assert told.count("saves nothing") == 1 and "cannot be written" in told
        return
    denied = "Permission denied" if how == "after-the-start" or os.geteuid() != 0 else "Operation not permitted"
    assert told.count(f"The game could not be saved: {denied}") == 1
    assert told.count(f"The settings could not be saved: {denied}") == 1
    assert told.count(f"The statistics could not be saved: {denied}") == 1
    # its statistics could not be written, so the finished game's save is
    # not removed (it stays, or would, for Continue: issue 21)
    assert "The finished game's save could not be removed" not in told
    assert f"could not be moved aside ({denied})" in told


def test_an_app_started_on_a_read_only_folder_draws_its_first_frame(private_home):
    """As a player starts it, on a folder it cannot even put its lock in."""
    _bad_save_and_stats()
    settings_path().write_text('{"schema": 1, "language": 7}')
    before = ff.snapshot(private_home)
    with read_only_for_real(private_home):
        r = ff.first_frame(private_home)
        assert r.returncode == 0 and r.stdout.startswith("first-frame"), r.stdout + r.stderr
        assert "Traceback" not in r.stderr
        assert ff.snapshot(private_home) == before


def test_a_damaged_save_in_a_read_only_folder_is_explained_each_time(private_home):
    """It cannot be moved aside, so Continue stays and says why again."""
    save_path("gaps").parent.mkdir(parents=True)
    save_path("gaps").write_text("{")
    with unwritable(private_home):
        app = _app()
        try:
            for _ in range(2):
                app.toasts.clear()
                app.to_menu()
                press(app, "Continue")
                assert app.scenes.top.name == "menu"
                assert any("damaged" in t.text and "stays where it is" in t.text for t in app.toasts.items)
        finally:
            app.close()
    assert save_path("gaps").read_text() == "{"
