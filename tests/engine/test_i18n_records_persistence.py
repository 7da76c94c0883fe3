import json
import os

import pytest

from game import i18n
from game.cards import Card
from game.engine import IllegalAction, Record, RecordError, msg
from game.engine.schema import problems
from game.games.delphi.options import MAX_RULE_TEXT
from game.games.gaps.policy import fold_stats
from game.games.mind_the_gap import LEVEL_COINS, stats_key
from game.persistence import atomic_write_json, load_json, save_versioned
from game.persistence.files import FileProblem, NewerFile, read_json
from game.persistence.saves import latest_save, read_save, write_save
from game.persistence.settings import Settings, load_settings, save_settings
from game.persistence.shapes import SAVE, STATS
from tests.ui.filefuzz import folded


def test_message_renders_cards_per_language():
    m = msg("engine.unknown_action", text=Card.parse("QH"))
    assert m.render("en").endswith("Q♥")
    assert m.render("de").endswith("D♥")


def test_illegal_action_carries_a_readable_reason():
    e = IllegalAction("engine.not_your_turn", seat=2)
    assert "seat 2" in str(e)
    assert e.render("de") == "Platz 2 ist nicht am Zug."


def test_missing_key_shows_the_key_and_plural_forms(monkeypatch):
    assert i18n.tr("no.such.key") == "no.such.key"
    monkeypatch.setitem(i18n.catalog("en"), "t.coins", {"one": "{n} coin", "other": "{n} coins"})
    assert i18n.tr("t.coins", "en", n=1) == "1 coin"
    assert i18n.tr("t.coins", "en", n=3) == "3 coins"


def test_language_switch_notifies():
    seen = []
    off = i18n.on_change(seen.append)
    i18n.set_language("de")
    i18n.set_language("en")
    off()
    i18n.set_language("de")
    assert seen == ["de", "en"]
    with pytest.raises(ValueError):
        i18n.set_language("fr")


def test_every_german_key_exists_in_english_and_vice_versa():
    en, de = set(i18n.catalog("en")), set(i18n.catalog("de"))
    assert en - de == set(), f"missing in German: {sorted(en - de)[:10]}"
    assert de - en == set(), f"missing in English: {sorted(de - en)[:10]}"


def test_records_refuse_bad_input_clearly():
    with pytest.raises(RecordError, match="newer version"):
        Record.from_json({"schema": 99, "game": "x", "seed": 1, "options": {}, "actions": []})
    with pytest.raises(RecordError, match="not a Mind the Gap game record"):
        Record.from_json({"hello": 1})
    with pytest.raises(RecordError):
        Record.from_json([1, 2])
    r = Record("gaps", 3, {"a": 1}, ["x"])
    assert Record.from_json(json.loads(json.dumps(r.to_json()))) == r


def test_atomic_write_and_bad_files_are_moved_aside(tmp_path):
    p = tmp_path / "f.json"
    save_versioned(p, 1, {"x": 1})
    assert load_json(p, 1, "test").data == {"schema": 1, "x": 1}
    p.write_text('{"schema": 1, "x":')  # truncated
    res = load_json(p, 1, "test")
    assert res.data is None and "damaged" in str(res.problem)
    assert not p.exists() and (tmp_path / "f.json.bad").exists()
    save_versioned(p, 5, {})
    res = load_json(p, 1, "test")
    # a newer version's file is left as it is, and nothing is written over it
    assert "newer version" in str(res.problem) and p.exists() and not (tmp_path / "f.json.bad.1").exists()
    with pytest.raises(NewerFile):
        atomic_write_json(p, [1])
    p.unlink()
    atomic_write_json(p, [1])
    assert "not one of ours" in str(load_json(p, 1, "test").problem)
    assert [q.name for q in tmp_path.iterdir() if q.suffix == ".tmp"] == []


def test_settings_fall_back_per_field(tmp_path):
    p = tmp_path / "settings.json"
    s, notes = load_settings(p)
    assert s == Settings() and notes == []
    s.language, s.four_colour = "de", True
    save_settings(s, p)
    assert load_settings(p)[0] == s
    p.write_text(json.dumps({"schema": 1, "language": "xx", "sound": "loud", "four_colour": True}))
    s2, notes = load_settings(p)
    assert s2.language == "en" and s2.sound is True and s2.four_colour is True
    assert notes and "language" in str(notes[0]) and "sound" in str(notes[0])
    p.write_bytes(b"\x00\xff garbage")
    s3, notes = load_settings(p)
    assert s3 == Settings() and "kept as settings.json.bad" in str(notes[0])


def test_saves_round_trip_and_continue_points_to_latest(private_home):
    write_save("gaps", {"schema": 1, "game": "gaps", "seed": 1, "options": {}, "actions": []})
    data, problem = read_save("gaps")
    assert problem is None and data["record"]["seed"] == 1
    assert latest_save()[0] == "gaps"
    p = private_home / "data" / "saves" / "gaps.json"
    p.write_text("{")
    data, problem = read_save("gaps")
    assert data is None and "damaged" in str(problem)
    assert os.path.exists(str(p) + ".bad")


# --- the files' shapes and the loader (issue 12) ----------------------------------------------------


def test_what_every_game_folds_fits_the_statistics_shape():
    """The shapes in game/persistence/shapes.py are what the policies
    write: every level and table size of Mind the Gap (with the helper and
    a finished series), every rule set of Gaps (also from a layout, with
    and without help, won and lost), Delphi to its end and stopped, Runs
    with people and both computers.  A shape narrower than a fold would
    move a player's real statistics aside."""
    series = {"options": {"players": 2, "level": "normal"}, "seed": 5, "points": [3, 2, 1, 4], "length": 5}
    plays = [("mind-the-gap", {"players": n, "level": lv}, [None] * n, {"helper_used": n == 2, "series": series} if n == 2 else {}, None) for lv in ("easy", "normal", "hard", "expert") for n in (1, 2, 3)]
    plays += [("gaps", {"redeals": r, "layout": ""}, [None], {"assisted": r == 1}, None) for r in (0, 1, 2)]
    plays += [("delphi", {"players": 4, "rounds": 4}, [None, "cautious", "random", None], {}, None), ("delphi", {"players": 3, "rounds": 3}, [None, "cautious", "random"], {}, lambda m: len(m.actions) >= 30)]
    plays += [("runs", {"players": 3, "rounds": 5}, [None, "simple", "strong"], {}, None), ("runs", {"players": 2, "rounds": 0}, [None, None], {}, lambda m: len(m.state.history) >= 2 and m.policy.is_break(m.state))]
    games = folded(plays)
    for key in ("r0-layout", "r1-layout", "r2-layout"):
        for won, assisted in ((True, False), (True, True), (False, False)):
            fold_stats(games["gaps"], key, won, 52 if won else 20, assisted, 1)
    assert set(games["mind-the-gap"]) == {stats_key(lv, n, LEVEL_COINS[lv], False, False, n) for lv in ("easy", "normal", "hard", "expert") for n in (1, 2, 3)}
    # rows written before the people, and before coins and variants, were kept still fit
    games["mind-the-gap"]["normal-3p-6c-std"] = {"games": 3, "wins": 1, "helper_games": 0, "best_series": None}
    games["mind-the-gap"]["normal-2p"] = {"games": 3, "wins": 1, "helper_games": 0, "best_series": None}
    assert games["delphi"].get("stopped") == 1 and games["runs"]["games"] == 2
    assert problems(STATS, {"schema": 1, "games": games}) == []


def test_the_loader_refuses_what_is_no_file_of_ours_and_allows_a_byte_order_mark(tmp_path):
    p = tmp_path / "f.json"
    for body, why in (
        (b'{"n": ' + b"1" * 41 + b"}", "big_number"),
        (b'{"n": ' + b"1" * 5000 + b"}", "big_number"),
        (b'{"n": NaN}', "damaged"),
        (b"[" * 100_000 + b"]" * 100_000, "too_deep"),
        (b'{"n": "\xff"}', "not_text"),
        (b"", "damaged"),
    ):
        p.write_bytes(body)
        with pytest.raises(FileProblem) as e:
            read_json(p)
        assert e.value.why == why, body[:20]
    p.write_bytes(b'\xef\xbb\xbf{"n": ' + b"9" * 40 + b"}")
    assert read_json(p) == {"n": int("9" * 40)}
    p.write_bytes(b"{}" + b" " * 100)
    with pytest.raises(FileProblem) as e:
        read_json(p, max_bytes=50)
    assert e.value.why == "too_large"
    p.unlink()
    os.mkfifo(p)
    with pytest.raises(FileProblem) as e:
        read_json(p)  # at once: a pipe is never waited on
    assert e.value.why == "not_file"
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "nothing.json")


def test_a_bad_file_is_kept_as_bad_never_overwritten(tmp_path):
    p = tmp_path / "s.json"
    for n in range(3):
        p.write_text("{" * (n + 1))
        assert "damaged" in str(load_json(p, 1, "settings").problem)
    assert sorted(q.name for q in tmp_path.iterdir()) == ["s.json.bad", "s.json.bad.1", "s.json.bad.2"]
    assert (tmp_path / "s.json.bad.1").read_text() == "{{"
    i18n.set_language("de")
    p.write_text("[]")
    assert load_json(p, 1, "settings").problem.render("de") == "Die Datei mit den Einstellungen stammt nicht von dieser App. Sie wurde als s.json.bad.3 aufbewahrt; die App macht ohne sie weiter."


def test_a_save_with_the_longest_rule_delphi_allows_fits_the_save_shape():
    rule = "x" * MAX_RULE_TEXT
    record = {"schema": 1, "game": "delphi", "seed": 2**40, "options": {"players": 3, "rules": [rule, None, None]}, "actions": ["rule " + rule]}
    assert problems(SAVE, {"schema": 1, "game": "delphi", "record": record, "table": {}}) == []
