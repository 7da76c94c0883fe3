"""One data folder, one running app.

The app that opens a data folder takes a lock on ``<data>/app.lock``.  A
second copy on the same folder finds the lock taken and runs read-only
(nothing it does is written), so two copies never overwrite each other's
save slot.  A folder that cannot be written at all also means read-only:
the player can still play.

The lock is the operating system's (``flock``; ``msvcrt.locking`` on
Windows): it goes with the process, so a copy that was killed never
leaves a stale lock behind.  Temporary files a killed copy left (a write
is a temporary file renamed over the old one) are removed when the lock
is taken, because then no other copy can be writing them.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from game.persistence.paths import config_dir, data_dir, saves_dir

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

LOCK_NAME = "app.lock"
#: the temporary files :func:`game.persistence.files.atomic_write_json`
#: makes: ``<file>.json.<8 letters of tempfile>.tmp``
TMP_NAME = re.compile(r"[^/\\]+\.json\.[a-z0-9_]{8}\.tmp")


class Access(Enum):
    WRITE = "write"  # this copy holds the lock
    OTHER_COPY = "other-copy"  # another copy holds it: read-only
    NOT_WRITABLE = "not-writable"  # no lock can be made here: read-only


@dataclass
class Storage:
    folder: Path | None = None
    access: Access = Access.WRITE
    #: why the folder cannot be written (the system's words), for NOT_WRITABLE
    detail: str = ""
    fd: int | None = None
    #: stale temporary files removed when the lock was taken
    cleaned: int = 0
    #: apps in this process sharing the lock (the tests make several)
    users: int = 1

    @property
    def read_only(self) -> bool:
        return self.access is not Access.WRITE


_state = Storage()


class ReadOnly(OSError):
    """A write refused because this copy of the app runs read-only."""

    def __init__(self, access: Access) -> None:
        super().__init__(errno.EROFS, "this window of the app runs read-only")
        self.access = access


def _lock(fd: int) -> bool:
    try:
        if sys.platform == "win32":
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # taken (BlockingIOError; PermissionError on Windows)
        return False
    return True


class NotALockFile(OSError):
    """What sits at the lock's name is not a plain file of its own (a link,
    a folder, a file with other names): it is left as it is."""


def _open_lock(path: Path) -> int:
    """The lock file, made anew exclusively, or the plain file of that name
    already there; never through a link: with ``app.lock`` a symbolic link
    to another file, one launch wrote its process id over that file."""
    flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        pass
    if path.is_symlink():
        raise NotALockFile(f"{path.name} is a link; it was left as it is")
    fd = os.open(path, flags)
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
        os.close(fd)
        raise NotALockFile(f"{path.name} is not a plain file of its own; it was left as it is")
    return fd


def open_storage() -> Storage:
    """Take the data folder for this process, or find out why it cannot
    be written; release any other folder taken before."""
    global _state
    folder = data_dir()
    if _state.fd is not None and _state.folder == folder:
        _state.users += 1
        return _state
    _close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = _open_lock(folder / LOCK_NAME)
    except NotALockFile as e:
        _state = Storage(folder, Access.NOT_WRITABLE, detail=str(e))
        return _state
    except OSError as e:
        _state = Storage(folder, Access.NOT_WRITABLE, detail=e.strerror or str(e))
        return _state
    if not _lock(fd):
        os.close(fd)
        _state = Storage(folder, Access.OTHER_COPY)
        return _state
    with contextlib.suppress(OSError):  # for a person who looks: which process holds it
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    _state = Storage(folder, Access.WRITE, fd=fd)
    _state.cleaned = clean_stale_tmp()
    return _state


def read_only() -> Access | None:
    """How this process may use the data folder of the moment: None to
    write, else why not.  Only the folder taken counts (the tests give
    every test a folder of its own)."""
    if _state.read_only and _state.folder == data_dir():
        return _state.access
    return None


def check_writable() -> None:
    """Raise :class:`ReadOnly` when this copy must not write."""
    access = read_only()
    if access is not None:
        raise ReadOnly(access)


def release() -> None:
    """Give the data folder back (the app closes)."""
    if _state.users > 1:
        _state.users -= 1
    else:
        _close()


def _close() -> None:
    global _state
    if _state.fd is not None:
        with contextlib.suppress(OSError):
            os.close(_state.fd)  # closing the file ends the lock
    _state = Storage()


def clean_stale_tmp() -> int:
    """Remove the temporary files a killed copy left; how many."""
    n = 0
    for d in (config_dir(), data_dir(), saves_dir()):
        try:
            entries = list(os.scandir(d))
        except OSError:
            continue
        for e in entries:
            try:
                if TMP_NAME.fullmatch(e.name) and e.is_file(follow_symlinks=False):
                    os.unlink(e.path)
                    n += 1
            except OSError:
                continue  # it stays; a later start tries again
    return n
