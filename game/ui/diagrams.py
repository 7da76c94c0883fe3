"""Small pictures for the rules screens, drawn from real positions.

Every diagram is a position written in its game's own notation, parsed by
that notation and checked by the game's rule functions before anything is
drawn, so a picture can never show a position the rules forbid.  What a
game's diagrams are, how they are read and checked and how they look is
the game's own (``game/ui/tables/<game>/diagrams.py``, given to the shell
as ``TableEntry.diagrams``); here is what they share: the
:class:`Diagram` value, the checking, the caption, the small badges and
the cache that draws each diagram once per (width, card width, language,
colour scheme), since the rules screen redraws every frame and only blits
it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.i18n import tr
from game.ui.assets import GOLD, INK, REFUSE
from game.ui.widgets import rendered, wrap


class DiagramError(ValueError):
    """A diagram whose position is not what its marks claim."""


@dataclass(frozen=True, eq=False)
class Diagram:
    """One picture of a game's rules: its position as text (in the game's
    notation), the caption's catalog key, what the picture marks, and the
    game's three functions: ``read`` parses and checks it into a model
    (raising ``NotationError`` or :class:`DiagramError`), ``words`` gives
    the caption's parameters from the model, ``draw`` the picture of the
    model (card width, language, four colours)."""

    notation: str
    caption: str
    read: Callable[[Diagram], Any]
    draw: Callable[[Any, int, str, bool], pygame.Surface]
    words: Callable[[Any], Mapping[str, Any]] = lambda model: {}
    marks: Mapping[str, Any] = field(default_factory=dict)

    def check(self) -> Any:
        """The diagram's model, read by its notation and checked by its rules."""
        return self.read(self)


@lru_cache(maxsize=16)
def model(d: Diagram) -> Any:
    return d.check()


def caption(d: Diagram, lang: str) -> str:
    return tr(d.caption, lang, **dict(d.words(model(d))))


def card_width(scale: float) -> int:
    """Small cards, under cardart's 56 px so they show a large index."""
    return max(28, min(54, int(44 * scale)))


def badge(txt: str, size: int, colour: tuple[int, int, int] = GOLD, ink: tuple[int, int, int] = (30, 30, 24)) -> pygame.Surface:
    """A number or a mark on a rounded plate (the difference of two cards)."""
    img, _ = rendered(txt, size, ink, True, False, None)
    d = max(img.get_width() + size // 2, int(size * 1.45))
    s = pygame.Surface((d, int(size * 1.45)), pygame.SRCALPHA)
    pygame.draw.rect(s, colour, s.get_rect(), border_radius=s.get_height() // 2)
    s.blit(img, img.get_rect(center=s.get_rect().center))
    return s


def cross(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = REFUSE) -> None:
    r = rect.inflate(-rect.w // 3, -rect.w // 3)
    w = max(3, rect.w // 10)
    pygame.draw.line(surface, colour, r.topleft, r.bottomright, w)
    pygame.draw.line(surface, colour, r.bottomleft, r.topright, w)


@lru_cache(maxsize=32)
def picture(d: Diagram, cw: int, lang: str, four: bool = False) -> pygame.Surface:
    return d.draw(model(d), cw, lang, four)


@lru_cache(maxsize=32)
def block(d: Diagram, width: int, cw: int, lang: str, four: bool = False) -> pygame.Surface:
    """The picture centred over its caption (wrapped to ``width``): one
    surface the rules screen blits every frame."""
    pic = picture(d, cw, lang, four)
    size = max(12, cw * 3 // 8)
    lines = wrap(caption(d, lang), size, width)
    imgs = [rendered(ln, size, INK, False, False, None)[0] for ln in lines]
    lh = int(size * 1.3)
    gap = max(4, cw // 6)
    s = pygame.Surface((width, pic.get_height() + gap + lh * len(imgs)), pygame.SRCALPHA)
    s.blit(pic, ((width - pic.get_width()) // 2, 0))
    for i, img in enumerate(imgs):
        s.blit(img, ((width - img.get_width()) // 2, pic.get_height() + gap + i * lh))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return s.convert_alpha()
    return s


def clear_caches() -> None:
    for fn in (picture, block):
        fn.cache_clear()
