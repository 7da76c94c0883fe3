"""Timing the rule language over the library (CPU time, not wall time).

    python -m game.games.delphi.rulelang.bench [--calls N] [--repeats R] [--json]

For every library rule: ``accepts`` per call (median of R runs of N calls
along a fixed 10-card main line), one uncached 52-card mask, parse + check,
and one full ``analyse`` (200 simulated lines of 60 cards).  Prints the
median and the maximum over the library.  Figures are CPU seconds from
``time.process_time``, so other processes on the machine matter less.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from game.cards import multi_deck, shuffled
from game.games.delphi.library import LIBRARY
from game.games.delphi.rulelang import analyse, parse_rule


def measure(calls: int = 20_000, repeats: int = 5) -> dict:
    deck = shuffled(multi_deck(3), 7)
    line = tuple(deck[:10])
    cards = deck[10:150]
    rows: list[dict[str, Any]] = []
    for entry in LIBRARY:
        rule = parse_rule(entry.text)
        runs = []
        for _ in range(repeats):
            t0 = time.process_time()
            for i in range(calls):
                rule.accepts(cards[i % 140], line)
            runs.append((time.process_time() - t0) / calls)
        masks = []
        for _ in range(repeats):
            t0 = time.process_time()
            for i in range(2000):
                a, b = deck[i % 150], deck[(i * 7) % 150]
                rule.mask((b, a) + line[: 4 + i % 7])
            masks.append((time.process_time() - t0) / 2000)
        t0 = time.process_time()
        for _ in range(20):
            parse_rule(entry.text)
        parse_t = (time.process_time() - t0) / 20
        t0 = time.process_time()
        analyse(rule)
        analyse_t = time.process_time() - t0
        rows.append({"id": entry.id, "accepts_us": statistics.median(runs) * 1e6, "mask_us": statistics.median(masks) * 1e6,
                     "parse_us": parse_t * 1e6, "analyse_ms": analyse_t * 1e3})

    def summary(key: str) -> dict:
        vals = [r[key] for r in rows]
        worst = max(rows, key=lambda r: r[key])
        return {"median": round(statistics.median(vals), 2), "max": round(max(vals), 2), "max_rule": worst["id"]}

    return {
        "rules": len(rows),
        "calls": calls,
        "repeats": repeats,
        "accepts_us": summary("accepts_us"),
        "mask_us": summary("mask_us"),
        "parse_us": summary("parse_us"),
        "analyse_ms": summary("analyse_ms"),
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m game.games.delphi.rulelang.bench")
    p.add_argument("--calls", type=int, default=20_000)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    result = measure(args.calls, args.repeats)
    if args.json:
        print(json.dumps(result))
    else:
        for key in ("accepts_us", "mask_us", "parse_us", "analyse_ms"):
            r = result[key]
            print(f"{key:11} median {r['median']:8.2f}  max {r['max']:8.2f}  ({r['max_rule']})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
