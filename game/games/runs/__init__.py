"""Runs: the competitive shedding game (the source text also calls it
"Mind the Gap").  Rules in :mod:`.rules`, bots in :mod:`.bots`, the
position notation in :mod:`.notation`, command-line tools in :mod:`.cli`.
"""

from game.games.runs.bots import BOTS
from game.games.runs.notation import NOTATION
from game.games.runs.rules import (
    GAME,
    Action,
    RoundResult,
    RunsGame,
    RunsState,
    RunsView,
    card_points,
    follows,
    neighbours,
)

CONFORMANCE = [
    {"players": 2, "rounds": 0},
    {"players": 3, "rounds": 0, "wrap": True},
    {"players": 4, "rounds": 0, "dealer": 2},
    {"players": 5, "rounds": 5},
    {"players": 6, "rounds": 0, "wrap": True},
    {"players": 2, "rounds": 5, "wrap": True},
]

__all__ = [
    "BOTS",
    "CONFORMANCE",
    "GAME",
    "NOTATION",
    "Action",
    "RoundResult",
    "RunsGame",
    "RunsState",
    "RunsView",
    "card_points",
    "follows",
    "neighbours",
]
