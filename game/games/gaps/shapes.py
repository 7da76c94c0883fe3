"""What Gaps keeps in the app's files (its package's ``SHAPES``; the
persistence layer reads them through the registry).

- statistics: one row per rule set ("r2", "r1-layout"; issue 22 added the
  rows of deals dealt as proven winnable, "r2-winnable"); ``best_redeals``
  (issue 14) and ``best_time`` (issue 15) came later, so a row without
  them is still a row of ours.  The daily deals (issue 15) have a row per
  date, the latest 1,000 (:data:`.policy.DAILY_KEEP`), with the date
  counted last and the longest run of dates won (issue 49; a file without
  them is still ours);
- a save's table (:class:`.policy.GapsMeta`): help used, the clock's
  seconds, the date of a daily deal, a deal dealt as proven winnable, the
  review of a lost deal;
- the setup: the redeals allowed and any deal or only winnable ones.
"""

from __future__ import annotations

from game.engine.dates import DATE
from game.engine.schema import BIG, COUNT, Bool, Fields, GameShapes, Int, MapOf, Num, Text

ROW = Fields(
    {},
    optional={
        **{k: COUNT for k in ("games", "wins", "score_sum", "redeals_used", "assisted_games", "assisted_wins", "streak", "best_streak", "best")},
        "best_redeals": Int(0, 2),
        # the fastest win in whole seconds (issue 15)
        "best_time": COUNT,
    },
)
DAILY_ROW = Fields({}, optional={**{k: COUNT for k in ("games", "wins", "best", "best_time")}, "best_redeals": Int(0, 2)})
STATS = Fields(
    {},
    optional={
        **{f"r{n}{x}": ROW for n in range(3) for x in ("", "-layout", "-winnable")},
        "daily": MapOf(DAILY_ROW, DATE, max_len=1000),
        "daily_latest": DATE,
        "daily_best_streak": COUNT,
    },
)

SHAPES = GameShapes(
    stats=STATS,
    meta={
        "assisted": Bool(),
        # issue 15: the seconds on the table's clock, the date of a daily deal
        "elapsed": Num(0, BIG),
        "daily": DATE,
        # issue 22: the deal was dealt as proven winnable; the game is the review of a lost one
        "winnable": Bool(),
        "review": Bool(),
    },
    # issue 22: any deal, or only deals proven winnable
    setup={"redeals": Int(0, 2), "deals": Text(10, choices=["any", "winnable"])},
)
