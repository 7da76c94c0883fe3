"""Delphi, the rule-guessing game of the Eleusis family (Abbott 1963,
Kruskal's Delphi): the rules as a pure engine.

How the text's rules are read where it is silent (each is also in the
rules screen and the report):

- Seats run clockwise in seat order.  The first player is found by
  counting the starter card's value (A 1 … K 13) around the players from
  God's left, God not counted; with several starters the last one counts.
- The starter card(s) count as played cards (the text's example counts its
  starter among the 22 cards played), so they take play numbers 1…k.
- A wrong play expels its player when at least 30 cards had been played
  before it (the 31st card on), and only while no Prophet stands.  A
  Prophet declared when ``m`` cards have been played moves that threshold
  to ``max(30, m + 20)``: a Prophet never brings expulsions forward.  When
  a Prophet is cast down the threshold is 30 again.  A No Play never
  expels.
- "The last player is expelled": the round ends when no player other than
  God and a standing Prophet is left in it.  It also ends as soon as a
  player's hand is empty, after a right No Play with four cards or fewer,
  and when God's deck could not pay a penalty or a new hand in full (the
  player takes what is left, the play is settled, then the round ends).
- Cards from No Play hands go back under God's deck.
- When God picks a card from a No Play hand (written rules), God takes the
  lowest fitting card (by rank, then spades, hearts, diamonds, clubs).
- Only a play (right or wrong) opens the chance to declare oneself
  Prophet; a No Play does not.  A player expelled by that play cannot.
- The high count includes expelled players' hands.

Who acts is always one seat (``current_player``): the player on turn, the
Prophet when a verdict or a pick is due, the player who just played when
they may declare themselves Prophet, and God's seat when God writes the
rule, judges by hand, or starts the next round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.cards import Card, CardParseError, multi_deck, shuffled
from game.engine.core import IllegalAction, Message, NotationError, Outcome, msg
from game.games.delphi import scoring
from game.games.delphi.ruleapi import (
    Parser,
    RuleLike,
    accepts_string,
    default_parser,
    starters_for,
)
from game.games.delphi.state import (
    DECKS,
    DECLARE,
    EXPEL_AFTER,
    FALSE_PROPHET_PENALTY,
    GAME_OVER,
    GOD_CHECK_PICK,
    GOD_PICK,
    GOD_VERDICT,
    HAND_SIZE,
    MAX_STARTERS,
    NO_PLAY_PENALTY,
    NO_PLAY_SHRINK,
    PROPHET_GRACE,
    PROPHET_PICK,
    PROPHET_VERDICT,
    ROUND_OVER,
    SETRULE,
    TURN,
    WRONG_CARD_PENALTY,
    Action,
    DelphiState,
    DelphiView,
    NoPlayEvent,
    RoundPlan,
    RoundResult,
    SidePlay,
)

MAX_GOD_NAME = 24
MAX_NOTE = 200
MAX_RULE_TEXT = 2000

#: phases in which a No Play hand lies open on the table
_SHOWN_PHASES = (PROPHET_VERDICT, GOD_VERDICT, PROPHET_PICK, GOD_CHECK_PICK, GOD_PICK)


# --- small helpers ---------------------------------------------------------------
def _remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    out = list(hand)
    for c in cards:
        out.remove(c)
    return tuple(out)


def _card_key(c: Card) -> int:
    # rank, then spades, hearts, diamonds, clubs: the order of Card itself,
    # computed without the (slow) enum comparisons
    return c.rank._value_ * 4 + "SHDC".index(c.suit._value_)


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_card_key))


#: one Card object per card: states then share them, which keeps copies
#: (and deep copies) of a state cheap
CANON: dict[Card, Card] = {c: c for c in multi_deck(1)}


def canon(cards) -> tuple[Card, ...]:
    return tuple(CANON[c] for c in cards)


def _distinct(hand: tuple[Card, ...]) -> list[Card]:
    """The different cards of a sorted hand, in order."""
    return [c for i, c in enumerate(hand) if i == 0 or hand[i - 1] != c]


_FIELDS = frozenset(DelphiState.__dataclass_fields__)


def replace(s: DelphiState, **changes: Any) -> DelphiState:
    """``dataclasses.replace`` for states, without its per-field overhead
    (the state has many fields and apply makes a few copies per move)."""
    bad = changes.keys() - _FIELDS
    if bad:
        raise TypeError(f"DelphiState has no field {sorted(bad)[0]!r}")
    new = object.__new__(DelphiState)
    d = new.__dict__
    d.update(s.__dict__)
    d.update(changes)
    return new


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


def player_name(state: DelphiState | DelphiView, seat: int) -> Any:
    """How the log names a seat: God's chosen name, or "Player n"."""
    if seat == state.god:
        return god_title(state)
    return msg("delphi.player", n=seat + 1)


def god_title(state: DelphiState | DelphiView) -> Any:
    return state.god_name if state.god_name else msg("delphi.god")


LogEntry = tuple  # (key, name, value, name, value, ...): flat, so states copy cheaply


def _ev(key: str, **params: Any) -> LogEntry:
    """A log entry.  Parameters named ``player`` and ``judge`` hold seats,
    ``god`` stands for God's name; the view renders them as names."""
    out: list[Any] = [key]
    for kv in params.items():
        out.extend(kv)
    return tuple(out)


def render_entry(
    entry: LogEntry, table: DelphiState | DelphiView, names: Sequence[str] | None = None
) -> Message:
    """A log entry as a :class:`Message`: seats become "Player n", or
    ``names[seat]`` when the table passes its players' names."""
    key = entry[0]
    out: dict[str, Any] = {}
    for i in range(1, len(entry) - 1, 2):
        name, value = entry[i], entry[i + 1]
        if name in ("player", "judge"):
            if names is not None and value != table.god and 0 <= value < len(names):
                out[name] = names[value]
            else:
                out[name] = player_name(table, value)
        elif name == "god":
            out[name] = god_title(table)
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value
    return Message(key, out)


# --- options -----------------------------------------------------------------
def _plan_from(entry: Any, parser: Parser | None) -> RoundPlan:
    """One round's entry of ``options["rules"]``: a rule text; ``None`` (God
    writes it at the table); ``{"rule": text, "rule_id": id, "hint": s}``
    (``rule_id`` names a library rule, for statistics; ``hint`` is a true
    hint God gives everyone); or ``{"hand": true, "starters": k, "note": s,
    "hint": s}`` for a God who judges by hand (``note``: the rule in God's
    words, shown when the round ends)."""
    if entry is None:
        return RoundPlan()
    if isinstance(entry, str):
        text = entry.strip()
        if not text:
            return RoundPlan()
        if len(text) > MAX_RULE_TEXT:
            raise ValueError("a rule text is at most %d characters" % MAX_RULE_TEXT)
        if parser is not None:
            rule = parser(text)  # raises a ValueError subclass on bad text
            return RoundPlan(rule=text, starters=starters_for(rule))
        return RoundPlan(rule=text)
    if isinstance(entry, Mapping):
        hint = _short_text(entry.get("hint", ""), "hint")
        if entry.get("hand"):
            k = entry.get("starters", 1)
            if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_STARTERS:
                raise ValueError(f"starters must be 1 to {MAX_STARTERS}")
            return RoundPlan(hand=True, starters=k, note=_short_text(entry.get("note", ""), "note"), hint=hint)
        if "rule" in entry:
            rule_id = _short_text(entry.get("rule_id", ""), "rule_id")
            return replace_plan(_plan_from(entry["rule"], parser), hint=hint, rule_id=rule_id)
    raise ValueError("each entry of 'rules' is a rule text, null, {'rule': text} or {'hand': true, 'starters': k}")


def _short_text(value: Any, name: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_NOTE:
        raise ValueError(f"{name} is a text of at most {MAX_NOTE} characters")
    return value.strip()


def replace_plan(plan: RoundPlan, **changes: Any) -> RoundPlan:
    from dataclasses import replace as _replace

    return _replace(plan, **changes)


def plan_to_json(plan: RoundPlan) -> Any:
    """The canonical form of a round's entry in ``options["rules"]``."""
    if plan.hand:
        out: dict[str, Any] = {"hand": True, "starters": plan.starters, "note": plan.note}
        if plan.hint:
            out["hint"] = plan.hint
        return out
    if plan.hint or plan.rule_id:
        out = {"rule": plan.rule}
        if plan.rule_id:
            out["rule_id"] = plan.rule_id
        if plan.hint:
            out["hint"] = plan.hint
        return out
    return plan.rule


# --- the game ---------------------------------------------------------------------
class DelphiGame:
    """Delphi's rules.  ``parser`` turns rule texts into rules; the default
    is the rule language.  Tests pass stand-in parsers."""

    id = "delphi"
    min_players = 3
    max_players = 8

    def __init__(self, parser: Parser | None = None) -> None:
        self._parser: Parser = parser or default_parser
        self._cache: dict[str, RuleLike] = {}

    # --- rules ------------------------------------------------------------
    def rule_for(self, text: str) -> RuleLike:
        r = self._cache.get(text)
        if r is None:
            r = self._parser(text)
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[text] = r
        return r

    def truth_play(self, s: DelphiState, cards: Sequence[Card]) -> bool:
        return accepts_string(self.rule_for(s.rule), cards, s.main)

    def fits(self, s: DelphiState, card: Card) -> bool:
        return self.rule_for(s.rule).accepts(card, s.main)

    def truth_noplay(self, s: DelphiState, hand: Sequence[Card]) -> bool:
        rule = self.rule_for(s.rule)
        return not any(rule.accepts(c, s.main) for c in set(hand))

    def god_choice(self, s: DelphiState, hand: Sequence[Card], avoid: Card | None = None) -> Card:
        """God's pick from a No Play hand: the lowest card that fits."""
        rule = self.rule_for(s.rule)
        for c in _sorted(hand):
            if c != avoid and rule.accepts(c, s.main):
                return c
        raise AssertionError("God was asked to pick from a hand with no fitting card")

    # --- setting up --------------------------------------------------------
    def default_options(self, players: int | None = None) -> dict[str, Any]:
        n = players or 4
        return {
            "players": n,
            "rounds": n,
            "first_god": 0,
            "god_name": "",
            "rules": [None] * n,
        }

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise ValueError("options are a JSON object")
        o = dict(options)
        n = o.get("players", 4)
        if not isinstance(n, int) or isinstance(n, bool) or not self.min_players <= n <= self.max_players:
            raise ValueError(f"players (God included) must be {self.min_players} to {self.max_players}")
        rounds = o.get("rounds", n)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= n:
            raise ValueError(f"rounds must be 1 to {n} (one per seat at most)")
        first = o.get("first_god", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
            raise ValueError(f"first_god must be a seat, 0 to {n - 1}")
        name = o.get("god_name", "") or ""
        if not isinstance(name, str) or len(name.strip()) > MAX_GOD_NAME:
            raise ValueError(f"god_name is a text of at most {MAX_GOD_NAME} characters")
        rules = o.get("rules")
        if rules is None:
            rules = [None] * rounds
        if not isinstance(rules, (list, tuple)):
            raise ValueError("'rules' is a list with one entry per round")
        rules = list(rules)
        if "rule" in o and o["rule"] is not None:
            if not rules:
                rules = [None]
            rules[0] = o["rule"]
        if len(rules) < rounds:
            rules += [None] * (rounds - len(rules))
        if len(rules) > rounds:
            raise ValueError(f"'rules' has {len(rules)} entries for {rounds} rounds")
        plans = [_plan_from(e, self._parser_if_needed(e)) for e in rules]
        return {
            "players": n,
            "rounds": rounds,
            "first_god": first,
            "god_name": name.strip(),
            "rules": [plan_to_json(p) for p in plans],
        }

    def _parser_if_needed(self, entry: Any) -> Parser | None:
        return self.rule_for if isinstance(entry, (str, Mapping)) else None

    def new_game(self, options: Mapping[str, Any], seed: int) -> DelphiState:
        o = self.validate_options(options)
        plans = tuple(_plan_from(e, None) for e in o["rules"])
        n = o["players"]
        base = DelphiState(
            players=n,
            seed=int(seed),
            god_name=o["god_name"],
            first_god=o["first_god"],
            plans=plans,
            round=0,
            results=(),
            god=o["first_god"],
            rule="",
            by_hand=False,
            note="",
            hint="",
            starters=1,
            phase=SETRULE,
            hands=((),) * n,
            deck=(),
            main=(),
            main_nums=(),
            side=(),
            noplays=(),
            played=0,
            turn=-1,
            expelled=(False,) * n,
            prophet=-1,
            prophet_at=0,
            prophet_anchor=-1,
            been_prophet=(False,) * n,
            expel_after=EXPEL_AFTER,
            pending=(),
            pending_kind="",
            prophet_says=-1,
            picked=None,
            exempt=False,
            short=False,
            log=(),
        )
        return self._start_round(base, 0)

    def new_game_with_deck(self, options: Mapping[str, Any], deck: Sequence[Card], seed: int = 0) -> DelphiState:
        """A first round dealt from ``deck`` (top first) instead of a shuffle:
        for tests and worked examples.  ``deck`` must be the 156 cards."""
        s = self.new_game(options, seed)
        if Counter(deck) != Counter(multi_deck(DECKS)):
            raise ValueError("a Delphi deck is exactly three 52-card decks")
        s = replace(s, hands=((),) * s.players, deck=canon(deck), main=(), main_nums=(), played=0, log=())
        if s.phase == SETRULE:
            return s
        return self._deal_plan(replace(s, phase=SETRULE), s.plans[0])

    def _start_round(self, s: DelphiState, r: int) -> DelphiState:
        n = s.players
        god = (s.first_god + r) % n
        deck = canon(shuffled(multi_deck(DECKS), s.seed, "delphi-round", r))
        s = replace(
            s,
            round=r,
            god=god,
            rule="",
            by_hand=False,
            note="",
            starters=1,
            phase=SETRULE,
            hands=((),) * n,
            deck=deck,
            main=(),
            main_nums=(),
            side=(),
            noplays=(),
            played=0,
            turn=-1,
            expelled=(False,) * n,
            prophet=-1,
            prophet_at=0,
            prophet_anchor=-1,
            been_prophet=(False,) * n,
            expel_after=EXPEL_AFTER,
            pending=(),
            pending_kind="",
            prophet_says=-1,
            picked=None,
            exempt=False,
            short=False,
            log=(),
        )
        return self._deal_plan(replace(s, hint=s.plans[r].hint), s.plans[r])

    def _deal_plan(self, s: DelphiState, plan: RoundPlan) -> DelphiState:
        if plan.hand:
            return self._deal(s, "", True, plan.starters, plan.note)
        if plan.rule is not None:
            return self._deal(s, plan.rule, False, starters_for(self.rule_for(plan.rule)), "")
        return s  # God writes the rule at the table

    def _deal(self, s: DelphiState, rule: str, by_hand: bool, starters: int, note: str) -> DelphiState:
        n, god = s.players, s.god
        deck = list(s.deck)
        order = [(god + k) % n for k in range(1, n)]  # clockwise from God's left
        hands: list[list[Card]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for seat in order:
                hands[seat].append(deck.pop(0))
        start = tuple(deck[:starters])
        deck = deck[starters:]
        value = start[-1].value
        first = order[(value - 1) % len(order)]
        log = s.log + (
            _ev(
                "delphi.log.round_start",
                round=s.round + 1,
                god=True,
                starters=start,
                player=first,
                count=value,
            ),
        )
        return replace(
            s,
            rule=rule,
            by_hand=by_hand,
            note=note,
            starters=starters,
            phase=TURN,
            hands=tuple(_sorted(h) for h in hands),
            deck=tuple(deck),
            main=start,
            main_nums=tuple(range(1, starters + 1)),
            played=starters,
            turn=first,
            log=log,
        )

    # --- who acts -----------------------------------------------------------
    def current_player(self, s: DelphiState) -> int | None:
        p = s.phase
        if p == TURN or p == DECLARE:
            return s.turn
        if p in (PROPHET_VERDICT, PROPHET_PICK):
            return s.prophet
        if p in (SETRULE, GOD_VERDICT, GOD_CHECK_PICK, GOD_PICK):
            return s.god
        if p == ROUND_OVER:
            return (s.first_god + s.round + 1) % s.players
        return None

    def legal_actions(self, s: DelphiState) -> list[Action]:
        """Every action of the current player, except that only single-card
        plays are listed (any ordered string of held cards is legal too: the
        strings are too many to list) and only judge-by-hand choices are
        listed while God writes the rule (any rule text is legal)."""
        p = s.phase
        if p == TURN:
            hand = s.hands[s.turn]
            return [Action("play", (c,)) for c in _distinct(hand)] + [Action("noplay")]
        if p in (PROPHET_VERDICT, GOD_VERDICT):
            return [Action("verdict", n=1), Action("verdict", n=0)]
        if p == GOD_CHECK_PICK:
            if self._other_card(s):
                return [Action("verdict", n=1), Action("verdict", n=0)]
            return [Action("verdict", n=1)]
        if p == PROPHET_PICK:
            return [Action("pick", (c,)) for c in _distinct(s.hands[s.turn])]
        if p == GOD_PICK:
            return [Action("god-pick", (c,)) for c in _distinct(s.hands[s.turn]) if c != s.picked]
        if p == DECLARE:
            return [Action("prophet"), Action("pass")]
        if p == SETRULE:
            return [Action("byhand", n=k) for k in range(1, MAX_STARTERS + 1)]
        if p == ROUND_OVER:
            return [Action("next")]
        return []

    def status(self, s: DelphiState) -> Message:
        """What the table waits for, as a sentence."""
        seat = self.current_player(s)
        who = player_name(s, seat) if seat is not None else ""
        return msg("delphi.wait." + s.phase.replace("-", "_"), player=who, god=god_title(s), seat=-1 if seat is None else seat)

    # --- the Prophet's conditions --------------------------------------------
    def _active(self, s: DelphiState, exclude: int = -1) -> list[int]:
        """Players still in the round: not God, not expelled, not the Prophet."""
        return [
            p
            for p in range(s.players)
            if p != s.god and not s.expelled[p] and p != s.prophet and p != exclude
        ]

    def prophet_blocker(self, s: DelphiState, seat: int) -> Message | None:
        """Why ``seat`` may not declare itself Prophet now (``None``: it may)."""
        if s.phase in (SETRULE, ROUND_OVER, GAME_OVER):
            return msg("delphi.err.prophet_not_now")
        if seat == s.god:
            return msg("delphi.err.prophet_god", god=god_title(s))
        if s.prophet >= 0:
            if s.prophet == seat:
                return msg("delphi.err.prophet_already_you")
            return msg("delphi.err.prophet_exists", player=player_name(s, s.prophet))
        if s.been_prophet[seat]:
            return msg("delphi.err.prophet_again")
        if s.expelled[seat]:
            return msg("delphi.err.expelled")
        if len(self._active(s, exclude=seat)) < 2:
            return msg("delphi.err.prophet_too_few")
        if s.phase != DECLARE or s.turn != seat:
            return msg("delphi.err.prophet_after_play")
        return None

    def _may_declare(self, s: DelphiState, seat: int) -> bool:
        return (
            s.prophet < 0
            and not s.been_prophet[seat]
            and not s.expelled[seat]
            and seat != s.god
            and len(self._active(s, exclude=seat)) >= 2
        )

    # --- applying ----------------------------------------------------------------
    def apply(self, s: DelphiState, a: Action) -> DelphiState:
        if not isinstance(a, Action):
            raise IllegalAction(msg("engine.unknown_action", text=str(a)))
        if s.phase == GAME_OVER:
            raise IllegalAction(msg("engine.game_over"))
        k = a.kind
        if a.cards:
            try:
                a = Action(k, canon(a.cards), a.text, a.n)
            except KeyError:  # a joker: no such card in Delphi
                raise IllegalAction(msg("delphi.err.not_in_hand", card=a.cards[0])) from None
        if k == "play":
            return self._play(s, a.cards)
        if k == "noplay":
            return self._noplay(s)
        if k == "verdict":
            if a.n not in (0, 1):
                raise IllegalAction(msg("engine.unknown_action", text=self.action_to_text(a)))
            return self._verdict(s, bool(a.n))
        if k == "pick":
            return self._prophet_pick(s, a.cards)
        if k == "god-pick":
            return self._god_pick(s, a.cards)
        if k == "prophet":
            return self._declare(s)
        if k == "pass":
            if s.phase != DECLARE:
                raise self._not_now(s)
            return self._next_turn(s, s.turn)  # not logged: it is the usual case
        if k == "rule":
            return self._set_rule(s, a.text)
        if k == "byhand":
            return self._set_by_hand(s, a.n, a.text)
        if k == "next":
            if s.phase != ROUND_OVER:
                raise IllegalAction(msg("delphi.err.round_not_over"))
            return self._start_round(s, s.round + 1)
        raise IllegalAction(msg("engine.unknown_action", text=k))

    def _not_now(self, s: DelphiState) -> IllegalAction:
        return IllegalAction(msg("delphi.err.not_now", waiting=self.status(s)))

    # setting the rule at the table
    def _set_rule(self, s: DelphiState, text: str) -> DelphiState:
        if s.phase != SETRULE:
            raise IllegalAction(msg("delphi.err.rule_not_due"))
        text = text.strip()
        if not text:
            raise IllegalAction(msg("delphi.err.rule_empty"))
        if len(text) > MAX_RULE_TEXT:
            raise IllegalAction(msg("delphi.err.rule_long", n=MAX_RULE_TEXT))
        try:
            rule = self.rule_for(text)
        except NotationError as e:
            raise IllegalAction(msg("delphi.err.bad_rule", column=e.column or 0, error=str(e))) from None
        except ValueError as e:
            raise IllegalAction(msg("delphi.err.rule_unusable", error=str(e))) from None
        s = replace(s, log=s.log + (_ev("delphi.log.rule_written", god=True),))
        return self._deal(s, text, False, starters_for(rule), "")

    def _set_by_hand(self, s: DelphiState, starters: int, note: str) -> DelphiState:
        if s.phase != SETRULE:
            raise IllegalAction(msg("delphi.err.rule_not_due"))
        if not 1 <= starters <= MAX_STARTERS:
            raise IllegalAction(msg("delphi.err.starters", n=MAX_STARTERS))
        if len(note) > MAX_NOTE:
            raise IllegalAction(msg("delphi.err.note_long", n=MAX_NOTE))
        s = replace(s, log=s.log + (_ev("delphi.log.by_hand", god=True, n=starters),))
        return self._deal(s, "", True, starters, note.strip())

    # a play
    def _play(self, s: DelphiState, cards: tuple[Card, ...]) -> DelphiState:
        if s.phase != TURN:
            raise self._not_now(s)
        if not cards:
            raise IllegalAction(msg("delphi.err.no_cards"))
        hand = s.hands[s.turn]
        if len(cards) == 1:
            if cards[0] not in hand:
                raise IllegalAction(msg("delphi.err.not_in_hand", card=cards[0]))
        else:
            need, have = Counter(cards), Counter(hand)
            for c, k in need.items():
                if have[c] < k:
                    if have[c] == 0:
                        raise IllegalAction(msg("delphi.err.not_in_hand", card=c))
                    raise IllegalAction(msg("delphi.err.not_enough", card=c, n=have[c]))
        s = replace(
            s,
            hands=_set(s.hands, s.turn, _remove(hand, cards)),
            pending=tuple(cards),
            pending_kind="play",
            prophet_says=-1,
            log=s.log + (_ev("delphi.log.play", player=s.turn, cards=tuple(cards), n=len(cards)),),
        )
        if s.prophet >= 0:
            return replace(s, phase=PROPHET_VERDICT)
        if s.by_hand:
            return replace(s, phase=GOD_VERDICT)
        return self._settle_play(s, self.truth_play(s, cards), exempt=False)

    def _noplay(self, s: DelphiState) -> DelphiState:
        if s.phase != TURN:
            raise self._not_now(s)
        hand = s.hands[s.turn]
        s = replace(
            s,
            pending=(),
            pending_kind="noplay",
            prophet_says=-1,
            picked=None,
            exempt=False,
            log=s.log + (_ev("delphi.log.noplay", player=s.turn, cards=tuple(hand)),),
        )
        if s.prophet >= 0:
            return replace(s, phase=PROPHET_VERDICT)
        if s.by_hand:
            return replace(s, phase=GOD_VERDICT)
        return self._settle_noplay(s, self.truth_noplay(s, hand))

    # verdicts: the Prophet's, or God's by hand
    def _verdict(self, s: DelphiState, right: bool) -> DelphiState:
        if s.phase == PROPHET_VERDICT:
            s = replace(
                s,
                prophet_says=int(right),
                log=s.log + (self._verdict_msg(s, s.prophet, right),),
            )
            if s.by_hand:
                return replace(s, phase=GOD_VERDICT)
            truth = self.truth_play(s, s.pending) if s.pending_kind == "play" else self.truth_noplay(s, s.hands[s.turn])
            return self._after_prophet(s, truth)
        if s.phase == GOD_VERDICT:
            s = replace(s, log=s.log + (self._verdict_msg(s, s.god, right),))
            if s.prophet_says < 0:
                if s.pending_kind == "play":
                    return self._settle_play(s, right, exempt=False)
                return self._settle_noplay(s, right)
            return self._after_prophet(s, right)
        if s.phase == GOD_CHECK_PICK:
            if not right and not self._other_card(s):
                # God has said a card fits; this is the only card there is
                raise IllegalAction(msg("delphi.err.only_card", card=s.picked))
            s = replace(s, log=s.log + (self._verdict_msg(s, s.god, right, pick=True),))
            return self._settle_prophet_pick(s, right)
        raise IllegalAction(msg("delphi.err.no_verdict_due", waiting=self.status(s)))

    def _other_card(self, s: DelphiState) -> bool:
        """Does the shown hand hold a card other than the Prophet's pick?"""
        return any(c != s.picked for c in s.hands[s.turn])

    def _verdict_msg(self, s: DelphiState, judge: int, right: bool, pick: bool = False) -> LogEntry:
        if pick:
            what = "pick"
        else:
            what = "noplay" if s.pending_kind == "noplay" else "play"
        key = f"delphi.log.verdict_{what}_{'right' if right else 'wrong'}"
        return _ev(key, judge=judge, player=s.turn, card=s.picked)

    def _after_prophet(self, s: DelphiState, truth: bool) -> DelphiState:
        """God checks the Prophet's verdict on the pending play or No Play."""
        says = bool(s.prophet_says)
        if s.pending_kind == "play":
            if says == truth:
                return self._settle_play(s, truth, exempt=False)
            s = self._cast_down(s)
            return self._settle_play(s, truth, exempt=True)
        # a No Play
        if says and truth:
            return self._settle_noplay(s, True)
        if says and not truth:  # the Prophet saw no play, God sees one
            s = self._cast_down(s)
            return self._settle_noplay(replace(s, exempt=True), False)
        if not says and truth:  # the Prophet saw a play, there is none
            s = self._cast_down(s)
            return self._settle_noplay(s, True)
        # both see a play: the Prophet must find one
        return replace(s, phase=PROPHET_PICK)

    def _cast_down(self, s: DelphiState) -> DelphiState:
        p = s.prophet
        hands, deck, got, short = self._draw(s, p, FALSE_PROPHET_PENALTY)
        return replace(
            s,
            prophet=-1,
            prophet_at=0,
            prophet_anchor=-1,
            expel_after=EXPEL_AFTER,
            hands=hands,
            deck=deck,
            short=s.short or short,
            log=s.log + (_ev("delphi.log.cast_down", player=p, n=got),),
        )

    def _draw(self, s: DelphiState, seat: int, k: int):
        got = s.deck[:k]
        hands = _set(s.hands, seat, _sorted(s.hands[seat] + got))
        return hands, s.deck[len(got) :], len(got), len(got) < k

    # settling a play
    def _settle_play(self, s: DelphiState, right: bool, exempt: bool) -> DelphiState:
        seat, cards = s.turn, s.pending
        nums = tuple(range(s.played + 1, s.played + 1 + len(cards)))
        log = s.log
        if right:
            s = replace(s, main=s.main + cards, main_nums=s.main_nums + nums)
            log += (_ev("delphi.log.right", player=seat, cards=tuple(cards), n=len(cards)),)
            expel = False
        else:
            side = SidePlay(anchor=len(s.main) - 1, cards=cards, first=nums[0], seat=seat)
            # the threshold already holds a standing Prophet's 20-card grace
            expel = not exempt and s.played >= s.expel_after
            s = replace(s, side=s.side + (side,))
            if exempt:
                log += (_ev("delphi.log.wrong_spared", player=seat, cards=tuple(cards), n=len(cards)),)
            else:
                hands, deck, got, short = self._draw(s, seat, WRONG_CARD_PENALTY * len(cards))
                s = replace(s, hands=hands, deck=deck, short=s.short or short)
                log += (_ev("delphi.log.wrong", player=seat, cards=tuple(cards), n=got),)
            if expel:
                s = replace(s, expelled=_set(s.expelled, seat, True))
                log += (_ev("delphi.log.expelled", player=seat),)
        s = replace(
            s,
            played=s.played + len(cards),
            pending=(),
            pending_kind="",
            prophet_says=-1,
            log=log,
        )
        end = self._round_end_reason(s, seat)
        if end is not None:
            return self._end_round(s, end)
        if self._may_declare(s, seat):
            return replace(s, phase=DECLARE, turn=seat)
        return self._next_turn(s, seat)

    # settling a No Play
    def _settle_noplay(self, s: DelphiState, correct: bool) -> DelphiState:
        seat = s.turn
        hand = s.hands[seat]
        if correct:
            event = NoPlayEvent(seat=seat, anchor=len(s.main) - 1, cards=hand, correct=True)
            deck = s.deck + hand
            if len(hand) <= NO_PLAY_SHRINK:
                s = replace(
                    s,
                    hands=_set(s.hands, seat, ()),
                    deck=deck,
                    noplays=s.noplays + (event,),
                    log=s.log + (_ev("delphi.log.noplay_right_out", player=seat),),
                )
            else:
                k = len(hand) - NO_PLAY_SHRINK
                s = replace(
                    s,
                    hands=_set(s.hands, seat, _sorted(deck[:k])),
                    deck=deck[k:],
                    noplays=s.noplays + (event,),
                    log=s.log + (_ev("delphi.log.noplay_right", player=seat, n=k),),
                )
            return self._after_noplay(s, seat)
        # there was a play: God picks one
        if s.by_hand:
            return replace(s, phase=GOD_PICK)
        return self._place_pick(s, self.god_choice(s, hand, avoid=s.picked), by_god=True)

    def _place_pick(self, s: DelphiState, card: Card, by_god: bool) -> DelphiState:
        """A fitting card from the No Play hand goes to the main line; the
        player takes 5 penalty cards unless a False Prophet spares them."""
        seat = s.turn
        hand = s.hands[seat]
        event = NoPlayEvent(
            seat=seat,
            anchor=len(s.main) - 1,
            cards=hand,
            correct=False,
            rejected=s.picked if by_god else None,
        )
        s = replace(
            s,
            hands=_set(s.hands, seat, _remove(hand, (card,))),
            main=s.main + (card,),
            main_nums=s.main_nums + (s.played + 1,),
            played=s.played + 1,
            noplays=s.noplays + (event,),
        )
        who = s.god if by_god else s.prophet
        log = s.log + (_ev("delphi.log.noplay_wrong", player=seat, judge=who, card=card),)
        if s.exempt:
            log += (_ev("delphi.log.spared", player=seat),)
        else:
            hands, deck, got, short = self._draw(s, seat, NO_PLAY_PENALTY)
            s = replace(s, hands=hands, deck=deck, short=s.short or short)
            log += (_ev("delphi.log.penalty", player=seat, n=got),)
        return self._after_noplay(replace(s, log=log), seat)

    def _after_noplay(self, s: DelphiState, seat: int) -> DelphiState:
        s = replace(s, pending=(), pending_kind="", prophet_says=-1, picked=None, exempt=False)
        end = self._round_end_reason(s, seat)
        if end is not None:
            return self._end_round(s, end)
        return self._next_turn(s, seat)

    # the Prophet's pick after a wrong No Play
    def _prophet_pick(self, s: DelphiState, cards: tuple[Card, ...]) -> DelphiState:
        if s.phase != PROPHET_PICK:
            raise IllegalAction(msg("delphi.err.pick_not_due", waiting=self.status(s)))
        if len(cards) != 1:
            raise IllegalAction(msg("delphi.err.pick_one"))
        card = cards[0]
        if card not in s.hands[s.turn]:
            raise IllegalAction(msg("delphi.err.pick_not_shown", card=card))
        s = replace(s, picked=card, log=s.log + (_ev("delphi.log.pick", player=s.prophet, card=card),))
        if s.by_hand:
            return replace(s, phase=GOD_CHECK_PICK)
        return self._settle_prophet_pick(s, self.fits(s, card))

    def _settle_prophet_pick(self, s: DelphiState, right: bool) -> DelphiState:
        if right:
            card = s.picked
            s = replace(s, picked=None)
            return self._place_pick(s, card, by_god=False)
        # the pick does not fit: the Prophet falls, the card stays in the hand,
        # God picks, and the player is spared
        s = self._cast_down(replace(s, exempt=True))
        if s.by_hand:
            return replace(s, phase=GOD_PICK)
        return self._place_pick(s, self.god_choice(s, s.hands[s.turn], avoid=s.picked), by_god=True)

    def _god_pick(self, s: DelphiState, cards: tuple[Card, ...]) -> DelphiState:
        if s.phase != GOD_PICK:
            raise IllegalAction(msg("delphi.err.pick_not_due", waiting=self.status(s)))
        if len(cards) != 1:
            raise IllegalAction(msg("delphi.err.pick_one"))
        card = cards[0]
        if card not in s.hands[s.turn]:
            raise IllegalAction(msg("delphi.err.pick_not_shown", card=card))
        if card == s.picked:
            raise IllegalAction(msg("delphi.err.pick_rejected", card=card))
        return self._place_pick(s, card, by_god=True)

    # declaring oneself Prophet
    def _declare(self, s: DelphiState) -> DelphiState:
        seat = self.current_player(s)
        if seat is None:
            raise IllegalAction(msg("engine.game_over"))
        why = self.prophet_blocker(s, seat)
        if why is not None:
            raise IllegalAction(why)
        s = replace(
            s,
            prophet=seat,
            prophet_at=s.played,
            prophet_anchor=len(s.main) - 1,
            been_prophet=_set(s.been_prophet, seat, True),
            expel_after=max(EXPEL_AFTER, s.played + PROPHET_GRACE),
            log=s.log + (_ev("delphi.log.prophet", player=seat, n=s.played),),
        )
        return self._next_turn(s, seat)

    # turns and the end of a round
    def _next_turn(self, s: DelphiState, after: int) -> DelphiState:
        n = s.players
        for k in range(1, n + 1):
            p = (after + k) % n
            if p != s.god and p != s.prophet and not s.expelled[p]:
                return replace(s, phase=TURN, turn=p)
        raise AssertionError("no player left, yet the round goes on")  # _round_end_reason prevents this

    def _round_end_reason(self, s: DelphiState, seat: int) -> LogEntry | None:
        for p in range(s.players):
            if p != s.god and not s.hands[p]:
                return _ev("delphi.end.out", player=p)
        if s.short:
            return _ev("delphi.end.deck", god=True)
        if not self._active(s):
            return _ev("delphi.end.expelled")
        return None

    def _end_round(self, s: DelphiState, reason: LogEntry) -> DelphiState:
        result = self.round_result(s, render_entry(reason, s))
        s = replace(
            s,
            results=s.results + (result,),
            phase=GAME_OVER if s.round + 1 >= len(s.plans) else ROUND_OVER,
            pending=(),
            pending_kind="",
            prophet_says=-1,
            picked=None,
            exempt=False,
            log=s.log + (reason,),
        )
        return s

    def round_result(self, s: DelphiState, reason: Message) -> RoundResult:
        """Score the round as it stands (used at its end)."""
        seats = [p for p in range(s.players) if p != s.god]
        sizes = [len(s.hands[p]) for p in seats]
        base = scoring.player_scores(sizes)
        scores = [0] * s.players
        for p, sc in zip(seats, base):
            scores[p] = sc
        bonus = 0
        if s.prophet >= 0:
            bonus = scoring.prophet_bonus(s.main_nums, ((sp.first, len(sp.cards)) for sp in s.side), s.prophet_at)
            scores[s.prophet] += bonus
        best = max(scores[p] for p in seats)
        scores[s.god] = scoring.god_score(best, s.prophet_at if s.prophet >= 0 else None)
        hand_sizes = tuple(len(h) for h in s.hands)
        return RoundResult(
            round=s.round,
            god=s.god,
            rule=s.rule,
            by_hand=s.by_hand,
            note=s.note,
            hand_sizes=hand_sizes,
            high=max(sizes),
            scores=tuple(scores),
            prophet=s.prophet,
            prophet_at=s.prophet_at if s.prophet >= 0 else 0,
            prophet_bonus=bonus,
            played=s.played,
            reason=reason,
        )

    # --- results --------------------------------------------------------------
    def totals(self, s: DelphiState) -> tuple[int, ...]:
        """Totals of the finished rounds, with the +10 for seats that have not
        been God when fewer rounds than seats were played: the score of a game
        stopped now (or of a planned short game at its end)."""
        return scoring.game_totals(((r.god, r.scores) for r in s.results), s.players)

    def stop(self, s: DelphiState) -> Outcome:
        """The outcome of a game stopped now: finished rounds only."""
        totals = self.totals(s)
        return Outcome(
            winners=_winners(totals),
            scores=tuple(float(t) for t in totals),
            reason=msg("delphi.end.stopped", n=len(s.results)),
        )

    def outcome(self, s: DelphiState) -> Outcome | None:
        if s.phase != GAME_OVER:
            return None
        totals = self.totals(s)
        return Outcome(
            winners=_winners(totals),
            scores=tuple(float(t) for t in totals),
            reason=msg("delphi.end.game", n=len(s.results)),
        )

    # --- what a seat sees -----------------------------------------------------------
    def markers(self, s: DelphiState) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(white, black) play numbers.  White every 10th card, except after
        a standing Prophet's marker, where black ones count 10 from it."""
        if s.prophet >= 0:
            white = tuple(range(10, min(s.played, s.prophet_at) + 1, 10))
            black = tuple(range(s.prophet_at + 10, s.played + 1, 10))
        else:
            white = tuple(range(10, s.played + 1, 10))
            black = ()
        return white, black

    def view(self, s: DelphiState, seat: int | None) -> DelphiView:
        over = s.phase in (ROUND_OVER, GAME_OVER)
        sees_rule = over or seat == s.god
        hand = None
        if seat is not None and seat != s.god and 0 <= seat < s.players:
            hand = s.hands[seat]
        shown = s.hands[s.turn] if (s.pending_kind == "noplay" and s.phase in _SHOWN_PHASES) else ()
        white, black = self.markers(s)
        return DelphiView(
            seat=seat,
            players=s.players,
            god=s.god,
            god_name=s.god_name,
            round=s.round,
            rounds=len(s.plans),
            phase=s.phase,
            to_move=self.current_player(s),
            rule=s.rule if sees_rule else None,
            by_hand=s.by_hand,
            note=s.note if sees_rule else None,
            hint=s.hint,
            starters=s.starters if s.phase != SETRULE else 0,
            hand=hand,
            hand_sizes=tuple(len(h) for h in s.hands),
            deck_size=len(s.deck),
            main=s.main,
            main_nums=s.main_nums,
            side=s.side,
            noplays=s.noplays,
            played=s.played,
            white=white,
            black=black,
            prophet=s.prophet,
            prophet_at=s.prophet_at,
            prophet_anchor=s.prophet_anchor,
            been_prophet=s.been_prophet,
            expelled=s.expelled,
            expel_after=s.expel_after,
            turn=s.turn,
            pending=s.pending,
            pending_kind=s.pending_kind,
            pending_seat=s.turn if s.pending_kind else -1,
            shown_hand=shown,
            prophet_says=s.prophet_says,
            picked=s.picked,
            results=s.results,
            totals=tuple(sum(r.scores[p] for r in s.results) for p in range(s.players)),
            final=self.totals(s),
            log=s.log,
        )

    # --- text forms -------------------------------------------------------------------
    def action_to_text(self, a: Action) -> str:
        k = a.kind
        if k in ("play", "pick", "god-pick"):
            return k + " " + " ".join(c.code for c in a.cards)
        if k == "verdict":
            return "verdict right" if a.n else "verdict wrong"
        if k == "rule":
            return "rule " + a.text
        if k == "byhand":
            return f"byhand {a.n}" + (" " + a.text if a.text else "")
        return k

    def action_from_text(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError("an action is a text")
        t = text.strip()
        head, _, rest = t.partition(" ")
        head = head.lower()
        rest = rest.strip()
        try:
            if head in ("play", "pick", "god-pick"):
                from game.cards import parse_cards

                cards = tuple(parse_cards(rest))
                if not cards:
                    raise NotationError(f"'{head}' needs cards, e.g. '{head} 3H'")
                if head != "play" and len(cards) != 1:
                    raise NotationError(f"'{head}' takes exactly one card")
                return Action(head, cards)
        except CardParseError as e:
            raise NotationError(str(e)) from None
        if head in ("noplay", "prophet", "pass", "next") and not rest:
            return Action(head)
        if head == "verdict" and rest.lower() in ("right", "wrong"):
            return Action("verdict", n=1 if rest.lower() == "right" else 0)
        if head == "rule" and rest:
            return Action("rule", text=rest)
        if head == "byhand":
            num, _, note = rest.partition(" ")
            if num.isdigit() and 1 <= int(num) <= 9:
                return Action("byhand", n=int(num), text=note.strip())
        raise NotationError(f"not a Delphi action: {text!r}")

    def describe_action(self, s: DelphiState, a: Action) -> Message:
        seat = self.current_player(s)
        who = player_name(s, seat) if seat is not None else ""
        k = a.kind
        if a.cards:
            try:
                a = Action(k, canon(a.cards), a.text, a.n)
            except KeyError:  # a joker: no such card in Delphi
                raise IllegalAction(msg("delphi.err.not_in_hand", card=a.cards[0])) from None
        if k == "play":
            return msg("delphi.do.play", player=who, cards=list(a.cards), n=len(a.cards))
        if k == "noplay":
            return msg("delphi.do.noplay", player=who)
        if k == "prophet":
            return msg("delphi.do.prophet", player=who)
        if k == "pass":
            return msg("delphi.do.pass", player=who)
        if k == "verdict":
            what = "noplay" if s.pending_kind == "noplay" else "play"
            if s.phase == GOD_CHECK_PICK:
                what = "pick"
            return msg(
                f"delphi.do.verdict_{what}_{'right' if a.n else 'wrong'}",
                player=who,
                card=s.picked,
            )
        if k == "pick":
            return msg("delphi.do.pick", player=who, card=a.cards[0] if a.cards else "")
        if k == "god-pick":
            return msg("delphi.do.god_pick", player=who, card=a.cards[0] if a.cards else "")
        if k == "rule":
            return msg("delphi.do.rule", player=who)  # never the rule itself
        if k == "byhand":
            return msg("delphi.do.byhand", player=who, n=a.n)
        if k == "next":
            return msg("delphi.do.next", round=s.round + 2)
        return msg("engine.unknown_action", text=k)

    # --- for the generic checks --------------------------------------------------------
    def cards(self, s: DelphiState) -> list[Card]:
        out: list[Card] = []
        for h in s.hands:
            out.extend(h)
        out.extend(s.deck)
        out.extend(s.main)
        for sp in s.side:
            out.extend(sp.cards)
        out.extend(s.pending)
        return out

    def shuffle_hidden(self, s: DelphiState, seat: int, rng: random.Random) -> DelphiState:
        """Shuffle the cards ``seat`` cannot see: other players' hands (not a
        No Play hand lying open) and God's deck, keeping every size."""
        shown = s.turn if (s.pending_kind == "noplay" and s.phase in _SHOWN_PHASES) else -1
        hidden = [p for p in range(s.players) if p != seat and p != s.god and p != shown]
        pool = list(s.deck)
        for p in hidden:
            pool.extend(s.hands[p])
        rng.shuffle(pool)
        hands = list(s.hands)
        i = 0
        for p in hidden:
            k = len(s.hands[p])
            hands[p] = _sorted(pool[i : i + k])
            i += k
        return replace(s, hands=tuple(hands), deck=tuple(pool[i:]))


def _winners(totals: Sequence[int]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
