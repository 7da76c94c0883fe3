"""Generate game/games/mind_the_gap/winrates.json: the expected win rate the
setup screen shows next to the coin count.

The seed bot (the rules text's simulated policy, ``--bot``: by default
``seed``, the weighted reading that docs/fidelity.md finds closest to the
text's table; ``seed-flat`` is the other) plays ``--deals`` deals for every
player count (1-3), every coin count (0-20) and every rule set:

- ``standard``: Easy, Normal and Hard differ only in coins and open hands,
  and the seed bot never looks at a partner's hand, so they share one table;
- ``expert``: no rank twice, targets Ace-7;
- ``small``, ``jokers``: the variants under the standard rules.

Every coin count of one rule set and player count plays the same deals
(common random numbers), so the curve over coins is smooth.

    .venv/bin/python scripts/winrates.py [--deals 400] [--jobs 2] [--bot seed]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.cards import derive_seed  # noqa: E402
from game.games.mind_the_gap.rules import MAX_COINS  # noqa: E402
from game.games.mind_the_gap.sim import margin95, play_deal  # noqa: E402

RULES = {
    "standard": {"level": "normal"},
    "expert": {"level": "expert"},
    "small": {"level": "normal", "small": True},
    "jokers": {"level": "normal", "jokers": True},
}
BASE_SEED = 20260101
OUT = ROOT / "game" / "games" / "mind_the_gap" / "winrates.json"


def cell(job):
    rules, players, coins, deals, bot = job
    opts = {**RULES[rules], "players": players, "coins": coins}
    seed = derive_seed(BASE_SEED, "winrates", rules, players)
    wins = sum(play_deal(opts, seed, i, bot).result == "won" for i in range(deals))
    return rules, players, coins, wins


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--bot", choices=("seed", "seed-flat"), default="seed")
    a = p.parse_args(argv)
    jobs = [(r, n, c, a.deals, a.bot) for r in RULES for n in (1, 2, 3) for c in range(MAX_COINS + 1)]
    t0 = time.perf_counter()
    wins: dict[str, dict[str, list[int]]] = {r: {str(n): [0] * (MAX_COINS + 1) for n in (1, 2, 3)} for r in RULES}
    with ProcessPoolExecutor(max_workers=a.jobs) as ex:
        for k, (r, n, c, w) in enumerate(ex.map(cell, jobs, chunksize=4), 1):
            wins[r][str(n)][c] = w
            print(f"\r{k}/{len(jobs)} cells", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    data = {
        "schema": 1,
        "generated_by": "scripts/winrates.py",
        "bot": a.bot,
        "deals_per_cell": a.deals,
        "margin95_max": round(margin95(0.5, a.deals), 4),
        "note": (
            f"wins out of deals_per_cell per coin count 0-20, the bot {a.bot} on every seat; "
            "easy, normal and hard share the standard table (the seed bot ignores open hands); "
            "margin95_max is the widest 95% interval half-width (at a 50% rate)"
        ),
        "rules": {r: {"level": RULES[r].get("level"), "small": RULES[r].get("small", False), "jokers": RULES[r].get("jokers", False)} for r in RULES},
        "wins": wins,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    a.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {a.out} in {data['seconds']} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
