"""The Runs table on the kit (:mod:`game.ui.kit.table`).

The run of played cards grows left to right from the draw pile, its last
card larger, the next place dashed with what may follow.  The other seats
sit along the top (backs with counts, points), the scoreboard and the log
on the right, the hand of the seat at the screen along the bottom with the
cards that may be played lifted and lit.

Input becomes engine actions, never rules of its own: a card dropped on the
end of the run, clicked, or chosen with the arrow keys and Enter is
``play <card>``; a click on the pile, the Draw button, D or Space is the
forced ``draw`` or ``pass`` of the person at the screen.  A refused card
flies back and the engine's reason is shown.

Whose turn it is, when the device is passed and which forced draws play
themselves is the match's (:class:`~game.games.runs.policy.RunsPolicy`):
auto-draw (the button and A) and "draw out the pile" on a dead run are
choices in the match's meta (:class:`~game.games.runs.policy.RunsMeta`).  This table only
paces the computers (``think_time``) and animates the cards.  Forced draws
that follow one another (computers, auto-draw, a pile drawn out) go one per
frame after the first, so a stretch of them is one quick burst of cards
from the pile, and one line in the log.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pygame

from game.cards import Card
from game.engine.core import Message, Outcome
from game.engine.match import Match, Moved, Step, meta_of, seats_from
from game.games.runs import GAME
from game.games.runs.deck import run_starts
from game.games.runs.policy import RunsMeta
from game.games.runs.state import DRAW, NEXT_ROUND, PASS, PHASE_BREAK, PHASE_PLAY, PLAY, PLAY_ACTIONS, Action
from game.i18n import tr
from game.ui import cardart
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.cursor import KeyCursor
from game.ui.kit.form import remembered
from game.ui.kit.table import TableScene, seat
from game.ui.scene import ButtonSpec
from game.ui.tables import table as table_entry
from game.ui.tables.runs.choices import choices_of
from game.ui.tables.runs.draw import RunsDrawing
from game.ui.tables.runs.layout import Layout, compute_layout
from game.ui.tables.runs.overlays import GameOverScene, RoundSummaryScene

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


class RunsTable(RunsDrawing, TableScene):
    game_id = "runs"
    name = "runs-table"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        if self.meta().auto_draw is None:  # the player's own setting, unless the match was given a choice
            match.meta = replace(self.meta(), auto_draw=bool(app.settings.auto_draw))
        self.cursor = KeyCursor()
        #: the computer whose move is being waited for ("thinking …")
        self.thinking: int | None = None
        #: where the person's card starts its flight (set while it is played)
        self._origin: tuple[int, int] | None = None
        self._layout: tuple[tuple, Layout] | None = None
        self.card_drag(
            on_click=self._clicked,
            land=lambda src, zone: True,  # on_moved flies the card to where the run puts it
        )

    # --- what the table knows ----------------------------------------------------------------
    def layout(self) -> Layout:
        v = self.view
        key = (self.app.size, self.app.scale, cardart.size_factor(), id(self.match.state), self.viewer)
        if self._layout is None or self._layout[0] != key:
            dead = GAME.chain_dead(self.match.state)
            # with the house rule a closed run is followed by a new one beside it
            chain_open = not v.chain or not dead or v.new_run
            starts = run_starts(v.chain, v.wrap)
            L = compute_layout(self.app.size, self.app.scale, v.players, self.viewer, len(v.chain), len(v.hand), chain_open, self._lit(), starts, new_slot=v.new_run and dead)
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
        return super().my_turn() and self.view.phase == PHASE_PLAY

    def meta(self) -> RunsMeta:
        return meta_of(self.match, RunsMeta)

    def forced(self) -> Action | None:
        """The draw or pass the player to act must make, or None."""
        return GAME.forced_action(self.match.state)

    def dead(self) -> bool:
        return GAME.chain_dead(self.match.state)

    def automatic(self) -> bool:
        """The forced move of the person to act plays itself (auto-draw, or
        the pile being drawn out)."""
        seat_ = self.current
        return seat_ is not None and self.match.policy.automatic(self.match, seat_) is not None

    def clicker_forced(self) -> Action | None:
        """The forced move a click on the pile (or Draw, D, Space) makes:
        that of the person at the screen."""
        return self.forced() if self.my_turn() else None

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

    def drag_legal(self, payload) -> list:
        if not self.my_turn() or payload[0] != "hand":
            return []
        return [("chain", len(self.view.chain))] if payload[1] in self.view.playable else []

    def drag_drop(self, payload, zone) -> Any:
        if not self.my_turn() or payload[0] != "hand":
            return PENDING
        return self.play_card(payload[1], self.drag.last_start)

    def _clicked(self, payload) -> bool:
        if payload[0] == "hand" and self.my_turn():
            self.play_or_bounce(payload[1])
        return True

    def play_card(self, card: Card, start: tuple[int, int]) -> Message | None:
        """Play ``card`` from the hand at the screen, flying from ``start``.
        None on success, else the engine's reason (nothing changed)."""
        self._origin = start
        try:
            return self.act(PLAY_ACTIONS[card])
        finally:
            self._origin = None

    def play_or_bounce(self, card: Card) -> None:
        """A click or Enter on a card: played, or it hops and says why not."""
        err = self.play_card(card, self.hand_rect(card).topleft)
        if err is not None:
            L = self.layout()
            r = L.hand[list(self.view.hand).index(card)]
            self.anim.fly(self.face(card, L.hw), (r.x, r.y - int(46 * L.s)), r.topleft, 0.25, hide=("hand", card))
            self.refuse(err)

    # --- actions from buttons and keys ----------------------------------------------------------
    def draw_click(self) -> None:
        """The pile, the Draw button, D or Space: the forced draw or pass of
        the person at the screen; on a dead run, the rest of the pile."""
        a = self.clicker_forced()
        if a is None:
            return
        if a.kind == DRAW and self.dead():
            self.match.meta = replace(self.meta(), run_out=self.match.state.round)
        self.act_or_refuse(a)

    def toggle_auto(self) -> None:
        on = not self.meta().auto_draw
        self.app.settings.auto_draw = on
        self.app.save_settings()
        self.match.meta = replace(self.meta(), auto_draw=on)
        self.touch()
        self.advance()  # a forced draw waiting for a click now plays itself

    def draw_label(self) -> tuple[str, bool]:
        """The text of the Draw button and whether it may be pressed."""
        a = self.clicker_forced()
        if a is None:
            return tr("runs.ui.draw"), False
        if a.kind == DRAW and self.dead():
            return tr("runs.table.run_out", n=self.view.pile_count), True
        return (tr("runs.ui.draw") if a.kind == DRAW else tr("runs.ui.pass")), True

    # --- the kit's hooks --------------------------------------------------------------------------
    def streak(self) -> bool:
        """The last move of this round was a forced draw or pass: a forced
        move now continues the stretch (one line in the log, no pause)."""
        log = self.match.state.log
        return bool(log) and log[-1][1].kind in (DRAW, PASS)

    def think_time(self, step: Step) -> float:
        self.thinking = step.seat
        self.touch()
        if self.forced() is not None:
            if self.streak():
                return STREAK_THINK
            return DEAD_THINK if self.dead() else FORCED_THINK
        return THINK if len(GAME.playable(self.match.state)) > 1 else ONE_CARD_THINK

    def auto_time(self, step: Step) -> float:
        if self.streak():
            return STREAK_THINK
        return DEAD_THINK if self.dead() else AUTO_THINK

    def before_bot_move(self) -> None:
        self.thinking = None

    def await_person(self, step: Step) -> None:
        if self.cursor.index is not None:
            self.cursor.place(self._first_lit())  # a new turn: the cursor starts on a lit card
            self.touch()

    def at_break(self, step: Step) -> None:
        self.app.push(RoundSummaryScene(self.app, self))

    def on_moved(self, moved: Moved) -> float:
        """The card travels; returns the base seconds before the next seat
        moves (draws stream: the next seat starts while the card flies)."""
        L = self.layout()
        kind = moved.action.kind
        wait = 0.0
        if kind == PLAY:
            wait = self._fly_play(moved, L)
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

    def _fly_play(self, moved: Moved, L: Layout) -> float:
        idx = len(moved.before.chain)
        if idx >= len(L.chain):
            return 0.0
        dest = L.chain[idx]
        if self._origin is not None:
            start, dur = self._origin, FLY_MINE
        else:
            box = L.seats.get(moved.seat) if moved.seat is not None else None
            cx, cy = box.center if box is not None else (L.pile.centerx, int(60 * L.s))
            start, dur = (cx - L.hw // 2, cy - int(L.hw * 0.7)), FLY_PLAY
        self.anim.fly(self.face(moved.action.card, L.hw), start, dest.topleft, dur, hide=("chain", idx))
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
        """The new hands fly out from the pile, one card at a time round the table."""
        v = self.view
        order = [(v.starter + i) % v.players for i in range(v.players)]
        bw = int(L.cw * 0.6)
        for k, (r, s) in enumerate((r, s) for r in range(7) for s in order):
            if s == self.viewer:
                if r < len(v.hand) and r < len(L.hand):
                    # the hand is sorted; deal into its places left to right
                    self.anim.fly(cardart.back(L.cw), L.pile.topleft, L.hand[r].topleft, FLY_DEAL, hide=("hand", v.hand[r]), delay=k * 0.018)
                continue
            spot = self._seat_spot(L, s, bw)
            if spot is not None:
                self.anim.fly(cardart.back(bw), L.pile.topleft, spot, FLY_DEAL, delay=k * 0.018)

    def sound_for(self, moved: Moved) -> str:
        return "deal" if moved.action.kind in (DRAW, NEXT_ROUND) else "place"

    def celebrates_stopped(self) -> bool:
        return True  # "until we stop": stopping is how such a game ends

    def celebration_cards(self) -> list[Card]:
        """The last cards of the run spring up."""
        return list(self.view.chain[-8:])

    def show_result(self, outcome: Outcome) -> None:
        self.app.play_sound("win")
        if outcome.stopped:
            self.show_final(outcome)
        else:
            # the last round's sheet first, then the final scores
            self.app.push(RoundSummaryScene(self.app, self, outcome=outcome))

    def show_final(self, outcome: Outcome) -> None:
        buttons = [
            (tr("ui.play_again"), lambda: play_again(self.app, self)),
            (tr("ui.new_game"), lambda: new_game_from(self.app, self)),
            (tr("ui.menu"), self.app.to_menu),
        ]
        self.app.push(GameOverScene(self.app, self, outcome, buttons))

    # --- buttons -----------------------------------------------------------------------------------
    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        L = self.layout()
        label, enabled = self.draw_label()
        auto = bool(self.meta().auto_draw)
        return [
            (ButtonSpec("draw", label, self.draw_click, enabled, primary=enabled), L.draw_button),
            (ButtonSpec("auto", tr("runs.table.auto_on") if auto else tr("runs.table.auto_off"), self.toggle_auto, selected=auto), L.auto_button),
        ]

    def play_centre_x(self) -> int:
        return self.layout().status.centerx

    # --- keys and the pointer ------------------------------------------------------------------------
    def on_pointer(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or self.drag.active is not None:
            return False
        L = self.layout()
        if L.pile.inflate(int(12 * L.s), int(12 * L.s)).collidepoint(event.pos) and self.clicker_forced() is not None:
            self.cursor.clear()
            self.draw_click()
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        hand = self.view.hand
        if k in (pygame.K_d, pygame.K_SPACE):
            self.draw_click()
        elif k == pygame.K_a:
            self.toggle_auto()
        elif self.my_turn() and self.cursor.move(k, len(hand), start=self._first_lit()):
            self.touch()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.my_turn() and hand:
            if self.cursor.valid(len(hand)):
                self.play_or_bounce(hand[self.cursor.index or 0])
            else:
                self.cursor.place(self._first_lit())
                self.touch()
        else:
            return False
        return True

    def _first_lit(self) -> int:
        v = self.view
        return next((i for i, c in enumerate(v.hand) if c in v.playable), 0)

    def cancel_gesture(self) -> bool:
        had = self.cursor.index is not None
        self.cursor.clear()
        return super().cancel_gesture() or had

    def static_key(self) -> tuple:
        return (*super().static_key(), self.cursor.index, self.thinking, self.meta())


# --- a new game, the same seats again, back to the setup --------------------------------------------


def start_game(app, options: dict, seed: int, names: list[str], bots: list[str | None]) -> RunsTable:
    """A new game on a fresh table."""
    match = Match.start(GAME, options, seed, seats_from(names, bots))
    table = RunsTable(app, match)
    seat(app, table)
    table.autosave()
    return table


def play_again(app, table: RunsTable) -> RunsTable:
    """The same seats and options, a new deal."""
    m = table.match
    return start_game(app, dict(m.options), random.randrange(1, 10**9), [s.name for s in m.seats], [s.bot for s in m.seats])


def new_game_from(app, table: RunsTable) -> None:
    """Back to the setup screen with this game's choices filled in."""
    app.to_menu()
    table_entry("runs").open_new(app, choices_of(remembered(app, "runs"), table.match))
