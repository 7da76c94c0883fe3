"""What lies on the table and where a card may go: the :class:`Board` (the
public part of a game), the placement rules and the finished pyramids a
board still agrees with.

A board is a :class:`~.rules.State` or any seat's :class:`~.rules.View`
(both are :class:`Board`).  The rules, the public help, the notation and
the bots all read boards through this module, which imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import Card, Rank
from game.engine.core import Message, msg
from game.games.mind_the_gap.geometry import Shape, shape_for
from game.games.mind_the_gap.pyramids import Table, table

NS = "mind_the_gap"


def m(key: str, **params: Any) -> Message:
    """A message of this game (its key without the ``mind_the_gap.`` prefix)."""
    return msg(f"{NS}.{key}", **params)


@dataclass(frozen=True, kw_only=True)
class Board:
    """What every seat sees, the part a state and a view share: the rules
    in force, the pyramid, the discard pile, the coins, whose turn it is,
    the public history and the result."""

    players: int
    level: str
    small: bool
    jokers: bool
    #: one card or None per place; place 0 is the target
    places: tuple
    #: oldest first
    discard: tuple
    coins: int
    turn: int
    #: passes in a row (reset by any other action)
    passes: int = 0
    #: public history: one (seat, kind, card, place) per action; a take-back
    #: records the card it removed; drawn cards are never recorded; a stop
    #: is the last entry
    log: tuple = ()
    #: None while running, else "won", "dead", "passes" or "stopped"
    result: str | None = None

    @property
    def shape(self) -> Shape:
        return shape_for(self.small)

    @property
    def target(self) -> Card:
        return self.places[0]

    @property
    def expert(self) -> bool:
        return self.level == "expert"

    @property
    def open_hands(self) -> bool:
        return self.level == "easy"

    @property
    def can_pay(self) -> bool:
        """Whether the team has a coin: a discard and a take-back cost one."""
        return self.coins > 0


def difference(left: Card, right: Card) -> int:
    """The value of the card that rests on ``left`` and ``right``: the
    difference of their values (a joker is 0).

    >>> difference(Card.parse("3H"), Card.parse("KS"))
    10
    """
    return abs(left.value - right.value)


def takeback_problem(board: Board, place: int | None) -> Message | None:
    """Why the card at ``place`` may not go back to the discard pile now (a
    coin, a place of the pyramid, not the target, not a gap), or None when
    it may.  Whose turn it is is not checked here."""
    if not board.can_pay:
        return m("err.no_coin_takeback")
    if place is None or not 0 <= place < board.shape.size:
        return m("err.no_such_place")
    if place == 0:
        return m("err.takeback_target")
    if board.places[place] is None:
        return m("err.takeback_gap")
    return None


def placement_problem(board: Board, card: Card, place: int) -> Message | None:
    """Why ``card`` may not go to ``place`` on ``board``, or None when the
    difference rule, the neighbour rule and (on Expert) the no-repeat rule
    all allow it.  Whose turn it is is not checked here."""
    shape = board.shape
    places = board.places
    if not 0 <= place < shape.size:
        return m("err.no_such_place")
    if place == 0:
        return m("err.target_place")
    if places[place] is not None:
        return m("err.place_taken", card=places[place], row=shape.row(place) + 1, pos=shape.col(place) + 1)
    v = card.value
    if board.level == "expert":
        for other in places:
            if other is not None and other.value == v:
                return m("err.expert_repeat", rank=Rank(v), card=other)
    if not board.jokers:
        for nb in shape.neighbours[place]:
            if nb >= 0 and places[nb] is not None and places[nb].value == v:
                return m("err.same_rank", card=card, other=places[nb])
    for above, left, right in shape.triples_of[place]:
        a, lc, rc = places[above], places[left], places[right]
        if place == above:
            if lc is not None and rc is not None:
                d = difference(lc, rc)
                if d != v:
                    return m("err.not_difference", card=card, left=lc, right=rc, diff=d)
        else:
            other = rc if place == left else lc
            if a is not None and other is not None:
                d = difference(card, other)
                if d != a.value:
                    return m("err.above_needs", card=card, other=other, diff=d, above=a, need=a.value)
    return None


def placement_ok(places: tuple, shape: Shape, jokers: bool, expert: bool, place: int, v: int) -> bool:
    """Fast boolean form of :func:`placement_problem` (``place`` is a gap),
    on values: the legal moves and the bots call it for every gap and card,
    so the difference is written out here rather than called."""
    if expert:
        for other in places:
            if other is not None and other.value == v:
                return False
    if not jokers:
        for nb in shape.neighbours[place]:
            if nb >= 0 and places[nb] is not None and places[nb].value == v:
                return False
    for above, left, right in shape.triples_of[place]:
        a, lc, rc = places[above], places[left], places[right]
        if place == above:
            if lc is not None and rc is not None and abs(lc.value - rc.value) != v:
                return False
        else:
            other = rc if place == left else lc
            if a is not None and other is not None and abs(v - other.value) != a.value:
                return False
    return True


def values_of(places: tuple) -> list:
    return [None if c is None else c.value for c in places]


def board_table(board: Board) -> Table:
    """The finished pyramids for ``board``'s target and rules (cached)."""
    return table(board.places[0].value, board.small, board.jokers, board.level == "expert")


def compatible(board: Board) -> int:
    """Bit mask (over :func:`pyramids.table` ``.pyramids``) of the finished
    pyramids still possible on ``board``."""
    return board_table(board).compatible(values_of(board.places), [c.value for c in board.discard])
