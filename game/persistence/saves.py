"""Autosaves of running games (one slot per game) and statistics.

A save is a game record (seed, options, actions) plus what the table needs
to resume (seat names, series progress, flags), written atomically after
every action.  Replaying the record rebuilds the exact state.  Only files
named after a known game (``<game id>.json``) are saves; anything else in
the folder is left alone.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.engine.registry import GAMES, info
from game.i18n import Message, current
from game.persistence.files import delete, load_json, save_versioned, set_aside, why
from game.persistence.paths import data_dir, saves_dir
from game.persistence.shapes import SAVE, STATS

SAVE_SCHEMA = 1
STATS_SCHEMA = 1
#: the statistics are a few KB (Runs keeps a row per person's name)
STATS_MAX_BYTES = 4 * 2**20

__all__ = ["SAVE_SCHEMA", "STATS_SCHEMA", "delete_save", "latest_save", "load_stats", "read_save", "save_path", "saves_dir", "set_aside_save", "stats_path", "update_stats", "write_save"]


def save_path(game_id: str) -> Path:
    return saves_dir() / f"{game_id}.json"


def write_save(game_id: str, record: dict, table: dict | None = None) -> None:
    save_versioned(
        save_path(game_id),
        SAVE_SCHEMA,
        {"game": game_id, "record": record, "table": table or {}, "saved_at": time.time()},
    )


def read_save(game_id: str) -> tuple[dict | None, Message | None]:
    """(save, problem).  A bad save, or one of another game, is moved
    aside and explained."""
    res = load_json(save_path(game_id), SAVE_SCHEMA, "save", SAVE)
    data = res.data
    if res.problem or data is None:
        return None, res.problem
    other = next((g for g in (data["game"], data["record"]["game"]) if g != game_id), None)
    if other is not None:
        return None, set_aside_save(game_id, why("save", "other_game", game=info(other).name(current())))
    return data, None


def set_aside_save(game_id: str, reason: Message) -> Message:
    """Move the save aside (a save that does not replay); what to tell."""
    res = set_aside(save_path(game_id), reason)
    assert res.problem is not None
    return res.problem


def delete_save(game_id: str) -> None:
    delete(save_path(game_id))


def latest_save() -> tuple[str | None, float]:
    """The game id of the most recent autosave (for "Continue").  Only a
    file named after a known game counts; a stray ``notes.json`` or a
    ``montana.json`` (another name of Gaps) is no save of ours."""
    best, when = None, float("-inf")
    for g in GAMES:
        try:
            t = os.lstat(save_path(g.id)).st_mtime
        except OSError:
            continue
        if t > when:
            best, when = g.id, t
    return best, (when if best is not None else 0.0)


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def load_stats() -> tuple[dict, Message | None]:
    """Every game's statistics by game id, and a problem if the file was bad."""
    res = load_json(stats_path(), STATS_SCHEMA, "stats", STATS, max_bytes=STATS_MAX_BYTES)
    data = res.data or {}
    return data.get("games", {}), res.problem


def update_stats(game_id: str, fn: Callable[[dict], Any]) -> Message | None:
    """Apply ``fn`` to this game's statistics dict and write atomically.
    Returns the problem with the old file, if it was bad (it is moved
    aside and the game counts from nothing)."""
    games, problem = load_stats()
    fn(games.setdefault(game_id, {}))
    save_versioned(stats_path(), STATS_SCHEMA, {"games": games})
    return problem
