"""What Runs keeps in the app's files (its package's ``SHAPES``; the
persistence layer reads them through the registry).

- statistics: games, rounds, the best score; per kind of seat and per
  person.  The games with a house rule (issue 14: "new run", and the
  circuit and "until we stop") keep the same fields in a block of their
  own; a file from before them has only the top level, which is what it
  always meant (the written rules), so it is read as it is;
- a save's table (:class:`.policy.RunsMeta`): a turn taken back, a hint
  asked for, and the moves each seat's hand had seen;
- the setup: rounds, the circle of ranks and the house rules.
"""

from __future__ import annotations

from game.engine.schema import COUNT, NAME, SCORE, Bool, Fields, GameShapes, Int, ListOf, MapOf, Maybe, Text

#: seats at a table of Runs, with room to spare
SEATS = 16

ROW = Fields({}, optional={"seats": COUNT, "wins": COUNT, "sum": SCORE, "best": Maybe(SCORE)})
RULE_STATS = {
    "games": COUNT,
    "rounds": COUNT,
    "undo_games": COUNT,
    "hint_games": COUNT,
    "best": Fields({"score": SCORE, "name": NAME}),
    "kinds": MapOf(ROW, Text(40, pattern=r"[a-z_]+"), max_len=20),
    "people": MapOf(ROW, NAME, max_len=10_000),
}
STATS = Fields({}, optional={**RULE_STATS, **{part: Fields({}, optional=RULE_STATS) for part in ("new_run", "circuit", "stop")}})

SHAPES = GameShapes(
    stats=STATS,
    meta={
        # issue 24: a turn taken back against the computers, a hint asked for
        "undo_used": Bool(),
        "hint_used": Bool(),
        # the moves made when each seat's hand was last on screen
        "seen": ListOf(Int(-1, 10**7), SEATS),
    },
    setup={"rounds": Int(0, 10_000), "wrap": Bool(), "new_run": Bool(), "circuit": Bool()},
)
