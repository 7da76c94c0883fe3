"""A rule the check finds unusable is refused the same way everywhere: the
judge tool says ``"ok": false`` and exits 1, the engine's ``new_game``
raises, and ``sim`` prints the engine's words and exits 2; an empty rule
text is refused too (``None`` still means God writes at the table)."""

from __future__ import annotations

import json

import pytest

from game.games.delphi import cli
from game.games.delphi.cli_judge import judge
from game.games.delphi.engine import DelphiGame
from game.games.delphi.rulelang import RuleSyntaxError, check_total, parse_rule

TAUTOLOGY = "pos >= 1 or last2.rank = last.rank"
CONTRADICTION = "pos < 1 and last2.rank = last.rank"


def test_judge_analyse_says_not_ok_and_exits_non_zero(capsys):
    code = judge(["--rule", TAUTOLOGY, "--cards", "5H 6S 7C", "--analyse", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["ok"] is False and data["analysis"]["errors"]
    assert data["accepted"] == 1  # the verdicts are still there
    code = judge(["--rule", "card.rank > last.rank", "--cards", "5H 6S", "--analyse", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["ok"] is True and not data["analysis"]["errors"]
    # without --json too
    assert judge(["--rule", CONTRADICTION, "--cards", "5H 6S", "--analyse"]) == 1
    capsys.readouterr()


@pytest.mark.parametrize("text", [TAUTOLOGY, CONTRADICTION, "count(each is red) >= 0", "card.rank != card.rank"])
def test_new_game_and_sim_refuse_with_the_same_words(text, capsys):
    expected = check_total(parse_rule(text))[0].render("en")
    with pytest.raises(RuleSyntaxError) as e:
        DelphiGame().new_game({"players": 3, "rounds": 1, "rules": [text]}, 1)
    assert str(e.value) == expected
    with pytest.raises(RuleSyntaxError):
        DelphiGame().new_game({"players": 3, "rounds": 1, "rules": [{"rule": text, "hint": "x"}]}, 1)
    assert cli.sim(["--rule", text, "--deals", "1"]) == 2
    assert expected in capsys.readouterr().err


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_rule_is_refused(text, capsys):
    with pytest.raises(RuleSyntaxError) as e:
        DelphiGame().new_game({"players": 3, "rounds": 1, "rules": [text]}, 1)
    assert "empty" in str(e.value)
    assert cli.sim(["--rule", text, "--deals", "1"]) == 2
    assert "empty" in capsys.readouterr().err
    # None is still "God writes the rule at the table"
    s = DelphiGame().new_game({"players": 3, "rounds": 1, "rules": [None]}, 1)
    assert s.rule == ""


def test_a_usable_rule_still_starts():
    s = DelphiGame().new_game({"players": 3, "rounds": 1, "rules": ["card.rank != last5.rank"]}, 1)
    assert len(s.main) == 5


def test_the_tautology_of_the_issue_is_found():
    assert [m.key for m in check_total(parse_rule(TAUTOLOGY))] == ["delphi_lang.check.always"]
