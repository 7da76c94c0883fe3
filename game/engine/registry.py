"""The registry: the games this table knows, one line each.

A line (:class:`GameInfo`) says what must be known without loading the
game: its stable id, its package, its names in the menu's languages, the
other names the command line takes, and how many may play.  Everything
else a game declares itself, in its packages:

- its engine package (``game/games/<package>``) exposes ``GAME`` (the
  :class:`~game.engine.core.Game`), ``BOTS`` (name -> factory),
  ``CONFORMANCE``, optionally ``NOTATION`` and ``POLICY`` (how a match of
  it is played, see :mod:`game.engine.match`), ``SHAPES`` (a
  :class:`~game.engine.schema.GameShapes`: its statistics, what its table
  keeps in a save, what its setup remembers) and a ``cli`` module;
- its table package (``game/ui/tables/<package>``, the UI's business:
  :mod:`game.ui.tables`) exposes ``TABLE``.

Packages are imported only when asked for (:func:`module`, the one place
that loads a game by its name), so start-up pays for no game: the menu,
the command line's names and the save files' names need only the lines.
Whoever needs a game's part asks here by id: the match its bots and
policy, a replay its engine, the persistence layer its shapes (it knows no
game of its own; see docs/ARCHITECTURE.md).

Adding a game is one package (or two: engine and table) and one line in
:data:`GAMES`.  A game of the tests lies elsewhere: its line names its
packages (``engine_at``, ``table_at``).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType

from game.engine.schema import GameShapes


@dataclass(frozen=True)
class GameInfo:
    """A game's line in the registry."""

    id: str
    package: str
    names: Mapping[str, str]
    aliases: tuple[str, ...] = ()
    players: tuple[int, int] = (1, 1)
    #: its engine's and its table's packages when they are not
    #: ``game.games.<package>`` and ``game.ui.tables.<package>``
    engine_at: str | None = None
    table_at: str | None = None

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])

    @property
    def module(self) -> str:
        """The engine package's module name."""
        return self.engine_at or f"game.games.{self.package}"

    @property
    def table_module(self) -> str:
        """The table package's module name."""
        return self.table_at or f"game.ui.tables.{self.package}"


#: the games, in the menu's order: one line each
GAMES: tuple[GameInfo, ...] = (
    GameInfo("mind-the-gap", "mind_the_gap", {"en": "Mind the Gap", "de": "Lückenlos"}, ("lueckenlos", "lückenlos", "mtg", "pyramid"), (1, 3)),
    GameInfo("gaps", "gaps", {"en": "Gaps (Montana)", "de": "Gaps (Montana)"}, ("montana",), (1, 1)),
    GameInfo("delphi", "delphi", {"en": "Delphi", "de": "Delphi"}, ("eleusis",), (3, 8)),
    GameInfo("runs", "runs", {"en": "Runs", "de": "Runs"}, (), (2, 6)),
)


def games() -> tuple[GameInfo, ...]:
    """The lines of :data:`GAMES` as they are now (read at each call, so a
    test that registers a game with one line is seen everywhere)."""
    return GAMES


class UnknownGame(KeyError):
    def __str__(self) -> str:
        names = ", ".join(g.id for g in games())
        return f"unknown game {self.args[0]!r} (known: {names})"


def info(game_id: str) -> GameInfo:
    key = game_id.strip().lower()
    for g in games():
        if key == g.id or key in g.aliases or key == g.package:
            return g
    raise UnknownGame(game_id)


def is_game(game_id: str) -> bool:
    """Whether ``game_id`` is the id of a registered game (its id alone,
    not another name: what a file names its game by)."""
    return any(g.id == game_id for g in games())


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def engine_available(game_id: str) -> bool:
    return _exists(info(game_id).module)


def module(game_id: str) -> ModuleType:
    """The engine package of ``game_id``, imported when first asked for."""
    return importlib.import_module(info(game_id).module)


def engine(game_id: str):
    """The :class:`~game.engine.core.Game` object for ``game_id``."""
    return module(game_id).GAME


def shapes(game_id: str) -> GameShapes:
    """What ``game_id`` keeps in the app's files (its package's
    ``SHAPES``).  A package that declares none is an error said at once:
    a game with no statistics shape had its statistics dropped at every
    load, unseen."""
    declared = getattr(module(game_id), "SHAPES", None)
    if not isinstance(declared, GameShapes):
        raise TypeError(f"the package of {info(game_id).id} declares no SHAPES (a GameShapes)")
    return declared


def built_games() -> list[GameInfo]:
    return [g for g in games() if engine_available(g.id)]
