"""The bridge process on Linux: AccessKit's Unix adapter, alone in a
process of its own (``python -m game a11y-bridge``; the packaged app runs
itself with ``a11y-bridge``).

Why a process: accesskit 0.7.0 can deadlock.  Its own thread holds the
adapter's lock and waits for the GIL to call the Python activation (or
deactivation) handler, while the thread that calls ``update_if_active``,
``update_window_focus_state`` or ``set_root_window_bounds`` holds the GIL
and waits for that lock.  It happens when a screen reader turns
accessibility on or off (org.a11y.Status IsEnabled) at the wrong moment.
Here a deadlock stops only this process: its loop stops sending
heartbeats, and the app (:mod:`game.ui.a11y.linux`) kills it and starts
another.  Nothing the app's frame loop does waits for this process.

The loop also keeps the deadlock from arising: it calls the adapter only
while a reader has it active (never while an activation can be under
way; see the gate below), only when something changed, and waits for the
first activation after making the adapter (the wait releases the GIL)
before it calls the adapter at all.

Reads wire messages (:mod:`game.ui.a11y.wire`) on stdin, writes them on
stdout; ends when stdin closes.  Exit code 3: AccessKit is not there.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import sys
import threading
import time

from game.ui.a11y.wire import BEAT_S, Lines, line

#: no AccessKit (or no Unix adapter): the app stops trying
NO_ACCESSKIT = 3
#: how long to wait for the first activation after making the adapter
FIRST_ACTIVATION_S = 0.5
#: MTG_A11Y_CHILD_BUSY=1, for the toggle test only: the loop calls the
#: adapter without pause and whether active or not, the pattern that hung
#: on every run of the recipe's stress test, so the test sees real
#: deadlocks being caught
BUSY = os.environ.get("MTG_A11Y_CHILD_BUSY") == "1"


def _die_with_parent() -> None:
    """SIGKILL when the app goes (even when this process hangs, and the
    app had no chance to close the pipe); Linux only."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes
        import signal

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG


def main(argv: list[str] | None = None) -> int:
    try:
        import accesskit

        from game.ui.a11y.akit import Mapper

        make_adapter = accesskit.unix.Adapter
    except (ImportError, AttributeError):
        return NO_ACCESSKIT
    _die_with_parent()
    stdin = sys.stdin.buffer.fileno()
    stdout = sys.stdout.buffer.fileno()
    out: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()

    def writer() -> None:
        while (b := out.get()) is not None:
            try:
                os.write(stdout, b)
            except OSError:  # the app is gone
                os._exit(0)

    threading.Thread(target=writer, name="a11y-out", daemon=True).start()
    m = Mapper()
    active = threading.Event()
    # set by the handlers (AccessKit's thread): the loop feeds the window's
    # place and focus to a newly activated adapter
    fresh = threading.Event()

    # --- AccessKit's thread: only reads, sets and queue puts here ---------------
    def on_activate():
        active.set()
        fresh.set()
        out.put(line({"t": "active"}))
        return m.full()

    # The loop calls the adapter only while holding the gate and seeing
    # it active; the deactivation handler clears the flag under the gate.
    # In accesskit_unix 0.17 (inside accesskit 0.7.0) activation holds the
    # adapter's lock while it calls on_activate, which needs the GIL, but
    # deactivation drops that lock before calling on_deactivate.  So with
    # the gate the loop never calls the adapter while an activation can
    # be under way, and on_deactivate waits (GIL released) for a call in
    # progress, whose lock is free.  The watchdog stays the guarantee.
    gate = threading.Lock()

    def on_deactivate():
        with gate:
            active.clear()
        out.put(line({"t": "inactive"}))

    def on_action(req) -> None:
        r = m.request(req)
        if r is not None:
            out.put(line(r))

    adapter = make_adapter(on_activate, on_action, on_deactivate)
    out.put(line({"t": "up"}))
    active.wait(FIRST_ACTIVATION_S)

    window: dict | None = None
    lines = Lines()
    last_beat = 0.0
    tree_dirty = False
    says: list[dict] = []
    window_dirty = False
    while True:
        now = time.monotonic()
        if now - last_beat >= BEAT_S:
            out.put(line({"t": "beat"}))
            last_beat = now
        ready, _, _ = select.select([stdin], [], [], 0.0 if BUSY else BEAT_S)
        if ready:
            chunk = os.read(stdin, 1 << 16)
            if not chunk:
                break
            for msg in lines.feed(chunk):
                t = msg.get("t")
                if t == "tree":
                    m.tree = msg  # latest wins
                    tree_dirty = True
                elif t == "say":
                    says.append(msg)
                elif t == "window":
                    window, window_dirty = msg, True
        if BUSY and window is not None:
            adapter.update_window_focus_state(bool(window["f"]))
            adapter.update_if_active(m.full)
        if not active.is_set():
            says.clear()  # nobody listens; the tree waits for the next activation
            continue
        if fresh.is_set():
            fresh.clear()
            window_dirty = window is not None
        with gate:
            if not active.is_set():
                continue
            if window_dirty and window is not None:
                window_dirty = False
                x, y, w, h = window["b"]
                r = accesskit.Rect(x, y, x + w, y + h)
                adapter.set_root_window_bounds(r, r)
                adapter.update_window_focus_state(bool(window["f"]))
            if tree_dirty:
                tree_dirty = False
                update = m.full()
                adapter.update_if_active(lambda u=update: u)
            for s in says:
                m.say(s.get("text", ""), s.get("p") != "assertive")
                update = m.live()
                adapter.update_if_active(lambda u=update: u)
            says.clear()
    out.put(None)
    return 0
