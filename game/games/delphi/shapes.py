"""What Delphi keeps in the app's files (its package's ``SHAPES``; the
persistence layer reads them through the registry).

- statistics: rounds, games, Prophets, bests; games and wins by kind of
  player; the solo rounds under ``solo`` (issue 23, :mod:`.solo_stats`):
  every round, and today's rule by its dates played and won (the latest
  1,000, :data:`.solo_stats.DAILY_KEEP`; a file from before issue 49 kept
  ``last``, ``last_solved`` and ``streak`` instead, read as the dates
  they mean);
- a save's table (:class:`.policy.DelphiMeta`, :class:`.policy.SoloMeta`):
  the rounds counted, what God was writing, the players' notebooks, and a
  solo round's guess being typed and its notebook.  Its saves hold solo rounds too
  (records of "delphi-solo", no game of the registry);
- the setup: rounds, the first God and God's name.
"""

from __future__ import annotations

from game.engine.dates import DATE
from game.engine.schema import COUNT, LONG_TEXT, NAME, SCORE, Fields, GameShapes, Int, ListOf, MapOf, Text

#: seats at a table of Delphi, with room to spare
SEATS = 16

SOLO = Fields(
    {},
    optional={
        "rounds": Fields({}, optional={k: COUNT for k in ("games", "solved", "score_sum", "wrong_guesses", "turns_solved", "best")}),
        "daily": Fields(
            {},
            optional={
                **{k: COUNT for k in ("days", "solved", "best", "streak", "best_streak")},
                "played": ListOf(DATE, 1000),
                "won": ListOf(DATE, 1000),
                "last": DATE,
                "last_solved": DATE,
            },
        ),
    },
)

BY_KIND = MapOf(COUNT, Text(40, pattern=r"[a-z_]+"), max_len=20)
STATS = Fields(
    {},
    optional={
        **{k: COUNT for k in ("rounds", "games", "stopped", "prophets", "prophets_person")},
        "best_round": SCORE,
        "best_total": SCORE,
        "played_by": BY_KIND,
        "wins_by": BY_KIND,
        "solo": SOLO,
    },
)

SHAPES = GameShapes(
    stats=STATS,
    meta={
        "counted_rounds": Int(0, 10_000),
        # issue 20: what God was writing when the game was left
        "draft": Fields({}, optional={"mode": Text(10, choices=["write", "hand"]), "rule": Text(LONG_TEXT), "note": Text(LONG_TEXT), "hint": Text(LONG_TEXT), "starters": Int(1, 3)}),
        # issue 23: the players' notebooks of the round, a page per seat
        "notebook": Fields({"round": Int(0, 10_000), "seats": ListOf(Text(LONG_TEXT), SEATS)}),
        # issue 23, Delphi alone: the guess being typed when the round was left
        "guess": Text(LONG_TEXT),
        # issue 50, Delphi alone: the person's notebook (a page, policy.NOTEBOOK_TEXT)
        "notes": Text(LONG_TEXT),
    },
    setup={"rounds": Int(0, 10_000), "first_god": Int(0, SEATS), "god_name": NAME},
    records=("delphi-solo",),
)
