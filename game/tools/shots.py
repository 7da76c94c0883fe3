"""``python -m game shots --out DIR [--lang en|de] [--size WxH ...]``:
a PNG of every screen in a realistic state, for looking at."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m game shots")
    p.add_argument("--out", default="shots", help="folder for the PNG files")
    p.add_argument("--lang", choices=["en", "de"], default="en")
    p.add_argument("--size", action="append", help="window size WxH (repeatable; default 1280x800 and 1920x1080)")
    p.add_argument("--only", help="only scenes whose name contains this text")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("MTG_HOME", tempfile.mkdtemp(prefix="mtg-shots-"))
    # pygame only now: the dummy drivers are chosen and its banner hidden
    import pygame

    from game.app import App, all_scene_factories, parse_size

    sizes = [parse_size(s) for s in (args.size or ["1280x800", "1920x1080"])]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    t0 = time.perf_counter()
    for size in sizes:
        app = App(size, lang=args.lang, fullscreen=False, home_notices=False)
        app.settings.animation = "off"
        app.settings.sound = False
        for name, make in all_scene_factories(app):
            if args.only and args.only not in name:
                continue
            scene = make()
            app.scenes.reset(scene)
            app.step(1 / 60, events=[])
            prep = getattr(scene, "prepare_shot", None)
            if prep:
                prep()
            for _ in range(3):
                app.step(1 / 60, events=[])
            path = out / f"{args.lang}-{size[0]}x{size[1]}-{name}.png"
            pygame.image.save(app.window, str(path))
            written.append(str(path))
        app.close()
    if args.json:
        print(json.dumps({"files": written, "count": len(written), "seconds": round(time.perf_counter() - t0, 2)}))
    else:
        for f in written:
            print(f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
