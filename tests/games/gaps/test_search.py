"""The hint engine and the round solver."""

from __future__ import annotations

import random
import threading

from game.engine import GameRunner
from game.games.gaps import GAME, REDEAL, Hinter, Move, RoundSolver, hint, is_won, run_lengths, score, solve_round
from game.games.gaps import board as B
from game.games.gaps.bots import BOTS
from game.games.gaps.search import RoundSearch, end_value, redeal_chance
from game.games.gaps.state import GapsState

from .helpers import SOLVED, cell, layout, swap
from .test_rules import STUCK

ONE_MOVE = [  # JS goes after 10S, and row 0 is complete
    "2S 3S 4S 5S 6S 7S 8S 9S 10S -- QS KS JS",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
]
KING_DANCE = [  # KS -> c12, QS -> c10, KS -> c11
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS QS --",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
]


def play_line(st: GapsState, line) -> GapsState:
    for m in line:
        st = GAME.apply(st, m)  # raises if any move of the line is illegal
    return st


def random_positions(n: int, seed: int = 0):
    """Positions met in random games, at random points (some stuck, some over)."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        runner = GameRunner.start(GAME, {}, 500 + k)
        while GAME.outcome(runner.state) is None:
            runner.play(rng.choice(GAME.legal_actions(runner.state)))
        out.append(runner.states[rng.randrange(len(runner.states))])
    return out


# --- the hint ------------------------------------------------------------------------------


def test_hint_is_always_a_legal_action():
    checked = 0
    for st in random_positions(40):
        h = hint(GAME.view(st, 0), nodes=1500, seconds=None)
        legal = GAME.legal_actions(st)
        if not legal:
            assert h.action is None
            continue
        assert h.action in legal
        checked += 1
        if isinstance(h.action, Move):
            assert st.grid[h.source] == h.action.card
            assert h.line[0] == h.action
            play_line(st, h.line)  # the whole plan is playable
    assert checked >= 30
    assert hint(layout(STUCK)).action == REDEAL
    assert hint(layout(STUCK, redeals=2)).action is None


def test_hint_finds_the_winning_move():
    h = hint(layout(ONE_MOVE))
    assert GAME.action_to_text(h.action) == "move JS r0c9"
    assert h.wins_round and h.exact and h.value == 48
    assert str(h.message) == "Hint: move J♠ to row 1, column 10."


def test_hint_finds_a_three_move_win_with_a_king():
    st = layout(KING_DANCE, redeals=2)
    h = hint(GAME.view(st, 0))
    assert [GAME.action_to_text(m) for m in h.line] == ["move KS r0c12", "move QS r0c10", "move KS r0c11"]
    assert is_won(play_line(st, h.line))


def plan_value(st: GapsState, h) -> int:
    """What the search maximises, for the end of the hint's plan."""
    end = play_line(st, h.line)
    return end_value(run_lengths(end), st.max_redeals - st.redeals)


def test_hinter_plans_never_get_worse_while_they_are_followed():
    for seed in (3, 4):
        st = GAME.new_game({}, seed)
        hinter = Hinter(nodes=1500, seconds=None)
        promised = []
        while True:
            h = hinter.hint(GAME.view(st, 0))
            if not isinstance(h.action, Move):
                break
            promised.append(plan_value(st, h))
            assert score(play_line(st, h.line)) == h.value
            st = GAME.apply(st, h.action)
        assert len(promised) > 10 and promised == sorted(promised)
        assert end_value(run_lengths(st), 2) == promised[-1]


def test_hint_bot_plays_legal_moves_to_the_end_through_the_engine():
    bot = BOTS["hint"](nodes=800, seconds=None)
    runner = GameRunner.start(GAME, {}, 8)
    rng = random.Random(0)
    while GAME.outcome(runner.state) is None:
        legal = GAME.legal_actions(runner.state)
        runner.play(bot.choose(GAME.view(runner.state, 0), legal, rng))
    out = GAME.outcome(runner.state)
    assert out is not None and out.scores[0] == score(runner.state)
    assert len(bot.latencies) == len(runner.actions)


def test_end_value_before_a_redeal_weighs_how_runs_are_kept():
    # three complete rows leave one live gap for the next round: far worse
    assert end_value((12, 12, 12, 6), 1) < end_value((11, 11, 10, 10), 1)
    assert end_value((12, 12, 12, 0), 2) < end_value((9, 9, 9, 9), 2)
    # one more card in an unfinished run never looks worse
    assert end_value((11, 10, 10, 10), 1) >= end_value((10, 10, 10, 10), 1)
    # in the last round only the score counts, and a win is a win
    assert end_value((12, 12, 12, 6), 0) == 42 == end_value((11, 11, 10, 10), 0)
    assert end_value((12, 12, 12, 12), 2) == end_value((12, 12, 12, 12), 0) > end_value((12, 12, 12, 11), 1)
    assert 0.0 <= redeal_chance((3, 2, 0, 0)) <= 1.0 and redeal_chance((12, 12, 12, 11)) > 0.9


# --- the solver --------------------------------------------------------------------------------


def brute_force(st: GapsState, cap: int) -> bool | None:
    """Independent check through the public engine: can any sequence of
    moves from ``st`` (no redeal) reach a won layout?  None if too big."""
    seen = {st.grid}
    todo = [st]
    while todo:
        s = todo.pop()
        if is_won(s):
            return True
        for a in GAME.legal_actions(s):
            if isinstance(a, Move):
                n = GAME.apply(s, a)
                if n.grid not in seen:
                    seen.add(n.grid)
                    todo.append(n)
                    if len(seen) > cap:
                        return None
    return False


def unscramble_positions(n: int, moves: int, seed: int):
    """Winnable positions: the finished layout with ``moves`` moves played
    backwards (a card that could have arrived goes back to a gap)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cells = list(B.to_cells(SOLVED.grid))
        for _ in range(moves):
            gaps = [i for i in range(52) if cells[i] == 0]
            back = [d for d in range(52) if cells[d] and (
                (d % 13 == 0 and cells[d] & 15 == 2) or (d % 13 and cells[d - 1] == cells[d] - 1))]
            d, s = rng.choice(back), rng.choice(gaps)
            cells[s], cells[d] = cells[d], 0
        out.append(GapsState(B.to_grid(cells)))
    return out


def test_solver_on_constructed_positions():
    for rows, n in ((ONE_MOVE, 1), (KING_DANCE, 3)):
        r = solve_round(layout(rows))
        assert r.verdict == "solvable" and len(r.line) == n
        assert is_won(play_line(layout(rows), r.line))
    stuck = solve_round(layout(STUCK))
    assert stuck.verdict == "unsolvable" and stuck.message.key == "gaps.solve.unsolvable_redeal"
    last = solve_round(layout(STUCK, redeals=2))
    assert last.message.key == "gaps.solve.unsolvable"
    # KS leaves the head of row 1 for the gap after QS; then 2H can start row 1
    swap_rows = layout([
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS -- 2H",
        "KS 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ])
    r = solve_round(swap_rows)
    assert r.verdict == "solvable" and [GAME.action_to_text(m) for m in r.line] == ["move KS r0c11", "move 2H r1c0"]
    assert brute_force(swap_rows, 20_000) is True


def test_solver_agrees_with_brute_force_on_small_rounds():
    verdicts = {"solvable": 0, "unsolvable": 0, "unsolvable with moves": 0}
    candidates = unscramble_positions(30, 6, 1) + random_positions(30, 7)
    for st in candidates:
        truth = brute_force(st, 4_000)
        if truth is None:
            continue
        r = solve_round(st)
        assert r.verdict == ("solvable" if truth else "unsolvable"), GAME.view(st, 0)
        verdicts[r.verdict] += 1
        if truth:
            assert is_won(play_line(st, r.line))
        elif r.nodes > 0:
            verdicts["unsolvable with moves"] += 1
    assert verdicts["solvable"] >= 10 and verdicts["unsolvable with moves"] >= 5, verdicts


def test_solver_budget_cancel_and_slices():
    deal = GAME.new_game({}, 5)
    assert solve_round(deal, max_nodes=200).verdict == "unknown"
    assert solve_round(deal, cancel=lambda: True).verdict == "unknown"
    ev = threading.Event()
    ev.set()
    assert solve_round(deal, cancel=ev).verdict == "unknown"
    # a worker thread, cancelled from outside
    ev2 = threading.Event()
    out = []
    t = threading.Thread(target=lambda: out.append(solve_round(deal, max_nodes=10**9, cancel=ev2)))
    t.start()
    ev2.set()
    t.join(timeout=30)
    assert not t.is_alive() and out[0].verdict == "unknown"
    # slices reach the same verdict as one call
    st = unscramble_positions(1, 8, 3)[0]
    solver = RoundSolver(st)
    steps = 0
    while (res := solver.step(nodes=1)) is None:
        steps += 1
    assert steps > 1 and res.verdict == solve_round(st).verdict


def test_search_without_twos_still_starts_rows():
    # row 1 has a gap first; only moving a lone 2 in fills it
    st = swap(SOLVED, "r1c0", "r1c12")
    srch = RoundSearch(B.to_cells(st.grid), 0, "max", twos=False)
    srch.step(10_000)
    assert srch.best_value == end_value((12, 12, 12, 12), 0) and srch.exact
    assert cell("r1c0") in [m[2] for m in srch.best_line]


def test_asking_twice_never_gives_a_worse_plan():
    st = GAME.new_game({}, 21)
    hinter = Hinter(nodes=600, seconds=None)
    values = [plan_value(st, hinter.hint(GAME.view(st, 0))) for _ in range(4)]
    assert values == sorted(values)


def test_hint_reports_the_chance_its_redeal_leaves():
    h = hint(GAME.new_game({}, 30), nodes=3000, seconds=None)
    assert not h.wins_round  # this deal's first plan ends in a redeal
    end = play_line(GAME.new_game({}, 30), h.line)
    assert h.next_chance == redeal_chance(run_lengths(end)) and 0 < h.next_chance < 1
    assert hint(layout(ONE_MOVE)).next_chance is None  # it wins
    assert hint(layout(KING_DANCE, redeals=2)).next_chance is None  # last round
