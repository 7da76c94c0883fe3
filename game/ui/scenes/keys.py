"""The keys screen: every key of the app in one place (F1 or ? from any
screen).  What it lists is data (:data:`SECTIONS`), so the README's Keys
section and this screen are checked against each other by a test."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui.a11y.nodes import Node, Role, Tree
from game.ui.assets import GOLD, INK
from game.ui.scene import Scene
from game.ui.widgets import felt, text, wrapped

#: (section, [(keys, what they do)]): keys are written as on the keyboard,
#: what they do is a catalog key
SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "a11y.keys.everywhere",
        (
            ("Tab / Shift+Tab", "a11y.keys.tab"),
            ("← → ↑ ↓", "a11y.keys.arrows"),
            ("Enter", "a11y.keys.enter"),
            ("Esc", "a11y.keys.esc"),
            ("F1 / ?", "a11y.keys.f1"),
            ("F2", "a11y.keys.f2"),
            ("F3", "a11y.keys.f3"),
            ("F11", "a11y.keys.f11"),
            ("Ctrl+Z", "a11y.keys.undo"),
        ),
    ),
    (
        "a11y.keys.gaps",
        (
            ("Enter / Space", "a11y.keys.gaps.enter"),
            ("H", "a11y.keys.hint"),
            ("R", "a11y.keys.gaps.redeal"),
            ("U, Ctrl+Z / Y, Ctrl+Y", "a11y.keys.gaps.undo"),
            ("S", "a11y.keys.gaps.check"),
            ("T", "a11y.keys.gaps.clock"),
            ("N", "a11y.keys.gaps.new"),
            ("Ctrl+C", "a11y.keys.gaps.copy"),
        ),
    ),
    (
        "a11y.keys.runs",
        (
            ("Enter", "a11y.keys.runs.enter"),
            ("D / Space", "a11y.keys.runs.draw"),
            ("H", "a11y.keys.hint"),
            ("A", "a11y.keys.runs.auto"),
            ("N", "a11y.keys.runs.next"),
        ),
    ),
    (
        "a11y.keys.mtg",
        (
            ("Enter / Space", "a11y.keys.mtg.enter"),
            ("P", "a11y.keys.mtg.pass"),
            ("D", "a11y.keys.mtg.discard"),
            ("T", "a11y.keys.mtg.takeback"),
            ("H", "a11y.keys.mtg.helper"),
            ("PgUp / PgDn", "a11y.keys.log"),
        ),
    ),
    (
        "a11y.keys.delphi",
        (
            ("Space", "a11y.keys.delphi.space"),
            ("Enter", "a11y.keys.delphi.enter"),
            ("Backspace", "a11y.keys.delphi.clear"),
            ("N", "a11y.keys.delphi.noplay"),
            ("P", "a11y.keys.delphi.prophet"),
            ("R / W", "a11y.keys.delphi.verdict"),
            ("C", "a11y.keys.delphi.decline"),
            ("PgUp / PgDn", "a11y.keys.delphi.scroll"),
        ),
    ),
)


def lines(lang: str | None = None) -> list[tuple[str, str, str]]:
    """Every key as (section, keys, what), in the language of now."""
    return [(tr(sec, lang), keys, tr(what, lang)) for sec, items in SECTIONS for keys, what in items]


class KeysScene(Scene):
    name = "keys"

    def build_ui(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        back = self.button((w // 2 - int(100 * s), h - int(62 * s), int(200 * s), int(46 * s)), tr("ui.back"), self.app.pop, object_id="#primary")
        self.focus(back)

    def a11y_title(self) -> str:
        return tr("a11y.keys.title")

    def a11y_tree(self) -> Tree:
        base = super().a11y_tree()
        items = tuple(Node(f"keys:{i}", Role.LIST_ITEM, f"{keys}: {what}", description=sec) for i, (sec, keys, what) in enumerate(lines()))
        listing = Node("keys:list", Role.LIST, tr("a11y.keys.title"), children=items)
        return Tree(Node("window", Role.WINDOW, self.a11y_title(), base.root.rect, children=(listing, *base.root.children)), base.focus)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        text(surface, tr("a11y.keys.title"), (w // 2, int(16 * s)), int(30 * s), INK, bold=True, anchor="midtop")
        size = max(10, int(15 * s))
        line_h = int(size * 1.3)
        top, bottom = int(64 * s), h - int(76 * s)
        col_w = (w - int(60 * s)) // 2
        key_w = int(col_w * 0.3)
        x, y = int(20 * s), top
        for sec, items in SECTIONS:
            need = line_h * (1 + len(items))
            if y + need > bottom and x < w // 2:
                x, y = int(40 * s) + col_w, top
            text(surface, tr(sec), (x, y), size + 2, GOLD, bold=True)
            y += line_h + int(2 * s)
            for keys, what in items:
                text(surface, keys, (x, y), size, GOLD, max_width=key_w - int(8 * s))
                rows = wrapped(tr(what), size, col_w - key_w)
                for row in rows:
                    text(surface, row, (x + key_w, y), size, INK)
                    y += line_h
            y += int(8 * s)


__all__ = ["SECTIONS", "KeysScene", "lines"]
