"""A list on a screen (the saved games, Delphi's rule library) as a reader
reads it: a LIST node of LIST_ITEMs put first in the screen's tree, the
item under the keyboard's cursor selected and, when no button has the
focus, focused."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.ui.a11y.nodes import Node, Role, State, Tree


@dataclass(frozen=True)
class Item:
    key: str
    name: str
    description: str = ""
    selected: bool = False
    pressable: bool = True


def with_list(base: Tree, key: str, name: str, items: Sequence[Item]) -> Tree:
    """``base`` with the list first among the window's children."""
    nodes = tuple(Node(i.key, Role.LIST_ITEM, i.name, description=i.description, states=frozenset({State.SELECTED}) if i.selected else frozenset(), pressable=i.pressable) for i in items)
    focus = base.focus
    if focus is None:
        focus = next((i.key for i in items if i.selected), None)
    listing = Node(key, Role.LIST, name, children=nodes)
    return Tree(replace(base.root, children=(listing, *base.root.children)), focus)


__all__ = ["Item", "with_list"]
