"""The cards of Runs: what each is worth, how a hand is sorted and which
cards may follow which (same suit, one rank apart; Ace low, and with the
option ``wrap`` King and Ace touch).

>>> [c.code for c in neighbours(Card.parse("AH"))]
['2H']
"""

from __future__ import annotations

from collections.abc import Iterable

from game.cards import SUITS, Card, Rank, standard_deck

DECK: tuple[Card, ...] = tuple(standard_deck())


def card_points(card: Card) -> int:
    """What a card is worth: 2–10 face value, J/Q/K 10, Ace 1.

    >>> [card_points(Card.parse(c)) for c in ("AS", "7H", "10D", "KC")]
    [1, 7, 10, 10]
    """
    return min(int(card.rank), 10)


POINTS: dict[Card, int] = {c: card_points(c) for c in DECK}

# Card equality and hashing go through Python-level code (dataclass, enum),
# which dominates a playout; the hot paths below compare suits by identity
# (enum members are singletons) and ranks as ints instead.
_SUIT_BASE = {s.value: 13 * i for i, s in enumerate(SUITS)}  # DECK is suit by suit, Ace..King


def _suit_base(card: Card) -> int:
    suit = card.suit
    assert suit is not None  # Runs has no jokers
    return _SUIT_BASE[suit._value_]


def card_index(card: Card) -> int:
    """The card's position in :data:`DECK` (0 = AS … 51 = KC)."""
    return _suit_base(card) + card.rank - 1


def hand_key(card: Card) -> int:
    """The order of a hand: by suit (S, H, D, C), then rank."""
    return _suit_base(card) + card.rank


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted as a hand is held: by suit (S, H, D, C), then rank."""
    return tuple(sorted(cards, key=hand_key))


def neighbours(card: Card, wrap: bool = False) -> tuple[Card, ...]:
    """The cards that may follow ``card``: same suit, one rank lower or
    higher (Ace low; with ``wrap`` King and Ace touch).

    >>> [c.code for c in neighbours(Card.parse("AH"), wrap=True)]
    ['KH', '2H']
    """
    return NEIGHBOURS[wrap][card]


def _make_neighbours(wrap: bool) -> dict[Card, tuple[Card, ...]]:
    out = {}
    for c in DECK:
        r = int(c.rank)
        ranks = []
        if r > 1:
            ranks.append(r - 1)
        elif wrap:
            ranks.append(13)
        if r < 13:
            ranks.append(r + 1)
        elif wrap:
            ranks.append(1)
        out[c] = tuple(Card(Rank(x), c.suit) for x in ranks)
    return out


#: ``NEIGHBOURS[wrap][card]``: the cards that may follow ``card``
NEIGHBOURS = {False: _make_neighbours(False), True: _make_neighbours(True)}
# by rank: the neighbouring ranks (0 where there is none)
_NB_RANKS = {
    w: [(0, 0)] + [((r - 1) or (13 if w else 0), (r + 1 if r < 13 else (1 if w else 0))) for r in range(1, 14)]
    for w in (False, True)
}


def followers(cards: Iterable[Card], last: Card, wrap: bool) -> tuple[Card, ...]:
    """The cards among ``cards`` that may be played on ``last``."""
    suit = last.suit
    lo, hi = _NB_RANKS[wrap][last.rank]
    return tuple(c for c in cards if c.suit is suit and (c.rank == lo or c.rank == hi))


__all__ = [
    "DECK",
    "NEIGHBOURS",
    "POINTS",
    "card_index",
    "card_points",
    "followers",
    "hand_key",
    "neighbours",
    "sort_hand",
]
