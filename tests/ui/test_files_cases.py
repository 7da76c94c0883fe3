"""The cases of issue 12 about files, one by one: each stopped the app, gave
a traceback or did nothing before; now the app goes on, keeps the bad file
as ``.bad`` and says so."""

from __future__ import annotations

import json
import os

import pytest

from game.app import App
from game.engine.schema import problems
from game.persistence.saves import load_stats, save_path, stats_path
from game.persistence.settings import settings_path
from game.persistence.shapes import STATS
from game.ui.tables import table
from tests.ui import filefuzz as ff
from tests.ui.helpers import buttons, press, pump, recorded_notes

GAPS_SAVE = ff.GAPS_SAVE


def _write(path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())


# --- the saves folder -----------------------------------------------------------------------------


@pytest.mark.parametrize("name,make", [("gaps-backup.json", "{}"), ("notes.json", "my notes"), ("old.json", "folder"), ("montana.json", "a Gaps save")])
def test_a_stray_entry_in_the_saves_folder_is_no_save_and_is_left_alone(app, private_home, name, make):
    """UnknownGame stopped the menu before its first frame (every launch);
    a save named montana.json (another name of Gaps) showed a Continue that
    did nothing."""
    p = save_path("gaps").parent / name
    if make == "folder":
        p.mkdir(parents=True)
    else:
        _write(p, GAPS_SAVE if make == "a Gaps save" else make.encode())
    before = ff.snapshot(private_home)
    app.to_menu()
    pump(app, 2)
    assert app.scenes.top.name == "menu"
    assert not any("Continue" in b.text for b in buttons(app))
    assert ff.snapshot(private_home) == before


def test_a_save_beside_stray_files_is_offered(app, private_home):
    _write(save_path("gaps").parent / "notes.json", b"{}")
    _write(save_path("gaps"), GAPS_SAVE)
    app.to_menu()
    press(app, "Continue")
    assert app.scenes.top.name == "saves" and len(app.scenes.top.entries) == 1
    press(app, "Resume")
    assert app.scenes.top.name == "gaps-table"


@pytest.mark.parametrize(
    "label,content",
    [
        ("wrong-typed table data", {**GAPS_SAVE, "table": {"names": 5, "bots": "x", "levels": [None], "prefs": []}}),
        ("a 5,000-digit seed", json.dumps(GAPS_SAVE).replace('"seed": 7', '"seed": ' + "9" * 5000).encode()),
        ("deep nesting", json.dumps(GAPS_SAVE).replace('"actions": []', '"actions": ' + "[" * 100_000 + "]" * 100_000).encode()),
        ("a save of another game", {**GAPS_SAVE, "game": "runs"}),
        ("an unknown game", {**GAPS_SAVE, "record": {**GAPS_SAVE["record"], "game": "chess"}}),
    ],
)
def test_continue_on_a_bad_save_explains_and_keeps_it(app, private_home, label, content):
    """Continue crashed on each, every time."""
    _write(save_path("gaps"), content)
    kept = save_path("gaps").read_bytes()
    app.to_menu()
    press(app, "Continue")
    assert app.scenes.top.name == "menu", label
    assert any("kept as gaps.json.bad" in t.text for t in app.toasts.items), label
    assert (save_path("gaps").parent / "gaps.json.bad").read_bytes() == kept
    assert not any("Continue" in b.text for b in buttons(app))


# --- the settings -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", ["a 5,000-digit number", "deep nesting", "a FIFO", "a link to /dev/zero"])
def test_a_settings_file_the_json_reader_refuses_oddly_no_longer_stops_the_app(private_home, tmp_path, case):
    """ValueError, RecursionError, a hang and MemoryError stopped the app on
    every launch (in a process of its own: the FIFO hung it)."""
    p = settings_path()
    p.parent.mkdir(parents=True)
    if case == "a 5,000-digit number":
        p.write_text('{"schema": 1, "language": "de", "sound": ' + "1" * 5000 + "}")
    elif case == "deep nesting":
        p.write_text('{"schema": 1, "language": ' + "[" * 100_000 + "]" * 100_000 + "}")
    elif case == "a FIFO":
        os.mkfifo(p)
    else:
        p.symlink_to("/dev/zero")
    r = ff.first_frame(private_home)
    assert r.returncode == 0 and r.stdout.startswith("first-frame"), r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    assert os.path.lexists(p.parent / "settings.json.bad") and not os.path.lexists(p)


def test_a_settings_file_with_a_byte_order_mark_is_read(private_home):
    """It was reset (and moved aside) before."""
    p = settings_path()
    _write(p, b"\xef\xbb\xbf" + json.dumps({"schema": 1, "language": "de", "four_colour": True}).encode())
    a = App((1024, 640))
    try:
        assert a.settings.language == "de" and a.settings.four_colour
        assert p.exists() and not a.toasts.items
    finally:
        a.close()


# --- the statistics ---------------------------------------------------------------------------------

BAD_STATS = [
    {"games": "5"},
    {"games": []},
    {"games": {"gaps": "x"}},
    {"games": {"gaps": {"r2": {"games": "5", "wins": 1}}}},
    {"games": {"gaps": {"r2": []}}},
    {"games": {"mind-the-gap": {"normal-2p": {"games": "5", "wins": 1, "helper_games": 0}}}},
    {"games": {"mind-the-gap": {"normal-2p": {"games": 5}}}},
    {"games": {"mind-the-gap": {"a-b-c": {"games": 5, "wins": 1, "helper_games": 0}}}},
    {"games": {"mind-the-gap": {"normal-xp": {"games": 5, "wins": 1, "helper_games": 0}}}},
    {"games": {"delphi": {"rounds": "3", "games": 1}}},
    {"games": {"delphi": {"games": 1, "played_by": [], "wins_by": {}}}},
    {"games": {"delphi": {"games": 1, "played_by": {"person": "x"}}}},
    {"games": {"delphi": {"games": 1, "best_total": "high"}}},
    {"games": {"runs": {"games": 2, "best": {"score": "x", "name": "A"}}}},
    {"games": {"runs": {"games": 2, "kinds": {"person": {"seats": "1"}}}}},
    {"games": {"runs": {"games": 2, "people": {"Anna": []}}}},
    {"games": {"runs": {"games": 10**30}}},
    {"games": {"nosuch": {}}},
    {"games": {"gaps": {"r2": {"games": 1e999}}}},
]


@pytest.mark.parametrize("bad", BAD_STATS, ids=lambda b: json.dumps(b)[:60])
def test_the_statistics_screen_survives_wrong_types(app, private_home, bad):
    """12 of these 19 crashed the Statistics screen."""
    _write(stats_path(), {"schema": 1, **bad})
    app.to_menu()
    press(app, "Statistics")
    assert app.scenes.top.name == "statistics"
    assert any("statistics.json.bad" in t.text for t in app.toasts.items)
    # the rows that fit are kept (the whole file aside for the player)
    stats, problem = load_stats()
    assert problem is None and problems(STATS, {"schema": 1, "games": stats}) == []
    assert json.loads((stats_path().parent / "statistics.json.bad").read_text()) == {"schema": 1, **bad}


#: wrong types where each game's fold adds up (every row a game may use)
BAD_ROWS = {
    "mind-the-gap": {f"{lv}-{n}p": {"games": "5", "wins": 0, "helper_games": 0} for lv in ("easy", "normal", "hard", "expert") for n in (1, 2, 3)},
    "gaps": {k: {"games": "x", "wins": "y"} for k in ("r0", "r1", "r2", "r0-layout", "r1-layout", "r2-layout")},
    "delphi": {"rounds": "3", "games": "1", "played_by": [], "wins_by": "x"},
    "runs": {"games": "x", "rounds": "y"},
}


@pytest.mark.parametrize("gid", ["mind-the-gap", "gaps", "delphi", "runs"])
def test_a_game_ends_and_counts_over_a_statistics_file_of_wrong_types(app, private_home, gid):
    """The end of a Mind the Gap, Gaps or Delphi game crashed (after its
    save was gone); now the bad file is kept aside and this game counts."""
    bad = {"schema": 1, "games": {gid: BAD_ROWS[gid]}}
    _write(stats_path(), bad)
    app.settings.animation = "off"
    t = table(gid).open_autoplay(app, 3)
    shown = recorded_notes(t)
    for _ in range(20_000):
        if t.finished:
            break
        app.step(0.05, events=[])
    assert t.finished
    assert json.loads((stats_path().parent / "statistics.json.bad").read_text()) == bad
    stats, problem = load_stats()
    assert problem is None and list(stats) == [gid]
    assert [x for x in shown if "statistics.json.bad" in x], shown
    assert not save_path(gid).exists()
