"""The rule library: every rule usable, fairly balanced, described in
English and German."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.games.delphi.library import (
    DIFFICULTY_FILE,
    FAMILIES,
    LEVELS,
    LIBRARY,
    PROVISIONAL,
    choose_rule,
    difficulty_bands,
    family_name,
    find_text,
    library_rule,
    load_measured,
    provisional_name,
    rules_in,
    with_measured,
)
from game.games.delphi.rulelang import analyse, check_total, parse_rule
from game.i18n import catalog


@pytest.fixture(scope="module")
def analyses():
    return {r.id: analyse(r.rule, seed=2024) for r in LIBRARY}


def test_at_least_forty_rules_of_every_family():
    assert len(LIBRARY) >= 40
    assert len({r.id for r in LIBRARY}) == len(LIBRARY)
    assert len({r.rule for r in LIBRARY}) == len(LIBRARY)  # no rule twice under two names
    families = Counter(r.family for r in LIBRARY)
    assert set(families) == set(FAMILIES) and min(families.values()) >= 5


def test_every_rule_parses_to_its_normal_form_and_declares_its_lookback():
    for r in LIBRARY:
        rule = parse_rule(r.text)
        assert rule.text == r.text, r.id
        assert rule.lookback == r.lookback, r.id
        reads = rule.reads
        if r.family in ("one", "two", "three", "periodic"):
            assert ("pos" in reads) == (r.family == "periodic"), r.id
        if r.family == "back":  # further back than two, or the first starter
            assert r.lookback > 2 or "first" in reads, r.id
        if r.family == "line":  # an aggregate or a table
            assert "line" in reads or "][" in r.text, r.id
        if r.family == "one":
            assert reads == {"card"}, r.id
        if r.family == "two":
            assert reads == {"card", "last"}, r.id
        if r.family == "three":
            assert "last2" in reads, r.id


def test_every_rule_is_total():
    for r in LIBRARY:
        assert check_total(r.rule) == [], r.id


def test_every_rule_accepts_between_ten_and_ninety_percent(analyses):
    for r in LIBRARY:
        a = analyses[r.id]
        assert 0.10 <= a.share <= 0.90, (r.id, a.share)


def test_no_rule_has_a_dead_end_or_runs_dry_in_sixty_card_lines(analyses):
    for r in LIBRARY:
        a = analyses[r.id]
        assert a.ok and a.warnings == (), (r.id, [str(m) for m in a.warnings])
        assert a.exploration.dead_count == 0 and a.dry_share == 0.0, r.id


def test_descriptions_and_labels_exist_in_both_languages():
    en, de = catalog("en"), catalog("de")
    for r in LIBRARY:
        key = r.description.key
        assert key in en and key in de, r.id
        assert en[key] != de[key] and en[key].endswith(".") and de[key].endswith("."), r.id
    for f in FAMILIES:
        assert family_name(f).key in en and family_name(f).key in de
    for p in PROVISIONAL:
        assert provisional_name(p).key in en and "provisional" in en[provisional_name(p).key]


def test_difficulty_comes_from_the_measurement(tmp_path):
    measured = load_measured()
    if DIFFICULTY_FILE.exists():
        # every library rule was measured, and the figures are what the library carries
        assert set(measured) == {r.id for r in LIBRARY}
        assert all(r.measured_difficulty == measured[r.id] for r in LIBRARY)
        assert all(0 < r.measured_difficulty <= 156 for r in LIBRARY)
    assert all(r.provisional in PROVISIONAL for r in LIBRARY)
    fresh = with_measured({"gardner": 23.5})
    assert {r.id: r.measured_difficulty for r in fresh}["gardner"] == 23.5
    assert len(fresh) == len(LIBRARY)
    assert load_measured(tmp_path / "missing.json") == {}
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    assert load_measured(tmp_path / "bad.json") == {}


def test_a_computer_god_draws_a_rule_of_the_chosen_difficulty():
    bands = difficulty_bands()
    assert sorted(r.id for b in bands.values() for r in b) == sorted(r.id for r in LIBRARY)
    assert all(len(b) >= 10 for b in bands.values())
    measured = [[r.measured_difficulty for r in bands[k] if r.measured_difficulty is not None] for k in LEVELS]
    if all(measured):
        assert max(measured[0]) <= min(measured[1]) and max(measured[1]) <= min(measured[2])
    for level in LEVELS:
        drawn = {choose_rule(level, random.Random(i)).id for i in range(60)}
        assert drawn <= {r.id for r in bands[level]} and len(drawn) > 3
    assert choose_rule(rng=random.Random(1)) in bands["medium"]
    assert choose_rule("hard", random.Random(5)) == choose_rule("hard", random.Random(5))
    with pytest.raises(ValueError):
        choose_rule("impossible", random.Random(1))


def test_the_table_uses_the_library_choice():
    from game.games.delphi.bots import choose_library_rule

    texts = {r.text for r in difficulty_bands()["easy"]}
    assert all(choose_library_rule("easy", random.Random(i)) in texts for i in range(20))


def test_lookup_helpers():
    g = library_rule("gardner")
    assert g.text == "if last.rank is odd then card.color = black else card.color = red"
    assert find_text("IF last.rank IS odd THEN card.colour = black ELSE card.colour = red") is g
    assert find_text("card.rank = 13 and card.suit = hearts") is None
    assert find_text("this is not a rule") is None
    assert all(r.provisional == "easy" for r in rules_in("easy"))
    assert rules_in(family="three") and all(r.family == "three" for r in rules_in(family="three"))
    with pytest.raises(KeyError):
        library_rule("nope")
