"""Leaving a game of Gaps (issue 14): the Menu button and Esc ask first
and count a game with moves as lost, as New deal does; an untouched game
is left without either; undoing every move does not make a deal free to
leave; a game not left through the question (a closed window, a killed
app) continues with Continue, and the setup asks before a new deal
replaces it."""

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
def test_leaving_a_deal_with_moves_asks_first_and_counts_it_lost_like_new_deal(app, how):
    t = _played(app)
    sc = G.score(t.view)

    def leave():
        if how == "escape":
            key(app, pygame.K_ESCAPE)
        else:
            press(app, "Menu")

    leave()
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and ask.title == "Leave this game?"
    assert f"counts as lost with {sc} of 48" in ask.body
    assert ask.focused() is ask.no_b and ask.no_b.text == "Cancel"  # destructive: the focus starts on the safe answer
    key(app, pygame.K_RETURN)  # Enter on the focused answer stays
    assert app.scenes.top is t and not t.finished and t.match.actions[-1] != G.STOP
    assert "gaps" not in load_stats()[0]
    leave()
    press(app, "To the menu")
    settle(app, 0.5)
    assert isinstance(app.scenes.top, MenuScene)
    assert t.match.actions[-1] == G.STOP and G.GAME.outcome(t.view).stopped  # the recorded stop, as New deal plays it
    row = load_stats()[0]["gaps"]["r2"]
    assert (row["games"], row["best"], row["best_redeals"], row["streak"]) == (1, sc, 0, 0)
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


def test_a_deal_whose_moves_were_all_taken_back_still_counts_when_left(app):
    """Undoing every move must not make a bad deal free to leave."""
    t = _fresh(app)
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    key(app, pygame.K_u)
    assert t.match.actions == [] and t.match.can_redo()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmScene)
    press(app, "To the menu")
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
