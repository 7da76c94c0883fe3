"""The Mind the Gap / Lückenlos table: the pyramid as a brick wall, the hand
at the bottom, stock and fanned discard pile, the team's coins.

Gestures become engine actions, played as intents that say how they were
made: a hand card dropped on a gap is ``place`` (``How.DROP``: the
drag-and-drop has landed it), on the discard pile ``discard``, and a
pyramid card dropped on the pile ``takeback``, both after "pay a coin?"
(``How.CONFIRM``: the card makes a short flight from where it lay, with
the coin's sound).  Legal gaps glow while dragging because they are found
in the legal actions; an illegal drop flies back and shows the engine's
reason to the seat that tried it.  "Show me" and the computers' moves
fly from the hand or the seat.  With no coin left nothing offers a
discard or a take-back: the pyramid's cards cannot be picked up, the
texts do not mention the pile, and D / T only say why.

The turn loop, the pass screen, saving and statistics are the kit's
(:mod:`game.ui.kit.table`); the log's scrolling and the tutorial's steps
are the model's (:mod:`.model`), the help switch and a series of five
pyramids the match's meta; what is drawn is a picture (:mod:`.paint`).
The tutorial is this table over a tutorial match (:mod:`.tutorial`): its
explanation in the right column, "Show me", and only the step's move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.cards import Card, rank_text
from game.engine.core import IllegalAction, Message, Outcome, msg
from game.engine.match import How, Match, Moved, Seat, seats_from
from game.games import mind_the_gap as mtg
from game.games.mind_the_gap.board import takeback_problem
from game.games.mind_the_gap.help import used_copies
from game.games.mind_the_gap.pyramids import copies, values
from game.i18n import tr
from game.ui import cardart
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.model import Intent
from game.ui.kit.overlay import ResultScene
from game.ui.kit.picture import Look, Painters
from game.ui.kit.table import TableScene, seat
from game.ui.scene import AppServices, ButtonSpec
from game.ui.tables.mind_the_gap import speech as mtg_speech
from game.ui.tables.mind_the_gap.layout import Layout, compute_layout
from game.ui.tables.mind_the_gap.model import MtgMatch, MtgModel
from game.ui.tables.mind_the_gap.paint import GapMark, MtgPicture, RankMark, SeatRow, Still, paint_moving, paint_still

PLACE, DISCARD, TAKEBACK, PASS = "place", "discard", "takeback", "pass"
#: how long a card a computer plays (or "Show me") travels, in base seconds
BOT_FLIGHT = 0.55
TAKEBACK_FLIGHT = 0.45
#: a card a person paid a coin for, on its way to the discard pile
PAID_FLIGHT = 0.22
#: seconds the person who drew a card sees it before the device passes
#: (reading time, not an animation: the same whatever the animation
#: setting; a click or a key passes at once)
LOOK_SECONDS = 2.0
#: seconds everyone sees that a move left no finished pyramid possible
#: (about twice a note's time: the pass screen may come between the move
#: and the next person, and the look at the drawn card takes two of them)
CLOSED_OFF_SECONDS = 8.0
#: lines one Page Up / Page Down moves the log (a panel shows about six at 1280x800)
PAGE = 5
LOG_KEYS = {pygame.K_PAGEUP: -PAGE, pygame.K_PAGEDOWN: PAGE}


MtgTableScene = TableScene[mtg.State, mtg.Action, mtg.View, MtgPicture]


class MtgTable(MtgTableScene):
    """A pyramid and the hands of one to three players (people or computer
    teammates), or the tutorial when the match is one."""

    reader = mtg_speech
    game_id = "mind-the-gap"
    name = "mind-the-gap-table"
    model: MtgModel

    def __init__(self, app: AppServices, match: MtgMatch) -> None:
        super().__init__(app, MtgModel(match), Painters(paint_still, paint_moving))
        if self.model.tutorial:
            self.name = "mind-the-gap-tutorial"
            # the tutorial is not a game to continue later (and its end
            # never deletes a game of Mind the Gap kept for Continue)
            self.keeps_save = False
        self._layout: tuple[tuple[Any, ...], Layout] | None = None
        self._help: tuple[tuple[Any, ...], mtg.Help] | None = None
        self._log: tuple[tuple[Any, ...], tuple[str, tuple[str, ...]]] | None = None
        self._passable: tuple[tuple[Any, ...], bool] | None = None
        #: the last pointer position seen (a wheel event has none)
        self._pointer: tuple[int, int] | None = None
        mtg.prepare(self.view)  # build this target's pyramid table now, not on the first help
        self.card_drag(double_zones=self._double_zones, on_zone_click=self._zone_clicked)

    # --- what the table knows -------------------------------------------------------------
    def layout(self) -> Layout:
        v = self.view
        key = (self.app.size, self.app.scale, cardart.size_factor(), v.shape.rows, len(v.hand), len(v.discard), v.players, v.hand_counts, self.model.tutorial)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.layout_for(v))
        return self._layout[1]

    def layout_for(self, view: mtg.View) -> Layout:
        return compute_layout(self.app.size, self.app.scale, view, coach=self.model.tutorial)

    def help(self) -> mtg.Help:
        """The public gap help (it reads only what lies on the table)."""
        v = self.view
        key = (v.places, v.discard, v.coins)
        if self._help is None or self._help[0] != key:
            self._help = (key, mtg.analyse(v))
        return self._help[1]


    def face(self, card: Card, width: int) -> pygame.Surface:
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def can_pass(self) -> bool:
        key = (id(self.match.state), len(self.match.actions), self.viewer, self.finished)
        if self._passable is None or self._passable[0] != key:
            self._passable = (key, self.my_turn() and any(a.kind == PASS for a in self.match.legal()))
        return self._passable[1]

    def can_pay(self) -> bool:
        """Whether the team has a coin for a discard or a take-back."""
        return self.view.can_pay

    # --- drag and drop --------------------------------------------------------------------
    def drag_sources(self) -> list[Source]:
        if not self.my_turn():
            return []
        L = self.layout()
        v = self.view
        out = [Source(r, ("hand", card), self.face(card, L.hw)) for card, r in zip(v.hand, L.hand)]
        # a pyramid card can only go back to the pile (for a coin, not the target)
        out += [Source(L.places[p], ("pyr", p), self.face(c, L.pw)) for p, c in enumerate(v.places) if c is not None and takeback_problem(v, p) is None]
        return out

    def drag_zones(self) -> list[Zone]:
        L = self.layout()
        # the target is a zone too, so a card let go over it hears why not
        return [Zone(r, ("place", p)) for p, r in L.places.items()] + [Zone(L.discard_zone, ("discard",))]

    def drag_legal(self, payload: Any) -> list:
        if not self.my_turn():
            return []
        out: list[tuple] = []
        for a in self.match.legal():
            if payload[0] == "hand" and a.card == payload[1]:
                out.append(("place", a.place) if a.kind == PLACE else ("discard",))
            elif payload[0] == "pyr" and a.kind == TAKEBACK and a.place == payload[1]:
                out.append(("discard",))
        return out

    def drag_drop(self, payload: Any, zone: Any) -> Any:
        if not self.my_turn():
            return PENDING
        if zone[0] == "discard":
            return self.ask_coin(mtg.Action(DISCARD, payload[1]) if payload[0] == "hand" else mtg.Action(TAKEBACK, None, payload[1]))
        if payload[0] == "hand":
            # let go over its gap: the drag-and-drop lands the card
            return self.play(Intent(mtg.Action(PLACE, payload[1], zone[1]), How.DROP))
        return msg("mind_the_gap.ui.takeback_only_to_discard")

    def _zone_clicked(self, payload: Any) -> bool:
        """A press on a pyramid card that cannot be picked up says the
        engine's reason (no coin for it, or the target, which stays)."""
        if payload[0] != "place" or not self.my_turn() or self.view.places[payload[1]] is None:
            return False
        why = takeback_problem(self.view, payload[1])
        if why is None:
            return False
        self.notice(why)
        return True

    @staticmethod
    def _double_zones(payload: Any, zones: list[Zone]) -> list[Zone]:
        """A double-click counts the pile (it costs a coin) only when the
        card has no free place in the pyramid."""
        free = [z for z in zones if z.payload[0] != "discard"]
        return free or zones

    def play(self, intent: Intent[mtg.Action]) -> Message | None:
        # the tutorial takes only its step's move
        why = self.model.off_script(intent.action)
        if why is not None:
            self.app.play_sound("refuse")
            return why
        return super().play(intent)

    def ask_coin(self, action: mtg.Action) -> Any:
        """A discard or a take-back costs a coin: ask first.  The reason
        when it is not allowed, else PENDING (the dialog decides)."""
        why = self.model.off_script(action)
        if why is not None:
            return why
        if action not in self.match.legal():
            try:
                self.match.game.apply(self.match.state, action)
            except IllegalAction as e:
                return e.reason
        v = self.view
        if action.kind == DISCARD:
            body = tr("mind_the_gap.ui.pay_coin_discard", card=action.card, coins=v.coins)
        else:
            assert action.place is not None
            body = tr("mind_the_gap.ui.pay_coin_takeback", card=v.places[action.place], coins=v.coins)
        self.confirm(tr("mind_the_gap.ui.pay_coin_title"), body, lambda: self._pay(action), yes=tr("mind_the_gap.ui.pay_coin_yes"), no=tr("ui.cancel"))
        return PENDING

    def _pay(self, action: mtg.Action) -> None:
        """The coin is paid: the card travels from where it lies (the one
        let go over the pile flew back there first) to the pile."""
        self.anim.land_flights()
        L = self.layout()
        v = self.view
        if action.kind == TAKEBACK and action.place is not None:
            origin = L.places[action.place].topleft
        else:
            origin = L.hand[v.hand.index(action.card)].topleft if action.card in v.hand else L.discard_zone.topleft
        reason = self.play(Intent(action, How.CONFIRM, origin=(origin,)))
        if reason is not None:
            self.refuse(reason)

    # --- the tutorial ------------------------------------------------------------------------
    def show_me(self) -> None:
        """Play the step's move for the player; the card travels from the hand."""
        exp = self.model.expected()
        if exp is not None and not self.busy:
            self.act_or_refuse(exp)

    def skip_to(self, step: int) -> None:
        """Play the steps up to ``step`` at once (for the screenshots)."""
        while self.model.step < step and (exp := self.model.expected()) is not None:
            self.act(exp)
        self.anim.finish_all()

    # --- the log ---------------------------------------------------------------------------
    def scroll_log(self, lines: int) -> bool:
        return self.model.scroll_log(lines)

    def over_log(self) -> bool:
        pos = self._pointer if self._pointer is not None else pygame.mouse.get_pos()
        return self.layout().log.collidepoint(pos)

    def _log_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the panel, Page Up / Page Down anywhere (the
        panel is the table's only scrolling thing, and a keyboard has no
        pointer to hold over it): True when used."""
        pos = getattr(event, "pos", None)
        if pos is not None:
            self._pointer = pos
        if event.type == pygame.MOUSEWHEEL and self.over_log():
            self.scroll_log(-event.y)  # the wheel turned down (y < 0) shows older lines
            return True
        if event.type == pygame.KEYDOWN and event.key in LOG_KEYS:
            self.scroll_log(LOG_KEYS[event.key])
            return True
        return False

    # --- buttons and keys -----------------------------------------------------------------
    def toggle_helper(self) -> None:
        self.model.set_helper(not self.model.helper)
        self.autosave()
        self.sync_ui()

    def do_pass(self) -> None:
        if self.can_pass():
            self.act_or_refuse(mtg.Action(PASS))

    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        helper = self.model.helper
        specs = [
            ButtonSpec("helper", tr("mind_the_gap.ui.helper_on" if helper else "mind_the_gap.ui.helper_off"), self.toggle_helper, selected=helper),
            ButtonSpec("pass", tr("mind_the_gap.ui.pass"), self.do_pass, self.can_pass()),
        ]
        L = self.layout()
        placed: list[tuple[ButtonSpec, Any]] = list(zip(specs, L.button_rows(len(specs))))
        if self.model.expected() is not None:
            placed.append((ButtonSpec("show-me", tr("mind_the_gap.ui.show_me"), self.show_me), L.show_me()))
        return placed

    def build_extra_ui(self) -> None:
        # the tutorial: Enter shows the next move until the player takes a
        # card with the keyboard (a game key drops the focus)
        if self.focused() is None and self.model.expected() is not None:
            self.focus_key("show-me")

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self._log_event(event):
            super().handle_event(event)

    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        scrolls = event.type == pygame.MOUSEWHEEL or (event.type == pygame.KEYDOWN and event.key in LOG_KEYS)
        return scrolls or super().accepts_while_busy(event)

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_h:
            self.toggle_helper()
            return True
        if k == pygame.K_p and self.my_turn():
            # when passing is not allowed, the engine says why
            self.act_or_refuse(mtg.Action(PASS))
            return True
        assert self.drag is not None
        selected = self.drag.selected
        picked = selected.payload if selected is not None else None
        if k in (pygame.K_d, pygame.K_t) and not self.can_pay():
            self.notice(msg("mind_the_gap.ui.no_coin_keys"))
            return True
        if picked is not None and (k, picked[0]) in ((pygame.K_d, "hand"), (pygame.K_t, "pyr")):
            res = self.ask_coin(mtg.Action(DISCARD, picked[1]) if picked[0] == "hand" else mtg.Action(TAKEBACK, None, picked[1]))
            self.drag.cancel()
            if res is not PENDING:
                self.refuse(res)
            return True
        return False

    # --- the kit's hooks ----------------------------------------------------------------------
    def animate(self, moved: Moved, intent: Intent[mtg.Action] | None) -> float:
        """A card travels to where the move put it, unless it was dropped
        there (the drag-and-drop landed it): a paid one from where it lay,
        a computer's from beside its seat, the viewer's own (Show me) from
        the hand, a take-back from its place."""
        self._tell_closed_off(moved)
        a = moved.action
        if moved.how is How.DROP or a.kind not in (PLACE, DISCARD, TAKEBACK):
            return 0.0
        L = self.layout()
        seen = self.match.game.view(moved.before, self.viewer)
        B = self.layout_for(seen)
        card = seen.places[a.place] if a.kind == TAKEBACK else a.card
        if intent is not None and intent.origin:
            start = intent.origin[0]
        elif a.kind == TAKEBACK:
            start = B.places[a.place].topleft
        elif moved.seat == self.viewer and a.card in seen.hand:
            start = B.hand[seen.hand.index(a.card)].topleft
        else:
            start = B.seat_anchor(moved.seat or 0)
        if a.kind == PLACE:
            self.anim.fly(self.face(card, L.pw), start, L.places[a.place].topleft, BOT_FLIGHT, hide=("place", a.place))
            return 0.0
        n = len(self.view.discard) - 1
        end = L.discard_cards[n].topleft if 0 <= n < len(L.discard_cards) else L.discard_zone.topleft
        seconds = PAID_FLIGHT if moved.how is How.CONFIRM else (TAKEBACK_FLIGHT if a.kind == TAKEBACK else BOT_FLIGHT)
        self.anim.fly(self.face(card, L.dw), start, end, seconds, hide=("discard", n))
        return 0.0

    def _tell_closed_off(self, moved: Moved) -> None:
        """A move that leaves no finished pyramid possible is allowed (a
        card placed decides what its gaps need; a coin takes a card back),
        and it went by in silence unless the gap help was on.  Everyone at
        the table hears it now, in plain words, whoever made it."""
        a = moved.action
        if moved.ended or a.kind not in (PLACE, DISCARD, TAKEBACK) or not mtg.closes_off(moved.before, moved.after):
            return
        if a.kind == PLACE:
            said = msg("mind_the_gap.ui.closed_off_place", seat=moved.seat, card=a.card)
        else:
            card = moved.before.places[a.place] if a.kind == TAKEBACK else a.card
            said = msg("mind_the_gap.ui.closed_off_pile", card=card)
        self.notice(said, CLOSED_OFF_SECONDS, public=True)

    def look_before_pass(self, seat: int) -> float:
        """The card just drawn: the pass screen came at once after a
        placement or a discard, so a person first saw the card they drew
        on their next turn."""
        return LOOK_SECONDS if self.drawn(seat) is not None else 0.0

    def drawn(self, seat: int) -> Card | None:
        """The card ``seat`` drew with its last move (it comes last into the
        hand), while it is still in the hand; computers may have moved since."""
        game, states = self.match.game, self.match.states
        for i in range(len(states) - 2, max(-1, len(states) - 2 - self.players * 2), -1):
            if game.current_player(states[i]) == seat:
                before, after = game.view(states[i], seat), game.view(states[i + 1], seat)
                card = after.hand[-1] if after.stock_count < before.stock_count and after.hand else None
                return card if card is not None and card in self.match.view(seat).hand else None
        return None

    def sound_for(self, moved: Moved) -> str:
        return "coin" if moved.how is How.CONFIRM else "place"

    def play_centre_x(self) -> int:
        return self.layout().centre_x

    def note_area(self) -> pygame.Rect:
        return self.layout().notes

    def celebration_cards(self) -> list[Card]:
        """The finished pyramid's cards spring up."""
        return [c for c in self.view.places if c is not None]

    def celebration_area(self) -> pygame.Rect:
        """The pyramid and the hand (not the log at the side)."""
        L = self.layout()
        rects = list(L.places.values()) + list(L.hand)
        if not rects:
            return super().celebration_area()
        return rects[0].unionall(rects[1:])

    def show_result(self, outcome: Outcome) -> None:
        # the series counts this pyramid already (the policy's rule of a
        # series, right after the final move)
        won = bool(outcome.won)
        coins = self.view.coins
        series = self.model.series
        # a won pyramid's reason says the coins to spare already
        lines = [self.render(outcome.reason)] + ([] if won else [tr("mind_the_gap.ui.coins_left", n=coins)])
        if series is not None:
            lines.append(tr("mind_the_gap.ui.series_score", done=series.index, total=series.total, length=series.length))
            if series.done:
                lines.append(tr("mind_the_gap.ui.series_done", total=series.total))
        # how the game was played, won or lost: the loss said nothing of
        # undo (the statistics count it apart either way)
        meta = self.model.meta
        notes = [tr(key) for key, used in (("mind_the_gap.ui.helper_marked", meta.helper_used), ("mind_the_gap.ui.undo_marked", meta.undo_used)) if used]
        first: tuple[str, Callable[[], object]]
        if series is not None and not series.done:
            first = (tr("mind_the_gap.ui.next_pyramid"), lambda: ask_who_begins(self.app, self))
        else:
            first = (tr("ui.play_again"), lambda: play_again(self.app, self))
        buttons = [first, (tr("ui.new_deal"), lambda: new_deal(self.app, self)), (tr("ui.menu"), self.app.to_menu)]
        self.app.play_sound("win" if won else "refuse")
        title = tr("mind_the_gap.ui.won") if won else tr("mind_the_gap.ui.lost")
        self.app.push(ResultScene(self.app, title, lines, buttons, won=won, where="right", notes=notes))

    # --- the picture ----------------------------------------------------------------------------------
    def status_line(self, view: mtg.View) -> str:
        """Whose turn it is and what that player can do (with no coin left
        it never offers the discard pile); at a dead end, that no finished
        pyramid is possible and how to go on (with the help on, why)."""
        if self.finished:
            line = ""
        elif self.viewer is not None and self.match.current == self.viewer:
            name = self.seat_name(self.viewer)
            if view.can_pay:
                line = tr("mind_the_gap.ui.your_turn", name=name, coins=view.coins)
            elif self.can_pass():
                line = tr("mind_the_gap.ui.your_turn_pass", name=name)
            else:
                line = tr("mind_the_gap.ui.your_turn_no_coin", name=name)
        elif self.is_bot(self.match.current):
            line = tr("mind_the_gap.ui.waiting", name=self.seat_name(self.match.current))
        else:  # a person's turn comes behind the pass screen: they are not playing yet
            line = tr("mind_the_gap.ui.next_person", name=self.seat_name(self.match.current))
        dead = self.help().dead
        if dead is not None and self.model.helper:
            line = self.render(dead.message())
        elif dead is not None and line:
            line = tr("mind_the_gap.ui.closed_off_status")
        return line

    def log_lines(self) -> tuple[str, tuple[str, ...]]:
        """The log panel's title and the lines in view, oldest first."""
        m = self.model
        key = (len(self.match.actions), self.viewer, self.lang, m.log_back, m.log_seen)
        if self._log is None or self._log[0] != key:
            lines = [self.render(line.message) for line in self.match.log()]
            shown = m.log_window(len(lines))
            back = len(lines) - shown
            title = tr("mind_the_gap.ui.log")
            if back:
                title += " · " + tr("mind_the_gap.ui.log_newer", n=back)
            self._log = (key, (title, tuple(lines[:shown])))
        return self._log[1]

    def _facts(self, view: mtg.View) -> str:
        facts = [tr(f"mind_the_gap.ui.level.{view.level}")]
        if view.small:
            facts.append(tr("mind_the_gap.ui.small"))
        if view.jokers:
            facts.append(tr("mind_the_gap.ui.jokers"))
        series = self.model.series
        if series is not None:
            # where the series stands (it was only in the result and the
            # saves); a finished pyramid is counted in it already
            pyramid = series.index if self.finished else series.index + 1
            facts.append(tr("mind_the_gap.ui.series_fact", pyramid=min(pyramid, series.length), length=series.length, n=series.total))
        elif self.finished:
            # the deal's number only once it is over: with it, the deal
            # replayed elsewhere shows every hand and the stock
            facts.append(tr("mind_the_gap.ui.deal", n=self.match.seed))
        return " · ".join(facts)

    def _gap_marks(self, info: mtg.Help) -> tuple[GapMark, ...]:
        out = []
        for p in sorted(info.gaps):  # the engine's gaps (never the target)
            labels = [rank_text(v, self.lang) if v else "0" for v in info.gaps[p]]
            if not labels:
                out.append(GapMark(p, ""))
            elif len(labels) > 6:
                out.append(GapMark(p, f"{labels[0]}–{labels[-1]}", tr("mind_the_gap.ui.n_values", n=len(labels))))
            else:
                out.append(GapMark(p, " ".join(labels)))
        return tuple(out)

    def _coach(self) -> tuple[str, str] | None:
        if not self.model.tutorial:
            return None
        m = self.model
        intro, body = m.coach()
        if intro is not None:
            return tr("mind_the_gap.ui.tutorial"), self.render(intro) + "\n\n" + self.render(body)
        if m.step < len(m.steps):
            return tr("mind_the_gap.ui.tutorial_step", n=m.step + 1, total=len(m.steps)), self.render(body)
        return tr("mind_the_gap.ui.tutorial"), self.render(body)

    def picture(self) -> MtgPicture:
        v = self.view
        L = self.layout()
        drag = self.drag
        assert drag is not None
        selected = drag.selected
        active = drag.dragging or selected
        picked = selected.payload[1] if selected is not None and selected.payload[0] == "hand" else None
        cur = self.match.current
        seats = tuple(
            SeatRow(
                self.seat_name(i) + (" · " + tr("ui.computer") if self.is_bot(i) else ""),
                tr("mind_the_gap.ui.cards_in_hand", n=v.hand_counts[i]),
                v.hand_counts[i],
                i == cur and not self.finished,
            )
            for i in range(v.players)
        )
        log_title, log = self.log_lines()
        open_hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
        if v.open_hands and self.viewer is not None:
            open_hands = tuple((self.seat_name(i), tuple(v.hands[i])) for i in range(v.players) if i != self.viewer and v.hands[i] is not None)
        info = self.help() if self.model.helper else None
        gaps: tuple[GapMark, ...] = ()
        help_line = None
        if info is not None:
            gaps = self._gap_marks(info)
            if None in v.places:  # (a finished pyramid needs no count of the possible ones)
                help_line = (tr("mind_the_gap.ui.pyramids_left", n=info.finished), bool(info.finished))
        used = used_copies(v)
        ranks = values(v.jokers)
        still = Still(
            look=Look.of(self.app),
            layout=L,
            header=self.header(),
            title=tr("mind_the_gap.ui.title"),
            coins=tr("mind_the_gap.ui.coins", n=v.coins),
            purse=(v.coins, max(v.coins, int(self.match.options.get("coins", v.coins)))),
            facts=self._facts(v),
            seats=seats,
            log_title=log_title,
            log=log,
            open_hands=open_hands,
            places=tuple(v.places),
            target_label=tr("mind_the_gap.ui.target"),
            gaps=gaps,
            help_line=help_line,
            stock=v.stock_count,
            stock_label=tr("mind_the_gap.ui.stock", n=v.stock_count),
            pile_label=tr("mind_the_gap.ui.discard_pile", n=len(v.discard)),
            pile_hint=None if v.discard else tr("mind_the_gap.ui.discard_hint" if v.can_pay else "mind_the_gap.ui.discard_hint_no_coin"),
            pile_lit=active is not None,
            discard=tuple(v.discard),
            tally_title=tr("mind_the_gap.ui.used_ranks"),
            tally=tuple(RankMark(rank_text(r, self.lang) if r else "★", used[r], copies(r, v.jokers)) for r in ranks),
            hand=tuple(v.hand) if self.viewer is not None else (),
            picked=picked,
            fresh=self.drawn(self.viewer) if self.looking and self.viewer is not None else None,
            fresh_label=tr("mind_the_gap.ui.new_card"),
            hand_label=tr("mind_the_gap.ui.your_hand", name=self.seat_name(self.viewer)) if self.viewer is not None else "",
            status=self.status_line(v),
            coach=self._coach(),
            hidden=self.hidden_keys(),
        )
        return MtgPicture(still)


# --- a new game, the same deal again, a new deal, the next pyramid of a series -------------------------


def start_game(app: AppServices, options: dict, seed: int, meta: dict, series: bool = False, seats: Sequence[Seat] | None = None) -> MtgTable:
    """A new game on a fresh table.  The seats come from ``meta``'s
    ``names`` and ``bots`` unless given; ``series`` starts a series of five
    pyramids from these options and seed and deals its first."""
    meta = dict(meta)
    if series:
        s = mtg.Series.start(options, seed)
        meta["series"] = s.to_json()
        options, seed = s.next_game()
    if seats is None:
        seats = seats_from(_list(meta.get("names")), _list(meta.get("bots")))
    table = MtgTable(app, Match.start(mtg.GAME, options, seed, seats, meta=meta))
    seat(app, table)
    table.autosave()
    return table


def _list(value: Any) -> list:
    return list(value) if isinstance(value, (list, tuple)) else []


def play_again(app: AppServices, table: MtgTable) -> MtgTable:
    """The same deal again (same seed and options), outside any series."""
    m = table.match
    return start_game(app, dict(m.options), m.seed, table.model.meta_for_next(series=False), seats=m.seats)


def new_deal(app: AppServices, table: MtgTable) -> MtgTable:
    """A new random deal; after a pyramid of a series, a new series."""
    m = table.match
    return start_game(app, dict(m.options), random.randrange(1, 10**9), table.model.meta_for_next(series=False), series=table.model.series is not None, seats=m.seats)


def ask_who_begins(app: AppServices, table: MtgTable) -> None:
    """Before the next pyramid of a series the team picks who begins (alone
    there is nothing to pick)."""
    series = table.model.series
    assert series is not None and not series.done
    seats = table.match.seats
    if len(seats) == 1:
        next_in_series(app, table, 0)
        return
    title = tr("mind_the_gap.ui.who_begins_title", n=series.index + 1, length=series.length)
    buttons = [(s.name, lambda i=i: next_in_series(app, table, i)) for i, s in enumerate(seats)]
    app.push(ResultScene(app, title, [tr("mind_the_gap.ui.who_begins_body")], buttons, won=None))


def next_in_series(app: AppServices, table: MtgTable, first: int | None = None) -> MtgTable:
    """The series' next pyramid, ``first`` beginning (default: as the
    series began)."""
    series = table.model.series
    assert series is not None and not series.done
    options, seed = series.next_game(first)
    return start_game(app, options, seed, table.model.meta_for_next(), seats=table.match.seats)


__all__ = ["MtgTable", "ask_who_begins", "new_deal", "next_in_series", "play_again", "start_game"]
