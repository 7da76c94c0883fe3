"""What a screen reader gets from the app, read through AT-SPI by a
reader process (tests/a11y/atspi_reader.py, the system's python3 with
gi's Atspi) in a private session with accessibility on.

- the app as a player starts it (``python -m game`` in an X window) shows
  its menu's buttons by name, and a press through AT-SPI's Action
  interface reaches the app (the settings screen opens);
- an announcement is heard as ``object:announcement``, polite or
  assertive.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AT-SPI is Linux's")

#: the menu's buttons a player finds (the menu may grow more)
MENU = {"Mind the Gap", "Gaps (Montana)", "Delphi", "Runs", "Settings", "Statistics", "Rules", "Quit"}


def test_the_menu_is_read_by_name_and_a_press_reaches_the_app(atspi, tmp_path):
    app = subprocess.Popen([sys.executable, "-m", "game", "--windowed", "--size", "1024x640", "--lang", "en"], env=atspi.app_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None
        assert app.stdout.readline().strip() == "ready", app.stderr.read() if app.poll() is not None else "no ready"
        res = atspi.reader("tree", "--ppid", str(app.pid), "--wait-for", "Quit", "--press", "Settings", "--expect", "Back")
        assert res["found"], "the reader found no application for the app"
        tree = res["tree"]
        assert tree[1]["role"] == "frame" and tree[1]["name"] == "Mind the Gap"
        buttons = [n for n in tree if n["role"] == "push button"]
        assert {b["name"] for b in buttons} >= MENU, [b["name"] for b in buttons]
        assert all("click" in b["actions"] for b in buttons)
        assert sum("focused" in b["states"] for b in buttons) == 1
        assert res["pressed"], "do_action(0) on Settings failed"
        after = [n["name"] for n in res["after"] if n["role"] == "push button"]
        assert "Back" in after and "Quit" not in after, f"the settings screen did not open: {after}"
        assert app.poll() is None
    finally:
        app.terminate()
        _, err = app.communicate(timeout=30)
    assert "Traceback" not in err, err[-3000:]


@pytest.fixture
def app_with_bridge(atspi):
    """The app in this process (dummy video), its bridge process on the
    private session's buses."""
    from game.app import App
    from game.ui.a11y.linux import ChildBridge

    a = App((1280, 800), lang="en", fullscreen=False)
    a.settings.sound = False
    a.to_menu()
    a.a11y = ChildBridge(env=atspi.env)
    try:
        yield a
    finally:
        a.close()


def frames_until(app, cond, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, f"waited {seconds} s for {what}"
        app.step(1 / 60, events=[])
        time.sleep(0.005)


def test_announcements_are_heard_polite_and_assertive(atspi, app_with_bridge):
    app = app_with_bridge
    frames_until(app, lambda: app.a11y.active, 30, "the bridge to become active")
    polite, assertive = "Seven of hearts to row 2, column 5", "Refused: the gap after a king stays empty"
    reader = atspi.reader_process("listen", "--ppid", str(os.getpid()), "--until", assertive)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in reader.stdout], daemon=True).start()
    try:
        frames_until(app, lambda: not lines.empty(), 60, "the reader to listen")
        assert json.loads(lines.get()).get("ready")
        app.announce(polite)
        app.announce(assertive, assertive=True)
        frames_until(app, lambda: reader.poll() is not None, 60, "the reader to hear the announcement")
    finally:
        if reader.poll() is None:
            reader.kill()
        reader.wait(10)
    time.sleep(0.1)  # the last line through the reading thread
    out = []
    while not lines.empty():
        out.append(json.loads(lines.get()))
    assert reader.returncode == 0, reader.stderr.read() if reader.stderr else ""
    heard = out[-1]["heard"]
    said = [(h["text"].rstrip("\u200b"), h["politeness"]) for h in heard]
    assert (polite, 1) in said and (assertive, 2) in said, said
