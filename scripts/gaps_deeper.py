"""How much a deeper "Still solvable?" decides, and what it costs, for
docs/gaps.md (the table's budgets: ``game/ui/tables/gaps/solver.py``).

    python scripts/gaps_deeper.py [--deals 12] [--seed 1] [--levels 600000,2400000,6000000]

Positions a player may ask about: the greedy bot plays deals ``seed ..
seed+deals-1``; from each it takes the opening layout, the position after
10 and 25 moves of the first round, and the positions right after the
first and the second redeal.  Each is searched by one
:class:`RoundSolver` that is continued from level to level, and the
verdict, the CPU time and the growth of the resident memory are noted at
each level: what a search with that budget decides and costs (the table
itself starts its deeper search afresh, repeating the first level).  Each position is
searched in a fresh worker process (one at a time), so the memory a
search frees cannot hide the next one's growth.  Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time

import psutil

from game.games.gaps import BOTS, GAME, RoundSolver
from game.games.gaps.state import GapsState, Move


def positions(seed: int) -> list[tuple[str, GapsState]]:
    """The positions of one deal the measurement asks about."""
    st = GAME.new_game({}, seed)
    bot = BOTS["greedy"]()
    rng = random.Random(seed)
    out = [("opening", st)]
    moves_in_round = 0
    while GAME.outcome(st) is None:
        legal = GAME.legal_actions(st)
        a = bot.choose(GAME.view(st, 0), legal, rng)
        st = GAME.apply(st, a)
        if isinstance(a, Move):
            moves_in_round += 1
            if st.redeals == 0 and moves_in_round in (10, 25):
                out.append((f"round 1, move {moves_in_round}", st))
        else:
            moves_in_round = 0
            out.append((f"after redeal {st.redeals}", st))
    return out


def measure(job: tuple[int, str, GapsState, list[int]]) -> dict:
    seed, where, st, levels = job
    proc = psutil.Process()
    base = proc.memory_info().rss
    solver = RoundSolver(st, levels[-1])
    t0 = time.process_time()
    at: dict[str, dict] = {}
    for lv in levels:
        while solver.result is None and solver.nodes < lv:
            solver.step(min(50_000, lv - solver.nodes))
        verdict = solver.result.verdict if solver.result is not None else "unknown"
        at[str(lv)] = {"verdict": verdict, "nodes": solver.nodes, "cpu_s": round(time.process_time() - t0, 2),
                       "mb": round((proc.memory_info().rss - base) / 2**20, 1)}
        if solver.result is not None:
            break
    return {"seed": seed, "where": where, "levels": at}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=12)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default="600000,2400000,6000000")
    a = p.parse_args(argv)
    levels = [int(x) for x in a.levels.split(",")]
    jobs = [(seed, where, st, levels) for seed in range(a.seed, a.seed + a.deals) for where, st in positions(seed)]
    rows = []
    with multiprocessing.get_context("spawn").Pool(1, maxtasksperchild=1) as pool:
        for row in pool.imap(measure, jobs):
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    summary: dict[str, dict[str, int]] = {}
    for lv in levels:
        c: dict[str, int] = {}
        for r in rows:
            v = r["levels"].get(str(lv)) or list(r["levels"].values())[-1]
            c[v["verdict"]] = c.get(v["verdict"], 0) + 1
        summary[str(lv)] = c
    print(json.dumps({"positions": len(rows), "by_level": summary, "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
