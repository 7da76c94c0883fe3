"""Who reads what at the Delphi table (issue 20): what changes the round
(a Prophet, an expulsion, a No Play judged) is said to everyone at the
table and stays when the device goes on; a refusal is for the seat that
tried; God's rule, note and draft are God's alone; the round's sheet
over the table does not run the table under it."""

from __future__ import annotations

from game.games.delphi.state import ROUND_OVER, TURN
from game.i18n import tr
from game.ui.kit.model import Tone
from game.ui.kit.passdevice import PassScene
from game.ui.scenes.menu import continue_game
from game.ui.tables.delphi import demo, start_game
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.summary import RoundScene
from tests.ui.helpers import drag, drawn_texts, press, pump, said, settle
from tests.ui.test_delphi_table import declare_moment, hand_point, seat_table, slot_point


def test_a_prophet_is_said_to_everyone_and_a_refusal_only_to_the_seat_that_tried(app):
    t = declare_moment(app)  # Anna has played; Cleo, a person, is next
    drag(app, hand_point(t, 0), slot_point(t))  # not now: refused, for Anna
    refusal = [n for n in t.model.shown_notes() if n.tone is Tone.REFUSE]
    assert len(refusal) == 1 and refusal[0].seat == 0
    settle(app, 0.4)  # the card flies back
    press(app, "Declare Prophet")
    prophet = [n for n in t.model.notes.items if n.tone is Tone.INFO]
    assert prophet and all(n.seat is None for n in prophet)  # for everyone
    said_prophet = prophet[-1].words("en")
    assert "Anna" in said_prophet
    settle(app, 0.5)
    top = app.scenes.top
    assert isinstance(top, PassScene) and top.player_name == "Cleo"
    press(app, "show my cards")
    assert t.viewer == 2
    assert said_prophet in said(t)  # Cleo reads who is Prophet now
    assert refusal[0].words("en") not in said(t)  # and nothing that was Anna's


def test_the_round_sheet_over_the_table_does_not_run_it(app):
    t = seat_table(app, demo.round_over())
    assert isinstance(app.scenes.top, RoundScene) and t.match.state.phase == ROUND_OVER
    calls = []
    original = t.update
    t.update = lambda dt: (calls.append(dt), original(dt))  # type: ignore[method-assign]
    pump(app, 10)
    assert calls == [] and t.model.paused


def _two_people_god_anna(app):
    opts = {"players": 3, "rounds": 3, "first_god": 0}
    t = start_game(app, opts, 9, {"names": ["Anna", "Ben", "Cleo"], "bots": [None, None, "cautious"]})
    pump(app, 2)
    assert isinstance(app.scenes.top, PassScene) and app.scenes.top.player_name == "Anna"
    press(app, "show my cards")
    g = app.scenes.top
    assert isinstance(g, GodScene)
    return t, g


def test_gods_rule_is_on_no_screen_of_another_person(app):
    t, g = _two_people_god_anna(app)
    rule = "card.color != last.color"
    assert g.entry is not None
    g.entry.set_text(rule)
    g.set_text(rule)
    g.analyser.wait()
    pump(app, 2)
    press(app, "Use this rule")
    settle(app, 1.5)
    for _ in range(10):
        top = app.scenes.top
        if isinstance(top, PassScene):
            texts = drawn_texts(app)
            assert not [x for x in texts if rule in x]
            press(app, "show my cards")
            if t.viewer != 0:
                texts = drawn_texts(app)
                assert not [x for x in texts if rule in x or tr("delphi.table.your_rule", rule="").strip() in x], t.viewer
                return
        settle(app, 0.5)
    raise AssertionError("the device never went to Ben")


def test_gods_draft_is_shown_to_god_alone_after_continue(app):
    t, g = _two_people_god_anna(app)
    draft = "card.rank > last.rank and card is red"
    assert g.entry is not None
    g.entry.set_text(draft)
    g.set_text(draft)
    press(app, "Menu")
    pump(app, 2)
    assert t.model.meta.draft is not None and t.model.meta.draft.rule == draft
    continue_game(app, "delphi")
    pump(app, 2)
    top = app.scenes.top
    assert isinstance(top, PassScene) and top.player_name == "Anna"  # God first: nobody else sees it
    assert not [x for x in drawn_texts(app) if draft in x]
    press(app, "show my cards")
    g = app.scenes.top
    assert isinstance(g, GodScene) and g.entry is not None and g.entry.get_text() == draft


def test_an_expulsion_is_said_to_everyone(app):
    """A wrong play once the round is long enough expels its player: the
    note is for everyone at the table."""
    m = demo.find(demo.gardner(5), lambda st: st.phase == TURN and st.turn == 0 and st.prophet < 0 and st.played >= st.expel_after)
    t = seat_table(app, m)
    st = t.match.state
    wrong = next(i for i, c in enumerate(t.hand()) if not t.match.game.fits(st, c))
    drag(app, hand_point(t, wrong), slot_point(t))
    expelled = [n for n in t.model.notes.items if "expel" in n.words("en").lower() or "out of" in n.words("en").lower()]
    assert expelled and all(n.seat is None for n in expelled), [(n.words("en"), n.seat) for n in t.model.notes.items]
