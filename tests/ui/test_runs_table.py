"""The Runs table through real events on the dummy driver: playing a card
by drag, by click and by keyboard, a refused card, drawing (by click, key
and automatically), the dead run drawn out with one click, the pass screen
between two people checked on the rendered surface (also before a forced
draw), Menu and Esc while a computer thinks, messages in their band under
the header, a whole game to the end screen, "until we stop" (asked first),
save and resume, statistics."""

from __future__ import annotations

import pygame
import pytest

from game.cards import display
from game.engine import IllegalAction, Outcome, Termination, msg
from game.games.runs import GAME
from game.games.runs.policy import fold_stats
from game.games.runs.rules import TABLE_RULES
from game.games.runs.state import PHASE_BREAK, PHASE_OVER, PHASE_PLAY
from game.persistence.saves import load_stats, read_save
from game.ui.tables import runs as runs_ui
from game.ui.tables.runs import demo
from game.ui.tables.runs.table import RunsTable
from tests.ui.helpers import button, buttons, click, drag, drawn_texts, key, press, pump, said, seated, settle


def top(app):
    return app.scenes.top


def seat_table(app, t) -> RunsTable:
    return seated(app, t)


def open_table(app, runner, bots=None, names=None) -> RunsTable:
    return seat_table(app, demo.table_for(app, runner, bots=bots, names=names))


def open_scene(app, name: str) -> RunsTable:
    return seat_table(app, dict(runs_ui.scene_factories(app))[name]())


def my_turn_with_choice(app, **kw) -> RunsTable:
    t = open_table(app, demo.mid_round(**kw))
    assert t.my_turn() and t.view.playable
    return t


def hand_rect(t, card):
    L = t.layout()
    i = list(t.view.hand).index(card)
    r = L.hand[i]
    return r.move(0, -L.lift) if card in t.view.playable else r


def paper_share(surface, rect) -> float:
    """Share of card-face pixels (paper, also when shaded as not playable)
    in a rect of the rendered screen; the felt is far darker."""
    n = hit = 0
    for y in range(rect.y + 4, rect.bottom - 4, 4):
        for x in range(rect.x + 4, rect.right - 4, 4):
            r, g, b, *_ = surface.get_at((x, y))
            n += 1
            hit += r > 170 and g > 170 and b > 160
    return hit / max(1, n)


def static_layer(t) -> pygame.Surface:
    """What the table draws under the moving parts (cards in flight, the
    dragged card): its hands, seats and labels."""
    surface = pygame.Surface(t.app.size)
    t.paint_static(surface, t.picture().still)
    return surface


def hand_area(t) -> pygame.Rect:
    L = t.layout()
    return pygame.Rect(16, L.status.bottom + 4, L.status.w, t.app.size[1] - L.status.bottom - 8)


# --- playing a card -------------------------------------------------------------------------------


def test_drag_a_lit_card_onto_the_end_of_the_run(app):
    t = my_turn_with_choice(app)
    card = t.view.playable[0]
    chain_before = len(t.view.chain)
    L = t.layout()
    start = hand_rect(t, card).center
    # while dragging, the end of the run glows (the legal zone)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=L.slot.center, rel=(5, 5), buttons=(1, 0, 0)))
    pump(app, 1)
    assert t.drag.dragging is not None and t.drag.dragging.payload == ("hand", card)
    assert [z.payload for z in t.drag.legal_zones()] == [("chain", chain_before)] * 2
    n = len(t.match.actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=L.slot.center, button=1))
    pump(app, 2)
    assert t.match.actions[n] == GAME.action_from_text(f"play {card.code}")
    assert t.match.states[n + 1].chain[chain_before] == card
    assert card not in t.match.states[n + 1].hands[0]
    # the card travels to the run (hidden in place until it lands)
    assert any(f.hide == ("chain", chain_before) for f in t.anim.flights)
    settle(app, 1.0)
    assert not any(f.hide == ("chain", chain_before) for f in t.anim.flights)


def test_click_a_lit_card_plays_it(app):
    t = my_turn_with_choice(app)
    card = t.view.playable[-1]
    click(app, hand_rect(t, card).center)
    assert t.match.actions[-1].card == card
    line = t.match.log()[-1]
    assert line.action == t.match.actions[-1] and line.seat == 0
    assert "plays" in line.message.render("en") and "Anna" in line.message.render("en")


def test_keyboard_arrows_and_enter_play_a_card(app):
    t = my_turn_with_choice(app)
    key(app, pygame.K_RIGHT)  # the cursor appears on the first lit card
    assert t.model.cursor is not None and t.view.hand[t.model.cursor] in t.view.playable
    card = t.view.hand[t.model.cursor]
    key(app, pygame.K_RETURN)
    assert t.match.actions[-1].card == card


def test_a_refused_card_flies_back_with_the_engines_reason_and_nothing_changes(app):
    t = my_turn_with_choice(app)
    bad = next(c for c in t.view.hand if c not in t.view.playable)
    state, n_states = t.match.state, len(t.match.states)
    L = t.layout()
    drag(app, hand_rect(t, bad).center, L.slot.center)
    assert t.match.state is state and len(t.match.states) == n_states
    assert bad in t.view.hand
    # the reason is the engine's, in words
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, GAME.action_from_text(f"play {bad.code}"))
    expected = refused.value.reason.render("en")
    assert expected in said(t), said(t)
    assert any(f.hide == ("hand", bad) for f in t.anim.flights)  # flying back
    settle(app, 0.8)
    assert not t.anim.flights and t.match.state is state
    # a click on it is refused the same way
    click(app, hand_rect(t, bad).center)
    assert t.match.state is state and expected in said(t)


def test_a_refusal_goes_when_a_move_is_made(app):
    """"7♠ does not follow 3♠ (you have 2♠)" stayed up for seconds after 2♠
    was played (seen in a real window): a refusal speaks of the position
    before a move."""
    t = my_turn_with_choice(app)
    bad = next(c for c in t.view.hand if c not in t.view.playable)
    click(app, hand_rect(t, bad).center)
    assert [n for n in t.shown_notes() if n.tone == "refuse"], said(t)
    settle(app, 0.8)  # the refused card back in the hand
    n = len(t.match.actions)
    click(app, hand_rect(t, t.view.playable[0]).center)
    assert len(t.match.actions) > n
    assert not [n for n in t.shown_notes() if n.tone == "refuse"], said(t)


def test_dropping_on_the_felt_flies_back_and_plays_nothing(app):
    t = my_turn_with_choice(app)
    card = t.view.playable[0]
    state = t.match.state
    drag(app, hand_rect(t, card).center, (t.layout().pile.right + 20, 200))
    assert t.match.state is state
    settle(app, 0.6)
    assert card in t.view.hand


# --- drawing --------------------------------------------------------------------------------------


def _must_draw(app, dead: bool = False):
    def want(st):
        return st.phase == PHASE_PLAY and st.turn == 0 and GAME.forced_action(st) is not None and GAME.chain_dead(st) == dead and len(st.pile) >= 5

    t = open_table(app, demo.find_runner({"players": 3, "rounds": 5}, want))
    assert t.my_turn() and t.model.clicker_forced() is not None
    return t


def test_a_click_on_the_pile_draws_when_you_cannot_play(app):
    t = _must_draw(app)
    before, n = t.match.state, len(t.match.actions)
    assert button(app, "Draw").is_enabled
    click(app, t.layout().pile.center)
    assert t.match.actions[n].kind == "draw"
    after = t.match.states[n + 1]
    assert len(after.hands[0]) == len(before.hands[0]) + 1 and len(after.pile) == len(before.pile) - 1


def test_d_key_space_and_draw_button_draw(app):
    t = _must_draw(app)
    n = len(t.match.actions)
    key(app, pygame.K_d)
    assert t.match.actions[n].kind == "draw"
    t = _must_draw(app)
    n = len(t.match.actions)
    key(app, pygame.K_SPACE)
    assert t.match.actions[n].kind == "draw"
    t = _must_draw(app)
    n = len(t.match.actions)
    press(app, "Draw")
    assert t.match.actions[n].kind == "draw"


def test_draw_is_refused_while_you_can_play(app):
    t = my_turn_with_choice(app)
    assert not button(app, "Draw").is_enabled
    state = t.match.state
    click(app, t.layout().pile.center)
    assert t.match.state is state
    # ... and says why (it did nothing at all)
    assert any("so you may not draw" in x for x in said(t)), said(t)
    key(app, pygame.K_d)
    assert t.match.state is state


def test_auto_draw_draws_by_itself(app):
    app.settings.auto_draw = True
    t = _must_draw(app)
    n = len(t.match.actions)
    settle(app, 1.0)
    assert len(t.match.actions) > n and t.match.actions[n].kind == "draw"


def test_the_a_key_turns_auto_draw_on_and_a_waiting_draw_plays_itself(app):
    t = _must_draw(app)
    assert not app.settings.auto_draw and button(app, "Auto-draw").text == "Auto-draw: off (A)"
    n = len(t.match.actions)
    settle(app, 0.5)
    assert len(t.match.actions) == n  # waiting for the click
    key(app, pygame.K_a)
    assert app.settings.auto_draw and t.match.meta.auto_draw is True
    assert button(app, "Auto-draw").text == "Auto-draw: on (A)"
    settle(app, 1.0)
    assert len(t.match.actions) > n and t.match.actions[n].kind == "draw"


def test_a_dead_run_is_drawn_out_with_one_click_in_seconds(app):
    app.settings.animation = "normal"
    t = _must_draw(app, dead=True)
    assert "Draw out the pile" in button(app, "Draw out").text
    round_no = t.view.round
    press(app, "Draw out")
    frames = 0
    while t.view.phase == PHASE_PLAY and frames < 600:
        pump(app, 1, dt=1 / 30)
        frames += 1
    assert t.view.phase in (PHASE_BREAK, PHASE_OVER) and t.view.history[-1].round == round_no
    # simulated seconds at normal animation speed, not wall-clock time
    assert frames / 30 < 6.0, f"the pile took {frames / 30:.1f} s of table time"
    settle(app, 1.5)
    assert top(app).name == "runs-round-summary"


# --- people -----------------------------------------------------------------------------------------


def test_pass_screen_between_two_people_shows_nothing_before_confirm(app):
    # Anna (0) and Ben (1) are people, Cleo (2) a computer; Anna to play
    # (the table's rules: Ben's lone card that may go plays itself, and
    # under the written rules he would hardly ever have a choice)
    runner = demo.find_runner({"players": 3, "rounds": 5, **TABLE_RULES}, lambda st: st.phase == PHASE_PLAY and st.turn == 0 and len(st.chain) >= 2 and bool(GAME.playable(st, 0)) and not GAME.chain_dead(st))
    t = open_table(app, runner, bots=[None, None, "strong"])
    # two people: the first hand is shown only after Anna confirms
    assert top(app).name == "pass"
    press(app, "I'm Anna")
    assert t.viewer == 0
    area = hand_area(t)
    assert paper_share(app.screen, area) > 0.3  # Anna's cards are on screen
    click(app, hand_rect(t, t.view.playable[0]).center)
    # play on until Ben has to decide something; nothing of his may show before he confirms
    for _ in range(400):
        pump(app, 1, dt=1 / 20)
        if top(app).name == "pass":
            break
        if t.my_turn() and t.viewer == 0:
            if t.view.playable:
                click(app, hand_rect(t, t.view.playable[0]).center)
            else:
                key(app, pygame.K_d)
        if t.view.phase != PHASE_PLAY:
            break
    assert top(app).name == "pass", "Ben was never handed the device"
    assert t.viewer is None and t.match.state.turn == 1
    for _ in range(3):
        pump(app, 1)
        assert paper_share(app.screen, area) < 0.02
    ben = t.match.state.hands[1]
    press(app, "I'm Ben")
    assert top(app) is t and t.viewer == 1 and t.view.hand == ben
    pump(app, 2)
    assert paper_share(app.screen, area) > 0.3


def test_a_forced_draw_of_the_next_person_plays_itself_and_anna_keeps_the_device(app):
    """Issue 24 (issue 11 handed the device to Ben first): Anna plays her
    one card and Ben cannot follow.  With auto-draw off too, his draw has
    nothing to decide: it plays itself, face down, and Anna keeps the
    device; no pass screen, nothing of Ben's hand on screen."""
    t = open_scene(app, "runs-forced-draw")
    assert top(app) is t and t.viewer == 0 and t.my_turn() and t.match.meta.auto_draw is False
    n = len(t.match.actions)
    click(app, hand_rect(t, t.view.playable[0]).center)
    for _ in range(120):
        if len(t.match.actions) >= n + 2:
            break
        pump(app, 1)
        assert top(app).name != "pass"
    assert [a.kind for a in t.match.actions[n : n + 2]] == ["play", "draw"]
    states = t.match.runner.states
    drawn = set(states[n + 2].hands[1]) - set(states[n + 1].hands[1])  # Ben's card
    assert len(drawn) == 1 and t.viewer == 0 and top(app) is t and not drawn & set(t.view.hand)


def test_with_auto_draw_the_next_persons_forced_draw_plays_itself_without_a_pass(app):
    t = open_scene(app, "runs-forced-draw")
    key(app, pygame.K_a)
    assert t.match.meta.auto_draw is True
    n = len(t.match.actions)
    click(app, hand_rect(t, t.view.playable[0]).center)
    for _ in range(120):
        if len(t.match.actions) >= n + 2:
            break
        pump(app, 1)
        assert top(app).name != "pass"  # a draw reveals nothing: Anna keeps the device
    assert [a.kind for a in t.match.actions[n : n + 2]] == ["play", "draw"]
    assert t.viewer == 0 and top(app) is t


# --- Menu and Esc, messages ----------------------------------------------------------------------------


def _while_a_computer_thinks(app) -> RunsTable:
    app.settings.animation = "normal"
    t = my_turn_with_choice(app)
    click(app, hand_rect(t, t.view.playable[0]).center)
    for _ in range(120):
        if t.model.thinking is not None:
            break
        pump(app, 1)
    assert t.model.thinking is not None and t.busy
    return t


def test_esc_while_a_computer_thinks_goes_to_the_menu_and_the_save_holds_the_game(app):
    t = _while_a_computer_thinks(app)
    actions = [GAME.action_to_text(a) for a in t.match.actions]
    key(app, pygame.K_ESCAPE)
    assert top(app).name == "menu"
    save, problem = read_save("runs")
    assert problem is None and save["record"]["actions"] == actions
    settle(app, 2.0)
    assert [GAME.action_to_text(a) for a in t.match.actions] == actions  # nothing played on after leaving


def test_the_menu_button_works_while_a_computer_thinks(app):
    t = _while_a_computer_thinks(app)
    n = len(t.match.actions)
    press(app, "Menu")
    assert top(app).name == "menu"
    assert len(read_save("runs")[0]["record"]["actions"]) == n


def test_messages_appear_in_their_band_under_the_header(app):
    t = my_turn_with_choice(app)
    bad = next(c for c in t.view.hand if c not in t.view.playable)
    click(app, hand_rect(t, bad).center)
    assert said(t)
    pump(app, 1)
    header = t.header().rect
    seats_top = min(r.y for r in t.layout().seats.values())
    x = t.play_centre_x()

    def message_red(y: int) -> bool:
        r, g, b, *_ = app.screen.get_at((x, y))
        return r > 90 and g < 60 and b < 60

    rows = [y for y in range(seats_top) if message_red(y)]
    assert rows, "no message in the band under the header"
    assert min(rows) >= header.bottom and max(rows) < seats_top - 1  # neither over the header nor over the seats


# --- whole games ------------------------------------------------------------------------------------


def _human_move(app, t, i: int) -> None:
    """One move of the person at the screen, by drag, click, keys or pile."""
    v = t.view
    if v.playable:
        card = v.playable[i % len(v.playable)]
        if i % 3 == 0:
            drag(app, hand_rect(t, card).center, t.layout().slot.center)
        elif i % 3 == 1:
            click(app, hand_rect(t, card).center)
        else:
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
    elif i % 2:
        click(app, t.layout().pile.center)
    else:
        key(app, pygame.K_d)


def test_a_whole_game_with_computers_to_the_end_screen(app):
    app.settings.animation = "off"
    from game.ui.tables.runs.setup import SetupScene

    app.push(SetupScene(app))
    pump(app, 2)
    press(app, "4")  # four seats: Player 1 a person, three strong computers
    last_seat = [b for b in buttons(app) if b.text == "Computer: strong"][-1]
    click(app, last_seat.rect.center)  # strong -> person
    last_seat = [b for b in buttons(app) if b.text == "Person"][-1]
    click(app, last_seat.rect.center)  # person -> simple
    assert [b.text for b in buttons(app) if b.text.startswith("Computer")] == ["Computer: strong", "Computer: strong", "Computer: simple"]
    press(app, "Deal the cards")
    t = top(app)
    assert isinstance(t, RunsTable) and t.players == 4
    bots = [s.bot for s in t.match.seats]
    assert bots[0] is None and all(bots[1:])
    i = 0
    rounds_seen = set()
    for _ in range(4000):
        sc = top(app)
        if sc.name == "runs-result":
            break
        if sc.name == "runs-round-summary":
            rounds_seen.add(sc.result.round)
            if sc.final:
                press(app, "Final scores")
            else:
                key(app, pygame.K_n)
            continue
        if t.my_turn() and not t.busy:
            _human_move(app, t, i)
            i += 1
        else:
            pump(app, 1, dt=1 / 30)
    assert top(app).name == "runs-result", top(app).name
    assert rounds_seen == {1, 2, 3, 4, 5}
    out = t.match.outcome
    assert t.view.phase == PHASE_OVER and len(t.view.history) == 5
    assert out.termination is Termination.FINISHED
    title = top(app).title()
    assert all(t.seat_name(w) in title for w in out.winners)
    # statistics (the setup's house rules, with the stop: counted apart) and no save left behind
    assert t.match.options["new_run"] is True and t.match.options["stop"] is True and t.match.options["big_deal"] is True
    stats, _ = load_stats()
    st = stats["runs"]["stop"]
    assert st["games"] == 1 and st["rounds"] == 5 and st["kinds"]["person"]["seats"] == 1
    assert sum(r["wins"] for r in st["kinds"].values()) == len(out.winners)
    lines = runs_ui.stats_lines(stats["runs"], "en")
    assert lines[:2] == [("House rules: new run + stop + bigger deal", ""), ("Games played", "1 (5 rounds)")]
    assert read_save("runs")[0] is None
    # play again: a new table with the same seats
    press(app, "Play again")
    assert isinstance(top(app), RunsTable) and [s.bot for s in top(app).match.seats] == bots


def test_until_we_stop_ends_at_a_break_with_the_stop_button_after_asking(app):
    runner = demo.find_runner({"players": 3, "rounds": 0}, lambda st: st.phase == PHASE_BREAK and st.round >= 2, seeds=range(3, 40))
    t = open_table(app, runner)
    assert top(app).name == "runs-round-summary"
    # stopping throws the open-ended game's future away: it asks, the safe answer first
    press(app, "End the game")
    assert top(app).name == "confirm" and top(app).focused().text == "Cancel"
    key(app, pygame.K_RETURN)
    assert top(app).name == "runs-round-summary" and not t.match.over
    press(app, "End the game")
    press(app, "End the game")  # the question's yes
    settle(app, 1.0)
    assert t.view.phase == PHASE_OVER and t.match.actions[-1].kind == "stop"
    assert t.match.outcome.termination is Termination.STOPPED
    assert top(app).name == "runs-result"
    stats, _ = load_stats()
    assert stats["runs"]["games"] == 1 and stats["runs"]["kinds"]["person"]["seats"] == 1


def test_next_round_deals_again_and_the_start_moves_left(app):
    t = open_table(app, demo.at_break())
    starter = t.view.next_starter  # the engine's: the start moves one seat left
    rnd = t.view.round
    press(app, "Next round")
    assert t.view.round == rnd + 1 and t.view.phase == PHASE_PLAY and t.view.turn == starter


def test_resume_continues_the_saved_game_exactly(app):
    t = my_turn_with_choice(app)
    click(app, hand_rect(t, t.view.playable[0]).center)
    settle(app, 1.5)
    actions = [GAME.action_to_text(a) for a in t.match.actions]
    save, problem = read_save("runs")
    assert problem is None and save["record"]["actions"] == actions
    app.to_menu()
    assert runs_ui.resume(app, save) is None
    t2 = top(app)
    assert isinstance(t2, RunsTable) and t2.match.state == t.match.state
    assert [s.name for s in t2.match.seats] == [s.name for s in t.match.seats]
    assert t2.match.log()  # the round's log is rebuilt from the record


def test_every_runs_scene_draws_in_german_too(app):
    from game import i18n

    i18n.set_language("de")
    for name, make in runs_ui.scene_factories(app):
        app.scenes.reset(make())
        pump(app, 2)
        assert app.scenes.top is not None, name


def test_a_new_round_between_two_people_hides_every_hand_until_confirmed(app):
    runner = demo.find_runner({"players": 3, "rounds": 5}, lambda st: st.phase == PHASE_BREAK and st.next_starter in (0, 1), seeds=range(5, 60))
    t = open_table(app, runner, bots=[None, None, "simple"])
    assert top(app).name == "runs-round-summary"  # the sheet is public: no pass screen
    starter = t.match.state.next_starter
    press(app, "Next round", frames=2)
    assert t.view.phase == PHASE_PLAY and t.view.turn == starter
    # the new hands are dealt face down (no hand on the table), then the device is passed
    for _ in range(120):
        if top(app).name == "pass":
            break
        assert t.viewer is None and paper_share(static_layer(t), hand_area(t)) < 0.02
        pump(app, 1)
    assert top(app).name == "pass" and t.viewer is None
    name = t.seat_name(starter)
    press(app, f"I'm {name}")
    assert t.viewer == starter and t.view.hand == t.match.state.hands[starter]


def test_statistics_lines_and_odd_files():

    # the fold itself is tested in tests/games/runs/test_policy.py
    st: dict = {}
    tie = Outcome(winners=(0, 2), scores=(-40.0, -90.0, -40.0), reason=msg("runs.outcome.tie"))
    fold_stats(st, tie, ["person", "strong", "simple"], ["Anna", "C2", "C3"], 5)
    win = Outcome(winners=(1,), scores=(-70.0, -20.0, -50.0), reason=msg("runs.outcome.win"))
    fold_stats(st, win, ["person", "strong", "simple"], ["Anna", "C2", "C3"], 6)
    lines = dict(runs_ui.stats_lines(st, "en"))
    assert lines["Best score"] == "−20 · C2" and lines["Person"] == "1 of 2 won · best −40"
    assert runs_ui.stats_lines({}, "en") == []
    assert runs_ui.stats_lines({"games": 1, "kinds": "x", "people": 3, "best": 5}, "de")[0][0] == "Gespielte Partien"


def test_the_hint_outlines_the_strong_computers_card_says_why_and_counts_as_help(app):
    t = my_turn_with_choice(app, min_chain=1, min_playable=2)
    assert button(app, "Hint").is_enabled
    key(app, pygame.K_h)
    told = [x for x in said(t) if x.startswith("Hint: play")]
    assert told and t.match.meta.hint_used and t.match.save_meta()["hint_used"] is True
    card = t.view.hand[t.model.cursor]
    assert display(card) in told[0]
    key(app, pygame.K_RETURN)
    assert t.match.actions[-1].card == card
    # the hint was about the position before the card: it goes with it
    # (it stayed on screen after the card was played, seen in a window)
    assert not [x for x in said(t) if x.startswith("Hint: play")], said(t)


def test_hot_seat_forced_draws_need_no_pass_screen_and_show_as_new_to_their_owner(app):
    """Two people: a forced draw plays itself while the other person's hand
    is on screen; its owner finds the card marked new when the device comes
    back, and only then."""
    import random

    from game.engine.match import Match, Seat
    from game.games.runs.bots import SimpleBot
    from game.ui.kit.passdevice import PassScene

    app.settings.animation = "off"
    # (the table's rules: under the written ones a turn with a choice, the
    # only one handed over since a lone card that may go plays itself,
    # comes about once a round)
    m = Match.start(GAME, {**GAME.default_options(2), "rounds": 5, **TABLE_RULES}, 4, [Seat("Anna"), Seat("Ben")])
    t = seated(app, RunsTable(app, m))
    rng, bot, marked = random.Random(4), SimpleBot(), 0
    for _ in range(300):
        top = app.scenes.top
        if isinstance(top, PassScene):
            click(app, top.ready.rect.center)
            pump(app, 2)
            if t.model.fresh:
                assert t.model.fresh <= set(t.view.hand)
                assert any(x == "new" for x in drawn_texts(app))
                marked += 1
            continue
        if top is not t:
            press(app, "Next round") if button(app, "Next round") else key(app, pygame.K_RETURN)
            continue
        if m.over or marked >= 2:
            break
        if t.my_turn():
            t.act_or_refuse(bot.choose(m.view(), m.legal(), rng))
        settle(app, 0.3)
    assert marked >= 2


def test_a_card_drawn_while_away_is_new_after_menu_and_continue_too(app):
    """Seen in a real window: after Menu, Continue and Resume at the pass
    screen, the card a forced draw had brought into the next person's
    hand was not marked new (when the hand was last on screen went with
    the scene)."""
    import random

    from game.engine.match import Match, Seat
    from game.games.runs.bots import SimpleBot
    from game.ui.kit.passdevice import PassScene

    app.settings.animation = "off"
    # (the table's rules: under the written ones a turn with a choice, the
    # only one handed over since a lone card that may go plays itself,
    # comes about once a round)
    m = Match.start(GAME, {**GAME.default_options(2), "rounds": 5, **TABLE_RULES}, 4, [Seat("Anna"), Seat("Ben")])
    t = seated(app, RunsTable(app, m))
    rng, bot = random.Random(4), SimpleBot()
    for _ in range(300):
        top = app.scenes.top
        if isinstance(top, PassScene):
            # what the next person will find new, from this table and from
            # the same game continued from its save
            nxt = m.current
            resumed = Match.resume(m.record(), meta=m.save_meta())
            t2 = RunsTable(app, resumed)
            t2.model.viewer_changed(nxt)
            click(app, top.ready.rect.center)
            pump(app, 2)
            assert t2.model.fresh == t.model.fresh
            if t.model.fresh:
                return
            continue
        if top is not t:
            press(app, "Next round") if button(app, "Next round") else key(app, pygame.K_RETURN)
            continue
        assert not m.over
        if t.my_turn():
            t.act_or_refuse(bot.choose(m.view(), m.legal(), rng))
        settle(app, 0.3)
    raise AssertionError("no forced draw came while a hand was away")


def test_the_deal_number_shows_only_once_the_game_is_over(app):
    """With the number, the deal replayed in another copy shows every hand
    and the pile: it showed in the header all game long."""
    from game.i18n import tr

    t = my_turn_with_choice(app)
    assert tr("runs.table.deal", n=t.match.seed) not in t.facts(), t.facts()
    over = open_table(app, demo.finished())
    assert over.finished and tr("runs.table.deal", n=over.match.seed) in over.facts(), over.facts()


def test_a_table_set_up_in_english_names_its_default_seats_in_german_after_a_switch(app):
    """A game set up in English and switched to German mid-game said "Gib
    das Gerät an Player 2 weiter" and "Player 1" in its log: seats named by
    default are named in the language of now, typed names stay."""
    from game import i18n

    english = [i18n.tr("ui.seat", "en", n=i + 1) for i in range(3)]
    runner = demo.find_runner({"players": 3, "rounds": 5}, lambda st: st.phase == PHASE_PLAY and st.turn == 0 and bool(GAME.playable(st, 0)) and not GAME.chain_dead(st))
    t = open_table(app, runner, bots=[None, None, "strong"], names=[english[0], english[1], "Cleo"])
    assert top(app).name == "pass"
    try:
        i18n.set_language("de")
        pump(app, 2)
        german = [i18n.tr("ui.seat", "de", n=i + 1) for i in range(3)]
        drawn = drawn_texts(app)
        assert any(german[0] in d for d in drawn) and not any(english[0] in d for d in drawn), drawn
        press(app, i18n.tr("ui.pass.ready", name=german[0]))
        assert top(app) is t and t.viewer == 0
        assert [s.name for s in t.match.seats] == [german[0], german[1], "Cleo"]
        assert t.seat_name(1) == german[1]
    finally:
        i18n.set_language("en")


def test_statistics_count_a_default_named_person_once_whatever_the_language():
    """Games played as "Player 1" in English and "Person 1" in German were
    two people in the statistics; typed names stay apart."""
    from game.i18n import tr

    st: dict = {}
    fold_stats(st, Outcome(winners=(0,), scores=(40, 10), reason=msg("runs.outcome.win")), ["person", "person"], [tr("ui.seat", "en", n=1), "Anna"], 5)
    fold_stats(st, Outcome(winners=(0,), scores=(65, 60), reason=msg("runs.outcome.win")), ["person", "person"], [tr("ui.seat", "de", n=1), "Anna"], 5)
    for lang in ("en", "de"):
        lines = dict(runs_ui.stats_lines(st, lang))
        me = "· " + tr("ui.seat", lang, n=1)
        assert me in lines and "· Anna" in lines, lines
        assert lines[me] == tr("runs.table.stats_row", lang, wins=2, n=2, best="65"), lines[me]
        assert not [k for k in lines if k.startswith("· ") and k not in (me, "· Anna")], lines
        assert lines[tr("runs.table.stats_best", lang)].endswith(tr("ui.seat", lang, n=1))


def test_both_people_find_their_own_forced_draws_marked_new_when_the_device_comes_back(app):
    """Two people and a computer (Anna, Ben, Cleo): Ben's forced draws were
    always made under Anna's hand and marked new when his came back;
    Anna's were mostly made with her own hand still up, the device passed
    at once, and counted as seen: never marked.  Every card that came into
    a hand since its owner last moved by hand (or was handed the device)
    is new to them, for both people."""
    import random

    from game.engine.match import Match, seats_from
    from game.games.runs.bots import SimpleBot
    from game.games.runs.rules import TABLE_RULES
    from game.ui.kit.passdevice import PassScene

    app.settings.animation = "off"
    m = Match.start(GAME, {**GAME.default_options(3), "rounds": 5, **TABLE_RULES}, 4, seats_from(["Anna", "Ben", "Cleo"], [None, None, "simple"]))
    t = seated(app, RunsTable(app, m))
    rng, bot = random.Random(4), SimpleBot()
    looked: dict[int, int] = {}  # seat -> moves made when its owner last had the hand in front of them
    marked = {0: 0, 1: 0}
    for _ in range(3000):
        top = app.scenes.top
        if isinstance(top, PassScene):
            click(app, top.ready.rect.center)
            pump(app, 2)
            v = t.viewer
            before = looked.get(v)
            if before is not None and m.states[before].round == m.state.round:
                came = frozenset(m.view(v).hand) - frozenset(GAME.view(m.states[before], v).hand)
                assert came <= t.model.fresh, (v, came, t.model.fresh)
                marked[v] += bool(came)
            looked[v] = len(m.actions)
            continue
        if top is not t:
            press(app, "Next round") if button(app, "Next round") else key(app, pygame.K_RETURN)
            continue
        if m.over or min(marked.values()) >= 2:
            break
        if t.my_turn():
            t.act_or_refuse(bot.choose(m.view(), m.legal(), rng))
            looked[t.viewer] = len(m.actions)
        settle(app, 0.1)
    assert min(marked.values()) >= 2, marked
