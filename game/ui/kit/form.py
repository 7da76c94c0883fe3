"""One declarative setup form for every game.

A game's setup screen lists its fields as data (:class:`Choice`,
:class:`Toggles`, :class:`Stepper`, :class:`Seats`, :class:`Entry`,
:class:`TextBox`, :class:`Note`) over a dict of values; the form lays them
out in rows (labels in a left column, hints under the row), builds the
widgets, keeps typed text in the values, rebuilds when a choice changes
(the keyboard focus stays on the same button) and ends with a row of
footer buttons (Back, Rules, Start).  Nothing is placed by hand, so a
longer German label or a smaller window cannot push one row into another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame
import pygame_gui

from game.i18n import seat_name, tr
from game.persistence.setups import load_setup, save_setup
from game.ui.assets import GOLD, INK, INK_DIM, REFUSE, font
from game.ui.kit.header import button_width
from game.ui.kit.textfield import TextField
from game.ui.scene import ButtonSpec, Scene
from game.ui.widgets import felt, panel, text, text_block, wrapped

Values = dict[str, Any]
Dynamic = Callable[[Values], str] | str

#: the largest deal number a setup takes (a typed one, the random ones,
#: and where Gaps' search for a winnable deal turns back); a record's seed
#: holds it with room to spare
MAX_DEAL = 10**9 - 1
#: the digits of a deal number's field
DEAL_DIGITS = len(str(MAX_DEAL))
#: the longest name a seat is given, its number for a second "Anna"
#: included: the screens are laid out for names this long.  (The save's
#: shape reads names of up to NAME.max_len, 200, so that no file with a
#: longer one is set aside; typed to that, a name clipped the pass
#: screen's button and ran the hand's label off the screen at 1280x800.)
MAX_NAME = 16


def _resolve(value: Dynamic, values: Values) -> str:
    return value(values) if callable(value) else value


@dataclass(frozen=True)
class Choice:
    """A row of buttons of which one is selected."""

    key: str
    label: str
    options: Sequence[tuple[Any, str]]
    hint: Dynamic = ""
    least: int = 54  # the narrowest button, at scale 1


@dataclass(frozen=True)
class Toggles:
    """A row of on/off buttons, each its own boolean value."""

    label: str
    items: Sequence[tuple[str, str]]  # (key, label)
    hint: Dynamic = ""


@dataclass(frozen=True)
class Stepper:
    """− value + between ``lo`` and ``hi``."""

    key: str
    label: str
    lo: int
    hi: int
    hint: Dynamic = ""


@dataclass(frozen=True)
class SeatCycle:
    """A button per seat that cycles through ``options`` (a computer
    God's level); shown only where ``shown(values, seat)``."""

    key: str  # a list in the values, one entry per seat
    options: Sequence[tuple[Any, str]]
    shown: Callable[[Values, int], bool] = lambda values, seat: True
    width: int = 150


@dataclass(frozen=True)
class SeatMark:
    """One seat of all is marked (who is God first): ★ / ☆."""

    key: str  # an int in the values
    width: int = 70


@dataclass(frozen=True)
class Seats:
    """One row per seat: a name to type and who sits there (a person or
    one of the computers), plus a game's own per-seat columns."""

    count_key: str
    kinds: Sequence[tuple[str, str]]  # (kind, label); "person" first
    seat_label: Callable[[int], str]
    names_key: str = "names"
    kinds_key: str = "kinds"
    columns: Sequence[SeatCycle | SeatMark] = ()
    header: Dynamic = ""


@dataclass(frozen=True)
class Entry:
    """A line of text (a deal number, God's name) with optional quick
    picks beside it; ``limit`` is the one of the value it becomes
    (:data:`DEAL_DIGITS`, the engine's for God's name)."""

    key: str
    label: str
    placeholder: str = ""
    numbers: bool = False
    limit: int = field(kw_only=True)
    width: int = 200
    presets: Sequence[tuple[str, str]] = ()  # (value, label)
    hint: Dynamic = ""


@dataclass(frozen=True)
class TextBox:
    """Several lines of text (a pasted layout), with buttons under it; the
    value of ``error_key``, when there is one, shows in red where the hint
    would be."""

    key: str
    label: str
    buttons: Callable[[], Sequence[ButtonSpec]] = lambda: ()
    error_key: str = ""
    lines: int = 5
    hint: Dynamic = ""
    #: the longest text it takes (the one of the value it becomes)
    limit: int = field(kw_only=True)


@dataclass(frozen=True)
class Note:
    """Text under the rows: a line, or a box with a title that takes the
    room left (what the game is about)."""

    body: Dynamic
    title: str = ""
    colour: tuple[int, int, int] = INK_DIM


Field = Choice | Toggles | Stepper | Seats | Entry | TextBox | Note


@dataclass
class _Row:
    field: Any
    y: int
    h: int
    seat: int | None = None
    hint_y: int = 0
    #: where the row ends, its hint included
    bottom: int = 0


@dataclass
class _Geometry:
    panel: pygame.Rect
    s: float
    label_w: int
    x0: int
    bh: int
    rows: list[_Row] = field(default_factory=list)
    footer_y: int = 0


class SetupForm(Scene):
    """A setup screen.  Subclasses give ``game_id``, ``title``,
    ``start_label``, ``fields()`` and ``start()``; ``changed(key)`` reacts
    to a choice; ``more_buttons()`` adds to the footer (Back, Rules, …,
    Start)."""

    game_id = ""
    title = ""
    start_label = ""

    def __init__(self, app, values: Values) -> None:
        super().__init__(app)
        self.values: Values = values
        self._entries: dict[Any, Any] = {}
        self._geo: _Geometry | None = None

    # --- what a game gives ---------------------------------------------------------------
    def fields(self) -> list[Field]:
        return []

    def footer(self) -> list[ButtonSpec]:
        return [
            ButtonSpec("back", tr("ui.back"), self.app.pop),
            ButtonSpec("rules", tr("ui.rules_button"), self.open_rules),
            *self.more_buttons(),
            ButtonSpec("start", self.start_label or tr("ui.start"), self.start, primary=True),
        ]

    def more_buttons(self) -> list[ButtonSpec]:
        return []

    def start(self) -> None:
        """Start the game with the values."""

    def keep_choices(self, prefs: Values) -> None:
        """Remember ``prefs`` as this game's setup: it opens with them next
        time, from the menu or from a table's "New game"."""
        try:
            save_setup(self.game_id, prefs)
        except OSError as e:
            self.app.write_failed("setups", e)

    def open_rules(self) -> None:
        self.remember()
        self.app.open_rules(self.game_id)

    def changed(self, key: str) -> None:
        """A value changed by a button (not by typing)."""

    # --- values ------------------------------------------------------------------------------
    def set(self, key: str, value: Any) -> None:
        self.remember()
        self.values[key] = value
        self.changed(key)
        self.rebuild_ui()

    def _flip(self, key: str) -> None:
        self.set(key, not self.values.get(key))

    def set_seat(self, key: str, seat: int, value: Any) -> None:
        self.remember()
        lst = list(self.values.get(key) or [])
        while len(lst) <= seat:
            lst.append(None)
        lst[seat] = value
        self.values[key] = lst
        self.changed(key)
        self.rebuild_ui()

    def remember(self) -> None:
        """Typed text into the values (before a rebuild or a start)."""
        for (key, seat), el in self._entries.items():
            if not el.alive():
                continue
            if seat is None:
                self.values[key] = el.get_text()
            else:
                lst = list(self.values.get(key) or [])
                while len(lst) <= seat:
                    lst.append("")
                lst[seat] = el.get_text()
                self.values[key] = lst

    # --- layout --------------------------------------------------------------------------------
    def _panel(self) -> tuple[pygame.Rect, float]:
        w, h = self.app.size
        s = self.app.scale
        pw = int(min(w * 0.92, 1040 * s))
        return pygame.Rect(w // 2 - pw // 2, int(20 * s), pw, h - int(40 * s)), s

    def geometry(self) -> _Geometry:
        r, s = self._panel()
        labels = [f.label for f in self.fields() if isinstance(f, (Choice, Toggles, Stepper, Entry))]
        widest = max([font(int(18 * s)).size(t)[0] for t in labels] + [int(120 * s)])
        label_w = min(int(260 * s), widest + int(16 * s))
        x0 = r.x + int(28 * s) + label_w
        bh = int(36 * s)
        g = _Geometry(r, s, label_w, x0, bh)
        y = r.y + int(70 * s)
        gap = int(14 * s)
        for f in self.fields():
            if isinstance(f, Seats):
                if _resolve(f.header, self.values):
                    g.rows.append(_Row(f, y, int(22 * s)))
                    y += int(24 * s)
                for seat in range(int(self.values.get(f.count_key, 0))):
                    g.rows.append(_Row(f, y, bh, seat=seat))
                    y += bh + int(8 * s)
                y += gap - int(8 * s)
                continue
            if isinstance(f, Note):
                g.rows.append(_Row(f, y, 0))
                continue
            h = bh
            if isinstance(f, TextBox):
                h = int(f.lines * 24 * s) + int(12 * s) + bh + int(8 * s)
            elif isinstance(f, (Choice, Toggles)):
                h = max(r.bottom for r in self._flow(f, g, 0))
            row = _Row(f, y, h)
            y += h
            hint = self._hint(f)
            if hint:
                row.hint_y = y + int(4 * s)
                y += int(4 * s) + len(wrapped(hint, int(14 * s), r.right - int(28 * s) - x0)) * int(14 * s * 1.25)
            row.bottom = y
            g.rows.append(row)
            y += gap
        g.footer_y = r.bottom - int(62 * s)
        self._geo = g
        return g

    def _flow(self, f: Choice | Toggles, g: _Geometry, y: int) -> list[pygame.Rect]:
        """Where each button of a row of choices starting at ``y`` goes: left
        to right, and on a new line where the next would run past the panel
        (German rule names at 1280x800 ran 70 px out of it)."""
        s, gap = g.s, int(8 * g.s)
        right = g.panel.right - int(28 * s)
        labels, least = ([label for _, label in f.options], f.least) if isinstance(f, Choice) else ([label for _, label in f.items], 120)
        out: list[pygame.Rect] = []
        x = g.x0
        for label in labels:
            bw = button_width(label, s, least)
            if x > g.x0 and x + bw > right:
                x, y = g.x0, y + g.bh + gap
            out.append(pygame.Rect(x, y, bw, g.bh))
            x += bw + gap
        return out

    # --- widgets -----------------------------------------------------------------------------------
    def build_ui(self) -> None:
        g = self.geometry()
        s, x0, bh = g.s, g.x0, g.bh
        self._entries = {}
        right = g.panel.right - int(28 * s)
        for row in g.rows:
            f = row.field
            if isinstance(f, Choice):
                for (value, label), r in zip(f.options, self._flow(f, g, row.y), strict=True):
                    b = self.button(r, label, partial(self.set, f.key, value), key=(f.key, value))
                    if self.values.get(f.key) == value:
                        b.select()
            elif isinstance(f, Toggles):
                for (key, label), r in zip(f.items, self._flow(f, g, row.y), strict=True):
                    b = self.button(r, label, partial(self._flip, key), key=key)
                    if self.values.get(key):
                        b.select()
            elif isinstance(f, Stepper):
                v = int(self.values.get(f.key, f.lo))
                self.button((x0, row.y, int(44 * s), bh), "−", partial(self.set, f.key, max(f.lo, v - 1)), enabled=v > f.lo, key=(f.key, "-"))
                self.button((x0 + int(130 * s), row.y, int(44 * s), bh), "+", partial(self.set, f.key, min(f.hi, v + 1)), enabled=v < f.hi, key=(f.key, "+"))
            elif isinstance(f, Seats) and row.seat is not None:
                self._build_seat(f, row, g, right)
            elif isinstance(f, Entry):
                self._field(f.key, None, pygame.Rect(x0, row.y, int(f.width * s), bh), limit=f.limit, placeholder=f.placeholder, numbers=f.numbers)
                x = x0 + int(f.width * s) + int(12 * s)
                for value, label in f.presets:
                    bw = button_width(label, s, 90)
                    self.button((x, row.y, bw, bh), label, partial(self.set, f.key, value), key=(f.key, value))
                    x += bw + int(8 * s)
            elif isinstance(f, TextBox):
                box_h = row.h - bh - int(8 * s)
                self._field(f.key, None, pygame.Rect(x0, row.y, right - x0, box_h), limit=f.limit, lines=True)
                x = x0
                for spec in f.buttons():
                    bw = button_width(spec.label, s, 160)
                    self.spec_button(spec, (x, row.y + box_h + int(8 * s), bw, bh))
                    x += bw + int(10 * s)
        self._build_footer(g)

    def _build_seat(self, f: Seats, row: _Row, g: _Geometry, right: int) -> None:
        s, bh, seat = g.s, g.bh, row.seat
        assert seat is not None
        names = list(self.values.get(f.names_key) or [])
        x = g.x0
        name_w = int(220 * s)
        self._field(f.names_key, seat, pygame.Rect(x, row.y, name_w, bh), limit=MAX_NAME, text=seat_name(str(names[seat]), seat) if seat < len(names) else "")
        x += name_w + int(10 * s)
        kinds = list(self.values.get(f.kinds_key) or [])
        kind = kinds[seat] if seat < len(kinds) else f.kinds[0][0]
        order = [k for k, _ in f.kinds]
        label = dict(f.kinds).get(kind, f.kinds[0][1])
        cols_w = sum(int(c.width * s) + int(10 * s) for c in f.columns)
        kind_w = max(int(200 * s), right - x - cols_w)
        nxt = order[(order.index(kind) + 1) % len(order)] if kind in order else order[0]
        self.button((x, row.y, kind_w, bh), label, partial(self.set_seat, f.kinds_key, seat, nxt), key=(f.kinds_key, seat))
        x += kind_w + int(10 * s)
        for col in f.columns:
            cw = int(col.width * s)
            if isinstance(col, SeatMark):
                on = self.values.get(col.key) == seat
                b = self.button((x, row.y, cw, bh), "★" if on else "☆", partial(self.set, col.key, seat), key=(col.key, seat))
                if on:
                    b.select()
            elif col.shown(self.values, seat):
                vals = list(self.values.get(col.key) or [])
                cur = vals[seat] if seat < len(vals) else col.options[0][0]
                opts = [v for v, _ in col.options]
                nxt_v = opts[(opts.index(cur) + 1) % len(opts)] if cur in opts else opts[0]
                self.button((x, row.y, cw, bh), dict(col.options).get(cur, str(cur)), partial(self.set_seat, col.key, seat, nxt_v), key=(col.key, seat))
            x += cw + int(10 * s)

    def _field(self, key: str, seat: int | None, rect: pygame.Rect, *, limit: int, text: str | None = None, **how: Any) -> None:
        """The kit's text field for ``key`` (of ``seat``), holding the value
        (a value from the setups file is cut to what the field takes)."""
        value = str(self.values.get(key, "") if text is None else text)
        el = TextField(self.app, rect, limit=limit, text=value, **how)
        self.keep(el)
        self._entries[(key, seat)] = el

    def _build_footer(self, g: _Geometry) -> None:
        s = g.s
        specs = self.footer()
        x_left = g.panel.x + int(28 * s)
        x_right = g.panel.right - int(28 * s)
        bh = int(46 * s)
        # the primary button sits at the right, the others from the left
        for spec in specs:
            bw = button_width(spec.label, s, 160)
            if spec.primary:
                x_right -= bw
                b = self.spec_button(spec, (x_right, g.footer_y, bw, bh))
                x_right -= int(12 * s)
                if self.focused() is None:
                    self.focus(b)
            else:
                self.spec_button(spec, (x_left, g.footer_y, bw, bh))
                x_left += bw + int(12 * s)

    # --- input -------------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.remember()
            return
        super().handle_event(event)  # (keys typed into a field stay the field's: Scene.typing)

    def pause(self) -> None:
        self.remember()
        super().pause()

    def exit(self) -> None:
        self.remember()
        super().exit()

    # --- drawing --------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        g = self._geo or self.geometry()
        s, r = g.s, g.panel
        panel(surface, r, 170, int(16 * s))
        text(surface, self.title, (r.centerx, r.y + int(14 * s)), int(30 * s), INK, bold=True, anchor="midtop", max_width=r.w - int(40 * s))
        lx = r.x + int(28 * s)
        right = r.right - int(28 * s)
        note_y = max([max(row.bottom, row.y + row.h) for row in g.rows if not isinstance(row.field, Note)] + [r.y + int(70 * s)]) + int(10 * s)
        for row in g.rows:
            f = row.field
            mid = row.y + g.bh // 2
            if isinstance(f, Seats):
                if row.seat is None:
                    text(surface, _resolve(f.header, self.values), (g.x0, row.y), int(14 * s), INK_DIM, shadow=False, max_width=right - g.x0)
                else:
                    text(surface, f.seat_label(row.seat), (lx, mid), int(16 * s), INK_DIM, anchor="midleft", max_width=g.label_w - int(8 * s))
                continue
            if isinstance(f, Note):
                note_y = self._draw_note(surface, f, pygame.Rect(lx, note_y, right - lx, g.footer_y - int(10 * s) - note_y), s)
                continue
            if row.h >= 2 * g.bh:  # a tall row (a text box): a long label wraps instead of shrinking
                text_block(surface, f.label, pygame.Rect(lx, row.y + int(6 * s), g.label_w - int(8 * s), row.h), int(18 * s), INK)
            else:
                text(surface, f.label, (lx, mid), int(18 * s), INK, anchor="midleft", max_width=g.label_w - int(8 * s))
            if isinstance(f, Stepper):
                text(surface, str(self.values.get(f.key, f.lo)), (g.x0 + int(87 * s), mid), int(20 * s), INK, bold=True, anchor="center")
            hint = self._hint(f)
            if hint and row.hint_y:
                colour = REFUSE if self._error(f) else INK_DIM
                text_block(surface, hint, pygame.Rect(g.x0, row.hint_y, right - g.x0, int(80 * s)), int(14 * s), colour)

    def _error(self, f: Any) -> str:
        key = getattr(f, "error_key", "")
        return str(self.values.get(key) or "") if key else ""

    def _hint(self, f: Any) -> str:
        return self._error(f) or _resolve(getattr(f, "hint", ""), self.values)

    def _draw_note(self, surface, f: Note, box: pygame.Rect, s: float) -> int:
        body = _resolve(f.body, self.values)
        if not body or box.h < int(24 * s):
            return box.y
        if not f.title:
            used = text_block(surface, body, box, int(15 * s), f.colour)
            return box.y + used + int(8 * s)
        inner = pygame.Rect(box.x + int(16 * s), box.y + int(36 * s), box.w - int(32 * s), box.h - int(44 * s))
        # the largest size whose lines fit the room left above the footer
        # (a row of choices that wraps takes some of it); none: no note
        size = next((z for z in range(int(15 * s), max(9, int(12 * s)) - 1, -1) if len(wrapped(body, z, inner.w)) * int(z * 1.25) <= inner.h), 0)
        if box.h < int(70 * s) or not size:
            return box.y
        panel(surface, box, 70, int(10 * s))
        text(surface, f.title, (box.x + int(16 * s), box.y + int(10 * s)), int(16 * s), GOLD, bold=True, shadow=False)
        text_block(surface, body, inner, size, f.colour)
        return box.bottom + int(8 * s)


def remembered(app: Any, game_id: str) -> Values:
    """The choices ``game_id``'s setup was last started with (empty: none
    kept); a file that was not ours is moved aside and said."""
    values, problem = load_setup(game_id)
    if problem is not None:
        app.toasts.show(problem.render(app.settings.language), "refuse", ttl=8)
    return values


def unique_names(names: Sequence[str], count: int) -> list[str]:
    """Seat names made unique (two people called Anna become "Anna" and
    "Anna 2"), blanks filled with "Player n", so the pass screen is never
    ambiguous."""
    out: list[str] = []
    for i in range(count):
        base = (str(names[i]) if i < len(names) else "").strip()[:MAX_NAME] or tr("ui.seat", n=i + 1)
        name, k = base, 2
        while name in out:
            more = f" {k}"  # (a name as long as a name may be makes room for it)
            name = base[: MAX_NAME - len(more)] + more
            k += 1
        out.append(name)
    return out


def seed_from(text_value: Any) -> int | None:
    """A typed deal number, or None for a random deal."""
    t = str(text_value or "").strip()
    return int(t) if t.isascii() and t.isdigit() and int(t) > 0 else None
