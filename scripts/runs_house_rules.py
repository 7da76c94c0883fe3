"""Measure the house rules of Runs (issue 24) for docs/runs.md.

    nice -n 10 .venv/bin/python scripts/runs_house_rules.py simple --games 1000 --seed 1 --out /tmp/simple.jsonl
    nice -n 10 .venv/bin/python scripts/runs_house_rules.py skill --games 200 --seed 1 --out /tmp/skill.jsonl
    .venv/bin/python scripts/runs_house_rules.py table /tmp/simple.jsonl /tmp/skill.jsonl

``simple``: for every rule set, ``python -m game sim runs --players P
--bots simple --games N --seed S <flags> --json`` with 3 and 5 players
(how rounds go: decisions, forced draws, turns without a choice, the
longest stretch without a card played, rounds with a finisher).  ``skill``: ``--players 2 --bots
strong,simple`` (the strong bot's win share against the simple one).  Each
line is run in this process (one core) and appended to ``--out`` as one
JSON object with the arguments it was run with; ``table`` prints the
Markdown table of docs/runs.md from such files.  ``--only NAME`` (repeatable)
runs only those rule sets, in that order.
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

#: the rule sets measured: a name for the table and the flags of ``sim runs``
RULE_SETS = (
    ("written", ["--written"]),
    ("new run", ["--new-run"]),
    ("both ends", ["--both-ends"]),
    ("a run per suit", ["--per-suit"]),
    ("circuit", ["--circuit"]),
    ("new run + both ends", ["--new-run", "--both-ends"]),
    ("new run + circuit", ["--new-run", "--circuit"]),
    ("new run + both ends + circuit", ["--new-run", "--both-ends", "--circuit"]),
    ("per suit + both ends", ["--per-suit", "--both-ends"]),
    ("all four", ["--new-run", "--both-ends", "--per-suit", "--circuit"]),
    # for the forced draws (docs/runs.md, "A stop and a bigger deal")
    ("new run + stop", ["--new-run", "--stop"]),
    ("new run + circuit + big deal", ["--new-run", "--circuit", "--big-deal"]),
    ("new run + circuit + stop + big deal", ["--new-run", "--circuit", "--stop", "--big-deal"]),
)


def measure(argv: list[str]) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = sim([*argv, "--json"])
    if code:
        raise SystemExit(f"sim runs {' '.join(argv)} failed ({code})")
    return json.loads(out.getvalue())


def run(kind: str, games: int, seed: int, out: Path, only: list[str] | None) -> None:
    sets = dict(RULE_SETS)
    for name in only or sets:
        flags = sets[name]
        line_ups = [("3", "simple"), ("5", "simple")] if kind == "simple" else [("2", "strong,simple")]
        for players, bots in line_ups:
            argv = ["--players", players, "--bots", bots, "--games", str(games), "--seed", str(seed), *flags]
            d = measure(argv)
            d["argv"] = argv
            d["name"] = name
            with out.open("a") as f:
                f.write(json.dumps(d) + "\n")
            print(name, players, "done", d["cpu_seconds"], "s", file=sys.stderr, flush=True)


def table(files: list[Path]) -> None:
    rows: dict[str, dict] = {}
    for path in files:
        for line in path.read_text().splitlines():
            d = json.loads(line)
            rows.setdefault(d["name"], {})[d["players"]] = d
    print(
        "| rules | players | games | decisions / round (per player) | forced draws / round (share of turns) | passes / round"
        " | turns without a choice | longest stretch without a card played | rounds with a finisher | turns / round |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, _ in RULE_SETS:
        for p in (3, 5):
            d = rows.get(name, {}).get(p)
            if d is None:
                continue
            print(
                f"| {name} | {p} | {d['games']:,} | {d['mean_decisions_per_round']:.1f} ({d['mean_decisions_per_player_per_round']:.2f})"
                f" | {d['mean_forced_draws_per_round']:.1f} ({d['forced_draw_share']:.1%}) | {d['mean_passes_per_round']:.1f}"
                f" | {d['no_choice_share']:.1%} | {d['mean_longest_without_play_per_round']:.1f} | {d['finisher_share']:.1%} | {d['mean_turns_per_round']:.1f} |"
            )
    print()
    print("| rules | games (2 players) | strong win share | 95 % interval | strong − simple / game | p50 / p95 ms per real decision |")
    print("|---|---|---|---|---|---|")
    for name, _ in RULE_SETS:
        d = rows.get(name, {}).get(2)
        if d is None:
            continue
        sk = d["skill"]
        lat = d["by_bot"]["strong"]["latency_cpu_choices"]
        print(
            f"| {name} | {d['games']:,} | {sk['strong_win_share']:.3f} | {sk['ci95'][0]:.3f}–{sk['ci95'][1]:.3f}"
            f" | {d['mean_score_difference']['strong-simple']:+.1f} | {lat['p50_ms']:.1f} / {lat['p95_ms']:.1f} |"
        )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("kind", choices=["simple", "skill", "table"])
    p.add_argument("files", nargs="*", type=Path)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path)
    p.add_argument("--only", action="append")
    args = p.parse_args(argv)
    if args.kind == "table":
        table(args.files)
        return 0
    if args.out is None:
        p.error("--out is needed")
    run(args.kind, args.games, args.seed, args.out, args.only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
