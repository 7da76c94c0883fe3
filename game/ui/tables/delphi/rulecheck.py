"""Checking the rule God types, for God's screen.

The parse is instant (``parse_rule``: where a syntax error is); the
analysis (totality, share of cards accepted, running dry, dead ends) can
take up to a second for a rule that looks two cards back, so it runs on a
worker thread on its own parse of the text and the screen stays
responsive.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from game.games.delphi.rulelang import Analysis, Rule, RuleSyntaxError, analyse, parse_rule


@dataclass
class Checked:
    """What the screen knows about the text in the entry."""

    text: str
    rule: Rule | None = None
    error: ValueError | None = None  # a RuleSyntaxError, or another refusal of the language


def check_text(text: str) -> Checked:
    t = text.strip()
    if not t:
        return Checked(text)
    try:
        return Checked(text, rule=parse_rule(t))
    except RuleSyntaxError as e:
        return Checked(text, error=e)
    except ValueError as e:  # any other refusal of the language
        return Checked(text, error=e)


class Analyser:
    """Runs ``analyse`` for the latest text on a worker thread."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._want: str | None = None
        self._done: dict[str, Analysis | Exception] = {}
        self._stop = False
        self._thread: threading.Thread | None = None

    def request(self, text: str) -> None:
        with self._cv:
            if text in self._done:
                return
            self._want = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="delphi-rule-check", daemon=True)
                self._thread.start()
            self._cv.notify()

    def get(self, text: str) -> Analysis | Exception | None:
        with self._cv:
            return self._done.get(text)

    def busy(self) -> bool:
        with self._cv:
            return self._want is not None

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the latest request is done (for tests and shots)."""
        end = time.monotonic() + timeout
        with self._cv:
            while self._want is not None and time.monotonic() < end:
                self._cv.wait(0.05)

    def stop(self) -> None:
        with self._cv:
            self._stop = True
            self._cv.notify_all()

    def _run(self) -> None:
        while True:
            with self._cv:
                while self._want is None and not self._stop:
                    self._cv.wait()
                if self._stop or self._want is None:
                    return
                text: str = self._want
            result: Analysis | Exception
            try:
                result = analyse(parse_rule(text))
            except Exception as e:  # noqa: BLE001  a parse error cannot happen here (checked first); keep the thread alive
                result = e
            with self._cv:
                self._done[text] = result
                if len(self._done) > 64:
                    self._done.pop(next(iter(self._done)))
                if self._want == text:
                    self._want = None
                self._cv.notify_all()
