"""The app at a table, driven by keys alone and read by a reader that
stays (``atspi_reader.py drive``), for the screen-reader tests of the
four tables (test_atspi_tables.py) and the packaged app's."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from tests.a11y.session import READER, SYSTEM_PYTHON, Session


class Driven:
    """One app started at ``scene`` in ``lang`` (an X window on the
    session's display) and one reader process attached to it."""

    def __init__(self, session: Session, home: Path, scene: str, lang: str, argv: Sequence[str] | None = None) -> None:
        self.lang = lang
        cmd = [*(argv or [sys.executable, "-m", "game"]), "--windowed", "--size", "1280x800", "--lang", lang, "--scene", scene]
        self.app = subprocess.Popen(cmd, env=session.app_env(home), cwd=home, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.reader: subprocess.Popen | None = None
        self._err: list[str] = []
        try:
            assert self.app.stdout is not None and self.app.stderr is not None
            line = self.app.stdout.readline().strip()
            assert line == "ready", self.app.stderr.read() if self.app.poll() is not None else f"the app said {line!r}"
            # (its stderr read all along: a full pipe would stop the app)
            threading.Thread(target=lambda: self._err.extend(self.app.stderr), daemon=True).start()  # type: ignore[arg-type]
            self.reader = subprocess.Popen([SYSTEM_PYTHON, str(READER), "drive", "--ppid", str(self.app.pid)], env=session.env,
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            hello = self._answer()
            assert hello.get("found"), "the reader found no application for the app"
            assert hello.get("ready"), f"the reader found no window for the app: {hello}"
        except BaseException:
            self.close()
            raise

    def _answer(self) -> dict:
        assert self.reader is not None and self.reader.stdout is not None
        line = self.reader.stdout.readline()
        if not line:
            err = self.reader.stderr.read() if self.reader.stderr else ""
            raise AssertionError(f"the reader ended: {err[-3000:]}")
        return json.loads(line)

    def _ask(self, cmd: dict) -> dict:
        assert self.reader is not None and self.reader.stdin is not None
        self.reader.stdin.write(json.dumps(cmd) + "\n")
        self.reader.stdin.flush()
        return self._answer()

    def tree(self) -> list[dict]:
        return self._ask({"do": "tree"})["tree"]

    def key(self, key: str, until: str | None = "focus", text: str | None = None, seconds: float = 5.0) -> list[dict]:
        """Press ``key``; the events heard until one of kind ``until``."""
        return self._ask({"do": "key", "key": key, "until": until, "text": text, "seconds": seconds})["events"]

    def wait(self, until: str, text: str | None = None, seconds: float = 5.0) -> list[dict]:
        return self._ask({"do": "wait", "until": until, "text": text, "seconds": seconds})["events"]

    def close(self) -> str:
        """End both; the app's stderr."""
        if self.reader is not None:
            if self.reader.stdin:
                self.reader.stdin.close()
            try:
                self.reader.wait(15)
            except subprocess.TimeoutExpired:
                self.reader.kill()
                self.reader.wait(10)
        self.app.terminate()
        try:
            self.app.wait(30)
        except subprocess.TimeoutExpired:
            self.app.kill()
            self.app.wait(10)
        return "".join(self._err)


def focus(events: list[dict]) -> list[dict]:
    return [e for e in events if e["type"] == "focus"]


def said(events: list[dict]) -> list[str]:
    return [(e["text"] or "").rstrip("\u200b") for e in events if e["type"] == "announcement"]


def children(tree: list[dict], group: str) -> list[dict]:
    """The nodes right under the node named ``group``."""
    return [n for n in tree if n["parent"] == group]


def place(description: str, pattern: str) -> tuple[int, ...] | None:
    m = re.search(pattern, description or "")
    return tuple(int(g) for g in m.groups()) if m else None
