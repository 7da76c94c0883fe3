"""A rule in words, made from its parts (issue 50): every rule of the
library, every unit the augur builds its guesses from, and the shapes the
"How it narrowed" screen showed in the rule language, said in English and
German with no operator, bracket or keyword of the language left; a few
said exactly; and the one wording function the screens use."""

from __future__ import annotations

import re

import pytest

from game.games.delphi.infer.units import units_for
from game.games.delphi.library import LIBRARY, WORDS_LIMIT, rule_in_words
from game.games.delphi.rulelang import parse_rule
from game.games.delphi.rulelang.words import say
from game.i18n import render

#: what the rule language writes and words never do: its operators and
#: brackets, a card's attribute after a dot, an aggregate's call, its
#: keywords for cards, and a catalog key left unfound
RAW = re.compile(r"%|!=|<|>|=|\[|\]|\{|\}|\w\.\w|\b(count|sum|min|max|any|all|streak|abs)\(|\b(last\d|each|pos)\b|delphi_words")
#: the English words of the language that German words must not carry
ENGLISH = re.compile(r"\b(card|rank|suit|colou?r|red|black|hearts|spades|diamonds|clubs|odd|even|if|then|else|and|or|not)\b", re.I)


def raw_left(words: str, lang: str) -> list[str]:
    found = [m.group(0) for m in RAW.finditer(words)]
    if lang == "de":
        found += [m.group(0) for m in ENGLISH.finditer(words)]
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_library_rule_is_said_in_words(lang):
    for r in LIBRARY:
        words = say(r.rule.tree, lang)
        first = next(c for c in words if c.isalpha())
        assert words.endswith(".") and first.isupper(), (r.id, words)
        assert raw_left(words, lang) == [], (r.id, words)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_unit_of_the_augurs_guesses_is_said_in_words(lang):
    """The leaders of "How it narrowed" are the augur's candidates: units
    alone, or two joined by and, or, =, if … then … else."""
    units = units_for(6)
    for u in units.all():
        words = say(u.tree, lang)
        assert raw_left(words, lang) == [], words
        assert len(words) <= WORDS_LIMIT, words


@pytest.mark.parametrize(
    ("text", "en", "de"),
    [
        ("card.color != last.color", "The new card and the last card differ in colour.", "Die neue Karte und die letzte Karte haben verschiedene Farbtöne."),
        ("card.suit != spades", "The new card is not a spade.", "Die neue Karte ist kein Pik."),
        ("5 <= card.rank <= 10", "The new card's rank is at least 5 and at most 10.", "Der Wert der neuen Karte ist mindestens 5 und höchstens 10."),
        ("abs(card.rank - last.rank) <= 3", "The new card's rank and the last card's rank are at most 3 apart.", "Der Wert der neuen Karte und der Wert der letzten Karte liegen höchstens 3 auseinander."),
        (
            "count(each is red) % 2 = card.rank % 2",
            "The number of red cards on the main line and the new card's rank are both even or both odd.",
            "Die Anzahl der roten Karten in der Hauptlinie und der Wert der neuen Karte sind beide gerade oder beide ungerade.",
        ),
        (
            "if last.rank is odd then card.color = black else card.color = red",
            "If the last card's rank is odd, then the new card is black; otherwise the new card is red.",
            "Wenn gilt: der Wert der letzten Karte ist ungerade, dann muss gelten: die neue Karte ist schwarz; sonst: die neue Karte ist rot.",
        ),
        (
            "streak(each is red) < 2",
            "The number of the latest main-line cards in a row for which “that card is red” holds is less than 2.",
            # German closes the relative clause with a comma before the verb
            "Die Anzahl der jüngsten Karten der Hauptlinie in Folge, für die „diese Karte ist rot“ gilt, ist kleiner als 2.",
        ),
    ],
)
def test_rules_are_said_as_a_person_would(text, en, de):
    tree = parse_rule(text).tree
    assert say(tree, "en") == en
    assert say(tree, "de") == de


def test_the_screens_one_wording_prefers_the_librarys_own_words():
    red = next(r for r in LIBRARY if r.id == "red")
    # a library rule, written otherwise: its description
    assert rule_in_words("card.color=RED", "de") == render(red.description, "de")
    # not in the library: words from its parts
    assert rule_in_words("(card.color = black) = (last.rank is odd)", "en") == "“The new card is black” and “the last card's rank is odd” are both true or both false."
    # not a rule at all: as it was written
    assert rule_in_words("card.colr = red", "en") == "card.colr = red"


def test_a_rule_too_long_for_words_says_what_it_reads():
    text = (
        "if count(each.suit = last2.suit) * 2 < pos % 5 + streak(each.color = last3.color)"
        " then card.suit not in {last.suit, last4.suit}"
        " else sum(each.rank) % 7 = [1, 2, 3][pos] and any(each.rank > card.rank)"
    )
    words = rule_in_words(text, "en")
    assert len(say(parse_rule(text).tree, "en")) > WORDS_LIMIT
    assert words.startswith("It reads") and raw_left(words, "en") == []
