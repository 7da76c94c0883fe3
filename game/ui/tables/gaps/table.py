"""The Gaps (Montana) table: the 4×13 grid scaled to the window.

Input becomes engine actions (``Move(card, cell)``, ``REDEAL``, ``STOP``):
drag a card onto a gap, click a card to send it to its gap, click a live
gap to pull in the card it wants, or move the keyboard cursor with the
arrow keys and press Enter.  Which gaps light, what a gap wants and why a
move is refused all come from the engine (``moves_for_card``,
``gap_info``, ``no_gap_reason``), never from rules written again here;
ending a game early plays the engine's recorded ``stop``.  The turn loop,
undo, saving and statistics are the kit's (:mod:`game.ui.kit.table`).

The hint comes from the engine's :class:`Hinter` (one per deal) and is
drawn as an arrow from the card to its gap; "Still solvable?" runs the
solver in a worker thread that the frame loop polls.

Under the grid: the moves on the board (a move taken back leaves the
count, a redone one comes back: the count is the Move actions of the
record, so it needs no saving) and the clock of the deal's playing time
(:mod:`game.ui.tables.gaps.clock`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pygame
from pygame_gui.core.utility import clipboard_copy

from game.cards import Card
from game.engine.core import Message, msg
from game.engine.match import How, Match, Moved, Seat, meta_of
from game.engine.records import Record, RecordError
from game.games import gaps as G
from game.i18n import tr
from game.persistence.saves import delete_save, read_save, update_stats
from game.ui import cardart
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.cursor import KeyCursor
from game.ui.kit.overlay import ResultScene
from game.ui.kit.table import TableScene, seat
from game.ui.scene import ButtonSpec
from game.ui.tables.gaps.clock import GapsClock
from game.ui.tables.gaps.draw import GapsDrawing, grouped
from game.ui.tables.gaps.layout import COLS, Layout, compute_layout
from game.ui.tables.gaps.session import clock_text, date_text, session_of
from game.ui.tables.gaps.solver import DEEP_SOLVE_NODES, TABLE_SOLVE_NODES, SolveJob
from game.ui.tables.gaps.summary import SummaryScene


class GapsTable(GapsClock, GapsDrawing, TableScene):
    game_id = "gaps"
    name = "gaps-table"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.hinter = G.Hinter()
        self.hint: tuple[tuple, G.Hint] | None = None  # (the position it is for, hint)
        self.job: SolveJob | None = None
        self.verdict: tuple[tuple, G.SolveResult] | None = None
        self.cursor = KeyCursor()
        self.hover: int | None = None
        #: positions the "Still solvable?" check may visit, and "Search
        #: deeper" after an undecided answer (tests make them small)
        self.solve_nodes = TABLE_SOLVE_NODES
        self.deep_nodes = DEEP_SOLVE_NODES
        self._layout: tuple[tuple, Layout] | None = None
        self._gap_cache: tuple[tuple, dict[int, G.GapInfo]] | None = None
        self._dropping = False
        self._ghosts: dict = {}
        self.init_clock()  # and the move counter
        #: the deal is being left half-way through the table's question
        self._abandoning = False
        self.card_drag(
            on_click=self._card_clicked,
            on_zone_click=self._gap_clicked,
        )

    # --- what the table knows ----------------------------------------------------------------
    def layout(self) -> Layout:
        key = (self.app.size, self.app.scale, cardart.size_factor())
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, compute_layout(self.app.size, self.app.scale))
        return self._layout[1]

    def playing(self) -> bool:
        return not self.finished and not self.match.over

    def pos_key(self) -> tuple:
        """What a hint, a verdict or the gaps belong to: the position
        itself (never an object id, which a later state may reuse)."""
        v = self.view
        return (v.grid, v.redeals)

    def gaps(self) -> dict[int, G.GapInfo]:
        key = self.pos_key()
        if self._gap_cache is None or self._gap_cache[0] != key:
            self._gap_cache = (key, {g.cell: g for g in G.gap_info(self.view)})
        return self._gap_cache[1]

    def current_hint(self) -> G.Hint | None:
        if self.hint is not None and self.hint[0] == self.pos_key():
            return self.hint[1]
        return None

    def current_verdict(self) -> G.SolveResult | None:
        if self.verdict is not None and self.verdict[0] == self.pos_key():
            return self.verdict[1]
        return None

    def from_layout(self) -> bool:
        return bool(str(self.match.options.get("layout", "")).strip())

    def to_menu(self) -> None:
        to_menu(self.app)

    def in_progress(self) -> bool:
        """A deal with moves: leaving it counts as lost.  Moves taken back
        to the deal's start still count (something to redo), or undoing
        every move would leave a bad deal for free."""
        return self.playing() and bool(self.match.actions or self.match.redo_stack)

    def next_budget(self) -> int | None:
        """Positions the next solvable check may visit: the first budget,
        then after an undecided answer the deeper one; None when the
        position is decided or was searched as deep as the table goes."""
        v = self.current_verdict()
        if v is None:
            return self.solve_nodes
        if v.verdict == "unknown" and v.nodes < self.deep_nodes:
            return self.deep_nodes
        return None

    def meta(self) -> G.GapsMeta:
        return meta_of(self.match, G.GapsMeta)

    def mark_assisted(self) -> None:
        if not self.meta().assisted:
            self.match.meta = replace(self.meta(), assisted=True)
            self.touch()

    def face(self, card: Card, width: int | None = None) -> pygame.Surface:
        return cardart.face(card, width or self.layout().cw, self.lang, self.app.settings.four_colour)

    # --- drag and drop, clicks ------------------------------------------------------------------
    def drag_sources(self) -> list[Source]:
        if not self.playing():
            return []
        L = self.layout()
        return [Source(L.cells[i], ("card", c), self.face(c, L.cw)) for i, c in enumerate(self.view.grid) if c is not None]

    def drag_zones(self) -> list[Zone]:
        # every cell is a drop zone, so a card dropped on another card hears
        # the engine's reason too; only the legal gaps light up
        return [Zone(r, ("cell", i)) for i, r in enumerate(self.layout().cells)]

    def drag_legal(self, payload) -> list:
        grid = self.view.grid
        if not self.playing() or payload[0] != "card" or payload[1] not in grid:
            return []
        return [("cell", m.to) for m in G.moves_for_card(self.view, grid.index(payload[1]))]

    def drag_drop(self, payload, zone) -> Any:
        if not self.playing():
            return None
        if self.view.grid[zone[1]] == payload[1]:
            return PENDING  # put back where it was: no move, no complaint
        self._dropping = True  # the dragged card lands by itself (DragDrop)
        try:
            return self.act(G.Move(payload[1], zone[1]))
        finally:
            self._dropping = False

    def move_card(self, cell: int, to: int | None = None) -> Message | None:
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
        return self.act(G.Move(card, to))

    def _card_clicked(self, payload) -> bool:
        if self.playing():
            self.cursor.clear()
            err = self.move_card(self.view.grid.index(payload[1]))
            if err is not None:
                self.refuse(err)
        return True

    def _gap_clicked(self, payload) -> bool:
        if not self.playing():
            return False
        self.cursor.clear()
        self.pull_into(payload[1])
        return True

    def pull_into(self, gap: int) -> None:
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
            moves = [m for m in moves if (G.source_cell(v, m) or 0) % COLS != 0]
            if len(moves) != 1:
                self.notice(tr("gaps_ui.choose_two"), ttl=4)
                return
        src = G.source_cell(v, moves[0])
        if src is not None:
            err = self.move_card(src, gap)
            if err is not None:
                self.refuse(err)

    # --- actions from buttons and keys ------------------------------------------------------------
    def do_redeal(self) -> None:
        if self.playing():
            self.act_or_refuse(G.REDEAL)

    def show_hint(self) -> None:
        if not self.playing():
            return
        h = self.hinter.hint(self.view)
        self.hint = (self.pos_key(), h)
        self.mark_assisted()
        self.autosave()
        if h.action is not None and not isinstance(h.action, G.Move):
            self.notice(h.message, ttl=4)
        if isinstance(h.action, G.Move):
            self.cursor.place(h.source)

    def toggle_solver(self) -> None:
        """Start the check (deeper after an undecided answer) or stop it."""
        budget = self.next_budget()
        if self.job is not None:
            self.cancel_job()
        elif self.playing() and budget is not None:
            self.mark_assisted()
            self.autosave()
            self.job = SolveJob(self.view, self.pos_key(), budget)
            self._collect_job()
        self.sync_ui()

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def _collect_job(self) -> None:
        j = self.job
        if j is None or not j.done:
            return
        self.job = None
        if j.key == self.pos_key() and j.result is not None:
            self.verdict = (j.key, j.result)
        self.touch()
        self.sync_ui()

    def do_undo(self) -> None:
        if self.match.can_undo():
            self.mark_assisted()
            self.undo()

    def do_redo(self) -> None:
        if self.match.can_redo():
            self.mark_assisted()
            self.redo()

    def copy_layout(self) -> None:
        try:
            clipboard_copy(G.layout_text(self.view))
        except Exception:  # noqa: BLE001 -- each platform's clipboard backend fails in its own way: no clipboard here
            self.refuse(tr("gaps_ui.copy_failed"))
            return
        self.notice(tr("gaps_ui.copied"), ttl=3)

    def leave(self) -> None:
        """Menu or Esc: a deal with moves counts as lost, as with New deal,
        after asking; an untouched or finished deal is left at once (an
        untouched one stays saved for Continue)."""
        self._leave_for(tr("gaps_ui.leave_title"), tr("gaps_ui.abandon_body", score=G.score(self.view)), tr("gaps_ui.leave_yes"), self.to_menu)

    def ask_new_deal(self) -> None:
        self._leave_for(tr("gaps_ui.new_deal_title"), tr("gaps_ui.abandon_body", score=G.score(self.view)), tr("ui.new_deal"), lambda: new_deal(self.app, self))

    def ask_restart(self) -> None:
        if self.match.actions:
            self._leave_for(tr("gaps_ui.restart_title"), tr("gaps_ui.restart_body", score=G.score(self.view)), tr("gaps_ui.restart"), lambda: restart(self.app, self))

    def _leave_for(self, title: str, body: str, yes: str, then) -> None:
        """A game in progress is stopped first (it counts as lost with the
        cards in place), after asking; a finished or untouched one is left
        at once."""
        if not self.in_progress():
            then()
            return

        def go() -> None:
            self.cancel_job()
            self._abandoning = True
            self.stop_game()
            then()

        self.confirm(title, body, go, yes=yes, no=tr("ui.cancel"), destructive=True)

    def ask_end(self) -> None:
        if self.playing():
            self.confirm(tr("gaps_ui.end_title"), tr("gaps_ui.end_body", score=G.score(self.view)), self.stop_game, yes=tr("gaps_ui.end_game"), no=tr("ui.cancel"), destructive=True)

    # --- the kit's hooks -------------------------------------------------------------------------
    def on_moved(self, moved: Moved) -> float:
        self.cancel_job()
        if moved.ended:
            self._count_in_session(moved)
        L = self.layout()
        if isinstance(moved.action, G.Redeal):
            start = (L.grid.centerx - L.cw // 2, L.grid.bottom + int(20 * L.scale))
            k = 0
            for i, (a, b) in enumerate(zip(moved.before.grid, moved.after.grid)):
                if b is not None and a != b:
                    self.anim.fly(self.face(b, L.cw), start, L.cells[i].topleft, 0.22, hide=("cell", i), delay=0.012 * k)
                    k += 1
        elif isinstance(moved.action, G.Move) and not self._dropping:
            # a clicked, keyed, computer's or redone move travels from its
            # cell; a redone one does not hold up the next key (U, Y in a row)
            src = G.source_cell(moved.before, moved.action)
            if src is not None:
                card_img = self.face(moved.action.card, L.cw)
                self.anim.fly(card_img, L.cells[src].topleft, L.cells[moved.action.to].topleft, 0.18, hide=("cell", moved.action.to), blocking=moved.how is not How.REDO)
        return 0.0

    def sound_for(self, moved: Moved) -> str:
        return "deal" if isinstance(moved.action, G.Redeal) else "place"

    def on_undo(self) -> None:
        self.cancel_job()

    def exit(self) -> None:
        self.cancel_job()
        self.save_time_on_exit()
        super().exit()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.job is not None:
            self._collect_job()

    def show_result(self, outcome) -> None:
        won = bool(outcome.won)
        lines = [self.render(outcome.reason)]
        # each outcome's own words give either the redeals or the score: add the other
        if won:
            lines.append(tr("gaps_ui.result_score", score=48))
        else:
            lines.append(tr("gaps_ui.result_redeals", n=self.view.redeals, max=self.view.max_redeals))
        lines.append(tr("gaps_ui.result_time", time=clock_text(self.elapsed), n=self.moves_made()))
        day = self.daily()
        if day is not None:
            lines.append(tr("gaps_ui.daily_line", date=date_text(day, self.lang), n=self.match.seed))
        else:
            lines.append(tr("gaps_ui.deal_line", n=self.match.seed) if not self.from_layout() else tr("gaps_ui.from_layout"))
        notes = [tr("gaps_ui.assisted_note")] if self.meta().assisted else []
        buttons = [
            (tr("ui.play_again"), lambda: play_again(self.app, self)),
            (tr("ui.new_deal"), lambda: new_deal(self.app, self)),
            (tr("ui.menu"), self.to_menu),
        ]
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
        return self.playing() and G.redeal_due(self.view)

    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        playing = self.playing()
        due = self.banner_shown()
        m = self.match
        specs = [
            ButtonSpec("undo", tr("ui.undo"), self.do_undo, m.can_undo(), tooltip=tr("gaps_ui.tip.undo")),
            ButtonSpec("redo", tr("ui.redo"), self.do_redo, m.can_redo(), tooltip=tr("gaps_ui.tip.redo")),
            ButtonSpec("hint", tr("ui.hint"), self.show_hint, playing, tooltip=tr("gaps_ui.tip.hint")),
            self._solve_button(playing),
            ButtonSpec("redeal", tr("gaps_ui.redeal"), self.do_redeal, due, primary=due, tooltip=tr("gaps_ui.tip.redeal")),
            ButtonSpec("restart", tr("gaps_ui.restart"), self.ask_restart, bool(m.actions), destructive=True),
            ButtonSpec("new", tr("ui.new_deal"), self.ask_new_deal, destructive=True, tooltip=tr("gaps_ui.tip.new")),
        ]
        L = self.layout()
        placed: list[tuple[ButtonSpec, Any]] = list(zip(specs, L.bar(len(specs), self.app.size[0])))
        placed.append(self.timer_button(L))
        if due:
            r = L.banner()
            s = L.scale
            bw = (r.w - int(60 * s)) // 2
            y = r.bottom - int(58 * s)
            placed.append((ButtonSpec("redeal-now", tr("gaps_ui.redeal_now", n=self.view.redeals_left), self.do_redeal, primary=True), (r.x + int(20 * s), y, bw, int(42 * s))))
            placed.append((ButtonSpec("end", tr("gaps_ui.end_game"), self.ask_end, destructive=True), (r.right - int(20 * s) - bw, y, bw, int(42 * s))))
        return placed

    def _solve_button(self, playing: bool) -> ButtonSpec:
        """"Still solvable?", "Stop checking" while it runs, "Search
        deeper" after an undecided answer (its budget in the tooltip)."""
        budget = self.next_budget()
        deeper = self.job is None and budget is not None and self.current_verdict() is not None
        if self.job is not None:
            label = tr("gaps_ui.stop_check")
        else:
            label = tr("gaps_ui.deeper") if deeper else tr("gaps_ui.check")
        tip = tr("gaps_ui.tip.deeper", max=grouped(budget or 0, self.lang)) if deeper else tr("gaps_ui.tip.solve")
        return ButtonSpec("solve", label, self.toggle_solver, playing and (self.job is not None or budget is not None), tooltip=tip)

    # --- keys and the pointer ------------------------------------------------------------------------
    def on_pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            cell = self.layout().cell_at(event.pos)
            if cell != self.hover:
                self.hover = cell
            return False
        # the "no moves" banner lies over those cards
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.banner_shown() and self.layout().banner().collidepoint(event.pos)

    def on_key(self, event: pygame.event.Event) -> bool:
        k, mod = event.key, event.mod
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
                self.do_redeal()
            elif self.playing():
                self.refuse(msg("gaps.err.redeal_early"))
        elif k == pygame.K_n:
            self.ask_new_deal()
        elif k == pygame.K_s:
            self.toggle_solver()
        elif k == pygame.K_t:
            self.toggle_timer()
        elif self.playing() and self.cursor.move(k, 52, cols=COLS, start=self._cursor_start()):
            self.touch()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor.valid(52) and self.playing():
            cell = self.cursor.index
            assert cell is not None
            if self.view.grid[cell] is None:
                self.pull_into(cell)
            else:
                err = self.move_card(cell)
                if err is not None:
                    self.refuse(err)
        else:
            return False
        return True

    def _cursor_start(self) -> int:
        h = self.current_hint()
        return h.source if h is not None and h.source is not None else 0

    def cancel_gesture(self) -> bool:
        had = self.cursor.index is not None
        self.cursor.clear()
        return super().cancel_gesture() or had

    def static_key(self) -> tuple:
        return (*super().static_key(), self.meta().assisted, self.job is not None)


# --- a new game, the same deal again, a new deal -------------------------------------------------------


def start_game(app, options: dict, seed: int, meta: dict | None = None, bots: list[str | None] | None = None) -> GapsTable:
    """A new game on a fresh table (options are validated by the engine:
    a bad layout raises :class:`~game.games.gaps.LayoutError` before
    anything changes)."""
    match = Match.start(G.GAME, options, seed, [Seat(tr("ui.seat", n=1), (bots or [None])[0])], meta=meta)
    table = GapsTable(app, match)
    seat(app, table)
    table.autosave()
    return table


def saved_deal(app) -> Match | None:
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


def count_as_lost(app, match: Match) -> None:
    """End a saved game with the recorded stop and add it to the
    statistics as lost, as the table does when a deal is left."""
    match.stop()
    for fold in match.take_folds():
        try:
            problem = update_stats(G.GAME.id, fold)
        except OSError as e:
            app.write_failed("stats", e)
        else:
            if problem is not None:  # a bad file, moved aside; this game counts anew
                app.toasts.show(problem.render(app.settings.language), "refuse", ttl=8)
    # counted: its save goes (each setup has its own save, so the new
    # deal need not be of this one's setup and overwrite it)
    try:
        delete_save(G.GAME.id, match.record().to_json(), match.save_meta())
    except OSError as e:
        app.write_failed("save", e, "ui.save.delete_failed")


def _meta_for_next(table: GapsTable, same_deal: bool = False) -> dict:
    """The next game's meta: the date when the same daily deal is played
    again (it counts for that date again)."""
    day = table.daily()
    return {"daily": day} if same_deal and day is not None else {}


def to_menu(app) -> None:
    """To the menu from a Gaps table; the session summary over it when a
    deal was played to its end since it was last shown that way."""
    app.to_menu()
    session = session_of(app)
    if session.due():
        session.mark_shown()
        app.push(SummaryScene(app, session))


def start_daily(app, day: str, meta: dict | None = None) -> GapsTable:
    """The daily deal of ``day`` (``YYYY-MM-DD``): the date's deal number
    under the rules' scheme."""
    return start_game(app, dict(G.DAILY_OPTIONS), G.daily_seed(day), {**(meta or {}), "daily": day})


def play_again(app, table: GapsTable) -> GapsTable:
    """The same deal (or pasted layout) from its start."""
    return start_game(app, dict(table.match.options), table.match.seed, _meta_for_next(table, True))


def restart(app, table: GapsTable) -> GapsTable:
    """The same deal from its start, during a game: as big an undo as
    there is, so the new game counts as assisted."""
    meta = _meta_for_next(table, True)
    meta["assisted"] = True
    return start_game(app, dict(table.match.options), table.match.seed, meta)


def new_deal(app, table: GapsTable) -> GapsTable:
    """A new random deal under the same rules."""
    opts = {"redeals": table.match.options.get("redeals", G.MAX_REDEALS), "layout": ""}
    return start_game(app, opts, random.randrange(1, 10**9), _meta_for_next(table))
