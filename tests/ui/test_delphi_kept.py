"""What a Delphi player expects to find again (issue 20): the string being
built (hand cards clicked in order) after the rules, the settings, a new
window size or F11; God's typed rule, note, hint, mode and starters after
Menu and Continue (the match's draft, saved with the game until the rule
is given)."""

from __future__ import annotations

import pygame

from game.games.delphi import GAME
from game.games.delphi.options import MAX_RULE_TEXT
from game.games.delphi.policy import DelphiMeta, GodDraft
from game.persistence.saves import read_save
from game.ui.scenes.menu import MenuScene, continue_game
from game.ui.tables.delphi import demo
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.table import DelphiTable
from tests.ui.helpers import button, click, key, press, pump, settle
from tests.ui.test_delphi_table import hand_point, my_turn_match, seat_table, table_of, type_text


def _string_still_there(app, t: DelphiTable, chosen: tuple[int, ...]) -> None:
    assert app.scenes.top is t
    assert t.model.chosen == chosen
    assert t.picture().still.hand is not None and t.picture().still.hand.chosen == chosen  # lifted, numbered
    assert button(app, f"Play the {len(chosen)} cards").is_enabled


def test_a_string_being_built_survives_the_rules_the_settings_a_resize_and_f11(app):
    t = seat_table(app, my_turn_match())
    hand = t.hand()
    for i in (3, 0, 7):
        click(app, hand_point(t, i))
    chosen = (3, 0, 7)
    _string_still_there(app, t, chosen)
    app.open_rules("delphi")
    pump(app, 2)
    app.pop()
    pump(app, 2)
    _string_still_there(app, t, chosen)
    app.open_settings()
    pump(app, 2)
    app.pop()
    pump(app, 2)
    _string_still_there(app, t, chosen)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    pump(app, 2)
    _string_still_there(app, t, chosen)
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    _string_still_there(app, t, chosen)
    # and it is played as built
    n = len(t.match.actions)
    press(app, "Play the 3 cards")
    settle(app, 1.0)
    assert GAME.action_to_text(t.match.actions[n]) == "play " + " ".join(hand[i].code for i in chosen)


def _god_screen(app) -> tuple[DelphiTable, GodScene]:
    t = seat_table(app, demo.setrule())  # Anna, a person, is God of the first round
    g = app.scenes.top
    assert isinstance(g, GodScene)
    return t, g


def _continued(app) -> tuple[DelphiTable, GodScene]:
    assert isinstance(app.scenes.top, MenuScene)
    continue_game(app, "delphi")
    pump(app, 2)
    g = app.scenes.top
    assert isinstance(g, GodScene), type(g).__name__
    return table_of(app), g


def test_gods_typed_rule_and_hint_come_back_after_menu_and_continue(app):
    _, g = _god_screen(app)
    click(app, g.hint_entry.rect.center)
    type_text(app, "Colours matter.")
    click(app, g.entry.rect.center)
    type_text(app, "card.color != last.color")
    press(app, "Menu")
    pump(app, 2)
    save, problem = read_save("delphi")
    assert problem is None and save is not None  # the draft fits the save's shape
    assert save["table"]["draft"]["rule"] == "card.color != last.color"
    t, g = _continued(app)
    assert g.entry is not None and g.entry.get_text() == "card.color != last.color"
    assert g.hint_entry is not None and g.hint_entry.get_text() == "Colours matter."
    assert g.mode == "write" and g.checked.rule is not None
    # given, the draft goes (from the match and from the save)
    g.analyser.wait()
    pump(app, 2)
    press(app, "Use this rule")
    settle(app, 0.5)
    st = t.match.state
    assert st.rule == "card.color != last.color" and st.hint == "Colours matter."
    assert t.model.meta.draft is None
    save, _ = read_save("delphi")
    assert save is not None and "draft" not in (save.get("table") or {})


def test_gods_note_mode_and_starters_come_back_after_menu_and_continue(app):
    _, g = _god_screen(app)
    press(app, "Judge by hand")
    press(app, "2")
    assert g.note_entry is not None
    click(app, g.note_entry.rect.center)
    type_text(app, "red after black")
    press(app, "Menu")
    pump(app, 2)
    t, g = _continued(app)
    assert (g.mode, g.starters) == ("hand", 2)
    assert g.note_entry is not None and g.note_entry.get_text() == "red after black"
    press(app, "Judge every play myself")
    pump(app, 2)
    st = t.match.state
    assert st.by_hand and st.starters == 2 and st.note == "red after black"


def test_a_draft_from_a_save_is_read_as_far_as_it_is_one():
    meta = DelphiMeta.from_json({"counted_rounds": 1, "draft": {"mode": "dance", "rule": "x" * 9000, "hint": 3, "starters": True}})
    assert meta.draft is not None and meta.draft.mode == "write" and len(meta.draft.rule) == MAX_RULE_TEXT
    assert meta.draft.hint == "" and meta.draft.starters == 1
    assert DelphiMeta.from_json({"draft": "nonsense"}).draft is None
    assert DelphiMeta(draft=GodDraft()).to_json() == {}  # an empty draft is not saved
