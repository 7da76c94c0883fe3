"""The longest frame at a Delphi table around the computer augurs' first
moves, by when their candidate space is built:

* ``none``: not ahead (the first augur's decision builds it in its frame);
* ``table``: when the table opens, on a worker thread (as the table does);
* ``setup``: one second before, on a worker thread (as the setup screen
  does while the seats are chosen).

Each run is a fresh process (so no space is built before it) at a table of
three augurs and one cautious bot, stepped at 60 frames a second of real
time for five seconds; the figure is the median over the runs.

    SDL_VIDEODRIVER=dummy python scripts/delphi_first_move_frames.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

MODES = ("none", "table", "setup")


def one(mode: str) -> float:
    """The longest frame (ms) in one paced run."""
    from game.app import App
    from game.engine.match import Match
    from game.engine.turns import Seat
    from game.games.delphi import GAME
    from game.games.delphi.infer.space import prepare
    from game.ui.tables.delphi import demo
    from game.ui.tables.delphi import table as delphi_table
    from game.ui.tables.delphi.table import DelphiTable

    if mode != "table":
        delphi_table.prepare_augur_space = lambda lookback: None  # type: ignore[assignment]
    app = App((1280, 800), lang="en", fullscreen=False, home_notices=False)
    app.settings.sound = False
    app.save_settings = lambda: None  # type: ignore[method-assign]  # a bench writes no settings
    seats = [Seat("Anna", "augur"), Seat("Ben", "cautious"), Seat("Cleo", "augur"), Seat("Dev", "augur")]
    m = Match.start(GAME, demo.gardner(4), 3, seats)
    if mode == "setup":
        prepare(m.view().starters)
        time.sleep(1.0)
    app.scenes.reset(DelphiTable(app, m))
    longest = 0.0
    start = time.perf_counter()
    for i in range(300):
        time.sleep(max(0.0, start + i / 60 - time.perf_counter()))
        t0 = time.perf_counter()
        app.step(1 / 60, events=[])
        longest = max(longest, (time.perf_counter() - t0) * 1000)
    assert m.actions, "nobody played: the figure would not cover a first move"
    app.close()
    return longest


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--one", choices=MODES, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.one:
        print(f"{one(a.one):.1f}")
        return
    for mode in MODES:
        worst = [float(subprocess.run([sys.executable, __file__, "--one", mode], check=True, capture_output=True, text=True).stdout) for _ in range(a.runs)]
        print(f"{mode:5}: longest frame median {statistics.median(worst):.0f} ms over {a.runs} runs ({', '.join(f'{w:.0f}' for w in worst)})", flush=True)


if __name__ == "__main__":
    main()
