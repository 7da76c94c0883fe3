"""Compute game/games/gaps/values.json: how good a redeal is, by its kept runs.

At a redeal every card outside the kept runs is shuffled, so what a round
leaves behind is fully described by its four run lengths.  For each sorted
vector of run lengths (k1 >= k2 >= k3 >= k4, total 24-47) this script deals
random redeals with exactly those runs (the suits and the shuffle at
random, as the real redeal does) and asks the exact solver whether the
next round can be won without another redeal.  The fraction that can is the
table entry.  Below a total of 24 the hint uses a per-row logistic model
fitted to the table (logit p = sum of f[k] over the four rows).

    python scripts/gaps_values.py [--samples N] [--low-samples M] [--budget NODES] [--low-budget NODES]

Deterministic: each vector's deals come from a seed derived from the vector.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path

from game.cards import rng_for
from game.games.gaps import board as B
from game.games.gaps.search import RoundSearch

OUT = Path(__file__).resolve().parents[1] / "game" / "games" / "gaps" / "values.json"


def redeal_with_runs(kept, rng) -> list[int]:
    """A random layout right after a redeal that kept runs ``kept``."""
    suits = list(range(4))
    rng.shuffle(suits)
    cells = [0] * 52
    used = set()
    for r, k in enumerate(kept):
        for i in range(k):
            c = suits[r] * 16 + 2 + i
            cells[r * 13 + i] = c
            used.add(c)
    rest = [c for c in B.ALL_CODES if c not in used]
    rng.shuffle(rest)
    it = iter(rest)
    for r, k in enumerate(kept):
        for col in range(k + 1, 13):
            cells[r * 13 + col] = next(it)
    return cells


def winnable_fraction(kept, samples: int, budget: int) -> tuple[int, int]:
    rng = rng_for(0, "gaps-values", *kept)
    wins = unknown = 0
    for _ in range(samples):
        s = RoundSearch(redeal_with_runs(kept, rng), 0, "win", twos=True)
        s.step(budget)
        wins += s.found_win
        unknown += not s.found_win and not s.done
    return wins, unknown


def fit_rows(entries: list[tuple[tuple[int, ...], float, int]], l2: float = 0.05) -> list[float]:
    """Per-row logistic model: logit p = sum f[k_r]; Newton's method."""
    m = 13
    w = [0.0] * m
    for _ in range(40):
        g = [0.0] * m
        H = [[0.0] * m for _ in range(m)]
        for kept, p_obs, n in entries:
            x = [0.0] * m
            for k in kept:
                x[k] += 1
            z = sum(w[k] for k in kept)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(m):
                if x[i]:
                    g[i] += n * (p_obs - p) * x[i]
                    for j in range(m):
                        H[i][j] -= n * p * (1 - p) * x[i] * x[j]
        for i in range(m):
            H[i][i] -= l2
            g[i] -= l2 * w[i]
        A = [row[:] + [-gi] for row, gi in zip(H, g)]
        for i in range(m):
            piv = max(range(i, m), key=lambda r: abs(A[r][i]))
            A[i], A[piv] = A[piv], A[i]
            for r in range(m):
                if r != i:
                    f = A[r][i] / A[i][i]
                    for c in range(i, m + 1):
                        A[r][c] -= f * A[i][c]
        w = [a + A[i][m] / A[i][i] for i, a in enumerate(w)]
    return w


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--samples", type=int, default=100, help="redeals per vector with total >= 30")
    p.add_argument("--low-samples", type=int, default=30, help="redeals per vector with total 24-29")
    p.add_argument("--budget", type=int, default=30_000, help="solver positions per redeal (total >= 30)")
    p.add_argument("--low-budget", type=int, default=4_000, help="solver positions per redeal (total 24-29)")
    p.add_argument("--out", default=str(OUT))
    a = p.parse_args(argv)
    t0 = time.process_time()
    table = {}
    entries = []
    unknown_total = 0
    vectors = [tuple(sorted(v, reverse=True)) for v in combinations_with_replacement(range(13), 4)]
    vectors = sorted({v for v in vectors if 24 <= sum(v) <= 47}, key=lambda v: (-sum(v), v))
    for i, v in enumerate(vectors):
        high = sum(v) >= 30
        n = a.samples if high else a.low_samples
        wins, unknown = winnable_fraction(v, n, a.budget if high else a.low_budget)
        unknown_total += unknown
        table[",".join(map(str, v))] = round(wins / n, 4)
        entries.append((v, wins / n, n))
        if sys.stderr.isatty():
            sys.stderr.write(f"\r{i + 1}/{len(vectors)} {v} {wins}/{n}   ")
    rows = fit_rows(entries)
    data = {
        "version": 1,
        "what": "P(next round winnable without another redeal | sorted kept run lengths)",
        "method": f"exact solver on random redeals; {a.samples} per vector with budget {a.budget} positions "
                  f"(total >= 30), {a.low_samples} with budget {a.low_budget} (24-29); undecided counted as not winnable",
        "undecided": unknown_total,
        "cpu_seconds": round(time.process_time() - t0, 1),
        "row_logit": [round(x, 4) for x in rows],
        "table": table,
    }
    Path(a.out).write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(table)} vectors, {unknown_total} undecided redeals, {data['cpu_seconds']} s CPU -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
