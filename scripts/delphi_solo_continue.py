"""How long Continue of a saved solo round of Delphi takes (issue 49):
the round of the issue, God's rule `rank_twice_or_switch` with 29 wrong
guesses that differ from it only rarely (each one's check runs the walk to
its budget, then the sample), the 30th card played.

Each run is a fresh process (the checks of the guesses are cached within
a process) with its own data folder holding that one save, and goes as a
player does: the menu's Continue (the list replays the saves it shows,
for their facts), then Resume, frames stepped until the round's table is
on top.  Reported per form of the save, the median over the runs of

* ``list_s``: CPU seconds (``time.process_time``, every thread) of the
  list's first frame;
* ``table_s``: CPU seconds from Resume until the table is on top (frames
  and workers), ``wall_s`` the seconds on the clock;
* ``frames``, ``frame_max_ms``, ``frame_p95_ms``: the frames stepped at
  60 a second meanwhile (Resume's own included) and their longest and
  95th-percentile times (wall); ``table_frame_ms``, the table's first.

Forms: ``plain`` (the guesses as ``guess <rule>``, as every save before
the verdicts were recorded), and, where the engine records verdicts,
``judged`` (the same round with each verdict in its action).

    SDL_VIDEODRIVER=dummy python scripts/delphi_solo_continue.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

#: God's rule (the library's rank_twice_or_switch) and the guesses: God's
#: rule but for one rank at one place of the line
GOD = "rank_twice_or_switch"
GUESS = "count(each.rank = card.rank) < 2 or card.color != last.color or (pos = {pos} and card.rank = {rank})"
SEED = 7
WRONG = 29


def build() -> dict[str, dict]:
    """The round's saves, by form (checking every guess: half a minute)."""
    from game.engine.runner import GameRunner
    from game.games.delphi import solo
    from game.games.delphi.solo import GUESS as GUESSING
    from game.games.delphi.solo import SOLO, SoloAction, library_options

    runner = GameRunner.start(SOLO, library_options(GOD), SEED)
    tries = ((pos, rank) for rank in (13, 12, 11, 1, 2, 3) for pos in range(3, 31))
    while runner.state.turn < WRONG:
        runner.play(SoloAction("play", runner.state.hand[0]))
        assert runner.state.phase == GUESSING
        for pos, rank in tries:
            text = GUESS.format(pos=pos, rank=rank)
            after = SOLO.apply(runner.state, SoloAction(GUESSING, text=text))
            if not after.guesses[-1].correct:
                runner.play(SoloAction(GUESSING, text=text))
                break
    runner.play(SoloAction("play", runner.state.hand[0]))
    meta = {"names": ["Anna"], "bots": [None], "levels": [None]}
    saves = {"plain": {"record": runner.record().to_json(), "table": meta}}
    upgrade = getattr(solo, "with_verdicts", None)
    if upgrade is not None:
        upgrade(runner)
        saves["judged"] = {"record": runner.record().to_json(), "table": meta}
    return saves


def one(path: str) -> dict[str, float]:
    """One Continue of the save in ``path``, in this process."""
    from game.app import App
    from game.persistence.saves import list_saves, write_save
    from game.ui.scenes.saves import open_saves, resume_entry

    with open(path, encoding="utf-8") as f:
        save = json.load(f)
    write_save("delphi", save["record"], save["table"])
    app = App((1280, 800), lang="en", fullscreen=False)
    app.settings.sound = False
    app.save_settings = lambda: None  # type: ignore[method-assign]  # a bench writes no settings
    app.to_menu()
    app.step(1 / 60, events=[])
    t0 = time.process_time()
    open_saves(app)
    app.step(1 / 60, events=[])
    listed = time.process_time() - t0
    entry = list_saves()[0][0]
    t0, w0 = time.process_time(), time.perf_counter()
    resume_entry(app, entry)
    frames = [time.perf_counter() - w0]
    for _ in range(100_000):
        if type(app.scenes.top).__name__ == "SoloTable":
            break
        f0 = time.perf_counter()
        app.step(1 / 60, events=[])
        frames.append(time.perf_counter() - f0)
        time.sleep(max(0.0, f0 + 1 / 60 - time.perf_counter()))  # 60 frames a second, as a window
    else:
        raise AssertionError("the table never came")
    table, waited = time.process_time() - t0, time.perf_counter() - w0
    f0 = time.perf_counter()
    app.step(1 / 60, events=[])  # the table's first frame
    first = time.perf_counter() - f0
    app.close()
    frames.sort()
    return {
        "list_s": round(listed, 3),
        "table_s": round(table, 3),
        "wall_s": round(waited, 3),
        "frames": len(frames),
        "frame_max_ms": round(frames[-1] * 1000, 1),
        "frame_p95_ms": round(frames[int(0.95 * (len(frames) - 1))] * 1000, 1),
        "table_frame_ms": round(first * 1000, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one)))
        return 0
    out: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for form, save in build().items():
            path = os.path.join(tmp, f"{form}.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(save, f)
            runs = []
            for k in range(args.runs):
                env = {**os.environ, "MTG_HOME": os.path.join(tmp, f"home-{form}-{k}"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
                done = subprocess.run([sys.executable, __file__, "--one", path], env=env, capture_output=True, text=True, check=False)
                if done.returncode:
                    raise SystemExit(done.stderr)
                runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
            out[form] = {key: statistics.median(r[key] for r in runs) for key in runs[0]} | {"runs": len(runs), "actions": len(save["record"]["actions"])}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
