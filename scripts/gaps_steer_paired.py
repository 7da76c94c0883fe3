"""Paired measure of the hint's steering to the best end its thinking met
(issue 22): one thinking per deal, the deal played twice from it.

    python scripts/gaps_steer_paired.py --seed 1 --deals 200 --think 10 > part.jsonl
    python scripts/gaps_steer_paired.py --summary part1.jsonl part2.jsonl ...

For each deal the hint thinks about the opening layout for ``--think`` CPU
seconds, as ``sim gaps --strategy hint --think`` does, keeping the best end
of the round its search met.  When it found a win both arms play it (the
steering changes nothing there).  Otherwise the deal is played on twice
from copies of that hinter: ``before`` with the plan taken away (the hint
as it was, `Hinter(steer=False)`) and ``steered`` with the best end as the
plan.  Each later round is thought about again by each arm's own hinter.
One JSON line per deal: the opening's verdict and thinking CPU, and per
arm whether it won, the redeals used, the runs kept at each redeal and the
CPU of each hint call.  ``--summary`` adds the parts up: wins within 0 / 1
/ 2 redeals per arm with 95 % Wilson intervals, the deals won by one arm
only with a two-sided sign test, and the hint latency percentiles.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import time

from game.games import gaps as G
from game.games.gaps import board as B
from game.games.gaps.hint import Hinter
from game.games.gaps.state import Move

ARMS = ("before", "steered")


def play_on(state: G.GapsState, hinter: Hinter, think: float) -> dict:
    """The rest of the deal by the hint bot's rules (think before each new
    round, then play each hint)."""
    rnd = (state.redeals, state.max_redeals)
    runs, lat = [], []
    while G.GAME.outcome(state) is None:
        view = G.GAME.view(state, 0)
        if (view.redeals, view.max_redeals) != rnd:
            rnd = (view.redeals, view.max_redeals)
            while not hinter.think(view, think):
                pass
        h = hinter.hint(view)
        lat.append(round(h.cpu * 1000, 3))
        if not isinstance(h.action, Move):
            runs.append(list(B.prefix_lengths(B.to_cells(view.grid))))
        state = G.GAME.apply(state, h.action)
    out = G.GAME.outcome(state)
    assert out is not None
    return {"won": bool(out.won), "redeals": state.redeals, "runs": runs, "latencies_ms": lat}


def one_deal(seed: int, think: float) -> dict:
    state = G.GAME.new_game({"redeals": 2}, seed)
    view = G.GAME.view(state, 0)
    hinter = Hinter()
    t0 = time.process_time()
    while not hinter.think(view, think):
        pass
    row: dict = {"seed": seed, "verdict": hinter.thought, "think_cpu": round(time.process_time() - t0, 2)}
    if hinter.thought == "solvable":
        row["both"] = play_on(state, hinter, think)
        return row
    before = copy.deepcopy(hinter)
    before._plans.pop(bytes(B.to_cells(view.grid)), None)  # the plan as the hint without steering has it: none
    before.steer = False
    row["before"] = play_on(state, before, think)
    row["steered"] = play_on(state, hinter, think)
    return row


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return round(100 * (c - h), 1), round(100 * (c + h), 1)


def sign_test(a: int, b: int) -> float:
    """Two-sided p of ``a`` against ``b`` discordant pairs."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n)


def percentile(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, round(q * (len(ys) - 1)))] if ys else 0.0


def summary(rows: list[dict]) -> dict:
    seeds = [r["seed"] for r in rows]
    if len(set(seeds)) != len(seeds):
        raise SystemExit("the parts overlap in seeds")
    out: dict = {"deals": len(rows), "opening_won_by_thinking": sum("both" in r for r in rows),
                 "opening_proved_lost": sum(r["verdict"] == "unsolvable" for r in rows)}
    for arm in ARMS:
        games = [r.get("both") or r[arm] for r in rows]
        within = [sum(g["won"] and g["redeals"] <= k for g in games) for k in (0, 1, 2)]
        lat = [x for g in games for x in g["latencies_ms"]]
        out[arm] = {"won_within_0_1_2": within, "won_share": round(100 * within[2] / len(rows), 1),
                    "won_ci95": wilson(within[2], len(rows)),
                    "hint_ms_p50_p95_p99_max": [percentile(lat, q) for q in (0.5, 0.95, 0.99, 1.0)],
                    "hint_calls": len(lat)}
    only = {arm: sorted(r["seed"] for r in rows if arm in r and r[arm]["won"]
                        and not r[ARMS[1 - ARMS.index(arm)]]["won"]) for arm in ARMS}
    out["won_by_one_arm_only"] = only
    out["sign_test_p"] = round(sign_test(len(only["before"]), len(only["steered"])), 4)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--think", type=float, default=10.0)
    p.add_argument("--summary", nargs="+", metavar="JSONL")
    a = p.parse_args()
    if a.summary:
        rows = []
        for name in a.summary:
            with open(name, encoding="utf-8") as f:
                rows.extend(json.loads(line) for line in f if line.strip())
        print(json.dumps(summary(rows), indent=1))
        return
    for seed in range(a.seed, a.seed + a.deals):
        print(json.dumps(one_deal(seed, a.think)), flush=True)


if __name__ == "__main__":
    main()
