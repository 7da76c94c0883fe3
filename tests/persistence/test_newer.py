"""A file written by a newer version of the app is left in place, untouched:
the app says so, works with defaults in memory and never writes over it,
moves it or removes it (they were renamed .bad; going back to the newer
version found none of them, and its statistics restarted from zero)."""

from __future__ import annotations

import json

import pytest

from game import i18n
from game.persistence.files import NewerFile
from game.persistence.saves import load_stats, stats_path, update_stats
from game.persistence.settings import Settings, load_settings, save_settings, settings_path


def _newer(path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps({"schema": 99, "games": {"gaps": {"future": True}}, "language": "de"}).encode()
    path.write_bytes(raw)
    return raw


def test_newer_statistics_are_left_as_they_are_and_nothing_is_written_over_them():
    raw = _newer(stats_path())
    stats, problem = load_stats()
    assert stats == {} and "newer version" in i18n.render(problem, "en")
    with pytest.raises(NewerFile):
        update_stats("gaps", lambda g: g.update(r2={"games": 1}))
    assert stats_path().read_bytes() == raw and sorted(p.name for p in stats_path().parent.iterdir()) == ["statistics.json"]


def test_newer_settings_give_the_defaults_and_stay_as_they_are():
    raw = _newer(settings_path())
    s, notices = load_settings()
    assert s == Settings() and len(notices) == 1
    with pytest.raises(NewerFile):
        save_settings(s)
    assert settings_path().read_bytes() == raw


def test_a_newer_file_replaced_by_one_of_ours_is_written_again():
    _newer(stats_path())
    load_stats()
    stats_path().write_text(json.dumps({"schema": 1, "games": {}}))
    assert update_stats("gaps", lambda g: g.update(r2={"games": 1})) is None
    assert load_stats()[0] == {"gaps": {"r2": {"games": 1}}}


def test_a_newer_save_is_not_offered_counted_pruned_or_continued():
    """Continue counted a newer version's save, and ``--continue`` opened
    it to say it could not; it is left for the newer version instead."""
    from game.persistence import saves as S

    S.write_save("gaps", {"schema": 1, "game": "gaps", "seed": 1, "options": {"redeals": 2, "layout": ""}, "actions": []})
    ours = S.list_saves()[0][0].file
    newer = S.saves_dir() / "runs.json"
    raw = json.dumps({"schema": 99, "game": "runs", "saved_at": 9e9}).encode()
    newer.write_bytes(raw)
    assert S.saves_count() == 1
    entries, problems = S.list_saves()
    assert [e.file for e in entries] == [ours] and not problems
    assert S.latest_save() == ("gaps", ours, [])
    for n in range(S.PER_GAME + 1):  # as many saves of that game: none prunes it
        S.write_save("runs", {"schema": 1, "game": "runs", "seed": 1, "options": {"players": 2, "rounds": n + 1}, "actions": []})
    assert newer.read_bytes() == raw
