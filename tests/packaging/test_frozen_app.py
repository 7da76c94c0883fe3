"""The packaged app (dist/mind-the-gap/, built by `make package`), as a
player gets it: what it carries, run from a read-only folder whose path
has spaces, its release archive, and `make install` then a start from the
installed desktop entry in a real X window.

`make test` runs this file after `make package` with MTG_PACKAGED_APP set
to the packaged folder; a plain `pytest` run without it does not collect
it (tests/packaging/conftest.py).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.packaging.support import NAME, ROOT, archive_modules, carried_dev_modules, desktop_file_validate, dev_only_modules, exec_argv, make, read_entry, tree

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux build; the workflow boots the others")

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
LICENCES = {"LICENSE-mind-the-gap.txt", "THIRD-PARTY.txt", "LGPL-2.1.txt", "Apache-2.0.txt", "Python-LICENSE.txt", "LICENSE-DejaVu.txt", "pygame_gui-LICENSE.txt", "pyinstaller-COPYING.txt"}


@pytest.fixture(scope="module")
def app() -> Path:
    where = os.environ.get("MTG_PACKAGED_APP")
    assert where, "the packaged app's tests: `make package packaged-tests` runs them (MTG_PACKAGED_APP names the folder)"
    folder = Path(where).resolve()
    assert (folder / NAME).is_file(), f"MTG_PACKAGED_APP={where}, but {folder / NAME} is not there: run make package"
    return folder


def no_make_rebuild(app: Path) -> tuple[str, ...]:
    """make arguments that install/dist this very folder, without building it again."""
    return (f"APP_DIR={app}", "-o", str(app / NAME))


@pytest.fixture
def open_dir() -> Iterator[Path]:
    """A temporary folder every user can enter (pytest's own is private
    to its owner; the app may be run as 'nobody' in it)."""
    d = Path(tempfile.mkdtemp(prefix="mtg pack "))
    d.chmod(0o755)
    try:
        yield d
    finally:
        for p in [d, *d.rglob("*")]:
            if p.is_dir() and not p.is_symlink():
                p.chmod(p.stat().st_mode | stat.S_IWUSR | stat.S_IXUSR)
        shutil.rmtree(d)


def smoke(exe: Path, home: Path, as_user: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MTG_", "PYTHON"))}
    env.update(MTG_HOME=str(home), HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    extra: dict = {}
    if as_user:
        import pwd

        pw = pwd.getpwnam(as_user)
        extra = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
    return subprocess.run([str(exe), "--smoke"], env=env, cwd=cwd or home, capture_output=True, text=True, timeout=300, **extra)


def assert_smoke_ok(r: subprocess.CompletedProcess) -> int:
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    m = re.search(r"smoke: (\d+) scenes drew, 0 failed", r.stdout)
    assert m, r.stdout[-2000:]
    assert int(m.group(1)) >= 20
    return int(m.group(1))


def snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    """Every path under ``root`` with its mode, size and mtime."""
    out = {}
    for p in [root, *root.rglob("*")]:
        s = p.lstat()
        out[p.relative_to(root).as_posix()] = (s.st_mode, s.st_size, s.st_mtime_ns)
    return out


# --- what it carries --------------------------------------------------------------------------


def test_carries_no_development_packages(app):
    """A listing of the folder and of the Python archive inside the
    executable: nothing of a package that only the dev extras bring
    (psutil, pytest, hypothesis, mypy, PyInstaller, typing_extensions...)."""
    dev = dev_only_modules()
    assert {"psutil", "pytest", "hypothesis", "mypy", "PyInstaller"} <= dev
    paths = sorted(tree(app))
    modules = archive_modules(app / NAME)
    assert len(paths) > 100 and len(modules) > 200, "the listing is of a real app"
    assert carried_dev_modules(paths, modules, dev) == []
    # the same check finds what it looks for (pygame is in both listings)
    found = carried_dev_modules(paths, modules, frozenset({"pygame"}))
    assert any("(folder)" in f for f in found) and any("(archive)" in f for f in found)
    # and what the app needs is there
    assert {"game", "pygame", "pygame_gui", "platformdirs"} <= {m.split(".")[0] for m in modules}


def test_carries_its_licences(app):
    found = sorted(app.rglob("LICENSE-mind-the-gap.txt"))
    assert len(found) == 1
    folder = found[0].parent
    assert {p.name for p in folder.iterdir()} >= LICENCES
    notes = (folder / "THIRD-PARTY.txt").read_text(encoding="utf-8")
    # every native library in the folder is named in THIRD-PARTY.txt
    # (auditwheel names them libSDL2-2-50d19f93.0.so.0...: the hash out, then .so..., then SDL's -2.0)
    libs = {re.sub(r"-2\.0$", "", re.sub(r"\.so(\..*)?$", "", re.sub(r"-[0-9a-f]{8}", "", p.name))) for p in app.rglob("lib*.so*")}
    assert len(libs) > 10
    missing = sorted(lib for lib in libs if lib not in notes)
    assert not missing, f"THIRD-PARTY.txt does not name {missing}"


@pytest.mark.parametrize("tool", ["soak", "bench"])
def test_developer_tools_are_refused_in_one_line(app, tmp_path, tool):
    """bench and soak need what the app does not carry (psutil, a Python
    to start): one line and code 2, never a traceback."""
    env = dict(os.environ, MTG_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([str(app / NAME), tool, "--json"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1 and "developer's tool" in r.stderr, r.stderr


# --- where it runs from ---------------------------------------------------------------------------


def test_runs_from_a_read_only_folder_whose_path_has_spaces(app, open_dir):
    place = open_dir / "Program Files" / "Mind the Gap (read only)"
    shutil.copytree(app, place, symlinks=True)
    for p in [*place.rglob("*"), place, place.parent]:
        if not p.is_symlink():
            p.chmod(p.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    before = snapshot(place)
    home = open_dir / "home dir"
    home.mkdir()
    # root writes anywhere: the app then runs as 'nobody', for whom the folder is read-only
    import pwd

    user = "nobody" if os.geteuid() == 0 else None
    uid = None
    if user:
        pw = pwd.getpwnam(user)
        uid = pw.pw_uid
        os.chown(home, pw.pw_uid, pw.pw_gid)
    probe = subprocess.run(["sh", "-c", f'touch "{place}/probe"'], capture_output=True, text=True, user=uid)
    assert probe.returncode != 0, "the folder is read-only for the user who runs the app"
    assert_smoke_ok(smoke(place / NAME, home, as_user=user))
    assert snapshot(place) == before, "the app wrote into its own folder"
    assert any(home.rglob("*")), "its files went to MTG_HOME"


# --- the release archive ---------------------------------------------------------------------------


def test_make_dist_writes_a_versioned_archive_with_the_licences(app, open_dir):
    out = open_dir / "out"
    r = make("dist", f"DIST_OUT={out}", *no_make_rebuild(app))
    assert r.returncode == 0, r.stdout + r.stderr
    archives = list(out.iterdir())
    assert [a.name for a in archives] == [f"{NAME}-{VERSION}-linux-{os.uname().machine.replace('aarch64', 'arm64')}.tar.gz"]
    archive = archives[0]
    top = f"{NAME}-{VERSION}"
    with tarfile.open(archive) as t:
        members = t.getmembers()
        names = {m.name for m in members}
        assert all(n == top or n.startswith(top + "/") for n in names)
        assert all(".." not in Path(n).parts and not n.startswith("/") for n in names)
        assert {f"{top}/{NAME}", f"{top}/README.txt"} | {f"{top}/licences/{n}" for n in LICENCES} <= names
        exe = t.getmember(f"{top}/{NAME}")
        assert exe.mode & 0o111 and exe.uid == 0 and exe.uname == ""
        # the whole packaged folder is in it
        assert {f"{top}/{p}" for p in tree(app)} <= names
        where = open_dir / "Downloads" / "new games"
        where.mkdir(parents=True)
        t.extractall(where, filter="tar")
    size = archive.stat().st_size
    assert 5 * 2**20 < size < 60 * 2**20, f"{size} bytes"
    home = open_dir / "home"
    home.mkdir()
    assert_smoke_ok(smoke(where / top / NAME, home))


# --- install, start from the desktop entry, uninstall ------------------------------------------------


def test_make_install_then_the_desktop_entry_starts_the_app(app, open_dir, tmp_path):
    from tests.ui.realwindow import Window, Xvfb, missing, wait_for

    if missing():
        pytest.skip(f"not installed: {', '.join(missing())}")
    home = open_dir / "Anna Lena"
    prefix = home / ".local"
    (prefix / "share" / "applications").mkdir(parents=True)
    (prefix / "share" / "applications" / "editor.desktop").write_text("[Desktop Entry]\nType=Application\nName=Editor\nExec=true\n")
    before = tree(home)
    r = make("install", f"PREFIX={prefix}", *no_make_rebuild(app))
    assert r.returncode == 0, r.stdout + r.stderr
    entry_file = prefix / "share" / "applications" / f"{NAME}.desktop"
    if shutil.which("desktop-file-validate"):
        v = desktop_file_validate(entry_file)
        assert v.returncode == 0 and not v.stdout.strip(), v.stdout
    entry = read_entry(entry_file)
    argv = exec_argv(entry["Exec"])
    assert argv == [str(prefix / "lib" / NAME / NAME)]
    assert os.access(entry["TryExec"], os.X_OK)
    icons = sorted(prefix.glob(f"share/icons/hicolor/*/apps/{entry['Icon']}.png"))
    assert len(icons) == 9, "the icon the entry names is installed in every size"

    class FromEntry(Window):
        """The app as a desktop launcher starts it: the entry's command
        line, in the user's home folder."""

        def __init__(self, x: Xvfb, argv: list[str]) -> None:
            self.x, self.home, self.tmp, self.shots = x, home / "mtg", tmp_path, 0
            self.env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS") and not k.startswith("MTG_")}
            self.env.update(DISPLAY=x.display, HOME=str(home), MTG_HOME=str(home / "mtg"), SDL_AUDIODRIVER="dummy")
            # a session bus address, always, whatever the machine has: with
            # none, and dbus-x11 installed, SDL autolaunched a bus that wrote
            # ~/.dbus/ into the home (issue 51); the machine's own bus would
            # tie the test to its desktop.  One nobody listens on: SDL and
            # the screen reader's bridge find no bus and write nothing.
            self.env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={tmp_path / 'no-session-bus'}"
            self.proc = subprocess.Popen(argv, env=self.env, cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            assert self.proc.stdout is not None
            line = self.proc.stdout.readline().strip()
            assert line == "ready", self.proc.stderr.read() if self.proc.poll() is not None else f"printed {line!r}"
            self.wid = wait_for("the app's window", self._find)

    x = Xvfb()
    try:
        win = FromEntry(x, argv)
        try:
            assert x.xdo("getwindowname", win.wid).strip() == entry["Name"]
            if shutil.which("xprop"):
                cls = subprocess.run(["xprop", "-id", win.wid, "WM_CLASS"], env=win.env, capture_output=True, text=True, timeout=20).stdout
                assert f'"{entry["StartupWMClass"]}"' in cls, cls
            picture = win.settled()
            w, h = picture.get_size()
            assert w >= 640 and h >= 400
            colours = {picture.get_at((x_, y_))[:3] for x_ in range(0, w, 7) for y_ in range(0, h, 7)}
            assert len(colours) > 50, "the menu is drawn (text, buttons on felt), not an empty window"
            assert win.proc.poll() is None
        finally:
            win.close()
    finally:
        x.close()
    r = make("uninstall", f"PREFIX={prefix}")
    assert r.returncode == 0, r.stdout + r.stderr
    after = tree(home) - {p for p in tree(home) if p == "mtg" or p.startswith("mtg/")}
    assert after == before, f"left behind: {sorted(after - before)}; removed: {sorted(before - after)}"


def test_a_screen_reader_reads_the_packaged_apps_menu_and_presses_a_button(app, tmp_path):
    """accesskit is inside the packaged app, and its bridge process is
    the app run again with ``a11y-bridge``: a reader process (AT-SPI, in
    a private session with accessibility on) finds the menu's buttons by
    name, and its press opens the rules."""
    from tests.a11y.session import Session, missing

    if missing():
        pytest.skip(f"not installed: {', '.join(missing())}")
    session = Session()
    try:
        proc = subprocess.Popen([str(app / NAME), "--windowed", "--size", "1024x640", "--lang", "en"], env=session.app_env(tmp_path), cwd=tmp_path,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
            res = session.reader("tree", "--ppid", str(proc.pid), "--wait-for", "Quit", "--press", "Rules", "--expect", "Back")
            assert res["found"], "no application for the packaged app on the AT-SPI bus"
            assert res["tree"][0]["name"] == NAME
            names = [n["name"] for n in res["tree"] if n["role"] == "push button"]
            assert {"Gaps (Montana)", "Delphi", "Runs", "Settings", "Rules", "Quit"} <= set(names), names
            assert res["pressed"] and "Back" in [n["name"] for n in res["after"]]
        finally:
            proc.terminate()
            _, err = proc.communicate(timeout=60)
    finally:
        session.close()
    assert "Traceback" not in err, err[-3000:]


@pytest.mark.parametrize("lang", ["de"])
def test_a_screen_reader_reads_and_plays_a_gaps_table_in_the_packaged_app(app, tmp_path, lang):
    """The Gaps table of the packaged app, as tests/a11y/test_atspi_tables.py
    checks it from source: the reader finds all 48 cards of the seeded deal
    by name and place, hears the focus move with Tab and the arrows, and the
    move Enter makes."""
    from tests.a11y.session import Session, missing
    from tests.a11y.test_atspi_tables import driven, gaps_checked

    if missing():
        pytest.skip(f"not installed: {', '.join(missing())}")
    session = Session()
    try:
        with driven(session, tmp_path, "gaps-opening", lang, argv=[str(app / NAME)]) as d:
            gaps_checked(d, lang)
    finally:
        session.close()


def test_the_gaps_tables_thinking_process_runs_in_the_packaged_app(app, tmp_path):
    """The Gaps table's hint thinks in a child process, which the packaged
    app starts by running itself again; ``multiprocessing.freeze_support``
    (scripts/app_entry.py) makes that run the child's work rather than a
    second app, which would stop at once on the child's arguments.  The
    child waits for positions as long as the table is open, and goes when
    the app does."""
    import time

    import psutil

    env = {k: v for k, v in os.environ.items() if not k.startswith(("MTG_", "PYTHON"))}
    env.update(MTG_HOME=str(tmp_path), HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([str(app / NAME), "--scene", "gaps-opening"], env=env, cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    child = None
    try:
        parent = psutil.Process(proc.pid)
        deadline = time.monotonic() + 120
        while child is None and time.monotonic() < deadline and proc.poll() is None:
            child = next((c for c in parent.children() if "--multiprocessing-fork" in c.cmdline()), None)
            time.sleep(0.2)
        assert child is not None, "no thinking process was started"
        time.sleep(3)
        assert child.is_running() and child.status() != psutil.STATUS_ZOMBIE, "the thinking process ended by itself"
        assert proc.poll() is None
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    child.wait(60)
    assert not child.is_running()
    assert "Traceback" not in err, err[-3000:]
