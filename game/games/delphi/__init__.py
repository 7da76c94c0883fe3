"""Delphi: find the hidden rule that orders the cards (the Eleusis family:
Robert Abbott 1963, Martin Kruskal's Delphi).

``GAME`` is the engine (:class:`~game.games.delphi.engine.DelphiGame`),
``BOTS`` the computer players, ``POLICY`` how a match is played at a table
(the computer God, God's covered screen, breaks between rounds, the
statistics), ``CONFORMANCE`` the option sets the generic engine test plays
through.  No pygame here.
"""

from __future__ import annotations

from game.games.delphi.bots import BOTS
from game.games.delphi.engine import DelphiGame
from game.games.delphi.policy import POLICY
from game.games.delphi.shapes import SHAPES
from game.games.delphi.state import Action, DelphiState, DelphiView

GAME = DelphiGame()

#: written rules the conformance playouts use
CONFORMANCE_RULES = (
    "card.color != last.color",
    "if last.rank is odd then card.color = black else card.color = red",
    "card.suit = last.suit or card.rank = last.rank",
    "card.rank > last.rank and card.rank > last2.rank",
)


def _conformance() -> list[dict]:
    """Judge-by-hand rounds and rounds with written rules."""
    sets: list[dict] = [
        {"players": 3, "rounds": 1, "rules": [{"hand": True, "starters": 1}]},
        {"players": 4, "rounds": 1, "rules": [{"hand": True, "starters": 2}]},
        {"players": 3, "rounds": 2, "first_god": 2, "god_name": "Oracle", "rules": [{"hand": True}, None]},
    ]
    for i, text in enumerate(CONFORMANCE_RULES):
        sets.append({"players": 3 + i % 6, "rounds": 1, "rules": [text]})
    sets.append({"players": 8, "rounds": 1, "rules": [CONFORMANCE_RULES[1]]})
    sets.append({"players": 4, "rounds": 2, "rules": [CONFORMANCE_RULES[0], CONFORMANCE_RULES[2]]})
    return sets


CONFORMANCE = _conformance()

__all__ = ["BOTS", "CONFORMANCE", "GAME", "POLICY", "SHAPES", "Action", "DelphiGame", "DelphiState", "DelphiView"]
