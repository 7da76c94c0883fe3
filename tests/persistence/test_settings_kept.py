"""A settings file with one value this version does not know keeps every
other setting, this time and the next: before, the file went aside whole,
and the next start was in English with every default, though the notice
said the other settings stayed as they were."""

from __future__ import annotations

import json

from game.persistence.settings import load_settings, settings_path


def test_one_unknown_value_resets_that_setting_alone_and_the_rest_is_kept_for_the_next_start():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps({"schema": 1, "language": "de", "felt": "purple", "sound": False}).encode()
    settings_path().write_bytes(raw)
    s, notices = load_settings()
    assert s.language == "de" and s.sound is False and s.felt != "purple" and len(notices) == 1
    assert (settings_path().parent / "settings.json.bad").read_bytes() == raw
    again, notices = load_settings()  # the next start
    assert (again.language, again.sound, again.felt) == ("de", False, s.felt) and notices == []
