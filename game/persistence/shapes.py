"""The shapes of the saves and of the statistics file (the settings' is
in :mod:`game.persistence.settings`).

What the shapes allow is what the app writes: a save is the game's record
and what its table keeps beside it (``game.engine.match.Match.save_meta``
and the setups' choices); the statistics are what each game's policy folds
(``game/games/<pkg>/policy.py``).  The tests fold real games of every kind
and check the results against these shapes, so the two cannot drift apart.
"""

from __future__ import annotations

from game.engine.match import INSTANCE as _INSTANCE
from game.engine.registry import GAMES
from game.persistence.schema import BIG, OPTION, Bool, Fields, Int, ListOf, MapOf, Maybe, Num, Shape, Text

INSTANCE = _INSTANCE.pattern
#: a count that only grows (games, wins, rounds)
COUNT = Int(0, BIG)
SCORE = Int(-BIG, BIG)
GAME_ID = Text(40, choices=[g.id for g in GAMES])
NAME = Text(200)
#: seats at a table: at most Delphi's eight, with room to spare
SEATS = 16
#: the longest text in a save: a Delphi rule is up to 1,000 characters
#: (game.games.delphi.options.MAX_RULE_TEXT), a note or a hint 200
TEXT = 5000

# --- saves ----------------------------------------------------------------------------------------

#: records a game's saves may hold besides the game's own: Delphi's solo
#: rounds (issue 23; "delphi-solo" is no game of the registry, its table is
#: Delphi's and so are its saves)
SAVED_WITH: dict[str, tuple[str, ...]] = {"delphi": ("delphi-solo",)}

RECORD = Fields(
    {
        "schema": Int(0, 10**6),
        "game": Text(40, choices=[g.id for g in GAMES] + [x for more in SAVED_WITH.values() for x in more]),
        "seed": Int(-BIG, BIG),
        "options": MapOf(OPTION, Text(40), max_len=64),
        # a game of Runs until you stop can be long; an action is a short
        # notation text, but for God's rule in Delphi ("rule " and up to
        # 1,000 characters: game.games.delphi.options.MAX_RULE_TEXT)
        "actions": ListOf(Text(TEXT), 500_000),
    },
    optional={"meta": MapOf(OPTION, Text(40), max_len=64)},
)

#: a setup screen's choices (:mod:`game.persistence.setups` keeps them; a
#: save of before kept them too, under "prefs")
PREFS = Fields(
    {},
    optional={
        "players": Int(1, SEATS),
        "rounds": Int(0, 10_000),
        "first_god": Int(0, SEATS),
        "god_name": NAME,
        "names": ListOf(NAME, SEATS),
        "kinds": ListOf(Text(40), SEATS),
        "levels": ListOf(Maybe(Text(40)), SEATS),
        "redeals": Int(0, 2),
        # Gaps (issue 22): any deal, or only deals proven winnable
        "deals": Text(10, choices=["any", "winnable"]),
        "series": Bool(),
        "level": Text(40),
        "coins": Int(0, 100),
        "small": Bool(),
        "jokers": Bool(),
        "wrap": Bool(),
        "new_run": Bool(),
        "circuit": Bool(),
    },
)

#: Mind the Gap's series of five pyramids (``game.games.mind_the_gap.series``)
SERIES = Fields({"options": MapOf(OPTION, Text(40), max_len=64), "seed": Int(-BIG, BIG), "points": ListOf(COUNT, 100), "length": Int(1, 100)})

#: what a table keeps beside the record
TABLE = Fields(
    {},
    optional={
        "names": ListOf(NAME, SEATS),
        "bots": ListOf(Maybe(Text(40)), SEATS),
        "levels": ListOf(Maybe(Text(40)), SEATS),
        "prefs": PREFS,
        "helper": Bool(),
        "helper_used": Bool(),
        "tutorial": Bool(),
        # Mind the Gap and Runs (issue 24): a turn taken back against the computers
        "undo_used": Bool(),
        # Runs (issue 24): a hint asked for
        "hint_used": Bool(),
        # Runs: the moves made when each seat's hand was last on screen
        "seen": ListOf(Int(-1, 10**7), SEATS),
        "series": SERIES,
        "assisted": Bool(),
        "counted_rounds": Int(0, 10_000),
        # Gaps (issue 15): the seconds on the table's clock, the date of a daily deal
        "elapsed": Num(0, BIG),
        "daily": Text(10, pattern=r"[0-9]{4}-[0-9]{2}-[0-9]{2}"),
        # Gaps (issue 22): the deal was dealt as proven winnable; the game
        # is the review of a lost one
        "winnable": Bool(),
        "review": Bool(),
        # Delphi (issue 20): what God was writing when the game was left
        "draft": Fields({}, optional={"mode": Text(10, choices=["write", "hand"]), "rule": Text(TEXT), "note": Text(TEXT), "hint": Text(TEXT), "starters": Int(1, 3)}),
        # Delphi (issue 23): the players' notebooks of the round, a page per seat
        "notebook": Fields({"round": Int(0, 10_000), "seats": ListOf(Text(TEXT), SEATS)}),
        # Delphi alone (issue 23): the guess being typed when the round was left
        "guess": Text(TEXT),
        # the game's own id (game.engine.match.Match.instance): what the
        # statistics remember of a game they counted
        "instance": Text(16, pattern=INSTANCE),
    },
)

SAVE = Fields({"schema": Int(0, 10**6), "game": GAME_ID, "record": RECORD}, optional={"table": TABLE, "saved_at": Num(0, BIG), "uncounted": Bool()})

# --- statistics -----------------------------------------------------------------------------------

#: Mind the Gap: one row per level, number of players, coins (0-20) and
#: variant ("normal-2p-6c-std", ``game.games.mind_the_gap.policy.stats_key``);
#: rows from before coins and variants were kept ("normal-2p") are read and
#: shown as they are.  At most 4 levels x 3 table sizes x 21 coin counts x
#: 4 variants, and the 12 old rows.
MTG_STATS_KEY = r"(easy|normal|hard|expert)-[1-3]p(-([0-9]|1[0-9]|20)c-(std|small|jokers|small\+jokers))?"
MTG_ROW = Fields({"games": COUNT, "wins": COUNT, "helper_games": COUNT}, optional={"best_series": Maybe(COUNT), "undo_games": COUNT})
MTG_STATS = MapOf(MTG_ROW, Text(40, pattern=MTG_STATS_KEY), max_len=4 * 3 * 21 * 4 + 12)

#: Gaps: one row per rule set ("r2", "r1-layout"); ``best_redeals`` (the
#: redeals the best game took) came with issue 14, so a row without it is
#: still a row of ours (shown without it, completed by the next best game)
GAPS_ROW = Fields(
    {},
    optional={
        **{k: COUNT for k in ("games", "wins", "score_sum", "redeals_used", "assisted_games", "assisted_wins", "streak", "best_streak", "best")},
        "best_redeals": Int(0, 2),
        # the fastest win in whole seconds (issue 15)
        "best_time": COUNT,
    },
)
#: a date of Gaps' daily deal, as ``game.games.gaps.daily`` writes it
GAPS_DATE = Text(10, pattern=r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: the daily deals (issue 15): a row per date, the latest 1,000 dates
#: (``game.games.gaps.policy.DAILY_KEEP``)
GAPS_DAILY_ROW = Fields({}, optional={**{k: COUNT for k in ("games", "wins", "best", "best_time")}, "best_redeals": Int(0, 2)})
#: the six rule sets' rows as before (a file from before the daily deals
#: is still one of ours), the rows of deals dealt as proven winnable
#: (issue 22: "r2-winnable"), and ``daily``
GAPS_STATS = Fields({}, optional={**{f"r{n}{x}": GAPS_ROW for n in range(3) for x in ("", "-layout", "-winnable")}, "daily": MapOf(GAPS_DAILY_ROW, GAPS_DATE, max_len=1000)})

#: Delphi alone (issue 23, ``game.games.delphi.solo_stats``): every round,
#: and today's rule by date
DELPHI_DATE = Text(10, pattern=r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
DELPHI_SOLO = Fields(
    {},
    optional={
        "rounds": Fields({}, optional={k: COUNT for k in ("games", "solved", "score_sum", "wrong_guesses", "turns_solved", "best")}),
        "daily": Fields({}, optional={**{k: COUNT for k in ("days", "solved", "best", "streak", "best_streak")}, "last": DELPHI_DATE, "last_solved": DELPHI_DATE}),
    },
)

#: Delphi: rounds, games, Prophets, bests; games and wins by kind of player;
#: the solo rounds under "solo"
BY_KIND = MapOf(COUNT, Text(40, pattern=r"[a-z_]+"), max_len=20)
DELPHI_STATS = Fields(
    {},
    optional={
        **{k: COUNT for k in ("rounds", "games", "stopped", "prophets", "prophets_person")},
        "best_round": SCORE,
        "best_total": SCORE,
        "played_by": BY_KIND,
        "wins_by": BY_KIND,
        "solo": DELPHI_SOLO,
    },
)

#: Runs: games, rounds, the best score; per kind of seat and per person.
#: The games with the house rule "new run" (issue 14) keep the same fields
#: under "new_run"; a file from before it has only the top level, which is
#: what it always meant (the written rules), so it is read as it is.
RUNS_ROW = Fields({}, optional={"seats": COUNT, "wins": COUNT, "sum": SCORE, "best": Maybe(SCORE)})
RUNS_RULE_STATS = {
    "games": COUNT,
    "rounds": COUNT,
    "undo_games": COUNT,
    "hint_games": COUNT,
    "best": Fields({"score": SCORE, "name": NAME}),
    "kinds": MapOf(RUNS_ROW, Text(40, pattern=r"[a-z_]+"), max_len=20),
    "people": MapOf(RUNS_ROW, NAME, max_len=10_000),
}
RUNS_STATS = Fields(
    {}, optional={**RUNS_RULE_STATS, **{part: Fields({}, optional=RUNS_RULE_STATS) for part in ("new_run", "circuit", "stop")}}
)

STATS_BY_GAME: dict[str, Shape] = {"mind-the-gap": MTG_STATS, "gaps": GAPS_STATS, "delphi": DELPHI_STATS, "runs": RUNS_STATS}
#: what the statistics remember of the games they hold, newest last: a
#: game's id and its moves when it (or a round of it) was counted
#: (``game.ui.kit.keep``), at most :data:`COUNTED_KEEP`
COUNTED_KEY = r"[0-9a-f]{16}:[0-9]{1,9}"
#: ids kept: a save that could not be removed is opened again long before
#: a thousand more games are played, and opening it makes its id the newest
#: again (~27 bytes each: 27 KB)
COUNTED_KEEP = 1000
COUNTED = ListOf(Text(26, pattern=COUNTED_KEY), COUNTED_KEEP)
STATS = Fields({"schema": Int(0, 10**6)}, optional={"games": Fields({}, optional=STATS_BY_GAME), "counted": COUNTED})
