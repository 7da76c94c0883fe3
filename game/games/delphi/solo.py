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
- God's verdict on a guess travels in its action (:class:`Verdict`:
  ``guess <rule>; same exact``, ``guess <rule>; differs exact 3H 9S : JD
  accepted``), worked out once by :meth:`SoloGame.judged` (seconds for
  some rules: a table asks on a worker thread), so neither ``apply`` nor
  a replay of the record judges it again.  A plain ``guess <rule>`` (a
  bot's, the command line's, every record made before verdicts were
  recorded) is judged in ``apply``, as it always was;
- a correct guess at turn N scores ``31 - N`` less :data:`WRONG_GUESS`
  for every wrong guess before it, never below 0; a round never solved
  scores 0.

:class:`SoloGame` follows the engine contract (:class:`~game.engine.core.Game`):
immutable states, ``IllegalAction`` with a message, a per-seat view (the
person never sees God's rule or the deck until the round is over), and
records as seed + options + action texts (``play 3H``, ``guess
card.color = red; differs exact 8D : 3H accepted``, ``pass``, ``stop``).  It is not in the registry of
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
from game.engine.records import Record
from game.engine.runner import GameRunner
from game.games.delphi.deal import starter_options
from game.games.delphi.hands import canon, sort_cards
from game.games.delphi.library import LIBRARY, library_rule
from game.games.delphi.rulelang import Rule, RuleSyntaxError, cached_rule, rule_errors
from game.games.delphi.same_rule import Difference, Sameness, differs_really, same_rule
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
#: between a guess's rule and its verdict in the action's text: a character
#: the rule language has no use for (its lexer refuses it), so a rule text
#: can never hold it and the two parts are never confused
VERDICT_MARK = ";"
#: God's verdict on the card of a wrong guess's example, in the text form
GOD_SAYS = {True: "accepted", False: "refused"}
#: how the verdict was found: every reachable situation judged, or a sample
FOUND = {True: "exact", False: "sampled"}


@dataclass(frozen=True)
class Verdict:
    """God's answer to a guess, as its action records it: ``same`` (the
    guess is God's rule), ``exact`` (every reachable situation was judged,
    else a sample of main lines) and, for a wrong guess, the ``example``
    where the two rules differ.

    Its text form follows the guess after :data:`VERDICT_MARK`:

    >>> v = Verdict.from_text("differs exact 8D : 3H accepted")
    >>> v.same, v.exact, v.example.line, v.example.card, v.example.god
    (False, True, (Card(rank=<Rank.EIGHT: 8>, suit=<Suit.DIAMONDS: 'D'>),), Card(rank=<Rank.THREE: 3>, suit=<Suit.HEARTS: 'H'>), True)
    >>> v.to_text()
    'differs exact 8D : 3H accepted'
    >>> Verdict.from_text("same sampled").to_text()
    'same sampled'

    A wrong verdict without an example (:meth:`went_on`) has no text form:
    its action's text is the plain guess."""

    same: bool
    exact: bool
    example: Difference | None = None

    @classmethod
    def of(cls, s: Sameness) -> Verdict:
        return cls(s.same, s.exact, s.example)

    @classmethod
    def went_on(cls) -> Verdict:
        """Wrong, as a record shows without judging: the round went on
        after the guess (a right guess ends it); where the two rules
        differ is not known."""
        return cls(False, False, None)

    @property
    def recorded(self) -> bool:
        """Whether the text form holds it (a wrong one needs its example)."""
        return self.same or self.example is not None

    def to_text(self) -> str:
        if self.same or self.example is None:
            return f"same {FOUND[self.exact]}"
        ex = self.example
        return " ".join(["differs", FOUND[self.exact], *(c.code for c in ex.line), ":", ex.card.code, GOD_SAYS[ex.god]])

    @classmethod
    def from_text(cls, text: str) -> Verdict:
        """The verdict of ``text`` (:class:`NotationError` when it is none)."""
        words = text.split()
        found = {v: k for k, v in FOUND.items()}
        if len(words) < 2 or words[1] not in found:
            raise NotationError(f"not a verdict: {text!r}")
        exact = found[words[1]]
        if words[0] == "same" and len(words) == 2:
            return cls(True, exact)
        says = {v: k for k, v in GOD_SAYS.items()}
        if words[0] != "differs" or len(words) < 5 or words[-3] != ":" or words[-1] not in says:
            raise NotationError(f"not a verdict: {text!r}")
        try:
            line = canon(Card.parse(w) for w in words[2:-3])
            card = canon((Card.parse(words[-2]),))[0]
        except (CardParseError, KeyError):
            raise NotationError(f"not a verdict (a card is not one of the deck): {text!r}") from None
        god = says[words[-1]]
        return cls(False, exact, Difference(line, card, god, not god))


@dataclass(frozen=True)
class SoloAction:
    """``play`` (``card``), ``guess`` (``text``: a rule; ``verdict``: God's
    answer when it was worked out before the guess was played), ``pass``
    (no guess after this card), ``stop`` (give the round up; never listed)."""

    kind: str
    card: Card | None = None
    text: str = ""
    verdict: Verdict | None = None


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
            return self._guess(s, a.text, a.verdict)
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

    def _guess(self, s: SoloState, text: str, given: Verdict | None) -> SoloState:
        god = cached_rule(s.rule)
        guess = guess_rule(god, text)
        if given is None:
            verdict = Verdict.of(same_rule(god, guess))
        else:
            # A wrong verdict is checked here, cheaply: its example must be
            # a main line God's rule reaches and a card the two rules judge
            # as it says (a few dozen cards judged).  A "same" verdict
            # cannot be checked but by the whole judgement, which is what
            # recording it saves: it is trusted.  A record is the player's
            # own save (and their statistics file is theirs too), so a
            # forged "same" cheats nobody but them (docs/delphi.md).
            ex = given.example
            if ex is not None and not differs_really(god, guess, ex):
                raise IllegalAction(msg("delphi.solo.err.verdict_forged", line=list(ex.line), card=ex.card))
            verdict = given
        g = SoloGuess(s.turn, guess.text, verdict.same, verdict.exact, verdict.example)
        if g.correct:
            return replace(s, phase=OVER, guesses=s.guesses + (g,))
        return self._next(s, s.guesses + (g,))

    def _next(self, s: SoloState, guesses: tuple[SoloGuess, ...]) -> SoloState:
        return replace(s, phase=OVER if s.turn >= TURNS else PLAY, guesses=guesses)

    def judged(self, s: SoloState, text: str) -> SoloAction:
        """The guess ``text`` with God's verdict worked out: the slow part
        of a guess (seconds for some rules: ask on a worker thread), so
        that its action plays at once and a replay of the record never
        judges it again.  :class:`IllegalAction` as ``apply`` would."""
        if s.phase != GUESS:
            raise IllegalAction(msg("delphi.solo.err.card_first"))
        god = cached_rule(s.rule)
        return SoloAction(GUESS, text=text, verdict=Verdict.of(same_rule(god, guess_rule(god, text))))

    def check_guess(self, s: SoloState, text: str) -> None:
        """:class:`IllegalAction` when ``text`` is no guess this round takes
        (no rule, or one that looks back too far): the quick part of a
        guess, which costs nothing."""
        guess_rule(cached_rule(s.rule), text)

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
            if a.verdict is not None and a.verdict.recorded:
                return f"guess {a.text}{VERDICT_MARK} {a.verdict.to_text()}"
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
            rule, mark, verdict = rest.partition(VERDICT_MARK)
            rule = rule.strip()
            if not rule:
                raise NotationError(f"not a solo Delphi action (a guess without a rule): {text!r}")
            return SoloAction(GUESS, text=rule, verdict=Verdict.from_text(verdict) if mark else None)
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


def guess_rule(god: Rule, guess_text: str) -> Rule:
    """The guess as a rule, or :class:`IllegalAction` when it is no rule
    or looks further back than the round's starters (a guess refused so
    costs nothing)."""
    try:
        guess = cached_rule(guess_text)
    except RuleSyntaxError as e:
        raise IllegalAction(msg("delphi.solo.err.not_a_rule", problem=_problem(e))) from None
    starters = max(1, god.lookback)
    if guess.lookback > starters:
        raise IllegalAction(msg("delphi.solo.err.looks_back", back=guess.lookback, n=starters))
    return guess


def judge_guess(god_text: str, guess_text: str) -> Sameness:
    """Whether ``guess_text`` is God's rule (see :func:`same_rule`), or
    :class:`IllegalAction` as :func:`guess_rule` says."""
    god = cached_rule(god_text)
    return same_rule(god, guess_rule(god, guess_text))


def unjudged(actions: list[SoloAction]) -> bool:
    """Whether a guess among ``actions`` carries no verdict (a record from
    before verdicts were recorded): replaying it judges that guess, which
    may take seconds."""
    return any(a.kind == GUESS and a.verdict is None for a in actions)


def with_verdicts(runner: GameRunner) -> None:
    """Give every guess of ``runner`` that was judged in ``apply`` its
    verdict (from the state after it), so that its record replays without
    judging again: a record of before, once replayed, is saved so."""
    for i, a in enumerate(runner.actions):
        if isinstance(a, SoloAction) and a.kind == GUESS and (a.verdict is None or not a.verdict.recorded):
            g = runner.states[i + 1].guesses[-1]
            if g.correct or g.example is not None:
                runner.actions[i] = replace(a, verdict=Verdict(g.correct, g.exact, g.example))


def replay_known(record: Record) -> GameRunner:
    """``record`` replayed judging no guess that carries no verdict but
    one the record itself answers: a right guess ends the round, so a
    guess the round went on after was wrong (:meth:`Verdict.went_on`;
    where it differs from God's rule is not known).  Only a last action
    that is such a guess is judged.  The turn, the points at stake and
    the wrong guesses come out as in a full replay, at once, for a list of
    saved rounds; a table replays in full.  :class:`RecordError` as
    :meth:`GameRunner.replay`."""
    last = len(record.actions) - 1

    def read(i: int, text: str) -> SoloAction:
        a = SOLO.action_from_text(text)
        return replace(a, verdict=Verdict.went_on()) if a.kind == GUESS and a.verdict is None and i < last else a

    return GameRunner.replay(record, SOLO, read=read)


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
    "VERDICT_MARK",
    "WRONG_GUESS",
    "SoloAction",
    "SoloGame",
    "SoloGuess",
    "SoloState",
    "SoloView",
    "Verdict",
    "daily_round",
    "difference_message",
    "guess_rule",
    "judge_guess",
    "library_options",
    "random_options",
    "replay_known",
    "solo_score",
    "typed_options",
    "unjudged",
    "verdict_text",
    "with_verdicts",
]
