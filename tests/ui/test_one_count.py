"""One count for every table (game/ui/kit/keep.py): a finished game is
counted once whatever fails afterwards, and a save is counted only when
its game is over.

Found by a hostile round: a save marked ``uncounted`` whose game was not
over was deleted at Continue with "The finished game is in the statistics
now." and nothing counted; finished ``uncounted`` saves in a saves folder
that could not be written were counted again at every opening."""

from __future__ import annotations

import errno
import json

import pytest

from game.engine.match import Match
from game.engine.records import Record
from game.persistence import saves as S
from game.persistence.saves import count_once, list_saves, load_stats, save_path, stats_path
from game.ui.kit import keep
from game.ui.scenes.menu import continue_game
from game.ui.tables.gaps import NEAR_WON
from game.ui.tables.gaps.table import start_game as start_gaps
from tests.ui.helpers import click, pump


def _full(*_a, **_k):
    raise OSError(errno.ENOSPC, "No space left on device")


def _wins(stats: dict) -> int:
    return sum(row.get("wins", 0) for key, row in stats.get("gaps", {}).items() if key != "daily" and isinstance(row, dict))


def _won_and_kept(app, monkeypatch):
    """A Gaps deal won while the statistics could not be written: its save
    stays, marked uncounted."""
    t = start_gaps(app, {"redeals": 2, "layout": NEAR_WON}, 77)
    pump(app, 2)
    with monkeypatch.context() as m:
        m.setattr(keep, "count_once", _full)
        click(app, t.layout().cells[12].center)  # K♠ into the gap after Q♠: won
    assert t.match.over
    (entry,) = list_saves()[0]
    assert entry.save.get("uncounted") is True
    app.to_menu()
    pump(app, 2)
    return entry


def test_a_kept_game_in_a_folder_that_cannot_be_written_is_counted_once(app, monkeypatch):
    entry = _won_and_kept(app, monkeypatch)

    def cannot_remove(*_a, **_k):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(S, "delete", cannot_remove)
    for _ in range(3):  # three openings of the same save
        assert continue_game(app, "gaps", entry.file) is None
        pump(app, 2)
        app.to_menu()
        pump(app, 2)
    assert _wins(load_stats()[0]) == 1
    assert [e.file for e in list_saves()[0]] == [entry.file]  # it could not be removed


def test_a_kept_game_is_counted_once_even_from_a_copy_of_its_save(app, monkeypatch):
    entry = _won_and_kept(app, monkeypatch)
    copy = save_path("gaps").parent / "gaps.0123456789ab.json"
    copy.write_bytes(save_path("gaps", entry.file).read_bytes())
    for name in (entry.file, copy.name):
        continue_game(app, "gaps", name)
        pump(app, 2)
        app.to_menu()
        pump(app, 2)
    assert _wins(load_stats()[0]) == 1 and list_saves()[0] == []


def test_an_uncounted_mark_on_a_game_under_way_is_ignored_and_said(app):
    t = start_gaps(app, {"redeals": 2, "layout": NEAR_WON}, 77)
    pump(app, 2)
    t.autosave()
    app.to_menu()
    pump(app, 2)
    (entry,) = list_saves()[0]
    path = save_path("gaps", entry.file)
    data = json.loads(path.read_text())
    data["uncounted"] = True  # a hand-edited or copied file
    path.write_text(json.dumps(data))
    assert continue_game(app, "gaps", entry.file) is None
    pump(app, 2)
    told = [x.text for x in app.toasts.items]
    assert any("not over" in x for x in told), told
    assert not any("in the statistics now" in x for x in told), told
    assert app.scenes.top.name == "gaps-table" and not app.scenes.top.match.over
    assert load_stats()[0] == {}
    (kept,) = list_saves()[0]  # the game is still there, without the mark
    assert kept.file == entry.file and "uncounted" not in kept.save


def test_two_games_played_alike_are_two_games(app):
    """A game's id, not its record, is what the statistics remember: the
    same deal won the same way twice is two wins."""
    for _ in range(2):
        t = start_gaps(app, {"redeals": 2, "layout": NEAR_WON}, 77)
        pump(app, 2)
        click(app, t.layout().cells[12].center)
        assert t.match.over
        app.to_menu()
        pump(app, 2)
    assert _wins(load_stats()[0]) == 2


def test_counting_with_a_key_held_already_adds_nothing_and_keeps_the_key_newest(monkeypatch):
    monkeypatch.setattr("game.persistence.shapes.COUNTED_KEEP", 3)
    monkeypatch.setattr(S, "COUNTED_KEEP", 3)

    def win(st):
        st["r2"] = {"games": st.get("r2", {}).get("games", 0) + 1}

    assert count_once("gaps", "0" * 16 + ":5", win) == (True, None)
    assert count_once("gaps", "0" * 16 + ":5", win) == (False, None)
    for k in "123":
        count_once("gaps", k * 16 + ":1", win)
    assert load_stats()[0]["gaps"]["r2"]["games"] == 4
    data = json.loads(stats_path().read_text())
    assert data["counted"] == ["1" * 16 + ":1", "2" * 16 + ":1", "3" * 16 + ":1"]
    count_once("gaps", "2" * 16 + ":1", win)  # met again: the newest
    assert json.loads(stats_path().read_text())["counted"][-1] == "2" * 16 + ":1"


def test_statistics_with_a_damaged_memory_of_counted_games_keep_their_rows():
    count_once("gaps", "a" * 16 + ":3", lambda st: st.update(r2={"games": 1}))
    data = json.loads(stats_path().read_text())
    data["counted"] = ["not a key", 7]
    stats_path().write_text(json.dumps(data))
    games, problem = load_stats()
    assert games["gaps"]["r2"] == {"games": 1} and problem is not None


@pytest.mark.parametrize("keep_id", [True, False])
def test_a_saved_game_keeps_its_id_and_a_save_from_before_ids_gets_a_stable_one(keep_id):
    from game.games.gaps import GAME

    m = Match.start(GAME, {"redeals": 2, "layout": NEAR_WON}, 77)
    meta = m.save_meta()
    if not keep_id:
        del meta["instance"]
    record = Record.from_json(m.record().to_json())
    a, b = Match.resume(record, meta), Match.resume(record, meta)
    assert a.instance == b.instance
    assert (a.instance == m.instance) is keep_id
