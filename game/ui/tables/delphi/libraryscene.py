"""The rule library over God's screen: rules grouped by what they look
at, each with its description and how hard it is (measured by the bots
where the library has a figure); a click or Enter puts the rule in God's
entry."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.games.delphi.library import LIBRARY, LibraryRule
from game.i18n import tr
from game.ui.a11y.lists import Item, with_list
from game.ui.a11y.nodes import Request, Tree
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM
from game.ui.kit.header import button_width
from game.ui.kit.overlay import Overlay
from game.ui.widgets import panel, text


class LibraryScene(Overlay):
    """The rule library; ``on_choose`` gets the chosen rule's text."""

    name = "delphi-library"
    dim_alpha = 150
    FAMILIES = ("all", "one", "two", "three", "periodic", "back", "line")

    def __init__(self, app, on_choose: Callable[[str], None]) -> None:
        super().__init__(app)
        self.on_choose = on_choose
        self.family = "all"
        self.scroll = 0
        self.hover: int | None = None
        self.cursor: int | None = None

    def rules(self) -> list[LibraryRule]:
        return [r for r in LIBRARY if self.family == "all" or r.family == self.family]

    def _rect(self):
        w, h = self.app.size
        s = self.app.scale
        pw, ph = int(min(w * 0.9, 1120 * s)), int(h * 0.9)
        return pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph), s

    def _list_rect(self):
        r, s = self._rect()
        top = max(t.bottom for _, t in self.tab_rects()) + int(16 * s)
        return pygame.Rect(r.x + int(20 * s), top, r.w - int(40 * s), r.bottom - top - int(74 * s))

    def _row_h(self) -> int:
        return int(58 * self.app.scale)

    def tab_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where each family's tab goes: one row when every label fits its
        share of the width, else two rows (seven tabs do not fit in one at
        800x500, nor the German labels at 1280x800)."""
        r, s = self._rect()
        gap, x0, y0, th = int(8 * s), r.x + int(20 * s), r.y + int(62 * s), int(38 * s)
        n = len(self.FAMILIES)
        labels = [tr(f"delphi.table.fam.{fam}") for fam in self.FAMILIES]
        for rows in (1, 2, 3):
            per = -(-n // rows)
            bw = int((r.w - int(40 * s) - (per - 1) * gap) / per)
            if all(button_width(lb, s, least=0) <= bw for lb in labels):
                break
        out = []
        for i, fam in enumerate(self.FAMILIES):
            row, col = divmod(i, per)
            out.append((fam, pygame.Rect(x0 + col * (bw + gap), y0 + row * (th + gap), bw, th)))
        return out

    def build_ui(self) -> None:
        r, s = self._rect()
        for fam, rect in self.tab_rects():
            b = self.button(rect, tr(f"delphi.table.fam.{fam}"), self._to_family(fam))
            if fam == self.family:
                b.select()
        self.button((r.right - int(200 * s), r.bottom - int(60 * s), int(180 * s), int(44 * s)), tr("ui.back"), self.app.pop)

    def _to_family(self, fam: str) -> Callable[[], None]:
        return lambda: self.set_family(fam)

    def set_family(self, fam: str) -> None:
        self.family = fam
        self.scroll = 0
        self.cursor = None
        self.rebuild_ui()

    def _max_scroll(self) -> int:
        L = self._list_rect()
        return max(0, len(self.rules()) * self._row_h() - L.h)

    def _row_at(self, pos) -> int | None:
        L = self._list_rect()
        if not L.collidepoint(pos):
            return None
        i = (pos[1] - L.y + self.scroll) // self._row_h()
        return i if 0 <= i < len(self.rules()) else None

    def choose(self, i: int) -> None:
        rules = self.rules()
        if 0 <= i < len(rules):
            if self.app.scenes.top is self:
                self.app.pop()
            self.on_choose(rules[i].text)

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y * self._row_h()))
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self._row_at(event.pos)
            if i is not None:
                self.choose(i)
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            self.scroll = max(0, min(self._max_scroll(), self.scroll + (self._row_h() if event.button == 5 else -self._row_h())))
            return
        if event.type == pygame.KEYDOWN:
            k = event.key
            n = len(self.rules())
            if k == pygame.K_ESCAPE:
                self.app.pop()
                return
            if k in (pygame.K_UP, pygame.K_DOWN) and n:
                self.cursor = 0 if self.cursor is None else max(0, min(n - 1, self.cursor + (1 if k == pygame.K_DOWN else -1)))
                self._show_cursor()
                self.drop_focus()
                return
            if k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                L = self._list_rect()
                self.scroll = max(0, min(self._max_scroll(), self.scroll + (L.h if k == pygame.K_PAGEDOWN else -L.h)))
                return
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None and self.focused() is None:
                self.choose(self.cursor)
                return
        super().handle_event(event)

    def _show_cursor(self) -> None:
        if self.cursor is None:
            return
        L = self._list_rect()
        rh = self._row_h()
        top = self.cursor * rh
        if top < self.scroll:
            self.scroll = top
        elif top + rh > self.scroll + L.h:
            self.scroll = top + rh - L.h

    def draw_panel(self, surface) -> None:
        r, s = self._rect()
        panel(surface, r, 255, int(16 * s), GOLD)
        text(surface, tr("delphi.table.library_title"), (r.x + int(20 * s), r.y + int(16 * s)), int(26 * s), GOLD, bold=True)
        L = self._list_rect()
        rh = self._row_h()
        rules = self.rules()
        surface.set_clip(L)
        for i, rule in enumerate(rules):
            y = L.y + i * rh - self.scroll
            if y + rh < L.y or y > L.bottom:
                continue
            row = pygame.Rect(L.x, y, L.w, rh - int(4 * s))
            if i == self.hover or i == self.cursor:
                pygame.draw.rect(surface, (40, 96, 66), row, border_radius=int(8 * s))
                if i == self.cursor:
                    pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(8 * s))
            desc = rule.description.render(self.app.settings.language)
            tw = int(260 * s)
            text(surface, desc, (row.x + int(12 * s), row.y + int(6 * s)), int(16 * s), INK, max_width=row.w - tw - int(30 * s), shadow=False)
            text(surface, rule.text, (row.x + int(12 * s), row.y + int(30 * s)), int(15 * s), HIGHLIGHT, max_width=row.w - tw - int(30 * s), shadow=False)
            text(surface, self._difficulty(rule), (row.right - int(12 * s), row.y + int(7 * s)), int(14 * s), INK, anchor="topright", shadow=False, max_width=tw)
            text(surface, tr(f"delphi.table.fam.{rule.family}"), (row.right - int(12 * s), row.y + int(30 * s)), int(13 * s), INK_DIM, anchor="topright", shadow=False, max_width=tw)
        surface.set_clip(None)
        if self._max_scroll() > 0:
            frac = L.h / (len(rules) * rh)
            bar_h = max(int(30 * s), int(L.h * frac))
            y = L.y + int((L.h - bar_h) * (self.scroll / self._max_scroll()))
            pygame.draw.rect(surface, (120, 150, 130), (L.right + int(4 * s), y, int(6 * s), bar_h), border_radius=3)
        text(surface, tr("delphi.table.library_hint"), (r.x + int(20 * s), r.bottom - int(38 * s)), int(14 * s), INK_DIM, anchor="midleft", shadow=False, max_width=r.w - int(260 * s))

    # --- what a screen reader reads -----------------------------------------------------------------
    def a11y_title(self) -> str:
        return tr("delphi.table.library_title")

    def a11y_tree(self) -> Tree:
        """The rules of the family shown, each as its row says it; Up and
        Down move the selection, Enter chooses."""
        lang = self.app.settings.language
        items = [
            Item(f"rule:{i}", rule.description.render(lang), f"{rule.text} · {self._difficulty(rule)} · {tr(f'delphi.table.fam.{rule.family}')}", selected=i == self.cursor)
            for i, rule in enumerate(self.rules())
        ]
        return with_list(super().a11y_tree(), "library", tr("delphi.table.library_title"), items)

    def a11y_request(self, request: Request) -> None:
        if request.key.startswith("rule:"):
            i = int(request.key.split(":", 1)[1])
            if request.action == "press":
                self.choose(i)
            else:
                self.cursor = i
                self.drop_focus()
            return
        super().a11y_request(request)

    def _difficulty(self, rule) -> str:
        if rule.measured_difficulty is not None:
            return tr("delphi.table.measured", n=round(rule.measured_difficulty))
        return tr(f"delphi_lang.provisional.{rule.provisional}")
