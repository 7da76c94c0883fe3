"""What the Gaps table draws: the header facts (deal, rule set, score,
redeals left), the grid with live and dead gaps and the runs already in
place, the hover tooltip saying what a gap wants, the hint arrow, the
status lines and the "no moves left" panel.  Everything is drawn from the
view of the position."""

from __future__ import annotations

import math

import pygame

from game.cards import Card
from game.games import gaps as G
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE, font
from game.ui.kit.cursor import draw_cursor
from game.ui.tables.gaps.layout import COLS, Layout
from game.ui.tables.gaps.session import clock_text, date_text
from game.ui.widgets import felt, panel, text, text_block

DEAD_MARK = (120, 150, 130)


class GapsDrawing:
    """The drawing half of :class:`~game.ui.tables.gaps.table.GapsTable`
    (a mixin: what it reads, the table has)."""

    _ghosts: dict

    def draw_static(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        L = self.layout()
        self._draw_top(surface)
        self._draw_grid(surface, L)

    def draw_dynamic(self, surface: pygame.Surface) -> None:
        L = self.layout()
        self._draw_hint(surface, L)
        self.drag.draw_targets(surface)
        self._draw_hover(surface, L)
        if self.cursor.valid(52) and self.playing():
            draw_cursor(surface, L.cells[self.cursor.index or 0], L.scale)
        self._draw_clock(surface, L)
        self._draw_status(surface, L)
        if self.banner_shown():
            self._draw_banner(surface, L)
        self.anim.draw(surface)
        self.drag.draw_dragged(surface)
        self.draw_toasts(surface)

    # --- the header -----------------------------------------------------------------------------
    def _draw_top(self, surface: pygame.Surface) -> None:
        v = self.view
        s = self.scale
        day = self.daily()
        if day is not None:
            first = tr("gaps_ui.daily", date=date_text(day, self.lang))
        else:
            first = tr("gaps_ui.from_layout") if self.from_layout() else tr("gaps_ui.deal", n=self.match.seed)
        rule_set = tr("gaps_ui.rule_set", n=v.max_redeals)
        facts = [first, rule_set]
        if self.meta().assisted:
            facts.append(tr("gaps_ui.assisted"))
        left = v.redeals_left
        redeals_left = tr("gaps_ui.redeals_left", n=left)
        facts.append(redeals_left)
        title, score = tr("gaps_ui.title"), tr("gaps_ui.score", score=G.score(v))
        # where the facts would shrink below 85 % of their size (the German
        # daily deal at 1024x640 shrank them to 9 px), the rule set goes
        # first, then the redeals left (the pips still show them)
        h = self.header()
        room = h.info_right - int(48 * s) - font(int(24 * s), True).size(title)[0] - font(int(17 * s), True).size(score)[0]
        for drop in (rule_set, redeals_left):
            if font(int(16 * s)).size(" · ".join(facts))[0] * 0.85 <= room:
                break
            facts.remove(drop)
        x = self.draw_header(surface, title, facts, highlight=score)
        # one pip per redeal after the facts: filled while still available
        pr = max(3, int(5 * s))
        cy = self.header().rect.centery
        room = self.header().info_right - x
        if room > v.max_redeals * int(14 * s) + int(8 * s):
            for i in range(v.max_redeals):
                px = x + int(10 * s) + i * int(14 * s) + pr
                if i < left:
                    pygame.draw.circle(surface, GOLD, (px, cy), pr)
                else:
                    pygame.draw.circle(surface, INK_DIM, (px, cy), pr, max(1, int(1.5 * s)))

    # --- the grid --------------------------------------------------------------------------------
    def _draw_grid(self, surface: pygame.Surface, L: Layout) -> None:
        s = L.scale
        v = self.view
        gaps = self.gaps()
        dragged = self.drag.dragging.payload if self.drag.dragging else None
        for i, c in enumerate(v.grid):
            r = L.cells[i]
            if c is None:
                info = gaps.get(i)
                if info is not None and info.live:
                    surface.blit(self._live_fill(L.cw), r)
                    surface.blit(cardart.slot(L.cw, (255, 226, 140), 220, dashed=True), r)
                else:
                    surface.blit(cardart.slot(L.cw, (0, 0, 0), 50), r)
                    _dead_mark(surface, r, s)
                continue
            if self.anim.hidden(("cell", i)) or self.anim.hidden(("card", c)) or dragged == ("card", c):
                surface.blit(cardart.slot(L.cw, (255, 255, 255), 60), r)  # the card is in the air
                continue
            surface.blit(cardart.shadow(L.cw), (r.x + 2, r.y + 3))
            surface.blit(self.face(c, L.cw), r)
        # cards already in their final run: a thin gold line under the run
        lw = max(2, int(3 * s))
        for row, n in enumerate(G.run_lengths(v)):
            if n:
                a, b = L.cells[row * COLS], L.cells[row * COLS + n - 1]
                y = a.bottom + max(3, int(L.row_gap * 0.35))
                pygame.draw.line(surface, GOLD, (a.x + int(4 * s), y), (b.right - int(4 * s), y), lw)

    def _live_fill(self, width: int) -> pygame.Surface:
        """A live gap: lighter felt, so it reads as open at a glance."""
        key = ("live", width)
        img = self._ghosts.get(key)
        if img is None:
            w, h = cardart.card_size(width)
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(img, (255, 240, 190, 38), img.get_rect(), border_radius=max(3, int(w * 0.08)))
            self._ghosts[key] = img
        return img

    def _ghost(self, card: Card, width: int) -> pygame.Surface:
        key = (card, width, self.lang, self.app.settings.four_colour)
        img = self._ghosts.get(key)
        if img is None:
            if len(self._ghosts) > 64:
                self._ghosts.clear()
            img = self.face(card, width).copy()
            img.set_alpha(95)
            self._ghosts[key] = img
        return img

    # --- what moves -------------------------------------------------------------------------------
    def _draw_hover(self, surface: pygame.Surface, L: Layout) -> None:
        cell = self.hover if self.drag.dragging is None else None
        if cell is None and self.cursor.valid(52):
            cell = self.cursor.index
        if cell is None or self.finished or self.view.grid[cell] is not None:
            return
        info = self.gaps().get(cell)
        if info is None:
            return
        r = L.cells[cell]
        if info.kind == "live" and info.wants is not None:
            surface.blit(self._ghost(info.wants, L.cw), r)
            if info.source is not None:  # where the wanted card lies now
                src = L.cells[info.source].inflate(int(6 * L.scale), int(6 * L.scale))
                pygame.draw.rect(surface, HIGHLIGHT, src, max(2, int(3 * L.scale)), border_radius=int(9 * L.scale))
        _tooltip(surface, L, r, self.render(info.message), HIGHLIGHT if info.live else INK_DIM)

    def _draw_hint(self, surface: pygame.Surface, L: Layout) -> None:
        h = self.current_hint()
        if h is None or not isinstance(h.action, G.Move) or h.source is None:
            return
        a, b = L.cells[h.source], L.cells[h.action.to]
        g = cardart.glow(L.cw)
        surface.blit(g, g.get_rect(center=a.center))
        surface.blit(g, g.get_rect(center=b.center))
        arrow(surface, a.center, b.center, HIGHLIGHT, max(3, int(5 * L.scale)), int(18 * L.scale))

    # --- the moves and the clock ----------------------------------------------------------------------
    def _draw_clock(self, surface: pygame.Surface, L: Layout) -> None:
        """Moves at the left of the line under the grid; the clock at the
        right, left of its Hide/Show button (its place from the table's
        button list), dimmed while it stands still."""
        s = L.scale
        r = L.clock
        size = int(17 * s)
        text(surface, tr("gaps_ui.moves", n=self.moves_made()), (r.x + int(4 * s), r.centery), size, INK, anchor="midleft", shadow=False, max_width=r.w // 3)
        if not self.timer_shown():
            return
        right = self.timer_button(L)[1][0] - int(12 * s)
        colour = INK if self.clock_running() else INK_DIM
        text(surface, tr("gaps_ui.time", time=clock_text(self.elapsed)), (right, r.centery), size, colour, bold=True, anchor="midright", shadow=False, max_width=r.w // 3)

    # --- the status and the "no moves" panel ----------------------------------------------------------
    def status_lines(self) -> list[tuple[str, tuple]]:
        """Up to two lines: what is going on, then the hint or the solver's
        progress or verdict."""
        v = self.view
        out: list[tuple[str, tuple]] = []
        log = self.match.log()
        if not self.playing():
            out.append((tr("gaps_ui.over"), INK_DIM))
        elif G.redeal_due(v):
            out.append((self.render(G.status(v)[-1]), GOLD))
        elif self.match.actions and log:
            out.append((self.render(log[-1].message), INK_DIM))
        else:
            out.append((tr("gaps_ui.how_to"), INK_DIM))
        if self.job is not None:
            out.append((tr("gaps_ui.thinking", nodes=grouped(self.job.nodes, self.lang), max=grouped(self.job.max_nodes, self.lang)), INK))
        else:
            verdict = self.current_verdict()
            h = self.current_hint()
            if verdict is not None and verdict.verdict == "unknown":
                # the table's own words: how far it looked and whether it can look further
                deeper = self.next_budget()
                nodes = grouped(verdict.nodes, self.lang)
                line = tr("gaps_ui.undecided_deeper", nodes=nodes, max=grouped(deeper, self.lang)) if deeper else tr("gaps_ui.undecided_deepest", nodes=nodes)
                out.append((line, INK))
            elif verdict is not None:
                colour = GOLD if verdict.verdict == "solvable" else REFUSE
                out.append((self.render(verdict.message), colour))
            elif h is not None:
                out.append((self.render(h.message), HIGHLIGHT))
        return out

    def _draw_status(self, surface: pygame.Surface, L: Layout) -> None:
        s = L.scale
        r = L.status
        y = r.y + int(4 * s)
        for i, (line, colour) in enumerate(self.status_lines()[:2]):
            size = int(17 * s) if i == 0 else int(16 * s)
            text(surface, line, (r.centerx, y), size, colour, bold=i == 1, anchor="midtop", shadow=False, max_width=r.w)
            y += int(26 * s)

    def _draw_banner(self, surface: pygame.Surface, L: Layout) -> None:
        s = L.scale
        r = L.banner()
        panel(surface, r, 235, int(14 * s), GOLD)
        text(surface, tr("gaps_ui.no_moves"), (r.centerx, r.y + int(14 * s)), int(26 * s), GOLD, bold=True, anchor="midtop", max_width=r.w - int(30 * s))
        body = pygame.Rect(r.x + int(24 * s), r.y + int(56 * s), r.w - int(48 * s), int(50 * s))
        text_block(surface, tr("gaps_ui.no_moves_body", n=self.view.redeals_left), body, int(16 * s), INK, align="center")


def _dead_mark(surface: pygame.Surface, r: pygame.Rect, s: float) -> None:
    k = int(r.w * 0.16)
    c = r.center
    lw = max(2, int(3 * s))
    pygame.draw.line(surface, DEAD_MARK, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), lw)
    pygame.draw.line(surface, DEAD_MARK, (c[0] + k, c[1] - k), (c[0] - k, c[1] + k), lw)


def _tooltip(surface: pygame.Surface, L: Layout, r: pygame.Rect, tip: str, colour) -> None:
    s = L.scale
    size = int(15 * s)
    tw = font(size, True).size(tip)[0] + int(20 * s)
    box = pygame.Rect(0, 0, tw, int(30 * s))
    box.midtop = (r.centerx, r.bottom + int(6 * s))
    if box.bottom > L.status.y:
        box.midbottom = (r.centerx, r.y - int(6 * s))
    box.clamp_ip(surface.get_rect())
    panel(surface, box, 225, int(8 * s), colour)
    text(surface, tip, box.center, size, INK, bold=True, anchor="center", shadow=False, max_width=surface.get_width() - int(24 * s))


def grouped(n: int, lang: str) -> str:
    """12,345 in English, 12.345 in German."""
    return f"{n:,}".replace(",", "." if lang == "de" else ",")


def arrow(surface: pygame.Surface, a, b, colour, width: int, head: int) -> None:
    """A straight arrow from ``a`` to ``b`` with a filled head, and a dark
    outline so it reads over cards and felt."""
    ax, ay = a
    bx, by = b
    ang = math.atan2(by - ay, bx - ax)
    tip = (bx - math.cos(ang) * head * 0.2, by - math.sin(ang) * head * 0.2)
    base = (tip[0] - math.cos(ang) * head, tip[1] - math.sin(ang) * head)
    left = (base[0] + math.sin(ang) * head * 0.6, base[1] - math.cos(ang) * head * 0.6)
    right = (base[0] - math.sin(ang) * head * 0.6, base[1] + math.cos(ang) * head * 0.6)
    pygame.draw.line(surface, (20, 20, 20), a, base, width + 4)
    pygame.draw.polygon(surface, (20, 20, 20), [tip, left, right], 0)
    pygame.draw.line(surface, colour, a, base, width)
    pygame.draw.polygon(surface, colour, [tip, left, right], 0)
    pygame.draw.circle(surface, colour, (int(ax), int(ay)), width + 2)
