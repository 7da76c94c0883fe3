"""Delphi's catalogs hold each key once: JSON lets a later key replace an
earlier one silently, and the side line's sheet title (issue 23), added
as "delphi.table.sheet_title", replaced the rule screen's cheat-sheet
title of that name with "Wrong plays after {card} …"."""

from __future__ import annotations

import json
from importlib import resources

import pytest


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", ["delphi", "delphi_ui", "delphi_lang", "delphi_words"])
def test_every_key_is_there_once(lang, name):
    seen: list[str] = []

    def keys(pairs):
        seen.extend(k for k, _ in pairs if k.startswith("delphi"))
        return dict(pairs)

    json.loads(resources.files("game.i18n").joinpath("catalog", lang, f"{name}.json").read_text(encoding="utf-8"), object_pairs_hook=keys)
    assert seen and sorted(k for k in set(seen) if seen.count(k) > 1) == []
