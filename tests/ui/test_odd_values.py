"""Values from a file or a clock that the calendar functions or the fonts
cannot take are read as unknown or left out, never a stopped app: a save
dated 1e17 (the Continue list stopped at every click), a NUL or only
zero-width characters in a saved player's name (Continue, the resumed
table and Statistics stopped), a clock after the year 9999 (the Gaps
setup raised ValueError)."""

from __future__ import annotations

import errno
import json
import os
import sys
from pathlib import Path

import pytest

from game.app import App
from game.persistence.saves import list_saves, save_path
from game.ui.scenes.saves import SavesScene, when_text
from game.ui.tables.gaps import setup as gaps_setup
from game.ui.tables.runs.table import start_game as start_runs
from tests.clock import set_clock
from tests.ui.helpers import button, drawn_texts, press, pump, settle


def _runs_save(app) -> dict:
    start_runs(app, {"players": 2, "rounds": 5}, 91, ["Anna", "Ben"], [None, "simple"])
    settle(app, 0.5)
    app.to_menu()
    pump(app, 2)
    (entry,) = list_saves()[0]
    return entry.save


def _rewrite(save: dict, change) -> None:
    path = save_path("runs", save["file"])
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_a_save_dated_beyond_the_calendar_is_listed_as_date_unknown_and_resumes(app):
    save = _runs_save(app)
    _rewrite(save, lambda d: d.update(saved_at=1e17))
    assert when_text(1e17, "en") == "date unknown" and when_text(1e17, "de") == "Datum unbekannt"
    press(app, "Continue")
    assert isinstance(app.scenes.top, SavesScene)
    assert any("date unknown" in t for t in drawn_texts(app))
    press(app, "Resume")
    pump(app, 3)
    assert app.scenes.top.name != "saves"


def test_a_saved_name_with_a_nul_or_nothing_drawable_is_read_as_far_as_it_can_be_drawn(app):
    save = _runs_save(app)
    _rewrite(save, lambda d: d["table"].update(names=["An\x00na", "\u200b\u200c"]))
    press(app, "Continue")
    texts = drawn_texts(app)
    assert any("Anna" in t for t in texts) and not any("\x00" in t or "\u200b" in t for t in texts)
    press(app, "Resume")
    pump(app, 3)
    t = app.scenes.top
    assert [t.match.name_of(0), t.match.name_of(1)] == ["Anna", "Player 2"]
    app.to_menu()
    press(app, "Statistics")
    pump(app, 2)
    assert app.scenes.top.name == "statistics"


def test_the_gaps_setup_opens_when_the_clock_is_past_the_year_9999(app, monkeypatch):
    set_clock(monkeypatch, None)
    assert gaps_setup.today() is None
    app.open_setup("gaps")
    pump(app, 2)
    assert app.scenes.top.name == "gaps-setup"
    assert any("clock" in t for t in drawn_texts(app))
    assert not button(app, "Today").is_enabled


@pytest.mark.skipif(sys.platform == "win32", reason="paths of bytes are a POSIX matter")
def test_a_data_folder_whose_name_is_not_utf8_is_shown_and_used(tmp_path, monkeypatch):
    """Its name drawn in a notice raised UnicodeEncodeError at the first
    frame (a lone surrogate, Python's form of a byte that is not UTF-8)."""
    home = os.fsdecode(os.fsencode(str(tmp_path)) + b"/home\xff")
    monkeypatch.setenv("MTG_HOME", home)
    (Path(home) / "data" / "app.lock").mkdir(parents=True)  # a folder at the lock's name: read-only, and said with the path
    app = App((1024, 640), fullscreen=False)
    try:
        app.to_menu()
        pump(app, 2)
        told = [t.text for t in app.toasts.items]
        assert any("home\N{REPLACEMENT CHARACTER}" in t for t in told), told
        for screen in ("Statistics", "Settings"):
            app.to_menu()
            press(app, screen)
            pump(app, 2)
            assert app.scenes.top.name == screen.lower()
    finally:
        app.close()


def test_a_deal_finished_on_a_full_disk_keeps_its_save(app, monkeypatch):
    """The statistics could not be written, and the save was deleted anyway:
    the finished deal was lost.  Now the save goes only once they are."""
    from game.ui.kit import keep
    from game.ui.tables.gaps import NEAR_WON
    from game.ui.tables.gaps.table import start_game as start_gaps
    from tests.ui.helpers import click, said

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    t = start_gaps(app, {"redeals": 2, "layout": NEAR_WON}, 77)
    pump(app, 2)
    monkeypatch.setattr(keep, "count_once", full)
    click(app, t.layout().cells[12].center)  # K♠ into the gap after Q♠: the deal is won
    assert t.match.over
    (entry,) = list_saves()[0]
    assert entry.save["record"]["actions"] == t.match.record().to_json()["actions"]
    assert any("stays in Continue" in x for x in said(t))
    # the disk has room again: opening the kept game counts it, once, and
    # only then its save goes
    from game.persistence.saves import count_once, load_stats
    from game.ui.scenes.menu import continue_game

    monkeypatch.setattr(keep, "count_once", count_once)
    assert load_stats()[0] == {} and list_saves()[0][0].save.get("uncounted") is True
    continue_game(app, "gaps", entry.file)
    pump(app, 2)
    stats = load_stats()[0]["gaps"]
    assert sum(row.get("wins", 0) for row in stats.values() if isinstance(row, dict)) == 1, stats
    assert list_saves()[0] == [] and app.scenes.top.name == "gaps-table"
    app.to_menu()
    assert load_stats()[0]["gaps"] == stats  # counted once


@pytest.mark.parametrize("clock", [-1.0, float("nan"), 1e300])
def test_a_save_written_by_a_clock_the_calendar_cannot_take_keeps_its_game(monkeypatch, clock):
    """A clock before 1970 (or one out of all range) wrote a time the save's
    shape refuses, and the whole save was set aside at the next reading."""
    import time

    from game.persistence import saves as S

    record = {"schema": 1, "game": "gaps", "seed": 1, "options": {"redeals": 2, "layout": ""}, "actions": ["r0c1 r0c2"]}
    real = time.time
    monkeypatch.setattr(time, "time", lambda: clock)
    S.write_save("gaps", record)
    monkeypatch.setattr(time, "time", real)
    entries, problems = list_saves()
    assert [e.save["record"]["actions"] for e in entries] == [record["actions"]] and not problems
    assert when_text(entries[0].saved_at, "en") != ""


def test_a_save_whose_time_does_not_fit_keeps_its_game_and_says_so(tmp_path):
    from game.persistence import saves as S

    S.write_save("gaps", {"schema": 1, "game": "gaps", "seed": 1, "options": {"redeals": 2, "layout": ""}, "actions": ["r0c1 r0c2"]})
    (path,) = S.saves_dir().iterdir()
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "saved_at": -5}))
    entries, problems = list_saves()
    assert [e.save["record"]["actions"] for e in entries] == [["r0c1 r0c2"]] and entries[0].saved_at == 0.0
    assert len(problems) == 1 and path.with_name(path.name + ".bad").exists()


def test_every_screen_draws_with_the_clock_past_the_year_9999(monkeypatch):
    """The calendar functions raise for such a time (OverflowError,
    ValueError): every screen shows an unknown date instead."""
    import time

    from game.app import smoke_all

    monkeypatch.setattr(time, "time", lambda: 1e17)
    set_clock(monkeypatch, None)
    app = App((1024, 640), fullscreen=False)
    try:
        assert smoke_all(app) == 0
    finally:
        app.close()
