"""The moves of Runs: dealing a round, playing, drawing, passing, and the
end of a round with its score sheet.  :mod:`.rules` checks an action and
calls these; nothing here checks legality.

Under the written rules a run that nothing can follow any more (both
neighbours of its last card are played, or it reached the end of its
suit) is dead: the rest of the round is drawing, and the round ends when
the pile is empty.  With the house rule ``new_run`` the next player to act
starts a new run with any card instead, so a round only ends when at most
one player still holds cards.
"""

from __future__ import annotations

import bisect
from typing import Any

from game.cards import Card, rng_for
from game.games.runs.deck import DECK, NEIGHBOUR_MASK, POINTS, card_index, closed_after, followers, hand_key, sort_hand
from game.games.runs.state import DRAW_ACTION, PHASE_BREAK, PHASE_OVER, PHASE_PLAY, PLAY_LIST, Action, RoundResult, RunsState, replace_state

HAND_SIZE = 7
BONUSES = (15, 10, 5)
OPEN_ENDED = 0  # rounds == 0: play until the table stops


def run_closed(state: RunsState) -> bool:
    """Nothing can follow the last card played any more (False before the
    first card of a round)."""
    chain = state.chain
    if not chain:
        return False
    nb = NEIGHBOUR_MASK[state.wrap][card_index(chain[-1])]
    return state.played & nb == nb


def playable(state: RunsState, seat: int) -> tuple[Card, ...]:
    """The cards of ``seat`` that may be played now: any card on an empty
    table or, with ``new_run``, after a closed run; else those that follow
    the last card."""
    hand = state.hands[seat]
    if not state.chain or (state.new_run and run_closed(state)):
        return hand
    return followers(hand, state.chain[-1], state.wrap)


def closing(state: RunsState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``cards`` after which nothing could follow (the run
    would end with them)."""
    played, wrap = state.played, state.wrap
    return tuple(c for c in cards if closed_after(played, c, wrap))


def deal_round(state: RunsState, number: int) -> RunsState:
    """A fresh deal for round ``number`` from ``rng_for(seed, "round", number)``."""
    n = state.players
    deck = list(DECK)
    rng_for(state.seed, "round", number).shuffle(deck)
    starter = (state.dealer + number) % n
    # dealt one at a time, starting left of the dealer
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):
        hands[(starter + i) % n].append(deck[i])
    zeros = (0,) * n
    return replace_state(
        state,
        round=number,
        phase=PHASE_PLAY,
        turn=starter,
        hands=tuple(sort_hand(h) for h in hands),
        pile=tuple(deck[HAND_SIZE * n :]),
        chain=(),
        chain_seats=(),
        finished=(),
        points=zeros,
        bonus=zeros,
        log=(),
        played=0,
    )


def _set(t: tuple, i: int, v: Any) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def play(state: RunsState, seat: int, card: Card) -> RunsState:
    old = state.hands[seat]
    i = old.index(card)
    hand = old[:i] + old[i + 1 :]
    bonus = state.bonus
    finished = state.finished
    if not hand:
        place = len(finished)
        finished = finished + (seat,)
        if place < len(BONUSES):
            bonus = _set(bonus, seat, bonus[seat] + BONUSES[place])
    ci = card_index(card)
    return after_turn(
        state,
        seat,
        PLAY_LIST[ci],
        hands=_set(state.hands, seat, hand),
        points=_set(state.points, seat, state.points[seat] + POINTS[card]),
        bonus=bonus,
        finished=finished,
        chain=state.chain + (card,),
        chain_seats=state.chain_seats + (seat,),
        played=state.played | (1 << ci),
    )


def draw(state: RunsState, seat: int) -> RunsState:
    card = state.pile[-1]
    cards = list(state.hands[seat])
    bisect.insort(cards, card, key=hand_key)
    return after_turn(state, seat, DRAW_ACTION, hands=_set(state.hands, seat, tuple(cards)), pile=state.pile[:-1])


def after_turn(state: RunsState, seat: int, action: Action, **changes: Any) -> RunsState:
    """The state after ``seat``'s play, draw or pass; ``changes`` are the
    fields the move changed.  Ends the round when at most one player holds
    cards or nobody can play or draw (with ``new_run`` a closed run is no
    block: the next player starts a new one)."""
    n = state.players
    hands = changes.get("hands", state.hands)
    changes["log"] = state.log + ((seat, action),)
    holding = [s for s in range(n) if hands[s]]
    over = len(holding) <= 1
    if not over and not changes.get("pile", state.pile):
        last = changes.get("chain", state.chain)[-1]
        played = changes.get("played", state.played)
        nb = NEIGHBOUR_MASK[state.wrap][card_index(last)]
        if not (state.new_run and played & nb == nb):
            over = not any(followers(hands[s], last, state.wrap) for s in holding)
    if over:
        return end_round(replace_state(state, **changes), "out" if len(holding) <= 1 else "blocked")
    nxt = (seat + 1) % n
    while not hands[nxt]:
        nxt = (nxt + 1) % n
    return replace_state(state, turn=nxt, **changes)


def end_round(state: RunsState, reason: str) -> RunsState:
    """Score the round that ends in ``state``: the break, or the end of a
    game whose last planned round this was."""
    n = state.players
    result = RoundResult(
        round=state.round,
        starter=state.starter,
        played=state.points,
        bonus=state.bonus,
        penalty=tuple(sum(POINTS[c] for c in h) for h in state.hands),
        finish=state.finished,
        left=state.hands,
        chain=state.chain,
        chain_seats=state.chain_seats,
        reason=reason,
        turns=len(state.log),
    )
    last_round = state.rounds != OPEN_ENDED and state.round >= state.rounds
    zeros = (0,) * n
    return replace_state(
        state,
        phase=PHASE_OVER if last_round else PHASE_BREAK,
        turn=-1 if last_round else (state.dealer + state.round + 1) % n,
        base=tuple(b + t for b, t in zip(state.base, result.totals)),
        points=zeros,
        bonus=zeros,
        history=state.history + (result,),
    )


__all__ = [
    "BONUSES",
    "HAND_SIZE",
    "OPEN_ENDED",
    "after_turn",
    "closing",
    "deal_round",
    "draw",
    "end_round",
    "play",
    "playable",
    "run_closed",
]
