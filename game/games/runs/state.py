"""The values of Runs: actions, the state, what one seat may see, and the
score sheet of a finished round.  The rules that move from one state to the
next are in :mod:`game.games.runs.rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from game.cards import Card, Suit
from game.engine.core import Message, msg
from game.games.runs.deck import DECK

PLAY, DRAW, PASS, NEXT_ROUND, STOP = "play", "draw", "pass", "next-round", "stop"

PHASE_PLAY, PHASE_BREAK, PHASE_OVER = "play", "break", "over"


@dataclass(frozen=True, slots=True)
class Action:
    """``play <card>``, ``draw``, ``pass``, ``next-round`` or ``stop``."""

    kind: str
    card: Card | None = None

    def __str__(self) -> str:
        return action_text(self)


DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
NEXT_ACTION = Action(NEXT_ROUND)
STOP_ACTION = Action(STOP)
PLAY_ACTIONS: dict[Card, Action] = {c: Action(PLAY, c) for c in DECK}
#: the same actions by ``card_index`` (a list index is cheaper than hashing a Card)
PLAY_LIST: list[Action] = [PLAY_ACTIONS[c] for c in DECK]


def action_text(a: Action) -> str:
    if a.kind == PLAY:
        assert a.card is not None
        return f"play {a.card.code}"
    return a.kind


# --- the seats: who deals, who starts, whose turn is next ------------------------------------
# The deal, the turn and the start of a round all move to the left, one
# seat at a time; these functions are the one place that says so (the
# moves, the rules' texts and the table ask them).


def left_of(seat: int, players: int) -> int:
    """The seat on ``seat``'s left: the next to be dealt a card or to act.

    >>> left_of(1, 3), left_of(2, 3)
    (2, 0)
    """
    return (seat + 1) % players


def round_from(seat: int, players: int) -> tuple[int, ...]:
    """Every seat once, in turn order, starting with ``seat``.

    >>> round_from(2, 4)
    (2, 3, 0, 1)
    """
    return tuple((seat + i) % players for i in range(players))


def dealer_of(first_dealer: int, number: int, players: int) -> int:
    """Who deals round ``number`` when ``first_dealer`` dealt round 1: the
    deal moves one seat left each round."""
    return (first_dealer + number - 1) % players


def starter_of(first_dealer: int, number: int, players: int) -> int:
    """Who starts round ``number`` (and is dealt its first card): the player
    left of its dealer.

    >>> [starter_of(2, r, 4) for r in (1, 2, 3, 4, 5)]
    [3, 0, 1, 2, 3]
    """
    return left_of(dealer_of(first_dealer, number, players), players)


# --- the scores: the higher the better ------------------------------------------------------


def leaders(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest of ``totals``: who leads, and at the end
    of a game who wins (ties share).

    >>> leaders((12, 30, 30, -4))
    (1, 2)
    """
    best = max(totals)
    return tuple(s for s, v in enumerate(totals) if v == best)


def standings(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat, the highest total first (equal totals in seat order).

    >>> standings((12, 30, 30, -4))
    (1, 2, 0, 3)
    """
    return tuple(sorted(range(len(totals)), key=lambda s: (-totals[s], s)))


def keeps_runs(rules: RunsState | RunsView) -> bool:
    """Whether one of issue 24's house rules is on that keeps the open runs
    as their end cards (``ends``) and the turns without a card (``idle``):
    ``both_ends``, ``per_suit``, ``circuit`` or ``stop``.  Under the written
    rules and ``new_run`` alone the run is the chain's last card, as it was
    before them.  The one place that says so (the state's and the view's
    ``extended``, which the moves and the notation's format ask)."""
    return rules.both_ends or rules.per_suit or rules.circuit or rules.stop


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The score sheet of one finished round (one entry per seat).

    ``played``: points for cards played; ``bonus``: finishing bonus;
    ``penalty``: points of the cards left in hand (subtracted);
    ``finish``: seats in the order they went out; ``left``: the hands at
    the end (shown to everyone); ``chain``: the cards played, in order,
    and ``chain_seats`` who played each;
    ``reason``: ``"out"`` (at most one player held cards) or ``"blocked"``
    (nobody could play or draw); ``turns``: actions taken in the round.
    """

    round: int
    starter: int
    played: tuple[int, ...]
    bonus: tuple[int, ...]
    penalty: tuple[int, ...]
    finish: tuple[int, ...]
    left: tuple[tuple[Card, ...], ...]
    chain: tuple[Card, ...]
    chain_seats: tuple[int, ...]
    reason: str
    turns: int

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p + b - q for p, b, q in zip(self.played, self.bonus, self.penalty))


@dataclass(frozen=True, slots=True)
class RunsState:
    """Everything about a game of Runs.  Hidden from a seat: the other hands
    (during play) and the order of ``pile`` (drawn from its end).

    ``base`` holds the totals of finished rounds; ``points`` and ``bonus``
    the current round's points for cards played and finishing bonuses.
    ``log`` is this round's public actions as ``(seat, Action)``.
    ``stopped``: the table ended the game with ``stop`` (only an open-ended
    game can be stopped; a fixed game ends after its last round).
    ``new_run``: the house rule "new run" (a closed run is followed by a
    new one, started by the next player with any card); ``played``: the
    cards of ``chain`` as bits (``card_index``), kept for speed.

    Issue 24's house rules (each off by default, so every older record and
    text means what it meant): ``both_ends`` (a run grows at either end),
    ``per_suit`` (a run in every suit: a card of a suit without an open run
    starts one), ``circuit`` (when nobody has played for a whole circuit of
    draws and passes, the open runs close and the next player starts a new
    one).  With any of them on, ``ends`` holds the open runs as the pair of
    cards at their two ends (one-way runs: the last card twice), and
    ``idle`` the draws and passes since the last card played (or since a
    circuit closed the runs).  ``stop`` (a run stops at the first player
    who cannot follow: after their draw or pass the open runs close, a
    circuit of one turn) keeps the open runs too; ``big_deal`` deals 40
    cards (at least 7 each) instead of 7 each.  With the open runs kept,
    ``starts`` holds the places in ``chain`` where a card began a new run:
    a card that touches the last one may still have begun one, after a
    circuit or a stop closed the runs, so the table cannot tell from the
    cards alone (it drew such a run and the one before as one).
    """

    players: int
    seed: int
    rounds: int
    wrap: bool
    dealer: int  # dealer of round 1; round r is dealt by dealer + r - 1
    round: int
    phase: str
    turn: int  # the seat to act; -1 when the game is over
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    chain: tuple[Card, ...]
    chain_seats: tuple[int, ...]
    finished: tuple[int, ...]
    base: tuple[int, ...]
    points: tuple[int, ...]
    bonus: tuple[int, ...]
    history: tuple[RoundResult, ...] = ()
    log: tuple[tuple[int, Action], ...] = ()
    stopped: bool = False
    new_run: bool = False
    played: int = 0
    # the house rules of issue 24 (all off: the rules as before them)
    both_ends: bool = False
    per_suit: bool = False
    circuit: bool = False
    ends: tuple[tuple[Card, Card], ...] = ()
    idle: int = 0
    stop: bool = False
    big_deal: bool = False
    starts: tuple[int, ...] = ()

    @property
    def extended(self) -> bool:
        """One of issue 24's house rules that keep the open runs in
        ``ends`` is on (else the run is the chain's last card, as before)."""
        return keeps_runs(self)

    @property
    def starter(self) -> int:
        """Who starts the current round: the player left of its dealer."""
        return starter_of(self.dealer, self.round, self.players)

    @property
    def next_starter(self) -> int:
        """Who starts the round after this one (who leads once ``next-round``
        is played at a break)."""
        return starter_of(self.dealer, self.round + 1, self.players)

    @property
    def last(self) -> Card | None:
        return self.chain[-1] if self.chain else None

    @property
    def totals(self) -> tuple[int, ...]:
        """Game totals so far: finished rounds plus this round's points and
        bonuses (hand penalties count only when the round ends)."""
        return tuple(a + b + c for a, b, c in zip(self.base, self.points, self.bonus))


_FIELD_VALUES = attrgetter(*RunsState.__dataclass_fields__)
_FIELD_INDEX = {f: i for i, f in enumerate(RunsState.__dataclass_fields__)}


def replace_state(state: RunsState, **changes: Any) -> RunsState:
    """``state`` with some fields changed.  Every move makes one; this takes
    2.4 µs where ``dataclasses.replace`` takes 3.0 (measured with timeit)."""
    values = list(_FIELD_VALUES(state))
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return RunsState(*values)


@dataclass(frozen=True, slots=True)
class RunsView:
    """What one seat may see.  ``seat is None`` is a spectator (no hand).

    ``closing``: the cards of ``playable`` after which nothing could follow
    (the run would end); ``new_run``: the house rule is on; ``both_ends``,
    ``per_suit``, ``circuit``, ``ends``, ``idle``, ``stop``, ``big_deal``:
    issue 24's house rules and the open runs (see :class:`RunsState`)."""

    seat: int | None
    players: int
    rounds: int
    wrap: bool
    round: int
    phase: str
    turn: int | None
    #: who dealt this round, who started it, and who starts the next one
    #: (the engine's :func:`starter_of`; a table shows them, never counts)
    dealer: int
    starter: int
    next_starter: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    chain: tuple[Card, ...]
    chain_seats: tuple[int, ...]
    pile_count: int
    finished: tuple[int, ...]
    scores: tuple[int, ...]
    base: tuple[int, ...]
    points: tuple[int, ...]
    bonus: tuple[int, ...]
    history: tuple[RoundResult, ...]
    log: tuple[tuple[int, Action], ...]
    playable: tuple[Card, ...]
    closing: tuple[Card, ...] = ()
    new_run: bool = False
    both_ends: bool = False
    per_suit: bool = False
    circuit: bool = False
    ends: tuple[tuple[Card, Card], ...] = ()
    idle: int = 0
    stop: bool = False
    big_deal: bool = False
    #: where each run of ``chain`` began (with the open runs kept; see
    #: :class:`RunsState`), else empty: the chain's own breaks tell
    starts: tuple[int, ...] = ()

    @property
    def extended(self) -> bool:
        return keeps_runs(self)

    @property
    def last(self) -> Card | None:
        return self.chain[-1] if self.chain else None

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.turn == self.seat

    def round_score(self, seat: int) -> int:
        """``seat``'s score of the round in view: while it is played, its
        points and bonus so far; between rounds and at the end, the sheet's
        total of the round just played (its points have gone into it)."""
        if self.phase != PHASE_PLAY and self.history:
            return self.history[-1].totals[seat]
        return self.points[seat] + self.bonus[seat]


def seat_name(seat: int) -> Message:
    """A default name for a seat ("Player 2"); the table may swap in the
    players' own names by replacing the ``name`` parameter of a message."""
    return msg("runs.seat", n=seat + 1)


def suit_name(suit: Suit | None) -> Message:
    assert suit is not None  # Runs has no jokers
    return msg(f"runs.suit.{suit.value}")


__all__ = [
    "DRAW",
    "DRAW_ACTION",
    "NEXT_ACTION",
    "NEXT_ROUND",
    "PASS",
    "PASS_ACTION",
    "PHASE_BREAK",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PLAY",
    "PLAY_ACTIONS",
    "PLAY_LIST",
    "STOP",
    "STOP_ACTION",
    "Action",
    "RoundResult",
    "RunsState",
    "RunsView",
    "action_text",
    "dealer_of",
    "keeps_runs",
    "leaders",
    "left_of",
    "replace_state",
    "round_from",
    "seat_name",
    "standings",
    "starter_of",
    "suit_name",
]
