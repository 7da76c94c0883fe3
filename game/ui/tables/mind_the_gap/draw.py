"""What the Mind the Gap table draws, all from the view of the seat at the
screen: the header with the team's coins, the seats, the log, the pyramid
(with the gap help when it is on), the stock, the fanned discard pile, the
used ranks, the hand (and on Easy the partners' open hands) and the status
line."""

from __future__ import annotations

import pygame

from game.cards import rank_text
from game.games.mind_the_gap.help import used_copies
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE
from game.ui.kit.log import draw_log
from game.ui.tables.mind_the_gap.layout import SEAT_ROW, Layout
from game.ui.widgets import coin, felt, panel, text, text_block, wrapped

#: the most coins drawn in the header (the setup allows 20)
MAX_COINS_DRAWN = 20
USED_MARK = (226, 96, 80)
FREE_MARK = (220, 230, 220)


class MtgDrawing:
    """The drawing half of :class:`~game.ui.tables.mind_the_gap.table.MtgTable`."""

    def draw_static(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        view = self.view
        L = self.layout()
        self._draw_top(surface, view)
        self._draw_seats(surface, view, L)
        self._draw_pyramid(surface, view, L)
        self._draw_right(surface, view, L)
        self._draw_hand(surface, view, L)
        self._draw_status(surface, view, L)

    # --- the header: title, coins, level and deal ----------------------------------------
    def _draw_top(self, surface: pygame.Surface, view) -> None:
        s = self.scale
        n = view.coins
        x = self.draw_header(surface, tr("mind_the_gap.ui.title"), [], highlight=tr("mind_the_gap.ui.coins", n=n))
        head = self.header()
        cy = head.rect.centery
        r = int(10 * s)
        start = max(n, int(self.match.options.get("coins", n)))
        for i in range(min(start, MAX_COINS_DRAWN)):
            coin(surface, (x + r + i * int(r * 1.55), cy), r, spent=i >= n)
        if start:
            x += 2 * r + (min(start, MAX_COINS_DRAWN) - 1) * int(r * 1.55) + int(16 * s)
        facts = [tr(f"mind_the_gap.ui.level.{view.level}")]
        if view.small:
            facts.append(tr("mind_the_gap.ui.small"))
        if view.jokers:
            facts.append(tr("mind_the_gap.ui.jokers"))
        facts.append(tr("mind_the_gap.ui.deal", n=self.match.seed))
        if head.info_right - x > int(40 * s):
            text(surface, " · ".join(facts), (x, cy), int(16 * s), INK_DIM, anchor="midleft", shadow=False, max_width=head.info_right - x)

    # --- the left column: seats, log, open hands ----------------------------------------------
    def _draw_seats(self, surface: pygame.Surface, view, L: Layout) -> None:
        s = L.scale
        panel(surface, L.seats, 110, int(10 * s))
        cur = self.current
        for seat in range(view.players):
            y = L.seats.y + int(8 * s) + seat * int(SEAT_ROW * s)
            row = pygame.Rect(L.seats.x + int(6 * s), y, L.seats.w - int(12 * s), int(54 * s))
            if seat == cur and not self.finished:
                pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(8 * s))
            who = self.seat_name(seat) + (" · " + tr("ui.computer") if self.is_bot(seat) else "")
            count = view.hand_counts[seat]
            bw = int(16 * s)
            # the name ends before the little card backs ("Person 2 · Computer" ran under them)
            icons_x = row.right - int(10 * s) - count * int(bw * 0.55) - bw // 2
            text(surface, who, (row.x + int(10 * s), row.y + int(6 * s)), int(16 * s), INK, bold=seat == cur, max_width=icons_x - row.x - int(18 * s))
            text(surface, tr("mind_the_gap.ui.cards_in_hand", n=count), (row.x + int(10 * s), row.y + int(30 * s)), int(13 * s), INK_DIM, shadow=False)
            for i in range(count):
                surface.blit(cardart.back(bw), (row.right - int(10 * s) - (count - i) * int(bw * 0.55) - bw // 2, row.y + int(12 * s)))
        lines, title = self.log_window([(None, self.render(line.message)) for line in self.match.log()])
        if lines:
            draw_log(surface, L.log, title, lines, s)
        if view.level == "easy" and self.viewer is not None:
            self._draw_open_hands(surface, view, L, L.log.bottom + int(8 * s) if lines else L.log.y)

    def _draw_open_hands(self, surface: pygame.Surface, view, L: Layout, y: int) -> None:
        """On Easy the partners' hands are open: small, beside the seat list."""
        s = L.scale
        mw = int(30 * s)
        for seat in range(view.players):
            if seat == self.viewer or view.hands[seat] is None:
                continue
            text(surface, self.seat_name(seat), (L.seats.x, y), int(13 * s), INK_DIM, shadow=False)
            y += int(18 * s)
            for i, c in enumerate(view.hands[seat]):
                surface.blit(self.face(c, mw), (L.seats.x + i * int(mw * 0.8), y))
            y += int(mw * cardart.ASPECT) + int(8 * s)

    # --- the pyramid ----------------------------------------------------------------------
    def _draw_pyramid(self, surface: pygame.Surface, view, L: Layout) -> None:
        s = L.scale
        info = self.help() if self.meta().helper else None
        for p, r in L.places.items():
            c = view.places[p]
            if c is not None and not self.anim.hidden(("place", p)) and not self.drag.hides(("pyr", p)):
                surface.blit(cardart.shadow(L.pw), (r.x + 2, r.y + 4))
                surface.blit(self.face(c, L.pw), r)
                if p == 0:  # beside the top card: above it, the mark reached into the header band
                    text(surface, tr("mind_the_gap.ui.target"), (r.x - int(6 * s), r.y + int(4 * s)), int(13 * s), GOLD, bold=True, anchor="topright")
            elif c is None:
                surface.blit(cardart.slot(L.pw, dashed=True, alpha=90), r)
                if info is not None:
                    self._draw_gap_help(surface, r, info.gaps.get(p, ()), s)
        if info is not None and None in view.places:  # (a finished pyramid needs no count of the possible ones)
            line = tr("mind_the_gap.ui.pyramids_left", n=info.finished)
            r0 = L.places[0]
            text_block(surface, line, pygame.Rect(r0.right + int(18 * s), r0.y + int(8 * s), int(190 * s), r0.h), int(15 * s), INK if info.finished else REFUSE)

    def _draw_gap_help(self, surface: pygame.Surface, r: pygame.Rect, vals, s: float) -> None:
        if not vals:
            width = max(2, int(3 * s))
            pygame.draw.line(surface, REFUSE, (r.x + 10, r.y + 10), (r.right - 10, r.bottom - 10), width)
            pygame.draw.line(surface, REFUSE, (r.right - 10, r.y + 10), (r.x + 10, r.bottom - 10), width)
            return
        labels = [rank_text(v, self.lang) if v else "0" for v in vals]
        if len(labels) > 6:
            txt = f"{labels[0]}–{labels[-1]}"
            sub = tr("mind_the_gap.ui.n_values", n=len(labels))
        else:
            txt = " ".join(labels)
            sub = None
        size = int(min(22 * s, r.w / max(2.2, len(txt) * 0.62)))
        text(surface, txt, (r.centerx, r.centery - (int(8 * s) if sub else 0)), size, HIGHLIGHT, bold=True, anchor="center", max_width=r.w - 6)
        if sub:
            text(surface, sub, (r.centerx, r.centery + int(14 * s)), int(12 * s), INK_DIM, anchor="center", shadow=False, max_width=r.w - 6)

    # --- the right column: stock, discard pile, used ranks ------------------------------------------
    def _draw_right(self, surface: pygame.Surface, view, L: Layout) -> None:
        s = L.scale
        if view.stock_count:
            for i in range(min(4, view.stock_count)):
                surface.blit(cardart.back(L.dw), (L.stock.x + i * 2, L.stock.y - i * 2))
        else:
            surface.blit(cardart.slot(L.dw), L.stock)
        text(surface, tr("mind_the_gap.ui.stock", n=view.stock_count), (L.stock.right + int(14 * s), L.stock.centery), int(16 * s), INK, anchor="midleft")
        # the discard pile, fanned so every card shows its index
        z = L.discard_zone
        panel(surface, z, 60, int(10 * s), (255, 255, 255) if self.drag.active else None)
        text(surface, tr("mind_the_gap.ui.discard_pile", n=len(view.discard)), (z.x, z.y - int(4 * s)), int(14 * s), INK_DIM, anchor="bottomleft")
        if not view.discard:
            hint = tr("mind_the_gap.ui.discard_hint" if view.coins else "mind_the_gap.ui.discard_hint_no_coin")
            # in two lines when one does not fit (the German one at 800x500)
            size, width = int(14 * s), z.w - int(20 * s)
            lines = wrapped(hint, size, width)
            tall = len(lines) * int(size * 1.25)
            text_block(surface, hint, pygame.Rect(z.x + int(10 * s), z.centery - tall // 2, width, tall), size, INK_DIM, align="center")
        for i, (c, r) in enumerate(zip(view.discard, L.discard_cards)):
            if not self.anim.hidden(("discard", i)):
                surface.blit(self.face(c, L.dw), r)
        self._draw_tally(surface, view, L)

    def _draw_tally(self, surface: pygame.Surface, view, L: Layout) -> None:
        """For each rank, how many of its copies are gone (pyramid and discards)."""
        s = L.scale
        used = used_copies(view)
        t = L.tally
        ranks = list(range(0 if view.jokers else 1, 14))
        cw = t.w / len(ranks)
        text(surface, tr("mind_the_gap.ui.used_ranks"), (t.x, t.y), int(13 * s), INK_DIM, shadow=False)
        for i, v in enumerate(ranks):
            cx = int(t.x + cw * (i + 0.5))
            gone = used[v]
            cap = 2 if v == 0 else 4
            text(surface, rank_text(v, self.lang) if v else "★", (cx, t.y + int(20 * s)), int(15 * s), REFUSE if gone >= cap else INK, bold=True, anchor="midtop", shadow=False)
            for k in range(cap):
                cy = t.y + int(44 * s) + k * int(10 * s)
                pygame.draw.circle(surface, USED_MARK if k < gone else FREE_MARK, (cx, cy), max(2, int(3.8 * s)), 0 if k < gone else max(1, int(1.2 * s)))

    # --- the hand and the status line ----------------------------------------------------------------
    def _draw_hand(self, surface: pygame.Surface, view, L: Layout) -> None:
        s = L.scale
        if self.viewer is None:
            return
        picked = self.drag.selected.payload if self.drag.selected is not None else None
        for card, r in zip(view.hand, L.hand):
            if self.drag.hides(("hand", card)) or self.anim.hidden(("hand", card)):
                continue
            lift = int(10 * s) if picked == ("hand", card) else 0
            surface.blit(cardart.shadow(L.hw), (r.x + 3, r.y + 5 - lift))
            surface.blit(self.face(card, L.hw), (r.x, r.y - lift))
        if L.hand:
            label = tr("mind_the_gap.ui.your_hand", name=self.seat_name(self.viewer))
            text(surface, label, (L.hand[0].x, L.hand[0].bottom + int(2 * s)), int(13 * s), INK_DIM, shadow=False)

    def status_line(self, view) -> str:
        """Whose turn it is and what that player can do (with no coin left
        it never offers the discard pile); a dead end when the help is on."""
        if self.finished:
            line = ""
        elif self.viewer is not None and self.current == self.viewer:
            name = self.seat_name(self.viewer)
            if view.coins:
                line = tr("mind_the_gap.ui.your_turn", name=name, coins=view.coins)
            elif self.can_pass():
                line = tr("mind_the_gap.ui.your_turn_pass", name=name)
            else:
                line = tr("mind_the_gap.ui.your_turn_no_coin", name=name)
        else:
            line = tr("mind_the_gap.ui.waiting", name=self.seat_name(self.current))
        if self.meta().helper:
            dead = self.help().dead
            if dead is not None:
                line = self.render(dead.message())
        return line

    def _draw_status(self, surface: pygame.Surface, view, L: Layout) -> None:
        line = self.status_line(view)
        if line:
            text(surface, line, L.status.center, int(16 * L.scale), INK, anchor="center", max_width=L.status.w)
