"""Delphi's scoring, round by round and for a whole game.

A round:

- the high count is the largest hand left among all players (God excepted,
  the Prophet and expelled players included);
- a player scores the high count minus the cards in their hand, and an
  empty hand scores the high count plus 4;
- a Prophet still standing at the end adds 1 for every main-line card and
  2 for every side-line card played after they declared;
- God scores the best player score; with a Prophet standing, at most twice
  the number of cards played up to and including the card with the Prophet
  marker (the last main-line card when the Prophet declared: wrong plays
  after it, the declarer's own included, do not count).

>>> player_scores([11, 8, 0])
[0, 3, 15]

A game is one round per seat, each seat God once.  Stopped or planned
short, every seat that has not been God yet gets 10 points more.

>>> game_totals([(0, (5, 3, 2))], players=3)
(5, 13, 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.core import Message
from game.games.delphi.state import OUT_BONUS, UNGODLY_COMPENSATION, DelphiState, RoundResult


def player_scores(hand_sizes: Sequence[int]) -> list[int]:
    """Scores for the given hand sizes (players only, God left out)."""
    high = max(hand_sizes) if hand_sizes else 0
    return [high + OUT_BONUS if n == 0 else high - n for n in hand_sizes]


def prophet_bonus(main_nums: Iterable[int], side_counts: Iterable[tuple[int, int]], prophet_at: int) -> int:
    """1 per main-line card and 2 per side-line card numbered after
    ``prophet_at``.  ``side_counts`` holds ``(first number, cards)`` per side
    play; a side play is never split by a declaration."""
    main = sum(1 for n in main_nums if n > prophet_at)
    side = sum(k for first, k in side_counts if first > prophet_at)
    return main + 2 * side


def god_score(best_player: int, cap_cards: int | None) -> int:
    """God's score: the best player score, capped at twice ``cap_cards``
    (the cards played up to and including the marked card) when a Prophet
    stands (``None``: no Prophet)."""
    if cap_cards is None:
        return best_player
    return min(best_player, 2 * cap_cards)


def cap_cards(main_nums: Sequence[int], prophet_anchor: int) -> int:
    """The cards played up to and including the main-line card with the
    Prophet marker: that card's play number, as play numbers count main
    and side lines together.

    >>> cap_cards((1, 2, 5, 6), prophet_anchor=1)  # cards 3 and 4 went to a side line later
    2
    """
    return main_nums[prophet_anchor]


def compensated(gods: Sequence[int], players: int) -> tuple[int, ...]:
    """The seats that get 10 points more: when fewer rounds than seats were
    played (a short game, or a game stopped early), every seat that has not
    been God (``gods``: one seat per round played).

    >>> compensated([0], players=3)
    (1, 2)
    """
    if len(gods) >= players:
        return ()
    return tuple(seat for seat in range(players) if seat not in gods)


def game_totals(rounds: Iterable[tuple[int, Sequence[int]]], players: int) -> tuple[int, ...]:
    """Totals after the given rounds, ``(god seat, scores per seat)`` each,
    with the 10 points of :func:`compensated`."""
    totals = [0] * players
    gods: list[int] = []
    for god, scores in rounds:
        gods.append(god)
        for seat, s in enumerate(scores):
            totals[seat] += s
    for seat in compensated(gods, players):
        totals[seat] += UNGODLY_COMPENSATION
    return tuple(totals)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the best total (ties share)."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


def standings(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat, the best total first (equal totals in seat order).

    >>> standings((3, 12, 3, 20))
    (3, 1, 0, 2)
    """
    return tuple(sorted(range(len(totals)), key=lambda i: (-totals[i], i)))


def round_result(s: DelphiState, reason: Message) -> RoundResult:
    """Score the round of ``s`` as it stands (at its end)."""
    seats = [p for p in range(s.players) if p != s.god]
    sizes = [len(s.hands[p]) for p in seats]
    scores = [0] * s.players
    for p, sc in zip(seats, player_scores(sizes)):
        scores[p] = sc
    bonus = cap = 0
    if s.prophet >= 0:
        bonus = prophet_bonus(s.main_nums, ((sp.first, len(sp.cards)) for sp in s.side), s.prophet_at)
        scores[s.prophet] += bonus
        cap = cap_cards(s.main_nums, s.prophet_anchor)
    best = max(scores[p] for p in seats)
    scores[s.god] = god_score(best, cap if s.prophet >= 0 else None)
    return RoundResult(
        round=s.round,
        god=s.god,
        rule=s.rule,
        by_hand=s.by_hand,
        note=s.note,
        hand_sizes=tuple(len(h) for h in s.hands),
        high=max(sizes),
        scores=tuple(scores),
        prophet=s.prophet,
        prophet_at=s.prophet_at if s.prophet >= 0 else 0,
        prophet_bonus=bonus,
        god_capped=scores[s.god] < best,
        played=s.played,
        reason=reason,
        cap_cards=cap,
        hint=s.hint,
        hint_rule=s.hint_rule,
    )
