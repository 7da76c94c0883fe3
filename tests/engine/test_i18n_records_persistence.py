import json
import os

import pytest

from game import i18n
from game.cards import Card
from game.engine import IllegalAction, Record, RecordError, msg
from game.persistence import atomic_write_json, load_json, save_versioned
from game.persistence.saves import latest_save, read_save, write_save
from game.persistence.settings import Settings, load_settings, save_settings


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
    assert res.data is None and "damaged" in res.problem
    assert not p.exists() and (tmp_path / "f.json.bad").exists()
    save_versioned(p, 5, {})
    res = load_json(p, 1, "test")
    assert "newer version" in res.problem and (tmp_path / "f.json.bad.1").exists()
    atomic_write_json(p, [1])
    assert "not one of ours" in load_json(p, 1, "test").problem
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
    assert notes and "language" in notes[0] and "sound" in notes[0]
    p.write_bytes(b"\x00\xff garbage")
    s3, notes = load_settings(p)
    assert s3 == Settings() and "kept as settings.json.bad" in notes[0]


def test_saves_round_trip_and_continue_points_to_latest(private_home):
    write_save("gaps", {"schema": 1, "game": "gaps", "seed": 1, "options": {}, "actions": []})
    data, problem = read_save("gaps")
    assert problem is None and data["record"]["seed"] == 1
    assert latest_save()[0] == "gaps"
    p = private_home / "data" / "saves" / "gaps.json"
    p.write_text("{")
    data, problem = read_save("gaps")
    assert data is None and "damaged" in problem
    assert os.path.exists(str(p) + ".bad")
