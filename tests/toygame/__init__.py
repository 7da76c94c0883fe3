"""A fifth game, for the tests only: "Tap to three".  One player taps until
the count reaches the goal (a win) or stops (a loss).  It shows that a game
is one package and one line in the registry (:data:`LINE`): its engine
(here), its table (:mod:`tests.toygame.table`), its policy, statistics,
saved meta and setup all reach the app through the paths the four games
take.  ``registered(monkeypatch)`` adds the line for one test."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from game.engine.core import IllegalAction, Message, NotationError, Outcome, Termination, msg
from game.engine.match import Match, Policy
from game.engine.registry import GameInfo
from game.engine.schema import COUNT, Bool, Fields, GameShapes, Int
from game.engine.turns import TableMeta

#: the toy's one line in the registry
LINE = GameInfo("toy", "toygame", {"en": "Tap to three", "de": "Bis drei tippen"}, (), (1, 1), engine_at="tests.toygame", table_at="tests.toygame.table")


def registered(monkeypatch) -> GameInfo:
    """Register the toy for this test: the one line added to the registry."""
    from game.engine import registry

    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, LINE))
    return LINE


@dataclass(frozen=True)
class ToyState:
    players: int = 1
    goal: int = 3
    taps: int = 0
    stopped: bool = False


class ToyGame:
    id = "toy"
    min_players = 1
    max_players = 1

    def default_options(self, players: int | None = None) -> dict[str, Any]:
        return {"goal": 3}

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"goal"}
        goal = options.get("goal", 3)
        if unknown or not isinstance(goal, int) or isinstance(goal, bool) or not 1 <= goal <= 9:
            raise ValueError(f"not options of the toy: {dict(options)!r}")
        return {"goal": goal}

    def new_game(self, options: Mapping[str, Any], seed: int) -> ToyState:
        return ToyState(goal=self.validate_options(options)["goal"])

    def current_player(self, state: ToyState) -> int | None:
        return None if self.outcome(state) is not None else 0

    def legal_actions(self, state: ToyState) -> Sequence[str]:
        return [] if self.outcome(state) is not None else ["tap"]

    def apply(self, state: ToyState, action: str) -> ToyState:
        if self.outcome(state) is not None:
            raise IllegalAction(msg("engine.game_over"))
        if action == "tap":
            return replace(state, taps=state.taps + 1)
        if action == "stop":
            return replace(state, stopped=True)
        raise IllegalAction(msg("engine.unknown_action", text=str(action)))

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.taps >= state.goal:
            return Outcome((0,), (float(state.taps),), msg("engine.game_over"), won=True, termination=Termination.WON)
        if state.stopped:
            return Outcome((), (float(state.taps),), msg("engine.game_over"), won=False, termination=Termination.STOPPED)
        return None

    def stop_action(self, state: ToyState) -> str | None:
        return None if self.outcome(state) is not None else "stop"

    def view(self, state: ToyState, seat: int | None) -> ToyState:
        return state

    def action_to_text(self, action: str) -> str:
        return action

    def action_from_text(self, text: str) -> str:
        if text not in ("tap", "stop"):
            raise NotationError(f"not a move of the toy: {text!r}")
        return text

    def describe_action(self, state: ToyState, action: str) -> Message:
        return msg("engine.action_text", text=action)

    def cards(self, state: ToyState) -> Sequence[Any]:
        return ()

    def shuffle_hidden(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        return state


@dataclass(frozen=True)
class ToyMeta(TableMeta):
    """What the toy's table keeps beside the record: whether the player
    peeked at the goal."""

    peeked: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"peeked": True} if self.peeked else {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(data.get("peeked") is True)


class ToyPolicy(Policy):
    meta_type = ToyMeta

    def fold_game(self, stats: dict, match: Match, outcome: Outcome, meta: TableMeta) -> None:
        stats["games"] = int(stats.get("games", 0)) + 1
        stats["wins"] = int(stats.get("wins", 0)) + (1 if outcome.won else 0)


class Tapper:
    name = "tapper"

    def choose(self, view: ToyState, legal: Sequence[str], rng: random.Random) -> str:
        return legal[0]


GAME = ToyGame()
POLICY = ToyPolicy()
BOTS = {"tapper": Tapper}
CONFORMANCE = [{"goal": 3}, {"goal": 1}]
SHAPES = GameShapes(
    stats=Fields({}, optional={"games": COUNT, "wins": COUNT}),
    meta={"peeked": Bool()},
    setup={"goal": Int(1, 9)},
)
