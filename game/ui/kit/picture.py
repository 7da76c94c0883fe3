"""What every table's picture holds besides its game: the window and the
look the player chose.  A table's picture is a frozen value, compared
(never hashed) to decide whether its static layer must be painted again,
so everything a painter reads must be in it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.ui import cardart
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

    @classmethod
    def of(cls, app: AppServices) -> Look:
        s = app.settings
        return cls(app.size, app.scale, s.language, s.four_colour, s.card_back, s.felt, cardart.size_factor())


class Picture(Protocol):
    """A table's picture: ``still`` is the part the static layer shows
    (the layer is painted again only when it changes); the rest is drawn
    every frame."""

    @property
    def still(self) -> Any: ...
