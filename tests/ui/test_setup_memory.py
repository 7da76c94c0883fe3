"""Every setup opens as it was last started, whichever way it is reached:
from the menu (after the app was restarted too) and from a table's "New
game".  Before, the choices lived in a table's save: they came back
through "New game" but not through the menu, and not alike in every game."""

from __future__ import annotations

import pytest

from game.app import App
from game.ui.kit.form import SetupForm
from game.ui.kit.table import TableScene
from tests.ui.helpers import pump

#: one choice per game that differs from its setup's default
CHANGED = {
    "mind-the-gap": ("level", "hard"),
    "gaps": ("redeals", 1),
    "delphi": ("rounds", 2),
    "runs": ("wrap", True),
}


def _setup(app) -> SetupForm:
    top = app.scenes.top
    assert isinstance(top, SetupForm), type(top)
    return top


@pytest.mark.parametrize("gid", sorted(CHANGED))
def test_a_setup_opens_as_last_started_from_the_menu_and_from_a_table(app, private_home, gid):
    key, value = CHANGED[gid]
    app.settings.animation = "off"
    app.open_setup(gid)  # the menu's way: no choices given
    pump(app, 2)
    form = _setup(app)
    assert form.values.get(key) != value, "the test's choice is the default already"
    form.set(key, value)
    form.start()
    pump(app, 2)
    assert any(isinstance(s, TableScene) for s in app.scenes.scenes)
    # through the menu
    app.open_setup(gid)
    pump(app, 2)
    assert _setup(app).values.get(key) == value
    # after the app was closed and opened again
    again = App((1024, 640), fullscreen=False)
    try:
        again.open_setup(gid)
        for _ in range(2):
            again.step(1 / 60, events=[])
        assert _setup(again).values.get(key) == value
    finally:
        again.close()


def test_a_default_seat_name_kept_from_another_language_comes_in_the_language_of_now(app, private_home):
    """Names left as they came ("Player 1") were kept in the setups file
    and came back English on the German setup and at the German table;
    a name someone typed stays as typed."""
    from game import i18n
    from game.ui.tables.runs.setup import SetupScene

    i18n.set_language("de")
    try:
        english = i18n.tr("ui.seat", "en", n=1)
        app.push(SetupScene(app, {"players": 3, "names": [english, "Spieler 2", "Player 3 Bea"], "kinds": [None, None, None]}))
        pump(app, 2)
        form = _setup(app)
        shown = [form._entries[("names", seat)].get_text() for seat in range(3)]
        assert shown == [i18n.tr("ui.seat", "de", n=1), "Spieler 2", "Player 3 Bea"] and shown[0] != english, shown
        form.start()
        pump(app, 2)
        table = next(s for s in app.scenes.scenes if isinstance(s, TableScene))
        assert table.match.seats[0].name == i18n.tr("ui.seat", "de", n=1)
    finally:
        i18n.set_language("en")
