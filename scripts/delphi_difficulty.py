"""Measure how hard every library rule is for the inference bots, and write
game/games/delphi/difficulty.json (read by ``game.games.delphi.library``)
and the table in docs/delphi.md.

For each rule, ``--rounds`` seeded rounds are played by ``--players`` seats
(God included, every other seat the ``--bot``).  A round's figure is the
number of cards played when a Prophet declared who is still standing at the
end of the round (a correct Prophet); a round without one counts all the
cards played in it.  The difficulty of a rule is the mean of that figure.
Gardner's rule gets ``--gardner-rounds`` rounds (the issue's figure).

Every decision of every bot is timed (CPU time) and the p95 and median are
reported.  The work runs in one process (one core); partial results are
written after every rule, so an interrupted run keeps what it measured.

    .venv/bin/python scripts/delphi_difficulty.py [--rounds 30] [--gardner-rounds 200]
    .venv/bin/python scripts/delphi_difficulty.py --rules gardner,red --rounds 10 --no-write
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

from game.engine.match import Match, Moved, Seat  # noqa: E402
from game.games.delphi import GAME  # noqa: E402
from game.games.delphi.library import LIBRARY  # noqa: E402

JSON_PATH = ROOT / "game" / "games" / "delphi" / "difficulty.json"
DOC_PATH = ROOT / "docs" / "delphi.md"
BEGIN, END = "<!-- difficulty table: begin -->", "<!-- difficulty table: end -->"
BASE_SEED = 20261130
#: the slowest decision seen (to explain the maximum)
SLOWEST: dict = {"ms": 0.0}


def play_round(text: str, players: int, seed: int, bot: str, times: list[float]) -> dict:
    options = {"players": players, "rounds": 1, "first_god": 0, "rules": [text]}
    match = Match.start(GAME, options, seed, [Seat(str(p + 1), bot) for p in range(players)], rng=random.Random(seed), strict=True)
    while not match.over:
        moved = match.play_bot()
        assert isinstance(moved, Moved)  # strict: a refused action raises
        dt = moved.think
        times.append(dt)
        if dt > SLOWEST["ms"] / 1000:
            s, a = moved.before, moved.action
            SLOWEST.update(ms=round(dt * 1000, 1), rule=text, seed=seed, phase=s.phase, played=s.played, action=a.kind, cards=len(a.cards))
    res = match.state.results[0]
    cast_down = sum(1 for e in match.state.log if e[0] == "delphi.log.cast_down")
    correct = res.prophet >= 0
    return {
        "cards": res.prophet_at if correct else res.played,
        "correct": correct,
        "played": res.played,
        "false_prophets": cast_down,
    }


def measure(rule, rounds: int, players: int, bot: str, times: list[float]) -> dict:
    got = [play_round(rule.text, players, BASE_SEED + 1000 * i + 7, bot, times) for i in range(rounds)]
    correct = [g for g in got if g["correct"]]
    return {
        "text": rule.text,
        "rounds": rounds,
        "mean_cards": round(statistics.fmean(g["cards"] for g in got), 2),
        "correct_share": round(len(correct) / rounds, 3),
        "mean_cards_when_correct": round(statistics.fmean(g["cards"] for g in correct), 2) if correct else None,
        "mean_cards_played": round(statistics.fmean(g["played"] for g in got), 2),
        "false_prophets_per_round": round(sum(g["false_prophets"] for g in got) / rounds, 3),
    }


def pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, round(q * (len(ys) - 1)))] if ys else 0.0


def table(data: dict) -> str:
    lines = [
        "| id | rule | mean cards to a correct Prophet | rounds with a correct Prophet | rounds |",
        "|---|---|---:|---:|---:|",
    ]
    for rid, d in sorted(data["rules"].items(), key=lambda kv: (kv[1]["mean_cards"], kv[0])):
        text = d["text"].replace("|", "\\|")
        lines.append(f"| {rid} | `{text}` | {d['mean_cards']:.1f} | {100 * d['correct_share']:.0f} % | {d['rounds']} |")
    return "\n".join(lines)


def write_doc(data: dict) -> None:
    if not DOC_PATH.exists():
        return
    doc = DOC_PATH.read_text(encoding="utf-8")
    if BEGIN not in doc or END not in doc:
        return
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC_PATH.write_text(head + BEGIN + "\n" + table(data) + "\n" + END + tail, encoding="utf-8")


def merged(kept: dict, data: dict, args) -> dict:
    """``kept`` (the file as it was) with the rules of this run replaced and
    this run's own decision figures under ``added_rules``."""
    out = dict(kept, rules={**kept["rules"], **data["rules"]})
    out["added_rules"] = {
        "what": "rules measured again or added, in a run of their own with the same seats and seeds",
        "command": f"scripts/delphi_difficulty.py --merge --rules <ids> --rounds {args.rounds}",
        "bot": args.bot,
        "rules": sorted(data["rules"]),
        "rounds_each": args.rounds,
        "decisions": data["decisions"],
        "slowest_decision": data["slowest_decision"],
        "wall_seconds": data["wall_seconds"],
    }
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--gardner-rounds", type=int, default=200)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--bot", default="augur")
    p.add_argument("--rules", default="", help="comma-separated rule ids (default: the whole library)")
    p.add_argument("--no-write", action="store_true", help="print only")
    p.add_argument(
        "--merge",
        action="store_true",
        help="keep the other rules' figures in difficulty.json and replace only the measured ones (their run's own decision figures go under added_rules)",
    )
    args = p.parse_args(argv)
    wanted = [r for r in args.rules.split(",") if r]
    rules = [r for r in LIBRARY if not wanted or r.id in wanted]
    # Gardner's rule first: its decision times are the ones reported
    rules.sort(key=lambda r: r.id != "gardner")
    times: list[float] = []
    data = {
        "what": "cards played until a correct Prophet (still standing at the end of the round); "
        "a round without one counts all its cards",
        "bot": args.bot,
        "players": args.players,
        "base_seed": BASE_SEED,
        "rules": {},
    }
    t0 = time.time()
    kept = json.loads(JSON_PATH.read_text(encoding="utf-8")) if args.merge else None
    for rule in rules:
        n = args.gardner_rounds if rule.id == "gardner" else args.rounds
        before = len(times)
        data["rules"][rule.id] = measure(rule, n, args.players, args.bot, times)
        if rule.id == "gardner":
            g = times[before:]
            data["gardner_decisions"] = {
                "decisions": len(g),
                "p95_ms_cpu": round(1000 * pct(g, 0.95), 2),
                "median_ms_cpu": round(1000 * statistics.median(g), 3) if g else 0.0,
                "max_ms_cpu": round(1000 * max(g), 1) if g else 0.0,
            }
        data["decisions"] = {
            "decisions": len(times),
            "p95_ms_cpu": round(1000 * pct(times, 0.95), 2),
            "median_ms_cpu": round(1000 * statistics.median(times), 3),
            "max_ms_cpu": round(1000 * max(times), 1),
        }
        data["slowest_decision"] = dict(SLOWEST)
        data["wall_seconds"] = round(time.time() - t0, 1)
        print(f"{rule.id}: {data['rules'][rule.id]}", flush=True)
        if not args.no_write:
            JSON_PATH.write_text(json.dumps(merged(kept, data, args) if kept else data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if not args.no_write:
        write_doc(merged(kept, data, args) if kept else data)
    print(table(data))
    print(json.dumps({k: v for k, v in data.items() if k != "rules"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
