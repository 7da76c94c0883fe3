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

from collections import Counter
from collections.abc import Sequence
from functools import cache

from game.games.mind_the_gap.geometry import SHAPES, Shape

MAX_VALUE = 13


def values(jokers: bool) -> range:
    """The values a card may have: 1 (Ace) to 13 (King), and 0 for the
    jokers when they are in the deck.

    >>> list(values(True))[:2], len(values(False))
    ([0, 1], 13)
    """
    return range(0 if jokers else 1, MAX_VALUE + 1)


def copies(value: int, jokers: bool) -> int:
    """How many cards of this value the deck holds."""
    if value == 0:
        return 2 if jokers else 0
    return 4


class Table:
    """All finished pyramids for one target, one shape and one rule set."""

    __slots__ = ("_counts", "_tally", "atleast", "cap", "expert", "full", "jokers", "pos", "pyramids", "shape", "target")

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
        self._counts: tuple[tuple[tuple[int, int], ...], ...] | None = None
        self._tally: tuple[tuple[int, ...], ...] | None = None

    @property
    def counts(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each pyramid, its (value, copies) pairs, the target included
        (built on first use: only the weighing bots ask)."""
        if self._counts is None:
            self._counts = tuple(tuple(sorted(Counter(pyr).items())) for pyr in self.pyramids)
        return self._counts

    @property
    def tally(self) -> tuple[tuple[int, ...], ...]:
        """For each pyramid, its copies of each value 0..13 (built on first use)."""
        if self._tally is None:
            self._tally = tuple(tuple(pyr.count(v) for v in range(MAX_VALUE + 1)) for pyr in self.pyramids)
        return self._tally

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


def _enumerate(target: int, rows: int, jokers: bool, expert: bool) -> list[tuple[int, ...]]:
    """Every finished pyramid with ``target`` on top, built row by row
    downwards: a row is fixed by its first card, then each next card is the
    previous one plus or minus the card resting on both."""
    lo = values(jokers).start
    out: list[tuple[int, ...]] = []
    limit = {v: copies(v, jokers) for v in range(MAX_VALUE + 1)}

    def fits(used: Counter, v: int) -> bool:
        return used[v] < (1 if expert else limit[v])

    def grow(done: tuple[int, ...], above: tuple[int, ...], row: list[int], used: Counter) -> None:
        i = len(row)
        if i == len(above) + 1:
            flat = done + tuple(row)
            if len(row) == rows:
                out.append(flat)
            else:
                grow(flat, tuple(row), [], used)
            return
        options: Sequence[int]
        if i == 0:
            options = values(jokers)
        else:
            d, prev = above[i - 1], row[-1]
            options = (prev - d,) if d == 0 else (prev - d, prev + d)
        for v in options:
            if lo <= v <= MAX_VALUE and fits(used, v):
                used[v] += 1
                row.append(v)
                grow(done, above, row, used)
                row.pop()
                used[v] -= 1

    if not lo <= target <= MAX_VALUE or copies(target, jokers) == 0:
        return out
    grow((target,), (target,), [], Counter({target: 1}))
    out.sort()
    return out


@cache
def table(target: int, small: bool = False, jokers: bool = False, expert: bool = False) -> Table:
    """The finished pyramids for ``target`` (a value), cached."""
    shape = SHAPES[3 if small else 4]
    return Table(target, shape, jokers, expert, _enumerate(target, shape.rows, jokers, expert))


def counts(small: bool = False, jokers: bool = False, expert: bool = False) -> dict[int, int]:
    """Finished pyramids per target value (targets with none are left out)."""
    rows = 3 if small else 4
    out = {t: len(_enumerate(t, rows, jokers, expert)) for t in values(jokers)}
    return {t: n for t, n in out.items() if n}
