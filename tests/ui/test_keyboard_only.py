"""Every game played to its end with key presses alone, as a blind player
with a screen reader plays it: the test reads the screen only through the
accessibility tree (``a11y_tree``), decides from what it says (a card's
name, its place, whether it is playable), moves by Tab and the arrows,
plays with Enter, and hears an announcement for every move.  No mouse, no
move made by calling the table or the match (a table is opened by its
start function, as its setup's Start button does, and a computer's
background thinking is switched off to keep the test fast)."""

from __future__ import annotations

import pygame

from game import i18n
from game.cards import standard_deck
from game.ui.a11y.nodes import Node, Role, State, Tree
from game.ui.a11y.words import card_name
from game.ui.kit.overlay import ResultScene
from tests.ui.helpers import key, pump

ARROWS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}


def tree(app) -> Tree:
    return app.scenes.top.a11y_tree()


def region(t: Tree, key_: str) -> Node:
    for n in t.root.walk():
        if n.key == key_:
            return n
    raise AssertionError(f"no {key_} in {sorted(t.keys())[:20]}")


def said(app) -> list[str]:
    return [a.text for a in app.announced]


def press(app, k, mod=0, frames=1) -> None:
    key(app, k, mod, frames=frames)


# --- Gaps -----------------------------------------------------------------------------------------


def _gaps_cell(k: str) -> tuple[int, int]:
    _, _, r, c = k.split(":")
    return int(r), int(c)


def _gaps_go(app, frm: tuple[int, int], to: tuple[int, int]) -> None:
    """Arrows from cell ``frm`` to ``to`` (rows and columns wrap)."""
    dr, dc = to[0] - frm[0], to[1] - frm[1]
    for _ in range(abs(dr)):
        press(app, ARROWS["down" if dr > 0 else "up"], frames=0)
    for _ in range(abs(dc)):
        press(app, ARROWS["right" if dc > 0 else "left"], frames=0)
    pump(app, 1)


def test_gaps_is_played_to_its_end_by_keys_and_every_card_is_read_by_name_and_place(app):
    from game.ui.tables.gaps.table import GapsTable, start_game

    app.settings.animation = "off"
    t = start_game(app, {"redeals": 1}, 3)
    t.model.think_seconds = 0.0
    t.model.stop_thinking()
    pump(app, 2)
    assert isinstance(app.scenes.top, GapsTable)

    grid = region(tree(app), "gaps:grid")
    assert grid.role is Role.GROUP and len(grid.children) == 52
    cards = [n for n in grid.children if State.EMPTY not in n.states]
    gaps = [n for n in grid.children if State.EMPTY in n.states]
    assert len(cards) == 48 and len(gaps) == 4
    # every card by its name, each once, each with its row and column
    names = {card_name(c, "en") for c in standard_deck() if c.rank != 1}
    assert {n.name for n in cards} == names
    places = {n.description.split(";")[0] for n in grid.children}
    assert places == {f"row {r}, column {c}" for r in range(1, 5) for c in range(1, 14)}
    assert all(n.rect[2] > 0 and n.rect[3] > 0 for n in grid.children)

    # Tab takes the keyboard to the grid: the cursor is the focus
    press(app, pygame.K_TAB)
    focus = tree(app).focus
    assert focus is not None and focus.startswith("gaps:cell:")

    moves = 0
    for _ in range(400):
        top = app.scenes.top
        if isinstance(top, ResultScene):
            break
        assert top is t
        tr_ = tree(app)
        grid = region(tr_, "gaps:grid")
        playable = [n for n in grid.children if State.PLAYABLE in n.states and State.EMPTY not in n.states and not (n.name.startswith("two of") and n.description.endswith(", column 1"))]
        # (a 2 that already leads a row would only change rows: no progress)
        heard = said(app)
        app.announced.clear()  # (it keeps the latest 20: what this move brings is what is new)
        before = 0
        if playable:
            target = playable[0]
            _gaps_go(app, _gaps_cell(tr_.focus or "g:c:1:1"), _gaps_cell(target.key))
            assert tree(app).focus == target.key, "the focus follows the cursor"
            assert State.SELECTED in region(tree(app), "gaps:grid").children[[n.key for n in grid.children].index(target.key)].states
            press(app, pygame.K_RETURN, frames=2)
            moves += 1
            new = said(app)[before:]
            assert any(target.name in s for s in new), (target.name, new)
        else:
            # no move left: the last move said so, and R redeals
            assert any("Press R to redeal" in s for s in heard), heard
            press(app, pygame.K_r, frames=2)
            assert len(app.announced) > before, "the redeal is announced"
    else:
        raise AssertionError("the game did not end")
    assert moves > 20
    assert isinstance(app.scenes.top, ResultScene)
    assert any(app.scenes.top.title in s for s in said(app)[-2:])
    # F2 and F3 on the result: a summary, and the latest again
    press(app, pygame.K_F3)
    assert app.scenes.top.title in said(app)[-1]


def test_the_gaps_grid_reads_in_german_too(app):
    from game.ui.tables.gaps.table import start_game

    app.settings.language = "de"
    i18n.set_language("de")
    try:
        t = start_game(app, {"redeals": 1}, 3)
        t.model.think_seconds = 0.0
        pump(app, 2)
        grid = region(tree(app), "gaps:grid")
        names = {n.name for n in grid.children if State.EMPTY not in n.states}
        assert names == {card_name(c, "de") for c in standard_deck() if c.rank != 1}
        assert "Herz Sieben" in names and "Lücke" in {n.name for n in grid.children}
        assert grid.children[0].description.startswith("Reihe 1, Spalte 1")
        press(app, pygame.K_F2)
        assert app.announced[-1].text.startswith("Gaps, Runde 1 von 2")
    finally:
        i18n.set_language("en")
