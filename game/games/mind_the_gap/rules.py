"""The rules of Mind the Gap (Lückenlos): states, actions, views, the game.

A state is immutable.  Places are numbered as in :mod:`.geometry` (rows top
to bottom, positions left to right; place 0 is the target).  The stock is
a tuple whose first card is the top card.  The discard pile is a tuple,
oldest card first; it is public (fanned).

Actions and their texts (see :meth:`MindTheGap.action_to_text`)::

    place 3H r2c1     put a card from the hand into a gap, then draw
    discard JC        pay a coin, discard a card from the hand, then draw
    takeback r3c2     pay a coin, move a pyramid card (not the target) to the discard pile
    pass              only with no coin left and no card that fits
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.cards import Card, Rank, joker_deck, shuffled, standard_deck
from game.engine.core import IllegalAction, Message, NotationError, Outcome, msg
from game.games.mind_the_gap.geometry import Shape, shape_for
from game.games.mind_the_gap.pyramids import table

NS = "mind_the_gap"

LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
LEVEL_COINS: dict[str, int] = {"easy": 12, "normal": 6, "hard": 2, "expert": 1}
HAND_SIZE: dict[int, int] = {1: 7, 2: 5, 3: 4}
MAX_COINS = 20
PRESETS = ("tutorial",)

PLACE, DISCARD, TAKEBACK, PASS = "place", "discard", "takeback", "pass"
KINDS = (PLACE, DISCARD, TAKEBACK, PASS)

# results
WON, DEAD, PASSED = "won", "dead", "passes"


def m(key: str, **params: Any) -> Message:
    return msg(f"{NS}.{key}", **params)


def seat_name(seat: int) -> Message:
    """"Player 1" etc.; the table replaces it with the seat's real name."""
    return m("seat", n=seat + 1)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    card: Card | None = None
    place: int | None = None


PASS_ACTION = Action(PASS)


@dataclass(frozen=True)
class State:
    players: int
    level: str
    small: bool
    jokers: bool
    #: one card or None per place; place 0 is the target
    places: tuple
    hands: tuple
    #: top card first
    stock: tuple
    #: oldest first
    discard: tuple
    coins: int
    turn: int
    #: passes in a row (reset by any other action)
    passes: int = 0
    #: public history: (seat, kind, card, place) per action; a take-back
    #: records the card it removed; drawn cards are never recorded
    log: tuple = ()
    #: None while running, else "won", "dead" or "passes"
    result: str | None = None

    @property
    def shape(self) -> Shape:
        return shape_for(self.small)

    @property
    def target(self) -> Card:
        return self.places[0]

    @property
    def expert(self) -> bool:
        return self.level == "expert"

    @property
    def open_hands(self) -> bool:
        return self.level == "easy"


@dataclass(frozen=True)
class View:
    """What one seat may see.  ``hands[s]`` is a tuple of cards when seat
    ``s``'s hand is visible to this seat (its own; all on Easy), else None;
    ``hand_counts`` always gives the sizes."""

    seat: int | None
    players: int
    level: str
    small: bool
    jokers: bool
    places: tuple
    discard: tuple
    coins: int
    stock_count: int
    hands: tuple
    hand_counts: tuple
    turn: int
    passes: int
    log: tuple
    result: str | None

    @property
    def hand(self) -> tuple:
        if self.seat is None:
            return ()
        return self.hands[self.seat] or ()

    @property
    def shape(self) -> Shape:
        return shape_for(self.small)

    @property
    def target(self) -> Card:
        return self.places[0]

    @property
    def expert(self) -> bool:
        return self.level == "expert"


# --- placement rules (shared with the help functions) -------------------------


def placement_problem(board, card: Card, place: int) -> Message | None:
    """Why ``card`` may not go to ``place`` on ``board`` (a state or a view),
    or None when the difference rule, the neighbour rule and (on Expert)
    the no-repeat rule all allow it.  Whose turn it is is not checked here."""
    shape = board.shape
    places = board.places
    if not 0 <= place < shape.size:
        return m("err.no_such_place")
    if place == 0:
        return m("err.target_place")
    if places[place] is not None:
        return m("err.place_taken", card=places[place], row=shape.row(place) + 1, pos=shape.col(place) + 1)
    v = card.value
    if board.level == "expert":
        for other in places:
            if other is not None and other.value == v:
                return m("err.expert_repeat", rank=Rank(v), card=other)
    if not board.jokers:
        for nb in shape.neighbours[place]:
            if nb >= 0 and places[nb] is not None and places[nb].value == v:
                return m("err.same_rank", card=card, other=places[nb])
    for above, left, right in shape.triples_of[place]:
        a, lc, rc = places[above], places[left], places[right]
        if place == above:
            if lc is not None and rc is not None:
                d = abs(lc.value - rc.value)
                if d != v:
                    return m("err.not_difference", card=card, left=lc, right=rc, diff=d)
        else:
            other = rc if place == left else lc
            if a is not None and other is not None:
                d = abs(v - other.value)
                if d != a.value:
                    return m("err.above_needs", card=card, other=other, diff=d, above=a, need=a.value)
    return None


def placement_ok(places: tuple, shape: Shape, jokers: bool, expert: bool, place: int, v: int) -> bool:
    """Fast boolean form of :func:`placement_problem` (``place`` is a gap)."""
    if expert:
        for other in places:
            if other is not None and other.value == v:
                return False
    if not jokers:
        for nb in shape.neighbours[place]:
            if nb >= 0 and places[nb] is not None and places[nb].value == v:
                return False
    for above, left, right in shape.triples_of[place]:
        a, lc, rc = places[above], places[left], places[right]
        if place == above:
            if lc is not None and rc is not None and abs(lc.value - rc.value) != v:
                return False
        else:
            other = rc if place == left else lc
            if a is not None and other is not None and abs(v - other.value) != a.value:
                return False
    return True


def values_of(places: tuple) -> list:
    return [None if c is None else c.value for c in places]


def compatible_mask(board) -> int:
    """Bit mask of the finished pyramids that still agree with ``board``."""
    t = table(board.places[0].value, board.small, board.jokers, board.level == "expert")
    return t.compatible(values_of(board.places), [c.value for c in board.discard])


# --- the game -------------------------------------------------------------------


def _hand_without(hand: tuple, card: Card) -> tuple:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


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
        }

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise ValueError("options must be a mapping")
        known = {"players", "level", "coins", "small", "jokers", "preset"}
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
        if preset == "tutorial" and (players != 2 or small or jokers):
            raise ValueError("the tutorial deal is for two players with the normal pyramid and no jokers")
        return {"players": players, "level": level, "coins": coins, "small": small, "jokers": jokers, "preset": preset}

    def new_game(self, options: Mapping[str, Any], seed: int) -> State:
        o = self.validate_options(options)
        players, level = o["players"], o["level"]
        if o["preset"] == "tutorial":
            from game.games.mind_the_gap.tutorial import tutorial_deck

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
            turn=0,
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
        placeable = bool(out)
        if state.coins > 0:
            for c in distinct:
                out.append(Action(DISCARD, c))
            for p in range(1, shape.size):
                if places[p] is not None:
                    out.append(Action(TAKEBACK, None, p))
        if not placeable and (state.coins == 0 or not hand):
            out.append(PASS_ACTION)
        return out

    def apply(self, state: State, action: Action) -> State:
        if state.result is not None:
            raise IllegalAction(msg("engine.game_over"))
        if not isinstance(action, Action) or action.kind not in KINDS:
            raise IllegalAction(msg("engine.unknown_action", text=str(action)))
        seat = state.turn
        hand = state.hands[seat]
        kind = action.kind
        places = state.places
        coins = state.coins
        stock = state.stock
        discard = state.discard
        if kind == PLACE:
            card, place = action.card, action.place
            if card not in hand:
                raise IllegalAction(m("err.not_in_hand", card=card))
            if place is None:
                raise IllegalAction(m("err.no_such_place"))
            why = placement_problem(state, card, place)
            if why is not None:
                raise IllegalAction(why)
            hand = _hand_without(hand, card)
            places = places[:place] + (card,) + places[place + 1 :]
            if stock:
                hand, stock = hand + (stock[0],), stock[1:]
            event = (seat, PLACE, card, place)
            passes = 0
        elif kind == DISCARD:
            card = action.card
            if coins <= 0:
                raise IllegalAction(m("err.no_coin_discard"))
            if card not in hand:
                raise IllegalAction(m("err.not_in_hand", card=card))
            hand = _hand_without(hand, card)
            discard = discard + (card,)
            coins -= 1
            if stock:
                hand, stock = hand + (stock[0],), stock[1:]
            event = (seat, DISCARD, card, None)
            passes = 0
        elif kind == TAKEBACK:
            place = action.place
            if coins <= 0:
                raise IllegalAction(m("err.no_coin_takeback"))
            if place is None or not 0 <= place < state.shape.size:
                raise IllegalAction(m("err.no_such_place"))
            if place == 0:
                raise IllegalAction(m("err.takeback_target"))
            card = places[place]
            if card is None:
                raise IllegalAction(m("err.takeback_gap"))
            places = places[:place] + (None,) + places[place + 1 :]
            discard = discard + (card,)
            coins -= 1
            event = (seat, TAKEBACK, card, place)
            passes = 0
        else:  # pass
            if coins > 0 and hand:
                raise IllegalAction(m("err.pass_with_coins", n=coins))
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
        if all(c is not None for c in state.places):
            return replace(state, result=WON)
        if state.coins == 0 and compatible_mask(state) == 0:
            return replace(state, result=DEAD)
        if state.passes >= state.players:
            return replace(state, result=PASSED)
        return state

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        seats = tuple(range(state.players))
        if r == WON:
            return Outcome(seats, (float(1 + state.coins),), m("won", n=state.coins), won=True)
        if r == DEAD:
            from game.games.mind_the_gap.help import dead_end

            de = dead_end(state)
            why = de.message() if de is not None else m("dead.no_completion")
            return Outcome((), (0.0,), m("lost_dead", why=why), won=False)
        return Outcome((), (0.0,), m("lost_passes"), won=False)

    def view(self, state: State, seat: int | None) -> View:
        open_hands = state.level == "easy"
        hands = tuple(h if (open_hands or s == seat) else None for s, h in enumerate(state.hands))
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
        k = action.kind
        if k == PLACE:
            return f"place {action.card.code} {_SHAPE4.name(action.place)}"
        if k == DISCARD:
            return f"discard {action.card.code}"
        if k == TAKEBACK:
            return f"takeback {_SHAPE4.name(action.place)}"
        return "pass"

    def action_from_text(self, text: str) -> Action:
        from game.cards import CardParseError

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
        except (CardParseError, ValueError) as e:
            raise NotationError(f"{text!r}: {e}") from None
        raise NotationError(f"{text!r} is not an action (place 3H r2c1 / discard JC / takeback r3c2 / pass)")

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
        open_hands = state.level == "easy"
        hidden_seats = [s for s in range(state.players) if s != seat and not open_hands]
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
