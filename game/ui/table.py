"""What every game table shares: the running game, autosave, undo, bots,
the pass-the-device rule, refused-move messages and the result overlay.

A table draws ``self.view`` (the view of the seat at the screen), never the
raw state.  ``viewer`` is the seat whose private cards may be drawn; it is
``None`` while the device is being passed, and the pass screen is opaque,
so a hand can only appear after its owner said "show my cards".
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pygame

from game.engine import GameRunner, IllegalAction, Message, Record, RecordError
from game.engine.registry import engine, info
from game.i18n import tr
from game.persistence.saves import delete_save, save_path, update_stats, write_save
from game.ui.assets import GOLD, INK, INK_DIM
from game.ui.scene import Scene
from game.ui.scenes.dialog import ConfirmScene
from game.ui.scenes.passdevice import PassScene
from game.ui.widgets import Toasts, dim, panel, text, text_block, wrap


def reason_text(reason: Any, lang: str) -> str:
    if isinstance(reason, Message):
        return reason.render(lang)
    if isinstance(reason, IllegalAction):
        return reason.render(lang)
    return str(reason)


def restore(save: dict) -> tuple[GameRunner | None, dict, str | None]:
    """Rebuild a running game from an autosave by replaying its record.
    On failure the save is moved aside (never deleted) and a readable
    problem is returned."""
    from game.persistence import move_aside

    meta = save.get("table") if isinstance(save.get("table"), dict) else {}
    try:
        rec = Record.from_json(save.get("record"))
        runner = GameRunner.replay(rec)
        return runner, meta, None
    except (RecordError, KeyError, ValueError, TypeError) as e:
        game_id = save.get("game", "")
        moved = None
        try:
            p = save_path(str(game_id))
            if p.exists():
                moved = move_aside(p)
        except (OSError, ValueError):
            pass
        return None, meta, tr("ui.save.replay_failed", detail=str(e), file=moved.name if moved else "-")


def seat_table(app, table: TableScene) -> TableScene:
    """Put a table on screen: the menu stays at the bottom of the stack,
    setup screens and an old table go."""
    from game.ui.scenes.menu import MenuScene

    app.scenes.reset(MenuScene(app))
    app.scenes.push(table)
    return table


def resume_table(app, save: dict, make_table: Callable[[Any, GameRunner, dict], TableScene]) -> str | None:
    """Reopen an autosave on its table; a readable problem instead when the
    save does not replay or belongs to another game."""
    runner, meta, problem = restore(save)
    if problem:
        return problem
    want = getattr(make_table, "game_id", "")
    if want and runner.game.id != want:
        from game.i18n import current

        return tr("ui.save.other_game", game=info(runner.game.id).name(current()))
    seat_table(app, make_table(app, runner, meta))
    return None


class TableScene(Scene):
    """Base of every game table.  Subclasses draw and map input to actions."""

    game_id = ""
    #: hands are secret between people on this table (pass screen needed)
    secret_hands = True
    #: seconds a computer player "thinks" before its card travels
    bot_delay = 0.6

    def __init__(self, app, runner: GameRunner, meta: dict | None = None) -> None:
        super().__init__(app)
        self.runner = runner
        self.game = runner.game
        self.meta: dict = dict(meta or {})
        self.meta.setdefault("names", [tr("ui.seat", n=i + 1) for i in range(self.players)])
        self.meta.setdefault("bots", [None] * self.players)
        self.anim = app.animator()
        self.toasts = Toasts()
        self.redo_stack: list = []
        self.viewer: int | None = None
        self.finished = False
        self._bot_pending = False
        self.rng = random.Random(runner.seed ^ 0x5EED)
        self._bots: dict[int, Any] = {}
        self.log: list[str] = []

    # --- model helpers ------------------------------------------------------------
    @property
    def state(self):
        return self.runner.state

    @property
    def players(self) -> int:
        return int(getattr(self.runner.state, "players", 1))

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        names = self.meta.get("names") or []
        return names[seat] if seat < len(names) and names[seat] else tr("ui.seat", n=seat + 1)

    def is_bot(self, seat: int | None) -> bool:
        bots = self.meta.get("bots") or []
        return seat is not None and seat < len(bots) and bool(bots[seat])

    def humans(self) -> list[int]:
        return [s for s in range(self.players) if not self.is_bot(s)]

    @property
    def view(self):
        return self.game.view(self.state, self.viewer)

    @property
    def current(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def lang(self) -> str:
        return self.app.settings.language

    @property
    def busy(self) -> bool:
        return self.anim.blocking

    def seat_shows_private(self, seat: int | None) -> bool:
        """Whether the table may draw ``seat``'s hand right now."""
        return seat is not None and seat == self.viewer

    # --- life cycle ---------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.begin()

    def begin(self) -> None:
        """Start or resume play: decide who sees the screen."""
        self.advance(first=True)

    def exit(self) -> None:
        self.anim.finish_all() if not self.finished else self.anim.clear()
        super().exit()
        # a table holds screen-sized layers and card images in reference
        # cycles; free them after this frame rather than at some later
        # full collection (measured: the bench's peak 151 -> 141 MB)
        release = getattr(self.app, "release_memory_soon", None)
        if release is not None:
            release()

    # --- acting -------------------------------------------------------------------
    def try_action(self, action, *, animate: Callable[[Any, Any], None] | None = None) -> Message | None:
        """Apply through the engine.  Returns None on success or the
        engine's reason; the state is untouched on refusal."""
        before = self.state
        try:
            self.runner.play(action)
        except IllegalAction as e:
            self.app.play_sound("refuse")
            return e.reason
        self.redo_stack.clear()
        self.after_action(before, action)
        return None

    def after_action(self, before, action) -> None:
        self.touch()
        desc = self.describe(before, action)
        if desc:
            self.log.append(desc)
            self.log = self.log[-60:]
        self.app.play_sound("place")
        self.autosave()
        self.on_action(before, action)
        self.advance()

    def describe(self, before, action) -> str:
        try:
            m = self.game.describe_action(before, action)
        except Exception:  # a log line must never break a move
            return self.game.action_to_text(action)
        return reason_text(self.named(m), self.lang)

    def named(self, m):
        """Engines name seats by number ("seat" parameter); the table knows
        the players' names and puts them in as "player"."""
        if isinstance(m, Message) and "seat" in m.params and isinstance(m.params["seat"], int):
            return Message(m.key, {**m.params, "player": self.seat_name(m.params["seat"])})
        return m

    def on_action(self, before, action) -> None:
        """Hook: a game reacts to an applied action (sounds, flights)."""

    def refuse(self, reason) -> None:
        self.toasts.show(reason_text(self.named(reason), self.lang), "refuse", ttl=4.5)

    def advance(self, first: bool = False) -> None:
        """After every action: end the game, let a computer play, or hand
        the screen to the next person (through the pass screen when hands
        are secret)."""
        out = self.game.outcome(self.state)
        if out is not None:
            if not self.finished:
                self.finished = True
                delete_save(self.game_id)
                self.record_stats(out)
                self.anim.after(0.35, lambda: self.show_result(out), blocking=True)
            return
        seat = self.current
        if seat is None:
            return
        if self.is_bot(seat):
            if first and self.viewer is None:
                hum = self.humans()
                if hum:
                    self.hand_to(hum[0], first=True)
                    return
            self.schedule_bot()
            return
        if seat != self.viewer:
            self.hand_to(seat, first=first)

    def hand_to(self, seat: int, first: bool = False) -> None:
        needs_pass = self.secret_hands and self.needs_pass(seat, first)
        if not needs_pass:
            self.viewer = seat
            self.on_viewer_changed()
            if self.is_bot(self.current):
                self.schedule_bot()
            return
        def ready() -> None:
            self.viewer = seat
            self.on_viewer_changed()
            if self.is_bot(self.current):
                self.schedule_bot()

        def cover() -> None:
            # the last card lands in view first; then the hand is hidden
            self.viewer = None
            self.on_viewer_changed()
            self.app.push(PassScene(self.app, self.seat_name(seat), ready, on_menu=self.leave))

        if first:
            cover()
        else:
            self.anim.when_landed(cover)

    def needs_pass(self, seat: int, first: bool) -> bool:
        """The pass screen appears between two different people (and at
        the start when several people share the device)."""
        if len(self.humans()) <= 1:
            return False
        return first or (self.viewer is not None and self.viewer != seat) or self.viewer is None

    def on_viewer_changed(self) -> None:
        """Hook: the seat at the screen changed (rebuild buttons)."""
        self.touch()
        if self._elements or self.app.scenes.top is self:
            self.clear_ui()
            self.build_ui()

    # --- computer players -------------------------------------------------------------
    def bot_for(self, seat: int):
        if seat not in self._bots:
            from game.engine.registry import module

            mod = module(self.game_id)
            name = self.meta["bots"][seat]
            factory = mod.BOTS.get(name) or next(iter(mod.BOTS.values()))
            self._bots[seat] = factory()
        return self._bots[seat]

    def schedule_bot(self) -> None:
        if self._bot_pending or self.finished:
            return
        self._bot_pending = True
        self.anim.after(self.bot_delay, self._bot_move, blocking=True, scaled=True)

    def _bot_move(self) -> None:
        self._bot_pending = False
        seat = self.current
        if seat is None or not self.is_bot(seat) or self.finished:
            return
        bot = self.bot_for(seat)
        view = self.game.view(self.state, seat)
        legal = list(self.game.legal_actions(self.state))
        action = bot.choose(view, legal, self.rng)
        self.animate_bot_action(seat, action)
        err = self.try_action(action)
        if err is not None:  # a bot must never stall the table
            self.try_action(legal[0])

    def animate_bot_action(self, seat: int, action) -> None:
        """Hook: show the computer's card travelling (before it is applied)."""

    # --- undo ---------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self.runner.actions) and not self.finished

    def undo(self) -> None:
        if not self.can_undo():
            return
        a = self.runner.undo()
        self.redo_stack.append(a)
        self.autosave()
        self.on_undo()

    def redo(self) -> None:
        if not self.redo_stack:
            return
        a = self.redo_stack.pop()
        keep = list(self.redo_stack)
        before = self.state
        self.runner.play(a)
        self.redo_stack = keep
        self.after_action(before, a)
        self.redo_stack = keep

    def on_undo(self) -> None:
        self.touch()
        self.clear_ui()
        self.build_ui()

    # --- saving -------------------------------------------------------------------------
    def table_meta(self) -> dict:
        return self.meta

    def autosave(self) -> None:
        if self.finished:
            return
        try:
            write_save(self.game_id, self.runner.record().to_json(), self.table_meta())
        except OSError as e:
            self.toasts.show(f"Autosave failed: {e.strerror or e}", "refuse")

    def record_stats(self, outcome) -> None:
        try:
            update_stats(self.game_id, lambda st: self.update_stats(st, outcome))
        except OSError:
            pass

    def update_stats(self, stats: dict, outcome) -> None:
        """Hook: fold a finished game into this game's statistics."""

    def show_result(self, outcome) -> None:
        """Hook: the end-of-game overlay."""

    def leave(self) -> None:
        """Back to the menu; the autosave keeps the game for Continue."""
        self.app.to_menu()

    def confirm(self, title: str, body: str, on_yes: Callable[[], None], yes: str | None = None, no: str | None = None) -> None:
        self.app.push(ConfirmScene(self.app, title, body, on_yes, yes=yes, no=no))

    # --- frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.toasts.update(dt)

    def touch(self) -> None:
        """Something the static layer shows has changed: redraw it."""
        self._version = getattr(self, "_version", 0) + 1

    def static_key(self) -> tuple:
        """Everything the static layer depends on.  Subclasses add their
        own (what is being dragged or selected, flights in the air)."""
        return (
            getattr(self, "_version", 0),
            id(self.state),
            len(self.runner.states),
            self.viewer,
            self.finished,
            self.app.size,
            self.lang,
            self.app.settings.four_colour,
            tuple(sorted(map(repr, (f.hide for f in self.anim.flights)))),
        )

    def draw(self, surface) -> None:
        """The table is drawn in two layers: a cached static layer (felt,
        cards, labels), redrawn only when ``static_key`` changes, and the
        moving parts on top every frame.  Dragging a card over a full table
        then costs one blit plus the dragged card."""
        key = self.static_key()
        cache = getattr(self, "_static", None)
        if cache is None or cache.get_size() != surface.get_size():
            cache = self._static = pygame.Surface(surface.get_size()).convert()
            self._static_key = None
        if self._static_key != key:
            self.draw_static(cache)
            self._static_key = key
        surface.blit(cache, (0, 0))
        self.draw_dynamic(surface)

    def draw_static(self, surface) -> None:
        """Hook: felt, cards and labels."""

    def draw_dynamic(self, surface) -> None:
        """Hook: glows, flights, the dragged card, toasts."""
        self.anim.draw(surface)
        self.draw_toasts(surface)

    def draw_toasts(self, surface) -> None:
        s = self.app.scale
        self.toasts.draw(surface, surface.get_width() // 2, int(14 * s), s)


class ResultScene(Scene):
    """The end of a game, over the final table (which stays visible)."""

    opaque = False
    name = "result"

    def __init__(self, app, title: str, lines: list[str], buttons: list[tuple[str, Callable[[], None]]], won: bool | None = None, where: str = "center") -> None:
        super().__init__(app)
        self.title, self.lines, self.buttons_spec, self.won = title, lines, buttons, won
        self.where = where  # "center", or "bottom" to keep the table's top visible

    def _metrics(self):
        w, h = self.app.size
        s = self.app.scale
        side = self.where == "right"
        pw = int(w * 0.27) if side else int(min(w * 0.62, 640 * s))
        inner = pw - int(48 * s)
        title_lines = wrap(self.title, int(28 * s), inner, bold=True)
        body = sum(len(wrap(l, int(17 * s), inner)) for l in self.lines)
        n = len(self.buttons_spec)
        buttons_h = (n * int(52 * s)) if side else int(62 * s)
        ph = int(34 * s) + len(title_lines) * int(28 * s * 1.25) + int(14 * s) + body * int(17 * s * 1.25) + len(self.lines) * int(4 * s) + int(20 * s) + buttons_h
        if side:
            r = pygame.Rect(w - pw - int(16 * s), int(70 * s), pw, ph)
        elif self.where == "bottom":
            r = pygame.Rect(w // 2 - pw // 2, h - ph - int(16 * s), pw, ph)
        else:
            r = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        return r, s, title_lines, side

    def _rect(self) -> pygame.Rect:
        return self._metrics()[0]

    def build_ui(self) -> None:
        r, s, _, side = self._metrics()
        n = len(self.buttons_spec)
        gap = int(12 * s)
        for i, (label, fn) in enumerate(self.buttons_spec):
            if side:
                rect = (r.x + int(24 * s), r.bottom - (n - i) * int(52 * s) - int(4 * s), r.w - int(48 * s), int(42 * s))
            else:
                bw = (r.w - int(48 * s) - gap * (n - 1)) // max(1, n)
                rect = (r.x + int(24 * s) + i * (bw + gap), r.bottom - int(62 * s), bw, int(44 * s))
            b = self.button(rect, label, fn, object_id="#primary" if i == 0 else None)
            if i == 0:
                self.focus(b)

    def draw(self, surface) -> None:
        if self.where == "center":
            dim(surface, 90)
        r, s, title_lines, side = self._metrics()
        colour = GOLD if self.won else (INK if self.won is None else (224, 120, 100))
        panel(surface, r, 240, int(16 * s), colour)
        y = r.y + int(18 * s)
        for tl in title_lines:
            text(surface, tl, (r.centerx, y), int(28 * s), colour, bold=True, anchor="midtop")
            y += int(28 * s * 1.25)
        y += int(14 * s)
        for line in self.lines:
            y += text_block(surface, line, pygame.Rect(r.x + int(24 * s), y, r.w - int(48 * s), r.h), int(17 * s), INK_DIM if line.startswith("·") else INK, align="center", line_gap=1.25)
            y += int(4 * s)


def new_runner(game_id: str, options: dict, seed: int | None = None) -> GameRunner:
    if seed is None:
        seed = random.randrange(1, 10**9)
    return GameRunner.start(engine(info(game_id).id), options, seed)


def dump_record(runner: GameRunner) -> str:
    return json.dumps(runner.record().to_json())
