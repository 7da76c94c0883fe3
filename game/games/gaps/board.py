"""The Gaps board as 52 small integers: the rules kernel.

Everything that decides a rule lives here, once, on plain ints, so that the
:class:`~game.games.gaps.rules.GapsGame` (which speaks :class:`Card`), the
lean random playouts of the tests and the hint search all share it.

Cells are numbered row-major: cell ``13 * row + col``, rows 0-3 from the
top, columns 0-12 from the left.  A card is ``16 * suit + rank`` with the
suit index of :data:`game.cards.SUITS` (S, H, D, C) and rank 2-13, so the
card that may follow ``c`` is simply ``c + 1`` (when ``c`` is not a King).
``0`` is a gap.  Aces never appear: they leave the game at the deal.

>>> cells = [0] * 52
>>> cells[0], cells[1] = 2, 3          # 2S 3S at the left of row 0
>>> run_length(cells, 0)
2
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from game.cards import SUITS, Card, Rank, shuffled, standard_deck

ROWS = 4
COLS = 13
NCELLS = ROWS * COLS
GAP = 0
KING = 13
#: the four 2s (spades, hearts, diamonds, clubs)
TWOS = (2, 18, 34, 50)
#: the 48 cards in play, suit by suit
ALL_CODES = tuple(s * 16 + r for s in range(4) for r in range(2, 14))
#: the column of each cell
COL = tuple(i % COLS for i in range(NCELLS))

#: the score of a won deal: every card in play in its place
WON_SCORE = len(ALL_CODES)


def cell_at(row: int, col: int) -> int:
    """The cell in ``row`` (0-3, from the top) and ``col`` (0-12, from the
    left): the cells are numbered row by row.

    >>> cell_at(1, 0), cell_at(3, 12)
    (13, 51)
    """
    return row * COLS + col


def row_of(cell: int) -> int:
    """The row of ``cell`` (0-3, from the top); its column is ``COL[cell]``."""
    return cell // COLS


CARD_OF: dict[int, Card] = {s * 16 + r: Card(Rank(r), SUITS[s]) for s in range(4) for r in range(2, 14)}
CODE_OF: dict[Card, int] = {c: k for k, c in CARD_OF.items()}


def rank_of(code: int) -> int:
    return code & 15


def to_cells(grid: Sequence[Card | None]) -> list[int]:
    return [0 if c is None else CODE_OF[c] for c in grid]


def to_grid(cells: Iterable[int]) -> tuple[Card | None, ...]:
    return tuple(CARD_OF[c] if c else None for c in cells)


# --- dealing ------------------------------------------------------------------


def deal(seed: int) -> tuple[int, ...]:
    """The opening layout of deal ``seed``: 52 shuffled cards, aces lifted out."""
    deck = shuffled(standard_deck(), seed, "gaps-deal")
    return tuple(0 if c.rank is Rank.ACE else CODE_OF[c] for c in deck)


# --- runs and score -------------------------------------------------------------


def run_length(cells: Sequence[int], row: int) -> int:
    """Length of the same-suit run 2, 3, 4 ... at the left of ``row`` (0-12)."""
    base = cell_at(row, 0)
    c = cells[base]
    if c & 15 != 2:
        return 0
    k = 1
    while k < 12 and cells[base + k] == c + k:
        k += 1
    return k


def prefix_lengths(cells: Sequence[int]) -> tuple[int, int, int, int]:
    return (run_length(cells, 0), run_length(cells, 1), run_length(cells, 2), run_length(cells, 3))


def score(cells: Sequence[int]) -> int:
    """Cards in correct runs from the left, 0-48."""
    return sum(prefix_lengths(cells))


def is_won(cells: Sequence[int]) -> bool:
    return score(cells) == WON_SCORE


# --- moves ----------------------------------------------------------------------


def positions(cells: Sequence[int]) -> list[int]:
    """``pos[code]`` = the cell of each card (64 slots; unused ones are -1)."""
    pos = [-1] * 64
    for i, c in enumerate(cells):
        if c:
            pos[c] = i
    return pos


def gap_cells(cells: Sequence[int]) -> list[int]:
    return [i for i, c in enumerate(cells) if c == 0]


def wanted(cells: Sequence[int], gap: int) -> int:
    """What the gap at ``gap`` takes: a card code, ``-1`` for "any 2"
    (first column), or ``0`` when it is dead (after a King or a gap)."""
    if COL[gap] == 0:
        return -1
    left = cells[gap - 1]
    if left == 0 or left & 15 == KING:
        return 0
    return left + 1


def moves(cells: Sequence[int], pos: Sequence[int] | None = None) -> list[tuple[int, int, int]]:
    """Every legal move as ``(card, from_cell, to_cell)``, gaps in cell order,
    2s in suit order."""
    return moves_into(cells, positions(cells) if pos is None else pos, gap_cells(cells))


def moves_into(cells: Sequence[int], pos: Sequence[int], gaps: Iterable[int]) -> list[tuple[int, int, int]]:
    """The legal moves into ``gaps`` (in their order) as ``(card, from_cell,
    to_cell)``; ``pos`` is :func:`positions` of ``cells``."""
    out = []
    for g in gaps:
        if COL[g] == 0:
            for t in TWOS:
                out.append((t, pos[t], g))
        else:
            left = cells[g - 1]
            if left and left & 15 != KING:
                out.append((left + 1, pos[left + 1], g))
    return out


def has_move(cells: Sequence[int]) -> bool:
    for g in range(NCELLS):
        if cells[g] == 0:
            if COL[g] == 0:
                return True
            left = cells[g - 1]
            if left and left & 15 != KING:
                return True
    return False


def is_move(before: Sequence[int], after: Sequence[int]) -> bool:
    """``after`` is ``before`` with one legal move played (not a move taken
    back: the card must go to a gap that takes it in ``before``)."""
    diff = [i for i in range(NCELLS) if before[i] != after[i]]
    if len(diff) != 2:
        return False
    a, b = diff
    dst, src = (a, b) if before[a] == 0 else (b, a)
    card = before[src]
    if card == 0 or before[dst] != 0 or after[src] != 0 or after[dst] != card:
        return False
    w = wanted(before, dst)
    return w == card or (w == -1 and card & 15 == 2)


def line_end(cells: Sequence[int], line: Iterable[tuple[int, int, int]]) -> Sequence[int] | None:
    """Where ``line`` (moves as ``(card, from_cell, to_cell)``) leads from
    ``cells``, or None if one of its moves is not legal where it is played."""
    cur: Sequence[int] = cells
    for card, src, dst in line:
        if not (0 <= src < NCELLS and 0 <= dst < NCELLS) or cur[src] != card or card == 0:
            return None
        nxt = move(cur, src, dst)
        if not is_move(cur, nxt):
            return None
        cur = nxt
    return cur


def line_wins(cells: Sequence[int], line: Iterable[tuple[int, int, int]]) -> bool:
    """``line`` is legal move by move from ``cells`` and completes every row."""
    end = line_end(cells, line)
    return end is not None and is_won(end)


def move(cells: Sequence[int], src: int, dst: int) -> tuple[int, ...]:
    out = list(cells)
    out[dst] = out[src]
    out[src] = 0
    return tuple(out)


# --- redeal -----------------------------------------------------------------------


def redeal(cells: Sequence[int], seed: int, number: int) -> tuple[int, ...]:
    """The layout after redeal ``number`` (1, 2, ...) of the deal ``seed``.

    Each row keeps its run from a 2 at the left edge; the other 48 - kept
    cards are gathered (in card order, so only *which* cards are gathered
    matters), shuffled by a generator derived from the seed and the redeal
    number, and dealt back row by row, leaving one gap right after each
    kept run.
    """
    runs = prefix_lengths(cells)
    kept: set[int] = set()
    for r, k in enumerate(runs):
        kept.update(cells[r * COLS : r * COLS + k])
    rest = sorted(c for c in cells if c and c not in kept)
    # shuffled() takes cards; the order it gives depends only on how many
    deck = [CODE_OF[c] for c in shuffled([CARD_OF[c] for c in rest], seed, "gaps-redeal", number)]
    out = list(cells)
    it = iter(deck)
    for r, k in enumerate(runs):
        base = r * COLS
        for col in range(COLS):
            if col < k:
                continue
            out[base + col] = 0 if col == k else next(it)
    return tuple(out)


def random_playout(cells: Sequence[int], seed: int, max_redeals: int, rng: random.Random,
                   redeals_used: int = 0, on_redeal=None) -> tuple[tuple[int, ...], int, int]:
    """A lean random game from ``cells``: a random legal move each turn,
    a redeal when stuck, until no move and no redeal is left.  Returns
    ``(final cells, redeals used, moves made)``; ``on_redeal(cells)`` is
    called after every redeal.  Used by the tests (card conservation over
    many games) and the random baseline."""
    cells = list(cells)
    pos = positions(cells)
    gaps = gap_cells(cells)
    steps = 0
    while True:
        ms = moves_into(cells, pos, gaps)
        if not ms:
            if redeals_used >= max_redeals or score(cells) == 48:
                break
            redeals_used += 1
            cells = list(redeal(cells, seed, redeals_used))
            pos = positions(cells)
            gaps = gap_cells(cells)
            if on_redeal is not None:
                on_redeal(cells)
            continue
        card, src, dst = ms[rng.randrange(len(ms))]
        cells[dst] = card
        cells[src] = 0
        pos[card] = dst
        gaps[gaps.index(dst)] = src
        steps += 1
    return tuple(cells), redeals_used, steps
