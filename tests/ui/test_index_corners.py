"""Every card on every table shows its index (issue 50): no card's top-left
rank and suit (:func:`game.ui.cardart.index_corner`) lies under a card
drawn after it, at the three window sizes and the three card sizes.  A
fan (a hand, a discard pile, a run, a side line) passes as long as each
of its cards still shows its index; one whose next card reaches over it
does not.

The rects come from each table's layout functions, in the order its
painter draws them (read from the painters, not copied): what a painter
draws on top is later in the list.  800x500 is laid out at 1024x640 (the
app draws on a surface at least that large and scales it down).
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.match import Match, Seat
from game.games import mind_the_gap as mtg
from game.ui import cardart
from game.ui.assets import scale_for
from game.ui.cardart import CARD_SIZES

SIZES = {"800x500": (1024, 640), "1280x800": (1280, 800), "1920x1080": (1920, 1080)}
CASES = [(name, size, card) for name, size in SIZES.items() for card in CARD_SIZES]
IDS = [f"{name}-{card}" for name, _, card in CASES]


@pytest.fixture(autouse=True)
def fonts():
    """The index is measured in the cards' own type."""
    pygame.font.init()


@pytest.fixture
def card_size():
    """The card size setting, as the layouts read it; back to Normal after."""
    yield lambda name: cardart.set_look(size=name)
    cardart.set_look(size="normal")


def index_of(r: pygame.Rect) -> pygame.Rect:
    """The index of a card drawn at ``r``, on the screen (the larger of
    the English and German indices: J Q K are B D K in German)."""
    return cardart.index_corner(r.w, "en").union(cardart.index_corner(r.w, "de")).move(r.topleft)


def covered(drawn: list[pygame.Rect]) -> list[tuple[int, pygame.Rect, int, pygame.Rect]]:
    """(i, card i, j, card j) for each card j drawn after card i over i's index."""
    out = []
    for i, a in enumerate(drawn):
        idx = index_of(a)
        for j in range(i + 1, len(drawn)):
            if drawn[j].colliderect(idx):
                out.append((i, a, j, drawn[j]))
    return out


def test_the_check_sees_an_index_covered_and_passes_a_fan_that_shows_it(app):
    """(The check itself: a fan a fifth of a card apart hides the index,
    one a third apart shows it; a card over the foot does not.)"""
    w = 100
    h = round(w * cardart.ASPECT)
    assert covered([pygame.Rect(i * w // 5, 0, w, h) for i in range(3)])
    assert not covered([pygame.Rect(i * w // 3, 0, w, h) for i in range(3)])
    assert not covered([pygame.Rect(0, 0, w, h), pygame.Rect(0, h // 2, w, h)])
    assert covered([pygame.Rect(0, 0, w, h), pygame.Rect(0, h // 5, w, h)])


# --- Mind the Gap ---------------------------------------------------------------------------------------


def _mtg_views() -> list[tuple[str, object]]:
    """A table of each kind: alone (7 cards), two, three on Easy (the
    partners' hands open), the small pyramid, the longest discard pile."""
    out = []
    names = ("Anna", "Ben", "Cleo")
    for label, options, moves in (
        ("solo", {"players": 1, "level": "normal"}, 3),
        ("two", {"players": 2, "level": "normal"}, 5),
        ("three-easy", {"players": 3, "level": "easy"}, 4),
        ("small-jokers", {"players": 2, "level": "normal", "small": True, "jokers": True}, 3),
    ):
        m = Match.start(mtg.GAME, options, 5, [Seat(n) for n in names[: options["players"]]], rng=random.Random(5))
        m.run(lambda mm, moves=moves: len(mm.actions) >= moves, stand_in="seed")
        out.append((label, m.view(m.current if m.current is not None else 0)))
    m = Match.start(mtg.GAME, {"players": 2, "level": "hard", "coins": 20}, 9, [Seat("Anna"), Seat("Ben")])
    while m.view(m.current).coins:
        m.play(next(a for a in m.legal() if a.kind == "discard"))
    out.append(("long-pile", m.view(m.current)))
    return out


@pytest.mark.parametrize("name, size, card", CASES, ids=IDS)
def test_mind_the_gap_every_index_shows(name, size, card):
    from game.ui.tables.mind_the_gap.layout import OPEN_OVERLAP, compute_layout

    for label, view in _mtg_views():
        L = compute_layout(size, scale_for(size), view, factor=CARD_SIZES[card])
        # paint_still: the partners' open hands, the pyramid (every place
        # may hold a card), the discard pile, the hand
        opened = []
        y = L.open_hands.y
        for i, cards in enumerate(view.hands if view.open_hands else ()):
            if i == view.seat or not cards:
                continue
            y += int(18 * L.scale)
            opened += [pygame.Rect(L.seats.x + k * int(L.open_card * OPEN_OVERLAP), y, *cardart.card_size(L.open_card)) for k in range(len(cards))]
            y += int(L.open_card * cardart.ASPECT) + int(8 * L.scale)
        for part in (opened, list(L.places.values()), L.discard_cards, L.hand):
            assert not covered(part), (label, card, covered(part)[:3])
        assert not covered([*opened, *L.places.values(), *L.discard_cards, *L.hand]), (label, card)


# --- Gaps ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, size, card", CASES, ids=IDS)
def test_gaps_every_index_shows(card_size, name, size, card):
    from game.ui.tables.gaps.layout import compute_layout

    card_size(card)
    L = compute_layout(size, scale_for(size))
    assert len(L.cells) == 52
    assert not covered(L.cells), covered(L.cells)[:3]


# --- Delphi ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def delphi_matches():
    """The demo's rounds: a round under way, a main line of a hundred
    cards, long side columns, a deep side line under the starter."""
    from game.ui.tables.delphi import demo

    return {"mid-round": demo.mid_round(), "long-line": demo.long_line(), "crowded": demo.crowded(), "deep-side": demo.deep_side()}


@pytest.mark.parametrize("name, size, card", CASES, ids=IDS)
def test_delphi_every_index_shows(app, delphi_matches, name, size, card):
    from game.ui.tables.delphi.layout import compute_layout, layout_hand, sidebar_width
    from game.ui.tables.delphi.paint import info_height
    from game.ui.tables.delphi.table import DelphiTable

    s = scale_for(size)
    sides = 0
    bad = []
    for label, match in delphi_matches.items():
        t = DelphiTable(app, match)
        view = t.view
        info_h = info_height(tuple(t.info_lines(view)), sidebar_width(size, s), s)
        for scroll in (0, 40):  # the newest cards, and the row scrolled back to the start
            L = compute_layout(size, s, view, info_h, scroll=scroll, card=CARD_SIZES[card])
            T = L.tableau
            # _row: the side lines first, play after play, then the main
            # line over their tops (cards scrolled out of the row are not drawn)
            left, right = T.strip.x - T.cw, T.strip.right
            side = [r for rects in T.side if rects and left < rects[0].x < right for r in rects]
            main = [r for r in T.main if left < r.x < right]
            sides += len(side)
            assert main, label
            drawn = [*side, *main, *T.pending]
            if covered(drawn):
                bad.append((label, "row", scroll, len(covered(drawn)), covered(drawn)[0]))
        # _hand: the hand, and one of twenty cards (the penalty cards grow it)
        many = layout_hand(L.hand_area, 20, s, card=CARD_SIZES[card])
        for what, rects in (("hand", L.hand.rects), ("20 cards", many.rects)):
            if covered(rects):
                bad.append((label, what, len(covered(rects)), covered(rects)[0]))
        # _sheet: one side line whole, on its panel over the tableau
        for anchor in sorted({sp.anchor for sp in view.side}):
            sheet = compute_layout(size, s, view, int(120 * s), card=CARD_SIZES[card], sheet=anchor).sheet
            assert sheet is not None
            flat = [r for rects in sheet.cards for r in rects]
            if covered(flat):
                bad.append((label, "sheet", anchor, len(covered(flat)), covered(flat)[0]))
    assert sides > 20, sides  # (side lines in the row were looked at)
    assert not bad, bad


@pytest.mark.parametrize("name, size, card", CASES, ids=IDS)
def test_delphi_alone_every_wrong_cards_index_shows(name, size, card):
    """Delphi alone's wrong cards (its own layout): a column of 6, 12 or 20
    under one card of a main line the rest of the 30 turns made, and two
    columns side by side.  (A deeper column, possible in 30 turns, closes
    up past the three lanes once the window has no room.)"""
    from types import SimpleNamespace

    from game.cards import Card, Rank, Suit
    from game.ui.tables.delphi.solo.layout import compute_layout

    deck = [Card(r, s) for s in Suit for r in Rank if r is not Rank.JOKER]
    s = scale_for(size)
    bad = []
    for columns in ({0: 6}, {0: 12}, {0: 20}, {4: 8, 5: 8}, {2: 10, 3: 4}):
        wrong = sum(columns.values())
        side = [SimpleNamespace(anchor=a, cards=(deck[30 + k % 20],)) for a, n in columns.items() for k in range(n)]
        view = SimpleNamespace(main=deck[: 31 - wrong], side=side, hand=deck[:12])
        L = compute_layout(size, s, view, [("guess", "Guess"), ("pass", "Pass")], ["Again"], factor=CARD_SIZES[card])
        # _line: the wrong cards in order, then the main line over their tops
        drawn = [*(r for r, _ in L.side), *L.main]
        if covered(drawn):
            bad.append((columns, len(covered(drawn)), covered(drawn)[0]))
        assert all(r.bottom <= L.lines.bottom for r, _ in L.side), columns
    assert not bad, bad


# --- Runs --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, size, card", CASES, ids=IDS)
def test_runs_every_index_shows_in_the_hand(card_size, name, size, card):
    """Hands of 7 to 20 cards, none, some or all of them playable (a
    playable card is drawn lifted)."""
    from game.ui.tables.runs.layout import compute_layout

    card_size(card)
    s = scale_for(size)
    bad = []
    for n in range(7, 21):
        for lit in (frozenset(), frozenset({1, n // 2}), frozenset(range(0, n, 2)), frozenset(range(n // 2)), frozenset(range(n))):
            L = compute_layout(size, s, 4, 0, 5, n, True, lit)
            # _hand: left to right, a playable card drawn L.lift higher
            drawn = [r.move(0, -L.lift) if i in lit else r for i, r in enumerate(L.hand)]
            if covered(drawn):
                bad.append((n, sorted(lit)[:3], covered(drawn)[0]))
    assert not bad, bad


#: a round under the table's rules closes many short runs: the run lengths
#: of a whole round (the simple bot, 3 players, seed 1: 33 runs, 49 cards)
ROUND_RUNS = (2, 3, 2, 3, 2, 1, 1, 1, 2, 1, 2, 2, 1, 1, 1, 1, 2, 1, 1, 1, 2, 3, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1)


def _starts(lengths) -> tuple[tuple[int, ...], int]:
    """Where runs of ``lengths`` begin, and the chain's length."""
    starts = [0]
    for n in lengths:
        starts.append(starts[-1] + n)
    return tuple(starts[:-1]), starts[-1]


@pytest.mark.parametrize("name, size, card", CASES, ids=IDS)
def test_runs_every_index_shows_in_the_tableau(card_size, name, size, card):
    """The run being played (up to a whole suit, its last card larger) and,
    with the house rule "new run", the runs closed before it: a few long
    ones, a whole suit (and a whole suit in play beside it), the 33 runs of a round under the table's rules.  A
    closed run may be drawn by its first and last card (its middle folded
    under the first, not drawn): every card drawn shows its index, and a
    folded run still shows both its ends."""
    from game.ui.tables.runs.layout import compute_layout, drawn

    card_size(card)
    s = scale_for(size)
    bad = []
    cases = [((), 1), ((), 6), ((), 13), ((0, 5), 9), ((0, 4, 9, 12), 18), ((0, 6, 13, 19, 26, 31), 36), ((0, 13), 15), ((0, 13), 26), _starts(ROUND_RUNS)]
    for starts, n_chain in cases:
        L = compute_layout(size, s, 4, 0, n_chain, 7, True, frozenset(), starts, False)
        assert len(L.chain) == n_chain
        shown = drawn(L)
        # _closed_runs, then _run: the chain in order, the folded cards left out
        assert shown == sorted(set(range(n_chain)) - L.folded)
        for a, b in L.closed:
            assert a in shown and b - 1 in shown, (starts, a, b)
            assert all(L.chain[i] == L.chain[a] for i in range(a + 1, b - 1) if i in L.folded)
        rects = [L.chain[i] for i in shown]
        if covered(rects):
            bad.append((starts, n_chain, len(L.folded), covered(rects)[0]))
    assert not bad, bad
