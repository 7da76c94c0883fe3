"""The accessibility tree as small JSON values, for the pipe between the
app and its bridge process (:mod:`game.ui.a11y.linux`,
:mod:`game.ui.a11y.child`) and for the in-process bridges, which turn the
same values into AccessKit's nodes (:mod:`game.ui.a11y.akit`).

One message is one line of JSON, a dict with a type ``t``:

app -> bridge process
    ``{"t": "tree", "root": NODE, "focus": KEY|null}`` the screen's whole tree
    ``{"t": "say", "text": ..., "p": "polite"|"assertive"}`` an announcement
    ``{"t": "window", "b": [x, y, w, h], "f": true|false}`` the window's place
    on the screen and whether it has the keyboard focus

bridge process -> app
    ``{"t": "up"}`` the adapter is made; ``{"t": "beat"}`` every
    :data:`BEAT_S` seconds while the loop that calls the adapter runs;
    ``{"t": "active"}`` / ``{"t": "inactive"}`` a screen reader turned the
    adapter on or off; ``{"t": "req", "a": "press"|"focus", "k": KEY}`` a
    reader's request.

A NODE is ``{"k": key, "r": role, "n": name, "b": [x, y, w, h]}`` plus,
when not empty, ``"d"`` description, ``"s"`` states, ``"c"`` children,
``"p"`` pressable and ``"v"`` value.  Nothing here imports pygame or
AccessKit.
"""

from __future__ import annotations

import json

from game.ui.a11y.nodes import Announcement, Node, Tree

#: the bridge process says it is alive this often (seconds)
BEAT_S = 0.2


def node_value(node: Node) -> dict:
    d: dict = {"k": node.key, "r": str(node.role), "n": node.name, "b": list(node.rect)}
    if node.description:
        d["d"] = node.description
    if node.states:
        d["s"] = sorted(str(s) for s in node.states)
    if node.children:
        d["c"] = [node_value(c) for c in node.children]
    if node.pressable:
        d["p"] = True
    if node.value:
        d["v"] = node.value
    return d


def tree_message(tree: Tree) -> dict:
    return {"t": "tree", "root": node_value(tree.root), "focus": tree.focus}


def say_message(a: Announcement) -> dict:
    return {"t": "say", "text": a.text, "p": str(a.politeness)}


def window_message(bounds: tuple[int, int, int, int], focused: bool) -> dict:
    return {"t": "window", "b": list(bounds), "f": bool(focused)}


def line(message: dict) -> bytes:
    """One message as the bytes of one line (ASCII: a name's umlauts are
    escaped, so no line can hold a stray newline)."""
    return json.dumps(message, separators=(",", ":")).encode("ascii") + b"\n"


class Lines:
    """The messages in a pipe's bytes as they come: whole lines are read,
    a line cut by the read waits for its end, and a line that is no
    message is skipped (both sides read their pipe this way)."""

    def __init__(self) -> None:
        self._held = b""

    def feed(self, chunk: bytes) -> list[dict]:
        *whole, self._held = (self._held + chunk).split(b"\n")
        out = []
        for raw in whole:
            try:
                msg = json.loads(raw)
            except ValueError:
                continue
            if isinstance(msg, dict):
                out.append(msg)
        return out
