"""The wire's tree values (:mod:`game.ui.a11y.wire`) as AccessKit's nodes.

Used where AccessKit runs: in the bridge process on Linux
(:mod:`game.ui.a11y.child`) and in the app on Windows and macOS
(:mod:`game.ui.a11y.windows_mac`).  AccessKit wants whole numbers as node
ids; a node's key keeps its id for as long as this :class:`Mapper` lives,
so a reader keeps its place when a tree is sent again.

Roles: a card is a button when a reader may press it (Orca says "button",
so the player knows Enter plays it) and a list item when not; its place
("row 2, column 5") is the description.  Selected and disabled are
AT-SPI states; playable, face down, new and empty have none, so the
screen's description says them in the player's language.

Announcements go through one live region, a label that is always in the
tree: a polite or assertive value change is what AT-SPI turns into
``object:announcement``.  The same sentence twice in a row would be no
change, so every second one ends in an invisible zero-width space.
"""

from __future__ import annotations

import itertools
from typing import Any

import accesskit as ak

WINDOW_TITLE = "Mind the Gap"
TOOLKIT = "Mind the Gap (pygame-ce)"
#: the live region's id; keys get ids from 2 on
LIVE_ID = 1
ROOT_KEY = "window"

_ROLES = {
    "window": ak.Role.WINDOW,
    "group": ak.Role.GROUP,
    "button": ak.Role.BUTTON,
    "label": ak.Role.LABEL,
    "text_input": ak.Role.TEXT_INPUT,
    "list": ak.Role.LIST,
    "list_item": ak.Role.LIST_ITEM,
    "dialog": ak.Role.DIALOG,
}
#: roles a reader can move its focus to
_FOCUSABLE = {"button", "card", "text_input", "list_item"}
#: (AccessKit's Action values cannot be dict keys: they are unhashable)
_ACTIONS = ((ak.Action.CLICK, "press"), (ak.Action.FOCUS, "focus"))


class Mapper:
    """Node keys to ids and wire values to ``TreeUpdate``s.  Its methods
    may run on AccessKit's thread and the loop's at once: they only read
    the latest tree (replaced whole, never changed in place) and add ids
    with ``dict.setdefault`` (atomic under the GIL); no lock is taken, so
    none can be held while AccessKit's own lock is awaited."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._keys: dict[int, str] = {}
        self._next = itertools.count(2)
        self.tree: dict | None = None  # the latest "tree" message
        self.live_text = ""
        self.live_polite = True
        self._said = 0

    def id_of(self, key: str) -> int:
        i = self._ids.get(key)
        if i is None:
            i = self._ids.setdefault(key, next(self._next))
            self._keys[i] = key
        return i

    def request(self, req: Any) -> dict | None:
        """An AccessKit ActionRequest as a wire request, or None."""
        action = next((name for a, name in _ACTIONS if a == req.action), None)
        key = self._keys.get(req.target)
        if action is None or key is None:
            return None
        return {"t": "req", "a": action, "k": key}

    def say(self, text: str, polite: bool) -> None:
        self._said += 1
        self.live_text = text + ("\u200b" if self._said % 2 == 0 else "")
        self.live_polite = polite

    # --- AccessKit values -------------------------------------------------------
    def live_node(self) -> Any:
        n = ak.Node(ak.Role.LABEL)
        n.set_value(self.live_text)
        n.set_live(ak.Live.POLITE if self.live_polite else ak.Live.ASSERTIVE)
        return n

    def _focus_id(self, tree: dict | None) -> int:
        root = tree["root"] if tree else None
        key = (tree or {}).get("focus") or (root["k"] if root else ROOT_KEY)
        return self.id_of(key)

    def full(self) -> Any:
        """The whole tree (and the live region) as one ``TreeUpdate``."""
        tree = self.tree
        root: dict = tree["root"] if tree else {"k": ROOT_KEY, "r": "window", "n": WINDOW_TITLE, "b": [0, 0, 0, 0]}
        u = ak.TreeUpdate(self._focus_id(tree))
        t = ak.Tree(self.id_of(root["k"]))
        t.toolkit_name = TOOLKIT
        u.tree = t
        self._add(u, root, top=True)
        u.nodes.append((LIVE_ID, self.live_node()))
        return u

    def live(self) -> Any:
        """Only the live region changed (an announcement)."""
        u = ak.TreeUpdate(self._focus_id(self.tree))
        u.nodes.append((LIVE_ID, self.live_node()))
        return u

    def _add(self, u: Any, d: dict, top: bool = False) -> int:
        nid = self.id_of(d["k"])
        role = d["r"]
        if role == "card":
            n = ak.Node(ak.Role.BUTTON if d.get("p") else ak.Role.LIST_ITEM)
        else:
            n = ak.Node(_ROLES.get(role, ak.Role.GENERIC_CONTAINER))
        if d.get("n"):
            n.set_label(d["n"])
        if d.get("d"):
            n.set_description(d["d"])
        if d.get("v") or role == "text_input":
            n.set_value(d.get("v", ""))
        elif role == "label" and d.get("n"):
            n.set_value(d["n"])
        x, y, w, h = d.get("b", (0, 0, 0, 0))
        if w or h:
            n.set_bounds(ak.Rect(x, y, x + w, y + h))
        states = d.get("s", ())
        if "selected" in states:
            n.set_selected(True)
        elif role == "card" or role == "list_item":
            n.set_selected(False)
        if "disabled" in states:
            n.set_disabled()
        if d.get("p"):
            n.add_action(ak.Action.CLICK)
        if role in _FOCUSABLE:
            n.add_action(ak.Action.FOCUS)
        kids = [self._add(u, c) for c in d.get("c", ())]
        if top:
            kids.append(LIVE_ID)
        if kids:
            n.set_children(kids)
        u.nodes.append((nid, n))
        return nid
