"""Delphi's scoring, round by round and for a whole game.

A round:

- the high count is the largest hand left among all players (God excepted,
  the Prophet and expelled players included);
- a player scores the high count minus the cards in their hand, and an
  empty hand scores the high count plus 4;
- a Prophet still standing at the end adds 1 for every main-line card and
  2 for every side-line card played after they declared;
- God scores the best player score; with a Prophet standing, at most twice
  the number of cards played when the Prophet declared.

>>> player_scores([11, 8, 0])
[0, 3, 15]

A game is one round per seat, each seat God once.  Stopped or planned
short, every seat that has not been God yet gets 10 points more.

>>> game_totals([(0, (5, 3, 2))], players=3)
(5, 13, 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.games.delphi.state import OUT_BONUS, UNGODLY_COMPENSATION


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


def god_score(best_player: int, prophet_at: int | None) -> int:
    """God's score: the best player score, capped at twice the cards played
    up to the Prophet marker when a Prophet stands."""
    if prophet_at is None:
        return best_player
    return min(best_player, 2 * prophet_at)


def game_totals(rounds: Iterable[tuple[int, Sequence[int]]], players: int) -> tuple[int, ...]:
    """Totals after the given rounds, ``(god seat, scores per seat)`` each.

    When fewer rounds than seats were played (a short game, or a game
    stopped early), every seat that has not been God gets 10 points more.
    """
    totals = [0] * players
    gods: set[int] = set()
    count = 0
    for god, scores in rounds:
        count += 1
        gods.add(god)
        for seat, s in enumerate(scores):
            totals[seat] += s
    if count < players:
        for seat in range(players):
            if seat not in gods:
                totals[seat] += UNGODLY_COMPENSATION
    return tuple(totals)
