"""Fuzz: every kind of file the app reads (settings, saves, statistics),
mutated every way we could think of, and the app must reach its frame.

For each case the app starts (settings), Continues (saves) or shows the
Statistics and plays the end of a game of each kind (statistics).  Then:
no exception, the frame drawn, and the folder as it was but for the case's
file - used as it is, or kept as ``<name>.bad`` with a message for the
player (:func:`tests.ui.filefuzz.judge`).  The cases: truncations, every
key given every wrong JSON type, unknown names, out-of-range and
5,000-digit numbers, deep nesting, missing and unknown keys, another
schema, byte-order marks, bad encodings, and entries that are no file (a
folder, a FIFO, links to /dev/zero, /dev/null, nowhere and a folder, a
sparse 2 GB file).  Each test prints its counts (``pytest -s``).
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from game.app import App
from game.engine.schema import problems
from game.persistence.files import NewerFile
from game.persistence.saves import load_stats, save_path, stats_path, update_stats
from game.persistence.settings import settings_path
from game.persistence.shapes import STATS
from game.ui.kit.table import TableScene
from game.ui.tables import table
from tests.ui import filefuzz as ff
from tests.ui.helpers import buttons, press, pump

#: settings that differ from every default
SETTINGS = {"schema": 1, "language": "de", "four_colour": True, "animation": "slow", "sound": False, "fullscreen": False, "auto_draw": True}


def _tally(kind: str, tally: Counter, expect: Counter) -> None:
    print(f"\nfile fuzz, {kind}: {sum(tally.values())} cases: {dict(tally)}; expected: {dict(expect)}")


def _check(case: ff.Case, verdict: str) -> None:
    want = {"reject": ("refused", "repaired"), "accept": ("accepted",), "leave": ("left",)}.get(case.expect)
    assert want is None or verdict in want, f"{case.name}: {verdict}, expected {want}"


def test_the_sample_gives_every_key_a_wrong_value_and_every_kind_a_key():
    """What make test runs of the wrong-value cases (a fifth): no key of the
    settings is left without a wrong value, no kind of wrong value unused,
    and the keys get different kinds."""
    cases = ff.mutations(SETTINGS)
    picked = [wv for c in ff.sampled(cases) if (wv := ff.wrong_value(c)) is not None]
    every = [wv for c in cases if (wv := ff.wrong_value(c)) is not None]
    if ff.FULL:
        assert picked == every
        return
    assert {k for k, _ in picked} == {k for k, _ in every}
    assert {kind for _, kind in picked} == {kind for _, kind in every}
    assert len(picked) * 4 < len(every)
    per_key = {k: {kind for key, kind in picked if key == k} for k, _ in picked}
    assert len({frozenset(v) for v in per_key.values()}) > 1


def test_every_bad_settings_file_is_kept_aside_and_the_app_starts(private_home, tmp_path):
    path = settings_path()
    tally: Counter = Counter()
    expect: Counter = Counter()
    for case in ff.sampled(ff.mutations(SETTINGS)):
        ff.clear(private_home)
        ff.make(path, case, tmp_path / "elsewhere")
        before = ff.snapshot(private_home)
        app = App((1024, 640), fullscreen=False)
        try:
            app.to_menu()
            app.ask_about_other_copy()
            app.step(1 / 60, events=[])
            assert app.frame_count == 1 and app.scenes.top.name == "menu", case.name
            told = [t.text for t in app.toasts.items]
        finally:
            app.close()
        verdict = ff.judge(before, ff.snapshot(private_home), private_home, path, told)
        _check(case, verdict)
        tally[verdict] += 1
        expect[case.expect] += 1
    _tally("settings", tally, expect)
    assert tally["refused"] > (100 if ff.FULL else 30) and tally["accepted"] >= 2


#: a screen of each game in the middle of a game (``scene_factories``)
MID_GAME = {"mind-the-gap": "mind-the-gap-table-helper", "gaps": "gaps-after-redeal", "delphi": "delphi-round-summary", "runs": "runs-round-summary"}


def _valid_saves(app, gid: str) -> dict[str, dict]:
    """Two saves of ``gid`` as the app writes them: one from its setup (the
    setup's choices; a series in Mind the Gap), one from the middle of a
    game."""
    out = {}
    table(gid).open_new(app)
    setup = app.scenes.top
    if gid == "mind-the-gap":
        setup.values["series"] = True
    setup.start()
    out["from its setup"] = json.loads(save_path(gid).read_text())
    app.scenes.reset(dict(table(gid).scene_factories(app))[MID_GAME[gid]]())
    t = next(s for s in app.scenes.scenes if isinstance(s, TableScene))
    t.autosave()
    out["mid-game"] = json.loads(save_path(gid).read_text())
    return out


def _on_screen(app) -> str:
    return "table" if any(isinstance(s, TableScene) for s in app.scenes.scenes) else app.scenes.top.name


@pytest.mark.parametrize("gid", ["mind-the-gap", "gaps", "delphi", "runs"])
def test_every_bad_save_is_kept_aside_and_continue_goes_on(app, private_home, tmp_path, gid):
    """Continue on each mutated save: the table opens (the save was fine)
    or the menu explains and the save is kept as .bad; Continue then
    offers nothing (the slot is empty again)."""
    app.settings.animation = "slow"  # nothing moves by itself in the frames looked at
    docs = _valid_saves(app, gid)
    path = save_path(gid)
    tally: Counter = Counter()
    expect: Counter = Counter()
    for label, doc in docs.items():
        for case in ff.sampled(ff.mutations(doc, loose=("options", "meta"))):
            # the last case's table is left first: a Gaps table writes its
            # clock's seconds into its save when it is left, which would
            # overwrite this case's file
            app.to_menu()
            ff.clear(private_home)
            ff.make(path, case, tmp_path / "elsewhere")
            before = ff.snapshot(private_home)
            app.toasts.clear()
            app.to_menu()
            pump(app, 1)
            if any("Continue" in b.text for b in buttons(app)):  # a newer version's save is not offered
                press(app, "Continue", frames=2)
            if app.scenes.top.name == "saves":  # the file was read fine: resume it
                press(app, "Resume", frames=2)
            on_screen = _on_screen(app)
            told = [t.text for t in app.toasts.items]
            verdict = ff.judge(before, ff.snapshot(private_home), private_home, path, told)
            _check(case, verdict)
            # (a save whose time did not fit keeps its game: repaired, it plays on)
            assert on_screen == ("table" if verdict in ("accepted", "repaired") else "menu"), f"{label}, {case.name}: {on_screen}"
            if verdict == "left":
                tally[verdict] += 1
                expect[case.expect] += 1
                continue
            if verdict == "refused":
                assert not any("Continue" in b.text for b in buttons(app)), f"{label}, {case.name}: Continue still offered"
            else:  # a save the app took plays on: computers move, forced moves play
                app.settings.animation = "off"
                pump(app, 12, dt=0.1)
                app.settings.animation = "slow"
            tally[verdict] += 1
            expect[case.expect] += 1
    app.to_menu()
    _tally(f"saves of {gid}", tally, expect)
    assert tally["refused"] > (500 if ff.FULL else 150) and tally["accepted"] >= 4


#: real games whose statistics folds the test writes over each file
PLAYS = [
    ("mind-the-gap", {"players": 1, "level": "easy"}, [None], {}, None),
    ("mind-the-gap", {"players": 2, "level": "normal"}, [None, "strong"], {"helper_used": True, "series": {"options": {"players": 2, "level": "normal"}, "seed": 5, "points": [3, 2, 1, 4], "length": 5}}, None),
    ("gaps", {"redeals": 2, "layout": ""}, [None], {}, None),
    ("gaps", {"redeals": 1, "layout": ""}, [None], {"assisted": True}, None),
    ("delphi", {"players": 3, "rounds": 3}, [None, "cautious", "random"], {}, None),
    ("runs", {"players": 3, "rounds": 5}, [None, "simple", "strong"], {}, None),
]


def test_every_bad_statistics_file_is_kept_aside_and_games_still_end(app, private_home, tmp_path):
    """The Statistics screen on each mutated file, then the end of a game
    of every kind writing its statistics over it."""
    folds = ff.played(PLAYS)
    valid = {"schema": 1, "games": ff.folded(PLAYS)}
    assert problems(STATS, valid) == []
    path = stats_path()
    tally: Counter = Counter()
    expect: Counter = Counter()
    for case in ff.sampled(ff.mutations(valid)):
        ff.clear(private_home)
        ff.make(path, case, tmp_path / "elsewhere")
        before = ff.snapshot(private_home)
        app.toasts.clear()
        app.to_menu()
        pump(app, 1)
        press(app, "Statistics", frames=2)
        assert app.scenes.top.name == "statistics", case.name
        verdict = ff.judge(before, ff.snapshot(private_home), private_home, path, [t.text for t in app.toasts.items])
        _check(case, verdict)
        tally[verdict] += 1
        expect[case.expect] += 1
        # the end of a game of each kind, on the same file
        ff.clear(private_home)
        ff.make(path, case, tmp_path / "elsewhere")
        if verdict == "left":  # a newer version's file: nothing is written over it
            kept = path.read_bytes()
            with pytest.raises(NewerFile):
                update_stats(folds[0][0], folds[0][1][0])
            assert path.read_bytes() == kept and not os.path.lexists(path.parent / "statistics.json.bad"), case.name
            continue
        for gid, fs in folds:
            for f in fs:
                update_stats(gid, f)
        stats, problem = load_stats()
        assert problem is None and set(stats) == {gid for gid, _ in folds}, case.name
        assert os.path.lexists(path.parent / "statistics.json.bad") == (verdict != "accepted"), case.name
    _tally("statistics", tally, expect)
    assert tally["refused"] + tally["repaired"] > (500 if ff.FULL else 150) and tally["accepted"] >= 2
