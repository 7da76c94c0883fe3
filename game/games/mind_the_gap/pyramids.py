"""Every finished pyramid, enumerated once, and fast questions about them.

A finished pyramid "by rank" is a difference triangle of values whose top is
the target and in which no rank occurs more often than the deck holds it
(4 per rank; jokers, value 0, twice).  On Expert no rank occurs twice.
Without jokers every value is 1..13; with jokers 0 is a value too.

For each target the pyramids are listed once and indexed with bit masks
(Python ints, one bit per pyramid), so "which finished pyramids agree with
this board and the ranks still available" is a handful of ``&`` operations:
fast enough to ask on every move.

>>> counts(small=False)[1], counts(small=False)[8], counts(small=False)[10]
(4588, 160, 8)
>>> counts(small=False, expert=True)[4]
84
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache

from game.games.mind_the_gap.geometry import SHAPES, Shape

MAX_VALUE = 13


def copies(value: int, jokers: bool) -> int:
    """How many cards of this value the deck holds."""
    if value == 0:
        return 2 if jokers else 0
    return 4


class Table:
    """All finished pyramids for one target, one shape and one rule set."""

    __slots__ = ("target", "shape", "jokers", "expert", "pyramids", "full", "pos", "atleast", "cap")

    def __init__(self, target: int, shape: Shape, jokers: bool, expert: bool, pyramids: list[tuple[int, ...]]):
        self.target = target
        self.shape = shape
        self.jokers = jokers
        self.expert = expert
        self.pyramids = pyramids
        n = len(pyramids)
        self.full = (1 << n) - 1
        size = shape.size
        # pos[place][value]: pyramids with that value at that place
        pos = [[0] * (MAX_VALUE + 1) for _ in range(size)]
        # atleast[value][k]: pyramids holding at least k cards of that value
        atleast = [[0] * 6 for _ in range(MAX_VALUE + 1)]
        for bit, pyr in enumerate(pyramids):
            b = 1 << bit
            for p, v in enumerate(pyr):
                pos[p][v] |= b
            for v, k in Counter(pyr).items():
                for j in range(1, k + 1):
                    atleast[v][j] |= b
        self.pos = tuple(tuple(row) for row in pos)
        self.atleast = tuple(tuple(row) for row in atleast)
        self.cap = tuple(copies(v, jokers) for v in range(MAX_VALUE + 1))

    def __len__(self) -> int:
        return len(self.pyramids)

    def compatible(self, values, discarded) -> int:
        """Mask of the pyramids that agree with the filled places (``values``:
        a value or ``None`` per place) and leave, for every value, its copies
        in the pyramid plus its discarded copies within the deck
        (``discarded``: a sequence of the discarded cards' values)."""
        m = self.full
        pos = self.pos
        for p in range(1, len(values)):
            v = values[p]
            if v is not None:
                m &= pos[p][v]
                if not m:
                    return 0
        if discarded:
            for v, d in Counter(discarded).items():
                k = self.cap[v] - d + 1
                if k <= 0:
                    return 0
                m &= ~self.atleast[v][k]
        return m


def _triangle(bottom: tuple[int, ...]) -> tuple[int, ...] | None:
    rows = [bottom]
    while len(rows[-1]) > 1:
        r = rows[-1]
        rows.append(tuple(abs(r[i] - r[i + 1]) for i in range(len(r) - 1)))
    # reading order: top row first
    return tuple(v for row in reversed(rows) for v in row)


@lru_cache(maxsize=None)
def _all(rows: int, jokers: bool, expert: bool) -> dict[int, list[tuple[int, ...]]]:
    lo = 0 if jokers else 1
    out: dict[int, list[tuple[int, ...]]] = {}
    for bottom in itertools.product(range(lo, MAX_VALUE + 1), repeat=rows):
        pyr = _triangle(bottom)
        if not jokers and 0 in pyr:
            continue
        c = Counter(pyr)
        if expert:
            if len(c) != len(pyr):
                continue
        elif any(k > copies(v, jokers) for v, k in c.items()):
            continue
        out.setdefault(pyr[0], []).append(pyr)
    for lst in out.values():
        lst.sort()
    return out


@lru_cache(maxsize=None)
def table(target: int, small: bool = False, jokers: bool = False, expert: bool = False) -> Table:
    """The finished pyramids for ``target`` (a value), cached."""
    shape = SHAPES[3 if small else 4]
    pyrs = _all(shape.rows, jokers, expert).get(target, [])
    return Table(target, shape, jokers, expert, pyrs)


def counts(small: bool = False, jokers: bool = False, expert: bool = False) -> dict[int, int]:
    """Finished pyramids per target value (targets with none are left out)."""
    return {t: len(p) for t, p in sorted(_all(3 if small else 4, jokers, expert).items())}
