"""Where the places of a pyramid are and which cards rest on which.

Places are numbered in reading order: rows from the top (the target) to
the bottom, positions from left to right, starting at 0::

    row 1                 0                 r1c1
    row 2              1     2              r2c1 r2c2
    row 3           3     4     5           r3c1 r3c2 r3c3
    row 4        6     7     8     9        r4c1 r4c2 r4c3 r4c4

The card at row r, position c rests on the cards at row r+1, positions c
and c+1.  The small pyramid is the first three rows (places 0-5).  In text
(actions, notation, the command line) a place is written ``r<row>c<pos>``,
both counted from 1; index 0, ``r1c1``, is always the target.

>>> SHAPES[4].name(8)
'r4c3'
>>> SHAPES[4].parse_place("R3C2")
4
>>> SHAPES[4].triples[0]
(0, 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cli import NumberError, whole_number


@dataclass(frozen=True)
class Shape:
    """The geometry of a pyramid with ``rows`` rows."""

    rows: int
    size: int
    #: (row, col) per place, both 0-based
    coords: tuple[tuple[int, int], ...]
    #: (above, left, right) for every card that rests on two cards
    triples: tuple[tuple[int, int, int], ...]
    #: for each place, the triples it takes part in
    triples_of: tuple[tuple[tuple[int, int, int], ...], ...]
    #: for each place, its left and right neighbours in its row (or -1)
    neighbours: tuple[tuple[int, int], ...]

    def index(self, row: int, col: int) -> int:
        """Place index from 0-based row and column."""
        return row * (row + 1) // 2 + col

    def row(self, place: int) -> int:
        return self.coords[place][0]

    def col(self, place: int) -> int:
        return self.coords[place][1]

    def name(self, place: int) -> str:
        r, c = self.coords[place]
        return f"r{r + 1}c{c + 1}"

    def parse_place(self, text: str) -> int:
        t = text.strip().lower()
        if len(t) >= 4 and t[0] == "r" and "c" in t:
            r_txt, c_txt = t[1:].split("c", 1)
            try:
                r, c = whole_number(r_txt, 1, self.rows) - 1, whole_number(c_txt, 1, self.rows) - 1
            except NumberError:
                r, c = -1, -1
            if 0 <= r < self.rows and 0 <= c <= r:
                return self.index(r, c)
        raise ValueError(f"{text!r} is not a place of a {self.rows}-row pyramid (r1c1 … r{self.rows}c{self.rows})")


def _make(rows: int) -> Shape:
    coords = tuple((r, c) for r in range(rows) for c in range(r + 1))
    size = len(coords)

    def idx(r: int, c: int) -> int:
        return r * (r + 1) // 2 + c

    triples = tuple((idx(r, c), idx(r + 1, c), idx(r + 1, c + 1)) for r in range(rows - 1) for c in range(r + 1))
    triples_of = tuple(tuple(t for t in triples if p in t) for p in range(size))
    neighbours = tuple(
        (idx(r, c - 1) if c > 0 else -1, idx(r, c + 1) if c < r else -1) for (r, c) in coords
    )
    return Shape(rows, size, coords, triples, triples_of, neighbours)


SHAPES: dict[int, Shape] = {4: _make(4), 3: _make(3)}
NORMAL = SHAPES[4]
SMALL = SHAPES[3]


def shape_for(small: bool) -> Shape:
    return SMALL if small else NORMAL
