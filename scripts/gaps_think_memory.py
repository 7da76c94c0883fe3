"""The table's hint thinking under its memory cap: what it finds on the
deal's first round.

    python scripts/gaps_think_memory.py --positions 600000 --seconds 10 SEED...

For each deal ``SEED`` the hint thinks about the opening layout the way the
table's :class:`~game.ui.tables.gaps.solver.ThinkJob` does (slices of 2,000
positions, ``--seconds`` of CPU), keeping at most ``--positions`` seen,
and prints one JSON line: the verdict (``solvable`` when it found a win
without a redeal), the CPU it took, the most positions it kept and the
process's resident memory before, at its peak and after.  The simulator (``sim gaps --think``) may keep about 2.7
million (``THINK_MEMORY``, 256 MB); the table 600,000
(``TABLE_THINK_MEMORY``).
"""

from __future__ import annotations

import argparse
import json
import time

from game.games import gaps as G
from game.games.gaps.hint import THINK_SLICE, Hinter
from game.games.gaps.solve import BYTES_PER_POSITION


def think_once(seed: int, memory: int, seconds: float) -> dict:
    state = G.GAME.new_game({"redeals": 2}, seed)
    view = G.GAME.view(state, 0)
    hinter = Hinter(think_memory=memory)
    t0 = time.process_time()
    kept = 0
    rss0 = resident_mb()
    rss = rss0
    n = 0
    while not hinter.think(view, seconds, THINK_SLICE):
        s = hinter._think  # a measurement looks inside
        if s is not None:
            kept = max(kept, len(s._search.seen))
        n += 1
        if n % 50 == 0:
            rss = max(rss, resident_mb())
    return {"seed": seed, "verdict": hinter.thought, "cpu": round(time.process_time() - t0, 2),
            "kept": kept, "rss_before_mb": rss0, "rss_peak_mb": rss, "rss_after_mb": resident_mb()}


def resident_mb() -> float:
    """The process's resident set now (Linux), MB."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return round(pages * 4096 / 1e6, 1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=600_000)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("seeds", type=int, nargs="+")
    a = p.parse_args()
    for seed in a.seeds:
        print(json.dumps(think_once(seed, a.positions * BYTES_PER_POSITION, a.seconds)), flush=True)


if __name__ == "__main__":
    main()
