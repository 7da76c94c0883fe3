"""Small tweens: cards that fly, fades.  Durations scale with the player's
animation setting; with animations off everything lands at once.

While a *blocking* animation runs (a card travelling to where the model
already put it) tables ignore input, so no move starts mid-animation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


@dataclass
class Flight:
    image: pygame.Surface
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    hide: Any = None  # what the table must not draw until the flight lands
    on_done: Callable[[], None] | None = None
    blocking: bool = True
    delay: float = 0.0
    t: float = 0.0

    @property
    def pos(self) -> tuple[float, float]:
        if self.duration <= 0:
            return self.end
        k = ease_in_out(min(1.0, max(0.0, (self.t - self.delay) / self.duration)))
        return (self.start[0] + (self.end[0] - self.start[0]) * k, self.start[1] + (self.end[1] - self.start[1]) * k)

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration


@dataclass
class Animator:
    factor: Callable[[], float] = lambda: 1.0
    flights: list[Flight] = field(default_factory=list)
    timers: list[list] = field(default_factory=list)  # [remaining, callback, blocking]
    idle: list = field(default_factory=list)  # callbacks for when no card is in the air

    def fly(self, image, start, end, base_duration: float = 0.2, *, hide=None, on_done=None, blocking=True, delay=0.0) -> None:
        f = self.factor()
        fl = Flight(image, tuple(start), tuple(end), base_duration * f, hide, on_done, blocking, delay * f)
        if fl.duration <= 0 and fl.delay <= 0:
            if on_done:
                on_done()
            return
        self.flights.append(fl)

    def after(self, base_seconds: float, callback: Callable[[], None], blocking: bool = True, scaled: bool = True) -> None:
        secs = base_seconds * (self.factor() if scaled else 1.0)
        self.timers.append([secs, callback, blocking])

    def update(self, dt: float) -> None:
        for fl in list(self.flights):
            fl.t += dt
            if fl.done:
                self.flights.remove(fl)
                if fl.on_done:
                    fl.on_done()
        for tm in list(self.timers):
            tm[0] -= dt
            if tm[0] <= 0:
                self.timers.remove(tm)
                tm[1]()
        if self.idle and not self.flights:
            todo, self.idle = self.idle, []
            for cb in todo:
                cb()

    def when_landed(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once every travelling card has landed (at the
        next frame at the earliest); input stays blocked until then."""
        self.idle.append(callback)

    @property
    def blocking(self) -> bool:
        return bool(self.idle) or any(f.blocking for f in self.flights) or any(t[2] for t in self.timers)

    def hidden(self, key) -> bool:
        return any(f.hide == key for f in self.flights)

    def draw(self, surface: pygame.Surface) -> None:
        for fl in self.flights:
            if fl.t >= fl.delay:
                x, y = fl.pos
                surface.blit(fl.image, (round(x), round(y)))

    def land_flights(self) -> None:
        """Put every travelling card where it goes now (before the screen
        is covered, so nothing is left hanging mid-air behind it)."""
        for fl in list(self.flights):
            self.flights.remove(fl)
            if fl.on_done:
                fl.on_done()

    def finish_all(self) -> None:
        """Land everything now (used when leaving a scene)."""
        while self.flights or self.timers or self.idle:
            self.update(1e9)

    def clear(self) -> None:
        self.flights.clear()
        self.timers.clear()
        self.idle.clear()
