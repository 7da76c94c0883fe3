"""A series of five pyramids: 1 point plus the coins left for each won
pyramid, 0 for a lost one; the best total is kept (by the statistics).

Each pyramid of a series is an ordinary game with its own record: the same
options (but for who begins, which the team picks again for each pyramid),
and a seed derived from the series seed and the pyramid's number, so every
pyramid replays on its own.  The series itself is a small value
the table keeps (and saves as JSON) next to the current game's record.

>>> s = Series.start({"players": 2}, 7)
>>> s.game_seed(0) == s.game_seed(0) != s.game_seed(1)
True
>>> s = s.with_result(points_for(True, 4)).with_result(points_for(False, 0))
>>> s.index, s.points, s.total, s.done
(2, (5, 0), 5, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.cards import derive_seed
from game.games.mind_the_gap.rules import GAME, WON, State

SERIES_LENGTH = 5


def points_for(won: bool, coins_left: int) -> int:
    """A pyramid's score in a series."""
    return 1 + coins_left if won else 0


def points_of_state(state: State) -> int:
    """The series points of a finished game's state."""
    if state.result is None:
        raise ValueError("the pyramid is not finished yet")
    return points_for(state.result == WON, state.coins)


@dataclass(frozen=True)
class Series:
    options: dict
    seed: int
    points: tuple[int, ...] = ()
    length: int = SERIES_LENGTH

    @classmethod
    def start(cls, options: Mapping[str, Any], seed: int, length: int = SERIES_LENGTH) -> Series:
        opts = GAME.validate_options(options)
        if opts["preset"] is not None:
            raise ValueError("a series deals fresh pyramids; presets do not apply")
        return cls(opts, int(seed), (), length)

    @property
    def index(self) -> int:
        """0-based number of the pyramid being played (or next to play)."""
        return len(self.points)

    @property
    def done(self) -> bool:
        return len(self.points) >= self.length

    @property
    def total(self) -> int:
        return sum(self.points)

    @property
    def best_possible(self) -> int:
        """Each pyramid can score at most 1 + the starting coins."""
        return self.length * (1 + self.options["coins"])

    def game_seed(self, index: int | None = None) -> int:
        i = self.index if index is None else index
        return derive_seed(self.seed, "series", i)

    def next_game(self, first: int | None = None):
        """(options, seed) for the pyramid to play now; ``first`` is the
        seat the team picked to begin it (default: as in the series'
        options)."""
        if self.done:
            raise ValueError("the series is over")
        options = dict(self.options)
        if first is not None:
            options = GAME.validate_options({**options, "first": first})
        return options, self.game_seed()

    def with_result(self, points: int) -> Series:
        if self.done:
            raise ValueError("the series is over")
        return Series(self.options, self.seed, self.points + (int(points),), self.length)

    def to_json(self) -> dict:
        return {"options": dict(self.options), "seed": self.seed, "points": list(self.points), "length": self.length}

    @classmethod
    def from_json(cls, data: Any) -> Series:
        if not isinstance(data, dict):
            raise ValueError("a series is a JSON object")
        s = cls.start(data.get("options", {}), int(data.get("seed", 0)), int(data.get("length", SERIES_LENGTH)))
        pts = data.get("points", [])
        if not isinstance(pts, list) or not all(isinstance(p, int) and p >= 0 for p in pts):
            raise ValueError("series points must be a list of whole numbers")
        if len(pts) > s.length:
            raise ValueError("more results than pyramids in the series")
        return cls(s.options, s.seed, tuple(pts), s.length)


def series_in(meta: Mapping[str, Any]) -> Series | None:
    """The series a table keeps beside a game (``meta["series"]``, as
    JSON), or None when the game is not part of one (or the data is bad)."""
    data = meta.get("series")
    if not data:
        return None
    try:
        return Series.from_json(data)
    except ValueError:
        return None
