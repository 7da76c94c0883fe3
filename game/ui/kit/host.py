"""What a screen opened over a table (a round's sheet, God's rule, a
starter) may ask of the table under it, as a protocol: the screen need
not import the table that opens it.  A game's own protocol adds what its
screens need besides."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import pygame

from game.cards import Card
from game.engine.core import Message

V = TypeVar("V", covariant=True)


class TableHost(Protocol[V]):
    @property
    def match(self) -> Any: ...

    @property
    def view(self) -> V: ...

    @property
    def players(self) -> int: ...

    def seat_name(self, seat: int | None) -> str: ...

    def face(self, card: Card, width: int) -> pygame.Surface: ...

    def render(self, message: Message | str) -> str: ...

    def leave(self) -> None: ...
