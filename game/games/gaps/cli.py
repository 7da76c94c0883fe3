"""Command-line tools for Gaps: ``python -m game sim gaps`` and
``python -m game position gaps``.

sim: bots play seeded deals (deal ``i`` uses seed ``S + i``; ``--daily
YYYY-MM-DD`` plays that date's daily deal and reports its layout) through the
real engine and report the win rate within 0, 1 and 2 redeals, the mean
score and the time taken; the hint strategy also reports the CPU time of
each hint (``time.process_time``).  ``--detail`` adds every deal and every
hint latency, so runs over split seed ranges can be merged exactly
(``scripts/gaps_merge.py``).

position: what the engine knows about a layout (four lines of thirteen
cells; on one line, separate the rows with ``|``): the legal moves, the
live and dead gaps, the score, whether a redeal is due; ``--hint`` and
``--solve`` add the hint and the solver's verdict.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from datetime import date

from game.engine.cli import SEED, ToolParser, decimal, number, say
from game.engine.core import Bot
from game.engine.dates import parse_date
from game.engine.match import Match, Moved, Seat
from game.games.gaps import board as B
from game.games.gaps.bots import BOTS, HintBot
from game.games.gaps.daily import DAILY_OPTIONS, daily_seed
from game.games.gaps.hint import HINT_NODES, HINT_SECONDS, Hinter
from game.games.gaps.notation import LayoutError, format_grid, parse
from game.games.gaps.rules import GAME, cell_name, gap_info, redeal_due
from game.games.gaps.solve import solve_round
from game.games.gaps.state import MAX_REDEALS, Action, GapsState, GapsView, Move

#: 5,000 random deals take 11 s, a hint deal ~0.2 s: the most run hours,
#: not forever (and --detail keeps every deal)
MAX_DEALS = 100_000
#: positions per hint (default 20,000); the search keeps each one in a set
MAX_NODES = 2_000_000
#: CPU seconds per hint, or for --solve
MAX_SECONDS = 3600.0


def _percentile(xs: Sequence[float], p: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    k = min(len(s) - 1, max(0, round(p / 100 * len(s) + 0.5) - 1))
    return s[k]


def latency_summary(lat: Sequence[float]) -> dict:
    ms = [x * 1000 for x in lat]
    return {
        "n": len(ms),
        "mean_ms": round(sum(ms) / len(ms), 2) if ms else 0.0,
        "p50_ms": round(_percentile(ms, 50), 2),
        "p95_ms": round(_percentile(ms, 95), 2),
        "p99_ms": round(_percentile(ms, 99), 2),
        "max_ms": round(max(ms), 2) if ms else 0.0,
        "clock": "process_time (CPU)",
    }


def think_summary(cpu: Sequence[float]) -> dict:
    """The CPU time of the thinking before each round (seconds)."""
    return {
        "rounds": len(cpu),
        "median_s": round(_percentile(cpu, 50), 3),
        "p95_s": round(_percentile(cpu, 95), 3),
        "max_s": round(max(cpu), 3) if cpu else 0.0,
        "total_s": round(sum(cpu), 1),
        "clock": "process_time (CPU)",
    }


def summarize(deals: list[dict], max_redeals: int) -> dict:
    n = len(deals)
    wins = {str(k): sum(1 for d in deals if d["won"] and d["redeals"] <= k) for k in range(max_redeals + 1)}
    return {
        "deals": n,
        "wins": sum(1 for d in deals if d["won"]),
        "win_rate": round(sum(1 for d in deals if d["won"]) / n, 4) if n else 0.0,
        "wins_within_redeals": wins,
        "win_rate_within_redeals": {k: round(v / n, 4) if n else 0.0 for k, v in wins.items()},
        "mean_score": round(sum(d["score"] for d in deals) / n, 3) if n else 0.0,
        "mean_moves": round(sum(d["moves"] for d in deals) / n, 1) if n else 0.0,
    }


def _progress(i: int, n: int, wins: int, t0: float) -> None:
    width = 30
    done = int(width * i / n) if n else width
    sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {i}/{n} deals, {wins} won, {time.time() - t0:.0f}s")
    if i == n:
        sys.stderr.write("\n")
    sys.stderr.flush()


def play_deal(strategy: str, seed: int, redeals: int, nodes: int, seconds: float | None,
              latencies: list[float] | None = None, think: float = 0.0,
              think_cpu: list[float] | None = None) -> dict:
    """One deal played by a bot through a :class:`Match` (deal ``seed``, the
    bot's choices drawn from ``random.Random(seed)``); the hint bot thinks
    ``think`` CPU seconds at most before each round (``think_cpu`` gets
    what each round's thinking took)."""
    hint_bot = HintBot(nodes, seconds, think) if strategy == "hint" else None
    bot: Bot[GapsView, Action] = hint_bot or BOTS[strategy]()
    match = Match.start(GAME, {"redeals": redeals}, seed, [Seat(strategy, strategy)],
                        rng=random.Random(seed), bots={0: bot}, strict=True)
    kept, runs = [], []
    while not match.over:
        moved = match.play_bot()
        assert isinstance(moved, Moved)  # strict: an illegal choice raises instead
        if not isinstance(moved.action, Move):
            kept.append(B.score(moved.before.cells))
            runs.append(list(B.prefix_lengths(moved.before.cells)))
    out = match.outcome
    assert out is not None
    if latencies is not None and hint_bot is not None:
        latencies.extend(hint_bot.latencies)
    if think_cpu is not None and hint_bot is not None:
        think_cpu.extend(hint_bot.think_cpu)
    return {
        "seed": seed,
        "won": bool(out.won),
        "score": int(out.scores[0]),
        "redeals": match.state.redeals,
        "kept_at_redeals": kept,
        "runs_at_redeals": runs,
        "final_runs": list(B.prefix_lengths(match.state.cells)),
        "moves": sum(1 for a in match.actions if isinstance(a, Move)),
    }


def sim(argv: Sequence[str]) -> int:
    p = ToolParser(prog="python -m game sim gaps")
    p.add_argument("--strategy", choices=sorted(BOTS), default="hint")
    p.add_argument("--deals", type=number(1, MAX_DEALS), default=None, help="how many deals (default 100; 1 with --daily)")
    p.add_argument("--seed", type=SEED, default=None, help="deal i uses seed SEED + i (default 1)")
    p.add_argument("--daily", type=_date, metavar="YYYY-MM-DD", help="the daily deal of this date (one deal, its layout in the report)")
    p.add_argument("--redeals", type=number(0, MAX_REDEALS), default=2)
    p.add_argument("--nodes", type=number(1, MAX_NODES), default=HINT_NODES, help="hint: positions per hint")
    p.add_argument("--seconds", type=decimal(0, MAX_SECONDS), default=HINT_SECONDS, help="hint: CPU seconds per hint (0: no limit)")
    p.add_argument("--think", type=decimal(0, MAX_SECONDS), default=0.0,
                   help="hint: CPU seconds the bot may think about each round before its first move (default 0: none)")
    p.add_argument("--detail", action="store_true", help="list every deal and every hint latency")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(list(argv))
    if a.daily is not None:
        if a.seed is not None or (a.deals or 1) != 1:
            p.error("--daily is one deal of its own: leave out --seed and --deals")
        a.seed, a.deals = daily_seed(a.daily), 1
        if a.redeals != MAX_REDEALS:
            p.error(f"--daily is played with {MAX_REDEALS} redeals, the rules' scheme")
    a.seed = 1 if a.seed is None else a.seed
    a.deals = 100 if a.deals is None else a.deals
    seconds = a.seconds if a.seconds and a.seconds > 0 else None
    show = sys.stderr.isatty()
    t0, c0 = time.time(), time.process_time()
    deals: list[dict] = []
    lat: list[float] = []
    think: list[float] = []
    for i in range(a.deals):
        deals.append(play_deal(a.strategy, a.seed + i, a.redeals, a.nodes, seconds, lat, a.think, think))
        if show:
            _progress(i + 1, a.deals, sum(d["won"] for d in deals), t0)
    res = {"game": "gaps", "strategy": a.strategy, "seed": a.seed, "redeals": a.redeals}
    if a.daily is not None:
        res["daily"] = a.daily.isoformat()
        res["layout"] = format_grid(GAME.new_game(DAILY_OPTIONS, a.seed).grid)
    res.update(summarize(deals, a.redeals))
    res["seconds"] = round(time.time() - t0, 2)
    res["cpu_seconds"] = round(time.process_time() - c0, 2)
    if a.strategy == "hint":
        res["hint_budget"] = {"nodes": a.nodes, "cpu_seconds": seconds}
        if a.think:
            res["hint_budget"]["think_seconds"] = a.think
            res["think"] = think_summary(think)
        res["hint_latency"] = latency_summary(lat)
    if a.detail:
        res["per_deal"] = deals
        if a.strategy == "hint":
            res["latencies_ms"] = [round(x * 1000, 2) for x in lat]
            if a.think:
                res["think_ms"] = [round(x * 1000, 2) for x in think]
    if a.json:
        print(json.dumps(res))
    else:
        if a.daily is not None:
            print(f"daily deal of {res['daily']} (deal number {a.seed}):")
            print(res["layout"])
        w = res["win_rate_within_redeals"]
        print(f"{a.strategy}: {res['deals']} deals, won {res['wins']} ({res['win_rate']:.1%}); "
              f"within 0/1/2 redeals: {', '.join(f'{v:.1%}' for v in w.values())}; "
              f"mean score {res['mean_score']}; {res['seconds']} s")
        if a.strategy == "hint":
            L = res["hint_latency"]
            print(f"hint CPU time: p50 {L['p50_ms']} ms, p95 {L['p95_ms']} ms, max {L['max_ms']} ms over {L['n']} hints")
            if a.think:
                T = res["think"]
                print(f"thinking before a round (CPU): median {T['median_s']} s, p95 {T['p95_s']} s, "
                      f"max {T['max_s']} s over {T['rounds']} rounds, {T['total_s']} s in all")
    return 0


def _date(text: str) -> date:
    """An argparse ``type=``: a date written YYYY-MM-DD."""
    try:
        return parse_date(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date like 2026-12-02: {text!r}") from None


def _read_layout_arg(text: str) -> str:
    return text.replace("|", "\n") if "\n" not in text else text


def describe_position(st: GapsState, want_hint: bool = False, solve_seconds: float | None = None) -> dict:
    cells = st.cells
    legal = GAME.legal_actions(st)
    moves = []
    for a in legal:
        if isinstance(a, Move):
            src = cells.index(B.CODE_OF[a.card])
            moves.append({"card": a.card.code, "from": cell_name(src), "to": cell_name(a.to),
                          "from_cell": src, "to_cell": a.to, "text": GAME.action_to_text(a)})
    gaps = []
    for g in gap_info(st):
        gaps.append({
            "cell": cell_name(g.cell), "index": g.cell, "status": g.kind, "live": g.live,
            "wants": "any 2" if g.kind == "first" else (g.wants.code if g.wants else None),
            "wants_from": cell_name(g.source) if g.source is not None else None,
            "says": str(g.message),
        })
    out = GAME.outcome(st)
    res = {
        "game": "gaps",
        "layout": format_grid(st.grid),
        "redeals_used": st.redeals,
        "redeals_max": st.max_redeals,
        "score": B.score(cells),
        "runs": list(B.prefix_lengths(cells)),
        "legal_moves": moves,
        "gaps": gaps,
        "live_gaps": [g["cell"] for g in gaps if g["live"]],
        "dead_gaps": [g["cell"] for g in gaps if not g["live"]],
        "redeal_due": redeal_due(st),
        "over": out is not None,
        "won": bool(out and out.won),
    }
    if want_hint:
        h = Hinter().hint(GAME.view(st, 0))
        res["hint"] = {
            "action": None if h.action is None else GAME.action_to_text(h.action),
            "says": str(h.message),
            "round_end_score": h.value,
            "wins_round": h.wins_round,
            "exact": h.exact,
            "next_round_chance": h.next_chance,
            "plan": [GAME.action_to_text(m) for m in h.line],
            "nodes": h.nodes,
            "cpu_ms": round(h.cpu * 1000, 1),
        }
    if solve_seconds is not None:
        c0 = time.process_time()
        r = solve_round(st, seconds=solve_seconds)
        res["solve"] = {
            "verdict": r.verdict,
            "says": str(r.message),
            "line": [GAME.action_to_text(m) for m in r.line],
            "nodes": r.nodes,
            "cpu_seconds": round(time.process_time() - c0, 2),
        }
    return res


def position(argv: Sequence[str]) -> int:
    p = ToolParser(prog="python -m game position gaps")
    p.add_argument("layout", help="four rows of 13 cells (newlines, or rows separated by |), optional header line")
    p.add_argument("--hint", action="store_true", help="add the hint engine's move and plan")
    p.add_argument("--solve", action="store_true", help="add the solver's verdict for this round")
    p.add_argument("--seconds", type=decimal(0, MAX_SECONDS), default=10.0, help="CPU limit for --solve")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(list(argv))
    try:
        st = parse(_read_layout_arg(a.layout))
    except LayoutError as e:
        if a.json:
            print(json.dumps({"game": "gaps", "error": str(e), "line": e.line, "column": e.column}))
        else:
            say("gaps position", f"not a Gaps layout: {e}")
        return 2
    res = describe_position(st, a.hint, a.seconds if a.solve else None)
    if a.json:
        print(json.dumps(res))
    else:
        print(res["layout"])
        print(f"score {res['score']}/48, redeals {st.redeals}/{st.max_redeals}, "
              f"live gaps {', '.join(res['live_gaps']) or '-'}, dead gaps {', '.join(res['dead_gaps']) or '-'}")
        for m in res["legal_moves"]:
            print(f"  {m['text']}   (from {m['from']})")
        if res["redeal_due"]:
            print("no move left: redeal is due")
        if "hint" in res:
            print(res["hint"]["says"])
        if "solve" in res:
            print(res["solve"]["says"])
    return 0
