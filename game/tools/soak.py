"""The soak harness: random mouse and key events through the real scene
stack, over every screen (menu, settings, rules, statistics, each game's
setup, table and end screens).  Counts exceptions and watches memory.

``python -m game soak [--events N] [--game GAME] [--seed S] --json``
"""

from __future__ import annotations

import gc
import json
import random
import sys
import time
import traceback

from game.engine.cli import SEED, ToolParser, number, say
from game.engine.registry import UnknownGame, info
from game.tools import headless

PROG = "python -m game soak"
#: make soak sends 100,000 events in some minutes; ten times that is the most
MAX_EVENTS = 1_000_000


def _keys(pg):
    return [
        pg.K_LEFT, pg.K_RIGHT, pg.K_UP, pg.K_DOWN, pg.K_TAB, pg.K_RETURN, pg.K_SPACE,
        pg.K_ESCAPE, pg.K_BACKSPACE, pg.K_h, pg.K_u, pg.K_z, pg.K_y, pg.K_r, pg.K_n,
        pg.K_d, pg.K_p, pg.K_t, pg.K_g, pg.K_1, pg.K_2, pg.K_3, pg.K_4, pg.K_a, pg.K_PAGEDOWN,
    ]


def random_event(pg, rng: random.Random, size, state: dict):
    w, h = size
    r = rng.random()
    if r < 0.30:
        # stay near the last press half of the time, so drags happen
        if state.get("down") and rng.random() < 0.6:
            x, y = state["pos"]
            pos = (min(w - 1, max(0, x + rng.randint(-120, 120))), min(h - 1, max(0, y + rng.randint(-120, 120))))
        else:
            pos = (rng.randrange(w), rng.randrange(h))
        state["pos"] = pos
        return pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1 if state.get("down") else 0, 0, 0))
    if r < 0.55:
        pos = (rng.randrange(w), rng.randrange(h))
        state["pos"], state["down"] = pos, True
        return pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if r < 0.80:
        state["down"] = False
        return pg.event.Event(pg.MOUSEBUTTONUP, pos=state.get("pos", (0, 0)), button=1)
    if r < 0.995:
        k = rng.choice(_keys(pg))
        return pg.event.Event(pg.KEYDOWN, key=k, mod=pg.KMOD_SHIFT if rng.random() < 0.1 else 0, unicode="x", scancode=0)
    sz = rng.choice(((1024, 640), (1280, 800), (1600, 900), (640, 400)))
    return pg.event.Event(pg.VIDEORESIZE, w=sz[0], h=sz[1], size=sz)


def soak(events: int = 5000, game: str | None = None, seed: int = 1, scenes: list | None = None, passes: int = 2) -> dict:
    """Feed ``events`` random events, spread over the selected scenes and
    ``passes`` rounds through them.  Returns counts, exceptions (the first
    few with tracebacks) and memory after each pass: the first pass fills
    the caches (card images and text at each window size), so memory is
    flat when later passes end where the first one did."""
    # pygame (and the app with it) only now: main() has chosen the dummy
    # drivers and hidden pygame's banner, so --json prints nothing else
    import pygame as pg

    from game.app import App, all_scene_factories

    rng = random.Random(seed)
    app = App((1280, 800), lang="en", fullscreen=False, home_notices=False)
    app.settings.animation = "fast"
    app.settings.sound = False
    app.save_settings = lambda: None  # type: ignore[method-assign]  # the soak never writes the player's settings
    factories = all_scene_factories(app)
    if game:
        factories = [(n, f) for n, f in factories if n.startswith(game)]
    if scenes:
        factories = [(n, f) for n, f in factories if any(n.startswith(s) for s in scenes)]
    import psutil  # a developer's package (the packaged app does not carry it)

    proc = psutil.Process()
    errors: list[str] = []
    n_err = 0
    rss_samples: list[float] = []
    per = max(1, events // max(1, len(factories) * passes))
    t0 = time.perf_counter()
    sent = 0
    state: dict = {}
    after_pass: list[float] = []
    order = [f for _ in range(passes) for f in factories]
    for idx in range(len(order) + 1):
        if idx % max(1, len(factories)) == 0:  # the start of a pass, or the end
            gc.collect()
            after_pass.append(round(proc.memory_info().rss / 2**20, 1))
        if idx == len(order):
            break
        name, make = order[idx]
        app.running = True
        try:
            app.scenes.reset(make())
        except Exception:  # noqa: BLE001 - the soak counts every exception a scene raises
            n_err += 1
            errors.append(f"{name} (creating): " + traceback.format_exc(limit=6))
            continue
        for i in range(per):
            ev = random_event(pg, rng, app.size, state)
            try:
                # through pygame's own queue, so that pygame_gui's button
                # events (posted while handling this one) reach the scenes
                pg.event.post(ev)
                app.step(1 / 30)
                if i % 7 == 0:
                    app.step(1 / 30)
            except Exception:  # noqa: BLE001 - counted and reported, then the soak goes on
                n_err += 1
                if len(errors) < 5:
                    errors.append(f"{name} after {i} events ({ev}): " + traceback.format_exc(limit=8))
                try:
                    app.scenes.reset(make())
                except Exception:  # noqa: BLE001 - already counted above; this scene cannot be made again
                    break
            sent += 1
            if not app.running or app.scenes.top is None:
                app.running = True
                app.scenes.reset(make())
            if sent % 500 == 0:
                rss_samples.append(proc.memory_info().rss / 2**20)
        gc.collect()
        rss_samples.append(proc.memory_info().rss / 2**20)
    app.close()
    return {
        "events": sent,
        "scenes": [n for n, _ in factories],
        "exceptions": n_err,
        "errors": errors,
        "rss_mb_after_each_pass": after_pass,
        "rss_mb_max": round(max(rss_samples or [0]), 1),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main(argv: list[str]) -> int:
    p = ToolParser(prog=PROG)
    p.add_argument("--events", type=number(1, MAX_EVENTS), default=100_000)
    p.add_argument("--game", help="only this game's scenes (an id such as mind-the-gap)")
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    game = None
    if args.game is not None:
        try:
            game = info(args.game).id
        except UnknownGame as e:
            say(PROG, f"--game: {e}")
            return 2
    with headless("mtg-soak-"):
        res = soak(args.events, game, args.seed)
    if not res["scenes"]:
        say(PROG, f"--game {args.game!r}: this game has no screens to soak yet")
        return 2
    if args.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            if k != "errors":
                print(f"{k}: {v}")
        for err in res["errors"]:
            print(err, file=sys.stderr)
    return 1 if res["exceptions"] else 0
