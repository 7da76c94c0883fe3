"""How often and how fast the round solver decides, for docs/gaps.md.

    nice -n 10 python scripts/gaps_solver_figures.py [--deals 200] [--seed 1]
        [--seconds 30] [--memory-mb 1024] [--jobs 2] [--phase-ends 0.5,0.9]
        [--redeals 100] [--json]

Part 1: the opening layout of deals seed .. seed+N-1 (the largest rounds),
each solved in a fresh worker process (so that one deal's memory cannot
hide the next one's) with a CPU limit (``time.process_time``) and a memory
budget.  Every "solvable" line is replayed through the rules
(``GAME.apply``) to a won round.  Reported: decided share, winnable share
with its 95 % Wilson interval (and the bracket if every undecided deal
went one way or the other), undecided share, positions per CPU second,
peak resident memory of a worker (``ru_maxrss``) and its growth over the
worker's start.

Part 2: layouts right after a redeal that kept 30, 36 or 42 cards in runs
(random shapes and shuffles, as in scripts/gaps_values.py), with the
default position budget.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import resource
import sys
import time

from game.cards import rng_for
from game.games.gaps import GAME, is_won, solve_round
from game.games.gaps import board as B
from game.games.gaps.solve import PHASE_ENDS
from game.games.gaps.state import GapsState

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from gaps_values import redeal_with_runs


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a share k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve_deal(args: tuple[int, float, int, tuple[float, float]]) -> dict:
    seed, seconds, memory_mb, phase_ends = args
    st = GAME.new_game({}, seed)
    rss0 = _maxrss_mb()
    t = time.process_time()
    r = solve_round(st, max_nodes=10**12, seconds=seconds, max_memory=memory_mb << 20, phase_ends=phase_ends)
    cpu = time.process_time() - t
    replay_ok = None
    if r.verdict == "solvable":
        s = st
        for m in r.line:
            s = GAME.apply(s, m)  # raises if a move of the line is illegal
        replay_ok = is_won(s)
    return {"seed": seed, "verdict": r.verdict, "nodes": r.nodes, "cpu": round(cpu, 3),
            "line": len(r.line), "replay_ok": replay_ok,
            "peak_mb": round(_maxrss_mb(), 1), "growth_mb": round(_maxrss_mb() - rss0, 1)}


def _ends(text: str) -> tuple[float, float]:
    a, b = (float(x) for x in text.split(","))
    if not 0 <= a <= b <= 1:
        raise argparse.ArgumentTypeError("two shares 0 <= a <= b <= 1, as 0.5,0.9")
    return (a, b)


def random_runs(total: int, rng: random.Random) -> tuple[int, ...]:
    while True:
        v = [rng.randint(0, 12) for _ in range(4)]
        if sum(v) == total:
            return tuple(v)


def pct(x: float) -> float:
    return round(100 * x, 1)


def openings(a: argparse.Namespace) -> dict:
    jobs = [(s, a.seconds, a.memory_mb, a.phase_ends) for s in range(a.seed, a.seed + a.deals)]
    rows: list[dict] = []
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(a.jobs, maxtasksperchild=1) as pool:
        for row in pool.imap(solve_deal, jobs):
            rows.append(row)
            if not a.json:
                print(json.dumps(row), file=sys.stderr, flush=True)
    n = len(rows)
    won = sum(1 for r in rows if r["verdict"] == "solvable")
    lost = sum(1 for r in rows if r["verdict"] == "unsolvable")
    unknown = n - won - lost
    cpu = sum(r["cpu"] for r in rows)
    nodes = sum(r["nodes"] for r in rows)
    decided_cpu = sorted(r["cpu"] for r in rows if r["verdict"] != "unknown")
    lo, hi = wilson(won, n)
    dlo, dhi = wilson(won + lost, n)
    return {
        "deals": n, "first_seed": a.seed, "cpu_limit_s": a.seconds, "memory_limit_mb": a.memory_mb,
        "phase_ends": list(a.phase_ends),
        "solvable": won, "unsolvable": lost, "unknown": unknown,
        "decided_pct": pct((won + lost) / n), "decided_ci_pct": [pct(dlo), pct(dhi)],
        "winnable_pct": pct(won / n), "winnable_ci_pct": [pct(lo), pct(hi)],
        "winnable_bracket_pct": [pct(won / n), pct((won + unknown) / n)],
        "undecided_pct": pct(unknown / n),
        "lines_replayed_to_a_win": sum(1 for r in rows if r["replay_ok"]),
        "positions_per_cpu_second": round(nodes / cpu) if cpu else None,
        "median_cpu_decided_s": decided_cpu[len(decided_cpu) // 2] if decided_cpu else None,
        "peak_rss_mb_max": max(r["peak_mb"] for r in rows),
        "rss_growth_mb_max": max(r["growth_mb"] for r in rows),
        "rss_growth_mb_median": sorted(r["growth_mb"] for r in rows)[n // 2],
        "rows": rows,
    }


def after_redeal(a: argparse.Namespace) -> dict:
    out = {}
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
        out[str(total)] = {"positions": a.redeals, "verdicts": c,
                           "median_cpu_s": round(times[len(times) // 2], 3), "max_cpu_s": round(times[-1], 2)}
    return out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--memory-mb", type=int, default=1024)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--phase-ends", type=_ends, default=PHASE_ENDS,
                   help="where the two fast phases end, shares of --seconds (default %(default)s)")
    p.add_argument("--redeals", type=int, default=100, help="positions per kept total in part 2 (0: skip)")
    p.add_argument("--json", action="store_true", help="print only the JSON (no progress lines)")
    a = p.parse_args(argv)
    out: dict = {"openings": openings(a) if a.deals else None}
    if a.redeals:
        out["after_redeal"] = after_redeal(a)
    if not a.json and out["openings"] is not None:
        o = out["openings"]
        print(f"{o['deals']} opening deals from seed {o['first_seed']}, {o['cpu_limit_s']} s CPU and "
              f"{o['memory_limit_mb']} MB each: decided {o['decided_pct']} % "
              f"(solvable {o['solvable']}, unsolvable {o['unsolvable']}, undecided {o['unknown']}); "
              f"winnable {o['winnable_pct']} % (95 % CI {o['winnable_ci_pct']}); "
              f"{o['positions_per_cpu_second']} positions per CPU second; peak {o['peak_rss_mb_max']} MB",
              file=sys.stderr)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
