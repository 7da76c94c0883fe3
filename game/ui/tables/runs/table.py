"""The Runs table.

The run of played cards grows left to right from the draw pile, its last
card larger, the next place dashed with what may follow.  The other seats
sit along the top (backs with counts, points), the scoreboard and the log
on the right, the hand of the seat at the screen along the bottom with the
cards that may be played lifted and lit.

Input becomes engine actions, never rules of its own: a card dropped on the
end of the run, clicked, or chosen with the arrow keys and Enter is
``play <card>``; a click on the pile, the Draw button, D or Space is the
seat's forced ``draw`` or ``pass``.  A refused card flies back and the
engine's reason is shown.

Pace: most turns of Runs are forced draws (nobody holds the card the run
needs).  Computer seats' forced draws go quickly; a person's forced draw is
one click, or none with "auto-draw"; a forced draw of a person who is not at
the screen needs no pass screen (nothing secret is shown: the card goes
face down to their seat).  Once nothing can follow the run any more, one
click (or auto-draw) runs the rest of the pile out in a couple of seconds.
"""

from __future__ import annotations

from collections import Counter

import pygame

from game.cards import Card, display
from game.engine import Message
from game.engine.match import Match, seats_from
from game.games.runs import GAME, POLICY, neighbours
from game.games.runs.policy import LOG_ACTIONS, log_start, named, num, signed
from game.games.runs.rules import OPEN_ENDED
from game.games.runs.state import DRAW, NEXT_ACTION, NEXT_ROUND, PASS, PHASE_BREAK, PHASE_OVER, PHASE_PLAY, PLAY, PLAY_ACTIONS
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK, INK_DIM
from game.ui.dragdrop import PENDING, DragDrop, Source, Zone
from game.ui.scene import Scene
from game.ui.table import TableScene, reason_text
from game.ui.tables.runs.layout import SEAT_COLOURS, Layout, compute_layout
from game.ui.tables.runs.overlays import GameOverScene, RoundSummaryScene
from game.ui.widgets import felt, panel, text, text_block

# base durations in seconds (scaled by the animation setting)
THINK = 0.55  # a computer seat choosing between cards
ONE_CARD_THINK = 0.3  # a computer seat with exactly one card to play
FORCED_THINK = 0.12  # a computer seat that can only draw or pass
AUTO_THINK = 0.18  # a person's automatic draw (the setting is on)
DEAD_THINK = 0.05  # the run is dead: the pile runs out
FLY_PLAY = 0.38  # a computer's card travelling to the run
FLY_MINE = 0.18  # your card snapping onto the run
FLY_DRAW = 0.2
FLY_DEAD = 0.15
SUMMARY_PAUSE = 0.8  # the last card of a round stays in view this long


class RunsDrag(DragDrop):
    """Drag-and-drop whose successful drops are animated by the table (the
    card lands where the run puts it, which the table knows after the
    engine accepted the move)."""

    def _attempt(self, src: Source, zone: Zone, *, from_pointer: bool) -> None:
        start = (self.pointer[0] - self.grab_offset[0], self.pointer[1] - self.grab_offset[1]) if from_pointer else src.rect.topleft
        self.selected = None
        self.cursor = None
        self._legal_cache = None
        result = self.drop(src.payload, zone.payload, start)
        if result is not None and result is not PENDING:
            self.anim.fly(src.image, start, src.rect.topleft, 0.25, hide=src.payload)
            self.on_refused(result)


class RunsTable(TableScene):
    game_id = "runs"
    name = "runs-table"

    def __init__(self, app, runner, meta=None) -> None:
        super().__init__(app, runner, meta)
        self.meta.setdefault("rounds_seen", 0)
        self.secret_hands = len(self.humans()) > 1
        self.drag = RunsDrag(
            sources=self._sources,
            zones=self._zones,
            legal=self._legal_for,
            drop=self._drop,
            animator=self.anim,
            on_refused=self.refuse,
            on_click=self._clicked,
        )
        self._pending = False
        self._leaving = False
        self._origin: tuple[int, int] | None = None
        self._run_out_round = -1  # the round in which "draw out the pile" was chosen
        self._summary_round = -1  # the round whose summary was shown
        self.kcur: int | None = None  # keyboard cursor over the hand
        self.log_lines: list[tuple[int | None, str]] = []
        self._replay_log()

    def _replay_log(self) -> None:
        """The log of the round so far (after a resume, or a shot's state)."""
        acts, states = self.runner.actions, self.runner.states
        for i in range(log_start(acts), len(acts)):
            a = acts[i]
            self.log_lines.append((states[i].turn if a.kind in (PLAY, DRAW, PASS) else None, self.describe(states[i], a)))
        self.log = [d for _, d in self.log_lines]

    # --- names ----------------------------------------------------------------------
    def named(self, m):
        """The engine names seats "Player 2"; the table puts in the names
        the players chose (``name``/``names`` next to ``seat``/``seats``)."""
        if not isinstance(m, Message):
            return m
        return named(m, [self.seat_name(s) for s in range(self.players)])

    def kind(self, seat: int) -> str:
        bots = self.meta.get("bots") or []
        return (bots[seat] if seat < len(bots) else None) or "person"

    def kind_label(self, seat: int) -> str:
        k = self.kind(seat)
        return tr("ui.human") if k == "person" else tr("runs.table.kind." + k) if k in ("simple", "strong") else tr("ui.computer")

    def seat_colour(self, seat: int):
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    # --- model helpers --------------------------------------------------------------------
    def layout(self) -> Layout:
        v = self.view
        key = (self.app.size, self.app.scale, id(self.state), self.viewer, len(v.hand))
        if getattr(self, "_layout_key", None) != key:
            open_ = bool(v.chain) and not GAME.chain_dead(self.state)
            self._layout = compute_layout(self.app.size, self.app.scale, v.players, self.viewer, len(v.chain), len(v.hand), open_ or not v.chain, self._lit(self.state, v.hand))
            if v.phase != PHASE_PLAY:
                self._layout.slot = None
            self._layout_key = key
        return self._layout

    def _lit(self, state, hand) -> frozenset:
        """Indices of the viewer's cards that may be played now (lifted)."""
        if self.viewer is None or state.phase != PHASE_PLAY or state.turn != self.viewer:
            return frozenset()
        p = set(GAME.playable(state, self.viewer))
        return frozenset(i for i, c in enumerate(hand) if c in p)

    def my_turn(self) -> bool:
        st = self.state
        return self.viewer is not None and st.phase == PHASE_PLAY and st.turn == self.viewer and not self.finished

    def forced(self):
        """The draw/pass the player to act must make, or None."""
        return GAME.forced_action(self.state)

    def clicker_forced(self):
        """The forced action a click on the pile (or Draw, D, Space) makes
        now: the seat to act is a person, not played automatically."""
        st = self.state
        if self.finished or st.phase != PHASE_PLAY or self.is_bot(st.turn):
            return None
        return self.forced()

    def dead(self) -> bool:
        return GAME.chain_dead(self.state)

    def open_ends(self) -> list[Card]:
        """The cards that may still follow the last card (public)."""
        v = self.view
        if not v.chain:
            return []
        return [c for c in neighbours(v.chain[-1], v.wrap) if c not in v.chain]

    # --- life cycle ------------------------------------------------------------------------
    def begin(self) -> None:
        hum = self.humans()
        if len(hum) == 1:
            self.viewer = hum[0]
            self.on_viewer_changed()
        self.advance(first=True)

    def exit(self) -> None:
        # nothing may play on after the table is left (the autosave keeps
        # the game exactly where it was)
        self._leaving = True
        self.anim.clear()
        self.drag.cancel()
        # the table sits in reference cycles (drag-and-drop calls back into
        # it), so it may wait for the slow garbage collection: let its large
        # cached layer go now
        self._static = None
        self._static_key = None
        Scene.exit(self)

    def _schedule(self, fn, delay: float) -> None:
        if self._pending or self.finished or self._leaving:
            return
        self._pending = True

        def run() -> None:
            # (timers only run while this table is the top scene)
            self._pending = False
            if not self._leaving and not self.finished:
                fn()

        self.anim.after(delay, run, blocking=True, scaled=True)

    def advance(self, first: bool = False) -> None:
        if self.finished or self._leaving:
            return
        st = self.state
        if st.phase == PHASE_OVER:
            super().advance(first)
            return
        if st.phase == PHASE_BREAK:
            self._at_break(first)
            return
        seat = st.turn
        if self.is_bot(seat):
            self._continue()
            return
        forced = self.forced()
        if forced is not None:
            # a forced draw or pass shows nothing secret: no pass screen
            self._continue()
            return
        if seat != self.viewer:
            self.hand_to(seat, first=first)
            return
        self._continue()

    def hand_to(self, seat: int, first: bool = False) -> None:
        if not (self.secret_hands and self.needs_pass(seat, first)):
            self.viewer = seat
            self.on_viewer_changed()
            self._continue()
            return
        self.viewer = None
        self.on_viewer_changed()

        def ready() -> None:
            self.viewer = seat
            self.on_viewer_changed()
            self._continue()

        from game.ui.scenes.passdevice import PassScene

        self.app.push(PassScene(self.app, self.seat_name(seat), ready, on_menu=self.leave))

    def _continue(self) -> None:
        """Start whatever happens without a person: a computer's move, a
        forced draw that is automatic, the pile running out."""
        st = self.state
        if st.phase != PHASE_PLAY or self.finished:
            return
        if self.kcur is not None and self.my_turn():
            self.kcur = self._first_playable_index()  # the keyboard cursor starts on a lit card
        seat = st.turn
        forced = self.forced()
        dead = self.dead()
        if forced is not None:
            if self.is_bot(seat):
                self._schedule(self._forced_step, DEAD_THINK if dead else FORCED_THINK)
            elif self._auto_for(dead):
                self._schedule(self._forced_step, DEAD_THINK if dead else AUTO_THINK)
            return
        if self.is_bot(seat):
            self._schedule(self._bot_move, THINK if len(GAME.playable(st)) > 1 else ONE_CARD_THINK)

    def _auto_for(self, dead: bool) -> bool:
        return bool(self.app.settings.auto_draw) or (dead and self._run_out_round == self.state.round)

    def _forced_step(self) -> None:
        a = self.forced()
        if a is None:
            self.advance()
            return
        err = self.try_action(a)
        if err is not None:  # cannot happen: the engine offered it
            self.refuse(err)

    def _bot_move(self) -> None:
        seat = self.current
        if seat is None or not self.is_bot(seat) or self.state.phase != PHASE_PLAY:
            return
        legal = list(GAME.legal_actions(self.state))
        action = self.bot_for(seat).choose(GAME.view(self.state, seat), legal, self.rng)
        if self.try_action(action) is not None:
            self.try_action(legal[0])

    # --- after every action -------------------------------------------------------------------
    def after_action(self, before, action) -> None:
        self.touch()
        desc = self.describe(before, action)
        if desc:
            self.log_lines.append((before.turn if action.kind in (PLAY, DRAW, PASS) else None, desc))
            self.log_lines = self.log_lines[-LOG_ACTIONS:]
            self.log = [d for _, d in self.log_lines]
        self.app.play_sound("deal" if action.kind in (DRAW, NEXT_ROUND) else "place")
        self.autosave()
        self.drag.cancel()
        wait = self.animate(before, action)
        self.rebuild()
        if self.state.phase == PHASE_PLAY and action.kind != PLAY:
            wait = 0.0  # draws stream: the next seat starts while the card flies
        if wait > 0 and self.app.settings.animation_factor > 0:
            self.anim.after(wait, self.advance, blocking=True, scaled=True)
        else:
            self.advance()

    def animate(self, before, action) -> float:
        """The card travels: returns the base seconds to wait before the
        next seat moves."""
        L = self.layout()
        seat = before.turn
        s = L.s
        if action.kind == PLAY:
            idx = len(before.chain)
            if idx >= len(L.chain):
                return 0.0
            dest = L.chain[idx]
            if self._origin is not None:
                start, dur = self._origin, FLY_MINE
            elif seat == self.viewer and action.card in before.hands[seat]:
                i = list(before.hands[seat]).index(action.card)
                start, dur = (dest.x, dest.y), FLY_MINE
                old = compute_layout(self.app.size, self.app.scale, before.players, self.viewer, len(before.chain), len(before.hands[seat]), True, self._lit(before, before.hands[seat]))
                if i < len(old.hand):
                    start = (old.hand[i].x, old.hand[i].y - old.lift)
            else:
                box = L.seats.get(seat)
                c = box.center if box else (L.pile.centerx, L.s * 60)
                start, dur = (c[0] - L.hw // 2, c[1] - int(L.hw * 0.7)), FLY_PLAY
            self.anim.fly(self._face(action.card, L.hw), start, dest.topleft, dur, hide=("chain", idx))
            return dur
        if action.kind == DRAW:
            dead = GAME.chain_dead(before)
            dur = FLY_DEAD if dead else FLY_DRAW
            if seat == self.viewer:
                new = list((Counter(self.view.hand) - Counter(before.hands[seat])).elements())
                if new and new[0] in self.view.hand:
                    i = list(self.view.hand).index(new[0])
                    if i < len(L.hand):
                        self.anim.fly(cardart.back(L.cw), L.pile.topleft, L.hand[i].topleft, dur, hide=("hand", new[0]))
                return dur
            box = L.seats.get(seat)
            if box is not None:
                bw = int(L.cw * 0.6)
                self.anim.fly(cardart.back(bw), L.pile.topleft, (box.centerx - bw // 2, box.y + int(46 * s)), dur)
            return dur
        if action.kind == NEXT_ROUND:
            return self._animate_deal(L)
        return 0.0

    def _animate_deal(self, L: Layout) -> float:
        """The new hands fly out from the pile, one card at a time round the table."""
        v = self.view
        n = v.players
        order = [(v.starter + i) % n for i in range(n)]
        k = 0
        bw = int(L.cw * 0.6)
        for r in range(7):
            for seat in order:
                delay = k * 0.018
                k += 1
                if seat == self.viewer:
                    if r < len(v.hand) and r < len(L.hand):
                        # the hand is sorted; deal into its places left to right
                        self.anim.fly(cardart.back(L.cw), L.pile.topleft, L.hand[r].topleft, 0.2, hide=("hand", v.hand[r]), delay=delay)
                else:
                    box = L.seats.get(seat)
                    if box is not None:
                        self.anim.fly(cardart.back(bw), L.pile.topleft, (box.centerx - bw // 2, box.y + int(46 * L.s)), 0.2, delay=delay)
        return 0.0

    # --- the round break and the end ------------------------------------------------------------
    def _at_break(self, first: bool) -> None:
        st = self.state
        if self._summary_round == st.round:
            return
        self._summary_round = st.round
        self.anim.after(0.0 if first else SUMMARY_PAUSE, self.show_summary, blocking=True, scaled=not first)

    def show_summary(self, final: bool = False) -> None:
        if self._leaving:
            return
        self.app.push(RoundSummaryScene(self.app, self, final=final))

    def next_round(self) -> None:
        st = self.state
        if st.phase != PHASE_BREAK or self.finished:
            return
        if len(self.humans()) > 1:
            self.viewer = None  # a new hand is secret: the next person confirms first
        self.kcur = None
        err = self.try_action(NEXT_ACTION)
        if err is not None:
            self.refuse(err)

    def stop_game(self) -> None:
        stop = GAME.stop_action(self.state)
        if stop is None or self.finished:
            return
        err = self.try_action(stop)
        if err is not None:
            self.refuse(err)

    def show_result(self, outcome) -> None:
        if self._leaving:
            return
        self.app.play_sound("win")
        if outcome.stopped:
            self.app.push(GameOverScene(self.app, self, outcome))
        else:
            # the last round's sheet first, then the final scores
            self.app.push(RoundSummaryScene(self.app, self, final=True, outcome=outcome))

    def update_stats(self, st: dict, outcome) -> None:
        seats = seats_from([self.seat_name(s) for s in range(self.players)], self.meta.get("bots") or [])
        POLICY.fold_game(st, Match(self.runner, seats), outcome)

    # --- drag, click, keys ------------------------------------------------------------------------
    def _face(self, card: Card, width: int):
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def _sources(self):
        if not self.my_turn():
            return []
        L = self.layout()
        playable = set(self.view.playable)
        out = []
        for card, r in zip(self.view.hand, L.hand):
            rr = r.move(0, -L.lift) if card in playable else r
            out.append(Source(rr, ("hand", card), self._face(card, L.hw)))
        return out

    def _zones(self):
        L = self.layout()
        if self.state.phase != PHASE_PLAY:
            return []
        n = len(self.view.chain)
        zs = []
        if L.chain:
            zs.append(Zone(L.chain[-1], ("chain", n)))
        if L.slot is not None:
            zs.append(Zone(L.slot, ("chain", n)))
        return zs

    def _legal_for(self, payload):
        if not self.my_turn() or payload[0] != "hand":
            return []
        return [("chain", len(self.view.chain))] if payload[1] in self.view.playable else []

    def _drop(self, payload, zone, start=None):
        if not self.my_turn() or payload[0] != "hand":
            return None
        return self.play_card(payload[1], start)

    def _clicked(self, payload) -> bool:
        if payload[0] != "hand" or not self.my_turn():
            return True
        card = payload[1]
        err = self.play_card(card, None)
        if err is not None:
            self._bounce(card)
            self.refuse(err)
        return True

    def play_card(self, card: Card, start) -> Message | None:
        """Play ``card`` from the hand of the seat at the screen.  None on
        success, else the engine's reason (the state is unchanged)."""
        if not self.my_turn():
            return None
        self._origin = start
        try:
            return self.try_action(PLAY_ACTIONS[card])
        finally:
            self._origin = None

    def _bounce(self, card: Card) -> None:
        """A refused card hops up and flies back to its place."""
        L = self.layout()
        if card in self.view.hand:
            r = L.hand[list(self.view.hand).index(card)]
            self.anim.fly(self._face(card, L.hw), (r.x, r.y - int(46 * L.s)), r.topleft, 0.25, hide=("hand", card))

    def draw_click(self) -> None:
        """The pile, the Draw button, D or Space: the forced draw or pass of
        the person to act; once the run is dead, the rest of the pile."""
        a = self.clicker_forced()
        if a is None:
            if self.my_turn() and self.view.playable:
                self.refuse(Message("runs.err.must_play_not_draw", {"cards": list(self.view.playable)}))
            return
        if self.dead() and a.kind == DRAW:
            self._run_out_round = self.state.round
        err = self.try_action(a)
        if err is not None:
            self.refuse(err)

    def toggle_auto(self) -> None:
        self.app.settings.auto_draw = not self.app.settings.auto_draw
        self.app.save_settings()
        self.touch()
        self.rebuild()
        self._continue()

    def _first_playable_index(self) -> int | None:
        v = self.view
        if not v.hand:
            return None
        for i, c in enumerate(v.hand):
            if c in v.playable:
                return i
        return 0

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.drag.active is None:
            L = self.layout()
            if L.pile.inflate(int(12 * L.s), int(12 * L.s)).collidepoint(event.pos) and self.clicker_forced() is not None:
                self.draw_click()
                return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and self.drag.handle_event(event):
            if event.type != pygame.MOUSEMOTION:
                self.kcur = None
            return
        super().handle_event(event)

    def _key(self, event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.drag.active is not None or self.kcur is not None:
                self.drag.cancel()
                self.kcur = None
                return True
            self.leave()
            return True
        if k in (pygame.K_d, pygame.K_SPACE) and self.clicker_forced() is not None:
            self.draw_click()
            return True
        if k == pygame.K_a:
            self.toggle_auto()
            return True
        hand = self.view.hand
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and self.my_turn() and hand:
            self.focus_index = None
            if self.kcur is None:
                self.kcur = self._first_playable_index()
            else:
                self.kcur = (self.kcur + (1 if k == pygame.K_RIGHT else -1)) % len(hand)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus_index is None and self.my_turn() and hand:
            if self.kcur is None:
                self.kcur = self._first_playable_index()
                return True
            card = hand[min(self.kcur, len(hand) - 1)]
            err = self.play_card(card, None)
            if err is not None:
                self._bounce(card)
                self.refuse(err)
            return True
        # Space never presses a button by accident here
        return k == pygame.K_SPACE and self.focus_index is None

    # --- buttons ------------------------------------------------------------------------------
    def _ui_sig(self) -> tuple:
        return (self.draw_label(), self.app.settings.auto_draw, self.app.size, self.lang)

    def rebuild(self) -> None:
        """Remake the buttons if what they say changed (most moves change
        nothing there: computer turns stream by without rebuilding)."""
        if self.app.scenes.top is not self:
            return
        if self._elements and getattr(self, "_built_sig", None) == self._ui_sig():
            return
        keep = self.focus_index
        self.clear_ui()
        self.build_ui()
        self.focus_index = keep if keep is not None and keep < len(self._focusables) else None

    def language_changed(self) -> None:
        # the log in the new language (this round's, rebuilt from the record)
        self.log_lines = []
        self._replay_log()
        self.touch()
        super().language_changed()

    def on_viewer_changed(self) -> None:
        self.drag.cancel()
        self.kcur = None
        self.touch()
        self._layout_key = None
        if self.app.scenes.top is self:
            self.clear_ui()
            self.build_ui()

    def draw_label(self) -> tuple[str, bool]:
        """The text of the Draw button and whether it is enabled."""
        st = self.state
        a = self.clicker_forced()
        if a is None:
            return tr("runs.ui.draw"), False
        seat = st.turn
        if self.dead() and a.kind == DRAW:
            return tr("runs.table.run_out", n=len(st.pile)), True
        if seat == self.viewer:
            return (tr("runs.ui.draw") if a.kind == DRAW else tr("runs.ui.pass")), True
        key = "runs.table.draw_for" if a.kind == DRAW else "runs.table.pass_for"
        return tr(key, name=self.seat_name(seat)), True

    def build_ui(self) -> None:
        self._built_sig = self._ui_sig()
        w = self.app.size[0]
        s = self.app.scale
        bh = int(36 * s)
        self.button((w - int(126 * s), int(7 * s), int(112 * s), bh), tr("ui.menu"), self.leave)
        self.button((w - int(248 * s), int(7 * s), int(112 * s), bh), tr("ui.rules_button"), self.open_rules)
        L = self.layout()
        b = L.buttons
        label, enabled = self.draw_label()
        self.draw_button = self.button((b.x, b.y, b.w, int(44 * s)), label, self.draw_click, enabled=enabled, object_id="#primary" if enabled else None)
        auto = tr("runs.table.auto_on") if self.app.settings.auto_draw else tr("runs.table.auto_off")
        self.auto_button = self.button((b.x, b.y + int(54 * s), b.w, int(38 * s)), auto, self.toggle_auto)
        if self.app.settings.auto_draw:
            self.auto_button.select()

    def open_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, "runs"))

    # --- drawing -----------------------------------------------------------------------------------
    def static_key(self) -> tuple:
        d = self.drag
        return super().static_key() + (
            d.dragging.payload if d.dragging else None,
            self.kcur,
            self._pending,
            self.app.settings.auto_draw,
            len(self.log_lines),
        )

    def draw_static(self, surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        v = self.view
        L = self.layout()
        self._draw_top(surface, v, L)
        for seat, r in L.seats.items():
            self._draw_seat(surface, v, seat, r, L)
        self._draw_pile(surface, v, L)
        self._draw_chain(surface, v, L)
        self._draw_board(surface, v, L)
        self._draw_log(surface, L)
        self._draw_status(surface, v, L)
        self._draw_hand(surface, v, L)

    def draw_dynamic(self, surface) -> None:
        self.drag.draw_targets(surface)
        if self.kcur is not None and self.my_turn():
            L = self.layout()
            if self.kcur < len(L.hand):
                card = self.view.hand[self.kcur]
                r = L.hand[self.kcur]
                if card in self.view.playable:
                    r = r.move(0, -L.lift)
                pygame.draw.rect(surface, (255, 255, 255), r.inflate(10, 10), 3, border_radius=10)
        self.anim.draw(surface)
        self.drag.draw_dragged(surface)
        self.draw_toasts(surface)

    def draw_toasts(self, surface) -> None:
        """Refusals show over the middle of the table, under the run, where
        the eye is (not under the top bar's buttons)."""
        L = self.layout()
        play_w = L.board.x
        self.toasts.draw(surface, play_w // 2, L.centre_y + int(112 * L.s), L.s * 0.9)

    def _draw_top(self, surface, v, L: Layout) -> None:
        s = L.s
        w = surface.get_width()
        panel(surface, pygame.Rect(0, 0, w, L.top_h), 120, 0)
        text(surface, tr("runs.name"), (int(18 * s), L.top_h // 2), int(24 * s), INK, bold=True, anchor="midleft")
        if v.rounds == OPEN_ENDED:
            rnd = tr("runs.ui.round_open", round=v.round) + " · " + tr("runs.option.until_stop")
        else:
            rnd = tr("runs.ui.round", round=v.round, rounds=v.rounds)
        bits = [rnd]
        if v.wrap:
            bits.append(tr("runs.table.wrap_short"))
        bits.append(tr("runs.table.deal", n=self.runner.seed))
        text(surface, " · ".join(bits), (int(110 * s), L.top_h // 2), int(16 * s), INK_DIM, anchor="midleft", shadow=False, max_width=w - int(400 * s))

    def _draw_seat(self, surface, v, seat: int, r: pygame.Rect, L: Layout) -> None:
        s = L.s
        cur = v.phase == PHASE_PLAY and v.turn == seat and not self.finished
        panel(surface, r, 150 if cur else 105, int(10 * s), HIGHLIGHT if cur else None)
        col = self.seat_colour(seat)
        pygame.draw.circle(surface, col, (r.x + int(16 * s), r.y + int(19 * s)), int(6 * s))
        text(surface, self.seat_name(seat), (r.x + int(28 * s), r.y + int(8 * s)), int(17 * s), INK, bold=True, max_width=r.w - int(40 * s))
        sub = self.kind_label(seat)
        if v.phase == PHASE_PLAY and seat in v.finished:
            place = v.finished.index(seat) + 1
            sub = tr(f"runs.table.out_{place}") if place <= 3 else tr("runs.table.out")
        elif cur:
            sub = tr("runs.table.thinking") if self.is_bot(seat) and self._pending else tr("runs.table.to_play")
        text(surface, sub, (r.x + int(28 * s), r.y + int(30 * s)), int(13 * s), GOLD if cur else INK_DIM, shadow=False, max_width=r.w - int(40 * s))
        # the hand as backs, fanned, with the count
        n = v.hand_counts[seat]
        bw = int(26 * s)
        count = tr("runs.ui.cards", n=n)
        cr = text(surface, count, (r.right - int(10 * s), r.y + int(64 * s)), int(14 * s), INK, anchor="midright", shadow=False)
        room = cr.x - int(12 * s) - (r.x + int(12 * s)) - bw
        step = min(bw * 0.5, room / max(1, n - 1)) if n > 1 else 0
        back = cardart.back(bw)
        for i in range(n):
            surface.blit(back, (r.x + int(12 * s) + int(i * step), r.y + int(46 * s)))
        pts = tr("runs.table.seat_points", round=signed(v.points[seat] + v.bonus[seat]), total=num(v.scores[seat]))
        text(surface, pts, (r.x + int(12 * s), r.bottom - int(8 * s)), int(13 * s), INK_DIM, anchor="bottomleft", shadow=False, max_width=r.w - int(24 * s))

    def _draw_pile(self, surface, v, L: Layout) -> None:
        s = L.s
        p = L.pile
        n = v.pile_count
        if n:
            layers = min(5, (n + 7) // 8)
            for i in range(layers):
                surface.blit(cardart.back(L.cw), (p.x - i * 2, p.y - i * 2))
            if self.clicker_forced() is not None and not self._auto_for(self.dead()):
                g = cardart.glow(L.cw)
                surface.blit(g, g.get_rect(center=(p.centerx - 2 * (layers - 1), p.centery - 2 * (layers - 1))))
        else:
            surface.blit(cardart.slot(L.cw), p)
        label = tr("runs.ui.pile", n=n) if n else tr("runs.table.pile_empty")
        text(surface, label, (p.centerx, p.bottom + int(8 * s)), int(14 * s), INK, anchor="midtop", shadow=False, max_width=int(150 * s))

    def _draw_chain(self, surface, v, L: Layout) -> None:
        s = L.s
        n = len(v.chain)
        for i, (card, r) in enumerate(zip(v.chain, L.chain)):
            if self.anim.hidden(("chain", i)):
                continue
            last = i == n - 1
            if last:
                g = cardart.glow(r.w, GOLD, 150)
                surface.blit(g, g.get_rect(center=r.center))
            surface.blit(cardart.shadow(r.w), (r.x + 3, r.y + 5))
            surface.blit(self._face(card, r.w), r)
        # who played which card: a dot in the seat's colour under each card
        for i, r in enumerate(L.chain):
            if i < len(v.chain_seats):
                x = r.x + (r.w // 2 if i == n - 1 else int(L.cw * 0.28))
                pygame.draw.circle(surface, self.seat_colour(v.chain_seats[i]), (x, r.bottom + int(12 * s)), int(5 * s))
        if n and v.chain_seats:
            last = L.chain[-1]
            text(surface, self.seat_name(v.chain_seats[-1]), (last.centerx, last.bottom + int(22 * s)), int(13 * s), INK_DIM, anchor="midtop", shadow=False, max_width=int(last.w * 1.6))
        # the next place and what may go there
        if L.slot is not None:
            sl = L.slot
            surface.blit(cardart.slot(sl.w, dashed=True, alpha=110), sl)
            if n == 0:
                hint = tr("runs.table.any_card")
            else:
                ends = [display(c, self.lang) for c in self.open_ends()]
                hint = tr("runs.table.next", cards=(" " + tr("runs.table.or") + " ").join(ends))
            text_block(surface, hint, pygame.Rect(sl.x - int(20 * s), sl.bottom + int(8 * s), sl.w + int(40 * s), int(60 * s)), int(14 * s), INK_DIM, align="center")
            if n == 0:
                text(surface, "?", sl.center, int(40 * s), (255, 255, 255), bold=True, anchor="center", shadow=False)
        elif n and v.phase == PHASE_PLAY:
            last = L.chain[-1]
            msg = tr("runs.table.dead_short")
            text_block(surface, msg, pygame.Rect(last.right + int(18 * s), last.centery - int(30 * s), int(170 * s), int(90 * s)), int(15 * s), GOLD, bold=True)

    def _draw_board(self, surface, v, L: Layout) -> None:
        s = L.s
        r = L.board
        panel(surface, r, 130, int(10 * s))
        x_round = r.right - int(92 * s)
        x_total = r.right - int(14 * s)
        y = r.y + int(10 * s)
        text(surface, tr("runs.table.scores"), (r.x + int(12 * s), y), int(15 * s), GOLD, bold=True, shadow=False)
        text(surface, tr("runs.table.this_round"), (x_round, y + int(2 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False)
        text(surface, tr("runs.summary.game_total"), (x_total, y + int(2 * s)), int(12 * s), INK_DIM, anchor="topright", shadow=False)
        y += int(30 * s)
        best = max(v.scores) if v.scores else 0
        for seat in range(v.players):
            bold = seat == self.viewer
            pygame.draw.circle(surface, self.seat_colour(seat), (r.x + int(18 * s), y + int(9 * s)), int(5 * s))
            name = self.seat_name(seat)
            text(surface, name, (r.x + int(30 * s), y), int(15 * s), INK, bold=bold, shadow=False, max_width=x_round - int(60 * s) - (r.x + int(30 * s)))
            text(surface, signed(v.points[seat] + v.bonus[seat]), (x_round, y), int(15 * s), INK_DIM, anchor="topright", shadow=False)
            text(surface, num(v.scores[seat]), (x_total, y), int(15 * s), GOLD if v.scores[seat] == best else INK, bold=True, anchor="topright", shadow=False)
            y += int(26 * s)

    def _draw_log(self, surface, L: Layout) -> None:
        s = L.s
        r = L.log
        if r.h < int(60 * s):
            return
        panel(surface, r, 90, int(10 * s))
        y = r.y + int(8 * s)
        text(surface, tr("runs.table.log"), (r.x + int(12 * s), y), int(14 * s), GOLD, bold=True, shadow=False)
        y += int(24 * s)
        for seat, line in reversed(self.log_lines):
            rect = pygame.Rect(r.x + int(26 * s), y, r.w - int(36 * s), 400)
            lines_h = len(_wrapped_lines(line, int(13 * s), rect.w))
            if y + lines_h * int(13 * s * 1.25) > r.bottom - int(6 * s):
                break
            if seat is not None:
                pygame.draw.circle(surface, self.seat_colour(seat), (r.x + int(16 * s), y + int(8 * s)), int(4 * s))
            y += text_block(surface, line, rect, int(13 * s), INK_DIM) + int(3 * s)

    def status_text(self) -> tuple[str, tuple]:
        st = self.state
        v = self.view
        if self.finished or st.phase == PHASE_OVER:
            return tr("runs.table.game_over"), INK
        if st.phase == PHASE_BREAK:
            return tr("runs.table.round_over", round=st.round), INK
        seat = st.turn
        name = self.seat_name(seat)
        forced = self.forced()
        dead = self.dead()
        if dead and forced is not None:
            last = v.chain[-1]
            base = tr("runs.ui.chain_dead", last=last)
            if not self.is_bot(seat) and not self._auto_for(True):
                return base + " " + tr("runs.table.run_out_hint"), HIGHLIGHT
            return base, GOLD
        if self.my_turn():
            if forced is not None:
                if forced.kind == DRAW:
                    return tr("runs.table.you_draw" if not self.app.settings.auto_draw else "runs.table.you_draw_auto"), HIGHLIGHT
                return tr("runs.table.you_pass"), HIGHLIGHT
            if not v.chain:
                return tr("runs.table.you_lead", name=name), HIGHLIGHT
            return tr("runs.table.you_play", name=name), HIGHLIGHT
        if self.is_bot(seat):
            if forced is not None:
                return tr("runs.table.bot_draws" if forced.kind == DRAW else "runs.table.bot_passes", name=name), INK
            return tr("runs.table.bot_thinks", name=name), INK
        if forced is not None:
            if self.app.settings.auto_draw:
                return tr("runs.table.other_draws_auto", name=name), INK
            key = "runs.table.other_draw" if forced.kind == DRAW else "runs.table.other_pass"
            return tr(key, name=name), HIGHLIGHT
        return tr("runs.ui.turn_of", name=name), INK

    def _draw_status(self, surface, v, L: Layout) -> None:
        s = L.s
        msg, colour = self.status_text()
        panel(surface, L.status, 110, int(8 * s))
        text(surface, msg, L.status.center, int(17 * s), colour, bold=True, anchor="center", max_width=L.status.w - int(20 * s))

    def _draw_hand(self, surface, v, L: Layout) -> None:
        s = L.s
        if self.viewer is None:
            return
        mine = self.my_turn()
        playable = set(v.playable) if mine else set()
        for card, r in zip(v.hand, L.hand):
            if self.drag.hides(("hand", card)) or self.anim.hidden(("hand", card)):
                continue
            lit = card in playable
            y = r.y - (L.lift if lit else 0)
            if lit:
                g = cardart.glow(L.hw)
                surface.blit(g, g.get_rect(center=(r.centerx, y + r.h // 2)))
            surface.blit(cardart.shadow(L.hw), (r.x + 3, y + 5))
            surface.blit(self._face(card, L.hw), (r.x, y))
            if playable and not lit:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=max(3, int(L.hw * 0.08)))
                surface.blit(shade, (r.x, y))
        seat = self.viewer
        if v.phase == PHASE_PLAY and seat in v.finished and not v.hand:
            place = v.finished.index(seat) + 1
            msg = tr("runs.table.you_are_out", n=place)
            text(surface, msg, (L.status.centerx, L.status.bottom + int(60 * s)), int(20 * s), GOLD, bold=True, anchor="center")
        line = tr("runs.table.your_hand", name=self.seat_name(seat), round=signed(v.points[seat] + v.bonus[seat]), total=num(v.scores[seat]))
        pygame.draw.circle(surface, self.seat_colour(seat), (L.mine[0] + int(6 * s), L.mine[1] + int(8 * s)), int(5 * s))
        text(surface, line, (L.mine[0] + int(16 * s), L.mine[1]), int(14 * s), INK_DIM, shadow=False, max_width=L.status.w - int(20 * s))


def _wrapped_lines(txt: str, size: int, width: int):
    from game.ui.widgets import _wrapped

    return _wrapped(txt, size, width, False)


__all__ = ["RunsTable", "reason_text"]
