"""The start of a Delphi round: God's seat, a fresh shuffle of the three
decks, everything a round resets, and the deal (14 cards each, clockwise
from God's left, then the starter cards and the first player)."""

from __future__ import annotations

from typing import Any

from game.cards import Card, multi_deck, shuffled
from game.games.delphi.hands import canon, replace, sort_cards
from game.games.delphi.log import entry
from game.games.delphi.state import DECKS, EXPEL_AFTER, HAND_SIZE, SETRULE, TURN, DelphiState


def round_fields(players: int, first_god: int, seed: int, r: int) -> dict[str, Any]:
    """The state fields of round ``r`` before God writes the rule."""
    return {
        "round": r,
        "god": (first_god + r) % players,
        "rule": "",
        "by_hand": False,
        "note": "",
        "starters": 1,
        "phase": SETRULE,
        "hands": ((),) * players,
        "deck": canon(shuffled(multi_deck(DECKS), seed, "delphi-round", r)),
        "main": (),
        "main_nums": (),
        "side": (),
        "noplays": (),
        "played": 0,
        "turn": -1,
        "expelled": (False,) * players,
        "prophet": -1,
        "prophet_at": 0,
        "prophet_anchor": -1,
        "been_prophet": (False,) * players,
        "expel_after": EXPEL_AFTER,
        "pending": (),
        "pending_kind": "",
        "prophet_says": -1,
        "picked": None,
        "exempt": False,
        "short": False,
        "log": (),
    }


def deal(s: DelphiState, rule: str, by_hand: bool, starters: int, note: str) -> DelphiState:
    """Deal from God's deck and lay the starters.  The first player is
    found by counting the last starter's value (A 1 … K 13) around the
    players from God's left, God not counted."""
    n, god = s.players, s.god
    deck = list(s.deck)
    order = [(god + k) % n for k in range(1, n)]  # clockwise from God's left
    hands: list[list[Card]] = [[] for _ in range(n)]
    for _ in range(HAND_SIZE):
        for seat in order:
            hands[seat].append(deck.pop(0))
    start = tuple(deck[:starters])
    deck = deck[starters:]
    value = start[-1].value
    first = order[(value - 1) % len(order)]
    log = s.log + (
        entry(
            "delphi.log.round_start",
            round=s.round + 1,
            god=True,
            starters=start,
            player=first,
            count=value,
        ),
    )
    return replace(
        s,
        rule=rule,
        by_hand=by_hand,
        note=note,
        starters=starters,
        phase=TURN,
        hands=tuple(sort_cards(h) for h in hands),
        deck=tuple(deck),
        main=start,
        main_nums=tuple(range(1, starters + 1)),
        played=starters,
        turn=first,
        log=log,
    )
