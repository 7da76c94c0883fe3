"""The players' notebook at the Delphi table (issue 23, item 4): a text
field where the round's log goes, opened from the header, where the
person at the screen writes hypotheses about the rule.  Its keys are
never the table's shortcuts; its text is the match's, so it survives the
rules, the settings, Menu and Continue (an old save loads without it);
each seat has its own page, seen by that seat alone while the round is
played (the pass-screen test in test_hidden_cards watches it too), and
the round's result shows every page of the round once the rule is out."""

from __future__ import annotations

import pygame

from game.engine.match import Match
from game.games.delphi.policy import NOTEBOOK_TEXT, DelphiMeta, Notebook
from game.games.delphi.state import ROUND_OVER
from game.persistence.saves import read_save
from game.ui.kit.textfield import TextField
from game.ui.scenes.menu import MenuScene, continue_game
from game.ui.tables.delphi import demo
from game.ui.tables.delphi.summary import RoundScene
from game.ui.tables.delphi.table import DelphiTable
from tests.ui.helpers import button, click, drawn_texts, press, pump
from tests.ui.test_delphi_table import hand_point, my_turn_match, seat_table, table_of

#: keys the table uses (No Play, pass, right/wrong, Prophet, a string, play it, drop it)
SHORTCUTS = "ncrwp "


def keyboard(app, text: str) -> None:
    """Type ``text`` as a keyboard does: a key press and the character, per key."""
    for ch in text:
        k = {"\n": pygame.K_RETURN, "\b": pygame.K_BACKSPACE}.get(ch, ord(ch.lower()))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0))
        if ch not in "\n\b":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch, scancode=0))
        pump(app, 1)
    pump(app, 2)


def _open(app, t: DelphiTable) -> TextField:
    press(app, "Notes")
    pump(app, 2)
    box = t.notebook.box
    assert box is not None and box.alive()
    click(app, box.rect.center)
    assert box.is_focused
    return box


def test_typing_in_the_notebook_plays_nothing_and_the_text_survives_rules_settings_menu_and_continue(app):
    t = seat_table(app, my_turn_match())
    click(app, hand_point(t, 2))  # a card chosen for a string: Space, Enter, Backspace would play or drop it
    chosen, actions = t.model.chosen, len(t.match.actions)
    box = _open(app, t)
    typed = "no red pairs\nwatch the 7s, count clubs"
    keyboard(app, typed + "\b" + "s")
    assert len(t.match.actions) == actions and t.model.chosen == chosen  # no shortcut ran
    assert t.model.sheet is None and app.scenes.top is t
    page = typed[:-1] + "s"
    assert box.get_text() == page and t.model.note(0) == page
    # Esc leaves the field, not the table
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(app, 2)
    assert not box.is_focused and app.scenes.top is t
    for open_over in (lambda: app.open_rules("delphi"), app.open_settings):
        open_over()
        pump(app, 2)
        assert t.notebook.box is None  # its element went with the table's
        app.pop()
        pump(app, 2)
        assert t.notebook.box is not None and t.notebook.box.get_text() == page
    press(app, "Menu")
    pump(app, 2)
    save, problem = read_save("delphi")
    assert problem is None and save is not None  # the notebook fits the save's shape
    assert save["table"]["notebook"]["seats"][0] == page
    assert isinstance(app.scenes.top, MenuScene)
    continue_game(app, "delphi")
    pump(app, 2)
    t2 = table_of(app)
    assert t2.model.note(0) == page
    assert _open(app, t2).get_text() == page


def test_the_notebook_keeps_its_length_and_an_old_save_has_none():
    assert DelphiMeta.from_json({"counted_rounds": 1}).notebook is None
    assert DelphiMeta.from_json({"notebook": "x"}).notebook is None
    assert DelphiMeta.from_json({"notebook": {"round": -1, "seats": ["a"]}}).notebook is None
    book = DelphiMeta.from_json({"notebook": {"round": 1, "seats": ["y" * 9000, 3, "b"]}}).notebook
    assert book is not None and book.seats == ("y" * NOTEBOOK_TEXT, "", "b")
    assert DelphiMeta(notebook=Notebook(2, ("", ""))).to_json() == {}  # empty pages are not saved
    # a new round has a new rule: its pages start empty
    assert Notebook().written(0, 3, "odd ranks").of(0, 4) == ""


def test_the_rounds_result_shows_what_each_player_wrote(app):
    m = demo.round_over()
    assert m.state.phase == ROUND_OVER
    rnd = m.state.results[-1].round
    t = DelphiTable(app, m)
    t.model.write_note(0, "red after black?\nno: odd after even")
    t.model.write_note(2, "suits")
    app.scenes.push(t)
    pump(app, 3)
    top = app.scenes.top
    assert isinstance(top, RoundScene) and t.model.note(0) and rnd == m.state.round
    texts = drawn_texts(app)
    assert any("Notes of Anna: red after black? / no: odd after even" in x for x in texts)
    assert any(f"Notes of {t.seat_name(2)}: suits" in x for x in texts)
    assert button(app, "Next round") is not None  # the sheet keeps its buttons


def test_gods_screen_has_no_notebook(app):
    t = seat_table(app, Match(demo.mid_round().runner, demo.seats(5, people=(1,))))
    assert t.viewer == t.view.god
    assert not button(app, "Notes").is_enabled


def test_a_person_writes_on_while_a_card_flies_and_a_computer_thinks(app):
    t = seat_table(app, my_turn_match())
    press(app, "Notes")
    t.model.choose((0,))
    t.play_string()  # Anna's card flies; the computers think and play after it
    pump(app, 1)
    assert t.busy
    box = t.notebook.box
    assert box is not None
    click(app, box.rect.center, frames=0)
    keyboard(app, "npx\b\nq")  # Backspace and Enter are key presses, not typed text
    assert t.busy and box.get_text() == "np\nq" and t.model.note(0) == "np\nq"
