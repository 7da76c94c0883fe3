"""The Gaps (Montana) table: the 4×13 grid scaled to the window.

Gestures become engine actions (``Move(card, cell)``, ``REDEAL``,
``STOP``), played as intents that say how they were made: drag a card
onto a gap, click a card to send it to its gap, click a live gap to pull
in the card it wants, or move the keyboard cursor with the arrow keys and
press Enter.  Which gaps light, what a gap wants and why a move is refused
all come from the engine (``moves_for_card``, ``gap_info``,
``no_gap_reason``), never from rules written again here; ending a game
early plays the engine's recorded ``stop``.  The turn loop, undo, saving
and statistics are the kit's (:mod:`game.ui.kit.table`); the hint, the
solver's verdict and the clock are the model's
(:mod:`game.ui.tables.gaps.model`); what is drawn is a picture
(:mod:`game.ui.tables.gaps.paint`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.core.utility import clipboard_copy

from game.cards import Card, display
from game.engine.core import Message, msg
from game.engine.match import How, Match, Moved, Seat
from game.engine.records import Record, RecordError
from game.games import gaps as G
from game.games.gaps.board import COL, COLS, NCELLS
from game.i18n import grouped, tr
from game.persistence.saves import read_save
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE, font
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit import keep
from game.ui.kit.cursor import KeyCursor
from game.ui.kit.model import Intent, Note
from game.ui.kit.overlay import ResultScene
from game.ui.kit.picture import Look, Painters
from game.ui.kit.table import TableScene, seat
from game.ui.kit.wait import WaitScene
from game.ui.scene import AppServices, ButtonSpec
from game.ui.tables.gaps import speech as gaps_speech
from game.ui.tables.gaps.finder import FindScene
from game.ui.tables.gaps.layout import Layout, compute_layout
from game.ui.tables.gaps.model import GapsMatch, GapsModel
from game.ui.tables.gaps.paint import Banner, GapsPicture, Hover, Still, paint_moving, paint_still
from game.ui.tables.gaps.review import Finding, ReviewJob
from game.ui.tables.gaps.session import clock_text, date_text, session_of
from game.ui.tables.gaps.solution import MIN_STEP
from game.ui.tables.gaps.summary import SummaryScene

#: seconds after a check ends in which a press of its button is taken for
#: the "Stop checking" it was meant for, not the "Search deeper" in its place
SWAP_GUARD = 0.6
#: window events that stop the clock, and those that let it run again
AWAY = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED)
BACK = (pygame.WINDOWFOCUSGAINED,)

#: the kit's table scene for Gaps' state, actions, view and picture (one base, named)
GapsTableScene = TableScene[G.GapsState, Any, G.GapsView, GapsPicture]


class GapsTable(GapsTableScene):
    reader = gaps_speech
    game_id = "gaps"
    name = "gaps-table"
    model: GapsModel

    def __init__(self, app: AppServices, match: GapsMatch) -> None:
        super().__init__(app, GapsModel(match, session_of(app)), Painters(paint_still, paint_moving))
        # a review is practice on a deal already counted: it keeps no save
        # (Continue would offer it) and is left without a question
        self.keeps_save = not self.model.meta.review
        self.cursor = KeyCursor()
        self.hover: int | None = None
        self._layout: tuple[tuple[Any, ...], Layout] | None = None
        self._gap_cache: tuple[tuple[Any, ...], dict[int, G.GapInfo]] | None = None
        #: the clock's seconds in the last save (the time since is saved on leaving)
        self._saved_elapsed = round(self.model.elapsed, 2)
        #: seconds of the table since the last check ended
        self._since_check_ended = float("inf")
        self.card_drag(on_click=self._card_clicked, on_zone_click=self._gap_clicked)

    # --- what the table knows ----------------------------------------------------------------
    def layout(self) -> Layout:
        key = (self.app.size, self.app.scale, cardart.size_factor())
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, compute_layout(self.app.size, self.app.scale))
        return self._layout[1]


    def gaps(self) -> dict[int, G.GapInfo]:
        key = self.model.pos_key()
        if self._gap_cache is None or self._gap_cache[0] != key:
            self._gap_cache = (key, {g.cell: g for g in G.gap_info(self.view)})
        return self._gap_cache[1]

    def from_layout(self) -> bool:
        return bool(str(self.match.options.get("layout", "")).strip())

    def timer_shown(self) -> bool:
        return bool(self.app.settings.gaps_timer)

    def face(self, card: Card, width: int | None = None) -> pygame.Surface:
        return cardart.face(card, width or self.layout().cw, self.lang, self.app.settings.four_colour)

    # --- drag and drop, clicks ------------------------------------------------------------------
    def drag_sources(self) -> list[Source]:
        if not self.model.playing():
            return []
        L = self.layout()
        return [Source(L.cells[i], ("card", c), self.face(c, L.cw)) for i, c in enumerate(self.view.grid) if c is not None]

    def drag_zones(self) -> list[Zone]:
        # every cell is a drop zone, so a card dropped on another card hears
        # the engine's reason too; only the legal gaps light up
        return [Zone(r, ("cell", i)) for i, r in enumerate(self.layout().cells)]

    def drag_legal(self, payload: Any) -> list:
        grid = self.view.grid
        if not self.model.playing() or payload[0] != "card" or payload[1] not in grid:
            return []
        return [("cell", m.to) for m in G.moves_for_card(self.view, grid.index(payload[1]))]

    def drag_drop(self, payload: Any, zone: Any) -> Any:
        if not self.model.playing():
            return None
        if self.view.grid[zone[1]] == payload[1]:
            return PENDING  # put back where it was: no move, no complaint
        return self.play(Intent(G.Move(payload[1], zone[1]), How.DROP))  # the dragged card lands by itself

    def move_card(self, cell: int, to: int | None = None, how: How = How.CLICK) -> Message | None:
        """Send the card at ``cell`` to a gap (its one gap, or the topmost
        empty first cell for a 2), flying there.  Returns the refusal."""
        v = self.view
        card = v.grid[cell]
        if card is None:
            return msg("gaps_ui.no_card")
        if to is None:
            why = G.no_gap_reason(v, card)
            if why is not None:
                return why
            to = min(m.to for m in G.moves_for_card(v, cell))
        return self.play(Intent(G.Move(card, to), how))

    def _card_clicked(self, payload: Any) -> bool:
        if self.model.playing():
            self.cursor.clear()
            err = self.move_card(self.view.grid.index(payload[1]))
            if err is not None:
                self.refuse(err)
        return True

    def _gap_clicked(self, payload: Any) -> bool:
        if not self.model.playing():
            return False
        self.cursor.clear()
        self.pull_into(payload[1])
        return True

    def pull_into(self, gap: int, how: How = How.CLICK) -> None:
        """A click on a gap: the card it wants flies in."""
        info = self.gaps().get(gap)
        if info is None:
            return
        v = self.view
        moves = G.moves_into_gap(v, gap)
        if not moves:
            self.refuse(info.message if not info.live else msg("gaps_ui.nothing_for_gap"))
            return
        if info.kind == "first":
            # a click means a 2 from the middle of a row; moving a 2 that
            # already leads a row is for dragging, on purpose
            moves = [m for m in moves if COL[G.source_cell(v, m) or 0] != 0]
            if len(moves) != 1:
                self.notice(tr("gaps_ui.choose_two"), ttl=4)
                return
        src = G.source_cell(v, moves[0])
        if src is not None:
            err = self.move_card(src, gap, how)
            if err is not None:
                self.refuse(err)

    # --- actions from buttons and keys ------------------------------------------------------------
    def do_redeal(self, how: How = How.CLICK) -> None:
        if self.model.playing():
            self.act_or_refuse(G.REDEAL, how)

    def show_hint(self) -> None:
        if not self.model.playing():
            return
        h = self.model.ask_hint()
        self.autosave()
        gaps_speech.hint(self, h)
        if h.action is not None and not isinstance(h.action, G.Move):
            self.notice(h.message, ttl=4)
        if isinstance(h.action, G.Move):
            self.cursor.place(h.source)

    def toggle_solver(self) -> None:
        """Start the check (deeper after an undecided answer) or stop it;
        after a "solvable" answer, show the solution."""
        if self.model.job is not None:
            self.model.stop_check()
        elif self._since_check_ended < SWAP_GUARD:
            # the check ended under the pointer: "Stop checking" had just
            # become "Search deeper", and a press meant to stop started
            # the deeper search (seen in a real window)
            return
        elif self.model.show_solution():
            assert self.model.solution is not None
            self.model.solution.wait = self._step_seconds()  # a beat to see the first move marked
            self.autosave()  # seen: the game counts as played with help
        elif self.model.start_check():
            self.autosave()
        self.sync_ui()

    # --- the solution shown move by move ----------------------------------------------------------
    def solution_step(self) -> None:
        """The line's next move, played as the computer's (it flies from
        its cell); the line's end ends the showing."""
        if self.busy:
            return
        move = self.model.solution_step()
        if move is not None:
            self.act(move, How.COMPUTER)
            s = self.model.solution
            if s is not None:
                s.wait = self._step_seconds()
        self.sync_ui()

    def _step_seconds(self) -> float:
        s = self.model.solution
        return s.step_seconds(self.app.settings.animation_factor) if s is not None else MIN_STEP

    def solution_next(self) -> None:
        """Step: one move on, and the showing pauses."""
        s = self.model.solution
        if s is not None:
            s.playing = False
            self.solution_step()

    def solution_back(self) -> None:
        """Back: the last move of the line taken back, and the showing
        pauses (at the line's start there is nothing to take back)."""
        s = self.model.solution
        place = self.model.solution_place()
        if s is None or place is None:
            return
        s.playing = False
        if place[0] > 0:
            self.undo()
        self.sync_ui()

    def solution_toggle(self) -> None:
        s = self.model.solution
        if s is not None:
            s.toggle()
            self.sync_ui()

    def solution_stop(self) -> None:
        """Stop showing: the board stays where the line has brought it."""
        self.model.solution = None
        self.sync_ui()

    def do_undo(self) -> None:
        if self.match.can_undo():
            self.model.mark_assisted()
            self.undo()

    def do_redo(self) -> None:
        if self.match.can_redo():
            self.model.mark_assisted()
            self.redo()

    def copy_layout(self) -> None:
        try:
            clipboard_copy(G.layout_text(self.view))
        except Exception:  # noqa: BLE001 -- each platform's clipboard backend fails in its own way: no clipboard here
            self.refuse(tr("gaps_ui.copy_failed"))
            return
        self.notice(tr("gaps_ui.copied"), ttl=3)

    def show_summary(self) -> None:
        self.app.push(SummaryScene(self.app, self.model.session))

    def toggle_timer(self) -> None:
        """Show or hide the clock (it runs either way); the choice is kept
        in the settings."""
        self.app.settings.gaps_timer = not self.timer_shown()
        self.app.save_settings()
        self.sync_ui()

    def leave(self) -> None:
        """Menu or Esc: the deal stays saved for Continue, as every other
        table keeps its game (and Aisleriot, PySolFC and Microsoft
        Solitaire theirs).  It counted as lost, after asking, so a player
        who opened the menu to read the rules lost the deal.  A deal counts
        as lost when a new deal replaces it or the player ends it."""
        to_menu(self.app)

    def ask_new_deal(self) -> None:
        self._leave_for(tr("gaps_ui.new_deal_title"), tr("gaps_ui.abandon_body", score=G.score(self.view)), tr("ui.new_deal"), lambda: new_deal(self.app, self))

    def ask_restart(self) -> None:
        if self.match.actions:
            self._leave_for(tr("gaps_ui.restart_title"), tr("gaps_ui.restart_body", score=G.score(self.view)), tr("gaps_ui.restart"), lambda: restart(self.app, self))

    def _leave_for(self, title: str, body: str, yes: str, then: Any) -> None:
        """A game in progress is stopped first (it counts as lost with the
        cards in place), after asking; a finished or untouched one, or a
        review, is left at once."""
        if not self.model.in_progress() or self.model.meta.review:
            then()
            return

        def go() -> None:
            self.model.stop_check()
            self.model.leaving_midway = True
            self.stop_game()
            then()

        self.confirm(title, body, go, yes=yes, no=tr("ui.cancel"), destructive=True)

    def ask_end(self) -> None:
        if self.model.playing():
            self.confirm(tr("gaps_ui.end_title"), tr("gaps_ui.end_body", score=G.score(self.view)), self.stop_game, yes=tr("gaps_ui.end_game"), no=tr("ui.cancel"), destructive=True)

    # --- the kit's hooks -------------------------------------------------------------------------
    def animate(self, moved: Moved, intent: Intent[Any] | None) -> float:
        if moved.ended:
            self.model.deal_ended(moved)
        L = self.layout()
        if isinstance(moved.action, G.Redeal):
            start = (L.grid.centerx - L.cw // 2, L.grid.bottom + int(20 * L.scale))
            k = 0
            for i, (a, b) in enumerate(zip(moved.before.grid, moved.after.grid, strict=True)):
                if b is not None and a != b:
                    self.anim.fly(self.face(b, L.cw), start, L.cells[i].topleft, 0.22, hide=("cell", i), delay=0.012 * k)
                    k += 1
        elif isinstance(moved.action, G.Move) and moved.how is not How.DROP:
            # a clicked, keyed, computer's or redone move travels from its
            # cell (a dropped card has landed); a redone one does not hold up
            # the next key (U, Y in a row)
            src = G.source_cell(moved.before, moved.action)
            if src is not None:
                self.anim.fly(self.face(moved.action.card, L.cw), L.cells[src].topleft, L.cells[moved.action.to].topleft, 0.18, hide=("cell", moved.action.to), blocking=moved.how is not How.REDO)
        return 0.0

    def sound_for(self, moved: Moved) -> str:
        return "deal" if isinstance(moved.action, G.Redeal) else "place"

    def on_undo(self) -> None:
        self.model.stop_check()

    def exit(self) -> None:
        self.model.stop_check()
        self.model.stop_thinking()
        # the clock's seconds since the last save go into the save too
        if self.model.playing() and self._saved_elapsed != round(self.model.elapsed, 2):
            self.autosave()
        super().exit()

    def autosave(self) -> None:
        super().autosave()
        self._saved_elapsed = round(self.model.elapsed, 2)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.model.look()
        self._since_check_ended += dt
        if self.model.job is not None and self.model.collect():
            self._since_check_ended = 0.0
            self.sync_ui()
        s = self.model.solution
        if s is not None and s.playing and not self.model.paused and not self.busy:
            s.wait -= dt
            if s.wait <= 0:
                self.solution_step()

    def show_result(self, outcome: Any) -> None:
        won = bool(outcome.won)
        lines = [self.render(outcome.reason)]
        # each outcome's own words give either the redeals or the score: add the other
        if won:
            lines.append(tr("gaps_ui.result_score", score=int(outcome.scores[0])))
        else:
            lines.append(tr("gaps_ui.result_redeals", n=self.view.redeals, max=self.view.max_redeals))
        lines.append(tr("gaps_ui.result_time", time=clock_text(self.model.elapsed), n=self.model.moves_made()))
        day = self.model.daily
        if day is not None:
            lines.append(tr("gaps_ui.daily_line", date=date_text(day, self.lang), n=self.match.seed))
        else:
            lines.append(tr("gaps_ui.deal_line", n=self.match.seed) if not self.from_layout() else tr("gaps_ui.from_layout"))
        notes = [tr("gaps_ui.assisted_note")] if self.model.meta.assisted else []
        buttons: list[tuple[str, Callable[[], object]]] = [(tr("ui.play_again"), lambda: play_again(self.app, self))]
        if not won:
            # a deal that ran out of moves after its last redeal ended with
            # the click of its last move, and nothing could take it back
            buttons.append((tr("ui.undo"), lambda: take_back(self.app, self)))
        buttons += [
            (tr("ui.new_deal"), lambda: new_deal(self.app, self)),
            (tr("ui.menu"), lambda: to_menu(self.app)),
        ]
        if not won and not self.model.meta.review:
            buttons.append((tr("gaps_ui.review.button"), lambda: review_deal(self.app, self)))
        self.app.play_sound("win" if won else "refuse")
        self.app.push(ResultScene(self.app, tr("gaps_ui.won_title") if won else tr("gaps_ui.lost_title"), lines, buttons, won=won, notes=notes))

    # --- buttons -----------------------------------------------------------------------------------
    def header_buttons(self) -> list[ButtonSpec]:
        return [
            ButtonSpec("copy", tr("gaps_ui.copy"), self.copy_layout, waits=False),
            ButtonSpec("session", tr("gaps_ui.session.button"), self.show_summary, waits=False, tooltip=tr("gaps_ui.session.tip")),
            *super().header_buttons(),
        ]

    def banner_shown(self) -> bool:
        return self.model.playing() and G.redeal_due(self.view)

    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        if self.model.solution is not None:
            return self._solution_buttons()
        playing = self.model.playing()
        due = self.banner_shown()
        m = self.match
        specs = [
            ButtonSpec("undo", tr("ui.undo"), self.do_undo, m.can_undo(), tooltip=tr("gaps_ui.tip.undo")),
            ButtonSpec("redo", tr("ui.redo"), self.do_redo, m.can_redo(), tooltip=tr("gaps_ui.tip.redo")),
            ButtonSpec("hint", tr("ui.hint"), self.show_hint, playing, tooltip=tr("gaps_ui.tip.hint")),
            self._solve_button(playing),
            # (the band's Redeal is the gold one while it shows: one call to act, not two)
            ButtonSpec("redeal", tr("gaps_ui.redeal"), self.do_redeal, due, tooltip=tr("gaps_ui.tip.redeal")),
            ButtonSpec("restart", tr("gaps_ui.restart"), self.ask_restart, bool(m.actions), destructive=True),
            ButtonSpec("new", tr("ui.new_deal"), self.ask_new_deal, destructive=True, tooltip=tr("gaps_ui.tip.new")),
        ]
        L = self.layout()
        placed: list[tuple[ButtonSpec, Any]] = list(zip(specs, L.bar(len(specs), self.app.size[0], [b.label for b in specs]), strict=True))
        placed += self._timer_buttons(L)
        if due:
            placed += self._banner_buttons(L)
        return placed

    def _banner_buttons(self, L: Layout) -> list[tuple[ButtonSpec, pygame.Rect]]:
        """The "no moves left" band's choices, at its right end: redeal,
        take moves back (the way out the band did not name, as Aisleriot's
        and Microsoft Solitaire's "no more moves" do), or end the game
        (after the question).  Each button as wide as its words."""
        s = L.scale
        r = L.banner()
        specs = [
            ButtonSpec("redeal-now", tr("gaps_ui.redeal_now", n=self.view.redeals_left), self.do_redeal, primary=True),
            ButtonSpec("band-undo", tr("ui.undo"), self.do_undo, self.match.can_undo(), tooltip=tr("gaps_ui.tip.undo")),
            ButtonSpec("end", tr("gaps_ui.end_game"), self.ask_end, destructive=True),
        ]
        f = font(max(9, round(18 * s)))
        h = min(int(42 * s), r.h - int(12 * s))
        gap = int(10 * s)
        x = r.right - int(12 * s)
        out: list[tuple[ButtonSpec, pygame.Rect]] = []
        for spec in reversed(specs):
            w = max(int(110 * s), f.size(spec.label)[0] + int(34 * s))
            x -= w
            out.append((spec, pygame.Rect(x, r.centery - h // 2, w, h)))
            x -= gap
        return out[::-1]

    def _solution_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        """While the solution is shown: back, pause or play, step, stop."""
        s = self.model.solution
        assert s is not None
        place = self.model.solution_place() or (0, 0)
        specs = [
            ButtonSpec("sol-back", tr("gaps_ui.solution.back"), self.solution_back, place[0] > 0, tooltip=tr("gaps_ui.solution.tip_back")),
            # Pause and Stop do not wait for the card in flight: while the line
            # plays a card is in flight most of the time, and a click that
            # waited was lost (seen in the window: three clicks of four)
            ButtonSpec("sol-play", tr("gaps_ui.solution.pause") if s.playing else tr("gaps_ui.solution.play"), self.solution_toggle, primary=not s.playing, tooltip=tr("gaps_ui.solution.tip_play"), waits=False),
            ButtonSpec("sol-step", tr("gaps_ui.solution.step"), self.solution_next, place[0] < place[1], tooltip=tr("gaps_ui.solution.tip_step")),
            ButtonSpec("sol-stop", tr("gaps_ui.solution.stop"), self.solution_stop, tooltip=tr("gaps_ui.solution.tip_stop"), waits=False),
        ]
        L = self.layout()
        placed: list[tuple[ButtonSpec, Any]] = list(zip(specs, L.bar(len(specs), self.app.size[0], [b.label for b in specs]), strict=True))
        placed += self._timer_buttons(L)
        return placed

    def _solve_button(self, playing: bool) -> ButtonSpec:
        """"Still solvable?", "Stop checking" while it runs, "Search
        deeper" after an undecided answer (its budget in the tooltip),
        "Show solution" after a "solvable" one."""
        m = self.model
        verdict = m.current_verdict()
        if m.job is None and verdict is not None and verdict.verdict == "solvable" and verdict.line:
            return ButtonSpec("solve", tr("gaps_ui.solution.show"), self.toggle_solver, playing, primary=True, tooltip=tr("gaps_ui.solution.tip_show"))
        budget = m.next_budget()
        deeper = m.job is None and budget is not None and m.current_verdict() is not None
        if m.job is not None:
            label = tr("gaps_ui.stop_check")
        else:
            label = tr("gaps_ui.deeper") if deeper else tr("gaps_ui.check")
        tip = tr("gaps_ui.tip.deeper", max=grouped(budget or 0, self.lang)) if deeper else tr("gaps_ui.tip.solve")
        return ButtonSpec("solve", label, self.toggle_solver, playing and (m.job is not None or budget is not None), tooltip=tip)

    def _timer_buttons(self, L: Layout) -> list[tuple[ButtonSpec, pygame.Rect]]:
        """The clock's button, where a clock shows: a review has none (its
        "Hide time" hid nothing)."""
        return [] if self.model.meta.review else [self._timer_button(L)]

    def _timer_button(self, L: Layout) -> tuple[ButtonSpec, pygame.Rect]:
        """Hide or show the clock: a small button at the right end of the
        line under the grid, the clock just left of it."""
        label = tr("gaps_ui.timer_hide") if self.timer_shown() else tr("gaps_ui.timer_show")
        s = L.scale
        bw = font(max(9, round(14 * s))).size(label)[0] + int(26 * s)
        r = L.clock
        spec = ButtonSpec("timer", label, self.toggle_timer, waits=False, object_id="#small", tooltip=tr("gaps_ui.tip.timer"))
        return spec, pygame.Rect(r.right - bw, r.y + int(2 * s), bw, r.h - int(4 * s))

    # --- keys and the pointer ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in AWAY or event.type in BACK:
            was = self.model.focused
            self.model.focused = event.type in BACK
            if was and not self.model.focused and self.model.playing():
                self.autosave()  # the time so far, should the app not come back
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # a key or a click reaches only a focused window (should a
            # system restore a minimized window without a focus event)
            self.model.focused = True
        super().handle_event(event)

    def on_pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.layout().cell_at(event.pos)
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        k, mod = event.key, event.mod
        if self.model.solution is not None and self._solution_key(k):
            return True
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if (k == pygame.K_z and ctrl and shift) or (k == pygame.K_y and ctrl):
            self.do_redo()
        elif k == pygame.K_u or (k == pygame.K_z and ctrl):
            self.do_undo()
        elif ctrl:
            if k != pygame.K_c:
                return False
            self.copy_layout()
        elif k == pygame.K_y:
            self.do_redo()
        elif k == pygame.K_h:
            self.show_hint()
        elif k == pygame.K_r:
            if G.redeal_due(self.view):
                self.do_redeal(How.KEY)
            elif self.model.playing():
                self.refuse(msg("gaps.err.redeal_early"))
        elif k == pygame.K_n:
            self.ask_new_deal()
        elif k == pygame.K_s:
            self.toggle_solver()
        elif k == pygame.K_t:
            self.toggle_timer()
        elif self.model.playing() and self.cursor.move(k, NCELLS, cols=COLS, start=self._cursor_start()):
            pass
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor.valid(NCELLS) and self.model.playing():
            cell = self.cursor.index
            assert cell is not None
            if self.view.grid[cell] is None:
                self.pull_into(cell, How.KEY)
            else:
                err = self.move_card(cell, how=How.KEY)
                if err is not None:
                    self.refuse(err)
        else:
            return False
        return True

    def keys_while_busy(self) -> frozenset[int]:
        """Space pauses the solution as its button does, card in flight or not."""
        return frozenset((pygame.K_SPACE,)) if self.model.solution is not None else frozenset()

    def _solution_key(self, k: int) -> bool:
        """While the solution is shown: ← back, → step, Space pause or
        play (Esc stops it: :meth:`cancel_gesture`)."""
        if k in (pygame.K_LEFT, pygame.K_BACKSPACE):
            self.solution_back()
        elif k == pygame.K_RIGHT:
            self.solution_next()
        elif k == pygame.K_SPACE:
            self.solution_toggle()
        else:
            return False
        return True

    def _cursor_start(self) -> int:
        h = self.model.current_hint()
        return h.source if h is not None and h.source is not None else 0

    def cancel_gesture(self) -> bool:
        """Esc: the solution being shown stops first (the table stays),
        then the keyboard cursor and a card held are dropped."""
        if self.model.solution is not None:
            self.solution_stop()
            return True
        had = self.cursor.index is not None
        self.cursor.clear()
        return super().cancel_gesture() or had

    # --- the picture ----------------------------------------------------------------------------------
    def picture(self) -> GapsPicture:
        v = self.view
        L = self.layout()
        gaps = self.gaps()
        still = Still(
            look=Look.of(self.app), layout=L, header=self.header(), title=tr("gaps_ui.title"), facts=tuple(self._facts()),
            score=tr("gaps_ui.score", score=G.score(v)), pips=(v.redeals_left, v.max_redeals), grid=v.grid,
            live=frozenset(c for c, g in gaps.items() if g.live), runs=tuple(G.run_lengths(v)), hidden=self.hidden_keys(),
        )
        h = self.model.current_hint()
        hint = (h.source, h.action.to) if h is not None and isinstance(h.action, G.Move) and h.source is not None else None
        if self.model.solution is not None:  # the line's next move, marked as a hint is
            nxt = self.model.solution.next_move(self.model.pos_key())
            src = G.source_cell(v, nxt) if nxt is not None else None
            hint = (src, nxt.to) if nxt is not None and src is not None else None
        cursor = self.cursor.index if self.cursor.valid(NCELLS) and self.model.playing() else None
        hover = self._hover_cell()
        info = gaps.get(hover) if hover is not None else None
        shown_hover = Hover(hover, info.wants, info.source) if hover is not None and info is not None and info.kind == "live" and info.wants is not None else (Hover(hover, None, None) if hover is not None and info is not None else None)
        clock = None
        if self.timer_shown() and not self.model.meta.review:
            clock = (tr("gaps_ui.time", time=clock_text(self.model.elapsed)), self._timer_button(L)[1].x - int(12 * L.scale))
        banner = None
        if self.banner_shown():
            text_right = self._banner_buttons(L)[0][1].x - int(14 * L.scale)
            banner = Banner(tr("gaps_ui.no_moves"), tr("gaps_ui.no_moves_body", n=v.redeals_left), text_right)
        return GapsPicture(still, hint, shown_hover, cursor, tr("gaps_ui.moves", n=self.model.moves_made()), clock, self.model.clock_running(), self.status_lines(), banner)

    def _hover_cell(self) -> int | None:
        """The gap under the pointer (none while a card is dragged) or the cursor."""
        cell = self.hover if self.drag is None or self.drag.dragging is None else None
        if cell is None and self.cursor.valid(NCELLS):
            cell = self.cursor.index
        if cell is None or self.finished or self.view.grid[cell] is not None:
            return None
        return cell

    def _facts(self) -> list[str]:
        v = self.view
        s = self.scale
        day = self.model.daily
        if day is not None:
            first = tr("gaps_ui.daily", date=date_text(day, self.lang))
        else:
            first = tr("gaps_ui.from_layout") if self.from_layout() else tr("gaps_ui.deal", n=self.match.seed)
        if self.model.meta.winnable:
            first += " · " + tr("gaps_ui.winnable.fact")
        if self.model.meta.review:
            first += " · " + tr("gaps_ui.review.fact")
        rule_set = tr("gaps_ui.rule_set", n=v.max_redeals)
        facts = [first, rule_set]
        if self.model.meta.assisted:
            facts.append(tr("gaps_ui.assisted"))
        redeals_left = tr("gaps_ui.redeals_left", n=v.redeals_left)
        facts.append(redeals_left)
        title, score = tr("gaps_ui.title"), tr("gaps_ui.score", score=G.score(v))
        # where the facts would shrink below 85 % of their size (the German
        # daily deal at 1024x640 shrank them to 9 px), the rule set goes
        # first, then the redeals left (the pips still show them)
        room = self.header().info_right - int(48 * s) - font(int(24 * s), True).size(title)[0] - font(int(17 * s), True).size(score)[0]
        for drop in (rule_set, redeals_left):
            if font(int(16 * s)).size(" · ".join(facts))[0] * 0.85 <= room:
                break
            facts.remove(drop)
        return facts

    def status_lines(self) -> tuple[tuple[str, tuple[int, int, int]], ...]:
        """Up to two lines: what is going on, then the hint or the solver's
        progress or verdict."""
        v = self.view
        out: list[tuple[str, tuple[int, int, int]]] = []
        log = self.match.log()
        m = self.model
        if m.review_note is not None and m.solution is not None:
            out.append((self.render(m.review_note), INK))
        elif not self.model.playing():
            out.append((tr("gaps_ui.over"), INK_DIM))
        elif G.redeal_due(v):
            out.append((self.render(G.status(v)[-1]), GOLD))
        elif self.match.actions and log:
            out.append((self.render(log[-1].message), INK_DIM))
        else:
            out.append((tr("gaps_ui.how_to"), INK_DIM))
        place = m.solution_place()
        if place is not None:
            s = m.solution
            assert s is not None
            line = tr("gaps_ui.solution.place", n=place[0], of=place[1])
            out.append((line if s.playing else tr("gaps_ui.solution.paused", line=line), GOLD))
        elif m.job is not None:
            out.append((tr("gaps_ui.thinking", nodes=grouped(m.job.nodes, self.lang), max=grouped(m.job.max_nodes, self.lang)), INK))
        elif (stop := m.current_stop()) is not None:
            # the player's stop is the last word (the earlier answer's
            # "Still undecided after 600,000" showed after a deeper search
            # was stopped at 1,796,000)
            out.append((tr("gaps_ui.check_stopped", nodes=grouped(stop[0], self.lang), max=grouped(stop[1], self.lang)), INK))
        else:
            verdict = m.current_verdict()
            h = m.current_hint()
            if verdict is not None and verdict.verdict == "unknown":
                # the table's own words: how far it looked and whether it can look further
                deeper = m.next_budget()
                nodes = grouped(verdict.nodes, self.lang)
                line = tr("gaps_ui.undecided_deeper", nodes=nodes, max=grouped(deeper, self.lang)) if deeper else tr("gaps_ui.undecided_deepest", nodes=nodes)
                out.append((line, INK))
            elif verdict is not None:
                out.append((self.render(verdict.message), GOLD if verdict.verdict == "solvable" else REFUSE))
            elif h is not None:
                out.append((self.render(h.message), HIGHLIGHT))
        return tuple(out)

    def note_area(self) -> pygame.Rect:
        return self.layout().notes

    def shown_notes(self) -> list[Note]:
        """The notes, and what the gap under the pointer or the cursor
        wants (it would cover cards anywhere in the grid)."""
        notes = super().shown_notes()
        cell = self._hover_cell()
        info = self.gaps().get(cell) if cell is not None else None
        return ([Note(self.render(info.message))] if info is not None else []) + notes


# --- a new game, the same deal again, a new deal -------------------------------------------------------


def start_game(app: AppServices, options: dict, seed: int, meta: dict | None = None, bots: list[str | None] | None = None) -> GapsTable:
    """A new game on a fresh table (options are validated by the engine:
    a bad layout raises :class:`~game.games.gaps.LayoutError` before
    anything changes)."""
    match = Match.start(G.GAME, options, seed, [Seat(tr("ui.seat", n=1), (bots or [None])[0])], meta=meta)
    table = GapsTable(app, match)
    seat(app, table)
    table.autosave()
    return table


def saved_deal(app: AppServices) -> GapsMatch | None:
    """The saved game of Gaps when it has moves and is not over: one left
    by closing the window or a crash, not through the table's question
    (that one is counted and its save deleted).  Continue goes on with it.
    A damaged save is set aside by the loader, which is said; one that
    does not replay is Continue's to report, so it is None here."""
    try:
        data, problem = read_save(G.GAME.id)
        if problem is not None:
            app.toasts.show(problem.render(app.settings.language), "refuse", ttl=8)
        if data is None:
            return None
        match = Match.resume(Record.from_json(data.get("record")), meta=data.get("table") or {})
    except (OSError, RecordError, KeyError, ValueError, TypeError):
        return None
    return match if match.actions and not match.over else None


def count_as_lost(app: AppServices, match: GapsMatch) -> None:
    """End a saved game with the recorded stop and add it to the
    statistics as lost, as the table does when a deal is left."""
    match.stop()
    keep.settle(app, match, G.GAME.id, match.take_folds(), keep.toasts(app))


def _meta_for_next(table: GapsTable, same_deal: bool = False) -> dict:
    """The next game's meta: the date when the same daily deal is played
    again (it counts for that date again); a winnable deal played again is
    still the winnable one."""
    day = table.model.daily
    meta: dict = {"daily": day} if same_deal and day is not None else {}
    if same_deal and table.model.meta.winnable:
        meta["winnable"] = True
    return meta


def to_menu(app: AppServices) -> None:
    """To the menu from a Gaps table; the session summary over it when a
    deal was played to its end since it was last shown that way."""
    app.to_menu()
    session = session_of(app)
    if session.due():
        session.mark_shown()
        app.push(SummaryScene(app, session))


def start_daily(app: AppServices, day: str, meta: dict | None = None) -> GapsTable:
    """The daily deal of ``day`` (``YYYY-MM-DD``): the date's deal number
    under the rules' scheme."""
    return start_game(app, dict(G.DAILY_OPTIONS), G.daily_seed(day), {**(meta or {}), "daily": day})


def play_again(app: AppServices, table: GapsTable) -> GapsTable:
    """The same deal (or pasted layout) from its start."""
    return start_game(app, dict(table.match.options), table.match.seed, _meta_for_next(table, True))


def restart(app: AppServices, table: GapsTable) -> GapsTable:
    """The same deal from its start, during a game: as big an undo as
    there is, so the new game counts as assisted."""
    meta = _meta_for_next(table, True)
    meta["assisted"] = True
    return start_game(app, dict(table.match.options), table.match.seed, meta)


def review_deal(app: AppServices, table: GapsTable) -> None:
    """"Where was it lost?" after a lost deal: the review runs over the
    finished game on a worker thread (its progress and Cancel on screen),
    then opens the deal at the position before the losing move with the
    winning line ready to show, or says why no move can be named."""
    m = table.match
    job = ReviewJob(list(m.runner.states), list(m.runner.actions))
    lang = app.settings.language

    def lines() -> list[str]:
        return [tr("gaps_ui.review.checking", round=max(1, job.round)), tr("gaps_ui.review.progress", n=job.checked, nodes=grouped(job.nodes, lang))]

    def finish() -> list[str] | None:
        f = job.finding
        if f is not None and f.kind in ("lost", "stopped") and f.line:
            seat(app, open_review(app, m, f))
            return None
        if f is None or (f.kind == "undecided" and f.round == 0):
            return [tr("gaps_ui.review.undecided_any")]
        return [tr(f"gaps_ui.review.{f.kind}", round=f.round)]

    app.push(WaitScene(app, tr("gaps_ui.review.title"), job, lines, finish))


def open_review(app: AppServices, m: GapsMatch, f: Finding) -> GapsTable:
    """A table with the reviewed deal ``m`` replayed to the position before
    the losing move (or where it was ended), marked as a review (not
    counted, not saved), with the winning line loaded and paused."""
    rec = m.record()
    meta = {**m.save_meta(), "assisted": True, "review": True, "elapsed": 0.0}
    match = Match.resume(Record(rec.game, rec.seed, rec.options, rec.actions[: f.index], rec.meta), meta=meta)
    t = GapsTable(app, match)
    if f.kind == "lost":
        card = m.runner.actions[f.index].card
        moves = m.policy.moves_made(m.runner.actions[: f.index + 1])
        t.model.review_note = msg("gaps_ui.review.lost", n=moves, card=display(card, app.settings.language), round=f.round)
    else:
        t.model.review_note = msg("gaps_ui.review.stopped", round=f.round)
    t.model.verdict = (t.model.pos_key(), G.SolveResult("solvable", f.line, 0, msg("gaps.solve.solvable", n=len(f.line))))
    t.model.show_solution()
    assert t.model.solution is not None
    t.model.solution.playing = False
    return t


def take_back(app: AppServices, table: GapsTable) -> GapsTable:
    """Undo after a lost or ended deal: the deal one action back (before
    the losing move, or where it was ended), as practice.  The deal was
    counted when it ended, once; what is played from here is not counted
    and not saved, as a review (the rules allow undo, the statistics a
    deal once)."""
    m = table.match
    rec = m.record()
    meta = {**m.save_meta(), "assisted": True, "review": True, "elapsed": 0.0}
    t = GapsTable(app, Match.resume(Record(rec.game, rec.seed, rec.options, rec.actions[:-1], rec.meta), meta=meta))
    seat(app, t)
    t.notice(tr("gaps_ui.practice_note"), ttl=10)
    return t


def new_deal(app: AppServices, table: GapsTable) -> GapsTable | None:
    """A new random deal under the same rules; after a winnable deal,
    another one found the same way (the table is started once found)."""
    opts = {"redeals": table.match.options.get("redeals", G.MAX_REDEALS), "layout": ""}
    if table.model.meta.winnable:  # (Cancel leaves the finished deal on screen)
        app.push(FindScene(app, random.randrange(1, 10**9), lambda found: start_game(app, opts, found, {"winnable": True})))
        return None
    return start_game(app, opts, random.randrange(1, 10**9), _meta_for_next(table))


__all__ = ["GapsTable", "count_as_lost", "new_deal", "open_review", "play_again", "restart", "review_deal", "saved_deal", "start_daily", "start_game", "take_back", "to_menu"]
