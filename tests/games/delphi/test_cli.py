"""``python -m game sim delphi`` and the hand-over of ``judge``."""

from __future__ import annotations

import json
import random

import pytest

from game.cards import derive_seed
from game.games.delphi import cli
from game.games.delphi.bots import choose_library_rule
from game.games.delphi.library import difficulty_bands
from tests.games.delphi.fakes import fake_game


def test_sim_prints_one_json_object_with_the_figures(capsys):
    rc = cli.sim(["--players", "5", "--deals", "8", "--seed", "3", "--strategy", "cautious", "--others", "random", "--rule", "alternate", "--json"], game=fake_game())
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == 8 and out["players"] == 5 and out["rules"] == ["alternate"]
    assert 0 <= out["wins"] <= 8 and out["win_rate"] == round(out["wins"] / 8, 4)
    assert out["mean_cards_played"] > 1
    assert sum(out["round_end"].values()) == 8
    assert out["strategy_decisions"] > 0
    for key in ("mean_cards_to_correct_prophet", "correct_prophet_rate", "false_prophets", "cpu_seconds"):
        assert key in out


def test_sim_with_a_computer_god_plays_library_rules_of_its_level(capsys):
    rc = cli.sim(["--players", "4", "--deals", "5", "--seed", "20", "--god", "easy", "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["god"] == "easy" and out["deals"] == 5 and sum(out["round_end"].values()) == 5
    easy = {r.text for r in difficulty_bands()["easy"]}
    assert out["rules"] and set(out["rules"]) <= easy
    # deal i is seeded 20 + i; its God draws the rule of round 0 from that seed
    drawn = [choose_library_rule("easy", random.Random(derive_seed(20 + i, "computer-god", 0))) for i in range(5)]
    assert out["rules"] == list(dict.fromkeys(drawn))
    assert cli.sim(["--deals", "5", "--seed", "20", "--god", "hard", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] != out["rules"]


def test_sim_without_a_computer_god_names_no_god(capsys):
    assert cli.sim(["--players", "3", "--deals", "2", "--rule", "alternate", "--json"], game=fake_game()) == 0
    assert "god" not in json.loads(capsys.readouterr().out)


def test_sim_refuses_unknown_bots_and_bad_rules(capsys):
    assert cli.sim(["--strategy", "genius", "--rule", "alternate"], game=fake_game()) == 2
    assert cli.sim(["--rule", "no such rule"], game=fake_game()) == 2
    assert "mind-the-gap:" in capsys.readouterr().err
    for bad in (["--god", "divine"], ["--god", "easy", "--rule", "alternate"]):
        with pytest.raises(SystemExit):
            cli.sim(bad, game=fake_game())


def test_judge_is_handed_to_the_rule_language_tool(monkeypatch):
    seen = []
    monkeypatch.setattr(cli.cli_judge, "judge", lambda argv: seen.append(argv) or 3)
    assert cli.judge(["--rule", "r", "--cards", "3H 9S"]) == 3
    assert seen == [["--rule", "r", "--cards", "3H 9S"]]
