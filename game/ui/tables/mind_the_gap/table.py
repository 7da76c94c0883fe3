"""The Mind the Gap / Lückenlos table: the pyramid as a brick wall, the hand
at the bottom, stock and fanned discard pile, the team's coins.

Input becomes engine actions: a hand card dropped on a gap is ``place``,
on the discard pile ``discard`` (after "pay a coin?"), a pyramid card
dropped on the discard pile is ``takeback`` (after "pay a coin?").  Legal
gaps glow while dragging because they are found in ``legal_actions``; an
illegal drop flies back and shows the engine's reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

from game.cards import Card, rank_text
from game.engine import IllegalAction, Message
from game.games import mind_the_gap as mtg
from game.games.mind_the_gap.help import used_copies
from game.games.mind_the_gap.policy import fold_result
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE
from game.ui.dragdrop import PENDING, DragDrop, Source, Zone
from game.ui.table import ResultScene, TableScene
from game.ui.widgets import coin, felt, panel, text, text_block

PLACE, DISCARD, TAKEBACK, PASS = "place", "discard", "takeback", "pass"


@dataclass
class Layout:
    scale: float
    top_h: int
    places: dict[int, pygame.Rect] = field(default_factory=dict)
    pw: int = 90
    hand: list[pygame.Rect] = field(default_factory=list)
    hw: int = 100
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    discard_zone: pygame.Rect = field(default_factory=pygame.Rect)
    discard_cards: list[pygame.Rect] = field(default_factory=list)
    dw: int = 56
    tally: pygame.Rect = field(default_factory=pygame.Rect)
    seats: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    buttons: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)


def compute_layout(size, scale: float, view) -> Layout:
    w, h = size
    s = scale
    L = Layout(scale=s, top_h=int(58 * s))
    shape = view.shape
    rows = shape.rows
    # hand along the bottom
    n_hand = max(1, len(view.hand))
    L.hw = int(min(104 * s, (w * 0.56) / max(5, n_hand) * 0.95))
    hh = int(L.hw * cardart.ASPECT)
    hand_y = h - hh - int(22 * s)
    gap = int(L.hw * 0.12)
    total = n_hand * L.hw + (n_hand - 1) * gap
    hx = int(w * 0.42) - total // 2
    L.hand = [pygame.Rect(hx + i * (L.hw + gap), hand_y, L.hw, hh) for i in range(len(view.hand))]
    L.status = pygame.Rect(int(w * 0.12), hand_y - int(46 * s), int(w * 0.60), int(34 * s))
    # the pyramid between the top bar and the status line
    avail_h = L.status.y - L.top_h - int(18 * s)
    vgap = 0.07
    pw = int(avail_h / (rows * cardart.ASPECT + (rows - 1) * vgap))
    pw = min(pw, int(112 * s), int((w * 0.5) / (rows + (rows - 1) * 0.14)))
    L.pw = pw
    ph = int(pw * cardart.ASPECT)
    hgap = int(pw * 0.14)
    cx = int(w * 0.42)
    top = L.top_h + int(10 * s) + max(0, (avail_h - (rows * ph + (rows - 1) * int(ph * vgap))) // 2)
    for p, (r, c) in enumerate(shape.coords):
        x = cx + int((c - r / 2) * (pw + hgap)) - pw // 2
        y = top + r * (ph + int(ph * vgap))
        L.places[p] = pygame.Rect(x, y, pw, ph)
    # right column: stock, discard pile, used ranks
    rx = int(w * 0.73)
    rw = w - rx - int(18 * s)
    L.dw = int(min(58 * s, rw / 6.2))
    dh = int(L.dw * cardart.ASPECT)
    L.stock = pygame.Rect(rx, L.top_h + int(34 * s), L.dw, dh)
    L.discard_zone = pygame.Rect(rx, L.stock.bottom + int(40 * s), rw, int(h * 0.42))
    per_row = max(1, int((rw - L.dw) / (L.dw * 0.44)) + 1)
    step_x = L.dw * 0.44
    step_y = dh * 0.5
    n = max(1, len(view.discard))
    rows_needed = (n + per_row - 1) // per_row
    if rows_needed * step_y + dh > L.discard_zone.h:
        step_y = max(dh * 0.28, (L.discard_zone.h - dh) / max(1, rows_needed - 1))
    L.discard_cards = [
        pygame.Rect(int(rx + (i % per_row) * step_x), int(L.discard_zone.y + int(6 * s) + (i // per_row) * step_y), L.dw, dh)
        for i in range(len(view.discard))
    ]
    L.tally = pygame.Rect(rx, L.discard_zone.bottom + int(12 * s), rw, int(70 * s))
    # left column: seats and the log
    L.seats = pygame.Rect(int(18 * s), L.top_h + int(14 * s), int(w * 0.2), int(60 * s) * view.players + int(10 * s))
    L.log = pygame.Rect(int(18 * s), L.seats.bottom + int(16 * s), int(w * 0.2), int(h * 0.3))
    L.buttons = pygame.Rect(int(w * 0.73), h - int(120 * s), w - int(w * 0.73) - int(18 * s), int(100 * s))
    return L


class MtgTable(TableScene):
    game_id = "mind-the-gap"
    name = "mind-the-gap-table"

    def __init__(self, app, runner, meta=None) -> None:
        super().__init__(app, runner, meta)
        self.meta.setdefault("helper", False)
        self.meta.setdefault("helper_used", False)
        self.secret_hands = not self.state.open_hands
        self._help_cache = None
        mtg.prepare(self.state)  # build this target's pyramid table now, not on the first help
        self.drag = DragDrop(
            sources=self._sources,
            zones=self._zones,
            legal=self._legal_for,
            drop=self._drop,
            animator=self.anim,
            on_refused=self.refuse,
        )

    # --- model views ------------------------------------------------------------------
    def board(self):
        return self.view

    def help(self):
        key = id(self.state)
        if self._help_cache is None or self._help_cache[0] != key:
            self._help_cache = (key, mtg.analyse(self.state_public()))
        return self._help_cache[1]

    def state_public(self):
        """Help reads only what lies on the table; a view holds all of it."""
        return self.game.view(self.state, None)

    def layout(self) -> Layout:
        key = (self.app.size, self.app.scale, id(self.state), len(self.runner.states), self.viewer)
        if getattr(self, "_layout_key", None) != key:
            self._layout = self.adjust_layout(compute_layout(self.app.size, self.app.scale, self.view))
            self._layout_key = key
        return self._layout

    def adjust_layout(self, L: Layout) -> Layout:
        """Hook for variants of this table (the tutorial makes room)."""
        return L

    def my_turn(self) -> bool:
        return self.viewer is not None and self.current == self.viewer and not self.finished

    # --- drag and drop --------------------------------------------------------------------
    def _sources(self):
        if not self.my_turn():
            return []
        L = self.layout()
        out = []
        for card, r in zip(self.view.hand, L.hand):
            out.append(Source(r, ("hand", card), self._face(card, L.hw)))
        for p, c in enumerate(self.view.places):
            if p != 0 and c is not None:
                out.append(Source(L.places[p], ("pyr", p), self._face(c, L.pw)))
        return out

    def _zones(self):
        L = self.layout()
        zs = [Zone(r, ("place", p)) for p, r in L.places.items() if p != 0]
        zs.append(Zone(L.discard_zone, ("discard",)))
        return zs

    def _legal_for(self, payload):
        if not self.my_turn():
            return []
        legal = self.game.legal_actions(self.state)
        out = []
        if payload[0] == "hand":
            card = payload[1]
            for a in legal:
                if a.kind == PLACE and a.card == card:
                    out.append(("place", a.place))
                elif a.kind == DISCARD and a.card == card:
                    out.append(("discard",))
        else:
            if any(a.kind == TAKEBACK and a.place == payload[1] for a in legal):
                out.append(("discard",))
        return out

    def _drop(self, payload, zone):
        if not self.my_turn():
            return None
        if payload[0] == "hand":
            card = payload[1]
            if zone[0] == "place":
                return self.try_action(mtg.Action(PLACE, card, zone[1]))
            return self._ask_coin(mtg.Action(DISCARD, card))
        if zone[0] == "discard":
            return self._ask_coin(mtg.Action(TAKEBACK, None, payload[1]))
        return Message("mind_the_gap.ui.takeback_only_to_discard")

    def _ask_coin(self, act):
        """A discard or a take-back costs a coin: ask first.  The engine's
        reason when it is not allowed, else PENDING."""
        if act not in self.game.legal_actions(self.state):
            try:
                self.game.apply(self.state, act)
            except IllegalAction as e:
                return e.reason
        if act.kind == DISCARD:
            body = tr("mind_the_gap.ui.pay_coin_discard", card=act.card, coins=self.state.coins)
        else:
            body = tr("mind_the_gap.ui.pay_coin_takeback", card=self.state.places[act.place], coins=self.state.coins)
        self.confirm(
            tr("mind_the_gap.ui.pay_coin_title"),
            body,
            lambda: self._do(act),
            yes=tr("mind_the_gap.ui.pay_coin_yes"),
            no=tr("ui.cancel"),
        )
        return PENDING

    def _do(self, act) -> None:
        L = self.layout()
        before = self.state
        if act.kind == DISCARD:
            i = list(self.view.hand).index(act.card) if act.card in self.view.hand else 0
            start = L.hand[i].topleft if i < len(L.hand) else L.stock.topleft
            card = act.card
        else:
            start = L.places[act.place].topleft
            card = before.places[act.place]
        err = self.try_action(act)
        if err is not None:
            self.refuse(err)
            return
        self.app.play_sound("coin")
        L2 = self.layout()
        if L2.discard_cards:
            end = L2.discard_cards[-1].topleft
            self.anim.fly(self._face(card, L2.dw), start, end, 0.22, hide=("discard", len(self.view.discard) - 1))

    def _face(self, card: Card, width: int):
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    # --- actions from buttons and keys ---------------------------------------------------------
    def toggle_helper(self) -> None:
        self.touch()
        self.meta["helper"] = not self.meta["helper"]
        if self.meta["helper"]:
            self.meta["helper_used"] = True
        self.autosave()
        self.rebuild()

    def do_pass(self) -> None:
        if not self.my_turn():
            return
        err = self.try_action(mtg.Action(PASS))
        if err is not None:
            self.refuse(err)

    def can_pass(self) -> bool:
        return self.my_turn() and any(a.kind == PASS for a in self.game.legal_actions(self.state))

    def rebuild(self) -> None:
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep

    def build_ui(self) -> None:
        w = self.app.size[0]
        s = self.app.scale
        bh = int(38 * s)
        self.button((w - int(130 * s), int(10 * s), int(112 * s), bh), tr("ui.menu"), self.leave, focus=True)
        self.button((w - int(252 * s), int(10 * s), int(112 * s), bh), tr("ui.rules_button"), self.open_rules)
        L = self.layout()
        bx, by, bw = L.buttons.x, L.buttons.y, L.buttons.w
        helper_label = tr("mind_the_gap.ui.helper_on") if self.meta["helper"] else tr("mind_the_gap.ui.helper_off")
        self.helper_button = self.button((bx, by, bw, bh), helper_label, self.toggle_helper)
        if self.meta["helper"]:
            self.helper_button.select()
        self.pass_button = self.button((bx, by + bh + int(10 * s), bw, bh), tr("mind_the_gap.ui.pass"), self.do_pass, enabled=self.can_pass())

    def open_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, "mind-the-gap"))

    def on_viewer_changed(self) -> None:
        self.drag.cancel()
        super().on_viewer_changed()

    def on_action(self, before, action) -> None:
        self.drag.cancel()
        self.rebuild()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.drag.active is None and self.drag.cursor is None:
                self.leave()
                return
            if event.key == pygame.K_h:
                self.toggle_helper()
                return
            if event.key == pygame.K_p and self.can_pass():
                self.do_pass()
                return
            picked = self.drag.selected.payload if self.drag.selected is not None else None
            if picked is not None and (event.key, picked[0]) in ((pygame.K_d, "hand"), (pygame.K_t, "pyr")):
                act = mtg.Action(DISCARD, picked[1]) if picked[0] == "hand" else mtg.Action(TAKEBACK, None, picked[1])
                res = self._ask_coin(act)
                self.drag.cancel()
                if res is not PENDING and res is not None:
                    self.refuse(res)
                return
            if event.key == pygame.K_TAB:
                self.drag.cursor = None
        if self.drag.handle_event(event):
            if event.type == pygame.KEYDOWN:
                self.focus_index = None
            return
        super().handle_event(event)

    # --- computer teammates ---------------------------------------------------------------
    def animate_bot_action(self, seat: int, action) -> None:
        L = self.layout()
        src = self._seat_anchor(L, seat)
        if action.kind == PLACE:
            img = self._face(action.card, L.pw)
            self.anim.fly(img, src, L.places[action.place].topleft, 0.55, hide=("place", action.place))
        elif action.kind == DISCARD:
            img = self._face(action.card, L.dw)
            n = len(self.view.discard)
            L2 = compute_layout(self.app.size, self.app.scale, self._view_with_discard(action.card))
            end = L2.discard_cards[n].topleft if n < len(L2.discard_cards) else L.discard_zone.topleft
            self.anim.fly(img, src, end, 0.55, hide=("discard", n))
        elif action.kind == TAKEBACK:
            card = self.state.places[action.place]
            img = self._face(card, L.dw)
            n = len(self.view.discard)
            self.anim.fly(img, L.places[action.place].topleft, L.discard_zone.topleft, 0.45, hide=("discard", n))

    def _view_with_discard(self, card):
        v = self.view
        return replace(v, discard=v.discard + (card,))

    def _seat_anchor(self, L: Layout, seat: int):
        return (L.seats.x + L.seats.w - L.pw // 2, L.seats.y + int(60 * L.scale) * seat)

    # --- end of a game -------------------------------------------------------------------
    def result_lines(self, outcome) -> list[str]:
        lines = [outcome.reason.render(self.lang) if isinstance(outcome.reason, Message) else str(outcome.reason)]
        lines.append(tr("mind_the_gap.ui.coins_left", n=self.state.coins))
        series = self.series()
        if series is not None:
            lines.append(tr("mind_the_gap.ui.series_score", done=series.index, total=series.total, length=series.length))
        if self.meta.get("helper_used"):
            lines.append("· " + tr("mind_the_gap.ui.helper_marked"))
        return lines

    def series(self):
        return mtg.series_in(self.meta)

    def show_result(self, outcome) -> None:
        from game.ui.tables.mind_the_gap import new_deal, next_in_series, play_again

        won = bool(outcome.won)
        series = self.series()
        if series is not None:
            series = series.with_result(mtg.points_for(won, self.state.coins))
            self.meta["series"] = series.to_json()
        title = tr("mind_the_gap.ui.won") if won else tr("mind_the_gap.ui.lost")
        lines = self.result_lines(outcome)
        if series is not None and series.done:
            lines.append(tr("mind_the_gap.ui.series_done", total=series.total))
        buttons = []
        if series is not None and not series.done:
            buttons.append((tr("mind_the_gap.ui.next_pyramid"), lambda: next_in_series(self.app, self)))
        else:
            buttons.append((tr("ui.play_again"), lambda: play_again(self.app, self)))
        buttons.append((tr("ui.new_deal"), lambda: new_deal(self.app, self)))
        buttons.append((tr("ui.menu"), self.app.to_menu))
        self.app.play_sound("win" if won else "refuse")
        self.app.push(ResultScene(self.app, title, lines, buttons, won=won, where="right"))

    def update_stats(self, st: dict, outcome) -> None:
        fold_result(st, self.state, outcome, self.meta)  # the match policy's fold

    # --- drawing -----------------------------------------------------------------------------
    def static_key(self) -> tuple:
        d = self.drag
        return super().static_key() + (
            d.dragging.payload if d.dragging else None,
            d.selected.payload if d.selected else None,
            d.active is not None,
            self.meta.get("helper"),
            len(self.log),
        )

    def draw_static(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        view = self.view
        L = self.layout()
        self._draw_top(surface, view, L)
        self._draw_seats(surface, view, L)
        self._draw_pyramid(surface, view, L)
        self._draw_right(surface, view, L)
        self._draw_hand(surface, view, L)
        self._draw_status(surface, view, L)

    def draw_dynamic(self, surface) -> None:
        self.drag.draw_targets(surface)
        self.anim.draw(surface)
        self.drag.draw_dragged(surface)
        self.draw_toasts(surface)

    def _draw_top(self, surface, view, L: Layout) -> None:
        s = L.scale
        w = surface.get_width()
        panel(surface, pygame.Rect(0, 0, w, L.top_h), 120, 0)
        name = tr("mind_the_gap.ui.title")
        level = tr(f"mind_the_gap.ui.level.{view.level}")
        variants = []
        if view.small:
            variants.append(tr("mind_the_gap.ui.small"))
        if view.jokers:
            variants.append(tr("mind_the_gap.ui.jokers"))
        sub = " · ".join([level] + variants + [tr("mind_the_gap.ui.deal", n=self.runner.seed)])
        text(surface, name, (int(18 * s), int(8 * s)), int(22 * s), INK, bold=True)
        text(surface, sub, (int(18 * s), int(34 * s)), int(14 * s), INK_DIM, shadow=False)
        # coins, as coins
        r = int(11 * s)
        n = view.coins
        x0 = int(w * 0.33)
        label = tr("mind_the_gap.ui.coins", n=n)
        lr = text(surface, label, (x0, L.top_h // 2), int(18 * s), GOLD, bold=True, anchor="midleft")
        start = max(n, int(self.runner.options.get("coins", n)))
        for i in range(min(start, 20)):
            coin(surface, (lr.right + int(16 * s) + i * int(r * 1.55), L.top_h // 2), r, spent=i >= n)

    def _draw_seats(self, surface, view, L: Layout) -> None:
        s = L.scale
        panel(surface, L.seats, 110, int(10 * s))
        cur = self.current
        for seat in range(view.players):
            y = L.seats.y + int(8 * s) + seat * int(60 * s)
            row = pygame.Rect(L.seats.x + int(6 * s), y, L.seats.w - int(12 * s), int(54 * s))
            if seat == cur and not self.finished:
                pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(8 * s))
            who = self.seat_name(seat) + (" · " + tr("ui.computer") if self.is_bot(seat) else "")
            text(surface, who, (row.x + int(10 * s), row.y + int(6 * s)), int(16 * s), INK, bold=seat == cur, max_width=row.w - int(20 * s))
            count = view.hand_counts[seat]
            text(surface, tr("mind_the_gap.ui.cards_in_hand", n=count), (row.x + int(10 * s), row.y + int(30 * s)), int(13 * s), INK_DIM, shadow=False)
            bw = int(16 * s)
            for i in range(count):
                img = cardart.back(bw)
                surface.blit(img, (row.right - int(10 * s) - (count - i) * int(bw * 0.55) - bw // 2, row.y + int(12 * s)))
        # the log
        if self.log:
            panel(surface, L.log, 90, int(10 * s))
            y = L.log.y + int(8 * s)
            text(surface, tr("mind_the_gap.ui.log"), (L.log.x + int(10 * s), y), int(14 * s), GOLD, bold=True, shadow=False)
            y += int(22 * s)
            for line in reversed(self.log[-8:]):
                used = text_block(surface, line, pygame.Rect(L.log.x + int(10 * s), y, L.log.w - int(20 * s), 200), int(13 * s), INK_DIM)
                y += used + int(2 * s)
                if y > L.log.bottom - int(20 * s):
                    break

    def _draw_pyramid(self, surface, view, L: Layout) -> None:
        s = L.scale
        helper = self.meta.get("helper")
        info = self.help() if helper else None
        for p, r in L.places.items():
            c = view.places[p]
            if c is not None and not self.anim.hidden(("place", p)) and not self.drag.hides(("pyr", p)):
                surface.blit(cardart.shadow(L.pw), (r.x + 2, r.y + 4))
                surface.blit(self._face(c, L.pw), r)
                if p == 0:
                    text(surface, tr("mind_the_gap.ui.target"), (r.centerx, r.y - int(2 * s)), int(13 * s), GOLD, bold=True, anchor="midbottom")
            elif c is None:
                surface.blit(cardart.slot(L.pw, dashed=True, alpha=90), r)
                if info is not None:
                    vals = info.gaps.get(p, ())
                    self._draw_gap_help(surface, r, vals, s)
        if info is not None:
            msg = tr("mind_the_gap.ui.pyramids_left", n=info.finished)
            colour = INK if info.finished else REFUSE
            r0 = L.places[0]
            text_block(surface, msg, pygame.Rect(r0.right + int(18 * s), r0.y + int(8 * s), int(190 * s), r0.h), int(15 * s), colour)

    def _draw_gap_help(self, surface, r: pygame.Rect, vals, s: float) -> None:
        if not vals:
            pygame.draw.line(surface, REFUSE, (r.x + 10, r.y + 10), (r.right - 10, r.bottom - 10), max(2, int(3 * s)))
            pygame.draw.line(surface, REFUSE, (r.right - 10, r.y + 10), (r.x + 10, r.bottom - 10), max(2, int(3 * s)))
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

    def _draw_right(self, surface, view, L: Layout) -> None:
        s = L.scale
        # stock
        if view.stock_count:
            for i in range(min(4, view.stock_count)):
                surface.blit(cardart.back(L.dw), (L.stock.x + i * 2, L.stock.y - i * 2))
        else:
            surface.blit(cardart.slot(L.dw), L.stock)
        text(surface, tr("mind_the_gap.ui.stock", n=view.stock_count), (L.stock.right + int(14 * s), L.stock.centery), int(16 * s), INK, anchor="midleft")
        # discard pile, fanned so every card shows its index
        z = L.discard_zone
        panel(surface, z, 60, int(10 * s), (255, 255, 255) if self.drag.active else None)
        text(surface, tr("mind_the_gap.ui.discard_pile", n=len(view.discard)), (z.x, z.y - int(4 * s)), int(14 * s), INK_DIM, anchor="bottomleft")
        if not view.discard:
            text(surface, tr("mind_the_gap.ui.discard_hint"), z.center, int(14 * s), INK_DIM, anchor="center", shadow=False, max_width=z.w - 10)
        for i, (c, r) in enumerate(zip(view.discard, L.discard_cards)):
            if not self.anim.hidden(("discard", i)):
                surface.blit(self._face(c, L.dw), r)
        # used ranks: for each rank, how many of its copies are gone
        used = used_copies(view)
        t = L.tally
        lo = 0 if view.jokers else 1
        ranks = list(range(lo, 14))
        cw = t.w / len(ranks)
        text(surface, tr("mind_the_gap.ui.used_ranks"), (t.x, t.y), int(13 * s), INK_DIM, shadow=False)
        for i, v in enumerate(ranks):
            cx = int(t.x + cw * (i + 0.5))
            lab = rank_text(v, self.lang) if v else "★"
            gone = used[v]
            cap = 2 if v == 0 else 4
            colour = REFUSE if gone >= cap else INK
            text(surface, lab, (cx, t.y + int(20 * s)), int(15 * s), colour, bold=True, anchor="midtop", shadow=False)
            for k in range(cap):
                cy = t.y + int(44 * s) + k * int(10 * s)
                pygame.draw.circle(surface, (226, 96, 80) if k < gone else (220, 230, 220), (cx, cy), max(2, int(3.8 * s)), 0 if k < gone else max(1, int(1.2 * s)))

    def _draw_hand(self, surface, view, L: Layout) -> None:
        s = L.scale
        if self.viewer is None:
            return
        for card, r in zip(view.hand, L.hand):
            if self.drag.hides(("hand", card)) or self.anim.hidden(("hand", card)):
                continue
            lift = int(10 * s) if self.drag.selected is not None and self.drag.selected.payload == ("hand", card) else 0
            surface.blit(cardart.shadow(L.hw), (r.x + 3, r.y + 5 - lift))
            surface.blit(self._face(card, L.hw), (r.x, r.y - lift))
        label = tr("mind_the_gap.ui.your_hand", name=self.seat_name(self.viewer))
        if L.hand:
            text(surface, label, (L.hand[0].x, L.hand[0].bottom + int(2 * s)), int(13 * s), INK_DIM, shadow=False)
        # on Easy, partners' open hands beside the seat list
        if view.level == "easy":
            y = L.log.y if not self.log else L.log.bottom + int(8 * s)
            for seat in range(view.players):
                if seat == self.viewer or view.hands[seat] is None:
                    continue
                text(surface, self.seat_name(seat), (L.seats.x, y), int(13 * s), INK_DIM, shadow=False)
                y += int(18 * s)
                mw = int(30 * s)
                for i, c in enumerate(view.hands[seat]):
                    surface.blit(self._face(c, mw), (L.seats.x + i * int(mw * 0.8), y))
                y += int(mw * cardart.ASPECT) + int(8 * s)

    def _draw_status(self, surface, view, L: Layout) -> None:
        s = L.scale
        if self.finished:
            msg = ""
        elif self.viewer is not None and self.current == self.viewer:
            msg = tr("mind_the_gap.ui.your_turn", name=self.seat_name(self.viewer), coins=view.coins)
        else:
            msg = tr("mind_the_gap.ui.waiting", name=self.seat_name(self.current))
        if self.meta.get("helper"):
            dead = self.help().dead
            if dead is not None:
                msg = dead.message().render(self.lang)
        if msg:
            text(surface, msg, L.status.center, int(16 * s), INK, anchor="center", max_width=L.status.w)

    def prepare_shot(self) -> None:
        """For the screenshot tool: nothing to add."""
