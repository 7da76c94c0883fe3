"""Frame times at the Gaps table while the hint thinks in the background,
against no background work and against the "Still solvable?" check (the
other worker thread the table has), on deal 2 (not decided within the
thinking's budget, so it thinks throughout).  Frames are stepped back to
back, not paced at 60 per second, so this is the worst case of the
worker and the frame loop sharing the interpreter.

    SDL_VIDEODRIVER=dummy python scripts/gaps_think_frames.py [--frames 400] [--runs 2]
    ... --whole DEAL... [--no-thinking | --in-thread | --check NODES]
    ... --review DEAL... [--in-thread]
"""

from __future__ import annotations

import argparse
import statistics
import time

import pygame

from game.app import App, _release_memory
from game.ui.tables import gaps as gaps_ui
from game.ui.tables.gaps.review import ReviewJob
from game.ui.tables.gaps.solver import SolveJob, ThinkJob
from game.ui.tables.gaps.table import GapsTable


def _bench_app() -> App:
    """The app at 1280x800, silent, writing no settings."""
    app = App((1280, 800), lang="en", fullscreen=False, home_notices=False)
    app.settings.sound = False
    app.save_settings = lambda: None  # type: ignore[method-assign]  # a bench writes no settings
    return app


def _frames_while(app: App, busy, before: float) -> tuple[list[float], float]:
    """Frames stepped back to back (the mouse moving) while ``busy(i)``
    holds for frame ``i``, then 30 quiet ones (the worker has let go of its
    search): the frame times (ms) and the resident set's peak (MB)."""
    times, peak, i = [], before, 0
    while busy(i):
        pos = (300 + 6 * (i % 100), 300 + 3 * (i % 100))
        ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 3), buttons=(0, 0, 0))]
        t0 = time.perf_counter()
        app.step(1 / 60, events=ev)
        times.append((time.perf_counter() - t0) * 1000)
        i += 1
        if i % 20 == 0:
            peak = max(peak, resident_mb())
    for _ in range(30):
        app.step(1 / 60, events=[])
    return times, peak


def run(kind: str, frames: int) -> list[float]:
    app = _bench_app()
    scene = GapsTable(app, gaps_ui._match(2))
    scene.model.think_seconds = 10.0 if kind == "thinking" else 0.0
    app.scenes.reset(scene)
    for _ in range(5):
        app.step(1 / 60, events=[])
    if kind == "check":
        scene.model.solve_nodes = 10**9
        scene.model.start_check()
    times = []
    for i in range(frames):
        pos = (300 + 6 * (i % 100), 300 + 3 * (i % 100))
        ev = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 3), buttons=(0, 0, 0))]
        t0 = time.perf_counter()
        app.step(1 / 60, events=ev)
        times.append((time.perf_counter() - t0) * 1000)
    th = scene.model.thinker
    busy = (th is not None and not th.wait_idle(0)) or scene.model.job is not None
    app.close()
    if kind != "none" and not busy:
        raise SystemExit(f"{kind}: the worker finished before the frames did; the figures would not show it")
    return times


def resident_mb() -> float:
    """The process's resident set now (Linux), MB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6


def whole(deal: int, think: bool = True, check: int = 0, in_thread: bool = False) -> None:
    """Frames and the process's memory over one whole thinking (10 s of
    the worker's CPU on the round from deal ``deal``) and after it; with
    ``think`` false, 3,000 frames of the same table without it; with
    ``check`` positions, over a solvable check of that budget instead (in
    its thread or process as the table chooses, or in the thread)."""
    app = _bench_app()
    for _ in range(5):
        app.step(1 / 60, events=[])
    before = resident_mb()
    scene = GapsTable(app, gaps_ui._match(deal))
    if not think or check:
        scene.model.think_seconds = 0.0
    app.scenes.reset(scene)
    app.step(1 / 60, events=[])  # the first frame starts the thinking
    th = scene.model.thinker
    job = None
    if check:
        job = SolveJob(scene.model.view(), scene.model.pos_key(), check, in_process=False if in_thread else None)
    assert (th is not None) == (think and not check)

    def busy(i: int) -> bool:
        if job is not None:
            return not job.done
        return (th.wait_idle(0) is False) if th is not None else i < 3000

    times, peak = _frames_while(app, busy, before)
    after = resident_mb()
    _release_memory()
    trimmed = resident_mb()
    t = sorted(times)
    what = f"check of {check:,} positions: {job.result.verdict if job and job.result else '-'}" if check else (
        scene.model.hinter.thought if think else "no thinking")
    print(f"deal {deal}: {what}, {len(t)} frames: median {statistics.median(t):.2f} ms, "
          f"p95 {t[int(0.95 * len(t))]:.2f}, p99 {t[int(0.99 * len(t))]:.2f}, max {t[-1]:.2f} ms; "
          f"resident {before:.0f} MB before, {peak:.0f} at the peak, {after:.0f} after, {trimmed:.0f} trimmed",
          flush=True)
    app.close()


def review(deal: int, in_thread: bool = False) -> None:
    """Frames and the process's memory over the review of deal ``deal``
    played to its end by the greedy bot (its checks in the review's
    solver process, or in its thread with ``in_thread``)."""
    app = _bench_app()
    m = gaps_ui._match(deal)
    m.run(lambda mm: False, limit=1000, stand_in="greedy")
    if m.outcome is None or m.outcome.won:
        raise SystemExit(f"deal {deal}: the greedy bot did not lose it; pick another")
    scene = GapsTable(app, gaps_ui._match(deal))
    scene.model.think_seconds = 0.0
    app.scenes.reset(scene)
    for _ in range(5):
        app.step(1 / 60, events=[])
    before = resident_mb()
    job = ReviewJob(list(m.runner.states), list(m.runner.actions), in_process=not in_thread)
    times, peak = _frames_while(app, lambda i: not job.done, before)
    after = resident_mb()
    t = sorted(times)
    f = job.finding
    print(f"deal {deal} ({len(m.runner.actions)} actions), review {'in its thread' if in_thread else 'in a process'}: "
          f"{f.kind if f else '-'} (round {f.round if f else '-'}, action {f.index if f else '-'}), {job.checked} checks; "
          f"{len(t)} frames: median {statistics.median(t):.2f} ms, p95 {t[int(0.95 * len(t))]:.2f}, max {t[-1]:.2f} ms; "
          f"resident {before:.0f} MB before, {peak:.0f} at the peak, {after:.0f} after", flush=True)
    app.close()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=400)
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--whole", type=int, nargs="*", metavar="DEAL",
                   help="instead: frames and memory over the whole thinking on these deals")
    p.add_argument("--no-thinking", action="store_true", help="with --whole: the same table, not thinking")
    p.add_argument("--in-thread", action="store_true",
                   help="think in the worker thread, as when no process can start (the table before 4 December 2026)")
    p.add_argument("--check", type=int, default=0, metavar="NODES",
                   help="with --whole: a solvable check of this budget instead of the thinking")
    p.add_argument("--review", type=int, nargs="*", metavar="DEAL",
                   help="instead: frames and memory over the review of these deals as the greedy bot lost them")
    a = p.parse_args()
    if a.review:
        for deal in a.review:
            review(deal, in_thread=a.in_thread)
        return
    if a.in_thread:
        ThinkJob._start_process = lambda self: None  # type: ignore[method-assign]  # the fallback, measured
    if a.whole:
        for deal in a.whole:
            whole(deal, think=not a.no_thinking, check=a.check, in_thread=a.in_thread)
        return
    for _ in range(a.runs):
        for kind in ("none", "thinking", "check"):
            t = sorted(run(kind, a.frames))
            print(f"{kind:9}: median {statistics.median(t):.2f} ms, p95 {t[int(0.95 * len(t))]:.2f} ms, max {t[-1]:.2f} ms", flush=True)


if __name__ == "__main__":
    main()
