"""The start of a Delphi round: God's seat, a fresh shuffle of the three
decks, everything a round resets, God's hint, and the deal (14 cards each,
clockwise from God's left, then the starter cards and the first player).

The text takes the starter from the top of the deck "or selected if
necessary".  It is necessary when no card at all can follow the dealt
starters (``card.rank > last.rank`` after a King): then God may lay other
starters from the deck (:func:`starter_options`, :func:`lay_starters`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.cards import Card, multi_deck, shuffled
from game.engine.core import IllegalAction, msg
from game.games.delphi.hands import canon, replace, sort_cards
from game.games.delphi.library import library_rule
from game.games.delphi.log import entry
from game.games.delphi.options import MAX_NOTE
from game.games.delphi.state import DECKS, EXPEL_AFTER, HAND_SIZE, SETRULE, TURN, DelphiState, god_of_round

#: ``accepts(card, main_line)`` of the round's rule
Accepts = Callable[[Card, tuple[Card, ...]], bool]

#: the 52 different cards
KINDS: tuple[Card, ...] = canon(multi_deck(1))


def round_fields(players: int, first_god: int, seed: int, r: int) -> dict[str, Any]:
    """The state fields of round ``r`` before God writes the rule."""
    return {
        "round": r,
        "god": god_of_round(first_god, r, players),
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
        "declarer": -1,
        "hint_rule": "",
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
    first = first_player(n, god, value)
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


def first_player(players: int, god: int, value: int) -> int:
    """The seat where a count of ``value`` ends, going clockwise from God's
    left and leaving God out."""
    order = [(god + k) % players for k in range(1, players)]
    return order[(value - 1) % len(order)]


def open_line(accepts: Accepts, main: tuple[Card, ...]) -> bool:
    """Can any card at all follow ``main``?"""
    return any(accepts(c, main) for c in KINDS)


def starter_options(accepts: Accepts, main: tuple[Card, ...], deck: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The starters God may lay instead of ``main`` (the dealt ones): one
    starter swapped for a card of the deck so that some card can follow,
    the last starter first and the deck from the top.  God may lay any
    starters of the deck that leave the line open (:func:`lay_starters`);
    these are the ones offered."""
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[Card, ...]] = set()
    kinds = list(dict.fromkeys(deck))
    for i in reversed(range(len(main))):
        for c in kinds:
            line = main[:i] + (c,) + main[i + 1 :]
            if c != main[i] and line not in seen and open_line(accepts, line):
                seen.add(line)
                out.append(line)
    return out


def lay_starters(s: DelphiState, cards: tuple[Card, ...]) -> DelphiState | None:
    """The round with ``cards`` as its starters, taken from the dealt
    starters and God's deck (dealt starters left over go under the deck),
    and the first player counted anew; None if the cards are not there."""
    left = list(s.main)
    deck = list(s.deck)
    for c in cards:
        if c in left:
            left.remove(c)
        elif c in deck:
            deck.remove(c)
        else:
            return None
    first = first_player(s.players, s.god, cards[-1].value)
    log = s.log + (entry("delphi.log.starter_chosen", god=True, starters=cards, dealt=s.main, player=first, count=cards[-1].value),)
    return replace(s, main=cards, deck=tuple(deck + left), turn=first, phase=TURN, log=log)


def choose_starters(s: DelphiState, cards: tuple[Card, ...], accepts: Accepts) -> DelphiState:
    """God lays ``cards`` as the starters (the dealt ones: God keeps them)."""
    if len(cards) != len(s.main):
        raise IllegalAction(msg("delphi.err.starter_count", n=len(s.main)))
    if cards == s.main:
        return replace(s, phase=TURN, log=s.log + (entry("delphi.log.starter_kept", god=True),))
    if not open_line(accepts, cards):
        raise IllegalAction(msg("delphi.err.starter_closed", cards=list(cards)))
    laid = lay_starters(s, cards)
    if laid is None:
        raise IllegalAction(msg("delphi.err.starter_missing", cards=list(cards)))
    return laid


def give_hint(s: DelphiState, text: str, rule_id: str = "") -> DelphiState:
    """God's hint for everyone, before the rule: in God's words (``text``;
    empty takes a hint back) or a library rule's (``rule_id``)."""
    if s.phase != SETRULE:
        raise IllegalAction(msg("delphi.err.hint_not_now"))
    text = text.strip()
    if len(text) > MAX_NOTE:
        raise IllegalAction(msg("delphi.err.hint_long", n=MAX_NOTE))
    if rule_id:
        try:
            library_rule(rule_id)
        except KeyError:
            raise IllegalAction(msg("delphi.err.hint_unknown", id=rule_id)) from None
        item = entry("delphi.log.hint", god=True, hint_rule=rule_id)
    else:
        item = entry("delphi.log.hint", god=True, hint=text) if text else entry("delphi.log.hint_taken_back", god=True)
    return replace(s, hint=text, hint_rule=rule_id, log=s.log + (item,))
