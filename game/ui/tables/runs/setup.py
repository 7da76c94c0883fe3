"""Setting up a game of Runs: 2–6 seats, each a person (with a name) or a
computer (simple or strong); 5–10 rounds or "until we stop"; the King–Ace
table option; the deal number (random unless typed)."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game.games.runs.rules import DEFAULT_ROUNDS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, OPEN_ENDED
from game.i18n import tr
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.scene import Scene
from game.ui.widgets import felt, panel, text, text_block

KINDS = ("person", "simple", "strong")


def default_prefs() -> dict:
    return {
        "players": 3,
        "rounds": DEFAULT_ROUNDS,
        "wrap": False,
        "names": [tr("ui.seat", n=i + 1) for i in range(MAX_PLAYERS)],
        "kinds": ["person"] + ["strong"] * (MAX_PLAYERS - 1),
    }


class SetupScene(Scene):
    name = "runs-setup"

    def __init__(self, app, prefs: dict | None = None) -> None:
        super().__init__(app)
        d = default_prefs()
        p = dict(prefs or {})
        self.players = p.get("players") if p.get("players") in range(MIN_PLAYERS, MAX_PLAYERS + 1) else d["players"]
        r = p.get("rounds", d["rounds"])
        self.rounds = r if r == OPEN_ENDED or (isinstance(r, int) and MIN_ROUNDS <= r <= MAX_ROUNDS) else d["rounds"]
        self.wrap = bool(p.get("wrap", False))
        names = [str(x) for x in (p.get("names") or [])][:MAX_PLAYERS]
        self.names = names + d["names"][len(names):]
        kinds = [k if k in KINDS else "person" for k in (p.get("kinds") or [])][:MAX_PLAYERS]
        self.kinds = kinds + d["kinds"][len(kinds):]
        self.deal_text = ""
        self.entries: list = []
        self.deal_entry = None

    # --- layout ------------------------------------------------------------------------------
    def _panel(self):
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.9, 1000 * s))
        return pygame.Rect(w // 2 - pw // 2, int(24 * s), pw, h - int(48 * s)), s

    def build_ui(self) -> None:
        r, s = self._panel()
        x0 = r.x + int(210 * s)
        bh = int(36 * s)
        gap = int(9 * s)
        y = r.y + int(66 * s)
        self.rows_y = {}
        self.rows_y["players"] = y
        for i, n in enumerate(range(MIN_PLAYERS, MAX_PLAYERS + 1)):
            b = self.button((x0 + i * int(62 * s), y, int(54 * s), bh), str(n), lambda n=n: self._set("players", n))
            if n == self.players:
                b.select()
        y += bh + int(16 * s)
        self.entries = []
        for seat in range(self.players):
            self.rows_y[f"seat{seat}"] = y
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x0, y, int(280 * s), bh), manager=self.app.ui)
            e.set_text_length_limit(16)
            e.set_text(self.names[seat])
            self.keep(e)
            self.entries.append(e)
            self.button((x0 + int(292 * s), y, int(300 * s), bh), self._kind_label(self.kinds[seat]), lambda seat=seat: self._cycle_kind(seat))
            y += bh + gap
        self.rows_y["kind_hint"] = y
        y += int(26 * s)
        self.rows_y["rounds"] = y
        opts = list(range(MIN_ROUNDS, MAX_ROUNDS + 1))
        for i, n in enumerate(opts):
            b = self.button((x0 + i * int(54 * s), y, int(48 * s), bh), str(n), lambda n=n: self._set("rounds", n))
            if n == self.rounds:
                b.select()
        b = self.button((x0 + len(opts) * int(54 * s) + int(8 * s), y, int(240 * s), bh), tr("runs.option.until_stop"), lambda: self._set("rounds", OPEN_ENDED))
        if self.rounds == OPEN_ENDED:
            b.select()
        y += bh + int(16 * s)
        self.rows_y["wrap"] = y
        b = self.button((x0, y, int(140 * s), bh), tr("ui.on") if self.wrap else tr("ui.off"), self._toggle_wrap)
        if self.wrap:
            b.select()
        y += bh + int(16 * s)
        self.rows_y["deal"] = y
        self.rows_y["about"] = y + bh + int(26 * s)
        self.deal_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x0, y, int(200 * s), bh), manager=self.app.ui, placeholder_text=tr("runs.table.random"))
        self.deal_entry.set_allowed_characters("numbers")
        self.deal_entry.set_text_length_limit(9)
        self.deal_entry.set_text(self.deal_text)
        self.keep(self.deal_entry)
        by = r.bottom - int(60 * s)
        self.start_b = self.button((r.right - int(250 * s), by, int(220 * s), int(46 * s)), tr("runs.table.start"), self.start, object_id="#primary")
        self.button((r.x + int(30 * s), by, int(160 * s), int(46 * s)), tr("ui.back"), self.app.pop)
        self.button((r.x + int(205 * s), by, int(160 * s), int(46 * s)), tr("ui.rules_button"), self.rules)
        if self.focus_index is None:
            self.focus(self.start_b)

    def _kind_label(self, kind: str) -> str:
        if kind == "person":
            return tr("ui.human")
        return tr("runs.table.kind." + kind)

    def _remember_entries(self) -> None:
        for i, e in enumerate(self.entries):
            if e.alive():
                self.names[i] = e.get_text().strip() or tr("ui.seat", n=i + 1)
        if self.deal_entry is not None and self.deal_entry.alive():
            self.deal_text = self.deal_entry.get_text()

    def _refresh(self) -> None:
        self._remember_entries()
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep if keep is not None and keep < len(self._focusables) else None

    def _set(self, attr: str, value) -> None:
        setattr(self, attr, value)
        self._refresh()

    def _toggle_wrap(self) -> None:
        self.wrap = not self.wrap
        self._refresh()

    def _cycle_kind(self, seat: int) -> None:
        cur = self.kinds[seat] if self.kinds[seat] in KINDS else "person"
        self.kinds[seat] = KINDS[(KINDS.index(cur) + 1) % len(KINDS)]
        self._refresh()

    # --- starting ------------------------------------------------------------------------------
    def options(self) -> dict:
        return {"players": self.players, "rounds": self.rounds, "wrap": self.wrap, "dealer": None}

    def prefs(self) -> dict:
        return {"players": self.players, "rounds": self.rounds, "wrap": self.wrap, "names": list(self.names), "kinds": list(self.kinds)}

    def seed(self) -> int:
        self._remember_entries()
        t = self.deal_text.strip()
        return int(t) if t.isdigit() and int(t) > 0 else random.randrange(1, 10**9)

    def names_for_game(self) -> list[str]:
        """The seat names, made unique (two people called Anna become
        "Anna" and "Anna 2"), so the pass screen is never ambiguous."""
        out: list[str] = []
        for i in range(self.players):
            base = self.names[i].strip() or tr("ui.seat", n=i + 1)
            name, k = base, 2
            while name in out:
                name = f"{base} {k}"
                k += 1
            out.append(name)
        return out

    def start(self) -> None:
        from game.ui.tables.runs import start_game

        self._remember_entries()
        meta = {
            "names": self.names_for_game(),
            "bots": [None if k == "person" else k for k in self.kinds[: self.players]],
            "prefs": self.prefs(),
        }
        start_game(self.app, self.options(), self.seed(), meta)

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self._remember_entries()
        self.app.push(RulesScene(self.app, "runs"))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._remember_entries()
            return
        typing = [e for e in self.entries + ([self.deal_entry] if self.deal_entry is not None else []) if e.alive() and e.is_focused]
        if event.type == pygame.KEYDOWN and typing:
            return  # the keys belong to the text field
        super().handle_event(event)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s = self._panel()
        panel(surface, r, 170, int(16 * s))
        text(surface, tr("runs.table.setup_title"), (r.centerx, r.y + int(14 * s)), int(30 * s), INK, bold=True, anchor="midtop")
        lx = r.x + int(28 * s)
        rows = getattr(self, "rows_y", {})
        labels = {
            "players": "runs.table.players",
            "rounds": "runs.option.rounds",
            "wrap": "runs.table.wrap_label",
            "deal": "runs.table.deal_number",
        }
        bh = int(36 * s)
        for key, lab in labels.items():
            if key in rows:
                text(surface, tr(lab), (lx, rows[key] + bh // 2), int(18 * s), INK, anchor="midleft", max_width=int(175 * s))
        for seat in range(self.players):
            k = f"seat{seat}"
            if k in rows:
                text(surface, tr("runs.table.seat_n", n=seat + 1), (lx, rows[k] + bh // 2), int(16 * s), INK_DIM, anchor="midleft", max_width=int(175 * s))
        x0 = r.x + int(210 * s)
        if "wrap" in rows:
            text(surface, tr("runs.option.wrap"), (x0 + int(156 * s), rows["wrap"] + bh // 2), int(16 * s), INK_DIM, anchor="midleft", shadow=False, max_width=r.right - x0 - int(180 * s))
        if "deal" in rows:
            text(surface, tr("runs.table.deal_hint"), (x0 + int(216 * s), rows["deal"] + bh // 2), int(14 * s), INK_DIM, anchor="midleft", shadow=False, max_width=r.right - x0 - int(240 * s))
        if "kind_hint" in rows:
            text(surface, tr("runs.table.kind_hint"), (x0, rows["kind_hint"]), int(14 * s), INK_DIM, shadow=False, max_width=r.right - x0 - int(30 * s))
        if "about" in rows:
            box = pygame.Rect(lx, rows["about"], r.right - int(28 * s) - lx, r.bottom - int(80 * s) - rows["about"])
            if box.h > int(60 * s):
                panel(surface, box, 70, int(10 * s))
                text(surface, tr("runs.table.about_title"), (box.x + int(16 * s), box.y + int(10 * s)), int(16 * s), GOLD, bold=True, shadow=False)
                text_block(surface, tr("runs.table.about"), pygame.Rect(box.x + int(16 * s), box.y + int(36 * s), box.w - int(32 * s), box.h - int(44 * s)), int(15 * s), INK_DIM)
