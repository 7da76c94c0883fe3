"""Mind the Gap at the table, driven through real mouse and key events on
the dummy driver: a solo game to a win, hot-seat with the pass screen
(checked on the rendered pixels), refused drops, paying coins, keys, the
tutorial, saving and resuming a series."""

from __future__ import annotations

import random

import pygame

from game.cards import Card
from game.engine import GameRunner
from game.games import mind_the_gap as mtg
from game.ui.scenes.passdevice import PassScene
from game.ui.table import ResultScene
from game.ui.tables.mind_the_gap import start_game
from game.ui.tables.mind_the_gap.table import MtgTable
from tests.ui.helpers import button, click, drag, key, press, pump, settle

PAPER_MIN = (235, 235, 225)


def paper_pixels(surface, rect) -> int:
    """Card-face pixels (near white paper) in a part of the screen."""
    n = 0
    for y in range(rect.y, rect.bottom, 4):
        for x in range(rect.x, rect.right, 4):
            r, g, b, *_ = surface.get_at((x, y))
            n += r >= PAPER_MIN[0] and g >= PAPER_MIN[1] and b >= PAPER_MIN[2]
    return n


def table(app) -> MtgTable:
    for s in reversed(app.scenes.scenes):
        if isinstance(s, MtgTable):
            return s
    raise AssertionError("no table on the stack")


def perform(app, t: MtgTable, action) -> None:
    """Do one engine action the way a person does: with the mouse."""
    L = t.layout()
    hand = list(t.view.hand)
    if action.kind == "place":
        drag(app, L.hand[hand.index(action.card)].center, L.places[action.place].center)
    elif action.kind == "discard":
        drag(app, L.hand[hand.index(action.card)].center, L.discard_zone.center)
        press(app, "Pay one coin")
    elif action.kind == "takeback":
        drag(app, L.places[action.place].center, L.discard_zone.center)
        press(app, "Pay one coin")
    else:
        press(app, "Pass")
    settle(app, 0.6)


def winning_seed(players: int = 1) -> int:
    """A deal the strong bot wins (found by simulation, not hard-coded)."""
    for seed in range(1, 200):
        r = GameRunner.start(mtg.GAME, {"players": players, "level": "normal"}, seed)
        bot = mtg.BOTS["strong"]()
        rng = random.Random(0)
        while mtg.GAME.outcome(r.state) is None:
            st = r.state
            seat = mtg.GAME.current_player(st)
            r.play(bot.choose(mtg.GAME.view(st, seat), mtg.GAME.legal_actions(st), rng))
        if mtg.GAME.outcome(r.state).won:
            return seed
    raise AssertionError("no winnable deal found")


def test_solo_game_to_a_win_through_the_menu_and_mouse(app):
    seed = winning_seed()
    press(app, "Mind the Gap")
    assert app.scenes.top.name == "mind-the-gap-setup"
    press(app, "1")
    setup = app.scenes.top
    click(app, setup.deal_entry.rect.center)
    for ch in str(seed):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pump(app, 1)
    press(app, "Deal the cards")
    settle(app, 0.5)
    t = table(app)
    assert t.runner.seed == seed and t.players == 1
    bot = mtg.BOTS["strong"]()
    rng = random.Random(0)
    steps = 0
    while mtg.GAME.outcome(t.state) is None:
        st = t.state
        action = bot.choose(mtg.GAME.view(st, 0), mtg.GAME.legal_actions(st), rng)
        n = len(t.runner.actions)
        perform(app, t, action)
        assert len(t.runner.actions) == n + 1, f"the UI did not apply {action}"
        assert t.runner.actions[-1] == action
        steps += 1
        assert steps < 80
    settle(app, 1.0)
    assert isinstance(app.scenes.top, ResultScene) and app.scenes.top.won
    assert "complete" in app.scenes.top.title
    # the game counted in the statistics and the autosave is gone
    from game.persistence.saves import load_stats, save_path

    stats, _ = load_stats()
    assert stats["mind-the-gap"]["normal-1p"] == {"games": 1, "wins": 1, "helper_games": 0, "best_series": None}
    assert not save_path("mind-the-gap").exists()


def test_hot_seat_shows_the_pass_screen_before_every_human_turn(app):
    start_game(app, {"players": 2, "level": "normal"}, 12345, {"names": ["Anna", "Ben"], "bots": [None, None]})
    pump(app, 2)
    t = table(app)
    h = app.size[1]
    hand_band = pygame.Rect(0, int(h * 0.78), app.size[0], int(h * 0.2))
    bot = mtg.BOTS["seed"]()
    rng = random.Random(1)
    for turn in range(8):
        if mtg.GAME.outcome(t.state) is not None:
            break
        seat = t.current
        assert isinstance(app.scenes.top, PassScene), f"turn {turn}: no pass screen"
        assert t.viewer is None
        app.step(1 / 60, events=[])
        assert paper_pixels(app.window, hand_band) == 0, f"turn {turn}: a card face is visible before confirmation"
        assert button(app, f"I'm {t.seat_name(seat)}")
        press(app, f"I'm {t.seat_name(seat)}")
        assert app.scenes.top is t and t.viewer == seat
        app.step(1 / 60, events=[])
        assert paper_pixels(app.window, hand_band) > 50, "the hand is not shown after confirmation"
        action = bot.choose(mtg.GAME.view(t.state, seat), mtg.GAME.legal_actions(t.state), rng)
        perform(app, t, action)


def _illegal_drop(t):
    view = t.view
    for card in view.hand:
        for p, c in enumerate(view.places):
            if c is None and mtg.placement_problem(view, card, p) is not None:
                return card, p
    return None


def test_an_illegal_drop_flies_back_with_the_engine_reason_and_changes_nothing(app):
    found = None
    for seed in range(1, 50):
        start_game(app, {"players": 1, "level": "normal"}, seed, {"names": ["Anna"], "bots": [None]})
        pump(app, 2)
        t = table(app)
        # with only the target down everything fits; put one card next to it first
        first = next(a for a in mtg.GAME.legal_actions(t.state) if a.kind == "place" and a.place == 1)
        perform(app, t, first)
        found = _illegal_drop(t)
        if found:
            break
    assert found, "no deal offers an illegal drop"
    card, place = found
    before = t.state
    n = len(t.runner.actions)
    L = t.layout()
    drag(app, L.hand[list(t.view.hand).index(card)].center, L.places[place].center)
    settle(app, 0.5)
    assert t.state is before and len(t.runner.actions) == n
    reason = mtg.placement_problem(t.view, card, place).render("en")
    assert any(reason == toast.text for toast in t.toasts.items), [x.text for x in t.toasts.items]
    assert t.current == 0  # the same player goes again


def test_discarding_asks_for_a_coin_and_cancel_keeps_everything(app):
    start_game(app, {"players": 1, "level": "normal"}, 77, {"names": ["Anna"], "bots": [None]})
    pump(app, 2)
    t = table(app)
    L = t.layout()
    card = t.view.hand[0]
    coins = t.state.coins
    drag(app, L.hand[0].center, L.discard_zone.center)
    assert app.scenes.top.name == "confirm"
    press(app, "Cancel")
    settle(app, 0.4)
    assert t.state.coins == coins and card in t.view.hand
    drag(app, t.layout().hand[0].center, t.layout().discard_zone.center)
    press(app, "Pay one coin")
    settle(app, 0.4)
    assert t.state.coins == coins - 1 and t.view.discard[-1] == card and len(t.view.hand) == 7


def test_click_to_move_and_keyboard_place_a_card(app):
    start_game(app, {"players": 1, "level": "normal"}, 5, {"names": ["Anna"], "bots": [None]})
    pump(app, 2)
    t = table(app)
    legal = [a for a in mtg.GAME.legal_actions(t.state) if a.kind == "place"]
    a = legal[0]
    L = t.layout()
    click(app, L.hand[list(t.view.hand).index(a.card)].center)
    assert t.drag.selected is not None
    click(app, L.places[a.place].center)
    settle(app, 0.4)
    assert t.runner.actions[-1] == a
    # the keyboard: arrows to a card, Enter, arrows to a lit gap, Enter
    n = len(t.runner.actions)
    legal = [a for a in mtg.GAME.legal_actions(t.state) if a.kind == "place"]
    want = legal[0].card
    key(app, pygame.K_RIGHT)
    for _ in range(10):
        src = list(t.drag.sources())[t.drag.cursor]
        if src.payload == ("hand", want):
            break
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert t.drag.selected is not None and t.drag.selected.payload == ("hand", want)
    key(app, pygame.K_RETURN)
    settle(app, 0.4)
    assert len(t.runner.actions) == n + 1 and t.runner.actions[-1].card == want


def test_pass_button_is_enabled_exactly_when_the_rules_allow(app):
    start_game(app, {"players": 1, "level": "normal", "coins": 0}, 3, {"names": ["Anna"], "bots": [None]})
    pump(app, 2)
    t = table(app)
    can = any(a.kind == "pass" for a in mtg.GAME.legal_actions(t.state))
    assert t.pass_button.is_enabled == can


def test_tutorial_shows_each_step_and_ends_won_with_five_coins(app):
    from game.ui.tables.mind_the_gap.tutorial import TutorialTable

    press(app, "Mind the Gap")
    press(app, "Tutorial")
    t = app.scenes.top
    assert isinstance(t, TutorialTable) and t.view.target.code == "5C"
    # a move that is not the tutorial's is refused with a hint
    L = t.layout()
    drag(app, L.hand[list(t.view.hand).index(Card.parse("9S"))].center, L.places[1].center)
    settle(app, 0.5)
    assert t.step == 0 and any("next move" in x.text for x in t.toasts.items)
    # the first step made by hand, the rest watched
    a = t.expected()
    drag(app, t.layout().hand[list(t.view.hand).index(a.card)].center, t.layout().places[a.place].center)
    settle(app, 1.5)
    assert t.step == 1
    while t.expected() is not None:
        press(app, "Show me")
        settle(app, 2.0)
    settle(app, 1.0)
    assert t.state.result == "won" and t.state.coins == 5
    assert isinstance(app.scenes.top, ResultScene) and app.scenes.top.won


def test_a_series_survives_save_and_resume(app):
    from game.persistence.saves import read_save
    from game.ui.scenes.menu import continue_game

    start_game(app, {"players": 1, "level": "normal"}, 99, {"names": ["Anna"], "bots": [None]}, series=True)
    pump(app, 2)
    t = table(app)
    legal = mtg.GAME.legal_actions(t.state)
    perform(app, t, legal[0])
    data, problem = read_save("mind-the-gap")
    assert problem is None and data["table"]["series"]["points"] == []
    app.to_menu()
    continue_game(app, "mind-the-gap")
    t2 = table(app)
    assert t2.state == t.state and t2.series() is not None and t2.series().index == 0
