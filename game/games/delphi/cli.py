"""Delphi's command-line tools: ``python -m game sim delphi ... --json``
and ``python -m game judge ...`` (the latter belongs to the rule language,
``cli_judge``; this module only hands over to it).

``sim`` lets bots play single rounds (a "deal" is one round) through
:class:`~game.engine.match.Match` and reports how they went, e.g.::

    python -m game sim delphi --players 5 --deals 200 --seed 1 \\
        --strategy cautious --rule "card.color != last.color" --json

With ``--god easy|medium|hard`` a computer God draws each round's rule from
the library (:class:`~game.games.delphi.bots.GodBot`) instead of ``--rule``.
``--solo`` plays the solo protocol instead (:mod:`~game.games.delphi.solo_cli`).
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence

from game.engine.cli import SEED, ToolParser, number, report, say
from game.engine.match import Match, Moved, Seat
from game.games.delphi import BOTS, GAME, cli_judge, solo_cli
from game.games.delphi.engine import DelphiGame
from game.games.delphi.library import LEVELS
from game.games.delphi.options import MAX_PLAYERS, MIN_PLAYERS

GARDNER = "if last.rank is odd then card.color = black else card.color = red"
#: the seat at God's left plays ``--strategy`` (God sits in seat 0)
MINE = 1
#: 1,000 rounds take 5.7 s: the most run ~10 minutes
MAX_DEALS = 100_000


def _parser() -> ToolParser:
    p = ToolParser(prog="python -m game sim delphi", description="Bots play rounds of Delphi.")
    p.add_argument("--players", type=number(MIN_PLAYERS, MAX_PLAYERS), default=5, help=f"seats, God included ({MIN_PLAYERS}-{MAX_PLAYERS})")
    p.add_argument("--deals", type=number(1, MAX_DEALS), default=50, help="rounds to play")
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--strategy", default="cautious", help="bot in the seat at God's left")
    p.add_argument("--others", default=None, help="bot in the other seats (default: the same)")
    god = p.add_mutually_exclusive_group()
    god.add_argument(
        "--rule",
        action="append",
        default=None,
        help="a rule text (repeat to cycle through several); default: Gardner's rule",
    )
    god.add_argument("--god", choices=LEVELS, default=None, help="a computer God of this level draws each round's rule from the library")
    p.add_argument("--json", action="store_true")
    return p


def _p95(xs: list[float]) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, round(0.95 * (len(ys) - 1)))]


def sim(argv: Sequence[str], game: DelphiGame | None = None) -> int:
    """Play ``--deals`` single rounds with bots and print a summary."""
    if "--solo" in argv:
        return solo_cli.sim_solo([a for a in argv if a != "--solo"])
    args = _parser().parse_args(list(argv))
    g = game or GAME
    rules = [] if args.god else args.rule or [GARDNER]  # none: the computer God draws them
    others = args.others or args.strategy
    for name in (args.strategy, others):
        if name not in BOTS:
            say("mind-the-gap", f"no Delphi bot {name!r} (known: {', '.join(BOTS)})")
            return 2
    try:
        for r in set(rules):
            g.validate_options({"players": args.players, "rounds": 1, "rules": [r]})
    except ValueError as e:
        say("mind-the-gap", e)
        return 2
    seats = [Seat(str(p + 1), args.strategy if p == MINE else others, args.god) for p in range(args.players)]

    t0 = time.process_time()
    stats: Counter = Counter()
    reasons: Counter = Counter()
    played, actions, to_prophet, god_scores, lat = [], [], [], [], []
    drawn: list[str] = []
    wins = 0
    for i in range(args.deals):
        rule = rules[i % len(rules)] if rules else None
        seed = args.seed + i
        match = Match.start(g, {"players": args.players, "rounds": 1, "first_god": 0, "rules": [rule]}, seed, seats, rng=random.Random(seed), strict=True)
        while not match.over:
            moved = match.play_bot()
            if isinstance(moved, Moved) and moved.seat == MINE:
                lat.append(moved.think)
        s = match.state
        res = s.results[0]
        if args.god and res.rule not in drawn:
            drawn.append(res.rule)
        played.append(res.played)
        actions.append(len(match.actions))
        reasons[res.reason.key.rsplit(".", 1)[-1]] += 1
        log_keys = Counter(e[0] for e in s.log)
        stats["prophets"] += log_keys["delphi.log.prophet"]
        stats["false_prophets"] += log_keys["delphi.log.cast_down"]
        stats["expulsions"] += log_keys["delphi.log.expelled"]
        stats["no_plays"] += log_keys["delphi.log.noplay"]
        stats["right_no_plays"] += log_keys["delphi.log.noplay_right"] + log_keys["delphi.log.noplay_right_out"]
        if res.prophet >= 0:
            stats["correct_prophets"] += 1
            to_prophet.append(res.prophet_at)
        god_scores.append(res.scores[res.god])
        best = max(res.scores[p] for p in range(args.players) if p != res.god)
        wins += res.scores[MINE] == best
    elapsed = time.process_time() - t0
    n = max(1, args.deals)
    out = {
        "game": "delphi",
        "deals": args.deals,
        "rounds": args.deals,
        "players": args.players,
        **({"god": args.god, "rules": drawn} if args.god else {"rules": rules}),
        "strategy": args.strategy,
        "others": others,
        "wins": wins,
        "win_rate": round(wins / n, 4),
        "win_means": "the seat at God's left (--strategy) has the best player score of its round (ties count)",
        "mean_cards_played": round(statistics.fmean(played), 2) if played else 0,
        "mean_actions": round(statistics.fmean(actions), 2) if actions else 0,
        "prophets_declared": stats["prophets"],
        "false_prophets": stats["false_prophets"],
        "correct_prophet_rounds": stats["correct_prophets"],
        "correct_prophet_rate": round(stats["correct_prophets"] / n, 4),
        "mean_cards_to_correct_prophet": round(statistics.fmean(to_prophet), 2) if to_prophet else None,
        "expulsions_per_round": round(stats["expulsions"] / n, 3),
        "no_plays_per_round": round(stats["no_plays"] / n, 3),
        "right_no_plays_per_round": round(stats["right_no_plays"] / n, 3),
        "round_end": dict(sorted(reasons.items())),
        "mean_god_score": round(statistics.fmean(god_scores), 2) if god_scores else 0,
        "strategy_decision_ms_p95_cpu": round(_p95(lat) * 1000, 3),
        "strategy_decisions": len(lat),
        "cpu_seconds": round(elapsed, 3),
    }
    report(out, args.json)
    return 0


def judge(argv: Sequence[str]) -> int:
    """``python -m game judge``: the rule language's own tool."""
    return cli_judge.judge(list(argv))
