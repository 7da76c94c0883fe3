"""Drawing in two layers: a cached static layer (felt, cards, labels),
redrawn only when ``static_key()`` changes, and the moving parts drawn over
it every frame.  Dragging a card over a full table then costs one blit plus
the dragged card (about 1 ms at 1920×1080, docs/bench.md)."""

from __future__ import annotations

import pygame


class TwoLayers:
    """A mixin for a scene: ``draw`` keeps the static layer, a scene gives
    ``static_key``, ``draw_static`` and ``draw_dynamic``."""

    _static: pygame.Surface | None = None
    _static_key: tuple | None = None
    _version = 0

    def touch(self) -> None:
        """Something the static layer shows has changed: redraw it."""
        self._version += 1

    def static_key(self) -> tuple:
        """Everything the static layer depends on."""
        return (self._version,)

    def draw(self, surface: pygame.Surface) -> None:
        key = self.static_key()
        cache = self._static
        if cache is None or cache.get_size() != surface.get_size():
            cache = self._static = pygame.Surface(surface.get_size()).convert()
            self._static_key = None
        if self._static_key != key:
            self.draw_static(cache)
            self._static_key = key
        surface.blit(cache, (0, 0))
        self.draw_dynamic(surface)

    def draw_static(self, surface: pygame.Surface) -> None:
        """Felt, cards and labels."""

    def draw_dynamic(self, surface: pygame.Surface) -> None:
        """What moves."""
