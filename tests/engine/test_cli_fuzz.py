"""Hostile command lines for every tool, run in-process through
``python -m game``'s ``main``: bad numbers, odd digits, huge and negative
values, unknown names and options.  Each must give exit code 2, exactly
one line on stderr, no traceback, nothing on stdout and no work done (the
work of every tool is replaced by a function that fails the test when an
argument got through).  The same table checks that the ends of each range
are taken.  Positions get every number of a valid notation replaced by odd
digits.  (tests/ui/test_cli_tools.py runs some of this as real processes:
a closed pipe, Ctrl+C, ``soak --json``.)"""

from __future__ import annotations

import json
import random
import re

import pytest

from game.__main__ import main
from game.engine.core import NotationError
from game.games.delphi import GAME as DELPHI
from game.games.gaps import GAME as GAPS
from game.games.gaps import NOTATION as GAPS_NOTATION
from game.games.mind_the_gap import GAME as MTG
from game.games.mind_the_gap import NOTATION as MTG_NOTATION
from game.games.mind_the_gap.geometry import SHAPES
from game.games.runs import GAME as RUNS
from game.games.runs import NOTATION as RUNS_NOTATION

RULE = "card.color != last.color"
#: enough cards for the most starters --starters takes
CARDS = " ".join(["3H"] * 1001)

#: texts that are not a plain ASCII whole number, whatever the range:
#: str.isdigit() is true for the superscript, circled, Arabic-Indic,
#: Devanagari, fullwidth and NKo digits, and int() reads some of them
ODD = ["", "x", "²", "①", "١٢", "१२", "１２", "߁", "1.5", "1e3", "0x10", "+3", " 3", "3 ", "3_0", "--", "nan", "inf", "3\n4"]
HUGE = ["1" + "0" * 9, "1" + "0" * 12, "9" * 5000]

#: (the command before the option, option, lowest, highest)
WHOLE = [
    (["sim", "mind-the-gap"], "--deals", 1, 1_000_000),
    (["sim", "mind-the-gap"], "--players", 1, 3),
    (["sim", "mind-the-gap"], "--coins", 0, 20),
    (["sim", "mind-the-gap"], "--seed", 0, 2**63 - 1),
    (["sim", "runs"], "--games", 1, 50_000),
    (["sim", "runs"], "--deals", 1, 50_000),
    (["sim", "runs"], "--players", 2, 6),
    (["sim", "runs"], "--rounds", 5, 10),
    (["sim", "runs", "--bots", "strong,simple"], "--samples", 1, 10_000),
    (["sim", "runs"], "--seed", 0, 2**63 - 1),
    (["sim", "delphi"], "--deals", 1, 100_000),
    (["sim", "delphi"], "--players", 3, 8),
    (["sim", "delphi"], "--seed", 0, 2**63 - 1),
    (["sim", "gaps"], "--deals", 1, 100_000),
    (["sim", "gaps"], "--nodes", 1, 2_000_000),
    (["sim", "gaps"], "--redeals", 0, 2),
    (["sim", "gaps"], "--seed", 0, 2**63 - 1),
    (["judge", "--rule", RULE, "--cards", CARDS], "--starters", 1, 1000),
    (["bench"], "--runs", 1, 100),
    (["soak"], "--events", 1, 1_000_000),
    (["soak"], "--seed", 0, 2**63 - 1),
]
#: decimal options: (command, option, lowest, highest)
DECIMAL = [
    (["sim", "gaps"], "--seconds", 0, 3600),
    (["position", "gaps", "x"], "--seconds", 0, 3600),
]
NAMES = [
    ["sim", "nosuch"],
    ["sim"],
    ["position", "chess", "x"],
    ["sim", "mind-the-gap", "--bot", "nosuch"],
    ["sim", "mind-the-gap", "--level", "nosuch"],
    ["sim", "mind-the-gap", "--variant", "nosuch"],
    ["sim", "runs", "--bots", "strong,clever"],
    ["sim", "runs", "--bots", "simple,simple,simple", "--players", "2"],
    ["sim", "runs", "--rounds", "0"],
    ["sim", "runs", "--rounds", "4"],
    ["sim", "runs", "--players", "7"],
    ["sim", "delphi", "--strategy", "nosuch"],
    ["sim", "delphi", "--others", "nosuch"],
    ["sim", "delphi", "--god", "divine"],
    ["sim", "delphi", "--god", "easy", "--rule", RULE],
    ["sim", "delphi", "--rule", "no such rule"],
    ["sim", "delphi", "--rule", "(" * 5000 + "card.color = red" + ")" * 5000],
    ["sim", "gaps", "--strategy", "nosuch"],
    ["position", "delphi", "x"],
    ["position", "mind-the-gap"],
    ["position", "runs"],
    ["judge", "--rule", "no such rule", "--cards", "3H 4S"],
    ["judge", "--rule", "(" * 5000, "--cards", "3H 4S"],
    ["judge", "--rule", RULE, "--cards", "3H ZZ"],
    ["judge", "--rule", RULE, "--cards", "3H", "--lang", "xx"],
    ["judge", "--rule", RULE],
    ["soak", "--game", "nosuch"],
    ["soak", "--game", ""],
    ["shots", "--lang", "xx"],
    ["shots", "--size", "huge"],
    ["shots", "--size", "0x800"],
    ["shots", "--size", "١٢٨٠x800"],
    ["shots", "--size", "1280x" + "9" * 5000],
    ["--autoplay", "nosuch:1"],
    ["--autoplay", "gaps:²"],
    ["--autoplay", "gaps:-1"],
    ["--autoplay", ":"],
    ["--autoplay", "gaps:" + "9" * 5000],
    ["--size", "huge"],
    ["--size", "1280x"],
    ["--size", "１２８０x800"],
    ["--size", "-1x-1"],
    ["--lang", "xx"],
]
TOOLS = [["sim", "mind-the-gap"], ["sim", "runs"], ["sim", "delphi"], ["sim", "gaps"], ["position", "mind-the-gap", "x"],
         ["position", "runs", "x"], ["position", "gaps", "x"], ["count-pyramids"], ["judge", "--rule", RULE, "--cards", "3H"],
         ["bench"], ["shots"], ["soak"], []]
#: every tool: an unknown option, an option without its value
NAMES += [[*t, "--frobnicate"] for t in TOOLS]
NAMES += [[*t, opt] for t, opt, _, _ in WHOLE]


class Ran(Exception):
    """An argument got through to the work of a tool."""


#: where each tool starts its work (bench, shots and soak: before pygame)
WORK = [
    ("game.games.mind_the_gap.cli", "simulate"),
    ("game.games.mind_the_gap.cli", "counts"),
    ("game.games.mind_the_gap.cli", "_position_json"),
    ("game.games.runs.cli", "play_game"),
    ("game.games.delphi.cli", "Match"),
    ("game.games.gaps.cli", "play_deal"),
    ("game.games.gaps.cli", "describe_position"),
    ("game.games.delphi.cli_judge", "judge_plays"),
    ("game.tools.bench", "_measure"),
    ("game.tools.bench", "first_frame_times"),
    ("game.tools.shots", "_shoot"),
    ("game.tools.soak", "soak"),
    ("game.__main__", "start_app"),
]


class _Boom:
    def __init__(self, exc: type[BaseException]) -> None:
        self.exc = exc

    def __call__(self, *a, **kw):
        raise self.exc("reached the work")

    def __getattr__(self, name):  # Match.start
        raise self.exc("reached the work")


@pytest.fixture
def no_work(monkeypatch):
    """Every tool's work fails the test (raising=False: the code before
    this change is tested with this file too, where some are missing)."""
    for mod, name in WORK:
        monkeypatch.setattr(f"{mod}.{name}", _Boom(Ran), raising=False)


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:  # main returns its codes; the code before this change let some escape
        code = e.code if isinstance(e.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, argv: list[str]) -> None:
    code, out, err = run(capsys, argv)
    shown = " ".join(a[:40] for a in argv)
    assert code == 2, f"{shown}: exit {code}"
    assert "Traceback" not in err, f"{shown}: {err[-300:]}"
    assert len(err.splitlines()) == 1 and err.endswith("\n"), f"{shown}: stderr is {err[:500]!r}"
    assert out == "", f"{shown}: stdout is {out[:200]!r}"


def _bad_whole(lo: int, hi: int) -> list[str]:
    huge = [v for v in HUGE if len(v) > len(str(hi))]  # a seed may be 10**12
    return [*ODD, *huge, str(lo - 1), str(hi + 1), "-" + str(max(1, lo))]


@pytest.mark.parametrize("cmd,opt,lo,hi", WHOLE, ids=[f"{' '.join(c[:2])} {o}" for c, o, _, _ in WHOLE])
def test_every_whole_number_option_refuses_what_is_not_in_its_range(capsys, no_work, cmd, opt, lo, hi):
    for value in _bad_whole(lo, hi):
        refused(capsys, [*cmd, opt, value])


@pytest.mark.parametrize("cmd,opt,lo,hi", DECIMAL, ids=[f"{' '.join(c[:2])} {o}" for c, o, _, _ in DECIMAL])
def test_every_decimal_option_refuses_what_is_not_a_plain_number_in_its_range(capsys, no_work, cmd, opt, lo, hi):
    for value in [*ODD[:8], "0x10", "1e3", "-1", "nan", "inf", "-inf", "1e309", str(hi + 1), "9" * 5000, "1..2", "."]:
        refused(capsys, [*cmd, opt, value])


@pytest.mark.parametrize("argv", NAMES, ids=[" ".join(a[:40] for a in n)[:60] for n in NAMES])
def test_unknown_names_and_options_are_one_line(capsys, no_work, argv):
    refused(capsys, argv)


@pytest.mark.parametrize("cmd,opt,lo,hi", WHOLE, ids=[f"{' '.join(c[:2])} {o}" for c, o, _, _ in WHOLE])
def test_the_ends_of_each_range_are_taken(capsys, no_work, cmd, opt, lo, hi):
    for value in {lo, hi, (lo + hi) // 2}:
        if opt == "--rounds" and value == 0:
            continue
        with pytest.raises(Ran):
            main([*cmd, opt, str(value)])


def test_a_decimal_in_range_and_a_window_size_are_taken(capsys, no_work):
    for argv in (["sim", "gaps", "--seconds", "0"], ["sim", "gaps", "--seconds", ".5"], ["sim", "gaps", "--seconds", "3600"],
                 ["shots", "--size", "1280x800", "--size", "100000x100000"], ["--size", "1024X640"],
                 ["--autoplay", "gaps"], ["--autoplay", "montana:9223372036854775807"]):
        with pytest.raises(Ran):
            main(argv)


# --- positions: every number of a valid notation replaced by odd digits -------------------

#: odd digit strings put in place of a number of a position
ODD_DIGITS = ["²", "①", "١٢", "１２", "߁", "3_0", "9" * 5000]


def _played(game, options, seed, steps):
    rng = random.Random(seed)
    s = game.new_game(options, seed)
    for _ in range(steps):
        if game.outcome(s) is not None:
            break
        s = game.apply(s, rng.choice(game.legal_actions(s)))
    return s


def _positions() -> list[tuple[str, str]]:
    mtg = MTG_NOTATION.format(_played(MTG, {"players": 2, "coins": 5}, 3, 8))
    runs = RUNS_NOTATION.format(_played(RUNS, {"players": 3, "dealer": 0}, 7, 25))
    gaps = _played(GAPS, {}, 5, 400)
    assert gaps.redeals > 0  # the header holds redeals= and seed=
    return [
        ("mind-the-gap", mtg),
        ("mind-the-gap", "5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std"),
        ("runs", runs),
        ("gaps", GAPS_NOTATION.format(gaps).replace("\n", "|")),
    ]


def _mutations(text: str):
    for m in re.finditer(r"[0-9]+", text):
        for odd in ODD_DIGITS:
            yield text[: m.start()] + odd + text[m.end() :]


POSITIONS = _positions()


@pytest.mark.parametrize("game,text", POSITIONS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(POSITIONS)])
def test_positions_with_odd_digits_are_refused_in_one_line(capsys, game, text):
    code, out, err = run(capsys, ["position", game, text, "--json"])
    assert code == 0, err  # the position itself is valid
    json.loads(out)
    n = 0
    for bad in _mutations(text):
        refused(capsys, ["position", game, bad])
        n += 1
    assert n >= 8 * len(ODD_DIGITS)  # eight numbers in the shortest position


@pytest.mark.parametrize("game,text", POSITIONS[:3], ids=["mtg", "mtg-short", "runs"])
def test_with_json_a_refused_position_is_one_json_object(capsys, game, text):
    for bad in list(_mutations(text))[:: len(ODD_DIGITS) + 1]:
        code, out, err = run(capsys, ["position", game, bad, "--json"])
        assert code == 2 and "Traceback" not in err and len(err.splitlines()) <= 1
        if out:
            assert "error" in json.loads(out)


def test_the_notations_raise_their_own_error_for_odd_digits():
    for odd in ODD_DIGITS:
        with pytest.raises(NotationError):
            DELPHI.action_from_text(f"byhand {odd} a note")
        with pytest.raises(ValueError, match="is not a place"):
            SHAPES[4].parse_place(f"r{odd}c1")
        with pytest.raises(ValueError, match="is not a place"):
            SHAPES[4].parse_place(f"r1c{odd}")
        for game, text in POSITIONS:
            notation = {"mind-the-gap": MTG_NOTATION, "runs": RUNS_NOTATION, "gaps": GAPS_NOTATION}[game]
            for m in list(re.finditer(r"[0-9]+", text))[:12]:
                with pytest.raises(NotationError):
                    notation.parse((text[: m.start()] + odd + text[m.end() :]).replace("|", "\n"))
    assert DELPHI.action_from_text("byhand 3 a note").n == 3


# --- Ctrl+C and a closed pipe, in-process (tests/ui/test_cli_tools.py: real processes) ----

INTERRUPTED = [
    (["sim", "mind-the-gap", "--deals", "5"], "game.games.mind_the_gap.cli", "simulate"),
    (["sim", "runs", "--games", "5"], "game.games.runs.cli", "play_game"),
    (["sim", "delphi", "--deals", "5"], "game.games.delphi.cli", "Match"),
    (["sim", "gaps", "--deals", "5"], "game.games.gaps.cli", "play_deal"),
    (["position", "gaps", "x"], "game.games.gaps.cli", "parse"),
    (["position", "mind-the-gap", "x"], "game.games.mind_the_gap.cli", "NOTATION"),
    (["position", "runs", "x"], "game.games.runs.cli", "NOTATION"),
    (["count-pyramids"], "game.games.mind_the_gap.cli", "counts"),
    (["judge", "--rule", RULE, "--cards", "3H 4S"], "game.games.delphi.cli_judge", "judge_plays"),
    (["bench"], "game.tools.bench", "_measure"),
    (["shots"], "game.tools.shots", "_shoot"),
    (["soak"], "game.tools.soak", "soak"),
    (["--autoplay", "gaps:1"], "game.__main__", "start_app"),
]


@pytest.mark.parametrize("argv,mod,name", INTERRUPTED, ids=[" ".join(a[:2]) for a, _, _ in INTERRUPTED])
def test_ctrl_c_in_any_tool_is_one_line_and_code_130(capsys, monkeypatch, argv, mod, name):
    monkeypatch.setattr(f"{mod}.{name}", _Boom(KeyboardInterrupt))
    code, out, err = run(capsys, argv)
    assert code == 130 and out == "" and err == "mind-the-gap: interrupted\n"


class _ClosedPipe:
    """A stdout whose reader went away."""

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


PRINTING = [
    ["count-pyramids", "--json"],
    ["count-pyramids"],
    ["position", "mind-the-gap", POSITIONS[1][1], "--json"],
    ["position", "runs", POSITIONS[2][1]],
    ["position", "gaps", POSITIONS[3][1], "--json"],
    ["sim", "mind-the-gap", "--deals", "2", "--json"],
    ["sim", "runs", "--games", "2", "--bots", "simple,random", "--json"],
    ["sim", "delphi", "--deals", "1", "--players", "3", "--rule", RULE],
    ["sim", "gaps", "--deals", "1", "--strategy", "random", "--json"],
    ["judge", "--rule", RULE, "--cards", "3H 4S 5H", "--json"],
    ["judge", "--rule", RULE, "--cards", "3H 4S 5H"],
    ["--help"],
]


@pytest.mark.parametrize("argv", PRINTING, ids=[" ".join(a[:2]) for a in PRINTING])
def test_a_closed_output_pipe_ends_the_tool_quietly(capsys, monkeypatch, argv):
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    code, _, err = run(capsys, argv)
    assert code == 0 and err == ""
