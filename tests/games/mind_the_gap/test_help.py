"""Finished-pyramid counts, the public help and every kind of dead end."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from game.cards import Card
from game.games.mind_the_gap import GAME, NOTATION, analyse, dead_end, finished_count, gap_values, legal_places
from game.games.mind_the_gap.help import DEAD_KINDS
from game.games.mind_the_gap.pyramids import counts, table

SEED_NORMAL = {1: 4588, 2: 3352, 3: 2390, 4: 1632, 5: 1072, 6: 648, 7: 356, 8: 160, 9: 60, 10: 8}
SEED_EXPERT = {1: 34, 2: 72, 3: 54, 4: 84, 5: 62, 6: 48, 7: 16}


def P(text: str):
    return NOTATION.parse(text)


def test_counts_are_the_seeds():
    assert counts() == SEED_NORMAL
    assert {t: n for t, n in counts(expert=True).items() if t <= 7} == SEED_EXPERT
    assert all(len(table(t)) == n for t, n in SEED_NORMAL.items())


def _brute(rows: int, jokers: bool, expert: bool) -> Counter:
    """Independent count: every bottom row, differences upwards."""
    lo = 0 if jokers else 1
    out: Counter = Counter()
    for bottom in itertools.product(range(lo, 14), repeat=rows):
        tri = [list(bottom)]
        while len(tri[-1]) > 1:
            r = tri[-1]
            tri.append([abs(a - b) for a, b in itertools.pairwise(r)])
        vals = [v for r in tri for v in r]
        if not jokers and 0 in vals:
            continue
        c = Counter(vals)
        if expert and len(c) != len(vals):
            continue
        if any(k > (2 if v == 0 else 4) for v, k in c.items()):
            continue
        out[tri[-1][0]] += 1
    return out


@pytest.mark.parametrize("small,jokers,expert", [(True, False, False), (True, True, False), (True, False, True), (False, False, True)])
def test_counts_agree_with_a_brute_force_count(small, jokers, expert):
    brute = _brute(3 if small else 4, jokers, expert)
    assert counts(small=small, jokers=jokers, expert=expert) == {t: n for t, n in sorted(brute.items()) if n}


def test_every_listed_pyramid_obeys_the_rules():
    t = table(5, jokers=True)
    shape = t.shape
    for pyr in t.pyramids[::37]:
        assert pyr[0] == 5
        for above, left, right in shape.triples:
            assert pyr[above] == abs(pyr[left] - pyr[right])
        assert Counter(pyr)[0] <= 2


def test_help_on_the_worked_example_before_the_last_moves():
    s = P("5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std")
    h = analyse(s)
    assert h.finished == 1 and h.dead is None
    assert h.gaps == {5: (1,), 9: (12,)}
    assert gap_values(s) == h.gaps


def test_help_counts_shrink_with_discards():
    s = P("5C/3H,8D/6C,9S,-/10D,4C,KH,- - 5 normal std")
    assert finished_count(s) == 1
    gone = P("5C/3H,8D/6C,9S,-/10D,4C,KH,- QS,QH,QD,QC 5 normal std")
    assert finished_count(gone) == 0
    d = dead_end(gone)
    assert d.kind == "rank_used_up" and d.place == 9 and d.values == (12,)
    assert "every card of that rank" in d.message().render("en")


def test_start_of_a_game_offers_the_full_count():
    s = GAME.new_game({"players": 2}, 3)
    assert finished_count(s) == SEED_NORMAL[s.places[0].value]


DEAD_ENDS = [
    ("AS/7H,8D/-,7C,-/-,-,-,- - 0 normal std", "needs_zero", 3, (0, 14)),
    ("2S/-,-/-,9D,-/-,7D,-,- - 3 normal std", "needs_over_13", 8, (16,)),
    ("4C/-,QS/9H,2D,-/-,-,-,- - 0 normal std", "conflict", 1, ()),
    ("5C/3H,8D/-,9S,-/-,-,-,- QS,QH,QD,QC,6S,6H,6D,6C 2 normal std", "rank_used_up", 3, (6, 12)),
    ("5C/3H,8D/-,9S,-/AS,-,-,- - 1 expert std", "expert_repeat", 5, (1,)),
    ("5S/4C,-/-,6D,-/-,-,-,- - 3 expert std", "no_completion", None, ()),
]


def test_the_cases_below_cover_every_kind_of_dead_end():
    assert sorted(kind for _, kind, _, _ in DEAD_ENDS) == sorted(DEAD_KINDS)


@pytest.mark.parametrize("text,kind,place,values", DEAD_ENDS)
def test_each_dead_end_is_reported_with_its_reason(text, kind, place, values):
    s = P(text)
    assert finished_count(s) == 0
    d = dead_end(s)
    assert (d.kind, d.place, d.values) == (kind, place, values)
    assert analyse(s).dead == d
    for lang in ("en", "de"):
        text_ = d.message().render(lang)
        assert "mind_the_gap." not in text_ and "{" not in text_


def test_the_rules_queen_example_is_a_conflict_between_7_and_8():
    d = dead_end(P("4C/-,QS/9H,2D,-/-,-,-,- - 0 normal std"))
    assert d.first == (8,) and d.second == (7,)  # 16 is no card, so it is not offered


def test_no_dead_end_while_a_pyramid_remains():
    assert dead_end(P("5C/3H,8D/-,9S,-/-,-,-,- - 2 normal std")) is None


def test_jokers_widen_what_a_gap_can_take():
    s = P("5C/-,-/-,-,-/-,9H,9S,- - 6 normal jokers")
    assert gap_values(s)[4] == (0,)
    assert dead_end(s) is None


def test_legal_places_filters_by_the_placement_rules():
    s = P("5C/3H,-/-,9S,-/-,-,-,- - 6 normal std")
    assert legal_places(s, Card.parse("8D")) == [2, 5, 6, 7, 8, 9]
    assert 3 in legal_places(s, Card.parse("6C")) and 3 not in legal_places(s, Card.parse("7C"))
    assert 8 not in legal_places(P("5C/-,-/-,-,-/-,-,9H,- - 6 normal std"), Card.parse("9S"))


def test_explain_gives_the_help_as_sentences_in_both_languages():
    from game.games.mind_the_gap import explain

    live = [x.render("en") for x in explain(P("5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std"))]
    assert live == ["1 finished pyramid is still possible.", "Row 3, position 3 can still take: A", "Row 4, position 4 can still take: Q"]
    assert explain(P("5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std"))[2].render("de").endswith(": D")
    dead = [x.render("en") for x in explain(P("4C/-,QS/9H,2D,-/-,-,-,- - 1 normal std"))]
    assert len(dead) == 2 and dead[1].startswith("Dead end.") and "take a card back" in dead[1]
