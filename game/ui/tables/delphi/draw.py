"""The small pieces the Delphi table is drawn with, as plain functions:
marker pawns, the number badges of a string being built, the bracket of a
string on a side line, the verdict badge.  What the table shows is
:mod:`.paint`'s."""

from __future__ import annotations

import pygame

from game.ui.assets import GOLD, INK, font
from game.ui.widgets import text

Colour = tuple[int, int, int]

WHITE_PAWN = ((250, 248, 240), (40, 40, 44))
BLACK_PAWN = ((30, 30, 34), (236, 232, 220))
PROPHET = ((232, 190, 84), (70, 48, 10))
RIGHT_GREEN = (70, 180, 100)
WRONG_RED = (224, 86, 70)


def pawn(surface: pygame.Surface, bottom_center: tuple[float, float], height: int, kind: str) -> pygame.Rect:
    """A chess-pawn marker standing on ``bottom_center``: ``white``,
    ``black`` or ``prophet`` (a crowned gold piece)."""
    fill, edge = {"white": WHITE_PAWN, "black": BLACK_PAWN, "prophet": PROPHET}[kind]
    x, y = bottom_center
    h = max(10, int(height))
    w = h * 0.62
    lw = max(1, h // 12)
    base = [(x - w / 2, y), (x + w / 2, y), (x + w * 0.36, y - h * 0.16), (x - w * 0.36, y - h * 0.16)]
    body = [(x - w * 0.32, y - h * 0.16), (x + w * 0.32, y - h * 0.16), (x + w * 0.14, y - h * 0.58), (x - w * 0.14, y - h * 0.58)]
    head_c = (x, y - h * 0.70)
    head_r = h * 0.17
    # a soft shadow so a white pawn shows on a white card
    sh = pygame.Surface((int(w + 8), int(h + 8)), pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (0, 0, 0, 70), (2, int(h * 0.9), int(w + 4), max(3, int(h * 0.18))))
    surface.blit(sh, (x - w / 2 - 4, y - h - 2))
    for poly in (base, body):
        pygame.draw.polygon(surface, fill, poly)
        pygame.draw.polygon(surface, edge, poly, lw)
    pygame.draw.circle(surface, fill, head_c, head_r)
    pygame.draw.circle(surface, edge, head_c, head_r, lw)
    if kind == "prophet":
        top = head_c[1] - head_r
        crown = [
            (x - head_r * 1.1, top + head_r * 0.3),
            (x - head_r * 1.1, top - head_r * 0.9),
            (x - head_r * 0.4, top - head_r * 0.3),
            (x, top - head_r * 1.2),
            (x + head_r * 0.4, top - head_r * 0.3),
            (x + head_r * 1.1, top - head_r * 0.9),
            (x + head_r * 1.1, top + head_r * 0.3),
        ]
        pygame.draw.polygon(surface, fill, crown)
        pygame.draw.polygon(surface, edge, crown, lw)
    return pygame.Rect(int(x - w / 2), int(y - h * 1.1), int(w), int(h * 1.1))


def number_badge(surface: pygame.Surface, center: tuple[int, int], r: int, n: int) -> None:
    """The gold disc with a number that shows a card's place in a string."""
    pygame.draw.circle(surface, (60, 40, 8), (center[0] + 1, center[1] + 2), r)
    pygame.draw.circle(surface, GOLD, center, r)
    pygame.draw.circle(surface, (255, 236, 170), center, r, max(1, r // 6))
    text(surface, str(n), center, int(r * 1.25), (30, 22, 6), bold=True, anchor="center", shadow=False)


def string_bracket(surface: pygame.Surface, rects: list[pygame.Rect], colour: Colour = (255, 255, 255), width: int = 2) -> None:
    """A bracket left of cards that were played together as one string."""
    if len(rects) < 2:
        return
    x = rects[0].x - max(3, width * 2)
    top, bottom = rects[0].y + 4, rects[-1].bottom - 4
    pygame.draw.line(surface, colour, (x, top), (x, bottom), width)
    pygame.draw.line(surface, colour, (x, top), (x + width * 2, top), width)
    pygame.draw.line(surface, colour, (x, bottom), (x + width * 2, bottom), width)


def verdict_badge(surface: pygame.Surface, midbottom: tuple[int, int], label: str, right: bool, size: int, alpha: int = 255) -> None:
    colour = RIGHT_GREEN if right else WRONG_RED
    mark = "✓ " if right else "✗ "
    f = font(size, True)
    img = f.render(mark + label, True, INK)
    pad = max(4, size // 3)
    r = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + pad)
    r.midbottom = midbottom
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, int(230 * alpha / 255)), s.get_rect(), border_radius=pad)
    pygame.draw.rect(s, (255, 255, 255, int(200 * alpha / 255)), s.get_rect(), 2, border_radius=pad)
    img.set_alpha(alpha)
    s.blit(img, (pad, pad // 2))
    surface.blit(s, r)
