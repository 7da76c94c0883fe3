"""Entry script for the packaged app (PyInstaller puts this file's folder
on the import path, so it must not live inside game/, where game/i18n would
shadow pygame_gui's own 'i18n' dependency)."""

import os
import signal
import sys

#: developer's tools the packaged app does not carry what they need for:
#: bench starts ``python -m game`` and measures memory with psutil, soak
#: measures memory with psutil (a development package, kept out of the app)
DEVELOPER_TOOLS = ("bench", "soak")


def refuse_developer_tool(argv: list[str]) -> int | None:
    """One line and code 2 for a developer's tool asked of the packaged app."""
    if getattr(sys, "frozen", False) and argv and argv[0] in DEVELOPER_TOOLS:
        print(
            f"mind-the-gap: '{argv[0]}' is a developer's tool and is not part of the packaged app; run 'python -m game {argv[0]}' in the source folder (make {argv[0]})",
            file=sys.stderr,
        )
        return 2
    return None


if __name__ == "__main__":
    # the Gaps table thinks in a child process (game/games/gaps/think_server.py),
    # which starts this program again: freeze_support runs the child's work
    # there and exits instead of opening a second window
    import multiprocessing

    multiprocessing.freeze_support()
    # Ctrl+C while the app's modules load ends quietly with code 130; main()
    # takes Ctrl+C over from there (game/__main__.py does the same)
    signal.signal(signal.SIGINT, lambda signum, frame: os._exit(130))
    refused = refuse_developer_tool(sys.argv[1:])
    if refused is not None:
        sys.exit(refused)
    from game.__main__ import main

    sys.exit(main())
