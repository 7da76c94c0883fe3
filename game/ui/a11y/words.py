"""Cards and messages in words a screen reader reads well.

A table shows a card as ``7♥`` (``D♥`` for a German queen); read aloud,
the suit sign comes out as "black heart suit" or nothing at all.  So what
is spoken names a card in full, in the player's language, from the card
model and the catalogs (``a11y.json``): "seven of hearts", "Herz Sieben".
A message is spoken with every card in it named that way (the games'
own log lines and reasons, so nothing is written twice)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.cards import Card, Rank
from game.i18n import Message, current, tr

_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_name(card: Card, lang: str | None = None) -> str:
    """``card`` in full words: "seven of hearts" / "Herz Sieben"."""
    lang = lang or current()
    if card.is_joker or card.suit is None:
        return tr("a11y.card.joker", lang)
    rank = tr(f"a11y.rank.{int(Rank(card.rank))}", lang)
    suit = tr(f"a11y.suit.{_SUIT_WORDS[card.suit.value]}", lang)
    return tr("a11y.card", lang, rank=rank, suit=suit)


def cards_named(cards: Iterable[Card], lang: str | None = None) -> str:
    """Several cards, named in a row ("seven of hearts, eight of hearts")."""
    return ", ".join(card_name(c, lang) for c in cards)


def _spoken_value(value: Any, lang: str) -> Any:
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, Message):
        return spoken(value, lang)
    if isinstance(value, (list, tuple)) and any(isinstance(v, (Card, Message)) for v in value):
        return ", ".join(str(_spoken_value(v, lang)) for v in value)
    return value


def spoken(message: Message | str, lang: str | None = None) -> str:
    """``message`` as a reader says it: rendered in ``lang`` with each
    card (in lists and inner messages too) named in full."""
    if isinstance(message, str):
        return message
    lang = lang or current()
    params = {k: _spoken_value(v, lang) for k, v in message.params.items()}
    return tr(message.key, lang, **params)


__all__ = ["card_name", "cards_named", "spoken"]
