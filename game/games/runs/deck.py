"""The cards of Runs: what each is worth, how a hand is sorted and which
cards may follow which (same suit, one rank apart; Ace low, and with the
option ``wrap`` King and Ace touch).

>>> [c.code for c in neighbours(Card.parse("AH"))]
['2H']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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


def step(before: Card, after: Card, wrap: bool = False) -> int:
    """Which way ``after`` continues a run from ``before``: +1 one rank up,
    -1 one rank down (with ``wrap`` a King then an Ace goes up, an Ace then
    a King down), 0 when it does not follow ``before``.

    >>> C = Card.parse
    >>> step(C("5S"), C("4S")), step(C("KH"), C("AH"), wrap=True), step(C("KH"), C("AH"))
    (-1, 1, 0)
    """
    if not followers((after,), before, wrap):
        return 0
    return 1 if after.rank == _NB_RANKS[wrap][before.rank][1] else -1


# --- the cards played as one number: bit ``card_index(c)`` is set for every played card -----
# (a round's "is the run closed?" asks this after every move; a membership
# test on the chain compared up to 52 cards, the mask answers with one AND)

#: ``NEIGHBOUR_MASK[wrap][card_index(c)]``: the bits of the cards that may follow ``c``
NEIGHBOUR_MASK = {w: [sum(1 << card_index(n) for n in NEIGHBOURS[w][c]) for c in DECK] for w in (False, True)}


def played_mask(cards: Iterable[Card]) -> int:
    """The bits of ``cards`` (for a chain read from a position text)."""
    mask = 0
    for c in cards:
        mask |= 1 << card_index(c)
    return mask


def closed_after(played: int, card: Card, wrap: bool) -> bool:
    """Whether nothing can follow ``card`` once it is played, when
    ``played`` holds the cards played before it: every neighbour of it is
    gone (or off the end of the suit)."""
    nb = NEIGHBOUR_MASK[wrap][card_index(card)]
    return played & nb == nb


def run_starts(chain: Sequence[Card], wrap: bool) -> list[int]:
    """Where each run of ``chain`` begins (indices).  A card that does not
    follow the card before it began a new run (the house rule "new run":
    only a closed run is followed by a card that does not touch it).

    >>> from game.cards import parse_cards
    >>> run_starts(parse_cards("QD KD 5S 4S 3S 9C"), False)
    [0, 2, 5]
    """
    out = [0] if chain else []
    for i in range(1, len(chain)):
        if chain[i] not in NEIGHBOURS[wrap][chain[i - 1]]:
            out.append(i)
    return out


__all__ = [
    "DECK",
    "NEIGHBOURS",
    "NEIGHBOUR_MASK",
    "POINTS",
    "card_index",
    "card_points",
    "closed_after",
    "followers",
    "hand_key",
    "neighbours",
    "played_mask",
    "run_starts",
    "sort_hand",
    "step",
]
