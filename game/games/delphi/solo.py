"""Delphi alone: one person against a computer God, the solo form of
Eleusis ("find the rule in as few cards as possible").

The protocol (issue 23, as published for single players):

- God keeps a secret rule (from the library, or a typed one) and lays
  as many starters as the rule looks back (at least one) from three
  shuffled decks; the person holds :data:`HAND` cards;
- a turn: play one card of the hand (God says right – it joins the main
  line – or wrong – it hangs under the last main-line card), then draw
  one from the deck; at most :data:`TURNS` turns;
- after each card the person may guess the rule once (``guess <rule
  text>``) or go on (``pass``).  The guess is right when it is the same
  rule as God's (:func:`~game.games.delphi.same_rule.same_rule`: equal
  verdicts in every situation the main line can reach); a wrong guess
  comes with a card and a situation where the two differ;
- a correct guess at turn N scores ``31 - N`` less :data:`WRONG_GUESS`
  for every wrong guess before it, never below 0; a round never solved
  scores 0.

:class:`SoloGame` follows the engine contract (:class:`~game.engine.core.Game`):
immutable states, ``IllegalAction`` with a message, a per-seat view (the
person never sees God's rule or the deck until the round is over), and
records as seed + options + action texts (``play 3H``, ``guess
card.color = red``, ``pass``, ``stop``).  It is not in the registry of
games: the Delphi table opens it (options from :func:`library_options`,
:func:`typed_options` or :func:`daily_round`).

**Today's rule** (:func:`daily_round`): the date's digest (the SHA-256 of
``delphi-solo-daily-YYYY-MM-DD``, :func:`game.engine.dates.daily_digest`) picks the library rule and the deal, so
every copy of the game plays the same rule and cards on that date (as
Gaps' daily deal).  The options hold the rule's text, so a record of a
day replays even after the library changes.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.cards import Card, CardParseError, multi_deck, shuffled
from game.engine.core import IllegalAction, Message, NotationError, Outcome, Termination, msg
from game.engine.dates import daily_digest, parse_date
from game.games.delphi.deal import starter_options
from game.games.delphi.hands import canon, sort_cards
from game.games.delphi.library import LIBRARY, library_rule
from game.games.delphi.rulelang import Rule, RuleSyntaxError, cached_rule, rule_errors
from game.games.delphi.same_rule import Difference, Sameness, same_rule
from game.games.delphi.state import DECKS, SidePlay

#: cards in the person's hand
HAND = 12
#: cards played at most (one per turn)
TURNS = 30
#: points a wrong guess costs
WRONG_GUESS = 2

PLAY = "play"  # the person plays a card
GUESS = "guess"  # after a card: guess the rule or go on
OVER = "over"  # solved, out of turns, or stopped

#: the library rules a round may be given by id (all of them)
SOLO_IDS: tuple[str, ...] = tuple(r.id for r in LIBRARY)


# --- values ------------------------------------------------------------------
@dataclass(frozen=True)
class SoloAction:
    """``play`` (``card``), ``guess`` (``text``: a rule), ``pass`` (no guess
    after this card), ``stop`` (give the round up; never listed)."""

    kind: str
    card: Card | None = None
    text: str = ""


@dataclass(frozen=True)
class SoloGuess:
    """A guess and God's answer: ``turn`` (cards played when it was made),
    ``text`` (the guess in normal form), ``correct``, ``exact`` (decided by
    walking every reachable situation, not by a sample) and, for a wrong
    guess, ``example``: where the two rules differ."""

    turn: int
    text: str
    correct: bool
    exact: bool
    example: Difference | None = None


@dataclass(frozen=True)
class SoloOpen:
    """What the state and the person's view hold alike."""

    phase: str
    starters: int
    main: tuple[Card, ...]  # starters first
    #: each wrong card under the main-line card it was judged after, in play order
    side: tuple[SidePlay, ...]
    #: every card played, in order, with God's verdict (True: right)
    plays: tuple[tuple[Card, bool], ...]
    hand: tuple[Card, ...]  # sorted
    guesses: tuple[SoloGuess, ...]
    library_id: str  # the library rule's id ("" for a typed rule; in a view, "" until the end)
    daily: str  # "YYYY-MM-DD" for today's rule, else ""
    stopped: bool

    @property
    def turn(self) -> int:
        """Cards played so far (turn N is the N-th card)."""
        return len(self.plays)

    @property
    def wrong_guesses(self) -> int:
        return sum(1 for g in self.guesses if not g.correct)

    @property
    def solved_at(self) -> int:
        """The turn of the correct guess, 0 if none."""
        return next((g.turn for g in self.guesses if g.correct), 0)

    @property
    def score(self) -> int:
        """31 - N less 2 a wrong guess, at least 0; 0 unless solved."""
        return solo_score(self.solved_at, self.wrong_guesses)

    # what the augur's Beliefs read besides (the full game's view has them
    # too): one round, and no No Play in the solo protocol
    round = 0
    noplays = ()


@dataclass(frozen=True)
class SoloState(SoloOpen):
    seed: int
    rule: str  # God's rule, normal form
    deck: tuple[Card, ...]  # top first


@dataclass(frozen=True)
class SoloView(SoloOpen):
    """The person's view (``seat`` 0) or a spectator's (``None``): God's
    rule (``rule``) only once the round is over; the deck only as a size."""

    seat: int | None
    rule: str | None
    deck_size: int
    to_move: int | None


def solo_score(solved_at: int, wrong: int) -> int:
    """The protocol's score: a correct guess at turn N scores 31 - N, less
    2 for every wrong guess, never below 0; never solved, 0."""
    if solved_at <= 0:
        return 0
    return max(0, TURNS + 1 - solved_at - WRONG_GUESS * wrong)


# --- options -------------------------------------------------------------------
def typed_options(text: str) -> dict[str, Any]:
    """A round with a typed rule (checked when the round starts)."""
    return {"rule": text, "library_id": "", "daily": ""}


def library_options(rule_id: str) -> dict[str, Any]:
    """A round with the library rule ``rule_id`` (KeyError if none)."""
    r = library_rule(rule_id)
    return {"rule": r.text, "library_id": r.id, "daily": ""}


def random_options(rng: random.Random) -> dict[str, Any]:
    """A round with a library rule drawn by ``rng``."""
    return library_options(rng.choice(SOLO_IDS))


def daily_round(day: _dt.date | str) -> tuple[dict[str, Any], int]:
    """Today's rule: (options, seed) of ``day`` (a date or ``YYYY-MM-DD``),
    the same everywhere: the SHA-256 of the date picks the library rule
    (first 8 bytes) and the deal (next 8)."""
    d = parse_date(day) if isinstance(day, str) else day
    h = daily_digest("delphi-solo-daily", d)
    rule_id = SOLO_IDS[int.from_bytes(h[:8], "big") % len(SOLO_IDS)]
    seed = int.from_bytes(h[8:16], "big") % (10**9 - 1) + 1
    return {**library_options(rule_id), "daily": d.isoformat()}, seed


# --- the game --------------------------------------------------------------------
class SoloGame:
    """The solo protocol as a :class:`~game.engine.core.Game` (one seat)."""

    id = "delphi-solo"
    min_players = 1
    max_players = 1

    def default_options(self, players: int | None = None) -> dict[str, Any]:
        return library_options("alternate_colour")

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise ValueError("solo options are a mapping")
        unknown = set(options) - {"rule", "library_id", "daily"}
        if unknown:
            raise ValueError(f"unknown solo option(s): {', '.join(sorted(unknown))}")
        text, rid, day = options.get("rule", ""), options.get("library_id", ""), options.get("daily", "")
        if not isinstance(text, str) or not text.strip():
            raise RuleSyntaxError(Message("delphi_lang.empty"))
        if not isinstance(rid, str) or not isinstance(day, str):
            raise ValueError("library_id and daily are texts")
        rule = cached_rule(text)  # RuleSyntaxError (a ValueError) on bad text
        problems = rule_errors(rule)
        if problems:
            raise RuleSyntaxError(problems[0])
        if rid:
            try:
                lib = library_rule(rid)
            except KeyError:
                raise ValueError(f"no library rule {rid!r}") from None
            if lib.rule != rule:
                raise ValueError(f"library rule {rid!r} is not {text!r}")
        if day:
            parse_date(day)
        return {"rule": rule.text, "library_id": rid, "daily": day}

    def new_game(self, options: Mapping[str, Any], seed: int) -> SoloState:
        o = self.validate_options(options)
        rule = cached_rule(o["rule"])
        deck = list(canon(shuffled(multi_deck(DECKS), int(seed), "delphi-solo")))
        n = max(1, rule.lookback)
        hand, starters, deck = deck[:HAND], tuple(deck[HAND : HAND + n]), deck[HAND + n :]
        if not rule.mask(starters):
            # no card at all can follow: God lays the first starters offered
            # from the top of the deck instead (as the full game's computer God)
            options_ = starter_options(rule.accepts, starters, deck)
            if options_:
                chosen = options_[0]
                rest = list(deck) + list(starters)
                for c in chosen:
                    rest.remove(c)
                starters, deck = chosen, rest
        return SoloState(
            phase=PLAY,
            starters=n,
            main=starters,
            side=(),
            plays=(),
            hand=sort_cards(hand),
            guesses=(),
            library_id=o["library_id"],
            daily=o["daily"],
            stopped=False,
            seed=int(seed),
            rule=rule.text,
            deck=tuple(deck),
        )

    # --- playing ----------------------------------------------------------------
    def current_player(self, s: SoloState) -> int | None:
        return None if s.phase == OVER else 0

    def legal_actions(self, s: SoloState) -> list[SoloAction]:
        """Each different card of the hand; after a card, ``pass`` and a
        guess of every library rule that looks back no further than the
        starters (any other rule text is a legal guess too: too many to
        list)."""
        if s.phase == PLAY:
            return [SoloAction(PLAY, c) for c in dict.fromkeys(s.hand)]
        if s.phase == GUESS:
            return [SoloAction("pass")] + [
                SoloAction(GUESS, text=r.text) for r in LIBRARY if r.rule.lookback <= s.starters
            ]
        return []

    def apply(self, s: SoloState, a: SoloAction) -> SoloState:
        if not isinstance(a, SoloAction):
            raise IllegalAction(msg("engine.unknown_action", text=str(a)))
        if s.phase == OVER:
            raise IllegalAction(msg("engine.game_over"))
        if a.kind == "stop":
            return replace(s, phase=OVER, stopped=True)
        if a.kind == PLAY:
            if s.phase != PLAY:
                raise IllegalAction(msg("delphi.solo.err.guess_or_go_on"))
            return self._play(s, a.card)
        if a.kind in (GUESS, "pass"):
            if s.phase != GUESS:
                raise IllegalAction(msg("delphi.solo.err.card_first"))
            if a.kind == "pass":
                return self._next(s, s.guesses)
            return self._guess(s, a.text)
        raise IllegalAction(msg("engine.unknown_action", text=a.kind))

    def _play(self, s: SoloState, card: Card | None) -> SoloState:
        if card is None or card not in s.hand:
            raise IllegalAction(msg("delphi.err.not_in_hand", card=card if card is not None else "?"))
        card = canon((card,))[0]
        right = cached_rule(s.rule).accepts(card, s.main)
        hand = list(s.hand)
        hand.remove(card)
        hand.append(s.deck[0])
        main, side = s.main, s.side
        if right:
            main = main + (card,)
        else:
            side = side + (SidePlay(len(main) - 1, (card,), len(s.main) + len(s.side) + 1, 0),)
        return replace(
            s,
            phase=GUESS,
            main=main,
            side=side,
            plays=s.plays + ((card, right),),
            hand=sort_cards(hand),
            deck=s.deck[1:],
        )

    def _guess(self, s: SoloState, text: str) -> SoloState:
        verdict = judge_guess(s.rule, text)
        g = SoloGuess(s.turn, verdict_text(text), verdict.same, verdict.exact, verdict.example)
        if g.correct:
            return replace(s, phase=OVER, guesses=s.guesses + (g,))
        return self._next(s, s.guesses + (g,))

    def _next(self, s: SoloState, guesses: tuple[SoloGuess, ...]) -> SoloState:
        return replace(s, phase=OVER if s.turn >= TURNS else PLAY, guesses=guesses)

    # --- results ---------------------------------------------------------------------
    def stop_action(self, s: SoloState) -> SoloAction | None:
        return None if s.phase == OVER else SoloAction("stop")

    def outcome(self, s: SoloState) -> Outcome | None:
        if s.phase != OVER:
            return None
        solved = s.solved_at > 0
        if solved:
            reason, term = msg("delphi.solo.end.solved", n=s.solved_at, score=s.score), Termination.WON
        elif s.stopped:
            reason, term = msg("delphi.solo.end.stopped", n=s.turn), Termination.STOPPED
        else:
            reason, term = msg("delphi.solo.end.unsolved", n=s.turn), Termination.LOST
        return Outcome(winners=(0,) if solved else (), scores=(float(s.score),), reason=reason, won=solved, termination=term)

    def view(self, s: SoloState, seat: int | None) -> SoloView:
        over = s.phase == OVER
        public = {f: getattr(s, f) for f in SoloOpen.__dataclass_fields__}
        if seat != 0:
            public["hand"] = ()
        if not over:
            public["library_id"] = ""  # the id names the rule
        return SoloView(
            **public,
            seat=seat,
            rule=s.rule if over else None,
            deck_size=len(s.deck),
            to_move=self.current_player(s),
        )

    # --- text forms ----------------------------------------------------------------------
    def action_to_text(self, a: SoloAction) -> str:
        if a.kind == PLAY and a.card is not None:
            return f"play {a.card.code}"
        if a.kind == GUESS:
            return f"guess {a.text}"
        return a.kind

    def action_from_text(self, text: str) -> SoloAction:
        if not isinstance(text, str):
            raise NotationError("an action is a text")
        head, _, rest = text.strip().partition(" ")
        head, rest = head.lower(), rest.strip()
        if head == PLAY:
            try:
                card = Card.parse(rest)
            except CardParseError as e:
                raise NotationError(str(e)) from None
            return SoloAction(PLAY, canon((card,))[0] if not card.is_joker else card)
        if head == GUESS and rest:
            return SoloAction(GUESS, text=rest)
        if head in ("pass", "stop") and not rest:
            return SoloAction(head)
        raise NotationError(f"not a solo Delphi action: {text!r}")

    def describe_action(self, s: SoloState, a: SoloAction) -> Message:
        if a.kind == PLAY:
            return msg("delphi.solo.do.play", card=a.card if a.card is not None else "?", n=s.turn + 1)
        if a.kind == GUESS:
            return msg("delphi.solo.do.guess", rule=a.text, n=s.turn)
        if a.kind == "pass":
            return msg("delphi.solo.do.pass")
        if a.kind == "stop":
            return msg("delphi.solo.do.stop")
        return msg("engine.unknown_action", text=a.kind)

    # --- for the generic checks -----------------------------------------------------------
    def cards(self, s: SoloState) -> list[Card]:
        return [*s.hand, *s.deck, *s.main, *(c for sp in s.side for c in sp.cards)]

    def shuffle_hidden(self, s: SoloState, seat: int, rng: random.Random) -> SoloState:
        """The deck is all the person cannot see (God's rule is no card)."""
        deck = list(s.deck)
        rng.shuffle(deck)
        return replace(s, deck=tuple(deck))


def verdict_text(text: str) -> str:
    """A guess as it is kept: the rule's normal form."""
    return cached_rule(text).text


def judge_guess(god_text: str, guess_text: str) -> Sameness:
    """Whether ``guess_text`` is God's rule (see :func:`same_rule`), or
    :class:`IllegalAction` when it is no rule or looks further back than
    the round's starters (a guess refused so costs nothing)."""
    god = cached_rule(god_text)
    try:
        guess = cached_rule(guess_text)
    except RuleSyntaxError as e:
        raise IllegalAction(msg("delphi.solo.err.not_a_rule", problem=_problem(e))) from None
    starters = max(1, god.lookback)
    if guess.lookback > starters:
        raise IllegalAction(msg("delphi.solo.err.looks_back", back=guess.lookback, n=starters))
    return same_rule(god, guess)


def _problem(e: RuleSyntaxError) -> Message:
    if e.column is None:
        return e.reason
    return Message("delphi_lang.at_column", {"column": e.column, "text": e.reason})


def difference_message(d: Difference) -> Message:
    """What the screen says about a wrong guess's example."""
    key = "delphi.solo.differs.god_right" if d.god else "delphi.solo.differs.god_wrong"
    return msg(key, line=list(d.line), card=d.card)


def rule_of(s: SoloState | SoloView) -> Rule | None:
    """God's rule once the view may show it."""
    return cached_rule(s.rule) if s.rule else None


SOLO = SoloGame()

__all__ = [
    "GUESS",
    "HAND",
    "OVER",
    "PLAY",
    "SOLO",
    "SOLO_IDS",
    "TURNS",
    "WRONG_GUESS",
    "SoloAction",
    "SoloGame",
    "SoloGuess",
    "SoloState",
    "SoloView",
    "daily_round",
    "difference_message",
    "judge_guess",
    "library_options",
    "random_options",
    "solo_score",
    "typed_options",
    "verdict_text",
]
