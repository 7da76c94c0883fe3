"""``python -m game bench --json``: launch to first frame (from source and,
when built, the packaged app), frame time while dragging a card over each
game's full table at 1920×1080, bot decision times, peak memory.

Figures are medians/percentiles over several runs, never one timing.
"""

from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.engine.cli import ToolParser, number, say
from game.engine.match import Match, Seat
from game.engine.registry import built_games, info, module
from game.tools import headless

ROOT = Path(__file__).resolve().parents[2]
#: launches per measurement (default 5); each is a whole app start
MAX_RUNS = 100


def first_frame_times(cmd: list[str], runs: int = 5, home: str | None = None) -> list[float]:
    """Seconds from launch to the first frame, per run that got there (a
    fresh data folder for the runs, inside ``home`` when given)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", MTG_FIRST_FRAME_EXIT="1", MTG_HOME=tempfile.mkdtemp(prefix="mtg-bench-", dir=home))
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
        try:
            assert p.stdout is not None
            for line in p.stdout:
                if line.startswith("first-frame"):
                    out.append(time.perf_counter() - t0)
                    break
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:  # a launch that hangs counts as none; the next one is tried
            pass
        finally:  # also after Ctrl+C: no app is left running in a data folder about to be removed
            if p.poll() is None:
                p.kill()
            p.wait()
            if p.stdout is not None:
                p.stdout.close()
    return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def _rss_mb() -> float | None:
    """The process's resident memory now (no collection of our own: the
    figure is what the app itself keeps)."""
    try:
        import psutil  # a developer's package (the packaged app does not carry it)
    except ImportError:
        return None
    return round(psutil.Process().memory_info().rss / 2**20, 1)


def frame_bench(frames: int = 300) -> dict:
    # pygame only now: main() has chosen the dummy drivers
    import pygame

    from game.app import App
    from game.ui.tables import built, table

    app = App((1920, 1080), lang="en", fullscreen=False, home_notices=False)
    app.settings.sound = False
    app.save_settings = lambda: None  # type: ignore[method-assign]  # a bench writes no settings
    results = {}
    for gid in built():
        g = info(gid)
        scene, start, end = table(gid).bench_scene(app)
        app.scenes.reset(scene)
        for _ in range(5):
            app.step(1 / 60, events=[])
        app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        times = []
        held = 0
        for i in range(frames):
            k = (i % 100) / 100
            pos = (int(start[0] + (end[0] - start[0]) * k), int(start[1] + (end[1] - start[1]) * k))
            ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 3), buttons=(1, 0, 0))]
            t0 = time.perf_counter()
            app.step(1 / 60, events=ev)
            times.append((time.perf_counter() - t0) * 1000)
            drag = getattr(scene, "drag", None)
            held += getattr(drag, "dragging", None) is not None
        app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1)])
        results[g.id] = {
            "mean_ms": round(statistics.fmean(times), 2),
            "median_ms": round(statistics.median(times), 2),
            "p99_ms": round(pct(times, 0.99), 2),
            "frames": frames,
            # frames in which a card really followed the pointer
            "frames_dragging": held,
            "rss_mb_after": _rss_mb(),
        }
    app.close()
    return results


def bot_bench(budget_s: float = 3.0, max_games: int = 20) -> dict:
    """CPU time per decision of every bot of every built game, played
    through :class:`~game.engine.match.Match` as the app plays them:
    seeded games in which every seat is that bot, until ``max_games``
    games or ``budget_s`` CPU seconds per bot.  Forced moves (one legal
    action) are played but not counted."""

    out: dict = {}
    for g in built_games():
        mod = module(g.id)
        game = mod.GAME
        for name in sorted(getattr(mod, "BOTS", {})):
            times: list[float] = []
            games = 0
            spent = 0.0
            for seed in range(1, max_games + 1):
                if spent > budget_s:
                    break
                opts = game.default_options()
                players = int(getattr(game.new_game(opts, seed), "players", 1))
                match = Match.start(game, opts, seed, [Seat(name, bot=name) for _ in range(players)], rng=random.Random(seed))
                for _ in range(20_000):
                    if match.over:
                        break
                    legal = match.legal()
                    if len(legal) == 1:
                        match.play(legal[0])
                        continue
                    moved = match.play_bot()
                    think = getattr(moved, "think", 0.0)
                    times.append(think * 1000)
                    spent += think
                games += 1
            if times:
                out[f"{g.id}/{name}"] = {
                    "games": games,
                    "decisions": len(times),
                    "median_ms": round(statistics.median(times), 3),
                    "p95_ms": round(pct(times, 0.95), 3),
                    "max_ms": round(max(times), 3),
                }
    return out


def _launches(times: list[float], target: float) -> dict:
    return {"median": round(statistics.median(times), 3), "runs": [round(x, 3) for x in times], "target": target}


def main(argv: list[str]) -> int:
    p = ToolParser(prog="python -m game bench")
    p.add_argument("--json", action="store_true")
    p.add_argument("--runs", type=number(1, MAX_RUNS), default=5)
    p.add_argument("--skip-bots", action="store_true")
    args = p.parse_args(argv)
    with headless("mtg-bench-") as home:
        res = _measure(args.runs, args.skip_bots, home)
    if res is None:
        say("python -m game bench", "the app did not reach its first frame (run python -m game --smoke to see why)")
        return 1
    print(json.dumps(res, indent=1))
    return 0


def _measure(runs: int, skip_bots: bool, home: str) -> dict | None:
    res: dict = {"machine": {"cpus": os.cpu_count(), "load1": round(os.getloadavg()[0], 2)}}
    src = first_frame_times([sys.executable, "-m", "game"], runs, home)
    if not src:
        return None
    res["launch_source_s"] = _launches(src, 0.35)
    app_bin = ROOT / "dist" / "mind-the-gap" / "mind-the-gap"
    if app_bin.exists():
        pk = first_frame_times([str(app_bin)], runs, home)
        if pk:
            res["launch_packaged_s"] = _launches(pk, 0.5)
    res["drag_frame_1920x1080"] = frame_bench()
    # the app's own peak: every table drawn and dragged over at 1920x1080
    # (the bot timings below run every bot of every game in this process
    # too, which no single game session does)
    res["peak_rss_mb_tables"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    if not skip_bots:
        res["bots"] = bot_bench()
    res["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return res
