"""Leaving a game of Gaps (issues 14 and 50): the Menu button and Esc keep
the deal for Continue, as every table does; ending it, or a new deal
replacing it, asks first and counts a game with moves as lost; undoing
every move does not make a deal free to give up; a game left (or a closed
window, a killed app) continues with Continue, and the setup asks before a
new deal replaces it."""

from __future__ import annotations

import pygame
import pytest

from game.games import gaps as G
from game.persistence.saves import load_stats, read_save, save_path
from game.ui.kit.dialog import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.tables import gaps as gaps_ui
from game.ui.tables.gaps.table import GapsTable
from tests.ui.helpers import key, press, settle
from tests.ui.test_gaps_table import _setup, a_move, mid_game, open_table


def _played(app) -> GapsTable:
    """A table of a fresh deal with one move made (and autosaved)."""
    t = mid_game(app)
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    assert read_save("gaps")[0] is not None
    return t


@pytest.mark.parametrize("how", ["menu button", "escape"])
def test_leaving_a_deal_with_moves_keeps_it_for_continue_and_counts_nothing(app, how):
    """Issue 50: Menu and Esc counted the deal as lost (after asking), so a
    player who opened the menu to read the rules lost it; every other table
    keeps its game for Continue, and so do Aisleriot, PySolFC and Microsoft
    Solitaire."""
    t = _played(app)
    grid, n = t.view.grid, len(t.match.actions)
    if how == "escape":
        key(app, pygame.K_ESCAPE)
    else:
        press(app, "Menu")
    settle(app, 0.5)
    assert isinstance(app.scenes.top, MenuScene)  # no question: nothing is lost
    assert t.match.actions[-1] != G.STOP and "gaps" not in load_stats()[0]
    assert gaps_ui.resume(app, read_save("gaps")[0]) is None  # Continue
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and t2.view.grid == grid and len(t2.match.actions) == n and not t2.finished


def test_ending_a_deal_with_moves_asks_first_and_counts_it_lost(app):
    """Giving a deal up (End the game, when no move is left) is the
    player's own decision, asked first."""
    t = open_table(app, gaps_ui._no_moves())
    t.autosave()
    sc = G.score(t.view)
    press(app, "End the game")
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and ask.focused() is ask.no_b  # destructive: the focus starts on the safe answer
    key(app, pygame.K_RETURN)  # Enter on the focused answer stays
    assert app.scenes.top is t and not t.finished and "gaps" not in load_stats()[0]
    press(app, "End the game")
    press(app, "End the game")
    settle(app, 1.0)
    assert t.match.actions[-1] == G.STOP and G.GAME.outcome(t.match.state).stopped  # the recorded stop
    rows = [row for k, row in load_stats()[0]["gaps"].items() if k != "daily"]
    assert [(row["games"], row["best"], row.get("wins", 0)) for row in rows] == [(1, sc, 0)]
    assert read_save("gaps")[0] is None  # nothing left to Continue


def _fresh(app) -> GapsTable:
    """A new deal on screen, saved, no move yet."""
    t = open_table(app, gaps_ui._match(4321))
    t.autosave()
    assert t.match.actions == [] and G.has_move(t.view)
    return t


def test_leaving_an_untouched_deal_asks_nothing_and_counts_nothing(app):
    _fresh(app)
    press(app, "Menu")
    assert isinstance(app.scenes.top, MenuScene)
    assert "gaps" not in load_stats()[0]
    assert read_save("gaps")[0] is not None  # still there for Continue


def test_a_deal_whose_moves_were_all_taken_back_still_counts_when_replaced(app):
    """Undoing every move must not make a bad deal free to give up."""
    t = _fresh(app)
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    key(app, pygame.K_u)
    assert t.match.actions == [] and t.match.can_redo()
    press(app, "New deal")
    assert isinstance(app.scenes.top, ConfirmScene)
    press(app, "New deal")
    assert load_stats()[0]["gaps"]["r2"]["games"] == 1


def test_a_deal_not_left_through_the_question_continues_and_a_new_deal_asks_before_counting_it(app):
    """The window closed (or the app was killed) in the middle of a deal:
    the save stays, Continue goes on with it uncounted; starting a new deal
    in the setup instead asks, then counts it as lost."""
    t = _played(app)
    sc, grid, n = G.score(t.view), t.view.grid, len(t.match.actions)
    app.scenes.reset(MenuScene(app))  # what a killed app leaves: the save, no question, no count
    assert "gaps" not in load_stats()[0]
    assert gaps_ui.resume(app, read_save("gaps")[0]) is None  # Continue
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and t2.view.grid == grid and len(t2.match.actions) == n
    app.scenes.reset(MenuScene(app))
    s = _setup(app)
    press(app, "Deal the cards")
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and f"{sc} of 48" in ask.body and ask.focused() is ask.no_b
    press(app, "Cancel")
    assert app.scenes.top is s and read_save("gaps")[0]["record"]["actions"]  # kept
    assert "gaps" not in load_stats()[0]
    press(app, "Deal the cards")
    press(app, "New deal")
    t3 = app.scenes.top
    assert isinstance(t3, GapsTable) and t3.match.actions == []
    row = load_stats()[0]["gaps"]["r2"]
    assert (row["games"], row["best"], row.get("wins", 0)) == (1, sc, 0)
    # the new deal's save replaced the old one; leaving it untouched asks nothing
    assert read_save("gaps")[0]["record"]["actions"] == []
    app.scenes.reset(MenuScene(app))
    _setup(app)
    press(app, "Deal the cards")
    assert isinstance(app.scenes.top, GapsTable) and load_stats()[0]["gaps"]["r2"]["games"] == 1


def test_a_damaged_saved_deal_is_set_aside_with_a_word_and_the_new_deal_starts(app):
    save_path("gaps").parent.mkdir(parents=True, exist_ok=True)
    save_path("gaps").write_text("{")
    _setup(app)
    press(app, "Deal the cards")
    assert isinstance(app.scenes.top, GapsTable)  # no question about a game nobody can continue
    assert any("damaged" in x.text for x in app.toasts.items)
    assert save_path("gaps").with_name("gaps.json.bad").exists()


def test_a_deal_left_for_a_new_one_on_a_full_disk_stays_to_be_continued(app, monkeypatch):
    """Leaving a saved deal for a new one counts it as lost and removes its
    save; on a full disk the save was removed though the statistics were
    not written.  Now it stays as it was, to be continued or counted."""
    import errno

    from game.persistence import saves
    from game.persistence.saves import list_saves
    from game.ui.kit import keep

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, "No space left on device")

    t = _played(app)
    n = len(t.match.actions)
    app.scenes.reset(MenuScene(app))
    _setup(app)
    monkeypatch.setattr(keep, "count_once", full)
    monkeypatch.setattr(saves, "save_versioned", full)
    press(app, "Deal the cards")
    press(app, "New deal")
    assert isinstance(app.scenes.top, GapsTable) and app.scenes.top.match.actions == []
    (kept,) = list_saves()[0]
    assert len(kept.save["record"]["actions"]) == n and "gaps" not in load_stats()[0]
