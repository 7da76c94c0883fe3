"""The layout notation: round trips, lenient reading, clear errors."""

from __future__ import annotations

import random

import pytest

from game import i18n
from game.engine import GameRunner, NotationError
from game.games.gaps import GAME, NOTATION, LayoutError, layout_text, parse_layout
from game.games.gaps.notation import EXAMPLE

from .helpers import SOLVED


def test_four_line_layouts_round_trip_exactly():
    assert NOTATION.format(NOTATION.parse(EXAMPLE)) == EXAMPLE
    assert NOTATION.parse(EXAMPLE) == SOLVED


def test_positions_from_real_games_round_trip_with_their_header():
    for seed in range(40):
        runner = GameRunner.start(GAME, {}, seed)
        rng = random.Random(seed)
        while GAME.outcome(runner.state) is None:
            runner.play(rng.choice(GAME.legal_actions(runner.state)))
        for st in runner.states[:: max(1, len(runner.states) // 7)] + [runner.state]:
            text = NOTATION.format(st)
            back = NOTATION.parse(text)
            assert back == st and NOTATION.format(back) == text
            assert text.splitlines()[0] == f"redeals={st.redeals}/2 seed={seed}" if seed else True


def test_header_fields():
    st = NOTATION.parse("redeals=1/2 seed=42\n" + EXAMPLE)
    assert (st.redeals, st.max_redeals, st.seed) == (1, 2, 42)
    assert NOTATION.format(st).splitlines()[0] == "redeals=1/2 seed=42"
    st = NOTATION.parse("redeals=1\n" + EXAMPLE)
    assert (st.redeals, st.max_redeals, st.seed) == (1, 2, 0)
    assert NOTATION.format(st).splitlines()[0] == "redeals=1/2"
    p = parse_layout(EXAMPLE)
    assert p.seed is None and p.redeals == 0


@pytest.mark.parametrize("header", ["seed=3 seed=5", "redeals=1/2 redeals=0/2", "seed=1 stopped stopped", "SEED=3 seed=3"])
def test_a_header_field_given_twice_is_refused(header):
    """Two seeds that disagree were taken, the last one winning."""
    with pytest.raises(LayoutError) as e:
        parse_layout(header + "\n" + EXAMPLE)
    assert "twice" in str(e.value) and e.value.line == 1


def test_reading_is_lenient_writing_is_canonical():
    messy = "\n\n  " + EXAMPLE.replace("10S", "ts").replace("QH", "q♥").replace("KD --", "KD -").replace(" ", "   ") + "\n\n"
    st = NOTATION.parse(messy)
    assert NOTATION.format(st) == EXAMPLE


def test_layout_text_for_the_clipboard_hides_the_seed_unless_asked():
    st = NOTATION.parse("redeals=1/2 seed=42\n" + EXAMPLE)
    assert layout_text(st).splitlines()[0] == "redeals=1/2"
    assert layout_text(st, with_seed=True).splitlines()[0] == "redeals=1/2 seed=42"
    assert layout_text(SOLVED) == EXAMPLE
    view = GAME.view(st, 0)
    assert NOTATION.parse(layout_text(view)).grid == st.grid


def rows():
    return EXAMPLE.splitlines()


@pytest.mark.parametrize(
    "text,line,column,key,words",
    [
        ("", None, None, "gaps.paste.empty", "empty"),
        ("\n".join(rows()[:3]), None, None, "gaps.paste.rows", "3 rows"),
        ("\n".join(rows() + [rows()[0]]), None, None, "gaps.paste.rows", "5 rows"),
        ("\n".join([rows()[0], rows()[1].rsplit(" ", 1)[0]] + rows()[2:]), 2, 37, "gaps.paste.cells", "row 2 has 12 cells"),
        ("\n".join([rows()[0].replace("5S", "5X")] + rows()[1:]), 1, 10, "gaps.paste.token", "'5X'"),
        ("\n".join([rows()[0].replace("KS --", "KS AS")] + rows()[1:]), 1, 38, "gaps.paste.ace", "aces"),
        ("\n".join([rows()[0].replace("KS --", "KS JK")] + rows()[1:]), 1, 38, "gaps.paste.token", "jokers"),
        ("\n".join(rows()[:3] + [rows()[3].replace("2C", "2S")]), 4, 1, "gaps.paste.twice", "2S appears twice (first on line 1, column 1)"),
        ("\n".join([rows()[0].replace("5S", "--")] + rows()[1:]), None, None, "gaps.paste.gaps", "this one has 5"),
        ("redeals=3/2\n" + EXAMPLE, 1, 1, "gaps.paste.header", "at most 2"),
        ("redeals=2/1\n" + EXAMPLE, 1, 1, "gaps.paste.header", "no more used"),
        ("seed=x redeals=1/2\n" + EXAMPLE, 1, 1, "gaps.paste.header", "whole number"),
        ("redeals=1/2 colour=red\n" + EXAMPLE, 1, 13, "gaps.paste.header", "unknown header field"),
    ],
)
def test_bad_layouts_say_what_and_where(text, line, column, key, words):
    with pytest.raises(LayoutError) as e:
        NOTATION.parse(text)
    err = e.value
    assert isinstance(err, NotationError) and isinstance(err, ValueError)
    assert (err.line, err.column) == (line, column)
    assert words in str(err)
    if line is not None:
        assert str(err).startswith(f"line {line}")
    assert err.reason.key == key
    assert i18n.has(key, "en") and key in i18n.catalog("de")
    assert err.reason.render("de") != key


def test_a_missing_card_shows_as_a_missing_gap_count_or_duplicate():
    # 48 distinct cards and 4 gaps are implied by: 52 cells, 4 gaps, no ace, no repeat
    text = "\n".join([rows()[0].replace("5S", "5H")] + rows()[1:])
    with pytest.raises(LayoutError, match="5H appears twice"):
        NOTATION.parse(text)


def test_cells_in_action_texts_take_ascii_digits_only_and_never_a_traceback():
    from game.games.gaps import GAME

    for text in ("move 6H r١c٢", "move 6H r²c1", "move 6H r" + "9" * 5000 + "c1", "move 6H r4c1", "move 6H r0c13"):
        with pytest.raises(NotationError):
            GAME.action_from_text(text)
    assert GAME.action_to_text(GAME.action_from_text("move 6H r1c5")) == "move 6H r1c5"
