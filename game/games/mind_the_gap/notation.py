"""A text notation for Mind the Gap positions (think FEN).

Five fields separated by spaces, then optional ``key=value`` fields::

    <pyramid> <discard> <coins> <level> <variant> [players=N] [turn=S] [passes=K]
                                                   [hands=...] [stock=...] [log=...]

- **pyramid**: the rows from the top (the target) down, separated by ``/``;
  the places of a row left to right, separated by ``,``; ``-`` is a gap.
  Four rows, or three for the small pyramid.  ``5C/3H,8D/6C,9S,-/10D,4C,KH,-``
- **discard**: the discard pile, oldest card first, comma-separated, or ``-``.
- **coins**: the team's coins, 0-20.
- **level**: ``easy``, ``normal``, ``hard`` or ``expert``.
- **variant**: ``std``, ``small``, ``jokers`` or ``small+jokers``.
- ``players=N`` (1-3; left out when 1), ``turn=S`` (seat to act, from 0;
  left out when 0), ``passes=K`` (passes in a row; left out when 0).
- ``hands=3H,9S|8D,6C``: each seat's hand in seat order, separated by
  ``|``, ``-`` for an empty hand.  Left out when every hand is empty.
- ``stock=...``: the stock, top card first, or ``-``.  Left out when it is
  exactly the cards not shown elsewhere, sorted (rank, then suit ♠♥♦♣) -
  which is what a position without a stock gets.
- ``log=0:P3H@r2c1;1:DJC;0:TQS@r2c2;1:X``: the public history - seat, then
  ``P`` place (card @ place), ``D`` discard, ``T`` take back (the card taken
  @ place), ``X`` pass, ``S`` stop (the team gave up; only as the last
  entry).  Left out when empty.

Cards use the canonical codes (``AH``, ``10S``, ``QD``, ``JK`` for a joker).
A full state (hands, stock order, history) prints and parses back to an
equal state; a position-only text (the five fields) is what the command
line reads, and it prints back unchanged.  Whether the game is over is not
written: it follows from the position.

>>> t = "5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std"
>>> NOTATION.format(NOTATION.parse(t)) == t
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from game.cards import Card, CardParseError, joker_deck, standard_deck
from game.engine.cli import NumberError, whole_number
from game.engine.core import NotationError
from game.games.mind_the_gap.board import placement_problem
from game.games.mind_the_gap.geometry import shape_for
from game.games.mind_the_gap.rules import DISCARD, GAME, LEVELS, MAX_COINS, PASS, PLACE, STOP, TAKEBACK, State

VARIANTS = {"std": (False, False), "small": (True, False), "jokers": (False, True), "small+jokers": (True, True)}
_KIND_CODE = {PLACE: "P", DISCARD: "D", TAKEBACK: "T", PASS: "X", STOP: "S"}
_CODE_KIND = {v: k for k, v in _KIND_CODE.items()}


def variant_name(small: bool, jokers: bool) -> str:
    for name, flags in VARIANTS.items():
        if flags == (small, jokers):
            return name
    raise AssertionError


_BY_CODE = {c.code: c for c in joker_deck(2)}
_SORTED = {False: tuple(sorted(standard_deck())), True: tuple(sorted(joker_deck(2)))}


def _card(text: str) -> Card:
    c = _BY_CODE.get(text)
    return c if c is not None else Card.parse(text)


def _cards(text: str, what: str) -> tuple[Card, ...]:
    if text == "-" or text == "":
        return ()
    try:
        return tuple(_card(t) for t in text.split(","))
    except CardParseError as e:
        raise NotationError(f"{what}: {e}") from None


def _fmt_cards(cards) -> str:
    return ",".join(c.code for c in cards) if cards else "-"


def _deck(jokers: bool) -> list[Card]:
    return joker_deck(2) if jokers else standard_deck()


def _rest(jokers: bool, shown: list[Card]) -> tuple[Card, ...]:
    """The cards of the deck not in ``shown``, sorted (rank, then suit)."""
    gone = Counter(shown)
    out: list[Card] = []
    for c in _SORTED[jokers]:
        if gone.get(c):
            gone[c] -= 1
        else:
            out.append(c)
    return tuple(out)


class Notation:
    def format(self, state) -> str:
        shape = state.shape
        rows = []
        for r in range(shape.rows):
            cells = [state.places[shape.index(r, c)] for c in range(r + 1)]
            rows.append(",".join("-" if x is None else x.code for x in cells))
        parts = [
            "/".join(rows),
            _fmt_cards(state.discard),
            str(state.coins),
            state.level,
            variant_name(state.small, state.jokers),
        ]
        if state.players != 1:
            parts.append(f"players={state.players}")
        if state.turn:
            parts.append(f"turn={state.turn}")
        if state.passes:
            parts.append(f"passes={state.passes}")
        if any(state.hands):
            parts.append("hands=" + "|".join(_fmt_cards(h) for h in state.hands))
        shown = [c for c in state.places if c is not None] + list(state.discard)
        for h in state.hands:
            shown.extend(h)
        if tuple(state.stock) != _rest(state.jokers, shown):
            parts.append("stock=" + _fmt_cards(state.stock))
        if state.log:
            parts.append("log=" + ";".join(self._fmt_event(shape, e) for e in state.log))
        return " ".join(parts)

    @staticmethod
    def _fmt_event(shape, e) -> str:
        seat, kind, card, place = e
        code = _KIND_CODE[kind]
        if kind in (PLACE, TAKEBACK):
            return f"{seat}:{code}{card.code}@{shape.name(place)}"
        if kind == DISCARD:
            return f"{seat}:{code}{card.code}"
        return f"{seat}:{code}"

    def parse(self, text: str) -> State:
        fields = text.split()
        if len(fields) < 5:
            raise NotationError(
                "a position needs five fields: pyramid, discard pile, coins, level, variant "
                '(e.g. "5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std")'
            )
        pyr_txt, disc_txt, coins_txt, level, variant = fields[:5]
        if variant not in VARIANTS:
            raise NotationError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
        small, jokers = VARIANTS[variant]
        if level not in LEVELS:
            raise NotationError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        try:
            coins = whole_number(coins_txt, 0, MAX_COINS)
        except NumberError:
            raise NotationError(f"coins must be a number from 0 to {MAX_COINS}, not {coins_txt!r}") from None
        shape = shape_for(small)
        rows = pyr_txt.split("/")
        if len(rows) != shape.rows:
            raise NotationError(f"the {variant} pyramid has {shape.rows} rows, the text gives {len(rows)}")
        places: list[Card | None] = []
        for r, row in enumerate(rows):
            cells = row.split(",")
            if len(cells) != r + 1:
                raise NotationError(f"row {r + 1} has {r + 1} place(s), the text gives {len(cells)}")
            for cell in cells:
                if cell == "-":
                    places.append(None)
                else:
                    try:
                        places.append(_card(cell))
                    except CardParseError as e:
                        raise NotationError(f"row {r + 1}: {e}") from None
        target = places[0]
        if target is None or target.is_joker:
            raise NotationError("the target (row 1) must be a card from Ace to King")
        discard = _cards(disc_txt, "discard pile")
        opts: dict[str, str] = {}
        for f in fields[5:]:
            if "=" not in f:
                raise NotationError(f"unexpected field {f!r} (optional fields are key=value)")
            k, v = f.split("=", 1)
            if k not in ("players", "turn", "passes", "hands", "stock", "log") or k in opts:
                raise NotationError(f"unknown or repeated field {k!r}")
            opts[k] = v
        hands: tuple = ()
        if "hands" in opts:
            hands = tuple(_cards(h, f"hand {i}") for i, h in enumerate(opts["hands"].split("|")))
        players = _int(opts.get("players", str(len(hands) or 1)), "players")
        if not 1 <= players <= 3:
            raise NotationError("players must be 1, 2 or 3")
        if not hands:
            hands = ((),) * players
        if len(hands) != players:
            raise NotationError(f"{players} players but {len(hands)} hands")
        turn = _int(opts.get("turn", "0"), "turn")
        passes = _int(opts.get("passes", "0"), "passes")
        if not 0 <= turn < players:
            raise NotationError(f"turn must be a seat from 0 to {players - 1}")
        if not 0 <= passes <= players:
            raise NotationError(f"passes must be from 0 to {players}")
        shown = [c for c in places if c is not None] + list(discard)
        for h in hands:
            shown.extend(h)
        if "stock" in opts:
            stock = _cards(opts["stock"], "stock")
            everything = Counter(shown) + Counter(stock)
            if everything != Counter(_deck(jokers)):
                raise NotationError("the pyramid, discard pile, hands and stock must hold the whole deck exactly once")
        else:
            over = Counter(shown) - Counter(_deck(jokers))
            if over:
                extra = next(iter(over))
                raise NotationError(f"{extra.code} appears more often than the deck holds it")
            stock = _rest(jokers, shown)
        log = tuple(self._parse_event(shape, e, players) for e in opts["log"].split(";")) if "log" in opts else ()
        if any(e[1] == STOP for e in log[:-1]):
            raise NotationError("a stop (S) can only be the last history entry")
        state = State(
            players=players,
            level=level,
            small=small,
            jokers=jokers,
            places=(target,) + (None,) * (shape.size - 1),
            hands=hands,
            stock=stock,
            discard=discard,
            coins=coins,
            turn=turn,
            passes=passes,
            log=log,
        )
        # every filled card must be allowed where it lies
        for p in range(1, shape.size):
            c = places[p]
            if c is None:
                continue
            why = placement_problem(state, c, p)
            if why is not None:
                raise NotationError(f"{c.code} at {shape.name(p)} breaks the rules: {why}")
            state = replace(state, places=state.places[:p] + (c,) + state.places[p + 1 :])
        return GAME._settle(state)

    @staticmethod
    def _parse_event(shape, text: str, players: int):
        try:
            seat_txt, rest = text.split(":", 1)
            seat = whole_number(seat_txt, 0, players - 1)  # a NumberError is a ValueError
            kind = _CODE_KIND[rest[0]]
            if kind in (PASS, STOP):
                if len(rest) != 1:
                    raise ValueError(rest)
                return (seat, kind, None, None)
            if kind == DISCARD:
                return (seat, DISCARD, _card(rest[1:]), None)
            card_txt, place_txt = rest[1:].split("@")
            return (seat, kind, _card(card_txt), shape.parse_place(place_txt))
        except (ValueError, KeyError, IndexError, CardParseError):
            raise NotationError(f"{text!r} is not a history entry (like 0:P3H@r2c1, 1:DJC, 0:TQS@r2c2, 1:X, 0:S)") from None


def _int(text: str, what: str) -> int:
    try:
        return whole_number(text, 0, None)
    except NumberError:
        raise NotationError(f"{what} must be a number, not {text!r}") from None


NOTATION = Notation()
