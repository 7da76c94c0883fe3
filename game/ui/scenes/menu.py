"""The main menu: the games side by side, each with a small picture of its
table (painted by the table itself: :mod:`game.ui.scenes.thumbs`), its
name, who plays it and a line about it; below them Continue (the saved
games), Statistics, Settings, Rules, Keys (every key of every screen)
and Quit.

A game's name is its button (Enter, Space or a click opens its setup); a
click anywhere on its card does the same.  The arrow keys move the focus
to the nearest button in their direction (the games are a row, the other
buttons a row below), Tab through every button in reading order."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from game.engine.registry import GameInfo, games, info
from game.i18n import has, tr
from game.persistence.saves import newer_saves_untold, read_save, saves_count
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM
from game.ui.scene import Scene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.saves import open_saves
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.thumbs import THUMBNAILS, picture_key
from game.ui.tables import available, table
from game.ui.widgets import felt, panel, text, wrapped


def open_game(app, game_id: str) -> None:
    gi = info(game_id)
    if not available(gi.id):
        app.toasts.show(tr("ui.coming_soon"))
        return
    table(gi.id).open_new(app)


def continue_game(app, game_id: str, name: str | None = None) -> None:
    """Reopen the save file ``name`` of ``game_id`` (a known game's id),
    without a name its most recent (``--continue``); a save that cannot
    be used is moved aside and the player told why."""
    gi = info(game_id)
    data, problem = read_save(gi.id, name)
    refused = table(gi.id).resume(app, data) if data is not None else None
    if problem is not None:  # a bad save, or the part of one that was kept
        app.toasts.show(problem.render(app.settings.language), "refuse", ttl=8)
    if data is None or refused:
        if refused:
            app.toasts.show(str(refused), "refuse", ttl=8)
        app.to_menu()  # the menu anew: Continue now offers what is left, if anything


# --- what a game's card says -------------------------------------------------------------------------


def players_text(gi: GameInfo, lang: str) -> str:
    """Who plays it: the game's own words (``<package>.menu_players``: "1–3
    players, together"), else the registry's numbers."""
    key = f"{gi.package}.menu_players"
    if has(key):
        return tr(key, lang)
    low, high = gi.players
    if low == high:
        return tr("ui.menu.players", lang, n=low)
    return tr("ui.menu.players_range", lang, low=low, high=high)


def pitch_text(gi: GameInfo, lang: str) -> str:
    """The game's line about itself (``<package>.menu_pitch``); a game that
    has none shows none."""
    key = f"{gi.package}.menu_pitch"
    return tr(key, lang) if has(key) else ""


# --- where everything goes -------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """One game's place in the menu."""

    box: pygame.Rect  # the panel, all of it clickable
    picture: pygame.Rect
    button: pygame.Rect
    players: tuple[int, int]  # midtop of the players' line
    pitch: pygame.Rect
    pitch_lines: tuple[str, ...]


@dataclass(frozen=True)
class MenuLayout:
    title: tuple[int, int]
    title_size: int
    subtitle: tuple[int, int]
    subtitle_size: int
    cards: tuple[Card, ...]
    players_size: int
    pitch_size: int
    line: int  # a pitch line's height
    row: tuple[pygame.Rect, ...]  # Continue (when there are saves), Statistics, Settings, Rules, Keys, Quit


#: a picture's width to its height: the design window's (1280x800)
PICTURE_RATIO = 1.6


def layout(size: tuple[int, int], s: float, pitches: list[str], with_continue: bool) -> MenuLayout:
    """The menu for a window: the games' cards in a row, as large as the
    width allows, their pictures shrunk where the height does not (the
    smallest window, 1024x640, keeps 130 px high pictures)."""
    w, h = size
    n = max(1, len(pitches))
    m, gap, pad = int(32 * s), int(20 * s), int(12 * s)
    title_size, subtitle_size = int(46 * s), int(18 * s)
    title = (w // 2, int(18 * s))
    subtitle = (w // 2, title[1] + int(58 * s))
    top = subtitle[1] + int(40 * s)
    row_h, row_gap = int(44 * s), int(28 * s)
    # the cards and the row of buttons below them are one block, in the
    # middle of the room under the title
    bottom = h - int(24 * s) - row_h - row_gap
    cw = min((w - 2 * m - (n - 1) * gap) // n, int(420 * s))
    inner = cw - 2 * pad
    players_size, pitch_size = max(11, int(15 * s)), max(11, int(15 * s))
    line = int(pitch_size * 1.3)
    lines = [wrapped(p, pitch_size, inner) if p else () for p in pitches]
    most = max((len(x) for x in lines), default=0)
    button_h = int(42 * s)
    text_h = int(10 * s) + button_h + int(8 * s) + int(players_size * 1.4) + int(6 * s) + most * line
    ph = min(int(inner / PICTURE_RATIO), max(int(60 * s), bottom - top - 2 * pad - text_h))
    pw = int(ph * PICTURE_RATIO)
    ch = 2 * pad + ph + text_h
    y = top + max(0, (bottom - top - ch) * 2 // 5)
    row_y = y + ch + row_gap
    x0 = (w - (n * cw + (n - 1) * gap)) // 2
    cards = []
    for i in range(n):
        box = pygame.Rect(x0 + i * (cw + gap), y, cw, ch)
        pic = pygame.Rect(box.centerx - pw // 2, box.y + pad, pw, ph)
        btn = pygame.Rect(box.x + pad, pic.bottom + int(10 * s), inner, button_h)
        pl = (box.centerx, btn.bottom + int(8 * s))
        pt = pygame.Rect(box.x + pad, pl[1] + int(players_size * 1.4) + int(6 * s), inner, most * line)
        cards.append(Card(box, pic, btn, pl, pt, lines[i] if i < len(lines) else ()))
    plain = 5  # Statistics, Settings, Rules, Keys, Quit
    units = plain + 2 if with_continue else plain  # Continue is twice as wide
    rgap = int(12 * s)
    unit = min(int(190 * s), (w - 2 * m - (plain if with_continue else plain - 1) * rgap) // units)
    widths = ([2 * unit] if with_continue else []) + [unit] * plain
    total = sum(widths) + (len(widths) - 1) * rgap
    x = (w - total) // 2
    row = []
    for bw in widths:
        row.append(pygame.Rect(x, row_y, bw, row_h))
        x += bw + rgap
    return MenuLayout(title, title_size, subtitle, subtitle_size, tuple(cards), players_size, pitch_size, line, tuple(row))


def nearest(rects: list[pygame.Rect], at: pygame.Rect, dx: int, dy: int) -> int | None:
    """The index of the rect nearest to ``at`` in the direction (dx, dy):
    its centre beyond ``at``'s along that axis, the distance across counting
    double, so the arrows keep to a row or a column."""
    best: tuple[float, int] | None = None
    for i, r in enumerate(rects):
        along = (r.centerx - at.centerx) * dx + (r.centery - at.centery) * dy
        if along <= 0:
            continue
        across = abs((r.centery - at.centery) if dx else (r.centerx - at.centerx))
        d = along + 2 * across
        if best is None or d < best[0]:
            best = (d, i)
    return None if best is None else best[1]


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layout: MenuLayout | None = None
        self.shown: list[GameInfo] = []
        self.card_buttons: list = []  # each game's name button, in the order of ``shown``
        self.hover: int | None = None  # the game whose card the pointer is over
        self._pressed: int | None = None
        self._frames = 0
        self.prepare_shot = lambda: THUMBNAILS.finish(self.app, self.shown)

    def build_ui(self) -> None:
        lang = self._lang()
        self.shown = list(games())
        saved = saves_count()  # files named after a known game; read when the list opens
        newer = newer_saves_untold()
        if newer:  # not offered: left for the newer version, and said once
            self.app.toasts.show(tr("ui.save.newer_left", n=newer), "refuse", ttl=8)
        L = self.layout = layout(self.app.size, self.app.scale, [pitch_text(g, lang) for g in self.shown], bool(saved))
        self.card_buttons = []
        for g, card in zip(self.shown, L.cards, strict=True):
            built = available(g.id)
            label = g.name(lang) if built else tr("ui.menu.not_built", game=g.name(lang))
            b = self.button(card.button, label, partial(open_game, self.app, g.id), enabled=built, object_id="#big_button", key=("game", g.id))
            self.card_buttons.append(b)
        row = list(L.row)
        if saved:
            self.button(row.pop(0), tr("ui.menu.continue", n=saved), lambda: open_saves(self.app), object_id="#primary", key="continue")
        for rect, (key, fn) in zip(
            row,
            (("ui.menu.statistics", self._stats), ("ui.menu.settings", self._settings), ("ui.menu.rules", self._rules), ("ui.menu.keys", self.app.open_keys), ("ui.menu.quit", self.app.quit)),
            strict=True,
        ):
            self.button(rect, tr(key), fn, key=key)
        if self.focused() is None:
            self.focus_key("continue" if saved else next((("game", g.id) for g in self.shown if available(g.id)), None))

    def _lang(self) -> str:
        return self.app.settings.language

    def _settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def _stats(self) -> None:
        self.app.push(StatsScene(self.app))

    def _rules(self) -> None:
        self.app.push(RulesScene(self.app))

    def on_escape(self) -> None:
        self.app.quit()

    # --- input -------------------------------------------------------------------------
    def _card_at(self, pos) -> int | None:
        if self.layout is None:
            return None
        for i, c in enumerate(self.layout.cards):
            if c.box.collidepoint(pos) and i < len(self.shown) and available(self.shown[i].id):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self._card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            at = self._card_at(event.pos)
            # the name button presses itself (pygame_gui); the rest of its card here
            if at is not None and at == pressed and not self.card_buttons[at].rect.collidepoint(event.pos):
                open_game(self.app, self.shown[at].id)
                return
        super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        step = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}.get(event.key)
        cur = self.focused()
        if step is not None and cur is not None:
            items = [b for b in self._focusables if b.alive() and b.is_enabled]
            i = nearest([b.rect for b in items], cur.rect, *step)
            if i is not None:
                self.focus(items[i])
            return True
        return super().handle_key(event)

    def exit(self) -> None:
        # a table's package half imported by the worker is in sys.modules
        # without its names: whoever looked it up there then (the tests'
        # clean-up, after the app closed) found it broken.  Leaving waits
        # for the one table being made (up to 0.4 s, only in the first
        # seconds after launch)
        THUMBNAILS.wait()
        super().exit()

    def update(self, dt: float) -> None:
        # the pictures are begun after the first frame: begun with it, their
        # worker's imports slowed that frame from 0.10 to 0.18 s (median of 9 launches)
        if self._frames:
            THUMBNAILS.step(self.app, self.shown)
        self._frames += 1

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        surface.blit(felt((w, h)), (0, 0))
        L = self.layout
        if L is None:
            return
        lang = self._lang()
        text(surface, tr("ui.app_title"), L.title, L.title_size, INK, bold=True, anchor="midtop")
        text(surface, tr("ui.app_subtitle"), L.subtitle, L.subtitle_size, INK_DIM, anchor="midtop")
        key = picture_key(self.app)
        focused = self.focused()
        radius = max(4, int(10 * s))
        for i, (g, c) in enumerate(zip(self.shown, L.cards, strict=False)):
            built = available(g.id)
            button = self.card_buttons[i] if i < len(self.card_buttons) else None
            lit = built and (self.hover == i or (button is not None and (button is focused or getattr(button, "hovered", False))))
            panel(surface, c.box, 190 if lit else 140, radius, border=HIGHLIGHT if lit else None)
            img = THUMBNAILS.get(g.id, key, c.picture.size) if built else None
            if img is not None:
                surface.blit(img, c.picture)
                pygame.draw.rect(surface, GOLD if lit else INK_DIM, c.picture.inflate(2, 2), 1)
            else:  # being painted (a moment after the menu opens), or no table yet
                pygame.draw.rect(surface, (12, 48, 32), c.picture, border_radius=radius // 2)
            text(surface, players_text(g, lang), c.players, L.players_size, GOLD, anchor="midtop", shadow=False, max_width=c.box.w - int(16 * s))
            y = c.pitch.y
            for ln in c.pitch_lines:
                text(surface, ln, (c.pitch.centerx, y), L.pitch_size, INK if built else INK_DIM, anchor="midtop", shadow=False, max_width=c.pitch.w)
                y += L.line
