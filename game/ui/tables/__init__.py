"""The game tables the app knows, by game id.

A table package (the registry line's ``table_module``: by default
``game/ui/tables/<package>``) gives a :class:`~game.ui.kit.entry.TableEntry`
(``TABLE``) with what the shell needs: open a new game (its setup), resume
a save, the statistics lines, every screen in a realistic state (for
``--smoke``, the screenshot tool and the soak), a scene for the frame
benchmark, and a game that computers play in a real window (the crash
test).  Each package is loaded the first time it is asked for, so
start-up pays for none of them (measured: importing all four tables costs
~0.15 s of a 0.22 s launch); the menu needs only the registry's lines.
There is no list here: the registry (:mod:`game.engine.registry`) has the
games' lines, so a game is added there alone.  A package never imports
this module (what a table asks of the shell, like a game's setup, it asks
the app: ``AppServices.open_setup``).
"""

from __future__ import annotations

import importlib
import importlib.util

from game.engine.registry import engine_available, games, info
from game.ui.kit.entry import TableEntry


def _table_exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def available(game_id: str) -> bool:
    """Whether the menu offers this game (its engine and its table exist)."""
    gi = info(game_id)
    return engine_available(gi.id) and _table_exists(gi.table_module)


def table(game_id: str) -> TableEntry:
    """The table entry of ``game_id``, its package imported when first
    asked for (the UI's side of the registry's one lazy loading: a table
    package lies below this module, so nothing is imported upwards)."""
    gi = info(game_id)
    entry = getattr(importlib.import_module(gi.table_module), "TABLE", None)
    if not isinstance(entry, TableEntry) or entry.game_id != gi.id:
        raise TypeError(f"the table package of {gi.id} gives no TABLE of its own")
    return entry


def built() -> list[str]:
    """The ids of the games with a table, in the menu's order."""
    return [g.id for g in games() if available(g.id)]
