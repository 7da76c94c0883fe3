"""Issue 22, item 5: after a "solvable" answer the table shows the
solver's line on the board, move by move, with pause, step, back and
stop; seeing it counts as help; the board leaving the line ends it."""

from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from game.engine.core import IllegalAction
from game.games import gaps as G
from game.persistence.saves import load_stats
from game.ui.kit.overlay import ResultScene
from game.ui.tables import gaps as gaps_ui
from game.ui.tables.gaps.solution import MIN_STEP, STEP_SECONDS, Solution
from game.ui.tables.gaps.table import GapsTable
from tests.ui.helpers import button, key, press, pump, seated, settle
from tests.ui.test_gaps_table import _answer


def checked(app, t: GapsTable) -> None:
    """Press "Still solvable?" and wait for its answer (and past the swap
    guard: :func:`tests.ui.test_gaps_table._answer`)."""
    press(app, "Still solvable?")
    _answer(app, t)


def solved_table(app) -> GapsTable:
    t = GapsTable(app, gaps_ui._match(5, layout=gaps_ui.TWO_ROWS))
    t.model.think_seconds = 0.0  # the check's own line (12 moves), not one the thinking may have found first
    seated(app, t)
    checked(app, t)
    v = t.model.current_verdict()
    assert v is not None and v.verdict == "solvable" and len(v.line) == 12
    return t


def place(t: GapsTable) -> tuple[int, int] | None:
    return t.model.solution_place()


def test_a_line_the_rules_refuse_is_never_shown():
    m = gaps_ui._match(5, layout=gaps_ui.TWO_ROWS)
    good = Solution.of(m.state, [G.Move(G.GAME.view(m.state, 0).grid[7], 6)])
    assert good.at(good.keys[0]) == 0 and good.at(good.keys[1]) == 1
    with pytest.raises(IllegalAction):
        Solution.of(m.state, [G.Move(G.GAME.view(m.state, 0).grid[8], 6)])  # 9♠ does not follow 7♠


def test_a_long_line_is_shown_faster_but_never_unreadably_fast():
    short = Solution((G.Move(Card.parse("KS"), 11),) * 12, ())
    long = Solution((G.Move(Card.parse("KS"), 11),) * 331, ())
    assert short.step_seconds(1.0) == STEP_SECONDS
    assert MIN_STEP <= long.step_seconds(1.0) < short.step_seconds(1.0)
    assert long.step_seconds(0.0) == MIN_STEP  # animations off: still readable


def test_show_solution_steps_back_pauses_and_plays_the_line_to_the_win(app):
    t = solved_table(app)
    press(app, "Show solution")
    assert t.model.solution is not None and t.model.meta.assisted
    assert place(t) == (0, 12)
    assert not button(app, "Back").is_enabled  # nothing of the line made yet
    press(app, "Pause")
    assert not t.model.solution.playing and button(app, "Play").is_enabled
    press(app, "Step")
    settle(app, 0.5)
    assert place(t) == (1, 12)
    assert t.status_lines()[1][0] == "Solution: move 1 of 12. Paused."
    assert t.model.moves_made() == 1
    press(app, "Back")
    settle(app, 0.3)
    assert place(t) == (0, 12) and t.model.moves_made() == 0
    key(app, pygame.K_RIGHT)
    settle(app, 0.3)
    key(app, pygame.K_RIGHT)
    settle(app, 0.3)
    assert place(t) == (2, 12)
    key(app, pygame.K_LEFT)
    settle(app, 0.3)
    assert place(t) == (1, 12)
    # the next move of the line is marked on the board, as a hint is
    nxt = t.model.solution.next_move(t.model.pos_key())
    assert t.picture().hint == (G.source_cell(t.view, nxt), nxt.to)
    key(app, pygame.K_SPACE)  # play on by itself to the end
    assert t.model.solution.playing
    for _ in range(40):  # 11 moves at 0.7 s and the win's celebration: about 10 s of table time
        settle(app, 0.5)
        if isinstance(app.scenes.top, ResultScene):
            break
    res = app.scenes.top
    assert isinstance(res, ResultScene) and res.won
    assert t.model.solution is None
    row = load_stats()[0]["gaps"]["r2-layout"]
    assert row["games"] == 1 and row.get("wins", 0) == 0 and row["assisted_wins"] == 1, row  # seen solution: a win with help


def test_a_move_off_the_line_ends_the_showing_and_stop_leaves_the_cards(app):
    t = solved_table(app)
    press(app, "Show solution")
    press(app, "Pause")
    first = t.model.solution.line[0]
    # the other row's first move: a good move, but not the line's
    other = next(m for m in G.GAME.legal_actions(t.view) if isinstance(m, G.Move) and m.card.suit != first.card.suit)
    t.move_card(G.source_cell(t.view, other))
    settle(app, 0.3)
    assert t.model.solution is None and button(app, "Still solvable?").is_enabled
    # again from here, then Esc stops with the cards where the line put them
    checked(app, t)
    press(app, "Show solution")
    press(app, "Step")
    settle(app, 0.3)
    grid = t.view.grid
    key(app, pygame.K_ESCAPE)
    assert t.model.solution is None and t.view.grid == grid
    assert button(app, "Undo").is_enabled


def _until_a_card_flies(app, t: GapsTable) -> None:
    for _ in range(240):
        if t.busy:
            return
        pump(app, 1)
    raise AssertionError("no card of the line took off")


def test_pause_space_and_stop_work_while_a_card_of_the_line_is_in_flight(app):
    """Seen in the window: while the line played, a card was in flight most
    of the time and three clicks of four on Pause did nothing (the buttons
    waited for the flight, and a click that waits is dropped)."""
    t = solved_table(app)
    press(app, "Show solution")
    _until_a_card_flies(app, t)
    press(app, "Pause")
    assert not t.model.solution.playing
    settle(app, 1.5)
    paused_at = place(t)
    settle(app, 1.5)
    assert place(t) == paused_at  # it really stays
    press(app, "Play")
    _until_a_card_flies(app, t)
    key(app, pygame.K_SPACE)
    assert not t.model.solution.playing
    key(app, pygame.K_SPACE)
    assert t.model.solution.playing
    _until_a_card_flies(app, t)
    press(app, "Stop showing")
    assert t.model.solution is None
    settle(app, 1.0)
    made = t.model.moves_made()
    settle(app, 1.5)
    assert t.model.moves_made() == made and made < 12
