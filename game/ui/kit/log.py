"""The log panel every table shares: newest line first, wrapped, never
running out of its panel (a long turn is cut at the panel's bottom)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.assets import GOLD, INK_DIM
from game.ui.widgets import panel, text, text_block, wrapped


def draw_log(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    lines: Sequence[tuple[tuple[int, int, int] | None, str]],
    scale: float,
    *,
    size: int = 13,
    newest_first: bool = True,
) -> None:
    """Draw ``lines`` (a dot colour or None, the text) into ``rect``.  Only
    whole lines that fit are drawn."""
    s = scale
    if rect.h < int(48 * s):
        return
    panel(surface, rect, 90, int(10 * s))
    y = rect.y + int(8 * s)
    text(surface, title, (rect.x + int(12 * s), y), int(14 * s), GOLD, bold=True, shadow=False, max_width=rect.w - int(24 * s))
    y += int(24 * s)
    px = int(size * s)
    step = int(px * 1.25)
    bottom = rect.bottom - int(6 * s)
    # room for the seat's dot only where lines have one
    indent = int(26 * s) if any(colour is not None for colour, _ in lines) else int(12 * s)
    for colour, line in reversed(lines) if newest_first else lines:
        box = pygame.Rect(rect.x + indent, y, rect.w - indent - int(10 * s), bottom - y)
        if y + len(wrapped(line, px, box.w)) * step > bottom:
            break
        if colour is not None:
            pygame.draw.circle(surface, colour, (rect.x + int(16 * s), y + int(8 * s)), max(2, int(4 * s)))
        y += text_block(surface, line, box, px, INK_DIM) + int(3 * s)
