"""Autosaves of running games (one slot per game) and statistics.

A save is a game record (seed, options, actions) plus what the table needs
to resume (seat names, series progress, flags), written atomically after
every action.  Replaying the record rebuilds the exact state.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.persistence import data_dir, load_json, move_aside, save_versioned

SAVE_SCHEMA = 1
STATS_SCHEMA = 1


def saves_dir() -> Path:
    return data_dir() / "saves"


def save_path(game_id: str) -> Path:
    return saves_dir() / f"{game_id}.json"


def write_save(game_id: str, record: dict, table: dict | None = None) -> None:
    save_versioned(
        save_path(game_id),
        SAVE_SCHEMA,
        {"game": game_id, "record": record, "table": table or {}, "saved_at": time.time()},
    )


def read_save(game_id: str) -> tuple[dict | None, str | None]:
    """(save, problem).  A bad save is moved aside and explained."""
    res = load_json(save_path(game_id), SAVE_SCHEMA, "saved game")
    if res.problem:
        return None, res.problem
    data = res.data
    if data is not None and not (isinstance(data.get("record"), dict) and data.get("game") == game_id):
        moved = move_aside(save_path(game_id))
        return None, f"The saved game is not complete. It was kept as {moved.name}."
    return data, None


def delete_save(game_id: str) -> None:
    save_path(game_id).unlink(missing_ok=True)


def latest_save() -> tuple[str | None, float]:
    """The game id of the most recent autosave (for "Continue")."""
    best, when = None, 0.0
    d = saves_dir()
    if d.is_dir():
        for p in d.glob("*.json"):
            try:
                t = p.stat().st_mtime
            except OSError:
                continue
            if t > when:
                best, when = p.stem, t
    return best, when


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def load_stats() -> tuple[dict, str | None]:
    res = load_json(stats_path(), STATS_SCHEMA, "statistics")
    data = res.data or {}
    games = data.get("games", {})
    return (games if isinstance(games, dict) else {}), res.problem


def update_stats(game_id: str, fn: Callable[[dict], Any]) -> dict:
    """Apply ``fn`` to this game's statistics dict and write atomically."""
    games, _ = load_stats()
    mine = games.setdefault(game_id, {})
    if not isinstance(mine, dict):
        mine = games[game_id] = {}
    fn(mine)
    save_versioned(stats_path(), STATS_SCHEMA, {"games": games})
    return mine
