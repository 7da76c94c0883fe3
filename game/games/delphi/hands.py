"""Small operations on Delphi's card tuples and states, kept fast: the
engine copies a state a few times per move and bots ask for many views."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.cards import Card, multi_deck
from game.games.delphi.state import DelphiState

#: one Card object per card: states then share them, which keeps copies
#: (and deep copies) of a state cheap
CANON: dict[Card, Card] = {c: c for c in multi_deck(1)}


def canon(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(CANON[c] for c in cards)


def card_key(c: Card) -> int:
    # rank, then spades, hearts, diamonds, clubs: the order of Card itself,
    # computed without the (slow) enum comparisons
    suit = c.suit._value_ if c.suit is not None else "S"
    return c.rank._value_ * 4 + "SHDC".index(suit)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


def remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    out = list(hand)
    for c in cards:
        out.remove(c)
    return tuple(out)


def distinct(hand: tuple[Card, ...]) -> list[Card]:
    """The different cards of a sorted hand, in order."""
    return [c for i, c in enumerate(hand) if i == 0 or hand[i - 1] != c]


def set_at(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


_FIELDS = frozenset(DelphiState.__dataclass_fields__)


def replace(s: DelphiState, **changes: Any) -> DelphiState:
    """``dataclasses.replace`` for states, without its per-field overhead
    (the state has many fields and apply makes a few copies per move)."""
    bad = changes.keys() - _FIELDS
    if bad:
        raise TypeError(f"DelphiState has no field {sorted(bad)[0]!r}")
    new = object.__new__(DelphiState)
    d = new.__dict__
    d.update(s.__dict__)
    d.update(changes)
    return new
