"""Bots play many deals; the numbers behind the simulator, the fidelity
report and the win-rate table.

Deal ``i`` of a run with seed ``S`` is dealt from ``derive_seed(S, "deal",
i)``, and the bots' tie-breaking generator (one for all seats) from
``derive_seed(S, "bots", i)``, so two bots run with the same seed play
exactly the same deals.  Every deal is played through a
:class:`~game.engine.match.Match`, as at the table.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from game.cards import Rank, derive_seed, rank_text
from game.engine.match import Match, Moved, Seat
from game.engine.runner import GameRunner
from game.games.mind_the_gap.bots import BOTS
from game.games.mind_the_gap.policy import POLICY
from game.games.mind_the_gap.rules import GAME, State


def deal_seed(seed: int, i: int) -> int:
    return derive_seed(seed, "deal", i)


def play_deal(options: Mapping[str, Any], seed: int, i: int, bot: str | list[str] = "seed", latencies: list | None = None) -> State:
    """Play deal ``i`` of a run to the end; returns the final state.
    ``bot`` names the bot of every seat, or of each seat in turn.
    ``latencies`` (a list) collects each decision's CPU time in seconds."""
    runner = GameRunner.start(GAME, options, deal_seed(seed, i))
    names = [bot] * runner.state.players if isinstance(bot, str) else list(bot)
    match: Match[State, Any, Any] = Match(
        runner,
        [Seat(name, bot=name) for name in names],
        policy=POLICY,
        rng=random.Random(derive_seed(seed, "bots", i)),
        bots={seat: BOTS[name]() for seat, name in enumerate(names)},
        strict=True,
    )
    while not match.over:
        moved = match.play_bot()
        assert isinstance(moved, Moved), moved  # strict: a refusal raises
        if latencies is not None:
            latencies.append(moved.think)
    return match.state


def margin95(p: float, n: int) -> float:
    """Half-width of a 95 % normal-approximation interval for a rate."""
    return 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n) if n else 0.0


class Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, label: str = "", stream=None) -> None:
        self.total = total
        self.label = label
        self.stream = stream or sys.stderr
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.last = -1

    def update(self, done: int) -> None:
        if not self.on or not self.total:
            return
        pct = int(100 * done / self.total)
        if pct == self.last and done != self.total:
            return
        self.last = pct
        width = 30
        fill = int(width * done / self.total)
        self.stream.write(f"\r{self.label} [{'#' * fill}{'.' * (width - fill)}] {done}/{self.total}")
        if done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def simulate(
    options: Mapping[str, Any],
    deals: int,
    seed: int = 1,
    bot: str | list[str] = "seed",
    progress: Callable[[int], None] | None = None,
    timing: bool = False,
) -> dict[str, Any]:
    """Play ``deals`` deals and summarise them as a JSON-able dict."""
    opts = GAME.validate_options(options)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    wins = 0
    coins_left = 0
    coins_left_won = 0
    actions = 0
    ends: Counter = Counter()
    by_target: dict[int, list[int]] = {}
    lat: list[float] | None = [] if timing else None
    for i in range(deals):
        st = play_deal(opts, seed, i, bot, lat)
        won = st.result == "won"
        wins += won
        coins_left += st.coins
        if won:
            coins_left_won += st.coins
        actions += len(st.log)
        ends[st.result] += 1
        rec = by_target.setdefault(st.places[0].value, [0, 0])
        rec[0] += 1
        rec[1] += won
        if progress is not None:
            progress(i + 1)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    rate = wins / deals if deals else 0.0
    out: dict[str, Any] = {
        "game": GAME.id,
        "options": opts,
        "bot": bot,
        "seed": seed,
        "deals": deals,
        "wins": wins,
        "win_rate": round(rate, 4),
        "margin95": round(margin95(rate, deals), 4),
        "win_rate_by_target": {
            rank_text(Rank(t)): {"deals": n, "wins": w, "win_rate": round(w / n, 4)} for t, (n, w) in sorted(by_target.items())
        },
        "mean_coins_left": round(coins_left / deals, 3) if deals else 0.0,
        "mean_coins_left_when_won": round(coins_left_won / wins, 3) if wins else None,
        "ends": {"won": ends.get("won", 0), "dead": ends.get("dead", 0), "all_passed": ends.get("passes", 0)},
        "mean_actions": round(actions / deals, 2) if deals else 0.0,
        "seconds": round(wall, 3),
        "cpu_seconds": round(cpu, 3),
    }
    if lat:
        lat.sort()
        out["decision_ms"] = {
            "decisions": len(lat),
            "median": round(1000 * lat[len(lat) // 2], 3),
            "p95": round(1000 * lat[int(0.95 * (len(lat) - 1))], 3),
            "max": round(1000 * lat[-1], 3),
        }
    return out
