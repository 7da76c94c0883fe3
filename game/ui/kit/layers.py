"""Drawing in two layers: a static layer (felt, cards, labels) painted
again only when the picture it shows changes, and the moving parts drawn
over it every frame.  Dragging a card over a full table then costs one
blit plus the dragged card (about 1 ms at 1920×1080, docs/bench.md).

A table keys the static layer by the still part of its picture: a frozen
snapshot of everything the static painter reads, so a change the picture
does not hold cannot be painted, and an unchanged picture is never
painted twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import pygame

P = TypeVar("P")


class StaticLayer(Generic[P]):
    """One screen-sized surface and the picture painted on it."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._painted: P | None = None
        #: how often the layer was painted (the bench and tests read it)
        self.paints = 0

    def draw(self, target: pygame.Surface, picture: P, paint: Callable[[pygame.Surface, P], None]) -> None:
        """Blit the layer onto ``target``, painting ``picture`` first when
        it is not the one on the layer (or the size changed)."""
        layer = self.surface
        if layer is None or layer.get_size() != target.get_size():
            layer = self.surface = pygame.Surface(target.get_size()).convert()
            self._painted = None
        if self._painted is None or self._painted != picture:
            paint(layer, picture)
            self._painted = picture
            self.paints += 1
        target.blit(layer, (0, 0))

    def forget(self) -> None:
        """Paint anew at the next draw (a recorder wants every text)."""
        self._painted = None

    def release(self) -> None:
        """Drop the surface (a table that was left)."""
        self.surface = None
        self._painted = None
