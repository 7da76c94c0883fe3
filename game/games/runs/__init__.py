"""Runs: the competitive shedding game (the source text also calls it
"Mind the Gap").  The cards' arithmetic in :mod:`.deck`, the values in
:mod:`.state`, the moves in :mod:`.moves`, the rules in :mod:`.rules`, how a table plays it in
:mod:`.policy`, bots in :mod:`.bots`, the position notation in
:mod:`.notation`, command-line tools in :mod:`.cli`.
"""

from game.games.runs.bots import BOTS
from game.games.runs.deck import card_points, neighbours
from game.games.runs.notation import NOTATION
from game.games.runs.policy import POLICY
from game.games.runs.rules import GAME, RunsGame
from game.games.runs.shapes import SHAPES
from game.games.runs.state import Action, RoundResult, RunsState, RunsView

# the first set has planned rounds: the shared tests let computers play it
# to its end, and computers never stop an open-ended game
CONFORMANCE = [
    {"players": 5, "rounds": 5},
    {"players": 2, "rounds": 0},
    {"players": 3, "rounds": 0, "wrap": True},
    {"players": 4, "rounds": 0, "dealer": 2},
    {"players": 6, "rounds": 0, "wrap": True},
    {"players": 2, "rounds": 5, "wrap": True},
    # the house rule "new run"
    {"players": 2, "rounds": 5, "new_run": True},
    {"players": 4, "rounds": 0, "new_run": True},
    {"players": 3, "rounds": 0, "wrap": True, "new_run": True},
    {"players": 6, "rounds": 5, "new_run": True},
    # issue 24's house rules
    {"players": 3, "rounds": 5, "both_ends": True},
    {"players": 4, "rounds": 0, "per_suit": True, "wrap": True},
    {"players": 2, "rounds": 5, "circuit": True},
    {"players": 5, "rounds": 0, "new_run": True, "both_ends": True, "per_suit": True, "circuit": True},
    # a stop and the bigger deal (13 cards each with 3 players, 7 with 6)
    {"players": 3, "rounds": 5, "new_run": True, "circuit": True, "stop": True, "big_deal": True},
    {"players": 6, "rounds": 0, "per_suit": True, "stop": True, "big_deal": True, "wrap": True},
]

__all__ = [
    "BOTS",
    "CONFORMANCE",
    "GAME",
    "NOTATION",
    "POLICY",
    "SHAPES",
    "Action",
    "RoundResult",
    "RunsGame",
    "RunsState",
    "RunsView",
    "card_points",
    "neighbours",
]
