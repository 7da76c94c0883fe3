"""The Gaps (Montana) table: the 4×13 grid scaled to the window.

Input becomes engine actions (``Move(card, cell)`` and ``REDEAL``): drag a
card onto a gap, click a card to send it to its gap, click a live gap to
pull in the card it wants, or move a cursor with the arrow keys and press
Enter.  Which gaps light, what a gap wants and why a drop is refused all
come from the engine's helpers (``moves_for_card``, ``gap_info``,
``refusal``, ``no_gap_reason``), never from rules written again here;
ending a game early plays the engine's recorded ``stop``.

The hint comes from the engine's :class:`Hinter` (one per deal) and is
drawn as an arrow from the card to its gap; "Is this round still
solvable?" runs a :class:`RoundSolver` in a worker thread that the frame
loop polls, so the table keeps drawing while it thinks.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pygame

from game.cards import Card
from game.engine import Message
from game.engine.core import msg
from game.games import gaps as G
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE, font
from game.ui.dragdrop import PENDING, DragDrop, Source, Zone
from game.ui.table import ResultScene, TableScene, reason_text
from game.ui.widgets import felt, panel, text, text_block

ROWS, COLS = 4, 13
#: bar buttons with a key of their own (said in their tooltips)
KEY_TIPS = ("undo", "redo", "hint", "solve", "redeal", "new")
HGAP = 0.08  # gap between columns, share of a card's width
VGAP = 0.10  # gap between rows, share of a card's height


@dataclass
class Layout:
    scale: float
    top_h: int
    cw: int
    ch: int
    cells: list[pygame.Rect] = field(default_factory=list)
    grid: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    bar_y: int = 0
    bar_h: int = 40


def compute_layout(size, scale: float) -> Layout:
    w, h = size
    s = scale
    top_h = int(58 * s)
    bar_h = int(40 * s)
    bar_y = h - bar_h - int(14 * s)
    status_h = int(56 * s)
    status_y = bar_y - status_h - int(6 * s)
    margin = int(24 * s)
    avail_w = w - 2 * margin
    avail_h = status_y - top_h - int(24 * s)
    cw = min(avail_w / (COLS + (COLS - 1) * HGAP), avail_h / (ROWS * cardart.ASPECT * (1 + VGAP) - VGAP * cardart.ASPECT))
    cw = max(24, int(cw) // 2 * 2)  # even widths: fewer cached card images across sizes
    ch = round(cw * cardart.ASPECT)
    hg, vg = int(cw * HGAP), int(ch * VGAP)
    gw = COLS * cw + (COLS - 1) * hg
    gh = ROWS * ch + (ROWS - 1) * vg
    x0 = (w - gw) // 2
    y0 = top_h + int(12 * s) + max(0, (avail_h - gh) // 2)
    L = Layout(scale=s, top_h=top_h, cw=cw, ch=ch, bar_y=bar_y, bar_h=bar_h)
    L.cells = [pygame.Rect(x0 + c * (cw + hg), y0 + r * (ch + vg), cw, ch) for r in range(ROWS) for c in range(COLS)]
    L.grid = pygame.Rect(x0, y0, gw, gh)
    L.status = pygame.Rect(margin, status_y, w - 2 * margin, status_h)
    return L


#: positions the table's "Still solvable?" may visit.  The engine's default
#: (1.5 million) holds about 130 MB of seen positions for ~6 s of CPU and
#: still says "unknown" on a fresh deal; 600,000 hold about 43 MB for ~3 s
#: (measured on deal 5), decide nearly every layout after a redeal, and keep
#: the app inside its 150 MB budget.
TABLE_SOLVE_NODES = 600_000


class SolveJob:
    """"Is this round still solvable?" in a worker thread.  The engine is
    pure Python; the frame loop polls ``done``/``result`` and reads
    ``nodes`` for the progress line.  ``cancel()`` stops it at the next
    slice.  The search's tables are emptied on the worker thread, in small
    bites, so the frame loop never pays for freeing them."""

    SLICE = 4000

    def __init__(self, pos, key, max_nodes: int = TABLE_SOLVE_NODES) -> None:
        self.key = key
        self._stop = threading.Event()
        self._done = threading.Event()
        self.solver: G.RoundSolver | None = G.RoundSolver(pos, max_nodes)
        self.result: G.SolveResult | None = self.solver.result
        self.error: BaseException | None = None
        self._nodes = 0
        self.thread = threading.Thread(target=self._run, name="gaps-solver", daemon=True)
        if self.result is None:
            self.thread.start()
        else:
            self._done.set()

    def _run(self) -> None:
        solver = self.solver
        try:
            while not self._stop.is_set():
                r = solver.step(self.SLICE, cancel=self._stop.is_set)
                if r is not None:
                    self.result = r
                    break
        except Exception as e:  # noqa: BLE001 -- any failure of the worker is shown as "undecided", never a crash
            self.error = e
        finally:
            self._nodes = solver.nodes
            if self.result is None:
                self.result = solver.give_up()
            self.solver = None
            _release(solver)
            self._done.set()

    @property
    def nodes(self) -> int:
        s = self.solver
        return s.nodes if s is not None else self._nodes

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self._stop.set()


def _release(solver) -> None:
    """Empty a finished search's set of seen positions a few thousand at a
    time: dropping 1.5 million entries in one go holds the interpreter for
    about 70 ms, which the frame loop would show as a stutter."""
    seen = getattr(getattr(solver, "_search", None), "seen", None)
    if isinstance(seen, set):
        pop = seen.pop
        while seen:
            for _ in range(min(len(seen), 5000)):
                pop()


class GapsTable(TableScene):
    game_id = "gaps"
    name = "gaps-table"
    secret_hands = False

    def __init__(self, app, runner, meta=None) -> None:
        super().__init__(app, runner, meta)
        self.meta.setdefault("assisted", False)
        self.meta.setdefault("prefs", {"redeals": self.state.max_redeals})
        self.hinter = G.Hinter()
        self.hint: tuple[tuple, G.Hint] | None = None  # (the position it is for, hint)
        self.job: SolveJob | None = None
        self.verdict: tuple[tuple, G.SolveResult] | None = None
        self.kcur: int | None = None  # keyboard cursor: a cell
        self.hover: int | None = None
        self._ghosts: dict = {}
        self._ui_sig = None
        self.drag = DragDrop(
            sources=self._sources,
            zones=self._zones,
            legal=self._legal_for,
            drop=self._drop,
            animator=self.anim,
            on_refused=self.refuse,
            on_click=self._card_clicked,
            on_zone_click=self._gap_clicked,
        )

    # --- model helpers -----------------------------------------------------------------
    def layout(self) -> Layout:
        key = (self.app.size, self.app.scale)
        if getattr(self, "_layout_key", None) != key:
            self._layout = compute_layout(self.app.size, self.app.scale)
            self._layout_key = key
        return self._layout

    def playing(self) -> bool:
        return not self.finished and self.game.outcome(self.state) is None

    def pos_key(self) -> tuple:
        """What a hint, a verdict or the gaps' state belong to: the position
        itself (never an object id, which a later state may reuse)."""
        return (self.state.grid, self.state.redeals)

    def gaps(self) -> dict[int, G.GapInfo]:
        key = self.pos_key()
        cache = getattr(self, "_gap_cache", None)
        if cache is None or cache[0] != key:
            self._gap_cache = (key, {g.cell: g for g in G.gap_info(self.state)})
        return self._gap_cache[1]

    def cell_at(self, pos) -> int | None:
        for i, r in enumerate(self.layout().cells):
            if r.collidepoint(pos):
                return i
        return None

    def current_hint(self) -> G.Hint | None:
        if self.hint is not None and self.hint[0] == self.pos_key():
            return self.hint[1]
        return None

    def current_verdict(self) -> G.SolveResult | None:
        if self.verdict is not None and self.verdict[0] == self.pos_key():
            return self.verdict[1]
        return None

    def _face(self, card: Card, width: int | None = None):
        return cardart.face(card, width or self.layout().cw, self.lang, self.app.settings.four_colour)

    def mark_assisted(self) -> None:
        if not self.meta.get("assisted"):
            self.meta["assisted"] = True
            self.touch()

    # --- drag and drop, clicks -------------------------------------------------------------
    def _sources(self):
        if not self.playing():
            return []
        L = self.layout()
        return [Source(L.cells[i], ("card", c), self._face(c, L.cw)) for i, c in enumerate(self.state.grid) if c is not None]

    def _zones(self):
        L = self.layout()
        # every cell is a drop zone, so a card dropped on another card hears
        # the engine's reason too; only the legal gaps light up
        return [Zone(r, ("cell", i)) for i, r in enumerate(L.cells)]

    def _legal_for(self, payload):
        if not self.playing() or payload[0] != "card":
            return []
        cell = self.state.grid.index(payload[1]) if payload[1] in self.state.grid else -1
        return [("cell", m.to) for m in G.moves_for_card(self.state, cell)]

    def _drop(self, payload, zone):
        if not self.playing():
            return None
        if self.state.grid[zone[1]] == payload[1]:
            return PENDING  # put back where it was: no move, no complaint
        return self.try_action(G.Move(payload[1], zone[1]))

    def move_card(self, cell: int, to: int | None = None) -> Message | None:
        """Send the card at ``cell`` to a gap (its one gap, or the topmost
        empty first cell for a 2), flying there.  Returns the refusal."""
        card = self.state.grid[cell]
        if card is None:
            return msg("gaps_ui.no_card")
        if to is None:
            why = G.no_gap_reason(self.state, card)
            if why is not None:
                return why
            to = min(m.to for m in G.moves_for_card(self.state, cell))
        L = self.layout()
        err = self.try_action(G.Move(card, to))
        if err is None:
            self.anim.fly(self._face(card, L.cw), L.cells[cell].topleft, L.cells[to].topleft, 0.18, hide=("cell", to))
        return err

    def _card_clicked(self, payload) -> bool:
        if not self.playing():
            return True
        cell = self.state.grid.index(payload[1])
        self.kcur = None
        err = self.move_card(cell)
        if err is not None:
            self.refuse(err)
        return True

    def _gap_clicked(self, payload) -> bool:
        if not self.playing():
            return False
        self.kcur = None
        self.pull_into(payload[1])
        return True

    def pull_into(self, gap: int) -> None:
        """A click on a gap: the card it wants flies in."""
        info = self.gaps().get(gap)
        if info is None:
            return
        moves = G.moves_into_gap(self.state, gap)
        if not moves:
            self.refuse(info.message if not info.live else msg("gaps_ui.nothing_for_gap"))
            return
        if info.kind == "first":
            # a click means a 2 from the middle of a row; moving a 2 that
            # already leads a row is for dragging, on purpose
            moves = [m for m in moves if (G.source_cell(self.state, m) or 0) % COLS != 0]
            if len(moves) != 1:
                self.toasts.show(tr("gaps_ui.choose_two"), "info", ttl=4)
                return
        src = G.source_cell(self.state, moves[0])
        err = self.move_card(src, gap)
        if err is not None:
            self.refuse(err)

    # --- actions from buttons and keys ---------------------------------------------------------
    def do_redeal(self) -> None:
        if not self.playing():
            return
        err = self.try_action(G.REDEAL)
        if err is not None:
            self.refuse(err)

    def _animate_redeal(self, before) -> None:
        L = self.layout()
        start = (L.grid.centerx - L.cw // 2, L.grid.bottom + int(20 * L.scale))
        k = 0
        for i, (a, b) in enumerate(zip(before.grid, self.state.grid)):
            if b is not None and a != b:
                self.anim.fly(self._face(b, L.cw), start, L.cells[i].topleft, 0.22, hide=("cell", i), delay=0.012 * k)
                k += 1
        self.app.play_sound("deal")

    def show_hint(self) -> None:
        if not self.playing():
            return
        h = self.hinter.hint(self.view)
        self.hint = (self.pos_key(), h)
        self.mark_assisted()
        self.autosave()
        if h.action is not None and not isinstance(h.action, G.Move):
            self.toasts.show(reason_text(h.message, self.lang), "info", ttl=4)
        if isinstance(h.action, G.Move):
            src = h.source
            self.kcur = src

    def toggle_solver(self) -> None:
        if self.job is not None:
            self.cancel_job()
            self.rebuild()
            return
        if not self.playing():
            return
        if self.current_verdict() is not None:
            return
        self.mark_assisted()
        self.autosave()
        self.job = SolveJob(self.view, self.pos_key(), getattr(self, "solve_nodes", TABLE_SOLVE_NODES))
        self._collect_job()
        self.rebuild()

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
        self.rebuild()

    def do_undo(self) -> None:
        if not self.can_undo():
            return
        self.mark_assisted()
        self.undo()

    def do_redo(self) -> None:
        if not self.redo_stack or self.finished:
            return
        self.mark_assisted()
        self.redo()

    def copy_layout(self) -> None:
        from pygame_gui.core.utility import clipboard_copy

        txt = G.layout_text(self.state)
        try:
            clipboard_copy(txt)
        except Exception:  # noqa: BLE001 -- each platform's clipboard backend fails in its own way: no clipboard here
            self.toasts.show(tr("gaps_ui.copy_failed"), "refuse", ttl=4)
            return
        self.toasts.show(tr("gaps_ui.copied"), "info", ttl=3)

    def in_progress(self) -> bool:
        return self.playing() and bool(self.runner.actions)

    def ask_new_deal(self) -> None:
        from game.ui.tables.gaps import new_deal

        if self.in_progress():
            self.confirm(tr("gaps_ui.new_deal_title"), tr("gaps_ui.abandon_body", score=G.score(self.state)), lambda: self._abandon(lambda: new_deal(self.app, self)), yes=tr("ui.new_deal"), no=tr("ui.cancel"))
        else:
            new_deal(self.app, self)

    def ask_restart(self) -> None:
        from game.ui.tables.gaps import restart

        if not self.runner.actions:
            return
        if self.in_progress():
            self.confirm(tr("gaps_ui.restart_title"), tr("gaps_ui.restart_body", score=G.score(self.state)), lambda: self._abandon(lambda: restart(self.app, self)), yes=tr("gaps_ui.restart"), no=tr("ui.cancel"))
        else:
            restart(self.app, self)

    def ask_end(self) -> None:
        if not self.playing():
            return
        self.confirm(tr("gaps_ui.end_title"), tr("gaps_ui.end_body", score=G.score(self.state)), self.end_game, yes=tr("gaps_ui.end_game"), no=tr("ui.cancel"))

    def _abandon(self, then) -> None:
        """Leave a game in progress for ``then`` (a new deal, a restart): it
        is stopped first, so it counts as lost with the cards in place."""
        self.cancel_job()
        if self.in_progress():
            self.end_game()
        then()

    def end_game(self) -> None:
        """Stop here with the engine's recorded ``stop`` (no moves left, the
        redeal not wanted): the game counts as lost with the cards in place
        now, and the table's end of a game (statistics, result) follows."""
        stop = self.game.stop_action(self.state)
        if self.finished or stop is None:
            return
        err = self.try_action(stop)
        if err is not None:
            self.refuse(err)

    def open_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, "gaps"))

    # --- table hooks ----------------------------------------------------------------------
    def after_action(self, before, action) -> None:
        self.cancel_job()
        self.drag.cancel()
        super().after_action(before, action)

    def on_action(self, before, action) -> None:
        if isinstance(action, G.Redeal):
            self._animate_redeal(before)
        self.rebuild()

    def animate_bot_action(self, seat: int, action) -> None:
        """A computer's move (autoplay) travels like a clicked card."""
        if isinstance(action, G.Move):
            src = G.source_cell(self.state, action)
            if src is not None:
                L = self.layout()
                self.anim.fly(self._face(action.card, L.cw), L.cells[src].topleft, L.cells[action.to].topleft, 0.18, hide=("cell", action.to))

    def on_undo(self) -> None:
        self.cancel_job()
        self.drag.cancel()
        super().on_undo()

    def exit(self) -> None:
        self.cancel_job()
        super().exit()

    def pause(self) -> None:
        self.drag.cancel()
        super().pause()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.job is not None:
            self._collect_job()

    # --- end of a game --------------------------------------------------------------------
    def result_lines(self, outcome) -> list[str]:
        lines = [reason_text(outcome.reason, self.lang)]
        # each outcome's own words give either the redeals or the score: add the other
        if outcome.won:
            lines.append(tr("gaps_ui.result_score", score=48))
        else:
            lines.append(tr("gaps_ui.result_redeals", n=self.state.redeals, max=self.state.max_redeals))
        lines.append(tr("gaps_ui.deal_line", n=self.runner.seed) if not self.from_layout() else tr("gaps_ui.from_layout"))
        if self.meta.get("assisted"):
            lines.append("· " + tr("gaps_ui.assisted_note"))
        return lines

    def from_layout(self) -> bool:
        return bool(str(self.runner.options.get("layout", "")).strip())

    def show_result(self, outcome) -> None:
        from game.ui.tables.gaps import new_deal, play_again

        won = bool(outcome.won)
        title = tr("gaps_ui.won_title") if won else tr("gaps_ui.lost_title")
        buttons = [
            (tr("ui.play_again"), lambda: play_again(self.app, self)),
            (tr("ui.new_deal"), lambda: new_deal(self.app, self)),
            (tr("ui.menu"), self.app.to_menu),
        ]
        self.app.play_sound("win" if won else "refuse")
        self.app.push(ResultScene(self.app, title, self.result_lines(outcome), buttons, won=won))

    def update_stats(self, st: dict, outcome) -> None:
        G.fold_outcome(st, self.runner.options, self.meta, self.state.redeals, outcome)

    # --- buttons -------------------------------------------------------------------------------
    def _sig(self) -> tuple:
        return (
            self.app.size, self.lang, self.can_undo(), bool(self.redo_stack), self.playing(),
            G.redeal_due(self.state) and self.playing(), self.job is not None,
            self.current_verdict() is not None, bool(self.runner.actions),
        )

    def rebuild(self) -> None:
        if self._ui_sig == self._sig() and self._elements:
            return
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep if keep is not None and keep < len(self._focusables) else None

    def build_ui(self) -> None:
        self._ui_sig = self._sig()
        w, _h = self.app.size
        s = self.app.scale
        L = self.layout()
        bh = int(38 * s)
        self.button((w - int(130 * s), int(10 * s), int(112 * s), bh), tr("ui.menu"), self.leave)
        self.button((w - int(252 * s), int(10 * s), int(112 * s), bh), tr("ui.rules_button"), self.open_rules)
        self.button((w - int(444 * s), int(10 * s), int(184 * s), bh), tr("gaps_ui.copy"), self.copy_layout)
        playing = self.playing()
        due = G.redeal_due(self.state) and playing
        specs = [
            ("undo", tr("ui.undo"), self.do_undo, self.can_undo(), None),
            ("redo", tr("ui.redo"), self.do_redo, bool(self.redo_stack) and not self.finished, None),
            ("hint", tr("ui.hint"), self.show_hint, playing, None),
            ("solve", tr("gaps_ui.stop_check") if self.job is not None else tr("gaps_ui.check"), self.toggle_solver, playing and (self.job is not None or self.current_verdict() is None), None),
            ("redeal", tr("gaps_ui.redeal"), self.do_redeal, due, "#primary" if due else None),
            ("restart", tr("gaps_ui.restart"), self.ask_restart, bool(self.runner.actions), None),
            ("new", tr("ui.new_deal"), self.ask_new_deal, True, None),
        ]
        n = len(specs)
        gap = int(8 * s)
        x0 = int(24 * s)
        bw = (w - 2 * x0 - gap * (n - 1)) // n
        self.bar: dict[str, object] = {}
        for i, (key, label, fn, enabled, oid) in enumerate(specs):
            tip = tr(f"gaps_ui.tip.{key}") if key in KEY_TIPS else None
            b = self.button((x0 + i * (bw + gap), L.bar_y, bw, L.bar_h), label, fn, enabled=enabled, object_id=oid, tooltip=tip)
            self.bar[key] = b
        if due:
            self._build_banner(L)

    def banner_shown(self) -> bool:
        return self.playing() and G.redeal_due(self.state)

    def banner_rect(self, L: Layout) -> pygame.Rect:
        s = L.scale
        bw = int(min(L.grid.w * 0.9, 620 * s))
        bh = int(178 * s)
        return pygame.Rect(L.grid.centerx - bw // 2, L.grid.centery - bh // 2, bw, bh)

    def _build_banner(self, L: Layout) -> None:
        s = L.scale
        r = self.banner_rect(L)
        bw = (r.w - int(60 * s)) // 2
        y = r.bottom - int(58 * s)
        b = self.button((r.x + int(20 * s), y, bw, int(42 * s)), tr("gaps_ui.redeal_now", n=self.state.redeals_left), self.do_redeal, object_id="#primary")
        self.button((r.right - int(20 * s) - bw, y, bw, int(42 * s)), tr("gaps_ui.end_game"), self.ask_end)
        self.focus(b)

    # --- keys ------------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cell_at(event.pos)
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.banner_shown() and self.banner_rect(self.layout()).collidepoint(event.pos):
            return  # the "no moves" banner lies over those cards
        if self.drag.handle_event(event):
            return
        super().handle_event(event)

    def _key(self, event) -> bool:
        k, mod = event.key, event.mod
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if k == pygame.K_ESCAPE:
            if self.drag.active is not None or self.kcur is not None:
                self.drag.cancel()
                self.kcur = None
                return True
            self.leave()
            return True
        if (k == pygame.K_z and ctrl and shift) or (k == pygame.K_y and ctrl):
            self.do_redo()
            return True
        if k == pygame.K_u or (k == pygame.K_z and ctrl):
            self.do_undo()
            return True
        if ctrl:
            if k == pygame.K_c:
                self.copy_layout()
                return True
            return False
        if k == pygame.K_y:
            self.do_redo()
            return True
        if k == pygame.K_h:
            self.show_hint()
            return True
        if k == pygame.K_r:
            if G.redeal_due(self.state):
                self.do_redeal()
            elif self.playing():
                self.refuse(msg("gaps.err.redeal_early"))
            return True
        if k == pygame.K_n:
            self.ask_new_deal()
            return True
        if k == pygame.K_s:
            self.toggle_solver()
            return True
        if k == pygame.K_TAB:
            self.kcur = None  # the keys go to the buttons now
            return False
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and self.playing():
            if self.kcur is None:
                h = self.current_hint()
                self.kcur = h.source if h is not None and h.source is not None else 0
            else:
                r, c = divmod(self.kcur, COLS)
                if k == pygame.K_LEFT:
                    c = (c - 1) % COLS
                elif k == pygame.K_RIGHT:
                    c = (c + 1) % COLS
                elif k == pygame.K_UP:
                    r = (r - 1) % ROWS
                else:
                    r = (r + 1) % ROWS
                self.kcur = r * COLS + c
            self.focus_index = None
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.kcur is not None and self.playing():
            cell = self.kcur
            if self.state.grid[cell] is None:
                self.pull_into(cell)
            else:
                err = self.move_card(cell)
                if err is not None:
                    self.refuse(err)
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------------
    def static_key(self) -> tuple:
        d = self.drag
        return super().static_key() + (
            d.dragging.payload if d.dragging else None,
            self.meta.get("assisted"),
            self.job is not None,
        )

    def draw_static(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        L = self.layout()
        self._draw_top(surface, L)
        self._draw_grid(surface, L)

    def draw_dynamic(self, surface) -> None:
        L = self.layout()
        self._draw_hint(surface, L)
        self.drag.draw_targets(surface)
        self._draw_hover(surface, L)
        if self.kcur is not None and self.playing():
            r = L.cells[self.kcur].inflate(int(10 * L.scale), int(10 * L.scale))
            pygame.draw.rect(surface, (255, 255, 255), r, max(2, int(3 * L.scale)), border_radius=int(10 * L.scale))
        self._draw_status(surface, L)
        if self.banner_shown():
            self._draw_banner(surface, L)
        self.anim.draw(surface)
        self.drag.draw_dragged(surface)
        self.draw_toasts(surface)

    def draw_toasts(self, surface) -> None:
        L = self.layout()
        self.toasts.draw(surface, surface.get_width() // 2, L.top_h + int(6 * L.scale), L.scale)

    def _draw_top(self, surface, L: Layout) -> None:
        s = L.scale
        w = surface.get_width()
        st = self.state
        panel(surface, pygame.Rect(0, 0, w, L.top_h), 120, 0)
        text(surface, tr("gaps_ui.title"), (int(18 * s), int(7 * s)), int(22 * s), INK, bold=True)
        if self.from_layout():
            sub = tr("gaps_ui.from_layout")
        else:
            sub = tr("gaps_ui.deal", n=self.runner.seed)
        sub += " · " + tr("gaps_ui.rule_set", n=st.max_redeals)
        if self.meta.get("assisted"):
            sub += " · " + tr("gaps_ui.assisted")
        left_end = int(w * 0.30)
        text(surface, sub, (int(18 * s), int(34 * s)), int(14 * s), INK_DIM, shadow=False, max_width=left_end - int(24 * s))
        # score and redeals in the middle of the free space before the buttons
        right_end = w - int(444 * s)
        cx = (left_end + right_end) // 2
        room = right_end - left_end - int(16 * s)
        text(surface, tr("gaps_ui.score", score=G.score(st)), (cx, int(4 * s)), int(24 * s), GOLD, bold=True, anchor="midtop", max_width=room)
        left = st.redeals_left
        pr = max(3, int(5 * s))
        pips_w = st.max_redeals * int(14 * s)
        label = tr("gaps_ui.redeals_left", n=left)
        r = text(surface, label, (cx - pips_w // 2, int(35 * s)), int(15 * s), INK if left else INK_DIM, bold=True, anchor="midtop", shadow=False, max_width=room - pips_w)
        # one pip per redeal: filled while still available
        for i in range(st.max_redeals):
            x = r.right + int(8 * s) + i * int(14 * s) + pr
            y = r.centery
            if i < left:
                pygame.draw.circle(surface, GOLD, (x, y), pr)
            else:
                pygame.draw.circle(surface, INK_DIM, (x, y), pr, max(1, int(1.5 * s)))

    def _draw_grid(self, surface, L: Layout) -> None:
        s = L.scale
        st = self.state
        gaps = self.gaps()
        dragged = self.drag.dragging.payload if self.drag.dragging else None
        for i, c in enumerate(st.grid):
            r = L.cells[i]
            if c is None:
                info = gaps.get(i)
                if info is not None and info.live:
                    surface.blit(self._live_fill(L.cw), r)
                    surface.blit(cardart.slot(L.cw, (255, 226, 140), 220, dashed=True), r)
                else:
                    surface.blit(cardart.slot(L.cw, (0, 0, 0), 50), r)
                    self._draw_dead_mark(surface, r, s)
                continue
            if self.anim.hidden(("cell", i)) or self.anim.hidden(("card", c)) or dragged == ("card", c):
                surface.blit(cardart.slot(L.cw, (255, 255, 255), 60), r)  # the card is in the air
                continue
            surface.blit(cardart.shadow(L.cw), (r.x + 2, r.y + 3))
            surface.blit(self._face(c, L.cw), r)
        # cards already in their final run: a thin gold line under the run
        lw = max(2, int(3 * s))
        for row, n in enumerate(G.run_lengths(st)):
            if n:
                a, b = L.cells[row * COLS], L.cells[row * COLS + n - 1]
                y = a.bottom + max(3, int(ch_gap(L) * 0.35))
                pygame.draw.line(surface, GOLD, (a.x + int(4 * s), y), (b.right - int(4 * s), y), lw)

    def _live_fill(self, width: int):
        """A live gap: lighter felt, so it reads as open at a glance."""
        key = ("live", width)
        img = self._ghosts.get(key)
        if img is None:
            w, h = cardart.card_size(width)
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(img, (255, 240, 190, 38), img.get_rect(), border_radius=max(3, int(w * 0.08)))
            self._ghosts[key] = img
        return img

    def _draw_dead_mark(self, surface, r: pygame.Rect, s: float) -> None:
        k = int(r.w * 0.16)
        c = r.center
        col = (120, 150, 130)
        lw = max(2, int(3 * s))
        pygame.draw.line(surface, col, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), lw)
        pygame.draw.line(surface, col, (c[0] + k, c[1] - k), (c[0] - k, c[1] + k), lw)

    def _ghost(self, card: Card, width: int):
        key = (card, width, self.lang, self.app.settings.four_colour)
        img = self._ghosts.get(key)
        if img is None:
            if len(self._ghosts) > 64:
                self._ghosts.clear()
            img = self._face(card, width).copy()
            img.set_alpha(95)
            self._ghosts[key] = img
        return img

    def _draw_hover(self, surface, L: Layout) -> None:
        cell = self.hover if self.drag.dragging is None else None
        if cell is None and self.kcur is not None:
            cell = self.kcur
        if cell is None or self.finished or self.state.grid[cell] is not None:
            return
        info = self.gaps().get(cell)
        if info is None:
            return
        r = L.cells[cell]
        if info.kind == "live" and info.wants is not None:
            surface.blit(self._ghost(info.wants, L.cw), r)
            if info.source is not None:  # where the wanted card lies now
                src = L.cells[info.source].inflate(int(6 * L.scale), int(6 * L.scale))
                pygame.draw.rect(surface, HIGHLIGHT, src, max(2, int(3 * L.scale)), border_radius=int(9 * L.scale))
        tip = reason_text(info.message, self.lang)
        self._tooltip(surface, L, r, tip, HIGHLIGHT if info.live else INK_DIM)

    def _tooltip(self, surface, L: Layout, r: pygame.Rect, tip: str, colour) -> None:
        s = L.scale
        size = int(15 * s)
        tw = font(size, True).size(tip)[0] + int(20 * s)
        box = pygame.Rect(0, 0, tw, int(30 * s))
        box.midtop = (r.centerx, r.bottom + int(6 * s))
        if box.bottom > L.status.y:
            box.midbottom = (r.centerx, r.y - int(6 * s))
        box.clamp_ip(surface.get_rect())
        panel(surface, box, 225, int(8 * s), colour)
        text(surface, tip, box.center, size, INK, bold=True, anchor="center", shadow=False)

    def _draw_hint(self, surface, L: Layout) -> None:
        h = self.current_hint()
        if h is None or not isinstance(h.action, G.Move) or h.source is None:
            return
        s = L.scale
        a, b = L.cells[h.source], L.cells[h.action.to]
        g = cardart.glow(L.cw)
        surface.blit(g, g.get_rect(center=a.center))
        surface.blit(g, g.get_rect(center=b.center))
        arrow(surface, a.center, b.center, HIGHLIGHT, max(3, int(5 * s)), int(18 * s))

    def last_move_text(self) -> str:
        """The engine's words for the last move (rows counted from 1)."""
        key = (self.runner.actions[-1], self.runner.states[-2].grid, self.lang)
        if getattr(self, "_last_text", (None, ""))[0] != key:
            self._last_text = (key, self.describe(self.runner.states[-2], self.runner.actions[-1]))
        return self._last_text[1]

    def status_lines(self) -> list[tuple[str, tuple]]:
        """Up to two lines for the status panel: what is going on, then the
        hint or the solver's progress or verdict."""
        st = self.state
        out: list[tuple[str, tuple]] = []
        if self.finished or not self.playing():
            out.append((tr("gaps_ui.over"), INK_DIM))
        elif G.redeal_due(st):
            out.append((reason_text(G.status(st)[-1], self.lang), GOLD))
        elif self.runner.actions:
            out.append((self.last_move_text(), INK_DIM))
        else:
            out.append((tr("gaps_ui.how_to"), INK_DIM))
        if self.job is not None:
            out.append((tr("gaps_ui.thinking", nodes=grouped(self.job.nodes, self.lang)), INK))
        else:
            v = self.current_verdict()
            h = self.current_hint()
            if v is not None:
                out.append((reason_text(v.message, self.lang), GOLD if v.verdict == "solvable" else (REFUSE if v.verdict == "unsolvable" else INK)))
            elif h is not None:
                out.append((reason_text(h.message, self.lang), HIGHLIGHT))
        return out

    def _draw_status(self, surface, L: Layout) -> None:
        s = L.scale
        r = L.status
        lines = self.status_lines()
        y = r.y + int(4 * s)
        for i, (line, colour) in enumerate(lines[:2]):
            size = int(17 * s) if i == 0 else int(16 * s)
            text(surface, line, (r.centerx, y), size, colour, bold=i == 1, anchor="midtop", shadow=False, max_width=r.w)
            y += int(26 * s)

    def _draw_banner(self, surface, L: Layout) -> None:
        s = L.scale
        r = self.banner_rect(L)
        panel(surface, r, 235, int(14 * s), GOLD)
        text(surface, tr("gaps_ui.no_moves"), (r.centerx, r.y + int(14 * s)), int(26 * s), GOLD, bold=True, anchor="midtop", max_width=r.w - int(30 * s))
        text_block(surface, tr("gaps_ui.no_moves_body", n=self.state.redeals_left), pygame.Rect(r.x + int(24 * s), r.y + int(56 * s), r.w - int(48 * s), int(50 * s)), int(16 * s), INK, align="center")

    # --- tools ----------------------------------------------------------------------------------
    def prepare_shot(self) -> None:
        """For the screenshot tool: nothing to add."""


def grouped(n: int, lang: str) -> str:
    """12,345 in English, 12.345 in German."""
    return f"{n:,}".replace(",", "." if lang == "de" else ",")


def ch_gap(L: Layout) -> int:
    return int(L.ch * VGAP)


def arrow(surface, a, b, colour, width: int, head: int) -> None:
    """A straight arrow from ``a`` to ``b`` with a filled head, and a dark
    outline so it reads over cards and felt."""
    import math

    ax, ay = a
    bx, by = b
    ang = math.atan2(by - ay, bx - ax)
    tip = (bx - math.cos(ang) * head * 0.2, by - math.sin(ang) * head * 0.2)
    base = (tip[0] - math.cos(ang) * head, tip[1] - math.sin(ang) * head)
    left = (base[0] + math.sin(ang) * head * 0.6, base[1] - math.cos(ang) * head * 0.6)
    right = (base[0] - math.sin(ang) * head * 0.6, base[1] + math.cos(ang) * head * 0.6)
    pygame.draw.line(surface, (20, 20, 20), a, base, width + 4)
    pygame.draw.polygon(surface, (20, 20, 20), [tip, left, right], 0)
    pygame.draw.line(surface, colour, a, base, width)
    pygame.draw.polygon(surface, colour, [tip, left, right], 0)
    pygame.draw.circle(surface, colour, (int(ax), int(ay)), width + 2)
