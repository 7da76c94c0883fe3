"""The games this table knows, with stable ids and alternative names.

A game's engine lives in ``game/games/<package>`` and exposes ``GAME``
(the :class:`~game.engine.core.Game`), optionally ``NOTATION``, ``BOTS``
(name -> factory), ``POLICY`` (how a match of it is played, see
:mod:`game.engine.match`) and a ``cli`` module.  Packages are imported
only when asked for, so start-up does not pay for games nobody opens.
The tables are the UI's business (``game.ui.tables``).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class GameInfo:
    id: str
    package: str
    names: dict[str, str]
    aliases: tuple[str, ...] = ()
    players: tuple[int, int] = (1, 1)

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])

    @property
    def module(self) -> str:
        """The engine package's module name."""
        return f"game.games.{self.package}"


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "mind-the-gap",
        "mind_the_gap",
        {"en": "Mind the Gap", "de": "Lückenlos"},
        ("lueckenlos", "lückenlos", "mtg", "pyramid"),
        (1, 3),
    ),
    GameInfo("gaps", "gaps", {"en": "Gaps (Montana)", "de": "Gaps (Montana)"}, ("montana",), (1, 1)),
    GameInfo("delphi", "delphi", {"en": "Delphi", "de": "Delphi"}, ("eleusis",), (3, 8)),
    GameInfo("runs", "runs", {"en": "Runs", "de": "Runs"}, (), (2, 6)),
)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        names = ", ".join(g.id for g in GAMES)
        return f"unknown game {self.args[0]!r} (known: {names})"


def info(game_id: str) -> GameInfo:
    key = game_id.strip().lower()
    for g in GAMES:
        if key == g.id or key in g.aliases or key == g.package:
            return g
    raise UnknownGame(game_id)


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def engine_available(game_id: str) -> bool:
    return _exists(info(game_id).module)


def module(game_id: str) -> ModuleType:
    return importlib.import_module(info(game_id).module)


def engine(game_id: str):
    """The :class:`~game.engine.core.Game` object for ``game_id``."""
    return module(game_id).GAME


def built_games() -> list[GameInfo]:
    return [g for g in GAMES if engine_available(g.id)]
