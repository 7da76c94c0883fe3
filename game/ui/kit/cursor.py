"""One keyboard cursor for every table: an index over a row of items (a
hand) or a grid (the Gaps layout), moved by the arrow keys.  Tables draw
it with :func:`draw_cursor`, so it looks the same everywhere."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.assets import HC_FOCUS, HC_FOCUS_EDGE, high_contrast

CURSOR_COLOUR = (255, 255, 255)
ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


@dataclass
class KeyCursor:
    """``index`` is None until an arrow key is first pressed."""

    index: int | None = None

    def clear(self) -> None:
        self.index = None

    def place(self, index: int | None) -> None:
        self.index = index

    def move(self, key: int, count: int, *, cols: int | None = None, start: int = 0) -> bool:
        """Move over ``count`` items (``cols`` per row for a grid; a row of
        items ignores Up and Down).  The first press lands on ``start``.
        Returns True when the key was an arrow that moved the cursor."""
        if count <= 0 or key not in ARROWS:
            return False
        if cols is None and key in (pygame.K_UP, pygame.K_DOWN):
            return False
        if self.index is None or not 0 <= self.index < count:
            self.index = max(0, min(count - 1, start))
            return True
        if cols is None:
            step = 1 if key == pygame.K_RIGHT else -1
            self.index = (self.index + step) % count
            return True
        rows = max(1, -(-count // cols))
        r, c = divmod(self.index, cols)
        if key == pygame.K_LEFT:
            c = (c - 1) % cols
        elif key == pygame.K_RIGHT:
            c = (c + 1) % cols
        elif key == pygame.K_UP:
            r = (r - 1) % rows
        else:
            r = (r + 1) % rows
        self.index = min(count - 1, r * cols + c)
        return True

    def valid(self, count: int) -> bool:
        return self.index is not None and 0 <= self.index < count


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """The white ring of the keyboard cursor around ``rect``."""
    pad = max(6, int(10 * scale))
    width = max(2, int(3 * scale))
    # high contrast: 3 px further out (there is felt around a card) and in
    # to the card's edge (the white ring leaves a gap there)
    focus_ring(surface, rect.inflate(pad, pad), scale, CURSOR_COLOUR, width, max(6, int(10 * scale)), out=max(2, round(3 * scale)), inward=max(0, pad // 2 - width))


def focus_ring(surface: pygame.Surface, ring: pygame.Rect, scale: float, colour, width: int, radius: int, *, out: int = 0, inward: int = 0) -> None:
    """A focus ring whose outer edge is ``ring``: ``colour``, ``width``
    thick.  In the high-contrast look it is bright yellow with a black edge
    on both sides, reaching ``out`` px further out and ``inward`` px further
    in: yellow is 16.6:1 on the black felt, and on a white card (1.3:1
    alone) its black edges carry it.  (A button's ring may not reach further
    out: text lies 4 px from a button, the room the text-fit check keeps;
    it covers the button's own edge instead.)"""
    if not high_contrast():
        pygame.draw.rect(surface, colour, ring, width, border_radius=radius)
        return
    outer = ring.inflate(2 * out, 2 * out)
    thick = width + out + inward
    edge = max(1, round(scale))
    pygame.draw.rect(surface, HC_FOCUS_EDGE, outer, thick, border_radius=radius + out)
    pygame.draw.rect(surface, HC_FOCUS, outer.inflate(-2 * edge, -2 * edge), max(1, thick - 2 * edge), border_radius=max(0, radius + out - edge))
