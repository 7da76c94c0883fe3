"""What every table's picture holds besides its game: the window and the
look the player chose.  A table's picture is a frozen value, compared
(never hashed) to decide whether its static layer must be painted again,
so everything a painter reads must be in it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import pygame

from game.cards import Card
from game.ui import cardart
from game.ui.anim import Animator
from game.ui.dragdrop import DragDrop
from game.ui.kit.header import Header
from game.ui.scene import AppServices


@dataclass(frozen=True)
class Look:
    size: tuple[int, int]
    scale: float
    lang: str
    four_colour: bool
    card_back: str
    felt: str
    card_size: float
    #: the high-contrast look (its felt, faces and slots differ)
    contrast: bool = False

    @classmethod
    def of(cls, app: AppServices) -> Look:
        s = app.settings
        return cls(app.size, app.scale, s.language, s.four_colour, s.card_back, s.felt, cardart.size_factor(), s.high_contrast)

    def face(self, card: Card, width: int) -> pygame.Surface:
        """``card``'s face ``width`` wide, in this look (cached by cardart)."""
        return cardart.face(card, width, self.lang, self.four_colour)


L = TypeVar("L")
P = TypeVar("P")


@dataclass(frozen=True)
class Frame(Generic[L]):
    """What every table's still part starts with: the look, the layout of
    the table's kind ``L`` for this window, the header band and the title;
    a game's ``Still`` adds its own fields after these."""

    look: Look
    layout: L
    header: Header
    title: str


@dataclass(frozen=True)
class Motion:
    """A table's moving parts, drawn over its picture every frame: the
    cards in the air and the drag-and-drop (the dragged card, lit places,
    the keyboard cursor over cards)."""

    anim: Animator
    drag: DragDrop


class Picture(Protocol):
    """A table's picture: ``still`` is the part the static layer shows
    (the layer is painted again only when it changes); the rest is drawn
    every frame."""

    @property
    def still(self) -> Any: ...


@dataclass(frozen=True)
class Painters(Generic[P]):
    """How a table paints its picture ``P``: ``still`` paints the static
    layer from the picture's still part, ``moving`` draws the rest and the
    moving parts over it, every frame."""

    still: Callable[[pygame.Surface, Any], None]
    moving: Callable[[pygame.Surface, P, Motion], None]
