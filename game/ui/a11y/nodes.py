"""The accessibility tree as values, with no pygame and no AccessKit.

A screen describes what it draws as a :class:`Node` tree (built from the
same frozen pictures and layouts the painters read), names the node that
has the keyboard focus, and says aloud what a sighted player learns by
looking as :class:`Announcement` values.  The bridge
(:mod:`game.ui.a11y.bridge`) turns these into AccessKit's nodes in
whatever process or thread is safe on the platform; nothing here can
block.

Node keys are strings, stable for as long as the thing they name stays
on the screen ("gaps:cell:1:5", "button:undo"), so a reader keeps its
place when the tree is sent again after a move."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


class Role(enum.StrEnum):
    WINDOW = "window"
    GROUP = "group"  # a region: the grid, the pyramid, a hand, a line
    BUTTON = "button"
    CARD = "card"  # a card or an empty place on the table (a list item a reader can press)
    LABEL = "label"  # text shown on screen
    TEXT_INPUT = "text_input"
    LIST = "list"
    LIST_ITEM = "list_item"
    DIALOG = "dialog"


class State(enum.StrEnum):
    SELECTED = "selected"
    PLAYABLE = "playable"  # a legal move starts or ends here
    FACE_DOWN = "face_down"
    NEW = "new"  # marked new (just drawn)
    DISABLED = "disabled"
    EMPTY = "empty"  # a gap or an empty slot


@dataclass(frozen=True)
class Node:
    """One thing on the screen.  ``rect`` is (x, y, w, h) in window
    pixels; ``description`` says its place ("row 2, column 5") in the
    player's language; ``pressable``: a reader may press it (the scene's
    :meth:`a11y_press` gets the key)."""

    key: str
    role: Role
    name: str
    rect: tuple[int, int, int, int] = (0, 0, 0, 0)
    description: str = ""
    states: frozenset[State] = frozenset()
    children: tuple[Node, ...] = ()
    pressable: bool = False
    value: str = ""  # a text field's text

    def walk(self):
        """This node and every node under it, depth first."""
        yield self
        for c in self.children:
            yield from c.walk()


#: the box of a node that is drawn nowhere (a card scrolled out of view)
NOWHERE = (0, 0, 0, 0)


def box(rect: Any) -> tuple[int, int, int, int]:
    """A node's (x, y, w, h) from the rect a painter draws in (a pygame
    Rect, read by its fields: no pygame here)."""
    return (rect.x, rect.y, rect.w, rect.h)


def box_at(rects: Sequence[Any], i: int) -> tuple[int, int, int, int]:
    """The box of ``rects[i]``, or :data:`NOWHERE` past the rects laid out."""
    return box(rects[i]) if 0 <= i < len(rects) else NOWHERE


@dataclass(frozen=True)
class Tree:
    """A screen's whole tree and the key of the node with the focus (None:
    the window itself)."""

    root: Node
    focus: str | None = None

    def keys(self) -> set[str]:
        return {n.key for n in self.root.walk()}


class Politeness(enum.StrEnum):
    POLITE = "polite"  # waits until the reader is quiet (moves, turns)
    ASSERTIVE = "assertive"  # interrupts (a refused move, a result)


@dataclass(frozen=True)
class Announcement:
    text: str
    politeness: Politeness = Politeness.POLITE


@dataclass(frozen=True)
class Request:
    """What a reader asked for, delivered to the frame loop: press the
    node ``key`` (``action`` "press") or move the focus there ("focus")."""

    action: str
    key: str = field(default="")
