"""The Gaps table through real events on the dummy driver: a drag, a
click on a card and on a gap, the keyboard cursor, a refused drop with the
engine's reason, a redeal, undo and redo across it, the "no moves" state,
a won game from a pasted layout (and a bad paste that loses nothing), the
hint, the solvable check answering while the table keeps drawing (and
searching deeper after "undecided"), the setup naming the redeal scheme,
save/resume.  Leaving a game: test_gaps_leaving.py; the statistics:
tests/games/gaps/test_statistics.py."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game import i18n
from game.cards import Card
from game.games import gaps as G
from game.i18n import tr
from game.persistence.saves import list_saves, load_stats, read_save
from game.ui.kit.overlay import ResultScene
from game.ui.scenes.menu import open_game
from game.ui.scenes.saves import SavesScene
from game.ui.tables import gaps as gaps_ui
from game.ui.tables.gaps.setup import SetupScene
from game.ui.tables.gaps.solver import TABLE_SOLVE_NODES, ThinkJob
from game.ui.tables.gaps.table import SWAP_GUARD, GapsTable
from tests.ui.helpers import button, buttons, click, drag, drawn_texts, entry, key, press, pump, said, seated, settle


def open_table(app, match, think: bool = True) -> GapsTable:
    """The table on screen; without ``think`` its hint does not think in
    the background, so that a check the test runs is the table's own
    search and not an answer the thinking proved first (which comes when
    the machine lets it)."""
    t = GapsTable(app, match)
    if not think:
        t.model.think_seconds = 0.0
    return seated(app, t)


def mid_game(app, think: bool = True) -> GapsTable:
    t = open_table(app, gaps_ui._mid_game(), think)
    assert G.has_move(t.view)
    return t


def a_move(t, want=lambda m, src: True) -> G.Move:
    for m in G.GAME.legal_actions(t.view):
        if isinstance(m, G.Move) and want(m, G.source_cell(t.view, m)):
            return m
    raise AssertionError("no such move here")


def toasts(t) -> list[str]:
    return said(t)


# --- moving cards ----------------------------------------------------------------------------------


def test_drag_a_card_onto_its_gap_lights_the_gap_and_moves_the_card(app):
    t = mid_game(app)
    m = a_move(t)
    src = G.source_cell(t.view, m)
    L = t.layout()
    start, end = L.cells[src].center, L.cells[m.to].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(5, 5), buttons=(1, 0, 0)))
    pump(app, 1)
    assert t.drag.dragging is not None and t.drag.dragging.payload == ("card", m.card)
    # exactly the engine's legal gaps for this card light up
    lit = sorted(z.payload[1] for z in t.drag.legal_zones())
    assert lit == sorted(x.to for x in G.moves_for_card(t.view, src))
    n = len(t.match.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pump(app, 2)
    assert t.match.actions[n:] == [m]
    assert t.view.grid[m.to] == m.card and t.view.grid[src] is None
    settle(app, 0.5)


def test_click_a_card_sends_it_to_its_one_gap(app):
    t = mid_game(app)
    m = a_move(t, lambda m, src: len(G.moves_for_card(t.view, src)) == 1)
    src = G.source_cell(t.view, m)
    click(app, t.layout().cells[src].center)
    assert t.match.actions[-1] == m
    assert "moves from row" in t.match.log()[-1].message.render("en")
    settle(app, 0.5)


def test_a_clicked_card_without_a_gap_hears_the_engines_reason(app):
    t = open_table(app, gaps_ui._no_moves())
    cell = next(i for i, c in enumerate(t.view.grid) if c is not None and not G.moves_for_card(t.view, i))
    why = G.no_gap_reason(t.view, t.view.grid[cell])
    state = t.view
    click(app, t.layout().cells[cell].center)
    assert t.view is state
    assert why is not None and toasts(t)[-1] == why.render("en")


def test_click_a_two_goes_to_the_topmost_empty_first_cell():
    layout = "\n".join(
        [
            "-- 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D",
            "-- 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2H",
            "2S 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
            "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
        ]
    )
    from game.app import App

    app = App((1280, 800), lang="en", fullscreen=False)
    try:
        app.settings.animation = "fast"
        app.settings.sound = False
        t = open_table(app, gaps_ui._match(5, layout=layout))
        # a click on an empty first cell with two free 2s about asks which one
        state = t.view
        click(app, t.layout().cells[13].center)
        assert t.view is state and "Which 2" in toasts(t)[-1]
        click(app, t.layout().cells[25].center)  # 2H at row 2, column 13
        assert t.match.actions[-1] == G.Move(Card.parse("2H"), 0)
        assert t.view.grid[0] == Card.parse("2H") and t.view.grid[25] is None
        settle(app, 0.5)
        # now one free 2 is left: a click on the other empty first cell pulls it in
        click(app, t.layout().cells[13].center)
        assert t.match.actions[-1] == G.Move(Card.parse("2D"), 13)
    finally:
        app.close()


def test_click_a_live_gap_pulls_in_the_card_it_wants(app):
    t = mid_game(app)
    gap = next(g for g in G.gap_info(t.view) if g.kind == "live" and g.source is not None)
    want = gap.wants
    click(app, t.layout().cells[gap.cell].center)
    assert t.match.actions[-1] == G.Move(want, gap.cell)
    assert t.view.grid[gap.cell] == want


def test_clicking_a_dead_gap_says_why_and_changes_nothing(app):
    t = open_table(app, gaps_ui._no_moves())
    dead = next(g for g in G.gap_info(t.view) if not g.live)
    state = t.view
    click(app, t.layout().cells[dead.cell].center)
    assert t.view is state
    assert dead.message.render("en") in toasts(t)


def test_arrow_keys_and_enter_move_a_card(app):
    t = mid_game(app)
    m = a_move(t, lambda m, src: len(G.moves_for_card(t.view, src)) == 1)
    src = G.source_cell(t.view, m)
    key(app, pygame.K_RIGHT)
    assert t.cursor.index is not None
    # walk the cursor to the card: down to its row, right to its column
    while t.cursor.index // 13 != src // 13:
        key(app, pygame.K_DOWN, frames=1)
    while t.cursor.index % 13 != src % 13:
        key(app, pygame.K_RIGHT, frames=1)
    key(app, pygame.K_RETURN)
    assert t.match.actions[-1] == m


def test_a_refused_drop_flies_back_with_the_engines_reason(app):
    t = mid_game(app)
    gaps = [g.cell for g in G.gap_info(t.view)]
    bad = None
    for cell, card in enumerate(t.view.grid):
        if card is None:
            continue
        for g in gaps:
            why = G.refusal(t.view, card, g)
            if why is not None:
                bad = (cell, g, why)
                break
        if bad:
            break
    cell, gap, why = bad
    state, n = t.view, len(t.match.states)
    L = t.layout()
    drag(app, L.cells[cell].center, L.cells[gap].center)
    assert t.view is state and len(t.match.states) == n
    assert why.render("en") in toasts(t), toasts(t)
    assert any(f.hide == ("card", state.grid[cell]) for f in t.anim.flights)  # flying back
    settle(app, 0.6)
    assert not t.anim.flights


def test_a_card_dropped_on_another_card_hears_why_and_one_put_back_is_quiet(app):
    t = mid_game(app)
    L = t.layout()
    cells = [i for i, c in enumerate(t.view.grid) if c is not None]
    a, b = cells[0], cells[5]
    state = t.view
    drag(app, L.cells[a].center, L.cells[b].center)
    assert t.view is state
    expected = G.refusal(state, state.grid[a], b).render("en")
    assert expected.startswith("That cell is not a gap") and expected in toasts(t)
    settle(app, 0.6)
    t.model.notes = type(t.model.notes)()
    r = L.cells[a]
    drag(app, r.center, (r.centerx + 12, r.centery + 10))  # a small wobble on its own cell
    assert t.view is state and toasts(t) == []
    settle(app, 0.6)


# --- redeals, undo and redo --------------------------------------------------------------------------


def test_no_moves_state_offers_the_redeal_and_undo_across_it_redoes_the_same_shuffle(app):
    t = open_table(app, gaps_ui._no_moves())
    assert G.redeal_due(t.view)
    redeal_buttons = [b for b in buttons(app) if b.text.startswith("Redeal")]
    assert redeal_buttons and all(b.is_enabled for b in redeal_buttons)
    assert "No moves left" in t.status_lines()[0][0]
    before = t.view
    press(app, "Redeal (2 left)")
    settle(app, 1.0)
    assert t.view.redeals == 1
    after_grid = t.view.grid
    assert G.run_lengths(t.view) == G.run_lengths(before)  # the runs stay
    # the Redeal button is off again while moves exist
    if G.has_move(t.view):
        assert not button(app, "Redeal").is_enabled
    press(app, "Undo")
    assert t.view.grid == before.grid and t.view.redeals == 0
    press(app, "Redo")
    settle(app, 1.0)
    assert t.view.redeals == 1 and t.view.grid == after_grid
    assert t.match.meta.assisted is True


@pytest.mark.parametrize("size", [(800, 500), (1280, 800), (1920, 1080)])
def test_the_no_moves_band_covers_no_card(app, size):
    """"No moves left" opened over the middle of the grid, over the cards
    the player had just been clicking; it is a band under the grid now,
    its buttons and words over no card and clear of the bar."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)
    t = open_table(app, gaps_ui._no_moves())
    L = t.layout()
    band = L.banner()
    assert t.picture().banner is not None
    assert not band.colliderect(L.grid) and not band.colliderect(L.clock)
    assert band.bottom <= L.bar_y and band.w > 0 and band.h > 0
    assert all(band.contains(r) for _, r in t._banner_buttons(L))
    for label in ("Redeal (2 left)", "End the game"):
        b = button(app, label)
        assert band.contains(b.rect) and b.rect.collidelist(L.cells) == -1


def test_the_no_moves_band_offers_undo_beside_the_redeal(app):
    """The band named two ways on, a redeal or the end; a move taken back
    is the third (the rules allow undo), offered where the player looks."""
    t = open_table(app, gaps_ui._no_moves())
    before = t.match.runner.states[-2]
    L = t.layout()
    undo = [b for b in buttons(app) if b.text == "Undo" and L.banner().contains(b.rect)]
    assert len(undo) == 1 and undo[0].is_enabled
    click(app, undo[0].rect.center)
    assert t.view.grid == before.grid and not G.redeal_due(t.view)
    assert t.picture().banner is None  # moves again: the band is gone, the status lines are back
    assert t.match.meta.assisted is True


def test_r_key_redeals_only_when_due(app):
    t = mid_game(app)
    state = t.view
    key(app, pygame.K_r)
    assert t.view is state
    assert any("redeal comes only" in x for x in toasts(t))
    t2 = open_table(app, gaps_ui._no_moves())
    key(app, pygame.K_r)
    settle(app, 1.0)
    assert t2.view.redeals == 1


def test_undo_and_redo_by_keys(app):
    t = mid_game(app)
    m = a_move(t)
    t.move_card(G.source_cell(t.view, m))
    settle(app, 0.5)
    grid = t.view.grid
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert t.view.grid != grid
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert t.view.grid == grid
    key(app, pygame.K_u)
    assert t.view.grid != grid and t.match.meta.assisted


def test_a_refusal_goes_when_a_move_is_taken_back(app):
    t = mid_game(app)
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    t.model.refuse("a reason about the position before the undo")
    grid = t.view.grid
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert t.view.grid != grid
    assert "a reason about the position before the undo" not in said(t)


def test_continue_counts_the_moves_as_the_table_does_a_redeal_is_no_move(app):
    """After a redeal the table said "25 moves" and Continue "26 moves
    made": the list counted every action of the record.  Both read the
    game's one count now."""
    t = open_table(app, gaps_ui._no_moves())
    moves = len(t.match.actions)
    press(app, "Redeal (2 left)")
    settle(app, 1.0)
    assert t.view.redeals == 1 and len(t.match.actions) == moves + 1
    assert t.picture().moves == f"{moves} moves"
    scene = SavesScene(app, list_saves()[0])
    app.push(scene)
    pump(app, 2)
    row = [x for x in drawn_texts(app) if "moves made" in x]
    assert row and row[0].endswith(f" · {moves} moves made"), row


# --- the end ---------------------------------------------------------------------------------------


def _setup(app) -> SetupScene:
    open_game(app, "gaps")
    pump(app, 2)
    s = app.scenes.top
    assert isinstance(s, SetupScene)
    return s


def test_a_pasted_near_won_layout_is_finished_and_counted(app):
    from pygame_gui.core.utility import clipboard_copy

    s = _setup(app)
    clipboard_copy(gaps_ui.NEAR_WON)
    press(app, "Paste from clipboard")
    assert s.values["layout"].strip() == gaps_ui.NEAR_WON
    press(app, "Start from this layout")
    t = app.scenes.top
    assert isinstance(t, GapsTable) and t.from_layout()
    click(app, t.layout().cells[12].center)  # K♠ into the gap after Q♠
    settle(app, 1.5)
    res = app.scenes.top
    assert isinstance(res, ResultScene) and res.won
    assert res.title == "Won!"
    assert res.lines[:2] == [G.GAME.outcome(t.view).reason.render("en"), "Score: 48 of 48."]  # the engine's words, then the score
    stats = load_stats()[0]["gaps"]["r2-layout"]
    assert stats["games"] == 1 and stats["wins"] == 1 and stats["best"] == 48
    assert read_save("gaps")[0] is None  # a finished game leaves no save
    press(app, "New deal")
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and not t2.from_layout() and t2.match.actions == []


def test_copy_layout_puts_the_position_on_the_clipboard_and_it_starts_again(app):
    from pygame_gui.core.utility import clipboard_paste

    t = open_table(app, gaps_ui._after_redeal())
    press(app, "Copy layout")
    txt = clipboard_paste()
    assert txt == G.layout_text(t.view) and txt.startswith("redeals=1/2")
    assert "The layout is on the clipboard." in toasts(t)
    _setup(app)
    press(app, "Paste from clipboard")
    press(app, "Start from this layout")
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and t2.view.grid == t.view.grid and t2.view.redeals == 1


def test_a_bad_layout_shows_the_parsers_words_and_keeps_the_text(app):
    s = _setup(app)
    bad = "2S 3S 4S\nAH KD"
    s.set_layout_text(bad)
    press(app, "Start from this layout")
    assert app.scenes.top is s
    with pytest.raises(G.LayoutError) as e:
        G.start_options(bad)
    assert s.error == e.value.reason.render("en")
    assert s.values["layout"] == bad and entry(s, "layout").get_text() == bad


def test_a_typed_deal_number_replays_that_deal(app):
    s = _setup(app)
    entry(s, "deal").set_text("4242")
    press(app, "1")
    press(app, "Deal the cards")
    t = app.scenes.top
    assert isinstance(t, GapsTable)
    assert t.match.seed == 4242 and t.view.max_redeals == 1
    assert t.view.grid == G.GAME.new_game({"redeals": 1}, 4242).grid


def test_the_setup_names_the_selected_redeal_scheme(app):
    """Under the redeals choice: Semicolon's scheme with its two redeals,
    and what 1 or 0 make of it; the text follows the choice."""
    s = _setup(app)
    hint = lambda: s._hint(s.fields()[0])  # noqa: E731 -- read at each call
    assert s.values["redeals"] == 2 and "Semicolon's scheme" in hint() and "two redeals" in hint()
    press(app, "1")
    assert s.values["redeals"] == 1 and "Semicolon's scheme" in hint() and "one redeal less" in hint()
    press(app, "0")
    assert "No redeal" in hint()
    assert "Semicolons Schema" in i18n.tr("gaps_ui.scheme.2", "de")


def test_ending_a_stuck_game_counts_a_loss_with_its_score(app):
    t = open_table(app, gaps_ui._no_moves())
    sc = G.score(t.view)
    press(app, "End the game")
    press(app, "End the game")  # the confirmation
    settle(app, 0.5)
    res = app.scenes.top
    assert isinstance(res, ResultScene) and not res.won
    assert res.lines[:2] == [f"Game ended with {sc} of 48 cards in place.", "Redeals used: 0 of 2."]
    assert t.match.actions[-1] == G.STOP and G.GAME.outcome(t.view).stopped  # the engine's recorded stop
    row = load_stats()[0]["gaps"]["r2"]
    assert row["games"] == 1 and row.get("wins", 0) == 0 and row["best"] == sc and row["streak"] == 0
    assert read_save("gaps")[0] is None


def test_a_deal_lost_by_its_last_move_can_be_taken_back_as_practice(app):
    """The move that left no move and no redeal ended the deal at once,
    and nothing could take it back.  The result offers Undo: the deal one
    move back, counted once (as lost) and practice from there."""
    t = open_table(app, gaps_ui._match(9, redeals=0, layout=gaps_ui.CROSSED))
    t.autosave()
    assert t.act(G.Move(Card.parse("2H"), 0)) is None
    settle(app, 0.5)
    before = t.view
    assert t.act(G.Move(Card.parse("2S"), 13)) is None  # fills the last first cell: lost
    settle(app, 1.5)
    assert isinstance(app.scenes.top, ResultScene) and G.GAME.outcome(t.view).won is False
    assert load_stats()[0]["gaps"]["r0-layout"]["games"] == 1 and read_save("gaps")[0] is None
    press(app, "Undo")
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and t2 is not t and not t2.finished
    assert t2.view == before and t2.match.actions == t.match.actions[:-1]
    assert t2.model.meta.review and t2.model.meta.assisted
    assert "already counted as lost" in " ".join(toasts(t2))
    press(app, "Undo")  # and further back, as at any table
    assert t2.view.grid == t.match.runner.states[0].grid
    # practice: not counted again, not kept for Continue
    assert t2.move_card(12) is None
    settle(app, 0.5)
    assert load_stats()[0]["gaps"]["r0-layout"]["games"] == 1 and read_save("gaps")[0] is None


def test_n_asks_before_leaving_a_game_in_progress_and_counts_it_lost(app):
    t = mid_game(app)
    m = a_move(t)
    t.move_card(G.source_cell(t.view, m))
    settle(app, 0.5)
    sc = G.score(t.view)
    key(app, pygame.K_n)
    assert app.scenes.top is not t  # the confirmation
    press(app, "Cancel")
    assert app.scenes.top is t and not t.finished
    key(app, pygame.K_n)
    press(app, "New deal")
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and t2 is not t and t2.match.actions == []
    assert t2.view.max_redeals == t.view.max_redeals
    assert t.match.actions[-1] == G.STOP and G.score(t.view) == sc  # the left game was stopped
    row = load_stats()[0]["gaps"]["r2"]
    assert row["games"] == 1 and row["best"] == sc
    # a fresh deal with no move yet is left without a question and without a count
    key(app, pygame.K_n)
    t3 = app.scenes.top
    assert isinstance(t3, GapsTable) and t3 is not t2
    assert load_stats()[0]["gaps"]["r2"]["games"] == 1


# --- hint and solver -------------------------------------------------------------------------------


def test_hint_shows_the_engines_move_on_the_table(app):
    t = mid_game(app)
    key(app, pygame.K_h)
    h = t.model.current_hint()
    assert h is not None and isinstance(h.action, G.Move)
    assert h.action in G.GAME.legal_actions(t.view)
    assert t.view.grid[h.source] == h.action.card
    assert any(line == h.message.render("en") for line, _ in t.status_lines())
    assert t.match.meta.assisted is True
    # following the hint by clicking the lit card plays it
    click(app, t.layout().cells[h.source].center)
    assert t.match.actions[-1].card == h.action.card


def test_a_hint_belongs_to_its_position_across_moves_and_undo(app):
    t = mid_game(app)
    key(app, pygame.K_h)
    h = t.model.current_hint()
    other = a_move(t, lambda m, src: m != h.action)
    t.move_card(G.source_cell(t.view, other))
    settle(app, 0.5)
    assert t.model.current_hint() is None  # another position: no arrow
    key(app, pygame.K_u)
    assert t.model.current_hint() is h  # back where it was asked


def test_the_solvable_check_answers_while_the_table_keeps_drawing(app, monkeypatch):
    """The worker is held at its first slice until the table has drawn
    frames with "Thinking …" on screen: a check run on the frame loop's
    thread could not get there."""
    gate = threading.Event()
    real_step = G.RoundSolver.step

    def held_step(self, *a, **kw):
        assert gate.wait(10), "the table never came back to let the solver go"
        return real_step(self, *a, **kw)

    monkeypatch.setattr(G.RoundSolver, "step", held_step)
    t = open_table(app, gaps_ui._match(3, layout=gaps_ui.NEAR_WON), think=False)
    frames = app.frame_count
    press(app, "Still solvable?")
    pump(app, 3)
    assert t.model.job is not None and t.model.job.thread.is_alive()
    assert app.frame_count >= frames + 5
    assert t.status_lines()[1][0].startswith("Thinking")
    assert button(app, "Stop checking").is_enabled
    gate.set()
    t.model.job.thread.join(20)  # the worker ends on its own once let go ...
    pump(app, 2)  # ... and the next frame shows its verdict
    v = t.model.current_verdict()
    assert v is not None and v.verdict == "solvable", (t.model.job, t.model.verdict, id(t.view))
    assert t.status_lines()[1][0] == v.message.render("en")


def held_solver(monkeypatch) -> threading.Event:
    """Hold the solver's worker at each slice until the gate is set."""
    gate = threading.Event()
    real_step = G.RoundSolver.step

    def held_step(self, *a, **kw):
        gate.wait(10)
        return real_step(self, *a, **kw)

    monkeypatch.setattr(G.RoundSolver, "step", held_step)
    return gate


def test_a_move_cancels_a_running_check(app, monkeypatch):
    gate = held_solver(monkeypatch)
    t = mid_game(app, think=False)
    key(app, pygame.K_s)
    job = t.model.job
    assert job is not None
    m = a_move(t)
    t.move_card(G.source_cell(t.view, m))
    assert t.model.job is None and job._stop.is_set()
    gate.set()
    job.thread.join(10)
    assert not job.thread.is_alive()
    pump(app, 2)
    assert t.model.current_verdict() is None


def _answer(app, t: GapsTable) -> G.SolveResult:
    """Let the running check finish and the table take its answer, then
    wait out the guard that swallows a press just after the button changed
    (a press there was lost whenever the solver's thread had not finished
    by the frame that started it: on a busy machine)."""
    if t.model.job is not None:  # a small budget may have answered already
        t.model.job.thread.join(20)
    pump(app, 2)
    settle(app, SWAP_GUARD + 0.2)
    v = t.model.current_verdict()
    assert t.model.job is None and v is not None
    return v


def test_an_undecided_check_stays_available_and_searches_deeper_on_request(app, monkeypatch):
    """"Still undecided" no longer greys the button out: it becomes
    "Search deeper" with the bigger budget in its tooltip and the status,
    shows its progress against that budget and can be stopped; once the
    deepest search is undecided too, the table says that it looks no
    further."""
    t = mid_game(app, think=False)  # decided (unsolvable) after 11 positions
    t.model.solve_nodes, t.model.deep_nodes = 5, 10_000
    press(app, "Still solvable?")
    v = _answer(app, t)
    assert v.verdict == "unknown" and v.nodes == 5
    b = button(app, "Search deeper")
    assert b.is_enabled and "10,000" in t._solve_button(True).tooltip
    assert t.status_lines()[1][0] == "Still undecided after 5 positions. “Search deeper” checks up to 10,000."
    # the deeper search shows its progress against its budget, and Stop works as before
    gate = held_solver(monkeypatch)
    press(app, "Search deeper")
    job = t.model.job
    assert job is not None and job.max_nodes == 10_000
    assert t.status_lines()[1][0] == "Thinking … 0 of 10,000 positions checked."
    press(app, "Stop checking")
    assert t.model.job is None and job._stop.is_set()
    gate.set()
    job.thread.join(10)
    assert button(app, "Search deeper").is_enabled  # stopped: still undecided, still on offer
    # the status says it was stopped, not the earlier answer's words
    assert t.status_lines()[1][0] == f"Check stopped after {t.model.current_stop()[0]:,} of 10,000 positions.", t.status_lines()
    press(app, "Search deeper")
    v = _answer(app, t)
    assert v.verdict == "unsolvable" and v.nodes <= 10_000
    assert not button(app, "Still solvable?").is_enabled  # decided: nothing more to ask here
    assert t.status_lines()[1][0] == v.message.render("en")
    # as deep as the table goes and still undecided: said, and the button rests
    t2 = mid_game(app, think=False)
    t2.model.solve_nodes, t2.model.deep_nodes = 5, 8
    key(app, pygame.K_s)
    _answer(app, t2)
    key(app, pygame.K_s)  # the key searches deeper too
    v = _answer(app, t2)
    assert v.verdict == "unknown" and v.nodes == 8
    assert t2.status_lines()[1][0].startswith("Still undecided after 8 positions, as deep as this table looks")
    assert not button(app, "Still solvable?").is_enabled


# --- saving -----------------------------------------------------------------------------------------


def test_save_and_resume_rebuild_the_same_position(app):
    t = mid_game(app)
    m = a_move(t)
    t.move_card(G.source_cell(t.view, m))
    settle(app, 0.5)
    key(app, pygame.K_h)
    data, problem = read_save("gaps")
    assert problem is None and data is not None
    assert gaps_ui.resume(app, data) is None
    t2 = app.scenes.top
    assert isinstance(t2, GapsTable) and t2 is not t
    assert t2.view.grid == t.view.grid and t2.match.meta.assisted is True


# --- the hint thinks about the round in the background ----------------------------------------------


def test_the_hint_thinks_about_a_new_round_in_the_background_and_plays_its_line(app):
    t = open_table(app, gaps_ui._match(3))  # the deal's round: the solver's fast phase wins it
    job = t.model.thinker
    assert job is not None and job.thread.is_alive()
    assert job.wait_idle(120)  # the whole thinking, however slow the machine
    assert t.model.hinter.thought == "solvable" and not t.model.hinter.thinking
    assert t.model.current_hint() is None  # nothing shown without a Hint asked for
    key(app, pygame.K_h)
    h = t.model.current_hint()
    assert h is not None and h.wins_round and h.exact and h.nodes == 0  # the solver's line, no search
    assert t.model.meta.assisted is True


def no_search_of_its_own(monkeypatch) -> None:
    """The table's solvable check may not start a search."""
    from game.ui.tables.gaps import model as model_mod

    monkeypatch.setattr(model_mod, "SolveJob", lambda *a, **kw: pytest.fail("the check searched for itself"))


def test_what_the_thinking_proved_answers_still_solvable_at_once(app, monkeypatch):
    no_search_of_its_own(monkeypatch)
    t = open_table(app, gaps_ui._match(3))  # the thinking wins the deal's round
    job = t.model.thinker
    assert job is not None and job.wait_idle(120)
    assert t.model.hinter.thought == "solvable"
    press(app, "Still solvable?")
    v = t.model.current_verdict()
    assert t.model.job is None and v is not None and v.verdict == "solvable" and t.model.meta.assisted
    state = t.match.state
    for move in v.line:  # the rules agree: the line wins from here
        state = G.GAME.apply(state, move)
    assert G.GAME.outcome(state).won
    assert t.status_lines()[1][0] == v.message.render("en")


def test_a_round_the_thinking_proved_lost_is_said_lost_at_once_after_moves_too(app, monkeypatch):
    no_search_of_its_own(monkeypatch)
    t = open_table(app, gaps_ui._match(30))  # the deal's round is proved lost in 23,033 positions
    job = t.model.thinker
    assert job is not None and job.wait_idle(120)
    assert t.model.hinter.thought == "unsolvable"
    press(app, "Still solvable?")
    v = t.model.current_verdict()
    assert t.model.job is None and v is not None and v.verdict == "unsolvable"
    assert t.status_lines()[1][0] == v.message.render("en") and "redeal" in t.status_lines()[1][0]
    m = a_move(t)
    t.move_card(G.source_cell(t.view, m))  # a move on from a lost position: lost too
    settle(app, 0.5)
    assert job.wait_idle(60)
    assert t.model.current_verdict() is None
    press(app, "Still solvable?")
    v2 = t.model.current_verdict()
    assert t.model.job is None and v2 is not None and v2.verdict == "unsolvable"


def test_a_round_the_thinking_proved_lost_is_hinted_to_its_best_end_without_a_search(app):
    """The thinking process visits every position of deal 30's round and
    hands over the way to its best end: the Hint follows it as it stands."""
    t = open_table(app, gaps_ui._match(30))
    job = t.model.thinker
    assert job is not None and job.wait_idle(120)
    assert t.model.hinter.thought == "unsolvable"
    key(app, pygame.K_h)
    h = t.model.current_hint()
    assert h is not None and h.exact and h.nodes == 0 and not h.wins_round and h.next_chance is not None
    state = t.match.state
    for move in h.line:  # the rules agree: the line ends the round
        state = G.GAME.apply(state, move)
    assert not any(isinstance(a, G.Move) for a in G.GAME.legal_actions(state))


def test_the_thinking_runs_in_a_process_that_moves_never_wait_for_and_leaving_ends(app):
    """The search runs in a child process: the person moves and asks for
    a Hint while it thinks; leaving the table ends the process, which
    gives all its memory back."""
    t = open_table(app, gaps_ui._match(2))  # not decided in seconds: the thinking runs on
    job = t.model.thinker
    assert job is not None
    for _ in range(200):
        if job.process is not None:
            break
        pump(app, 1)
        time.sleep(0.01)
    proc = job.process
    assert proc is not None and proc.is_alive()
    assert not t.model.hinter.thinking  # nothing of the search in the app's own process
    moves = len(t.match.actions)
    m = a_move(t)
    t.move_card(G.source_cell(t.view, m))
    assert len(t.match.actions) == moves + 1
    settle(app, 0.5)
    key(app, pygame.K_h)
    assert t.model.current_hint() is not None
    key(app, pygame.K_ESCAPE)  # puts the hint away
    key(app, pygame.K_ESCAPE)  # leave (the deal is kept for Continue)
    assert t.model.thinker is None
    job.thread.join(30)
    assert not job.thread.is_alive() and job.error is None
    assert not proc.is_alive() and proc.exitcode == 0  # it ended when told to, not killed


def test_without_a_process_the_thread_thinks_and_moves_never_wait_for_it(app, monkeypatch):
    """When no process can start, the worker thread thinks itself.  It is
    held inside a slice (holding the hinter) while the person moves: the
    move goes through; leaving the table ends the worker and frees what
    the thinking held."""
    inside, gate = threading.Event(), threading.Event()
    real_think = G.Hinter.think

    def held_think(self, *a, **kw):
        inside.set()
        gate.wait(10)
        return real_think(self, *a, **kw)

    monkeypatch.setattr(G.Hinter, "think", held_think)
    monkeypatch.setattr(ThinkJob, "_start_process", lambda self: None)
    t = open_table(app, gaps_ui._match(2))  # not decided in seconds: the thinking runs on
    job = t.model.thinker
    assert job is not None and inside.wait(20)
    assert job.lock.locked()
    moves = len(t.match.actions)
    m = a_move(t)
    t.move_card(G.source_cell(t.view, m))
    assert len(t.match.actions) == moves + 1 and job.lock.locked()  # moved while the thinking held on
    pump(app, 2)
    gate.set()
    pump(app, 2)
    hinter = t.model.hinter
    key(app, pygame.K_ESCAPE)  # leave (the deal is kept for Continue)
    assert app.scenes.top is not t
    assert t.model.thinker is None
    job.thread.join(30)
    assert not job.thread.is_alive() and job.error is None
    assert not hinter.thinking  # the solver and its positions are let go


def test_a_press_as_the_check_ends_is_taken_for_the_stop_it_was_meant_for(app, monkeypatch):
    """"Stop checking" became "Search deeper" under the pointer as the
    check ended, and a press meant to stop started the deeper search
    (seen in a real window)."""
    t = mid_game(app, think=False)
    t.model.solve_nodes, t.model.deep_nodes = 5, 10_000
    gate = held_solver(monkeypatch)
    press(app, "Still solvable?")
    job = t.model.job
    assert job is not None
    gate.set()
    job.thread.join(10)
    pump(app, 1)  # the frame that takes the answer
    assert t.model.job is None and t.model.current_verdict() is not None
    press(app, "Search deeper")
    assert t.model.job is None
    settle(app, 0.7)
    press(app, "Search deeper")
    assert t.model.job is not None or t.model.current_verdict().nodes > 5


def test_a_deeper_check_runs_in_a_process_that_answers_as_the_thread_does_and_stops_on_cancel():
    from game.ui.tables.gaps.solver import SolveJob

    view = G.GAME.view(G.GAME.new_game({"redeals": 0}, 3), 0)  # decided within thousands of positions
    there = SolveJob(view, ("k",), 200_000, in_process=True)
    here = SolveJob(view, ("k",), 200_000, in_process=False)
    there.thread.join(120)
    here.thread.join(120)
    assert there.error is None and there.result is not None and here.result is not None
    assert there.result == here.result and there.nodes == here.nodes and there.process is None
    assert SolveJob(view, ("k",), 2 * TABLE_SOLVE_NODES).in_process  # "Search deeper" goes to a process by itself
    slow = G.GAME.view(G.GAME.new_game({}, 2), 0)
    job = SolveJob(slow, ("k",), 10**9, in_process=True)
    for _ in range(600):  # the process has started and reports progress
        if job.nodes > 0:
            break
        time.sleep(0.1)
    proc = job.process
    assert proc is not None and job.nodes > 0
    job.cancel()
    job.thread.join(30)
    assert job.done and job.result is not None and job.result.verdict == "unknown"
    assert not proc.is_alive() and proc.exitcode == 0


def test_if_the_thinking_process_dies_the_thread_thinks_in_its_place(app):
    t = open_table(app, gaps_ui._match(2))  # not decided in seconds: the thinking runs on
    job = t.model.thinker
    assert job is not None
    for _ in range(300):
        if job.process is not None and job.process.is_alive():
            break
        pump(app, 1)
        time.sleep(0.01)
    proc = job.process
    assert proc is not None
    proc.kill()  # as an out-of-memory killer or a crash would
    proc.join(30)
    for _ in range(300):  # the worker notices and thinks in its own thread
        if t.model.hinter.thinking:
            break
        time.sleep(0.05)
    assert t.model.hinter.thinking and job.thread.is_alive() and job.error is None
    t.model.stop_thinking()
    job.thread.join(30)
    assert not job.thread.is_alive() and not t.model.hinter.thinking


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_bars_labels_fit_their_buttons(app, lang, size):
    """"Prüfung abbrechen" lost its last letter to the button's border
    (seen at 1280x800 and 800x500)."""
    from game import i18n
    from game.ui.assets import font, scale_for
    from game.ui.tables.gaps.layout import compute_layout

    s = scale_for(size)
    bw = compute_layout(size, s).bar(7, size[0])[0].w
    i18n.set_language(lang)
    try:
        labels = [tr(k) for k in ("ui.undo", "ui.redo", "ui.hint", "gaps_ui.check", "gaps_ui.deeper", "gaps_ui.stop_check", "gaps_ui.redeal", "gaps_ui.restart", "ui.new_deal", "gaps_ui.solution.show")]
    finally:
        i18n.set_language("en")
    f = font(max(9, round(18 * s)))
    too_wide = [x for x in labels if f.size(x)[0] + int(24 * s) > bw]
    assert not too_wide, (bw, too_wide)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_lost_results_five_buttons_fit_their_words_in_german(app, size):
    """With Undo, a lost deal's result has five buttons; three to a row
    cut "Wo ging es verloren?" to "Wo ging es verloren" at 1280x800."""
    from game import i18n
    from game.ui.assets import font

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)
    i18n.set_language("de")
    try:
        t = open_table(app, gaps_ui.crossed_and_lost())
        t.show_result(t.match.outcome)
        pump(app, 2)
        res = app.scenes.top
        assert isinstance(res, ResultScene)
        f = font(max(9, round(18 * app.scale)))
        shown = buttons(app)
        assert len(shown) == 5 and "Zurücknehmen" in [b.text for b in shown]
        clipped = [b.text for b in shown if f.size(b.text)[0] + int(16 * app.scale) > b.rect.w]
        assert not clipped, clipped
    finally:
        i18n.set_language("en")


def test_stop_showing_stops_the_solution_where_it_is(app):
    """A QA player saw the solution go on after "Stop showing" (its clicks
    were uncertain): the replay stops, the board stays, nothing more moves."""
    t = open_table(app, gaps_ui._match(3), think=False)
    line = G.solve_round(t.view, max_nodes=200_000)
    assert line.verdict == "solvable" and len(line.line) > 8
    t.model.verdict = (t.model.pos_key(), line)
    t.sync_ui()
    press(app, "Show solution")
    settle(app, 2.0)
    played = len(t.match.actions)
    assert 0 < played < len(line.line) and t.model.solution is not None
    press(app, "Stop showing")
    settle(app, 3.0)
    assert t.model.solution is None and len(t.match.actions) == played
    assert [b for b in buttons(app) if b.text == "Still solvable?"]
