"""The hint thinks about a round before playing (issue 22): the solver's
search from the round's start in slices, its line adopted as the plan."""

from __future__ import annotations

import random
from dataclasses import replace

from game.engine.match import Match, Seat
from game.games.gaps import GAME, Hinter, RoundSolver, is_won, solve_round
from game.games.gaps import board as B
from game.games.gaps.bots import HintBot
from game.games.gaps.search import end_value
from game.games.gaps.state import Move

from .helpers import layout
from .test_rules import STUCK
from .test_search import play_line, unscramble_positions
from .test_solver import scrambled_tails

#: a budget no slice of these small positions comes near: CPU time never decides these tests
PLENTY = 600.0


def think_to_the_end(h: Hinter, view, seconds: float = PLENTY, nodes: int = 500) -> int:
    calls = 1
    while not h.think(view, seconds, nodes):
        calls += 1
    return calls


def follow_the_line_to_a_win(h: Hinter, deal) -> None:
    """Every hint from ``deal`` on is the solver's line, played without a
    search, and the rules take each move of it to a won round."""
    st = deal
    while GAME.legal_actions(st):
        a = h.hint(GAME.view(st, 0))
        assert a.wins_round and a.nodes == 0
        st = GAME.apply(st, a.action)
    assert is_won(st)


def test_thinking_finds_the_win_and_the_hint_follows_its_line():
    found = 0
    for st in unscramble_positions(12, 10, 4):
        if solve_round(st).verdict != "solvable":
            continue
        h = Hinter()
        view = GAME.view(st, 0)
        think_to_the_end(h, view)
        assert h.thought == "solvable" and not h.thinking
        while GAME.legal_actions(st) and not is_won(st):
            a = h.hint(GAME.view(st, 0))
            assert a.wins_round and a.exact and a.nodes == 0  # the line, played without searching
            st = GAME.apply(st, a.action)  # the rules check every move of it
        assert is_won(st)
        found += 1
    assert found >= 5


def test_thinking_on_an_opening_deal_follows_the_line_to_a_won_round():
    deal = GAME.new_game({"redeals": 0}, 3)  # won by the solver's fast phase in a few thousand positions
    h = Hinter(seconds=0.0001)  # the hint's own search could not find the win in this budget
    think_to_the_end(h, GAME.view(deal, 0), nodes=2_000)
    assert h.thought == "solvable"
    follow_the_line_to_a_win(h, deal)


def test_thinking_proves_an_unsolvable_round_and_the_hint_goes_on():
    proved = 0
    for st in scrambled_tails(40, 10, 1):
        r = solve_round(st)
        if r.verdict != "unsolvable" or r.nodes == 0:
            continue
        h = Hinter()
        think_to_the_end(h, GAME.view(st, 0))
        assert h.thought == "unsolvable" and not h.thinking
        a = h.hint(GAME.view(st, 0))
        assert not a.wins_round and a.action in GAME.legal_actions(st)
        proved += 1
    assert proved >= 3
    # a round without a move: nothing to think about
    h = Hinter()
    assert h.think(GAME.view(layout(STUCK), 0), PLENTY)
    assert h.thought == "unknown" and not h.thinking


def test_thinking_in_slices_keeps_to_them_and_frees_its_memory():
    deal = GAME.new_game({}, 2)  # not decided within thousands of positions
    h = Hinter()
    view = GAME.view(deal, 0)
    for _ in range(5):
        before = h._think.nodes if h._think is not None else 0
        assert not h.think(view, PLENTY, nodes=1_000)
        assert h._think is not None and h._think.nodes - before <= 1_000
    solver = h._think
    assert h.thinking and len(solver._search.seen) > 1_000
    h.stop_thinking()
    assert not h.thinking and not solver._search.seen and not solver._search.stack
    # a budget of no time ends the thinking "unknown" after its first slice, and the
    # memory is freed by the calls that follow, a slice each
    h = Hinter()
    calls = think_to_the_end(h, view, seconds=0.0, nodes=2_000)
    assert h.thought == "unknown" and not h.thinking and calls >= 2
    a = h.hint(view)  # the hint goes on as without thinking
    assert isinstance(a.action, Move) and a.action in GAME.legal_actions(deal)
    # the same position again: already thought about
    assert h.think(view, PLENTY)


def test_the_thinking_hint_bot_plays_legal_moves_and_thinks_once_a_round():
    bot = HintBot(think=0.05)
    match = Match.start(GAME, {"redeals": 2}, 7, [Seat("hint", "hint")], rng=random.Random(7), bots={0: bot}, strict=True)
    while not match.over:
        match.play_bot()
    assert len(bot.think_cpu) == match.state.redeals + 1
    assert len(bot.latencies) == len(match.actions)
    assert B.score(match.state.cells) == match.outcome.scores[0]


def test_sim_reports_the_thinking_apart_and_split_runs_merge(capsys):
    import importlib.util
    import json
    from pathlib import Path

    from game.games.gaps.cli import sim

    spec = importlib.util.spec_from_file_location("gaps_merge", Path(__file__).parents[3] / "scripts" / "gaps_merge.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    merge = mod.merge

    parts = []
    for seed in (1, 2):
        assert sim(["--strategy", "hint", "--deals", "1", "--seed", str(seed), "--think", "0.2", "--detail", "--json"]) == 0
        parts.append(json.loads(capsys.readouterr().out))
    for p in parts:
        rounds = p["per_deal"][0]["redeals"] + 1
        assert p["think"]["rounds"] == rounds == len(p["think_ms"])
        assert p["hint_budget"]["think_seconds"] == 0.2 and p["hint_latency"]["n"] == len(p["latencies_ms"])
    merged = merge(parts)
    assert merged["think"]["rounds"] == sum(p["think"]["rounds"] for p in parts)
    assert merged["think"]["max_s"] == max(p["think"]["max_s"] for p in parts)
    # without --think: no thinking reported, the budget as before
    assert sim(["--strategy", "hint", "--deals", "1", "--seed", "1", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert "think" not in plain and "think_seconds" not in plain["hint_budget"]


def _lost_after_one_move(limit: int):
    """(a winnable position, a move that loses it) from small scrambled
    layouts whose win the hint finds only with the solver's help."""
    for st in unscramble_positions(60, 14, 5):
        view = GAME.view(st, 0)
        if Hinter(nodes=1, seconds=None, solver_nodes=0).hint(view).wins_round or not Hinter(nodes=1, seconds=None).hint(view).wins_round:
            continue
        for a in GAME.legal_actions(st):
            if isinstance(a, Move):
                after = GAME.apply(st, a)
                r = solve_round(after)
                if r.verdict == "unsolvable" and r.nodes > 0 and any(isinstance(b, Move) for b in GAME.legal_actions(after)):
                    yield st, after
                    limit -= 1
                    if not limit:
                        return
                    break


def test_a_lost_position_keeps_the_solver_off_only_until_an_undo():
    pairs = list(_lost_after_one_move(3))
    assert len(pairs) == 3
    for st, lost in pairs:
        h = Hinter(nodes=1, seconds=None)  # the hint's own search sees nothing: only the solver can find a win
        think_to_the_end(h, GAME.view(lost, 0))
        assert h.thought == "unsolvable"
        # played on from the lost position: still lost, nothing more to think about
        nxt = GAME.apply(lost, next(b for b in GAME.legal_actions(lost) if isinstance(b, Move)))
        assert not h.hint(GAME.view(lost, 0)).wins_round and not h._solver_on()
        assert not h.hint(GAME.view(nxt, 0)).wins_round and not h._solver_on()
        assert h.think(GAME.view(nxt, 0), PLENTY) and h.thought == "unsolvable" and not h.thinking
        # taken back to before the losing move: the solver finds the win again
        a = h.hint(GAME.view(st, 0))
        assert a.wins_round and a.exact


def test_is_move_tells_a_move_played_from_one_taken_back():
    st = GAME.new_game({}, 4)
    cells = B.to_cells(st.grid)
    for card, src, dst in B.moves(cells)[:4]:
        after = B.move(cells, src, dst)
        assert B.is_move(cells, after)
        back = B.wanted(after, src)  # taking it back is a move only where the rules allow it
        assert B.is_move(after, cells) == (back == card or (back == -1 and card & 15 == 2))
        assert not B.is_move(cells, cells)
    _, s, d = B.moves(cells)[0]
    once = B.move(cells, s, d)
    later = [m for m in B.moves(once) if m[1] != d]
    assert later and not B.is_move(cells, B.move(once, later[0][1], later[0][2]))  # two moves are not one


def test_the_tables_thinking_keeps_the_positions_a_long_fast_phase_needs():
    """Deal 402's round from the deal is won by a fast phase after about
    1.4 million positions (4-5 s of CPU).  The table's thinking once kept
    only the solvable check's 600,000: the phase ended on memory and the
    table's hint never found the win that the measured bot plays."""
    from game.ui.tables.gaps.solver import TABLE_THINK_MEMORY

    h = Hinter(think_memory=TABLE_THINK_MEMORY)
    think_to_the_end(h, GAME.view(GAME.new_game({"redeals": 2}, 402), 0), nodes=20_000)
    assert h.thought == "solvable" and not h.thinking


# --- thinking in another process (the table's ThinkJob) ---------------------------------------


def _serving(seconds: float = PLENTY):
    """``serve`` on one end of a pipe, in a thread (the protocol is the same
    as in the table's child process, without starting one)."""
    import multiprocessing
    import threading

    from game.games.gaps.hint import THINK_MEMORY
    from game.games.gaps.think_server import serve

    here, there = multiprocessing.Pipe()
    worker = threading.Thread(target=serve, args=(there, seconds, THINK_MEMORY), daemon=True)
    worker.start()
    return here, worker


def test_the_think_server_answers_the_latest_position_with_a_line_that_wins():
    slow = GAME.view(GAME.new_game({}, 2), 0)  # not decided within thousands of positions
    quick = GAME.new_game({"redeals": 0}, 3)  # won by the fast phase in a few thousand
    conn, worker = _serving()
    conn.send((1, slow))
    conn.send((2, GAME.view(quick, 0)))  # the board moved on: the first is never answered
    assert conn.poll(120)
    seq, verdict, line = conn.recv()
    assert (seq, verdict) == (2, "solvable") and B.line_wins(B.to_cells(quick.grid), line)
    conn.send((3, None))  # nothing to think about: answered at once, memory freed
    assert conn.poll(30) and conn.recv() == (3, None, ())
    conn.send(None)
    worker.join(30)
    assert not worker.is_alive()


def test_the_think_server_keeps_to_the_rounds_budget():
    conn, worker = _serving(seconds=0.0)
    conn.send((1, GAME.view(GAME.new_game({}, 2), 0)))
    assert conn.poll(30) and conn.recv() == (1, None, ())  # spent before it began: no verdict
    conn.close()  # the table's process is gone: the server ends quietly
    worker.join(30)
    assert not worker.is_alive()


def test_a_hinter_adopts_a_line_found_elsewhere_and_refuses_one_that_does_not_win():
    deal = GAME.new_game({"redeals": 0}, 3)
    view = GAME.view(deal, 0)
    there = Hinter()
    think_to_the_end(there, view, nodes=2_000)
    line = there.won_line(view)
    assert there.thought == "solvable" and line
    here = Hinter(seconds=0.0001)  # its own search could not find the win in this budget
    assert not here.settled(view)
    try:
        here.adopt(view, "solvable", line[:-1])
    except ValueError:
        pass
    else:
        raise AssertionError("a line that stops short of the win was adopted")
    here.adopt(view, "solvable", line)
    assert here.settled(view) and here.thought == "solvable"
    follow_the_line_to_a_win(here, deal)


def test_the_solve_server_answers_one_request_after_another_reports_progress_and_can_be_cancelled():
    import multiprocessing
    import threading

    from game.games.gaps.think_server import solve

    here, there = multiprocessing.Pipe()
    worker = threading.Thread(target=solve, args=(there,), daemon=True)
    worker.start()
    for deal in (3, 1):  # one server, two checks in turn
        quick = GAME.new_game({"redeals": 0}, deal)
        here.send((GAME.view(quick, 0), 200_000))
        assert here.poll(120)
        while (message := here.recv())[0] == "nodes":
            assert here.poll(120)
        kind, result, nodes = message
        assert (kind, result.verdict) == ("result", solve_round(quick, 200_000).verdict) and nodes == result.nodes
    assert worker.is_alive()  # waits for the next request
    here.send(None)
    worker.join(30)
    assert not worker.is_alive()
    # a message during a search cancels it: the answer is "unknown"; None also ends the server
    slow = GAME.view(GAME.new_game({}, 2), 0)  # not decided within hundreds of thousands of positions
    here, there = multiprocessing.Pipe()
    worker = threading.Thread(target=solve, args=(there, 2_000, 0.0), daemon=True)
    worker.start()
    here.send((slow, 10**9))
    assert here.poll(120) and here.recv()[0] == "nodes"  # progress comes, slice by slice
    here.send(None)
    while (message := here.recv())[0] == "nodes":
        pass
    assert message[1].verdict == "unknown"
    worker.join(30)
    assert not worker.is_alive()


def test_what_a_thinking_proved_is_told_for_its_position_and_round_only():
    won = GAME.view(GAME.new_game({}, 3), 0)  # the fast phase wins it
    lost = GAME.view(GAME.new_game({}, 30), 0)  # every position visited: no win
    h = Hinter()
    assert h.proved(won) is None  # nothing thought yet
    think_to_the_end(h, won, nodes=5_000)
    assert h.proved(won) == "solvable" and B.line_wins(B.to_cells(won.grid), h.won_line(won))
    assert h.proved(lost) is None
    think_to_the_end(h, lost, nodes=5_000)
    assert h.proved(lost) == "unsolvable"
    # the same cells in another round are not what was proved
    assert h.proved(replace(lost, redeals=1)) is None


def best_end_by_brute_force(st) -> int:
    """The best :func:`end_value` of any end of the round reachable from
    ``st`` (a position where the rules allow no move), through the public
    engine."""
    left = st.max_redeals - st.redeals
    seen, todo, best = {st.grid}, [st], -1
    while todo:
        s = todo.pop()
        moves = [a for a in GAME.legal_actions(s) if isinstance(a, Move)]
        if not moves:
            best = max(best, end_value(B.prefix_lengths(B.to_cells(s.grid)), left))
        for a in moves:
            n = GAME.apply(s, a)
            if n.grid not in seen:
                seen.add(n.grid)
                todo.append(n)
    return best


def play_the_hints_to_the_rounds_end(h: Hinter, st):
    while any(isinstance(a, Move) for a in GAME.legal_actions(st)):
        st = GAME.apply(st, h.hint(GAME.view(st, 0)).action)
    return st


def test_a_round_proved_lost_is_played_to_its_best_end():
    """The thinking that visits every position of a round meets every end
    of it: the hint then steers to the best one, as an exhaustive search
    of the rules' moves values them."""
    checked = 0
    for st in scrambled_tails(40, 12, 3):
        st = replace(st, redeals=1, max_redeals=2)  # a redeal left: ends are valued by what they keep
        if solve_round(st).verdict != "unsolvable":
            continue
        best = best_end_by_brute_force(st)
        h = Hinter(nodes=1)  # the hint's own search can reach no end: the plan comes from the thinking
        think_to_the_end(h, GAME.view(st, 0))
        assert h.thought == "unsolvable"
        first = h.hint(GAME.view(st, 0))
        assert first.exact and first.nodes == 0
        end = play_the_hints_to_the_rounds_end(h, st)
        assert end_value(B.prefix_lengths(B.to_cells(end.grid)), 1) == best
        checked += 1
    assert checked >= 5


def test_a_thinking_that_finds_no_win_hands_the_hint_the_best_end_it_met():
    deal = GAME.new_game({"redeals": 2}, 2)  # not decided within thousands of positions
    view = GAME.view(deal, 0)
    solver = RoundSolver(view, max_nodes=3_000, ends=True)
    while solver.step(1_000) is None:
        pass
    assert solver.result is not None and solver.result.verdict == "unknown"
    end = solver.best_end
    assert end is not None and end.line
    cells = B.to_cells(deal.grid)
    for c, s, d in end.line:  # a line of legal moves to a position with none left
        assert cells[s] == c and cells[d] == 0
        cells[d], cells[s] = c, 0
    assert not B.has_move(cells) and end_value(B.prefix_lengths(cells), 2) == end.value
    # the hint with no search of its own follows that line ...
    h = Hinter(nodes=1)
    think_to_the_end(h, view, seconds=0.0, nodes=2_000)
    assert h.thought == "unknown"
    a = h.hint(view)
    assert len(a.line) > 1 and not a.exact and a.next_chance is not None
    assert not any(isinstance(x, Move) for x in GAME.legal_actions(play_line(deal, a.line)))
    # ... where without it the hint knows one ordered move
    h = Hinter(nodes=1, steer=False)
    think_to_the_end(h, view, seconds=0.0, nodes=2_000)
    assert len(h.hint(view).line) == 1


def test_a_hinter_adopts_the_way_to_the_best_end_found_elsewhere_and_refuses_one_that_does_not_end_the_round():
    """The table's thinking process hands over the way to the best end it
    met when it finds no win (:meth:`Hinter.plan_line`)."""
    for st in scrambled_tails(40, 12, 3):
        st = replace(st, redeals=1, max_redeals=2)
        if solve_round(st).verdict == "unsolvable":
            break
    view = GAME.view(st, 0)
    conn, worker = _serving()  # the table's thinking process answers with that way
    conn.send((1, view))
    assert conn.poll(120)
    seq, verdict, line = conn.recv()
    conn.send(None)
    worker.join(30)
    assert (seq, verdict) == (1, "unsolvable") and line
    there = Hinter()
    think_to_the_end(there, view)
    assert there.plan_line(view) == line and there.won_line(view) is None
    here = Hinter(nodes=1)
    try:
        here.adopt(view, "unsolvable", line[:-1])  # stops before the round's end
    except ValueError:
        pass
    else:
        raise AssertionError("a line that does not end the round was adopted")
    here.adopt(view, "unsolvable", line)
    assert here.settled(view) and here.plan_line(view) == line
    end = play_the_hints_to_the_rounds_end(here, st)
    assert end_value(B.prefix_lengths(B.to_cells(end.grid)), 1) == best_end_by_brute_force(st)


def test_the_paired_steering_script_plays_a_won_opening_once_and_adds_the_arms_up():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("gaps_steer_paired", Path(__file__).parents[3] / "scripts" / "gaps_steer_paired.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    row = mod.one_deal(3, PLENTY)  # the thinking wins deal 3 at once: one game for both arms
    assert row["verdict"] == "solvable" and row["both"]["won"] and row["both"]["redeals"] == 0
    assert "before" not in row and len(row["both"]["latencies_ms"]) > 40

    def arm(won: bool) -> dict:
        return {"won": won, "redeals": 1, "runs": [[9, 9, 9, 9]], "latencies_ms": [100.0]}

    rows = [row] + [{"seed": 10 + i, "verdict": "unknown", "before": arm(i < 2), "steered": arm(i >= 1)} for i in range(9)]
    s = mod.summary(rows)
    assert s["before"]["won_within_0_1_2"] == [1, 3, 3] and s["steered"]["won_within_0_1_2"] == [1, 9, 9]
    assert s["won_by_one_arm_only"] == {"before": [10], "steered": [12, 13, 14, 15, 16, 17, 18]}
    assert s["sign_test_p"] == round(2 * 9 / 256, 4)  # 1 against 7 of 8 discordant pairs
    try:
        mod.summary(rows + rows[:1])
    except SystemExit:
        pass
    else:
        raise AssertionError("overlapping parts were added up")
