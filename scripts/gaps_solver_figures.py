"""How often and how fast the round solver decides, for docs/gaps.md.

    python scripts/gaps_solver_figures.py [--deals 20] [--seconds 10] [--redeals 100]

Part 1: the opening layout of deals 1..N (the largest rounds), each with a
CPU limit.  Part 2: layouts right after a redeal that kept 30, 36 or 42
cards in runs (random shapes and shuffles, as in scripts/gaps_values.py),
with the default node budget.  CPU time is time.process_time().
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from game.cards import rng_for
from game.games.gaps import GAME, solve_round
from game.games.gaps import board as B
from game.games.gaps.state import GapsState

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from gaps_values import redeal_with_runs


def random_runs(total: int, rng: random.Random) -> tuple[int, ...]:
    while True:
        v = [rng.randint(0, 12) for _ in range(4)]
        if sum(v) == total:
            return tuple(v)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--redeals", type=int, default=100, help="positions per kept total in part 2")
    a = p.parse_args(argv)
    out: dict = {"openings": {}, "after_redeal": {}}
    counts: dict[str, int] = {}
    cpu = []
    nodes = 0
    for seed in range(1, a.deals + 1):
        st = GAME.new_game({}, seed)
        t = time.process_time()
        r = solve_round(st, max_nodes=10**9, seconds=a.seconds)
        cpu.append(time.process_time() - t)
        nodes += r.nodes
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
    out["openings"] = {"deals": a.deals, "cpu_limit_s": a.seconds, "verdicts": counts,
                       "positions_per_cpu_second": round(nodes / sum(cpu))}
    rng = rng_for(0, "gaps-solver-figures")
    for total in (30, 36, 42):
        c: dict[str, int] = {}
        times = []
        for _ in range(a.redeals):
            cells = redeal_with_runs(random_runs(total, rng), rng)
            st = GapsState(B.to_grid(cells), 2, 2)
            t = time.process_time()
            r = solve_round(st)
            times.append(time.process_time() - t)
            c[r.verdict] = c.get(r.verdict, 0) + 1
        times.sort()
        out["after_redeal"][str(total)] = {"positions": a.redeals, "verdicts": c,
                                           "median_cpu_s": round(times[len(times) // 2], 3),
                                           "max_cpu_s": round(times[-1], 2)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
