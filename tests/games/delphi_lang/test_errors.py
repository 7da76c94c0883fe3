"""Bad rules: each error points at a column and says what was expected,
in English and German, from catalog keys that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.games.delphi.rulelang import (
    MAX_DEPTH,
    MAX_INPUT,
    MAX_LENGTH,
    MAX_NESTING,
    MAX_NODES,
    RuleSyntaxError,
    parse_rule,
    rule_from_tree,
)
from game.games.delphi.rulelang import (
    ast as A,
)
from game.games.delphi.rulelang import (
    build as b,
)
from game.i18n import catalog


def error(text: str) -> RuleSyntaxError:
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(text)
    return info.value


@pytest.mark.parametrize(
    "text,column,key,words",
    [
        ("if last.rank is odd card.color = black", 21, "expected", "expected 'then' after the condition, found 'card'"),
        ("card.rank = red", 13, "type_compare", "card.rank is a number but red is a colour"),
        ("card.suit = 3", 13, "type_compare", "card.suit is a suit but 3 is a number"),
        ("card.suit < last.suit", 1, "type_order", "'<' compares numbers, but card.suit is a suit"),
        ("card.rank + red = 3", 13, "type_arith", "'+' calculates with numbers, but red is a colour"),
        ("card.rank and true", 1, "type_logic", "'and' joins conditions, but card.rank is a number"),
        ("not card.rank", 5, "type_logic", "'not' joins conditions"),
        ("card.rank", 1, "type_rule", "a rule must be a condition"),
        ("card.rank + 1", 1, "type_rule", "but this is a number"),
        ("if card.rank then true else false", 4, "type_if_cond", "condition after 'if'"),
        ("if card.rank > 3 then 1 else red", 30, "type_if_branches", "same kind"),
        ("(if card.rank > 3 then 1) = 1", 2, "type_if_no_else", "add 'else"),
        ("card.suit is odd", 1, "type_predicate", "'is odd' needs a number or a card"),
        ("card.rank is red", 1, "type_predicate", "a colour, a suit or a card"),
        ("card.rank in {1, hearts}", 18, "type_set_item", "hearts in the set is a suit"),
        ("card.suit in {hearts..spades}", 15, "type_range", "needs numbers"),
        ("abs(card.suit) = 1", 5, "type_call", "abs calculates with numbers"),
        ("abs(1, 2) = 1", 1, "abs_args", "exactly one number"),
        ("min(1) = 1", 1, "minmax_args", "at least two numbers"),
        ("card.rank = 3H", 13, "bad_number", "'3H' is not a number"),
        ("card.colr = red", 6, "unknown_word_hint", "did you mean 'color'"),
        ("crad.rank = 3", 1, "unknown_word_hint", "did you mean 'card'"),
        ("card.rank = foo", 13, "unknown_word", "unknown word 'foo'"),
        ("card.rank = 3 & card.rank = 4", 15, "bad_char_hint", "write 'and'"),
        ("card.rank = 3 || true", 15, "bad_char_hint", "write 'or'"),
        ("card.rank ! 3", 11, "bad_char_hint", "write 'not'"),
        ("card.rank = 'x'", 13, "bad_char", "the character '''"),
        ("card.rank = 1000", 13, "number_too_big", "at most 999"),
        ("card.rank = 99999999999999999999999", 13, "number_too_big", "too large"),
        ("card.rank =", 12, "expected", "expected a value"),
        ("card.rank = = 3", 13, "expected", "found '='"),
        ("card.", 6, "expected", "rank, suit or color after the dot"),
        ("card.pos = 1", 6, "expected", "rank, suit or color after the dot"),
        ("card.rank is 5", 14, "expected", "odd, even, prime, face"),
        ("card.rank in 1..5", 14, "expected", "'{' after 'in'"),
        ("card.rank in {1, 2", 19, "expected", "',' or '}' to close the set"),
        ("card.rank not 5", 15, "expected", "'in' after 'not'"),
        ("(card.rank = 1", 15, "expected", "')' to close the bracket"),
        ("abs card.rank", 5, "expected", "'(' after the function name"),
        ("abs(card.rank = 1", 18, "expected", "',' or ')'"),
        ("card.color = red black", 18, "expected", "the end of the rule, 'and' or 'or'"),
        ("card.rank = 1)", 14, "expected", "the end of the rule"),
        ("rank = 3", 1, "attr_without_card", "card.rank, last.rank, first.rank and the like"),
        ("1..3", 2, "expected", "found '..'"),
        ("if true then", 13, "expected", "found the end of the rule"),
        ("", None, "empty", "The rule is empty"),
        ("   ", None, "empty", "The rule is empty"),
        ("card.rank = 1 and", 18, "expected", "a value"),
    ],
)
def test_error_points_at_the_column_and_says_what_was_expected(text, column, key, words):
    e = error(text)
    assert e.reason.key == "delphi_lang." + key, str(e)
    assert e.column == column, str(e)
    assert words in str(e), str(e)
    if column is not None:
        assert str(e).startswith(f"column {column}: ")
        assert e.render("de").startswith(f"Spalte {column}: ")
    assert "delphi_lang." not in str(e) and "delphi_lang." not in e.render("de")


def test_german_error_shows_the_players_own_words():
    e = error("karte.wert = rot")
    assert e.render("de") == "Spalte 14: karte.wert ist eine Zahl, rot aber ein Farbton (rot oder schwarz); das lässt sich nicht vergleichen"


def test_length_limits():
    # the raw text is looked at only up to MAX_INPUT characters
    e = error("card.rank = 1 or " * 100 + "true")
    assert e.reason.key == "delphi_lang.too_long_input" and e.column == MAX_INPUT + 1
    e = error("x" * 10**6)
    assert e.reason.key == "delphi_lang.too_long_input"
    # the normal form may have at most MAX_LENGTH characters
    long = " or ".join(f"card.rank = {i % 13 + 1}" for i in range(20))
    assert len(long) > MAX_LENGTH
    assert error(long).reason.key == "delphi_lang.too_long"
    ok = " or ".join(f"card.rank = {i % 13 + 1}" for i in range(17))
    assert len(ok) <= MAX_LENGTH and parse_rule(ok).text == ok


def test_nesting_limit_is_an_explicit_check_not_a_recursion_error():
    ok = "(" * MAX_NESTING + "true" + ")" * MAX_NESTING
    assert parse_rule(ok).text == "true"
    e = error("(" * (MAX_NESTING + 1) + "true" + ")" * (MAX_NESTING + 1))
    assert e.reason.key == "delphi_lang.too_deep" and e.column == MAX_NESTING + 1
    for deep in ("(" * 999, "not " * 240 + "true", "-" * 990 + "1 = 1", "if true then " * 70 + "true", "abs(" * 240):
        assert error(deep).reason.key == "delphi_lang.too_deep"


def test_built_trees_are_bounded_too():
    deep = b.TRUE
    for _ in range(MAX_DEPTH + 5):
        deep = b.not_(deep)
    with pytest.raises(RuleSyntaxError) as info:
        rule_from_tree(deep)
    assert info.value.reason.key == "delphi_lang.too_deep"
    # much deeper than Python's recursion limit: still a clean error
    for _ in range(5000):
        deep = b.not_(deep)
    with pytest.raises(RuleSyntaxError):
        rule_from_tree(deep)
    wide = b.or_(*[b.eq(b.CARD_RANK, b.num(1)) for _ in range(MAX_NODES)])
    with pytest.raises(RuleSyntaxError) as info:
        rule_from_tree(wide)
    assert info.value.reason.key == "delphi_lang.too_many_nodes"


def test_built_trees_are_type_checked():
    with pytest.raises(RuleSyntaxError) as info:
        rule_from_tree(b.eq(b.CARD_RANK, b.color("red")))
    assert info.value.column is None and "card.rank is a number but red is a colour" in str(info.value)
    one = A.Num(1)
    bad_trees = [
        A.Compare(("=",), (A.Num(1000), one)),  # number out of range
        A.Compare(("=",), (A.Num(True), one)),  # not an int
        A.Compare(("<>",), (one, one)),  # operators are stored canonically
        A.Compare(("=",), (A.Attr("card", "size"), one)),  # no such attribute
        A.Compare(("=",), (one,)),  # a comparison needs two sides
        A.And((A.BoolConst(True),)),  # and needs two operands
        A.Is(A.Attr("card", "rank"), "big"),  # no such predicate
        "card.rank = 1",  # text is not a tree
        7,
    ]
    for bad in bad_trees:
        with pytest.raises(RuleSyntaxError):
            rule_from_tree(bad)  # type: ignore[arg-type]


def test_parse_rule_refuses_non_text():
    for bad in (None, 5, b"card.rank = 1"):
        with pytest.raises(RuleSyntaxError):
            parse_rule(bad)  # type: ignore[arg-type]


ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "game" / "games" / "delphi"


def used_keys() -> set[str]:
    """Every catalog key the rule language and the judge tool can produce."""
    keys: set[str] = set()
    for path in list((SRC / "rulelang").glob("*.py")) + [SRC / "cli_judge.py", SRC / "analysis.py"]:
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        keys |= {"delphi_lang." + k for k in re.findall(r'\berr\(\s*"([a-z_]+)"', text)}
        keys |= {"delphi_lang." + k for k in re.findall(r'\b_m\(\s*"([a-z_.0-9]+)"', text)}
        keys |= {"delphi_lang.judge." + k for k in re.findall(r'\b_?say\(\s*"([a-z_.]+)"', text)}
        keys |= {"delphi_lang.expect." + k for k in re.findall(r'fail\("([a-z_]+)"\)', text)}
        keys |= {"delphi_lang.expect." + k for k in re.findall(r'need\(.*"([a-z_]+)"\)', text)}
        keys |= set(re.findall(r'"(delphi_lang\.[a-z_.]+[a-z_])"', text))
        keys |= {"delphi_lang." + k for k in re.findall(r'"(type_[a-z_]+|pred_[a-z]+)"', text)}
    keys |= {f"delphi_lang.type.{t}" for t in A.TYPES}
    return keys


def test_every_key_used_exists_in_both_catalogs():
    keys = used_keys()
    assert len(keys) > 60
    en, de = catalog("en"), catalog("de")
    assert sorted(k for k in keys if k not in en) == []
    assert sorted(k for k in keys if k not in de) == []
    ours_en = {k for k in en if k.startswith("delphi_lang.")}
    ours_de = {k for k in de if k.startswith("delphi_lang.")}
    assert ours_en == ours_de
