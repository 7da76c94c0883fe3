"""Test doubles: stand-in rules written in plain Python.

The engine only needs ``text``, ``lookback`` and ``accepts(card, main)``;
these let the engine tests run without the rule language.  Not used by the
game itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.cards import Card, multi_deck, parse_cards
from game.games.delphi.engine import DelphiGame


def _red(c: Card) -> bool:
    return c.suit.is_red


@dataclass(frozen=True)
class FakeRule:
    text: str
    lookback: int
    fn: Callable[[Card, tuple], bool] = field(compare=False)

    def accepts(self, card: Card, main_line: tuple) -> bool:
        return bool(self.fn(card, main_line))


FAKE_RULES = {
    # Gardner's rule from the text
    "odd-black": FakeRule("odd-black", 1, lambda c, m: (not _red(c)) if m[-1].value % 2 else _red(c)),
    "alternate": FakeRule("alternate", 1, lambda c, m: _red(c) != _red(m[-1])),
    "anything": FakeRule("anything", 0, lambda c, m: True),
    "nothing": FakeRule("nothing", 0, lambda c, m: False),
    "hearts": FakeRule("hearts", 0, lambda c, m: c.suit.value == "H"),
    "above-both": FakeRule("above-both", 2, lambda c, m: c.value > m[-1].value and c.value > m[-2].value),
}


def fake_parser(text: str) -> FakeRule:
    try:
        return FAKE_RULES[text]
    except KeyError:
        from game.engine import NotationError

        raise NotationError(f"unknown test rule {text!r}", column=1) from None


def fake_game() -> DelphiGame:
    return DelphiGame(parser=fake_parser)


def stacked_deck(top: str) -> list[Card]:
    """The 156 cards with ``top`` (card codes) first, in that order, and the
    rest in a fixed order."""
    want = parse_cards(top)
    rest = list(multi_deck(3))
    for c in want:
        rest.remove(c)
    return want + rest


def deal_order(hands: dict[int, str], god: int, players: int) -> list[Card]:
    """Cards to put on top so that the deal (one card at a time, clockwise
    from God's left, 14 rounds) gives each seat exactly ``hands[seat]``
    (14 codes each)."""
    order = [(god + k) % players for k in range(1, players)]
    parsed = {s: parse_cards(t) for s, t in hands.items()}
    out: list[Card] = []
    for i in range(14):
        for s in order:
            out.append(parsed[s][i])
    return out
