"""Timing the rule language over the library (CPU time, not wall time).

    python -m game.games.delphi.rulelang.bench [--calls N] [--repeats R] [--json]
    python -m game.games.delphi.rulelang.bench --check [--repeats R]   # the rule check's worst cases

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
from game.games.delphi.rulelang import analyse, check_total, parse_rule


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


#: rules built to make the complete check slow: up to the allowed size,
#: reading six cards back, the first starter and the position, with
#: aggregates the situation cannot keep (their bodies read ``last`` or
#: ``pos``, some also the judged card) and a long table
CHECK_WORST = (
    "count(each.rank > last.rank) + count(each.suit = last2.suit) + count(each.rank < pos % 13) + sum(each.rank % last3.rank)"
    " + max(each.rank * last4.rank % 13) > pos / 3 + min(each.rank + last5.rank) or card.rank != last6.rank"
    " and card.suit != first.suit and streak(each.rank > last.rank) < 3",
    "count(each.rank > last.rank and each.suit != last2.suit or each.rank = pos % 13) % 3 = card.rank % 3"
    " and any(each.rank = card.rank + last.rank - last2.rank) or all(each.rank != last6.rank + card.rank % 4)"
    " and streak(each.color = last.color or each.rank = pos % 13) < 4",
    "card.suit != last6.suit or card.rank > last5.rank + last4.rank - last3.rank or card.color = last2.color and pos % 3 = 1"
    " or card.rank * last.rank % 7 = last6.rank % 7 and last5.suit != last4.suit or last3.rank + last2.rank = card.rank + pos % 5",
    "count(each.rank = card.rank and each.suit != last.suit) < 3 and (sum(each.rank) + card.rank) % 5 != 0"
    " or streak(each is red) > pos % 4",
    "any(each.rank = card.rank + last.rank) or all(each.suit != card.suit) or card.rank = [3, 1, 4, 1, 5, 9, 2, 6][pos + last.rank]",
    "card.rank != last6.rank and card.rank != last5.rank and card.rank != last4.rank and card.rank != last3.rank"
    " and card.rank != last2.rank and card.rank != last.rank",
    "card.rank % 13 = [" + ", ".join(str((i * 7) % 13) for i in range(160)) + "][pos + count(each.rank > last.rank)] or card.suit = last6.suit",
    "pos >= 1 or last2.rank = last.rank",
)


def measure_check(repeats: int = 3) -> dict:
    """CPU seconds of the complete rule check (``check_total``, a freshly
    parsed rule each time, so nothing is remembered) for each rule of
    :data:`CHECK_WORST`: the least of ``repeats`` runs, and the worst rule."""
    rows: list[dict[str, Any]] = []
    for text in CHECK_WORST:
        best = float("inf")
        for _ in range(repeats):
            rule = parse_rule(text)
            t0 = time.process_time()
            check_total(rule)
            best = min(best, time.process_time() - t0)
        rows.append({"rule": text[:60], "length": len(parse_rule(text).text), "check_s": round(best, 3)})
    worst = max(rows, key=lambda r: r["check_s"])
    return {"rules": rows, "worst_s": worst["check_s"], "worst_rule": worst["rule"]}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m game.games.delphi.rulelang.bench")
    p.add_argument("--calls", type=int, default=20_000)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--json", action="store_true")
    p.add_argument("--check", action="store_true", help="time the complete rule check of the slowest rules we could build")
    args = p.parse_args(argv)
    if args.check:
        res = measure_check(args.repeats)
        print(json.dumps(res) if args.json else "\n".join(f"{r['check_s']:6.3f} s  {r['length']:4} chars  {r['rule']}" for r in res["rules"]))
        return 0
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
