"""The same-rule check over every pair of library rules (God's rule and a
guess that looks back no further than its starters), and every rule
against a rewording of itself: how many pairs were decided exactly, how
long it took, and that every differing example is real (a main line
God's rule reaches, and a card the two rules judge differently).

    .venv/bin/python scripts/delphi_same_rule.py [--json]

Too big for the unit suite (about 5,700 pairs); the tests check a part.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.games.delphi.library import LIBRARY  # noqa: E402
from game.games.delphi.rulelang import parse_rule  # noqa: E402
from game.games.delphi.same_rule import differs_really, same_rule, starters_of  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    t0 = time.process_time()
    pairs = exact = same_pairs = bad = 0
    slowest = (0.0, "")
    for g in LIBRARY:
        for q in LIBRARY:
            if q is g or q.rule.lookback > starters_of(g.rule):
                continue
            t = time.process_time()
            r = same_rule(g.rule, q.rule)
            dt = time.process_time() - t
            slowest = max(slowest, (dt, f"{g.id} / {q.id}"))
            pairs += 1
            exact += r.exact
            same_pairs += r.same
            # real: the check a recorded verdict passes (solo.py's apply)
            bad += r.example is None or not differs_really(g.rule, q.rule, r.example)
    pair_seconds = time.process_time() - t0
    reworded = reworded_exact = 0
    for g in LIBRARY:
        r = same_rule(g.rule, parse_rule(f"card.rank > 13 or ({g.text})"))
        reworded += r.same
        reworded_exact += r.exact
    out = {
        "pairs": pairs,
        "pairs_judged_same": same_pairs,
        "pairs_decided_exactly": exact,
        "examples_not_real": bad,
        "pairs_cpu_seconds": round(pair_seconds, 1),
        "slowest_pair": {"seconds": round(slowest[0], 2), "pair": slowest[1]},
        "rewordings_same": f"{reworded} of {len(LIBRARY)}",
        "rewordings_exact": reworded_exact,
        "cpu_seconds": round(time.process_time() - t0, 1),
    }
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
