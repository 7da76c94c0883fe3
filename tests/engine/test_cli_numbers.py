"""game.engine.cli: the one way a number is read from a command line or a
notation, the one-line usage error and the guard every tool runs in."""

from __future__ import annotations

import argparse

import pytest

from game.engine.cli import MAX_DIGITS, NumberError, ToolParser, decimal_number, guarded, number, whole_number, window_size

#: digits str.isdigit() takes and int() reads or refuses
NOT_ASCII = ["²", "①", "١٢", "۱۲", "१२", "１２", "߁", "𝟗"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_digits_other_than_ascii_are_refused_though_isdigit_takes_them(text):
    assert text.isdigit()
    with pytest.raises(NumberError, match="a whole number from 0 to 99"):
        whole_number(text, 0, 99)


@pytest.mark.parametrize("text", ["", " 3", "3 ", "+3", "3_0", "0x1", "1.0", "1e2", "--3", "3-", "-", "\n3"])
def test_signs_spaces_underscores_and_points_are_refused(text):
    with pytest.raises(NumberError):
        whole_number(text, None, None)


def test_the_range_and_the_sign():
    assert whole_number("0", 0, 5) == 0 and whole_number("5", 0, 5) == 5 and whole_number("007", 0, 9) == 7
    for bad in ("6", "-1", "-0"):
        with pytest.raises(NumberError):
            whole_number(bad, 0, 5)
    assert whole_number("-12", None, None) == -12 and whole_number("-3", -5, 5) == -3
    with pytest.raises(NumberError, match="at least 1"):
        whole_number("0", 1, None)
    with pytest.raises(NumberError, match=r"^seats must be a whole number from 3 to 8, not '9'$"):
        whole_number("9", 3, 8, "seats")


def test_a_huge_number_is_refused_before_int_sees_it():
    # int() of more than 4,300 digits raises its own ValueError
    with pytest.raises(NumberError, match="not a number of 5000 digits"):
        whole_number("9" * 5000, 0, 10)
    with pytest.raises(NumberError, match="digits"):
        whole_number("1" * (MAX_DIGITS + 1), None, None)
    assert whole_number("1" * MAX_DIGITS, None, None) == int("1" * MAX_DIGITS)
    assert whole_number("0" * 100 + "7", 0, 9) == 7  # leading zeros are not length


def test_decimals_are_plain():
    assert decimal_number("0", 0, 10) == 0 and decimal_number(".5", 0, 10) == 0.5 and decimal_number("2.", 0, 10) == 2
    for bad in ("nan", "inf", "-1", "1e3", "1,5", "²", "١.٥", "", ".", "1.2.3", "11"):
        with pytest.raises(NumberError):
            decimal_number(bad, 0, 10)


def test_window_sizes():
    assert window_size("1280x800") == (1280, 800) and window_size("1024X640") == (1024, 640)
    for bad in ("huge", "1280", "1280x", "0x800", "1280x-1", "１２８０x800", "1280x800x2", "100001x800"):
        with pytest.raises(NumberError, match="WIDTHxHEIGHT"):
            window_size(bad)


def test_an_argparse_type_and_the_one_line_error(capsys):
    p = ToolParser(prog="tool")
    p.add_argument("--n", type=number(1, 9))
    assert p.parse_args(["--n", "9"]).n == 9
    with pytest.raises(SystemExit) as e:
        p.parse_args(["--n", "²"])
    assert e.value.code == 2
    assert capsys.readouterr().err == "tool: error: argument --n: a whole number from 1 to 9, not '²' (see --help)\n"
    with pytest.raises(SystemExit):
        p.parse_args(["--m"])
    assert capsys.readouterr().err.count("\n") == 1
    assert isinstance(number(1, 2)("1"), int)
    with pytest.raises(argparse.ArgumentTypeError):
        number(1, 2)("3")


def test_the_guard(capsys):
    def tool(argv):
        raise SystemExit("tool: a message\nover two lines")

    assert guarded(tool, []) == 2
    assert capsys.readouterr().err == "tool: a message over two lines\n"
    assert guarded(lambda argv: None, []) == 0
    assert guarded(lambda argv: 3, []) == 3

    def interrupted(argv):
        raise KeyboardInterrupt

    assert guarded(interrupted, [], "judge") == 130
    assert capsys.readouterr().err == "judge: interrupted\n"

    def closed(argv):
        raise BrokenPipeError(32, "Broken pipe")

    assert guarded(closed, []) == 0
    assert capsys.readouterr() == ("", "")
