"""The kit's one text field (issue 49, item 3): its limit is the one of
the value it becomes, a paste, a drop or a long input is cut to the room
left and the person is told, never refused whole; it edits as a field
does (keys, pointer, clipboard), Enter submits one line and starts a new
one in a field of lines, Tab leaves it, and a placeholder is never drawn
as typed text.  pygame_gui's fields dropped a paste over their limit
whole and without a word, the notebook had no limit at all, and a deal
number's field refused a tenth digit silently."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.utility import clipboard_copy

from game import i18n
from game.app import all_scene_factories
from game.engine.schema import OPTION_TEXT
from game.games import gaps
from game.games.delphi.options import MAX_NOTE, MAX_RULE_TEXT
from game.games.delphi.policy import NOTEBOOK_TEXT
from game.persistence.saves import read_save
from game.persistence.shapes import NAME
from game.ui.assets import INK, INK_DIM
from game.ui.kit.form import DEAL_DIGITS, MAX_NAME, unique_names
from game.ui.kit.textfield import TextField, clipboard_text
from game.ui.tables.delphi import demo
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.table import DelphiTable
from game.ui.tables.gaps.table import GapsTable
from tests.ui.helpers import click, entry, pump, said
from tests.ui.test_delphi_table import my_turn_match, seat_table

CUT_EN = "holds at most"


def _screen(app, name: str):
    app.to_menu()
    app.scenes.push(dict(all_scene_factories(app))[name]())
    pump(app, 2)
    return app.scenes.top


def _keydown(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def _notices(app) -> list[str]:
    return [t.text for t in app.toasts.items]


def _focus(app, field: TextField) -> None:
    click(app, field.rect.center)
    assert field.is_focused


def _notebook(app) -> tuple[DelphiTable, TextField]:
    """A Delphi table with the notebook open, its field focused."""
    t = seat_table(app, my_turn_match())
    t.toggle_notebook()
    pump(app, 2)
    box = t.notebook.box
    assert box is not None
    _focus(app, box)
    return t, box


def test_a_paste_past_the_limit_is_cut_to_the_room_left_and_said(app):
    t = seat_table(app, demo.setrule())
    g = app.scenes.top
    assert isinstance(g, GodScene) and g.entry is not None
    _focus(app, g.entry)
    g.entry.type_text("card is red and ")
    before = g.entry.get_text()
    clipboard_copy("last.rank > 3 or " * 400)  # 6,800 characters
    app.step(1 / 60, events=[_keydown(pygame.K_v, pygame.KMOD_CTRL)])
    pump(app, 2)
    got = g.entry.get_text()
    assert len(got) == MAX_RULE_TEXT and got.startswith(before + "last.rank > 3 or last.rank")
    assert g.rule_text == got and t.model.draft.rule == got  # the screen and the draft have what the field shows
    assert any(CUT_EN in n and f"{MAX_RULE_TEXT:,}" in n for n in _notices(app))


def test_shift_insert_a_dropped_text_and_a_long_input_are_cut_alike(app):
    form = _screen(app, "mind-the-gap-setup")
    name = entry(form, "names")
    for how in ("shift-insert", "drop", "input"):
        app.toasts.clear()
        name.set_text("")
        _focus(app, name)
        long = "Großmutter " * 40  # 440 characters
        if how == "shift-insert":
            clipboard_copy(long)
            app.step(1 / 60, events=[_keydown(pygame.K_INSERT, pygame.KMOD_SHIFT)])
        elif how == "drop":
            app.step(1 / 60, events=[pygame.event.Event(pygame.DROPTEXT, text=long)])
        else:
            app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text=long)])
        pump(app, 2)
        assert name.get_text() == long[:MAX_NAME], how
        assert form.values["names"][0] == long[:MAX_NAME], how
        assert any(CUT_EN in n for n in _notices(app)), how


def test_a_selection_is_room_a_paste_takes(app):
    t = seat_table(app, demo.setrule())
    g = app.scenes.top
    assert isinstance(g, GodScene) and g.hint_entry is not None
    _focus(app, g.hint_entry)
    g.hint_entry.type_text("x" * MAX_NOTE)
    app.step(1 / 60, events=[_keydown(pygame.K_a, pygame.KMOD_CTRL)])
    clipboard_copy("Colours matter.")
    app.step(1 / 60, events=[_keydown(pygame.K_v, pygame.KMOD_CTRL)])
    pump(app, 2)
    assert g.hint_entry.get_text() == "Colours matter." and t.model.draft.hint == "Colours matter."


def test_a_digit_typed_past_a_deal_numbers_room_is_refused_and_said(app):
    form = _screen(app, "runs-setup")
    deal = entry(form, "deal")
    _focus(app, deal)
    for ch in "12x3456789" + "0":
        app.step(1 / 60, events=[_keydown(ord(ch), unicode=ch), pygame.event.Event(pygame.TEXTINPUT, text=ch)])
    pump(app, 2)
    assert deal.get_text() == "123456789" and len(deal.get_text()) == DEAL_DIGITS
    assert any(CUT_EN in n for n in _notices(app))
    # a paste of a number with separators keeps its digits
    app.step(1 / 60, events=[_keydown(pygame.K_a, pygame.KMOD_CTRL)])
    app.step(1 / 60, events=[pygame.event.Event(pygame.DROPTEXT, text="4,711 ")])
    assert deal.get_text() == "4711"


def test_fifty_thousand_characters_pasted_into_the_notebook_keep_a_page_and_say_so_to_its_seat(app):
    t, box = _notebook(app)
    seat = t.notebook.seat
    clipboard_copy("red after black?\n" * 3000)  # 51,000 characters
    app.step(1 / 60, events=[_keydown(pygame.K_v, pygame.KMOD_CTRL)])
    pump(app, 2)
    assert len(box.get_text()) == NOTEBOOK_TEXT and t.model.note(seat) == box.get_text()
    notes = [n for n in t.model.notes.items if CUT_EN in t.render(n.text)]
    assert notes and all(n.seat == seat for n in notes)  # the page is that seat's: so is the note
    assert any(CUT_EN in s for s in said(t))


def test_enter_submits_one_line_and_breaks_a_line_of_many_and_the_keys_out_stay(app):
    t, box = _notebook(app)
    box.set_text("")
    app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text="odd"), _keydown(pygame.K_RETURN), pygame.event.Event(pygame.TEXTINPUT, text="even")])
    pump(app, 2)
    assert box.get_text() == "odd\neven" and t.model.note(t.notebook.seat) == "odd\neven"
    app.step(1 / 60, events=[_keydown(pygame.K_ESCAPE)])  # (the notebook's way out, as before)
    pump(app, 1)
    assert not box.is_focused and app.scenes.top is t
    # Tab leaves a form's field for its buttons
    form = _screen(app, "runs-setup")
    _focus(app, entry(form, "deal"))
    app.step(1 / 60, events=[_keydown(pygame.K_TAB)])
    pump(app, 1)
    assert not entry(form, "deal").is_focused and not form.typing() and form.focused() is not None
    # one line: Enter is the field's "done" (God's rule: use it)
    app.to_menu()
    seat_table(app, demo.setrule())
    g = app.scenes.top
    assert isinstance(g, GodScene) and g.entry is not None
    _focus(app, g.entry)
    g.entry.set_text("")
    app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text="card is red")])
    pump(app, 2)
    for _ in range(200):  # the check of the rule runs on a worker
        if g.usable():
            break
        pump(app, 1)
    app.step(1 / 60, events=[_keydown(pygame.K_RETURN)])
    pump(app, 3)
    assert app.scenes.top is not g  # the rule was given


def test_keys_and_the_pointer_edit_as_in_any_field(app):
    form = _screen(app, "mind-the-gap-setup")
    f = entry(form, "names")
    f.set_text("")
    _focus(app, f)
    f.type_text("red after black")

    def keys(*pressed: tuple[int, int]) -> None:
        app.step(1 / 60, events=[_keydown(k, m) for k, m in pressed])

    keys((pygame.K_BACKSPACE, pygame.KMOD_CTRL))
    assert f.get_text() == "red after "
    keys((pygame.K_HOME, 0), (pygame.K_RIGHT, pygame.KMOD_CTRL), (pygame.K_RIGHT, pygame.KMOD_SHIFT | pygame.KMOD_CTRL))
    assert f.edit.selected == " after"
    keys((pygame.K_x, pygame.KMOD_CTRL), (pygame.K_END, 0), (pygame.K_v, pygame.KMOD_CTRL))
    assert f.get_text() == "red  after"
    keys((pygame.K_HOME, 0), (pygame.K_DELETE, 0), (pygame.K_DELETE, pygame.KMOD_CTRL))
    assert f.get_text() == "  after"
    # a click puts the cursor where it points, a drag selects, a double click takes a word
    f.set_text("red after black")
    inner_x = f.rect.x + f.pad[0]
    at = inner_x + f.font.size("red af")[0]
    click(app, (at, f.rect.centery))
    assert f.edit.cursor == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(inner_x + 1, f.rect.centery), button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(inner_x + f.font.size("red")[0], f.rect.centery), rel=(1, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(inner_x + f.font.size("red")[0], f.rect.centery), button=1))
    pump(app, 1)
    assert f.edit.selected == "red"
    pump(app, 40)  # (past the double-click time)
    click(app, (inner_x + f.font.size("red after bl")[0], f.rect.centery), frames=1)
    click(app, (inner_x + f.font.size("red after bl")[0], f.rect.centery), frames=1)
    assert f.edit.selected == "black"


def test_a_placeholder_is_drawn_dim_and_slanted_not_as_typed_text(app):
    form = _screen(app, "gaps-setup")
    deal = entry(form, "deal")
    assert deal.get_text() == "" and deal.placeholder
    empty = pygame.Surface(deal.image.get_size(), pygame.SRCALPHA)
    empty.blit(deal.image, (0, 0))
    typed = TextField(app, deal.relative_rect, limit=40, text=deal.placeholder)
    pump(app, 1)

    def brightest(img: pygame.Surface) -> int:
        w, h = img.get_size()
        return max(sum(img.get_at((x, y))[:3]) for x in range(w // 8, w - 8) for y in range(4, h - 4))

    # typed text is drawn in ink, the placeholder in the dim ink of hints
    assert brightest(typed.image) >= sum(INK) - 20
    assert brightest(empty) <= sum(INK_DIM) + 10
    typed.kill()


def _rebuild(app, how: str) -> None:
    if how == "resize":
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    elif how == "f11":
        for _ in range(2):
            app.step(1 / 60, events=[_keydown(pygame.K_F11), pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0)])
    else:
        i18n.set_language("de" if app.settings.language == "en" else "en")
    pump(app, 2)


@pytest.mark.parametrize("how", ["resize", "f11", "language"])
def test_what_was_typed_stays_through_a_rebuild(app, how):
    form = _screen(app, "delphi-setup")
    _focus(app, entry(form, "god_name"))
    entry(form, "god_name").set_text("")
    app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text="Pythia")])
    pump(app, 2)
    _rebuild(app, how)
    assert entry(form, "god_name").get_text() == "Pythia"
    t, _ = _notebook(app)
    app.step(1 / 60, events=[pygame.event.Event(pygame.TEXTINPUT, text="odd, then even")])
    pump(app, 2)
    _rebuild(app, how)
    box = t.notebook.box
    assert box is not None and box.get_text() == "odd, then even"


def test_names_as_long_as_a_name_may_be_stay_within_it_when_made_unique():
    """Two names alike of the field's full length became "… 2", longer
    than the screens are laid out for; and a name stays within what the
    save's shape reads."""
    names = unique_names(["Ω" * MAX_NAME] * 3 + [""], 4)
    assert all(len(n) <= MAX_NAME <= NAME.max_len for n in names) and len(set(names)) == 4
    assert names[1].endswith(" 2") and names[2].endswith(" 3") and names[3] == "Player 4"


def test_a_long_pasted_layout_is_cut_and_its_game_saved_in_shape(app):
    """A layout is kept in the game's options as pasted; one padded past
    the options' 5,000 characters parsed, started, and its save was set
    aside as unreadable at Continue."""
    app.open_setup("gaps")
    pump(app, 2)
    form = app.scenes.top
    clipboard_copy(gaps.layout_text(gaps.GAME.new_game(gaps.GAME.default_options(), 7)) + " " * 6000)
    form.paste()  # the setup's Paste button
    pump(app, 2)
    assert len(entry(form, "layout").get_text()) == OPTION_TEXT and any(CUT_EN in n for n in _notices(app))
    form.start_layout()
    pump(app, 3)
    table = app.scenes.top
    assert isinstance(table, GapsTable)
    table.autosave()
    data, problem = read_save("gaps")
    assert problem is None and data is not None and len(data["record"]["options"]["layout"]) == OPTION_TEXT


def test_a_paste_leaves_the_clipboard_as_it_was_however_the_field_got_the_keys(app):
    """The app rewrote the clipboard to what the fonts draw before
    pygame_gui's own fields read it (they raised on a zero-width
    character); a kit field cleans what it takes and leaves the person's
    clipboard alone, also when a scene gave it the keys by its own
    focus() rather than through the manager."""
    form = _screen(app, "mind-the-gap-setup")
    name = entry(form, "names")
    name.set_text("")
    name.focus()
    clipboard_copy("\u200bAn\u200cna")
    app.step(1 / 60, events=[_keydown(pygame.K_v, pygame.KMOD_CTRL)])
    assert name.get_text() == "Anna" and clipboard_text() == "\u200bAn\u200cna"
