"""Setting up a game of Gaps: how many redeals (2 as in the rules, or 1
or 0), the deal number (random unless typed, to replay a deal) and the
other way in: start from a pasted layout.  A layout that does not parse
shows the parser's own complaint and the text stays in the box."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game.games import gaps as G
from game.i18n import tr
from game.ui.assets import GOLD, INK, INK_DIM, REFUSE
from game.ui.scene import Scene
from game.ui.table import reason_text
from game.ui.widgets import felt, panel, text, text_block

REDEAL_CHOICES = (2, 1, 0)


class SetupScene(Scene):
    name = "gaps-setup"

    def __init__(self, app, prefs: dict | None = None) -> None:
        super().__init__(app)
        p = dict(prefs or {})
        r = p.get("redeals", 2)
        self.redeals = r if r in REDEAL_CHOICES else 2
        self.deal_text = ""
        self.layout_text = ""
        self.error: str | None = None
        self.deal_entry = None
        self.layout_box = None
        self.rows_y: dict[str, int] = {}

    # --- layout ------------------------------------------------------------------------------
    def _panel(self):
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.9, 980 * s))
        return pygame.Rect(w // 2 - pw // 2, int(24 * s), pw, h - int(48 * s)), s

    def build_ui(self) -> None:
        r, s = self._panel()
        x0 = r.x + int(230 * s)
        bh = int(36 * s)
        y = r.y + int(70 * s)
        self.rows_y = {"redeals": y}
        for i, n in enumerate(REDEAL_CHOICES):
            b = self.button((x0 + i * int(70 * s), y, int(60 * s), bh), str(n), lambda n=n: self._set_redeals(n))
            if n == self.redeals:
                b.select()
        y += bh + int(40 * s)
        self.rows_y["deal"] = y
        self.deal_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x0, y, int(200 * s), bh), manager=self.app.ui, placeholder_text=tr("gaps_ui.random"))
        self.deal_entry.set_allowed_characters("numbers")
        self.deal_entry.set_text_length_limit(9)
        self.deal_entry.set_text(self.deal_text)
        self.keep(self.deal_entry)
        self.start_b = self.button((x0 + int(216 * s), y, int(230 * s), bh), tr("gaps_ui.deal_button"), self.start, object_id="#primary")
        y += bh + int(48 * s)
        self.rows_y["layout"] = y
        box_h = max(int(100 * s), min(int(190 * s), r.bottom - int(150 * s) - y))
        self.layout_box = pygame_gui.elements.UITextEntryBox(pygame.Rect(x0, y, r.right - int(30 * s) - x0, box_h), initial_text=self.layout_text, manager=self.app.ui)
        self.keep(self.layout_box)
        y += box_h + int(10 * s)
        self.rows_y["layout_buttons"] = y
        self.button((x0, y, int(220 * s), bh), tr("gaps_ui.paste"), self.paste)
        self.button((x0 + int(232 * s), y, int(320 * s), bh), tr("gaps_ui.start_layout"), self.start_layout)
        self.rows_y["error"] = y + bh + int(8 * s)
        by = r.bottom - int(60 * s)
        self.button((r.x + int(30 * s), by, int(160 * s), int(46 * s)), tr("ui.back"), self.app.pop)
        self.button((r.x + int(205 * s), by, int(160 * s), int(46 * s)), tr("ui.rules_button"), self.rules)
        if self.focus_index is None:
            self.focus(self.start_b)

    def _remember(self) -> None:
        if self.deal_entry is not None and self.deal_entry.alive():
            self.deal_text = self.deal_entry.get_text()
        if self.layout_box is not None and self.layout_box.alive():
            self.layout_text = self.layout_box.get_text()

    def _refresh(self) -> None:
        self._remember()
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep if keep is not None and keep < len(self._focusables) else None

    def _set_redeals(self, n: int) -> None:
        self.redeals = n
        self._refresh()

    def set_layout_text(self, txt: str) -> None:
        self.layout_text = txt
        if self.layout_box is not None and self.layout_box.alive():
            self.layout_box.set_text(txt)

    # --- starting ------------------------------------------------------------------------------
    def prefs(self) -> dict:
        return {"redeals": self.redeals}

    def seed(self) -> int:
        self._remember()
        t = self.deal_text.strip()
        return int(t) if t.isdigit() and int(t) > 0 else random.randrange(1, 10**9)

    def start(self) -> None:
        from game.ui.tables.gaps import start_game

        start_game(self.app, {"redeals": self.redeals, "layout": ""}, self.seed(), {"prefs": self.prefs()})

    def paste(self) -> None:
        from pygame_gui.core.utility import clipboard_paste

        try:
            txt = clipboard_paste() or ""
        except Exception:  # noqa: BLE001 -- each platform's clipboard backend fails in its own way: nothing to paste
            txt = ""
        if not txt.strip():
            self.error = tr("gaps_ui.clipboard_empty")
            return
        self.error = None
        self.set_layout_text(txt.replace("\r\n", "\n").replace("\r", "\n"))

    def start_layout(self) -> None:
        from game.ui.tables.gaps import start_game

        self._remember()
        txt = self.layout_text
        if not txt.strip():
            self.error = tr("gaps.paste.empty")
            return
        try:
            parsed = G.parse_layout(txt)
            redeals = max(self.redeals, parsed.redeals)
            opts = G.start_options(txt, redeals)
        except ValueError as e:  # LayoutError: the parser's own words
            reason = getattr(e, "reason", None)
            self.error = reason_text(reason, self.app.settings.language) if reason is not None else str(e)
            return
        self.error = None
        start_game(self.app, opts, self.seed(), {"prefs": self.prefs()})

    def rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self._remember()
        self.app.push(RulesScene(self.app, "gaps"))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_BOX_LINK_CLICKED):
            self._remember()
            return
        typing = [e for e in (self.deal_entry, self.layout_box) if e is not None and e.alive() and e.is_focused]
        if event.type == pygame.KEYDOWN and typing:
            self._remember()
            return  # the keys belong to the text field
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self._remember()

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s = self._panel()
        panel(surface, r, 170, int(16 * s))
        text(surface, tr("gaps_ui.setup_title"), (r.centerx, r.y + int(14 * s)), int(30 * s), INK, bold=True, anchor="midtop")
        lx = r.x + int(28 * s)
        x0 = r.x + int(230 * s)
        bh = int(36 * s)
        rows = self.rows_y
        labels = {"redeals": "gaps_ui.redeals_label", "deal": "gaps_ui.deal_number"}
        for key, lab in labels.items():
            if key in rows:
                text(surface, tr(lab), (lx, rows[key] + bh // 2), int(18 * s), INK, anchor="midleft", max_width=int(190 * s))
        if "layout" in rows:
            used = text_block(surface, tr("gaps_ui.layout_label"), pygame.Rect(lx, rows["layout"], int(190 * s), int(80 * s)), int(18 * s), INK)
            text_block(surface, tr("gaps_ui.layout_hint"), pygame.Rect(lx, rows["layout"] + used + int(8 * s), int(190 * s), int(140 * s)), int(13 * s), INK_DIM)
        if "redeals" in rows:
            text(surface, tr("gaps_ui.redeals_hint"), (x0 + int(220 * s), rows["redeals"] + bh // 2), int(14 * s), INK_DIM, anchor="midleft", shadow=False, max_width=r.right - x0 - int(250 * s))
            text(surface, tr("gaps_ui.deal_hint"), (x0, rows["deal"] + bh + int(8 * s)), int(14 * s), INK_DIM, shadow=False, max_width=r.right - x0 - int(30 * s))
        if self.error and "error" in rows:
            text_block(surface, self.error, pygame.Rect(x0, rows["error"], r.right - int(30 * s) - x0, int(60 * s)), int(15 * s), REFUSE, bold=True)
        elif "error" in rows:
            text(surface, tr("gaps_ui.layout_example"), (x0, rows["error"]), int(13 * s), GOLD, shadow=False, max_width=r.right - int(30 * s) - x0)

    def prepare_shot(self) -> None:
        """For the screenshot tool: nothing to add."""
