"""``python -m game``: the app, plus the command-line tools.

Every tool takes ``--json`` and then prints exactly one JSON object.
Game-specific tools (``sim``, ``position``, ``count-pyramids``, ``judge``)
are delegated to ``game.games.<package>.cli``, so each game owns its own
options.
"""

from __future__ import annotations

import os
import signal
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    """Ctrl+C before :func:`main` takes over: one line and code 130 (it
    printed a traceback of the imports in the first instant after launch)."""
    with open(2, "w", closefd=False) as err:
        err.write("mind-the-gap: interrupted\n")
    os._exit(130)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, _interrupted_while_starting)

import argparse  # noqa: E402
import importlib  # noqa: E402
from collections.abc import Sequence  # noqa: E402

from game.engine.cli import MAX_SEED, NumberError, ToolParser, guarded, say, whole_number, window_size  # noqa: E402
from game.engine.registry import UnknownGame, engine_available, games, info  # noqa: E402

USAGE = """\
usage: python -m game [--smoke] [--windowed|--fullscreen] [--lang en|de]
       python -m game shots --out DIR [--lang en|de] [--size WxH]
       python -m game sim GAME [options] --json
       python -m game position GAME "<notation>" --json
       python -m game count-pyramids --json
       python -m game judge --rule "<rule>" --cards "3H 9S ..." --json
       python -m game bench --json
       python -m game soak [--events N] [--game GAME] --json
       python -m game textfit [--lang en|de] [--size WxH] [--only NAME] --json
"""

#: subcommand -> (game id or None for "first argument names the game", function)
GAME_TOOLS = {
    "sim": (None, "sim"),
    "position": (None, "position"),
    "count-pyramids": ("mind-the-gap", "count_pyramids"),
    "judge": ("delphi", "judge"),
}


def fail(message: str, code: int = 2) -> int:
    say("mind-the-gap", message)
    return code


def run_game_tool(cmd: str, argv: list[str]) -> int:
    fixed, fn_name = GAME_TOOLS[cmd]
    if fixed is None:
        if not argv or argv[0].startswith("-"):
            return fail(f"'{cmd}' needs a game: {', '.join(g.id for g in games())}")
        game_id, argv = argv[0], argv[1:]
    else:
        game_id = fixed
    try:
        gi = info(game_id)
    except UnknownGame as e:
        return fail(str(e))
    if not engine_available(gi.id):
        return fail(f"{gi.name()} is not built yet")
    try:  # each game's tools load only when asked for (the app never imports them)
        cli = importlib.import_module(f"{info(gi.id).module}.cli")
    except ModuleNotFoundError:
        return fail(f"{gi.name()} has no command-line tools yet")
    fn = getattr(cli, fn_name, None)
    if fn is None:
        return fail(f"{gi.name()} has no '{cmd}' tool")
    return int(fn(argv) or 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Every tool and the app, guarded: a bad argument is one line and code
    2, Ctrl+C code 130, a closed output pipe ends quietly (code 0)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    return guarded(_main, sys.argv[1:] if argv is None else argv)


def _main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help", "help"):
        print(USAGE, end="")
        return 0
    if argv and argv[0] in GAME_TOOLS:
        return run_game_tool(argv[0], argv[1:])
    if argv and argv[0] == "a11y-bridge":
        # not a player's tool: the app starts itself with it on Linux to
        # run the screen reader's adapter in a process of its own
        # (game/ui/a11y/child.py says why); it reads and writes JSON lines
        from game.tools.a11y_bridge import main as a11y_bridge

        return a11y_bridge(argv[1:])
    # a tool, or the app, loads only what it uses: "sim" starts without
    # pygame, and the app without the tools
    if argv and argv[0] == "shots":
        from game.tools.shots import main as shots

        return shots(argv[1:])
    if argv and argv[0] == "bench":
        from game.tools.bench import main as bench

        return bench(argv[1:])
    if argv and argv[0] == "textfit":
        from game.tools.textfit import main as textfit

        return textfit(argv[1:])
    if argv and argv[0] == "soak":
        from game.tools.soak import main as soak

        return soak(argv[1:])
    p = ToolParser(prog="python -m game", usage=USAGE)
    p.add_argument("--smoke", action="store_true", help="draw one frame of every scene and exit")
    p.add_argument("--lang", choices=["en", "de"])
    g = p.add_mutually_exclusive_group()
    g.add_argument("--fullscreen", action="store_true")
    g.add_argument("--windowed", action="store_true")
    p.add_argument("--size", help="window size, e.g. 1280x800")
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    # for tests and tools: open one named scene, or let computers play a game
    p.add_argument("--scene", help=argparse.SUPPRESS)
    p.add_argument("--autoplay", metavar="GAME:SEED", help=argparse.SUPPRESS)
    p.add_argument("--continue", dest="cont", action="store_true", help="resume the last saved game")
    args = p.parse_args(argv)
    problem = _check_app_args(args)
    if problem:
        return fail(problem)
    return start_app(args)


def _check_app_args(args: argparse.Namespace) -> str | None:
    """What is wrong with the app's own options, before pygame starts (the
    app bounds a valid size by its MAX_SIZE); ``--autoplay`` is rewritten
    as ``<game id>:<seed>``."""
    if args.size is not None:
        try:
            window_size(args.size)
        except NumberError as e:
            return str(e)
    if args.autoplay is not None:
        name, _, seed = args.autoplay.partition(":")
        try:
            gi = info(name)
            n = whole_number(seed or "1", 0, MAX_SEED, "the seed")
        except (UnknownGame, NumberError) as e:
            return f"--autoplay GAME:SEED: {e}"
        if not engine_available(gi.id):
            return f"--autoplay: {gi.name()} is not built yet"
        args.autoplay = f"{gi.id}:{n}"
    return None


def start_app(args: argparse.Namespace) -> int:
    """The app, once its libraries are known to be there (a player sees a
    sentence, never a traceback, when one is missing)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.smoke:
        # its tables save as they open: in a folder of its own unless one
        # is named in MTG_HOME (a player's saves of the same setups were
        # written over by the smoke run's deals)
        from game.tools import headless

        with headless("mind-the-gap-smoke-", keep_home=True):
            return _start_app(args)
    return _start_app(args)


def _start_app(args: argparse.Namespace) -> int:
    try:
        import pygame  # noqa: F401 - only the check; game.app uses it
        import pygame_gui  # noqa: F401
    except ImportError as e:
        return fail(f"a library is missing ({e.name}); run 'make play' to install it.", 1)
    from game.app import run  # the GUI loads pygame: the command-line tools above never do

    return run(
        smoke=args.smoke,
        lang=args.lang,
        fullscreen=True if args.fullscreen else (False if args.windowed else None),
        size=args.size,
        scene=args.scene,
        autoplay=args.autoplay,
        cont=args.cont,
    )


if __name__ == "__main__":
    sys.exit(main())
