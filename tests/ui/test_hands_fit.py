"""Hands that fit (issue 24): a hand of 20 cards keeps every card readable
(its index strip in view) and within the hand's room, at the window the
smallest one is drawn on (800×500 is drawn at 1024×640 and scaled) and
at 1280×800 and 1920×1080, in the games whose hands grow that large
(Runs, Delphi with its penalty cards; a Mind the Gap hand holds at most
ten)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.ui.tables.delphi.layout import layout_hand
from game.ui.tables.runs.layout import compute_layout

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
#: a card's index (rank over suit) takes about a fifth of its width
READABLE = 0.28


def _strips(rects) -> list[int]:
    return [b.x - a.x for a, b in pairwise(rects)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n, least", [(20, READABLE), (30, 0.2)])
def test_a_runs_hand_of_many_cards_is_readable_card_by_card(size, n, least):
    """(A hand of Runs grows with every draw; 30 cards stay in the room,
    their indices narrower.)"""
    s = min(size[0] / 1280, size[1] / 800)
    L = compute_layout(size, s, 3, 0, 5, n, True, frozenset({2, 11}))
    # (in two rows since issue 50: the strips within each row)
    strips = [b.x - a.x for a, b in pairwise(L.hand) if a.y == b.y]
    assert min(strips) >= least * L.hw, (min(strips), L.hw)
    assert L.hand[0].x >= 0 and L.hand[-1].right <= L.draw_button.x  # clear of the right column


@pytest.mark.parametrize("size", SIZES)
def test_a_delphi_hand_of_20_cards_is_readable_card_by_card(app, size):
    from game.ui.tables.delphi import demo
    from tests.ui.helpers import seated

    app.resize(size)
    t = seated(app, dict(demo.scene_factories(app))["delphi-table"]())
    L = t.layout()
    hand = layout_hand(L.hand_area, 20, L.s)
    assert min(_strips(hand.rects)) >= READABLE * hand.cw
    assert L.hand_area.contains(hand.rects[0].union(hand.rects[-1]))
