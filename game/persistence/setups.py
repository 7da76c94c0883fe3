"""Each game's setup screen as it was when a game was last started from
it, kept between sessions in one small file beside the settings: a setup
opens with those choices whichever way it is reached (the menu, "New
game" at a table, Continue's table).  Before this a table kept the
choices in its save, so they came back through "New game" but not
through the menu, and not the same way in every game.

The file is a convenience: a value of the wrong shape is left out (the
setup's own default takes its place) and the rest is used; a file that is
not ours is moved aside like any other (:func:`game.persistence.files.load_json`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine.registry import is_game
from game.engine.schema import problems
from game.i18n import Message
from game.persistence.files import load_json, save_versioned
from game.persistence.paths import config_dir
from game.persistence.shapes import setup_fields

SCHEMA = 1
#: a few setups of a few hundred bytes each
MAX_BYTES = 256 * 2**10


def setups_path() -> Path:
    return config_dir() / "setups.json"


def _clean(game_id: str, values: Any) -> dict[str, Any]:
    """The values of ``game_id``'s setup that have the shape its setup
    writes (the fields every setup keeps and those its game declares)."""
    if not isinstance(values, dict):
        return {}
    shapes = setup_fields(game_id)
    return {k: v for k, v in values.items() if k in shapes and not problems(shapes[k], v)}


def load_setup(game_id: str) -> tuple[dict[str, Any], Message | None]:
    """The choices last started with for ``game_id`` (empty: none kept),
    and a problem with the file, if it was not ours."""
    res = load_json(setups_path(), SCHEMA, "setups", max_bytes=MAX_BYTES)
    games = (res.data or {}).get("games")
    return _clean(game_id, games.get(game_id) if isinstance(games, dict) else None), res.problem


def save_setup(game_id: str, values: dict[str, Any]) -> None:
    """Keep ``values`` as ``game_id``'s setup (the other games' stay as
    they are, cleaned when they are read; a game this version does not
    know goes).  Raises ``OSError`` when the file cannot be written."""
    res = load_json(setups_path(), SCHEMA, "setups", max_bytes=MAX_BYTES)
    games = (res.data or {}).get("games")
    kept = {gid: v for gid, v in games.items() if is_game(gid) and isinstance(v, dict)} if isinstance(games, dict) else {}
    kept[game_id] = _clean(game_id, values)
    save_versioned(setups_path(), SCHEMA, {"games": kept})
