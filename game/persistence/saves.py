"""Autosaves of running games and statistics.

A save is a game record (seed, options, actions) plus what the table needs
to resume (seat names, series progress, flags), written atomically after
every action.  Replaying the record rebuilds the exact state.

Each game kind keeps one save per setup started: a setup is the game's
options and who sits where (how many seats, which are computers and at
what level), so "Runs, 4 seats, 2 computers" and "Runs, 3 people" are
two saves, and starting the same setup again replaces its save.  The
file is ``<game id>.<12 hex digits of the setup>.json``.  At most
:data:`PER_GAME` saves are kept per game kind; when a new setup would
make one more, the oldest of that game goes.

Seat names are not part of the setup: the default names are said in the
player's language ("Person 1"), and a setup must not change with it.

Before issue 15 a game kind had one save, ``<game id>.json``.  Such a
file is still found and listed, and the first listing that may write
renames it to its setup's name (nothing is lost: when that name is taken
the old file keeps its own name and is listed beside it).

Only files named after a known game are saves; anything else in the
folder is left alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.registry import info, is_game
from game.engine.schema import BIG, kept_part, problems
from game.engine.turns import seats_from
from game.i18n import Message, current
from game.persistence.files import MAX_BYTES, delete, identity, is_newer, load_json, save_versioned, set_aside, why
from game.persistence.history import added
from game.persistence.paths import data_dir, saves_dir
from game.persistence.shapes import COUNTED, COUNTED_KEEP, HISTORIES, SAVE, SAVED_AT, UNCOUNTED, PerGame, stats_file, stats_shape
from game.persistence.storage import check_writable, read_only

SAVE_SCHEMA = 1
STATS_SCHEMA = 1
#: the statistics are a few KB (Runs keeps a row per person's name)
STATS_MAX_BYTES = 4 * 2**20
#: saves kept per game kind.  Six: a game has at most a handful of setups
#: a player comes back to (Gaps: three redeal rules; Runs and Delphi: a few
#: tables of people and computers), and 4 x 6 = 24 rows still fit the list
#: on three screens at the smallest window (9 rows a screen at 800x500)
PER_GAME = 6
#: ``<game id>.json`` (before issue 15) or ``<game id>.<setup>.json``
SAVE_NAME = re.compile(r"(?P<game>[a-z0-9-]+?)(?:\.(?P<setup>[0-9a-f]{12}))?\.json")

__all__ = [
    "PER_GAME",
    "SAVE_SCHEMA",
    "STATS_SCHEMA",
    "SaveEntry",
    "count_once",
    "delete_save",
    "delete_save_named",
    "latest_save",
    "list_saves",
    "load_stats",
    "load_stats_history",
    "newer_saves_untold",
    "read_save",
    "save_name",
    "save_path",
    "saves_count",
    "saves_dir",
    "set_aside_save",
    "stats_path",
    "update_stats",
    "write_save",
]


# --- names -----------------------------------------------------------------------------------------


def save_name(game_id: str, record: dict, table: dict | None = None) -> str:
    """The file name of this setup's save: the game, its options and the
    kinds of its seats (see the module's text)."""
    meta = table or {}
    setup = {
        "options": record.get("options") or {},
        "seats": len(meta.get("names") or meta.get("bots") or []),
        "bots": list(meta.get("bots") or []),
        "levels": list(meta.get("levels") or []),
    }
    digest = hashlib.sha256(json.dumps(setup, sort_keys=True, ensure_ascii=True).encode()).hexdigest()
    return f"{game_id}.{digest[:12]}.json"


def _game_of(name: str) -> str | None:
    m = SAVE_NAME.fullmatch(name)
    return m["game"] if m and is_game(m["game"]) else None


def _files(game_id: str | None = None) -> list[tuple[float, str]]:
    """(modified, name) of the save files, newest first; only files named
    after a known game (a stray ``notes.json`` or a ``montana.json``,
    another name of Gaps, is no save of ours) and not written by a newer
    version of the app (left as they are for it)."""
    try:
        entries = list(os.scandir(saves_dir()))
    except OSError:
        return []
    out = []
    for e in entries:
        g = _game_of(e.name)
        if g is None or (game_id is not None and g != game_id):
            continue
        if is_newer(Path(e.path), SAVE_SCHEMA):  # not ours to offer, prune or read
            continue
        try:
            out.append((e.stat(follow_symlinks=False).st_mtime, e.name))
        except OSError:
            continue
    return sorted(out, reverse=True)


#: newer versions' saves the player was told about in this run, as they were
_TOLD_NEWER: set[tuple[Path, tuple[int, int, int, int] | None]] = set()


def newer_saves_untold() -> int:
    """How many saves of a newer version of the app lie in the folder that
    the player has not been told about in this run (each is told once)."""
    try:
        entries = list(os.scandir(saves_dir()))
    except OSError:
        return 0
    found = {(Path(e.path), identity(Path(e.path))) for e in entries if _game_of(e.name) is not None and is_newer(Path(e.path), SAVE_SCHEMA)}
    new = found - _TOLD_NEWER
    _TOLD_NEWER.update(new)
    return len(new)


def save_path(game_id: str, name: str | None = None) -> Path:
    """The file ``name``; without it the most recent save of ``game_id``,
    or where a save from before issue 15 lay when it has none."""
    if name is None:
        found = _files(game_id)
        name = found[0][1] if found else f"{game_id}.json"
    return saves_dir() / name


def saves_count() -> int:
    """How many saves Continue offers (a look at the names only)."""
    return len(_files())


# --- writing ---------------------------------------------------------------------------------------


def write_save(game_id: str, record: dict, table: dict | None = None, *, uncounted: bool = False) -> None:
    """Write the save of this game's setup.  A new setup of a game that
    already has :data:`PER_GAME` saves drops that game's oldest.
    ``uncounted``: a finished game kept because its statistics could not
    be written (they are, when it is opened again)."""
    name = save_name(game_id, record, table)
    path = saves_dir() / name
    new = not os.path.lexists(path)
    data: dict[str, Any] = {"game": game_id, "record": record, "table": table or {}}
    now = time.time()
    if math.isfinite(now) and 0 <= now < BIG:  # a clock before 1970 made the save unreadable
        data["saved_at"] = now
    save_versioned(path, SAVE_SCHEMA, {**data, "uncounted": True} if uncounted else data)
    _WRITTEN.add(path)
    if new:
        for old in _prunable(game_id):
            with contextlib.suppress(OSError):  # it stays; the next new setup tries again
                delete(saves_dir() / old)


#: the save files this run of the app wrote (none of them is pruned)
_WRITTEN: set[Path] = set()


def _prunable(game_id: str) -> list[str]:
    """The saves of ``game_id`` past the :data:`PER_GAME` newest, never one
    written in this run (the game being played among them).  Newest by the
    time the app wrote into each save, not by the file's time: six saves
    with file times in the future (a clock that was wrong once, files copied
    from another machine) made every new save the oldest, and it deleted
    itself at each autosave."""
    folder = saves_dir()
    found = [n for _, n in _files(game_id)]
    ours = [n for n in found if folder / n in _WRITTEN]
    others = sorted((n for n in found if folder / n not in _WRITTEN), key=_written_at, reverse=True)
    return others[max(0, PER_GAME - len(ours)) :]


def _written_at(name: str) -> float:
    """When the app wrote the save ``name`` (its ``saved_at``); a file that
    does not say counts as older than any that does."""
    try:
        with open(saves_dir() / name, "rb") as f:
            data = json.loads(f.read(MAX_BYTES))
    except (OSError, ValueError):
        return -1.0
    at = data.get("saved_at") if isinstance(data, dict) else None
    return float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) and math.isfinite(at) else -1.0


def delete_save(game_id: str, record: dict, table: dict | None = None) -> None:
    """Remove the save of this setup (its game ended)."""
    delete(saves_dir() / save_name(game_id, record, table))


def delete_save_named(name: str) -> None:
    """Remove the save file ``name`` (the player deleted it in the list)."""
    if _game_of(name) is None:
        raise ValueError(f"not a save: {name!r}")
    delete(saves_dir() / name)


# --- reading ---------------------------------------------------------------------------------------


def read_save(game_id: str, name: str | None = None) -> tuple[dict | None, Message | None]:
    """(save, problem): the save file ``name``, without it the most recent
    save of ``game_id``.  A bad save, or one of another game, is moved
    aside and explained; one whose time did not fit comes with what was
    dropped.  The save comes with ``"file"``, its file's name (for
    :func:`set_aside_save`; not written)."""
    path = save_path(game_id, name)
    res = load_json(path, SAVE_SCHEMA, "save", SAVE, repair=_save_without_extras)
    data = res.data
    if data is None:
        return None, res.problem
    if data["game"] != game_id:  # (its record is its game's or one its game keeps: the shape says so)
        return None, _aside(path, why("save", "other_game", game=info(data["game"]).name(current())))
    data["file"] = path.name
    return data, res.problem


def _save_without_extras(data: dict) -> tuple[dict, list[str]] | None:
    """A save whose time or mark does not fit keeps its game: those two
    are dropped (a time from a clock before 1970 set the whole save aside)."""
    extras = {"saved_at": SAVED_AT, "uncounted": UNCOUNTED}
    dropped = [k for k, shape in extras.items() if k in data and problems(shape, data[k])]
    return ({k: v for k, v in data.items() if k not in dropped}, dropped) if dropped else None


def set_aside_save(game_id: str, reason: Message, save: dict | None = None) -> Message:
    """Move the save aside (a save that does not replay); what to tell.
    ``save`` is the save read (its ``"file"``); without it the most
    recent save of the game."""
    name = save.get("file") if isinstance(save, dict) else None
    return _aside(save_path(game_id, name if isinstance(name, str) else None), reason)


def _aside(path: Path, reason: Message) -> Message:
    res = set_aside(path, reason)
    assert res.problem is not None
    return res.problem


def latest_save() -> tuple[str | None, str | None, list[Message]]:
    """The most recent save by when the app wrote it (``--continue``): its
    game id and file name, and what was wrong with the files that were
    bad (as :func:`list_saves`)."""
    entries, problems = list_saves()
    if not entries:
        return None, None, problems
    return entries[0].game, entries[0].file, problems


@dataclass(frozen=True)
class SaveEntry:
    """A row of the Continue list."""

    file: str
    game: str
    saved_at: float
    #: the seat names; computers' seats have their level (or kind)
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    #: actions in the record: moves made, cards played, rules set
    actions: int
    #: Mind the Gap's series: pyramids finished before this one
    series_done: int
    save: dict


def _entry(data: dict) -> SaveEntry:
    meta = data.get("table") or {}
    # the names as the table will show them (drawable, a seat's own name
    # for one with nothing drawable)
    names = tuple(seat.name for seat in seats_from(meta.get("names") or (), ()))
    bots = tuple(meta.get("bots") or ())
    series = meta.get("series") or {}
    return SaveEntry(
        file=data["file"],
        game=data["game"],
        saved_at=float(data.get("saved_at") or 0.0),
        names=names,
        bots=bots + (None,) * (len(names) - len(bots)),
        actions=len(data["record"]["actions"]),
        series_done=len(series.get("points") or ()),
        save=data,
    )


def list_saves() -> tuple[list[SaveEntry], list[Message]]:
    """Every save, newest first, and what was wrong with the files that
    were bad (moved aside to ``.bad``, as Continue always did).  A save
    from before issue 15 is renamed to its setup's name on the way."""
    out: list[SaveEntry] = []
    problems: list[Message] = []
    for _, name in _files():
        game = _game_of(name)
        assert game is not None
        data, problem = read_save(game, name)
        if problem is not None:
            problems.append(problem)
        if data is None:
            continue
        data["file"] = _migrate(name, data)
        out.append(_entry(data))
    out.sort(key=lambda e: (-e.saved_at, e.file))
    return out, problems


def _migrate(name: str, data: dict) -> str:
    """A save named ``<game id>.json`` gets its setup's name when this
    copy may write and the name is free; the name it has afterwards."""
    if SAVE_NAME.fullmatch(name)["setup"] is not None or read_only() is not None:  # type: ignore[index]
        return name
    target = save_name(data["game"], data["record"], data.get("table"))
    try:
        check_writable()
        if os.path.lexists(saves_dir() / target):
            return name
        os.replace(saves_dir() / name, saves_dir() / target)
    except OSError:
        return name
    return target


# --- statistics ------------------------------------------------------------------------------------


def stats_path() -> Path:
    return data_dir() / "statistics.json"


def load_stats() -> tuple[dict, Message | None]:
    """Every game's statistics by game id, and a problem if the file was
    bad.  A row this version cannot read is set aside alone: the whole file
    is kept as ``.bad`` for the player and the rest is written back (one
    out-of-range number in one row made the next finished game start a
    fresh file: 300 games of Mind the Gap went out of view).  Each game's
    part is checked by the shape its package declares (the registry's
    :func:`~game.engine.registry.shapes`)."""
    stats, _history, problem = load_stats_history()
    return stats, problem


def load_stats_history() -> tuple[dict, dict, Message | None]:
    """As :func:`load_stats`, with every game's results one by one (by
    game id; a file of before them has none: ``{}``)."""
    res = _load(None)
    data = res.data or {}
    return data.get("games", {}), data.get("history", {}), res.problem


def _load_stats(only: Collection[str] | None) -> tuple[dict, Message | None]:
    """As :func:`load_stats`, checking the parts of ``only`` (None: all);
    the other games' parts come as they were read."""
    res = _load(only)
    data = res.data or {}
    return data.get("games", {}), res.problem


def _load(only: Collection[str] | None):
    return load_json(stats_path(), STATS_SCHEMA, "stats", stats_file(only), max_bytes=STATS_MAX_BYTES, repair=lambda data: _stats_rows(data, only))


def _stats_rows(data: dict, only: Collection[str] | None) -> tuple[dict, list[str]] | None:
    """The statistics without the rows that do not fit their game's shape,
    and where those rows were (``game: row``)."""
    games = data.get("games")
    if not isinstance(games, dict):
        return None
    by_game = PerGame(stats_shape, only)
    kept: dict = {}
    dropped: list[str] = []
    if "counted" in data and problems(COUNTED, data["counted"]):
        # what was counted is forgotten, the statistics are kept
        data = {k: v for k, v in data.items() if k != "counted"}
        dropped.append("counted")
    if "history" in data and problems(HISTORIES, data["history"]):
        # a game's results that do not fit are forgotten, the others kept
        past = data["history"] if isinstance(data["history"], dict) else {}
        fits = {gid: h for gid, h in past.items() if not problems(HISTORIES, {gid: h})}
        dropped += [f"history: {gid}" for gid in past if gid not in fits] or ["history"]
        data = {**data, "history": fits}
    for gid, rows in games.items():
        shape = by_game.entry(gid)
        part = kept_part(shape, rows) if shape is not None else None
        if part is None:
            dropped.append(str(gid))
            continue
        kept[gid] = part[0]
        dropped += [f"{gid}: {row}" for row in part[1]]
    return {**data, "games": kept}, dropped


def update_stats(game_id: str, fn: Callable[[dict], Any]) -> Message | None:
    """Apply ``fn`` to this game's statistics dict and write atomically.
    Returns the problem with the old file, if it was bad (it is moved
    aside and the game counts from nothing).  Only this game's part is
    checked here (by its own shape); the others are written back as they
    were read, and checked when they are read for their game."""
    return count_once(game_id, None, fn)[1]


def count_once(game_id: str, key: str | None, fn: Callable[[dict], Any], result: dict | None = None) -> tuple[bool, Message | None]:
    """Apply ``fn`` to this game's statistics dict and write atomically,
    unless the statistics hold ``key`` already (a game's id and its moves
    when it was counted: ``game.ui.kit.keep``).  (whether ``fn`` was
    applied now, the problem with the old file if it was bad).  The key
    goes in with the same write, so whatever fails afterwards, the game is
    never counted twice; a key met again becomes the newest, so the save
    that brought it back is remembered as long as it lies there.
    ``result``: the game's line for its history
    (:func:`game.persistence.history.result_line`), added with the same
    write when the folds are."""
    only = (game_id,)
    res = _load(only)
    data = res.data or {}
    games: dict = data.get("games", {})
    counted: list[str] = list(data.get("counted", []))
    history: dict = dict(data.get("history", {}))
    new = key is None or key not in counted
    if key is not None:
        counted = [k for k in counted if k != key] + [key]
    if new:
        fn(games.setdefault(game_id, {}))
        if result is not None:
            history[game_id] = added(list(history.get(game_id, [])), result)
    payload: dict[str, Any] = {"games": games}
    if counted:
        payload["counted"] = counted[-COUNTED_KEEP:]
    if history:
        payload["history"] = history
    save_versioned(stats_path(), STATS_SCHEMA, payload)
    return new, res.problem
