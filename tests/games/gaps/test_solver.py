"""Cross-checks of the round solver (issue 22): every "solvable" line is
replayed through the rules to a won round, every "unsolvable" verdict on a
small position is checked against a plain exhaustive search through the
public engine, and the hint plays the solver's line."""

from __future__ import annotations

import random

from game.games.gaps import GAME, Hinter, RoundSolver, is_won, solve_round
from game.games.gaps import board as B
from game.games.gaps.solve import RoundDfs
from game.games.gaps.state import GapsState

from .helpers import SOLVED
from .test_search import brute_force, play_line, unscramble_positions


def scrambled_tails(n: int, cells_moved: int, seed: int) -> list[GapsState]:
    """Positions with most cards in place: the finished layout with the
    contents of ``cells_moved`` random cells right of column 5 (cards and
    the four gaps) shuffled among themselves.  Many can no longer be won,
    and a plain exhaustive search of each takes well under a second."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cells = list(B.to_cells(SOLVED.grid))
        gaps = [i for i in range(52) if cells[i] == 0]
        others = [i for i in range(52) if cells[i] and i % 13 >= 6]
        chosen = gaps + rng.sample(others, cells_moved - len(gaps))
        contents = [cells[i] for i in chosen]
        rng.shuffle(contents)
        for i, c in zip(chosen, contents):
            cells[i] = c
        out.append(GapsState(B.to_grid(cells)))
    return out


def check_against_brute_force(states: list[GapsState], cap: int) -> dict[str, int]:
    counts = {"solvable": 0, "unsolvable": 0, "unsolvable after moves": 0}
    for st in states:
        truth = brute_force(st, cap)
        if truth is None:
            continue
        r = solve_round(st)
        assert r.verdict == ("solvable" if truth else "unsolvable"), GAME.view(st, 0)
        counts[r.verdict] += 1
        if truth:
            assert is_won(play_line(st, r.line))  # the line replays through the rules to a win
        elif r.nodes > 0:
            counts["unsolvable after moves"] += 1
    return counts


def test_unsolvable_verdicts_agree_with_an_exhaustive_search():
    states = scrambled_tails(100, 10, 1) + scrambled_tails(60, 14, 2)
    counts = check_against_brute_force(states, 6_000)
    assert counts["unsolvable after moves"] >= 50 and counts["solvable"] >= 40, counts


def test_solvable_lines_replay_to_a_won_round():
    states = unscramble_positions(20, 8, 5) + unscramble_positions(10, 12, 6)
    for st in states:
        r = solve_round(st, max_nodes=200_000)
        assert r.verdict == "solvable"
        assert is_won(play_line(st, r.line))
    # whole opening deals too (deal 3 is won within a few thousand positions)
    deal = GAME.new_game({}, 3)
    r = solve_round(deal, max_nodes=200_000)
    assert r.verdict == "solvable" and len(r.line) > 50
    assert is_won(play_line(deal, r.line))


def test_the_fast_phase_alone_is_no_proof_when_it_left_moves_out():
    # the fast search plays a run's next card at once and leaves the other
    # moves out: it says so, and the solver then searches every move
    deal = B.deal(3)
    fast = RoundDfs(deal, fast=True)
    fast.step(50)
    assert fast.pruned
    full = RoundDfs(deal, fast=False)
    full.step(50)
    assert not full.pruned
    # a position whose fast search never left a move out is decided by it alone
    for st in scrambled_tails(30, 10, 3):
        s = RoundSolver(st, max_nodes=100_000)
        while (r := s.step(1_000)) is None:
            pass
        if s.phase == 1 and r.verdict == "unsolvable":
            assert not s._search.pruned


def test_the_solver_frees_its_memory_and_keeps_to_its_budgets():
    deal = GAME.new_game({}, 2)
    s = RoundSolver(deal, max_nodes=30_000, fast_nodes=10_000)
    while (r := s.step(2_000)) is None:
        pass
    assert r.verdict == "unknown" and r.nodes == 30_000 and s.phase == 3
    assert len(s._search.seen) > 1_000
    s.release()
    assert not s._search.seen and not s._search.stack
    # a memory budget of a few thousand positions ends the search "unknown"
    s = RoundSolver(deal, max_nodes=10**9, max_memory=300_000)
    while (r := s.step(5_000)) is None:
        pass
    assert r.verdict == "unknown" and s.memory_out and s.nodes < 20_000


def test_the_hint_plays_the_solvers_line():
    deal = GAME.new_game({"redeals": 0}, 3)
    h = Hinter(seconds=None)
    st = deal
    first = h.hint(GAME.view(st, 0))
    assert first.wins_round and first.exact and first.value == 48
    while GAME.legal_actions(st):
        a = h.hint(GAME.view(st, 0))
        assert a.wins_round and a.nodes == 0  # the line is followed without searching again
        st = GAME.apply(st, a.action)
    assert is_won(st)


def test_solve_round_ends_the_fast_phases_at_the_shares_it_is_given(monkeypatch):
    """``phase_ends`` are shares of the CPU budget, measured from the start
    (deal 2: its fast game runs out of positions within a second, so the
    second phase starts long before its end)."""
    import time

    seen: dict[int, float] = {}
    real = RoundSolver.step

    def spy(self, nodes=20_000, deadline=None, cancel=None, clock=time.process_time):
        seen.setdefault(self.phase, deadline)
        return real(self, nodes, deadline, cancel, clock)

    monkeypatch.setattr(RoundSolver, "step", spy)
    t0 = time.process_time()
    r = solve_round(GAME.new_game({}, 2), max_nodes=10**9, seconds=100, phase_ends=(0.2, 0.7), cancel=lambda: 2 in seen)
    assert r.verdict == "unknown"
    assert abs(seen[1] - t0 - 20) < 1 and abs(seen[2] - t0 - 70) < 1, (seen, t0)
