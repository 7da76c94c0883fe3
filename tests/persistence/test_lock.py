"""The lock never writes through a link: whatever sits at its name that is
not a plain file of its own is left as it is, said, and the copy runs
read-only.  Before, with ``app.lock`` a symbolic link to another file, one
launch wrote its process id over that file."""

from __future__ import annotations

import os
import sys

import pytest

from game.persistence import storage
from game.persistence.paths import data_dir


@pytest.fixture(autouse=True)
def _let_go():
    yield
    storage._close()


def _other(tmp_path):
    f = tmp_path / "precious.txt"
    f.write_text("a player's own file\n")
    return f


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights on Windows")
def test_a_link_at_the_locks_name_is_left_alone_and_the_copy_runs_read_only(tmp_path):
    target = _other(tmp_path)
    data_dir().mkdir(parents=True)
    (data_dir() / storage.LOCK_NAME).symlink_to(target)
    st = storage.open_storage()
    assert st.access is storage.Access.NOT_WRITABLE and "link" in st.detail
    assert target.read_text() == "a player's own file\n" and (data_dir() / storage.LOCK_NAME).is_symlink()


def test_a_file_with_another_name_too_is_left_alone(tmp_path):
    target = _other(tmp_path)
    data_dir().mkdir(parents=True)
    os.link(target, data_dir() / storage.LOCK_NAME)
    st = storage.open_storage()
    assert st.access is storage.Access.NOT_WRITABLE and "plain file" in st.detail
    assert target.read_text() == "a player's own file\n"


def test_a_folder_at_the_locks_name_is_said_and_left_alone():
    (data_dir() / storage.LOCK_NAME).mkdir(parents=True)
    st = storage.open_storage()
    assert st.access is storage.Access.NOT_WRITABLE and st.detail
    assert (data_dir() / storage.LOCK_NAME).is_dir()


def test_the_lock_is_made_anew_or_taken_as_the_plain_file_it_is():
    st = storage.open_storage()
    assert st.access is storage.Access.WRITE
    assert (data_dir() / storage.LOCK_NAME).read_text() == f"{os.getpid()}\n"
    storage._close()
    assert storage.open_storage().access is storage.Access.WRITE  # the file left from before
