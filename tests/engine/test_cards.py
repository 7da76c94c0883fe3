from collections import Counter

import pytest

from game.cards import (
    JOKER,
    Card,
    CardParseError,
    Rank,
    Suit,
    derive_seed,
    display,
    joker_deck,
    multi_deck,
    parse_cards,
    shuffled,
    standard_deck,
)


def test_codes_round_trip_for_every_card():
    for c in joker_deck():
        assert Card.parse(c.code) == c


@pytest.mark.parametrize(
    "text,code", [("qh", "QH"), ("TS", "10S"), ("10s", "10S"), ("A♥", "AH"), ("K♣", "KC"), ("joker", "JK")]
)
def test_lenient_parsing(text, code):
    assert Card.parse(text).code == code


@pytest.mark.parametrize("bad", ["", "Z", "11H", "QX", "1", "HQ", "10", "JKX"])
def test_bad_codes_are_refused_clearly(bad):
    with pytest.raises(CardParseError, match="not a card code"):
        Card.parse(bad)


def test_german_display_letters():
    assert [display(Card.parse(c), "de") for c in ("AS", "JH", "QD", "KC", "10H")] == ["A♠", "B♥", "D♦", "K♣", "10♥"]
    assert display(Card.parse("JH"), "en") == "J♥"


def test_decks():
    assert len(set(standard_deck())) == 52
    assert Counter(joker_deck())[JOKER] == 2
    three = multi_deck(3)
    assert len(three) == 156 and max(Counter(three).values()) == 3


def test_seeded_shuffles_are_reproducible_and_distinct():
    deck = standard_deck()
    assert shuffled(deck, 5) == shuffled(deck, 5)
    assert shuffled(deck, 5) != shuffled(deck, 6)
    assert shuffled(deck, 5, "redeal", 1) != shuffled(deck, 5, "redeal", 2)
    assert sorted(shuffled(deck, 5)) == sorted(deck)
    assert derive_seed(1, "a") != derive_seed(1, "b")


def test_card_properties():
    c = Card(Rank.QUEEN, Suit.HEARTS)
    assert c.value == 12 and c.suit.is_red and c.suit.color == "red"
    assert JOKER.is_joker and JOKER.value == 0
    assert parse_cards("3H, 9S JD") == [Card.parse("3H"), Card.parse("9S"), Card.parse("JD")]
