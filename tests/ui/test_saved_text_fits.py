"""Whatever is typed, pasted or dropped into a text field, what the game
then saves passes its own shape, and the value read back is the one the
field showed (issue 49, item 3).  One property per field that keeps what
is typed: the seats' names, God's name, a deal number, a pasted Gaps
layout, God's rule, note and hint, the notebook, a typed solo rule.

Before, a solo guess of 6,000 characters was saved where the shape allows
5,000, and at Continue the round was set aside as unreadable; a pasted
Gaps layout was kept in the game's options as pasted, however long.  The
inputs are long, empty, of any Unicode (characters the fonts cannot
draw, surrogates, line ends of every kind), and come as keys, pastes
(Ctrl+V, Shift+Insert) and dropped text."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pygame_gui.core.utility import clipboard_copy

from game.engine.schema import Fields, problems
from game.games import gaps
from game.persistence.paths import saves_dir
from game.persistence.setups import setups_path
from game.persistence.shapes import SAVE, setup_fields
from game.tools import open_as_shot
from game.ui.kit.table import TableScene
from game.ui.kit.textfield import TextField
from game.ui.scenes.menu import continue_game
from game.ui.tables.delphi import demo
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.solo_setup import SoloSetup
from game.ui.tables.delphi.table import DelphiTable
from tests.ui.helpers import entry, pump
from tests.ui.test_delphi_table import my_turn_match, seat_table, table_of

# --- what a person may type ------------------------------------------------------------------------
#: any character, lone surrogates and those the fonts cannot draw included
ANY = st.text(st.characters(blacklist_categories=()), max_size=30)
#: what a clipboard may hold (it takes no lone surrogate)
CLIP = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
#: a few words a field of its kind expects, with what a person adds
WORDS = st.sampled_from(["Anna", "card is red", "42", "  ", "\r\n", "\t", "last.rank > 3 or ", "Größe ≠ 😀\u200b", "\n\n\n"])


def _long(base: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.builds(lambda s, n: s * n, base.filter(bool), st.integers(1, 4000))


TEXT = st.one_of(ANY, WORDS, _long(ANY), _long(WORDS), st.just(""))
CLIPPED = st.one_of(CLIP, WORDS, _long(CLIP), _long(WORDS))
KEYS = st.sampled_from([(pygame.K_BACKSPACE, 0), (pygame.K_RETURN, 0), (pygame.K_HOME, pygame.KMOD_CTRL), (pygame.K_a, pygame.KMOD_CTRL), (pygame.K_LEFT, pygame.KMOD_SHIFT), (pygame.K_DELETE, pygame.KMOD_CTRL)])
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("type"), TEXT),
        st.tuples(st.just("paste"), CLIPPED),
        st.tuples(st.just("insert"), CLIPPED),
        st.tuples(st.just("drop"), TEXT),
        st.tuples(st.just("key"), KEYS),
    ),
    max_size=5,
)
#: long runs of what a parser passes over (a layout, a rule padded out)
PADDING = st.lists(
    st.tuples(st.sampled_from(["type", "paste", "drop"]), st.builds(lambda s, n: s * n, st.sampled_from([" ", "\n", "\t", "\r\n", " \u200b"]), st.integers(1, 6000))),
    min_size=1,
    max_size=3,
)


def _apply(app, field: TextField, ops: list) -> str:
    """``ops`` done to ``field`` through the app's events; what it shows."""
    app.ui.set_focus_set(field)
    for kind, what in ops:
        if kind == "type":
            events = [pygame.event.Event(pygame.TEXTINPUT, text=what)]
        elif kind in ("paste", "insert"):
            clipboard_copy(what)
            k, mod = (pygame.K_v, pygame.KMOD_CTRL) if kind == "paste" else (pygame.K_INSERT, pygame.KMOD_SHIFT)
            events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)]
        elif kind == "drop":
            events = [pygame.event.Event(pygame.DROPTEXT, text=what)]
        else:
            k, mod = what
            if k == pygame.K_RETURN and not field.lines:
                continue  # (Enter gives a line's text: the rule, the round; the save is what is kept first)
            events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)]
        app.step(1 / 60, events=events)
    pump(app, 2)  # (the scene hears of the change)
    return field.get_text()


def _files_fit() -> None:
    """Every save and the setups file pass their shapes."""
    for path in sorted(saves_dir().glob("*.json")) if saves_dir().exists() else []:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert problems(SAVE, data) == [], (path.name, problems(SAVE, data)[:3])
    if setups_path().exists():
        for gid, values in json.loads(setups_path().read_text(encoding="utf-8"))["games"].items():
            shape = Fields({}, optional=setup_fields(gid))
            assert problems(shape, values) == [], (gid, problems(shape, values)[:3])


def _forget_files() -> None:
    for path in saves_dir().glob("*.json") if saves_dir().exists() else []:
        path.unlink()
    if setups_path().exists():
        setups_path().unlink()


def _table(app) -> TableScene:
    return next(s for s in reversed(app.scenes.scenes) if isinstance(s, TableScene))


def _saved(game_id: str) -> dict:
    (path,) = [p for p in saves_dir().glob(f"{game_id}.*.json")]
    return json.loads(path.read_text(encoding="utf-8"))


# --- each field: open it, make the game keep it, read it back ---------------------------------------------
@dataclass(frozen=True)
class Field:
    """A text field that keeps what is typed: ``open`` puts its screen up
    and gives the field, ``keep`` does what makes the game save it (as a
    player would), ``back`` reads back what the field then shows (or the
    value the game took: None when it took none)."""

    open: Callable[..., TextField]
    keep: Callable[..., None]
    back: Callable[..., str | None]
    ops: st.SearchStrategy[list] = OPS


def _setup(app, game_id: str):
    app.open_setup(game_id)
    pump(app, 2)
    return app.scenes.top


def _setup_field(game_id: str, key: str, back_key: str | None = None) -> Field:
    def start(app, shown: str) -> None:
        app.scenes.top.start()
        pump(app, 3)
        _table(app).autosave()

    def back(app, shown: str) -> str:
        return entry(_setup(app, game_id), back_key or key).get_text()

    return Field(lambda app: entry(_setup(app, game_id), key), start, back)


def _deal_back(app, shown: str) -> str | None:
    if not shown.strip("0"):
        return None  # (no number, or 0: a random deal)
    return str(_saved("runs")["record"]["seed"])


#: a layout as dealt (deal 7), with moves to play
DEALT = gaps.layout_text(gaps.GAME.new_game(gaps.GAME.default_options(), 7))


def _layout_open(app) -> TextField:
    form = _setup(app, "gaps")
    field = entry(form, "layout")
    field.set_text(DEALT)
    return field


def _layout_keep(app, shown: str) -> None:
    form = app.scenes.top
    form.start_layout()
    pump(app, 3)
    if not form.values.get("error"):
        _table(app).autosave()


def _layout_back(app, shown: str) -> str | None:
    saves = list(saves_dir().glob("gaps.*.json"))
    return _saved("gaps")["record"]["options"]["layout"] if saves else None


def _god(mode: str, which: str) -> Field:
    def open_(app) -> TextField:
        app.to_menu()
        seat_table(app, demo.setrule())
        g = app.scenes.top
        assert isinstance(g, GodScene)
        if mode != g.mode:
            g.set_mode(mode)
            pump(app, 1)
        return getattr(g, which)

    def keep(app, shown: str) -> None:
        table_of(app).leave()  # Menu: the draft goes with the save
        pump(app, 2)

    def back(app, shown: str) -> str | None:
        if not list(saves_dir().glob("delphi.*.json")):
            assert not shown  # (a draft with nothing in it is not kept)
            return None
        continue_game(app, "delphi")
        pump(app, 2)
        g = app.scenes.top
        assert isinstance(g, GodScene)
        return getattr(g, which).get_text()

    return Field(open_, keep, back)


def _notebook_open(app) -> TextField:
    app.to_menu()
    t = seat_table(app, my_turn_match())
    t.toggle_notebook()
    pump(app, 2)
    assert t.notebook.box is not None
    return t.notebook.box


def _notebook_back(app, shown: str) -> str | None:
    if not list(saves_dir().glob("delphi.*.json")):
        assert not shown  # (a page with nothing written is not kept)
        return None
    continue_game(app, "delphi")
    pump(app, 2)
    t = table_of(app)
    assert isinstance(t, DelphiTable)
    t.toggle_notebook()
    pump(app, 2)
    assert t.notebook.box is not None
    return t.notebook.box.get_text()


def _solo_open(app) -> TextField:
    app.to_menu()
    app.push(SoloSetup(app))
    pump(app, 2)
    s = app.scenes.top
    assert isinstance(s, SoloSetup) and s.entry is not None
    s.entry.set_text("card is red")
    return s.entry


def _solo_keep(app, shown: str) -> None:
    s = app.scenes.top
    assert isinstance(s, SoloSetup)
    s.play_typed()
    pump(app, 2)
    app.to_menu()  # (the round is saved when it is left)
    pump(app, 1)


def _solo_back(app, shown: str) -> str | None:
    saves = list(saves_dir().glob("delphi.*.json"))
    return _saved("delphi")["record"]["options"]["rules"][0] if saves else None


def _guess_open(app) -> TextField:
    from game.app import all_scene_factories

    app.to_menu()
    t = open_as_shot(app, dict(all_scene_factories(app))["delphi-solo-guess"], 2)
    assert t.entry is not None
    return t.entry


def _guess_back(app, shown: str) -> str | None:
    if not list(saves_dir().glob("delphi.*.json")):
        return None
    continue_game(app, "delphi")
    pump(app, 3)
    t = app.scenes.top
    assert t.entry is not None
    return t.entry.get_text()


FIELDS = {
    "names": _setup_field("mind-the-gap", "names"),
    "god-name": _setup_field("delphi", "god_name"),
    "deal-number": Field(lambda app: entry(_setup(app, "runs"), "deal"), _setup_field("runs", "deal").keep, _deal_back),
    "gaps-layout": Field(_layout_open, _layout_keep, _layout_back, st.one_of(OPS, PADDING)),
    "god-rule": _god("write", "entry"),
    "god-hint": _god("write", "hint_entry"),
    "god-note": _god("hand", "note_entry"),
    "notebook": Field(_notebook_open, lambda app, shown: table_of(app).leave(), _notebook_back),
    "solo-rule": Field(_solo_open, _solo_keep, _solo_back, st.one_of(OPS, PADDING)),
    "solo-guess": Field(_guess_open, lambda app, shown: app.to_menu(), _guess_back),
}
#: how the value the game took is the field's text
TAKEN: dict[str, Callable[[str], str]] = {"solo-rule": str.strip, "deal-number": lambda s: str(int(s))}


@pytest.mark.parametrize("name", sorted(FIELDS))
def test_what_a_field_takes_is_saved_in_its_shape_and_read_back_as_shown(app, name):
    spec = FIELDS[name]

    @settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(ops=spec.ops)
    def check(ops) -> None:
        _forget_files()
        field = spec.open(app)
        shown = _apply(app, field, ops)
        assert len(shown) <= field.limit
        spec.keep(app, shown)
        _files_fit()
        back = spec.back(app, shown)
        if back is not None:
            assert back == TAKEN.get(name, lambda s: s)(shown)

    check()
