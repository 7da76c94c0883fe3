"""Delphi alone's notebook (issue 50, item 6): the people's table had one,
Delphi alone none.  The same text field stands beside the main line;
typing in it plays nothing; the page is the match's, so Menu and Continue
keep it; it holds a page's 1,000 characters and the save takes them."""

from __future__ import annotations

import pygame

from game.games.delphi.policy import NOTEBOOK_TEXT, SoloMeta
from game.games.delphi.solo import GUESS, library_options
from game.persistence.saves import read_save
from game.ui.scenes.menu import MenuScene, continue_game
from game.ui.tables.delphi.solo.table import SoloTable
from game.ui.tables.delphi.solo_setup import start_solo
from tests.ui.helpers import click, drawn_texts, press, pump
from tests.ui.test_delphi_notebook import keyboard
from tests.ui.test_delphi_solo_table import play_first


def test_delphi_alone_has_a_notebook_that_menu_and_continue_keep(app):
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)  # a move: the round is saved from now on
    L = t.layout()
    box = t.notebook.box
    assert L.book is not None and box is not None and box.alive() and L.book.contains(box.rect)
    assert not L.book.colliderect(L.lines) and not L.drop.colliderect(L.book)  # the main line keeps clear of it
    assert "Your notes" in drawn_texts(app)
    click(app, box.rect.center)
    assert box.is_focused
    actions, phase = len(t.match.actions), t.view.phase
    page = "red after black?\nno: 3c refused after 2c"
    keyboard(app, page + "x\b")
    assert len(t.match.actions) == actions and t.view.phase == phase == GUESS  # no key played or went on
    assert box.get_text() == page and t.model.meta.notes == page
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(app, 2)
    assert not box.is_focused and app.scenes.top is t
    press(app, "Menu")
    pump(app, 2)
    save, problem = read_save("delphi")
    assert problem is None and save is not None and save["record"]["game"] == "delphi-solo"
    assert save["table"]["notes"] == page
    assert isinstance(app.scenes.top, MenuScene)
    continue_game(app, "delphi")
    pump(app, 2)
    t2 = app.scenes.top
    assert isinstance(t2, SoloTable) and t2 is not t
    assert t2.model.meta.notes == page
    assert t2.notebook.box is not None and t2.notebook.box.get_text() == page


def test_the_notes_button_closes_the_notebook_and_the_line_takes_its_room(app):
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    wide = t.layout().lines.w
    press(app, "Notes")
    pump(app, 2)
    assert t.layout().book is None and t.notebook.box is None
    assert t.layout().lines.w > wide
    press(app, "Notes")
    pump(app, 2)
    assert t.notebook.box is not None and t.notebook.box.is_focused  # opened to be written in


def test_a_page_keeps_the_notebooks_length_in_the_save(app):
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)
    t.model.write_note(0, "y" * 3000)  # (as a paste the field has cut already)
    assert t.model.meta.notes == "y" * NOTEBOOK_TEXT
    assert SoloMeta.from_json({"notes": "z" * 9000}).notes == "z" * NOTEBOOK_TEXT
    press(app, "Menu")
    pump(app, 2)
    save, problem = read_save("delphi")
    assert problem is None and save is not None and save["table"]["notes"] == "y" * NOTEBOOK_TEXT
