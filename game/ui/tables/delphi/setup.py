"""Setting up a game of Delphi: how many seats (God included), who sits
where (a person with a name, or a computer player), who is God first
(God moves one seat on each round), how many rounds, what God is called,
and how hard the rules of computer Gods are.  A person who is God writes
the rule at the table, behind the pass screen."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game.games.delphi.library import LEVELS
from game.games.delphi.options import MAX_GOD_NAME
from game.i18n import has, tr
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.scene import Scene
from game.ui.widgets import felt, panel, text

GOD_NAMES = ("God", "Oracle", "Seer")
MIN_SEATS, MAX_SEATS = 3, 8


def bot_names() -> list[str]:
    from game.games.delphi import BOTS

    return list(BOTS)


#: the computer player a new seat gets (the inference bot; see docs/delphi.md)
PREFERRED_BOT = "augur"


def default_bot() -> str:
    names = bot_names()
    if PREFERRED_BOT in names:
        return PREFERRED_BOT
    for n in names:
        if n != "random":
            return n
    return names[0]


def bot_label(name: str) -> str:
    key = f"delphi.table.bot.{name}"
    return tr(key) if has(key) else name


class SetupScene(Scene):
    name = "delphi-setup"

    def __init__(self, app, prefs: dict | None = None) -> None:
        super().__init__(app)
        p = dict(prefs or {})
        self.players = int(p.get("players", 4)) if str(p.get("players", "")).isdigit() or isinstance(p.get("players"), int) else 4
        self.players = max(MIN_SEATS, min(MAX_SEATS, self.players))
        defaults = [tr("ui.seat", n=i + 1) for i in range(MAX_SEATS)]
        names = list(p.get("names") or [])
        self.names = [str(names[i]) if i < len(names) and names[i] else defaults[i] for i in range(MAX_SEATS)]
        kinds = list(p.get("kinds") or [])
        bots = bot_names()
        self.kinds = [kinds[i] if i < len(kinds) and (kinds[i] == "person" or kinds[i] in bots) else ("person" if i == 0 else default_bot()) for i in range(MAX_SEATS)]
        levels = list(p.get("levels") or [])
        self.levels = [levels[i] if i < len(levels) and levels[i] in LEVELS else "medium" for i in range(MAX_SEATS)]
        self.first_god = int(p.get("first_god", 1)) % self.players if isinstance(p.get("first_god", 1), int) else 1
        self.rounds = int(p.get("rounds", self.players)) if isinstance(p.get("rounds", self.players), int) else self.players
        self.rounds = max(1, min(self.players, self.rounds))
        self.god_name = str(p.get("god_name", "") or "")[:MAX_GOD_NAME]
        self.entries: list = []
        self.god_entry = None

    # --- layout ----------------------------------------------------------------------------------
    def _panel(self):
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.92, 1120 * s))
        return pygame.Rect(w // 2 - pw // 2, int(24 * s), pw, h - int(48 * s)), s

    def _geometry(self):
        r, s = self._panel()
        x0 = r.x + int(28 * s)
        cols = {
            "num": x0,
            "name": x0 + int(40 * s),
            "kind": x0 + int(40 * s) + int(230 * s),
            "god": x0 + int(40 * s) + int(230 * s) + int(270 * s),
        }
        cols["first"] = r.right - int(28 * s) - int(110 * s)
        return r, s, cols

    def god_round(self, seat: int) -> int | None:
        """The round (0-based) in which ``seat`` is God, if any."""
        k = (seat - self.first_god) % self.players
        return k if k < self.rounds else None

    def build_ui(self) -> None:
        r, s, cols = self._geometry()
        bh = int(36 * s)
        y = r.y + int(66 * s)
        self.rows_y: dict[str, int] = {}
        self.rows_y["players"] = y
        lx = r.x + int(250 * s)
        for i, n in enumerate(range(MIN_SEATS, MAX_SEATS + 1)):
            b = self.button((lx + i * int(58 * s), y, int(50 * s), bh), str(n), lambda n=n: self.set_players(n))
            if n == self.players:
                b.select()
        y += bh + int(16 * s)
        self.rows_y["head"] = y
        y += int(24 * s)
        self.entries = []
        bots = bot_names()
        god_w = cols["first"] - cols["god"] - int(12 * s)
        for seat in range(self.players):
            self.rows_y[f"seat{seat}"] = y
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(cols["name"], y, int(218 * s), bh), manager=self.app.ui)
            e.set_text_length_limit(16)
            e.set_text(self.names[seat])
            self.keep(e)
            self.entries.append(e)
            kind = self.kinds[seat]
            label = tr("ui.human") if kind == "person" else f"{tr('ui.computer')}: {bot_label(kind)}"
            self.button((cols["kind"], y, int(258 * s), bh), label, lambda seat=seat: self.cycle_kind(seat, bots))
            rnd = self.god_round(seat)
            if rnd is not None and kind != "person":
                lw = int(96 * s)
                self.button((cols["god"] + lw, y, god_w - lw, bh), tr(f"delphi.table.level.{self.levels[seat]}"), lambda seat=seat: self.cycle_level(seat))
            b = self.button((cols["first"], y, int(110 * s), bh), "★" if seat == self.first_god else "☆", lambda seat=seat: self.set_first(seat))
            if seat == self.first_god:
                b.select()
            y += bh + int(8 * s)
        y += int(8 * s)
        self.rows_y["rounds"] = y
        self.button((lx, y, int(44 * s), bh), "−", lambda: self.set_rounds(self.rounds - 1))
        self.rounds_box = pygame.Rect(lx + int(48 * s), y, int(60 * s), bh)
        self.button((lx + int(112 * s), y, int(44 * s), bh), "+", lambda: self.set_rounds(self.rounds + 1))
        y += bh + int(14 * s)
        self.rows_y["god_name"] = y
        self.god_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(lx, y, int(220 * s), bh), manager=self.app.ui, placeholder_text=tr("delphi.god"))
        self.god_entry.set_text_length_limit(MAX_GOD_NAME)
        self.god_entry.set_text(self.god_name)
        self.keep(self.god_entry)
        for i, g in enumerate(GOD_NAMES):
            label = tr(f"delphi.table.godname.{g.lower()}")
            self.button((lx + int(232 * s) + i * int(128 * s), y, int(120 * s), bh), label, lambda label=label: self.set_god_name(label))
        by = r.bottom - int(60 * s)
        self.start_b = self.button((r.right - int(260 * s), by, int(232 * s), int(44 * s)), tr("delphi.table.start"), self.start, object_id="#primary")
        self.button((r.x + int(28 * s), by, int(160 * s), int(44 * s)), tr("ui.back"), self.app.pop)
        self.button((r.x + int(200 * s), by, int(160 * s), int(44 * s)), tr("ui.rules_button"), self.open_rules)
        self.focus(self.start_b)

    def _remember(self) -> None:
        for i, e in enumerate(self.entries):
            if e.alive():
                self.names[i] = e.get_text().strip() or tr("ui.seat", n=i + 1)
        if self.god_entry is not None and self.god_entry.alive():
            self.god_name = self.god_entry.get_text().strip()

    def _refresh(self) -> None:
        """Rebuild after a change; the keyboard focus stays on the button
        at the same place (rows come and go with the seat count)."""
        self._remember()
        cur = self.focused()
        where = cur.rect.topleft if cur is not None else None
        self.clear_ui()
        self.build_ui()
        if where is not None:
            for i, b in enumerate(self._focusables):
                if b.rect.topleft == where:
                    self.focus_index = i
                    break

    def set_players(self, n: int) -> None:
        self._remember()
        grow = self.rounds == self.players
        self.players = max(MIN_SEATS, min(MAX_SEATS, n))
        self.rounds = self.players if grow else min(self.rounds, self.players)
        self.first_god %= self.players
        self._refresh()

    def set_rounds(self, n: int) -> None:
        self.rounds = max(1, min(self.players, n))
        self._refresh()

    def set_first(self, seat: int) -> None:
        self.first_god = seat
        self._refresh()

    def set_god_name(self, name: str) -> None:
        self.god_name = name
        if self.god_entry is not None and self.god_entry.alive():
            self.god_entry.set_text(name)
        self._refresh()

    def cycle_kind(self, seat: int, bots: list[str]) -> None:
        order = ["person"] + bots
        cur = self.kinds[seat] if self.kinds[seat] in order else "person"
        self.kinds[seat] = order[(order.index(cur) + 1) % len(order)]
        self._refresh()

    def cycle_level(self, seat: int) -> None:
        self.levels[seat] = LEVELS[(LEVELS.index(self.levels[seat]) + 1) % len(LEVELS)]
        self._refresh()

    def open_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, "delphi"))

    # --- starting --------------------------------------------------------------------------------
    def options(self) -> dict:
        self._remember()
        god = self.god_name.strip()
        if god == tr("delphi.god"):
            god = ""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "first_god": self.first_god,
            "god_name": god,
            "rules": [None] * self.rounds,
        }

    def prefs(self) -> dict:
        return {
            "players": self.players,
            "rounds": self.rounds,
            "first_god": self.first_god,
            "god_name": self.god_name,
            "names": self.names,
            "kinds": self.kinds,
            "levels": self.levels,
        }

    def start(self) -> None:
        from game.ui.tables.delphi import start_game

        opts = self.options()
        n = self.players
        meta = {
            "names": self.names[:n],
            "bots": [None if k == "person" else k for k in self.kinds[:n]],
            "levels": self.levels[:n],
            "prefs": self.prefs(),
        }
        start_game(self.app, opts, random.randrange(1, 10**9), meta)

    # --- events and drawing ---------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._remember()
            return
        fields = [e for e in self.entries + [self.god_entry] if e is not None and e.alive()]
        if event.type == pygame.KEYDOWN and any(e.is_focused for e in fields):
            return  # typing a name
        super().handle_event(event)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s, cols = self._geometry()
        panel(surface, r, 170, int(16 * s))
        text(surface, tr("delphi.table.setup_title"), (r.centerx, r.y + int(14 * s)), int(30 * s), INK, bold=True, anchor="midtop")
        rows = getattr(self, "rows_y", {})
        bh = int(36 * s)
        lx = r.x + int(28 * s)
        labels = {"players": "delphi.table.seats", "rounds": "delphi.table.rounds", "god_name": "delphi.table.god_name"}
        for key, lab in labels.items():
            if key in rows:
                text(surface, tr(lab), (lx, rows[key] + bh // 2), int(17 * s), INK, anchor="midleft", max_width=int(215 * s))
        if "players" in rows:
            x = r.x + int(250 * s) + 6 * int(58 * s) + int(6 * s)
            text(surface, tr("delphi.table.seats_hint"), (x, rows["players"] + bh // 2), int(14 * s), INK_DIM, anchor="midleft", shadow=False, max_width=r.right - x - int(20 * s))
        if "head" in rows:
            y = rows["head"]
            for key, col in (("delphi.table.col_name", "name"), ("delphi.table.col_who", "kind"), ("delphi.table.col_god", "god"), ("delphi.table.col_first", "first")):
                text(surface, tr(key), (cols[col], y), int(13 * s), INK_DIM, shadow=False, max_width=int(250 * s))
        god_w = cols["first"] - cols["god"] - int(12 * s)
        for seat in range(self.players):
            k = f"seat{seat}"
            if k not in rows:
                continue
            y = rows[k] + bh // 2
            text(surface, str(seat + 1), (cols["num"], y), int(16 * s), INK_DIM, anchor="midleft")
            rnd = self.god_round(seat)
            if rnd is None:
                text(surface, tr("delphi.table.not_god"), (cols["god"], y), int(14 * s), INK_DIM, anchor="midleft", shadow=False, max_width=god_w)
                continue
            rr = text(surface, tr("delphi.table.round_n", n=rnd + 1), (cols["god"], y), int(14 * s), GOLD, bold=True, anchor="midleft", shadow=False, max_width=int(90 * s))
            if self.kinds[seat] == "person":
                text(surface, tr("delphi.table.writes_rule"), (rr.right + int(10 * s), y), int(14 * s), INK, anchor="midleft", shadow=False, max_width=cols["god"] + god_w - rr.right - int(10 * s))
        if hasattr(self, "rounds_box"):
            text(surface, str(self.rounds), self.rounds_box.center, int(22 * s), GOLD, bold=True, anchor="center")
            hint = tr("delphi.table.rounds_full") if self.rounds == self.players else tr("delphi.table.rounds_short", n=self.players - self.rounds)
            x = self.rounds_box.right + int(70 * s)
            text(surface, hint, (x, self.rounds_box.centery), int(14 * s), INK_DIM, anchor="midleft", shadow=False, max_width=r.right - x - int(24 * s))
        people = sum(1 for k in self.kinds[: self.players] if k == "person")
        if people == 0:
            note = tr("delphi.table.watch_only")
        elif people == 1:
            note = tr("delphi.table.one_person")
        else:
            note = tr("delphi.table.pass_note", n=people)
        text(surface, note, (r.centerx, r.bottom - int(76 * s)), int(14 * s), INK_DIM, anchor="midbottom", shadow=False, max_width=r.w - int(60 * s))
