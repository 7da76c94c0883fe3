"""Setting up a game of Mind the Gap / Lückenlos: players (people or
computer teammates, with names), level and coins (with the expected win
rate from the simulator), variants, and the deal number."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.scene import Scene
from game.ui.widgets import felt, panel, text

LEVELS = ("easy", "normal", "hard", "expert")


class SetupScene(Scene):
    name = "mind-the-gap-setup"

    def __init__(self, app, prefs: dict | None = None) -> None:
        super().__init__(app)
        p = dict(prefs or {})
        self.players = p.get("players", 2)
        self.level = p.get("level", "normal")
        self.coins = p.get("coins", mtg.LEVEL_COINS[self.level])
        self.small = p.get("small", False)
        self.jokers = p.get("jokers", False)
        self.series = p.get("series", False)
        default_names = [tr("ui.seat", n=i + 1) for i in range(3)]
        self.names = list(p.get("names", default_names))[:3] + default_names[len(p.get("names", [])):]
        self.kinds = list(p.get("kinds", ["person", "person", "person"]))[:3]
        self.deal_text = ""
        self.entries: list = []

    # --- layout ------------------------------------------------------------------------------
    def _panel(self):
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.86, 980 * s))
        return pygame.Rect(w // 2 - pw // 2, int(60 * s), pw, h - int(90 * s)), s

    def build_ui(self) -> None:
        r, s = self._panel()
        x0 = r.x + int(200 * s)
        bh = int(38 * s)
        y = r.y + int(70 * s)
        self.rows_y = {}
        # players
        self.rows_y["players"] = y
        for i, n in enumerate((1, 2, 3)):
            b = self.button((x0 + i * int(70 * s), y, int(60 * s), bh), str(n), lambda n=n: self._set("players", n))
            if n == self.players:
                b.select()
        y += bh + int(14 * s)
        # seats
        self.entries = []
        bot_names = list(mtg.BOTS)
        for seat in range(self.players):
            self.rows_y[f"seat{seat}"] = y
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x0, y, int(260 * s), bh), manager=self.app.ui)
            e.set_text(self.names[seat])
            e.set_text_length_limit(16)
            self.keep(e)
            self.entries.append(e)
            kind = self.kinds[seat]
            label = tr("ui.human") if kind == "person" else f"{tr('ui.computer')}: {tr('mind_the_gap.ui.bot.' + kind)}"
            self.button((x0 + int(275 * s), y, int(330 * s), bh), label, lambda seat=seat: self._cycle_kind(seat, bot_names))
            y += bh + int(10 * s)
        y += int(8 * s)
        # level
        self.rows_y["level"] = y
        lw = int(150 * s)
        for i, lv in enumerate(LEVELS):
            b = self.button((x0 + i * (lw + int(10 * s)), y, lw, bh), tr(f"mind_the_gap.ui.level.{lv}"), lambda lv=lv: self._set_level(lv))
            if lv == self.level:
                b.select()
        y += bh + int(34 * s)
        # coins
        self.rows_y["coins"] = y
        self.button((x0, y, int(44 * s), bh), "−", lambda: self._coins(-1))
        self.button((x0 + int(130 * s), y, int(44 * s), bh), "+", lambda: self._coins(+1))
        self.coin_box = pygame.Rect(x0 + int(48 * s), y, int(78 * s), bh)
        y += bh + int(14 * s)
        # variants
        self.rows_y["variants"] = y
        vw = int(250 * s)
        for i, (key, attr) in enumerate((("small", "small"), ("jokers", "jokers"), ("series", "series"))):
            b = self.button((x0 + i * (vw + int(10 * s)), y, vw, bh), tr(f"mind_the_gap.ui.variant.{key}"), lambda a=attr: self._toggle(a))
            if getattr(self, attr):
                b.select()
        y += bh + int(14 * s)
        # deal number
        self.rows_y["deal"] = y
        self.deal_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x0, y, int(200 * s), bh), manager=self.app.ui, placeholder_text=tr("mind_the_gap.ui.random"))
        self.deal_entry.set_allowed_characters("numbers")
        self.deal_entry.set_text_length_limit(9)
        self.deal_entry.set_text(self.deal_text)
        self.keep(self.deal_entry)
        # start, tutorial, back
        by = r.bottom - int(62 * s)
        self.start_b = self.button((r.right - int(250 * s), by, int(220 * s), int(46 * s)), tr("mind_the_gap.ui.start"), self.start, object_id="#primary")
        self.button((r.x + int(30 * s), by, int(160 * s), int(46 * s)), tr("ui.back"), self.app.pop)
        self.button((r.x + int(205 * s), by, int(220 * s), int(46 * s)), tr("mind_the_gap.ui.tutorial"), self.tutorial)
        self.focus(self.start_b)

    def _remember_entries(self) -> None:
        for i, e in enumerate(self.entries):
            if e.alive():
                self.names[i] = e.get_text().strip() or tr("ui.seat", n=i + 1)
        if getattr(self, "deal_entry", None) is not None and self.deal_entry.alive():
            self.deal_text = self.deal_entry.get_text()

    def _refresh(self) -> None:
        self._remember_entries()
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep

    def _set(self, attr: str, value) -> None:
        setattr(self, attr, value)
        self._refresh()

    def _set_level(self, lv: str) -> None:
        self.level = lv
        self.coins = mtg.LEVEL_COINS[lv]
        self._refresh()

    def _coins(self, d: int) -> None:
        self.coins = max(0, min(mtg.MAX_COINS, self.coins + d))
        self._refresh()

    def _toggle(self, attr: str) -> None:
        setattr(self, attr, not getattr(self, attr))
        self._refresh()

    def _cycle_kind(self, seat: int, bots: list[str]) -> None:
        order = ["person"] + bots
        cur = self.kinds[seat] if self.kinds[seat] in order else "person"
        self.kinds[seat] = order[(order.index(cur) + 1) % len(order)]
        self._refresh()

    # --- starting ------------------------------------------------------------------------------
    def options(self) -> dict:
        return {"players": self.players, "level": self.level, "coins": self.coins, "small": self.small, "jokers": self.jokers}

    def prefs(self) -> dict:
        return {**self.options(), "series": self.series, "names": self.names, "kinds": self.kinds}

    def seed(self) -> int:
        self._remember_entries()
        t = self.deal_text.strip()
        return int(t) if t.isdigit() and int(t) > 0 else random.randrange(1, 10**9)

    def start(self) -> None:
        from game.ui.tables.mind_the_gap import start_game

        self._remember_entries()
        meta = {
            "names": self.names[: self.players],
            "bots": [None if k == "person" else k for k in self.kinds[: self.players]],
            "prefs": self.prefs(),
        }
        start_game(self.app, self.options(), self.seed(), meta, series=self.series)

    def tutorial(self) -> None:
        from game.ui.tables.mind_the_gap.tutorial import TutorialTable

        self.app.push(TutorialTable.create(self.app))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._remember_entries()
            return
        if event.type == pygame.KEYDOWN and any(e.is_focused for e in self.entries + [self.deal_entry] if e.alive()):
            return  # typing a name: the keys belong to the text field
        super().handle_event(event)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s = self._panel()
        panel(surface, r, 170, int(16 * s))
        text(surface, tr("mind_the_gap.ui.setup_title"), (r.centerx, r.y + int(16 * s)), int(30 * s), INK, bold=True, anchor="midtop")
        lx = r.x + int(28 * s)
        rows = getattr(self, "rows_y", {})
        labels = {"players": "mind_the_gap.ui.players", "level": "mind_the_gap.ui.level", "coins": "mind_the_gap.ui.coins_label", "variants": "mind_the_gap.ui.variants", "deal": "mind_the_gap.ui.deal_number"}
        bh = int(38 * s)
        for key, lab in labels.items():
            if key in rows:
                text(surface, tr(lab), (lx, rows[key] + bh // 2), int(18 * s), INK, anchor="midleft", max_width=int(165 * s))
        for seat in range(self.players):
            k = f"seat{seat}"
            if k in rows:
                text(surface, tr("ui.seat", n=seat + 1), (lx, rows[k] + bh // 2), int(16 * s), INK_DIM, anchor="midleft")
        if hasattr(self, "coin_box"):
            text(surface, str(self.coins), self.coin_box.center, int(22 * s), GOLD, bold=True, anchor="center")
            rate = mtg.expected_win_rate(self.players, self.level, self.coins, small=self.small, jokers=self.jokers)
            if rate:
                pct, deals = rate
                msg = tr("mind_the_gap.ui.expected", pct=round(pct * 100), deals=deals)
            else:
                msg = tr("mind_the_gap.ui.expected_unknown")
            text(surface, msg, (self.coin_box.right + int(70 * s), self.coin_box.centery), int(16 * s), INK_DIM, anchor="midleft", max_width=r.right - self.coin_box.right - int(90 * s))
        hint = tr(f"mind_the_gap.ui.level_hint.{self.level}")
        if "level" in rows:
            text(surface, hint, (r.x + int(200 * s), rows["level"] + bh + int(6 * s)), int(14 * s), INK_DIM, anchor="topleft", shadow=False)
