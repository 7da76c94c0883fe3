"""What the Runs table draws, from the view of the seat at the screen: the
header facts (round, the table options, the deal), the other seats with
their backs and points, the pile, the runs closed earlier (house rule "new
run"), the run with who played each card and what may follow, the
scoreboard, the log (consecutive forced draws as one line), the status
line and the hand (a card that would end the run is marked)."""

from __future__ import annotations

import pygame

from game.cards import display
from game.games.runs import neighbours
from game.games.runs.policy import collapse_forced, num, signed
from game.games.runs.rules import OPEN_ENDED
from game.games.runs.state import DRAW, PASS, PHASE_BREAK, PHASE_OVER, PHASE_PLAY, PLAY, RunsView
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, PANEL
from game.ui.kit.cursor import draw_cursor
from game.ui.kit.log import draw_log
from game.ui.tables.runs.layout import Layout, seat_colour
from game.ui.widgets import felt, panel, text, text_block

#: log lines of these actions get a dot in the colour of the seat that acted
DOTTED = (PLAY, DRAW, PASS)
#: the mark of a card that would end the run (and its glow): a warm orange,
#: apart from the gold of the cards that may be played
CLOSING = (242, 140, 56)


class RunsDrawing:
    """The drawing half of :class:`~game.ui.tables.runs.table.RunsTable`."""

    def draw_static(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        self.draw_header(surface, tr("runs.name"), self.facts())
        v, L = self.view, self.layout()
        for s, r in L.seats.items():
            self._draw_seat(surface, v, s, r, L)
        self._draw_pile(surface, v, L)
        self._draw_chain(surface, v, L)
        self._draw_board(surface, v, L)
        draw_log(surface, L.log, tr("runs.table.log"), self.log_lines(), L.s)
        self._draw_status(surface, L)
        self._draw_hand(surface, v, L)

    def log_lines(self) -> list[tuple[tuple[int, int, int] | None, str]]:
        """The log as drawn: a dot colour (or None) and the text per line,
        oldest first; consecutive forced draws and passes are one line."""
        log = collapse_forced(self.match.log(), [s.name for s in self.match.seats])
        return [(seat_colour(line.seat) if line.seat is not None and line.action.kind in DOTTED else None, self.render(line.message)) for line in log]

    def draw_dynamic(self, surface: pygame.Surface) -> None:
        self.drag.draw_targets(surface)
        hand = self.view.hand
        if self.cursor.valid(len(hand)) and self.my_turn():
            draw_cursor(surface, self.hand_rect(hand[self.cursor.index or 0]), self.scale)
        self.anim.draw(surface)
        self.drag.draw_dragged(surface)
        self.draw_toasts(surface)

    def facts(self) -> list[str]:
        v = self.view
        if v.rounds == OPEN_ENDED:
            out = [tr("runs.ui.round_open", round=v.round), tr("runs.option.until_stop")]
        else:
            out = [tr("runs.ui.round", round=v.round, rounds=v.rounds)]
        if v.wrap:
            out.append(tr("runs.table.wrap_short"))
        if v.new_run:
            out.append(tr("runs.table.new_run_short"))
        out.append(tr("runs.table.deal", n=self.match.seed))
        return out

    def _draw_seat(self, surface, v: RunsView, seat: int, r: pygame.Rect, L: Layout) -> None:
        s = L.s
        cur = v.phase == PHASE_PLAY and v.turn == seat and not self.finished
        panel(surface, r, 150 if cur else 105, int(10 * s), HIGHLIGHT if cur else None)
        pygame.draw.circle(surface, seat_colour(seat), (r.x + int(16 * s), r.y + int(19 * s)), int(6 * s))
        text(surface, self.seat_name(seat), (r.x + int(28 * s), r.y + int(8 * s)), int(17 * s), INK, bold=True, max_width=r.w - int(40 * s))
        sub = self.kind_label(seat)
        if v.phase == PHASE_PLAY and seat in v.finished:
            place = v.finished.index(seat) + 1
            sub = tr(f"runs.table.out_{place}") if place <= 3 else tr("runs.table.out")
        elif cur:
            sub = tr("runs.table.thinking") if self.thinking == seat else tr("runs.table.to_play")
        text(surface, sub, (r.x + int(28 * s), r.y + int(30 * s)), int(13 * s), GOLD if cur else INK_DIM, shadow=False, max_width=r.w - int(40 * s))
        # the hand as backs, fanned, with the count
        n = v.hand_counts[seat]
        bw = int(26 * s)
        cr = text(surface, tr("runs.ui.cards", n=n), (r.right - int(10 * s), r.y + int(64 * s)), int(14 * s), INK, anchor="midright", shadow=False)
        room = cr.x - int(12 * s) - (r.x + int(12 * s)) - bw
        step = min(bw * 0.5, room / max(1, n - 1)) if n > 1 else 0
        back = cardart.back(bw)
        for i in range(n):
            surface.blit(back, (r.x + int(12 * s) + int(i * step), r.y + int(46 * s)))
        pts = tr("runs.table.seat_points", round=signed(v.round_score(seat)), total=num(v.scores[seat]))
        text(surface, pts, (r.x + int(12 * s), r.bottom - int(8 * s)), int(13 * s), INK_DIM, anchor="bottomleft", shadow=False, max_width=r.w - int(24 * s))

    def _draw_pile(self, surface, v: RunsView, L: Layout) -> None:
        s = L.s
        p = L.pile
        n = v.pile_count
        if n:
            layers = min(5, (n + 7) // 8)
            for i in range(layers):
                surface.blit(cardart.back(L.cw), (p.x - i * 2, p.y - i * 2))
            if self.clicker_forced() is not None and not self.automatic():
                g = cardart.glow(L.cw)
                surface.blit(g, g.get_rect(center=(p.centerx - 2 * (layers - 1), p.centery - 2 * (layers - 1))))
        else:
            surface.blit(cardart.slot(L.cw), p)
        label = tr("runs.ui.pile", n=n) if n else tr("runs.table.pile_empty")
        text(surface, label, (p.centerx, p.bottom + int(8 * s)), int(14 * s), INK, anchor="midtop", shadow=False, max_width=int(150 * s))

    def _draw_chain(self, surface, v: RunsView, L: Layout) -> None:
        s = L.s
        n = len(v.chain)
        self._draw_closed_runs(surface, v, L)
        for i in range(L.current, min(n, len(L.chain))):
            card, r = v.chain[i], L.chain[i]
            if self.anim.hidden(("chain", i)):
                continue
            if i == n - 1:
                g = cardart.glow(r.w, GOLD, 150)
                surface.blit(g, g.get_rect(center=r.center))
            surface.blit(cardart.shadow(r.w), (r.x + 3, r.y + 5))
            surface.blit(self.face(card, r.w), r)
        # who played which card of this run: a dot in the seat's colour under each card
        for i in range(L.current, min(len(v.chain_seats), len(L.chain))):
            r = L.chain[i]
            x = r.x + (r.w // 2 if i == n - 1 else int(L.cw * 0.28))
            pygame.draw.circle(surface, seat_colour(v.chain_seats[i]), (x, r.bottom + int(12 * s)), int(5 * s))
        if n and v.chain_seats and len(L.chain) == n:
            last = L.chain[-1]
            text(surface, self.seat_name(v.chain_seats[-1]), (last.centerx, last.bottom + int(22 * s)), int(13 * s), INK_DIM, anchor="midtop", shadow=False, max_width=int(last.w * 1.6))
            if L.new_slot:
                # the run is closed; the next one starts beside it
                text(surface, tr("runs.table.closed"), (last.centerx, last.y - int(8 * s)), int(14 * s), GOLD, bold=True, anchor="midbottom", max_width=int(last.w * 1.8))
        # the next place and what may go there
        if L.slot is not None:
            sl = L.slot
            surface.blit(cardart.slot(sl.w, dashed=True, alpha=110), sl)
            if n == 0:
                hint = tr("runs.table.any_card")
            elif L.new_slot:
                hint = tr("runs.table.new_run_hint")
            else:
                ends = [display(c, self.lang) for c in neighbours(v.chain[-1], v.wrap) if c not in v.chain]
                hint = tr("runs.table.next", cards=(" " + tr("runs.table.or") + " ").join(ends))
            text_block(surface, hint, pygame.Rect(sl.x - int(20 * s), sl.bottom + int(8 * s), sl.w + int(40 * s), int(60 * s)), int(14 * s), INK_DIM, align="center")
            if n == 0 or L.new_slot:
                text(surface, "?", sl.center, int(40 * s), (255, 255, 255), bold=True, anchor="center", shadow=False)
        elif n and v.phase == PHASE_PLAY:
            last = L.chain[-1]
            text_block(surface, tr("runs.table.dead_short"), pygame.Rect(last.right + int(18 * s), last.centery - int(30 * s), int(170 * s), int(90 * s)), int(15 * s), GOLD, bold=True)

    def _draw_closed_runs(self, surface, v: RunsView, L: Layout) -> None:
        """The runs closed earlier in the round: small, dimmed, one label under them."""
        if not L.closed:
            return
        s = L.s
        area = None
        for a, b in L.closed:
            box = L.chain[a].unionall(L.chain[a:b])
            for i in range(a, b):
                surface.blit(self.face(v.chain[i], L.chain[i].w), L.chain[i])
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (*PANEL, 110), shade.get_rect(), border_radius=max(3, int(box.w * 0.04)))
            surface.blit(shade, box)
            area = box if area is None else area.union(box)
        assert area is not None
        label = tr("runs.table.closed_runs", n=len(L.closed))
        text(surface, label, (area.centerx, area.bottom + int(8 * s)), int(13 * s), INK_DIM, anchor="midtop", shadow=False, max_width=max(area.w, int(90 * s)))

    def _draw_board(self, surface, v: RunsView, L: Layout) -> None:
        s = L.s
        r = L.board
        panel(surface, r, 130, int(10 * s))
        x_round = r.right - int(92 * s)
        x_total = r.right - int(14 * s)
        y = r.y + int(10 * s)
        text(surface, tr("runs.table.scores"), (r.x + int(12 * s), y), int(15 * s), GOLD, bold=True, shadow=False)
        text(surface, tr("runs.table.this_round"), (x_round, y + int(2 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False)
        text(surface, tr("runs.summary.game_total"), (x_total, y + int(2 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False)
        y += int(30 * s)
        best = max(v.scores) if v.scores else 0
        for seat in range(v.players):
            pygame.draw.circle(surface, seat_colour(seat), (r.x + int(18 * s), y + int(9 * s)), int(5 * s))
            name_w = x_round - int(60 * s) - (r.x + int(30 * s))
            text(surface, self.seat_name(seat), (r.x + int(30 * s), y), int(15 * s), INK, bold=seat == self.viewer, shadow=False, max_width=name_w)
            text(surface, signed(v.round_score(seat)), (x_round, y), int(15 * s), INK_DIM, anchor="topright", shadow=False)
            text(surface, num(v.scores[seat]), (x_total, y), int(15 * s), GOLD if v.scores[seat] == best else INK, bold=True, anchor="topright", shadow=False)
            y += int(26 * s)

    @staticmethod
    def _closing_tag(surface, card: pygame.Rect, s: float) -> None:
        """The mark on a card that would end the run: a small tag across it."""
        label = tr("runs.table.ends_run")
        size = int(12 * s)
        w = min(card.w - int(6 * s), int(len(label) * size * 0.62) + int(14 * s))
        tag = pygame.Rect(card.x + int(3 * s), 0, w, int(20 * s))
        tag.centery = card.y + int(card.h * 0.62)
        pygame.draw.rect(surface, CLOSING, tag, border_radius=tag.h // 2)
        text(surface, label, tag.center, size, (30, 20, 10), bold=True, anchor="center", shadow=False, max_width=tag.w - int(8 * s))

    def status_text(self) -> tuple[str, tuple]:
        v = self.view
        if self.finished or v.phase == PHASE_OVER:
            return tr("runs.table.game_over"), INK
        if v.phase == PHASE_BREAK:
            return tr("runs.table.round_over", round=v.round), INK
        seat = v.turn
        name = self.seat_name(seat)
        forced = self.forced()
        auto = self.automatic()
        if forced is not None and self.dead():
            base = tr("runs.ui.chain_dead", last=v.chain[-1])
            if not self.is_bot(seat) and not auto:
                return base + " " + tr("runs.table.run_out_hint"), HIGHLIGHT
            return base, GOLD
        if self.my_turn():
            if forced is not None:
                if forced.kind == DRAW:
                    return tr("runs.table.you_draw_auto" if auto else "runs.table.you_draw"), HIGHLIGHT
                return tr("runs.table.you_pass"), HIGHLIGHT
            return self._play_status(v, name), HIGHLIGHT
        if self.is_bot(seat):
            if forced is not None:
                return tr("runs.table.bot_draws" if forced.kind == DRAW else "runs.table.bot_passes", name=name), INK
            return tr("runs.table.bot_thinks", name=name), INK
        if forced is not None and auto:
            return tr("runs.table.other_draws_auto", name=name), INK
        return tr("runs.ui.turn_of", name=name), INK

    def _play_status(self, v: RunsView, name: str) -> str:
        """What the person to play is told: lead, start a new run, or play a
        lit card; and which lit cards would end the run."""
        cards = [c for c in v.playable if c in v.closing]
        if not v.chain:
            return tr("runs.table.you_lead", name=name)
        if v.new_run and self.dead():
            if cards:
                return tr("runs.table.you_start_new_closing", name=name, cards=cards)
            return tr("runs.table.you_start_new", name=name)
        if cards:
            return tr("runs.table.you_play_closing_new" if v.new_run else "runs.table.you_play_closing", name=name, cards=cards)
        return tr("runs.table.you_play", name=name)

    def _draw_status(self, surface, L: Layout) -> None:
        line, colour = self.status_text()
        panel(surface, L.status, 110, int(8 * L.s))
        text(surface, line, L.status.center, int(17 * L.s), colour, bold=True, anchor="center", max_width=L.status.w - int(20 * L.s))

    def _draw_hand(self, surface, v: RunsView, L: Layout) -> None:
        s = L.s
        seat = self.viewer
        if seat is None:
            return
        shade_others = bool(L.lit)
        closing = set(v.closing)
        tags = []
        for i, (card, r) in enumerate(zip(v.hand, L.hand)):
            if self.drag.hides(("hand", card)) or self.anim.hidden(("hand", card)):
                continue
            lit = i in L.lit
            y = r.y - (L.lift if lit else 0)
            if lit:
                g = cardart.glow(L.hw, CLOSING) if card in closing else cardart.glow(L.hw)
                surface.blit(g, g.get_rect(center=(r.centerx, y + r.h // 2)))
            surface.blit(cardart.shadow(L.hw), (r.x + 3, y + 5))
            surface.blit(self.face(card, L.hw), (r.x, y))
            if shade_others and not lit:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=max(3, int(L.hw * 0.08)))
                surface.blit(shade, (r.x, y))
            elif lit and card in closing:
                tags.append(pygame.Rect(r.x, y, r.w, r.h))
        # on top of the hand: in a crowded hand the tag starts on the card's
        # visible strip and runs over the next card's middle, not its index
        for r in tags:
            self._closing_tag(surface, r, s)
        if v.phase == PHASE_PLAY and seat in v.finished and not v.hand:
            place = v.finished.index(seat) + 1
            text(surface, tr("runs.table.you_are_out", n=place), (L.status.centerx, L.status.bottom + int(60 * s)), int(20 * s), GOLD, bold=True, anchor="center")
        line = tr("runs.table.your_hand", name=self.seat_name(seat), round=signed(v.round_score(seat)), total=num(v.scores[seat]))
        pygame.draw.circle(surface, seat_colour(seat), (L.mine[0] + int(6 * s), L.mine[1] + int(8 * s)), int(5 * s))
        text(surface, line, (L.mine[0] + int(16 * s), L.mine[1]), int(14 * s), INK_DIM, shadow=False, max_width=L.status.w - int(20 * s))
