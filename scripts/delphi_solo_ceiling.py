"""How much the solo augur could still gain by *when* it guesses: the
augur as it is, against the same augur with an oracle for its guesses.

Arms (each plays every library rule ``--rounds`` times, seeds as
``sim delphi --solo`` deals them: ``--seed + 1000·i + k``):

- ``augur``: :class:`SoloAugur` as it plays;
- ``timing``: the same card choice and guesses, except that it guesses
  its top group's rule *as soon as* that rule is God's (an oracle asks
  the same-rule check); the bound on what a better declaration rule
  could gain with the same cards and the same wrong guesses;
- ``no-wrong``: guesses its top group's rule only when that is God's
  rule, never otherwise: no wrong guess costs 2, but no differing
  example teaches it either.

    .venv/bin/python scripts/delphi_solo_ceiling.py --rounds 1 --seed 5001 [--json]

Prints each arm's mean score, wrong guesses, turn of the right guess and
the paired difference to ``augur`` (mean over the rules, with its
standard error).  A tool for the docs' figures, not a unit test (one
round of the library takes about 25 s of CPU an arm, the oracles more:
every decision asks the same-rule check).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine.runner import GameRunner  # noqa: E402
from game.games.delphi.infer.solo_bot import GROUP_LIMIT, SoloAugur, SoloBeliefs  # noqa: E402
from game.games.delphi.library import LIBRARY  # noqa: E402
from game.games.delphi.solo import SOLO, judge_guess, library_options  # noqa: E402
from game.games.delphi.solo_cli import _summary  # noqa: E402

ARMS = ("augur", "timing", "no-wrong")


class OracleAugur(SoloAugur):
    """Guesses its top group's rule as soon as it is God's (``god``);
    otherwise as the augur does (``keep_wrong``) or not at all."""

    def __init__(self, god: str, keep_wrong: bool) -> None:
        super().__init__()
        self.god = god
        self.keep_wrong = keep_wrong

    def _guess(self, view: Any, bl: SoloBeliefs) -> str:
        ix = bl.listed()
        if ix is not None and len(ix) <= GROUP_LIMIT:
            best = self.guess_among(view.main, bl, self.top_group(view.main, bl, ix)[1])
            if judge_guess(self.god, best).same:
                return best
        return super()._guess(view, bl) if self.keep_wrong else ""


def play(arm: str, rule_id: str, seed: int) -> dict[str, Any]:
    runner = GameRunner.start(SOLO, library_options(rule_id), seed)
    god = runner.state.rule
    bot = SoloAugur() if arm == "augur" else OracleAugur(god, keep_wrong=arm == "timing")
    rng = random.Random(seed)
    while SOLO.outcome(runner.state) is None:
        view = SOLO.view(runner.state, 0)
        runner.play(bot.choose(view, SOLO.legal_actions(runner.state), rng))
    s = runner.state
    return {"rule": rule_id, "score": s.score, "solved_at": s.solved_at, "wrong": s.wrong_guesses}


def paired(a: list[dict], b: list[dict]) -> tuple[float, float]:
    d = [y["score"] - x["score"] for x, y in zip(a, b, strict=True)]
    m = sum(d) / len(d)
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / max(1, len(d) - 1))
    return round(m, 2), round(sd / math.sqrt(len(d)), 2)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--seed", type=int, default=5001)
    p.add_argument("--arm", action="append", choices=ARMS, help="default: all three")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    arms = args.arm or list(ARMS)
    if "augur" not in arms:
        arms.insert(0, "augur")
    rows: dict[str, list[dict]] = {arm: [] for arm in arms}
    for arm in arms:
        for k, lib in enumerate(LIBRARY):
            for i in range(args.rounds):
                rows[arm].append(play(arm, lib.id, args.seed + 1000 * i + k))
    out = {"seed": args.seed, "rounds_per_rule": args.rounds, "arms": {}}
    for arm in arms:
        entry = _summary(rows[arm])
        if arm != "augur":
            entry["paired_vs_augur"] = paired(rows["augur"], rows[arm])
        out["arms"][arm] = entry
    if args.json:
        print(json.dumps(out))
    else:
        for arm, e in out["arms"].items():
            extra = f"  paired {e['paired_vs_augur'][0]:+.2f} ± {e['paired_vs_augur'][1]:.2f}" if "paired_vs_augur" in e else ""
            print(f"{arm:9} score {e['mean_score']:6.2f}  wrong {e['wrong_guesses_per_round']:.2f}  turn {e['mean_turn_solved']}{extra}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
