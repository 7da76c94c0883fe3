"""The end of a round (scores, the rule revealed, the next round) and the
end of a game (totals, with the 10-point compensation of a short game),
over the table, which it dims.  Everything comes from the engine's round
results and outcome, none of it worked out again here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from game.engine.core import Outcome
from game.games.delphi.library import rule_in_words
from game.games.delphi.log import hint_text
from game.games.delphi.state import DelphiView, RoundResult
from game.i18n import tr
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM
from game.ui.kit.form import remembered
from game.ui.kit.overlay import Overlay, button_grid, button_rows
from game.ui.scene import AppServices, ButtonSpec
from game.ui.tables.delphi.choices import choices_of
from game.ui.tables.delphi.explain_scene import ExplainScene, table_tabs
from game.ui.tables.delphi.host import Host
from game.ui.widgets import panel, text, text_block, wrap

Colour = tuple[int, int, int]

#: seconds before the next round begins by itself when only computers play
AUTO_NEXT = 3.0
#: the longest part of a notebook the summary shows (characters): the sheet
#: must keep its buttons in the window with several full notebooks
NOTEBOOK_SHOWN = 220


class Revealed(Protocol):
    """What a reveal reads: a finished round's result, or the table's view
    of a round the players stopped (the rule is out with the game)."""

    @property
    def rule(self) -> str | None: ...
    @property
    def by_hand(self) -> bool: ...
    @property
    def note(self) -> str | None: ...
    @property
    def hint(self) -> str: ...
    @property
    def hint_rule(self) -> str: ...


@dataclass(frozen=True)
class Reveal:
    """The round whose rule the sheet reveals: ``what`` holds it, ``god``
    wrote it, ``round`` is its index, ``stopped`` whether the players
    stopped the game in that round (no result of it exists)."""

    what: Revealed
    god: int
    round: int
    stopped: bool


def rule_reveal(result: Revealed, lang: str, god: str) -> list[tuple[str, Colour, bool]]:
    """Lines that reveal a round's rule, and God's hint if there was one:
    (text, colour, is_rule_text)."""
    out: list[tuple[str, Colour, bool]] = []
    if result.by_hand:
        out.append((tr("delphi.table.judged_by_hand", lang, god=god), INK, False))
        if result.note:
            out.append((tr("delphi.ui.note", lang, note=result.note), HIGHLIGHT, False))
    else:
        out.append((rule_in_words(result.rule or "", lang), HIGHLIGHT, True))
    hint = hint_text(result.hint, result.hint_rule)
    if hint:
        out.append((tr("delphi.table.hint_was", lang, god=god, hint=hint), INK_DIM, False))
    return out


class RoundScene(Overlay):
    """Over the table: a round's (or the game's) result."""

    name = "delphi-round-summary"
    dim_alpha = 110

    def __init__(self, app: AppServices, table: Host, *, final: bool, outcome: Outcome | None = None, auto: bool = False) -> None:
        super().__init__(app)
        self.table = table
        self.final = final
        self.outcome = outcome
        #: seconds until the next round starts by itself (nobody at the table)
        self.auto = AUTO_NEXT if auto and not final else None
        self._view: tuple[object, DelphiView] | None = None

    # --- content --------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.app.settings.language

    def view(self) -> DelphiView:
        """The table as everyone sees it (the round is over: the rule too)."""
        st = self.table.match.state
        if self._view is None or self._view[0] is not st:
            self._view = (st, self.table.match.game.view(st, None))
        return self._view[1]

    def god_title(self) -> str:
        return self.view().god_name or tr("delphi.god")

    def result(self) -> RoundResult | None:
        v = self.view()
        return v.results[-1] if v.results else None

    def reveal(self) -> Reveal | None:
        """Whose rule the sheet reveals: the last finished round's, or,
        when the players stopped the game during a round, that round's
        (the sheet showed the last finished round's rule then, round 1's
        after stopping in round 2).  A round stopped before God chose a
        rule has none to show: then the last finished round's."""
        v = self.view()
        res = v.results[-1] if v.results else None
        stopped = self.final and self.outcome is not None and self.outcome.stopped
        if stopped and (res is None or res.round != v.round) and (v.rule or v.by_hand):
            return Reveal(v, v.god, v.round, True)
        return Reveal(res, res.god, res.round, False) if res is not None else None

    def title(self) -> str:
        if self.final:
            if self.outcome is not None and self.outcome.stopped:
                return tr("delphi.table.stopped_title")
            return tr("delphi.table.game_over_title")
        res = self.result()
        return tr("delphi.table.round_over_title", n=(res.round if res else self.view().round) + 1)

    def reason(self) -> str:
        t = self.table
        if self.final and self.outcome is not None and self.outcome.stopped:
            return t.render(self.outcome.reason)
        msgs = self.view().named_messages([t.seat_name(i) for i in range(t.players)])
        last = t.render(msgs[-1]) if msgs else ""
        if self.final and self.outcome is not None:
            last = (last + " " + t.render(self.outcome.reason)).strip()
        return last

    def rows(self) -> list[tuple[str, str, str, str, str, bool]]:
        """(name, role, cards, round score, total, winner) per seat."""
        t = self.table
        v = self.view()
        res = v.results[-1] if v.results else None
        winners: tuple[int, ...] = ()
        if self.final and self.outcome is not None:
            totals = [int(x) for x in self.outcome.scores]
            winners = self.outcome.winners
        else:
            totals = list(v.totals)
        out = []
        for p in range(v.players):
            role = ""
            if res is not None:
                if p == res.god:
                    role = self.god_title()
                elif p == res.prophet:
                    role = tr("delphi.table.prophet_bonus_role", n=res.prophet_bonus)
            cards = "" if res is None or p == res.god else str(res.hand_sizes[p])
            score = "" if res is None else str(res.scores[p])
            out.append((t.seat_name(p), role, cards, score, str(totals[p]), p in winners))
        return out

    def notebooks(self) -> list[str]:
        """What each player wrote in the finished round's notebook (the
        rule is out now; during the round only the writer saw it)."""
        shown = self.reveal()
        if shown is None:
            return []
        book = self.table.model.notebook
        out = []
        for p in range(self.view().players):
            page = " / ".join(x.strip() for x in book.of(p, shown.round).splitlines() if x.strip())
            if page:
                cut = page if len(page) <= NOTEBOOK_SHOWN else page[: NOTEBOOK_SHOWN - 1].rstrip() + "…"
                out.append(tr("delphi.table.notebook_shown", name=self.table.seat_name(p), text=cut))
        return out

    def notes(self) -> list[str]:
        v = self.view()
        res = v.results[-1] if v.results else None
        out = []
        if res is not None:
            out.append(tr("delphi.result.high", n=res.high))
            if res.god_capped:
                out.append(tr("delphi.result.god_capped", god=self.god_title(), k=res.cap_cards, n=res.scores[res.god]))
        if self.final and self.outcome is not None and v.compensated:
            out.append(tr("delphi.result.compensation"))
        return out

    def reveal_label(self, shown: Reveal) -> str:
        name = self.table.seat_name(shown.god)
        if shown.stopped:
            return tr("delphi.table.rule_was_stopped", god=self.god_title(), name=name, n=shown.round + 1)
        return tr("delphi.table.rule_was", god=self.god_title(), name=name)

    # --- layout -----------------------------------------------------------------------------
    def _rect(self) -> pygame.Rect:
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.72, 820 * s))
        inner = pw - int(60 * s)
        shown = self.reveal()
        body = int(58 * s) + len(wrap(self.reason(), int(16 * s), inner)) * int(16 * s * 1.25) + int(8 * s)
        if shown is not None:
            body += len(wrap(self.reveal_label(shown), int(15 * s), inner)) * int(22 * s)
            for line, _, is_rule in rule_reveal(shown.what, self.lang, self.god_title()):
                body += len(wrap(line, int(17 * s), inner, bold=is_rule)) * int(17 * s * 1.3)
            body += int(10 * s)
        body += int(22 * s) + len(self.rows()) * int(27 * s) + int(6 * s) + len(self.notes()) * int(22 * s)
        books = self.notebooks()
        if books:
            body += int(26 * s) + sum(len(wrap(b, int(14 * s), inner)) * int(14 * s * 1.3) + int(4 * s) for b in books)
        body += int(24 * s) if self.auto is not None else 0
        body += (self.button_rows(pw) - 1) * int(52 * s)
        ph = min(h - int(40 * s), body + int(84 * s))
        return pygame.Rect(w // 2 - pw // 2, max(int(20 * s), h // 2 - ph // 2), pw, ph)

    def specs(self) -> list[ButtonSpec]:
        if self.final:
            return [
                ButtonSpec("new", tr("delphi.table.new_game"), self._new_game, primary=True),
                ButtonSpec("explain", tr("delphi.explain_ui.open"), self.explain),
                ButtonSpec("menu", tr("ui.menu"), self.app.to_menu),
            ]
        return [
            ButtonSpec("next", tr("delphi.ui.next"), self._next, primary=True),
            ButtonSpec("explain", tr("delphi.explain_ui.open"), self.explain),
            ButtonSpec("stop", tr("delphi.table.stop_here"), self.table.ask_stop, destructive=True),
            ButtonSpec("menu", tr("ui.menu"), self.app.to_menu),
        ]

    def button_rows(self, width: int) -> int:
        return button_rows([spec.label for spec in self.specs()], width - int(48 * self.app.scale), self.app.scale)

    def build_ui(self) -> None:
        r = self._rect()
        s = self.app.scale
        specs = self.specs()
        inner = r.w - int(48 * s)
        grid = button_grid(len(specs), self.button_rows(r.w), r.x + int(24 * s), inner, r.bottom - int(60 * s), s)
        built = self.build_buttons(list(zip(specs, grid, strict=True)))
        if self.focused() is None:
            self.focus(built[specs[0].key])

    def _next(self) -> None:
        if self.app.scenes.top is self:
            self.app.pop()
        self.table.next_round()

    def explain(self) -> None:
        """How the candidate rules narrowed over the round's lines (the
        next round waits: nobody is hurried away from it)."""
        self.auto = None
        self.app.push(ExplainScene(self.app, table_tabs(self.view())))

    def _new_game(self) -> None:
        prefs = choices_of(remembered(self.app, self.table.game_id), self.table.match)
        self.app.open_setup(self.table.game_id, prefs)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        # (the table under it stands still: its cards had landed before this opened)
        if self.auto is not None:
            self.auto -= dt
            if self.auto <= 0:
                self.auto = None
                self._next()

    # --- drawing -------------------------------------------------------------------------------
    def draw_panel(self, surface: pygame.Surface) -> None:
        r = self._rect()
        s = self.app.scale
        panel(surface, r, 238, int(16 * s), GOLD)
        x0, inner = r.x + int(30 * s), r.w - int(60 * s)
        text(surface, self.title(), (r.centerx, r.y + int(16 * s)), int(30 * s), GOLD, bold=True, anchor="midtop", max_width=inner)
        y = r.y + int(58 * s)
        y += text_block(surface, self.reason(), pygame.Rect(x0, y, inner, 200), int(16 * s), INK_DIM, align="center") + int(8 * s)
        shown = self.reveal()
        if shown is not None:
            for line in wrap(self.reveal_label(shown), int(15 * s), inner):
                text(surface, line, (x0, y), int(15 * s), INK_DIM, shadow=False)
                y += int(22 * s)
            for line, colour, is_rule in rule_reveal(shown.what, self.lang, self.god_title()):
                y += text_block(surface, line, pygame.Rect(x0, y, inner, 300), int(17 * s), colour, bold=is_rule, line_gap=1.3)
            y += int(10 * s)
        # the score table
        cols = [0.0, 0.36, 0.62, 0.76, 0.90]
        heads = [tr("delphi.table.col_player"), tr("delphi.table.col_role"), tr("delphi.table.col_cards"), tr("delphi.table.col_round"), tr("delphi.table.col_total")]
        size = int(16 * s)
        for c, head in zip(cols, heads):
            anchor = "topleft" if c < 0.6 else "topright"
            xx = x0 + int(inner * c) if c < 0.6 else x0 + int(inner * (c + 0.1))
            text(surface, head, (xx, y), int(13 * s), INK_DIM, anchor=anchor, shadow=False, max_width=int(inner * 0.25))
        y += int(22 * s)
        pygame.draw.line(surface, (120, 150, 130), (x0, y - int(3 * s)), (x0 + inner, y - int(3 * s)), 1)
        for name, role, cards, score, total, winner in self.rows():
            colour = GOLD if winner else INK
            text(surface, ("★ " if winner else "") + name, (x0, y), size, colour, bold=winner, shadow=False, max_width=int(inner * 0.34))
            text(surface, role, (x0 + int(inner * cols[1]), y), int(14 * s), INK_DIM, shadow=False, max_width=int(inner * 0.25))
            for c, val in zip(cols[2:], (cards, score, total)):
                text(surface, val, (x0 + int(inner * (c + 0.1)), y), size, colour, bold=c == cols[-1], anchor="topright", shadow=False)
            y += int(27 * s)
        y += int(6 * s)
        for note in self.notes():
            text(surface, note, (x0, y), int(14 * s), INK_DIM, shadow=False, max_width=inner)
            y += int(22 * s)
        books = self.notebooks()
        if books:
            y += int(4 * s)
            text(surface, tr("delphi.table.notebooks_head"), (x0, y), int(15 * s), GOLD, bold=True, shadow=False, max_width=inner)
            y += int(22 * s)
            bottom = r.bottom - int(70 * s) - (self.button_rows(r.w) - 1) * int(52 * s)
            for b in books:
                if y >= bottom:
                    break
                y += text_block(surface, b, pygame.Rect(x0, y, inner, bottom - y), int(14 * s), INK, line_gap=1.3) + int(4 * s)
        if self.auto is not None:
            above = r.bottom - int(70 * s) - (self.button_rows(r.w) - 1) * int(52 * s)
            text(surface, tr("delphi.table.next_in", n=max(1, int(self.auto + 0.99))), (r.centerx, above), int(14 * s), INK_DIM, anchor="midbottom", shadow=False)
