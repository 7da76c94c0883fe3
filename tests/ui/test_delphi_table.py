"""The Delphi table through real events on the dummy driver: set-up, the
God's rule screen, playing single cards and strings by drag, by click and
by keys, refusals, the pass screen, buttons enabled from the engine, a
whole round with computers and one person, the round summary, stopping
early (asked first), saving and resuming, the tableau's layout with many
cards, and the shell's promises: messages in their band under the header,
no game key pressing a button, Menu and Esc while a computer thinks."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine import GameRunner, IllegalAction
from game.engine.match import Match
from game.games.delphi import GAME
from game.games.delphi.state import DECLARE, GAME_OVER, GOD_PICK, PROPHET_PICK, PROPHET_VERDICT, ROUND_OVER, SETRULE, TURN, Action
from game.persistence.saves import load_stats, read_save
from game.ui import cardart
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.model import Notes, Tone
from game.ui.kit.passdevice import PassScene
from game.ui.scenes.menu import MenuScene
from game.ui.tables.delphi import demo, start_game, stats_lines
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.layout import VISIBLE
from game.ui.tables.delphi.libraryscene import LibraryScene
from game.ui.tables.delphi.setup import SetupScene, god_round
from game.ui.tables.delphi.summary import RoundScene
from game.ui.tables.delphi.table import DelphiTable
from tests.ui.helpers import button, buttons, click, drag, drawn_texts, key, move, press, pump, said, settle

GARDNER = demo.GARDNER


def table_of(app) -> DelphiTable:
    for s in reversed(app.scenes.scenes):
        if isinstance(s, DelphiTable):
            return s
    raise AssertionError(f"no Delphi table in {[type(s).__name__ for s in app.scenes.scenes]}")


def seat_table(app, match: Match) -> DelphiTable:
    """A table on ``match``, pushed over the menu; the match decides who
    is at the screen."""
    t = DelphiTable(app, match)
    app.scenes.push(t)
    pump(app, 2)
    return t


def hand_point(t, i):
    r = t.layout().hand.rects[i]
    return (r.x + 5, r.y + r.h // 2)


def slot_point(t):
    T = t.layout().tableau
    return (T.slot or T.area).center


def my_turn_match(players=5, prophet=False, min_played=4) -> Match:
    """Anna (seat 0, the one person) is to play; computers fill the other seats."""
    return demo.find(demo.gardner(players), lambda st: st.phase == TURN and st.turn == 0 and st.played >= min_played and (st.prophet >= 0) == prophet)


def type_text(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, 2)


# --- set-up ---------------------------------------------------------------------------------
def test_setup_starts_a_game_and_the_computer_god_draws_a_library_rule(app):
    from game.games.delphi.library import find_text
    from game.ui.tables.delphi import open_new

    open_new(app)
    pump(app, 2)
    assert app.scenes.top.name == "delphi-setup"
    press(app, "5")  # five seats
    press(app, "Start the game")
    t = table_of(app)
    assert t.players == 5 and t.is_bot(1) and not t.is_bot(0)
    assert t.match.state.phase == SETRULE and t.match.state.god == 1  # God first: seat 2, a computer
    settle(app, 2.0)
    st = t.match.state
    assert st.phase in (TURN, DECLARE) or st.played > 1
    assert find_text(st.rule) is not None, st.rule  # the computer God drew from the library
    assert t.viewer == 0 and t.view.rule is None  # the person never sees the rule
    # the library rule's hint for everyone first, then the rule
    hint, rule = (GAME.action_to_text(a) for a in t.match.actions[:2])
    assert hint == "libhint " + find_text(st.rule).id and rule.startswith("rule ")
    assert st.hint_rule == find_text(st.rule).id


def test_a_computer_god_draws_a_rule_of_its_seats_level(app):
    meta = {"names": ["Anna", "Ben", "Cleo", "Dev"], "bots": [None, "cautious", "cautious", "cautious"], "levels": ["easy", "hard", "medium", "hard"]}
    t = start_game(app, {"players": 4, "rounds": 4, "first_god": 1}, 21, meta)
    settle(app, 1.0)
    # what the table draws for this seed (with the library rule's hint given first); pinned
    # again when issue 13 added 24 rules to the library and the difficulty thirds moved, and
    # when the augur learned those rules (sum_parity_colour fell from 48.7 to 17.6 cards and
    # left the hard third; red_or_even, 33.0 cards, is in it)
    assert t.match.record().actions[:2] == ["libhint red_or_even", "rule card.color = red or card.rank is even"]


def test_setup_rows_follow_the_seat_count_and_rounds(app):
    sc = SetupScene(app)
    app.scenes.push(sc)
    pump(app, 2)
    press(app, "8")
    assert sc.values["players"] == 8 and sc.values["rounds"] == 8
    press(app, "−")
    assert sc.values["rounds"] == 7
    assert sum(1 for s in range(8) if god_round(sc.values, s) is None) == 1
    press(app, "Oracle")
    assert sc.options()["god_name"] == "Oracle"
    press(app, "3")
    assert sc.values["players"] == 3 and sc.values["rounds"] == 3


# --- playing ---------------------------------------------------------------------------------
def test_drag_a_card_onto_the_main_line_and_the_engine_judges_it(app):
    m = my_turn_match()
    t = seat_table(app, m)
    before = t.match.state
    n = len(t.match.actions)
    card = t.hand()[2]
    right = GAME.fits(before, card)
    drag(app, hand_point(t, 2), slot_point(t))
    st = t.match.states[n + 1]
    assert t.match.actions[n] == GAME.action_from_text(f"play {card.code}")
    if right:
        assert st.main[len(before.main)] == card
    else:
        assert st.side[-1].cards == (card,) and len(st.main) == len(before.main)


def test_click_cards_in_order_then_play_the_string(app):
    m = my_turn_match()
    t = seat_table(app, m)
    hand = t.hand()
    i, j = 5, 1
    click(app, hand_point(t, i))
    click(app, hand_point(t, j))
    assert t.chosen == [i, j]
    assert t.model.string_cards() == (hand[i], hand[j])
    b = button(app, "Play the 2 cards")
    assert b.is_enabled
    # the prompt names the button as it reads (it said "press Play")
    assert t.status()[0] == "A string of 2 cards: drag it onto the main line or press “Play the 2 cards”."
    n = len(t.match.actions)
    press(app, "Play the 2 cards")
    settle(app, 1.0)
    assert GAME.action_to_text(t.match.actions[n]) == f"play {hand[i].code} {hand[j].code}"
    st = t.match.state
    placed = st.main[-2:] == (hand[i], hand[j]) or any(sp.cards == (hand[i], hand[j]) for sp in st.side)
    assert placed  # right: both join the main line; wrong: the string hangs together


def test_drag_a_string_moves_all_its_cards(app):
    m = my_turn_match()
    t = seat_table(app, m)
    hand = t.hand()
    for i in (3, 0, 7):
        click(app, hand_point(t, i))
    assert t.chosen == [3, 0, 7]
    n = len(t.match.actions)
    drag(app, hand_point(t, 0), slot_point(t))
    settle(app, 1.0)
    assert GAME.action_to_text(t.match.actions[n]) == f"play {hand[3].code} {hand[0].code} {hand[7].code}"


def test_keyboard_builds_and_plays_a_string(app):
    m = my_turn_match()
    t = seat_table(app, m)
    hand = t.hand()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert t.chosen == [0, 2]
    n = len(t.match.actions)
    key(app, pygame.K_RETURN)
    settle(app, 1.0)
    assert GAME.action_to_text(t.match.actions[n]) == f"play {hand[0].code} {hand[2].code}"


def test_playing_out_of_turn_is_refused_and_the_card_flies_back(app):
    # five people: Anna is to play, but Cleo has the device; her card may not go down
    m = my_turn_match()
    st = m.state
    other = GAME.current_player(st)
    t = seat_table(app, Match(m.runner, demo.seats(st.players, people=range(st.players))))
    assert isinstance(app.scenes.top, PassScene) and app.scenes.top.player_name == t.seat_name(other)
    app.pop()  # not Anna: Cleo takes the device instead
    t.match.handed_to(next(s for s in range(st.players) if s not in (other, st.god)))
    pump(app, 2)
    before = t.match.state
    drag(app, hand_point(t, 0), slot_point(t))
    assert t.match.state is before  # nothing happened
    assert any(f.duration > 0 for f in t.anim.flights)  # flying back
    assert any("not your turn" in x for x in said(t))
    assert any(t.seat_name(other) in x for x in said(t))  # says who is to play


def declare_moment(app) -> DelphiTable:
    """Anna has just played and may declare herself Prophet; Cleo, a person
    too, is next, so the table asks Anna (the pass screen would end her
    chance)."""
    m = my_turn_match(prophet=False)
    t = seat_table(app, Match(m.runner, demo.seats(5, people=(0, 2))))
    if isinstance(app.scenes.top, PassScene):
        press(app, "show my cards")
    drag(app, hand_point(t, 0), slot_point(t))
    settle(app, 1.0)
    assert t.match.state.phase == DECLARE and t.match.current == 0  # early in the round, no Prophet yet
    assert button(app, "Continue").is_enabled and button(app, "Declare Prophet").is_enabled
    return t


def test_engine_reason_shown_when_a_play_is_not_possible_now(app):
    t = declare_moment(app)
    before = t.match.state
    drag(app, hand_point(t, 0), slot_point(t))
    assert t.match.state is before
    with pytest.raises(IllegalAction) as e:
        GAME.apply(before, GAME.action_from_text(f"play {t.hand()[0].code}"))
    expected = t.render(e.value.reason)
    assert expected in said(t), said(t)
    assert "Anna" in expected


def test_a_key_that_cannot_act_now_says_why(app):
    """P when no declaring was possible, and W with no verdict due, did
    nothing at all (seen in a real window)."""
    t = seat_table(app, my_turn_match(prophet=True))
    before = t.match.state
    key(app, pygame.K_p)
    assert t.match.state is before
    assert t.render(GAME.prophet_blocker(before, t.viewer)) in said(t), said(t)
    key(app, pygame.K_w)
    assert t.match.state is before
    with pytest.raises(IllegalAction) as e:
        GAME.apply(before, Action("verdict", n=0))
    assert t.render(e.value.reason) in said(t), said(t)


def test_buttons_follow_the_engine(app):
    m = my_turn_match(prophet=False)
    t = seat_table(app, m)
    noplay = button(app, "No Play")
    prophet = button(app, "Declare Prophet")
    assert noplay.is_enabled  # No Play is always a legal action on one's turn
    assert not prophet.is_enabled  # only right after one's own play
    why = GAME.prophet_blocker(t.match.state, 0)
    assert why is not None
    move(app, prophet.rect.center)  # the pointer rests on it: why not, in the notes' band
    pump(app, 40)
    assert t.render(why) in [n.words("en") for n in t.shown_notes()]
    drag(app, hand_point(t, 1), slot_point(t))
    pump(app, 4)
    # nothing waits for Anna: the next player (a computer) is on turn, and
    # Anna may still declare until it has played
    st = t.match.state
    assert st.phase == TURN and t.match.current == 2 and st.declarer == 0
    assert not any("Continue" in b.text for b in buttons(app))
    assert t.busy  # the computer thinks ...
    press(app, "Declare Prophet")  # ... and the button works meanwhile
    assert t.match.state.prophet == 0
    settle(app, 0.5)
    assert not any(b.is_enabled for b in buttons(app) if "Declare Prophet" in b.text)  # the Prophet already


def test_the_chance_to_declare_ends_when_the_next_player_has_played(app):
    t = seat_table(app, my_turn_match(prophet=False))
    drag(app, hand_point(t, 1), slot_point(t))
    pump(app, 4)
    assert t.match.state.declarer == 0 and t.model.may_declare()
    assert "Prophet (P)" in t.status_text()
    for _ in range(200):
        if t.match.state.turn != 2 or t.match.state.phase != TURN:
            break
        pump(app, 1, dt=1 / 30)
    assert not t.model.may_declare() and t.match.state.prophet == -1
    assert not any(b.is_enabled for b in buttons(app) if "Declare Prophet" in b.text)
    assert "prophet" not in t.match.record().actions


def test_p_declares_while_a_computer_thinks(app):
    t = seat_table(app, my_turn_match(prophet=False))
    drag(app, hand_point(t, 1), slot_point(t))
    pump(app, 4)
    assert t.busy and t.match.current == 2
    key(app, pygame.K_p, frames=1)
    assert t.match.state.prophet == 0
    assert t.match.record().actions[-2:] == ["pass", "prophet"]


def test_prophet_judges_with_right_and_wrong(app):
    m = demo.prophet_judges()
    st = m.state
    assert st.prophet == 0 and st.phase == "prophet-verdict"
    t = seat_table(app, m)
    truth = GAME.truth_play(st, st.pending)
    n = len(t.match.actions)
    press(app, "Right" if truth else "Wrong")
    assert t.match.actions[n] == GAME.action_from_text("verdict right" if truth else "verdict wrong")
    assert t.match.states[n + 1].prophet == 0  # a right verdict keeps the Prophet


def test_no_play_shows_the_hand_and_the_prophet_picks(app):
    m = demo.noplay_judged()
    st = m.state
    t = seat_table(app, m)
    L = t.layout()
    assert L.shown is not None and len(L.shown_cards) == len(st.hands[st.turn])
    if st.phase == "prophet-verdict":
        fits = not GAME.truth_noplay(st, st.hands[st.turn])
        press(app, "A card fits" if fits else "No card fits")
        settle(app, 0.5)
        if not fits or t.match.state.phase != "prophet-pick":
            return
    st = t.match.state
    assert st.phase == "prophet-pick"
    shown = t.view.shown_hand
    good = next(i for i, c in enumerate(shown) if GAME.fits(st, c))
    click(app, t.layout().shown_cards[good].center)
    assert t.model.pick == good
    press(app, "on the main line")
    settle(app, 0.5)
    assert t.match.state.main[-1] == shown[good]


# --- people sharing the device ------------------------------------------------------------------
def _no_paper_in(surface, rect) -> bool:
    paper = cardart.PAPER
    for x in range(rect.x, rect.right, 7):
        for y in range(rect.y, rect.bottom, 7):
            if surface.get_at((x, y))[:3] == paper:
                return False
    return True


def test_pass_screen_between_two_people_shows_nothing_private(app):
    opts = {"players": 4, "rounds": 4, "first_god": 3, "rules": [GARDNER, None, None, None]}
    t = start_game(app, opts, 5, {"names": ["Anna", "Ben", "Cleo", "Dev"], "bots": [None, None, "cautious", "cautious"]})
    pump(app, 2)
    seen = 0
    for _ in range(60):
        top = app.scenes.top
        if isinstance(top, PassScene):
            w, h = app.size
            hand_band = pygame.Rect(0, int(h * 0.72), w, int(h * 0.28))
            assert _no_paper_in(app.screen, hand_band)  # no hand drawn behind the pass screen
            assert t.viewer is None
            seen += 1
            press(app, "show my cards")
            continue
        if t.match.state.phase == ROUND_OVER or t.finished:
            break
        if t.my_turn() and t.match.state.phase == TURN:
            drag(app, hand_point(t, 0), slot_point(t))
        elif t.my_turn() and t.match.state.phase == DECLARE:
            press(app, "Continue")
        settle(app, 0.6)
        if seen >= 3:
            break
    assert seen >= 3


def test_person_god_writes_a_rule_behind_the_pass_screen(app):
    opts = {"players": 3, "rounds": 3, "first_god": 0}
    t = start_game(app, opts, 9, {"names": ["Anna", "Ben", "Cleo"], "bots": [None, None, "cautious"]})
    pump(app, 2)
    assert isinstance(app.scenes.top, PassScene) and "Anna" in app.scenes.top.player_name
    press(app, "show my cards")
    g = app.scenes.top
    assert isinstance(g, GodScene)
    assert not button(app, "Use this rule").is_enabled
    click(app, g.entry.rect.center)
    type_text(app, "if last.rank is odd card.color = black")
    assert g.checked.error is not None and g.checked.error.column == 21
    assert not button(app, "Use this rule").is_enabled
    g.entry.set_text("")
    click(app, g.entry.rect.center)
    type_text(app, "card.color != last.color")
    assert g.checked.rule is not None
    g.analyser.wait()
    pump(app, 2)
    assert g.usable() and button(app, "Use this rule").is_enabled
    press(app, "Use this rule")
    settle(app, 1.5)  # the pass screen comes once the starter cards have landed
    st = t.match.state
    assert st.rule == "card.color != last.color" and st.phase == TURN
    # the next person gets the device through a pass screen, and never the rule
    if GAME.current_player(st) == 1:
        assert isinstance(app.scenes.top, PassScene) and app.scenes.top.player_name == "Ben"
        press(app, "show my cards")
        assert t.viewer == 1 and t.view.rule is None
        assert not any("card.color" in line for line, _ in t.info_lines(t.view))
    else:
        assert t.viewer is None or t.viewer != 0


def test_library_puts_a_rule_in_the_entry(app):
    t = seat_table(app, demo.setrule())
    g = app.scenes.top
    assert isinstance(g, GodScene)
    press(app, "Choose from the library")
    lib = app.scenes.top
    assert isinstance(lib, LibraryScene)
    press(app, "After the last card")
    from game.games.delphi.library import rules_in

    first = rules_in(family="two")[0]
    L = lib._list_rect()
    click(app, (L.x + 40, L.y + lib._row_h() // 2))
    assert app.scenes.top is g and g.rule_text == first.text
    g.analyser.wait()
    pump(app, 2)
    press(app, "Use this rule")
    pump(app, 2)
    assert t.match.state.rule == first.text


def test_god_may_judge_by_hand(app):
    t = seat_table(app, demo.setrule(players=3))
    assert [t.is_bot(p) for p in range(3)] == [False, True, True]
    press(app, "Judge by hand")
    press(app, "2")
    press(app, "Judge every play myself")
    pump(app, 2)
    st = t.match.state
    assert st.by_hand and st.starters == 2 and len(st.main) == 2
    # the computers play; each verdict comes back to God
    settle(app, 2.0)
    assert t.match.state.phase == "god-verdict" and t.viewer == 0
    n = len(t.match.actions)
    pending = t.match.state.pending
    press(app, "Right")
    assert t.match.actions[n] == GAME.action_from_text("verdict right")
    assert t.match.states[n + 1].main[-len(pending) :] == pending  # God said right: on the main line


# --- a whole round ---------------------------------------------------------------------------------
def test_a_whole_round_with_computers_and_one_person(app):
    opts = {"players": 4, "rounds": 1, "first_god": 1}
    t = start_game(app, opts, 21, {"names": ["Anna", "Ben", "Cleo", "Dev"], "bots": [None, "cautious", "cautious", "cautious"]})
    my_plays = 0
    for _ in range(400):
        top = app.scenes.top
        if isinstance(top, RoundScene):
            break
        st = t.match.state
        if t.my_turn() and st.phase == TURN:
            # play a card the others' evidence suggests, through a real drag
            drag(app, hand_point(t, my_plays % max(1, len(t.hand()))), slot_point(t))
            my_plays += 1
        elif t.my_turn() and st.phase == DECLARE:
            press(app, "Continue")
        elif t.my_turn() and st.phase == "prophet-verdict":
            truth = GAME.truth_play(st, st.pending) if st.pending_kind == "play" else GAME.truth_noplay(st, st.hands[st.turn])
            press(app, "Right" if truth and st.pending_kind == "play" else ("No card fits" if truth else ("Wrong" if st.pending_kind == "play" else "A card fits")))
        elif t.my_turn() and st.phase == "prophet-pick":
            shown = t.view.shown_hand
            good = next(i for i, c in enumerate(shown) if GAME.fits(st, c))
            click(app, t.layout().shown_cards[good].center)
            press(app, "on the main line")
        settle(app, 0.4)
    top = app.scenes.top
    assert isinstance(top, RoundScene) and top.final
    assert t.match.state.phase == GAME_OVER and my_plays >= 3
    res = t.match.state.results[0]
    texts = [top.title(), top.reason()] + [row[0] for row in top.rows()]
    assert "Anna" in texts and res.rule  # the rule is revealed with the scores
    assert t.finished and read_save("delphi")[0] is None  # the save is gone
    stats, _ = load_stats()
    st = stats["delphi"]
    assert st["games"] == 1 and st["rounds"] == 1
    lines = dict(stats_lines(st, "en"))
    assert lines["Games"] == "1" and lines["Rounds played"] == "1"


def test_computer_plays_are_animated(app):
    m = my_turn_match()
    t = seat_table(app, m)
    drag(app, hand_point(t, 0), slot_point(t))
    # the next seat is a computer: after its thinking pause a card travels
    for _ in range(40):
        pump(app, 1, dt=1 / 30)
        if any(f.duration >= 0.2 and f.hide and f.hide[0] in ("main", "side") for f in t.anim.flights):
            break
    else:
        raise AssertionError("no computer card was seen travelling")


# --- stopping, saving, resuming --------------------------------------------------------------------
def test_stop_early_scores_finished_rounds_with_compensation(app):
    m = demo.round_over()
    before = m.state
    t = seat_table(app, m)
    assert t.viewer is None  # between rounds the next hand is nobody's yet
    assert isinstance(app.scenes.top, RoundScene)
    press(app, "Stop the game here")
    press(app, "Stop and score")
    top = app.scenes.top
    assert isinstance(top, RoundScene) and top.final and top.outcome.stopped
    assert top.title() == "The game was stopped"
    assert t.match.record().actions[-1] == "stop" and t.finished  # the end is recorded
    expected = GAME.outcome(GAME.apply(before, GAME.stop_action(before)))
    assert top.outcome == expected
    stats, _ = load_stats()
    assert stats["delphi"]["games"] == 1 and stats["delphi"]["stopped"] == 1
    assert read_save("delphi")[0] is None
    god = before.results[0].god
    assert top.outcome.scores[god] == before.results[0].scores[god]  # God was God: no +10
    others = [p for p in range(before.players) if p != god]
    assert all(top.outcome.scores[p] == before.results[0].scores[p] + 10 for p in others)


def test_next_round_from_the_summary(app):
    t = seat_table(app, demo.round_over())
    assert isinstance(app.scenes.top, RoundScene)
    press(app, "Next round")
    assert t.match.state.round == 1 and t.match.state.phase == SETRULE
    # Cleo, a person, is God of round 2: the device goes to her, then her rule screen
    assert isinstance(app.scenes.top, PassScene) and app.scenes.top.player_name == "Cleo"
    press(app, "show my cards")
    assert isinstance(app.scenes.top, GodScene) and t.viewer == 2


def test_save_and_resume_replays_the_game(app):
    from game.ui.tables.delphi import resume

    opts = {"players": 4, "rounds": 4, "first_god": 1}
    t = start_game(app, opts, 33, {"names": ["Anna", "Ben", "Cleo", "Dev"], "bots": [None, "cautious", "cautious", "cautious"]})
    settle(app, 2.0)
    drag(app, hand_point(t, 0), slot_point(t))
    settle(app, 1.5)
    state = t.match.state
    save, problem = read_save("delphi")
    assert problem is None and save is not None
    app.to_menu()
    assert resume(app, save) is None
    t2 = table_of(app)
    assert t2.match.state == state and t2.seat_name(0) == "Anna"


# --- the tableau fits ----------------------------------------------------------------------------
def _resized(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(app, 2)


@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("make", ["long_line", "crowded"])
def test_a_long_main_line_stays_readable(app, size, make):
    """100+ cards: one row whose last card and "?" sit side by side, side
    lines hanging in that row's columns (never where another row would
    go), the whole line as an overview above; all inside the tableau."""
    m = getattr(demo, make)()
    assert len(m.state.main) >= (100 if make == "long_line" else 50)
    _resized(app, size)
    t = seat_table(app, m)
    L = t.layout()
    T = L.tableau
    assert T.fits and T.overview is not None
    assert len(T.overview.chips) == len(m.state.main)
    assert all(T.area.contains(r) for r in T.overview.chips)
    assert T.overview.area.bottom <= T.strip.top and T.area.contains(T.strip)
    last, slot = T.main[-1], T.slot
    assert slot is not None and slot.y == last.y and 0 < slot.x - last.right <= T.cw * 0.2  # side by side
    assert T.strip.contains(last) and T.strip.contains(slot)
    shown = [r for i, r in enumerate(T.main) if T.in_view(i)]
    assert len(shown) >= VISIBLE - 1 and all(T.strip.contains(r) for r in shown)  # and the "?"
    hanging = [r for j, col in enumerate(T.side) for r in col if T.in_view(m.state.side[j].anchor)]
    assert all(T.strip.contains(r) for r in hanging)
    assert not any(r.colliderect(x) for r in hanging for x in shown)  # no side card over a main-line card
    assert T.cw >= int(44 * L.s)
    # nothing in the tableau overlaps the hand, the status line or the side bar
    assert T.area.bottom <= L.status.y and T.area.right <= L.sidebar.x
    if size == (1280, 800):
        assert L.hand.cw >= 70  # hand cards stay large


def test_the_long_line_scrolls_back_and_comes_back_with_the_next_play(app):
    t = seat_table(app, demo.long_line())
    T = t.layout().tableau
    assert T.scroll == 0 and T.in_view(len(t.view.main) - 1)
    post_wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2)
    pygame.mouse.set_pos(T.strip.center)
    t.handle_event(post_wheel)
    assert t.layout().tableau.scroll == 6  # three places a notch
    key(app, pygame.K_PAGEUP)
    T = t.layout().tableau
    assert T.scroll == 6 + T.shown // 2 and not T.in_view(len(t.view.main) - 1)
    assert not T.strip.contains(T.slot)  # the "?" went with the newest cards
    # a click on a label of the overview brings that card into the row
    click(app, T.overview.chips[3].center)
    T = t.layout().tableau
    assert T.in_view(3) and T.first == 0
    # the next play brings the newest cards back
    drag(app, hand_point(t, 0), T.area.center)
    settle(app, 0.3)
    assert t.layout().tableau.scroll == 0


def test_cards_are_large_on_an_ordinary_table(app):
    t = seat_table(app, demo.prophet_in_office())
    assert t.layout().tableau.cw >= 70


def test_god_by_hand_rules_a_no_play_wrong_and_picks_the_card(app):
    r = GameRunner.start(GAME, {"players": 3, "rounds": 1, "first_god": 0, "rules": [{"hand": True, "starters": 1}]}, 4)
    r.play(GAME.action_from_text("noplay"))  # the player on turn says no card fits
    st = r.state
    assert st.phase == "god-verdict" and st.pending_kind == "noplay"
    player = st.turn
    t = seat_table(app, Match(r, demo.seats(3)))
    assert t.layout().shown is not None  # the hand lies open on the table
    press(app, "A card fits")
    assert t.match.state.phase == "god-pick"
    shown = t.view.shown_hand
    click(app, t.layout().shown_cards[2].center)
    assert t.model.pick == 2
    press(app, "on the main line")
    st = t.match.state
    assert st.main[-1] == shown[2]
    assert len(st.hands[player]) == len(shown) - 1 + 5  # the card went down, 5 penalty cards came


# --- the shell's promises (issue 11) ---------------------------------------------------------------
def _changed_box(before: pygame.Surface, after: pygame.Surface) -> pygame.Rect | None:
    """The box around the pixels that differ between two frames."""
    xs, ys = [], []
    w, h = before.get_size()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            if before.get_at((x, y)) != after.get_at((x, y)):
                xs.append(x)
                ys.append(y)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1) if xs else None


def test_a_refusal_comes_in_its_band_under_the_header_over_the_play_area(app):
    t = declare_moment(app)
    drag(app, hand_point(t, 0), slot_point(t))  # not now: the engine says why
    assert [n.tone for n in t.model.shown_notes()] == [Tone.REFUSE]
    settle(app, 1.5)  # every card landed, the verdict badge gone; the message stays
    app.step(0, events=[])
    shown = app.screen.copy()
    t.model.notes = Notes()
    app.step(0, events=[])
    box = _changed_box(app.screen, shown)
    assert box is not None
    header = t.header()
    assert box.top >= header.rect.bottom, (box, header.rect)  # never over Stop game, Rules, Menu
    assert box.right <= t.layout().sidebar.x and box.left >= 0  # over the tableau, not the side bar


def _focused_text(t) -> str | None:
    b = t.focused()
    return b.text if b is not None else None


def test_stopping_during_a_round_reveals_that_rounds_rule(app):
    """Stopped in round 2, the sheet revealed round 1's rule (the last
    finished round's result): now the interrupted round's, said so."""
    opts = {"players": 3, "rounds": 3, "first_god": 1, "rules": ["card.color != last.color", "card.rank is odd", None]}
    m = demo.find(opts, lambda st: st.round == 1 and st.phase == TURN and st.played >= 3)
    assert m.state.round == 1 and len(m.state.results) == 1
    t = seat_table(app, m)
    t.stop_now()
    top = app.scenes.top
    assert isinstance(top, RoundScene) and top.final and top.outcome.stopped
    shown = top.reveal()
    assert shown is not None and shown.stopped and shown.round == 1 and shown.god == m.state.god
    texts = drawn_texts(app)
    assert any("Round 2 was stopped before its end." in line for line in texts)
    assert any("Only odd ranks" in line for line in texts)  # round 2's rule, in words
    assert not any("The colour alternates" in line for line in texts)  # round 1's


def test_stopping_between_rounds_reveals_the_finished_rounds_rule(app):
    t = seat_table(app, demo.round_over())
    t.stop_now()
    top = app.scenes.top
    shown = top.reveal()
    assert shown is not None and not shown.stopped and shown.round == t.match.state.results[-1].round
    assert any("After an odd card play a black card" in line for line in drawn_texts(app))  # Gardner's, round 1


def test_tab_never_reaches_stop_game_and_stopping_asks_first_starting_on_cancel(app):
    t = seat_table(app, my_turn_match())
    ring = []
    for _ in range(12):
        key(app, pygame.K_TAB)
        ring.append(_focused_text(t))
    assert "Menu" in ring and "Stop game" not in ring
    press(app, "Stop game")
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmScene) and _focused_text(dialog) == "Cancel"
    key(app, pygame.K_RETURN)  # Enter takes the safe answer
    assert app.scenes.top is t and not t.finished and "stop" not in t.match.record().actions
    press(app, "Stop game")
    press(app, "Stop and score")
    assert t.finished and t.match.record().actions[-1] == "stop"
    assert isinstance(app.scenes.top, RoundScene) and app.scenes.top.final


def _keys_for(t, rng: random.Random) -> list[int]:
    """What a player at the keyboard presses now, by the README's key table."""
    st = t.match.state
    ph = st.phase
    if ph == TURN:
        n = len(t.hand())
        moves = [pygame.K_RIGHT] * rng.randrange(1, max(2, n)) + [pygame.K_SPACE]
        if rng.random() < 0.3:
            moves += [pygame.K_LEFT, pygame.K_SPACE]
        if rng.random() < 0.15:
            moves += [pygame.K_BACKSPACE, pygame.K_RIGHT, pygame.K_SPACE]
        return moves + [pygame.K_RETURN] if rng.random() < 0.9 else [pygame.K_n]
    if ph == DECLARE:
        return [rng.choice([pygame.K_c, pygame.K_p])]
    if ph == PROPHET_VERDICT:
        return [rng.choice([pygame.K_r, pygame.K_w])]
    if ph in (PROPHET_PICK, GOD_PICK):
        return [pygame.K_RIGHT] * rng.randrange(1, 4) + [pygame.K_RETURN]
    return []


def test_playing_by_keyboard_never_stops_the_game(app):
    """Space, Enter, arrows and the letters, with Tab now and then: a game
    key never presses the focused button, nothing asks to stop the game."""
    rng = random.Random(4)
    t = start_game(app, {"players": 4, "rounds": 1, "first_god": 1}, 21, {"names": ["Anna", "Ben", "Cleo", "Dev"], "bots": [None, "cautious", "cautious", "cautious"]})
    turns = 0
    for _ in range(300):
        top = app.scenes.top
        assert not isinstance(top, ConfirmScene), "a question nobody asked for"
        assert top is t or isinstance(top, RoundScene), top.name
        if isinstance(top, RoundScene):
            break
        if t.my_turn() and not t.busy:
            if rng.random() < 0.5:
                for _ in range(rng.randrange(1, 6)):
                    key(app, pygame.K_TAB, frames=1)
                    # (Tab stops at the main line and the hand too: then no button has the focus)
                    assert _focused_text(t) != "Stop game"
                    assert _focused_text(t) is not None or t.a11y_region is not None
                key(app, pygame.K_SPACE, frames=1)  # a game key: it never presses the focused button
                assert app.scenes.top is t and t.focused() is None
            before = len(t.match.actions)
            for k in _keys_for(t, rng):
                key(app, k, frames=1)
                assert app.scenes.top is t
            turns += len(t.match.actions) > before
        settle(app, 0.3)
    assert turns >= 5, (turns, t.match.state.phase, len(t.match.actions))
    assert isinstance(app.scenes.top, RoundScene) and app.scenes.top.final
    assert not t.match.state.stopped and "stop" not in t.match.record().actions


def test_esc_and_menu_work_while_a_computer_thinks(app):
    meta = {"names": ["Anna", "Ben", "Cleo"], "bots": [None, "cautious", "cautious"]}
    t = start_game(app, {"players": 3, "rounds": 3, "first_god": 1}, 8, meta)
    pump(app, 1)
    assert t.busy and t.match.current == 1  # the computer God is writing its rule
    key(app, pygame.K_ESCAPE, frames=1)
    assert isinstance(app.scenes.top, MenuScene)
    t = start_game(app, {"players": 3, "rounds": 3, "first_god": 1}, 8, meta)
    pump(app, 1)
    assert t.busy
    click(app, button(app, "Menu").rect.center)
    assert isinstance(app.scenes.top, MenuScene)


def test_with_nobody_at_the_table_the_next_round_begins_by_itself(app):
    meta = {"names": demo.NAMES[:3], "bots": ["cautious"] * 3}
    t = start_game(app, {"players": 3, "rounds": 2, "first_god": 0, "rules": [GARDNER, None]}, 3, meta)
    for _ in range(600):
        if isinstance(app.scenes.top, RoundScene):
            break
        settle(app, 0.2)
    summary = app.scenes.top
    assert isinstance(summary, RoundScene) and not summary.final and t.viewer is None
    settle(app, 3.5)
    assert t.match.state.round == 1


def test_a_computer_augur_finds_its_candidate_space_built_before_its_first_turn(app, monkeypatch):
    """Building the augur's space takes 0.3-0.6 s of CPU: at a table it is
    built on a worker thread when the table opens, not in the frame of the
    augur's first decision (which then only waits for it, if at all)."""
    import threading

    from game.engine.turns import Seat
    from game.games.delphi.infer import space as S

    def builders():
        return [th for th in threading.enumerate() if th.name.startswith("delphi-space-")]

    for th in builders():
        th.join()
    monkeypatch.setattr(S, "_SPACES", {})  # as in a fresh process
    m = Match.start(GAME, demo.gardner(4), 3, [Seat("Anna"), Seat("Ben", "cautious"), Seat("Cleo", "augur"), Seat("Dev", "augur")])
    DelphiTable(app, m)
    started = builders()
    assert [th.name for th in started] == [f"delphi-space-{m.view().starters}"]
    started[0].join(timeout=60)
    assert set(S._SPACES) == {m.view().starters} and not m.actions  # built while nobody played
    assert S.prepare(m.view().starters) is None  # once is enough
    # a table without augurs builds nothing
    monkeypatch.setattr(S, "_SPACES", {})
    DelphiTable(app, Match.start(GAME, demo.gardner(4), 3, demo.seats(4)))
    assert not builders() and not S._SPACES


def test_the_setup_screen_builds_the_augur_space_while_an_augur_is_seated(app, monkeypatch):
    """The seats are chosen in seconds; the augurs' space (one starter) is
    built on a worker thread meanwhile, and only when an augur sits down."""
    import threading

    from game.games.delphi.infer import space as S

    def join_builders():
        for th in threading.enumerate():
            if th.name.startswith("delphi-space-"):
                th.join(timeout=60)

    join_builders()
    monkeypatch.setattr(S, "_SPACES", {})
    sc = SetupScene(app, {"players": 3, "kinds": ["person", "cautious", "cautious", "augur"]})
    join_builders()
    assert not S._SPACES  # the augur sits in the fourth chair, outside a game of three
    sc.set_seat("kinds", 1, "augur")
    join_builders()
    assert set(S._SPACES) == {1}


def test_stop_game_asks_and_stops_while_the_computers_play(app):
    """Seen in the window: after Anna's card the four computers play one
    after another, the table is busy nearly all the while, and a click on
    "Stop game" did nothing."""
    t = seat_table(app, my_turn_match())
    drag(app, hand_point(t, 0), slot_point(t))
    for _ in range(240):
        if t.busy and t.match.current not in (None, 0):
            break
        pump(app, 1)
    assert t.busy and t.match.current != 0  # a computer's turn, under way
    press(app, "Stop game")
    assert isinstance(app.scenes.top, ConfirmScene)
    press(app, "Stop and score")
    settle(app, 1.0)
    assert t.finished and t.match.record().actions[-1] == "stop"
    assert isinstance(app.scenes.top, RoundScene) and app.scenes.top.final
    assert not [n for n in t.model.notes.items if n.tone is Tone.REFUSE]


def test_a_person_sees_gods_verdict_on_their_play_before_the_device_passes(app):
    """Issue 50: with people sharing the device the pass screen came about
    1 s after a play, before the player had seen God's verdict on their
    own string.  The player keeps the table a moment once the verdict is
    given (nothing to look at when the play is not judged yet, or when the
    player has said Continue, which they did looking at it)."""
    from game.engine.match import Seat

    seats = [Seat("Anna"), Seat("Ben"), Seat("Cleo", "cautious"), Seat("Dev", "cautious")]
    m = Match.start(GAME, {"players": 4, "rounds": 4, "first_god": 3, "rules": [GARDNER, None, None, None]}, 5, seats)

    def judged_play(seat):
        def done(mm):
            acts, states = mm.actions, mm.states
            last = max((i for i in range(len(acts)) if GAME.current_player(states[i]) == seat), default=None)
            return last is not None and acts[last].kind == "play" and acts[-1].kind == "verdict" and acts[-1] is not acts[last]

        return done

    assert m.run(until=judged_play(0), limit=400)
    t = DelphiTable(app, m)
    assert t.look_before_pass(0) > 0
    m.run(until=lambda mm: GAME.current_player(mm.state) == 0, limit=400)
    if mm_phase(m) == TURN:  # Anna's next string, not judged yet: nothing new to see
        m.play(next(a for a in m.legal() if a.kind == "play"))
        assert t.look_before_pass(0) == 0
    elif mm_phase(m) == DECLARE:  # Continue, said looking at the verdict
        m.play(Action("pass"))
        assert t.look_before_pass(0) == 0


def mm_phase(m: Match) -> str:
    return m.state.phase


def test_the_pawns_on_the_cards_are_explained_in_the_facts_panel(app):
    """A newcomer saw pawns on main-line cards and nothing said why: the
    facts panel explains each kind there is, with a pawn of that kind."""
    from game import i18n

    t = seat_table(app, demo.prophet_in_office())
    v = t.view
    assert v.white and v.black and v.prophet >= 0
    assert [kind for kind, _ in t.legend(v)] == ["white", "black", "prophet"]
    texts = " ".join(drawn_texts(app))  # (the panel wraps them)
    assert "every 10th card played" in texts and "where the Prophet declared" in texts
    i18n.set_language("de")
    try:
        t.rebuild_ui()
        assert "jede 10. seit dem Propheten" in " ".join(drawn_texts(app))
    finally:
        i18n.set_language("en")
    # before the tenth card there is no pawn and nothing to explain
    fresh = demo.setrule().view(0)
    assert not fresh.white and t.legend(fresh) == ()


def test_with_a_computer_god_the_pass_waits_until_the_player_has_seen_the_verdict(app):
    """Seen in a real window (issue 50, item 7): two people and a computer
    God, a string refused, and the pass screen came a third of a second
    later.  A computer God judges within the play (no verdict action
    follows it), and the look before the pass counted verdict actions
    only.  Now the player keeps their cards and the verdict in view for
    the look's two seconds (a click ends it sooner)."""
    from game.engine.match import Seat
    from game.ui.tables.delphi.table import LOOK_SECONDS

    seats = [Seat("Anna"), Seat("Ben", "cautious"), Seat("Cleo")]
    m = Match.start(GAME, {"players": 3, "rounds": 3, "first_god": 1, "rules": [demo.GARDNER, None, None]}, 5, seats)
    t = seat_table(app, m)
    for _ in range(300):
        if isinstance(app.scenes.top, PassScene):
            press(app, "I'm Anna, show my cards")
        pump(app, 1)
        if t.match.my_turn() and t.view.phase == TURN:
            break
    assert t.viewer == 0
    hand = t.view.hand
    t.do(Action("play", (hand[0], hand[1])))
    frames = 0
    while not isinstance(app.scenes.top, PassScene):
        assert frames < 600, "no pass screen"
        pump(app, 1)
        frames += 1
        if frames == 30:  # half a second on: God's verdict, and Anna's cards, still in view
            assert t.match.viewer == 0 and t.looking
            assert not t.view.pending and (hand[0] in t.view.main or any(hand[0] in sp.cards for sp in t.view.side))
    assert frames >= LOOK_SECONDS * 60 - 2
