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
from game.games.runs.deck import DECK, NEIGHBOUR_MASK, NEIGHBOURS, POINTS, card_index, closed_after, followers, hand_key, sort_hand
from game.games.runs.state import DRAW_ACTION, PHASE_BREAK, PHASE_OVER, PHASE_PLAY, PLAY_LIST, Action, RoundResult, RunsState, left_of, replace_state, round_from, starter_of

HAND_SIZE = 7
#: the house rule ``big_deal``: this many cards are dealt out (as many as
#: go evenly, and at least HAND_SIZE each): 20 each with 2 players, 13 with
#: 3, 10 with 4, 8 with 5, 7 with 6, leaving a pile of 10 to 13 cards.
#: With the whole pack dealt (as in Sevens or Fan Tan) the forced draws
#: become forced passes (docs/runs.md, "A stop and a bigger deal").
BIG_DEAL = 40
BONUSES = (15, 10, 5)
OPEN_ENDED = 0  # rounds == 0: play until the table stops


def hand_size(players: int, big_deal: bool) -> int:
    """The cards dealt to each player: 7, or with ``big_deal`` a share of
    :data:`BIG_DEAL` (at least 7)."""
    return max(HAND_SIZE, BIG_DEAL // players) if big_deal else HAND_SIZE


def deal_order(players: int, starter: int, big_deal: bool) -> tuple[int, ...]:
    """The seat each card of a deal goes to, in the order dealt: one card
    at a time round the table, starting with ``starter`` (left of the
    dealer), :func:`hand_size` cards each.

    >>> deal_order(3, 1, False)[:5], len(deal_order(3, 1, True))
    ((1, 2, 0, 1, 2), 39)
    """
    seats = round_from(starter, players)
    return seats * hand_size(players, big_deal)


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
    the last card (with issue 24's house rules: :func:`playable_ext`)."""
    hand = state.hands[seat]
    if state.extended:
        return playable_ext(hand, state.ends, state.played, state.wrap, state.per_suit)
    if not state.chain or (state.new_run and run_closed(state)):
        return hand
    return followers(hand, state.chain[-1], state.wrap)


# --- issue 24's house rules: open runs kept as their two end cards -----------------------


def follow_mask(ends: tuple[tuple[Card, Card], ...], played: int, wrap: bool) -> int:
    """The bits of the cards that follow one of the open runs ``ends``."""
    nbm = NEIGHBOUR_MASK[wrap]
    m = 0
    for a, b in ends:
        m |= nbm[card_index(a)] | nbm[card_index(b)]
    return m & ~played


def playable_ext(hand: tuple[Card, ...], ends: tuple[tuple[Card, Card], ...], played: int, wrap: bool, per_suit: bool) -> tuple[Card, ...]:
    """With issue 24's house rules: the cards of ``hand`` that follow an
    open run, and any card when no run is open (the round's first card, or
    after the runs closed); with ``per_suit`` also any card of a suit that
    has no open run."""
    if not ends:
        return hand
    m = follow_mask(ends, played, wrap)
    if per_suit:
        taken = {a.suit for a, _ in ends}
        return tuple(c for c in hand if (m >> card_index(c)) & 1 or c.suit not in taken)
    return tuple(c for c in hand if (m >> card_index(c)) & 1)


def run_dead(run: tuple[Card, Card], played: int, wrap: bool) -> bool:
    """Nothing can follow the open run ``run`` (its two end cards) any more."""
    nbm = NEIGHBOUR_MASK[wrap]
    m = nbm[card_index(run[0])] | nbm[card_index(run[1])]
    return played & m == m


def ends_after(state: RunsState, card: Card) -> tuple[tuple[tuple[Card, Card], ...], bool, bool]:
    """The open runs once ``card`` is played (issue 24's house rules), whether
    it starts a new run, and whether the run it joins or starts is then
    closed (nothing can follow it).  A dead run is dropped at once with
    ``new_run`` or ``per_suit`` (its suit is free again); under the written
    reading of one run it stays, and the pile is drawn out."""
    wrap, both = state.wrap, state.both_ends
    played = state.played | (1 << card_index(card))
    nb = NEIGHBOURS[wrap]
    runs = list(state.ends)
    k = -1
    for i, (a, b) in enumerate(runs):
        if card in nb[b]:
            runs[i] = (a, card) if both else (card, card)
            k = i
            break
        if both and card in nb[a]:
            runs[i] = (card, b)
            k = i
            break
    new = k < 0
    if new:
        if state.per_suit:
            runs.append((card, card))
            k = len(runs) - 1
        else:
            runs = [(card, card)]
            k = 0
    dead = run_dead(runs[k], played, wrap)
    if dead and (state.new_run or state.per_suit):
        del runs[k]
    return tuple(runs), new, dead


def derive_ends(chain: tuple[Card, ...], wrap: bool, both_ends: bool, per_suit: bool, new_run: bool) -> tuple[tuple[Card, Card], ...]:
    """The open runs after ``chain`` was played in this order (no circuit
    closed a run meanwhile): for a position text that does not say."""
    probe = RunsState(
        players=2, seed=0, rounds=5, wrap=wrap, dealer=0, round=1, phase=PHASE_PLAY, turn=0,
        hands=((), ()), pile=(), chain=(), chain_seats=(), finished=(), base=(0, 0), points=(0, 0), bonus=(0, 0),
        new_run=new_run, both_ends=both_ends, per_suit=per_suit, circuit=False,
    )
    for c in chain:
        ends, _, _ = ends_after(probe, c)
        probe = replace_state(probe, ends=ends, played=probe.played | (1 << card_index(c)))
    return probe.ends


def closing(state: RunsState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``cards`` after which nothing could follow (the run
    would end with them)."""
    if state.extended:
        return tuple(c for c in cards if ends_after(state, c)[2])
    played, wrap = state.played, state.wrap
    return tuple(c for c in cards if closed_after(played, c, wrap))


def chain_dead_ext(state: RunsState) -> bool:
    """With issue 24's house rules: cards have been played and no open run
    can be followed (all closed, or the one run is dead)."""
    if not state.chain:
        return False
    return all(run_dead(r, state.played, state.wrap) for r in state.ends)


def deal_round(state: RunsState, number: int) -> RunsState:
    """A fresh deal for round ``number`` from ``rng_for(seed, "round", number)``."""
    n = state.players
    deck = list(DECK)
    rng_for(state.seed, "round", number).shuffle(deck)
    starter = starter_of(state.dealer, number, n)
    order = deal_order(n, starter, state.big_deal)
    dealt = len(order)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, seat in enumerate(order):
        hands[seat].append(deck[i])
    zeros = (0,) * n
    return replace_state(
        state,
        round=number,
        phase=PHASE_PLAY,
        turn=starter,
        hands=tuple(sort_hand(h) for h in hands),
        pile=tuple(deck[dealt:]),
        chain=(),
        chain_seats=(),
        finished=(),
        points=zeros,
        bonus=zeros,
        log=(),
        played=0,
        ends=(),
        idle=0,
        starts=(),
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
    extra: dict[str, Any] = {}
    if state.extended:
        ends, new, _ = ends_after(state, card)
        extra["ends"] = ends
        if new:
            extra["starts"] = state.starts + (len(state.chain),)
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
        **extra,
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
    if state.extended:
        return _after_turn_ext(state, seat, action, holding, changes)
    over = len(holding) <= 1
    if not over and not changes.get("pile", state.pile):
        last = changes.get("chain", state.chain)[-1]
        played = changes.get("played", state.played)
        nb = NEIGHBOUR_MASK[state.wrap][card_index(last)]
        if not (state.new_run and played & nb == nb):
            over = not any(followers(hands[s], last, state.wrap) for s in holding)
    if over:
        return end_round(replace_state(state, **changes), "out" if len(holding) <= 1 else "blocked")
    nxt = left_of(seat, n)
    while not hands[nxt]:
        nxt = left_of(nxt, n)
    return replace_state(state, turn=nxt, **changes)


def circuit_closes(state: RunsState, action: Action) -> bool:
    """Whether ``action`` (a draw or pass of the player to act) completes a
    whole circuit in which nobody played: with ``circuit`` the open runs
    then close; with ``stop`` every draw or pass closes them (a circuit of
    one turn)."""
    if not (state.circuit or state.stop) or action.kind == "play" or not state.ends:
        return False
    return state.stop or state.idle + 1 >= sum(1 for h in state.hands if h)


def _after_turn_ext(state: RunsState, seat: int, action: Action, holding: list[int], changes: dict[str, Any]) -> RunsState:
    """:func:`after_turn` with issue 24's house rules."""
    n = state.players
    hands = changes.get("hands", state.hands)
    if action.kind == "play":
        changes["idle"] = 0
    elif circuit_closes(state, action):
        changes["ends"] = ()
        changes["idle"] = 0
    else:
        changes["idle"] = state.idle + 1
    over = len(holding) <= 1
    if not over and not (state.circuit or state.stop) and not changes.get("pile", state.pile):
        ends = changes.get("ends", state.ends)
        played = changes.get("played", state.played)
        over = not any(playable_ext(hands[s], ends, played, state.wrap, state.per_suit) for s in holding)
    if over:
        return end_round(replace_state(state, **changes), "out" if len(holding) <= 1 else "blocked")
    nxt = left_of(seat, n)
    while not hands[nxt]:
        nxt = left_of(nxt, n)
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
        turn=-1 if last_round else state.next_starter,
        base=tuple(b + t for b, t in zip(state.base, result.totals)),
        points=zeros,
        bonus=zeros,
        history=state.history + (result,),
    )


__all__ = [
    "BIG_DEAL",
    "BONUSES",
    "HAND_SIZE",
    "OPEN_ENDED",
    "after_turn",
    "chain_dead_ext",
    "circuit_closes",
    "closing",
    "deal_order",
    "deal_round",
    "derive_ends",
    "draw",
    "end_round",
    "ends_after",
    "follow_mask",
    "hand_size",
    "play",
    "playable",
    "playable_ext",
    "run_closed",
    "run_dead",
]
