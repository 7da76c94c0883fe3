"""God's private screen when no card at all can follow the dealt starter
card(s) under God's rule (``card.rank > last.rank`` after a King): the
text lets God select the starter "if necessary".  God picks which starter
to change (when there are several) and the card of the deck to lay
instead, from the choices the engine offers, or keeps the dealt ones.
What God lays goes through the engine's ``starter`` action."""

from __future__ import annotations

import pygame

from game.cards import Card
from game.games.delphi.state import STARTER, Action
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM
from game.ui.scene import AppServices, Scene
from game.ui.tables.delphi.host import Host
from game.ui.widgets import felt, panel, text, text_block


class StarterScene(Scene):
    """God chooses the starter cards (the table's match is in ``STARTER``)."""

    name = "delphi-starter"

    def __init__(self, app: AppServices, table: Host) -> None:
        super().__init__(app)
        self.table = table
        #: which starter God changes (the last one first)
        self.place = len(self.dealt()) - 1
        self.chosen: int | None = None  # index into ``cards()``
        self.lay_button: object | None = None

    # --- what the engine offers ------------------------------------------------------------
    def dealt(self) -> tuple[Card, ...]:
        return tuple(self.table.match.state.main)

    def options(self) -> list[tuple[Card, ...]]:
        """The starters offered (the engine's listed ``starter`` actions
        that change something)."""
        dealt = self.dealt()
        return [a.cards for a in self.table.match.legal() if a.kind == "starter" and a.cards != dealt]

    def places(self) -> list[int]:
        """The starters that can be changed, last first."""
        dealt = self.dealt()
        return sorted({next(i for i, (x, y) in enumerate(zip(o, dealt)) if x != y) for o in self.options()}, reverse=True)

    def cards(self) -> list[Card]:
        """The cards that can take the place of starter ``self.place``."""
        dealt = self.dealt()
        return [o[self.place] for o in self.options() if o[self.place] != dealt[self.place]]

    def laid(self) -> tuple[Card, ...] | None:
        cards = self.cards()
        if self.chosen is None or self.chosen >= len(cards):
            return None
        dealt = self.dealt()
        return dealt[: self.place] + (cards[self.chosen],) + dealt[self.place + 1 :]

    # --- layout -------------------------------------------------------------------------------
    def _panel(self) -> tuple[pygame.Rect, float]:
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w - 40 * s, 1100 * s))
        return pygame.Rect(w // 2 - pw // 2, int(20 * s), pw, h - int(40 * s)), s

    def _grid(self) -> tuple[list[pygame.Rect], int]:
        """Where the offered cards go, and their width."""
        r, s = self._panel()
        n = max(1, len(self.cards()))
        area = pygame.Rect(r.x + int(28 * s), r.y + int(250 * s), r.w - int(56 * s), r.bottom - int(90 * s) - (r.y + int(250 * s)))
        cw = int(64 * s)
        while cw > int(24 * s):
            per = max(1, (area.w + int(6 * s)) // (cw + int(6 * s)))
            rows = (n + per - 1) // per
            if rows * (round(cw * cardart.ASPECT) + int(6 * s)) <= area.h:
                break
            cw -= int(4 * s) or 1
        per = max(1, (area.w + int(6 * s)) // (cw + int(6 * s)))
        ch = round(cw * cardart.ASPECT)
        return [pygame.Rect(area.x + (i % per) * (cw + int(6 * s)), area.y + (i // per) * (ch + int(6 * s)), cw, ch) for i in range(n)], cw

    def _starter_rects(self) -> tuple[list[pygame.Rect], int]:
        r, s = self._panel()
        cw = int(70 * s)
        return [pygame.Rect(r.x + int(28 * s) + i * int(82 * s), r.y + int(120 * s), cw, round(cw * cardart.ASPECT)) for i in range(len(self.dealt()))], cw

    def build_ui(self) -> None:
        r, s = self._panel()
        by = r.bottom - int(62 * s)
        self.button((r.x + int(28 * s), by, int(150 * s), int(44 * s)), tr("ui.menu"), self.table.leave)
        self.button((r.right - int(620 * s), by, int(290 * s), int(44 * s)), tr("delphi.table.starter_keep"), self.keep_dealt)
        self.lay_button = self.button((r.right - int(310 * s), by, int(280 * s), int(44 * s)), tr("delphi.table.starter_lay"), self.lay, object_id="#primary", enabled=self.laid() is not None)

    # --- acting ----------------------------------------------------------------------------------
    def choose(self, i: int | None) -> None:
        self.chosen = i
        self.rebuild_ui()

    def lay(self) -> None:
        cards = self.laid()
        if cards is not None:
            self._finish(Action("starter", cards))

    def keep_dealt(self) -> None:
        self._finish(Action("starter", self.dealt()))

    def _finish(self, action: Action) -> None:
        if self.app.scenes.top is self:
            self.app.pop()
        self.table.act_or_refuse(action)

    def update(self, dt: float) -> None:
        if self.table.match.state.phase != STARTER and self.app.scenes.top is self:
            self.app.pop()  # the round went on (a resumed game, a refusal settled)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            grid, _ = self._grid()
            for i, rect in enumerate(grid[: len(self.cards())]):
                if rect.collidepoint(event.pos):
                    self.choose(None if self.chosen == i else i)
                    return
            starters, _ = self._starter_rects()
            for i, rect in enumerate(starters):
                if rect.collidepoint(event.pos) and i in self.places() and i != self.place:
                    self.place, self.chosen = i, None
                    self.rebuild_ui()
                    return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.cards():
            n = len(self.cards())
            i = self.chosen if self.chosen is not None else (-1 if event.key == pygame.K_RIGHT else n)
            self.choose((i + (1 if event.key == pygame.K_RIGHT else -1)) % n)
            return
        super().handle_event(event)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s = self._panel()
        panel(surface, r, 175, int(16 * s))
        t = self.table
        who = tr("delphi.table.god_is", god=t.god_title(), name=t.seat_name(t.view.god))
        text(surface, tr("delphi.table.starter_title", who=who), (r.x + int(28 * s), r.y + int(16 * s)), int(26 * s), GOLD, bold=True, max_width=r.w - int(56 * s))
        body = tr("delphi.table.starter_body", cards=list(self.dealt()))
        text_block(surface, body, pygame.Rect(r.x + int(28 * s), r.y + int(56 * s), r.w - int(56 * s), int(60 * s)), int(16 * s), INK)
        face = t.face
        starters, scw = self._starter_rects()
        laid = self.laid()
        for i, rect in enumerate(starters):
            card = laid[i] if laid is not None else self.dealt()[i]
            surface.blit(face(card, scw), rect)
            if i == self.place:
                pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=8)
            elif i in self.places():
                pygame.draw.rect(surface, INK_DIM, rect.inflate(6, 6), 1, border_radius=8)
        if starters:
            x = starters[-1].right + int(24 * s)
            hint = tr("delphi.table.starter_which") if len(self.places()) > 1 else tr("delphi.table.starter_pick")
            text_block(surface, hint, pygame.Rect(x, starters[0].y, r.right - int(28 * s) - x, starters[0].h), int(15 * s), INK_DIM)
        grid, cw = self._grid()
        for i, (card, rect) in enumerate(zip(self.cards(), grid)):
            surface.blit(face(card, cw), rect)
            if i == self.chosen:
                pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=6)
