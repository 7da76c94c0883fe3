"""The Delphi table: the main line and its side lines, markers, the
viewer's hand, the seats, the log, and the moments the rules ask for
(No Play, Prophet, verdicts, picks, the end of a round).

Input becomes engine actions, never rules of our own: a hand card (or a
string built by clicking cards in order) dropped on the tableau is
``play``; the buttons are enabled from ``legal_actions`` and
``prophet_blocker``.  A wrong card is not refused (it goes to a side line,
which the engine decides); refusals are for moves that are not possible
now, like playing out of turn, and show the engine's reason.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

import pygame

from game.cards import Card
from game.engine import Message
from game.engine.match import Match, Refused, seats_from
from game.games.delphi.state import (
    DECLARE,
    GAME_OVER,
    GOD_CHECK_PICK,
    GOD_PICK,
    GOD_VERDICT,
    PROPHET_PICK,
    PROPHET_VERDICT,
    ROUND_OVER,
    SETRULE,
    TURN,
    Action,
)
from game.i18n import tr
from game.persistence.saves import update_stats as store_stats
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM, REFUSE
from game.ui.dragdrop import PENDING, DragDrop, Source, Zone
from game.ui.scenes.dialog import ConfirmScene
from game.ui.scenes.rules import RulesScene
from game.ui.table import TableScene, reason_text
from game.ui.tables.delphi import draw as dd
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.layout import HandLayout, Tableau, layout_hand, layout_tableau
from game.ui.tables.delphi.summary import RoundScene
from game.ui.widgets import felt, panel, text, text_block, wrap

VERDICT_PHASES = (PROPHET_VERDICT, GOD_VERDICT)
PICK_PHASES = (PROPHET_PICK, GOD_PICK)
ACTIVE_PHASES = (TURN, DECLARE, PROPHET_VERDICT, GOD_VERDICT, PROPHET_PICK, GOD_CHECK_PICK, GOD_PICK)
#: log entries worth a notice at the top of the table
NOTABLE = {
    "delphi.log.prophet",
    "delphi.log.cast_down",
    "delphi.log.expelled",
    "delphi.log.noplay_right",
    "delphi.log.noplay_right_out",
    "delphi.log.noplay_wrong",
}


class DelphiDrag(DragDrop):
    """Drag-and-drop whose successful drops are animated by the table
    (the cards fly to where the engine put them: main line or side line),
    and whose dragged item may be a whole string of cards."""

    def __init__(self, *, hide_key, **kw) -> None:
        super().__init__(**kw)
        self.hide_key = hide_key
        self.last_start = (0, 0)

    def _attempt(self, src: Source, zone: Zone, *, from_pointer: bool) -> None:
        start = (self.pointer[0] - self.grab_offset[0], self.pointer[1] - self.grab_offset[1]) if from_pointer else src.rect.topleft
        self.last_start = start
        self.selected = None
        self.cursor = None
        self._legal_cache = None
        result = self.drop(src.payload, zone.payload)
        if result is None:
            return
        dur = 0.18 if result is PENDING else 0.25
        self.anim.fly(src.image, start, src.rect.topleft, dur, hide=self.hide_key(src.payload))
        if result is not PENDING:
            self.on_refused(result)

    def _fly_back(self, src: Source, pos) -> None:
        start = (pos[0] - self.grab_offset[0], pos[1] - self.grab_offset[1])
        self.anim.fly(src.image, start, src.rect.topleft, 0.2, hide=self.hide_key(src.payload))


@dataclass
class Layout:
    s: float
    top_h: int
    tableau: Tableau
    hand_area: pygame.Rect
    hand: HandLayout
    status: pygame.Rect
    sidebar: pygame.Rect
    info: pygame.Rect
    seats: pygame.Rect
    seat_rows: list[pygame.Rect]
    log: pygame.Rect
    buttons: pygame.Rect
    deck: pygame.Rect
    shown: pygame.Rect | None = None
    shown_cards: list[pygame.Rect] = field(default_factory=list)
    shown_cw: int = 0


class DelphiTable(TableScene):
    game_id = "delphi"
    name = "delphi-table"
    bot_delay = 0.55

    def __init__(self, app, runner, meta=None) -> None:
        super().__init__(app, runner, meta)
        n = self.players
        self.meta.setdefault("levels", ["medium"] * n)  # computer God's difficulty, per seat
        self.meta.setdefault("counted_rounds", len(self.state.results))
        m = self.meta
        #: the rules of play at this table (the computer God, God's screen,
        #: names, statistics); the table still runs its own turn loop
        self.match = Match(runner, seats_from(m["names"], m["bots"], m["levels"]), meta=m, rng=self.rng)
        self.chosen: list[int] = []  # hand indices of the string being built, in order
        self.cursor: int | None = None  # keyboard cursor over the hand
        self.pick: int | None = None  # shown-hand card chosen in a pick phase
        self.badge: list | None = None  # [label, right, midbottom, delay, ttl]
        self._play_src: list | None = None
        self._summary_round: int | None = None
        self._view_cache = None
        self._layout_cache = None
        self.drag = DelphiDrag(
            sources=self._sources,
            zones=self._zones,
            legal=self._legal_for,
            drop=self._drop,
            animator=self.anim,
            on_refused=self.refuse,
            on_click=self._on_card_click,
            hide_key=self._hide_key,
        )

    # --- model helpers ------------------------------------------------------------------
    @property
    def view(self):
        key = (id(self.state), self.viewer)
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.game.view(self.state, self.viewer))
        return self._view_cache[1]

    def named(self, m):
        """Engine messages with the players' own names (see the policy)."""
        return self.match.policy.name(self.match, m) if isinstance(m, Message) else m

    def names(self) -> list[str]:
        return [self.seat_name(i) for i in range(self.players)]

    def god_title(self) -> str:
        return self.state.god_name or tr("delphi.god")

    def my_turn(self) -> bool:
        return self.viewer is not None and not self.finished and self.current == self.viewer

    def phase(self) -> str:
        return self.state.phase

    def legal(self) -> list[Action]:
        return list(self.game.legal_actions(self.state))

    def can(self, kind: str, n: int | None = None) -> bool:
        if not self.my_turn():
            return False
        return any(a.kind == kind and (n is None or a.n == n) for a in self.legal())

    def hand(self) -> tuple[Card, ...]:
        h = self.view.hand
        return tuple(h) if h else ()

    def string_cards(self) -> tuple[Card, ...]:
        h = self.hand()
        return tuple(h[i] for i in self.chosen if i < len(h))

    def status_message(self):
        """What the table waits for, named for the players."""
        st = self.state
        seat = self.current
        if seat is None:
            return Message("delphi.wait.game_over")
        m = self.game.status(st)
        return self.named(m) if seat >= 0 else m

    # --- lifecycle ------------------------------------------------------------------------
    def begin(self) -> None:
        seat = self.current
        if self.viewer is None and seat is not None and self.is_bot(seat):
            first = self.match.policy.first_viewer(self.match)
            if first is not None:
                self.hand_to(first, first=True)
                if self.app.scenes.top is not self:
                    return
        self.advance(first=True)

    def advance(self, first: bool = False) -> None:
        st = self.state
        if self.game.outcome(st) is None and not self.finished:
            seat = self.current
            several = len(self.humans()) > 1
            # God's view (the rule) never stays on screen for the others
            if self.viewer is not None and seat is not None and self.match.policy.hides_from(self.match, self.viewer, seat):
                self.viewer = None
                self.on_viewer_changed()
            if st.phase == ROUND_OVER:
                if several and self.viewer is not None:
                    self.viewer = None
                    self.on_viewer_changed()
                self.open_summary()
                return
            if st.phase == SETRULE and seat is not None and not self.is_bot(seat) and seat == self.viewer:
                self.open_god_setup()
                return
        super().advance(first)

    def on_viewer_changed(self) -> None:
        self.drag.cancel()
        self.chosen, self.cursor, self.pick = [], None, None
        super().on_viewer_changed()
        st = self.state
        if st.phase == SETRULE and self.viewer is not None and self.viewer == st.god and not self.is_bot(st.god) and not self.finished:
            self.open_god_setup()

    def open_god_setup(self) -> None:
        top = self.app.scenes.top
        if isinstance(top, GodScene):
            return
        self.app.push(GodScene(self.app, self))

    def open_summary(self) -> None:
        st = self.state
        if self._summary_round == st.round and any(isinstance(s, RoundScene) for s in self.app.scenes.scenes):
            return
        self._summary_round = st.round
        self.app.push(RoundScene(self.app, self, final=False, auto=not self.humans()))

    def next_round(self) -> None:
        if self.state.phase != ROUND_OVER:
            return
        err = self.try_action(Action("next"))
        if err is not None:
            self.refuse(err)

    # --- computer players -------------------------------------------------------------------
    def schedule_bot(self) -> None:
        if self._bot_pending or self.finished:
            return
        self._bot_pending = True
        quick = self.state.phase == DECLARE
        self.anim.after(0.12 if quick else self.bot_delay, self._bot_move, blocking=True, scaled=True)

    def _bot_move(self) -> None:
        self._bot_pending = False
        st = self.state
        seat = self.current
        if seat is None or not self.is_bot(seat) or self.finished or st.phase == ROUND_OVER:
            return
        if self.app.scenes.top is not self and not any(s is self for s in self.app.scenes.scenes):
            return
        legal = self.legal()
        action = self.match.bot(seat).choose(self.game.view(st, seat), legal, self.rng)  # God's rule, too
        self.animate_bot_action(seat, action)
        err = self.try_action(action)
        if err is not None and legal:  # a bot must never stall the table
            self._play_src = None
            self.try_action(legal[0])

    def animate_bot_action(self, seat: int, action) -> None:
        if action.kind == "play":
            L = self.layout()
            a = self._seat_anchor(L, seat)
            self._play_src = [a] * len(action.cards)

    # --- layout -------------------------------------------------------------------------------
    def layout(self) -> Layout:
        key = (self.app.size, self.app.scale, id(self.state), self.viewer, tuple(self.chosen), self.pick)
        if self._layout_cache is None or self._layout_cache[0] != key:
            self._layout_cache = (key, self.compute_layout(self.view))
        return self._layout_cache[1]

    def compute_layout(self, view) -> Layout:
        w, h = self.app.size
        s = self.app.scale
        m = int(14 * s)
        top_h = int(50 * s)
        rw = int(min(max(w * 0.23, 300 * s), 400 * s))
        sx = w - rw - m
        sidebar = pygame.Rect(sx, top_h + m // 2, rw, h - top_h - m // 2 - m)
        # right column: info, seats, log, buttons
        info_h = int(self._info_lines_height(view, rw, s))
        info = pygame.Rect(sx, sidebar.y, rw, info_h)
        row_h = int(36 * s) if view.players > 6 else int(40 * s)
        seats = pygame.Rect(sx, info.bottom + int(8 * s), rw, row_h * view.players + int(10 * s))
        seat_rows = [pygame.Rect(sx + int(6 * s), seats.y + int(5 * s) + i * row_h, rw - int(12 * s), row_h - int(4 * s)) for i in range(view.players)]
        bh = int(40 * s)
        buttons = pygame.Rect(sx, sidebar.bottom - (2 * bh + int(8 * s)), rw, 2 * bh + int(8 * s))
        log = pygame.Rect(sx, seats.bottom + int(8 * s), rw, max(int(40 * s), buttons.y - int(10 * s) - seats.bottom - int(8 * s)))
        deck = pygame.Rect(info.right - int(44 * s), info.y + int(10 * s), int(30 * s), int(42 * s))
        # left: tableau above, hand below
        lw = sx - 2 * m
        hand_n = len(view.hand) if view.hand else 0
        hand_cw = int(84 * s)
        hand_h = int(hand_cw * cardart.ASPECT) + int(18 * s) if view.hand is not None else int(40 * s)
        hand_area = pygame.Rect(m, h - m - int(18 * s) - hand_h, lw, hand_h)
        status = pygame.Rect(m, hand_area.y - int(34 * s), lw, int(30 * s))
        hand = layout_hand(hand_area, hand_n, s, lift=set(self.chosen))
        t_top = top_h + int(26 * s)
        t_bottom = status.y - int(10 * s)
        shown = None
        shown_cards: list[pygame.Rect] = []
        shown_cw = 0
        if view.shown_hand:
            shown_cw = int(min(60 * s, (lw - int(24 * s)) / max(1, len(view.shown_hand)) / 0.66))
            sh_h = int(shown_cw * cardart.ASPECT) + int(40 * s)
            shown = pygame.Rect(m, t_bottom - sh_h, lw, sh_h)
            t_bottom = shown.y - int(8 * s)
            n = len(view.shown_hand)
            step = min(shown_cw * 1.06, (shown.w - int(24 * s) - shown_cw) / max(1, n - 1)) if n > 1 else 0
            for i in range(n):
                r = pygame.Rect(int(shown.x + int(12 * s) + i * step), shown.y + int(30 * s), shown_cw, int(shown_cw * cardart.ASPECT))
                if self.pick == i:
                    r.y -= int(8 * s)
                shown_cards.append(r)
        area = pygame.Rect(m + int(8 * s), t_top, lw - int(16 * s), max(int(60 * s), t_bottom - t_top))
        active = view.phase in ACTIVE_PHASES
        pending = len(view.pending) if view.pending else 0
        tab = layout_tableau(area, view, s, slot=active and not pending, pending=pending)
        return Layout(s, top_h, tab, hand_area, hand, status, sidebar, info, seats, seat_rows, log, buttons, deck, shown, shown_cards, shown_cw)

    def _info_lines(self, view) -> list[tuple[str, tuple]]:
        lines = []
        lines.append((tr("delphi.ui.round", n=view.round + 1, total=view.rounds), INK))
        god = self.seat_name(view.god)
        lines.append((tr("delphi.table.god_is", god=self.god_title(), name=god), GOLD))
        lines.append((tr("delphi.ui.played", n=view.played), INK_DIM))
        if view.phase in ACTIVE_PHASES:
            if view.prophet < 0 and view.played >= view.expel_after:
                lines.append((tr("delphi.ui.expel_now"), REFUSE))
            else:
                lines.append((tr("delphi.table.expel_from", n=view.expel_after + 1), INK_DIM))
        if view.prophet >= 0:
            lines.append((tr("delphi.ui.prophet_is", player=self.seat_name(view.prophet)), GOLD))
        if view.hint:
            lines.append((tr("delphi.ui.hint", hint=view.hint), INK))
        if view.rule is not None and view.phase not in (ROUND_OVER, GAME_OVER):
            if view.by_hand:
                lines.append((tr("delphi.table.your_note", note=view.note or tr("delphi.table.no_note")), HIGHLIGHT))
            elif view.rule:
                lines.append((tr("delphi.table.your_rule", rule=view.rule), HIGHLIGHT))
        return lines

    def _info_lines_height(self, view, rw: int, s: float) -> int:
        size = int(15 * s)
        n = 0
        for i, (t, _) in enumerate(self._info_lines(view)):
            width = rw - int(24 * s) - (int(50 * s) if i < 3 else 0)
            n += len(wrap(t, size, width))
        return int(16 * s) + n * int(size * 1.3)

    def _seat_anchor(self, L: Layout, seat: int) -> tuple[int, int]:
        r = L.seat_rows[seat] if seat < len(L.seat_rows) else L.seats
        cw = L.tableau.cw
        return (r.x + r.w // 2 - cw // 2, r.y)

    # --- drag, click and keys -------------------------------------------------------------------
    def _string_active(self) -> bool:
        return len(self.chosen) >= 2

    def _hide_key(self, payload):
        if payload[0] == "hand" and self._string_active() and payload[1] in self.chosen:
            return ("string",)
        return payload

    def _sources(self):
        if self.finished or self.viewer is None:
            return []
        L = self.layout()
        out = []
        if self.my_turn() and self.phase() in PICK_PHASES:
            for i, (c, r) in enumerate(zip(self.view.shown_hand, L.shown_cards)):
                out.append(Source(r, ("shown", i), self._face(c, L.shown_cw)))
            return out
        hand = self.hand()
        for i, (c, r) in enumerate(zip(hand, L.hand.rects)):
            if self._string_active() and i in self.chosen:
                img = self._string_image(L.hand.cw)
            else:
                img = self._face(c, L.hand.cw)
            out.append(Source(r, ("hand", i), img))
        return out

    def _string_image(self, cw: int):
        cards = self.string_cards()
        key = (cards, cw, self.lang, self.app.settings.four_colour)
        cache = getattr(self, "_string_img", None)
        if cache is not None and cache[0] == key:
            return cache[1]
        ch = round(cw * cardart.ASPECT)
        step = int(cw * 0.34)
        img = pygame.Surface((cw + step * (len(cards) - 1), ch), pygame.SRCALPHA)
        for k, c in enumerate(cards):
            img.blit(self._face(c, cw), (k * step, 0))
        self._string_img = (key, img)
        return img

    def _zones(self):
        L = self.layout()
        return [Zone(L.tableau.area, ("main",))]

    def _legal_for(self, payload):
        if not self.my_turn():
            return []
        ph = self.phase()
        if payload[0] == "hand" and ph == TURN:
            return [("main",)]
        if payload[0] == "shown" and ph in PICK_PHASES:
            return [("main",)]
        return []

    def _drop(self, payload, zone):
        if zone != ("main",):
            return None
        if self.finished:
            return Message("engine.game_over")
        if self.viewer is None or self.current != self.viewer:
            return Message("delphi.table.not_your_turn", {"waiting": self.status_message()})
        if payload[0] == "shown":
            i = payload[1]
            shown = self.view.shown_hand
            if i >= len(shown):
                return None
            kind = "pick" if self.phase() == PROPHET_PICK else "god-pick"
            self._play_src = [self.drag.last_start]
            return self.try_action(Action(kind, (shown[i],)))
        i = payload[1]
        hand = self.hand()
        if i >= len(hand):
            return None
        if self._string_active() and i in self.chosen:
            cards = self.string_cards()
        else:
            cards = (hand[i],)
        x, y = self.drag.last_start
        step = int(self.layout().hand.cw * 0.34)
        self._play_src = [(x + k * step, y) for k in range(len(cards))]
        err = self.try_action(Action("play", cards))
        if err is not None:
            self._play_src = None
        return err

    def _on_card_click(self, payload) -> bool:
        if payload[0] == "shown":
            i = payload[1]
            self.pick = None if self.pick == i else i
        else:
            i = payload[1]
            if i in self.chosen:
                self.chosen.remove(i)
            else:
                self.chosen.append(i)
            self.cursor = i
        self.touch()
        self.rebuild()
        return True

    def play_string(self) -> None:
        """The Play button / Enter: play the cards chosen, in their order."""
        if not self.chosen and self.cursor is not None and self.cursor < len(self.hand()):
            self.chosen = [self.cursor]
        cards = self.string_cards()
        if not cards:
            self.refuse(Message("delphi.err.no_cards"))
            return
        if self.viewer is None or self.current != self.viewer:
            self.refuse(Message("delphi.table.not_your_turn", {"waiting": self.status_message()}))
            return
        L = self.layout()
        self._play_src = [L.hand.rects[i].topleft for i in self.chosen if i < len(L.hand.rects)]
        err = self.try_action(Action("play", cards))
        if err is not None:
            self._play_src = None
            self.refuse(err)

    def clear_string(self) -> None:
        self.chosen = []
        self.touch()
        self.rebuild()

    def do_pick(self) -> None:
        shown = self.view.shown_hand
        if self.pick is None or self.pick >= len(shown):
            self.refuse(Message("delphi.err.pick_one"))
            return
        kind = "pick" if self.phase() == PROPHET_PICK else "god-pick"
        L = self.layout()
        self._play_src = [L.shown_cards[self.pick].topleft]
        err = self.try_action(Action(kind, (shown[self.pick],)))
        if err is not None:
            self._play_src = None
            self.refuse(err)

    def do(self, action: Action) -> None:
        if not self.my_turn():
            self.refuse(Message("delphi.table.not_your_turn", {"waiting": self.status_message()}))
            return
        err = self.try_action(action)
        if err is not None:
            self.refuse(err)

    def no_play(self) -> None:
        self.do(Action("noplay"))

    def declare(self) -> None:
        if self.viewer is not None:
            why = self.game.prophet_blocker(self.state, self.viewer)
            if why is not None:
                self.refuse(why)
                return
        self.do(Action("prophet"))

    def decline(self) -> None:
        self.do(Action("pass"))

    def verdict(self, right: bool) -> None:
        self.do(Action("verdict", n=1 if right else 0))

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and self._handle_table_key(event):
            self.focus_index = None if event.key not in (pygame.K_TAB,) else self.focus_index
            return
        if event.type != pygame.KEYDOWN and self.drag.handle_event(event):
            return
        super().handle_event(event)

    def _handle_table_key(self, event) -> bool:
        k = event.key
        ph = self.phase()
        if k == pygame.K_ESCAPE:
            if self.chosen or self.cursor is not None or self.pick is not None:
                self.chosen, self.cursor, self.pick = [], None, None
                self.touch()
                self.rebuild()
            else:
                self.leave()
            return True
        if self.focused() is not None and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return False  # a focused button takes Enter
        if k == pygame.K_TAB or self.viewer is None:
            return False
        if ph in PICK_PHASES and self.my_turn():
            n = len(self.view.shown_hand)
            if k in (pygame.K_LEFT, pygame.K_RIGHT) and n:
                step = 1 if k == pygame.K_RIGHT else -1
                self.pick = 0 if self.pick is None else (self.pick + step) % n
                self.touch()
                self.rebuild()
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.pick is not None:
                self.do_pick()
                return True
            return False
        n = len(self.hand())
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            step = 1 if k == pygame.K_RIGHT else -1
            self.cursor = (0 if step > 0 else n - 1) if self.cursor is None else (self.cursor + step) % n
            self.touch()
            return True
        if k == pygame.K_SPACE and self.cursor is not None and self.cursor < n:
            self._on_card_click(("hand", self.cursor))
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and (self.chosen or self.cursor is not None) and ph == TURN:
            self.play_string()
            return True
        if k == pygame.K_BACKSPACE and self.chosen:
            self.clear_string()
            return True
        if k == pygame.K_n and self.can("noplay"):
            self.no_play()
            return True
        if k == pygame.K_p and self.can("prophet"):
            self.declare()
            return True
        if k == pygame.K_c and self.can("pass"):
            self.decline()
            return True
        if k == pygame.K_r and self.can("verdict", 1):
            self.verdict(True)
            return True
        if k == pygame.K_w and self.can("verdict", 0):
            self.verdict(False)
            return True
        return False

    # --- buttons ----------------------------------------------------------------------------
    def rebuild(self) -> None:
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep if keep is not None and keep < len(self._focusables) else None

    def build_ui(self) -> None:
        w = self.app.size[0]
        s = self.app.scale
        bh = int(36 * s)
        bw = int(118 * s)
        x = w - int(14 * s) - bw
        self.button((x, int(7 * s), bw, bh), tr("ui.menu"), self.leave)
        x -= bw + int(8 * s)
        self.button((x, int(7 * s), bw, bh), tr("ui.rules_button"), self.open_rules)
        x -= int(150 * s) + int(8 * s)
        self.stop_button = self.button((x, int(7 * s), int(150 * s), bh), tr("delphi.table.stop"), self.ask_stop, enabled=not self.finished)
        if self.finished:
            return
        L = self.layout()
        B = L.buttons
        gap = int(8 * s)
        bh = (B.h - gap) // 2
        half = (B.w - gap) // 2
        narrow = int((B.w - gap) * 0.42)
        row1 = pygame.Rect(B.x, B.y, B.w, bh)
        row2 = pygame.Rect(B.x, B.y + bh + gap, B.w, bh)
        ph = self.phase()
        mine = self.my_turn()
        self.primary = None
        v = self.view
        if mine and ph in VERDICT_PHASES:
            noplay = v.pending_kind == "noplay"
            yes = tr("delphi.ui.noplay_right") if noplay else tr("delphi.ui.right")
            no = tr("delphi.ui.noplay_wrong") if noplay else tr("delphi.ui.wrong")
            self.primary = self.button(row1, "✓ " + yes, lambda: self.verdict(True), object_id="#primary")
            self.button(row2, "✗ " + no, lambda: self.verdict(False))
        elif mine and ph == GOD_CHECK_PICK:
            self.primary = self.button((row1.x, row1.y, half, bh), "✓ " + tr("delphi.ui.right"), lambda: self.verdict(True), object_id="#primary")
            self.button((row1.x + half + gap, row1.y, half, bh), "✗ " + tr("delphi.ui.wrong"), lambda: self.verdict(False), enabled=self.can("verdict", 0))
        elif mine and ph in PICK_PHASES:
            label = tr("delphi.table.put_card", card=self.view.shown_hand[self.pick]) if self.pick is not None and self.pick < len(v.shown_hand) else tr("delphi.table.choose_card")
            self.primary = self.button(row1, label, self.do_pick, object_id="#primary", enabled=self.pick is not None)
        elif mine and ph == DECLARE:
            self.primary = self.button(row1, tr("delphi.table.continue"), self.decline, object_id="#primary")
            self.prophet_button = self.button(row2, tr("delphi.ui.prophet"), self.declare)
        elif v.hand is not None and self.viewer is not None:
            n = len(self.chosen)
            label = tr("delphi.table.play_n", n=n) if n else tr("delphi.table.play")
            self.play_button = self.button((row1.x, row1.y, half + half // 3, bh), label, self.play_string, object_id="#primary" if mine and n else None, enabled=mine and ph == TURN and n > 0)
            cx = row1.x + half + half // 3 + gap
            self.button((cx, row1.y, row1.right - cx, bh), tr("delphi.table.clear"), self.clear_string, enabled=n > 0)
            self.noplay_button = self.button((row2.x, row2.y, narrow, bh), tr("delphi.ui.noplay"), self.no_play, enabled=self.can("noplay"))
        if v.hand is not None and self.viewer is not None and not (mine and ph in (DECLARE, PROPHET_VERDICT, GOD_VERDICT)):
            why = self.game.prophet_blocker(self.state, self.viewer)
            tip = reason_text(self.named(why), self.lang) if why is not None else None
            x2 = row2.x + narrow + gap
            self.prophet_button = self.button((x2, row2.y, row2.right - x2, bh), tr("delphi.ui.prophet"), self.declare, enabled=why is None and self.can("prophet"), tooltip=tip)
        if self.primary is not None and self.focus_index is None:
            self.focus(self.primary)

    def open_rules(self) -> None:
        self.app.push(RulesScene(self.app, "delphi"))

    # --- stopping early -----------------------------------------------------------------------
    def ask_stop(self) -> None:
        if self.finished:
            return
        done = len(self.state.results)
        body = tr("delphi.table.stop_body", n=done) if self.state.phase not in (ROUND_OVER,) else tr("delphi.table.stop_body_between", n=done)
        self.confirm(tr("delphi.table.stop_title"), body, self.stop_now, yes=tr("delphi.table.stop_yes"), no=tr("ui.cancel"))

    def stop_now(self) -> None:
        if self.finished:
            return
        while isinstance(self.app.scenes.top, (RoundScene, ConfirmScene)):
            self.app.pop()
        self.anim.clear()
        if self.try_action(Action("stop")) is None:
            self.touch()
            self.rebuild()
            self.anim.finish_all()  # the result now, not after the usual pause

    # --- the engine moved ------------------------------------------------------------------------
    def try_action(self, action, **_) -> Message | None:
        """Through the match, which names refusals and folds statistics."""
        res = self.match.play(action)
        if isinstance(res, Refused):
            self.app.play_sound("refuse")
            return res.reason
        self.redo_stack.clear()
        self.after_action(res.before, action)
        return None

    def on_action(self, before, action) -> None:
        self.drag.cancel()
        self.chosen, self.cursor, self.pick = [], None, None
        after = self.state
        self._store_folds()
        self._animate(before, after, action)
        self._notices(before, after)
        self.rebuild()

    def _notices(self, before, after) -> None:
        if after.round != before.round:
            return
        names = self.names()
        view = self.game.view(after, None)
        msgs = view.named_messages(names)
        for entry, m in zip(after.log[len(before.log):], msgs[len(before.log):]):
            if entry[0] in NOTABLE:
                self.toasts.show(reason_text(m, self.lang), "info", ttl=4.0)

    def _animate(self, before, after, action) -> None:
        src = self._play_src
        self._play_src = None
        if after.round != before.round or (after.phase in (ROUND_OVER, GAME_OVER) and not after.main):
            return
        if before.phase == SETRULE:
            # the starter cards are dealt: they come from God's deck
            L = self.layout()
            for i, r in enumerate(L.tableau.main):
                self.anim.fly(self._face(after.main[i], L.tableau.cw), L.deck.topleft, r.topleft, 0.35, hide=("main", i), delay=0.08 * i)
            return
        Lb = self.compute_layout(self.game.view(before, self.viewer))
        L = self.layout()
        T = L.tableau
        targets: list[tuple[Card, pygame.Rect, tuple]] = []
        for i in range(len(before.main), len(after.main)):
            if i < len(T.main):
                targets.append((after.main[i], T.main[i], ("main", i)))
        for j in range(len(before.side), len(after.side)):
            for k, c in enumerate(after.side[j].cards):
                if j < len(T.side) and k < len(T.side[j]):
                    targets.append((c, T.side[j][k], ("side", j, k)))
        if after.pending and not before.pending:
            for k, c in enumerate(after.pending):
                if k < len(T.pending):
                    targets.append((c, T.pending[k], ("pending", k)))
        if not targets:
            return
        bot = self.is_bot(before.turn) and action.kind == "play"
        dur = 0.5 if bot else 0.26
        for n, (card, rect, key) in enumerate(targets):
            start = None
            if before.pending and not after.pending and n < len(Lb.tableau.pending):
                start = Lb.tableau.pending[n].topleft
            elif src and n < len(src):
                start = src[n]
            elif before.pending_kind == "noplay" and card in before.hands[before.turn]:
                shown = self.game.view(before, self.viewer).shown_hand
                idx = shown.index(card) if card in shown else -1
                if 0 <= idx < len(Lb.shown_cards):
                    start = Lb.shown_cards[idx].topleft
            if start is None:
                start = self._seat_anchor(L, before.turn)
            self.anim.fly(self._face(card, T.cw), start, rect.topleft, dur, hide=key, delay=0.05 * n)
        # the verdict, shown where the cards landed
        landed = [t for t in targets if t[2][0] in ("main", "side")]
        settled_play = landed and (action.kind == "play" or before.pending_kind == "play")
        if settled_play:
            right = landed[0][2][0] == "main"
            r = landed[-1][1]  # the last card of the play lies on top: fully visible
            label = tr("delphi.ui.right") if right else tr("delphi.ui.wrong")
            self.badge = [label, right, (r.centerx, r.bottom - int(6 * L.s)), dur * self.app.anim_factor() + 0.05, 1.5]
        # penalty cards travel from God's deck to the seat
        for seat in range(after.players):
            got = len(after.hands[seat]) - len(before.hands[seat])
            if got > 0 and seat != after.god:
                end = self._seat_anchor(L, seat)
                back = cardart.back(max(16, int(T.cw * 0.6)))
                for k in range(min(got, 5)):
                    self.anim.fly(back, L.deck.topleft, end, 0.4, blocking=False, delay=dur + 0.07 * k)

    def record_stats(self, outcome) -> None:
        self._store_folds()  # the game's fold came with its last action

    def _store_folds(self) -> None:
        """Write what the match folded: a finished round (counted once, the
        mark saved with it) and the end of the game."""
        folds = self.match.take_folds()
        if not folds:
            return
        self.meta["counted_rounds"] = self.match.meta["counted_rounds"]
        self.autosave()
        for fold in folds:
            with contextlib.suppress(OSError):
                store_stats(self.game_id, fold)

    def show_result(self, outcome) -> None:
        self.app.play_sound("win")
        self.app.push(RoundScene(self.app, self, final=True, outcome=outcome))

    def leave(self) -> None:
        self.app.to_menu()

    # --- drawing ---------------------------------------------------------------------------------
    def static_key(self) -> tuple:
        d = self.drag
        return super().static_key() + (
            d.dragging.payload if d.dragging else None,
            tuple(self.chosen),
            self.cursor,
            self.pick,
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.badge is not None:
            if self.badge[3] > 0:
                self.badge[3] -= dt
            else:
                self.badge[4] -= dt
                if self.badge[4] <= 0:
                    self.badge = None

    def _face(self, card: Card, width: int):
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def draw_static(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        view = self.view
        L = self.layout()
        self._draw_top(surface, view, L)
        self._draw_tableau(surface, view, L)
        self._draw_shown(surface, view, L)
        self._draw_info(surface, view, L)
        self._draw_seats(surface, view, L)
        self._draw_log(surface, view, L)
        self._draw_hand(surface, view, L)
        self._draw_status(surface, view, L)

    def draw_dynamic(self, surface) -> None:
        L = self.layout()
        if self.drag.dragging is not None and self.drag.legal_zones():
            T = L.tableau
            r = T.slot or (T.pending[0] if T.pending else None)
            if r is not None:
                g = cardart.glow(r.w)
                surface.blit(g, g.get_rect(center=r.center))
            pygame.draw.rect(surface, HIGHLIGHT, T.area.inflate(int(12 * L.s), int(12 * L.s)), 2, border_radius=int(12 * L.s))
        if self.cursor is not None and self.cursor < len(L.hand.rects) and not self.drag.dragging:
            pygame.draw.rect(surface, (255, 255, 255), L.hand.rects[self.cursor].inflate(8, 8), 3, border_radius=8)
        self.anim.draw(surface)
        self.drag.draw_dragged(surface)
        if self.badge is not None and self.badge[3] <= 0:
            alpha = int(255 * min(1.0, self.badge[4] / 0.4))
            dd.verdict_badge(surface, self.badge[2], self.badge[0], self.badge[1], int(17 * L.s), alpha)
        self._draw_prophet_hint(surface, L)
        self.draw_toasts(surface)

    def _draw_prophet_hint(self, surface, L: Layout) -> None:
        """The reason Declare Prophet is disabled, while the pointer rests on it."""
        b = getattr(self, "prophet_button", None)
        if b is None or not b.alive() or b.is_enabled or self.viewer is None:
            return
        if not b.rect.collidepoint(pygame.mouse.get_pos()):
            return
        why = self.game.prophet_blocker(self.state, self.viewer)
        if why is None:
            return
        s = L.s
        msg = reason_text(self.named(why), self.lang)
        width = int(340 * s)
        lines = wrap(msg, int(15 * s), width - int(20 * s))
        hh = len(lines) * int(15 * s * 1.3) + int(16 * s)
        r = pygame.Rect(b.rect.right - width, b.rect.y - hh - int(8 * s), width, hh)
        panel(surface, r, 235, int(8 * s), GOLD)
        text_block(surface, msg, r.inflate(-int(20 * s), -int(16 * s)), int(15 * s), INK)

    def _draw_top(self, surface, view, L: Layout) -> None:
        s = L.s
        w = surface.get_width()
        panel(surface, pygame.Rect(0, 0, w, L.top_h), 120, 0)
        text(surface, tr("delphi.table.title"), (int(18 * s), L.top_h // 2), int(22 * s), INK, bold=True, anchor="midleft")
        sub = tr("delphi.ui.round", n=view.round + 1, total=view.rounds) + " · " + tr("delphi.table.god_is", god=self.god_title(), name=self.seat_name(view.god))
        text(surface, sub, (int(120 * s), L.top_h // 2), int(16 * s), INK_DIM, anchor="midleft", shadow=False, max_width=int(w * 0.42))

    def _draw_tableau(self, surface, view, L: Layout) -> None:
        s = L.s
        T = L.tableau
        label = tr("delphi.ui.main_line")
        text(surface, label, (T.area.x, T.area.y - int(4 * s)), int(14 * s), INK_DIM, anchor="bottomleft", shadow=False)
        if not T.fits:
            text(surface, tr("delphi.table.crowded"), (T.area.right, T.area.y - int(4 * s)), int(13 * s), INK_DIM, anchor="bottomright", shadow=False)
        cw = T.cw
        shadow = cardart.shadow(cw)
        # side lines first (they hang below; the main line is drawn over their tops)
        for j, rects in enumerate(T.side):
            sp = view.side[j]
            for k, (c, r) in enumerate(zip(sp.cards, rects)):
                if self.anim.hidden(("side", j, k)):
                    continue
                surface.blit(shadow, (r.x + 2, r.y + 3))
                surface.blit(self._face(c, cw), r)
            if len(rects) >= 2 and not self.anim.hidden(("side", j, 0)):
                dd.string_bracket(surface, rects, (240, 220, 160), max(2, int(2 * s)))
        for i, r in enumerate(T.main):
            if i >= len(view.main) or self.anim.hidden(("main", i)):
                continue
            surface.blit(shadow, (r.x + 2, r.y + 3))
            surface.blit(self._face(view.main[i], cw), r)
            if i < view.starters:
                pygame.draw.rect(surface, (190, 208, 194), r.inflate(4, 4), 1, border_radius=max(3, cw // 10))
        if T.slot is not None:
            surface.blit(cardart.slot(cw, dashed=True, alpha=110), T.slot)
            text(surface, "?", T.slot.center, int(cw * 0.5), (255, 255, 255), bold=True, anchor="center", shadow=False)
        for k, r in enumerate(T.pending):
            if k >= len(view.pending) or self.anim.hidden(("pending", k)):
                continue
            surface.blit(shadow, (r.x + 2, r.y + 3))
            surface.blit(self._face(view.pending[k], cw), r)
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(4, 4), 2, border_radius=max(3, cw // 10))
        if T.pending:
            r0 = T.pending[0]
            text(surface, tr("delphi.table.awaiting"), (r0.x, r0.bottom + int(3 * s)), int(13 * s), HIGHLIGHT, shadow=True, max_width=max(cw * len(T.pending), int(120 * s)))
        # markers: white every 10th card, black after the Prophet, the Prophet's own
        ph = max(12, int(cw * 0.36))
        for kind, nums in (("white", view.white), ("black", view.black)):
            for n in nums:
                r = T.rect_for_number(view, n)
                if r is not None:
                    dd.pawn(surface, (r.right - ph * 0.32, r.y + ph * 0.95), ph, kind)
        if 0 <= view.prophet_anchor < len(T.main) and view.prophet >= 0:
            r = T.main[view.prophet_anchor]
            dd.pawn(surface, (r.x + ph * 0.36, r.bottom - int(2 * s)), int(ph * 1.1), "prophet")

    def _draw_shown(self, surface, view, L: Layout) -> None:
        if L.shown is None:
            return
        s = L.s
        panel(surface, L.shown, 150, int(10 * s), GOLD)
        who = self.seat_name(view.turn)
        title = tr("delphi.table.shown_hand", player=who, n=len(view.shown_hand))
        text(surface, title, (L.shown.x + int(12 * s), L.shown.y + int(6 * s)), int(15 * s), GOLD, bold=True, shadow=False, max_width=L.shown.w - int(24 * s))
        for i, (c, r) in enumerate(zip(view.shown_hand, L.shown_cards)):
            if self.drag.dragging is not None and self.drag.dragging.payload == ("shown", i):
                continue
            surface.blit(self._face(c, L.shown_cw), r)
            if self.pick == i or (view.picked is not None and c == view.picked and i == list(view.shown_hand).index(c)):
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(6, 6), 3, border_radius=6)

    def _draw_info(self, surface, view, L: Layout) -> None:
        s = L.s
        panel(surface, L.info, 120, int(10 * s))
        size = int(15 * s)
        y = L.info.y + int(8 * s)
        for i, (line, colour) in enumerate(self._info_lines(view)):
            width = L.info.w - int(24 * s) - (int(50 * s) if i < 3 else 0)
            y += text_block(surface, line, pygame.Rect(L.info.x + int(12 * s), y, width, 400), size, colour, line_gap=1.3)
        # God's deck
        d = L.deck
        if view.deck_size:
            for k in range(min(3, (view.deck_size + 19) // 20)):
                surface.blit(cardart.back(d.w), (d.x + k * 2, d.y - k * 2))
        text(surface, str(view.deck_size), (d.centerx, d.bottom + int(2 * s)), int(12 * s), INK_DIM, anchor="midtop", shadow=False)

    def _draw_seats(self, surface, view, L: Layout) -> None:
        s = L.s
        panel(surface, L.seats, 110, int(10 * s))
        cur = self.current
        size = int(15 * s) if view.players > 6 else int(16 * s)
        for seat, row in enumerate(L.seat_rows):
            if seat == cur and not self.finished and view.phase in ACTIVE_PHASES + (SETRULE,):
                pygame.draw.rect(surface, HIGHLIGHT, row, 2, border_radius=int(7 * s))
            name = self.seat_name(seat)
            tags = []
            if seat == view.god:
                tags.append(self.god_title())
            if seat == view.prophet:
                tags.append(tr("delphi.table.prophet_tag"))
            if view.expelled[seat]:
                tags.append(tr("delphi.ui.expelled"))
            if self.is_bot(seat):
                tags.append(tr("ui.computer"))
            if seat == self.viewer:
                tags.append(tr("delphi.table.you"))
            colour = GOLD if seat == view.god else (INK_DIM if view.expelled[seat] else INK)
            count_w = int(74 * s)
            nr = text(surface, name, (row.x + int(8 * s), row.centery), size, colour, bold=seat == cur, anchor="midleft", max_width=int((row.w - count_w) * 0.55))
            if tags:
                text(surface, " · ".join(tags), (nr.right + int(8 * s), row.centery), int(12 * s), INK_DIM, anchor="midleft", shadow=False, max_width=row.right - count_w - nr.right - int(12 * s))
            if seat != view.god:
                n = view.hand_sizes[seat]
                bw = int(14 * s)
                back = cardart.back(bw)
                shown = min(n, 5)
                x0 = row.right - int(8 * s) - count_w
                for i in range(shown):
                    surface.blit(back, (x0 + i * int(bw * 0.45), row.centery - back.get_height() // 2))
                text(surface, str(n), (row.right - int(8 * s), row.centery), int(15 * s), INK, bold=True, anchor="midright", shadow=False)

    def _draw_log(self, surface, view, L: Layout) -> None:
        s = L.s
        r = L.log
        panel(surface, r, 90, int(10 * s))
        text(surface, tr("delphi.table.log"), (r.x + int(10 * s), r.y + int(6 * s)), int(14 * s), GOLD, bold=True, shadow=False)
        msgs = view.named_messages(self.names())
        size = int(13 * s)
        lh = int(size * 1.25)
        top = r.y + int(26 * s)
        y = r.bottom - int(8 * s)
        for m in reversed(msgs):
            lines = wrap(reason_text(m, self.lang), size, r.w - int(20 * s))
            need = len(lines) * lh
            if y - need < top:
                break
            y -= need
            text_block(surface, reason_text(m, self.lang), pygame.Rect(r.x + int(10 * s), y, r.w - int(20 * s), need), size, INK_DIM, line_gap=1.25)
            y -= int(3 * s)

    def _draw_hand(self, surface, view, L: Layout) -> None:
        s = L.s
        if self.viewer is None:
            if view.phase in ACTIVE_PHASES and not self.finished:
                text(surface, tr("delphi.table.no_hand_shown"), L.hand_area.center, int(16 * s), INK_DIM, anchor="center", shadow=False)
            return
        if view.hand is None:
            msg = tr("delphi.table.god_has_no_hand", god=self.god_title())
            text(surface, msg, L.hand_area.center, int(16 * s), INK_DIM, anchor="center", shadow=False, max_width=L.hand_area.w)
            return
        hw = L.hand.cw
        string_drag = self.drag.dragging is not None and self._string_active() and self.drag.dragging.payload[0] == "hand" and self.drag.dragging.payload[1] in self.chosen
        for i, (c, r) in enumerate(zip(view.hand, L.hand.rects)):
            hidden = self.anim.hidden(("hand", i)) or (i in self.chosen and (string_drag or self.anim.hidden(("string",))))
            if self.drag.dragging is not None and self.drag.dragging.payload == ("hand", i):
                hidden = True
            if hidden:
                continue
            surface.blit(cardart.shadow(hw), (r.x + 3, r.y + 5))
            surface.blit(self._face(c, hw), r)
            if i in self.chosen:
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(4, 4), 3, border_radius=8)
                n = self.chosen.index(i) + 1
                rad = max(9, int(13 * s))
                step = L.hand.rects[1].x - L.hand.rects[0].x if len(L.hand.rects) > 1 else hw
                visible = min(hw, step) if i < len(L.hand.rects) - 1 else hw
                dd.number_badge(surface, (r.x + visible // 2, r.bottom - rad - int(10 * s)), rad, n)
        label = tr("delphi.table.your_hand", name=self.seat_name(self.viewer), n=len(view.hand))
        text(surface, label, (L.hand_area.x, L.hand_area.bottom + int(3 * s)), int(13 * s), INK_DIM, shadow=False)
        keys = tr("delphi.table.keys")
        text(surface, keys, (L.hand_area.right, L.hand_area.bottom + int(3 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False, max_width=int(L.hand_area.w * 0.62))

    def _draw_status(self, surface, view, L: Layout) -> None:
        s = L.s
        msg = self.status_text(view)
        if msg:
            colour = HIGHLIGHT if self.my_turn() else INK
            text(surface, msg, L.status.center, int(18 * s), colour, bold=self.my_turn(), anchor="center", max_width=L.status.w)

    def status_text(self, view) -> str:
        if self.finished or self.state.phase in (ROUND_OVER, GAME_OVER):
            return ""
        st = self.state
        ph = st.phase
        me = self.viewer
        name = self.seat_name(me) if me is not None else ""
        player = self.seat_name(st.turn) if 0 <= st.turn < self.players else ""
        if self.my_turn():
            if ph == TURN:
                if self.chosen:
                    return tr("delphi.table.you_string", n=len(self.chosen))
                return tr("delphi.table.you_turn", name=name)
            if ph == DECLARE:
                return tr("delphi.table.you_declare", name=name)
            if ph == PROPHET_VERDICT:
                return tr("delphi.table.prophet_judge_noplay" if st.pending_kind == "noplay" else "delphi.table.prophet_judge_play", name=name, player=player)
            if ph == GOD_VERDICT:
                return tr("delphi.table.god_judge_noplay" if st.pending_kind == "noplay" else "delphi.table.god_judge_play", name=name, player=player)
            if ph == PROPHET_PICK:
                return tr("delphi.table.prophet_pick", name=name, player=player)
            if ph == GOD_PICK:
                return tr("delphi.table.god_pick", name=name, player=player)
            if ph == GOD_CHECK_PICK:
                return tr("delphi.table.god_check_pick", name=name, card=st.picked)
        if me is not None and me == st.god and ph in (TURN, DECLARE, PROPHET_VERDICT, PROPHET_PICK) and not st.by_hand:
            return tr("delphi.table.god_watch", status=reason_text(self.status_message(), self.lang))
        return reason_text(self.status_message(), self.lang)
