"""The shared engine layer: no pygame anywhere below here."""

from game.engine.core import (
    Bot,
    Game,
    GameError,
    IllegalAction,
    Message,
    Notation,
    NotationError,
    Outcome,
    Termination,
    msg,
)
from game.engine.records import Record, RecordError
from game.engine.runner import GameRunner, random_playout

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
    "Termination",
    "msg",
    "random_playout",
]
