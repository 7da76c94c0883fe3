"""``python -m game sim delphi --solo``: the augur alone against the
library under the solo protocol (:mod:`~game.games.delphi.solo`), e.g.::

    python -m game sim delphi --solo --rounds 3 --seed 1 --json
    python -m game sim delphi --solo --rule gardner --rule "card.color = red"
    python -m game sim delphi --solo --player gated   # the full game's gates
    python -m game sim delphi --solo --no-examples    # a wrong guess says only "wrong"

Every rule plays ``--rounds`` rounds; round ``i`` of the ``k``-th rule is
dealt with seed ``--seed + 1000·i + k``.  Reported: the mean score
(floored at 0, unsolved 0), the share of rounds solved, wrong guesses per
round and the mean turn of the right guess, over everything and per rule
family (per rule too, in the JSON), and the p95 CPU time of a decision.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from game.engine.cli import SEED, ToolParser, number, report, say
from game.engine.runner import GameRunner
from game.games.delphi.infer.solo_bot import SoloAugur
from game.games.delphi.library import LIBRARY, library_rule
from game.games.delphi.solo import SOLO, library_options, typed_options

PLAYERS = ("solo", "gated")


def _parser() -> ToolParser:
    p = ToolParser(prog="python -m game sim delphi --solo", description="The augur plays the solo protocol over the library.")
    p.add_argument("--rounds", type=number(1, 1000), default=3, help="rounds per rule")
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--rule", action="append", default=None, help="a library id or a rule text (repeat for several); default: the whole library")
    p.add_argument("--player", choices=PLAYERS, default="solo", help="solo: the solo player; gated: the full game's Prophet gates (the baseline)")
    p.add_argument(
        "--no-examples",
        action="store_true",
        help="the published protocol: a wrong guess says only that it is wrong (the app's round also shows where the rules differ)",
    )
    p.add_argument("--json", action="store_true")
    return p


def _summary(rows: list[dict]) -> dict[str, Any]:
    n = len(rows) or 1
    solved = [r for r in rows if r["solved_at"]]
    return {
        "rounds": len(rows),
        "mean_score": round(sum(r["score"] for r in rows) / n, 2),
        "solved_share": round(len(solved) / n, 3),
        "wrong_guesses_per_round": round(sum(r["wrong"] for r in rows) / n, 2),
        "mean_turn_solved": round(statistics.fmean(r["solved_at"] for r in solved), 2) if solved else None,
    }


def _p95(xs: list[float]) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, round(0.95 * (len(ys) - 1)))]


def play_round(options: dict[str, Any], seed: int, player: str, examples: bool = True) -> tuple[dict[str, Any], list[float]]:
    """One solo round of the augur: its result and the CPU time of each
    decision.  ``examples=False``: the augur does not read a wrong guess's
    example."""
    runner = GameRunner.start(SOLO, options, seed)
    bot = SoloAugur(gated=player == "gated", examples=examples)
    rng = random.Random(seed)
    lat: list[float] = []
    while SOLO.outcome(runner.state) is None:
        view = SOLO.view(runner.state, 0)
        t0 = time.process_time()
        action = bot.choose(view, SOLO.legal_actions(runner.state), rng)
        lat.append(time.process_time() - t0)
        runner.play(action)
    s = runner.state
    return {"score": s.score, "solved_at": s.solved_at, "wrong": s.wrong_guesses, "seed": seed}, lat


def sim_solo(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    entries: list[tuple[str, str, dict[str, Any]]] = []  # (name, family, options)
    for text in args.rule or [r.id for r in LIBRARY]:
        try:
            try:
                lib = library_rule(text)
                entries.append((lib.id, lib.family, library_options(lib.id)))
            except KeyError:
                options = SOLO.validate_options(typed_options(text))
                entries.append((options["rule"], "typed", options))
        except ValueError as e:
            say("mind-the-gap", e)
            return 2
    t0 = time.process_time()
    by_rule: dict[str, list[dict]] = defaultdict(list)
    by_family: dict[str, list[dict]] = defaultdict(list)
    lat: list[float] = []
    for k, (name, family, options) in enumerate(entries):
        for i in range(args.rounds):
            row, times = play_round(options, args.seed + 1000 * i + k, args.player, not args.no_examples)
            lat.extend(times)
            by_rule[name].append(row)
            by_family[family].append(row)
    everything = [r for rows in by_rule.values() for r in rows]
    out = {
        "game": "delphi",
        "mode": "solo",
        "player": args.player,
        "examples": not args.no_examples,
        "rounds_per_rule": args.rounds,
        "seed": args.seed,
        **_summary(everything),
        "families": {f: _summary(rows) for f, rows in by_family.items()},
        "rules": {name: _summary(rows) for name, rows in by_rule.items()},
        "decision_ms_p95_cpu": round(_p95(lat) * 1000, 2),
        "decision_ms_max_cpu": round(max(lat, default=0.0) * 1000, 2),
        "decisions": len(lat),
        "cpu_seconds": round(time.process_time() - t0, 2),
    }
    report(out, args.json)
    return 0
