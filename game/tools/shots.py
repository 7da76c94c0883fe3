"""``python -m game shots --out DIR [--lang en|de] [--size WxH ...]``:
a PNG of every screen in a realistic state, for looking at."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from game.engine.cli import NumberError, ToolParser, guarded, say, window_size
from game.persistence.settings import TEXT_SIZES
from game.tools import headless, open_as_shot, set_vision

PROG = "python -m game shots"


def main(argv: list[str]) -> int:
    p = ToolParser(prog=PROG)
    p.add_argument("--out", default="shots", help="folder for the PNG files")
    p.add_argument("--lang", choices=["en", "de"], default="en")
    p.add_argument("--size", action="append", help="window size WxH (repeatable; default 1280x800 and 1920x1080)")
    p.add_argument("--text-size", choices=list(TEXT_SIZES), help="the text size setting to draw with (default: normal)")
    p.add_argument("--high-contrast", action="store_true", help="draw with the high-contrast look")
    p.add_argument("--only", help="only scenes whose name contains this text")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    sizes = args.size or ["1280x800", "1920x1080"]
    try:
        for text in sizes:
            window_size(text)  # the app bounds a valid size by its MAX_SIZE
    except NumberError as e:
        say(PROG, e)
        return 2
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        say(PROG, f"--out {str(out)!r} is a file, not a folder")
        return 2
    with headless("mtg-shots-", keep_home=True):
        return _shoot(args, sizes, out)


def _shoot(args: argparse.Namespace, sizes: list[str], out: Path) -> int:
    # pygame only now: headless() has chosen the dummy drivers and hidden its banner
    import pygame

    from game.app import App, all_scene_factories, parse_size

    written = []
    t0 = time.perf_counter()
    for text in sizes:
        size = parse_size(text)
        assert size is not None  # (the sizes were checked: window_size)
        app = App(size, lang=args.lang, fullscreen=False, home_notices=False)
        app.settings.animation = "off"
        app.settings.sound = False
        set_vision(app, args.text_size, args.high_contrast)
        try:
            chosen = [(name, make) for name, make in all_scene_factories(app) if not args.only or args.only in name]
            if not chosen:
                say(PROG, f"--only {args.only!r} matches no screen")
                return 2
            try:
                out.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                say(PROG, f"--out {str(out)!r}: {e.strerror or e}")
                return 2
            for name, make in chosen:
                open_as_shot(app, make, frames=3)
                path = out / f"{args.lang}-{size[0]}x{size[1]}-{name}.png"
                try:
                    pygame.image.save(app.window, str(path))
                except (OSError, pygame.error) as e:  # a full disk, a folder made read-only meanwhile
                    say(PROG, f"{path}: {e}")
                    return 1
                written.append(str(path))
        finally:
            app.close()
    if args.json:
        print(json.dumps({"files": written, "count": len(written), "seconds": round(time.perf_counter() - t0, 2)}))
    else:
        for f in written:
            print(f)
    return 0


if __name__ == "__main__":
    sys.exit(guarded(main, sys.argv[1:], PROG))
