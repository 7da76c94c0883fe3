"""Delphi's setup reads the seat count from the saved preferences, a file
a player may edit: a text of digits that ``str.isdigit()`` takes and
``int()`` refuses ("²") opened the setup with a ValueError."""

from __future__ import annotations

import pytest

from game.ui.tables.delphi.setup import SetupScene


@pytest.mark.parametrize("players,seats", [("²", 4), ("①", 4), ("١٢", 4), ("9" * 5000, 4), ("6", 6), (7, 7), ("99", 8), ("0", 3), (None, 4)])
def test_the_seat_count_of_the_preferences_is_read_as_ascii_digits(app, players, seats):
    assert SetupScene(app, {"players": players}).values["players"] == seats
