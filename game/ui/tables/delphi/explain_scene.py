"""How the candidate rules narrowed, card by card (issue 23 item 3), over
the end of a round: a chart of the rules left after each card (a log
scale: from tens of thousands down to a handful), the key moments marked,
and under it what one chosen card did: the rules it left, the leading
guesses and kinds of rules at that point, and in the augur's round why it
played the card and why it guessed or waited.

The explanations come from :mod:`game.games.delphi.explain` and take from
a tenth of a second to about a second each (docs/delphi.md), so each is
worked out on a worker thread when its tab is first shown; the screen says
so meanwhile.  One tab for a round of the full game; two after a solo
round: the person's own and the augur's on the same rule and deal."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.core import Message
from game.games.delphi.explain import SIDE, Explanation, Step, augur_round, explain_main_line, explain_solo
from game.games.delphi.library import rule_in_words
from game.games.delphi.solo import SoloState
from game.games.delphi.state import DelphiView
from game.i18n import grouped, msg, tr
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM
from game.ui.kit.header import button_width
from game.ui.kit.overlay import Overlay
from game.ui.scene import AppServices
from game.ui.tables.delphi.draw import RIGHT_GREEN, WRONG_RED
from game.ui.widgets import font, panel, text, wrapped

#: the bars' colour before the first card
START_GREY = (150, 150, 160)
#: the lines at 1, 10, 100, … rules: a shade above the panel, under the bars
GRID = (60, 84, 70)


@dataclass(frozen=True)
class Tab:
    """One explanation the screen can show: its tab's label, how to work
    it out, and the line that says how the round ended for that player."""

    label: str
    make: Callable[[], tuple[Explanation, Message | None]]


def _ended(state: SoloState, person: bool) -> Message:
    if state.solved_at:
        return msg("delphi.explain_ui.you_solved" if person else "delphi.explain_ui.augur_solved", n=state.solved_at, score=state.score)
    return msg("delphi.explain_ui.you_unsolved" if person else "delphi.explain_ui.augur_unsolved")


def solo_tabs(state: SoloState, options: Mapping[str, Any], seed: int) -> list[Tab]:
    """After a solo round: the person's round, and the augur's on the same
    rule and deal (``options`` and ``seed`` of the person's round)."""

    def augur() -> tuple[Explanation, Message | None]:
        played, e = augur_round(options, seed)
        return e, _ended(played, False)

    return [
        Tab(tr("delphi.explain_ui.yours"), lambda: (explain_solo(state), _ended(state, True))),
        Tab(tr("delphi.explain_ui.augur"), augur),
    ]


def table_tabs(view: DelphiView) -> list[Tab]:
    """After a round of the full game: its main and side lines, as every
    player saw them."""
    return [Tab("", lambda: (explain_main_line(view), None))]


class Working:
    """One tab's explanation on a worker thread: ``result`` or ``error``
    once ``done``."""

    def __init__(self, make: Callable[[], tuple[Explanation, Message | None]]) -> None:
        self.result: tuple[Explanation, Message | None] | None = None
        self.error: BaseException | None = None
        self._make = make
        self.thread = threading.Thread(target=self._run, name="delphi-explain", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.result = self._make()
        except Exception as e:  # noqa: BLE001 -- shown on the screen ("could not be explained"); the round and the app go on
            self.error = e

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()


class ExplainScene(Overlay):
    """The narrowing of one or more rounds (tabs), a card chosen with the
    arrow keys or a click on its bar."""

    name = "delphi-explain"
    dim_alpha = 170

    def __init__(self, app: AppServices, tabs: Sequence[Tab]) -> None:
        super().__init__(app)
        self.tabs = list(tabs)
        self.tab = 0
        self.work: dict[int, Working] = {}
        #: the chosen step of each tab (-1: before the first card); None: the last
        self.chosen: dict[int, int] = {}
        #: how far the details are scrolled (pixels)
        self.scroll = 0

    # --- what is shown -----------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.app.settings.language

    def job(self) -> Working:
        w = self.work.get(self.tab)
        if w is None:
            w = self.work[self.tab] = Working(self.tabs[self.tab].make)
        return w

    def shown(self) -> tuple[Explanation, Message | None] | None:
        w = self.job()
        return w.result if w.done else None

    def step_index(self, e: Explanation) -> int:
        i = self.chosen.get(self.tab)
        if i is None:
            i = len(e.steps) - 1
        return max(-1, min(i, len(e.steps) - 1))

    def choose(self, i: int) -> None:
        got = self.shown()
        if got is None:
            return
        e = got[0]
        self.chosen[self.tab] = max(-1, min(i, len(e.steps) - 1))
        self.scroll = 0

    def show_tab(self, i: int) -> None:
        if i != self.tab:
            self.tab = i
            self.scroll = 0
            self.rebuild_ui()

    # --- layout ------------------------------------------------------------------------------
    def _rect(self) -> pygame.Rect:
        w, h = self.app.size
        m = max(8, int(min(w, h) * 0.03))
        return pygame.Rect(m, m, w - 2 * m, h - 2 * m)

    def _parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The header (title, tabs, Back), the chart and the details."""
        r = self._rect()
        s = self.app.scale
        pad = int(16 * s)
        head = pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, int(44 * s))
        chart_top = head.bottom + int(8 * s) + len(self.summary(head.w)) * int(20 * s) + int(22 * s)
        chart = pygame.Rect(r.x + pad + int(70 * s), chart_top, r.w - 2 * pad - int(70 * s), int((r.h - (chart_top - r.y)) * 0.38))
        details = pygame.Rect(r.x + pad, chart.bottom + int(34 * s), r.w - 2 * pad, r.bottom - pad - int(22 * s) - (chart.bottom + int(34 * s)))
        return head, chart, details

    def summary(self, width: int) -> list[tuple[str, tuple[int, int, int], int]]:
        """The lines over the chart: God's rule and how the round ended,
        then the count before the first card and the kinds of rules left,
        wrapped (text, colour, size)."""
        got = self.shown()
        if got is None:
            return []
        e, ended = got
        s = self.app.scale
        first = [tr("delphi.solo_ui.rule_was", self.lang, rule=self.rule_text(e.rule))] if e.rule else []
        if ended is not None:
            first.append(ended.render(self.lang))
        second = [e.left_message(-1).render(self.lang)]
        kinds = e.kinds_message()
        if kinds is not None:
            second.append(kinds.render(self.lang))
        big, small = int(16 * s), int(15 * s)
        out = [(line, HIGHLIGHT, big) for line in wrapped("  ·  ".join(first), big, width)] if first else []
        return out + [(line, INK_DIM, small) for line in wrapped("  ·  ".join(second), small, width)]

    def bar_rects(self, e: Explanation) -> list[pygame.Rect]:
        """One bar before the first card and one per step, left to right,
        their heights the rules left on a log scale."""
        _, chart, _ = self._parts()
        counts = e.counts
        n = len(counts)
        gap = max(1, chart.w // (n * 6))
        bw = max(2, min(int(56 * self.app.scale), (chart.w - gap * (n - 1)) // n))
        return [pygame.Rect(chart.x + k * (bw + gap), y, bw, chart.bottom - y) for k, y in enumerate(self.level(chart, c, max(counts)) for c in counts)]

    @staticmethod
    def level(chart: pygame.Rect, count: int, most: int) -> int:
        """Where ``count`` rules lie on the chart's log scale (0 at the
        bottom, ``most`` at the top)."""
        top = math.log10(max(10, most) + 1)
        return chart.bottom - max(3, int(chart.h * math.log10(count + 1) / top))

    # --- buttons -----------------------------------------------------------------------------
    def buttons_width(self) -> int:
        """How much of the header the buttons take (the title keeps the rest)."""
        s = self.app.scale
        gap = int(8 * s)
        labels = [tr("ui.back")] + ([t.label for t in self.tabs] if len(self.tabs) > 1 else [])
        return sum(button_width(label, s, 100) + gap for label in labels)

    def build_ui(self) -> None:
        head, _, _ = self._parts()
        s = self.app.scale
        bh = int(36 * s)
        gap = int(8 * s)
        bw = button_width(tr("ui.back"), s, 100)
        x = head.right - bw
        self.focus(self.button((x, head.y, bw, bh), tr("ui.back"), self.app.pop, key="back"))
        if len(self.tabs) > 1:
            for i in reversed(range(len(self.tabs))):
                tw = button_width(self.tabs[i].label, s, 100)
                x -= tw + gap
                self.button((x, head.y, tw, bh), self.tabs[i].label, self._tab_action(i), object_id="#primary" if i == self.tab else None, key=("tab", i))

    def _tab_action(self, i: int) -> Callable[[], None]:
        return lambda: self.show_tab(i)

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        got = self.shown()
        if got is not None and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            e = got[0]
            i = self.step_index(e)
            i = {pygame.K_LEFT: i - 1, pygame.K_RIGHT: i + 1, pygame.K_HOME: -1, pygame.K_END: len(e.steps) - 1}[event.key]
            self.choose(i)
            return
        if got is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for k, b in enumerate(self.bar_rects(got[0])):
                _, chart, _ = self._parts()
                if pygame.Rect(b.x, chart.y, b.w, chart.h).collidepoint(event.pos):
                    self.choose(k - 1)
                    return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * int(30 * self.app.scale))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            _, _, details = self._parts()
            self.scroll = max(0, self.scroll + (details.h // 2) * (1 if event.key == pygame.K_PAGEDOWN else -1))
            return
        super().handle_event(event)

    # --- the words under the chart ------------------------------------------------------------
    def rule_text(self, text_: str) -> str:
        """A rule in words (issue 50: the leading guesses were shown in the
        rule language, which only someone who writes rules reads)."""
        return rule_in_words(text_, self.lang)

    def detail_lines(self, e: Explanation, i: int) -> list[tuple[str, tuple[int, int, int], bool]]:
        """(text, colour, bold) for the chosen step (-1: before the first card)."""
        r = self.lang
        out: list[tuple[str, tuple[int, int, int], bool]] = []
        if i < 0:
            out.append((e.left_message(-1).render(r), INK, True))
            return out
        st: Step = e.steps[i]
        colour = RIGHT_GREEN if st.accepted else WRONG_RED
        if i in e.key_moments:  # it names the card and its verdict itself
            out.append((e.moment_message(i).render(r), colour, True))
        else:
            verdict = msg("delphi.explain.accepted" if st.accepted else "delphi.explain.refused")
            out.append((tr("delphi.explain_ui.step", r, n=st.n, card=list(st.cards), verdict=verdict), colour, True))
            out.append((e.left_message(i).render(r), INK, False))
        if st.why is not None:
            out.append((st.why.render(r), INK, False))
        if st.guess is not None:
            said = tr("delphi.explain_ui.right" if st.guess.correct else "delphi.explain_ui.wrong", r)
            out.append((tr("delphi.explain_ui.guessed", r, rule=self.rule_text(st.guess.text), verdict=said), HIGHLIGHT, False))
        if st.guess_why is not None:
            out.append((st.guess_why.render(r), INK_DIM, False))
        if st.shown:
            if st.leaders:
                out.append((tr("delphi.explain_ui.leaders", r), GOLD, True))
                for ld in st.leaders:
                    # (the sentence's full stop goes: the share follows it)
                    words = e.leader_message(ld).render(r).replace(ld.text, self.rule_text(ld.text).rstrip("."), 1)
                    out.append(("• " + words, HIGHLIGHT, False))
            kinds = e.main_kinds(i)
            if kinds:
                out.append((tr("delphi.explain_ui.kinds", r, kinds=[k.name for k in kinds]), INK, False))
        else:
            out.append((tr("delphi.explain_ui.not_shown", r), INK_DIM, False))
        return out

    # --- drawing -----------------------------------------------------------------------------
    def draw_panel(self, surface: pygame.Surface) -> None:
        r = self._rect()
        s = self.app.scale
        panel(surface, r, 250, int(14 * s), GOLD)
        head, chart, details = self._parts()
        title_w = head.w - self.buttons_width() - int(10 * s)
        text(surface, tr("delphi.explain_ui.title", self.lang), (head.x, head.y + int(4 * s)), int(24 * s), GOLD, bold=True, max_width=max(40, title_w))
        w = self.job()
        if not w.done:
            text(surface, tr("delphi.explain_ui.working", self.lang), (r.centerx, chart.centery), int(18 * s), INK, anchor="center", max_width=r.w - int(40 * s))
            return
        if w.result is None:
            why = tr("delphi.explain_ui.failed", self.lang, error=type(w.error).__name__ if w.error else "")
            text(surface, why, (r.centerx, chart.centery), int(18 * s), WRONG_RED, anchor="center", max_width=r.w - int(40 * s))
            return
        e, _ = w.result
        y = head.bottom + int(6 * s)
        for words, colour, size in self.summary(head.w):
            text(surface, words, (head.x, y), size, colour, shadow=False)
            y += int(20 * s)
        self._draw_chart(surface, e, chart)
        self._draw_details(surface, e, details)
        text(surface, tr("delphi.explain_ui.keys", self.lang), (r.centerx, r.bottom - int(8 * s)), int(13 * s), INK_DIM, anchor="midbottom", max_width=r.w - int(40 * s))

    def _draw_chart(self, surface: pygame.Surface, e: Explanation, chart: pygame.Rect) -> None:
        s = self.app.scale
        chosen = self.step_index(e)
        bars = self.bar_rects(e)
        pygame.draw.line(surface, INK_DIM, (chart.x - 2, chart.bottom), (chart.right, chart.bottom), 1)
        pygame.draw.line(surface, INK_DIM, (chart.x - 2, chart.y), (chart.x - 2, chart.bottom), 1)
        small = int(13 * s)
        # a line at each power of ten, labelled (1, 10, 100, … rules left)
        most = max(e.counts)
        tick = 1
        while tick <= most:
            y = self.level(chart, tick, most)
            pygame.draw.line(surface, GRID, (chart.x, y), (chart.right, y), 1)
            text(surface, grouped(tick, self.lang), (chart.x - int(6 * s), y), small, INK_DIM, anchor="midright", max_width=int(64 * s))
            tick *= 10
        text(surface, tr("delphi.explain_ui.axis", self.lang), (chart.x, chart.y - int(6 * s)), small, INK_DIM, anchor="bottomleft", max_width=chart.w)
        for k, b in enumerate(bars):
            i = k - 1
            if i < 0:
                colour = START_GREY
            else:
                colour = RIGHT_GREEN if e.steps[i].accepted else WRONG_RED
            pygame.draw.rect(surface, colour, b)
            if i in e.key_moments:
                pygame.draw.rect(surface, GOLD, b.inflate(4, 4), 2)
            if i >= 0 and e.steps[i].shown:
                pygame.draw.circle(surface, GOLD, (b.centerx, chart.bottom + int(7 * s)), max(2, int(3 * s)))
            if i == chosen:
                pygame.draw.rect(surface, INK, pygame.Rect(b.x - 3, chart.y, b.w + 6, chart.h + int(14 * s)), 2)
        # the card numbers under the bars, as many as fit
        # (in the full game a main-line card and the strings refused after
        # it share their number: it is written once)
        # a refused string is one bar for several cards: its numbers as a
        # range ("6–7"), where it fits, or the next number seemed to jump
        pitch = bars[1].x - bars[0].x if len(bars) > 1 else bars[0].w + 1
        every = max(1, math.ceil(int(24 * s) / max(1, bars[0].w + 1)))
        for k, b in enumerate(bars):
            n = e.steps[k - 1].n if k else 0
            if k and (k % every == 0 or k == len(bars) - 1) and (k == 1 or e.steps[k - 2].n != n):
                step = e.steps[k - 1]
                label = str(n)
                if step.kind == SIDE and len(step.cards) > 1:
                    wide = f"{n}–{n + len(step.cards) - 1}"
                    if font(small).size(wide)[0] <= every * pitch - int(4 * s):
                        label = wide
                text(surface, label, (b.centerx, chart.bottom + int(12 * s)), small, INK_DIM, anchor="midtop")

    def _draw_details(self, surface: pygame.Surface, e: Explanation, area: pygame.Rect) -> None:
        s = self.app.scale
        size = int(16 * s)
        gap = int(size * 1.3)
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        for words, colour, bold in self.detail_lines(e, self.step_index(e)):
            lines += [(part, colour, bold) for part in wrapped(words, size, area.w, bold)]
        total = len(lines) * gap
        self.scroll = max(0, min(self.scroll, total - area.h))
        old = surface.get_clip()
        surface.set_clip(area.clip(old) if old else area)
        y = area.y - self.scroll
        for words, colour, bold in lines:
            if y + gap > area.y and y < area.bottom:
                text(surface, words, (area.x, y), size, colour, bold=bold, shadow=False)
            y += gap
        surface.set_clip(old)
        if total > area.h:
            more = "▲ ▼" if self.scroll else "▼"
            text(surface, more, (area.right, area.bottom), int(13 * s), GOLD, anchor="bottomright")
