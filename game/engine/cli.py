"""What every command-line tool shares: numbers read one way, one-line
errors, and a guard for Ctrl+C and a closed output pipe.

Numbers.  ``str.isdigit()`` and ``int()`` accept far more than ``0-9``:
``"²".isdigit()`` is true and ``int("²")`` then raises; ``int("١٢")`` reads
Arabic-Indic digits as 12, ``int(" 7_0")`` is 70, and ``int()`` of more
than 4,300 digits raises ``ValueError``.  :func:`whole_number` takes ASCII
digits only (a leading ``-`` only where negative values are allowed),
refuses a text longer than the range allows before ``int()`` sees it, and
raises :class:`NumberError` (a ``ValueError``) with a sentence saying what
was wanted; the notations turn it into their own error.  :func:`number`
and :func:`decimal` make argparse ``type=`` functions with a range.

Errors.  :class:`ToolParser` prints a usage error as one line
(``prog: error: ...``) and exits with code 2, as argparse does, but
without the usage block (seven lines for ``sim mind-the-gap``).

Guard.  :func:`guarded` runs a tool: Ctrl+C gives one line and code 130;
a reader that went away (``| head -c 10``) ends the tool quietly with
code 0; stdout is flushed inside the guard, because a block-buffered pipe
fails only when it is flushed, which otherwise happens after ``main`` has
returned (Python then prints "Exception ignored ... BrokenPipeError").

No pygame here: ``sim`` and the notations use this module.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

#: seeds are 63-bit (``game.cards.derive_seed`` hashes them to 63 bits)
MAX_SEED = 2**63 - 1
#: digits of a number without an upper bound (a notation's seed or score):
#: far below ``int()``'s 4,300-digit limit
MAX_DIGITS = 40

T = TypeVar("T")

_DIGITS = re.compile(r"-?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


class NumberError(ValueError):
    """A text that is not a whole number in the range asked for."""


def _wanted(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"a whole number from {lo} to {hi}"
    if lo is not None:
        return f"a whole number of at least {lo}"
    if hi is not None:
        return f"a whole number of at most {hi}"
    return "a whole number"


def _shown(text: str) -> str:
    """The text as the message quotes it: at most 30 characters."""
    return repr(text if len(text) <= 30 else text[:27] + "...")


def whole_number(text: str, lo: int | None = 0, hi: int | None = None, what: str = "") -> int:
    """``text`` as an int in ``lo..hi`` (``None``: no bound), written in ASCII
    digits with a ``-`` first only when ``lo`` is negative or unbounded.

    >>> whole_number("12", 1, 20)
    12
    >>> whole_number("²", 1, 20)
    Traceback (most recent call last):
    ...
    game.engine.cli.NumberError: a whole number from 1 to 20, not '²'
    """
    wanted = _wanted(lo, hi)
    prefix = f"{what} must be " if what else ""
    signed = lo is None or lo < 0
    if not isinstance(text, str) or _DIGITS.fullmatch(text) is None or (text[0] == "-" and not signed):
        raise NumberError(f"{prefix}{wanted}, not {_shown(str(text))}")
    bounds = [abs(b) for b in (lo, hi) if b is not None]
    longest = len(str(max(bounds))) if len(bounds) == 2 else MAX_DIGITS
    if len(text.lstrip("-").lstrip("0")) > longest:
        raise NumberError(f"{prefix}{wanted}, not a number of {len(text)} digits")
    value = int(text)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise NumberError(f"{prefix}{wanted}, not {_shown(text)}")
    return value


def decimal_number(text: str, lo: float, hi: float, what: str = "") -> float:
    """``text`` as a float in ``lo..hi``: ASCII digits with at most one
    point (no sign, exponent, ``inf`` or ``nan``, all of which ``float()``
    takes)."""
    prefix = f"{what} must be " if what else ""
    wanted = f"a number from {lo:g} to {hi:g}"
    if not isinstance(text, str) or len(text) > MAX_DIGITS or _DECIMAL.fullmatch(text) is None:
        raise NumberError(f"{prefix}{wanted}, not {_shown(str(text))}")
    value = float(text)
    if not lo <= value <= hi:
        raise NumberError(f"{prefix}{wanted}, not {_shown(text)}")
    return value


def _argtype(read: Callable[[str, Any, Any], T], lo: Any, hi: Any) -> Callable[[str], T]:
    def parse(text: str) -> T:
        try:
            return read(text, lo, hi)
        except NumberError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    return parse


def number(lo: int | None, hi: int | None) -> Callable[[str], int]:
    """An argparse ``type=``: a whole number in ``lo..hi``."""
    return _argtype(whole_number, lo, hi)


def decimal(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse ``type=``: a decimal number in ``lo..hi``."""
    return _argtype(decimal_number, lo, hi)


#: the seed of every tool
SEED = number(0, MAX_SEED)


def window_size(text: str, most: int = 100_000) -> tuple[int, int]:
    """``"1280x800"`` -> ``(1280, 800)``, each side 1..``most``; raises
    NumberError (the app bounds what it makes by its own MAX_SIZE)."""
    w, x, h = str(text).lower().partition("x")
    try:
        if not x:
            raise NumberError("no x")
        return whole_number(w, 1, most), whole_number(h, 1, most)
    except NumberError:
        raise NumberError(f"--size wants WIDTHxHEIGHT, like 1280x800 (each side 1 to {most}), not {_shown(str(text))}") from None


def one_line(text: object) -> str:
    """A message on one line (an argument may hold newlines)."""
    return " ".join(str(text).split())


def _line(text: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # a closed stderr: there is nobody to tell
        print(one_line(text), file=sys.stderr, flush=True)


def say(prog: str, message: object) -> None:
    """One line on stderr (nothing when stderr itself is gone)."""
    _line(f"{prog}: {message}")


def report(result: Mapping[str, object], as_json: bool) -> None:
    """A tool's result on stdout: one line of JSON, or a ``key: value``
    line for each entry."""
    if as_json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k}: {v}")


class ToolParser(argparse.ArgumentParser):
    """argparse with a one-line usage error (code 2, as argparse)."""

    def error(self, message: str) -> NoReturn:
        say(self.prog, f"error: {message} (see --help)")
        raise SystemExit(2)

    def parsed(self, argv: Sequence[str]) -> argparse.Namespace | int:
        """The options of ``argv``, or the exit code when argparse ended the
        run itself (``--help``: 0, a usage error: 2)."""
        try:
            return self.parse_args(list(argv))
        except SystemExit as e:
            return int(e.code or 0)


def _silence_stdout() -> None:
    """Point stdout's file descriptor at /dev/null, so the flush at exit
    does not fail again on the closed pipe (the recipe of Python's
    signal documentation)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # a replaced stdout (tests) has no descriptor
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def guarded(tool: Callable[[list[str]], int | None], argv: Sequence[str], prog: str = "mind-the-gap") -> int:
    """Run ``tool(argv)`` and return its exit code: a ``SystemExit``'s code
    (one with a message prints it as one line and gives 2), 130
    after Ctrl+C, 0 when the reader of stdout went away."""
    try:
        code = tool(list(argv))
        sys.stdout.flush()
        return int(code or 0)
    except SystemExit as e:
        if e.code is None or isinstance(e.code, int):
            return int(e.code or 0)
        _line(str(e.code))  # a message of our own (the app's "--size wants ..."): a usage error
        return 2
    except KeyboardInterrupt:
        say(prog, "interrupted")
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
