"""Mind the Gap (Lückenlos): the cooperative difference pyramid.

The engine (:mod:`.rules`), the public help (:mod:`.help`), the position
notation (:mod:`.notation`), the finished-pyramid tables (:mod:`.pyramids`),
the bots (:mod:`.bots`), the worked example (:mod:`.tutorial`), the series
helper (:mod:`.series`), the expected win rates (:mod:`.winrates`) and the
command-line tools (:mod:`.cli`).  No pygame here.
"""

from game.games.mind_the_gap.bots import BOTS
from game.games.mind_the_gap.help import DeadEnd, Help, analyse, dead_end, finished_count, gap_values, legal_places
from game.games.mind_the_gap.notation import NOTATION
from game.games.mind_the_gap.rules import (
    GAME,
    HAND_SIZE,
    LEVEL_COINS,
    LEVELS,
    MAX_COINS,
    Action,
    State,
    View,
    placement_problem,
    seat_name,
)
from game.games.mind_the_gap.series import Series, points_for, points_of_state
from game.games.mind_the_gap.tutorial import TUTORIAL_OPTIONS, tutorial_intro, tutorial_steps
from game.games.mind_the_gap.winrates import expected_win_rate

#: option sets the generic conformance test plays through
CONFORMANCE = [
    {"players": 2, "level": "normal"},
    {"players": 1, "level": "easy"},
    {"players": 3, "level": "hard"},
    {"players": 2, "level": "expert"},
    {"players": 2, "level": "normal", "small": True},
    {"players": 3, "level": "normal", "jokers": True},
    {"players": 1, "level": "normal", "coins": 0},
    {"players": 2, "level": "expert", "small": True, "jokers": True, "coins": 3},
    dict(TUTORIAL_OPTIONS),
]

__all__ = [
    "Action",
    "BOTS",
    "CONFORMANCE",
    "DeadEnd",
    "GAME",
    "HAND_SIZE",
    "Help",
    "LEVELS",
    "LEVEL_COINS",
    "MAX_COINS",
    "NOTATION",
    "Series",
    "State",
    "TUTORIAL_OPTIONS",
    "View",
    "analyse",
    "dead_end",
    "expected_win_rate",
    "finished_count",
    "gap_values",
    "legal_places",
    "placement_problem",
    "points_for",
    "points_of_state",
    "seat_name",
    "tutorial_intro",
    "tutorial_steps",
]
