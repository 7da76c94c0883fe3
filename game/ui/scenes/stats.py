"""Statistics, one game at a time (a tab per game): its figures in words
and numbers, as each game's table gives them (``TABLE.stats_lines``), and
beside them three pictures painted from its history
(:mod:`game.ui.scenes.statsgraph`): the results of its latest days, the
latest games with the wins in a row, and how the scores spread.  Each
picture says its figures in a line of text too, for a reader or a player
who prefers numbers."""

from __future__ import annotations

import datetime as _dt
import math
import random
from dataclasses import replace
from functools import partial

import pygame

from game.engine.registry import info
from game.i18n import msg, tr
from game.i18n.plain import path_text
from game.persistence.saves import load_stats_history, stats_path
from game.ui.a11y.nodes import Node, Role, Tree
from game.ui.assets import GOLD, INK, INK_DIM, font
from game.ui.scene import Scene
from game.ui.scenes.statsgraph import Graphs, graphs
from game.ui.tables import built, table
from game.ui.widgets import felt, panel, text, wrapped

#: the colour of a game played and not won (a won one is gold)
PLAYED = (120, 160, 138)


def number(x: float | None, lang: str) -> str:
    """A score as people write it: whole numbers bare, others with one
    decimal (a comma in German)."""
    if x is None:
        return "–"
    s = str(int(x)) if float(x).is_integer() else f"{x:.1f}"
    s = s.replace("-", "−")  # a minus sign, not a hyphen
    return s.replace(".", ",") if lang == "de" else s


def day_label(day: str, lang: str) -> str:
    d = _dt.date.fromisoformat(day)
    months = tr("ui.stats.months", lang).split()
    return tr("ui.stats.day_label", lang, day=d.day, month=months[d.month - 1] if len(months) == 12 else d.month, num=d.month)


class StatsScene(Scene):
    name = "statistics"

    def __init__(self, app, data: tuple[dict, dict] | None = None, game: str | None = None) -> None:
        super().__init__(app)
        #: (statistics, history) to show instead of the file's (the screenshot tool's)
        self.given = data
        #: the tab to open with (else the first game played)
        self.first = game
        self.stats: dict = {}
        self.history: dict = {}
        self.game: str | None = None
        self.scroll = 0
        self._numbers_room = 0
        #: the furthest the numbers scroll (the last lines fill the panel)
        self.max_scroll = 0

    def enter(self) -> None:
        if self.given is not None:
            self.stats, self.history = self.given
        else:
            # checked against the statistics' shape: a bad file is moved
            # aside and every game's lines below can trust their numbers
            self.stats, self.history, problem = load_stats_history()
            if problem:
                self.app.toasts.show(problem.render(self.app.settings.language), "refuse", ttl=8)
        games = built()
        played = [g for g in games if self.lines(g) or self.history.get(g)]
        self.game = self.first if self.first in games else (played or games)[0] if games else None
        super().enter()

    # --- what a game shows -----------------------------------------------------------------
    def lines(self, game_id: str) -> list[tuple[str, str]]:
        return table(game_id).stats_lines(self.stats.get(game_id, {}), self.app.settings.language)

    def graphs(self, game_id: str) -> Graphs:
        return graphs(self.history.get(game_id))

    def show(self, game_id: str) -> None:
        self.game = game_id
        self.scroll = 0
        self.rebuild_ui()

    # --- where everything goes -----------------------------------------------------------
    def body(self) -> pygame.Rect:
        w, h = self.app.size
        s = self.app.scale
        top = int(126 * s)
        return pygame.Rect(int(24 * s), top, w - int(48 * s), h - top - int(104 * s))

    def build_ui(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        lang = self.app.settings.language
        games = built()
        gap = int(10 * s)
        tw = min(int(220 * s), (w - int(48 * s) - (len(games) - 1) * gap) // max(1, len(games)))
        x = (w - (len(games) * tw + (len(games) - 1) * gap)) // 2
        for gid in games:
            b = self.button((x, int(72 * s), tw, int(40 * s)), info(gid).name(lang), partial(self.show, gid), key=("tab", gid))
            if gid == self.game:
                b.select()
            x += tw + gap
        self.button((w // 2 - int(90 * s), h - int(92 * s), int(180 * s), int(44 * s)), tr("ui.back"), self.app.pop, key="back")
        if self.focused() is None:
            self.focus_key(("tab", self.game))

    # --- what a screen reader reads ---------------------------------------------------------
    def a11y_tree(self) -> Tree:
        """The tabs and Back, then the game's figures as text: its lines
        and each picture's figures in words (a reader cannot see a bar)."""
        base = super().a11y_tree()
        said = [f"{label} {value}".strip() for label, value in self.said_lines()]
        labels = tuple(Node(f"stats:{i}", Role.LABEL, t) for i, t in enumerate(said))
        group = Node("stats", Role.GROUP, info(self.game).name(self.app.settings.language) if self.game else tr("ui.stats.title"), children=labels)
        return Tree(replace(base.root, children=(*base.root.children, group)), base.focus)

    def said_lines(self) -> list[tuple[str, str]]:
        """What the screen shows for the game in its tab, as (label, value)
        lines: the numbers, then what each picture shows."""
        lang = self.app.settings.language
        if self.game is None:
            return [(tr("ui.stats.none"), "")]
        lines, g = self.lines(self.game), self.graphs(self.game)
        if not lines and g.empty:
            return [(tr("ui.stats.none_game", game=info(self.game).name(lang)), "")]
        out = [(label.lstrip("· "), value) for label, value in lines]
        if g.empty:
            return [*out, (tr("ui.stats.no_history"), "")]
        out.append((tr("ui.stats.by_day"), tr("ui.stats.by_day_sum", lang, games=g.games, wins=g.wins, days=msg("ui.stats.days", n=g.day_count))))
        out.append((tr("ui.stats.recent", lang, n=len(g.recent)), tr("ui.stats.streak", lang, now=g.streak, best=g.best_streak)))
        if g.bins:
            scored = sum(b.count for b in g.bins)
            out.append((tr("ui.stats.scores"), tr("ui.stats.scores_sum", lang, games=msg("ui.stats.games", n=scored), low=number(g.low, lang), mean=number(g.mean, lang), high=number(g.high, lang))))
        return out

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = max(1, self._numbers_room - 1)
            self.scroll = max(0, self.scroll + (page if event.key == pygame.K_PAGEDOWN else -page))
            return
        super().handle_event(event)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        lang = self.app.settings.language
        surface.blit(felt((w, h)), (0, 0))
        text(surface, tr("ui.stats.title"), (w // 2, int(20 * s)), int(34 * s), INK, bold=True, anchor="midtop")
        text(surface, tr("ui.stats.where", path=path_text(stats_path())), (w // 2, h - int(14 * s)), int(13 * s), INK_DIM, anchor="midbottom", shadow=False, max_width=w - int(40 * s))
        body = self.body()
        if self.game is None:
            text(surface, tr("ui.stats.none"), body.center, int(22 * s), INK_DIM, anchor="center")
            return
        lines, g = self.lines(self.game), self.graphs(self.game)
        if not lines and g.empty:
            text(surface, tr("ui.stats.none_game", game=info(self.game).name(lang)), body.center, int(22 * s), INK_DIM, anchor="center", max_width=body.w)
            return
        gap = int(16 * s)
        left = pygame.Rect(body.x, body.y, int(body.w * 0.42), body.h)
        right = pygame.Rect(left.right + gap, body.y, body.right - left.right - gap, body.h)
        below = self.draw_numbers(surface, left, info(self.game).name(lang), lines)
        if not g.empty:
            self.draw_share(surface, pygame.Rect(left.x, below, left.w, left.bottom - below), g, lang)
        ph = (right.h - 2 * gap) // 3
        boxes = [pygame.Rect(right.x, right.y + i * (ph + gap), right.w, ph) for i in range(3)]
        if g.empty:
            panel(surface, right, 150, int(12 * s))
            box = right.inflate(-int(40 * s), -int(40 * s))
            y = box.y
            for ln in wrapped(tr("ui.stats.no_history"), int(17 * s), box.w):
                text(surface, ln, (box.centerx, y), int(17 * s), INK_DIM, anchor="midtop", shadow=False, max_width=box.w)
                y += int(17 * s * 1.3)
            return
        self.draw_days(surface, boxes[0], g, lang)
        self.draw_recent(surface, boxes[1], g, lang)
        self.draw_scores(surface, boxes[2], g, lang)

    def _frame(self, surface, box: pygame.Rect, title: str, summary: str) -> pygame.Rect:
        """A picture's panel, its title and its figures in words; returns
        the room left for the picture."""
        s = self.app.scale
        panel(surface, box, 150, int(12 * s))
        pad = int(12 * s)
        text(surface, title, (box.x + pad, box.y + int(8 * s)), int(17 * s), GOLD, bold=True, shadow=False, max_width=box.w // 2 - pad)
        text(surface, summary, (box.right - pad, box.y + int(10 * s)), int(14 * s), INK, anchor="topright", shadow=False, max_width=box.w // 2 - pad)
        top = box.y + int(36 * s)
        return pygame.Rect(box.x + pad, top, box.w - 2 * pad, box.bottom - top - int(8 * s))

    def draw_numbers(self, surface, box: pygame.Rect, name: str, lines: list[tuple[str, str]]) -> int:
        """The game's figures as its table words them, under its name (the
        tab above says it too, but a reader of the panel alone needs it);
        returns where the lines end."""
        s = self.app.scale
        panel(surface, box, 150, int(12 * s))
        pad = int(14 * s)
        text(surface, name, (box.x + pad, box.y + int(8 * s)), int(17 * s), GOLD, bold=True, shadow=False, max_width=box.w - 2 * pad)
        row = int(24 * s)
        top = box.y + int(40 * s)
        rows = max(1, (box.bottom - int(10 * s) - top) // row)
        inner = box.w - 2 * pad
        size = int(15 * s)
        # a label and its value share a row when both fit; else the value
        # takes the row below (shrunk to fit, the longer German lines of
        # Gaps came out a third smaller than the others)
        tall = [font(size).size(lb)[0] + font(size, True).size(v)[0] + int(16 * s) > inner for lb, v in lines]
        height = [2 if t else 1 for t in tall]
        # the furthest scroll that still fills the panel
        used, last = 0, len(lines)
        while last > 0 and used + height[last - 1] <= rows:
            used += height[last - 1]
            last -= 1
        self.max_scroll = last
        self.scroll = min(self.scroll, self.max_scroll)
        y, used, shown = top, 0, 0
        for (label, value), two in zip(lines[self.scroll :], tall[self.scroll :], strict=True):
            if used + (2 if two else 1) > rows:
                break
            if two:
                text(surface, label, (box.x + pad, y), size, INK, shadow=False, max_width=inner)
                y += row
                text(surface, value, (box.right - pad, y), size, INK, bold=True, anchor="topright", shadow=False, max_width=inner - int(16 * s))
            else:
                vw = font(size, True).size(value)[0] + 2
                text(surface, label, (box.x + pad, y), size, INK, shadow=False, max_width=inner - vw - int(10 * s))
                text(surface, value, (box.right - pad, y), size, INK, bold=True, anchor="topright", shadow=False, max_width=vw)
            y += row
            used += 2 if two else 1
            shown += 1
        self._numbers_room = max(1, shown)
        room = shown
        # more above or below: a small arrow at the panel's edge (wheel, Page Up/Down)
        after = y
        c = box.centerx
        a = int(6 * s)
        if self.scroll > 0:
            pygame.draw.polygon(surface, GOLD, [(c - a, top - int(4 * s)), (c + a, top - int(4 * s)), (c, top - int(4 * s) - a)])
        if self.scroll + room < len(lines):
            yb = box.bottom - int(6 * s)
            pygame.draw.polygon(surface, GOLD, [(c - a, yb - a), (c + a, yb - a), (c, yb)])
        return after

    def draw_share(self, surface, room: pygame.Rect, g: Graphs, lang: str) -> None:
        """The games won of every game kept, as a ring (in the numbers'
        panel, under its lines, where they leave room for one)."""
        s = self.app.scale
        label = tr("ui.stats.won_share", lang, n=g.games)
        r = min(room.w // 2 - int(30 * s), (room.h - int(60 * s)) // 2, int(110 * s))
        if r < int(40 * s):
            return
        c = (room.centerx, room.y + int(16 * s) + r)
        thick = max(6, r // 4)
        ring(surface, c, r, thick, 1.0, PLAYED)
        ring(surface, c, r, thick, g.wins / g.games, GOLD)
        text(surface, f"{round(100 * g.wins / g.games)} %", c, int(r * 0.42), INK, bold=True, anchor="center", shadow=False)
        text(surface, label, (c[0], c[1] + r + int(10 * s)), int(14 * s), INK_DIM, anchor="midtop", shadow=False, max_width=room.w - int(28 * s))

    def draw_days(self, surface, box: pygame.Rect, g: Graphs, lang: str) -> None:
        s = self.app.scale
        # the summary is of every day kept; the title says when the bars are the latest only
        title = tr("ui.stats.by_day") if len(g.days) == g.day_count else tr("ui.stats.by_day_latest", lang, n=len(g.days))
        area = self._frame(surface, box, title, tr("ui.stats.by_day_sum", lang, games=g.games, wins=g.wins, days=msg("ui.stats.days", n=g.day_count)))
        label_h = int(18 * s)
        legend_w = int(110 * s)
        chart = pygame.Rect(area.x, area.y, area.w - legend_w, area.h - label_h)
        most = max(d.games for d in g.days)
        n = len(g.days)
        # the most games on a day, at the top of the scale, left of the bars
        text(surface, str(most), (chart.x, chart.y), int(12 * s), INK_DIM, shadow=False)
        inner = pygame.Rect(chart.x + int(26 * s), chart.y, chart.w - int(26 * s), chart.h)
        slot = inner.w / max(n, 7)
        bw = max(2, int(slot * 0.62))
        pygame.draw.line(surface, INK_DIM, (inner.x, chart.bottom), (inner.right, chart.bottom), 1)
        every = max(1, -(-int(52 * s) // max(1, int(slot))))
        for i, d in enumerate(g.days):
            x = int(inner.x + i * slot + (slot - bw) / 2)
            hp = int((chart.h - int(4 * s)) * d.games / most)
            hw = int((chart.h - int(4 * s)) * d.wins / most)
            pygame.draw.rect(surface, PLAYED, (x, chart.bottom - hp, bw, hp), border_radius=max(1, int(2 * s)))
            if hw:
                pygame.draw.rect(surface, GOLD, (x, chart.bottom - hw, bw, hw), border_radius=max(1, int(2 * s)))
            if (n - 1 - i) % every == 0:  # the newest day always has its date
                text(surface, day_label(d.day, lang), (x + bw // 2, chart.bottom + int(3 * s)), int(11 * s), INK_DIM, anchor="midtop", shadow=False)
        self._legend(surface, pygame.Rect(chart.right + int(10 * s), area.y + int(4 * s), legend_w - int(10 * s), area.h))

    def _legend(self, surface, box: pygame.Rect) -> None:
        s = self.app.scale
        sq = int(11 * s)
        for i, (colour, key) in enumerate(((PLAYED, "ui.stats.played"), (GOLD, "ui.stats.won"))):
            y = box.y + i * int(22 * s)
            pygame.draw.rect(surface, colour, (box.x, y + int(2 * s), sq, sq))
            text(surface, tr(key), (box.x + sq + int(6 * s), y), int(13 * s), INK, shadow=False, max_width=box.w - sq - int(6 * s))

    def draw_recent(self, surface, box: pygame.Rect, g: Graphs, lang: str) -> None:
        s = self.app.scale
        area = self._frame(surface, box, tr("ui.stats.recent", lang, n=len(g.recent)), tr("ui.stats.streak", lang, now=g.streak, best=g.best_streak))
        n = len(g.recent)
        gap = max(2, int(4 * s))
        size = min(int(28 * s), (area.w - (30 - 1) * gap) // 30, area.h - int(26 * s))
        y = area.y + max(0, (area.h - int(26 * s) - size) // 2)
        for i, won in enumerate(g.recent):
            r = pygame.Rect(area.x + i * (size + gap), y, size, size)
            if won:
                pygame.draw.rect(surface, GOLD, r, border_radius=max(2, size // 5))
            else:
                pygame.draw.rect(surface, PLAYED, r, max(1, int(2 * s)), border_radius=max(2, size // 5))
        # the wins in a row now, underlined from the newest back
        if g.streak:
            k = min(g.streak, n)
            x0 = area.x + (n - k) * (size + gap)
            pygame.draw.line(surface, GOLD, (x0, y + size + int(5 * s)), (area.x + n * (size + gap) - gap, y + size + int(5 * s)), max(1, int(2 * s)))
        text(surface, tr("ui.stats.recent_key"), (area.x, area.bottom), int(12 * s), INK_DIM, anchor="bottomleft", shadow=False, max_width=area.w)

    def draw_scores(self, surface, box: pygame.Rect, g: Graphs, lang: str) -> None:
        s = self.app.scale
        if not g.bins:
            area = self._frame(surface, box, tr("ui.stats.scores"), "")
            text(surface, tr("ui.stats.no_scores"), area.center, int(14 * s), INK_DIM, anchor="center", shadow=False, max_width=area.w)
            return
        scored = sum(b.count for b in g.bins)
        summary = tr("ui.stats.scores_sum", lang, games=msg("ui.stats.games", n=scored), low=number(g.low, lang), mean=number(g.mean, lang), high=number(g.high, lang))
        area = self._frame(surface, box, tr("ui.stats.scores"), summary)
        label_h = int(18 * s)
        chart = pygame.Rect(area.x, area.y + int(14 * s), area.w, area.h - label_h - int(14 * s))
        most = max(b.count for b in g.bins)
        n = len(g.bins)
        slot = chart.w / n
        bw = max(2, min(int(slot * 0.8), int(56 * s)))  # one score alone made a bar as wide as the panel
        pygame.draw.line(surface, INK_DIM, (chart.x, chart.bottom), (chart.right, chart.bottom), 1)
        label_w = max(int(34 * s), max(int(11 * s) * len(self._bin_label(b, lang)) * 3 // 5 for b in g.bins))
        every = max(1, -(-label_w // max(1, int(slot))))
        for i, b in enumerate(g.bins):
            x = int(chart.x + i * slot + (slot - bw) / 2)
            hb = int(chart.h * b.count / most)
            if hb:
                pygame.draw.rect(surface, GOLD, (x, chart.bottom - hb, bw, hb), border_radius=max(1, int(2 * s)))
                text(surface, str(b.count), (x + bw // 2, chart.bottom - hb - int(2 * s)), int(11 * s), INK, anchor="midbottom", shadow=False)
            if i % every == 0:
                text(surface, self._bin_label(b, lang), (x + bw // 2, chart.bottom + int(3 * s)), int(11 * s), INK_DIM, anchor="midtop", shadow=False)

    @staticmethod
    def _bin_label(b, lang: str) -> str:
        """A bar's lowest score ("−36–−22" under a bar of a range read badly;
        the next bar's label says where it ends)."""
        return number(b.low, lang)


def ring(surface, centre: tuple[int, int], r: int, thick: int, share: float, colour) -> None:
    """A ring ``thick`` wide, its first ``share`` (0-1) from the top,
    clockwise, as one polygon (pygame's thick arcs leave gaps)."""
    if share <= 0:
        return
    steps = max(8, int(96 * share))
    end = 2 * math.pi * min(1.0, share)
    outer = [(centre[0] + r * math.sin(end * i / steps), centre[1] - r * math.cos(end * i / steps)) for i in range(steps + 1)]
    ri = r - thick
    inner = [(centre[0] + ri * math.sin(end * i / steps), centre[1] - ri * math.cos(end * i / steps)) for i in range(steps, -1, -1)]
    if share >= 1:  # a whole ring: two halves, a polygon cannot hold its hole
        ring(surface, centre, r, thick, 0.5, colour)
        pygame.draw.polygon(surface, colour, [(2 * centre[0] - x, y) for x, y in outer[: steps // 2 + 1] + inner[steps // 2 :]])
        return
    pygame.draw.polygon(surface, colour, outer + inner)


def sample(today: str = "2026-12-07", seed: int = 7) -> tuple[dict, dict]:
    """Statistics and a history of a few weeks of play, for the screenshot
    tool: results made up day by day, and every game's totals in its own
    shape agreeing with them (the pictures and the lines are read apart,
    but a screen that says 46 played beside 40 reads as a bug)."""
    rng = random.Random(seed)
    end = _dt.date.fromisoformat(today)
    score = {
        "mind-the-gap": lambda: rng.choice([0, rng.randint(1, 7)]),
        "gaps": lambda: rng.choice([48, rng.randint(18, 47)]),
        "delphi": lambda: rng.randint(8, 64),
        "runs": lambda: rng.randint(-40, 142),
    }
    won = {
        "mind-the-gap": lambda sc: sc > 0,
        "gaps": lambda sc: sc == 48,
        "delphi": lambda sc: sc > 40,
        "runs": lambda sc: sc > 70,
    }
    history: dict = {}
    for gid in score:
        lines = []
        for back in range(27, -1, -1):
            if rng.random() < 0.45:
                continue
            day = (end - _dt.timedelta(days=back)).isoformat()
            for _ in range(rng.randint(1, 4)):
                sc = score[gid]()
                lines.append({"day": day, "won": won[gid](sc), "score": sc})
        history[gid] = lines
    g = {gid: graphs(lines) for gid, lines in history.items()}
    n = {gid: len(lines) for gid, lines in history.items()}
    total = {gid: sum(line["score"] for line in lines) for gid, lines in history.items()}
    easy = n["mind-the-gap"] // 4  # a quarter of the pyramids alone, at Easy
    easy_wins = sum(1 for line in history["mind-the-gap"][:easy] if line["won"])
    stats = {
        "mind-the-gap": {
            "easy-1p-1h-6c-std": {"games": easy, "wins": easy_wins, "helper_games": 0},
            "normal-2p-1h-6c-std": {"games": n["mind-the-gap"] - easy, "wins": g["mind-the-gap"].wins - easy_wins, "helper_games": 3},
        },
        "gaps": {
            "r2": {
                "games": n["gaps"],
                "wins": g["gaps"].wins,
                "score_sum": total["gaps"],
                "redeals_used": 3 * n["gaps"] // 2,
                "streak": g["gaps"].streak,
                "best_streak": g["gaps"].best_streak,
                "best": 48,
                "best_redeals": 1,
                "best_time": 301,
            }
        },
        "delphi": {"rounds": 5 * n["delphi"], "games": n["delphi"], "prophets": 9, "prophets_person": 4, "best_round": 23, "best_total": 64},
        "runs": {"games": n["runs"], "rounds": 5 * n["runs"], "best": {"score": int(g["runs"].high or 0), "name": "Anna"}},
    }
    return stats, history
