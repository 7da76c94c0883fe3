"""Scenes that sit over a table: they dim it, and being on top they take
all the input, so nothing under them can be pressed (a dialog, the end of
a game, a round summary)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.assets import GOLD, INK, INK_DIM, font
from game.ui.scene import Scene
from game.ui.widgets import dim, panel, text, text_block, wrap


def button_rows(labels: Sequence[str], inner: int, s: float) -> int:
    """Rows for buttons across ``inner`` pixels: the fewest in which every
    label fits its share of a row (a fourth button, "Where was it lost?",
    clipped "Nochmal spielen" at 800x500 in one row; a fifth, Gaps' Undo
    after a lost deal, clipped "Wo ging es verloren?" in two)."""
    n = len(labels)
    if n < 3:
        return 1
    f = font(max(9, round(18 * s)))
    gap = int(12 * s)
    need = max(f.size(label)[0] for label in labels) + int(28 * s)
    rows = 1
    while rows < n:
        per_row = -(-n // rows)
        if need <= (inner - gap * (per_row - 1)) // per_row:
            break
        rows += 1
    return rows


def button_grid(n: int, rows: int, left: int, inner: int, top_of_last: int, s: float) -> list[tuple[int, int, int, int]]:
    """``n`` equal buttons in ``rows`` rows across ``inner`` pixels from
    ``left``, the last row at ``top_of_last``, a short row centred."""
    gap = int(12 * s)
    per_row = -(-n // rows)
    bw = (inner - gap * (per_row - 1)) // per_row
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        k = min(per_row, n - row * per_row)  # buttons in this row
        x0 = left + (inner - (k * bw + gap * (k - 1))) // 2
        out.append((x0 + col * (bw + gap), top_of_last - (rows - 1 - row) * int(52 * s), bw, int(44 * s)))
    return out


class Overlay(Scene):
    """A scene drawn over the one below, which it dims."""

    opaque = False
    #: how dark the scene below becomes (0-255); a panel at the side that
    #: leaves the table to be read dims it less
    dim_alpha = 140

    def draw(self, surface: pygame.Surface) -> None:
        if self.dim_alpha:
            dim(surface, self.dim_alpha)
        self.draw_panel(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The overlay's own content."""


class ResultScene(Overlay):
    """The end of a game, over the final table (which stays visible)."""

    name = "result"

    def __init__(
        self,
        app,
        title: str,
        lines: list[str],
        buttons: Sequence[tuple[str, Callable[[], object]]],
        won: bool | None = None,
        where: str = "center",
        notes: list[str] | None = None,
    ) -> None:
        super().__init__(app)
        self.title, self.lines, self.buttons_spec, self.won = title, lines, buttons, won
        #: smaller print under the lines (e.g. "played with the helper")
        self.notes = list(notes or [])
        self.where = where  # "center", "right" or "bottom" (the table's top stays readable)
        self.dim_alpha = 90 if where == "center" else 45

    def _metrics(self):
        w, h = self.app.size
        s = self.app.scale
        side = self.where == "right"
        pw = int(w * 0.27) if side else int(min(w * 0.62, 640 * s))
        inner = pw - int(48 * s)
        title_lines = wrap(self.title, int(28 * s), inner, bold=True)
        body = sum(len(wrap(line, int(17 * s), inner)) for line in self.lines + self.notes)
        n = len(self.buttons_spec)
        buttons_h = (n * int(52 * s)) if side else self._rows(inner, s) * int(52 * s) + int(10 * s)
        ph = int(34 * s) + len(title_lines) * int(28 * s * 1.25) + int(14 * s) + body * int(17 * s * 1.25) + len(self.lines + self.notes) * int(4 * s) + int(20 * s) + buttons_h
        if side:
            r = pygame.Rect(w - pw - int(16 * s), int(70 * s), pw, ph)
        elif self.where == "bottom":
            r = pygame.Rect(w // 2 - pw // 2, h - ph - int(16 * s), pw, ph)
        else:
            r = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        return r, s, title_lines, side

    def _rows(self, inner: int, s: float) -> int:
        return button_rows([label for label, _ in self.buttons_spec], inner, s)

    def enter(self) -> None:
        super().enter()
        # the result, as the panel shows it, said at once (less what the
        # table has just said: the game's end)
        recent = {a.text for a in list(self.app.announced)[-3:]}
        self.app.announce(" ".join([self.title, *(line for line in self.lines if line not in recent), *self.notes]), assertive=True)

    def a11y_title(self) -> str:
        return self.title

    def build_ui(self) -> None:
        r, s, _, side = self._metrics()
        n = len(self.buttons_spec)
        inner = r.w - int(48 * s)
        grid = [] if side else button_grid(n, self._rows(inner, s), r.x + int(24 * s), inner, r.bottom - int(62 * s), s)
        for i, (label, fn) in enumerate(self.buttons_spec):
            if side:
                rect = (r.x + int(24 * s), r.bottom - (n - i) * int(52 * s) - int(4 * s), r.w - int(48 * s), int(42 * s))
            else:
                rect = grid[i]
            b = self.button(rect, label, fn, object_id="#primary" if i == 0 else None)
            if i == 0 and self.focused() is None:
                self.focus(b)

    def draw_panel(self, surface) -> None:
        r, s, title_lines, _ = self._metrics()
        colour = GOLD if self.won else (INK if self.won is None else (224, 120, 100))
        panel(surface, r, 240, int(16 * s), colour)
        y = r.y + int(18 * s)
        for tl in title_lines:
            text(surface, tl, (r.centerx, y), int(28 * s), colour, bold=True, anchor="midtop")
            y += int(28 * s * 1.25)
        y += int(14 * s)
        for line, colour in [(line, INK) for line in self.lines] + [(note, INK_DIM) for note in self.notes]:
            y += text_block(surface, line, pygame.Rect(r.x + int(24 * s), y, r.w - int(48 * s), r.h), int(17 * s), colour, align="center", line_gap=1.25)
            y += int(4 * s)
