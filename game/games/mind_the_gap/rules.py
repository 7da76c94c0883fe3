"""The rules of Mind the Gap (Lückenlos): states, actions, views, the game.

A state is immutable.  Places are numbered as in :mod:`.geometry` (rows top
to bottom, positions left to right; place 0 is the target).  The stock is
a tuple whose first card is the top card.  The discard pile is a tuple,
oldest card first; it is public (fanned).

Actions and their texts (see :meth:`MindTheGap.action_to_text`)::

    place 3H r2c1     put a card from the hand into a gap, then draw
    discard JC        pay a coin, discard a card from the hand, then draw
    takeback r3c2     pay a coin, move a pyramid card (not the target) to the discard pile
    pass              only with no coin left and no card that fits (the text's
                      rule; also when nothing else at all is legal, which only a
                      written position can reach: see :meth:`MindTheGap.legal_actions`)
    stop              the team gives up (lost); never among the legal actions,
                      it is :meth:`MindTheGap.stop_action`
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.cards import Card, CardParseError, joker_deck, shuffled, standard_deck
from game.engine.core import IllegalAction, Message, NotationError, Outcome, Termination, msg
from game.games.mind_the_gap.board import Board, compatible, m, placement_ok, placement_problem, takeback_problem
from game.games.mind_the_gap.geometry import shape_for
from game.games.mind_the_gap.help import dead_end
from game.games.mind_the_gap.tutorial import tutorial_deck

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
LEVEL_COINS: dict[str, int] = {"easy": 12, "normal": 6, "hard": 2, "expert": 1}
HAND_SIZE: dict[int, int] = {1: 7, 2: 5, 3: 4}
MAX_COINS = 20
PRESETS = ("tutorial",)

PLACE, DISCARD, TAKEBACK, PASS, STOP = "place", "discard", "takeback", "pass", "stop"
KINDS = (PLACE, DISCARD, TAKEBACK, PASS, STOP)

# results
WON, DEAD, PASSED, STOPPED = "won", "dead", "passes", "stopped"


def seat_name(seat: int) -> Message:
    """"Player 1" etc.; the table replaces it with the seat's real name."""
    return m("seat", n=seat + 1)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: Card | None = None
    place: int | None = None


PASS_ACTION = Action(PASS)
STOP_ACTION = Action(STOP)

#: a public history entry (:attr:`Board.log`): (seat, kind, card, place)
Event = tuple[int, str, Card | None, int | None]


@dataclass(frozen=True, kw_only=True)
class State(Board):
    """The whole game: the public :class:`Board` and the hidden cards."""

    hands: tuple
    #: top card first
    stock: tuple


@dataclass(frozen=True, kw_only=True)
class View(Board):
    """What one seat may see.  ``hands[s]`` is a tuple of cards when seat
    ``s``'s hand is visible to this seat (its own; all on Easy), else None;
    ``hand_counts`` always gives the sizes."""

    seat: int | None
    stock_count: int
    hands: tuple
    hand_counts: tuple

    @property
    def hand(self) -> tuple:
        if self.seat is None:
            return ()
        return self.hands[self.seat] or ()


# --- the game -------------------------------------------------------------------


def _give_and_draw(hand: tuple, stock: tuple, card: Card) -> tuple[tuple, tuple]:
    """The hand without ``card`` and with the top card of the stock, if
    there is one; and the stock after that draw."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :] + stock[:1], stock[1:]


class MindTheGap:
    id = "mind-the-gap"
    min_players = 1
    max_players = 3

    # --- setting up -----------------------------------------------------------------
    def default_options(self, players: int | None = None) -> dict[str, Any]:
        return {
            "players": 2 if players is None else players,
            "level": "normal",
            "coins": LEVEL_COINS["normal"],
            "small": False,
            "jokers": False,
            "preset": None,
            "first": 0,
        }

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise ValueError("options must be a mapping")
        known = {"players", "level", "coins", "small", "jokers", "preset", "first"}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
        players = options.get("players", 2)
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 3:
            raise ValueError("players must be 1, 2 or 3")
        level = options.get("level", "normal")
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}")
        coins = options.get("coins")
        if coins is None:
            coins = LEVEL_COINS[level]
        if not isinstance(coins, int) or isinstance(coins, bool) or not 0 <= coins <= MAX_COINS:
            raise ValueError(f"coins must be a whole number from 0 to {MAX_COINS}")
        small = options.get("small", False)
        jokers = options.get("jokers", False)
        if not isinstance(small, bool) or not isinstance(jokers, bool):
            raise ValueError("small and jokers are true or false")
        preset = options.get("preset")
        if preset is not None and preset not in PRESETS:
            raise ValueError(f"preset must be one of {', '.join(PRESETS)} or null")
        # who begins (the team decides; records from before this option
        # began with seat 0, so that is the default)
        first = options.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
            raise ValueError(f"first must be a seat from 0 to {players - 1}")
        if preset == "tutorial" and (players != 2 or small or jokers or first != 0):
            raise ValueError("the tutorial deal is for two players with the normal pyramid and no jokers, seat 0 beginning")
        return {"players": players, "level": level, "coins": coins, "small": small, "jokers": jokers, "preset": preset, "first": first}

    def new_game(self, options: Mapping[str, Any], seed: int) -> State:
        o = self.validate_options(options)
        players, level = o["players"], o["level"]
        if o["preset"] == "tutorial":
            deck = tutorial_deck(seed)
        else:
            deck = shuffled(joker_deck(2) if o["jokers"] else standard_deck(), seed, "deal")
        top = 7 if level == "expert" else 8
        # turn up cards until an Ace..8 (Ace..7 on Expert); the others go under the deck
        while not 1 <= deck[0].value <= top:
            deck.append(deck.pop(0))
        target = deck.pop(0)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for _ in range(HAND_SIZE[players]):
            for s in range(players):
                hands[s].append(deck.pop(0))
        shape = shape_for(o["small"])
        state = State(
            players=players,
            level=level,
            small=o["small"],
            jokers=o["jokers"],
            places=(target,) + (None,) * (shape.size - 1),
            hands=tuple(tuple(h) for h in hands),
            stock=tuple(deck),
            discard=(),
            coins=o["coins"],
            turn=o["first"],
        )
        return self._settle(state)

    # --- playing ----------------------------------------------------------------
    def current_player(self, state: State) -> int | None:
        return None if state.result is not None else state.turn

    def _can_place(self, state: State, hand: tuple) -> bool:
        places, shape = state.places, state.shape
        expert = state.level == "expert"
        gaps = [p for p in range(1, shape.size) if places[p] is None]
        for v in {c.value for c in hand}:
            for p in gaps:
                if placement_ok(places, shape, state.jokers, expert, p, v):
                    return True
        return False

    def legal_actions(self, state: State) -> list[Action]:
        if state.result is not None:
            return []
        places, shape = state.places, state.shape
        expert = state.level == "expert"
        hand = state.hands[state.turn]
        distinct = list(dict.fromkeys(hand))
        gaps = [p for p in range(1, shape.size) if places[p] is None]
        out: list[Action] = []
        ok_by_value: dict[int, list[int]] = {}
        for c in distinct:
            v = c.value
            ps = ok_by_value.get(v)
            if ps is None:
                ps = [p for p in gaps if placement_ok(places, shape, state.jokers, expert, p, v)]
                ok_by_value[v] = ps
            for p in ps:
                out.append(Action(PLACE, c, p))
        if state.can_pay:
            for c in distinct:
                out.append(Action(DISCARD, c))
            for p in range(shape.size):
                if takeback_problem(state, p) is None:
                    out.append(Action(TAKEBACK, None, p))
        # the text: a pass only when the coins are gone and no card fits.
        # A seat with coins but no card and nothing to take back could do
        # nothing at all; only a written position gets there (a deal never
        # empties a hand: the stock holds at least 39 cards, and a game
        # draws at most 9 + 20 of them, one per place filled or refilled
        # and one per discard), and it passes rather than being stuck.
        if not out:
            out.append(PASS_ACTION)
        return out

    def apply(self, state: State, action: Action) -> State:
        if state.result is not None:
            raise IllegalAction(msg("engine.game_over"))
        if not isinstance(action, Action) or action.kind not in KINDS:
            raise IllegalAction(msg("engine.unknown_action", text=str(action)))
        seat = state.turn
        if action.kind == STOP:
            return self._settle(replace(state, log=state.log + ((seat, STOP, None, None),)))
        hand = state.hands[seat]
        kind = action.kind
        places = state.places
        coins = state.coins
        stock = state.stock
        discard = state.discard
        passes = 0  # any action but a pass ends a run of passes
        event: Event
        if kind == PLACE:
            card, place = action.card, action.place
            if card is None or card not in hand:
                raise IllegalAction(m("err.not_in_hand", card=card))
            if place is None:
                raise IllegalAction(m("err.no_such_place"))
            why = placement_problem(state, card, place)
            if why is not None:
                raise IllegalAction(why)
            hand, stock = _give_and_draw(hand, stock, card)
            places = places[:place] + (card,) + places[place + 1 :]
            event = (seat, PLACE, card, place)
        elif kind == DISCARD:
            card = action.card
            if not state.can_pay:
                raise IllegalAction(m("err.no_coin_discard"))
            if card is None or card not in hand:
                raise IllegalAction(m("err.not_in_hand", card=card))
            hand, stock = _give_and_draw(hand, stock, card)
            discard = discard + (card,)
            coins -= 1
            event = (seat, DISCARD, card, None)
        elif kind == TAKEBACK:
            place = action.place
            why = takeback_problem(state, place)
            if why is not None:
                raise IllegalAction(why)
            assert place is not None
            card = places[place]
            places = places[:place] + (None,) + places[place + 1 :]
            discard = discard + (card,)
            coins -= 1
            event = (seat, TAKEBACK, card, place)
        else:  # pass
            if state.can_pay and hand:
                raise IllegalAction(m("err.pass_with_coins", n=coins))
            if state.can_pay and any(c is not None for c in places[1:]):
                raise IllegalAction(m("err.pass_take_back", n=coins))
            if self._can_place(state, hand):
                raise IllegalAction(m("err.pass_can_place"))
            event = (seat, PASS, None, None)
            passes = state.passes + 1
        hands = state.hands[:seat] + (hand,) + state.hands[seat + 1 :]
        new = State(
            players=state.players,
            level=state.level,
            small=state.small,
            jokers=state.jokers,
            places=places,
            hands=hands,
            stock=stock,
            discard=discard,
            coins=coins,
            turn=(seat + 1) % state.players,
            passes=passes,
            log=state.log + (event,),
            result=None,
        )
        return self._settle(new)

    def _settle(self, state: State) -> State:
        """The state with its result, which follows from the position."""
        if state.log and state.log[-1][1] == STOP:
            return replace(state, result=STOPPED)
        if all(c is not None for c in state.places):
            return replace(state, result=WON)
        if not state.can_pay and compatible(state) == 0:
            return replace(state, result=DEAD)
        if state.passes >= state.players:
            return replace(state, result=PASSED)
        return state

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        if r == WON:
            seats = tuple(range(state.players))
            return Outcome(seats, (float(1 + state.coins),), m("won", n=state.coins), won=True, termination=Termination.WON)
        if r == STOPPED:
            return Outcome((), (0.0,), m("lost_stopped"), won=False, termination=Termination.STOPPED)
        if r == DEAD:
            de = dead_end(state)
            reason = m("lost_dead", why=de.message() if de is not None else m("dead.no_completion"))
        else:
            reason = m("lost_passes")
        return Outcome((), (0.0,), reason, won=False, termination=Termination.LOST)

    def stop_action(self, state: State) -> Action | None:
        """``stop``: the team gives up, while the game runs."""
        return STOP_ACTION if state.result is None else None

    def view(self, state: State, seat: int | None) -> View:
        hands = tuple(h if (state.open_hands or s == seat) else None for s, h in enumerate(state.hands))
        return View(
            seat=seat,
            players=state.players,
            level=state.level,
            small=state.small,
            jokers=state.jokers,
            places=state.places,
            discard=state.discard,
            coins=state.coins,
            stock_count=len(state.stock),
            hands=hands,
            hand_counts=tuple(len(h) for h in state.hands),
            turn=state.turn,
            passes=state.passes,
            log=state.log,
            result=state.result,
        )

    # --- text forms ---------------------------------------------------------------
    def action_to_text(self, action: Action) -> str:
        k, card, place = action.kind, action.card, action.place
        if k == PLACE and card is not None and place is not None:
            return f"place {card.code} {_SHAPE4.name(place)}"
        if k == DISCARD and card is not None:
            return f"discard {card.code}"
        if k == TAKEBACK and place is not None:
            return f"takeback {_SHAPE4.name(place)}"
        if k in (PASS, STOP):
            return k
        raise ValueError(f"{action!r} is not an action of {self.id}")

    def action_from_text(self, text: str) -> Action:
        parts = text.strip().split()
        if not parts:
            raise NotationError("an empty action")
        k = parts[0].lower()
        try:
            if k == PLACE and len(parts) == 3:
                return Action(PLACE, Card.parse(parts[1]), _SHAPE4.parse_place(parts[2]))
            if k == DISCARD and len(parts) == 2:
                return Action(DISCARD, Card.parse(parts[1]))
            if k in (TAKEBACK, "take-back") and len(parts) == 2:
                return Action(TAKEBACK, None, _SHAPE4.parse_place(parts[1]))
            if k == PASS and len(parts) == 1:
                return PASS_ACTION
            if k == STOP and len(parts) == 1:
                return STOP_ACTION
        except (CardParseError, ValueError) as e:
            raise NotationError(f"{text!r}: {e}") from None
        raise NotationError(f"{text!r} is not an action (place 3H r2c1 / discard JC / takeback r3c2 / pass / stop)")

    def describe_action(self, state: State, action: Action) -> Message:
        seat = state.turn
        who = seat_name(seat)
        shape = state.shape
        if action.kind == PLACE:
            p = action.place if action.place is not None and 0 <= action.place < shape.size else 0
            return m("log.place", player=who, seat=seat, card=action.card, row=shape.row(p) + 1, pos=shape.col(p) + 1)
        if action.kind == DISCARD:
            return m("log.discard", player=who, seat=seat, card=action.card)
        if action.kind == TAKEBACK:
            p = action.place if action.place is not None and 0 <= action.place < shape.size else 0
            return m("log.takeback", player=who, seat=seat, card=state.places[p], row=shape.row(p) + 1, pos=shape.col(p) + 1)
        if action.kind == STOP:
            return m("log.stop", player=who, seat=seat)
        return m("log.pass", player=who, seat=seat)

    # --- for the generic checks --------------------------------------------------
    def cards(self, state: State) -> list:
        out = [c for c in state.places if c is not None]
        for h in state.hands:
            out.extend(h)
        out.extend(state.stock)
        out.extend(state.discard)
        return out

    def shuffle_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        hidden_seats = [s for s in range(state.players) if s != seat and not state.open_hands]
        pool = list(state.stock)
        for s in hidden_seats:
            pool.extend(state.hands[s])
        rng.shuffle(pool)
        hands = list(state.hands)
        for s in hidden_seats:
            n = len(hands[s])
            hands[s], pool = tuple(pool[:n]), pool[n:]
        return replace(state, hands=tuple(hands), stock=tuple(pool))


_SHAPE4 = shape_for(False)

GAME = MindTheGap()
