"""Measure the figures of docs/runs.md that compare the two ways a closed run
can go: the rule sheet as written (everyone draws the pile out) and the
house rule "new run" (the next player starts a new run).

    .venv/bin/python scripts/runs_figures.py [--games 2000] [--seed 1] [--players 2|4]

For each rule set it runs ``python -m game sim runs`` in this process (one
core) for two players, strong against simple, and for four players, one
strong against three simple, and prints a Markdown table: the share of
rounds in which someone went out, forced draws, real decisions and turns
per round, the strong bot's win share (with its standard error) and mean
score difference, and the CPU time per real decision (p50, p95, max).
Seating is rotated as the simulator does it, so every bot plays every deal
from every seat.  The whole run with the defaults takes about ten minutes
of CPU; CI does not run it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.games.runs.cli import sim  # (after the path is set)

LINE_UPS = (("2", "strong,simple"), ("4", "strong,simple,simple,simple"))


def measure(players: str, bots: str, games: int, seed: int, new_run: bool) -> dict:
    argv = ["--players", players, "--bots", bots, "--games", str(games), "--seed", str(seed), "--json"]
    if new_run:
        argv.append("--new-run")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = sim(argv)
    if code:
        raise SystemExit(f"sim runs {' '.join(argv)} failed ({code})")
    return json.loads(out.getvalue())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", choices=[n for n, _ in LINE_UPS], action="append", help="only this line-up (repeatable; default all)")
    args = p.parse_args(argv)
    print("| players | rules | someone out | forced draws / round | decisions / round | turns / round | strong win share | strong − simple / game | p50 / p95 / max ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for players, bots in LINE_UPS:
        if args.players and players not in args.players:
            continue
        for new_run in (False, True):
            d = measure(players, bots, args.games, args.seed, new_run)
            strong = d["by_bot"]["strong"]
            lat = strong["latency_cpu_choices"]
            print(
                f"| {players} | {'new run' if new_run else 'written'} | {d['out_share']:.1%} | {d['mean_forced_draws_per_round']:.1f}"
                f" | {d['mean_decisions_per_round']:.2f} | {d['mean_turns_per_round']:.1f}"
                f" | {strong['win_share']:.3f} (± {strong['win_share_se']:.3f}) | {d['mean_score_difference']['strong-simple']:+.1f}"
                f" | {lat['p50_ms']:.1f} / {lat['p95_ms']:.1f} / {lat['max_ms']:.1f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
