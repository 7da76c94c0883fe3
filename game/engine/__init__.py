"""The shared engine layer: no pygame anywhere below here."""

from game.engine.core import (
    Bot,
    Game,
    GameError,
    GameRunner,
    IllegalAction,
    Message,
    NotationError,
    Notation,
    Outcome,
    msg,
    random_playout,
)
from game.engine.records import Record, RecordError

__all__ = [
    "Bot",
    "Game",
    "GameError",
    "GameRunner",
    "IllegalAction",
    "Message",
    "Notation",
    "NotationError",
    "Outcome",
    "Record",
    "RecordError",
    "msg",
    "random_playout",
]
