"""``a11y-bridge``: the screen reader's bridge process on Linux, which
the app starts itself with (``python -m game a11y-bridge``; the packaged
app runs itself with ``a11y-bridge``).  Not a player's tool: it reads and
writes JSON lines (game/ui/a11y/child.py says why it is a process).  It
imports no pygame: the process is AccessKit's adapter and a loop."""

from __future__ import annotations


def main(argv: list[str]) -> int:
    from game.ui.a11y.child import main as bridge

    return bridge(argv)
