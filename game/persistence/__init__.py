"""Settings, saves and statistics as schema-versioned JSON files.

Every write is atomic (temporary file, fsync, rename), so a crash or a kill
leaves either the old file or the new one, never half of one.  A file that
cannot be read (corrupt, truncated, from a newer version, not ours) is moved
aside to ``<name>.bad`` - never deleted - and the caller gets a readable
notice and a fallback.

``MTG_HOME`` (an environment variable) puts every file under one folder;
the tests and the soak harness use it so they never touch a player's files.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "mind-the-gap"


def config_dir() -> Path:
    home = os.environ.get("MTG_HOME")
    if home:
        return Path(home) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    home = os.environ.get("MTG_HOME")
    if home:
        return Path(home) / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON so that a reader sees the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


@dataclass
class LoadResult:
    data: Any = None
    problem: str | None = None  # readable sentence, when the file was bad
    moved_to: Path | None = None


def move_aside(path: Path) -> Path:
    """Rename a bad file to ``.bad`` (``.bad.1``, ... if taken); never delete."""
    target = path.with_name(path.name + ".bad")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    os.replace(path, target)
    return target


def load_json(path: Path, schema: int, kind: str) -> LoadResult:
    """Read a schema-versioned JSON object written by :func:`save_versioned`.

    Missing file: empty result, no problem.  Anything wrong: the file is
    moved aside and ``problem`` explains in plain words.
    """
    if not path.exists():
        return LoadResult()
    problem: str | None = None
    data: Any = None
    try:
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw)
    except (OSError, UnicodeDecodeError) as e:
        problem = f"The {kind} file could not be read ({e.__class__.__name__})."
    except json.JSONDecodeError:
        problem = f"The {kind} file is damaged (not complete JSON)."
    if problem is None:
        if not isinstance(data, dict) or not isinstance(data.get("schema"), int):
            problem = f"The {kind} file is not one of ours."
        elif data["schema"] > schema:
            problem = f"The {kind} file comes from a newer version of the app."
    if problem is None:
        return LoadResult(data=data)
    moved = None
    try:
        moved = move_aside(path)
        problem += f" It was kept as {moved.name}."
    except OSError:
        pass
    return LoadResult(problem=problem, moved_to=moved)


def save_versioned(path: Path, schema: int, payload: dict) -> None:
    atomic_write_json(path, {"schema": schema, **payload})
