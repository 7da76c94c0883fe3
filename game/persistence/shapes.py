"""The shapes of the saves, the setups and the statistics file (the
settings' is in :mod:`game.persistence.settings`).

What the shapes allow is what the app writes: a save is the game's record
and what its table keeps beside it (``game.engine.match.Match.save_meta``);
the statistics are what each game's policy folds.  The parts that are a
game's own are declared by the game (its package's ``SHAPES``, a
:class:`~game.engine.schema.GameShapes`) and asked of the registry by id
when a file is read: this layer knows no game, and a game's package loads
only when its part of a file is checked.  The tests fold real games of
every kind and check the results against these shapes, so the two cannot
drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from game.engine import registry
from game.engine.match import INSTANCE
from game.engine.schema import BIG, LONG_TEXT, NAME, OPTION, Bool, Fields, Int, Keyed, ListOf, MapOf, Maybe, Num, Shape, Text
from game.persistence.history import HISTORY

#: seats at a table, with room to spare over the most any game seats
SEATS = 16
#: a save's file version and when it was written
VERSION = Int(0, 10**6)
SAVED_AT = Num(0, BIG)
UNCOUNTED = Bool()


class PerGame(Keyed):
    """An object keyed by the ids of the registry's games, each entry of
    the shape that game declares (``shape_of``, asked when the entry is
    checked).  ``only``: the games whose entries are checked; another
    game's entry must be an object and is taken as it is (the statistics
    read to add one game's result leave the others' to their own reading,
    so finishing a game of Gaps does not load the three other games)."""

    def __init__(self, shape_of: Callable[[str], Shape], only: Collection[str] | None = None) -> None:
        self.shape_of = shape_of
        self.only = only

    def entry(self, key: Any) -> Shape | None:
        if not isinstance(key, str) or not registry.is_game(key):
            return None
        return self.shape_of(key) if self.only is None or key in self.only else _ANY_OBJECT

    def unknown(self, key: Any) -> str:
        return "not a game of this version"


class _Anything(Shape):
    what = "anything"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        pass


class _Object(Keyed):
    """Any object (what is in it is checked elsewhere)."""

    def entry(self, key: Any) -> Shape | None:
        return _ANYTHING


_ANYTHING = _Anything()
_ANY_OBJECT = _Object()

# --- saves ----------------------------------------------------------------------------------------


def record_shape(games: Collection[str]) -> Fields:
    """A game record of one of ``games``."""
    return Fields(
        {
            "schema": VERSION,
            "game": Text(40, choices=sorted(games)),
            "seed": Int(-BIG, BIG),
            "options": MapOf(OPTION, Text(40), max_len=64),
            # a game of Runs until you stop can be long; an action is a
            # short notation text, or a text a player wrote (Delphi's rule)
            "actions": ListOf(Text(LONG_TEXT), 500_000),
        },
        optional={"meta": MapOf(OPTION, Text(40), max_len=64)},
    )


#: what every table keeps beside the record: the seats' names, computers
#: and levels, and a setup's choices (saves of before setups.py kept them
#: under "prefs"; nothing reads them now, so any options-like object is
#: taken)
TABLE_COMMON: dict[str, Shape] = {
    "names": ListOf(NAME, SEATS),
    "bots": ListOf(Maybe(Text(40)), SEATS),
    "levels": ListOf(Maybe(Text(40)), SEATS),
    "prefs": MapOf(OPTION, Text(40), max_len=64),
    # the game's own id (game.engine.match.Match.instance): what the
    # statistics remember of a game they counted
    "instance": Text(16, pattern=INSTANCE.pattern),
}


def save_shape(game_id: str) -> Fields:
    """A save of ``game_id``: its record (or one its package keeps beside,
    as Delphi its solo rounds) and what its table keeps."""
    shapes = registry.shapes(game_id)
    return Fields(
        {"schema": VERSION, "game": Text(40, choices=[game_id]), "record": record_shape([game_id, *shapes.records])},
        optional={"table": Fields({}, optional={**TABLE_COMMON, **shapes.meta}), "saved_at": SAVED_AT, "uncounted": UNCOUNTED},
    )


class _Save(Shape):
    """A save of the game it names (:func:`save_shape`); a save naming no
    game of the registry does not fit."""

    what = "a save"

    def walk(self, value: Any, where: str, out: list[str]) -> None:
        game = value.get("game") if isinstance(value, dict) else None
        if isinstance(game, str) and registry.is_game(game):
            save_shape(game).walk(value, where, out)
            return
        Fields({"schema": VERSION, "game": Text(40, choices=[g.id for g in registry.games()])}).walk(value, where, out)


SAVE: Shape = _Save()

# --- setups ---------------------------------------------------------------------------------------

#: what every setup screen keeps: how many seats, and who sits there
SETUP_COMMON: dict[str, Shape] = {
    "players": Int(1, SEATS),
    "names": ListOf(NAME, SEATS),
    "kinds": ListOf(Text(40), SEATS),
    "levels": ListOf(Maybe(Text(40)), SEATS),
}


def setup_fields(game_id: str) -> dict[str, Shape]:
    """What ``game_id``'s setup screen keeps (:mod:`game.persistence.setups`)."""
    return {**SETUP_COMMON, **registry.shapes(game_id).setup}


# --- statistics -----------------------------------------------------------------------------------


def stats_shape(game_id: str) -> Shape:
    """``game_id``'s part of the statistics file."""
    return registry.shapes(game_id).stats


#: what the statistics remember of the games they hold, newest last: a
#: game's id and its moves when it (or a round of it) was counted
#: (``game.ui.kit.keep``), at most :data:`COUNTED_KEEP`
COUNTED_KEY = r"[0-9a-f]{16}:[0-9]{1,9}"
#: ids kept: a save that could not be removed is opened again long before
#: a thousand more games are played, and opening it makes its id the newest
#: again (~27 bytes each: 27 KB)
COUNTED_KEEP = 1000
COUNTED = ListOf(Text(26, pattern=COUNTED_KEY), COUNTED_KEEP)
#: each game's results one by one, by game id
HISTORIES = PerGame(lambda _game: HISTORY)


def stats_file(only: Collection[str] | None = None) -> Fields:
    """The statistics file; ``only``: the games whose parts are checked
    (None: every game's).  ``history``: every game's results one by one
    (:mod:`game.persistence.history`, issue 50; a file of before has none),
    of one shape for every game, so checking it loads no game."""
    return Fields({"schema": VERSION}, optional={"games": PerGame(stats_shape, only), "counted": COUNTED, "history": HISTORIES})


STATS = stats_file()
