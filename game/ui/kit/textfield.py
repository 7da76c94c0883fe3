"""The one text field of the app: names, deal numbers, a pasted layout,
God's rule, note and hint, a typed rule, the notebook, a guess.

``TextField(app, rect, limit=N)`` is a pygame_gui element of our own, one
line or (``lines=True``) several.  Its ``limit`` is the one the save's
shape or the engine has for the value it becomes, given by the scene
from that one constant (``MAX_RULE_TEXT``, ``NOTEBOOK_TEXT``,
``OPTION_TEXT``...; a seat's name ``MAX_NAME``, what the screens are laid
out for, within the shape's), never a number of its own; nothing longer
can be in it, so nothing longer can be saved from it.

Everything typed, pasted (Ctrl+V, Shift+Insert, the Mac's Cmd+V) or
dropped on the window goes through :func:`game.ui.kit.edit.fit`: what the
fonts cannot draw is left out, line ends are made one kind, and the rest
is cut to the room left, with a note the person reads (``say``; by default
the app's notices).  pygame_gui's own fields dropped a paste over their
limit whole and without a word.

It draws its text itself, only the rows in sight, so an edit costs time
in proportion to the field's limit, not to what was pasted: pygame_gui's
fields laid out all of their text again for each key (measured: a
one-line field of 5,000 characters 25-33 ms a key, a text box of 1,000
characters in short lines 80 ms for Enter and 114 ms to be filled, a
paste of 10,000 characters into the notebook 945 ms).  This field's
figures are in docs/reliability.md.

It posts pygame_gui's ``UI_TEXT_ENTRY_CHANGED`` when its text changes
and, on one line, ``UI_TEXT_ENTRY_FINISHED`` for Enter, as pygame_gui's
fields do; Tab and Esc are left to the scene (Tab leaves the field).  A
placeholder is dim and slanted, so it is never taken for typed text.
"""

from __future__ import annotations

import bisect
import contextlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.core.utility import clipboard_copy, clipboard_paste

from game.i18n import Count, Message, msg
from game.i18n.plain import drawable
from game.ui.assets import FONT_REGULAR, GOLD, HIGHLIGHT, INK, INK_DIM, asset, font
from game.ui.kit.edit import Edit, Rows, fit, keep_drawable
from game.ui.widgets import Toasts

#: the field's colours: pygame_gui's theme for text entries (assets.theme)
FIELD_BG = (14, 51, 33)
SELECTED_BG = (120, 96, 40)
CURSOR = (255, 255, 255)
#: seconds the cursor stays lit after a key, then it blinks at this pace
BLINK_AFTER = 1.0
BLINK = 0.45


class Host(Protocol):
    """What the field needs of the app (``AppServices`` has it)."""

    ui: pygame_gui.UIManager
    toasts: Toasts

    @property
    def scale(self) -> float: ...


@lru_cache(maxsize=32)
def _slanted(size: int) -> pygame.font.Font:
    """The placeholder's font: DejaVu slanted (a font of its own: the
    shared one must stay upright)."""
    slanted = pygame.font.Font(str(asset(FONT_REGULAR)), max(6, size))
    slanted.italic = True
    return slanted


def digits(text: str) -> str:
    """The digits 0-9 of ``text`` (a deal number's field)."""
    return "".join(ch for ch in text if "0" <= ch <= "9")


class TextField(UIElement):
    """A text field with a limit (see the module's text)."""

    def __init__(
        self,
        app: Host,
        rect: pygame.Rect | tuple[int, int, int, int],
        *,
        limit: int,
        text: str = "",
        lines: bool = False,
        placeholder: str = "",
        numbers: bool = False,
        say: Callable[[Message], object] | None = None,
        object_id: str | None = None,
    ) -> None:
        super().__init__(
            pygame.Rect(rect), app.ui, None, starting_height=1, layer_thickness=1,
            object_id=object_id, element_id=["text_entry_box" if lines else "text_entry_line"],
        )
        self.limit = max(0, int(limit))
        self.lines = lines
        self.numbers = numbers
        self.placeholder = drawable(placeholder)
        self._say = say or (lambda words: app.toasts.show(words.render(), "info", ttl=6))
        s = app.scale
        self.scale = s
        #: the text's size: pygame_gui's theme for its fields (assets.theme)
        self.size = max(9, round((17 if lines else 18) * s))
        self.font = font(self.size)
        self.pad = (max(4, int(10 * s)), max(3, int(8 * s)))
        self.edit = Edit.of(self._clean_all(text))
        #: the first row in sight (several lines) or the pixels scrolled (one line)
        self._top = 0
        self._scroll_x = 0
        #: the x a move up or down keeps to
        self._want_x: int | None = None
        self._rows = self._wrap()
        self._xs: list[int] = self._advances(self.edit.text)
        self._blink = 0.0
        self._lit = True
        self._dragging = False
        #: when and where the last click was (a second one soon and near it takes a word)
        self._last_click: tuple[float, tuple[int, int]] = (-1.0, (-99, -99))
        self._clock = 0.0
        self._pasted_by_key = False
        self._drawn: tuple[Any, ...] | None = None
        self._redraw()

    # --- the text, as the scenes use it ---------------------------------------------------------
    def get_text(self) -> str:
        return self.edit.text

    def set_text(self, text: str) -> None:
        """Put ``text`` in the field (a value kept or read from a file):
        what the field cannot take is left out, silently (the person did
        not type it)."""
        self._set(Edit.of(self._clean_all(text)), post=False)

    @property
    def text(self) -> str:
        return self.edit.text

    def _clean(self, text: str) -> str:
        text = keep_drawable(text)
        return digits(text) if self.numbers else text

    def _clean_all(self, text: str) -> str:
        return fit(str(text), self.limit, lines=self.lines, clean=self._clean)[0]

    # --- focus ----------------------------------------------------------------------------------------
    def focus(self) -> None:
        super().focus()
        pygame.key.set_repeat(500, 25)
        self._wake()

    def unfocus(self) -> None:
        super().unfocus()
        pygame.key.set_repeat(0)
        self._dragging = False
        self.edit = self.edit.to(self.edit.cursor)
        self._redraw()

    # --- input ---------------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return self._pointer(event)
        if not self.is_focused or not self.is_enabled:
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.KEYUP:
            if event.key == pygame.K_v:
                self._pasted_by_key = False
            return False
        if event.type == pygame.TEXTINPUT:
            mods = pygame.key.get_mods()
            if event.text == "v" and mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
                # (on a Mac a paste may come as a "v" with Cmd held and no key before it)
                if not self._pasted_by_key:
                    self.paste_text(clipboard_text())
                return True
            self.type_text(event.text)
            return True
        if event.type == pygame.DROPTEXT:
            self.paste_text(getattr(event, "text", "") or "")
            return True
        return False

    def type_text(self, words: str) -> None:
        """``words`` typed at the cursor (one key, or what an input method
        sends at once)."""
        self._insert(words)

    def paste_text(self, words: str | None, *, whole: bool = False) -> None:
        """``words`` pasted or dropped at the cursor (``whole``: in place of
        all the field holds, as a Paste button does)."""
        if whole:
            self.edit = self.edit.all()
        self._insert(words or "")

    def _insert(self, words: str) -> None:
        room = self.edit.room(self.limit)
        kept, left_out = fit(words, room, lines=self.lines, clean=self._clean)
        if kept:
            self._set(self.edit.put(kept))
        if left_out:
            self._say(msg("ui.field.cut", n=Count(self.limit)))

    def _key(self, event: pygame.event.Event) -> bool:
        k, mod = event.key, event.mod
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mod & pygame.KMOD_SHIFT)
        e = self.edit
        if ctrl and not mod & pygame.KMOD_ALT and k in (pygame.K_a, pygame.K_c, pygame.K_x, pygame.K_v):
            if k == pygame.K_a:
                self._set(e.all(), post=False)
            elif k == pygame.K_c:
                self._copy()
            elif k == pygame.K_x:
                self._copy()
                self._set(e.put(""))
            else:
                self._pasted_by_key = True
                self.paste_text(clipboard_text())
            return True
        if k == pygame.K_INSERT and (shift or ctrl):
            if shift:
                self.paste_text(clipboard_text())
            else:
                self._copy()
            return True
        if k == pygame.K_DELETE and shift and e.cursor != e.anchor:
            self._copy()
            self._set(e.put(""))
            return True
        if k == pygame.K_BACKSPACE:
            self._set(e.back(word=ctrl))
            return True
        if k == pygame.K_DELETE:
            self._set(e.delete(word=ctrl))
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.lines:
                self.type_text("\n")
            else:
                self._post(pygame_gui.UI_TEXT_ENTRY_FINISHED)
            return True
        at = self._moved(k, ctrl, shift, e)
        if at is None:
            return False
        if k not in (pygame.K_UP, pygame.K_DOWN):
            self._want_x = None
        self._set(e.to(at, select=shift), post=False)
        return True

    def _moved(self, k: int, ctrl: bool, shift: bool, e: Edit) -> int | None:
        """Where a moving key takes the cursor (None: not such a key); an
        arrow without Shift goes to the selection's end first."""
        lo, hi = e.selection
        if k == pygame.K_LEFT:
            return e.word_left(e.cursor) if ctrl else (lo if lo != hi and not shift else e.cursor - 1)
        if k == pygame.K_RIGHT:
            return e.word_right(e.cursor) if ctrl else (hi if lo != hi and not shift else e.cursor + 1)
        row = self._rows.spans[self._rows.of(e.cursor)]
        if k == pygame.K_HOME:
            return 0 if ctrl or not self.lines else row[0]
        if k == pygame.K_END:
            return len(e.text) if ctrl or not self.lines else row[1]
        if self.lines and k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self._shown_rows(), pygame.K_PAGEDOWN: self._shown_rows()}[k]
            r = self._rows.of(e.cursor)
            if self._want_x is None:
                self._want_x = self._x_in_row(r, e.cursor)
            target = max(0, min(len(self._rows.spans) - 1, r + step))
            return self._index_at(target, self._want_x)
        return None

    def _copy(self) -> None:
        if self.edit.selected:
            with contextlib.suppress(Exception):  # (each platform's clipboard fails in its own way: no copy)
                clipboard_copy(self.edit.selected)

    def _pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            if self.lines and self.hovered and len(self._rows.spans) > self._shown_rows():
                self._scroll_rows(-3 * int(getattr(event, "y", 0)))
                return True
            return False
        pos = self.ui_manager.calculate_scaled_mouse_position(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.hover_point(*pos) or not self.is_enabled:
                return False
            i = self._index_at_point(pos)
            near = max(4, int(6 * self.scale))
            then, (x0, y0) = self._last_click
            double = self._clock - then < self.ui_manager.get_double_click_time() and abs(pos[0] - x0) <= near and abs(pos[1] - y0) <= near
            self._last_click = (self._clock, (int(pos[0]), int(pos[1])))
            self._want_x = None
            if double:
                self._set(self.edit.word_at(i), post=False)
            else:
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                self._set(self.edit.to(i, select=shift), post=False)
                self._dragging = True
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self._set(self.edit.to(self._index_at_point(pos), select=True), post=False)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return self.hover_point(*pos)
        return False

    # --- changes ---------------------------------------------------------------------------------------
    def _set(self, edit: Edit, post: bool = True) -> None:
        changed = edit.text != self.edit.text
        self.edit = edit
        if changed:
            self._rows = self._wrap()
            self._xs = self._advances(edit.text)
        self._follow()
        self._wake()
        if changed and post:
            self._post(pygame_gui.UI_TEXT_ENTRY_CHANGED)

    def _post(self, kind: int) -> None:
        pygame.event.post(pygame.event.Event(kind, {"text": self.edit.text, "ui_element": self, "ui_object_id": self.most_specific_combined_id}))

    def _wake(self) -> None:
        """The cursor lit (after a key or a click, it does not blink)."""
        self._blink = 0.0
        self._lit = True
        self._redraw()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if not self.alive():
            return
        self._clock += time_delta
        if self.hovered and self.is_enabled:
            self.ui_manager.set_text_hovered(True)
        if self.is_focused:
            self._blink += time_delta
            lit = self._blink < BLINK_AFTER or int((self._blink - BLINK_AFTER) / BLINK) % 2 == 1
            if lit != self._lit:
                self._lit = lit
                self._redraw()

    # --- where the text goes ---------------------------------------------------------------------------
    def _inner(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.rect.w, self.rect.h)
        return r.inflate(-2 * self.pad[0], -2 * self.pad[1] if self.lines else 0)

    def _line_h(self) -> int:
        """A row's height: pygame_gui's text boxes spaced their rows so
        (their notebooks read better than rows at the font's own height)."""
        return max(self.font.get_linesize(), int(self.size * 1.45))

    def _shown_rows(self) -> int:
        return max(1, self._inner().h // self._line_h())

    def _advance(self, ch: str) -> int:
        return _advance(self.size, ch)

    def _advances(self, text: str) -> list[int]:
        """x of each index of a one-line field's text (none for lines)."""
        if self.lines:
            return []
        xs = [0]
        x = 0
        size = self.size
        for ch in text:
            x += _advance(size, ch)
            xs.append(x)
        return xs

    def _wrap(self) -> Rows:
        text = self.edit.text
        if not self.lines:
            return Rows.one(text)
        return Rows.wrapped(text, max(1, self._inner().w - max(2, int(6 * self.scale))), self._advance)

    def _x_in_row(self, r: int, i: int) -> int:
        return self._rows.x(r, i, self._advance) if self.lines else self._xs[i]

    def _index_at(self, r: int, x: int) -> int:
        """The index in row ``r`` nearest ``x`` (from the row's start)."""
        if self.lines:
            return self._rows.nearest(r, x, self._advance)
        i = bisect.bisect_left(self._xs, x)
        if i > 0 and (i >= len(self._xs) or x - self._xs[i - 1] < self._xs[i] - x):
            i -= 1
        return max(0, min(len(self.edit.text), i))

    def _index_at_point(self, pos: tuple[int, int]) -> int:
        inner = self._inner()
        x = pos[0] - self.rect.x - inner.x
        if not self.lines:
            return self._index_at(0, x + self._scroll_x)
        r = self._top + (pos[1] - self.rect.y - inner.y) // self._line_h()
        return self._index_at(max(0, min(len(self._rows.spans) - 1, r)), x)

    def _follow(self) -> None:
        """Scroll so the cursor is in sight."""
        inner = self._inner()
        if not self.lines:
            x = self._xs[self.edit.cursor]
            end = self._xs[-1]
            margin = min(inner.w // 4, max(8, int(30 * self.scale)))
            if x - self._scroll_x > inner.w - 2:
                self._scroll_x = x - inner.w + 2 + margin
            elif x - self._scroll_x < 0:
                self._scroll_x = max(0, x - margin)
            self._scroll_x = max(0, min(self._scroll_x, max(0, end - inner.w + 2)))
            return
        r = self._rows.of(self.edit.cursor)
        shown = self._shown_rows()
        if r < self._top:
            self._top = r
        elif r >= self._top + shown:
            self._top = r - shown + 1
        self._top = max(0, min(self._top, max(0, len(self._rows.spans) - shown)))

    def _scroll_rows(self, by: int) -> None:
        self._top = max(0, min(self._top + by, max(0, len(self._rows.spans) - self._shown_rows())))
        self._redraw()

    # --- drawing -----------------------------------------------------------------------------------------
    def _redraw(self) -> None:
        """The field's picture, when what it shows changed."""
        lit = self._lit and self.is_focused
        key = (self.edit, self._top, self._scroll_x, lit, self.is_focused, self.rect.size)
        if key == self._drawn:
            return
        self._drawn = key
        w, h = self.rect.size
        img = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        radius = max(4, int(8 * self.scale))
        pygame.draw.rect(img, FIELD_BG, img.get_rect(), border_radius=radius)
        inner = self._inner()
        clip = inner.inflate(max(2, int(4 * self.scale)), 0)
        img.set_clip(clip)
        if self.edit.text:
            self._draw_text(img, inner, lit)
        else:
            self._draw_placeholder(img, inner, lit)
        img.set_clip(None)
        if self.lines:
            self._draw_bar(img, inner)
        focus = self.is_focused
        pygame.draw.rect(img, HIGHLIGHT if focus else GOLD, img.get_rect(), max(2, int(3 * self.scale)) if focus else 2, border_radius=radius)
        self._set_image(img.premul_alpha())

    def _row_y(self, inner: pygame.Rect, k: int) -> int:
        if self.lines:
            return inner.y + k * self._line_h() + (self._line_h() - self.font.get_height()) // 2
        return inner.centery - self.font.get_height() // 2

    def _draw_text(self, img: pygame.Surface, inner: pygame.Rect, lit: bool) -> None:
        text, f = self.edit.text, self.font
        lo, hi = self.edit.selection
        rows = self._rows.spans
        first, last = (self._top, min(len(rows), self._top + self._shown_rows() + 1)) if self.lines else (0, 1)
        for k, r in enumerate(range(first, last)):
            start, end = rows[r]
            y = self._row_y(inner, k)
            if self.lines:
                x0 = inner.x
            else:  # only the part in sight of a long line
                start = max(0, bisect.bisect_right(self._xs, self._scroll_x) - 1)
                end = min(len(text), bisect.bisect_left(self._xs, self._scroll_x + inner.w) + 1)
                x0 = inner.x + self._xs[start] - self._scroll_x
            if lo < hi and lo <= end and hi >= start:
                a, b = max(lo, start), min(hi, end)
                xa = x0 + sum(self._advance(c) for c in text[start:a])
                xb = xa + sum(self._advance(c) for c in text[a:b]) + (self._advance(" ") if hi > end and self.lines else 0)
                pygame.draw.rect(img, SELECTED_BG, (xa, y, max(1, xb - xa), f.get_height()))
            words = text[start:end]
            if words:
                img.blit(f.render(words, True, INK), (x0, y))
        if lit:
            r = self._rows.of(self.edit.cursor)
            if self.lines and not first <= r < last:
                return
            x = inner.x + (self._x_in_row(r, self.edit.cursor) if self.lines else self._xs[self.edit.cursor] - self._scroll_x)
            y = self._row_y(inner, r - first)
            pygame.draw.line(img, CURSOR, (x, y), (x, y + f.get_height() - 1), max(1, int(2 * self.scale)))

    def _draw_placeholder(self, img: pygame.Surface, inner: pygame.Rect, lit: bool) -> None:
        if self.placeholder:
            p = _slanted(self.size)
            img.blit(p.render(self.placeholder, True, INK_DIM), (inner.x, self._row_y(inner, 0)))
        if lit:
            y = self._row_y(inner, 0)
            pygame.draw.line(img, CURSOR, (inner.x, y), (inner.x, y + self.font.get_height() - 1), max(1, int(2 * self.scale)))

    def _draw_bar(self, img: pygame.Surface, inner: pygame.Rect) -> None:
        """Where the rows in sight are among all (when not all are)."""
        n, shown = len(self._rows.spans), self._shown_rows()
        if n <= shown:
            return
        bw = max(3, int(4 * self.scale))
        x = img.get_width() - bw - max(2, int(3 * self.scale))
        track = pygame.Rect(x, inner.y, bw, inner.h)
        h = max(bw * 2, track.h * shown // n)
        y = track.y + (track.h - h) * self._top // max(1, n - shown)
        pygame.draw.rect(img, (40, 80, 60), track, border_radius=bw // 2)
        pygame.draw.rect(img, GOLD, (x, y, bw, h), border_radius=bw // 2)

    def rebuild(self) -> None:
        super().rebuild()
        self._drawn = None
        self._rows = self._wrap()
        self._follow()
        self._redraw()

    def set_dimensions(self, dimensions: Any, clamp_to_container: bool = False) -> None:
        super().set_dimensions(dimensions, clamp_to_container)
        self.rebuild()


#: (size, character) -> advance; bounded, as every character pasted adds one
_ADVANCES: dict[tuple[int, str], int] = {}


def _advance(size: int, ch: str) -> int:
    """How far ``ch`` moves the pen in DejaVu Sans at ``size`` px (the sum
    over a text is its width: the font has no kerning pairs SDL_ttf
    applies, measured: sums and ``Font.size`` agree)."""
    key = (size, ch)
    w = _ADVANCES.get(key)
    if w is None:
        m = font(size).metrics(ch)
        w = m[0][4] if m and m[0] is not None else 0
        if len(_ADVANCES) > 50_000:
            _ADVANCES.clear()
        _ADVANCES[key] = w
    return w


def clipboard_text() -> str:
    """What the clipboard holds ("" where there is none)."""
    try:
        return clipboard_paste() or ""
    except Exception:  # noqa: BLE001 -- each platform's clipboard backend fails in its own way: nothing to paste
        return ""


__all__ = ["TextField", "clipboard_text", "digits"]
