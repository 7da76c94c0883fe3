"""The rules of each game in the current language, in our own words.

The text is light Markdown (headings, paragraphs, lists, **bold**),
wrapped to the window and drawn line by line; only the visible lines are
drawn, so a long text costs nothing while it is not on screen.  Scroll with
the mouse wheel, the arrow keys, PgUp/PgDn, Home/End, or drag the bar.

Pictures: a line of its own ``[diagram: <name>]`` in a rules text marks
where the diagram ``<name>`` of that game (its table package's diagrams, drawn from
a real position in the game's notation) belongs, next to the section it
illustrates.  Where the text keeps a comfortable measure beside them
(``MIN_TEXT`` wide), the diagrams stand in a column right of the text, each
at the height of its marker or below the one before; otherwise each takes
its marker's place in the text, between the lines.  Either way they scroll
with the text and never cover a line.  A marker of an unknown diagram
shows nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial

import pygame

from game.engine.registry import games, info
from game.i18n import rules_text, tr
from game.ui import diagrams
from game.ui.a11y.nodes import Node, Role, Tree
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.scene import Scene
from game.ui.tables import available, table
from game.ui.widgets import felt, panel, rendered, text, wrap


@dataclass
class Line:
    text: str
    size: int
    bold: bool = False
    colour: tuple = INK
    indent: int = 0
    gap_after: int = 0
    #: a diagram's place: its name, and its height when it stands in the text
    diagram: str = ""
    block_h: int = 0


def parse_markdown(md: str) -> list[tuple[str, str]]:
    """Blocks as (kind, text): kind is h1/h2/h3, p or li."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()

    for raw in md.splitlines():
        line = raw.rstrip()
        if not line.strip():
            flush()
            continue
        m = re.match(r"^\[diagram:\s*([\w-]+)\s*\]$", line.strip())
        if m:
            flush()
            blocks.append(("diagram", m.group(1)))
            continue
        m = re.match(r"^(#{1,3})\s+(.*)$", line)
        if m:
            flush()
            blocks.append((f"h{len(m.group(1))}", m.group(2)))
            continue
        m = re.match(r"^\s*(?:[-*]|\d+[.)])\s+(.*)$", line)
        if m:
            flush()
            num = re.match(r"^\s*(\d+)[.)]", line)
            blocks.append(("li", (num.group(1) + ". " if num else "• ") + m.group(1)))
            continue
        if blocks and blocks[-1][0] == "li" and raw.startswith("  ") and not para:
            blocks[-1] = ("li", blocks[-1][1] + " " + line.strip())
            continue
        para.append(line.strip())
    flush()
    return blocks


def layout_lines(md: str, width: int, scale: float, diagram_h=None) -> list[Line]:
    """Wrap the blocks to ``width`` pixels.  Inline **bold** and `code`
    marks are dropped (a line is one font); headings carry the weight.
    A diagram marker becomes a Line of no text: ``diagram_h(name)`` high
    (with a gap after it) when given, else a mere anchor of no height."""
    out: list[Line] = []
    for kind, txt in parse_markdown(md):
        out += block_lines(kind, txt, width, scale, diagram_h)
    return out


def block_lines(kind: str, txt: str, width: int, scale: float, diagram_h=None) -> list[Line]:
    """One block of :func:`parse_markdown` wrapped to ``width`` pixels."""
    out: list[Line] = []
    body = max(12, int(18 * scale))
    sizes = {"h1": int(30 * scale), "h2": int(24 * scale), "h3": int(20 * scale)}
    if kind == "diagram":
        h = diagram_h(txt) if diagram_h else 0
        return [Line("", body, diagram=txt, block_h=h, gap_after=int(14 * scale) if h else 0)]
    plain = re.sub(r"\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`", lambda m: next(g for g in m.groups() if g), txt)
    if kind in sizes:
        size = sizes[kind]
        for ln in wrap(plain, size, width, bold=True):
            out.append(Line(ln, size, True, GOLD if kind != "h1" else INK))
        out[-1].gap_after = int(8 * scale)
    elif kind == "li":
        indent = int(22 * scale)
        lines = wrap(plain, body, width - indent)
        for i, ln in enumerate(lines):
            out.append(Line(ln, body, False, INK, indent if i else int(6 * scale)))
        out[-1].gap_after = int(4 * scale)
    else:
        for ln in wrap(plain, body, width):
            out.append(Line(ln, body))
        out[-1].gap_after = int(10 * scale)
    return out


#: the narrowest text a column of diagrams may leave beside it, at scale 1
#: (about 60 characters of the 18 px body font)
MIN_TEXT = 560


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id or games()[0].id
        self.scroll = 0
        self.dragging_bar = False
        # the text as laid out by build_ui (`_layout`), for the frames to draw
        self.lines: list[Line] = []
        self.placed: list[tuple[str, int, int, pygame.Surface]] = []
        self.column = False

    # --- layout -----------------------------------------------------------------------
    def _areas(self):
        w, h = self.app.size
        s = self.app.scale
        tab_w = int(230 * s)
        box = pygame.Rect(int(60 * s) + tab_w, int(90 * s), w - tab_w - int(90 * s), h - int(120 * s))
        return tab_w, box, s

    def build_ui(self) -> None:
        h = self.app.size[1]
        tab_w, box, s = self._areas()
        y = int(100 * s)
        for g in games():
            b = self.button((int(30 * s), y, tab_w, int(46 * s)), g.name(self.app.settings.language), partial(self.show, g.id))
            if g.id == self.game_id:
                b.select()
            y += int(56 * s)
        self.button((int(30 * s), h - int(76 * s), tab_w, int(46 * s)), tr("ui.back"), self.app.pop)
        lang = self.app.settings.language
        body = rules_text(self.game_id, lang) or tr("ui.rules.missing")
        self._layout(body, box.w - int(56 * s), s, lang)
        self.scroll = min(self.scroll, self.max_scroll())

    def a11y_title(self) -> str:
        return f"{tr('ui.rules.title')}: {info(self.game_id).name(self.app.settings.language)}"

    def a11y_tree(self) -> Tree:
        """The rules' text as a reader reads it: each heading, paragraph
        and list item a label (the whole text, not only what is scrolled
        into view), after the games' buttons."""
        base = super().a11y_tree()
        blocks = [(k, t) for k, t in parse_markdown(rules_text(self.game_id, self.app.settings.language) or tr("ui.rules.missing")) if k != "diagram"]
        text_nodes = tuple(Node(f"rules:{i}", Role.LABEL, t.replace("**", ""), description=k) for i, (k, t) in enumerate(blocks))
        name = info(self.game_id).name(self.app.settings.language)
        return Tree(replace(base.root, children=(*base.root.children, Node("rules:text", Role.GROUP, name, children=text_nodes))), base.focus)

    def diagrams(self) -> Mapping[str, diagrams.Diagram]:
        """The game's pictures, by name (a table package gives them)."""
        return table(self.game_id).diagrams if available(self.game_id) else {}

    def _layout(self, body: str, width: int, s: float, lang: str) -> None:
        """The lines, and where each diagram stands (``self.placed``: name,
        x offset from the text's left edge, y in the text, surface).  The
        surfaces come from diagrams.block, drawn once and cached."""
        known = self.diagrams()
        cw = diagrams.card_width(s)
        four = self.app.settings.four_colour
        wanted = [n for k, n in parse_markdown(body) if k == "diagram" and n in known]
        pics = {n: diagrams.picture(known[n], cw, lang, four) for n in wanted}
        col_w = max([int(260 * s)] + [p.get_width() for p in pics.values()])
        gutter = int(28 * s)
        self.placed = []
        self.column = bool(pics) and width - col_w - gutter >= int(MIN_TEXT * s)
        if self.column:
            # the text is narrow only beside a picture: a block that starts
            # below the column's last picture takes the whole width (it
            # wrapped at about 60 % of the panel all the way down, the
            # column empty beside it)
            text_w = width - col_w - gutter
            self.lines = []
            y, bottom = 0, 0
            for kind, txt in parse_markdown(body):
                block = block_lines(kind, txt, text_w if y < bottom or kind == "diagram" else width, s)
                for line in block:
                    if line.diagram in pics:
                        surf = diagrams.block(known[line.diagram], col_w, cw, lang, four)
                        top = max(y, bottom + (gutter if bottom else 0))
                        self.placed.append((line.diagram, text_w + gutter, top, surf))
                        bottom = top + surf.get_height()
                    y += self._line_h(line)
                self.lines += block
            self.total_h = max(y, bottom)
        else:
            inline_w = min(width, max([int(480 * s)] + [p.get_width() for p in pics.values()]))

            def height(name: str) -> int:
                return diagrams.block(known[name], inline_w, cw, lang, four).get_height() if name in pics else 0

            self.lines = layout_lines(body, width, s, height)
            y = 0
            for line in self.lines:
                if line.diagram in pics:
                    self.placed.append((line.diagram, (width - inline_w) // 2, y, diagrams.block(known[line.diagram], inline_w, cw, lang, four)))
                y += self._line_h(line)
            self.total_h = y

    def _line_h(self, line: Line) -> int:
        if line.diagram:
            return line.block_h + line.gap_after
        return int(line.size * 1.35) + line.gap_after

    def placements(self) -> tuple[pygame.Rect, list[pygame.Rect], list[pygame.Rect]]:
        """For tests: the text area, every text line's and every diagram's
        rectangle in content coordinates (scroll 0; the text area's top-left
        is the text's origin)."""
        _, box, s = self._areas()
        inner = box.inflate(-int(40 * s), -int(24 * s))
        texts, pics = [], []
        y = 0
        for line in self.lines:
            if line.text:
                img, _ = rendered(line.text, line.size, tuple(line.colour), line.bold, False, None)
                texts.append(pygame.Rect(inner.x + line.indent, inner.y + y, img.get_width(), int(line.size * 1.35)))
            y += self._line_h(line)
        for _, dx, dy, surf in self.placed:
            pics.append(pygame.Rect(inner.x + dx, inner.y + dy, surf.get_width(), surf.get_height()))
        return inner, texts, pics

    def max_scroll(self) -> int:
        _, box, s = self._areas()
        return max(0, self.total_h - (box.h - int(40 * s)))

    def show(self, game_id: str) -> None:
        self.game_id = game_id
        self.scroll = 0
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def scroll_to_diagram(self) -> None:
        """Scroll so the first diagram stands near the top (the shots of
        each game's rules show their picture, not only the opening lines)."""
        if self.placed:
            top = min(dy for _, _, dy, _ in self.placed)
            self.scroll = max(0, min(self.max_scroll(), top - int(60 * self.app.scale)))

    def _bar(self):
        _, box, s = self._areas()
        track = pygame.Rect(box.right - int(18 * s), box.y + int(12 * s), int(8 * s), box.h - int(24 * s))
        if self.max_scroll() <= 0:
            return track, None
        frac = (box.h - int(40 * s)) / max(1, self.total_h)
        th = max(int(30 * s), int(track.h * frac))
        ty = track.y + int((track.h - th) * self.scroll / max(1, self.max_scroll()))
        return track, pygame.Rect(track.x, ty, track.w, th)

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        _, box, s = self._areas()
        page = box.h - int(80 * s)
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: int(40 * s), pygame.K_UP: -int(40 * s), pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -(10**9), pygame.K_END: 10**9}.get(event.key)
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if step is not None:
                self.scroll_by(step)
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * int(60 * s))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track, thumb = self._bar()
            if thumb is not None and track.inflate(16, 0).collidepoint(event.pos):
                self.dragging_bar = True
                self._bar_to(event.pos[1])
                return
        if event.type == pygame.MOUSEMOTION and self.dragging_bar:
            self._bar_to(event.pos[1])
            return
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging_bar = False
        super().handle_event(event)

    def _bar_to(self, y: int) -> None:
        track, thumb = self._bar()
        if thumb is None:
            return
        frac = (y - track.y - thumb.h / 2) / max(1, track.h - thumb.h)
        self.scroll = int(max(0.0, min(1.0, frac)) * self.max_scroll())

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        box, s = self._areas()[1:]
        surface.blit(felt((w, h)), (0, 0))
        text(surface, tr("ui.rules.title"), (int(30 * s), int(30 * s)), int(34 * s), INK, bold=True)
        panel(surface, box, 200, int(12 * s))
        clip = surface.get_clip()
        inner = box.inflate(-int(40 * s), -int(24 * s))
        surface.set_clip(inner)
        y = inner.y - self.scroll
        for line in self.lines:
            lh = self._line_h(line)
            if line.text and y + lh >= inner.y and y <= inner.bottom:
                img, _ = rendered(line.text, line.size, tuple(line.colour), line.bold, False, None)
                surface.blit(img, (inner.x + line.indent, y))
            y += lh
            if y > inner.bottom:
                break
        for _, dx, dy, surf in self.placed:
            top = inner.y - self.scroll + dy
            if top < inner.bottom and top + surf.get_height() > inner.y:
                surface.blit(surf, (inner.x + dx, top))
        surface.set_clip(clip)
        track, thumb = self._bar()
        if thumb is not None:
            pygame.draw.rect(surface, (40, 80, 60), track, border_radius=int(4 * s))
            pygame.draw.rect(surface, GOLD if self.dragging_bar else INK_DIM, thumb, border_radius=int(4 * s))
