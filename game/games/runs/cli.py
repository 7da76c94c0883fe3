"""Command-line tools for Runs: ``sim`` and ``position``.

``python -m game sim runs --players 2 --bots strong,simple --games 2000 --seed 1 --json``
plays seeded games between bots.  Seating is rotated fairly: games come in
blocks of ``players`` games that share one seed (the same deals), and in
the k-th game of a block the line-up is turned k seats, so every bot plays
every deal from every seat.  Per-decision latency is CPU time
(``time.process_time``).  Without a rule flag it plays the rules a new
table starts with (:data:`~game.games.runs.rules.TABLE_RULES`);
``--written`` plays the rule sheet, ``--new-run``, ``--both-ends``,
``--per-suit``, ``--circuit``, ``--stop`` and ``--big-deal`` the house
rules (any together).
Besides wins and scores it reports how rounds go: ``out_share`` (also
``finisher_share``: the share of rounds in which at least one player went
out), forced draws per round and their share of all turns, the longest
stretch of turns without a card played (mean per round), real decisions (a
card chosen from two or more) per round and per player, ``no_choice_share``
(turns with one legal action: forced draws, passes and plays of the only
card that may go, over all turns), and ``skill``: the
strong bot's win share against the simple one with a 95 % interval.

``python -m game position runs "<notation>" --json`` tells what the engine
knows about a position.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

from game.cards import derive_seed
from game.engine.cli import SEED, ToolParser, number, report, say
from game.engine.core import Bot, NotationError
from game.engine.match import Match, Moved, Seat
from game.games.runs.bots import BOTS
from game.games.runs.deck import POINTS
from game.games.runs.notation import NOTATION
from game.games.runs.rules import GAME, HOUSE_RULES, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, OPEN_ENDED, TABLE_RULES
from game.games.runs.state import DRAW, PASS, PHASE_PLAY, PLAY, RunsState


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    k = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[k]


def _latency(xs: list[float]) -> dict:
    ms = [x * 1000 for x in xs]
    return {
        "decisions": len(ms),
        "p50_ms": round(_percentile(ms, 0.5), 3),
        "p95_ms": round(_percentile(ms, 0.95), 3),
        "max_ms": round(max(ms), 3) if ms else 0.0,
    }


class _Progress:
    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled, self.shown = total, enabled, -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        pct = done * 100 // max(1, self.total)
        if pct != self.shown:
            self.shown = pct
            bar = "#" * (pct // 4)
            sys.stderr.write(f"\r[{bar:<25}] {pct:3d}% {done}/{self.total} games")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()


def play_game(
    options: dict,
    seed: int,
    bots: Sequence[Bot],
    latency: list[list[float]],
    choice_latency: list[list[float]],
    counts: dict[str, int] | None = None,
) -> RunsState:
    """One game between ``bots`` (one per seat), each with its own generator
    from the seed.  Adds each decision's CPU time to ``latency`` (and, where
    there were cards to choose from, to ``choice_latency``) of its seat, and
    to ``counts`` the ``draws``, ``passes``, ``decisions`` (cards chosen from
    two or more), ``single_plays`` (the one card that may go) and
    ``longest_idle`` (the longest stretch without a card, summed over
    rounds).  Returns the final state."""
    rngs = [random.Random(derive_seed(seed, "bot", s)) for s in range(len(bots))]
    seats = [Seat(b.name, bot=b.name) for b in bots]
    match = Match.start(GAME, options, seed, seats, rng=rngs, bots=dict(enumerate(bots)), strict=True)
    tally = counts if counts is not None else {}
    for key in ("draws", "decisions", "passes", "longest_idle", "single_plays"):
        tally.setdefault(key, 0)
    stretch = longest = 0
    while not match.over:
        moved = match.play_bot()
        assert isinstance(moved, Moved) and moved.seat is not None  # strict: a refusal raises
        latency[moved.seat].append(moved.think)
        kind = moved.action.kind
        if kind == PLAY:
            stretch = 0
            if moved.choices > 1:
                choice_latency[moved.seat].append(moved.think)
                tally["decisions"] += 1
            else:
                tally["single_plays"] += 1
        elif kind in (DRAW, PASS):
            tally["draws" if kind == DRAW else "passes"] += 1
            stretch += 1
            longest = max(longest, stretch)
        if kind in (PLAY, DRAW, PASS) and moved.after.phase != PHASE_PLAY:
            # the round ended with this turn: its longest stretch without a card played
            tally["longest_idle"] += longest
            stretch = longest = 0
    return match.state


#: 2,000 games take 21 s and keep 34 MB of decision times: the most take
#: ~9 minutes and ~850 MB
MAX_GAMES = 50_000
#: deals the strong bot tries per card (default 60): each decision costs
#: about as many playouts
MAX_SAMPLES = 10_000


def sim(argv: Sequence[str]) -> int:
    p = ToolParser(prog="python -m game sim runs", description="Bots play seeded games of Runs.")
    p.add_argument("--players", type=number(MIN_PLAYERS, MAX_PLAYERS), default=None, help=f"{MIN_PLAYERS} to {MAX_PLAYERS} (default: the number of --bots, else 4)")
    p.add_argument("--bots", default=None, help="comma-separated bot names, one per seat (repeated to fill): " + ", ".join(BOTS))
    p.add_argument("--games", type=number(1, MAX_GAMES), default=100)
    p.add_argument("--deals", type=number(1, MAX_GAMES), default=None, help=argparse.SUPPRESS)
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--rounds", type=number(0, MAX_ROUNDS), default=5, help=f"rounds per game, {MIN_ROUNDS}-{MAX_ROUNDS}")
    p.add_argument("--wrap", action="store_true", help="King and Ace touch")
    p.add_argument("--written", action="store_true", help="the written rule: no house rule (without any rule flag: the table's default rules)")
    p.add_argument("--new-run", action="store_true", help="house rule: after a closed run the next player starts a new one")
    p.add_argument("--both-ends", action="store_true", help="house rule: a run grows at either end")
    p.add_argument("--per-suit", action="store_true", help="house rule: a run in every suit (a card of a suit with no open run starts one)")
    p.add_argument("--circuit", action="store_true", help="house rule: a whole circuit without a card played closes the runs; a new run starts")
    p.add_argument("--stop", action="store_true", help="house rule: a run stops at the first player who cannot follow (after their draw or pass a new run starts)")
    p.add_argument("--big-deal", action="store_true", help="house rule: deal 40 cards (13 each with 3 players), not 7 each")
    p.add_argument("--no-rotate", action="store_true", help="keep the line-up in fixed seats")
    p.add_argument("--samples", type=number(1, MAX_SAMPLES), default=None, help="deals the strong bot tries per card")
    p.add_argument("--json", action="store_true")
    args = p.parsed(argv)
    if isinstance(args, int):
        return args
    if args.rounds == OPEN_ENDED:  # the table's "until we stop": bots never stop, so no game would end
        say("runs sim", f"--rounds 0 (until the players stop) cannot be simulated: bots never stop a game; give {MIN_ROUNDS}-{MAX_ROUNDS}")
        return 2
    names = [b.strip() for b in (args.bots or "").split(",") if b.strip()]
    players = args.players or (len(names) if len(names) >= 2 else 4)
    if not names:
        names = ["strong"] + ["simple"] * (players - 1)
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        say("runs sim", f"unknown bot(s) {', '.join(unknown)} (known: {', '.join(BOTS)})")
        return 2
    if len(names) > players:
        say("runs sim", f"{len(names)} bots for {players} seats")
        return 2
    lineup = [names[i % len(names)] for i in range(players)]
    games = args.deals if args.deals is not None else args.games
    asked = {r: bool(getattr(args, r)) for r in HOUSE_RULES}
    if args.written and any(asked.values()):
        say("runs sim", "--written is the rule sheet without house rules: give it alone or give house rules")
        return 2
    # no rule flag: the rules a new table starts with (the setup's default)
    rules = asked if (args.written or any(asked.values())) else dict(TABLE_RULES)
    options = {"players": players, "rounds": args.rounds, "wrap": args.wrap, **rules}
    try:
        options = GAME.validate_options(options)
    except ValueError as e:
        say("runs sim", e)
        return 2

    def make(name):
        if name == "strong" and args.samples:
            return BOTS[name](samples=args.samples)
        return BOTS[name]()

    seat_score = [0.0] * players
    seat_win = [0.0] * players
    slot_score = [0.0] * players
    slot_win = [0.0] * players
    slot_wins_outright = [0] * players
    slot_lat: list[list[float]] = [[] for _ in range(players)]
    slot_choice_lat: list[list[float]] = [[] for _ in range(players)]
    turns = 0
    rounds_played = 0
    rounds_out = 0
    counts = {"draws": 0, "decisions": 0, "passes": 0, "longest_idle": 0, "single_plays": 0}
    diffs: dict[str, float] = {}
    distinct = sorted(set(lineup), key=lineup.index)
    progress = _Progress(games, sys.stderr.isatty())
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for g in range(games):
        block, turn = divmod(g, players)
        if args.no_rotate:
            block, turn = g, 0
        seed = args.seed + block
        # seat s is taken by line-up slot (s - turn) mod players
        slot_of = [(s - turn) % players for s in range(players)]
        bots = [make(lineup[slot_of[s]]) for s in range(players)]
        lat: list[list[float]] = [[] for _ in range(players)]
        clat: list[list[float]] = [[] for _ in range(players)]
        state = play_game(options, seed, bots, lat, clat, counts)
        out = GAME.outcome(state)
        assert out is not None
        share = 1.0 / len(out.winners)
        for s in range(players):
            slot = slot_of[s]
            sc = out.scores[s]
            seat_score[s] += sc
            slot_score[slot] += sc
            slot_lat[slot].extend(lat[s])
            slot_choice_lat[slot].extend(clat[s])
            if s in out.winners:
                seat_win[s] += share
                slot_win[slot] += share
                if len(out.winners) == 1:
                    slot_wins_outright[slot] += 1
        # mean score per bot name in this game, for pairwise differences
        per_name: dict[str, list[float]] = {}
        for s in range(players):
            per_name.setdefault(lineup[slot_of[s]], []).append(out.scores[s])
        for i, a in enumerate(distinct):
            for b in distinct[i + 1 :]:
                key = f"{a}-{b}"
                diffs[key] = diffs.get(key, 0.0) + (
                    sum(per_name[a]) / len(per_name[a]) - sum(per_name[b]) / len(per_name[b])
                )
        for r in state.history:
            turns += r.turns
            rounds_played += 1
            rounds_out += bool(r.finish)
        progress.update(g + 1)
    progress.close()
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    by_name: dict[str, dict] = {}
    for name in distinct:
        slots = [j for j in range(players) if lineup[j] == name]
        lat_all = [x for j in slots for x in slot_lat[j]]
        lat_choice = [x for j in slots for x in slot_choice_lat[j]]
        ws = sum(slot_win[j] for j in slots) / games / len(slots)
        by_name[name] = {
            "seats": len(slots),
            "mean_score": round(sum(slot_score[j] for j in slots) / games / len(slots), 3),
            "win_share": round(ws, 4),
            "win_share_se": round((ws * (1 - ws) / games) ** 0.5, 4),
            "latency_cpu_all": _latency(lat_all),
            "latency_cpu_choices": _latency(lat_choice),
        }
    result = {
        "game": "runs",
        "players": players,
        "bots": lineup,
        "games": games,
        "rounds": args.rounds,
        "wrap": args.wrap,
        "seed": args.seed,
        "rotated": not args.no_rotate,
        "seats": [
            {"seat": s, "mean_score": round(seat_score[s] / games, 3), "win_share": round(seat_win[s] / games, 4)}
            for s in range(players)
        ],
        "lineup": [
            {
                "slot": j,
                "bot": lineup[j],
                "mean_score": round(slot_score[j] / games, 3),
                "win_share": round(slot_win[j] / games, 4),
                "outright_wins": slot_wins_outright[j],
            }
            for j in range(players)
        ],
        "by_bot": by_name,
        "mean_score_difference": {k: round(v / games, 3) for k, v in diffs.items()},
        "rounds_played": rounds_played,
        "mean_turns_per_round": round(turns / max(1, rounds_played), 3),
        "rules": rules,
        "new_run": rules["new_run"],
        "out_share": round(rounds_out / max(1, rounds_played), 4),
        "finisher_share": round(rounds_out / max(1, rounds_played), 4),
        "mean_forced_draws_per_round": round(counts["draws"] / max(1, rounds_played), 3),
        "forced_draw_share": round(counts["draws"] / max(1, turns), 4),
        "mean_passes_per_round": round(counts["passes"] / max(1, rounds_played), 3),
        "mean_single_plays_per_round": round(counts["single_plays"] / max(1, rounds_played), 3),
        "no_choice_share": round((counts["draws"] + counts["passes"] + counts["single_plays"]) / max(1, turns), 4),
        "mean_longest_without_play_per_round": round(counts["longest_idle"] / max(1, rounds_played), 3),
        "mean_decisions_per_round": round(counts["decisions"] / max(1, rounds_played), 3),
        "mean_decisions_per_player_per_round": round(counts["decisions"] / max(1, rounds_played) / players, 3),
        "skill": _skill(by_name, games),
        "seconds": round(wall, 3),
        "cpu_seconds": round(cpu, 3),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"Runs: {games} games, {players} players, line-up {', '.join(lineup)}; {wall:.1f} s")
        for name, d in by_name.items():
            print(f"  {name:<8} mean score {d['mean_score']:8.2f}  win share {d['win_share']:.3f}")
        for k, v in result["mean_score_difference"].items():
            print(f"  mean score difference {k}: {v:+.2f}")
        print(f"  mean turns per round {result['mean_turns_per_round']}")
        on = [r for r in HOUSE_RULES if rules[r]]
        label = "house rules " + ", ".join(on) if on else "written rules"
        print(
            f"  {label}: someone out in {result['out_share']:.1%} of rounds; per round "
            f"{result['mean_forced_draws_per_round']} forced draws ({result['forced_draw_share']:.1%} of turns), "
            f"{result['mean_decisions_per_round']} decisions, longest stretch without a card played "
            f"{result['mean_longest_without_play_per_round']}"
        )
        if result["skill"]:
            sk = result["skill"]
            print(f"  skill: strong wins {sk['strong_win_share']:.3f} (95% CI {sk['ci95'][0]:.3f}-{sk['ci95'][1]:.3f})")
    return 0


def _skill(by_name: dict, games: int) -> dict | None:
    """How much skill shows: the strong bot's win share against the simple
    one (ties shared) with a 95 % interval (normal approximation), when
    both are at the table."""
    if "strong" not in by_name or "simple" not in by_name:
        return None
    ws = by_name["strong"]["win_share"]
    se = (ws * (1 - ws) / games) ** 0.5
    return {
        "strong_win_share": ws,
        "se": round(se, 4),
        "ci95": [round(max(0.0, ws - 1.96 * se), 4), round(min(1.0, ws + 1.96 * se), 4)],
        "games": games,
    }


def position(argv: Sequence[str]) -> int:
    p = ToolParser(prog="python -m game position runs")
    p.add_argument("notation")
    p.add_argument("--json", action="store_true")
    args = p.parsed(argv)
    if isinstance(args, int):
        return args
    try:
        state = NOTATION.parse(args.notation)
    except NotationError as e:
        say("runs position", e)
        return 2
    forced = GAME.forced_action(state)
    result = {
        "game": "runs",
        "phase": state.phase,
        "turn": GAME.current_player(state),
        "legal": [GAME.action_to_text(a) for a in GAME.legal_actions(state)],
        "playable": [c.code for c in GAME.playable(state)],
        "forced": GAME.action_to_text(forced) if forced else None,
        "chain_dead": GAME.chain_dead(state),
        "last": state.last.code if state.last else None,
        "pile": len(state.pile),
        "hand_counts": [len(h) for h in state.hands],
        "scores": list(state.totals),
        "hand_points": [sum(POINTS[c] for c in h) for h in state.hands],
    }
    report(result, args.json)
    return 0
