"""Continue: the list of every saved game (issue 15).

A row says the game, who plays, when it was saved and how far it got (the
moves in its record; a Delphi round, a Mind the Gap series' pyramid,
which the record gives without a replay).  Resume reopens it on its
table; Delete asks first, with the focus on the safe answer, and Esc
cancels.  The keyboard: Up/Down (and Tab) go over the rows, Enter
resumes, Delete asks to delete the row's save, Page Up/Down and the
mouse wheel scroll, Esc goes back to the menu.

The files are read when the list opens (a bad one is moved aside and
said, as Continue always did), not on every frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

import pygame

from game.engine.match import Match
from game.engine.records import RecordError
from game.engine.registry import info
from game.i18n import date_text, seat_name, tr
from game.persistence.saves import SaveEntry, delete_save_named, list_saves
from game.ui.a11y.lists import Item, with_list
from game.ui.a11y.nodes import Request, Tree
from game.ui.assets import GOLD, INK, INK_DIM, font
from game.ui.kit.dialog import ConfirmScene
from game.ui.scene import AppServices, Scene
from game.ui.tables import available, table
from game.ui.widgets import felt, panel, text

DELETE_KEYS = (pygame.K_DELETE, pygame.K_BACKSPACE)


def when_text(ts: float, lang: str, now: float | None = None) -> str:
    """"today 10:32", "yesterday 18:04" or the date, in local time;
    "date unknown" for a time the calendar functions cannot take (a save
    saying 1e17 stopped the list at every click)."""
    try:
        t = time.localtime(ts)
        today = time.localtime(now if now is not None else time.time())
    except (OverflowError, OSError, ValueError):
        return tr("ui.saves.when_unknown", lang)
    clock = f"{t.tm_hour:02d}:{t.tm_min:02d}"
    days = (time.mktime((today.tm_year, today.tm_mon, today.tm_mday, 12, 0, 0, 0, 0, -1)) - time.mktime((t.tm_year, t.tm_mon, t.tm_mday, 12, 0, 0, 0, 0, -1))) / 86400
    if round(days) == 0:
        return tr("ui.saves.today", lang, time=clock)
    if round(days) == 1:
        return tr("ui.saves.yesterday", lang, time=clock)
    date = date_text(t.tm_year, t.tm_mon, t.tm_mday, lang)
    return tr("ui.saves.on", lang, date=date, time=clock)


def progress_text(e: SaveEntry, lang: str, facts: list[str] | None = None, moves: int | None = None) -> str:
    """How far the game got: the game's own facts of the replayed game
    (``facts``: the round and the scores, a Gaps deal's cards in place, a
    series' pyramid; two games of one table looked alike with their moves
    alone), then the moves as the game counts them (``moves``: the
    replayed game's :meth:`~game.engine.match.Match.moves_made`, what its
    table shows; a Gaps redeal is no move) or, for a game that does not
    replay, its record's actions."""
    return " · ".join([*(facts or ()), tr("ui.saves.moves", lang, n=e.actions if moves is None else moves)])


def replayed(e: SaveEntry) -> Match[Any, Any, Any] | None:
    """The saved game replayed from its record (None: it does not replay;
    Resume says why).  A few milliseconds for a long game."""
    try:
        return table(e.game).replay_save(e.save)
    except (RecordError, KeyError, ValueError, TypeError):
        return None


def players_text(e: SaveEntry, lang: str) -> str:
    """The seats' names; a computer's seat says so."""
    named = [seat_name(n, i, lang) for i, n in enumerate(e.names)]  # "Player 1" saved, "Person 1" shown in German
    names = [tr("ui.saves.computer", lang, name=n) if b else n for n, b in zip(named, e.bots, strict=False)]
    return ", ".join(names) if names else "–"


def open_saves(app) -> None:
    """The menu's Continue: the list, after saying what was wrong with
    the files that were bad; the menu anew when nothing is left."""
    entries, problems = list_saves()
    for p in problems:
        app.toasts.show(p.render(app.settings.language), "refuse", ttl=8)
    entries = [e for e in entries if available(e.game)]
    if not entries:
        app.to_menu()  # Continue is gone with the last save
        return
    app.push(SavesScene(app, entries))


def resume_entry(app, e: SaveEntry) -> None:
    """Reopen ``e`` on its table; a save that does not replay is moved
    aside and said, and the list shows what is left."""
    refused = table(e.game).resume(app, e.save)
    if refused:
        app.toasts.show(str(refused), "refuse", ttl=8)
        app.to_menu()
        open_saves(app)


class SavesScene(Scene):
    name = "saves"

    def __init__(self, app: AppServices, entries: list[SaveEntry]) -> None:
        super().__init__(app)
        #: newest first (:func:`open_saves` reads them)
        self.entries = list(entries)
        #: the saves replayed, for the rows shown (by file)
        self._games: dict[str, Match[Any, Any, Any] | None] = {}
        #: the first row shown (the list scrolls)
        self.first = 0

    # --- layout -----------------------------------------------------------------------------------
    def _geometry(self) -> tuple[pygame.Rect, int, int]:
        """The list's area, a row's height and how many rows fit."""
        w, h = self.app.size
        s = self.app.scale
        top = int(96 * s)
        bottom = h - int(84 * s)
        row_h = int(78 * s)  # a name line and up to two lines of details
        width = min(w - int(40 * s), int(1000 * s))
        area = pygame.Rect(w // 2 - width // 2, top, width, max(row_h, bottom - top))
        return area, row_h, max(1, (area.h + int(8 * s)) // (row_h + int(8 * s)))

    def build_ui(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        area, row_h, fit = self._geometry()
        self.first = max(0, min(self.first, len(self.entries) - fit))
        bw, dw, bh = int(150 * s), int(120 * s), int(42 * s)
        for i in range(self.first, min(len(self.entries), self.first + fit)):
            e = self.entries[i]
            y = area.y + (i - self.first) * (row_h + int(8 * s)) + (row_h - bh) // 2
            self.button((area.right - int(14 * s) - dw - int(10 * s) - bw, y, bw, bh), tr("ui.saves.resume"), partial(resume_entry, self.app, e), object_id="#primary", key=("resume", e.file))
            # destructive: never focused; Delete on a row asks the same
            self.button((area.right - int(14 * s) - dw, y, dw, bh), tr("ui.saves.delete"), partial(self.ask_delete, e), focus=False, key=("delete", e.file))
        self.button((w // 2 - int(90 * s), h - int(64 * s), int(180 * s), int(44 * s)), tr("ui.back"), self.app.pop, key="back")
        if self.focused() is None:
            self.focus_key(("resume", self.entries[self.first].file) if self.entries else "back")

    # --- input ------------------------------------------------------------------------------------
    def _row(self) -> int | None:
        k = self._focus_key
        if isinstance(k, tuple) and k[0] == "resume":
            return next((i for i, e in enumerate(self.entries) if e.file == k[1]), None)
        return None

    def _focus_row(self, i: int) -> None:
        _, _, fit = self._geometry()
        i = max(0, min(i, len(self.entries) - 1))
        if i < self.first or i >= self.first + fit:
            self.first = i if i < self.first else i - fit + 1
            self.rebuild_ui()
        self.focus_key(("resume", self.entries[i].file))

    def _scroll(self, rows: int) -> None:
        _, _, fit = self._geometry()
        first = max(0, min(self.first + rows, len(self.entries) - fit))
        if first != self.first:
            self.first = first
            row = self._row()
            if row is not None and not first <= row < first + fit:
                self.focus_key(("resume", self.entries[first if row < first else first + fit - 1].file))
            self.rebuild_ui()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
            return
        super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        row = self._row()
        _, _, fit = self._geometry()
        if event.key in DELETE_KEYS and row is not None:
            self.ask_delete(self.entries[row])
            return True
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.entries:
            step = fit if event.key == pygame.K_PAGEDOWN else -fit
            self._focus_row((row if row is not None else self.first) + step)
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.entries:
            down = event.key == pygame.K_DOWN
            if row is None:  # on Back: Up goes to the last row, Down to the first
                self._focus_row(0 if down else len(self.entries) - 1)
                return True
            if (down and row == len(self.entries) - 1) or (not down and row == 0):
                self.focus_key("back")  # Back sits below the last row and above the first
                return True
            else:
                self._focus_row(row + (1 if down else -1))
                return True
        return super().handle_key(event)

    # --- what a screen reader reads -----------------------------------------------------------------
    def a11y_title(self) -> str:
        return tr("ui.saves.title")

    def a11y_tree(self) -> Tree:
        """Every saved game as a list item (the rows scrolled away too),
        as its row says it; the focused row's item is selected."""
        lang = self.app.settings.language
        row = self._row()
        items = [
            Item(f"save:{e.file}", f"{info(e.game).name(lang)} · {players_text(e, lang)}", f"{when_text(e.saved_at, lang)} · {progress_text(e, lang, self.facts(e, lang))}", selected=i == row)
            for i, e in enumerate(self.entries)
        ]
        return with_list(super().a11y_tree(), "saves", tr("ui.saves.title"), items)

    def a11y_request(self, request: Request) -> None:
        """A reader pressed a saved game: it is resumed, as its Resume button does."""
        e = next((e for e in self.entries if f"save:{e.file}" == request.key), None)
        if e is None:
            super().a11y_request(request)
        elif request.action == "press":
            resume_entry(self.app, e)
        else:
            self._focus_row(self.entries.index(e))

    # --- deleting ---------------------------------------------------------------------------------
    def ask_delete(self, e: SaveEntry) -> None:
        lang = self.app.settings.language
        body = tr("ui.saves.delete_body", game=info(e.game).name(lang), when=when_text(e.saved_at, lang))
        self.app.push(ConfirmScene(self.app, tr("ui.saves.delete_title"), body, lambda: self.delete(e), yes=tr("ui.saves.delete"), no=tr("ui.cancel"), destructive=True))

    def delete(self, e: SaveEntry) -> None:
        row = next((i for i, x in enumerate(self.entries) if x.file == e.file), 0)
        try:
            delete_save_named(e.file)
        except OSError as err:
            self.app.write_failed("save", err, "ui.saves.delete_failed")
            return
        self.entries = [x for x in self.entries if x.file != e.file]
        if not self.entries:
            self.app.to_menu()  # nothing left to continue
            return
        self._focus_row(min(row, len(self.entries) - 1))
        self.rebuild_ui()

    # --- drawing ----------------------------------------------------------------------------------
    def facts(self, e: SaveEntry, lang: str) -> list[str]:
        """The game's own facts of a row (replayed once, when first shown)."""
        m = self._replayed(e)
        return table(e.game).saved_facts(m, lang) if m is not None else []

    def progress(self, e: SaveEntry, lang: str) -> str:
        """A row's facts and moves (:func:`progress_text`)."""
        m = self._replayed(e)
        return progress_text(e, lang, self.facts(e, lang), m.moves_made() if m is not None else None)

    def _replayed(self, e: SaveEntry) -> Match[Any, Any, Any] | None:
        if e.file not in self._games:
            self._games[e.file] = replayed(e)
        return self._games[e.file]

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        lang = self.app.settings.language
        surface.blit(felt((w, h)), (0, 0))
        text(surface, tr("ui.saves.title"), (w // 2, int(26 * s)), int(34 * s), INK, bold=True, anchor="midtop")
        area, row_h, fit = self._geometry()
        if not self.entries:
            text(surface, tr("ui.saves.none"), (w // 2, h // 2), int(22 * s), INK_DIM, anchor="center")
        shown = self.entries[self.first : self.first + fit]
        # the texts end before the buttons (Resume, Delete and their gaps)
        tw = area.w - int(14 * s) - int(120 * s) - int(10 * s) - int(150 * s) - int(40 * s)
        for j, e in enumerate(shown):
            r = pygame.Rect(area.x, area.y + j * (row_h + int(8 * s)), area.w, row_h)
            focused = self._row() == self.first + j
            panel(surface, r, 170 if focused else 130, int(10 * s), GOLD if focused else None)
            x = r.x + int(16 * s)
            name = info(e.game).name(lang)
            details = f"{when_text(e.saved_at, lang)} · {self.progress(e, lang)}"
            # too long for one line: two lines at the same size, rather than
            # one shrunk and cut (a Runs game of three at 800x500 lost its
            # moves, a Delphi solo round its wrong guesses)
            lines = detail_lines(details, int(16 * s), tw)
            y = r.y + (row_h - int(28 * s) - len(lines) * int(20 * s)) // 2  # the texts centred in the row
            text(surface, f"{name} · {players_text(e, lang)}", (x, y), int(20 * s), INK, bold=True, shadow=False, max_width=tw)
            for k, line in enumerate(lines):
                text(surface, line, (x, y + int(28 * s) + k * int(20 * s)), int(16 * s), INK_DIM, shadow=False, max_width=tw)
        if len(self.entries) > fit:
            last = min(len(self.entries), self.first + fit)
            where = tr("ui.saves.showing", lang, a=self.first + 1, b=last, n=len(self.entries))
            text(surface, where, (area.right, area.y - int(6 * s)), int(14 * s), INK_DIM, anchor="bottomright", shadow=False)


@lru_cache(maxsize=64)
def detail_lines(details: str, size: int, width: int) -> tuple[str, ...]:
    """A save's details on one line, or on two broken between its facts
    (" · "), so that no fact ("57 moves made") is split; the second line
    takes the rest, shrunk by ``text`` if it must be.  (Cached: the list
    measures the same details every frame.)"""
    if font(size).size(details)[0] <= width:
        return (details,)
    facts = details.split(" · ")
    first = facts[0]
    k = 1
    while k < len(facts) and font(size).size(f"{first} · {facts[k]}")[0] <= width:
        first = f"{first} · {facts[k]}"
        k += 1
    rest = " · ".join(facts[k:])
    return (first, rest) if rest else (first,)


def sample_entries(now: float | None = None) -> list[SaveEntry]:
    """Saves as the list shows them, for the screenshot tool and the
    smoke run (which start from an empty data folder): real games that
    computers played for a while, a Mind the Gap series, Gaps, Delphi and
    Runs tables of people and computers, more than fit the smallest window."""
    from game.engine.match import seats_from
    from game.engine.registry import module

    t = now if now is not None else time.time()
    one = tr("ui.seat", n=1)
    series: dict[str, Any] = {"options": {"players": 2, "level": "normal"}, "seed": 7, "points": [3, 5], "length": 5}
    Row = tuple[str, dict[str, Any], tuple[str, ...], tuple[str | None, ...], int, dict[str, Any], int]
    rows: list[Row] = [
        ("mind-the-gap", {"players": 2, "level": "normal"}, ("Anna", "Ben"), (None, None), 14, {"series": series}, 120),
        ("gaps", {"redeals": 2}, (one,), (None,), 31, {}, 3600),
        ("delphi", {"players": 4, "rounds": 4}, ("Clara", "Dev", "Emil", "Frieda"), (None, "augur", None, "cautious"), 40, {}, 26 * 3600),
        ("runs", {"players": 3, "rounds": 5, "new_run": True}, ("Anna", "Ben", "Cleo"), (None, "strong", "simple"), 57, {}, 30 * 3600),
        ("gaps", {"redeals": 1}, (one,), (None,), 3, {}, 4 * 86400),
        ("runs", {"players": 2, "rounds": 0}, ("Ben", "Clara"), (None, None), 90, {}, 9 * 86400),
        ("mind-the-gap", {"players": 2, "level": "hard"}, ("Anna", tr("ui.seat", n=2)), (None, "seed"), 2, {}, 12 * 86400),
        ("delphi", {"players": 3, "rounds": 3}, ("Anna", "Ben", "Clara"), (None, None, None), 18, {}, 20 * 86400),
        ("gaps", {"redeals": 2}, (one,), (None,), 48, {}, 40 * 86400),
        ("runs", {"players": 4, "rounds": 10}, ("Dev", "Emil", "Frieda", "Gus"), (None, "simple", "simple", "strong"), 120, {}, 60 * 86400),
    ]
    out = []
    for i, (game, options, names, bots, n, meta, ago) in enumerate(rows):
        key = (game, i, tuple(names))
        if key not in _PLAYED:  # (played once per run: the tools open the list in every language and size)
            m: Match[Any, Any, Any] = Match.start(module(game).GAME, options, 100 + i, seats_from(names, bots), meta=meta)
            m.run(_after(n))
            _PLAYED[key] = (m.record().to_json(), m.save_meta(), len(m.actions))
        record, table_meta, moves = _PLAYED[key]
        save = {"game": game, "record": record, "table": table_meta, "saved_at": t - ago}
        done = len(series["points"]) if meta else 0
        out.append(SaveEntry(f"{game}.{i:012x}.json", game, t - ago, tuple(names), tuple(bots), moves, done, save))
    return out


def _after(n: int) -> Callable[[Match[Any, Any, Any]], bool]:
    """Until ``n`` actions are played or the game ends."""
    return lambda m: len(m.actions) >= n or m.over


_PLAYED: dict[tuple[str, int, tuple[str, ...]], tuple[dict, dict, int]] = {}
