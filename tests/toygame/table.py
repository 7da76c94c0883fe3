"""The toy's table: a :class:`~game.ui.kit.table.TableScene` over the
kit's model (Space taps), and its :class:`~game.ui.kit.entry.TableEntry`."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.engine.match import How, Match, Seat
from game.i18n import tr
from game.ui.kit import table as kit
from game.ui.kit.entry import TableEntry
from game.ui.kit.model import TableModel
from game.ui.kit.picture import Look
from game.ui.widgets import text
from tests.toygame import GAME, ToyState


@dataclass(frozen=True)
class Still:
    look: Look
    taps: int
    goal: int


@dataclass(frozen=True)
class ToyPicture:
    still: Still


class ToyTable(kit.TableScene[ToyState, str, ToyState, ToyPicture]):
    game_id = GAME.id
    name = "toy-table"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, TableModel(match))

    def picture(self) -> ToyPicture:
        v = self.view
        return ToyPicture(Still(Look.of(self.app), v.taps, v.goal))

    def paint_static(self, surface: pygame.Surface, still: Still) -> None:
        surface.fill((20, 90, 50))
        self.draw_header(surface, "Tap to three", [f"{still.taps} / {still.goal}"])
        text(surface, str(still.taps), (surface.get_width() // 2, surface.get_height() // 2), 60, (240, 240, 230), anchor="center")

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_SPACE:
            self.act_or_refuse("tap", How.KEY)
            return True
        return False


def start(app, goal: int = 3) -> ToyTable:
    match: Match = Match.start(GAME, {"goal": goal}, random.randrange(1, 10**9), [Seat(tr("ui.seat", n=1))])
    return kit.seat(app, ToyTable(app, match))  # type: ignore[return-value]


def open_new(app, prefs: dict | None = None) -> None:
    start(app)


def resume(app, save: dict) -> str | None:
    return kit.resume(app, save, GAME.id, ToyTable)


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    return [("Taps to three", f"{stats.get('wins', 0)} / {stats.get('games', 0)}")] if stats.get("games") else []


def bench_scene(app):
    t = start(app)
    return t, (10, 10), (20, 20)


TABLE = TableEntry(
    game_id=GAME.id,
    open_new=open_new,
    resume=resume,
    stats_lines=stats_lines,
    scene_factories=lambda app: [("toy-table", lambda: ToyTable(app, Match.start(GAME, {"goal": 3}, 1, [Seat("P")])))],
    bench_scene=bench_scene,
    open_autoplay=lambda app, seed: start(app),
    diagrams={},
    saved_facts=lambda match, lang: [f"{match.state.taps} / {match.state.goal}"],
)
