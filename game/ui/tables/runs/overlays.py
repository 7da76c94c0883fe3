"""The round summary and the end of a game of Runs, drawn over the table.

The summary is the round's score sheet, one row per seat: points for cards
played, finishing bonus, the cards left in hand (now shown to everyone)
and their penalty, the round's total and the game total so far.  Between
rounds it offers "Next round" (N) and, in a game played until the table
stops, "End the game".  After the last round it leads to the final scores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.engine.core import Outcome
from game.games.runs.policy import join_names, num, signed
from game.games.runs.rules import OPEN_ENDED
from game.games.runs.state import PHASE_BREAK, RunsView, leaders, standings
from game.i18n import tr
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.kit.host import TableHost
from game.ui.kit.overlay import Overlay
from game.ui.scene import AppServices, ButtonSpec
from game.ui.tables.runs.layout import seat_colour
from game.ui.widgets import panel, text, text_block, wrap


class SheetTable(TableHost[RunsView], Protocol):
    """What a sheet asks of the table under it (the Runs table; a protocol,
    as the table opens the sheets)."""

    def kind_label(self, seat: int) -> str: ...

    def proceed(self) -> None: ...

    def stop_game(self) -> None: ...

    def confirm(self, title: str, body: str, on_yes: Callable[[], None], yes: str | None = None, no: str | None = None, *, destructive: bool = False) -> None: ...

    def show_final(self, outcome: Outcome) -> None: ...


AUTO_NEXT = 3.0  # seconds before an all-computer table deals again


def out_words(finish: Sequence[int], bonus: Sequence[int], seat: int) -> str:
    """How ``seat``, out of the round, is labelled: its place in ``finish``
    (the order the engine saw the seats go out) with the finishing bonus
    the engine gave it, or just "out" past the places with a bonus."""
    if not bonus[seat]:
        return tr("runs.table.out")
    return tr(f"runs.table.out_{finish.index(seat) + 1}", bonus=bonus[seat])


def _head(surface: pygame.Surface, label: str, right: int, width: int, y: int, size: int) -> None:
    """A column heading, right-aligned, wrapped onto at most two lines."""
    lines = wrap(label, size, width)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    yy = y if len(lines) > 1 else y + size // 2
    for line in lines:
        text(surface, line, (right, yy), size, INK_DIM, anchor="topright", shadow=False, max_width=width)
        yy += int(size * 1.2)


class Sheet(Overlay):
    """A score sheet over the table, in the middle of the screen: ``share``
    of its width but at most ``widest``, one row of ``row_h`` per seat and
    ``frame`` for the title and the buttons (sizes at scale 1)."""

    share, widest, row_h, frame = 0.9, 1040, 38, 250

    def __init__(self, app: AppServices, table: SheetTable) -> None:
        super().__init__(app)
        self.table = table

    def _rect(self) -> pygame.Rect:
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * self.share, self.widest * s))
        ph = int(self.frame * s) + self.table.players * int(self.row_h * s)
        return pygame.Rect(w // 2 - pw // 2, max(int(10 * s), h // 2 - ph // 2), pw, min(ph, h - int(20 * s)))

    def draw_panel(self, surface: pygame.Surface) -> None:
        r = self._rect()
        s = self.app.scale
        panel(surface, r, 240, int(16 * s), GOLD)
        self.draw_sheet(surface, self.table, self.table.view, r, s)

    def draw_sheet(self, surface: pygame.Surface, t: SheetTable, v: RunsView, r: pygame.Rect, s: float) -> None:
        """The sheet inside its panel ``r``."""


class RoundSummaryScene(Sheet):
    """The sheet of the round just finished (the last of ``view.history``);
    with ``outcome`` it is the last round's, leading to the final scores."""

    name = "runs-round-summary"
    dim_alpha = 120
    share, widest, row_h, frame = 0.92, 1100, 48, 270

    def __init__(self, app: AppServices, table: SheetTable, outcome: Outcome | None = None) -> None:
        super().__init__(app, table)
        self.outcome = outcome
        self.final = outcome is not None
        self.result = table.view.history[-1]
        self.auto_left = AUTO_NEXT if not table.match.people() and not self.final else None

    # --- layout -------------------------------------------------------------------------------
    def _columns(self, r: pygame.Rect, s: float) -> dict[str, int]:
        """Right edges of the number columns and the span of the hand column."""
        x = r.x + int(24 * s)
        name_w = int(min(210 * s, r.w * 0.2))
        col = int(118 * s)
        return {
            "name": x,
            "played": x + name_w + col,
            "bonus": x + name_w + 2 * col,
            "hand0": x + name_w + 2 * col + int(26 * s),
            "hand1": r.right - int(24 * s) - 2 * col - int(80 * s),
            "penalty": r.right - int(24 * s) - 2 * col,
            "round": r.right - int(24 * s) - col,
            "total": r.right - int(24 * s),
            "col": col,
        }

    def build_ui(self) -> None:
        r = self._rect()
        s = self.app.scale
        bw, bh = int(230 * s), int(46 * s)
        y = r.bottom - bh - int(18 * s)
        if self.final:
            primary = ButtonSpec("final", tr("runs.table.final_scores"), self.final_scores, primary=True)
        else:
            primary = ButtonSpec("next", tr("runs.ui.next_round") + " (N)", self.next_round, primary=True)
            if self.table.view.rounds == OPEN_ENDED:
                self.spec_button(ButtonSpec("stop", tr("runs.ui.stop"), self.ask_stop, destructive=True), (r.right - 2 * bw - int(36 * s), y, bw, bh))
        self.spec_button(ButtonSpec("menu", tr("ui.menu"), self.table.leave), (r.x + int(24 * s), y, int(150 * s), bh))
        b = self.spec_button(primary, (r.right - bw - int(24 * s), y, bw, bh))
        if self.focused() is None:
            self.focus(b)

    # --- actions ------------------------------------------------------------------------------
    def next_round(self) -> None:
        if self.table.view.phase != PHASE_BREAK:
            return
        self.app.pop()
        self.table.proceed()

    def ask_stop(self) -> None:
        """End an open-ended game here, after asking (the safe answer first)."""
        self.table.confirm(
            tr("runs.table.stop_title"),
            tr("runs.table.stop_body", round=self.result.round),
            self._stop,
            yes=tr("runs.ui.stop"),
            no=tr("ui.cancel"),
            destructive=True,
        )

    def _stop(self) -> None:
        self.app.pop()
        self.table.stop_game()

    def final_scores(self) -> None:
        assert self.outcome is not None
        self.app.pop()
        self.table.show_final(self.outcome)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_n and not self.final:
                self.next_round()
                return
            if event.key == pygame.K_ESCAPE:
                self.table.leave()
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.auto_left is not None:
            self.auto_left -= dt * (1.0 if self.app.settings.animation_factor > 0 else 10.0)
            if self.auto_left <= 0:
                self.auto_left = None
                self.next_round()

    # --- drawing ------------------------------------------------------------------------------
    def draw_sheet(self, surface: pygame.Surface, t: SheetTable, v: RunsView, r: pygame.Rect, s: float) -> None:
        res = self.result
        if v.rounds == OPEN_ENDED:
            title = tr("runs.table.summary_title_open", round=res.round)
        else:
            title = tr("runs.table.summary_title", round=res.round, rounds=v.rounds)
        text(surface, title, (r.centerx, r.y + int(16 * s)), int(30 * s), GOLD, bold=True, anchor="midtop", max_width=r.w - int(40 * s))
        why = tr("runs.table.why." + res.reason)
        text_block(surface, why, pygame.Rect(r.x + int(40 * s), r.y + int(60 * s), r.w - int(80 * s), int(40 * s)), int(16 * s), INK_DIM, align="center")
        c = self._columns(r, s)
        y = r.y + int(106 * s)
        hs = int(13 * s)
        text(surface, tr("runs.table.col.player"), (c["name"], y + hs), hs, INK_DIM, anchor="midleft", shadow=False)
        cw = c["col"] - int(12 * s)
        _head(surface, tr("runs.summary.played"), c["played"], cw, y, hs)
        _head(surface, tr("runs.summary.bonus"), c["bonus"], cw, y, hs)
        text(surface, tr("runs.summary.penalty"), (c["hand0"], y + hs), hs, INK_DIM, anchor="midleft", shadow=False, max_width=c["penalty"] - c["hand0"])
        _head(surface, tr("runs.summary.round_total"), c["round"], cw, y, hs)
        _head(surface, tr("runs.summary.game_total"), c["total"], cw, y, hs)
        y += int(34 * s)
        pygame.draw.line(surface, (90, 120, 100), (r.x + int(20 * s), y), (r.right - int(20 * s), y), 1)
        y += int(8 * s)
        totals = v.base
        best_round = leaders(res.totals)
        mw = int(28 * s)
        for seat in range(t.players):
            row_h = int(48 * s)
            cy = y + row_h // 2
            pygame.draw.circle(surface, seat_colour(seat), (c["name"] + int(6 * s), cy - int(7 * s)), int(5 * s))
            text(surface, t.seat_name(seat), (c["name"] + int(18 * s), cy - int(16 * s)), int(17 * s), INK, bold=True, shadow=False, max_width=c["played"] - int(100 * s) - c["name"])
            sub = t.kind_label(seat)
            if seat in res.finish:
                sub = out_words(res.finish, res.bonus, seat)
            text(surface, sub, (c["name"] + int(18 * s), cy + int(4 * s)), int(12 * s), INK_DIM, shadow=False, max_width=c["played"] - int(100 * s) - c["name"])
            text(surface, signed(res.played[seat]), (c["played"], cy), int(18 * s), INK, anchor="midright", shadow=False)
            text(surface, signed(res.bonus[seat]) if res.bonus[seat] else "–", (c["bonus"], cy), int(18 * s), GOLD if res.bonus[seat] else INK_DIM, anchor="midright", shadow=False)
            # the cards left in hand, small, then the penalty
            left = res.left[seat]
            span = c["hand1"] - c["hand0"]
            if left:
                step = min(mw * 0.62, (span - mw) / max(1, len(left) - 1)) if len(left) > 1 else 0
                for i, card in enumerate(left):
                    img = t.face(card, mw)
                    surface.blit(img, (int(c["hand0"] + i * step), cy - img.get_height() // 2))
            else:
                text(surface, tr("runs.table.empty_hand"), (c["hand0"], cy), int(14 * s), INK_DIM, anchor="midleft", shadow=False)
            pen = res.penalty[seat]
            text(surface, f"−{pen}" if pen else "–", (c["penalty"], cy), int(18 * s), (236, 140, 120) if pen else INK_DIM, anchor="midright", shadow=False)
            rt = res.totals[seat]
            text(surface, signed(rt), (c["round"], cy), int(18 * s), GOLD if seat in best_round else INK, bold=True, anchor="midright", shadow=False)
            text(surface, num(totals[seat]), (c["total"], cy), int(20 * s), INK, bold=True, anchor="midright", shadow=False)
            y += row_h
        # who leads the next round
        y += int(6 * s)
        if not self.final and v.phase == PHASE_BREAK:
            line = tr("runs.table.next_leads", round=v.round + 1, name=t.seat_name(v.next_starter))
            if self.auto_left is not None:
                line += " " + tr("runs.table.auto_next", n=max(1, int(self.auto_left + 0.99)))
            text(surface, line, (r.centerx, y), int(15 * s), INK_DIM, anchor="midtop", shadow=False, max_width=r.w - int(40 * s))
        elif self.final:
            text(surface, tr("runs.table.last_round"), (r.centerx, y), int(15 * s), INK_DIM, anchor="midtop", shadow=False, max_width=r.w - int(40 * s))


class GameOverScene(Sheet):
    """Winner(s) and the scoreboard of every round."""

    name = "runs-result"
    dim_alpha = 130
    MAX_COLS = 10

    def __init__(self, app: AppServices, table: SheetTable, outcome: Outcome, buttons: Sequence[tuple[str, Callable[[], object]]]) -> None:
        super().__init__(app, table)
        self.outcome = outcome
        self.buttons_spec = buttons

    def build_ui(self) -> None:
        r = self._rect()
        s = self.app.scale
        bw, bh = int(220 * s), int(46 * s)
        y = r.bottom - bh - int(18 * s)
        gap = int(14 * s)
        n = len(self.buttons_spec)
        x = r.right - int(24 * s) - n * bw - (n - 1) * gap
        for i, (label, fn) in enumerate(self.buttons_spec):
            b = self.spec_button(ButtonSpec(f"b{i}", label, fn, primary=i == 0), (x + i * (bw + gap), y, bw, bh))
            if i == 0 and self.focused() is None:
                self.focus(b)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
            return
        super().handle_event(event)

    def title(self) -> str:
        t = self.table
        names = [t.seat_name(w) for w in self.outcome.winners]
        if len(names) == 1:
            return tr("runs.table.winner", name=names[0])
        return tr("runs.table.winners", names=join_names(names))

    def draw_sheet(self, surface: pygame.Surface, t: SheetTable, v: RunsView, r: pygame.Rect, s: float) -> None:
        out = self.outcome
        text(surface, "★ " + self.title() + " ★", (r.centerx, r.y + int(16 * s)), int(32 * s), GOLD, bold=True, anchor="midtop", max_width=r.w - int(40 * s))
        reason = t.render(out.reason)
        text_block(surface, reason, pygame.Rect(r.x + int(40 * s), r.y + int(64 * s), r.w - int(80 * s), int(40 * s)), int(16 * s), INK_DIM, align="center")
        hist = v.history
        rounds = list(range(len(hist)))
        shown = rounds[-self.MAX_COLS :]
        hidden = rounds[: len(rounds) - len(shown)]
        x_name = r.x + int(28 * s)
        x_total = r.right - int(28 * s)
        name_w = int(min(240 * s, r.w * 0.26))
        cols_x0 = x_name + name_w
        cols = len(shown) + (1 if hidden else 0)
        col_w = (x_total - int(100 * s) - cols_x0) / max(1, cols)
        y = r.y + int(112 * s)
        hs = int(13 * s)
        text(surface, tr("runs.table.col.player"), (x_name, y), hs, INK_DIM, shadow=False)
        ci = 0
        if hidden:
            head = tr("runs.table.col.rounds", a=1, b=len(hidden)) if len(hidden) > 1 else tr("runs.table.col.round", n=1)
            text(surface, head, (int(cols_x0 + col_w * (ci + 1)), y), hs, INK_DIM, anchor="topright", shadow=False, max_width=int(col_w))
            ci += 1
        for k in shown:
            text(surface, tr("runs.table.col.round", n=hist[k].round), (int(cols_x0 + col_w * (ci + 1)), y), hs, INK_DIM, anchor="topright", shadow=False, max_width=int(col_w))
            ci += 1
        text(surface, tr("runs.summary.game_total"), (x_total, y), hs, INK_DIM, anchor="topright", shadow=False)
        y += int(24 * s)
        pygame.draw.line(surface, (90, 120, 100), (r.x + int(20 * s), y), (r.right - int(20 * s), y), 1)
        y += int(8 * s)
        for seat in standings(v.base):
            win = seat in out.winners
            colour = GOLD if win else INK
            cy = y + int(19 * s)
            pygame.draw.circle(surface, seat_colour(seat), (x_name + int(6 * s), cy), int(5 * s))
            label = t.seat_name(seat) + ("  ★" if win else "")
            text(surface, label, (x_name + int(18 * s), cy), int(18 * s), colour, bold=True, anchor="midleft", shadow=False, max_width=name_w - int(24 * s))
            ci = 0
            if hidden:
                before = sum(hist[k].totals[seat] for k in hidden)
                text(surface, num(before), (int(cols_x0 + col_w * (ci + 1)), cy), int(16 * s), INK_DIM, anchor="midright", shadow=False)
                ci += 1
            for k in shown:
                text(surface, num(hist[k].totals[seat]), (int(cols_x0 + col_w * (ci + 1)), cy), int(16 * s), INK_DIM, anchor="midright", shadow=False)
                ci += 1
            text(surface, num(v.base[seat]), (x_total, cy), int(21 * s), colour, bold=True, anchor="midright", shadow=False)
            y += int(38 * s)
