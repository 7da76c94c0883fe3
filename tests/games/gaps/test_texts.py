"""Every message key the engine uses exists in English and German, and
the rules screens exist in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from game import i18n

PKG = Path(__file__).resolve().parents[3] / "game" / "games" / "gaps"


def used_keys() -> set[str]:
    keys = set()
    for f in PKG.glob("*.py"):
        keys |= set(re.findall(r'"(gaps\.[a-z_]+\.[a-z_]+)"', f.read_text(encoding="utf-8")))
    return keys


def test_every_key_in_the_code_is_in_both_catalogs():
    keys = used_keys()
    assert len(keys) > 30
    for lang in ("en", "de"):
        missing = sorted(k for k in keys if k not in i18n.catalog(lang))
        assert missing == [], f"{lang}: {missing}"


def test_both_catalogs_have_the_same_gaps_keys_and_templates_fill():
    from game.cards import Card

    en = {k for k in i18n.catalog("en") if k.startswith("gaps.")}
    de = {k for k in i18n.catalog("de") if k.startswith("gaps.")}
    assert en == de
    params = dict(card=Card.parse("QH"), left=Card.parse("JH"), want=Card.parse("QH"), row=2, col=3,
                  right=Card.parse("KS"), from_row=1, n=2, max=2, kept=20, score=20, text="x", line=1, column=4)
    for k in en:
        for lang in ("en", "de"):
            out = i18n.tr(k, lang, **params)
            assert "{" not in out and out != k


def test_rules_screens_exist_in_both_languages():
    en, de = i18n.rules_text("gaps", "en"), i18n.rules_text("gaps", "de")
    assert en.startswith("# Gaps") and de.startswith("# Gaps")
    assert "## Redeals" in en and "## Neu verteilen" in de
    assert en != de


def test_the_rules_screens_name_the_scheme_and_what_the_table_counts():
    """Issue 14: the rules say which scheme is played (Semicolon's, at most
    two redeals), that scores are kept with their redeals, that Menu and
    Esc keep a game for Continue (issue 50) while ending or replacing one
    with moves counts it as lost, and that the check can go deeper."""
    en, de = i18n.rules_text("gaps", "en"), i18n.rules_text("gaps", "de")
    assert "Semicolon's scheme: at most two redeals" in en and "Semicolons Schema: höchstens zwei Neuverteilungen" in de
    assert "best score with its redeals" in en and "Search deeper" in en and "Menu and Esc leave a game as it is" in en and "ends as lost" in en
    assert "Tiefer suchen" in de and "Menü und Esc lassen ein Spiel stehen" in de and "endet als verloren" in de
