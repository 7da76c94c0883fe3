"""Every example in the player reference (English and German) does what
the page says: rules parse, and the error examples give exactly the
message shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.games.delphi.rulelang import RuleSyntaxError, parse_rule

DOCS = Path(__file__).resolve().parents[3] / "docs"


def examples(name: str) -> list[tuple[str, str | None]]:
    """(rule, expected error or None) for each line of the code blocks."""
    out: list[tuple[str, str | None]] = []
    inside = False
    for line in (DOCS / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = not inside
            continue
        if not inside or not line.strip() or line.startswith("python -m"):
            continue
        if line.startswith(("column ", "Spalte ")):
            rule, _ = out.pop()
            out.append((rule, line))
        else:
            out.append((line, None))
    return out


@pytest.mark.parametrize("name,lang", [("delphi-rule-language.md", "en"), ("delphi-regelsprache.md", "de")])
def test_examples_in_the_reference_work_as_shown(name, lang):
    cases = examples(name)
    assert len(cases) >= 10
    errors = 0
    for rule, expected in cases:
        if expected is None:
            parse_rule(rule)
            continue
        errors += 1
        with pytest.raises(RuleSyntaxError) as info:
            parse_rule(rule)
        assert info.value.render(lang) == expected
    assert errors >= 1


def test_inline_examples_parse():
    for text in [
        "card.rank > (if last.color = red then 6 else 9)",
        "(card.rank - last.rank) % 13 in {1..6}",
        "if A then (if B then X) else Y".replace("A", "true").replace("B", "false").replace("X", "true").replace("Y", "false"),
        "IF Last.Rank IS Odd THEN card.colour==RED",
        "karte.wert > (wenn letzte.farbton = rot dann 6 sonst 9)",
        "3 <= karte.wert <= 7",
        "(karte.wert > 6) = (letzte.wert > 6)",
    ]:
        parse_rule(text)
    assert parse_rule("IF Last.Rank IS Odd THEN card.colour==RED").text == "if last.rank is odd then card.color = red"
