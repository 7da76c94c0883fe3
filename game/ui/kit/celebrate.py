"""A short celebration when the person (or people) at the device win.

Cards of the game and suit pips spring up from the play area, arc and
fall away under a banner that names who won ("You won!", "Anna wins!"),
then the table's result panel comes.  The kit starts it (``TableScene``:
after the last card has landed, before ``show_result``; its side is the
:class:`Party`); who won comes from the match (:func:`celebration_title`)
and a game gives its own touch: which of its cards spring
(``celebration_cards``) and from where (``celebration_area``).

It never holds the player up: a click or a key ends it at once, and so
does anything that covers or resizes the table (the table then shows the
result as soon as it is on top again; nothing of the celebration is left
to be drawn under another screen).  With the animation setting "off"
there is no celebration at all (nothing moves; the result panel says the
rest).  Everything is drawn by code; a seeded generator places the
particles, so a frame at a given time is always the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card
from game.engine.core import Outcome
from game.engine.match import Match
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, PANEL, font
from game.ui.kit.header import HEADER_H

#: seconds at the normal animation speed (scaled by the setting, at most
#: ``MAX_SECONDS``: "slow" should not make the player wait 4 s)
BASE_SECONDS = 2.0
MAX_SECONDS = 2.5
#: suit pips drawn around the cards
PIPS = 34
#: how dark the play area grows behind it (0-255), so it reads over a full grid
VEIL = 70
PIP_COLOURS = (GOLD, (250, 248, 240), (236, 104, 96))
SUITS = "♠♥♦♣"


def seconds_for(factor: float) -> float:
    """How long a celebration lasts at an animation factor (0: none)."""
    return min(MAX_SECONDS, BASE_SECONDS * factor) if factor > 0 else 0.0


@dataclass
class Particle:
    image: pygame.Surface
    x: float
    y: float
    vx: float
    vy: float
    spin: float  # degrees per second (0: drawn upright, no rotation)
    delay: float


class Celebration:
    """One celebration over ``area`` (screen coordinates) lasting
    ``seconds``; ``update`` moves it on, ``skip`` ends it, ``done`` says it
    is over and ``draw`` draws the frame (nothing once it is done)."""

    def __init__(self, area: pygame.Rect, scale: float, title: str, cards: Sequence[pygame.Surface], seconds: float, seed: int = 0) -> None:
        self.area = pygame.Rect(area)
        self.scale = scale
        self.title = title
        self.seconds = max(0.01, seconds)
        self.t = 0.0
        self.done = False
        rng = random.Random(seed)
        h = max(1, self.area.h)
        # a launch that rises to about 3/4 of the area's height at its peak
        # and falls back out below it within the time given
        g = 2.6 * h / (self.seconds * 0.62) ** 2
        self.gravity = g
        self.particles: list[Particle] = []
        # from just below the area's bottom edge (clipped), so everything
        # springs into view rather than appearing
        base_y = self.area.bottom + 20 * scale
        n = max(1, len(cards))
        for i, img in enumerate(cards):  # spread over the middle three fifths
            x = self.area.x + self.area.w * (0.2 + 0.6 * (i + 0.5) / n)
            self.particles.append(self._launch(rng, img, x, base_y + img.get_height() / 2, g, h, rng.choice((-1, 1)) * rng.uniform(60, 170), i * 0.06, drift=0.12))
        for i in range(PIPS):
            img = _pip(SUITS[i % 4], int(rng.uniform(22, 38) * scale), PIP_COLOURS[i % len(PIP_COLOURS)])
            x = rng.uniform(self.area.x + self.area.w * 0.12, self.area.right - self.area.w * 0.12)
            self.particles.append(self._launch(rng, img, x, base_y, g, h, 0.0, rng.uniform(0.0, 0.4)))

    @staticmethod
    def _launch(rng: random.Random, img: pygame.Surface, x: float, y: float, g: float, h: float, spin: float, delay: float, drift: float = 0.35) -> Particle:
        rise = rng.uniform(0.55, 0.95) * h  # how high it springs
        vy = -math.sqrt(2 * g * rise)
        vx = rng.uniform(-drift, drift) * h
        return Particle(img, x, y, vx, vy, spin, delay)

    # --- time --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.done:
            return
        self.t += dt
        if self.t >= self.seconds:
            self.done = True

    def skip(self) -> None:
        """End now (a click, a key, the table covered or resized)."""
        self.done = True

    # --- drawing -----------------------------------------------------------------------
    def _alpha(self) -> int:
        """Everything fades out over the last quarter."""
        k = (self.seconds - self.t) / (self.seconds * 0.25)
        return int(255 * max(0.0, min(1.0, k)))

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        alpha = self._alpha()
        # the veil and the particles take the whole width under the area's
        # top (the header stays clear): a veil with edges inside the table
        # cut panels in two, and a card clipped at a side looked broken
        below = pygame.Rect(0, self.area.top, surface.get_width(), max(0, surface.get_height() - self.area.top))
        veil = int(VEIL * min(1.0, self.t / 0.25) * alpha / 255)
        if veil > 0:
            shade = pygame.Surface(below.size)
            shade.set_alpha(veil)
            surface.blit(shade, below)
        clip = surface.get_clip()
        surface.set_clip(below)
        for p in self.particles:
            t = self.t - p.delay
            if t <= 0:
                continue
            x = p.x + p.vx * t
            y = p.y + p.vy * t + 0.5 * self.gravity * t * t
            img = pygame.transform.rotate(p.image, p.spin * t) if p.spin else p.image
            if alpha < 255:
                img = img.copy() if img is p.image else img
                img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        surface.set_clip(clip)
        self._draw_banner(surface, alpha)

    def _draw_banner(self, surface: pygame.Surface, alpha: int) -> None:
        s = self.scale
        pop = min(1.0, self.t / 0.22)  # grows in over the first fifth of a second
        size = int(44 * s * (0.8 + 0.2 * pop))
        label = font(size, True).render(self.title, True, GOLD)
        max_w = int(self.area.w * 0.9)
        if label.get_width() > max_w:  # a long pair of names: smaller, never clipped
            label = pygame.transform.smoothscale(label, (max_w, max(1, label.get_height() * max_w // label.get_width())))
        pad_x, pad_y = int(34 * s), int(14 * s)
        box = pygame.Rect(0, 0, label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y)
        box.center = (self.area.centerx, self.area.y + int(self.area.h * 0.3))
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        r = int(14 * s)
        pygame.draw.rect(plate, (*PANEL, 225), plate.get_rect(), border_radius=r)
        pygame.draw.rect(plate, (*GOLD, 255), plate.get_rect(), max(2, int(3 * s)), border_radius=r)
        plate.blit(label, (pad_x, pad_y))
        plate.set_alpha(int(alpha * min(1.0, 0.35 + pop)))
        surface.blit(plate, box)


def _pip(suit: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A suit symbol with a dark edge, so it reads on any felt."""
    f = font(max(8, size), True)
    fg = f.render(suit, True, colour)
    edge = f.render(suit, True, (20, 20, 24))
    out = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(edge, (dx, dy))
    out.blit(fg, (1, 1))
    return out


class Party:
    """The kit's side of a celebration: the one running before the result
    panel and the outcome whose panel is due when it ends.  The table
    starts it (:meth:`begin`), moves it on (:meth:`update`, which gives
    the outcome once its panel is due), ends it at once on a click, a key,
    a cover or a resize (:meth:`skip`) and draws it only while on top."""

    def __init__(self) -> None:
        self.celebration: Celebration | None = None
        self.due: Outcome | None = None

    def begin(self, celebration: Celebration, outcome: Outcome) -> None:
        self.celebration, self.due = celebration, outcome

    def skip(self) -> None:
        """End the celebration now; its panel is due at the next update."""
        if self.celebration is not None:
            self.celebration.skip()
            self.celebration = None

    def skips(self, event: pygame.event.Event) -> bool:
        """A click or a key (not Esc, which leaves as ever) ends a running
        celebration: True when ``event`` did."""
        if self.celebration is None or not (event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)):
            return False
        self.skip()
        return True

    def update(self, dt: float) -> Outcome | None:
        """Move it on; the outcome once it is over (or was ended)."""
        if self.due is None:
            return None
        if self.celebration is not None:
            self.celebration.update(dt)
            if not self.celebration.done:
                return None
            self.celebration = None
        outcome, self.due = self.due, None
        return outcome

    def clear(self) -> None:
        self.celebration = self.due = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.celebration is not None:
            self.celebration.draw(surface)


# --- who won --------------------------------------------------------------------------------------


def winners_here(match: Match[Any, Any, Any], outcome: Outcome, *, stopped_counts: bool = False) -> list[int]:
    """The seats of people (not computers) who won ``outcome``: the whole
    team of a won cooperative or solo game, else the people among the
    winners; none when the game was called off (unless ``stopped_counts``:
    Runs played "until we stop" ends that way) or everyone tied."""
    people = match.people()
    if outcome.stopped and not stopped_counts:
        return []
    if outcome.won is not None:
        return people if outcome.won else []
    if len(outcome.winners) >= match.players:
        return []
    return [w for w in outcome.winners if w in people]


def celebration_title(match: Match[Any, Any, Any], outcome: Outcome, *, stopped_counts: bool = False) -> str | None:
    """The banner's words, or None for no celebration: "You won!" for the
    one person at the device (or the team), the winners' names when several
    people share the device."""
    won = winners_here(match, outcome, stopped_counts=stopped_counts)
    if not won:
        return None
    people = match.people()
    if outcome.won is not None:
        return tr("ui.celebrate.you_won") if len(people) == 1 else tr("ui.celebrate.team_won")
    if len(people) == 1:
        return tr("ui.celebrate.you_won")
    return tr("ui.celebrate.wins", n=len(won), names=[match.name_of(w) for w in won])


#: the cards that spring up unless a game gives its own: the four kings
#: (each row of a solved Gaps grid ends on one)
KINGS = tuple(Card.parse(code) for code in ("KS", "KH", "KD", "KC"))


def make_celebration(title: str, cards: Sequence[Card], area: pygame.Rect, size: tuple[int, int], scale: float, lang: str, four_colour: bool, seconds: float, seed: int) -> Celebration:
    """A celebration of ``cards`` (at most eight) over ``area``, never over
    the header band."""
    faces = [cardart.face(c, max(28, int(66 * scale)), lang, four_colour) for c in list(cards)[:8]]
    w, h = size
    top = int(HEADER_H * scale)
    return Celebration(area.clip(pygame.Rect(0, top, w, h - top)), scale, title, faces, seconds, seed=seed)
