"""The contract every game implements.

A game is a :class:`Game` object (rules, no state of its own) working on
immutable states.  ``apply`` returns a new state or raises
:class:`IllegalAction` with a :class:`Message` a player can read; the state
passed in is never changed.  Hidden information is a per-seat projection,
``view(state, seat)``: the table draws views and bots receive views.

Actions are small frozen values with a canonical text form (like a UCI
move): ``game.action_to_text(a)`` / ``game.action_from_text(s)``.  A game
record is the seed, the options and the list of action texts, so any game
can be replayed exactly.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from game.i18n import Message, msg

__all__ = [
    "Bot",
    "Game",
    "GameError",
    "IllegalAction",
    "Message",
    "Notation",
    "NotationError",
    "Outcome",
    "Termination",
    "msg",
]

S = TypeVar("S")  # state
A = TypeVar("A")  # action
V_co = TypeVar("V_co", covariant=True)  # view, as a game hands it out
V_contra = TypeVar("V_contra", contravariant=True)  # view, as a bot takes it


class GameError(Exception):
    """Base class for errors a game reports."""


class IllegalAction(GameError):
    """An action the rules refuse.  ``reason`` says why, for a player.

    >>> e = IllegalAction(msg("engine.not_your_turn", seat=2))
    >>> e.reason.key
    'engine.not_your_turn'
    """

    def __init__(self, reason: Message | str, **params: Any) -> None:
        if isinstance(reason, str):
            reason = Message(reason, params)
        self.reason = reason
        super().__init__(str(reason))

    def render(self, lang: str = "en") -> str:
        return self.reason.render(lang)


class NotationError(GameError, ValueError):
    """Text that is not a valid position, action or record.  ``column`` is
    1-based where known."""

    def __init__(self, message: str, column: int | None = None) -> None:
        self.column = column
        super().__init__(message if column is None else f"column {column}: {message}")


class Termination(enum.StrEnum):
    """Why a game is over, for code (the ``reason`` message is for people),
    as python-chess's ``Termination``: the table and the statistics tell
    outcomes apart by this, never by a message key."""

    #: a cooperative or solo game was won
    WON = "won"
    #: a cooperative or solo game ended without the win
    LOST = "lost"
    #: a competitive game ran to its planned end (its rounds are played)
    FINISHED = "finished"
    #: the players ended it early with the game's recorded ``stop`` action
    STOPPED = "stopped"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``won`` is for cooperative and solo games (the whole team won or not);
    ``winners`` lists winning seats in competitive games (ties share);
    ``scores`` is one number per seat (or one for a team/solo game);
    ``reason`` says why the game ended, for a player; ``termination`` says
    it for code.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: Message
    won: bool | None = None
    termination: Termination = Termination.FINISHED

    @property
    def stopped(self) -> bool:
        return self.termination is Termination.STOPPED

    def to_json(self) -> dict:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "won": self.won,
            "termination": self.termination.value,
            "reason": self.reason.to_json(),
        }


class Game(Protocol[S, A, V_co]):
    """What the registry, the table, the bots and the tests rely on."""

    #: stable id used in records, saves, statistics and the command line
    id: str
    min_players: int
    max_players: int

    # --- setting up ---------------------------------------------------------
    def default_options(self, players: int | None = None) -> Mapping[str, Any]:
        """A JSON-able dict of options for a new game."""

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Fill defaults, check types and ranges; raise ``ValueError`` with a
        readable message on bad options.  Returns the full option dict."""

    def new_game(self, options: Mapping[str, Any], seed: int) -> S:
        """The initial state; all randomness derives from ``seed``."""

    # --- playing ------------------------------------------------------------
    def current_player(self, state: S) -> int | None:
        """The seat to act, or ``None`` when the game is over."""

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the current player may take.  Empty when over."""

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises :class:`IllegalAction`."""

    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game runs."""

    def stop_action(self, state: S) -> A | None:
        """The action that ends the game now, recorded like any other
        (``stop``), or ``None`` when the game cannot be stopped here.  It is
        not among ``legal_actions`` unless the rules make stopping a move
        of the game (Runs' open-ended scoring), so bots never stop a game."""

    def view(self, state: S, seat: int | None) -> V_co:
        """What ``seat`` may see (``None``: a spectator; nothing private).
        Must be a comparable value: equal knowledge gives equal views."""

    # --- text forms ---------------------------------------------------------
    def action_to_text(self, action: A) -> str: ...

    def action_from_text(self, text: str) -> A: ...

    def describe_action(self, state: S, action: A) -> Message:
        """A sentence for the game log ("Anna places 3♥ in row 2")."""

    # --- for the generic checks ------------------------------------------------
    def cards(self, state: S) -> Sequence[Hashable]:
        """Every card the game holds, wherever it is (conservation)."""

    def shuffle_hidden(self, state: S, seat: int, rng: random.Random) -> S:
        """A state that differs only in cards ``seat`` cannot see, shuffled
        among the places ``seat`` cannot see (other hands, the stock)."""


class Notation(Protocol[S]):
    """A text notation for positions (like FEN), when a game has one."""

    def format(self, state: S) -> str: ...

    def parse(self, text: str) -> S: ...


class Bot(Protocol[V_contra, A]):
    """A computer player.  Sees only its seat's view."""

    name: str

    def choose(self, view: V_contra, legal: Sequence[A], rng: random.Random) -> A: ...
