"""A game in progress as plain data: the record (seed, options, actions)
and the states it passed through.  Undo pops states; it never re-rolls
chance, because all chance comes from the seed.

:class:`~game.engine.match.Match` builds on this with seats, bots, the
device and the end of a game; tests and tools that only need the rules use
a runner directly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.core import Game, IllegalAction, NotationError
from game.engine.records import Record, RecordError
from game.engine.registry import engine


@dataclass
class GameRunner:
    game: Game
    options: dict
    seed: int
    states: list = field(default_factory=list)
    actions: list = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, options: Mapping[str, Any], seed: int) -> GameRunner:
        opts = game.validate_options(options)
        return cls(game, opts, seed, [game.new_game(opts, seed)], [])

    @classmethod
    def replay(cls, record: Record, game: Game | None = None, *, read: Callable[[int, str], Any] | None = None) -> GameRunner:
        """Re-apply every action of ``record``; raise :class:`RecordError`
        at the first one that does not parse or is illegal.  ``read(i,
        text)`` makes action ``i`` (0-based) of its text, if not the game's
        ``action_from_text`` (a game may read more from the record than one
        action's text: Delphi alone, a guess's verdict)."""
        if game is None:
            try:
                game = engine(record.game)
            except KeyError as e:
                raise RecordError(str(e)) from None
        if game.id != record.game:
            raise RecordError(f"record is for {record.game!r}, not {game.id!r}")
        try:
            runner = cls.start(game, record.options, record.seed)
        except (ValueError, TypeError) as e:
            raise RecordError(f"the record's options are not valid: {e}") from None
        parse = read or (lambda i, text: game.action_from_text(text))
        for i, text in enumerate(record.actions, 1):
            try:
                runner.play(parse(i - 1, text))
            except (IllegalAction, NotationError, ValueError) as e:
                raise RecordError(f"action {i} ({text!r}) does not replay: {e}") from None
        return runner

    @property
    def state(self) -> Any:
        return self.states[-1]

    def play(self, action: Any) -> Any:
        new = self.game.apply(self.state, action)
        self.states.append(new)
        self.actions.append(action)
        return new

    def undo(self) -> Any | None:
        if not self.actions:
            return None
        self.states.pop()
        return self.actions.pop()

    def record(self) -> Record:
        return Record(
            game=self.game.id,
            seed=self.seed,
            options=dict(self.options),
            actions=[self.game.action_to_text(a) for a in self.actions],
        )


def random_playout(game: Game, options: Mapping[str, Any], seed: int, max_steps: int = 100_000) -> GameRunner:
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
