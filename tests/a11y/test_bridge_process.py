"""The Linux bridge's guarantees, with stand-in bridge processes (no
AT-SPI needed): the frame loop's calls never wait for the process, a
process that stops beating is killed and another started, the latest
tree reaches a new process, a reader's requests arrive, and a process
that finds no AccessKit is not started again."""

from __future__ import annotations

import sys
import time

import pytest

from game.ui.a11y import linux
from game.ui.a11y.nodes import Announcement, Node, Role, Tree

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bridge")

# a stand-in bridge process: says it is up and active, beats, and does
# what its first argument says
FAKE = r"""
import json, os, sys, time, select
mode = sys.argv[1]
out = lambda m: (os.write(1, (json.dumps(m) + "\n").encode()))
out({"t": "up"}); out({"t": "active"})
if mode == "no-accesskit":
    sys.exit(3)
log = open(sys.argv[2], "ab") if len(sys.argv) > 2 else None
t0 = time.monotonic()
while True:
    if mode == "hang" and time.monotonic() - t0 > 0.3:
        time.sleep(3600)  # stops beating and stops reading: a deadlock
    if mode == "panic" and time.monotonic() - t0 > 0.3:
        os.write(2, b"thread '<unnamed>' panicked at context.rs:61:78: NoReply\n")
        mode = "idle"
    if mode == "deaf":
        out({"t": "beat"}); time.sleep(0.1); continue  # beats, never reads
    r, _, _ = select.select([0], [], [], 0.1)
    if r:
        data = os.read(0, 1 << 16)
        if not data:
            break
        if log:
            log.write(data); log.flush()
    out({"t": "beat"})
    if mode == "press":
        out({"t": "req", "a": "press", "k": "button:menu.settings"})
        mode = "idle"
"""


def tree(n: int, label: str = "") -> Tree:
    cards = tuple(Node(f"gaps:cell:{i // 13}:{i % 13}", Role.CARD, f"card {i}{label}", (i, i, 70, 100), description=f"row {i // 13 + 1}", pressable=True) for i in range(n))
    return Tree(Node("window", Role.WINDOW, "Gaps", (0, 0, 1280, 800), children=(Node("grid", Role.GROUP, "grid", children=cards),)), focus=cards[0].key if cards else None)


def bridge(mode: str, *extra: str) -> linux.ChildBridge:
    return linux.ChildBridge(command=[sys.executable, "-c", FAKE, mode, *extra])


def wait(cond, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return False


def test_a_hung_bridge_process_is_killed_and_another_gets_the_latest_tree(monkeypatch, tmp_path):
    monkeypatch.setattr(linux, "HANG_S", 0.6)
    log = tmp_path / "received"
    b = bridge("hang", str(log))
    try:
        assert wait(lambda: b.active), "the stand-in never said it was active"
        b.update(tree(3, " first"))
        assert wait(lambda: b.hangs >= 1 and b.starts >= 2), f"not killed and started again: hangs {b.hangs}, starts {b.starts}"
        # the hung process stopped reading: every tree after it is only
        # handed to the slot, and the next process gets the newest one
        for i in range(500):
            t0 = time.perf_counter()
            b.update(tree(60, f" v{i}"))
            # (a call that waited for the hung process would never return;
            # the bound only leaves room for a loaded machine's scheduling)
            assert time.perf_counter() - t0 < 0.5
        assert wait(lambda: b"v499" in log.read_bytes() if log.exists() else False), "the new process never got the latest tree"
    finally:
        b.close()


def test_a_bridge_process_whose_accesskit_panicked_is_replaced(capfd):
    """It beats on, but AccessKit's event loop is dead: replaced."""
    b = bridge("panic")
    try:
        assert wait(lambda: b.panics >= 1 and b.starts >= 2), f"panics {b.panics}, starts {b.starts}"
        assert b.hangs == 0
    finally:
        b.close()
    assert "panicked at" in capfd.readouterr().err, "the child's stderr is passed on"


def test_the_frame_loops_calls_never_wait_for_a_process_that_does_not_read(monkeypatch):
    """A process that beats but never reads its pipe (64 KiB fill it):
    thousands of 60-card trees and announcements later, no call waited
    (one that did would wait for ever: the stand-in never reads; the
    bound leaves room for a loaded machine's scheduling), and only the
    writer thread waits."""
    b = bridge("deaf")
    try:
        assert wait(lambda: b.active)
        worst = 0.0
        for i in range(3000):
            t0 = time.perf_counter()
            b.update(tree(60, f" {i}"))
            b.announce(Announcement(f"moved {i}"))
            b.window((0, 0, 1280, 800), i % 2 == 0)
            b.requests()
            _ = b.active
            worst = max(worst, time.perf_counter() - t0)
        assert worst < 0.5, f"a frame's bridge calls took {worst * 1000:.1f} ms"
        assert b.hangs == 0, "a process that beats is not killed"
    finally:
        t0 = time.perf_counter()
        b.close()
        assert time.perf_counter() - t0 < 2.0


def test_a_readers_press_reaches_requests():
    b = bridge("press")
    try:
        got = []
        assert wait(lambda: bool(got.extend(b.requests()) or got))
        assert got[0].action == "press" and got[0].key == "button:menu.settings"
    finally:
        b.close()


def test_no_accesskit_in_the_bridge_process_means_no_second_try():
    b = bridge("no-accesskit")
    try:
        assert wait(lambda: b.given_up)
        time.sleep(0.5)
        assert b.starts == 1 and not b.active
    finally:
        b.close()


def test_the_trees_wire_form_and_accesskit_nodes():
    """The mapping the bridge process uses: cards a reader may press are
    buttons with their place as description; selected and disabled are
    states; ids stay with their keys; the live region is always there."""
    ak = pytest.importorskip("accesskit")
    from game.ui.a11y import wire
    from game.ui.a11y.akit import LIVE_ID, Mapper
    from game.ui.a11y.nodes import State

    m = Mapper()
    t = tree(2)
    sel = Node("gaps:cell:0:5", Role.CARD, "seven of hearts", (5, 5, 70, 100), description="row 1, column 6", states=frozenset({State.SELECTED}), pressable=True)
    off = Node("button:undo", Role.BUTTON, "Undo", (0, 700, 100, 40), states=frozenset({State.DISABLED}))
    t = Tree(Node("window", Role.WINDOW, "Gaps", (0, 0, 1280, 800), children=(*t.root.children, sel, off)), focus="gaps:cell:0:5")
    m.tree = wire.tree_message(t)
    u = m.full()
    nodes = dict(u.nodes)
    assert u.focus == m.id_of("gaps:cell:0:5")
    card = nodes[m.id_of("gaps:cell:0:5")]
    assert card.role == ak.Role.BUTTON and card.label == "seven of hearts" and card.description == "row 1, column 6"
    assert card.is_selected and card.supports_action(ak.Action.CLICK)
    assert nodes[m.id_of("button:undo")].is_disabled
    assert LIVE_ID in nodes[m.id_of("window")].children
    first = m.id_of("grid")
    m.tree = wire.tree_message(tree(5))
    m.full()
    assert m.id_of("grid") == first, "a key keeps its id from tree to tree"
    m.say("Played", polite=False)
    live = dict(m.live().nodes)[LIVE_ID]
    assert live.value == "Played" and live.live == ak.Live.ASSERTIVE
    m.say("Played", polite=True)
    assert dict(m.live().nodes)[LIVE_ID].value != "Played", "the same sentence again is still a change"


def test_without_accesskit_or_a_session_bus_the_app_stays_silent(monkeypatch):
    """The app runs where accesskit has no wheel, where no session bus
    is named (nothing may autolaunch one into the home), and with
    MTG_A11Y=0: the bridge is Silent and no process is started."""
    import subprocess

    from game.ui.a11y import bridge as b
    from game.ui.a11y.bridge import Silent, open_bridge

    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent")
    monkeypatch.setattr(b, "accesskit_available", lambda: False)
    assert isinstance(open_bridge(), Silent)
    monkeypatch.setattr(b, "accesskit_available", lambda: True)
    monkeypatch.setenv("MTG_A11Y", "0")
    assert isinstance(open_bridge(), Silent)
    monkeypatch.delenv("MTG_A11Y")
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS")
    assert isinstance(open_bridge(), Silent)
    # the bridge process itself, where accesskit cannot be imported
    code = "import sys; sys.modules['accesskit'] = None; from game.ui.a11y.child import main; sys.exit(main([]))"
    r = subprocess.run([sys.executable, "-c", code], stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    assert r.returncode == 3, r.stderr


def test_the_app_a_player_runs_opens_the_bridge_and_closes_it(monkeypatch, tmp_path):
    """``App(a11y=True)`` (what ``run`` makes) starts the bridge process
    where a session bus is named; ``close`` ends it."""
    from game.app import App
    from game.ui.a11y.linux import ChildBridge

    pytest.importorskip("accesskit")
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", f"unix:path={tmp_path / 'no-bus'}")
    app = App((1280, 800), lang="en", fullscreen=False, a11y=True)
    try:
        assert isinstance(app.a11y, ChildBridge)
        assert wait(lambda: app.a11y._child is not None and app.a11y._child.beat > 0)
        child = app.a11y._child
        assert not app.a11y.active, "no reader, no tree"
    finally:
        app.close()
    assert child.proc.poll() is not None, "the bridge process outlived the app"
