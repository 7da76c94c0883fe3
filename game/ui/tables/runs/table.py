"""The Runs table on the kit (:mod:`game.ui.kit.table`).

The run of played cards grows left to right from the draw pile, its last
card larger, the next place dashed with what may follow.  The other seats
sit along the top (backs with counts, points), the scoreboard and the log
on the right, the hand of the seat at the screen along the bottom with the
cards that may be played lifted and lit.  Messages have their own band
under the header, over no card.

Input becomes engine actions, never rules of its own: a card dropped on the
end of the run, clicked, or chosen with the arrow keys and Enter is
``play <card>``, played as an intent that says how it was made and where
the card starts its flight; a click on the pile, the Draw button, D or
Space is the forced ``draw`` or ``pass`` of the person at the screen.  A
refused card flies back and the engine's reason is said to that person
alone (it names their cards), so the next person never reads it.

Whose turn it is, when the device is passed and which forced draws play
themselves is the match's (:class:`~game.games.runs.policy.RunsPolicy`):
auto-draw (the button, A, and the switch in the settings) and "draw out
the pile" on a dead run are choices in the match's meta
(:class:`~game.games.runs.policy.RunsMeta`), kept by the model
(:mod:`game.ui.tables.runs.model`).  This table only paces the computers
(``think_time``) and animates the cards.  Forced draws that follow one
another (computers, auto-draw, a pile drawn out) go one per frame after the
first, so a stretch of them is one quick burst of cards from the pile, and
one line in the log.  What is drawn is a picture
(:mod:`game.ui.tables.runs.paint`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame

from game.cards import Card, display
from game.engine.core import Message, Outcome
from game.engine.match import How, Match, Moved, Step, seats_from
from game.games.runs import GAME
from game.games.runs.hint import hint
from game.games.runs.policy import collapse_forced, fold_stops, num, signed
from game.games.runs.rules import OPEN_ENDED
from game.games.runs.state import DRAW, NEXT_ROUND, PASS, PHASE_BREAK, PHASE_OVER, PHASE_PLAY, PLAY, PLAY_ACTIONS, Action, RunsState, RunsView, leaders
from game.i18n import tr
from game.ui import cardart
from game.ui.assets import GOLD, HIGHLIGHT, INK
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.cursor import KeyCursor
from game.ui.kit.form import remembered
from game.ui.kit.model import Intent
from game.ui.kit.picture import Look, Painters
from game.ui.kit.table import TableScene, seat
from game.ui.scene import AppServices, ButtonSpec
from game.ui.tables.runs import speech as runs_speech
from game.ui.tables.runs.choices import choices_of
from game.ui.tables.runs.layout import Layout, compute_layout, seat_colour
from game.ui.tables.runs.model import RunsMatch, RunsModel
from game.ui.tables.runs.overlays import GameOverScene, RoundSummaryScene, out_words
from game.ui.tables.runs.paint import Board, BoardRow, Colour, Hand, Pile, Run, RunsPicture, SeatBox, Still, paint_moving, paint_still

# base durations in seconds (scaled by the animation setting)
THINK = 0.55  # a computer seat choosing between cards
ONE_CARD_THINK = 0.3  # a computer seat with exactly one card to play
FORCED_THINK = 0.12  # a computer seat that can only draw or pass
AUTO_THINK = 0.18  # a person's automatic draw (auto-draw is on)
DEAD_THINK = 0.05  # the run is dead: the pile runs out
STREAK_THINK = 0.0  # a forced draw right after another: the next frame
FLY_PLAY = 0.38  # a computer's card travelling to the run
FLY_MINE = 0.18  # your card snapping onto the run
FLY_DRAW = 0.2
FLY_DEAD = 0.15
FLY_DEAL = 0.2
SUMMARY_PAUSE = 0.8  # the last card of a round stays in view this long

#: log lines of these actions get a dot in the colour of the seat that acted
DOTTED = (PLAY, DRAW, PASS)


RunsTableScene = TableScene[RunsState, Action, RunsView, RunsPicture]


class RunsTable(RunsTableScene):
    reader = runs_speech
    game_id = "runs"
    name = "runs-table"
    model: RunsModel
    #: "until we stop": stopping is how such a game ends
    celebrates_stopped = True

    def __init__(self, app: AppServices, match: RunsMatch) -> None:
        super().__init__(app, RunsModel(match, bool(app.settings.auto_draw)), Painters(paint_still, paint_moving))
        self._layout: tuple[tuple[Any, ...], Layout] | None = None
        self._still: tuple[tuple[Any, ...], Still] | None = None
        self.card_drag(
            on_click=self._clicked,
            land=lambda src, zone: True,  # animate flies the card to where the run puts it
        )

    # --- what the table knows ----------------------------------------------------------------
    def layout(self) -> Layout:
        v = self.view
        key = (self.app.size, self.app.scale, cardart.size_factor(), id(self.match.state), self.viewer, self.finished)
        if self._layout is None or self._layout[0] != key:
            # a run that can be followed, or a new one beside the closed run
            # (the engine's: with "new run", or when a circuit closed the runs)
            fresh = GAME.starts_run(v)
            chain_open = fresh or not self.model.dead()
            # where each run began (after a stop a card that touches the last
            # one may begin a new run: the engine kept it)
            starts = GAME.run_starts(v)
            L = compute_layout(self.app.size, self.app.scale, v.players, self.viewer, len(v.chain), len(v.hand), chain_open, self._lit(), starts, new_slot=fresh)
            if v.phase != PHASE_PLAY:
                L.slot = None
            self._layout = (key, L)
        return self._layout[1]

    def _lit(self) -> frozenset[int]:
        """Indices of the cards at the screen that may be played now (lifted)."""
        if not self.my_turn():
            return frozenset()
        p = set(self.view.playable)
        return frozenset(i for i, c in enumerate(self.view.hand) if c in p)

    def my_turn(self) -> bool:
        return self.model.my_turn()

    def kind_label(self, seat_: int) -> str:
        k = self.match.seats[seat_].kind
        if k == "person":
            return tr("ui.human")
        return tr("runs.table.kind." + k) if k in ("simple", "strong") else tr("ui.computer")

    def face(self, card: Card, width: int) -> pygame.Surface:
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def hand_rect(self, card: Card) -> pygame.Rect:
        """Where ``card`` of the hand at the screen is drawn (lifted when lit)."""
        L = self.layout()
        i = list(self.view.hand).index(card)
        return L.hand[i].move(0, -L.lift) if i in L.lit else L.hand[i]

    # --- drag and drop, clicks ------------------------------------------------------------------
    def drag_sources(self) -> list[Source]:
        if not self.my_turn():
            return []
        L = self.layout()
        return [Source(self.hand_rect(card), ("hand", card), self.face(card, L.hw)) for card in self.view.hand]

    def drag_zones(self) -> list[Zone]:
        L = self.layout()
        if self.view.phase != PHASE_PLAY:
            return []
        n = len(self.view.chain)
        zones = [Zone(L.chain[-1], ("chain", n))] if L.chain else []
        if L.slot is not None:
            zones.append(Zone(L.slot, ("chain", n)))
        return zones

    def drag_legal(self, payload: Any) -> list:
        if not self.my_turn() or payload[0] != "hand":
            return []
        return [("chain", len(self.view.chain))] if payload[1] in self.view.playable else []

    def drag_drop(self, payload: Any, zone: Any) -> Any:
        if not self.my_turn() or payload[0] != "hand" or self.drag is None:
            return PENDING
        # the card was let go there: it flies on from that point
        return self.play_card(payload[1], self.drag.last_start, How.DROP)

    def _clicked(self, payload: Any) -> bool:
        if payload[0] == "hand" and self.my_turn():
            self.model.cursor = None
            self.play_or_bounce(payload[1])
        return True

    def play_card(self, card: Card, start: tuple[int, int], how: How = How.CLICK) -> Message | None:
        """Play ``card`` from the hand at the screen, flying from ``start``.
        None on success, else the engine's reason (nothing changed)."""
        return self.play(Intent(PLAY_ACTIONS[card], how, origin=(start,)))

    def play_or_bounce(self, card: Card, how: How = How.CLICK) -> None:
        """A click or Enter on a card: played, or it hops and says why not
        (to the person at the screen alone: the reason names their cards)."""
        err = self.play_card(card, self.hand_rect(card).topleft, how)
        if err is not None:
            L = self.layout()
            r = L.hand[list(self.view.hand).index(card)]
            self.anim.fly(self.face(card, L.hw), (r.x, r.y - int(46 * L.s)), r.topleft, 0.25, hide=("hand", card))
            self.refuse(err)

    # --- actions from buttons and keys ----------------------------------------------------------
    def draw_click(self, how: How = How.CLICK) -> None:
        """The pile, the Draw button, D or Space: the forced draw or pass of
        the person at the screen; on a dead run, the rest of the pile."""
        a = self.model.clicker_forced()
        if a is None:
            if self.my_turn() and self.view.phase == PHASE_PLAY:
                # a card can be played: the engine's refusal says which
                # (a click on the pile did nothing at all)
                self.act_or_refuse(Action(DRAW), how)
            return
        if a.kind == DRAW and self.model.dead():
            self.model.draw_out()
        self.act_or_refuse(a, how)

    def toggle_auto(self) -> None:
        """Auto-draw on or off: the player's setting and this game's choice."""
        on = not self.model.auto_draw
        self.app.settings.auto_draw = on
        self.app.save_settings()
        self.model.set_auto_draw(on)
        self.sync_ui()
        if self.model.clicker_forced() is not None:
            self.advance()  # a forced draw waiting for a click now plays itself

    def draw_label(self) -> tuple[str, bool]:
        """The text of the Draw button and whether it may be pressed."""
        a = self.model.clicker_forced()
        if a is None:
            return tr("runs.ui.draw"), False
        if a.kind == DRAW and self.model.dead():
            return tr("runs.table.run_out", n=self.view.pile_count), True
        return (tr("runs.ui.draw") if a.kind == DRAW else tr("runs.ui.pass")), True

    # --- life cycle -------------------------------------------------------------------------------
    def resume(self) -> None:
        """Back on top: auto-draw follows the setting (its switch in the
        settings applies to this game), and a draw waiting for a click
        plays itself once auto-draw is on."""
        changed = self.model.follow_setting(bool(self.app.settings.auto_draw))
        super().resume()
        if changed and self.model.clicker_forced() is not None:
            self.advance()

    # --- the kit's hooks --------------------------------------------------------------------------
    def think_time(self, step: Step) -> float:
        self.model.thinking = step.seat
        if self.model.forced() is not None:
            if self.model.streak():
                return STREAK_THINK
            return DEAD_THINK if self.model.dead() else FORCED_THINK
        return THINK if len(GAME.playable(self.match.state)) > 1 else ONE_CARD_THINK

    def auto_time(self, step: Step) -> float:
        if self.model.streak():
            return STREAK_THINK
        return DEAD_THINK if self.model.dead() else AUTO_THINK

    def before_bot_move(self) -> None:
        self.model.thinking = None

    def await_person(self, step: Step) -> None:
        if self.model.cursor is not None:
            self.model.cursor = self.model.first_lit()  # a new turn: the cursor starts on a lit card

    def at_break(self, step: Step) -> None:
        runs_speech.round_over(self)
        self.app.push(RoundSummaryScene(self.app, self))

    def animate(self, moved: Moved, intent: Intent[Action] | None) -> float:
        """The card travels; returns the base seconds before the next seat
        moves (draws stream: the next seat starts while the card flies)."""
        L = self.layout()
        kind = moved.action.kind
        wait = 0.0
        if kind == PLAY:
            origin = intent.origin[0] if intent is not None and intent.origin else None
            wait = self._fly_play(moved, origin, L)
        elif kind == DRAW:
            wait = self._fly_draw(moved, L)
        elif kind == NEXT_ROUND:
            self._fly_deal(L)
        phase = moved.after.phase
        if phase == PHASE_PLAY and kind != PLAY:
            wait = 0.0
        if phase == PHASE_BREAK:
            wait += SUMMARY_PAUSE
        return wait

    @staticmethod
    def _seat_spot(L: Layout, seat_: int | None, width: int) -> tuple[int, int] | None:
        """Where a card dealt or drawn to another seat lands in its box."""
        box = L.seats.get(seat_) if seat_ is not None else None
        return None if box is None else (box.centerx - width // 2, box.y + int(46 * L.s))

    def _fly_play(self, moved: Moved, origin: tuple[int, int] | None, L: Layout) -> float:
        """A played card flies to its place in the run: from where the
        gesture left it (``origin``), else from its seat's box."""
        idx = len(moved.before.chain)
        if idx >= len(L.chain):
            return 0.0
        dest = L.chain[idx]
        if origin is not None:
            start, dur = origin, FLY_MINE
        else:
            box = L.seats.get(moved.seat) if moved.seat is not None else None
            cx, cy = box.center if box is not None else (L.pile.centerx, int(60 * L.s))
            start, dur = (cx - L.hw // 2, cy - int(L.hw * 0.7)), FLY_PLAY
        self.anim.fly(self.face(moved.action.card, dest.w), start, dest.topleft, dur, hide=("chain", idx))
        return dur

    def _fly_draw(self, moved: Moved, L: Layout) -> float:
        log = moved.before.log
        quick = GAME.chain_dead(moved.before) or (bool(log) and log[-1][1].kind in (DRAW, PASS))
        dur = FLY_DEAD if quick else FLY_DRAW
        if moved.seat is not None and moved.seat == self.viewer:
            hand = list(self.view.hand)
            new = list((Counter(hand) - Counter(GAME.view(moved.before, self.viewer).hand)).elements())
            if new and hand.index(new[0]) < len(L.hand):
                self.anim.fly(cardart.back(L.cw), L.pile.topleft, L.hand[hand.index(new[0])].topleft, dur, hide=("hand", new[0]))
            return dur
        bw = int(L.cw * 0.6)
        spot = self._seat_spot(L, moved.seat, bw)
        if spot is not None:
            self.anim.fly(cardart.back(bw), L.pile.topleft, spot, dur)
        return dur

    def _fly_deal(self, L: Layout) -> None:
        """The new hands fly out from the pile, one card at a time round the
        table, in the order the engine dealt them (every card of a bigger
        deal too)."""
        v = self.view
        bw = int(L.cw * 0.6)
        mine = 0  # the viewer's cards dealt so far
        for k, s in enumerate(GAME.deal_order(v)):
            if s == self.viewer:
                r, mine = mine, mine + 1
                if r < len(v.hand) and r < len(L.hand):
                    # the hand is sorted; deal into its places left to right
                    self.anim.fly(cardart.back(L.cw), L.pile.topleft, L.hand[r].topleft, FLY_DEAL, hide=("hand", v.hand[r]), delay=k * 0.018)
                continue
            spot = self._seat_spot(L, s, bw)
            if spot is not None:
                self.anim.fly(cardart.back(bw), L.pile.topleft, spot, FLY_DEAL, delay=k * 0.018)

    def sound_for(self, moved: Moved) -> str:
        return "deal" if moved.action.kind in (DRAW, NEXT_ROUND) else "place"

    def celebration_cards(self) -> list[Card]:
        """The last cards of the run spring up."""
        return list(self.view.chain[-8:])

    def show_result(self, outcome: Outcome) -> None:
        self.app.play_sound("win")
        if outcome.stopped:
            self.show_final(outcome)
        else:
            # the last round's sheet first, then the final scores
            runs_speech.round_over(self)
            self.app.push(RoundSummaryScene(self.app, self, outcome=outcome))

    def show_final(self, outcome: Outcome) -> None:
        buttons = [
            (tr("ui.play_again"), lambda: play_again(self.app, self)),
            (tr("ui.new_game"), lambda: new_game_from(self.app, self)),
            (tr("ui.menu"), self.app.to_menu),
        ]
        self.app.push(GameOverScene(self.app, self, outcome, buttons))

    # --- buttons -----------------------------------------------------------------------------------
    def header_buttons(self) -> list[ButtonSpec]:
        can = self.my_turn() and self.view.phase == PHASE_PLAY
        return [ButtonSpec("hint", tr("runs.table.hint"), self.show_hint, can, tooltip=tr("runs.table.hint_tip")), *super().header_buttons()]

    def show_hint(self) -> None:
        """The strong computer's choice from this player's own view, with
        its reason; the card is outlined (Enter plays it), and the game
        counts as played with help."""
        if not self.my_turn() or self.view.phase != PHASE_PLAY:
            return
        m = self.match
        found = hint(self.view, m.game.legal_actions(m.state), random.Random(m.seed * 7919 + len(m.actions)))
        self.model.took_hint()
        self.autosave()
        if found.action.kind == PLAY and found.action.card in self.view.hand:
            self.model.cursor = list(self.view.hand).index(found.action.card)
        self.notice(found.reason, ttl=9, positional=True)
        self.sync_ui()

    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        L = self.layout()
        label, enabled = self.draw_label()
        auto = self.model.auto_draw
        return [
            (ButtonSpec("draw", label, self.draw_click, enabled, primary=enabled), L.draw_button),
            (ButtonSpec("auto", tr("runs.table.auto_on") if auto else tr("runs.table.auto_off"), self.toggle_auto, selected=auto), L.auto_button),
        ]

    def play_centre_x(self) -> int:
        return self.layout().status.centerx

    def note_area(self) -> pygame.Rect:
        return self.layout().notes

    # --- keys and the pointer ------------------------------------------------------------------------
    def on_pointer(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or (self.drag is not None and self.drag.active is not None):
            return False
        L = self.layout()
        if L.pile.inflate(int(12 * L.s), int(12 * L.s)).collidepoint(event.pos) and self.my_turn():
            self.model.cursor = None
            self.draw_click()
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        hand = self.view.hand
        if k in (pygame.K_d, pygame.K_SPACE):
            self.draw_click(How.KEY)
        elif k == pygame.K_h:
            self.show_hint()
        elif k == pygame.K_a:
            self.toggle_auto()
        elif self.my_turn() and self._move_cursor(k, len(hand)):
            pass
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.my_turn() and hand:
            i = self.model.cursor
            if i is not None and 0 <= i < len(hand):
                self.play_or_bounce(hand[i], How.KEY)
            else:
                self.model.cursor = self.model.first_lit()
        else:
            return False
        return True

    def _move_cursor(self, key: int, count: int) -> bool:
        cursor = KeyCursor(self.model.cursor)
        if not cursor.move(key, count, start=self.model.first_lit()):
            return False
        self.model.cursor = cursor.index
        return True

    def cancel_gesture(self) -> bool:
        had = self.model.cursor is not None
        self.model.cursor = None
        return super().cancel_gesture() or had

    # --- the picture ----------------------------------------------------------------------------------
    def picture(self) -> RunsPicture:
        L = self.layout()
        look = Look.of(self.app)
        m = self.model
        hidden = self.hidden_keys()
        key = (id(self.match.state), self.viewer, self.finished, m.thinking, m.meta, look, hidden, id(L))
        if self._still is None or self._still[0] != key:
            self._still = (key, self._make_still(look, L, hidden))
        hand = self.view.hand
        i = m.cursor
        on = i is not None and 0 <= i < len(hand) and self.my_turn()
        cursor = self.hand_rect(hand[i]) if on and i is not None else None
        return RunsPicture(self._still[1], cursor, on and i is not None and hand[i] in m.fresh)

    def _make_still(self, look: Look, L: Layout, hidden: frozenset[Any]) -> Still:
        v = self.view
        viewer = self.viewer
        return Still(
            look=look,
            layout=L,
            header=self.header(),
            title=tr("runs.name"),
            facts=tuple(self.facts()),
            seats=tuple(self._seat_box(v, s) for s in L.seats),
            pile=self._pile(v),
            run=self._run(v, L),
            board=self._board(v),
            log_title=tr("runs.table.log"),
            log=tuple(self.log_lines()),
            status=self.status_text(),
            hand=self._hand(v, viewer) if viewer is not None else None,
            hidden=hidden,
        )

    def _seat_box(self, v: RunsView, seat_: int) -> SeatBox:
        cur = v.phase == PHASE_PLAY and v.turn == seat_ and not self.finished
        doing = self.kind_label(seat_)
        if v.phase == PHASE_PLAY and seat_ in v.finished:
            doing = out_words(v.finished, v.bonus, seat_)
        elif cur:
            doing = tr("runs.table.thinking") if self.model.thinking == seat_ else tr("runs.table.to_play")
        n = v.hand_counts[seat_]
        points = tr("runs.table.seat_points", round=signed(v.round_score(seat_)), total=num(v.scores[seat_]))
        return SeatBox(seat_, self.seat_name(seat_), doing, cur, n, tr("runs.ui.cards", n=n), points)

    def _pile(self, v: RunsView) -> Pile:
        n = v.pile_count
        label = tr("runs.ui.pile", n=n) if n else tr("runs.table.pile_empty")
        return Pile(n, label, self.model.clicker_forced() is not None and not self.model.automatic())

    def _run(self, v: RunsView, L: Layout) -> Run:
        n = len(v.chain)
        last_name = self.seat_name(v.chain_seats[-1]) if n and v.chain_seats else None
        hint: str | None = None
        if L.slot is not None:
            if n == 0:
                hint = tr("runs.table.any_card")
            elif L.new_slot:
                hint = tr("runs.table.new_run_hint")
            else:
                nxt = [display(c, self.lang) for c in GAME.continuations(v)]
                hint = tr("runs.table.next", cards=(" " + tr("runs.table.or") + " ").join(nxt)) if nxt else None
                if hint is not None:
                    hint = "\n".join(x for x in (hint, self._closes_when(v)) if x)
        return Run(
            chain=v.chain,
            seats=v.chain_seats,
            last_name=last_name,
            closed_mark=tr("runs.table.closed") if L.new_slot else None,
            closed_label=tr("runs.table.closed_runs", n=len(L.closed)) if L.closed else None,
            hint=hint,
            ask=L.slot is not None and (n == 0 or L.new_slot),
            dead=tr("runs.table.dead_short") if L.slot is None and n and v.phase == PHASE_PLAY else None,
        )

    def _closes_when(self, v: RunsView) -> str:
        """Under the next place, what ends the run besides a card that
        nothing can follow: the stop (the next player who cannot follow),
        the circuit (so many more turns without a card), or nothing."""
        if v.stop:
            return tr("runs.table.stop_note")
        if v.circuit:
            holding = sum(1 for n in v.hand_counts if n)
            return tr("runs.table.circuit_note", n=max(1, holding - v.idle))
        return ""

    def _board(self, v: RunsView) -> Board:
        best = leaders(v.scores)
        rows = tuple(BoardRow(s, self.seat_name(s), signed(v.round_score(s)), num(v.scores[s]), s in best) for s in range(v.players))
        return Board(tr("runs.table.scores"), tr("runs.table.this_round"), tr("runs.summary.game_total"), rows, self.viewer)

    def _hand(self, v: RunsView, seat_: int) -> Hand:
        out = None
        if v.phase == PHASE_PLAY and seat_ in v.finished and not v.hand:
            out = tr("runs.table.you_are_out", n=v.finished.index(seat_) + 1)
        line = tr("runs.table.your_hand", name=self.seat_name(seat_), round=signed(v.round_score(seat_)), total=num(v.scores[seat_]))
        fresh = self.model.fresh & frozenset(v.hand)
        # the person at the screen must draw or pass: no card of theirs may
        # go, and the hand says so as a hand with lit cards does (it stayed
        # bright against the computers; between people the draw plays itself)
        dim = self.my_turn() and self.model.forced() is not None
        return Hand(seat_, v.hand, frozenset(v.closing), tr("runs.table.ends_run"), out, line, fresh, tr("runs.table.new_card"), dim)

    def facts(self) -> list[str]:
        v = self.view
        if v.rounds == OPEN_ENDED:
            out = [tr("runs.ui.round_open", round=v.round), tr("runs.option.until_stop")]
        else:
            out = [tr("runs.ui.round", round=v.round, rounds=v.rounds)]
        if v.wrap:
            out.append(tr("runs.table.wrap_short"))
        # every house rule in force by its name on the rules screen ("stop +
        # bigger deal" left out the new run, and a game with the circuit
        # never named it); with the stop the circuit never comes, unsaid
        names = [name for name, _ in GAME.describe_rules(self.match.options) if name.key != "runs.house.written"]
        if names:
            out.append(tr("runs.table.house_rules", n=len(names), names=", ".join(self.render(name) for name in names)))
        if self.finished:
            # the deal's number only once the game is over: with it, the
            # deal replayed elsewhere shows every hand and the pile
            out.append(tr("runs.table.deal", n=self.match.seed))
        return out

    def log_lines(self) -> list[tuple[Colour | None, str]]:
        """The log as drawn: a dot colour (or None) and the text per line,
        oldest first; consecutive forced draws and passes are one line, and
        a draw that stopped the run one line with the new run's first card."""
        log = fold_stops(collapse_forced(self.match.log(), [s.name for s in self.match.seats]))
        return [(seat_colour(line.seat) if line.seat is not None and line.action.kind in DOTTED else None, self.render(line.message)) for line in log]

    def status_text(self) -> tuple[str, Colour]:
        v = self.view
        if self.finished or v.phase == PHASE_OVER:
            return tr("runs.table.game_over"), INK
        if v.phase == PHASE_BREAK:
            return tr("runs.table.round_over", round=v.round), INK
        seat_ = v.turn
        name = self.seat_name(seat_)
        forced = self.model.forced()
        auto = self.model.automatic()
        if forced is not None and self.model.dead():
            base = tr("runs.ui.chain_dead", last=v.chain[-1])
            if not self.is_bot(seat_) and not auto:
                return base + " " + tr("runs.table.run_out_hint"), HIGHLIGHT
            return base, GOLD
        if self.my_turn():
            if forced is not None:
                if forced.kind == DRAW:
                    return tr("runs.table.you_draw_auto" if auto else "runs.table.you_draw"), HIGHLIGHT
                return tr("runs.table.you_pass"), HIGHLIGHT
            return self._play_status(v, name), HIGHLIGHT
        if self.is_bot(seat_):
            if forced is not None:
                return tr("runs.table.bot_draws" if forced.kind == DRAW else "runs.table.bot_passes", name=name), INK
            return tr("runs.table.bot_thinks", name=name), INK
        if forced is not None and auto:
            return tr("runs.table.other_draws_auto", name=name), INK
        return tr("runs.ui.turn_of", name=name), INK

    def _play_status(self, v: RunsView, name: str) -> str:
        """What the person to play is told: lead, start a new run, or play a
        lit card; and which lit cards would end the run."""
        cards = [c for c in v.playable if c in v.closing]
        if not v.chain:
            return tr("runs.table.you_lead", name=name)
        if GAME.starts_run(v):
            if cards:
                return tr("runs.table.you_start_new_closing", name=name, cards=cards)
            return tr("runs.table.you_start_new", name=name)
        if cards:
            return tr("runs.table.you_play_closing_new" if v.new_run else "runs.table.you_play_closing", name=name, cards=cards)
        return tr("runs.table.you_play", name=name)


# --- a new game, the same seats again, back to the setup --------------------------------------------


def start_game(app: AppServices, options: dict, seed: int, names: list[str], bots: list[str | None]) -> RunsTable:
    """A new game on a fresh table."""
    match = Match.start(GAME, options, seed, seats_from(names, bots))
    table = RunsTable(app, match)
    seat(app, table)
    table.autosave()
    return table


def play_again(app: AppServices, table: RunsTable) -> RunsTable:
    """The same seats and options, a new deal."""
    m = table.match
    return start_game(app, dict(m.options), random.randrange(1, 10**9), [s.name for s in m.seats], [s.bot for s in m.seats])


def new_game_from(app: AppServices, table: RunsTable) -> None:
    """Back to the setup screen with this game's choices filled in."""
    app.open_setup("runs", choices_of(remembered(app, "runs"), table.match))


__all__ = ["RunsTable", "new_game_from", "play_again", "start_game"]
