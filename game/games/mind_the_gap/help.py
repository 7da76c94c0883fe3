"""Public help: what each gap can still take, how many finished pyramids
are still possible, and whether (and why) the pyramid is a dead end.

Everything here reads only what lies on the table (the pyramid, the
discard pile, the rules in force), so it works on a :class:`~.rules.State`
or on any seat's :class:`~.rules.View` alike, and it never hints at a hand.

"Still possible" follows the project's decision: a finished pyramid counts
when it agrees with every filled place and, for every rank, its copies plus
the copies already discarded are at most what the deck holds (4; jokers 2).

>>> from game.games.mind_the_gap.notation import NOTATION
>>> b = NOTATION.parse("4C/-,QS/9H,2D,-/-,-,-,- - 0 normal std")
>>> dead_end(b).kind
'conflict'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import Card, Rank
from game.engine.core import Message
from game.games.mind_the_gap.board import Board, board_table, compatible, m, placement_problem, values_of
from game.games.mind_the_gap.pyramids import MAX_VALUE, copies, values

# kinds of dead end, most specific first
NEEDS_ZERO = "needs_zero"
NEEDS_OVER_13 = "needs_over_13"
CONFLICT = "conflict"
RANK_USED_UP = "rank_used_up"
EXPERT_REPEAT = "expert_repeat"
NO_COMPLETION = "no_completion"
DEAD_KINDS = (NEEDS_ZERO, NEEDS_OVER_13, CONFLICT, RANK_USED_UP, EXPERT_REPEAT, NO_COMPLETION)


def finished_count(board: Board) -> int:
    """How many finished pyramids (by rank) are still possible."""
    return compatible(board).bit_count()


def closes_off(before: Board, after: Board) -> bool:
    """Whether the move from ``before`` to ``after`` took the last finished
    pyramid away: one was still possible before it and none is after.  The
    rules allow such a move (a card placed early decides what its gaps
    need; the team pays a coin to take a card back); the players are told."""
    return compatible(before) != 0 and compatible(after) == 0


def gap_values(board: Board, mask: int | None = None) -> dict[int, tuple[int, ...]]:
    """For each gap (place index), the values it can still take in some
    finished pyramid that is still possible.  Empty tuples on a dead end."""
    t = board_table(board)
    if mask is None:
        mask = compatible(board)
    out: dict[int, tuple[int, ...]] = {}
    for p, c in enumerate(board.places):
        if c is None:
            row = t.pos[p]
            out[p] = tuple(v for v in values(board.jokers) if mask & row[v])
    return out


def used_copies(board: Board) -> list[int]:
    """Per value 0..13: copies lying in the pyramid or on the discard pile."""
    used = [0] * (MAX_VALUE + 1)
    for c in board.places:
        if c is not None:
            used[c.value] += 1
    for c in board.discard:
        used[c.value] += 1
    return used


@dataclass(frozen=True)
class DeadEnd:
    """Why a pyramid can no longer be finished.

    ``kind`` is one of :data:`DEAD_KINDS`; ``place`` the gap concerned (None
    for ``no_completion``); ``values`` the values the gap would need;
    ``rows``/``pos`` are 1-based for messages.
    """

    kind: str
    place: int | None = None
    values: tuple[int, ...] = ()
    row: int | None = None
    pos: int | None = None
    #: for "conflict": the values one pair demands and the other allows
    first: tuple[int, ...] = ()
    second: tuple[int, ...] = ()

    #: whether jokers (value 0) are in play, for showing values
    jokers: bool = False

    def message(self) -> Message:
        vals = [_value_param(v, self.jokers) for v in self.values]
        if self.kind == NO_COMPLETION:
            return m("dead.no_completion")
        if self.kind == CONFLICT:
            return m(
                "dead.conflict",
                row=self.row,
                pos=self.pos,
                first=[_value_param(v, self.jokers) for v in self.first],
                second=[_value_param(v, self.jokers) for v in self.second],
            )
        return m(f"dead.{self.kind}", row=self.row, pos=self.pos, values=vals, n=len(vals))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "place": None if self.place is None else f"r{self.row}c{self.pos}",
            "values": list(self.values),
            "conflicting": [list(self.first), list(self.second)] if self.kind == CONFLICT else None,
            "message": {"en": self.message().render("en"), "de": self.message().render("de")},
        }


def _value_param(v: int, jokers: bool):
    """A value as a message parameter: a rank when a card has it, else the number."""
    if v in values(jokers):
        return Rank(v)
    return v


def local_options(board: Board, place: int) -> tuple[set[int] | None, list[set[int]]]:
    """What the arithmetic around one gap demands: the intersection of the
    value sets each filled neighbourhood allows (None when nothing constrains
    the gap yet) and the list of those sets.  Values may be out of range."""
    shape = board.shape
    places = board.places
    sets: list[set[int]] = []
    for above, left, right in shape.triples_of[place]:
        a, lc, rc = places[above], places[left], places[right]
        if place == above:
            if lc is not None and rc is not None:
                sets.append({abs(lc.value - rc.value)})
        else:
            other = rc if place == left else lc
            if a is not None and other is not None:
                sets.append({other.value + a.value, other.value - a.value})
    if not sets:
        return None, sets
    inter = set(sets[0])
    for s in sets[1:]:
        inter &= s
    return inter, sets


def dead_end(board: Board) -> DeadEnd | None:
    """None while some finished pyramid is still possible; otherwise the
    most specific reason, in this order:

    - arithmetic around one gap: it would need 0 (``needs_zero``) or more
      than a King (``needs_over_13``), or two neighbourhoods demand
      different values (``conflict``);
    - on Expert, a gap that can only take a rank already in the pyramid
      (``expert_repeat``);
    - a gap whose every possible value - in the finished pyramids that fit
      the filled places - is used up: all copies lie in the pyramid or on
      the discard pile (``rank_used_up``);
    - otherwise ``no_completion``: each gap on its own still has a value,
      but no finished pyramid agrees with all of them (and the ranks left).
    """
    t = board_table(board)
    vals = values_of(board.places)
    if t.compatible(vals, [c.value for c in board.discard]):
        return None
    shape = board.shape
    cards = values(board.jokers)
    jk = board.jokers
    in_pyramid = {v for v in vals if v is not None}
    expert = board.level == "expert"
    gaps = [p for p, v in enumerate(vals) if v is None]
    repeat = None
    for p in gaps:
        row, pos = shape.row(p) + 1, shape.col(p) + 1
        inter, sets = local_options(board, p)
        if inter is None:
            continue
        if not inter:
            # show the values that are cards; the raw arithmetic only when none is
            first, second = (
                tuple(sorted(v for v in x if v in cards)) or tuple(sorted(v for v in x if v >= 0))
                for x in (sets[0], sets[1])
            )
            return DeadEnd(CONFLICT, p, (), row, pos, first, second, jk)
        valid = sorted(v for v in inter if v in cards)
        if not valid:
            shown = tuple(sorted(v for v in inter if v >= 0)) or tuple(sorted(inter))
            kind = NEEDS_ZERO if 0 in inter or all(v < 0 for v in inter) else NEEDS_OVER_13
            return DeadEnd(kind, p, shown, row, pos, jokers=jk)
        if expert and repeat is None and all(v in in_pyramid for v in valid):
            repeat = DeadEnd(EXPERT_REPEAT, p, tuple(valid), row, pos, jokers=jk)
    if repeat is not None:
        return repeat
    # what the filled places force, before counting the ranks left
    arith = t.compatible(vals, ())
    if arith:
        used = used_copies(board)
        for p in gaps:
            possible = tuple(v for v in cards if arith & t.pos[p][v])
            if possible and all(used[v] >= copies(v, jk) for v in possible):
                return DeadEnd(RANK_USED_UP, p, possible, shape.row(p) + 1, shape.col(p) + 1, jokers=jk)
    return DeadEnd(NO_COMPLETION, jokers=jk)


@dataclass(frozen=True)
class Help:
    """Everything the table may show about the pyramid."""

    finished: int
    gaps: dict[int, tuple[int, ...]]
    dead: DeadEnd | None


def analyse(board: Board) -> Help:
    """Finished pyramids still possible, the values per gap, the dead end."""
    mask = compatible(board)
    gaps = gap_values(board, mask)
    return Help(mask.bit_count(), gaps, None if mask else dead_end(board))


def legal_places(board: Board, card: Card) -> list[int]:
    """The gaps where ``card`` may go under the placement rules (difference,
    neighbours, Expert).  For highlighting drop targets; whose turn it is
    and whether the card is in that hand are the caller's business."""
    return [p for p, c in enumerate(board.places) if c is None and placement_problem(board, card, p) is None]


def prepare(board: Board) -> None:
    """Build (and cache) the finished-pyramid table for ``board``'s target
    now, e.g. while a new game is dealt, so the first help call is instant.
    Building takes about 20-150 ms once per target and rule set."""
    board_table(board)


def explain(board: Board) -> list[Message]:
    """The help as sentences: how many finished pyramids remain, the dead
    end (and that a coin can take a card back), then what each gap can take."""
    h = analyse(board)
    shape = board.shape
    out = [m("help.finished", n=h.finished)]
    if h.dead is not None:
        if board.coins > 0:
            out.append(m("help.dead_with_coins", why=h.dead.message(), n=board.coins))
        else:
            out.append(m("help.dead", why=h.dead.message()))
    if h.dead is not None:
        return out
    for p, vals in h.gaps.items():
        row, pos = shape.row(p) + 1, shape.col(p) + 1
        if vals:
            out.append(m("help.gap", row=row, pos=pos, values=[Rank(v) for v in vals if v in values(board.jokers)]))
        else:
            out.append(m("help.gap_none", row=row, pos=pos))
    return out
