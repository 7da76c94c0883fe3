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

import random
from dataclasses import dataclass, field
from typing import Any, Generic, Hashable, Mapping, Protocol, Sequence, TypeVar

S = TypeVar("S")  # state
A = TypeVar("A")  # action
V = TypeVar("V")  # view


@dataclass(frozen=True)
class Message:
    """A sentence for a player, as a catalog key plus parameters.

    The engine speaks in messages so that the table can show them in the
    player's language.  ``str()`` gives the English text.
    Parameter values may be numbers, strings, :class:`~game.cards.Card`
    objects, ranks, or lists of those; the i18n layer formats each for the
    language (``Q`` becomes ``D`` in German).
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        from game.i18n import render

        return render(self, lang)

    def __str__(self) -> str:
        return self.render("en")

    def to_json(self) -> dict:
        from game.i18n import params_to_json

        return {"key": self.key, "params": params_to_json(self.params)}

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.params.items()))))


def msg(key: str, **params: Any) -> Message:
    return Message(key, params)


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


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``won`` is for cooperative and solo games (the whole team won or not);
    ``winners`` lists winning seats in competitive games (ties share);
    ``scores`` is one number per seat (or one for a team/solo game);
    ``reason`` says why the game ended, for a player.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: Message
    won: bool | None = None

    def to_json(self) -> dict:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "won": self.won,
            "reason": self.reason.to_json(),
        }


class Game(Protocol[S, A, V]):
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

    def view(self, state: S, seat: int | None) -> V:
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


class Bot(Protocol[V, A]):
    """A computer player.  Sees only its seat's view."""

    name: str

    def choose(self, view: V, legal: Sequence[A], rng: random.Random) -> A: ...


@dataclass
class GameRunner(Generic[S, A]):
    """A game in progress: the record (seed, options, actions) plus the
    states it passed through.  Undo pops states; it never re-rolls chance,
    because all chance comes from the seed."""

    game: Game
    options: dict
    seed: int
    states: list = field(default_factory=list)
    actions: list = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, options: Mapping[str, Any], seed: int) -> "GameRunner":
        opts = game.validate_options(options)
        return cls(game, opts, seed, [game.new_game(opts, seed)], [])

    @property
    def state(self) -> S:
        return self.states[-1]

    def play(self, action: A) -> S:
        new = self.game.apply(self.state, action)
        self.states.append(new)
        self.actions.append(action)
        return new

    def undo(self) -> A | None:
        if not self.actions:
            return None
        self.states.pop()
        return self.actions.pop()

    def record(self) -> "Record":
        from game.engine.records import Record

        return Record(
            game=self.game.id,
            seed=self.seed,
            options=dict(self.options),
            actions=[self.game.action_to_text(a) for a in self.actions],
        )


def random_playout(
    game: Game, options: Mapping[str, Any], seed: int, max_steps: int = 100_000
) -> GameRunner:
    """Play random legal actions to the end (used by the conformance test)."""
    runner = GameRunner.start(game, options, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if game.outcome(runner.state) is not None:
            return runner
        legal = game.legal_actions(runner.state)
        if not legal:
            raise AssertionError(f"{game.id}: no legal action but no outcome")
        runner.play(rng.choice(list(legal)))
    raise AssertionError(f"{game.id}: no end after {max_steps} random actions")
