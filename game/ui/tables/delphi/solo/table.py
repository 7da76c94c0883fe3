"""Delphi alone at the table (issue 23; on the kit since issue 49): one
person against a computer God's secret rule (docs/delphi.md, "Alone: the
solo challenge").  The main line with each wrong card under the card it
was judged after, the hand of 12, the turn, the score at stake and the
wrong guesses; after each card a guess may be typed in the rule language
(or picked from the library) or skipped.

Gestures become engine actions: a hand card dragged up (the kit's
drag-and-drop), clicked, or chosen with the arrow keys and Enter is
``play``; the card flies to where God's verdict puts it.  A guess is
judged once, on a worker thread behind the kit's wait screen (Cancel
works; seconds for some rules), and its verdict travels in the action
that is played and recorded (``SOLO.judged``), so neither ``apply`` nor a
replay of the round judges it again.  The quick part of a guess (is it a
rule, does it look back too far) is asked first, on the frame thread:
such a guess costs nothing and needs no wait.

"delphi-solo" is no game of the registry: its match is given
``SOLO_POLICY`` (the guess being typed kept in the match's meta, so a
save holds it; a finished round's statistics fold).  Saving and counting
are the kit's, as Delphi's (``game_id``): a round under way is saved
after every move with Delphi's saves (its record naming "delphi-solo"),
a finished one is counted into Delphi's statistics under ``solo`` and its
save goes.  The end is on the table: the result, God's rule in words,
Another round, How it narrowed and Menu; a solved round is celebrated
first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.cards import Card
from game.engine.core import IllegalAction, Outcome, msg
from game.engine.match import How, Moved
from game.games.delphi.options import MAX_RULE_TEXT
from game.games.delphi.solo import GUESS, OVER, PLAY, SOLO, SoloAction, SoloState, SoloView
from game.i18n import tr
from game.ui import cardart
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.cursor import KeyCursor
from game.ui.kit.model import Intent
from game.ui.kit.picture import Look, Painters
from game.ui.kit.table import TableScene
from game.ui.kit.textfield import TextField
from game.ui.kit.wait import WaitScene, Worker
from game.ui.scene import ENTER_KEYS, AppServices, ButtonSpec
from game.ui.tables.delphi.explain_scene import ExplainScene, solo_tabs
from game.ui.tables.delphi.libraryscene import LibraryScene
from game.ui.tables.delphi.notebook import NotebookField
from game.ui.tables.delphi.solo import speech as solo_speech
from game.ui.tables.delphi.solo.layout import EXAMPLE_LINE, SoloLayout, compute_layout
from game.ui.tables.delphi.solo.model import SoloMatch, SoloModel, facts, shown_example, title_of, verdict_lines
from game.ui.tables.delphi.solo.paint import Shown, SoloPicture, Still, paint_moving, paint_still

SoloTableScene = TableScene[SoloState, SoloAction, SoloView, SoloPicture]

#: the guess row's buttons after the field, and the end's (keys and labels)
GUESS_ROW = (("library", "delphi.solo_ui.library"), ("guess", "delphi.solo_ui.guess"), ("go_on", "delphi.solo_ui.go_on"))
#: base seconds a played card travels to where God's verdict puts it
FLIGHT = 0.26


class SoloTable(SoloTableScene):
    """The solo round's table; ``again`` is what "Another round" does (the
    solo setup opens again; without it the end offers only How it
    narrowed)."""

    reader = solo_speech
    game_id = "delphi"
    name = "delphi-solo"
    model: SoloModel

    def __init__(self, app: AppServices, match: SoloMatch, again: Callable[[], None] | None = None) -> None:
        if match.viewer is None:
            # one person at their own table: their hand is on screen from the
            # start, a finished round's too (a match over names no viewer)
            match.handed_to(0)
        super().__init__(app, SoloModel(match), Painters(paint_still, paint_moving))
        self.again = again
        #: the guess's text field (while a guess may be made)
        self.entry: TextField | None = None
        #: the guess being judged on a worker thread
        self.job: Worker[SoloAction] | None = None
        self.cursor = KeyCursor()
        #: the guess being typed and the notebook as the last save holds them (leaving saves newer ones)
        self._saved_guess = self.model.guess
        self._saved_notes = self.model.meta.notes
        #: the notebook's text field (the people's table's, on the person's one page)
        self.notebook = NotebookField(app, self.model, lambda: tr("delphi.solo_ui.notebook_placeholder"))
        self._layout: tuple[tuple[Any, ...], SoloLayout] | None = None
        self.card_drag(
            on_click=self._card_clicked,
            land=lambda src, zone: True,  # animate flies the card where God's verdict put it
        )

    # --- what the table shows ----------------------------------------------------------------
    def over(self) -> bool:
        return self.view.phase == OVER

    def playing(self) -> bool:
        return self.my_turn() and self.view.phase == PLAY

    def title(self) -> str:
        return title_of(self.view, self.lang)

    def facts(self) -> list[str]:
        return facts(self.view, self.lang)

    def layout(self) -> SoloLayout:
        v = self.view
        shown = shown_example(v)
        ex = min(EXAMPLE_LINE, len(shown.example.line)) if shown is not None and shown.example is not None else 0
        key = (self.app.size, self.scale, cardart.size_factor(), self.lang, len(v.main), v.side, len(v.hand), ex, self.model.notebook_open)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.layout_for(v, ex))
        return self._layout[1]

    def layout_for(self, v: SoloView, example_cards: int = 0) -> SoloLayout:
        guess_row = [(key, tr(label)) for key, label in GUESS_ROW]
        return compute_layout(self.app.size, self.scale, v, guess_row, [label for _, label, _ in self._end_buttons()], example_cards=example_cards, notebook=self.model.notebook_open)

    def picture(self) -> SoloPicture:
        v = self.view
        L = self.layout()
        shown = shown_example(v)
        example = None
        if shown is not None and shown.example is not None:
            ex = shown.example
            example = Shown(tr("delphi.solo_ui.example"), tuple(ex.line)[-EXAMPLE_LINE:], ex.card)
        still = Still(
            look=Look.of(self.app), layout=L, header=self.header(), title=self.title(), facts=tuple(self.facts()),
            main=tuple(v.main), starters=v.starters, last_right=bool(v.plays and v.plays[-1][1]),
            side=tuple(c for sp in v.side for c in sp.cards), example=example,
            said=verdict_lines(v, self.match.outcome, self.lang), hand=tuple(v.hand), playing=self.playing(), hidden=self.hidden_keys(),
            notebook_title=tr("delphi.solo_ui.notebook_title") if self.model.notebook_open else "",
        )  # fmt: skip
        drag = self.drag
        lit = drag is not None and drag.dragging is not None and bool(drag.legal_zones())
        cursor = self.cursor.index if self.cursor.valid(len(L.hand)) and (drag is None or drag.dragging is None) else None
        return SoloPicture(still, lit, cursor)

    def note_area(self) -> pygame.Rect:
        return self.layout().notes

    # --- buttons ---------------------------------------------------------------------------------
    def header_buttons(self) -> list[ButtonSpec]:
        notes = ButtonSpec("notebook", tr("delphi.table.notebook"), self.toggle_notebook, selected=self.model.notebook_open, waits=False, tooltip=tr("delphi.solo_ui.notebook_tip"))
        if self.over():
            return [notes, *super().header_buttons()]
        give_up = ButtonSpec("give_up", tr("delphi.solo_ui.give_up"), self.ask_give_up, destructive=True, waits=False)
        return [notes, give_up, *super().header_buttons()]

    # --- the notebook ----------------------------------------------------------------------------
    def toggle_notebook(self) -> None:
        self.model.notebook_open = not self.model.notebook_open
        self.sync_ui()
        self._place_notebook()
        self.notebook.focus()

    def notebook_rect(self) -> pygame.Rect | None:
        """Where the text field goes: the notebook's panel, under its title
        (None while it is closed)."""
        L = self.layout()
        if L.book is None:
            return None
        top = int(32 * L.s)
        return pygame.Rect(L.book.x + int(8 * L.s), L.book.y + top, L.book.w - int(16 * L.s), L.book.h - top - int(8 * L.s))

    def _place_notebook(self) -> None:
        want = self.model.notebook_open and self.app.scenes.top is self and not self._leaving
        rect = self.notebook_rect() if want else None
        self.notebook.place(0 if rect is not None else None, rect)

    def _end_buttons(self) -> list[tuple[str, str, Callable[[], object]]]:
        """The end's buttons: (key, label, action)."""
        explain = ("explain", tr("delphi.explain_ui.open"), self.explain)
        if self.again is None:
            return [explain]
        return [("again", tr("delphi.solo_ui.again"), self.again), explain, ("to_menu", tr("ui.menu"), self.app.to_menu)]

    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        L = self.layout()
        if self.over():
            if not self.model.result_shown:
                return []
            return [(ButtonSpec(key, label, action, primary=key == "again"), r) for (key, label, action), r in zip(self._end_buttons(), L.end_row, strict=True)]
        if self.view.phase != GUESS or self.viewer is None:
            return []
        actions = {"library": self.open_library, "guess": self.guess, "go_on": self.go_on}
        return [(ButtonSpec(key, tr(label), actions[key], primary=key == "guess"), L.guess_row[key]) for key, label in GUESS_ROW]

    def build_extra_ui(self) -> None:
        self._place_notebook()
        self.entry = None
        if self.view.phase == GUESS and self.viewer is not None and not self._leaving:
            self.entry = self._guess_field(self.layout().guess_row["field"])
            if self.app.scenes.top is self:
                self.app.ui.set_focus_set(self.entry)
        elif self.model.result_shown and self.again is not None and self.focused() is None:
            self.focus_key("again")

    def _guess_field(self, rect: pygame.Rect) -> TextField:
        """The guess's text field (the kit's), holding the guess being
        typed; no longer than a rule text may be (a 6,000-character guess
        made the round unreadable at Continue; a paste is cut, with a note)."""
        return self.keep(TextField(self.app, rect, limit=MAX_RULE_TEXT, text=self.model.guess, placeholder=tr("delphi.solo_ui.guess_placeholder"), say=self.notice), focus=False)

    # --- moves -----------------------------------------------------------------------------------
    def play_card(self, i: int, how: How = How.CLICK) -> None:
        """Play hand card ``i`` (by a click or a key); it flies from its
        place in the hand, or the engine's reason is said."""
        v = self.view
        if 0 <= i < len(v.hand):
            reason = self.play(Intent(SoloAction(PLAY, v.hand[i]), how, (self.layout().hand[i].topleft,)))
            if reason is not None:
                self.refuse(reason)

    def go_on(self) -> None:
        self.act_or_refuse(SoloAction("pass"))

    def guess(self, how: How = How.CLICK) -> None:
        """Judge the guess typed on a worker thread behind the wait screen,
        then play it with its verdict."""
        if self.job is not None or self.finished or self.app.scenes.top is not self:
            return
        if self.entry is not None:
            self.model.guess = self.entry.get_text()
        words = self.model.guess.strip()
        if not words:
            self.refuse(tr("delphi.solo_ui.type_first"))
            return
        state = self.match.state
        try:
            if state.phase != GUESS:
                raise IllegalAction(msg("delphi.solo.err.card_first"))
            SOLO.check_guess(state, words)  # no rule, or one looking back too far: at once, for nothing
        except IllegalAction as e:
            self.refuse(e.reason)
            return
        job: Worker[SoloAction] = Worker(lambda: SOLO.judged(state, words), "delphi-solo-guess", quiet=True)
        self.job = job

        def finish() -> list[str] | None:
            self.job = None
            if job.cancelled:
                return None
            if isinstance(job.error, IllegalAction):
                self.refuse(job.error.reason)
            elif job.error is not None:
                raise job.error
            elif job.result is not None:
                reason = self.play(Intent(job.result, how))
                if reason is not None:
                    self.refuse(reason)
            return None

        self.app.push(WaitScene(self.app, tr("delphi.solo_ui.judging"), job, lambda: [tr("delphi.solo_ui.judging_more")], finish))

    def open_library(self) -> None:
        def chosen(rule: str) -> None:
            # (the library goes first: the field is the table's again)
            self.model.guess = rule
            if self.entry is not None and self.entry.alive():
                self.entry.set_text(self.model.guess)

        if self.entry is not None:
            self.model.guess = self.entry.get_text()
        self.app.push(LibraryScene(self.app, chosen))

    def explain(self) -> None:
        """How the candidate rules narrowed in this round, and in the
        augur's on the same rule and deal."""
        self.app.push(ExplainScene(self.app, solo_tabs(self.match.state, self.match.options, self.match.seed)))

    def ask_give_up(self) -> None:
        if not self.finished:
            self.confirm(tr("delphi.solo_ui.give_up_title"), tr("delphi.solo_ui.give_up_body"), self.stop_game, destructive=True)

    # --- the kit's hooks -------------------------------------------------------------------------
    def animate(self, moved: Moved, intent: Intent[SoloAction] | None) -> float:
        """A played card travels from where the gesture left it (or its
        place in the hand) to where God's verdict put it; a card still in
        the air lands first, so a quick player is never held up."""
        if self.view.phase != PLAY:
            self.cursor.clear()
        a = moved.action
        if a.kind != PLAY or a.card is None:
            return 0.0
        self.anim.land_flights()
        before = SOLO.view(moved.before, self.viewer)
        v = self.view
        L = self.layout()
        if intent is not None and intent.origin:
            start = intent.origin[0]
        else:
            B = self.layout_for(before)
            start = B.hand[before.hand.index(a.card)].topleft if a.card in before.hand else L.lines.midbottom
        key: tuple[object, ...]
        if len(v.main) > len(before.main) and L.main:
            rect, key = L.main[-1], ("main", len(v.main) - 1)
        elif L.side:
            rect, key = L.side[-1]
        else:
            return 0.0
        self.anim.fly(self.face(a.card, rect.w), start, rect.topleft, FLIGHT, hide=key, blocking=False)
        return 0.0

    def face(self, card: Card, width: int) -> pygame.Surface:
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def show_result(self, outcome: Outcome) -> None:
        """The end is on the table already (the band says how it went and
        God's rule; the row offers what comes next)."""
        self.model.result_shown = True
        self.app.play_sound("win" if outcome.won else "refuse")
        self.sync_ui()

    def celebration_cards(self) -> list[Card]:
        """The main line's last cards spring up."""
        return list(self.view.main[-8:])

    def celebration_area(self) -> pygame.Rect:
        return pygame.Rect(self.layout().lines)

    def autosave(self) -> None:
        super().autosave()
        self._saved_guess = self.model.guess
        self._saved_notes = self.model.meta.notes

    def exit(self) -> None:
        if self.entry is not None and self.entry.alive():
            self.model.guess = self.entry.get_text()
        if not self.match.over and self.match.actions and (self.model.guess != self._saved_guess or self.model.meta.notes != self._saved_notes):
            self.autosave()  # the guess half typed and the notes come back at Continue
        self.notebook.drop()
        super().exit()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._place_notebook()

    def pause(self) -> None:
        self.notebook.drop()  # (its text is the match's already)
        super().pause()

    def resize(self, size: tuple[int, int]) -> None:
        self.notebook.drop()
        super().resize(size)

    def language_changed(self) -> None:
        self.notebook.drop()
        super().language_changed()

    # --- drag, click, keys -----------------------------------------------------------------------
    def drag_sources(self) -> list[Source]:
        if self.finished or self.viewer is None:
            return []
        L = self.layout()
        return [Source(r, ("hand", i), self.face(c, r.w)) for i, (c, r) in enumerate(zip(self.view.hand, L.hand, strict=False))]

    def drag_zones(self) -> list[Zone]:
        return [Zone(self.layout().drop, ("line",))]

    def drag_legal(self, payload: Any) -> list[Any]:
        return [("line",)] if self.playing() else []

    def drag_drop(self, payload: Any, zone: Any) -> Any:
        """A card let go above the hand is played (it flies on from there);
        before a guess or No guess it goes back, and the table says why."""
        hand = self.view.hand
        if self.view.phase == GUESS:
            return msg("delphi.solo.err.guess_or_go_on")
        if not 0 <= payload[1] < len(hand):
            return PENDING
        assert self.drag is not None
        return self.play(Intent(SoloAction(PLAY, hand[payload[1]]), How.DROP, (self.drag.last_start,)))

    def _card_clicked(self, payload: Any) -> bool:
        """A click plays the card (before a guess or No guess, says why not)."""
        self.cursor.place(payload[1])
        if self.view.phase == GUESS:
            self.refuse(msg("delphi.solo.err.guess_or_go_on"))
        elif self.playing():
            self.play_card(payload[1])
        return True

    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        # (a paste into the notebook during the solved round's celebration
        # was dropped: the paste test found it)
        return self.notebook.takes(event) or super().accepts_while_busy(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.notebook.is_field(event.ui_element):
            self.notebook.changed()
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.notebook.typing:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.notebook.unfocus()
            return  # the keys belong to the notebook, none is a shortcut of the table
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.entry is not None and event.ui_element is self.entry:
            self.model.guess = self.entry.get_text()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.entry is not None and event.ui_element is self.entry:
            self.guess(How.KEY)
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.typing():
            # the keys are the field's: none is a shortcut of the table;
            # Tab leaves it for the buttons, Esc leaves it (a second Esc the table)
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_ESCAPE):
                self.leave_fields()
                if event.key == pygame.K_TAB:
                    self.handle_key(event)  # (from the field to the buttons, not to the card regions)
            return
        super().handle_event(event)

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            n = len(self.view.hand)
            return self.cursor.move(k, n, start=0 if k == pygame.K_RIGHT else n - 1)
        if k in (*ENTER_KEYS, pygame.K_SPACE) and self.cursor.valid(len(self.view.hand)):
            if self.view.phase == GUESS:
                self.refuse(msg("delphi.solo.err.guess_or_go_on"))
            elif self.playing():
                self.play_card(self.cursor.index or 0, How.KEY)
            return True
        return False

    def cancel_gesture(self) -> bool:
        had = self.cursor.index is not None
        self.cursor.clear()
        return super().cancel_gesture() or had


__all__ = ["SoloTable"]
