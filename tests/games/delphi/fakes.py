"""Test doubles: stand-in rules written in plain Python.

The engine only needs ``text``, ``lookback`` and ``accepts(card, main)``;
these let the engine tests run without the rule language.  Not used by the
game itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

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
    # after a King no card fits: God may choose the starter
    "higher": FakeRule("higher", 1, lambda c, m: c.value > m[-1].value),
}


def fake_parser(text: str) -> FakeRule:
    try:
        return FAKE_RULES[text]
    except KeyError:
        from game.engine import NotationError

        raise NotationError(f"unknown test rule {text!r}", column=1) from None


def fake_game() -> DelphiGame:
    return DelphiGame(parser=fake_parser)


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


def new_table(rule: str = "odd-black", players: int = 4, god: int = 0, **options):
    """A fresh first round judged by ``rule`` (a name in FAKE_RULES)."""
    g = fake_game()
    opts = {"players": players, "rounds": options.pop("rounds", 1), "first_god": god, "rules": [rule]}
    opts.update(options)
    return g, g.new_game(opts, seed=options.get("seed", 1))


def rig(s, hands: dict | None = None, main: str | None = None, deck_top: str = "", played: int | None = None, **changes):
    """Rebuild the card places of state ``s`` with chosen cards while keeping
    all 156 cards: ``hands[seat]`` (codes), the main line (``main``; starters
    are its first ``s.starters`` cards), God's deck beginning with
    ``deck_top``.  Unnamed hands keep their size, filled from what is left;
    side lines are emptied unless given in ``changes``.  ``played`` defaults
    to the cards on the table."""
    from collections import Counter

    from game.games.delphi.hands import CANON, replace

    pool = Counter(CANON[c] for c in multi_deck(3))
    new_hands = list(s.hands)
    fixed_hands = {seat: [CANON[c] for c in parse_cards(t)] for seat, t in (hands or {}).items()}
    main_cards = [CANON[c] for c in parse_cards(main)] if main is not None else list(s.main)
    top = [CANON[c] for c in parse_cards(deck_top)]
    side = changes.get("side", ())
    taken = list(main_cards) + top
    for cards in fixed_hands.values():
        taken += cards
    for sp in side:
        taken += list(sp.cards)
    for c in taken:
        if pool[c] <= 0:
            raise ValueError(f"more than three copies of {c}")
        pool[c] -= 1
    rest = sorted(pool.elements())
    for seat in range(s.players):
        if seat in fixed_hands:
            new_hands[seat] = tuple(sorted(fixed_hands[seat]))
        else:
            k = len(s.hands[seat])
            new_hands[seat] = tuple(sorted(rest[:k]))
            rest = rest[k:]
    on_table = len(main_cards) + sum(len(sp.cards) for sp in side)
    changes.setdefault("side", ())
    return replace(
        s,
        hands=tuple(new_hands),
        main=tuple(main_cards),
        main_nums=changes.pop("main_nums", tuple(range(1, len(main_cards) + 1))),
        deck=tuple(top + rest),
        played=on_table if played is None else played,
        **changes,
    )
