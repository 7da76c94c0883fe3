"""The Runs table on the kit's parts (issue 20): a refused card is said to
the person who tried it alone, a screen over the table pauses it (the
settings, the round's sheet), the auto-draw switch in the settings applies
to the game under them, messages have a band of their own that covers no
card, count or panel, the cards grow with the window and "large" is never
smaller than "normal", and the table is a model, pictures and one class."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pygame
import pytest

from game.engine import IllegalAction
from game.games.runs import GAME
from game.games.runs.rules import TABLE_RULES
from game.games.runs.state import PHASE_BREAK, PHASE_PLAY, RunsState
from game.ui import cardart
from game.ui.kit.model import Notes
from game.ui.tables import runs as runs_ui
from game.ui.tables.runs import demo
from game.ui.tables.runs.layout import Layout
from game.ui.tables.runs.overlays import GameOverScene, RoundSummaryScene
from game.ui.tables.runs.table import RunsTable
from tests.ui.helpers import button, click, drawn_texts, key, press, pump, said, seated, settle

from .test_runs_table import hand_rect, top

PACKAGE = Path(__file__).resolve().parents[2] / "game" / "ui" / "tables" / "runs"


# --- (a) a refused card is for the person who tried it ---------------------------------------------


def visible_point(t: RunsTable, card) -> tuple[int, int]:
    """A point of ``card`` in the hand at the screen that no later card
    covers (a crowded hand overlaps)."""
    hand = list(t.view.hand)
    r = hand_rect(t, card)
    later = [hand_rect(t, c) for c in hand[hand.index(card) + 1 :]]
    # (across its middle, or in a hand of two rows across the upper row's
    # top, which the lower row leaves in view)
    for y in (r.centery, r.y + r.h // 6):
        for x in range(r.x + 2, r.right, 2):
            p = (x, y)
            if not any(q.collidepoint(p) for q in later):
                return p
    raise AssertionError(f"{card} is covered")


def _anna_with_a_bad_card(st: RunsState) -> bool:
    """Two seats, Anna (0) to play with a card that follows and one that
    does not, and Ben (1) with a choice after her card (his turn comes
    after the pass screen)."""
    if st.phase != PHASE_PLAY or st.turn != 0 or GAME.chain_dead(st) or len(st.hands[0]) < 4:
        return False
    plays = GAME.playable(st, 0)
    if not (len(plays) == 1 and len(plays) < len(st.hands[0])):
        return False
    # Ben then has a choice (a lone card of his would play itself, as his
    # draw does, and the device would stay with Anna)
    after = GAME.apply(st, GAME.action_from_text(f"play {plays[0].code}"))
    return after.phase == PHASE_PLAY and after.turn == 1 and len(GAME.legal_actions(after)) >= 2


def test_a_refused_card_is_not_shown_to_the_next_person_after_the_pass_screen(app):
    """Two people: Anna's refused card said "K♣ does not follow 3♥ … (you
    hold 4♥)"; the message stayed on the table and Ben read it (and her
    cards) after he took the device."""
    t = seated(app, demo.table_for(app, demo.find_runner({"players": 2, "rounds": 5, **TABLE_RULES}, _anna_with_a_bad_card), bots=[None, None]))
    assert top(app).name == "pass"
    press(app, "I'm Anna")
    assert t.viewer == 0 and t.my_turn()
    bad = next(c for c in t.view.hand if c not in t.view.playable)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(t.match.state, GAME.action_from_text(f"play {bad.code}"))
    reason = t.render(refused.value.reason)
    assert "you hold" in reason
    click(app, visible_point(t, bad))
    assert reason in said(t) and "you hold" in " ".join(drawn_texts(app))  # Anna reads it
    settle(app, 0.5)
    click(app, visible_point(t, t.view.playable[0]))  # her one card that follows
    for _ in range(240):
        if top(app).name == "pass":
            break
        pump(app, 1)
    assert top(app).name == "pass" and top(app).player_name == "Ben"
    press(app, "I'm Ben")
    assert top(app) is t and t.viewer == 1
    assert said(t) == []
    shown = " ".join(drawn_texts(app))
    assert reason not in shown and "you hold" not in shown
    # nor later, while Ben plays on
    settle(app, 1.0)
    assert "you hold" not in " ".join(drawn_texts(app))


# --- (b) a screen over the table pauses it -------------------------------------------------------------


def _computers_at_play(app) -> RunsTable:
    """Auto-draw on, Anna has played: the computers and every forced draw go on by themselves."""
    app.settings.auto_draw = True
    app.settings.animation = "normal"
    t = seated(app, demo.table_for(app, demo.mid_round()))
    assert t.model.auto_draw and t.my_turn()
    click(app, hand_rect(t, t.view.playable[0]).center)
    return t


def test_the_settings_over_the_table_pause_it_and_play_goes_on_after(app):
    t = _computers_at_play(app)
    press(app, "⚙")  # the header's button works while a computer thinks
    assert top(app).name == "settings" and t.model.paused
    n = len(t.match.actions)
    for _ in range(5 * 30):
        app.step(1 / 30, events=[])
    assert len(t.match.actions) == n, "moves were played under the settings"
    # also when something updates the covered table itself
    for _ in range(60):
        t.update(1 / 30)
    assert len(t.match.actions) == n
    press(app, "Back")
    assert top(app) is t and not t.model.paused
    settle(app, 3.0)
    assert len(t.match.actions) > n


def test_the_auto_draw_switch_in_the_settings_applies_to_the_running_game(app):
    def want(st: RunsState) -> bool:
        return st.phase == PHASE_PLAY and st.turn == 0 and GAME.forced_action(st) is not None and not GAME.chain_dead(st) and len(st.pile) >= 5

    t = seated(app, demo.table_for(app, demo.find_runner({"players": 3, "rounds": 5}, want)))
    assert not app.settings.auto_draw and not t.model.auto_draw and t.model.clicker_forced() is not None
    n = len(t.match.actions)
    press(app, "⚙")
    settings = top(app)
    switch = next(b for b, k in settings._keys.items() if k == "auto_draw")
    click(app, switch.rect.center)
    assert app.settings.auto_draw
    press(app, "Back")
    assert top(app) is t and t.match.meta.auto_draw is True
    assert button(app, "Auto-draw").text == "Auto-draw: on (A)"
    settle(app, 1.0)
    assert len(t.match.actions) > n and t.match.actions[n].kind == "draw"  # the waiting draw played itself
    # and off again
    press(app, "⚙")
    switch = next(b for b, k in top(app)._keys.items() if k == "auto_draw")
    click(app, switch.rect.center)
    press(app, "Back")
    assert t.match.meta.auto_draw is False and button(app, "Auto-draw").text == "Auto-draw: off (A)"


def test_the_round_sheet_leaves_the_table_paused_under_it(app, monkeypatch):
    calls = []
    real = RunsTable.update
    monkeypatch.setattr(RunsTable, "update", lambda self, dt: (calls.append(dt), real(self, dt)))
    t = seated(app, demo.table_for(app, demo.at_break()))
    sheet = top(app)
    assert isinstance(sheet, RoundSummaryScene) and t.model.paused
    calls.clear()
    settle(app, 2.0)
    assert calls == [] and top(app) is sheet
    key(app, pygame.K_n)
    assert top(app) is t and not t.model.paused and t.view.phase == PHASE_PLAY


def test_the_final_sheet_of_a_long_game_sums_up_the_early_rounds(app):
    """A game "until we stop" of more than ten rounds: the sheet sums the
    early rounds in one column (its sum took the view's name, and drawing
    the total after it failed)."""
    runner = demo.find_runner({"players": 3, "rounds": 0}, lambda st: st.phase == PHASE_BREAK and st.round >= 11, seeds=range(3, 10))
    seated(app, demo.table_for(app, runner))
    press(app, "End the game")
    press(app, "End the game")
    settle(app, 1.0)
    assert isinstance(top(app), GameOverScene)
    texts = drawn_texts(app)
    assert "R1" in texts and "R11" in texts and "R1–1" not in texts, texts


# --- (c) the notes' band ---------------------------------------------------------------------------------


def _covered_rects(t: RunsTable) -> list[tuple[str, pygame.Rect]]:
    """Everything of the table a note must leave in view."""
    L = t.layout()
    out = [("header", t.header().rect), ("pile", L.pile), ("board", L.board), ("log", L.log), ("status", L.status), ("draw", L.draw_button), ("auto", L.auto_button)]
    out += [(f"seat {s}", r) for s, r in L.seats.items()]
    out += [(f"chain {i}", r) for i, r in enumerate(L.chain)]
    out += [(f"hand {i}", r.move(0, -L.lift)) for i, r in enumerate(L.hand)]
    if L.slot is not None:
        out.append(("slot", L.slot))
    return out


@pytest.mark.parametrize("size", [(800, 500), (1280, 800), (1920, 1080)])
def test_the_notes_band_covers_no_card_count_or_panel(app, size):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 1)
    screen = pygame.Rect((0, 0), app.size)
    for name, make in runs_ui.scene_factories(app):
        t = make()
        if not isinstance(t, RunsTable):
            continue
        app.scenes.reset(t)
        pump(app, 1)
        band = t.note_area()
        assert screen.contains(band) and band.h >= int(40 * app.scale), (name, band)
        hits = [(what, r) for what, r in _covered_rects(t) if r.w and r.h and band.colliderect(r)]
        assert not hits, f"{name} {size}: the notes' band {band} covers {hits}"


def test_notes_are_drawn_in_their_band_alone(app):
    """Three notes at once (a refusal, a notice, a long one): every pixel
    they change lies in the band."""
    t = seated(app, demo.table_for(app, demo.mid_round()))
    settle(app, 0.3)
    bad = next(c for c in t.view.hand if c not in t.view.playable)
    click(app, visible_point(t, bad))
    t.notice("Auto-draw is on: your forced draws play themselves.")
    t.notice("A rather long notice that has to wrap in the band, for it says a great deal about nothing in particular, again and again.")
    assert len(said(t)) == 3
    settle(app, 0.5)  # the refused card is back in the hand
    with_notes = pygame.Surface(app.size)
    t.draw(with_notes)
    t.model.notes = Notes()
    without = pygame.Surface(app.size)
    t.draw(without)
    band = t.note_area()
    changed = [(x, y) for y in range(0, app.size[1], 2) for x in range(0, app.size[0], 2) if with_notes.get_at((x, y)) != without.get_at((x, y))]
    assert changed, "no note was drawn"
    outside = [p for p in changed if not band.collidepoint(p)]
    assert not outside, f"notes drawn outside their band {band}: {outside[:5]}"


# --- (d) the cards and the window ------------------------------------------------------------------------


def _widths(app, t: RunsTable, size: tuple[int, int]) -> dict[str, tuple[int, int]]:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 1)
    out = {}
    for name in cardart.CARD_SIZES:
        cardart.set_look(size=name)
        t._layout = None
        L = t.layout()
        out[name] = (L.cw, L.hw)
        _fits(L, t, app.size, name)
    cardart.set_look(size="normal")
    return out


def _fits(L: Layout, t: RunsTable, size: tuple[int, int], name: str) -> None:
    """Every card in the window, the run and its words between the seats
    and the status line, the hand under the status line."""
    s = L.s
    screen = pygame.Rect((0, 0), size)
    cards = [L.pile, *L.chain, *L.hand, *([L.slot] if L.slot is not None else [])]
    assert all(screen.contains(r) for r in cards), (size, name)
    seats_bottom = max((r.bottom for r in L.seats.values()), default=L.top_h)
    middle = [L.pile, *L.chain, *([L.slot] if L.slot is not None else [])]
    assert min(r.y for r in middle) >= seats_bottom + int(14 * s), (size, name)
    # under the run: the dots, who played the last card, what may follow (up to 2 lines)
    assert max(r.bottom for r in middle) + int(50 * s) <= L.status.y, (size, name)
    assert min(r.y for r in L.hand) - L.lift >= L.status.bottom, (size, name)


def test_the_cards_grow_with_the_window_and_large_is_never_smaller_than_normal(app):
    t = seated(app, demo.table_for(app, demo.mid_round()))
    small_window = _widths(app, t, (1280, 800))
    large_window = _widths(app, t, (1920, 1080))
    for w in (small_window, large_window):
        assert w["small"] < w["normal"] < w["large"], w
    assert small_window["normal"] == (84, 100)  # the design size keeps its cards
    # 1920x1080 is 1.35 times 1280x800 in height and 1.5 in width: the cards
    # grew 1.35 times (and the felt beside the hand stayed empty)
    assert large_window["normal"][1] >= 1.45 * small_window["normal"][1], (small_window, large_window)
    # (issue 50: "large" at 1280x800 grew from 110 to 120 px, and a hand of
    # two rows of large cards at 1920x1080 gives way before the run's
    # cards get smaller than "normal" has them: 161 px, 1.34 times)
    assert large_window["large"][1] >= 1.3 * small_window["large"][1], (small_window, large_window)


# --- the shape of the table ----------------------------------------------------------------------------


def test_the_model_has_no_pygame_and_the_table_no_mixins():
    tree = ast.parse((PACKAGE / "model.py").read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] + [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if "pygame" in m or (m.startswith("game.ui") and m != "game.ui.kit.model")], imported
    assert len([c for c in RunsTable.__mro__ if c is not object]) <= 4, RunsTable.__mro__
    assert "_origin" not in inspect.getsource(inspect.getmodule(RunsTable))
    assert not (PACKAGE / "draw.py").exists()


def _one_short_closed_run(st) -> bool:
    """Seat 0 to play beside one closed run of two cards (the label is
    wider than the run)."""
    from game.games.runs.deck import run_starts
    from game.games.runs.state import PHASE_PLAY

    if st.phase != PHASE_PLAY or st.turn != 0 or GAME.chain_dead(st) or not GAME.playable(st, 0):
        return False
    starts = run_starts(st.chain, st.wrap)
    return len(starts) == 2 and starts[1] - starts[0] == 2 and len(st.chain) - starts[1] <= 2


@pytest.mark.parametrize("size", [(800, 500), (900, 560), (1280, 800), (1920, 1080)])
def test_the_closed_runs_label_keeps_clear_of_the_run_in_play(app, size):
    """"1 geschlossene Reihe" is wider than one short closed run: centred
    under it, it ran under the first card of the run in play (seen at
    900x560 in a real window)."""
    from game import i18n
    from game.tools.textfit import record_frame

    i18n.set_language("de")
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        pump(app, 1)
        t = seated(app, demo.table_for(app, demo.find_runner({"players": 2, "rounds": 5, "new_run": True}, _one_short_closed_run)))
        settle(app, 0.3)
        L = t.layout()
        label = i18n.tr("runs.table.closed_runs", n=len(L.closed))
        drawn = [r for kind, txt, r, *_ in record_frame(app) if kind == "text" and txt == label]
        assert len(drawn) == 1, label
        live = [*L.chain[L.closed[-1][1] :], *([L.slot] if L.slot is not None else [])]
        assert not [r for r in live if r.colliderect(drawn[0])], (drawn[0], live)
        assert drawn[0].left > L.pile.right
    finally:
        i18n.set_language("en")
