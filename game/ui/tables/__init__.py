"""The game tables the app knows, by game id: a registry instead of module
names built from strings.

A table package gives a :class:`~game.ui.kit.entry.TableEntry` (``TABLE``)
with what the shell needs: open a new game (its setup), resume a save, the statistics
lines, every screen in a realistic state (for ``--smoke``, the screenshot
tool and the soak), a scene for the frame benchmark, and a game that
computers play in a real window (the crash test).  Each package is loaded
the first time it is asked for, so start-up pays for none of them
(measured: importing all four tables costs ~0.15 s of a 0.22 s launch).
The registry imports the packages; a package never imports the registry
(what a table asks of the shell, like a game's setup, it asks the app:
``AppServices.open_setup``).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from game.engine.registry import GAMES, engine_available, info
from game.ui.kit.entry import TableEntry


def _mind_the_gap() -> ModuleType:
    from game.ui.tables import mind_the_gap

    return mind_the_gap


def _gaps() -> ModuleType:
    from game.ui.tables import gaps

    return gaps


def _delphi() -> ModuleType:
    from game.ui.tables import delphi

    return delphi


def _runs() -> ModuleType:
    from game.ui.tables import runs

    return runs


LOADERS: dict[str, Callable[[], ModuleType]] = {
    "mind-the-gap": _mind_the_gap,
    "gaps": _gaps,
    "delphi": _delphi,
    "runs": _runs,
}


def available(game_id: str) -> bool:
    """Whether the menu offers this game (its engine and its table exist)."""
    gid = info(game_id).id
    return gid in LOADERS and engine_available(gid)


def table(game_id: str) -> TableEntry:
    gid = info(game_id).id
    mod = LOADERS[gid]()
    entry = getattr(mod, "TABLE", None)
    if not isinstance(entry, TableEntry):
        raise TypeError(f"the table package of {gid} gives no TABLE")
    return entry


def built() -> list[str]:
    """The ids of the games with a table, in the menu's order."""
    return [g.id for g in GAMES if available(g.id)]
