"""The worked example of the rules (Anna and Ben, target 5♣) as a real deal.

``GAME.new_game(TUTORIAL_OPTIONS, seed)`` deals exactly the example: target
5♣, Anna (seat 0) holds 3♥ 9♠ 4♣ 10♦ 7♠, Ben (seat 1) holds 8♦ 6♣ K♥ 2♠
J♣, and the stock is stacked so that Anna draws Q♠ after her fourth
placement and Ben draws A♦ after his discard.  The cards drawn before those
are fixed too (none of them an Ace or a Queen, so the story holds); the
cards below them are shuffled from the seed.  The option ``"preset":
"tutorial"`` is part of the record, so a tutorial game replays like any
other.

:func:`tutorial_steps` lists the ten actions with an explanation each, for
an interactive tutorial: the table shows the explanation, waits for the
player to make that move (or makes it for the computer seat), and goes on.

>>> from game.games.mind_the_gap.rules import GAME
>>> s = GAME.new_game(TUTORIAL_OPTIONS, 1)
>>> for step in tutorial_steps():
...     s = GAME.apply(s, GAME.action_from_text(step.action))
>>> s.result, s.coins
('won', 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card, parse_cards, shuffled, standard_deck
from game.engine.core import Message
from game.games.mind_the_gap.board import m

TUTORIAL_OPTIONS = {"players": 2, "level": "normal", "coins": 6, "small": False, "jokers": False, "preset": "tutorial"}

TARGET = Card.parse("5C")
ANNA = parse_cards("3H 9S 4C 10D 7S")
BEN = parse_cards("8D 6C KH 2S JC")
#: what the placements before step 7 draw (Anna, Ben, Anna, Ben, Anna, Ben),
#: then Anna's Q♠ (step 7) and Ben's A♦ (step 8)
DRAWS = parse_cards("7C 9D JH 2C 6D 10S QS AD")
#: seat names of the story, for the table to show
NAMES = ("Anna", "Ben")


def tutorial_deck(seed: int) -> list[Card]:
    """The deck, top card first, as :meth:`MindTheGap.new_game` deals it."""
    head = [TARGET]
    for a, b in zip(ANNA, BEN):
        head += [a, b]
    head += DRAWS
    rest = [c for c in standard_deck() if c not in head]
    return head + shuffled(rest, seed, "tutorial")


@dataclass(frozen=True)
class TutorialStep:
    seat: int
    #: the action text, as GAME.action_from_text reads it
    action: str
    #: what the step teaches (params: player = the seat's name)
    explanation: Message


def tutorial_steps() -> list[TutorialStep]:
    """The ten moves of the worked example, in order."""
    c = Card.parse
    steps = [
        (0, "place 3H r2c1", {"card": c("3H")}),
        (1, "place 8D r2c2", {"card": c("8D")}),
        (0, "place 9S r3c2", {"card": c("9S")}),
        (1, "place 6C r3c1", {"card": c("6C")}),
        (0, "place 4C r4c2", {"card": c("4C")}),
        (1, "place KH r4c3", {"card": c("KH")}),
        (0, "place 10D r4c1", {"card": c("10D"), "drawn": c("QS")}),
        (1, "discard JC", {"card": c("JC"), "drawn": c("AD")}),
        (0, "place QS r4c4", {"card": c("QS")}),
        (1, "place AD r3c3", {"card": c("AD")}),
    ]
    return [
        TutorialStep(seat, text, m(f"tutorial.{n}", player=NAMES[seat], **params))
        for n, (seat, text, params) in enumerate(steps, 1)
    ]


def tutorial_intro() -> Message:
    """The opening text of the tutorial (who holds what, the target)."""
    return m("tutorial.intro", target=TARGET, anna=list(ANNA), ben=list(BEN))
