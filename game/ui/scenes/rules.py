"""The rules of each game in the current language, in our own words."""

from __future__ import annotations

import html
import re

import pygame
import pygame_gui

from game.engine.registry import GAMES
from game.i18n import rules_text, tr
from game.ui.assets import INK
from game.ui.scene import Scene
from game.ui.widgets import felt, text


def markdown_to_html(md: str, scale: float) -> str:
    """Our light Markdown (headings, lists, **bold**, paragraphs) to the
    HTML subset pygame_gui's text box understands."""
    out: list[str] = []
    para: list[str] = []

    def inline(t: str) -> str:
        t = html.escape(t, quote=False)
        t = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", t)
        t = re.sub(r"(?<!\*)\*(?!\*)(.+?)(?<!\*)\*(?!\*)", r"<i>\1</i>", t)
        t = re.sub(r"`(.+?)`", r"\1", t)
        return t

    def flush() -> None:
        if para:
            out.append(inline(" ".join(para)) + "<br><br>")
            para.clear()

    for raw in md.splitlines():
        line = raw.rstrip()
        if not line.strip():
            flush()
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", line)
        if m:
            flush()
            size = {1: 30, 2: 24, 3: 20}[len(m.group(1))]
            out.append(f"<font pixel_size={int(size * scale)}><b>{inline(m.group(2))}</b></font><br><br>")
            continue
        m = re.match(r"^\s*[-*]\s+(.*)$", line)
        if m:
            flush()
            out.append("&nbsp;&nbsp;• " + inline(m.group(1)) + "<br>")
            continue
        m = re.match(r"^\s*(\d+)[.)]\s+(.*)$", line)
        if m:
            flush()
            out.append(f"&nbsp;&nbsp;{m.group(1)}. " + inline(m.group(2)) + "<br>")
            continue
        para.append(line.strip())
    flush()
    return "".join(out).replace("<br><br><font", "<br><font")


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id or GAMES[0].id

    def build_ui(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        tab_w = int(230 * s)
        y = int(100 * s)
        for g in GAMES:
            b = self.button((int(30 * s), y, tab_w, int(46 * s)), g.name(self.app.settings.language), lambda gid=g.id: self.show(gid))
            if g.id == self.game_id:
                b.select()
            y += int(56 * s)
        self.button((int(30 * s), h - int(76 * s), tab_w, int(46 * s)), tr("ui.back"), self.app.pop)
        body = rules_text(self.game_id, self.app.settings.language) or tr("ui.rules.missing")
        box = pygame_gui.elements.UITextBox(
            markdown_to_html(body, s),
            pygame.Rect(int(60 * s) + tab_w, int(90 * s), w - tab_w - int(90 * s), h - int(120 * s)),
            manager=self.app.ui,
        )
        self.keep(box)
        self.box = box

    def clear_ui(self) -> None:
        super().clear_ui()
        # a killed text box holds large surfaces in reference cycles; without
        # a collection here, switching tabs piles up hundreds of MB
        import gc

        gc.collect()

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.box.scroll_bar is not None:
                bar = self.box.scroll_bar
                step = bar.visible_percentage * 0.9 * (1 if event.key == pygame.K_PAGEDOWN else -1)
                bar.set_scroll_from_start_percentage(min(1.0, max(0.0, bar.start_percentage + step)))
                return
        super().handle_event(event)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        text(surface, tr("ui.rules.title"), (int(30 * s), int(30 * s)), int(34 * s), INK, bold=True)
