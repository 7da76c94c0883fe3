"""Merge ``python -m game sim gaps ... --detail --json`` outputs of split
seed ranges into one report with the same figures as a single run.

    python scripts/gaps_merge.py part1.json part2.json [--json]

Win rates, mean score and the hint latency percentiles are recomputed from
the per-deal results and the raw latencies, so the merge is exact.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.games.gaps.cli import latency_summary, summarize, think_summary


def merge(parts: list[dict]) -> dict:
    if not parts:
        raise SystemExit("nothing to merge")
    first = parts[0]
    for p in parts:
        if "per_deal" not in p:
            raise SystemExit("every part needs --detail")
        for k in ("strategy", "redeals", "hint_budget"):
            if p.get(k) != first.get(k):
                raise SystemExit(f"parts differ in {k}: {p.get(k)} vs {first.get(k)}")
    deals = sorted((d for p in parts for d in p["per_deal"]), key=lambda d: d["seed"])
    seeds = [d["seed"] for d in deals]
    if len(set(seeds)) != len(seeds):
        raise SystemExit("the parts overlap in seeds")
    out = {"game": "gaps", "strategy": first["strategy"], "seeds": f"{seeds[0]}..{seeds[-1]}",
           "redeals": first["redeals"]}
    out.update(summarize(deals, first["redeals"]))
    out["cpu_seconds"] = round(sum(p["cpu_seconds"] for p in parts), 1)
    out["seconds_per_part"] = [p["seconds"] for p in parts]
    if first["strategy"] == "hint":
        out["hint_budget"] = first["hint_budget"]
        lat = [x / 1000 for p in parts for x in p["latencies_ms"]]
        out["hint_latency"] = latency_summary(lat)
        if "think_ms" in first:
            out["think"] = think_summary([x / 1000 for p in parts for x in p["think_ms"]])
    return out


def main(argv: list[str]) -> int:
    files = [a for a in argv if not a.startswith("--")]
    parts = [json.loads(Path(f).read_text(encoding="utf-8")) for f in files]
    res = merge(parts)
    if "--json" in argv:
        print(json.dumps(res))
    else:
        print(json.dumps(res, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
