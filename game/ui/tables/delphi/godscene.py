"""God's private screen before a round: write the rule in the rule
language (checked as you type: where a parse error is, and then how the
rule behaves in simulated lines, see :mod:`.rulecheck`), pick one from the
library, or choose to judge every play by hand; and, either way, give
everyone a hint if God likes (the library's hint for a library rule is
one click away).  Nothing of the rule leaves this screen except through
the engine's ``rule`` action; the hint goes first, as ``hint``.  What God
has typed so far (the rule, the note, the hint, the mode and the starters)
is the match's draft (:class:`~game.games.delphi.policy.GodDraft`): it is
kept with the game when God goes to the menu, and comes back into the
entries at Continue."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pygame_gui

from game.engine.core import Message
from game.games.delphi.bots import choose_library_rule
from game.games.delphi.library import LibraryRule, find_text, rule_in_words
from game.games.delphi.log import library_hint
from game.games.delphi.options import MAX_NOTE, MAX_RULE_TEXT
from game.games.delphi.policy import GodDraft
from game.games.delphi.rulelang import Analysis
from game.games.delphi.rulelang.reads import describe as describe_reads
from game.games.delphi.state import SETRULE, Action
from game.i18n import tr
from game.ui.assets import GOLD, INK, INK_DIM, REFUSE, font
from game.ui.kit.header import button_width
from game.ui.kit.textfield import TextField
from game.ui.scene import AppServices, Scene
from game.ui.tables.delphi.host import Host
from game.ui.tables.delphi.libraryscene import LibraryScene
from game.ui.tables.delphi.rulecheck import Analyser, check_text
from game.ui.widgets import felt, panel, text, text_block, wrapped

WARN = (240, 190, 90)
OK_GREEN = (130, 210, 140)


class GodScene(Scene):
    """God writes (or picks) the rule, or chooses to judge by hand."""

    name = "delphi-god"

    def __init__(self, app: AppServices, table: Host) -> None:
        super().__init__(app)
        self.table = table
        draft = table.model.draft
        self.mode = draft.mode
        self.rule_text = draft.rule
        self.note = draft.note
        self.hint = draft.hint
        self.starters = draft.starters
        text = self.rule_text
        self.checked = check_text(text)
        self.analyser = Analyser()
        if self.checked.rule is not None:
            self.analyser.request(text.strip())
        self.entry: TextField | None = None
        self.note_entry: TextField | None = None
        self.hint_entry: TextField | None = None
        self.use_button: pygame_gui.elements.UIButton | None = None
        self._lib_cache: tuple[str, LibraryRule | None] | None = None

    # --- who and what -------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.app.settings.language

    def god_label(self) -> str:
        t = self.table
        return tr("delphi.table.god_is", god=t.god_title(), name=t.seat_name(t.view.god))

    def analysis(self) -> Analysis | None:
        if self.checked.rule is None:
            return None
        res = self.analyser.get(self.rule_text.strip())
        return res if isinstance(res, Analysis) else None

    def usable(self) -> bool:
        a = self.analysis()
        return self.checked.rule is not None and a is not None and a.ok

    # --- layout ---------------------------------------------------------------------------------
    def _panel(self) -> tuple[pygame.Rect, float]:
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w - 40 * s, 1180 * s))
        return pygame.Rect(w // 2 - pw // 2, int(20 * s), pw, h - int(40 * s)), s

    def _columns(self) -> tuple[pygame.Rect, float, pygame.Rect, pygame.Rect]:
        r, s = self._panel()
        # the cheat sheet takes 45 % (at 38 % its lines fitted at 14 px only and read as small print, issue 50)
        left = pygame.Rect(r.x + int(28 * s), r.y + int(128 * s), int(r.w * 0.55) - int(28 * s), r.h - int(128 * s) - int(84 * s))
        right = pygame.Rect(left.right + int(24 * s), left.y, r.right - left.right - int(52 * s), left.h)
        return r, s, left, right

    def _hand_rows(self, left: pygame.Rect) -> tuple[int, int]:
        """Where the starter buttons and the note go when judging by hand."""
        y = left.y + int(70 * self.app.scale)
        return y, y + int(94 * self.app.scale)

    def _hint_row(self, left: pygame.Rect) -> pygame.Rect:
        """The hint's entry: above the library buttons (writing), below the
        note (by hand)."""
        s = self.app.scale
        if self.mode == "write":
            return pygame.Rect(left.x, left.bottom - int(38 * s) - int(52 * s), left.w, int(40 * s))
        _, note_y = self._hand_rows(left)
        return pygame.Rect(left.x, note_y + int(104 * s), left.w, int(40 * s))

    def build_ui(self) -> None:
        r, s, left, _right = self._columns()
        bh = int(38 * s)
        tw = int(200 * s)
        for i, (mode, key) in enumerate((("write", "delphi.table.mode_write"), ("hand", "delphi.table.mode_hand"))):
            b = self.button((r.x + int(28 * s) + i * (tw + int(10 * s)), r.y + int(78 * s), tw, bh), tr(key), self._to_mode(mode))
            if mode == self.mode:
                b.select()
        by = r.bottom - int(62 * s)
        self.button((r.x + int(28 * s), by, int(150 * s), int(44 * s)), tr("ui.menu"), self.table.leave)
        hint_row = self._hint_row(left)
        lib = self._library_entry() if self.mode == "write" else None
        offer = lib is not None and library_hint(lib.id) and not self.hint
        # as wide as its label needs ("Hinweis der Sammlung" did not fit 180)
        lib_w = button_width(tr("delphi.table.use_library_hint"), s, 180)
        hint_rect = pygame.Rect(hint_row.x, hint_row.y, hint_row.w - (lib_w + int(10 * s) if offer else 0), hint_row.h)
        self.hint_entry = self.keep(TextField(self.app, hint_rect, limit=MAX_NOTE, text=self.hint))
        if offer:
            self.button((hint_row.right - lib_w, hint_row.y, lib_w, hint_row.h), tr("delphi.table.use_library_hint"), self.use_library_hint)
        if self.mode == "write":
            self.entry = self.keep(TextField(self.app, pygame.Rect(left.x, left.y + int(24 * s), left.w, int(42 * s)), limit=MAX_RULE_TEXT, text=self.rule_text))
            lib_y = left.bottom - bh
            half = (left.w - int(10 * s)) // 2
            self.button((left.x, lib_y, half, bh), tr("delphi.table.library"), self.open_library)
            self.button((left.x + half + int(10 * s), lib_y, half, bh), tr("delphi.table.random_rule"), self.random_rule)
            self.use_button = self.button((r.right - int(300 * s), by, int(270 * s), int(44 * s)), tr("delphi.table.use_rule"), self.use_rule, object_id="#primary", enabled=self.usable())
            if not self.rule_text:
                # through the manager, so that a click on the hint's entry
                # takes the focus away (entry.focus() alone left both focused
                # and the hint typed into the rule)
                self.app.ui.set_focus_set(self.entry)
        else:
            self.entry = None
            y, note_y = self._hand_rows(left)
            for k in (1, 2, 3):
                b = self.button((left.x + (k - 1) * int(70 * s), y, int(60 * s), bh), str(k), self._to_starters(k))
                if k == self.starters:
                    b.select()
            self.note_entry = self.keep(TextField(self.app, pygame.Rect(left.x, note_y, left.w, int(42 * s)), limit=MAX_NOTE, text=self.note))
            self.use_button = self.button((r.right - int(370 * s), by, int(340 * s), int(44 * s)), tr("delphi.table.use_hand"), self.use_hand, object_id="#primary")

    def _refresh(self) -> None:
        self._remember()
        self.rebuild_ui()

    def _remember(self) -> None:
        if self.entry is not None and self.entry.alive():
            self.rule_text = self.entry.get_text()
        if self.note_entry is not None and self.note_entry.alive():
            self.note = self.note_entry.get_text()
        if self.hint_entry is not None and self.hint_entry.alive():
            self.hint = self.hint_entry.get_text()
        self._keep()

    def draft(self) -> GodDraft:
        return GodDraft(self.mode, self.rule_text, self.note, self.hint, self.starters)

    def _keep(self) -> None:
        """What God has typed, into the match's draft (saved with the game)."""
        self.table.keep_draft(self.draft())

    def use_library_hint(self) -> None:
        """The library's hint for the rule in the entry, in God's language
        (God may still change it)."""
        lib = self._library_entry()
        hint = library_hint(lib.id) if lib is not None else None
        if hint:
            self._remember()
            self.hint = hint.render(self.lang) if isinstance(hint, Message) else str(hint)
            self.rebuild_ui()

    def _to_mode(self, mode: str) -> Callable[[], None]:
        return lambda: self.set_mode(mode)

    def _to_starters(self, k: int) -> Callable[[], None]:
        return lambda: self.set_starters(k)

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self._refresh()

    def set_starters(self, k: int) -> None:
        self.starters = k
        self._refresh()

    # --- the text ---------------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """Put a rule in the entry (from the library) and check it."""
        self.rule_text = text
        if self.entry is not None and self.entry.alive():
            self.entry.set_text(text)
        self._changed()
        if self.app.scenes.top is self:
            self._remember()
            self.rebuild_ui()  # a library rule brings the offer of its hint

    def _changed(self) -> None:
        self._keep()
        self.checked = check_text(self.rule_text)
        if self.checked.rule is not None:
            self.analyser.request(self.rule_text.strip())
        self._sync_button()

    def _sync_button(self) -> None:
        b = self.use_button
        if b is None or not b.alive() or self.mode != "write":
            return
        if self.usable() and not b.is_enabled:
            b.enable()
        elif not self.usable() and b.is_enabled:
            b.disable()

    def open_library(self) -> None:
        self._remember()
        self.app.push(LibraryScene(self.app, self.set_text))

    def random_rule(self) -> None:
        self.set_text(choose_library_rule("medium", random.Random()))

    def use_rule(self) -> None:
        self._remember()
        self._changed()
        if not self.usable():
            return
        self._finish(Action("rule", text=self.rule_text.strip()))

    def use_hand(self) -> None:
        self._remember()
        self._finish(Action("byhand", n=self.starters, text=self.note.strip()))

    def _finish(self, action: Action) -> None:
        # the hint first, while this screen is still up (so the table does
        # not open another one for the rule still to come)
        self._remember()
        if self.hint.strip() and not self.table.act_or_refuse(Action("hint", text=self.hint.strip())):
            return
        if self.app.scenes.top is self:
            self.app.pop()
        self.table.act_or_refuse(action)

    def pause(self) -> None:
        self._remember()  # (the library, the settings or the rules over this screen)
        super().pause()

    def exit(self) -> None:
        if self.table.match.state.phase == SETRULE:
            self._remember()  # God went to the menu: Continue brings it back
        self.analyser.stop()
        super().exit()

    # --- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            if event.ui_element is self.entry and self.entry is not None:
                self.rule_text = self.entry.get_text()
                self._changed()
            elif event.ui_element is self.note_entry and self.note_entry is not None:
                self.note = self.note_entry.get_text()
            elif event.ui_element is self.hint_entry and self.hint_entry is not None:
                self.hint = self.hint_entry.get_text()
            self._keep()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.use_rule()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_fields()
            return
        super().handle_event(event)  # (keys typed into a field stay the field's: Scene.typing)

    def update(self, dt: float) -> None:
        self._sync_button()

    # --- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r, s, left, right = self._columns()
        panel(surface, r, 175, int(16 * s))
        n = self.table.view.round + 1
        text(surface, tr("delphi.table.god_title", who=self.god_label(), n=n), (r.x + int(28 * s), r.y + int(16 * s)), int(26 * s), GOLD, bold=True, max_width=r.w - int(56 * s))
        text(surface, tr("delphi.table.god_secret"), (r.x + int(28 * s), r.y + int(52 * s)), int(15 * s), INK_DIM, shadow=False, max_width=r.w - int(56 * s))
        if self.mode == "write":
            self._draw_write(surface, left, right, s)
        else:
            self._draw_hand(surface, left, right, s)
        hint_row = self._hint_row(left)
        text(surface, tr("delphi.table.hint_label"), (left.x, hint_row.y - int(6 * s)), int(15 * s), INK, bold=True, anchor="bottomleft", shadow=False, max_width=left.w)

    def _draw_write(self, surface: pygame.Surface, left: pygame.Rect, right: pygame.Rect, s: float) -> None:
        text(surface, tr("delphi.table.rule_label"), (left.x, left.y), int(15 * s), INK, bold=True, shadow=False)
        y = left.y + int(76 * s)
        c = self.checked
        size = int(16 * s)
        bottom = self._hint_row(left).y - int(30 * s)
        if c.error is not None:
            y = self._draw_error(surface, left, y, s)
        elif c.rule is not None:
            reads = c.rule.to_text(self.lang)
            y += text_block(surface, "✓ " + tr("delphi.table.reads_as", text=reads), pygame.Rect(left.x, y, left.w, 200), size, OK_GREEN)
            y += int(4 * s)
            y += text_block(surface, tr("delphi.table.in_words", text=rule_in_words(c.rule.text, self.lang)), pygame.Rect(left.x, y, left.w, 200), size, INK)
            y += int(4 * s)
            y += text_block(surface, describe_reads(c.rule.tree).render(self.lang), pygame.Rect(left.x, y, left.w, 200), int(15 * s), INK_DIM)
            y += int(10 * s)
            a = self.analysis()
            if a is None:
                text(surface, tr("delphi.table.checking"), (left.x, y), size, INK_DIM, shadow=False)
                y += int(26 * s)
            else:
                for m in a.errors:
                    y += self._msg(surface, "✗ " + m.render(self.lang), left, y, size, REFUSE, bottom) + int(6 * s)
                if a.summary is not None:
                    y += self._msg(surface, a.summary.render(self.lang), left, y, size, INK, bottom) + int(6 * s)
                for m in a.warnings:
                    y += self._msg(surface, "⚠ " + m.render(self.lang), left, y, size, WARN, bottom) + int(6 * s)
                if a.ok and not a.warnings:
                    y += self._msg(surface, tr("delphi.table.no_warnings"), left, y, size, OK_GREEN, bottom) + int(6 * s)
        else:
            text_block(surface, tr("delphi.table.rule_intro"), pygame.Rect(left.x, y, left.w, 300), size, INK_DIM)
        self._draw_cheatsheet(surface, right, s)

    def _library_entry(self) -> LibraryRule | None:
        key = self.rule_text.strip()
        if self._lib_cache is None or self._lib_cache[0] != key:
            self._lib_cache = (key, find_text(key) if self.checked.rule is not None else None)
        return self._lib_cache[1]

    def _msg(self, surface: pygame.Surface, msg: str, area: pygame.Rect, y: int, size: int, colour: tuple[int, int, int], bottom: int) -> int:
        if y >= bottom:
            return 0
        return text_block(surface, msg, pygame.Rect(area.x, y, area.w, bottom - y), size, colour)

    def _draw_error(self, surface: pygame.Surface, left: pygame.Rect, y: int, s: float) -> int:
        """The text again, the problem's column marked, and the message."""
        e = self.checked.error
        col = getattr(e, "column", None)
        raw = self.rule_text
        size = int(18 * s)
        f = font(size, False)
        if col is not None and raw:
            # the column counts in the text as typed
            i = max(0, min(len(raw), col - 1))
            start, end = 0, len(raw)
            while f.size(raw[start:end])[0] > left.w - int(30 * s) and end - start > 8:
                if i - start > end - i:
                    start += 1
                else:
                    end -= 1
            shown = ("…" if start else "") + raw[start:end] + ("…" if end < len(raw) else "")
            offset = (1 if start else 0) + (i - start)
            x = left.x
            pre = shown[:offset]
            ch = shown[offset] if offset < len(shown) and i < len(raw) else " "
            px = x + f.size(pre)[0]
            cw = max(int(8 * s), f.size(ch)[0])
            mark = pygame.Rect(px - 1, y - 1, cw + 2, f.get_height() + 2)
            pygame.draw.rect(surface, (150, 40, 34), mark, border_radius=3)
            img = f.render(shown, True, INK)
            surface.blit(img, (x, y))
            tri_y = y + f.get_height() + int(3 * s)
            cx = px + cw // 2
            pygame.draw.polygon(surface, REFUSE, [(cx, tri_y), (cx - int(7 * s), tri_y + int(10 * s)), (cx + int(7 * s), tri_y + int(10 * s))])
            text(surface, tr("delphi.table.column", n=col), (cx + int(12 * s), tri_y), int(13 * s), REFUSE, shadow=False)
            y = tri_y + int(22 * s)
        render = getattr(e, "render", None)
        msg = render(self.lang) if callable(render) else str(e)
        y += text_block(surface, "✗ " + msg, pygame.Rect(left.x, y, left.w, 300), int(17 * s), REFUSE) + int(8 * s)
        return y

    def _draw_cheatsheet(self, surface: pygame.Surface, right: pygame.Rect, s: float) -> None:
        panel(surface, right, 90, int(10 * s))
        x, y = right.x + int(14 * s), right.y + int(10 * s)
        text(surface, tr("delphi.table.sheet_title"), (x, y), int(16 * s), GOLD, bold=True, shadow=False)
        y += int(28 * s)
        width, room = right.w - int(28 * s), right.bottom - int(8 * s) - y
        items = [tr(f"delphi.table.sheet_{i}") for i in range(1, 12)]
        # the largest size at which the whole sheet fits its panel (the
        # German one at 800x500 ran 8 px past it at 14 px)
        size = int(SHEET_SIZE * s)
        while size > 10 and self._sheet_height(items, size, width, s) > room:
            size -= 1
        for i, item in enumerate(items):
            for line in sheet_lines(item, size, width):
                if y + int(size * 1.25) > right.bottom:
                    return
                text(surface, line, (x, y), size, INK if i % 2 == 0 else INK_DIM, shadow=False)
                y += int(size * 1.25)
            y += int(SHEET_GAP * s)

    @staticmethod
    def _sheet_height(items: list[str], size: int, width: int, s: float) -> int:
        return sum(len(sheet_lines(item, size, width)) * int(size * 1.25) + int(SHEET_GAP * s) for item in items)

    def _draw_hand(self, surface: pygame.Surface, left: pygame.Rect, right: pygame.Rect, s: float) -> None:
        text_block(surface, tr("delphi.table.hand_intro"), pygame.Rect(left.x, left.y, left.w, int(70 * s)), int(16 * s), INK)
        y, ny = self._hand_rows(left)
        text(
            surface, tr("delphi.table.starters_label", n=self.starters), (left.x + int(220 * s), y + int(19 * s)), int(15 * s), INK_DIM, anchor="midleft", shadow=False, max_width=left.w - int(230 * s)
        )
        text(surface, tr("delphi.table.note_label"), (left.x, ny - int(6 * s)), int(15 * s), INK, bold=True, anchor="bottomleft", shadow=False, max_width=left.w)
        text(surface, tr("delphi.table.note_placeholder"), (left.x, ny + int(50 * s)), int(14 * s), INK_DIM, shadow=False, max_width=left.w)
        text_block(surface, tr("delphi.table.hand_how"), right, int(15 * s), INK_DIM)


#: the cheat sheet's largest text size at scale 1 (smaller when it must, to
#: fit), and the room between its items (5 left the English sheet 3 px
#: short of 15 px type at 1280x800)
SHEET_SIZE = 15
SHEET_GAP = 4


def sheet_lines(item: str, size: int, width: int) -> list[str]:
    """A line of the cheat sheet wrapped to ``width`` between its parts
    ("and · or · not"): a break falls where a " · " was and drops it, so
    no line begins or ends with a stray "·"; a part too long for a line
    wraps between its words."""
    f = font(size, False)
    lines: list[str] = []
    cur = ""
    for part in item.split(" · "):
        trial = f"{cur} · {part}" if cur else part
        if f.size(trial)[0] <= width:
            cur = trial
            continue
        if cur:
            lines.append(cur)
        words = wrapped(part, size, width)
        lines.extend(words[:-1])
        cur = words[-1]
    if cur:
        lines.append(cur)
    return lines
