"""What Mind the Gap keeps in the app's files (its package's ``SHAPES``;
the persistence layer reads them through the registry).

- statistics: one row per level, number of players, how many of them
  people, coins (0-20) and variant ("normal-3p-1h-6c-std",
  :func:`.policy.stats_key`); rows from before the people were kept
  ("normal-3p-6c-std") and from before coins and variants were
  ("normal-2p") are read and shown as they are.  At most 4 levels x 9
  tables (1-3 seats, 0 to all of them people) x 21 coin counts x 4
  variants, the 4 x 3 x 21 x 4 rows of before the people, and the 12
  oldest;
- a save's table (:class:`.policy.MtgMeta`): the helper, the tutorial, a
  turn taken back, and the series of five pyramids (:mod:`.series`);
- the setup: the options of the next game and whether it is a series.
"""

from __future__ import annotations

from game.engine.schema import BIG, COUNT, OPTION, Bool, Fields, GameShapes, Int, ListOf, MapOf, Maybe, Text

STATS_KEY = r"(easy|normal|hard|expert)-[1-3]p(-([0-3]h-)?([0-9]|1[0-9]|20)c-(std|small|jokers|small\+jokers))?"
ROW = Fields({"games": COUNT, "wins": COUNT, "helper_games": COUNT}, optional={"best_series": Maybe(COUNT), "undo_games": COUNT})
STATS = MapOf(ROW, Text(40, pattern=STATS_KEY), max_len=4 * 9 * 21 * 4 + 4 * 3 * 21 * 4 + 12)

#: a series of five pyramids under way
SERIES = Fields({"options": MapOf(OPTION, Text(40), max_len=64), "seed": Int(-BIG, BIG), "points": ListOf(COUNT, 100), "length": Int(1, 100)})

SHAPES = GameShapes(
    stats=STATS,
    meta={
        "helper": Bool(),
        "helper_used": Bool(),
        "tutorial": Bool(),
        # issue 24: a turn taken back against the computers
        "undo_used": Bool(),
        "series": SERIES,
    },
    setup={"series": Bool(), "level": Text(40), "coins": Int(0, 100), "small": Bool(), "jokers": Bool()},
)
