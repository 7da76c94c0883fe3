"""Shapes: what a JSON value read from a file must look like, declared as data.

Each file kind (settings, saves, statistics: :mod:`game.persistence.shapes`)
declares its shape once, and each game the shapes of its own parts of
those files (:class:`GameShapes`, given by its package; this language
lives in the engine layer so that the games can speak it, and the
persistence layer reads the files with what they declare).
:func:`problems` then lists every place where a
value read from disk differs, as ``"games.gaps.r2.wins: a whole number"``.
Code that uses a checked value never meets a wrong type, a missing key or
a number too large to print, so it needs no checks of its own.

>>> row = Fields({"games": Int(0, 10)}, optional={"best": Maybe(Int())})
>>> problems(row, {"games": 3}), problems(row, {"games": "5", "x": 1})
([], ['games: a whole number from 0 to 10', 'x: not a known key'])

A shape only goes as deep as it is declared, so checking a value costs
time in proportion to the value, and nothing here recurses into data that
no shape describes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: the largest whole number a file may hold unless a shape says otherwise:
#: every count, score and seed the app writes is far below it, and any
#: number up to it prints and adds up at once
BIG = 2**63


class Shape:
    """A kind of JSON value.  ``walk`` appends ``"where: what"`` for every
    difference it finds under ``where``."""

    what = "a value"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        raise NotImplementedError

    def wrong(self, where: str, out: list[str]) -> None:
        out.append(f"{where or '(the whole file)'}: {self.what}")


def problems(shape: Shape, value: Any) -> list[str]:
    """Every place where ``value`` differs from ``shape`` (empty: it fits)."""
    out: list[str] = []
    shape.walk(value, "", out)
    return out


def _at(where: str, key: object) -> str:
    return f"{where}.{key}" if where else str(key)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Int(Shape):
    def __init__(self, lo: int = -BIG, hi: int = BIG) -> None:
        self.lo, self.hi = lo, hi
        self.what = f"a whole number from {lo} to {hi}"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if not (_is_int(value) and self.lo <= value <= self.hi):
            self.wrong(where, out)


class Num(Shape):
    """A whole or a decimal number, finite."""

    def __init__(self, lo: float = -BIG, hi: float = BIG) -> None:
        self.lo, self.hi = lo, hi
        self.what = f"a number from {lo} to {hi}"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        ok = (_is_int(value) or isinstance(value, float)) and math.isfinite(value) and self.lo <= value <= self.hi
        if not ok:
            self.wrong(where, out)


class Bool(Shape):
    what = "true or false"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if not isinstance(value, bool):
            self.wrong(where, out)


class Text(Shape):
    """A string of at most ``max_len`` characters; one of ``choices``, or
    matching ``pattern`` (a regular expression, whole string), if given."""

    def __init__(self, max_len: int = 200, *, choices: Sequence[str] | None = None, pattern: str | None = None) -> None:
        self.max_len = max_len
        self.choices = frozenset(choices) if choices is not None else None
        self.pattern = re.compile(pattern) if pattern else None
        if self.choices is not None:
            self.what = "one of " + ", ".join(sorted(self.choices))
        elif self.pattern is not None:
            self.what = f"a text like {pattern}"
        else:
            self.what = f"a text of at most {max_len} characters"

    def fits(self, value: Any) -> bool:
        if not isinstance(value, str) or len(value) > self.max_len:
            return False
        if self.choices is not None:
            return value in self.choices
        return self.pattern is None or self.pattern.fullmatch(value) is not None

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if not self.fits(value):
            self.wrong(where, out)


class Maybe(Shape):
    """``null`` or ``shape``."""

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.what = f"null or {shape.what}"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if value is not None:
            self.shape.walk(value, where, out)


class Either(Shape):
    """The first of ``shapes`` that fits."""

    def __init__(self, *shapes: Shape) -> None:
        self.shapes = shapes
        self.what = " or ".join(s.what for s in shapes)

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if all(problems(s, value) for s in self.shapes):
            self.wrong(where, out)


class ListOf(Shape):
    def __init__(self, item: Shape, max_len: int = 64) -> None:
        self.item, self.max_len = item, max_len
        self.what = f"a list of at most {max_len} items"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if not isinstance(value, list) or len(value) > self.max_len:
            self.wrong(where, out)
            return
        for i, v in enumerate(value):
            self.item.walk(v, _at(where, i), out)
            if len(out) > 20:  # enough to say what is wrong; a long list stops here
                return


class Keyed(Shape):
    """An object whose entries each have a shape of their own: ``entry``
    gives the shape of the entry ``key`` (None: no such entry is allowed),
    which is how :func:`kept_part` keeps the entries that fit."""

    what = "an object"

    def entry(self, key: Any) -> Shape | None:
        raise NotImplementedError

    def unknown(self, key: Any) -> str:
        """What is said of an entry ``key`` that is not allowed."""
        return "not a known key"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if not isinstance(value, dict):
            self.wrong(where, out)
            return
        for k, v in value.items():
            shape = self.entry(k)
            if shape is None:
                out.append(f"{_at(where, k)}: {self.unknown(k)}")
            else:
                shape.walk(v, _at(where, k), out)
            if len(out) > 20:  # enough to say what is wrong; a large object stops here
                return


class MapOf(Keyed):
    """An object whose keys are free (``key`` says how they look) and whose
    values all have one shape."""

    def __init__(self, value: Shape, key: Text | None = None, max_len: int = 1000) -> None:
        self.value, self.key, self.max_len = value, key or Text(200), max_len
        self.what = f"an object of at most {max_len} entries"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if isinstance(value, dict) and len(value) > self.max_len:
            self.wrong(where, out)
            return
        super().walk(value, where, out)

    def entry(self, key: Any) -> Shape | None:
        return self.value if self.key.fits(key) else None

    def unknown(self, key: Any) -> str:
        return f"not a known key ({self.key.what})"


class Fields(Keyed):
    """An object with named keys: all of ``required``, any of ``optional``,
    nothing else."""

    def __init__(self, required: Mapping[str, Shape], optional: Mapping[str, Shape] | None = None) -> None:
        self.required = dict(required)
        self.optional = dict(optional or {})

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        if isinstance(value, dict):
            out.extend(f"{_at(where, k)}: missing" for k in self.required if k not in value)
        super().walk(value, where, out)

    def entry(self, key: Any) -> Shape | None:
        return self.required.get(key) or self.optional.get(key)


def kept_part(shape: Shape, value: Any) -> tuple[dict, list[str]] | None:
    """``value`` (an object) without its entries that do not fit ``shape``
    (a statistics row this version cannot read), and the keys of those
    left out; None when what is left would still not fit (a required entry
    is bad, or ``value`` is no object at all)."""
    if not isinstance(value, dict) or not isinstance(shape, Keyed):
        return None
    kept: dict = {}
    dropped: list[str] = []
    for k, v in value.items():
        sub = shape.entry(k)
        if sub is not None and not problems(sub, v):
            kept[k] = v
        else:
            dropped.append(str(k))
    return (kept, dropped) if not problems(shape, kept) else None


#: a count that only grows (games, wins, rounds)
COUNT = Int(0, BIG)
#: a score (some games count below zero)
SCORE = Int(-BIG, BIG)
#: a person's name, as a table keeps it
NAME = Text(200)
#: the longest text one field of a file keeps: room for the longest text a
#: game takes (a rule of 1,000 characters and more)
LONG_TEXT = 5000
#: the longest text a value of a game's options may be (a Delphi rule, a
#: pasted Gaps layout: the setup's field for it takes no more)
OPTION_TEXT = LONG_TEXT

#: a value of a game's options: what the engines' ``validate_options``
#: deal with (they check the rest)
SCALAR = Maybe(Either(Num(), Bool(), Text(OPTION_TEXT)))
OPTION = Either(SCALAR, ListOf(SCALAR, 64))


@dataclass(frozen=True, kw_only=True)
class GameShapes:
    """What a game keeps in the app's files, declared by its package
    (``SHAPES`` in ``game/games/<pkg>/__init__.py``) and read through the
    registry by the persistence layer, which knows no game:

    - ``stats``: its part of the statistics file (what its policy folds);
    - ``meta``: what its table keeps beside the record in a save (the
      fields its typed meta writes; every table's seat names, computers
      and levels are the save's own);
    - ``setup``: what its setup screen remembers (``setups.json``; the
      seats' count, names, kinds and levels are every setup's);
    - ``records``: the ids of other engines whose records its saves may
      hold (Delphi keeps its solo rounds, "delphi-solo", among its saves).
    """

    stats: Shape
    meta: Mapping[str, Shape] = field(default_factory=dict)
    setup: Mapping[str, Shape] = field(default_factory=dict)
    records: tuple[str, ...] = ()
