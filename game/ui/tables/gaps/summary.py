"""The session summary of Gaps: deals, wins, the streak, the best score
and the fastest win since the app was started, and the streak over all
sessions from the statistics.  Opened by the table's "Session" button
(over the table, whose clock stands still meanwhile) and on the way from
the table to the menu after a deal was played to its end (over the
menu)."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.persistence.saves import load_stats
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.kit.overlay import Overlay
from game.ui.tables.gaps.session import Session, clock_text, date_text
from game.ui.widgets import panel, text, text_block


def summary_rows(session: Session, lang: str, stats: dict | None = None) -> list[tuple[str, str]]:
    """(label, value) per line; ``stats`` is the Gaps statistics (for the
    streak over all sessions), None to leave that line out."""
    s = session
    if not s.games:
        return []
    won = str(s.wins) if not s.assisted_wins else tr("gaps_ui.session.won_help", lang, wins=s.wins, n=s.assisted_wins)
    rows = [
        (tr("gaps_ui.session.games", lang), str(s.games)),
        (tr("gaps_ui.session.wins", lang), won),
        (tr("gaps_ui.session.streak", lang), str(s.streak)),
        (tr("gaps_ui.session.best", lang), tr("gaps_ui.stats_best", lang, score=s.best_score or 0, n=s.best_redeals or 0)),
        (tr("gaps_ui.session.fastest", lang), tr("gaps_ui.session.time_moves", lang, time=clock_text(s.best_time), n=s.best_time_moves or 0) if s.best_time is not None else "–"),
    ]
    for day, (best, won_day) in sorted(s.daily.items()):
        value = tr("gaps_ui.session.daily_won", lang) if won_day else tr("gaps_ui.session.daily_best", lang, score=best)
        rows.append((tr("gaps_ui.session.daily", lang, date=date_text(day, lang)), value))
    row = (stats or {}).get(s.last_key or "") if stats is not None else None
    if isinstance(row, dict) and s.last_key:
        # the streak is kept per rule set: named unless it is the rules' own
        if s.last_key == "r2":
            label = tr("gaps_ui.session.all_streak", lang)
        else:
            rules = tr("gaps_ui.stats_rules", lang, n=int(s.last_key[1])) + (" · " + tr("gaps_ui.stats_layout", lang) if s.last_key.endswith("-layout") else "")
            label = tr("gaps_ui.session.all_streak_rules", lang, rules=rules)
        rows.append((label, tr("gaps_ui.stats_streak", lang, now=int(row.get("streak", 0) or 0), best=int(row.get("best_streak", 0) or 0))))
    return rows


class SummaryScene(Overlay):
    """The summary over the table or the menu; Close, Enter or Esc goes back."""

    name = "gaps-summary"

    def __init__(self, app, session: Session, stats: dict | None = None) -> None:
        super().__init__(app)
        self.session = session
        if stats is None:
            try:
                games, _ = load_stats()
            except OSError:
                games = {}
            g = games.get("gaps")
            stats = g if isinstance(g, dict) else {}
        self.stats = stats

    def rows(self) -> list[tuple[str, str]]:
        return summary_rows(self.session, self.app.settings.language, self.stats)

    def _rect(self) -> tuple[pygame.Rect, float]:
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.8, 660 * s))
        n = max(1, len(self.rows()))
        ph = int(96 * s) + n * int(32 * s) + int(92 * s)
        return pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph), s

    def build_ui(self) -> None:
        r, s = self._rect()
        bw, bh = int(200 * s), int(44 * s)
        b = self.button((r.centerx - bw // 2, r.bottom - bh - int(22 * s), bw, bh), tr("gaps_ui.session.close"), self.app.pop, object_id="#primary", key="close")
        if self.focused() is None:
            self.focus(b)

    def draw_panel(self, surface: pygame.Surface) -> None:
        r, s = self._rect()
        panel(surface, r, 240, int(16 * s), GOLD)
        inner = r.w - int(56 * s)
        text(surface, tr("gaps_ui.session.title"), (r.centerx, r.y + int(18 * s)), int(28 * s), GOLD, bold=True, anchor="midtop", max_width=inner)
        text(surface, tr("gaps_ui.session.since"), (r.centerx, r.y + int(58 * s)), int(15 * s), INK_DIM, anchor="midtop", shadow=False, max_width=inner)
        rows = self.rows()
        y = r.y + int(96 * s)
        if not rows:
            text_block(surface, tr("gaps_ui.session.none"), pygame.Rect(r.x + int(28 * s), y, inner, int(32 * s)), int(17 * s), INK, align="center")
            return
        x0, x1 = r.x + int(28 * s), r.right - int(28 * s)
        label_w = int(inner * 0.58)
        for label, value in rows:
            text(surface, label, (x0, y + int(16 * s)), int(17 * s), INK_DIM, anchor="midleft", shadow=False, max_width=label_w - int(10 * s))
            text(surface, value, (x1, y + int(16 * s)), int(17 * s), INK, bold=True, anchor="midright", shadow=False, max_width=inner - label_w)
            y += int(32 * s)
