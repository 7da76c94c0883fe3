"""The table every game shares: a scene over a table model and its match,
put together from parts rather than inherited from mixins::

    event -> gesture (the game's table) -> Intent(action, how) -> play() -> match.play
    Moved / Refused + the model           -> model (notes, selection, clock, prompts)
    model -> picture() (a frozen snapshot) -> paint_static (a layer keyed by the picture)
                                           + paint_moving (flights, the dragged card) + notes

A game's table gives its model (:class:`~game.ui.kit.model.TableModel`),
its picture and painters, its gestures (keys, the pointer, the
drag-and-drop's ``drag_*``), ``animate`` for a move the match reports, the
moments a game has (``think_time``, ``auto_time``, ``await_person``,
``at_break``, ``show_result``) and its buttons, declared as data.

The kit does the rest, once:

- the match loop: ``advance`` asks the match what comes next and does it:
  the pass screen (once every card has landed), a computer's move after it
  "thought", a forced move that plays itself, a break between rounds, the
  end of the game (a celebration, then the result);
- a screen over the table pauses it (the model counts the covers): no
  computer moves, no forced move plays, no card flies and no clock runs
  until it is on top again, and everything goes on where it stopped;
- autosave after every move, the save deleted at the end, the statistics
  folds written by persistence;
- notes (a refused move's reason, a notice) with their audience, drawn in
  the table's own band (``note_area``), never over a card; handing the
  device to another seat drops what was for another seat;
- the header (title, facts, ⚙, Rules, Menu) and the buttons, rebuilt only
  when what they show changes; a button's tooltip shows in the notes' band
  while the pointer rests on it (pygame_gui's own opened over the cards,
  the clock and the solver's line); keys: Tab and Enter for buttons, every
  other key is the game's, Esc cancels a gesture or leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Generic, TypeVar

import pygame

from game.engine.core import Message, Outcome
from game.engine.match import How, Match, Moved, Refused, Step, StepKind
from game.engine.records import Record, RecordError
from game.engine.registry import info
from game.i18n import current, msg, tr
from game.persistence.saves import set_aside_save
from game.ui.a11y import keys as reader_keys
from game.ui.a11y.nodes import Node, Tree
from game.ui.dragdrop import DragDrop
from game.ui.kit import keep, speech
from game.ui.kit.celebrate import KINGS, Party, celebration_title, make_celebration, seconds_for
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.header import HEADER_H, TOAST_GAP, Header, draw_header, layout_header
from game.ui.kit.layers import StaticLayer
from game.ui.kit.model import Intent, Note, Notes, TableModel, Tone
from game.ui.kit.overlay import ResultScene
from game.ui.kit.passdevice import PassScene
from game.ui.kit.picture import Motion, Painters, Picture
from game.ui.scene import ENTER_KEYS, AppServices, ButtonSpec, Scene
from game.ui.widgets import draw_notes

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
P = TypeVar("P", bound=Picture)

Placed = list[tuple[ButtonSpec, Any]]

#: seconds the pointer rests on a button before its tooltip shows
TIP_DELAY = 0.5
#: how a person's own move is made (a computer's, a forced or a redone one is not)
PERSONS_MOVES = frozenset({How.DROP, How.CLICK, How.KEY, How.CONFIRM})


class TableScene(Scene, Generic[S, A, V, P]):
    """Base of every game table; ``P`` is the type of its picture."""

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
    #: whether a game ended by ``stop`` is celebrated (Runs played "until we stop")
    celebrates_stopped = False

    def __init__(self, app: AppServices, model: TableModel[S, A, V], painters: Painters[P] | None = None) -> None:
        super().__init__(app)
        self.model = model
        self.painters = painters
        self.anim = app.animator()
        #: the gesture on cards (tables that have cards to move make one)
        self.drag: DragDrop | None = None
        self.layer: StaticLayer[P] = StaticLayer()
        self.party = Party()
        self._waiting = False
        self._leaving = False
        self._shown_viewer: int | None = model.match.viewer
        self._view_cache: tuple[tuple[int, int | None], V] | None = None
        self._free_rects: list[pygame.Rect] = []
        #: the buttons' tooltips where they are, the pointer, how long it rested on one
        self._tips: list[tuple[pygame.Rect, str]] = []
        self._pointer: tuple[int, int] | None = None
        self._resting = 0.0
        #: the button of a card held by the pointer, let go while a card
        #: travelled: played when it has landed (dropped, the card then
        #: followed the pointer with the button up)
        self._held_release: pygame.event.Event | None = None
        #: the seat of the last move a person made at this screen (computers'
        #: moves since do not change it), and the moves when the mover last
        #: looked before a pass (:meth:`_look_first`)
        self._mover: int | None = None
        self._looked = -1
        self._looking = False
        #: what the table says to a screen reader (game/ui/kit/speech.py),
        #: and the region Tab brought the keyboard to (None: the buttons)
        self.voice = speech.Voice(self)
        self.a11y_region: str | None = None
        model.listeners.append(self.voice.note)

    # --- the match, as the screen sees it --------------------------------------------------
    # (no ``state`` here on purpose: a table draws ``view``; rules questions
    # go to the engine with ``self.match.state``)
    @property
    def match(self) -> Match[S, A, V]:
        return self.model.match

    @property
    def view(self) -> V:
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
    def finished(self) -> bool:
        return self.model.finished

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

    @property
    def looking(self) -> bool:
        """The person who just moved looks at their cards before the pass."""
        return self._looking

    # --- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.advance()

    def pause(self) -> None:
        # a screen goes over the table: the table stands still where it is
        # (a card held by the pointer goes back; its button-up will not come)
        self.model.cover()
        self.party.skip()
        if self.drag is not None:
            self.drag.release()
        self._held_release = None
        # the pointer's moves go to the screen on top: where it rested is
        # unknown until it moves again (it was taken to rest on ⚙ all
        # through the settings, and "Settings" showed after Back)
        self._pointer = None
        self._resting = 0.0
        super().pause()

    def resume(self) -> None:
        self.model.uncover()
        # the language may have changed under Settings or Menu
        self.match.localize_names()
        super().resume()

    def language_changed(self) -> None:
        self.match.localize_names()
        super().language_changed()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        # the particles were placed for the old size: the celebration ends,
        # and the result panel follows at the next frame
        self.party.skip()

    def screen_changed(self) -> None:
        # a card in the air was drawn and placed for the old size: it lands
        # where it goes.  A discard waiting for "Pay a coin?" hung over the
        # pile at its old pixels, over the target after F11 (seen in a real
        # window); it goes back to the hand until the coin is paid.
        self.anim.land_flights()

    def exit(self) -> None:
        # nothing plays on after the table is left; the save holds the game
        # exactly as far as it got (a computer that was thinking thinks
        # again after Continue)
        self._leaving = True
        self.anim.clear()
        self.party.clear()
        if self.drag is not None:
            self.drag.cancel()
        super().exit()
        # a table holds screen-sized layers and card images in reference
        # cycles; free them after this frame rather than at some later full
        # collection (measured: the bench's peak 151 -> 141 MB)
        self.layer.release()
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
        if step.kind is StepKind.PASS and step.seat is not None and self._look_first(step.seat):
            return
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
            self._schedule(self.auto_time(step), lambda: self._planned(lambda: self.match.play(step.action, how=How.AUTO)))
        elif kind is StepKind.BREAK:
            self.at_break(step)
        else:
            self.voice.turn(step)
            self.await_person(step)
        self.sync_ui()

    def _schedule(self, seconds: float, fn: Callable[[], None]) -> None:
        self._waiting = True

        def run() -> None:
            self._waiting = False
            if not self._leaving:
                fn()

        self.anim.after(seconds, run, blocking=True, scaled=True)

    def _look_first(self, seat: int) -> bool:
        """Before the device passes, the person who just moved keeps their
        cards in view a moment when the table says there is something new
        to see (a card drawn, God's verdict on their string): the pass
        screen came at once, so a card drawn was first seen a whole round
        later.  A click or a key ends the look.  True when it began."""
        mover = self._shown_viewer
        if mover is None or mover == seat or self._mover != mover or self._looked == len(self.match.actions):
            return False
        seconds = self.look_before_pass(mover)
        if seconds <= 0:
            return False
        self._looked = len(self.match.actions)
        self.match.handed_to(mover)  # (next() covered it; the same person still holds the device)
        self._waiting = self._looking = True
        self.model.say(msg("ui.pass.look", player=self.seat_name(seat)), seat=mover, ttl=seconds)
        at = self._looked
        # (the timer of a look ended by a click runs on: it must not end a later look)
        self.anim.after(seconds, lambda: self._end_look(at), blocking=False, scaled=False)
        return True

    def _end_look(self, at: int | None = None) -> None:
        if not self._looking or (at is not None and at != self._looked):
            return
        self._looking = self._waiting = False
        self.advance()

    def look_before_pass(self, seat: int) -> float:
        """Seconds the person in ``seat``, who just moved, keeps their cards
        in view before the device passes (0: none; a table with something
        new to show gives more)."""
        return 0.0

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
                self.app.push(PassScene(self.app, lambda: self.seat_name(seat), ready, on_menu=self.leave))

        # the last card lands in view first; the hand is already hidden
        self.anim.when_landed(cover)

    def _bot_move(self) -> None:
        self._planned(self.match.play_bot, self.before_bot_move)

    def _planned(self, move: Callable[[], Moved | Refused], before: Callable[[], None] | None = None) -> None:
        """A move planned a moment ago (a computer's, a forced one), made
        now: unless the game was stopped meanwhile (Stop does not wait for
        the computers), and then its end is shown instead."""
        if self.match.over:
            self.advance()
            return
        if before is not None:
            before()
        self._after(move(), None)

    def play(self, intent: Intent[A]) -> Message | None:
        """A person's move, as a gesture made it.  None when it was played,
        else the engine's reason (the state is untouched; the gesture shows
        it or flies the card back)."""
        if self.finished:
            return None
        res = self.match.play(intent.action, how=intent.how)
        if isinstance(res, Refused):
            self.app.play_sound("refuse")
            return res.reason
        self._after(res, intent)
        return None

    def act(self, action: A, how: How = How.CLICK) -> Message | None:
        """``play`` for a move made by a click or a button."""
        return self.play(Intent(action, how))

    def act_or_refuse(self, action: A, how: How = How.CLICK) -> bool:
        """``act``, and say the reason when the engine refuses."""
        reason = self.act(action, how)
        if reason is not None:
            self.refuse(reason)
        return reason is None

    def proceed(self) -> None:
        """End a break between rounds (the summary's button)."""
        self._after(self.match.proceed(), None)

    def stop_game(self) -> None:
        """End the game now, recorded (the table has asked first)."""
        self._after(self.match.stop(), None)

    def _after(self, res: Moved | Refused, intent: Intent[A] | None) -> None:
        if isinstance(res, Refused):
            self.refuse(res.reason)
            self.advance()
            return
        if res.how in PERSONS_MOVES:
            self._mover = res.seat
        if self.match.over:
            # what was said during the game is done with once it ends ("The
            # layout is on the clipboard" stayed frozen beside the result
            # for 20 s and more: notes wait while a screen covers the
            # table); what the end itself says (a file not written) comes after
            self.model.notes = Notes()
        self._persist(res)
        self.voice.moved(res)
        self.app.play_sound(self.sound_for(res))
        if self.drag is not None:
            self.drag.cancel()
        self.model.move_made(res.how)
        wait = self.animate(res, intent)
        self.sync_ui()
        if wait > 0 and self.app.settings.animation_factor > 0:
            self._schedule(wait, self.advance)
        else:
            self.advance()

    def _end(self, outcome: Outcome) -> None:
        if self.model.finished:
            return
        self.model.finished = True
        self.voice.say(self.voice.words(outcome.reason), assertive=True)

        def show() -> None:
            if not self._leaving:
                self.celebrate(outcome)

        self._schedule(self.result_pause, lambda: self.anim.when_landed(show))

    def celebrate(self, outcome: Outcome, seconds: float | None = None) -> None:
        """A short celebration when the people at the device won, then the
        result panel (at once when nobody here won or nothing may move).
        ``seconds`` overrides the length the animation setting gives."""
        title = celebration_title(self.match, outcome, stopped_counts=self.celebrates_stopped)
        if seconds is None:
            seconds = seconds_for(self.app.settings.animation_factor)
        if title is None or seconds <= 0:
            self.show_result(outcome)
            return
        s = self.app.settings
        # silent: the result panel plays the game's "win" when it comes
        self.party.begin(make_celebration(title, self.celebration_cards(), self.celebration_area(), self.app.size, self.scale, s.language, s.four_colour, seconds, self.match.seed), outcome)

    def _viewer_check(self) -> None:
        if self.match.viewer != self._shown_viewer:
            self._shown_viewer = self.match.viewer
            self.model.handed_to(self.match.viewer)
            self.voice.handed_to(self.match.viewer)
            if self.drag is not None:
                self.drag.cancel()
            self.on_viewer_changed()
            if self.app.scenes.top is self:
                self.rebuild_ui()

    def card_drag(self, **hooks: Any) -> DragDrop:
        """The table's drag-and-drop over its ``drag_*`` methods, with the
        kit's animator and notes; ``hooks`` are DragDrop's optional ones
        (``on_click``, ``on_zone_click``, ``land``, ``hide_key``, ...)."""
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
    def offers_undo(self) -> bool:
        """Undo against the computers: one person among computers only, in
        a game that allows it (never when people share the table)."""
        return self.match.policy.undo_against_computers and len(self.match.people()) == 1

    def _undo_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z where the table has no undo of its own: take the turn
        back, or say why not (it was silently ignored)."""
        if not (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            return False
        if not self.offers_undo():
            self.notice(msg("ui.undo_people" if self.match.policy.undo_against_computers else "ui.undo_none"))
        elif not self.match.can_undo():
            self.notice(msg("ui.undo_nothing"))
        else:
            self.undo()
        return True

    def undo(self) -> None:
        if self.busy or self.match.undo() is None:
            return
        if self.drag is not None:
            self.drag.cancel()
        self.model.move_made(How.REDO)
        self.autosave()
        self.on_undo()
        if self.offers_undo():  # several moves went: say what happened
            self.notice(msg("ui.undo_done"))
        self.sync_ui()

    def redo(self) -> None:
        if self.busy:
            return
        res = self.match.redo()
        if res is not None:
            self._after(res, None)

    # --- saving and statistics ----------------------------------------------------------------
    # (the one protocol of every table: game/ui/kit/keep.py)
    def autosave(self) -> None:
        if self.keeps_save:
            keep.autosave(self.app, self.match, self.game_id)

    def _persist(self, moved: Moved) -> None:
        folds = self.match.take_folds()
        keep.settle(self.app, self.match, self.game_id, folds, self._tell, keeps_save=self.keeps_save)
        for fold in folds:
            self.counted(fold)

    def _tell(self, message: Message, problem: bool) -> None:
        self.model.say(message, tone=Tone.REFUSE if problem else Tone.INFO, ttl=8)

    def counted(self, fold: Callable[[dict], None]) -> None:
        """A statistics fold of a move made here (a session adds it up too)."""

    # --- notes ----------------------------------------------------------------------------------
    def render(self, message: Message | str) -> str:
        if isinstance(message, str):
            return message
        return self.match.policy.name(self.match, message).render(self.lang)

    def refuse(self, reason: Message | str) -> None:
        """A refused move's reason, for the seat at the screen alone."""
        self.model.refuse(self._named(reason))

    def notice(self, message: Message | str, ttl: float = 3.5, *, public: bool = False, positional: bool = False) -> None:
        """A notice for the seat at the screen (``public``: for everyone;
        ``positional``: about this position, gone with the next move)."""
        self.model.say(self._named(message), seat=None if public else self.viewer, ttl=ttl, positional=positional)

    def _named(self, message: Message | str) -> Message | str:
        return message if isinstance(message, str) else self.match.policy.name(self.match, message)

    def confirm(self, title: str, body: str, on_yes: Callable[[], None], yes: str | None = None, no: str | None = None, *, destructive: bool = False) -> None:
        self.app.push(ConfirmScene(self.app, title, body, on_yes, yes=yes, no=no, destructive=destructive))

    def open_rules(self) -> None:
        self.app.open_rules(self.game_id)

    def open_settings(self) -> None:
        """The settings over the table: the look, the language and the
        rest change while the game waits underneath."""
        self.app.open_settings()

    # --- hooks for a game's table ------------------------------------------------------------------
    def think_time(self, step: Step) -> float:
        """Base seconds a computer thinks before ``step``'s move."""
        return self.think

    def auto_time(self, step: Step) -> float:
        return self.auto_pause

    def before_bot_move(self) -> None:
        """Just before a computer's move is played (remember where it starts)."""

    def await_person(self, step: Step) -> None:
        """The person at the screen is to act (open a screen if the moment
        needs one, like Delphi's God writing the rule)."""

    def at_break(self, step: Step) -> None:
        """A break between rounds: show a summary whose button calls
        ``proceed``.  By default the game simply goes on."""
        self.proceed()

    def animate(self, moved: Moved, intent: Intent[A] | None) -> float:
        """Show ``moved`` (before -> after) made as ``intent`` says (None:
        not by a gesture at this screen: a computer, a forced move, a redo);
        return the base seconds to wait before the next step."""
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

    def celebration_cards(self) -> list:
        """Cards of the game that spring up in the celebration."""
        return list(KINGS)

    def celebration_area(self) -> pygame.Rect:
        """Where it plays: the play area under the header."""
        w, h = self.app.size
        top = int(HEADER_H * self.app.scale)
        cx = self.play_centre_x()
        half = min(cx, w - cx)
        return pygame.Rect(cx - half, top, 2 * half, h - top)

    # --- buttons ------------------------------------------------------------------------------------
    def header_buttons(self) -> list[ButtonSpec]:
        """Right-aligned in the header; a table adds its own in front."""
        undo = []
        if self.offers_undo():
            # an arrow, as the gear: "Rückgängig" has no room in the header
            # greyed out, its tip says why (it promised "take back your
            # last move" after forced draws, which are no decision of one's own)
            can = self.match.can_undo()
            undo = [ButtonSpec("undo", "↶", self.undo, can, tooltip=tr("ui.undo_turn_tip") if can else tr("ui.undo_nothing"))]
        return [
            *undo,
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

    def spec_button(self, spec: ButtonSpec, rect: Any) -> Any:
        """A button without pygame_gui's tooltip: its words show in the
        notes' band instead (``shown_notes``)."""
        if spec.tooltip:
            self._tips.append((pygame.Rect(rect), spec.tooltip))
        return super().spec_button(replace(spec, tooltip=None), rect)

    def clear_ui(self) -> None:
        super().clear_ui()
        self._tips = []

    def resting_tip(self) -> str | None:
        """The tooltip of the button the pointer rests on, once it has rested."""
        if self._pointer is None or self._resting < TIP_DELAY:
            return None
        return next((tip for r, tip in self._tips if r.collidepoint(self._pointer)), None)

    def build_ui(self) -> None:
        placed = self.placed_buttons()
        self.build_buttons(placed)
        self._free_rects = [pygame.Rect(rect) for spec, rect in placed if not spec.waits]
        self.build_extra_ui()

    def build_extra_ui(self) -> None:
        """Elements that are not buttons."""

    def sync_ui(self) -> None:
        """Remake the buttons if what they show changed (only the top scene
        has elements)."""
        if self.app.scenes.top is self and not self._leaving:
            placed = self.placed_buttons()
            if self.sync_buttons(placed):
                self._free_rects = [pygame.Rect(rect) for spec, rect in placed if not spec.waits]

    # --- input ------------------------------------------------------------------------------------------
    def keys_while_busy(self) -> frozenset[int]:
        """Keys that work while a card travels, as the buttons that do not
        wait (Esc always does)."""
        return frozenset()

    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            return bool(event.key == pygame.K_ESCAPE or event.key in self.keys_while_busy() or event.key in reader_keys.ANY_TIME)
        pos = getattr(event, "pos", None)
        return pos is not None and any(r.collidepoint(pos) for r in self._free_rects)

    def held_while_busy(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and self.drag is not None and self.drag.pressed is not None:
            self._held_release = event

    def _release_held(self) -> None:
        """The button let go while a card travelled, now that it landed."""
        event, self._held_release = self._held_release, None
        if event is not None and self.drag is not None and self.drag.pressed is not None:
            self.handle_event(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._looking and (event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)):
            self._end_look()  # seen: the device passes now
            return
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            self._resting = 0.0
        if self.party.skips(event):
            return
        if event.type == pygame.KEYDOWN:
            if reader_keys.handle(self, event):
                return
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
        if k == pygame.K_TAB and speech.cycle(self, bool(event.mod & pygame.KMOD_SHIFT)):
            return
        if k == pygame.K_TAB or (k in ENTER_KEYS and self.focused() is not None):
            self.handle_key(event)
            return
        if k == pygame.K_ESCAPE:
            if not self.cancel_gesture():
                self.leave()
            return
        if self.busy and k not in self.keys_while_busy():
            return
        if self.on_key(event) or self._undo_key(event) or (self.drag is not None and self.drag.handle_event(event)):
            self.drop_focus()

    def on_key(self, event: pygame.event.Event) -> bool:
        """A game key; True when used."""
        return False

    # --- what a screen reader reads (game/ui/kit/speech.py) ----------------------------------
    #: the game's speech module (game/ui/tables/<game>/speech.py): regions, focus, enter, summary
    reader: Any = None

    def a11y_tree(self) -> Tree:
        return speech.tree(self, super().a11y_tree())

    def a11y_title(self) -> str:
        return speech.title(self)

    def a11y_regions(self) -> list[Node]:
        return self.reader.regions(self) if self.reader is not None else []

    def a11y_summary(self) -> str:
        return self.reader.summary(self) if self.reader is not None else self.a11y_title()

    def speak_move(self, moved: Moved) -> str:
        """What a reader hears of ``moved``: the log's words (a game's ``move_words`` adds to them)."""
        said = speech.move_words(self, moved)
        more = getattr(self.reader, "move_words", None)
        return more(self, moved, said) if more is not None else said

    def on_pointer(self, event: pygame.event.Event) -> bool:
        """A click the table handles before drag-and-drop (a pile)."""
        return False

    def cancel_gesture(self) -> bool:
        """Esc: drop a card being dragged or selected and the keyboard
        cursor.  True when there was something to drop."""
        if self.drag is not None and (self.drag.active is not None or self.drag.cursor is not None):
            self.drag.cancel()
            return True
        return False

    # --- frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.model.paused:
            return  # (only the top scene is updated; a covered table stands still)
        self.anim.update(dt)
        if self._held_release is not None and not self.busy:
            self._release_held()
        self.model.tick(dt)
        self._resting += dt
        due = self.party.update(dt)
        if due is not None and not self._leaving:
            self.show_result(due)

    def picture(self) -> P:
        """What the screen shows, as a frozen value."""
        raise NotImplementedError

    def paint_static(self, surface: pygame.Surface, still: Any) -> None:
        """Felt, cards and labels: from the picture's ``still`` alone."""
        if self.painters is not None:
            self.painters.still(surface, still)

    def paint_moving(self, surface: pygame.Surface, picture: P) -> None:
        """Glows, flights, the dragged card."""
        if self.painters is not None and self.drag is not None:
            self.painters.moving(surface, picture, Motion(self.anim, self.drag))
            return
        if self.drag is not None:
            self.drag.draw_targets(surface)
        self.anim.draw(surface)
        if self.drag is not None:
            self.drag.draw_dragged(surface)

    def draw(self, surface: pygame.Surface) -> None:
        picture = self.picture()
        self.layer.draw(surface, picture.still, self.paint_static)
        self.paint_moving(surface, picture)
        self.draw_notes(surface)
        # over everything the table draws, and only on top: a covered table
        # shows none of it
        if self.app.scenes.top is self:
            self.party.draw(surface)

    def touch(self) -> None:
        """Paint the static layer anew at the next frame (the text-fit
        check records one)."""
        self.layer.forget()

    def hidden_keys(self) -> frozenset[Any]:
        """What the static layer leaves out: cards in the air, the dragged one."""
        out = {f.hide for f in self.anim.flights if f.hide is not None}
        d = self.drag
        if d is not None and d.dragging is not None:
            out.add(d.dragging.payload)
        return frozenset(out)

    def note_area(self) -> pygame.Rect:
        """Where notes go: a band of the table's layout that covers no
        card, count or clock (a table gives its own)."""
        s = self.app.scale
        w, _ = self.app.size
        top = int(HEADER_H * s) + int(TOAST_GAP * s)
        cx = self.play_centre_x()
        half = min(cx, w - cx) - int(16 * s)
        return pygame.Rect(cx - half, top, 2 * half, int(64 * s))

    def shown_notes(self) -> list[Note]:
        """The notes the seat at the screen may read (the newest last, drawn
        on top), after the tooltip of the button the pointer rests on."""
        tip = self.resting_tip()
        return ([Note(tip)] if tip is not None else []) + list(self.model.shown_notes())

    def draw_notes(self, surface: pygame.Surface) -> None:
        notes = [(n.words(self.lang), n.tone is Tone.REFUSE) for n in self.shown_notes()]
        if notes:
            draw_notes(surface, notes, self.note_area(), self.scale)

    def toast_area(self) -> pygame.Rect:
        """Where the app's own notices go over a table: the notes' band."""
        return self.note_area()

    def draw_header(self, surface: pygame.Surface, title: str, facts: list[str], *, highlight: str | None = None) -> int:
        return draw_header(surface, self.header(), title, facts, highlight=highlight)

    def play_centre_x(self) -> int:
        """The middle of the play area (a table with a sidebar says so)."""
        return self.app.size[0] // 2


def seat(app: AppServices, table: Scene) -> Scene:
    """Put a table on screen: the menu stays at the bottom of the stack,
    setup screens and an old table go."""
    app.to_menu()
    app.push(table)
    return table


def restore(save: dict, game_id: str, **kw: Any) -> tuple[Match[Any, Any, Any] | None, str | None]:
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


def resume(app: AppServices, save: dict, game_id: str, make: Callable[[Any, Match[Any, Any, Any]], Scene], **kw: Any) -> str | None:
    """Reopen a save on its table; a readable problem instead when it does
    not replay or belongs to another game."""
    match, problem = restore(save, game_id, **kw)
    if match is None:
        return problem
    reopen(app, save, game_id, match, make)
    return None


def reopen(app: AppServices, save: dict, game_id: str, match: Match[Any, Any, Any], make: Callable[[Any, Match[Any, Any, Any]], Scene]) -> None:
    """A saved game on its table (its match replayed by :func:`restore`,
    or by the table itself: Delphi's solo rounds are no game of the
    registry, and a record of before their verdicts replays on a worker
    thread); a save kept uncounted is counted now (game/ui/kit/keep.py)."""
    seat(app, make(app, match))
    if save.get("uncounted") is True:
        file = save.get("file")
        keep.count_kept(app, match, game_id, keep.toasts(app), file if isinstance(file, str) else None)
