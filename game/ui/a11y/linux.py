"""The Linux bridge: the app's side of the bridge process.

AccessKit's Unix adapter runs in a child process (:mod:`game.ui.a11y.child`,
where the reason is told: accesskit 0.7.0 can deadlock when a screen
reader turns accessibility on or off).  This side cannot wait for it:

- the frame loop's calls (:meth:`ChildBridge.update`, ``announce``,
  ``window``, ``requests``, ``active``) only store a value in a slot or
  read one, and try to wake the writer (its lock taken only if free); no
  call writes to a pipe, reads one, starts a process or waits for a lock;
- a writer thread sends the latest tree (a newer one replaces one not yet
  sent: latest wins), announcements and the window's place; when the
  child hangs, only this thread waits on the full pipe;
- a reader thread turns the child's lines into the active flag, the
  heartbeat time and a queue of requests;
- a watchdog thread starts the child, and kills it (SIGKILL) when it has
  sent no heartbeat for :data:`HANG_S` seconds, then starts another after
  a backoff; the new child gets the latest tree at once.

``active`` is true only while the child says a screen reader has the
adapter on (IsEnabled), so without one the app builds no trees.
"""

from __future__ import annotations

import collections
import contextlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from functools import partial

from game.ui.a11y import wire
from game.ui.a11y.nodes import Announcement, Request, Tree

#: no heartbeat for this long: the child hangs and is killed.  It beats
#: every 0.2 s when well; the longest gap between two beats of a healthy
#: child seen in the toggle tests (two cores, load 10-13) is in
#: docs/accessibility.md, well under this
HANG_S = 2.5
#: a new child has this long to say it is up (Python's start, the game
#: package's command line, accesskit's import and the adapter: 0.23-0.29 s
#: from spawn to its first line on the two-core machine at load 12.7)
START_S = 15.0
#: waits before starting a child again after one died: doubled after each
#: death that came soon after a start, up to the last
BACKOFF_S = (0.1, 0.5, 1.0, 2.0, 5.0)
#: a child that lived this long resets the backoff
HEALTHY_S = 10.0
#: children that ended by themselves (an error, not a hang) this many
#: times in a row: the app stops trying and stays silent
MAX_CRASHES = 5
#: the first child starts this long after the bridge opens: started at
#: once, its interpreter's start competed with the app's first frame on
#: two cores (launch to first frame 0.82 s against 0.72 s, medians of 12,
#: load 12); a reader waits half a second more for the app
FIRST_START_S = 0.5
#: trees go to the child at most this often (the latest wins): a loop
#: without a tick hands over a tree every frame (2,500 a second at the
#: bench's Gaps table), and serializing each one competed with the frame
#: loop for the GIL (the median frame of two of five bench runs with a
#: reader was 1.2 and 3.2 ms instead of 0.45); no reader reads faster
TREE_INTERVAL_S = 1 / 60
#: requests kept between two frames at most (a reader cannot need more)
MAX_REQUESTS = 64
#: announcements waiting for the writer at most (oldest dropped)
MAX_SAYS = 32


def child_command() -> list[str]:
    """How the app starts its bridge process: the packaged app runs
    itself (PyInstaller's ``sys.executable`` is the app); from source,
    the same interpreter runs the package."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "a11y-bridge"]
    return [sys.executable, "-m", "game", "a11y-bridge"]


class _Child:
    """One bridge process and what it said."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc = proc
        self.started = time.monotonic()
        self.beat = 0.0  # when it last said anything (0: not yet up)
        self.broken = False  # AccessKit's event loop panicked in it
        self.worst_gap = 0.0  # the longest silence between two lines
        self.active = False
        self.dead = False


class ChildBridge:
    """A :class:`~game.ui.a11y.bridge.Bridge` whose AccessKit adapter
    lives in a child process.  ``env`` is the child's environment (the
    app's by default); ``command`` overrides :func:`child_command`."""

    def __init__(self, env: Mapping[str, str] | None = None, command: list[str] | None = None) -> None:
        self._env = dict(os.environ if env is None else env)
        self._cmd = command or child_command()
        self._cond = threading.Condition()
        self._tree: Tree | None = None
        self._tree_gen = 0
        self._says: collections.deque[Announcement] = collections.deque(maxlen=MAX_SAYS)
        self._window: tuple[tuple[int, int, int, int], bool] | None = None
        self._window_gen = 0
        self._requests: collections.deque[Request] = collections.deque(maxlen=MAX_REQUESTS)
        self._child: _Child | None = None
        self._closed = False
        #: what happened, for tests and the bench: children started, and
        #: killed because they hung
        self.starts = 0
        self.hangs = 0
        #: children killed because AccessKit's own thread panicked in them
        self.panics = 0
        #: the longest silence of a child that was not killed for it (s)
        self.worst_beat_gap = 0.0
        self.given_up = False
        self._watchdog = threading.Thread(target=self._watch, name="a11y-watchdog", daemon=True)
        self._watchdog.start()

    # --- the frame loop's side: none of these can block ----------------------
    @property
    def active(self) -> bool:
        c = self._child
        return c is not None and c.active and not c.dead

    def update(self, tree: Tree) -> None:
        self._tree = tree
        self._tree_gen += 1
        self._poke()

    def announce(self, announcement: Announcement) -> None:
        if self.active:
            self._says.append(announcement)
            self._poke()

    def requests(self) -> list[Request]:
        out = []
        while self._requests:
            out.append(self._requests.popleft())
        return out

    def window(self, bounds: tuple[int, int, int, int], focused: bool) -> None:
        w = (tuple(bounds), bool(focused))
        if w != self._window:
            self._window = w  # type: ignore[assignment]
            self._window_gen += 1
            self._poke()

    def close(self) -> None:
        """Stop the child: it is killed (it holds nothing to save; a hung
        one could not end by itself) and reaped within 0.3 s."""
        self._closed = True
        self._wake()
        c = self._child
        if c is not None:
            self._stop(c, grace=0.3)

    def _poke(self) -> None:
        """Wake the writer from the frame loop without waiting: when the
        lock is taken (the writer swapping slots, or checking whether to
        sleep), the writer is awake or sees the change at the next frame's
        poke (while a reader listens, every frame hands over a tree), or
        within its 1 s wait at the latest."""
        if self._cond.acquire(blocking=False):
            try:
                self._cond.notify_all()
            finally:
                self._cond.release()

    def _wake(self) -> None:
        # the watchdog and the writer hold this lock only to wait and to
        # swap slots, never while writing or starting a process
        with self._cond:
            self._cond.notify_all()

    # --- the watchdog ----------------------------------------------------------
    def _watch(self) -> None:
        failures = crashes = 0
        with self._cond:
            self._cond.wait_for(lambda: self._closed, timeout=FIRST_START_S)
        while not self._closed:
            c = self._spawn()
            if c is None:
                self.given_up = True
                return
            code = self._supervise(c)
            if self._closed:
                return
            if code == 3:  # the child found no AccessKit: nothing to retry
                self.given_up = True
                return
            crashes = 0 if code is None else crashes + 1
            if crashes >= MAX_CRASHES:
                self.given_up = True
                return
            failures = 0 if time.monotonic() - c.started > HEALTHY_S else failures + 1
            delay = BACKOFF_S[min(failures, len(BACKOFF_S)) - 1] if failures else BACKOFF_S[0]
            with self._cond:
                self._cond.wait_for(lambda: self._closed, timeout=delay)

    def _spawn(self) -> _Child | None:
        try:
            proc = subprocess.Popen(
                self._cmd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                # read for AccessKit's panics, and passed on to the app's
                stderr=subprocess.PIPE,
                # raw pipes: a buffered file's lock was held by a write
                # blocked on a hung child
                bufsize=0,
                env=self._env,
                close_fds=True,
                # Ctrl+C in a terminal goes to the app only; the child ends
                # when its stdin closes
                start_new_session=True,
            )
        except OSError:
            return None
        c = _Child(proc)
        self.starts += 1
        threading.Thread(target=self._read, args=(c,), name="a11y-read", daemon=True).start()
        threading.Thread(target=self._write, args=(c,), name="a11y-write", daemon=True).start()
        threading.Thread(target=self._errors, args=(c,), name="a11y-err", daemon=True).start()
        self._child = c
        return c

    def _supervise(self, c: _Child) -> int | None:
        """Wait while the child is well; kill it when it hangs.  Its exit
        code (None: killed)."""
        while not self._closed:
            if c.proc.poll() is not None or c.dead:
                break
            now = time.monotonic()
            if (c.beat == 0.0 and now - c.started > START_S) or (c.beat and now - c.beat > HANG_S):
                self.hangs += 1
                self._stop(c, grace=0.0)
                return None
            if c.broken:
                self.panics += 1
                self._stop(c, grace=0.0)
                return None
            with self._cond:
                self._cond.wait(timeout=wire.BEAT_S)
        self._stop(c, grace=0.3)
        return c.proc.returncode

    def _stop(self, c: _Child, grace: float) -> None:
        """Kill the child and reap it.  Its pipes are never closed here:
        closing a pipe the writer thread is blocked on waited for that
        write; the kill makes the write fail instead."""
        c.dead = True
        c.active = False
        if c.proc.poll() is None:
            with contextlib.suppress(OSError):
                c.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            c.proc.wait(timeout=grace)
        with self._cond:
            self._cond.notify_all()

    # --- the child's pipes -------------------------------------------------------
    def _read(self, c: _Child) -> None:
        assert c.proc.stdout is not None
        fd = c.proc.stdout.fileno()
        lines = wire.Lines()
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            for msg in lines.feed(chunk):
                now = time.monotonic()
                if c.beat:
                    c.worst_gap = max(c.worst_gap, now - c.beat)
                    self.worst_beat_gap = max(self.worst_beat_gap, c.worst_gap)
                c.beat = now
                t = msg.get("t")
                if t == "active":
                    c.active = True
                    self._wake()  # the writer sends the latest tree
                elif t == "inactive":
                    c.active = False
                elif t == "req" and msg.get("a") in ("press", "focus"):
                    self._requests.append(Request(msg["a"], str(msg.get("k", ""))))
        c.dead = True
        c.active = False
        with contextlib.suppress(OSError):
            c.proc.stdout.close()
        self._wake()

    def _errors(self, c: _Child) -> None:
        """The child's stderr, passed on to the app's.  A Rust panic there
        is AccessKit's event loop dying: accesskit_unix 0.17 unwraps every
        D-Bus error in it (a registry that went away mid-call panicked it
        with NoReply while a bench switched accessibility off and on), and
        the child would then beat on with an adapter that never activates
        again, so it is replaced."""
        assert c.proc.stderr is not None
        fd = c.proc.stderr.fileno()
        tail = b""
        while True:
            try:
                chunk = os.read(fd, 1 << 14)
            except OSError:
                break
            if not chunk:
                break
            with contextlib.suppress(OSError):
                os.write(2, chunk)
            tail = (tail + chunk)[-4096:]
            if b"panicked at" in tail:
                c.broken = True
                tail = b""
                self._wake()
        with contextlib.suppress(OSError):
            c.proc.stderr.close()

    def _news(self, c: _Child, tree_gen: int, window_gen: int) -> bool:
        return c.dead or self._closed or bool(self._says) or self._tree_gen != tree_gen or self._window_gen != window_gen

    def _write(self, c: _Child) -> None:
        sent_tree: Tree | None = None
        tree_gen = -1  # a new child gets the latest tree at once
        window_gen = sent_window = -1
        assert c.proc.stdin is not None
        fd = c.proc.stdin.fileno()
        next_tree = 0.0  # no tree is sent before then
        while True:
            with self._cond:
                self._cond.wait_for(partial(self._news, c, tree_gen, window_gen), timeout=1.0)
                if c.dead or self._closed:
                    break
                soon = next_tree - time.monotonic()
                if soon > 0 and not self._says and self._window_gen == window_gen:
                    # only a tree, too soon after the last: wait for the
                    # rest of the interval (an announcement ends the wait)
                    self._cond.wait(timeout=soon)
                    continue
                tree = None
                if soon <= 0:
                    tree, tree_gen = self._tree, self._tree_gen
                window, window_gen = self._window, self._window_gen
                says = []
                while self._says:
                    says.append(self._says.popleft())
            out = []
            if window is not None and window_gen != sent_window:
                sent_window = window_gen
                out.append(wire.line(wire.window_message(*window)))
            # a tree equal to the one sent is not sent again (the loop
            # hands one over every frame while a reader listens)
            if tree is not None and tree is not sent_tree and tree != sent_tree:
                out.append(wire.line(wire.tree_message(tree)))
                sent_tree = tree
                next_tree = time.monotonic() + TREE_INTERVAL_S
            out.extend(wire.line(wire.say_message(a)) for a in says)
            if not out:
                continue
            data = b"".join(out)
            try:
                while data:
                    data = data[os.write(fd, data):]
            except OSError:  # killed: EPIPE
                break
        with contextlib.suppress(OSError):
            c.proc.stdin.close()
