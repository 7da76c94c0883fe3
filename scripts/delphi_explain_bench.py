"""How long the solo round's explanation takes (`game.games.delphi.explain`):
the CPU time of `explain_solo` for 30-card rounds of a person who plays a
random card and never guesses (the longest round without guesses), and
who guesses after every card (every step then has its leading guesses),
over rules of every look-back; and of `augur_round` (the augur plays the
round and it is explained).  Medians of several runs, after one warm-up
run per round (the first builds the candidate space of its look-back).

    nice -n 10 .venv/bin/python scripts/delphi_explain_bench.py [--runs 5] [--json]

Timings are figures for docs/delphi.md, never test assertions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine import GameRunner  # noqa: E402
from game.games.delphi.explain import augur_round, explain_solo  # noqa: E402
from game.games.delphi.solo import PLAY, SOLO, library_options  # noqa: E402

#: one rule per look-back and kind: the card alone, the last card, the
#: position, a suit table by place (outside the augur's space when the
#: figures in docs/delphi.md were measured; inside since issue 23's
#: suit cycles), three and five starters
RULES = ("red", "gardner", "pos_colour", "suit_wheel", "four_suits", "fresh_five")


def person_round(rule_id: str, seed: int, guess_every_card: bool):
    runner = GameRunner.start(SOLO, library_options(rule_id), seed)
    rng = random.Random(seed)
    while SOLO.outcome(runner.state) is None:
        s = runner.state
        if s.phase == PLAY:
            runner.play(SOLO.action_from_text(f"play {rng.choice(s.hand).code}"))
        elif guess_every_card and s.turn < 30:
            # not God's rule: every guess is wrong and the round runs on
            wrong = "card.color = black" if rule_id == "red" else "card.color = red"
            runner.play(SOLO.action_from_text(f"guess {wrong}"))
        else:
            runner.play(SOLO.action_from_text("pass"))
    return runner.state


def cpu(fn, runs: int) -> tuple[float, list[float]]:
    fn()  # warm-up
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times), times


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    out: dict = {"runs": args.runs, "seed": args.seed, "explain_solo_ms": {}, "explain_solo_guessing_ms": {}, "augur_round_ms": {}}
    for rid in RULES:
        plain = person_round(rid, args.seed, False)
        guessing = person_round(rid, args.seed, True)
        m, _ = cpu(lambda s=plain: explain_solo(s), args.runs)
        out["explain_solo_ms"][rid] = round(m * 1000, 1)
        m, _ = cpu(lambda s=guessing: explain_solo(s), args.runs)
        out["explain_solo_guessing_ms"][rid] = round(m * 1000, 1)
        m, _ = cpu(lambda r=rid: augur_round(library_options(r), args.seed), max(1, args.runs // 2))
        out["augur_round_ms"][rid] = round(m * 1000, 1)
    for key in ("explain_solo_ms", "explain_solo_guessing_ms", "augur_round_ms"):
        out[key.replace("_ms", "_max_median_ms")] = max(out[key].values())
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
