"""The Delphi table: the main line and its side lines, markers, the hand
of the person at the screen, the seats, the round's log, and the moments
the rules ask for (No Play, Prophet, verdicts, picks, God writing the
rule, the end of a round).

Input becomes engine actions, never rules of our own: a hand card (or a
string built by clicking cards in order) dropped on the tableau is
``play``; the buttons are enabled from ``legal_actions`` and
``prophet_blocker``.  Declaring oneself Prophet never holds the table up:
the button (and P) stays usable from one's own play until the next player
has played, also while a computer thinks, and a person's "declare now?"
moment passes by itself (the policy's ``automatic``; with another person
next, who would need the device, the person is asked instead).  A wrong card is not refused (it goes to a side line,
which the engine decides, and the card flies there); refusals are for
moves that are not possible now, like playing out of turn, and show the
engine's reason.  The turn loop, saving and statistics are the kit's
(:mod:`game.ui.kit.table`); the match's policy brings in the computer God
and covers God's screen from the others.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import Card
from game.engine.core import Message, Outcome, msg
from game.engine.match import Match, Step, seats_from
from game.games.delphi import GAME
from game.games.delphi.state import DECLARE, GOD_CHECK_PICK, GOD_PICK, GOD_VERDICT, PROPHET_PICK, PROPHET_VERDICT, ROUND_OVER, SETRULE, STARTER, TURN, Action, DelphiView
from game.i18n import tr
from game.ui import cardart
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.cursor import KeyCursor
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.table import Placed, TableScene, seat
from game.ui.scene import ButtonSpec
from game.ui.tables.delphi.draw import DelphiDrawing
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.layout import Layout, compute_layout
from game.ui.tables.delphi.motion import Badge, DelphiMotion
from game.ui.tables.delphi.starterscene import StarterScene
from game.ui.tables.delphi.summary import RoundScene

VERDICT_PHASES = (PROPHET_VERDICT, GOD_VERDICT)
PICK_PHASES = (PROPHET_PICK, GOD_PICK)
#: the button Enter presses when the person is to judge, pick or go on
FOCUS = {PROPHET_VERDICT: "right", GOD_VERDICT: "right", GOD_CHECK_PICK: "right", PROPHET_PICK: "pick", GOD_PICK: "pick", DECLARE: "continue"}
#: the letter keys of the README: (action kind, n) they play when legal
#: (P, declaring oneself Prophet, is handled on its own: it is not bound to one's turn)
LETTERS = {
    pygame.K_n: ("noplay", None),
    pygame.K_c: ("pass", None),
    pygame.K_r: ("verdict", 1),
    pygame.K_w: ("verdict", 0),
}


class DelphiTable(DelphiDrawing, DelphiMotion, TableScene):
    game_id = "delphi"
    name = "delphi-table"
    think = 0.55
    #: base seconds the next computer takes to play while the person at the
    #: screen may still declare themselves Prophet (the chance ends with that
    #: play): a little longer than ``think``, so there is time to press P
    prophet_window = 1.2

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.chosen: list[int] = []  # hand indices of the string being built, in order
        self.cursor = KeyCursor()  # over the hand, or over an open No Play hand while picking
        self.pick: int | None = None  # the open hand's card chosen in a pick
        self.badge: Badge | None = None
        #: where a person's cards start their flight (set just before ``act``)
        self.starts: list[tuple[int, int]] | None = None
        self._layout: tuple[tuple, Layout] | None = None
        #: places the main line's row is scrolled back (0: the newest in view)
        self.scroll = 0
        self._string_img: tuple[tuple, pygame.Surface] | None = None
        self.card_drag(
            on_click=self._card_clicked,
            land=lambda src, zone: True,  # on_moved flies the cards where the engine put them
            hide_key=self._hide_key,
            undo_click=self._card_clicked,  # a click toggles: the second takes the first back
        )

    # --- what the table knows ------------------------------------------------------------------
    def can(self, kind: str, n: int | None = None) -> bool:
        return self.my_turn() and any(a.kind == kind and (n is None or a.n == n) for a in self.match.legal())

    def hand(self) -> tuple[Card, ...]:
        return tuple(self.view.hand or ())

    def string_cards(self) -> tuple[Card, ...]:
        h = self.hand()
        return tuple(h[i] for i in self.chosen if i < len(h))

    def string_active(self) -> bool:
        return len(self.chosen) >= 2

    def picking(self) -> bool:
        """The person at the screen picks a card of an open No Play hand."""
        return self.my_turn() and self.view.phase in PICK_PHASES

    def may_declare(self) -> bool:
        """The person at the screen may declare themselves Prophet now."""
        return self.viewer is not None and not self.finished and self.game.prophet_blocker(self.match.state, self.viewer) is None

    def layout(self) -> Layout:
        key = (self.app.size, self.scale, cardart.size_factor(), id(self.match.state), self.viewer, tuple(self.chosen), self.pick, self.scroll)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.layout_for(self.view))
        return self._layout[1]

    def layout_for(self, view: DelphiView) -> Layout:
        return compute_layout(self.app.size, self.scale, view, self.info_height(view), self.chosen, self.pick, self.scroll)

    def not_your_turn(self) -> Message:
        return msg("delphi.table.not_your_turn", waiting=self.status_message())

    # --- the kit's hooks -----------------------------------------------------------------------
    def think_time(self, step: Step) -> float:
        st = self.match.state
        if st.phase == DECLARE:
            return 0.0  # a computer's "Prophet or not" holds nobody up
        if st.phase == TURN and self.viewer is not None and st.declarer == self.viewer:
            return max(self.think, self.prophet_window)
        return self.think

    def auto_time(self, step: Step) -> float:
        return 0.0 if self.match.state.phase == DECLARE else self.auto_pause

    def await_person(self, step: Step) -> None:
        phase = self.match.state.phase
        if phase == SETRULE and not any(isinstance(s, GodScene) for s in self.app.scenes.scenes):
            self.app.push(GodScene(self.app, self))
        elif phase == STARTER and not any(isinstance(s, StarterScene) for s in self.app.scenes.scenes):
            self.app.push(StarterScene(self.app, self))

    def at_break(self, step: Step) -> None:
        """The round's result, once its last card has landed; with nobody
        at the table it goes on by itself after a moment."""

        def show() -> None:
            if self.app.scenes.top is self:
                self.app.push(RoundScene(self.app, self, final=False, auto=not self.match.people()))

        self.anim.when_landed(show)

    def next_round(self) -> None:
        if self.match.state.phase == ROUND_OVER:
            self.proceed()

    def on_viewer_changed(self) -> None:
        self.chosen.clear()
        self.cursor.clear()
        self.pick = None

    def celebration_cards(self) -> list[Card]:
        """The main line's last cards spring up."""
        return list(self.view.main[-8:])

    def celebration_area(self) -> pygame.Rect:
        return pygame.Rect(self.layout().tableau.area)

    def show_result(self, outcome: Outcome) -> None:
        self.app.play_sound("win")
        self.app.push(RoundScene(self.app, self, final=True, outcome=outcome))

    def play_centre_x(self) -> int:
        return self.layout().sidebar.x // 2

    # --- drag, click ------------------------------------------------------------------------------
    def _hide_key(self, payload: tuple) -> tuple:
        if payload[0] == "hand" and self.string_active() and payload[1] in self.chosen:
            return ("string",)
        return payload

    def drag_sources(self) -> list[Source]:
        if self.finished or self.viewer is None:
            return []
        L = self.layout()
        if self.picking():
            return [Source(r, ("shown", i), self.face(c, L.shown_cw)) for i, (c, r) in enumerate(zip(self.view.shown_hand, L.shown_cards))]
        string = self._string_image(L.hand.cw) if self.string_active() else None
        return [Source(r, ("hand", i), string if string is not None and i in self.chosen else self.face(c, L.hand.cw)) for i, (c, r) in enumerate(zip(self.hand(), L.hand.rects))]

    def _string_image(self, cw: int) -> pygame.Surface:
        """The chosen cards fanned out, carried as one."""
        cards = self.string_cards()
        key = (cards, cw, self.lang, self.app.settings.four_colour)
        if self._string_img is None or self._string_img[0] != key:
            step = int(cw * 0.34)
            img = pygame.Surface((cw + step * (len(cards) - 1), round(cw * cardart.ASPECT)), pygame.SRCALPHA)
            for k, c in enumerate(cards):
                img.blit(self.face(c, cw), (k * step, 0))
            self._string_img = (key, img)
        return self._string_img[1]

    def drag_zones(self) -> list[Zone]:
        return [Zone(self.layout().tableau.area, ("main",))]

    def drag_legal(self, payload: tuple) -> list:
        if not self.my_turn():
            return []
        ph = self.view.phase
        if (payload[0] == "hand" and ph == TURN) or (payload[0] == "shown" and ph in PICK_PHASES):
            return [("main",)]
        return []

    def drag_drop(self, payload: tuple, zone: Any) -> Any:
        if self.finished:
            return msg("engine.game_over")
        if not self.my_turn():
            return self.not_your_turn()
        kind, i = payload
        if kind == "shown":
            shown = self.view.shown_hand
            return self._act_from([self.drag.last_start], self.pick_action(shown[i])) if i < len(shown) else PENDING
        hand = self.hand()
        if i >= len(hand):
            return PENDING
        cards = self.string_cards() if self.string_active() and i in self.chosen else (hand[i],)
        x, y = self.drag.last_start
        step = int(self.layout().hand.cw * 0.34)
        return self._act_from([(x + k * step, y) for k in range(len(cards))], Action("play", cards))

    def _act_from(self, starts: list[tuple[int, int]], action: Action) -> Message | None:
        """``act``, the cards flying from ``starts``."""
        self.starts = starts
        reason = self.act(action)
        self.starts = None
        return reason

    def _card_clicked(self, payload: tuple) -> bool:
        kind, i = payload
        if kind == "shown":
            self.pick = None if self.pick == i else i
            self.cursor.place(self.pick)
        else:
            if i in self.chosen:
                self.chosen.remove(i)
            else:
                self.chosen.append(i)
            self.cursor.place(i)
        self.touch()
        self.sync_ui()
        return True

    # --- what the buttons and keys do -------------------------------------------------------------
    def play_string(self) -> None:
        """Play the cards chosen, in their order (Play, Enter)."""
        if not self.chosen and self.cursor.valid(len(self.hand())):
            self.chosen = [self.cursor.index or 0]
        cards = self.string_cards()
        if not cards:
            self.refuse(msg("delphi.err.no_cards"))
            return
        if not self.my_turn():
            self.refuse(self.not_your_turn())
            return
        rects = self.layout().hand.rects
        reason = self._act_from([rects[i].topleft for i in self.chosen if i < len(rects)], Action("play", cards))
        if reason is not None:
            self.refuse(reason)

    def clear_string(self) -> None:
        self.chosen = []
        self.touch()
        self.sync_ui()

    def pick_action(self, card: Card) -> Action:
        return Action("pick" if self.view.phase == PROPHET_PICK else "god-pick", (card,))

    def do_pick(self) -> None:
        shown = self.view.shown_hand
        if self.pick is None or self.pick >= len(shown):
            self.refuse(msg("delphi.err.pick_one"))
            return
        reason = self._act_from([self.layout().shown_cards[self.pick].topleft], self.pick_action(shown[self.pick]))
        if reason is not None:
            self.refuse(reason)

    def do(self, action: Action) -> None:
        if not self.my_turn():
            self.refuse(self.not_your_turn())
            return
        self.act_or_refuse(action)

    def no_play(self) -> None:
        self.do(Action("noplay"))

    def declare(self) -> None:
        """Declare the person at the screen Prophet: right after their play,
        or while the next player is still on turn (not only at one's turn)."""
        if self.viewer is None or self.finished:
            return
        why = self.game.prophet_blocker(self.match.state, self.viewer)
        if why is not None:
            self.refuse(why)
            return
        self.act_or_refuse(Action("prophet"))

    def decline(self) -> None:
        self.do(Action("pass"))

    def verdict(self, right: bool) -> None:
        self.do(Action("verdict", n=1 if right else 0))

    def ask_stop(self) -> None:
        if self.finished:
            return
        done = len(self.view.results)
        body = tr("delphi.table.stop_body_between" if self.view.phase == ROUND_OVER else "delphi.table.stop_body", n=done)
        self.confirm(tr("delphi.table.stop_title"), body, self.stop_now, yes=tr("delphi.table.stop_yes"), no=tr("ui.cancel"), destructive=True)

    def stop_now(self) -> None:
        """End the game with the recorded ``stop``; the final scores at once."""
        if self.finished:
            return
        while self.app.scenes.top is not self and isinstance(self.app.scenes.top, (RoundScene, ConfirmScene)):
            self.app.pop()
        self.stop_game()
        self.anim.finish_all()

    # --- keys and the pointer -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            if self.layout().tableau.area.collidepoint(pygame.mouse.get_pos()):
                self.scroll_line(3 * int(event.y))  # up: back to older cards
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p and self.busy and self.may_declare():
            self.declare()  # while a computer thinks, too: its play would end the chance
            return
        super().handle_event(event)

    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p:
            return self.may_declare()
        return event.type == pygame.MOUSEWHEEL or super().accepts_while_busy(event)

    def on_pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            return self.tableau_clicked(event.pos)
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_line(self.layout().tableau.shown // 2 * (1 if k == pygame.K_PAGEUP else -1))
            return True
        if self.viewer is None:
            return False
        if k == pygame.K_p:
            if self.may_declare():
                self.declare()
                return True
            return False
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            self._move_cursor(k)
            return True  # the arrows are the cursor's, never the drag-and-drop's own
        if self.picking():
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.pick is not None:
                self.do_pick()
                return True
            return k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if k == pygame.K_SPACE:
            if self.cursor.valid(len(self.hand())):
                self._card_clicked(("hand", self.cursor.index))
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if (self.chosen or self.cursor.index is not None) and self.view.phase == TURN:
                self.play_string()
            return True
        if k == pygame.K_BACKSPACE and self.chosen:
            self.clear_string()
            return True
        letter = LETTERS.get(k)
        if letter is None or not self.can(*letter):
            return False
        kind, n = letter
        if kind == "verdict":
            self.verdict(bool(n))
        else:
            {"noplay": self.no_play, "pass": self.decline}[kind]()
        return True

    def _move_cursor(self, k: int) -> None:
        if self.picking():
            if self.cursor.move(k, len(self.view.shown_hand)):
                self.pick = self.cursor.index
                self.touch()
                self.sync_ui()
            return
        n = len(self.hand())
        if self.cursor.move(k, n, start=0 if k == pygame.K_RIGHT else n - 1):
            self.touch()

    def cancel_gesture(self) -> bool:
        had = bool(self.chosen) or self.cursor.index is not None or self.pick is not None
        self.chosen, self.pick = [], None
        self.cursor.clear()
        if had:
            self.touch()
            self.sync_ui()
        return super().cancel_gesture() or had

    # --- buttons ------------------------------------------------------------------------------------
    def header_buttons(self) -> list[ButtonSpec]:
        stop = ButtonSpec("stop", tr("delphi.table.stop"), self.ask_stop, not self.finished, destructive=True)
        return [stop, *super().header_buttons()]

    def panel_buttons(self) -> Placed:
        if self.finished:
            return []
        L = self.layout()
        row1, row2 = L.button_rows()
        gap = int(8 * L.s)
        half = (row1.w - gap) // 2
        h = row1.h
        v = self.view
        ph = v.phase
        mine = self.my_turn()
        out: Placed = []
        if mine and ph in VERDICT_PHASES:
            noplay = v.pending_kind == "noplay"
            out.append((ButtonSpec("right", "✓ " + tr("delphi.ui.noplay_right" if noplay else "delphi.ui.right"), lambda: self.verdict(True), primary=True), row1))
            out.append((ButtonSpec("wrong", "✗ " + tr("delphi.ui.noplay_wrong" if noplay else "delphi.ui.wrong"), lambda: self.verdict(False)), row2))
        elif mine and ph == GOD_CHECK_PICK:
            out.append((ButtonSpec("right", "✓ " + tr("delphi.ui.right"), lambda: self.verdict(True), primary=True), pygame.Rect(row1.x, row1.y, half, h)))
            out.append((ButtonSpec("wrong", "✗ " + tr("delphi.ui.wrong"), lambda: self.verdict(False), self.can("verdict", 0)), pygame.Rect(row1.x + half + gap, row1.y, half, h)))
        elif mine and ph in PICK_PHASES:
            chosen = self.pick is not None and self.pick < len(v.shown_hand)
            label = tr("delphi.table.put_card", card=v.shown_hand[self.pick or 0]) if chosen else tr("delphi.table.choose_card")
            out.append((ButtonSpec("pick", label, self.do_pick, chosen, primary=True), row1))
        elif mine and ph == DECLARE:  # only when another person gets the device next
            out.append((ButtonSpec("continue", tr("delphi.table.continue"), self.decline, primary=True), row1))
            out.append((ButtonSpec("prophet", tr("delphi.ui.prophet"), self.declare), row2))
        elif v.hand is not None and self.viewer is not None:
            n = len(self.chosen)
            pw = half + half // 3
            label = tr("delphi.table.play_n", n=n) if n else tr("delphi.table.play")
            out.append((ButtonSpec("play", label, self.play_string, mine and ph == TURN and n > 0, primary=mine and n > 0), pygame.Rect(row1.x, row1.y, pw, h)))
            out.append((ButtonSpec("clear", tr("delphi.table.clear"), self.clear_string, n > 0), pygame.Rect(row1.x + pw + gap, row1.y, row1.w - pw - gap, h)))
            out.append((ButtonSpec("noplay", tr("delphi.ui.noplay"), self.no_play, self.can("noplay")), pygame.Rect(row2.x, row2.y, self._narrow(L), h)))
        rect = self.prophet_rect()
        if rect is not None and self.viewer is not None:
            why = self.game.prophet_blocker(self.match.state, self.viewer)
            tip = self.render(why) if why is not None else None
            # usable while a computer thinks (its play would end the chance)
            out.append((ButtonSpec("prophet", tr("delphi.ui.prophet"), self.declare, why is None, tooltip=tip, waits=False), rect))
        return out

    @staticmethod
    def _narrow(L: Layout) -> int:
        return int((L.buttons.w - int(8 * L.s)) * 0.42)

    def prophet_rect(self) -> pygame.Rect | None:
        """Where Declare Prophet sits beside No Play, when it does."""
        v = self.view
        if self.finished or v.hand is None or self.viewer is None or (self.my_turn() and v.phase in (DECLARE, *VERDICT_PHASES)):
            return None
        L = self.layout()
        _, row2 = L.button_rows()
        x = row2.x + self._narrow(L) + int(8 * L.s)
        return pygame.Rect(x, row2.y, row2.right - x, row2.h)

    def build_extra_ui(self) -> None:
        # Enter goes on as the focused primary button (Continue, Right, Put
        # the card); at a turn Enter is the string's own key
        key = FOCUS.get(self.view.phase)
        if key is not None and self.my_turn() and self.focused() is None:
            self.focus_key(key)

    # --- frame ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.badge is not None and not self.badge.tick(dt):
            self.badge = None

    def static_key(self) -> tuple:
        return (*super().static_key(), tuple(self.chosen), self.pick)


# --- a new game -------------------------------------------------------------------------------------


def start_game(app, options: dict, seed: int, meta: dict) -> DelphiTable:
    """A new game on a fresh table; ``meta`` has the seats' ``names``,
    ``bots`` and ``levels`` and the setup's ``prefs``."""
    seats = seats_from(meta.get("names") or [], meta.get("bots") or [], meta.get("levels") or [])
    table = DelphiTable(app, Match.start(GAME, options, seed, seats, meta=meta))
    seat(app, table)
    table.autosave()
    return table
