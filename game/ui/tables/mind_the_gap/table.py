"""The Mind the Gap / Lückenlos table: the pyramid as a brick wall, the hand
at the bottom, stock and fanned discard pile, the team's coins.

Input becomes engine actions: a hand card dropped on a gap is ``place``,
on the discard pile ``discard`` (after "pay a coin?"), a pyramid card
dropped on the discard pile is ``takeback`` (after "pay a coin?").  Legal
gaps glow while dragging because they are found in the legal actions; an
illegal drop flies back and shows the engine's reason.  The turn loop, the
pass screen, saving and statistics are the kit's
(:mod:`game.ui.kit.table`); a series of five pyramids lives in
the match's meta (its policy counts each pyramid), and the team picks who begins each of its
pyramids.  With no coin left nothing offers a discard or a take-back: the
pyramid's cards cannot be picked up, the texts do not mention the pile,
and D / T only say why.  The log panel scrolls (:mod:`.logscroll`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from game.cards import Card
from game.engine.core import IllegalAction, Message, Outcome, msg
from game.engine.match import Match, Moved, Seat, meta_of, seats_from
from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui import cardart
from game.ui.dragdrop import PENDING, Source, Zone
from game.ui.kit.overlay import ResultScene
from game.ui.kit.table import TableScene, seat
from game.ui.scene import ButtonSpec
from game.ui.tables.mind_the_gap.draw import MtgDrawing
from game.ui.tables.mind_the_gap.layout import PLAY_CENTRE, Layout, compute_layout
from game.ui.tables.mind_the_gap.logscroll import LogScroll

PLACE, DISCARD, TAKEBACK, PASS = "place", "discard", "takeback", "pass"
#: how long a card a computer plays (or "Show me") travels, in base seconds
BOT_FLIGHT = 0.55
TAKEBACK_FLIGHT = 0.45
#: a card a person paid a coin for, on its way to the discard pile
PAID_FLIGHT = 0.22


class MtgTable(LogScroll, MtgDrawing, TableScene):
    """A pyramid and the hands of one to three players (people or computer
    teammates); ``match.meta`` keeps the gap help switch, whether it was
    ever on, the setup's choices and a series."""

    game_id = "mind-the-gap"
    name = "mind-the-gap-table"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self._layout: tuple[tuple, Layout] | None = None
        self._help: tuple[tuple, mtg.Help] | None = None
        #: how the person's move in progress was made: "drop" (DragDrop
        #: lands the card), "pay" (confirmed in the coin dialog); None for a
        #: computer's move or Show me (the card travels from where it was)
        self._by_hand: str | None = None
        mtg.prepare(self.view)  # build this target's pyramid table now, not on the first help
        self.card_drag(double_zones=self._double_zones)

    # --- what the table knows -------------------------------------------------------------
    def layout(self) -> Layout:
        key = (self.app.size, self.app.scale, cardart.size_factor(), id(self.match.state), len(self.match.states), self.viewer)
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, self.layout_for(self.view))
        return self._layout[1]

    def layout_for(self, view) -> Layout:
        return self.adjust_layout(compute_layout(self.app.size, self.app.scale, view))

    def adjust_layout(self, L: Layout) -> Layout:
        """Hook for variants of this table (the tutorial makes room)."""
        return L

    def help(self) -> mtg.Help:
        """The public gap help (it reads only what lies on the table)."""
        v = self.view
        key = (v.places, v.discard, v.coins)
        if self._help is None or self._help[0] != key:
            self._help = (key, mtg.analyse(v))
        return self._help[1]

    def meta(self) -> mtg.MtgMeta:
        return meta_of(self.match, mtg.MtgMeta)

    def series(self) -> mtg.Series | None:
        return self.meta().series

    def face(self, card: Card, width: int) -> pygame.Surface:
        return cardart.face(card, width, self.lang, self.app.settings.four_colour)

    def can_pass(self) -> bool:
        return self.my_turn() and any(a.kind == PASS for a in self.match.legal())

    def can_pay(self) -> bool:
        """Whether the team has a coin for a discard or a take-back."""
        return self.view.coins > 0

    # --- drag and drop --------------------------------------------------------------------
    def drag_sources(self) -> list[Source]:
        if not self.my_turn():
            return []
        L = self.layout()
        v = self.view
        out = [Source(r, ("hand", card), self.face(card, L.hw)) for card, r in zip(v.hand, L.hand)]
        if self.can_pay():  # a pyramid card can only go back to the pile, for a coin
            out += [Source(L.places[p], ("pyr", p), self.face(c, L.pw)) for p, c in enumerate(v.places) if p != 0 and c is not None]
        return out

    def drag_zones(self) -> list[Zone]:
        L = self.layout()
        return [Zone(r, ("place", p)) for p, r in L.places.items() if p != 0] + [Zone(L.discard_zone, ("discard",))]

    def drag_legal(self, payload) -> list:
        if not self.my_turn():
            return []
        out: list[tuple] = []
        for a in self.match.legal():
            if payload[0] == "hand" and a.card == payload[1]:
                out.append(("place", a.place) if a.kind == PLACE else ("discard",))
            elif payload[0] == "pyr" and a.kind == TAKEBACK and a.place == payload[1]:
                out.append(("discard",))
        return out

    def drag_drop(self, payload, zone) -> Any:
        if not self.my_turn():
            return PENDING
        if zone[0] == "discard":
            return self.ask_coin(mtg.Action(DISCARD, payload[1]) if payload[0] == "hand" else mtg.Action(TAKEBACK, None, payload[1]))
        if payload[0] == "hand":
            return self._by(mtg.Action(PLACE, payload[1], zone[1]), "drop")
        return msg("mind_the_gap.ui.takeback_only_to_discard")

    @staticmethod
    def _double_zones(payload, zones: list[Zone]) -> list[Zone]:
        """A double-click counts the pile (it costs a coin) only when the
        card has no free place in the pyramid."""
        free = [z for z in zones if z.payload[0] != "discard"]
        return free or zones

    def _by(self, action: mtg.Action, how: str) -> Message | None:
        self._by_hand = how
        try:
            return self.act(action)
        finally:
            self._by_hand = None

    def ask_coin(self, action: mtg.Action) -> Any:
        """A discard or a take-back costs a coin: ask first.  The engine's
        reason when it is not allowed, else PENDING (the dialog decides)."""
        if action not in self.match.legal():
            try:
                self.game.apply(self.match.state, action)
            except IllegalAction as e:
                return e.reason
        v = self.view
        if action.kind == DISCARD:
            body = tr("mind_the_gap.ui.pay_coin_discard", card=action.card, coins=v.coins)
        else:
            body = tr("mind_the_gap.ui.pay_coin_takeback", card=v.places[action.place], coins=v.coins)
        self.confirm(tr("mind_the_gap.ui.pay_coin_title"), body, lambda: self._pay(action), yes=tr("mind_the_gap.ui.pay_coin_yes"), no=tr("ui.cancel"))
        return PENDING

    def _pay(self, action: mtg.Action) -> None:
        # the card let go over the pile is back in the hand (or the pyramid)
        # before it travels to the pile
        self.anim.land_flights()
        reason = self._by(action, "pay")
        if reason is not None:
            self.refuse(reason)

    # --- buttons and keys -----------------------------------------------------------------
    def toggle_helper(self) -> None:
        self.match.meta = self.meta().with_helper(not self.meta().helper)
        self.touch()
        self.autosave()
        self.sync_ui()

    def do_pass(self) -> None:
        if self.can_pass():
            self.act_or_refuse(mtg.Action(PASS))

    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        helper = self.meta().helper
        specs = [
            ButtonSpec("helper", tr("mind_the_gap.ui.helper_on" if helper else "mind_the_gap.ui.helper_off"), self.toggle_helper, selected=helper),
            ButtonSpec("pass", tr("mind_the_gap.ui.pass"), self.do_pass, self.can_pass()),
        ]
        return list(zip(specs, self.layout().button_rows(len(specs))))

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_h:
            self.toggle_helper()
            return True
        if k == pygame.K_p and self.can_pass():
            self.do_pass()
            return True
        picked = self.drag.selected.payload if self.drag.selected is not None else None
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
    def on_moved(self, moved: Moved) -> float:
        """A card travels to where the move put it, unless DragDrop already
        landed it: a computer's from beside its seat, the viewer's own (a
        paid discard, Show me) from the hand, a take-back from its place."""
        a = moved.action
        if self._by_hand == "drop" or a.kind not in (PLACE, DISCARD, TAKEBACK):
            return 0.0
        L = self.layout()
        seen = self.game.view(moved.before, self.viewer)
        B = self.layout_for(seen)
        if a.kind == TAKEBACK:
            card, start = seen.places[a.place], B.places[a.place].topleft
        elif moved.seat == self.viewer and a.card in seen.hand:
            card, start = a.card, B.hand[seen.hand.index(a.card)].topleft
        else:
            card, start = a.card, B.seat_anchor(moved.seat or 0)
        if a.kind == PLACE:
            self.anim.fly(self.face(card, L.pw), start, L.places[a.place].topleft, BOT_FLIGHT, hide=("place", a.place))
            return 0.0
        n = len(self.view.discard) - 1
        end = L.discard_cards[n].topleft if 0 <= n < len(L.discard_cards) else L.discard_zone.topleft
        seconds = PAID_FLIGHT if self._by_hand == "pay" else (TAKEBACK_FLIGHT if a.kind == TAKEBACK else BOT_FLIGHT)
        self.anim.fly(self.face(card, L.dw), start, end, seconds, hide=("discard", n))
        return 0.0

    def sound_for(self, moved: Moved) -> str:
        return "coin" if self._by_hand == "pay" else "place"

    def play_centre_x(self) -> int:
        return int(self.app.size[0] * PLAY_CENTRE)

    def static_key(self) -> tuple:
        return (*super().static_key(), self.meta().helper, self.log_back)

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.log_event(event):
            super().handle_event(event)

    def accepts_while_busy(self, event: pygame.event.Event) -> bool:
        return self.log_event_while_busy(event) or super().accepts_while_busy(event)

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
        series = self.series()
        # a won pyramid's reason says the coins to spare already
        lines = [self.render(outcome.reason)] + ([] if won else [tr("mind_the_gap.ui.coins_left", n=coins)])
        if series is not None:
            lines.append(tr("mind_the_gap.ui.series_score", done=series.index, total=series.total, length=series.length))
            if series.done:
                lines.append(tr("mind_the_gap.ui.series_done", total=series.total))
        notes = [tr("mind_the_gap.ui.helper_marked")] if self.meta().helper_used else []
        if series is not None and not series.done:
            first = (tr("mind_the_gap.ui.next_pyramid"), lambda: ask_who_begins(self.app, self))
        else:
            first = (tr("ui.play_again"), lambda: play_again(self.app, self))
        buttons = [first, (tr("ui.new_deal"), lambda: new_deal(self.app, self)), (tr("ui.menu"), self.app.to_menu)]
        self.app.play_sound("win" if won else "refuse")
        title = tr("mind_the_gap.ui.won") if won else tr("mind_the_gap.ui.lost")
        self.app.push(ResultScene(self.app, title, lines, buttons, won=won, where="right", notes=notes))


# --- a new game, the same deal again, a new deal, the next pyramid of a series -------------------------


def start_game(app, options: dict, seed: int, meta: dict, series: bool = False, seats: Sequence[Seat] | None = None) -> MtgTable:
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


def _meta_for_next(table: MtgTable, *drop: str) -> dict:
    """What a following game keeps: the helper switch and the series
    (unless ``drop`` names it), not that the helper was used."""
    meta = table.meta()
    out: dict = {"helper": meta.helper}
    if meta.series is not None and "series" not in drop:
        out["series"] = meta.series.to_json()
    return out


def play_again(app, table: MtgTable) -> MtgTable:
    """The same deal again (same seed and options), outside any series."""
    m = table.match
    return start_game(app, dict(m.options), m.seed, _meta_for_next(table, "series"), seats=m.seats)


def new_deal(app, table: MtgTable) -> MtgTable:
    """A new random deal; after a pyramid of a series, a new series."""
    m = table.match
    return start_game(app, dict(m.options), random.randrange(1, 10**9), _meta_for_next(table, "series"), series=table.series() is not None, seats=m.seats)


def ask_who_begins(app, table: MtgTable) -> None:
    """Before the next pyramid of a series the team picks who begins (alone
    there is nothing to pick)."""
    series = table.series()
    assert series is not None and not series.done
    seats = table.match.seats
    if len(seats) == 1:
        next_in_series(app, table, 0)
        return
    title = tr("mind_the_gap.ui.who_begins_title", n=series.index + 1, length=series.length)
    buttons = [(s.name, lambda i=i: next_in_series(app, table, i)) for i, s in enumerate(seats)]
    app.push(ResultScene(app, title, [tr("mind_the_gap.ui.who_begins_body")], buttons, won=None))


def next_in_series(app, table: MtgTable, first: int | None = None) -> MtgTable:
    """The series' next pyramid, ``first`` beginning (default: as the
    series began)."""
    series = table.series()
    assert series is not None and not series.done
    options, seed = series.next_game(first)
    return start_game(app, options, seed, _meta_for_next(table), seats=table.match.seats)
