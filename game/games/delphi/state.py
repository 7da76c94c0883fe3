"""Delphi's values: actions, the state, what a seat sees, round results.

Everything is a frozen dataclass of tuples, so states compare, hash and
deep-copy, and ``apply`` can never change one in place.

Seats are numbered 0 … players-1 clockwise (seat ``i``'s left neighbour is
``i + 1``).  God is one of the seats; ``players`` counts God too.

Play numbers: every card placed on the table gets a number in the order it
was played, main and side lines together, starting with the starter card(s)
(the rule text's example counts its starter among the "22 cards played").
White markers, black markers, the 30-card expulsion threshold, the Prophet's
bonus and God's "twice the cards up to the Prophet marker" all use these
numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from game.cards import Card
from game.engine.core import Message
from game.games.delphi.log import render_entry

# --- phases: what the table waits for ------------------------------------------
SETRULE = "setrule"  # God writes the rule (or chooses to judge by hand), and may give a hint
STARTER = "starter"  # no card can follow the dealt starter(s): God may choose others
TURN = "turn"  # the player on turn plays cards or declares No Play
PROPHET_VERDICT = "prophet-verdict"  # the Prophet judges the pending play / No Play
GOD_VERDICT = "god-verdict"  # God judges by hand (judge-by-hand rounds only)
PROPHET_PICK = "prophet-pick"  # after a wrong No Play: the Prophet picks a card
GOD_CHECK_PICK = "god-check-pick"  # God (by hand) checks the Prophet's pick
GOD_PICK = "god-pick"  # God (by hand) picks a correct card from a No Play hand
DECLARE = "declare"  # the player who just played may declare themselves Prophet
ROUND_OVER = "round-over"  # scores shown, the rule revealed; "next" starts the next round
GAME_OVER = "game-over"  # the last round is over, or the players stopped the game

#: a wrong play expels once this many cards have been played (no Prophet)
EXPEL_AFTER = 30
#: cards after the Prophet marker during which nobody is expelled
PROPHET_GRACE = 20
HAND_SIZE = 14
DECKS = 3
WRONG_CARD_PENALTY = 2
NO_PLAY_PENALTY = 5
FALSE_PROPHET_PENALTY = 5
NO_PLAY_SHRINK = 4
OUT_BONUS = 4
UNGODLY_COMPENSATION = 10
MAX_STARTERS = 3


# --- who is God ------------------------------------------------------------------


def god_of_round(first_god: int, number: int, players: int) -> int:
    """God's seat in round ``number`` (from 0): God moves one seat to the
    left each round, from ``first_god``.

    >>> [god_of_round(2, r, 4) for r in range(5)]
    [2, 3, 0, 1, 2]
    """
    return (first_god + number) % players


def god_round_of(seat: int, first_god: int, players: int, rounds: int) -> int | None:
    """The round (from 0) in which ``seat`` is God, or None when the game's
    ``rounds`` end before God reaches it.

    >>> god_round_of(0, 2, 4, 4), god_round_of(1, 2, 4, 2)
    (2, None)
    """
    return next((r for r in range(rounds) if god_of_round(first_god, r, players) == seat), None)


# --- actions -------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """One move.  ``kind`` is one of:

    ``play`` (``cards`` in the order laid down), ``noplay``, ``prophet``,
    ``pass`` (decline to declare), ``verdict`` (``n`` 1 = right, 0 = wrong),
    ``pick`` (the Prophet's card from a No Play hand), ``god-pick`` (God's
    card, judge-by-hand rounds), ``rule`` (``text``), ``byhand`` (``n``
    starter cards, ``text`` an optional note shown at the end), ``hint``
    (``text``: God's hint for everyone, given before the rule), ``libhint``
    (``text``: the id of the library rule whose hint God gives), ``starter``
    (``cards``: the starters God lays instead of dealt ones no card can
    follow), ``next``, ``stop`` (the players end the game early; never a
    listed action).

    ``prophet`` is also the move of the player who has just played while
    the next player is on turn (``OpenTable.declarer``); like ``stop`` it
    is then not among the listed actions, which are the player on turn's.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    text: str = ""
    n: int = 0


# --- the table -----------------------------------------------------------------
@dataclass(frozen=True)
class SidePlay:
    """A wrong play hanging under main-line card ``anchor`` (0-based index
    into the main line: the last correct card when it was played, so it was
    judged against ``main[:anchor + 1]``).  A string stays together."""

    anchor: int
    cards: tuple[Card, ...]
    first: int  # play number of cards[0]
    seat: int


@dataclass(frozen=True)
class NoPlayEvent:
    """A No Play and how it was settled (public: the hand was shown).

    ``correct``: no card of ``cards`` fitted after ``main[:anchor + 1]``.
    ``rejected``: a card the Prophet picked from this hand that God ruled
    wrong (so it does not fit there either), if any.
    """

    seat: int
    anchor: int
    cards: tuple[Card, ...]
    correct: bool
    rejected: Card | None = None


@dataclass(frozen=True)
class RoundPlan:
    """How a round's God judges: a rule text (judged by the engine), by hand
    (God's seat gives every verdict), or not yet known (``rule is None`` and
    not ``hand``: God writes it at the table)."""

    rule: str | None = None
    hand: bool = False
    starters: int = 1
    note: str = ""
    hint: str = ""  # a true hint God gives everyone (shown all round)
    rule_id: str = ""  # the library rule's id, when the rule came from the library


@dataclass(frozen=True)
class RoundResult:
    round: int
    god: int
    rule: str  # "" for a judge-by-hand round
    by_hand: bool
    note: str
    hand_sizes: tuple[int, ...]  # per seat, God's is 0
    high: int
    scores: tuple[int, ...]  # per seat, God's included
    prophet: int  # a Prophet standing at the end, or -1
    prophet_at: int  # cards played when that Prophet declared (0 if none)
    prophet_bonus: int
    god_capped: bool  # God scored less than the best player (the Prophet's cap)
    played: int
    reason: Message
    #: with a Prophet standing: the cards played up to and including the
    #: marked card (God's cap is twice this); 0 without one
    cap_cards: int = 0
    hint: str = ""  # God's hint in this round, as given
    hint_rule: str = ""  # or the library rule whose hint God gave


@dataclass(frozen=True)
class OpenTable:
    """What the state and every seat's view hold alike: nothing secret."""

    players: int
    god_name: str
    round: int
    results: tuple[RoundResult, ...]
    god: int
    by_hand: bool
    hint: str  # a true hint God gives everyone
    hint_rule: str  # the library rule whose hint God gave ("" for a hint in God's words)
    phase: str
    main: tuple[Card, ...]
    main_nums: tuple[int, ...]  # play number of each main-line card
    side: tuple[SidePlay, ...]  # in play order
    noplays: tuple[NoPlayEvent, ...]
    played: int
    turn: int  # the player on turn (TURN) or whose play is being judged
    expelled: tuple[bool, ...]
    prophet: int  # -1: none
    #: during a turn: the player who has just played and may still declare
    #: themselves Prophet until this turn's play (-1: nobody)
    declarer: int
    prophet_at: int
    prophet_anchor: int  # main-line index of the Prophet marker, -1 if none
    been_prophet: tuple[bool, ...]
    expel_after: int
    pending: tuple[Card, ...]  # a play awaiting its verdict
    pending_kind: str  # "", "play" or "noplay"
    prophet_says: int  # -1 no verdict yet, 0 wrong, 1 right
    picked: Card | None  # the Prophet's pick awaiting God's check (still in the hand)
    log: tuple[tuple, ...]  # this round's compact entries, see log.render_entry


    @property
    def wrong_play_expels(self) -> bool:
        """Whether a wrong play now expels its player (unless a False
        Prophet's verdict spares it): the cards played have reached the
        threshold, 30 or the standing Prophet's grace."""
        return self.played >= self.expel_after


#: the names of the fields a view copies from the state
OPEN_FIELDS: tuple[str, ...] = tuple(OpenTable.__dataclass_fields__)


@dataclass(frozen=True)
class DelphiState(OpenTable):
    seed: int
    first_god: int
    plans: tuple[RoundPlan, ...]
    rule: str  # this round's rule text ("" while unknown or judged by hand)
    note: str
    starters: int
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted; God's is ()
    deck: tuple[Card, ...]  # God's stock, top first
    exempt: bool  # the pending No Play's player is spared the penalty (False Prophet)
    short: bool  # God's deck could not pay a penalty or a hand in full
    stopped: bool  # the players ended the game early (``stop``)


@dataclass(frozen=True)
class DelphiView(OpenTable):
    """What one seat sees.  ``rule``/``note`` are ``None`` unless the seat is
    God or the round is over.  ``hand`` is ``None`` for God and spectators.

    For bots: the evidence is ``main`` (starters first, ``starters`` of them),
    ``side`` (each wrong play with the main-line index it was judged after)
    and ``noplays`` (shown hands and how they were settled).  A side string
    means: judged card by card from ``main[:anchor + 1]``, at least one card
    did not fit.
    """

    seat: int | None
    rounds: int
    to_move: int | None
    rule: str | None
    note: str | None
    starters: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    deck_size: int
    white: tuple[int, ...]  # play numbers carrying a white marker
    black: tuple[int, ...]  # play numbers carrying a black marker
    pending_seat: int
    shown_hand: tuple[Card, ...]  # a No Play hand on the table while it is settled
    totals: tuple[int, ...]  # sums of the finished rounds
    final: tuple[int, ...]  # the game's totals if it ended now (+10 for seats not yet God in a short game)
    compensated: tuple[int, ...]  # the seats that get those 10 points

    @cached_property
    def messages(self) -> tuple[Message, ...]:
        """This round's log as messages for the table, oldest first."""
        return tuple(render_entry(e, self) for e in self.log)

    def named_messages(self, names: Sequence[str]) -> tuple[Message, ...]:
        """The log with the players' own names (``names[seat]``); God keeps
        God's name."""
        return tuple(render_entry(e, self, names) for e in self.log)
