"""Reading and writing the app's JSON files (settings, saves, statistics).

Every file is read by one loader, :func:`load_json`.  Whatever is wrong
with a file - not a regular file (a folder, a pipe, a device or a link to
one), far too large, not UTF-8 text, not JSON, nested too deeply, a number
with too many digits, not ours, from a newer version, not of its declared
shape - the file is renamed to ``<name>.bad`` (never deleted) and the
caller gets a :class:`~game.i18n.Message` for the player and goes on with
its defaults.  A byte-order mark at the start is allowed.

Every write is atomic (temporary file, fsync, rename), so a crash or a kill
leaves either the old file or the new one, never half of one.  Writes,
renames and deletes raise ``OSError``; in a read-only copy of the app
(:mod:`game.persistence.storage`) they raise
:class:`~game.persistence.storage.ReadOnly` and nothing is touched.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.schema import Int, Shape, problems
from game.i18n import Message, msg
from game.persistence.storage import check_writable, read_only

#: the longest number (in digits) a file may hold.  Every number the app
#: writes has at most 20; longer ones are refused before they are
#: converted (Python converts long digit strings in quadratic time and
#: raises ValueError past 4,300 digits).
MAX_DIGITS = 40
BOM = b"\xef\xbb\xbf"
#: a file larger than this is not one of ours (the largest the app writes
#: are saves of long games: ~100 KB for 2,000 moves)
MAX_BYTES = 8 * 2**20
#: the version number every file of the app starts with
_VERSION = Int(0, 10**6)


class NewerFile(OSError):
    """A write refused: the file there comes from a newer version of the
    app, which would lose what it wrote (it is left as it is)."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.EPERM, f"{path.name} comes from a newer version of the app and is left as it is")


#: files written by a newer version, found in this run, as they were found
#: (device, inode, time, size): never written over, moved or removed
_NEWER: dict[Path, tuple[int, int, int, int]] = {}


def identity(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size


def _guard(path: Path) -> None:
    """Refuse to change a newer version's file that is still there as found
    (once it is replaced by something else, it is no longer guarded)."""
    found = _NEWER.get(path)
    if found is None:
        return
    if identity(path) == found:
        raise NewerFile(path)
    del _NEWER[path]


#: what a look at a file's version found, by the file as it was looked at
_PEEKED: dict[Path, tuple[tuple[int, int, int, int], bool]] = {}


def is_newer(path: Path, schema: int) -> bool:
    """Whether ``path`` holds a newer version's file (one :func:`load_json`
    leaves in place), without setting anything aside: what the menu counts
    before the files are read in full.  Each file is read once for this
    while it stays as it is."""
    ident = identity(path)
    if ident is None:
        return False
    if _NEWER.get(path) == ident:
        return True
    seen = _PEEKED.get(path)
    if seen is not None and seen[0] == ident:
        return seen[1]
    try:
        data = read_json(path)
    except (OSError, FileProblem):
        data = None
    newer = isinstance(data, dict) and not problems(_VERSION, data.get("schema")) and data["schema"] > schema
    if newer:
        _NEWER[path] = ident
    _PEEKED[path] = (ident, newer)
    return newer


class FileProblem(Exception):
    """Why a file cannot be used: ``why`` names a catalog sentence
    (``ui.file.why.<why>``), ``params`` fill it."""

    def __init__(self, why: str, **params: Any) -> None:
        super().__init__(why)
        self.why = why
        self.params = params


class _TooManyDigits(ValueError):
    pass


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooManyDigits(text[:20])
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number the app writes")


def _system(e: OSError) -> str:
    return e.strerror or e.__class__.__name__


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value in ``path``.  ``FileNotFoundError`` when there is
    nothing; :class:`FileProblem` when there is something unusable.

    The file is opened without blocking (a pipe in its place returns at
    once) and checked to be a regular file of at most ``max_bytes``
    before anything is read (a link to /dev/zero is never read)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError as e:
        if os.path.lexists(path):  # a link to nowhere
            raise FileProblem("unreadable", detail=_system(e)) from None
        raise
    except OSError as e:
        raise FileProblem("unreadable", detail=_system(e)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem("not_file")
        if st.st_size > max_bytes:
            raise FileProblem("too_large", size=_megabytes(st.st_size))
        raw = b""
        while len(raw) <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - len(raw))
            if not chunk:
                break
            raw += chunk
    except OSError as e:
        raise FileProblem("unreadable", detail=_system(e)) from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:  # it grew while we read
        raise FileProblem("too_large", size=_megabytes(len(raw)))
    if raw.startswith(BOM):
        raw = raw[len(BOM) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("not_text") from None
    try:
        return json.loads(text, parse_int=_int, parse_constant=_no_constant)
    except _TooManyDigits:
        raise FileProblem("big_number") from None
    except RecursionError:
        raise FileProblem("too_deep") from None
    except ValueError:
        raise FileProblem("damaged") from None


def _megabytes(n: int) -> str:
    return f"{max(1, round(n / 2**20))} MB"


@dataclass
class LoadResult:
    data: Any = None
    #: for the player, when the file could not be used
    problem: Message | None = None
    moved_to: Path | None = None


def why(kind: str, reason: str, **params: Any) -> Message:
    """The sentence saying what is wrong with a file of ``kind``
    (settings, save, stats)."""
    return msg(f"ui.file.why.{reason}", kind=msg(f"ui.file.kind.{kind}"), **params)


def load_json(
    path: Path,
    schema: int,
    kind: str,
    shape: Shape | None = None,
    *,
    max_bytes: int = MAX_BYTES,
    repair: Callable[[dict], tuple[dict, list[str]] | None] | None = None,
) -> LoadResult:
    """A schema-versioned JSON object written by :func:`save_versioned`,
    checked against ``shape``.

    Missing file: empty result, no problem.  Anything wrong: the file is
    moved aside and ``problem`` explains in the player's words.  With
    ``repair`` (the data without the entries that do not fit, and where
    they were), a file that does not fit keeps the rest: the whole file is
    moved aside for the player and the rest written in its place.
    """
    try:
        data = read_json(path, max_bytes)
    except FileNotFoundError:
        return LoadResult()
    except FileProblem as p:
        return set_aside(path, why(kind, p.why, **p.params))
    if not isinstance(data, dict) or problems(_VERSION, data.get("schema")):
        return set_aside(path, why(kind, "not_ours"))
    if data["schema"] > schema:
        # left in place: going back to the newer version finds it as it was
        # (they were renamed .bad, and its statistics restarted from zero)
        ident = identity(path)
        if ident is not None:
            _NEWER[path] = ident
        return LoadResult(problem=msg("ui.file.problem", why=why(kind, "newer"), then=msg("ui.file.left_newer")))
    found = problems(shape, data) if shape is not None else []
    if found and repair is not None and shape is not None:
        fixed = repair(data)
        if fixed is not None and not problems(shape, fixed[0]):
            return _keep_the_rest(path, schema, kind, *fixed)
    if found:
        return set_aside(path, why(kind, "shape", where=found[0].partition(":")[0]))
    return LoadResult(data=data)


def _keep_the_rest(path: Path, schema: int, kind: str, data: dict, dropped: list[str]) -> LoadResult:
    """The part of a file that fits: the file as it was goes aside, the part
    is written in its place (only once the file is safely aside)."""
    moved = set_aside(path, why(kind, "entries", entries=", ".join(dropped[:6]) + (" …" if len(dropped) > 6 else "")), kept="ui.file.kept_part")
    if moved.moved_to is not None:
        with contextlib.suppress(OSError):  # written at the next change then
            save_versioned(path, schema, {k: v for k, v in data.items() if k != "schema"})
    return LoadResult(data=data, problem=moved.problem, moved_to=moved.moved_to)


def set_aside(path: Path, reason: Message, kept: str = "ui.file.kept") -> LoadResult:
    """Move a bad file aside and say so: ``reason`` and what became of
    the file (``kept``: kept as .bad; or left where it is when it cannot
    be moved or this copy runs read-only)."""
    moved = None
    if not os.path.lexists(path):  # already gone (a save handed over in memory)
        return LoadResult(problem=reason)
    if read_only() is not None:
        then = msg("ui.file.left_read_only")
    else:
        try:
            moved = move_aside(path)
            then = msg(kept, file=moved.name)
        except OSError as e:
            then = msg("ui.file.left", detail=_system(e))
    return LoadResult(problem=msg("ui.file.problem", why=reason, then=then), moved_to=moved)


def move_aside(path: Path) -> Path:
    """Rename a bad file to ``.bad`` (``.bad.1``, ... if taken); never delete."""
    check_writable()
    _guard(path)
    target = path.with_name(path.name + ".bad")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.bad.{n}")
        n += 1
    os.replace(path, target)
    return target


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON so that a reader sees the old file or the new one."""
    check_writable()
    _guard(path)
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
    with contextlib.suppress(OSError):  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def save_versioned(path: Path, schema: int, payload: dict) -> None:
    atomic_write_json(path, {"schema": schema, **payload})


def delete(path: Path) -> None:
    """Remove one of the app's files (a finished game's save)."""
    check_writable()
    _guard(path)
    path.unlink(missing_ok=True)
