"""The judge tool: the example layout of the rules text, JSON and human
output, and its errors."""

from __future__ import annotations

import json

from game.games.delphi.cli_judge import judge, parse_plays

GARDNER = "if last.rank is odd then card.color = black else card.color = red"

# The example of the rules text in the order it could have been played:
# starter 3H; JD, 5D and QD tried under 9S; AH and 8H under JD; AS and 10S
# under the first 2C; 10H and the string 10S-9H-4S-2S under 7H.  22 cards.
EXAMPLE = "3H 9S JD 5D QD 4C JD AH 8H 2C AS 10S 10D 8H 7H 10H 10S-9H-4S-2S 2C 5H"
MAIN = ["3H", "9S", "4C", "JD", "2C", "10D", "8H", "7H", "2C", "5H"]
SIDE = {  # side card -> the main-line card it hangs under
    "JD": "9S", "5D": "9S", "QD": "9S", "AH": "JD", "8H": "JD", "AS": "2C", "10S": "2C", "10H": "7H",
}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = judge(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_example_layout_is_judged_by_gardners_rule(capsys):
    code, out, _ = run(capsys, "--rule", GARDNER, "--cards", EXAMPLE, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] and data["lookback"] == 1 and data["starters"] == ["3H"]
    assert data["main_line"] == MAIN
    assert sum(len(p["cards"]) for p in data["plays"]) + 1 == 22  # 22 cards played, as the text says
    plays = data["plays"]
    accepted = [p["cards"][0] for p in plays if p["accepted"]]
    assert accepted == MAIN[1:]
    rejected = [p for p in plays if not p["accepted"]]
    assert len(rejected) == 9
    for p in rejected:
        if len(p["cards"]) == 1:
            assert SIDE[p["cards"][0]] == p["last"], p
        else:  # the string is wrong as a whole (its last card 2S breaks the rule)
            assert p["cards"] == ["10S", "9H", "4S", "2S"] and p["last"] == "7H"
    verdicts = data["verdicts"]
    assert len(verdicts) == 21 and [v["card"] for v in verdicts[:3]] == ["9S", "JD", "5D"]
    assert [v["accepted"] for v in verdicts if v["play"] == 16] == [False] * 4
    assert data["accepted"] == 9 and data["rejected"] == 12


def test_the_same_string_fits_when_it_follows_the_rule(capsys):
    code, out, _ = run(capsys, "--rule", GARDNER, "--cards", "7H 10S-9H-4S-7D", "--json")
    data = json.loads(out)
    assert code == 0 and data["plays"][0]["accepted"] and data["main_line"] == ["7H", "10S", "9H", "4S", "7D"]
    assert [v["position"] for v in data["verdicts"]] == [2, 3, 4, 5]


def test_human_output_in_english_and_german(capsys):
    code, out, _ = run(capsys, "--rule", GARDNER, "--cards", "3H 9S JD 10S-9H-4S-2S")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Rule: " + GARDNER
    assert lines[1] == "Starter card: 3♥"
    assert "9♠ fits (position 2, after 3♥)" in lines
    assert "J♦ does not fit (after 9♠): side line" in lines
    assert "String 10♠, 9♥, 4♠, 2♠ does not fit (after 9♠): side line" in lines
    assert lines[-1] == "Cards that fit: 1 of 6."
    code, out, _ = run(capsys, "--rule", GARDNER, "--cards", "3H 9S JD", "--lang", "de")
    assert "B♦ passt nicht (nach 9♠): Nebenlinie" in out.splitlines()
    assert out.startswith("Regel: wenn letzte.wert ist ungerade dann karte.farbton = schwarz sonst")


def test_two_starters_for_a_rule_reading_last2(capsys):
    code, out, _ = run(capsys, "--rule", "card.rank > last.rank and card.rank > last2.rank", "--cards", "3H 5S 9C 4D KD", "--json")
    data = json.loads(out)
    assert code == 0 and data["starters"] == ["3H", "5S"]
    assert [p["accepted"] for p in data["plays"]] == [True, False, True]
    code, out, err = run(capsys, "--rule", "card.rank > last2.rank", "--cards", "3H 5S 9C", "--starters", "1")
    assert code == 2 and "only 1 starter card" in err


def test_position_counts_the_starters(capsys):
    code, out, _ = run(capsys, "--rule", "pos % 3 = 0 or card.suit = hearts", "--cards", "3S 4S 5S 6S 7H", "--json")
    assert code == 0
    data = json.loads(out)
    # 4S at position 2 (no), 5S at 2 again (no), ... only 7H fits, at position 2
    assert [p["accepted"] for p in data["plays"]] == [False, False, False, True]


def test_bad_rule_exits_2_with_the_column(capsys):
    code, out, err = run(capsys, "--rule", "if last.rank is odd card.color = black", "--cards", "3H 9S", "--json")
    assert code == 2
    assert "column 21: expected 'then' after the condition" in err
    data = json.loads(out)
    assert data["ok"] is False and data["column"] == 21 and data["reason"]["key"] == "delphi_lang.expected"
    code, out, err = run(capsys, "--rule", "card.rank = red", "--cards", "3H 9S")
    assert code == 2 and out == "" and "column 13" in err


def test_bad_card_exits_2_with_a_message(capsys):
    for cards in ("3H 9X", "3H 9S--4C", "3H JK", "3H 1Z-4C"):
        code, out, err = run(capsys, "--rule", GARDNER, "--cards", cards, "--json")
        assert code == 2 and "is not a card code" in err, cards
        assert json.loads(out)["ok"] is False


def test_missing_or_bad_arguments_exit_2(capsys):
    assert run(capsys, "--cards", "3H")[0] == 2
    assert run(capsys, "--rule", GARDNER)[0] == 2
    assert run(capsys, "--rule", GARDNER, "--cards", "")[0] == 2  # no starter
    assert run(capsys, "--rule", GARDNER, "--cards", "3H-4S 5D")[0] == 2  # starter as a string


def test_analyse_flag(capsys):
    code, out, _ = run(capsys, "--rule", "card.rank = last.rank", "--cards", "3H 3S", "--json", "--analyse")
    data = json.loads(out)
    assert code == 0 and data["analysis"]["share"] < 0.1
    assert any("run dry" in w for w in data["analysis"]["warnings"])


def test_parse_plays():
    plays = parse_plays("3h, 9S 10s-9h-4S")
    assert [[c.code for c in p] for p in plays] == [["3H"], ["9S"], ["10S", "9H", "4S"]]
