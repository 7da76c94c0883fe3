"""What the shell keeps apart: a paused scene's buttons never show over the
one on top (after a resize, F11 or a language switch), and a table still
hears Menu and Esc while a computer thinks."""

from __future__ import annotations

import pygame
import pytest

from game.engine.registry import GAMES
from game.ui.tables import available
from tests.ui.helpers import buttons, key, pump

MENU_LABELS = ("Settings", "Statistics", "Quit")
BUILT = [g.id for g in GAMES if available(g.id)]


def menu_buttons_alive(app) -> list[str]:
    names = set(MENU_LABELS) | {g.name("en") for g in GAMES}
    return [b.text for b in buttons(app) if b.text in names]


def primary(app):
    for b in buttons(app):
        ids = getattr(b, "object_ids", None) or []
        if "#primary" in ids and b.is_enabled:
            return b
    raise AssertionError(f"no primary button: {[b.text for b in buttons(app)]}")


def open_from_menu(app, game_id: str) -> None:
    """Menu -> the game's setup -> Start, as a player does."""
    gi = next(g for g in GAMES if g.id == game_id)
    b = next(b for b in buttons(app) if b.text == gi.name("en"))
    from tests.ui.helpers import click

    click(app, b.rect.center)
    click(app, primary(app).rect.center)
    pump(app, 3)
    assert app.scenes.top.name != "menu"


def resize(app, w: int, h: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
    pump(app, 3)


@pytest.mark.parametrize("game_id", BUILT)
def test_a_resize_or_f11_never_brings_the_menu_over_a_table(app, game_id):
    open_from_menu(app, game_id)
    top = app.scenes.top
    resize(app, 1100, 700)
    assert app.scenes.top is top
    assert menu_buttons_alive(app) == [], f"menu buttons over {top.name}: {menu_buttons_alive(app)}"
    assert buttons(app), f"{top.name} has no buttons after the resize"
    key(app, pygame.K_F11)
    assert menu_buttons_alive(app) == []
    key(app, pygame.K_F11)
    assert menu_buttons_alive(app) == []
    # the menu, once back on top, has its buttons again (built at the new size)
    app.to_menu()
    pump(app, 2)
    assert set(MENU_LABELS) <= {b.text for b in buttons(app)}


def test_a_dialog_over_a_table_keeps_only_its_own_buttons_after_a_resize(app):
    from game.ui.kit.dialog import ConfirmScene

    open_from_menu(app, "gaps")
    app.push(ConfirmScene(app, "Title", "Body", lambda: None))
    pump(app, 2)
    resize(app, 1150, 720)
    texts = sorted(b.text for b in buttons(app))
    assert texts == ["No", "Yes"], texts


TABLE_SCENES = {"mind-the-gap": "mind-the-gap-table-helper", "gaps": "gaps-no-moves", "delphi": "delphi-table", "runs": "runs-table"}


@pytest.mark.parametrize("game_id", BUILT)
def test_tab_never_rests_on_a_button_that_ends_or_throws_away_a_game(app, game_id):
    from game.app import all_scene_factories

    t = dict(all_scene_factories(app))[TABLE_SCENES[game_id]]()
    app.scenes.reset(t)
    pump(app, 3)
    top = app.scenes.top
    specs = [spec for spec, _ in top.placed_buttons()]
    destructive = {spec.label for spec in specs if spec.destructive}
    focusable = [b for b in buttons(app) if b.is_enabled and b.text not in destructive]
    seen = set()
    regions = [n.key for n in top.a11y_regions() if n.children]
    for _ in range(len(buttons(app)) + len(regions) + 2):
        key(app, pygame.K_TAB)
        f = app.scenes.top.focused()
        if f is None:
            # Tab also stops at the table's regions (a grid, a hand): a card has the focus
            assert top.a11y_region in regions, f"{game_id}: the focus rests nowhere"
            continue
        assert f.text not in destructive, f"{game_id}: the focus rests on {f.text}"
        seen.add(f.text)
    assert seen == {b.text for b in focusable if b in top._focusables}


def test_a_panel_at_the_side_of_a_finished_table_dims_the_table_too(app):
    """The end of a game of Mind the Gap opens its panel at the right; the
    table beside it is dimmed (it was drawn at full strength, as if it
    could still be played)."""
    from game.app import all_scene_factories
    from game.ui.kit.overlay import ResultScene

    app.settings.animation = "off"
    t = dict(all_scene_factories(app))["mind-the-gap-won"]()
    app.scenes.reset(t)
    for _ in range(30):
        pump(app, 1)
        if isinstance(app.scenes.top, ResultScene):
            break
    assert isinstance(app.scenes.top, ResultScene) and app.scenes.top.where == "right"
    pump(app, 1)
    probe = pygame.Rect(40, 300, 200, 200)  # left of the panel
    alone = pygame.Surface(app.size)
    t.draw(alone)

    def brightness(surface) -> float:
        sub = surface.subsurface(probe)
        return sum(sum(sub.get_at((x, y))[:3]) for x in range(0, probe.w, 7) for y in range(0, probe.h, 7))

    assert brightness(app.screen) < brightness(alone) * 0.9
