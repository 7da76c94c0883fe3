"""Pass the device: nothing private is drawn until the next player says
they are ready.  The scene is opaque, so the table below (with the last
player's hand) is not drawn at all while it shows."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.ui import cardart
from game.ui.assets import INK, INK_DIM
from game.ui.scene import Scene
from game.ui.widgets import felt, text, text_block, wrapped


class PassScene(Scene):
    name = "pass"

    def __init__(self, app, player_name: str | Callable[[], str], on_ready: Callable[[], None], on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        #: the next player's name, or how to ask for it (a table's seat
        #: named by default is named in the language of now)
        self._name = player_name
        self.on_ready = on_ready
        self.on_menu = on_menu

    @property
    def player_name(self) -> str:
        return self._name() if callable(self._name) else self._name

    def _body(self) -> tuple[pygame.Rect, int]:
        """Where the words under the title go, and the top of the button
        below them: a line's height under their last line at least (with a
        name the words took two lines, the second touching the button)."""
        w, h = self.app.size
        s = self.app.scale
        body_w = int(min(w * 0.9, 940 * s))
        size = int(19 * s)
        lines = len(wrapped(tr("ui.pass.body", name=self.player_name), size, body_w))
        rect = pygame.Rect(w // 2 - body_w // 2, int(h * 0.54), body_w, lines * int(size * 1.25))
        return rect, max(int(h * 0.62), rect.bottom + int(28 * s))

    def build_ui(self) -> None:
        w = self.app.size[0]
        s = self.app.scale
        bw, bh = int(460 * s), int(58 * s)
        self.ready = self.button((w // 2 - bw // 2, self._body()[1], bw, bh), tr("ui.pass.ready", name=self.player_name), self._ready, object_id="#primary")
        if self.on_menu is not None:
            self.button((int(16 * s), int(16 * s), int(120 * s), int(40 * s)), tr("ui.menu"), self.on_menu)
        self.focus(self.ready)

    def enter(self) -> None:
        super().enter()
        # who must take the device, and nothing else: no card of anyone's
        self.app.announce(tr("a11y.pass", name=self.player_name), assertive=True)

    def a11y_title(self) -> str:
        return tr("ui.pass.title", name=self.player_name)

    def _ready(self) -> None:
        self.app.pop()
        self.on_ready()

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        cw = int(110 * s)
        back = cardart.back(cw)
        for i in range(3):
            rot = pygame.transform.rotozoom(back, (i - 1) * 12, 1.0)
            surface.blit(rot, rot.get_rect(center=(w // 2 + (i - 1) * cw * 0.45, int(h * 0.3))))
        text(surface, tr("ui.pass.title", name=self.player_name), (w // 2, int(h * 0.47)), int(36 * s), INK, bold=True, anchor="midtop", max_width=int(w * 0.9))
        text_block(surface, tr("ui.pass.body", name=self.player_name), self._body()[0], int(19 * s), INK_DIM, align="center")
