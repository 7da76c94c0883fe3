"""Building Gaps positions for tests: start from the finished layout and
edit cells by name."""

from __future__ import annotations

from game.cards import Card
from game.games.gaps.notation import EXAMPLE, format_grid, parse
from game.games.gaps.state import GapsState

SOLVED = parse(EXAMPLE)


def cell(name: str) -> int:
    """``"r2c5"`` -> 31."""
    r, c = name[1:].split("c")
    return int(r) * 13 + int(c)


def layout(rows: list[str], redeals: int = 0, max_redeals: int = 2, seed: int = 0) -> GapsState:
    """A position from four row strings (validated by the real parser)."""
    st = parse("\n".join(rows))
    return GapsState(st.grid, redeals, max_redeals, seed)


def with_cells(st: GapsState, **changes: str | None) -> GapsState:
    """``with_cells(st, r0c3="--", r1c2="4S")`` -- then re-validated."""
    grid = list(st.grid)
    for name, code in changes.items():
        grid[cell(name)] = None if code in (None, "--") else Card.parse(code)
    return GapsState(parse(format_grid(grid)).grid, st.redeals, st.max_redeals, st.seed)


def swap(st: GapsState, a: str, b: str) -> GapsState:
    grid = list(st.grid)
    grid[cell(a)], grid[cell(b)] = grid[cell(b)], grid[cell(a)]
    return GapsState(parse(format_grid(grid)).grid, st.redeals, st.max_redeals, st.seed)


def C(code: str) -> Card:
    return Card.parse(code)
