"""Choosing a solo round of Delphi (issue 23): today's rule (the same rule
and cards for everyone on a date, with its statistics beside it), a
library rule drawn at random, or a rule typed for practice."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame
import pygame_gui

from game.engine.dates import today
from game.engine.match import Match, Seat
from game.games.delphi.options import MAX_RULE_TEXT
from game.games.delphi.policy import SOLO_POLICY, SOLO_STATS
from game.games.delphi.rulelang import RuleSyntaxError
from game.games.delphi.solo import SOLO, daily_round, random_options, typed_options
from game.games.delphi.solo_stats import daily_streak
from game.i18n import tr
from game.persistence.saves import load_stats
from game.ui.assets import GOLD, INK, INK_DIM, REFUSE
from game.ui.kit.table import seat
from game.ui.kit.textfield import TextField
from game.ui.scene import Scene
from game.ui.tables.delphi.solo.table import SoloTable
from game.ui.widgets import felt, panel, text, text_block, wrapped


def daily_lines(stats: dict, lang: str | None = None) -> list[tuple[str, str]]:
    """Today's rule in the statistics: days played, solved, best, streak."""
    solo = stats.get(SOLO_STATS) if isinstance(stats, dict) else None
    d = solo.get("daily") if isinstance(solo, dict) else None
    if not isinstance(d, dict) or not d.get("days"):
        return []

    def n(key: str) -> int:
        v = d.get(key, 0)
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    now, best = daily_streak(d)  # from the dates (a file of before issue 49 too)
    return [
        (tr("delphi.solo_ui.stats.days", lang), str(n("days"))),
        (tr("delphi.solo_ui.stats.solved", lang), str(n("solved"))),
        (tr("delphi.solo_ui.stats.best", lang), str(n("best"))),
        (tr("delphi.solo_ui.stats.streak", lang), tr("delphi.solo_ui.stats.streak_value", lang, n=now, best=best)),
    ]


def practice_lines(stats: dict, lang: str | None = None) -> list[tuple[str, str]]:
    """Every solo round: played, solved, best score."""
    solo = stats.get(SOLO_STATS) if isinstance(stats, dict) else None
    r = solo.get("rounds") if isinstance(solo, dict) else None
    if not isinstance(r, dict) or not r.get("games"):
        return []

    def n(key: str) -> int:
        v = r.get(key, 0)
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    return [
        (tr("delphi.solo_ui.stats.rounds", lang), tr("delphi.solo_ui.stats.rounds_value", lang, n=n("games"), solved=n("solved"))),
        (tr("delphi.solo_ui.stats.best_round", lang), str(n("best"))),
    ]


def start_solo(app, options: dict, seed: int) -> SoloTable:
    """A new solo round on screen (over the menu).  "delphi-solo" is no
    game of the registry: its match is given a policy."""
    match: Match = Match.start(SOLO, options, seed, [Seat(tr("ui.human"))], policy=SOLO_POLICY)
    table = SoloTable(app, match, again=lambda: again(app))
    seat(app, table)
    return table


def again(app) -> None:
    """From a finished round back to the choice of the next one."""
    app.to_menu()
    app.push(SoloSetup(app))


#: lines of statistics the setup keeps room for (today's rule: four; all
#: rounds: two)
STATS_ROOM = 6


@dataclass(frozen=True)
class _Places:
    """The solo setup's geometry (:meth:`SoloSetup._places`)."""

    rect: pygame.Rect
    pad: int
    bh: int
    bw: int
    #: the width of the texts beside the buttons
    left: int
    stats_y: int
    random_y: int
    typed_label_y: int
    typed_y: int
    problem_y: int


class SoloSetup(Scene):
    name = "delphi-solo-setup"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entry: TextField | None = None
        self.rule_text = ""
        self.problem = ""
        self.day = today()
        games, _ = load_stats()
        self.stats = games.get("delphi", {}) if isinstance(games, dict) else {}

    def _places(self) -> _Places:
        """Where the parts go, top to bottom: today's rule (its text beside
        its button), the statistics (room for six lines), a random rule, a
        typed one, a problem, and Back and Rules.  Each part starts below
        the last one's text: with statistics and a today's text of three
        lines, the statistics ran into the random rule's text at fixed
        places."""
        w, h = self.app.size
        s = self.app.scale
        pad, bh, bw = int(20 * s), int(40 * s), int(260 * s)
        pw = int(min(w * 0.94, 760 * s))
        left = pw - 2 * pad - int(270 * s)
        today_h = len(wrapped(self._today_text(), int(15 * s), left)) * int(15 * s * 1.25)
        stats = max(int(70 * s) + today_h + int(14 * s), int(124 * s))
        random_y = max(stats + STATS_ROOM * int(20 * s) + int(18 * s), int(250 * s))
        random_h = len(wrapped(tr("delphi.solo_ui.random_about"), int(15 * s), left)) * int(15 * s * 1.25)
        typed_label = max(random_y + bh, random_y + random_h) + int(14 * s)
        typed_y = typed_label + int(30 * s)
        problem_y = typed_y + bh + int(14 * s)
        ph = problem_y + int(30 * s) + int(14 * s) + bh + int(14 * s)
        ph = min(int(h * 0.94), max(ph, int(470 * s)))
        r = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        return _Places(r, pad, bh, bw, left, r.y + stats, r.y + random_y, r.y + typed_label, r.y + typed_y, r.y + problem_y)

    def _today_text(self) -> str:
        return tr("delphi.solo_ui.today_about", date=self.day) if self.day else tr("delphi.solo_ui.today_unknown")

    def build_ui(self) -> None:
        self.day = today()
        g = self._places()
        r, pad, bh, bw = g.rect, g.pad, g.bh, g.bw
        s = self.app.scale
        x = r.right - pad - bw
        self.button((x, r.y + int(70 * s), bw, bh), tr("delphi.solo_ui.today"), self.play_today, object_id="#primary", key="today", enabled=self.day is not None)
        self.button((x, g.random_y, bw, bh), tr("delphi.solo_ui.random"), self.play_random, key="random")
        ew = r.w - 2 * pad - bw - int(10 * s)
        rect = pygame.Rect(r.x + pad, g.typed_y, ew, bh)
        self.entry = self.keep(TextField(self.app, rect, limit=MAX_RULE_TEXT, text=self.rule_text, placeholder=tr("delphi.solo_ui.typed_placeholder")), focus=False)
        self.button((x, g.typed_y, bw, bh), tr("delphi.solo_ui.typed"), self.play_typed, key="typed")
        fw = int(150 * s)
        self.button((r.x + pad, r.bottom - bh - int(14 * s), fw, bh), tr("ui.back"), self.app.pop, key="back")
        self.button((r.x + pad + fw + int(10 * s), r.bottom - bh - int(14 * s), fw, bh), tr("ui.rules_button"), lambda: self.app.open_rules("delphi"), key="rules")
        # Enter plays what the person chose: a rule typed (and kept while the
        # rules were open) over today's
        self.focus_key("typed" if self.rule_text.strip() else "today")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry and self.entry is not None:
            self.rule_text = self.entry.get_text()
            self.problem = ""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.play_typed()
            return
        super().handle_event(event)

    def play_today(self) -> None:
        if self.day is None:
            return
        options, seed = daily_round(self.day)
        start_solo(self.app, options, seed)

    def play_random(self) -> None:
        start_solo(self.app, random_options(random.Random()), random.randrange(1, 10**9))

    def play_typed(self) -> None:
        words = (self.entry.get_text() if self.entry is not None else self.rule_text).strip()
        self.rule_text = words
        if not words:
            self.problem = tr("delphi.solo_ui.type_first")
            return
        try:
            start_solo(self.app, typed_options(words), random.randrange(1, 10**9))
        except RuleSyntaxError as e:
            reason = e.reason.render(self.app.settings.language)
            self.problem = tr("delphi.solo_ui.bad_rule", problem=reason if e.column is None else tr("delphi_lang.at_column", column=e.column, text=reason))

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        g = self._places()
        r, pad = g.rect, g.pad
        panel(surface, r, 200, int(14 * s), GOLD)
        text(surface, tr("delphi.solo_ui.setup_title"), (r.centerx, r.y + int(16 * s)), int(26 * s), GOLD, bold=True, anchor="midtop", max_width=r.w - 2 * pad)
        text_block(surface, self._today_text(), pygame.Rect(r.x + pad, r.y + int(70 * s), g.left, r.h), int(15 * s), INK)
        lines = [f"{label}: {value}" for label, value in daily_lines(self.stats) + practice_lines(self.stats)]
        y = g.stats_y
        # (the room is kept for six lines of statistics: empty, it says why)
        for line in lines or [tr("delphi.solo_ui.stats.none")]:
            text(surface, line, (r.x + pad, y), int(14 * s), INK_DIM, max_width=r.w - 2 * pad)
            y += int(20 * s)
        text_block(surface, tr("delphi.solo_ui.random_about"), pygame.Rect(r.x + pad, g.random_y, g.left, r.h), int(15 * s), INK)
        text(surface, tr("delphi.solo_ui.typed_about"), (r.x + pad, g.typed_label_y), int(15 * s), INK, max_width=r.w - 2 * pad)
        if self.problem:
            text_block(surface, "✗ " + self.problem, pygame.Rect(r.x + pad, g.problem_y, r.w - 2 * pad, int(30 * s)), int(14 * s), REFUSE)


__all__ = ["SoloSetup", "again", "daily_lines", "practice_lines", "start_solo", "today"]
