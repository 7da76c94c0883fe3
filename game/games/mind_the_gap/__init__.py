"""Mind the Gap (Lückenlos): the cooperative difference pyramid.

The engine (:mod:`.rules`), the placement rules every module reads boards
with (:mod:`.board`), the public help (:mod:`.help`), the position notation
(:mod:`.notation`), the finished-pyramid tables (:mod:`.pyramids`), the bots
(:mod:`.bots`), the worked example (:mod:`.tutorial`), the series helper
(:mod:`.series`), how a match is played (:mod:`.policy`), the expected win
rates (:mod:`.winrates`), the simulator (:mod:`.sim`) and the command-line
tools (:mod:`.cli`).  No pygame here.

For the table (all of these read a state or any seat's view alike):

- places: index 0-9 in reading order (rows top to bottom, positions left to
  right), ``state.shape.coords[i]`` gives (row, col) 0-based,
  ``shape.name(i)`` gives ``"r2c1"``; see :mod:`.geometry`.
- actions: ``GAME.legal_actions(state)``; texts ``place 3H r2c1``,
  ``discard JC``, ``takeback r3c2``, ``pass``; ``GAME.stop_action(state)``
  is ``stop`` (the team gives up; never a legal action); ``GAME.describe_action``
  gives the log line (params ``player`` - replace it with the seat's name -,
  ``seat``, ``card``, ``row``, ``pos``).
- drag and drop: :func:`legal_places` (gaps a card may go to),
  :func:`placement_problem` (why not: a Message, or None).
- public help: :func:`analyse` (finished pyramids still possible, values
  per gap, dead end), :func:`explain` (the same as Messages),
  :func:`dead_end` (kind + Message), :func:`prepare` (build the target's
  table while dealing), :func:`closes_off` (a move left no finished
  pyramid possible: said even with the help off).
- tutorial: ``TUTORIAL_OPTIONS`` (a normal game option set with
  ``"preset": "tutorial"``), :func:`tutorial_intro`, :func:`tutorial_steps`
  (seat, action text, explanation Message), ``tutorial.NAMES``.
- series: :class:`Series` (start, next_game, with_result, total, JSON),
  :func:`points_of_state`, :func:`series_in` (the series in a save's meta).
- the match: ``POLICY`` (hands secret between people unless open; the
  statistics fold, :func:`.policy.fold_result`, one row per
  :func:`stats_key`: level, seats, people among them, coins, variant;
  :func:`parse_stats_key` reads a row's key, also the older
  "normal-3p-6c-std" and "normal-2p").
- who begins: the option ``first`` (a seat, default 0); a series asks for
  each pyramid (``Series.next_game(first)``).
- setup screen: :func:`expected_win_rate` (players, level, coins, variant)
  -> (rate, deals) or None; ``LEVEL_COINS``, ``MAX_COINS``.
"""

from game.games.mind_the_gap.board import placement_problem
from game.games.mind_the_gap.bots import BOTS, TEAMMATES
from game.games.mind_the_gap.help import (
    DeadEnd,
    Help,
    analyse,
    closes_off,
    dead_end,
    explain,
    finished_count,
    gap_values,
    legal_places,
    prepare,
)
from game.games.mind_the_gap.notation import NOTATION
from game.games.mind_the_gap.policy import POLICY, MtgMeta, parse_stats_key, stats_key
from game.games.mind_the_gap.rules import (
    GAME,
    HAND_SIZE,
    LEVEL_COINS,
    LEVELS,
    MAX_COINS,
    Action,
    State,
    View,
    seat_name,
)
from game.games.mind_the_gap.series import Series, points_for, points_of_state, series_in
from game.games.mind_the_gap.shapes import SHAPES
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
    {"players": 3, "level": "normal", "first": 2},
    dict(TUTORIAL_OPTIONS),
]

__all__ = [
    "BOTS",
    "CONFORMANCE",
    "GAME",
    "HAND_SIZE",
    "LEVELS",
    "LEVEL_COINS",
    "MAX_COINS",
    "NOTATION",
    "POLICY",
    "SHAPES",
    "TEAMMATES",
    "TUTORIAL_OPTIONS",
    "Action",
    "DeadEnd",
    "Help",
    "MtgMeta",
    "Series",
    "State",
    "View",
    "analyse",
    "closes_off",
    "dead_end",
    "expected_win_rate",
    "explain",
    "finished_count",
    "gap_values",
    "legal_places",
    "parse_stats_key",
    "placement_problem",
    "points_for",
    "points_of_state",
    "prepare",
    "seat_name",
    "series_in",
    "stats_key",
    "tutorial_intro",
    "tutorial_steps",
]
