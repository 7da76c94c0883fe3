"""The table every game shares, driving a :class:`~game.engine.match.Match`.

A game's table is thin: it turns gestures into ``self.act(action)``, draws
``self.view`` (the view of the seat at the screen, never the raw state)
and animates what the match reports (``on_moved``).  Everything else is
here, once:

- the match loop: ``advance`` asks the match what comes next and does it:
  the pass screen (only once every card has landed), a computer's move
  after it "thought" for a moment, a forced move that plays itself, a break
  between rounds, the end of the game;
- autosave after every move, the save deleted at the end, statistics
  folded through the game's policy and written by persistence;
- refused moves: the engine's reason, with the players' names, as a
  message in its own band under the header;
- the header (title, facts, Menu and Rules) and every button declared as
  data (:class:`~game.ui.scene.ButtonSpec`), rebuilt only when what they
  show changes;
- keys: Tab moves the focus over the buttons and Enter presses the focused
  one; every other key is the game's, and a game key drops the button
  focus, so it never presses a button by accident; Esc cancels a gesture,
  else goes back to the menu (also while a computer thinks);
- two drawing layers (:mod:`game.ui.kit.layers`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine.core import Message, Outcome
from game.engine.match import How, Match, Moved, Refused, Step, StepKind
from game.engine.records import Record, RecordError
from game.engine.registry import info
from game.i18n import current, msg, tr
from game.persistence.saves import delete_save, set_aside_save, update_stats, write_save
from game.ui.dragdrop import DragDrop
from game.ui.kit.celebrate import Celebrates
from game.ui.kit.header import HEADER_H, TOAST_GAP, Header, draw_header, layout_header
from game.ui.kit.layers import TwoLayers
from game.ui.kit.overlay import ResultScene
from game.ui.scene import ENTER_KEYS, ButtonSpec, Scene
from game.ui.scenes.dialog import ConfirmScene
from game.ui.scenes.passdevice import PassScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.widgets import Toasts

Placed = list[tuple[ButtonSpec, Any]]


class TableScene(Celebrates, TwoLayers, Scene):
    """Base of every game table."""

    game_id = ""
    name = "table"
    arrows_move_focus = False
    space_presses = False
    #: base seconds a computer "thinks" before its move shows (scaled by
    #: the animation setting, like every duration here)
    think = 0.6
    #: base seconds a forced move waits before it plays itself
    auto_pause = 0.18
    #: base seconds the last move stays in view before the result panel
    result_pause = 0.35
    #: whether the game is saved for Continue (a tutorial is not)
    keeps_save = True

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.anim = app.animator()
        self.toasts = Toasts()
        #: the end has been seen (the result panel is due or shown)
        self.finished = False
        #: a gesture in progress (set by tables that have cards to move)
        self.drag: Any = None
        self._waiting = False
        self._leaving = False
        self._shown_viewer: int | None = match.viewer
        self._view_cache: tuple[tuple, Any] | None = None
        self._free_rects: list[pygame.Rect] = []

    # --- the model, as the screen sees it ------------------------------------------------
    # (no ``state`` here on purpose: a table draws ``view``; rules questions
    # go to the engine with ``self.match.state``)
    @property
    def view(self) -> Any:
        key = (id(self.match.state), self.match.viewer)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.match.view())
        return self._view_cache[1]

    @property
    def viewer(self) -> int | None:
        return self.match.viewer

    @property
    def players(self) -> int:
        return self.match.players

    @property
    def current(self) -> int | None:
        return self.match.current

    @property
    def lang(self) -> str:
        return self.app.settings.language

    @property
    def scale(self) -> float:
        return self.app.scale

    def seat_name(self, seat: int | None) -> str:
        return self.match.name_of(seat)

    def is_bot(self, seat: int | None) -> bool:
        return self.match.is_bot(seat)

    def my_turn(self) -> bool:
        return not self.finished and self.match.my_turn()

    @property
    def busy(self) -> bool:
        return self.anim.blocking

    # --- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.advance()

    def pause(self) -> None:
        # a panel or a pass screen goes over the table: every card in the
        # air lands now, so none hangs mid-flight under it (the table is
        # not updated while it is covered)
        self.anim.land_flights()
        self.cancel_gesture()
        super().pause()

    def exit(self) -> None:
        # nothing plays on after the table is left; the save holds the game
        # exactly as far as it got (a computer that was thinking thinks
        # again after Continue)
        self._leaving = True
        self.anim.clear()
        self.cancel_gesture()
        super().exit()
        # a table holds screen-sized layers and card images in reference
        # cycles; free them after this frame rather than at some later full
        # collection (measured: the bench's peak 151 -> 141 MB)
        self._static = None
        self.app.release_memory_soon()

    def leave(self) -> None:
        """Back to the menu; the autosave keeps the game for Continue."""
        self.app.to_menu()

    # --- the match loop ---------------------------------------------------------------------
    def advance(self) -> None:
        """Do what comes next; called after every move and at the start."""
        if self._leaving or self._waiting:
            return
        step = self.match.next()
        self._viewer_check()
        kind = step.kind
        if kind is StepKind.OVER:
            assert step.outcome is not None
            self._end(step.outcome)
        elif kind is StepKind.PASS:
            assert step.seat is not None
            self._pass_to(step.seat)
        elif kind is StepKind.BOT:
            self._schedule(self.think_time(step), self._bot_move)
        elif kind is StepKind.AUTO:
            action = step.action
            self._schedule(self.auto_time(step), lambda: self._play(action, How.AUTO))
        elif kind is StepKind.BREAK:
            self.at_break(step)
        else:
            self.await_person(step)
        self.sync_ui()

    def _schedule(self, seconds: float, fn: Callable[[], None]) -> None:
        self._waiting = True

        def run() -> None:
            self._waiting = False
            if not self._leaving:
                fn()

        self.anim.after(seconds, run, blocking=True, scaled=True)

    def _pass_to(self, seat: int) -> None:
        # nothing else may start until the person has the device
        self._waiting = True

        def ready() -> None:
            self._waiting = False
            self.match.handed_to(seat)
            self._viewer_check()
            self.advance()

        def cover() -> None:
            if not self._leaving:
                self.app.push(PassScene(self.app, self.seat_name(seat), ready, on_menu=self.leave))

        # the last card lands in view first; the hand is already hidden
        self.anim.when_landed(cover)

    def _bot_move(self) -> None:
        self.before_bot_move()
        self._after(self.match.play_bot())

    def _play(self, action: Any, how: How) -> Message | None:
        res = self.match.play(action, how=how)
        if isinstance(res, Refused):
            self.app.play_sound("refuse")
            return res.reason
        self._after(res)
        return None

    def act(self, action: Any) -> Message | None:
        """A person's move.  None on success, else the engine's reason (the
        state is untouched; the caller shows it or flies the card back)."""
        if self.finished:
            return None
        return self._play(action, How.CLICK)

    def act_or_refuse(self, action: Any) -> bool:
        """``act``, and show the reason when the engine refuses."""
        reason = self.act(action)
        if reason is not None:
            self.refuse(reason)
        return reason is None

    def proceed(self) -> None:
        """End a break between rounds (the summary's button)."""
        self._after(self.match.proceed())

    def stop_game(self) -> None:
        """End the game now, recorded (the table has asked first)."""
        self._after(self.match.stop())

    def _after(self, res: Moved | Refused) -> None:
        if isinstance(res, Refused):
            self.refuse(res.reason)
            self.advance()
            return
        self.touch()
        self._persist(res)
        self.app.play_sound(self.sound_for(res))
        if self.drag is not None:
            self.drag.cancel()
        wait = self.on_moved(res)
        self.sync_ui()
        if wait > 0 and self.app.settings.animation_factor > 0:
            self._schedule(wait, self.advance)
        else:
            self.advance()

    def _end(self, outcome: Outcome) -> None:
        if self.finished:
            return
        self.finished = True
        self.touch()

        def show() -> None:
            if not self._leaving:
                self.start_celebration(outcome)

        self._schedule(self.result_pause, lambda: self.anim.when_landed(show))

    def _viewer_check(self) -> None:
        if self.match.viewer != self._shown_viewer:
            self._shown_viewer = self.match.viewer
            self.cancel_gesture()
            self.touch()
            self.on_viewer_changed()
            if self.app.scenes.top is self:
                self.rebuild_ui()

    def card_drag(self, **hooks: Any) -> DragDrop:
        """The table's drag-and-drop over its ``drag_*`` methods, with the
        kit's animator and refusals; ``hooks`` are DragDrop's optional ones
        (``on_click``, ``on_zone_click``, ``land``, ``hide_key``)."""
        hooks.update(sources=self.drag_sources, zones=self.drag_zones, legal=self.drag_legal, drop=self.drag_drop)
        self.drag = DragDrop(animator=self.anim, on_refused=self.refuse, on_notice=self.notice, **hooks)
        return self.drag

    def drag_sources(self) -> list:
        """What can be picked up now (``Source``s)."""
        return []

    def drag_zones(self) -> list:
        """Where things can be put (``Zone``s)."""
        return []

    def drag_legal(self, payload: Any) -> list:
        """The zone payloads the engine allows for ``payload``."""
        return []

    def drag_drop(self, payload: Any, zone: Any) -> Any:
        """Play the drop: None on success, PENDING, or the engine's reason."""
        return None

    # --- undo -------------------------------------------------------------------------------
    def undo(self) -> None:
        if self.busy or self.match.undo() is None:
            return
        self.cancel_gesture()
        self.touch()
        self.autosave()
        self.on_undo()
        self.sync_ui()

    def redo(self) -> None:
        if self.busy:
            return
        res = self.match.redo()
        if res is not None:
            self._after(res)

    # --- saving and statistics ----------------------------------------------------------------
    # (a file that cannot be written is said once per session, by the app:
    # a read-only folder fails after every move)
    def autosave(self) -> None:
        if self.match.over or not self.keeps_save:
            return
        try:
            write_save(self.game_id, self.match.record().to_json(), self.match.save_meta())
        except OSError as e:
            self.app.write_failed("save", e)

    def _persist(self, moved: Moved) -> None:
        for fold in self.match.take_folds():
            try:
                problem = update_stats(self.game_id, fold)
            except OSError as e:
                self.app.write_failed("stats", e)
            else:
                if problem is not None:  # a bad file, moved aside; this game counts anew
                    self.toasts.show(problem.render(self.lang), "refuse", ttl=8)
        if not (moved.ended and self.keeps_save):
            self.autosave()
            return
        try:
            delete_save(self.game_id, self.match.record().to_json(), self.match.save_meta())
        except OSError as e:
            self.app.write_failed("save", e, "ui.save.delete_failed")

    # --- messages -------------------------------------------------------------------------------
    def render(self, message: Message | str) -> str:
        if isinstance(message, str):
            return message
        return self.match.policy.name(self.match, message).render(self.lang)

    def refuse(self, reason: Message | str) -> None:
        self.toasts.show(self.render(reason), "refuse", ttl=4.5)

    def notice(self, message: Message | str, ttl: float = 3.5) -> None:
        self.toasts.show(self.render(message), "info", ttl=ttl)

    def confirm(self, title: str, body: str, on_yes: Callable[[], None], yes: str | None = None, no: str | None = None, *, destructive: bool = False) -> None:
        self.app.push(ConfirmScene(self.app, title, body, on_yes, yes=yes, no=no, destructive=destructive))

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app, self.game_id))

    def open_settings(self) -> None:
        """The settings over the table: the look, the language and the
        rest change while the game waits underneath."""
        self.app.push(SettingsScene(self.app))

    # --- hooks for a game's table ------------------------------------------------------------------
    def think_time(self, step: Step) -> float:
        """Base seconds a computer thinks before ``step``'s move."""
        return self.think

    def auto_time(self, step: Step) -> float:
        return self.auto_pause

    def before_bot_move(self) -> None:
        """Just before a computer's move is played (remember where it starts)."""

    def await_person(self, step: Step) -> None:
        """The person at the screen is to act (open a dialog if the moment
        needs one, like Delphi's God writing the rule)."""

    def at_break(self, step: Step) -> None:
        """A break between rounds: show a summary whose button calls
        ``proceed``.  By default the game simply goes on."""
        self.proceed()

    def on_moved(self, moved: Moved) -> float:
        """Animate ``moved`` (before -> after); return the base seconds to
        wait before the next step (a computer's card landing)."""
        return 0.0

    def on_viewer_changed(self) -> None:
        """The seat at the screen changed (a layout may depend on it)."""

    def on_undo(self) -> None:
        """A move was taken back."""

    def sound_for(self, moved: Moved) -> str:
        return "place"

    def show_result(self, outcome: Outcome) -> None:
        """The end-of-game panel."""
        self.app.play_sound("win" if outcome.won or outcome.won is None else "refuse")
        self.app.push(ResultScene(self.app, tr("ui.game_over"), [self.render(outcome.reason)], [(tr("ui.menu"), self.app.to_menu)], won=outcome.won))

    # --- buttons ------------------------------------------------------------------------------------
    def header_buttons(self) -> list[ButtonSpec]:
        """Right-aligned in the header; a table adds its own in front."""
        return [
            # a gear, not a word: the German header has no room for "Einstellungen"
            ButtonSpec("settings", "⚙", self.open_settings, waits=False, tooltip=tr("ui.settings.title")),
            ButtonSpec("rules", tr("ui.rules_button"), self.open_rules, waits=False),
            ButtonSpec("menu", tr("ui.menu"), self.leave, waits=False),
        ]

    def panel_buttons(self) -> Placed:
        """The table's other buttons, placed by its layout."""
        return []

    def header(self) -> Header:
        return layout_header(self.app.size, self.app.scale, self.header_buttons())

    def placed_buttons(self) -> Placed:
        return list(self.header().placed) + self.panel_buttons()

    def build_ui(self) -> None:
        placed = self.placed_buttons()
        self.build_buttons(placed)
        self._free_rects = [pygame.Rect(rect) for spec, rect in placed if not spec.waits]
        self.build_extra_ui()

    def build_extra_ui(self) -> None:
        """Elements that are not buttons (a text field)."""

    def sync_ui(self) -> None:
        """Remake the buttons if what they show changed (only the top scene
        has elements)."""
        if self.app.scenes.top is self and not self._leaving:
            placed = self.placed_buttons()
            if self.sync_buttons(placed):
                self._free_rects = [pygame.Rect(rect) for spec, rect in placed if not spec.waits]

    # --- input ------------------------------------------------------------------------------------------
    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            return event.key == pygame.K_ESCAPE
        pos = getattr(event, "pos", None)
        return pos is not None and any(r.collidepoint(pos) for r in self._free_rects)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.skips_celebration(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if not self.busy and self.on_pointer(event):
                return
            if not self.busy and self.drag is not None and self.drag.handle_event(event):
                if event.type != pygame.MOUSEMOTION:
                    self.drop_focus()
                return
        super().handle_event(event)

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_TAB or (k in ENTER_KEYS and self.focused() is not None):
            self.handle_key(event)
            return
        if k == pygame.K_ESCAPE:
            if not self.cancel_gesture():
                self.leave()
            return
        if self.busy:
            return
        if self.on_key(event) or (self.drag is not None and self.drag.handle_event(event)):
            self.drop_focus()

    def on_key(self, event: pygame.event.Event) -> bool:
        """A game key; True when used."""
        return False

    def on_pointer(self, event: pygame.event.Event) -> bool:
        """A click the table handles before drag-and-drop (a pile)."""
        return False

    def cancel_gesture(self) -> bool:
        """Drop a card being dragged or selected and the keyboard cursor.
        True when there was something to drop."""
        if self.drag is not None and (self.drag.active is not None or self.drag.cursor is not None):
            self.drag.cancel()
            self.touch()
            return True
        return False

    # --- frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.toasts.update(dt)
        self.update_celebration(dt)

    def static_key(self) -> tuple:
        """Everything the static layer depends on.  Tables add their own
        (what is selected, a helper switched on)."""
        d = self.drag
        return (
            *super().static_key(),
            id(self.match.state),
            len(self.match.states),
            self.match.viewer,
            self.finished,
            self.app.size,
            self.lang,
            self.app.settings.four_colour,
            self.app.settings.card_back,
            self.app.settings.felt,
            self.app.settings.card_size,
            tuple(sorted(map(repr, (f.hide for f in self.anim.flights)))),
            d.dragging.payload if d is not None and d.dragging is not None else None,
            d.selected.payload if d is not None and d.selected is not None else None,
        )

    def draw_dynamic(self, surface: pygame.Surface) -> None:
        """Glows, flights, the dragged card, messages."""
        if self.drag is not None:
            self.drag.draw_targets(surface)
        self.anim.draw(surface)
        if self.drag is not None:
            self.drag.draw_dragged(surface)
        self.draw_toasts(surface)

    def draw_header(self, surface: pygame.Surface, title: str, facts: list[str], *, highlight: str | None = None) -> int:
        return draw_header(surface, self.header(), title, facts, highlight=highlight)

    def toast_anchor(self) -> tuple[int, int]:
        """Messages go in their band under the header, over the play area
        (every frame: from the header's height, not its whole layout)."""
        s = self.app.scale
        return self.play_centre_x(), int(HEADER_H * s) + int(TOAST_GAP * s)

    def play_centre_x(self) -> int:
        """The middle of the play area (a table with a sidebar says so)."""
        return self.app.size[0] // 2

    def draw_toasts(self, surface: pygame.Surface) -> None:
        x, y = self.toast_anchor()
        self.toasts.draw(surface, x, y, self.app.scale)


def seat(app, table: TableScene) -> TableScene:
    """Put a table on screen: the menu stays at the bottom of the stack,
    setup screens and an old table go."""
    app.to_menu()
    app.push(table)
    return table


def restore(save: dict, game_id: str, **kw: Any) -> tuple[Match | None, str | None]:
    """A saved game as a match, by replaying its record; or a readable
    problem.  ``save`` has the shape of a save (``read_save`` checked it).
    A save that does not replay is moved aside (never deleted)."""
    meta = save.get("table") or {}
    try:
        record = Record.from_json(save.get("record"))
        if record.game != game_id:
            try:
                other = info(record.game).name(current())
            except KeyError:
                other = record.game
            return None, tr("ui.save.other_game", game=other)
        return Match.resume(record, meta=meta, **kw), None
    except (RecordError, KeyError, ValueError, TypeError) as e:
        return None, set_aside_save(game_id, msg("ui.save.replay_failed", detail=str(e)), save).render(current())


def resume(app, save: dict, game_id: str, make: Callable[[Any, Match], TableScene], **kw: Any) -> str | None:
    """Reopen a save on its table; a readable problem instead when it does
    not replay or belongs to another game."""
    match, problem = restore(save, game_id, **kw)
    if match is None:
        return problem
    seat(app, make(app, match))
    return None
