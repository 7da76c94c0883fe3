"""What the Delphi table draws, from the view of the seat at the screen:
the header facts, the tableau with its markers, an open No Play hand, the
side bar (facts, seats, the round's log), the hand with the string being
built, the status line and the moving parts; and the small pieces they are
made of (marker pawns, number badges, string brackets, verdict badges)."""

from __future__ import annotations

import pygame

from game.cards import Card, display
from game.engine.core import Message
from game.games.delphi.log import hint_text
from game.games.delphi.state import DECLARE, GAME_OVER, GOD_CHECK_PICK, GOD_PICK, GOD_VERDICT, PROPHET_PICK, PROPHET_VERDICT, ROUND_OVER, SETRULE, TURN, DelphiView
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE, font
from game.ui.kit.cursor import draw_cursor
from game.ui.kit.log import draw_log
from game.ui.tables.delphi.layout import ACTIVE_PHASES, Layout, sidebar_width
from game.ui.widgets import felt, panel, text, text_block, wrap

WHITE_PAWN = ((250, 248, 240), (40, 40, 44))
BLACK_PAWN = ((30, 30, 34), (236, 232, 220))
PROPHET = ((232, 190, 84), (70, 48, 10))
RIGHT_GREEN = (70, 180, 100)
WRONG_RED = (224, 86, 70)


def pawn(surface, bottom_center, height: int, kind: str) -> pygame.Rect:
    """A chess-pawn marker standing on ``bottom_center``: ``white``,
    ``black`` or ``prophet`` (a crowned gold piece)."""
    fill, edge = {"white": WHITE_PAWN, "black": BLACK_PAWN, "prophet": PROPHET}[kind]
    x, y = bottom_center
    h = max(10, int(height))
    w = h * 0.62
    lw = max(1, h // 12)
    base = [(x - w / 2, y), (x + w / 2, y), (x + w * 0.36, y - h * 0.16), (x - w * 0.36, y - h * 0.16)]
    body = [(x - w * 0.32, y - h * 0.16), (x + w * 0.32, y - h * 0.16), (x + w * 0.14, y - h * 0.58), (x - w * 0.14, y - h * 0.58)]
    head_c = (x, y - h * 0.70)
    head_r = h * 0.17
    # a soft shadow so a white pawn shows on a white card
    sh = pygame.Surface((int(w + 8), int(h + 8)), pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (0, 0, 0, 70), (2, int(h * 0.9), int(w + 4), max(3, int(h * 0.18))))
    surface.blit(sh, (x - w / 2 - 4, y - h - 2))
    for poly in (base, body):
        pygame.draw.polygon(surface, fill, poly)
        pygame.draw.polygon(surface, edge, poly, lw)
    pygame.draw.circle(surface, fill, head_c, head_r)
    pygame.draw.circle(surface, edge, head_c, head_r, lw)
    if kind == "prophet":
        top = head_c[1] - head_r
        crown = [
            (x - head_r * 1.1, top + head_r * 0.3),
            (x - head_r * 1.1, top - head_r * 0.9),
            (x - head_r * 0.4, top - head_r * 0.3),
            (x, top - head_r * 1.2),
            (x + head_r * 0.4, top - head_r * 0.3),
            (x + head_r * 1.1, top - head_r * 0.9),
            (x + head_r * 1.1, top + head_r * 0.3),
        ]
        pygame.draw.polygon(surface, fill, crown)
        pygame.draw.polygon(surface, edge, crown, lw)
    return pygame.Rect(int(x - w / 2), int(y - h * 1.1), int(w), int(h * 1.1))


def number_badge(surface, center, r: int, n: int) -> None:
    """The gold disc with a number that shows a card's place in a string."""
    pygame.draw.circle(surface, (60, 40, 8), (center[0] + 1, center[1] + 2), r)
    pygame.draw.circle(surface, GOLD, center, r)
    pygame.draw.circle(surface, (255, 236, 170), center, r, max(1, r // 6))
    text(surface, str(n), center, int(r * 1.25), (30, 22, 6), bold=True, anchor="center", shadow=False)


def string_bracket(surface, rects: list[pygame.Rect], colour=(255, 255, 255), width: int = 2) -> None:
    """A bracket left of cards that were played together as one string."""
    if len(rects) < 2:
        return
    x = rects[0].x - max(3, width * 2)
    top, bottom = rects[0].y + 4, rects[-1].bottom - 4
    pygame.draw.line(surface, colour, (x, top), (x, bottom), width)
    pygame.draw.line(surface, colour, (x, top), (x + width * 2, top), width)
    pygame.draw.line(surface, colour, (x, bottom), (x + width * 2, bottom), width)


def verdict_badge(surface, midbottom, label: str, right: bool, size: int, alpha: int = 255) -> None:
    colour = RIGHT_GREEN if right else WRONG_RED
    mark = "✓ " if right else "✗ "
    f = font(size, True)
    img = f.render(mark + label, True, INK)
    pad = max(4, size // 3)
    r = pygame.Rect(0, 0, img.get_width() + 2 * pad, img.get_height() + pad)
    r.midbottom = midbottom
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, int(230 * alpha / 255)), s.get_rect(), border_radius=pad)
    pygame.draw.rect(s, (255, 255, 255, int(200 * alpha / 255)), s.get_rect(), 2, border_radius=pad)
    img.set_alpha(alpha)
    s.blit(img, (pad, pad // 2))
    surface.blit(s, r)


#: the status line's sentence for the person to act, by phase (and, for a
#: verdict, by what is judged)
YOUR_MOVE: dict[str | tuple[str, str], str] = {
    DECLARE: "delphi.table.you_declare",
    (PROPHET_VERDICT, "play"): "delphi.table.prophet_judge_play",
    (PROPHET_VERDICT, "noplay"): "delphi.table.prophet_judge_noplay",
    (GOD_VERDICT, "play"): "delphi.table.god_judge_play",
    (GOD_VERDICT, "noplay"): "delphi.table.god_judge_noplay",
    PROPHET_PICK: "delphi.table.prophet_pick",
    GOD_PICK: "delphi.table.god_pick",
    GOD_CHECK_PICK: "delphi.table.god_check_pick",
}
#: phases in which God, watching a written rule at work, reads "you watch"
GOD_WATCHES = (TURN, DECLARE, PROPHET_VERDICT, PROPHET_PICK)


class DelphiDrawing:
    """The drawing half of :class:`~game.ui.tables.delphi.table.DelphiTable`."""

    # --- what the table says ------------------------------------------------------------------
    def god_title(self) -> str:
        return self.view.god_name or tr("delphi.god")

    def status_message(self) -> Message:
        """What the table waits for, named for the players."""
        st = self.match.state
        if self.match.current is None:
            return Message("delphi.wait.game_over")
        return self.game.status(st)

    def status_text(self) -> str:
        v = self.view
        ph = v.phase
        if self.finished or ph in (ROUND_OVER, GAME_OVER):
            return ""
        me = self.viewer
        name = self.seat_name(me)
        player = self.seat_name(v.turn) if 0 <= v.turn < self.players else ""
        if self.my_turn():
            if ph == TURN:
                return tr("delphi.table.you_string", n=len(self.chosen)) if self.chosen else tr("delphi.table.you_turn", name=name)
            key = YOUR_MOVE.get((ph, "noplay" if v.pending_kind == "noplay" else "play")) or YOUR_MOVE.get(ph)
            if key is not None:
                return tr(key, name=name, player=player, card=v.picked)
        if me is not None and me == v.god and ph in GOD_WATCHES and not v.by_hand:
            return tr("delphi.table.god_watch", status=self.render(self.status_message()))
        if self.may_declare():
            return tr("delphi.table.may_declare", status=self.render(self.status_message()))
        return self.render(self.status_message())

    def info_lines(self, view: DelphiView) -> list[tuple[str, tuple]]:
        """The facts panel: round, God, cards played, when wrong plays
        expel, the Prophet, God's hint, and God's own rule or note."""
        lines = [
            (tr("delphi.ui.round", n=view.round + 1, total=view.rounds), INK),
            (tr("delphi.table.god_is", god=self.god_title(), name=self.seat_name(view.god)), GOLD),
            (tr("delphi.ui.played", n=view.played), INK_DIM),
        ]
        if view.phase in ACTIVE_PHASES:
            if view.prophet < 0 and view.played >= view.expel_after:
                lines.append((tr("delphi.ui.expel_now"), REFUSE))
            else:
                lines.append((tr("delphi.table.expel_from", n=view.expel_after + 1), INK_DIM))
        if view.prophet >= 0:
            lines.append((tr("delphi.ui.prophet_is", player=self.seat_name(view.prophet)), GOLD))
        hint = hint_text(view.hint, view.hint_rule)
        if hint:
            lines.append((tr("delphi.ui.hint", hint=hint), INK))
        if view.rule is not None and view.phase not in (ROUND_OVER, GAME_OVER):
            if view.by_hand:
                lines.append((tr("delphi.table.your_note", note=view.note or tr("delphi.table.no_note")), HIGHLIGHT))
            elif view.rule:
                lines.append((tr("delphi.table.your_rule", rule=view.rule), HIGHLIGHT))
        return lines

    def info_height(self, view: DelphiView) -> int:
        s = self.scale
        rw = sidebar_width(self.app.size, s)
        size = int(15 * s)
        n = sum(len(wrap(t, size, self._info_width(i, rw))) for i, (t, _) in enumerate(self.info_lines(view)))
        return int(16 * s) + n * int(size * 1.3)

    def _info_width(self, i: int, rw: int) -> int:
        # the first three lines leave room for God's deck
        s = self.scale
        return rw - int(24 * s) - (int(50 * s) if i < 3 else 0)

    def face(self, card: Card, width: int) -> pygame.Surface:
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    # --- the static layer ------------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        view = self.view
        L = self.layout()
        facts = [tr("delphi.ui.round", n=view.round + 1, total=view.rounds), tr("delphi.table.god_is", god=self.god_title(), name=self.seat_name(view.god))]
        self.draw_header(surface, tr("delphi.table.title"), facts)
        self._draw_tableau(surface, view, L)
        self._draw_shown(surface, view, L)
        self._draw_info(surface, view, L)
        self._draw_seats(surface, view, L)
        lines = [(None, self.render(m)) for m in view.named_messages([self.seat_name(i) for i in range(self.players)])]
        draw_log(surface, L.log, tr("delphi.table.log"), lines, L.s)
        self._draw_hand(surface, view, L)
        self._draw_status(surface, L)

    def _draw_tableau(self, surface: pygame.Surface, view: DelphiView, L: Layout) -> None:
        s = L.s
        T = L.tableau
        title = tr("delphi.table.main_line_n", n=len(view.main)) if T.overview is not None else tr("delphi.ui.main_line")
        head = text(surface, title, (T.area.x, T.area.y - int(4 * s)), int(14 * s), INK_DIM, anchor="bottomleft", shadow=False)
        note = tr("delphi.table.crowded") if not T.fits else (tr("delphi.table.line_scroll") if T.overview is not None else "")
        if note:
            text(surface, note, (T.area.right, T.area.y - int(4 * s)), int(12 * s), INK_DIM, anchor="bottomright", shadow=False, max_width=T.area.right - head.right - int(16 * s))
        if T.overview is not None:
            self._draw_overview(surface, view, T, s)
        # the row: cards scrolled out of it are cut off (markers stand a little above it)
        clip = surface.get_clip()
        surface.set_clip(T.strip.union(T.strip.move(0, -int(T.cw * 0.2))))
        self._draw_row(surface, view, T, s)
        surface.set_clip(clip)
        # the row goes on beyond its ends: a fade says so
        for edge, more in ((T.strip.x, T.first > 0), (T.strip.right - int(T.cw * 0.35), T.scroll > 0)):
            if more:
                fade = pygame.Surface((int(T.cw * 0.35), T.ch), pygame.SRCALPHA)
                for x in range(fade.get_width()):
                    a = int(150 * (1 - x / fade.get_width())) if edge == T.strip.x else int(150 * x / fade.get_width())
                    pygame.draw.line(fade, (12, 40, 28, a), (x, 0), (x, T.ch))
                surface.blit(fade, (edge, T.strip.y))

    def _draw_overview(self, surface: pygame.Surface, view: DelphiView, T, s: float) -> None:
        """The whole main line as labels; the part in the row framed."""
        ov = T.overview
        under: dict[int, int] = {}
        for sp in view.side:
            under[sp.anchor] = under.get(sp.anchor, 0) + len(sp.cards)
        marked = set(view.white) | set(view.black)
        four = self.app.settings.four_colour
        for i, (c, r) in enumerate(zip(view.main, ov.chips)):
            pygame.draw.rect(surface, (246, 244, 236), r, border_radius=max(2, r.h // 5))
            if i < view.starters:
                pygame.draw.rect(surface, (120, 150, 130), r, 1, border_radius=max(2, r.h // 5))
            if i == view.prophet_anchor and view.prophet >= 0:
                pygame.draw.rect(surface, PROPHET[0], r, max(2, int(2 * s)), border_radius=max(2, r.h // 5))
            text(surface, display(c, self.lang), r.center, ov.font, cardart.suit_colour(c.suit, four), bold=True, anchor="center", shadow=False, max_width=r.w - 2)
            if under.get(i):
                pygame.draw.rect(surface, WRONG_RED, (r.x + 1, r.bottom - max(2, int(3 * s)), min(r.w - 2, under[i] * max(2, int(3 * s))), max(2, int(3 * s))))
            if view.main_nums[i] in marked:  # a white or black marker: a small pawn's head
                fill, edge = BLACK_PAWN if view.main_nums[i] in view.black else WHITE_PAWN
                rad = max(2, int(3.5 * s))
                pygame.draw.circle(surface, fill, (r.right - rad, r.y + rad), rad)
                pygame.draw.circle(surface, edge, (r.right - rad, r.y + rad), rad, 1)
        for f in ov.frames:
            pygame.draw.rect(surface, HIGHLIGHT, f, max(1, int(2 * s)), border_radius=max(3, int(4 * s)))

    def _draw_row(self, surface: pygame.Surface, view: DelphiView, T, s: float) -> None:
        cw = T.cw
        shadow = cardart.shadow(cw)
        # side lines first (they hang below; the main line is drawn over their tops)
        left, right = T.strip.x - cw, T.strip.right
        for j, rects in enumerate(T.side):
            if rects and not left < rects[0].x < right:
                continue  # scrolled out of the row
            for k, (c, r) in enumerate(zip(view.side[j].cards, rects)):
                if not self.anim.hidden(("side", j, k)):
                    surface.blit(shadow, (r.x + 2, r.y + 3))
                    surface.blit(self.face(c, cw), r)
            if len(rects) >= 2 and not self.anim.hidden(("side", j, 0)):
                string_bracket(surface, rects, (240, 220, 160), max(2, int(2 * s)))
        for i, r in enumerate(T.main):
            if i >= len(view.main) or self.anim.hidden(("main", i)) or not left < r.x < right:
                continue
            surface.blit(shadow, (r.x + 2, r.y + 3))
            surface.blit(self.face(view.main[i], cw), r)
            if i < view.starters:
                pygame.draw.rect(surface, (190, 208, 194), r.inflate(4, 4), 1, border_radius=max(3, cw // 10))
        if T.slot is not None:
            surface.blit(cardart.slot(cw, dashed=True, alpha=110), T.slot)
            text(surface, "?", T.slot.center, int(cw * 0.5), (255, 255, 255), bold=True, anchor="center", shadow=False)
        for k, r in enumerate(T.pending):
            if k >= len(view.pending) or self.anim.hidden(("pending", k)):
                continue
            surface.blit(shadow, (r.x + 2, r.y + 3))
            surface.blit(self.face(view.pending[k], cw), r)
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(4, 4), 2, border_radius=max(3, cw // 10))
        if T.pending:
            r0 = T.pending[0]
            text(surface, tr("delphi.table.awaiting"), (r0.x, r0.bottom + int(3 * s)), int(13 * s), HIGHLIGHT, shadow=True, max_width=max(cw * len(T.pending), int(120 * s)))
        # markers: white every 10th card, black after the Prophet, the Prophet's own
        ph = max(12, int(cw * 0.36))
        for kind, nums in (("white", view.white), ("black", view.black)):
            for n in nums:
                r = T.rect_for_number(view, n)
                if r is not None:
                    pawn(surface, (r.right - ph * 0.32, r.y + ph * 0.95), ph, kind)
        if 0 <= view.prophet_anchor < len(T.main) and view.prophet >= 0:
            r = T.main[view.prophet_anchor]
            pawn(surface, (r.x + ph * 0.36, r.bottom - int(2 * s)), int(ph * 1.1), "prophet")

    def tableau_clicked(self, pos: tuple[int, int]) -> bool:
        """A click on the overview brings that card into the row."""
        T = self.layout().tableau
        i = T.overview.index_at(pos) if T.overview is not None else None
        if i is None:
            return False
        self.scroll_line(T.scroll_to(i) - T.scroll)
        return True

    def scroll_line(self, by: int) -> None:
        """Scroll the main line's row ``by`` places back (negative: on)."""
        T = self.layout().tableau
        want = max(0, min(T.places - T.shown, T.scroll + by))
        if want != self.scroll:
            self.scroll = want
            self.touch()

    def _draw_shown(self, surface: pygame.Surface, view: DelphiView, L: Layout) -> None:
        if L.shown is None:
            return
        s = L.s
        panel(surface, L.shown, 150, int(10 * s), GOLD)
        title = tr("delphi.table.shown_hand", player=self.seat_name(view.turn), n=len(view.shown_hand))
        text(surface, title, (L.shown.x + int(12 * s), L.shown.y + int(6 * s)), int(15 * s), GOLD, bold=True, shadow=False, max_width=L.shown.w - int(24 * s))
        picked = list(view.shown_hand).index(view.picked) if view.picked in view.shown_hand else None
        for i, (c, r) in enumerate(zip(view.shown_hand, L.shown_cards)):
            if self.drag.hides(("shown", i)):
                continue
            surface.blit(self.face(c, L.shown_cw), r)
            if i in (self.pick, picked):
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(6, 6), 3, border_radius=6)

    def _draw_info(self, surface: pygame.Surface, view: DelphiView, L: Layout) -> None:
        s = L.s
        panel(surface, L.info, 120, int(10 * s))
        y = L.info.y + int(8 * s)
        for i, (line, colour) in enumerate(self.info_lines(view)):
            y += text_block(surface, line, pygame.Rect(L.info.x + int(12 * s), y, self._info_width(i, L.info.w), 400), int(15 * s), colour, line_gap=1.3)
        # God's deck
        d = L.deck
        for k in range(min(3, (view.deck_size + 19) // 20)):
            surface.blit(cardart.back(d.w), (d.x + k * 2, d.y - k * 2))
        text(surface, str(view.deck_size), (d.centerx, d.bottom + int(2 * s)), int(12 * s), INK_DIM, anchor="midtop", shadow=False)

    def _draw_seats(self, surface: pygame.Surface, view: DelphiView, L: Layout) -> None:
        s = L.s
        panel(surface, L.seats, 110, int(10 * s))
        cur = self.current
        size = int(15 * s) if view.players > 6 else int(16 * s)
        count_w = int(74 * s)
        for seat, row in enumerate(L.seat_rows):
            if seat == cur and not self.finished and view.phase in (*ACTIVE_PHASES, SETRULE):
                pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(7 * s))
            tags = []
            if seat == view.god:
                tags.append(self.god_title())
            if seat == view.prophet:
                tags.append(tr("delphi.table.prophet_tag"))
            if view.expelled[seat]:
                tags.append(tr("delphi.ui.expelled"))
            if self.is_bot(seat):
                tags.append(tr("ui.computer"))
            if seat == self.viewer:
                tags.append(tr("delphi.table.you"))
            colour = GOLD if seat == view.god else (INK_DIM if view.expelled[seat] else INK)
            nr = text(surface, self.seat_name(seat), (row.x + int(8 * s), row.centery), size, colour, bold=seat == cur, anchor="midleft", max_width=int((row.w - count_w) * 0.55))
            if tags:
                text(surface, " · ".join(tags), (nr.right + int(8 * s), row.centery), int(12 * s), INK_DIM, anchor="midleft", shadow=False, max_width=row.right - count_w - nr.right - int(12 * s))
            if seat != view.god:
                n = view.hand_sizes[seat]
                back = cardart.back(int(14 * s))
                x0 = row.right - int(8 * s) - count_w
                for i in range(min(n, 5)):
                    surface.blit(back, (x0 + i * int(14 * s * 0.45), row.centery - back.get_height() // 2))
                text(surface, str(n), (row.right - int(8 * s), row.centery), int(15 * s), INK, bold=True, anchor="midright", shadow=False)

    def _draw_hand(self, surface: pygame.Surface, view: DelphiView, L: Layout) -> None:
        s = L.s
        area = L.hand_area
        if self.viewer is None:
            if view.phase in ACTIVE_PHASES and not self.finished:
                text(surface, tr("delphi.table.no_hand_shown"), area.center, int(16 * s), INK_DIM, anchor="center", shadow=False)
            return
        if view.hand is None:
            text(surface, tr("delphi.table.god_has_no_hand", god=self.god_title()), area.center, int(16 * s), INK_DIM, anchor="center", shadow=False, max_width=area.w)
            return
        hw = L.hand.cw
        held = self.drag.dragging.payload if self.drag.dragging is not None else None
        string_away = self.string_active() and ((held is not None and held[0] == "hand" and held[1] in self.chosen) or self.anim.hidden(("string",)))
        for i, (c, r) in enumerate(zip(view.hand, L.hand.rects)):
            if held == ("hand", i) or self.anim.hidden(("hand", i)) or (i in self.chosen and string_away):
                continue
            surface.blit(cardart.shadow(hw), (r.x + 3, r.y + 5))
            surface.blit(self.face(c, hw), r)
            if i in self.chosen:
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(4, 4), 3, border_radius=8)
                rad = max(9, int(13 * s))
                step = L.hand.rects[1].x - L.hand.rects[0].x if len(L.hand.rects) > 1 else hw
                visible = min(hw, step) if i < len(L.hand.rects) - 1 else hw
                number_badge(surface, (r.x + visible // 2, r.bottom - rad - int(10 * s)), rad, self.chosen.index(i) + 1)
        label = tr("delphi.table.your_hand", name=self.seat_name(self.viewer), n=len(view.hand))
        lr = text(surface, label, (area.x, area.bottom + int(3 * s)), int(13 * s), INK_DIM, shadow=False)
        # the keys beside the hand's name: in a small window the last ones
        # are left out rather than the line shrunk past reading (at 800x500
        # the whole line did not fit even at 9 px)
        room = area.right - lr.right - int(16 * s)
        parts = tr("delphi.table.keys").split(" · ")
        least = font(max(10, int(11 * s)), False)
        while len(parts) > 1 and least.size(" · ".join(parts))[0] > room:
            parts.pop()
        text(surface, " · ".join(parts), (area.right, area.bottom + int(3 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False, max_width=room)

    def _draw_status(self, surface: pygame.Surface, L: Layout) -> None:
        msg = self.status_text()
        if msg:
            mine = self.my_turn()
            text(surface, msg, L.status.center, int(18 * L.s), HIGHLIGHT if mine else INK, bold=mine, anchor="center", max_width=L.status.w)

    # --- the moving parts ------------------------------------------------------------------------
    def draw_dynamic(self, surface: pygame.Surface) -> None:
        L = self.layout()
        if self.drag.dragging is not None and self.drag.legal_zones():
            T = L.tableau
            r = T.slot or (T.pending[0] if T.pending else None)
            if r is not None:
                g = cardart.glow(r.w)
                surface.blit(g, g.get_rect(center=r.center))
            pygame.draw.rect(surface, HIGHLIGHT, T.area.inflate(int(12 * L.s), int(12 * L.s)), 2, border_radius=int(12 * L.s))
        if not self.picking() and self.cursor.valid(len(L.hand.rects)) and self.drag.dragging is None:
            draw_cursor(surface, L.hand.rects[self.cursor.index or 0], L.s)
        self.anim.draw(surface)
        self.drag.draw_dragged(surface)
        b = self.badge
        if b is not None and b.delay <= 0:
            verdict_badge(surface, b.midbottom, b.label, b.right, int(17 * L.s), int(255 * min(1.0, b.ttl / 0.4)))
        self.draw_toasts(surface)

    def draw_over_ui(self, surface: pygame.Surface) -> None:
        """Over the buttons (the app calls this after pygame_gui drew):
        drawn with the table, Play and Clear covered the hint."""
        over = getattr(super(), "draw_over_ui", None)
        if over is not None:
            over(surface)
        self._draw_prophet_hint(surface, self.layout())

    def _draw_prophet_hint(self, surface: pygame.Surface, L: Layout) -> None:
        """Why Declare Prophet is disabled, while the pointer rests on it:
        above the whole block of buttons, so it covers none of them."""
        rect = self.prophet_rect()
        if rect is None or self.viewer is None or not rect.collidepoint(pygame.mouse.get_pos()):
            return
        why = self.game.prophet_blocker(self.match.state, self.viewer)
        if why is None:
            return
        s = L.s
        msg = self.render(why)
        width = int(340 * s)
        hh = len(wrap(msg, int(15 * s), width - int(20 * s))) * int(15 * s * 1.3) + int(16 * s)
        r = pygame.Rect(rect.right - width, min(rect.y, L.buttons.y) - hh - int(8 * s), width, hh)
        panel(surface, r, 235, int(8 * s), GOLD)
        text_block(surface, msg, r.inflate(-int(20 * s), -int(16 * s)), int(15 * s), INK)
