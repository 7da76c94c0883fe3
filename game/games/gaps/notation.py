"""The Gaps layout notation.

A layout is four lines of thirteen cells, left to right, separated by
spaces; a cell is a card code (``2H``, ``10S``, ``QD``; parsing is lenient:
``TS``, ``q♥``) or ``--`` for a gap::

    2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --
    ...

A full position may start with one header line of ``key=value`` fields:

- ``redeals=U/M`` -- redeals used ``U`` out of at most ``M`` (default 0/2);
  ``redeals=U`` keeps ``M`` = 2;
- ``seed=S`` -- the deal seed from which future redeal shuffles derive
  (default 0);
- ``stopped`` -- the player ended the game here (the recorded ``stop``).

``format`` writes the header only when it differs from ``redeals=0/2
seed=0``, so a plain four-line layout round-trips exactly.  A game started
from a layout starts afresh: it takes the grid, the redeals and the seed,
never ``stopped``.  ``parse`` checks that the text is a real position: 52
cells, exactly four gaps, 48 different cards, no ace.  Errors are
:class:`LayoutError` (a :class:`~game.engine.NotationError`) with the
1-based ``line`` and ``column`` and a :class:`~game.engine.Message`
``reason`` for the table.

>>> st = parse(EXAMPLE)
>>> format(st) == EXAMPLE
True
>>> st.grid[12] is None and st.grid[0].code
'2S'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from game.cards import Card, CardParseError, Rank
from game.engine.cli import NumberError, whole_number
from game.engine.core import Message, NotationError, msg
from game.games.gaps.state import MAX_REDEALS, GapsState, Position

GAP_TOKENS = ("--", "-", "..", ".", "__")
#: the header flag of a stopped game
STOPPED = "stopped"

EXAMPLE = "\n".join(
    [
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS --",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ]
)


class LayoutError(NotationError):
    """A layout text that is not a valid Gaps position.

    ``line`` and ``column`` are 1-based positions in the pasted text (either
    may be ``None``); ``reason`` is the same complaint as a Message.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None,
                 reason: Message | None = None) -> None:
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        text = (", ".join(where) + ": " + message) if where else message
        Exception.__init__(self, text)
        self.line = line
        self.column = column
        self.reason = reason or msg("gaps.paste.invalid", text=text)


@dataclass(frozen=True)
class ParsedLayout:
    grid: tuple[Card | None, ...]
    redeals: int
    max_redeals: int
    seed: int | None  # None when the text gave no seed
    stopped: bool = False


def _cell_text(card: Card | None) -> str:
    return "--" if card is None else card.code


def format_grid(grid: Sequence[Card | None]) -> str:
    """Just the four lines of a grid."""
    return "\n".join(" ".join(_cell_text(c) for c in grid[r * 13 : r * 13 + 13]) for r in range(4))


def header(redeals: int, max_redeals: int, seed: int | None, stopped: bool = False) -> str:
    parts = [f"redeals={redeals}/{max_redeals}"]
    if seed:
        parts.append(f"seed={seed}")
    if stopped:
        parts.append(STOPPED)
    return " ".join(parts)


def _with_header(grid: Sequence[Card | None], redeals: int, max_redeals: int, seed: int, stopped: bool) -> str:
    body = format_grid(grid)
    if (redeals, max_redeals, seed, stopped) == (0, MAX_REDEALS, 0, False):
        return body
    return header(redeals, max_redeals, seed, stopped) + "\n" + body


def format(state: GapsState) -> str:
    """The full position: a header when needed, then the four rows."""
    return _with_header(state.grid, state.redeals, state.max_redeals, state.seed, state.stopped)


def layout_text(state: Position, with_seed: bool = False) -> str:
    """A position for the clipboard, to start a game from: the rows, with a
    ``redeals=`` header when redeals were used; the seed (which fixes future
    redeals) only when asked for; never ``stopped``."""
    seed = getattr(state, "seed", 0) if with_seed else 0
    return _with_header(state.grid, state.redeals, state.max_redeals, seed, False)


_FIELD = re.compile(r"(\S+)")


def _parse_header(text: str, lineno: int) -> tuple[int, int, int | None, bool]:
    used, most, seed, stopped = 0, MAX_REDEALS, None, False
    seen: set[str] = set()
    for m in _FIELD.finditer(text):
        tok, col = m.group(1), m.start() + 1
        key, eq, value = tok.partition("=")
        key = key.lower()
        if key in seen:  # (two seeds that disagree were taken, the last one winning)
            raise LayoutError(f"{key} is given twice in the header", lineno, col, msg("gaps.paste.header", line=lineno, text=tok))
        seen.add(key)
        if key == STOPPED and not eq:
            stopped = True
            continue
        if not eq:
            raise LayoutError(f"{tok!r} is not a header field (expected redeals=U/M, seed=S or stopped)",
                              lineno, col, msg("gaps.paste.header", line=lineno, text=tok))
        if key == "redeals":
            a, slash, b = value.partition("/")
            try:
                used = whole_number(a, 0, None)
                most = whole_number(b, 0, None) if slash else MAX_REDEALS
            except NumberError:
                raise LayoutError(f"redeals={value!r}: write the redeals used and allowed, like redeals=1/2",
                                  lineno, col, msg("gaps.paste.header", line=lineno, text=tok)) from None
            if most > 2 or used > most:
                raise LayoutError(f"redeals={value}: at most 2 redeals, and no more used than allowed",
                                  lineno, col, msg("gaps.paste.header", line=lineno, text=tok))
        elif key == "seed":
            try:
                seed = whole_number(value, 0, None)
            except NumberError:
                raise LayoutError(f"seed={value!r}: the seed is a whole number",
                                  lineno, col, msg("gaps.paste.header", line=lineno, text=tok)) from None
        else:
            raise LayoutError(f"unknown header field {key!r} (known: redeals, seed, stopped)",
                              lineno, col, msg("gaps.paste.header", line=lineno, text=tok))
    return used, most, seed, stopped


def parse_layout(text: str) -> ParsedLayout:
    """Read a layout with its optional header; see the module docstring."""
    if not isinstance(text, str):
        raise LayoutError("a layout is a text", reason=msg("gaps.paste.empty"))
    lines = [(i + 1, ln) for i, ln in enumerate(text.splitlines()) if ln.strip()]
    if not lines:
        raise LayoutError("the layout is empty: paste four rows of thirteen cards",
                          reason=msg("gaps.paste.empty"))
    used, most, seed, stopped = 0, MAX_REDEALS, None, False
    if "=" in lines[0][1]:
        used, most, seed, stopped = _parse_header(lines[0][1], lines[0][0])
        lines = lines[1:]
    if len(lines) != 4:
        raise LayoutError(f"a layout has 4 rows of 13 cells, this one has {len(lines)} rows",
                          reason=msg("gaps.paste.rows", n=len(lines)))
    grid: list[Card | None] = []
    seen: dict[Card, tuple[int, int]] = {}
    for row, (lineno, ln) in enumerate(lines):
        toks = list(_FIELD.finditer(ln))
        if len(toks) != 13:
            raise LayoutError(
                f"row {row + 1} has {len(toks)} cells, every row has 13",
                lineno, len(ln.rstrip()) + 1, msg("gaps.paste.cells", row=row + 1, n=len(toks)),
            )
        for m in toks:
            tok, col = m.group(1), m.start() + 1
            if tok in GAP_TOKENS:
                grid.append(None)
                continue
            try:
                card = Card.parse(tok)
            except CardParseError:
                raise LayoutError(f"{tok!r} is neither a card (like 7H, 10S, QD) nor a gap (--)",
                                  lineno, col, msg("gaps.paste.token", line=lineno, column=col, text=tok)) from None
            if card.is_joker:
                raise LayoutError("Gaps is played without jokers", lineno, col,
                                  msg("gaps.paste.token", line=lineno, column=col, text=tok))
            if card.rank is Rank.ACE:
                raise LayoutError(f"{card.code}: the aces leave the game at the deal, write a gap (--) there",
                                  lineno, col, msg("gaps.paste.ace", line=lineno, column=col, card=card))
            if card in seen:
                first = seen[card]
                raise LayoutError(f"{card.code} appears twice (first on line {first[0]}, column {first[1]})",
                                  lineno, col, msg("gaps.paste.twice", line=lineno, column=col, card=card))
            seen[card] = (lineno, col)
            grid.append(card)
    gaps = grid.count(None)
    if gaps != 4:
        raise LayoutError(f"a layout has exactly 4 gaps (--), this one has {gaps}",
                          reason=msg("gaps.paste.gaps", n=gaps))
    return ParsedLayout(tuple(grid), used, most, seed, stopped)


def parse(text: str) -> GapsState:
    """The position a text describes (seed 0 when the text gives none)."""
    p = parse_layout(text)
    return GapsState(p.grid, p.redeals, p.max_redeals, p.seed or 0, stopped=p.stopped)


class GapsNotation:
    """The ``NOTATION`` object of the package (``format`` / ``parse``)."""

    format = staticmethod(format)
    parse = staticmethod(parse)
    parse_layout = staticmethod(parse_layout)
    layout_text = staticmethod(layout_text)


NOTATION = GapsNotation()
