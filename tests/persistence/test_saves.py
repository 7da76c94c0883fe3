"""Saves per setup (issue 15): one save per game and setup, at most
PER_GAME per game kind (the oldest goes), the list of them, and saves
from before (``<game id>.json``) found, listed and renamed on the way."""

from __future__ import annotations

import json
import os
import time

import pytest

from game.persistence import saves as S
from game.persistence import storage


def _record(game: str, options: dict, actions: list[str] | None = None, seed: int = 1) -> dict:
    return {"schema": 1, "game": game, "seed": seed, "options": options, "actions": actions or []}


def _table(bots: list, names: list | None = None) -> dict:
    return {"names": names or [f"P{i}" for i in range(len(bots))], "bots": bots, "levels": [None] * len(bots)}


GAPS2 = _record("gaps", {"redeals": 2, "layout": ""})
GAPS1 = _record("gaps", {"redeals": 1, "layout": ""})
RUNS = _record("runs", {"players": 3, "rounds": 5})


def _names() -> list[str]:
    return sorted(p.name for p in S.saves_dir().iterdir())


def test_each_setup_has_its_own_save_and_the_same_setup_replaces_it():
    S.write_save("gaps", GAPS2, _table([None]))
    S.write_save("gaps", GAPS1, _table([None]))
    S.write_save("runs", RUNS, _table([None, "simple", "strong"]))
    S.write_save("runs", RUNS, _table([None, None, "strong"]))  # another seat is a person: another setup
    assert len(_names()) == 4 and S.saves_count() == 4
    # the same setup again (a new deal, other names): its save is replaced
    S.write_save("gaps", {**GAPS2, "seed": 99, "actions": ["r1c1 r2c2"]}, _table([None], ["Person 1"]))
    assert len(_names()) == 4
    data, problem = S.read_save("gaps", S.save_name("gaps", GAPS2, _table([None])))
    assert problem is None and data["record"]["seed"] == 99
    # the names do not make a setup (the default ones change with the language)
    assert S.save_name("gaps", GAPS2, _table([None], ["Player 1"])) == S.save_name("gaps", GAPS2, _table([None], ["Person 1"]))
    assert S.save_name("gaps", GAPS2, _table([None])) != S.save_name("gaps", GAPS2, _table(["strong"]))


def test_a_game_kind_keeps_at_most_per_game_saves_and_the_oldest_goes():
    for n in range(S.PER_GAME + 2):
        S._WRITTEN.clear()  # each written in a run of the app of its own
        S.write_save("runs", _record("runs", {"players": 2, "rounds": n + 1}), _table([None, None]))
        newest = S.saves_dir() / S.save_name("runs", _record("runs", {"players": 2, "rounds": n + 1}), _table([None, None]))
        os.utime(newest, (1000 + n, 1000 + n))  # one second apart, whatever the file system's clock grain
    S.write_save("gaps", GAPS2, _table([None]))  # another kind is not counted with them
    entries, problems = S.list_saves()
    assert not problems
    runs = [e for e in entries if e.game == "runs"]
    assert len(runs) == S.PER_GAME
    kept = sorted(e.save["record"]["options"]["rounds"] for e in runs)
    # the two oldest (1 and 2 rounds) went; 7 rounds was written after the
    # limit was reached and dropped 1, 8 dropped 2
    assert kept == list(range(3, S.PER_GAME + 3))
    assert [e.game for e in entries].count("gaps") == 1


def _dated(game: str, record: dict, table: dict, at: float) -> str:
    """A save as an earlier run wrote it, ``at`` that time (in it and on the file)."""
    S.write_save(game, record, table)
    name = S.save_name(game, record, table)
    path = S.saves_dir() / name
    data = json.loads(path.read_text())
    data["saved_at"] = at
    path.write_text(json.dumps(data))
    os.utime(path, (at, at))
    S._WRITTEN.discard(path)
    return name


def test_saves_dated_in_the_future_never_prune_the_game_being_played():
    """Six saves from a clock that was wrong once made each new save the
    oldest: it deleted itself at every autosave, and the game being played
    was never saved."""
    future = time.time() + 10 * 365 * 86400
    older = [_dated("runs", _record("runs", {"players": 2, "rounds": n + 1}), _table([None, None]), future + n) for n in range(S.PER_GAME)]
    playing = _record("runs", {"players": 3, "rounds": 5})
    for moves in range(3):  # the first save of a new setup, then autosaves
        S.write_save("runs", {**playing, "actions": ["draw"] * moves}, _table([None, None, None]))
        data, problem = S.read_save("runs", S.save_name("runs", playing, _table([None, None, None])))
        assert problem is None and len(data["record"]["actions"]) == moves
    left = [e.file for e in S.list_saves()[0] if e.game == "runs"]
    # the oldest by the time the app wrote in it went, not the new one
    assert len(left) == S.PER_GAME and older[0] not in left and set(older[1:]) <= set(left)


def test_no_save_written_in_this_run_is_pruned():
    for n in range(S.PER_GAME + 2):
        S.write_save("runs", _record("runs", {"players": 2, "rounds": n + 1}), _table([None, None]))
    assert len([e for e in S.list_saves()[0] if e.game == "runs"]) == S.PER_GAME + 2


def test_the_list_has_every_save_newest_first_with_who_when_and_how_far():
    S.write_save("gaps", {**GAPS2, "actions": ["a", "b", "c"]}, _table([None], ["Person 1"]))
    S.write_save("runs", {**RUNS, "actions": ["x"] * 7}, _table([None, "simple", "strong"], ["Anna", "Ben", "Cleo"]))
    entries, problems = S.list_saves()
    assert not problems
    assert [e.game for e in entries] == ["runs", "gaps"]
    runs = entries[0]
    assert runs.names == ("Anna", "Ben", "Cleo") and runs.bots == (None, "simple", "strong") and runs.actions == 7
    assert entries[1].actions == 3 and entries[0].saved_at >= entries[1].saved_at
    assert runs.file == S.save_name("runs", RUNS, _table([None, "simple", "strong"])) and runs.save["file"] == runs.file


def test_an_old_single_save_is_listed_and_renamed_to_its_setup_nothing_lost():
    S.saves_dir().mkdir(parents=True)
    old = {"schema": 1, "game": "gaps", "record": {**GAPS1, "actions": ["r1c1 r2c2"]}, "table": _table([None]), "saved_at": 5.0}
    (S.saves_dir() / "gaps.json").write_text(json.dumps(old))
    S.write_save("runs", RUNS, _table([None, None, None]))
    assert S.saves_count() == 2  # found before it was read
    entries, problems = S.list_saves()
    assert not problems and [e.game for e in entries] == ["runs", "gaps"]
    target = S.save_name("gaps", GAPS1, _table([None]))
    assert entries[1].file == target and "gaps.json" not in _names() and target in _names()
    data, _ = S.read_save("gaps", target)
    assert data["record"]["actions"] == ["r1c1 r2c2"] and data["saved_at"] == 5.0


def test_an_old_save_whose_setup_name_is_taken_keeps_its_name_and_is_listed_beside_it():
    S.write_save("gaps", GAPS1, _table([None]))
    old = {"schema": 1, "game": "gaps", "record": {**GAPS1, "seed": 7}, "table": _table([None]), "saved_at": 5.0}
    (S.saves_dir() / "gaps.json").write_text(json.dumps(old))
    entries, _ = S.list_saves()
    assert sorted(e.file for e in entries) == sorted(["gaps.json", S.save_name("gaps", GAPS1, _table([None]))])
    assert {e.save["record"]["seed"] for e in entries} == {1, 7}


def test_a_read_only_copy_lists_an_old_save_without_renaming_it(monkeypatch):
    S.saves_dir().mkdir(parents=True)
    (S.saves_dir() / "gaps.json").write_text(json.dumps({"schema": 1, "game": "gaps", "record": GAPS2}))
    monkeypatch.setattr(S, "read_only", lambda: storage.Access.OTHER_COPY)
    entries, problems = S.list_saves()
    assert not problems and [e.file for e in entries] == ["gaps.json"] and _names() == ["gaps.json"]


@pytest.mark.parametrize("content", ["{", '{"schema": 1, "game": "gaps"}', "[1]"])
def test_a_bad_save_in_the_list_is_kept_aside_and_said_the_others_still_listed(content):
    S.write_save("runs", RUNS, _table([None, None, None]))
    bad = S.saves_dir() / S.save_name("gaps", GAPS2, _table([None]))
    bad.write_text(content)
    entries, problems = S.list_saves()
    assert [e.game for e in entries] == ["runs"]
    assert len(problems) == 1 and "kept as" in problems[0].render("en")
    assert (S.saves_dir() / (bad.name + ".bad")).read_text() == content and not bad.exists()


def test_stray_files_are_no_saves_and_deleting_by_name_takes_only_saves():
    S.saves_dir().mkdir(parents=True)
    for stray in ("notes.json", "montana.json", "gaps-backup.json", "gaps.json.bad", "gaps.0123456789ab.json.x1y2z3w4.tmp"):
        (S.saves_dir() / stray).write_text("{}")
    assert S.saves_count() == 0 and S.list_saves() == ([], [])
    with pytest.raises(ValueError):
        S.delete_save_named("notes.json")
    S.write_save("gaps", GAPS2, _table([None]))
    name = S.save_name("gaps", GAPS2, _table([None]))
    S.delete_save_named(name)
    assert name not in _names() and "notes.json" in _names()


def test_a_finished_game_deletes_only_its_setups_save():
    S.write_save("gaps", GAPS2, _table([None]))
    S.write_save("gaps", GAPS1, _table([None]))
    S.delete_save("gaps", {**GAPS2, "actions": ["stop"]}, _table([None]))
    assert [e.save["record"]["options"]["redeals"] for e in S.list_saves()[0]] == [1]
    # without a name: the most recent save of the game (``--continue``)
    assert S.read_save("gaps")[0]["record"]["options"]["redeals"] == 1 and S.latest_save()[0] == "gaps"
