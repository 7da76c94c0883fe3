"""What God's screen says a rule reads (issue 23, item 5a): it comes from
the rule's parts.  It used to come from the look-back alone, so
``count(each.suit = card.suit) < 4`` and every sum rule were said to look
"only at the card itself (and maybe its place)"."""

from __future__ import annotations

import re

import pytest

from game.games.delphi.library import LIBRARY
from game.games.delphi.ruleapi import starters_for
from game.games.delphi.rulelang import parse_rule
from game.games.delphi.rulelang.reads import describe, reads_of
from game.i18n import render, tr

#: the words of each aggregate in the description (English)
AGG_EN = {"count": "counts", "sum": "sums", "min": "smallest or largest", "max": "smallest or largest", "any": "any or every", "all": "any or every", "streak": "runs among"}


def _from_text(text: str) -> tuple[bool, int, bool, bool, set[str]]:
    """What a rule reads, read off its normal text by its words (not by the
    tree, which the code under test walks): ``min``/``max`` are aggregates
    only with ``each`` inside (``max(card.rank, last.rank)`` is the function)."""
    words = re.findall(r"[a-z]+\d*", text)
    back = max([int(w[4:] or 1) for w in words if re.fullmatch(r"last\d?", w)], default=0)
    aggs = set(re.findall(r"\b(count|sum|any|all|streak)\(", text))
    aggs |= set(re.findall(r"\b(min|max)\((?=[^()]*\beach\b)", text))
    return "card" in words, back, "first" in words, "pos" in words, aggs


@pytest.mark.parametrize("entry", LIBRARY, ids=lambda e: e.id)
def test_every_library_rule_is_described_from_the_parts_it_uses(entry):
    rule = parse_rule(entry.text)
    card, back, first, pos, aggs = _from_text(rule.text)
    r = reads_of(rule.tree)
    assert (r.card, r.back, r.first, r.pos, set(r.line)) == (card, back, first, pos, aggs)
    assert r.starters == starters_for(rule)
    en = render(describe(rule.tree), "en")
    assert ("the whole main line" in en) == bool(aggs)
    assert all(AGG_EN[a] in en for a in aggs)
    assert ("the card itself" in en) == card
    assert ("only the card itself" in en) == (card and not (back or first or pos or aggs))
    assert ("the first card" in en) == first and ("the place the card would take" in en) == pos
    assert ("the last card" in en) == (back == 1) and (f"up to {back} places back" in en) == (back > 1)
    assert tr("delphi_lang.reads.starters", "en", n=r.starters) in en
    de = render(describe(rule.tree), "de")
    assert ("die ganze Hauptlinie" in de) == bool(aggs) and tr("delphi_lang.reads.starters", "de", n=r.starters) in de
    assert "{" not in en + de


@pytest.mark.parametrize(
    ("text", "en", "de"),
    [
        ("count(each.suit = card.suit) < 4", "It reads the card itself and the whole main line (counts).", "Sie betrachtet die Karte selbst und die ganze Hauptlinie (Anzahlen)."),
        ("sum(each.rank) % 2 = 0", "It reads the whole main line (sums).", "Sie betrachtet die ganze Hauptlinie (Summen)."),
        ("card.rank > last3.rank", "It reads the card itself and cards up to 3 places back along the main line. 3 starter cards", "Es werden 3 Startkarten ausgelegt."),
        ("card is red", "It reads only the card itself. 1 starter card is laid out.", "Sie betrachtet nur die Karte selbst. Es wird 1 Startkarte ausgelegt."),
    ],
)
def test_the_rules_of_the_issue_are_said_as_they_read(text, en, de):
    d = describe(parse_rule(text).tree)
    assert en in render(d, "en") and de in render(d, "de")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_text_names_every_word_of_the_language_that_reads_the_line(lang):
    """Issue 23, 5b: the rules said a rule may look at the last card or the
    last two; the language reads six back, the first card, the place and
    the whole line (counts, sums, …).  Every such word is in the text, in
    the language's own words for that language."""
    from game.games.delphi.rulelang import ast as A
    from game.games.delphi.rulelang.lexer import GERMAN
    from game.i18n import rules_text

    text = rules_text("delphi", lang) or ""
    word = (lambda w: w) if lang == "en" else GERMAN.get
    for fn in A.AGGREGATES:
        assert f"`{word(fn)}(" in text, fn
    for ref in ("last", "last2", "last6", "first", "each", "pos"):
        assert f"`{word(ref)}" in text, ref
    assert "last two" not in text and "letzten beiden" not in text
    for example in re.findall(r"\(`([a-z][^`]* [^`]*)`", text):  # every example in brackets is a rule
        parse_rule(example)
