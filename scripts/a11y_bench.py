"""What the screen reader's bridge costs a frame (issue 51), at a Gaps
table (1280x800, dummy video), in a private session (tests/a11y/session.py:
Xvfb, a session bus, the AT-SPI bus):

* ``off``: no bridge (Silent), as with MTG_A11Y=0 or no session bus;
* ``no_reader``: the Linux bridge open, its process running, accessibility
  off (IsEnabled false: a desktop without a screen reader);
* ``on``: a reader listening (IsEnabled true): every frame the table's
  tree (60 nodes: 52 cards, 7 buttons, the grid) is built and handed over,
  one card changed per frame as after a move; ``serve_ms`` is the frame
  loop's share (build the tree, hand it over, collect requests);
* ``child_update``: the bridge process's work per tree, measured in this
  process on an active adapter: the tree's values to AccessKit nodes and
  ``update_if_active``, as wall time and as this thread's CPU time.

Each run is every mode in turn, 300 frames each; the figures are medians
over the runs of each run's median and p95.

    SDL_VIDEODRIVER=dummy python scripts/a11y_bench.py [--runs 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def sixty_nodes(frame: int):
    """A Gaps-like tree: the grid's 52 places, seven buttons; one card's
    name changes each frame."""
    from game.ui.a11y.nodes import Node, Role, State, Tree

    cards = tuple(
        Node(f"gaps:cell:{r}:{c}", Role.CARD, f"card {r * 13 + c}" + (f" ({frame})" if r * 13 + c == frame % 52 else ""), (20 + c * 90, 20 + r * 130, 84, 120),
             description=f"row {r + 1}, column {c + 1}", states=frozenset({State.PLAYABLE}) if c == 0 else frozenset(), pressable=True)
        for r in range(4) for c in range(13)
    )
    buttons = tuple(Node(f"button:{i}", Role.BUTTON, name, (20 + i * 150, 740, 140, 40), pressable=True) for i, name in enumerate(["Menu", "Undo", "Hint", "Redeal", "Rules", "Settings", "New deal"]))
    return Tree(Node("window", Role.WINDOW, "Gaps", (0, 0, 1280, 800), children=(Node("grid", Role.GROUP, "Grid", (0, 0, 1280, 560), children=cards), *buttons)), focus="gaps:cell:0:0")


def frames(app, n: int, serve: list[float] | None = None) -> list[float]:
    out = []
    if serve is not None:
        inner = app._serve_reader

        def timed() -> None:
            t = time.perf_counter()
            inner()
            serve.append((time.perf_counter() - t) * 1000)

        app._serve_reader = timed
    for _ in range(n):
        t0 = time.perf_counter()
        app.step(1 / 60, events=[])
        out.append((time.perf_counter() - t0) * 1000)
    if serve is not None:
        del app._serve_reader
    return out


def wait(cond, app, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            return False
        app.step(1 / 60, events=[])
        time.sleep(0.01)
    return True


def one_run(session, n: int) -> dict:
    from game.app import App, all_scene_factories
    from game.ui.a11y.bridge import Silent
    from game.ui.a11y.linux import ChildBridge

    app = App((1280, 800), lang="en", fullscreen=False, home_notices=False)
    app.settings.sound = False
    app.save_settings = lambda: None  # type: ignore[method-assign]
    app.to_menu()
    app.push(dict(all_scene_factories(app))["gaps-opening"]())
    table = app.scenes.top
    built = [0]

    def tree():
        built[0] += 1
        return sixty_nodes(app.frame_count)

    table.a11y_tree = tree  # type: ignore[method-assign]
    frames(app, 30)
    res: dict = {"off": frames(app, n)}
    if session is not None:
        session.set_enabled(False)
        bridge = ChildBridge(env=session.env)
        app.a11y = bridge
        assert wait(lambda: bridge.starts and bridge._child and bridge._child.beat, app, 30), "the bridge process did not start"
        built[0] = 0
        res["no_reader"] = frames(app, n)
        res["trees_no_reader"] = built[0]
        session.set_enabled(True)
        assert wait(lambda: bridge.active, app, 30), "the bridge never became active"
        frames(app, 30)
        serve: list[float] = []
        built[0] = 0
        res["on"] = frames(app, n, serve)
        res["trees_on"] = built[0]
        res["serve"] = serve
        bridge.close()
        app.a11y = Silent()
    app.close()
    return res


def child_update(session, n: int, runs: int) -> list[tuple[list[float], list[float]]]:
    """The bridge process's per-tree work, on an active adapter here:
    per run, the wall time and this thread's CPU time of each update (on
    a shared machine the wall time's p95 is mostly other processes')."""
    import accesskit

    from game.ui.a11y import wire
    from game.ui.a11y.akit import Mapper

    os.environ["DBUS_SESSION_BUS_ADDRESS"] = session.env["DBUS_SESSION_BUS_ADDRESS"]
    m = Mapper()
    m.tree = wire.tree_message(sixty_nodes(0))
    activated = threading.Event()

    def on_activate():
        activated.set()
        return m.full()

    adapter = accesskit.unix.Adapter(on_activate, lambda req: None, activated.clear)
    # (the start-up guard of game/ui/a11y/child.py: no call before the
    # first activation, and nothing toggles accessibility meanwhile)
    assert activated.wait(10), "the adapter never became active"
    time.sleep(0.3)
    out = []
    k = 0
    for _ in range(runs):
        wall, cpu = [], []
        for _ in range(n):
            k += 1
            t0, c0 = time.perf_counter(), time.thread_time()
            m.tree = wire.tree_message(sixty_nodes(k))
            u = m.full()
            adapter.update_if_active(lambda u=u: u)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
        out.append((wall, cpu))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from tests.a11y.session import Session, missing

    absent = missing()
    session = None if absent else Session()
    try:
        runs = [one_run(session, args.frames) for _ in range(args.runs)]
        child = child_update(session, args.frames, args.runs) if session is not None else []
    finally:
        if session is not None:
            session.close()
    out: dict = {"machine": {"cpus": os.cpu_count(), "load1": round(os.getloadavg()[0], 2)}, "runs": args.runs, "frames_per_run": args.frames}
    if absent:
        out["note"] = f"no AT-SPI session ({', '.join(absent)} missing): only the 'off' frames"
    for key in ("trees_no_reader", "trees_on"):
        if key in runs[0]:
            out[key] = [r[key] for r in runs]
    for mode in ("off", "no_reader", "on", "serve"):
        if mode in runs[0]:
            out[f"{mode}_ms"] = {
                "median": round(statistics.median(statistics.median(r[mode]) for r in runs), 4),
                "p95": round(statistics.median(pct(r[mode], 0.95) for r in runs), 4),
                "runs_median": [round(statistics.median(r[mode]), 4) for r in runs],
            }
    if child:
        for i, what in ((0, "wall"), (1, "cpu")):
            out[f"child_update_60_nodes_{what}_ms"] = {
                "median": round(statistics.median(statistics.median(r[i]) for r in child), 4),
                "p95": round(statistics.median(pct(r[i], 0.95) for r in child), 4),
                "runs_p95": [round(pct(r[i], 0.95), 4) for r in child],
            }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
