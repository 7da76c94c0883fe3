"""One match loop for every game, with no pygame.

A :class:`Match` is a game being played: the record (seed, options,
actions) and the states it passed through, the seats (person or computer,
names), the seat whose private cards may be on screen (``viewer``), the
bots, undo and redo where the game allows them, the log, the recorded end
of the game and the statistics it adds up to.  The app's tables, ``sim``,
``soak``, autoplay and the demo scenes all play through it, so a rule of
play (whose turn, when the device must be passed, what a computer does,
when the game is over) exists once::

    gesture -> table -> match.play(action) -> game.apply -> new state
            <- Moved or Refused;  match.next() says what comes next

``next()`` answers with a :class:`Step`: the game is over; the device must
be passed to a person (nothing private is on screen until
:meth:`Match.handed_to`); the person at the screen decides; a computer
decides (:meth:`Match.play_bot`); a forced move plays itself; or a break
between rounds.  The match knows no time: how long a computer "thinks" and
how a card travels is the table's business.

Where a game differs it gives a small :class:`Policy` (``POLICY`` in its
package): Runs plays a person's forced draw by itself when asked to and
passes the device before a draw by hand; Delphi keeps God's screen (the
rule) from the others and brings in the computer God.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from game.engine.core import Bot, Game, IllegalAction, Message, Outcome, msg
from game.engine.records import Record
from game.engine.registry import module
from game.engine.runner import GameRunner
from game.engine.turns import How, LogLine, Moved, Refused, Seat, Step, StepKind, TableMeta, seats_from
from game.i18n import seat_name, tr

#: a statistics fold: adds one finished game (or round) to a game's
#: statistics dict in place; pure data, the app's persistence writes it
Fold = Callable[[dict], None]

#: how many log lines a match keeps (a table shows the last few)
LOG_LINES = 60

#: a game's own id (:attr:`Match.instance`): 16 hex digits
INSTANCE = re.compile(r"[0-9a-f]{16}")

S = TypeVar("S")  # state
A = TypeVar("A")  # action
V = TypeVar("V")  # view


M = TypeVar("M", bound=TableMeta)


def meta_of(match: Match[Any, Any, Any], kind: type[M]) -> M:
    """``match.meta`` as the game's own kind, or that kind's defaults
    (a match made with another policy, as a test may)."""
    meta = match.meta
    return meta if isinstance(meta, kind) else kind()


class Policy:
    """How a game is played at a table where it differs from the plain
    turn loop.  One instance serves every match of a game; what a match
    needs to remember is in ``match.meta``, of the policy's ``meta_type``."""

    #: whether players may take moves back (Gaps); never with secret hands
    undo = False
    #: whether one person playing with computers only may take back their
    #: last decision and the computers' replies since (Mind the Gap, Runs);
    #: the game then counts as played with undo (:meth:`undone`)
    undo_against_computers = False
    #: what a match of this game keeps beside its record
    meta_type: type[TableMeta] = TableMeta

    def secret(self, match: Match) -> bool:
        """Whether private cards must be hidden between the people at the
        table (then the device is passed between them)."""
        return len(match.people()) > 1

    def is_break(self, state: Any) -> bool:
        """A pause between rounds (a summary, then someone goes on)."""
        return False

    def proceed_action(self, state: Any) -> Any:
        """The action that ends a break (the next round)."""
        raise IllegalAction(msg("engine.no_break"))

    def moves_made(self, actions: Sequence[Any]) -> int:
        """How many moves ``actions`` (a record's, or the first of them)
        make, as the game counts them for its players: the table's count
        and the Continue list's read this one number.  By default every
        action is a move."""
        return len(actions)

    def automatic(self, match: Match, seat: int) -> Any | None:
        """An action that plays itself for the person in ``seat`` (a forced
        move with nothing to decide, when the players asked for that)."""
        return None

    def first_viewer(self, match: Match) -> int | None:
        """Whose cards the screen shows while computers open the game: the
        first person in seat order from the seat to act, who plays next
        when the turn goes round the table (Runs: the starter is dealt at
        random; handing the device to the first seat's person meant a
        second pass before the person after the computers played)."""
        people = match.people()
        if not people:
            return None
        seat = match.game.current_player(match.state)
        if seat is None:
            return people[0]
        n = len(match.seats)
        return min(people, key=lambda p: (p - seat) % n)

    def hides_from(self, match: Match, viewer: int, seat: int) -> bool:
        """Whether ``viewer``'s screen must be covered while ``seat`` (a
        computer) acts, because it shows something the others may not see
        (Delphi: God's rule)."""
        return False

    def make_bot(self, match: Match, seat: int, name: str | None = None) -> Bot:
        """The computer player for ``seat``: ``name`` (a stand-in for a
        person) or the one its ``Seat.bot`` names."""
        bots = module(match.game.id).BOTS
        factory = bots.get(name or match.seats[seat].bot or "") or next(iter(bots.values()))
        return factory()

    def name(self, match: Match, message: Message) -> Message:
        """Put the players' names into an engine message: engines name a
        seat by number (``seat``); the table says ``player``."""
        seat = message.params.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(match.seats):
            return Message(message.key, {**message.params, "player": match.seats[seat].name})
        return message

    def log_start(self, match: Match) -> int:
        """The first action the log shows (after a resume, too)."""
        return max(0, len(match.actions) - LOG_LINES)

    def folds(self, match: Match, moved: Moved) -> list[Fold]:
        """What ``moved`` adds to the statistics: by default the finished
        game, through :meth:`fold_game`, with the meta of this moment."""
        if moved.outcome is None:
            return []
        outcome, meta = moved.outcome, match.meta
        return [lambda stats: self.fold_game(stats, match, outcome, meta)]

    def undone(self, match: Match) -> TableMeta:
        """The meta once a person took a turn back against the computers
        (the game's statistics count it apart)."""
        return match.meta

    def recount(self, match: Match, moved: Moved) -> list[Fold]:
        """What a finished game adds to the statistics when its last move,
        ``moved`` (made again), is counted later: a save was kept because
        the statistics could not be written then.  By default its folds."""
        return self.folds(match, moved)

    def fold_game(self, stats: dict, match: Match, outcome: Outcome, meta: TableMeta) -> None:
        """Add a finished game to this game's statistics dict; ``meta`` is
        the match's meta when the game ended."""

    def moved(self, match: Match, moved: Moved) -> None:
        """What a move changes beside the state, by the rules of play (the
        next pyramid of a series): a new ``match.meta``.  Called after the
        move's statistics folds were made."""


DEFAULT_POLICY = Policy()


def policy_for(game: Game) -> Policy:
    return getattr(module(game.id), "POLICY", DEFAULT_POLICY)


class Match(Generic[S, A, V]):
    """A game in play.  Build one with :meth:`start` or :meth:`resume`."""

    def __init__(
        self,
        runner: GameRunner,
        seats: Sequence[Seat] | None = None,
        *,
        policy: Policy | None = None,
        meta: TableMeta | Mapping[str, Any] | None = None,
        rng: random.Random | Sequence[random.Random] | None = None,
        bots: Mapping[int, Bot] | None = None,
        strict: bool = False,
        instance: str | None = None,
    ) -> None:
        self.runner = runner
        self.game: Game[S, A, V] = runner.game
        # the record's parts (the lists are the runner's own, kept up to date by it)
        self.seed: int = runner.seed
        self.options: dict = runner.options
        self.actions: list = runner.actions
        self.states: list = runner.states
        players = int(getattr(runner.state, "players", 1))
        given = list(seats or [])
        self.seats: list[Seat] = [given[i] if i < len(given) else Seat(_default_name(i)) for i in range(players)]
        self.localize_names()
        self.policy = policy or policy_for(self.game)
        #: what the match keeps beside its record, of the policy's kind
        #: (a save's table data is read by it; the seats are read above)
        self.meta: TableMeta = meta if isinstance(meta, TableMeta) else self.policy.meta_type.from_json(meta or {})
        #: the seat whose private cards may be on screen (None: nobody's)
        self.viewer: int | None = None
        #: this game's own id, made when it starts and kept in its save: the
        #: statistics remember the ids of what they counted, so a game is
        #: counted once however often its save is opened (two games of the
        #: same deal played alike have the same record, but not the same id)
        self.instance: str = instance if instance is not None and INSTANCE.fullmatch(instance) else secrets.token_hex(8)
        self.redo_stack: list[Any] = []
        self.strict = strict
        if rng is None:
            rng = random.Random(runner.seed ^ 0x5EED)
        self._rngs = rng
        self._bots: dict[int, Bot] = dict(bots or {})
        self._begun = False
        self._folds: list[Fold] = []
        self._outcome_seen = self.game.outcome(self.state) is not None
        #: log lines, described when first shown: (seat, index of the action)
        self._described: dict[int, LogLine] = {}

    # --- making one ------------------------------------------------------------------
    @classmethod
    def start(cls, game: Game[S, A, V], options: Mapping[str, Any], seed: int, seats: Sequence[Seat] | None = None, **kw: Any) -> Match[S, A, V]:
        return cls(GameRunner.start(game, options, seed), seats, **kw)

    @classmethod
    def resume(cls, record: Record, meta: Mapping[str, Any] | None = None, **kw: Any) -> Match[Any, Any, Any]:
        """Replay a saved record (raises :class:`RecordError`); the seats
        come from the save's ``names``/``bots``/``levels``."""
        runner = GameRunner.replay(record)
        meta = dict(meta or {})
        seats = seats_from(_strings(meta.get("names")), _strings(meta.get("bots")), _strings(meta.get("levels")))
        kw.setdefault("instance", instance_of(record, meta))
        return cls(runner, seats, meta=meta, **kw)

    def save_meta(self) -> dict[str, Any]:
        """What the save keeps beside the record."""
        return {
            **self.meta.to_json(),
            "names": [s.name for s in self.seats],
            "bots": [s.bot for s in self.seats],
            "levels": [s.level for s in self.seats],
            "instance": self.instance,
        }

    def record(self) -> Record:
        return self.runner.record()

    # --- what is ---------------------------------------------------------------------
    @property
    def state(self) -> S:
        return self.runner.state

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def current(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def moves_made(self) -> int:
        """The moves played so far, as the game counts them (its policy's
        :meth:`Policy.moves_made`)."""
        return self.policy.moves_made(self.actions)

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.person]

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and not self.seats[seat].person

    def localize_names(self) -> None:
        """Seats named by default in another language take the default of
        the language of now (a game set up in English, continued or
        switched to German, said "Player 1" on the German pass screen and
        in its log); typed names stay."""
        self.seats = [replace(s, name=seat_name(s.name, i)) for i, s in enumerate(self.seats)]

    def name_of(self, seat: int | None, lang: str | None = None) -> str:
        """The seat's name; a default one in ``lang`` (the language of now)."""
        if seat is None or not 0 <= seat < len(self.seats):
            return ""
        return seat_name(self.seats[seat].name, seat, lang)

    def view(self, seat: int | None = None) -> V:
        """What ``seat`` may see (default: the seat at the screen)."""
        return self.game.view(self.state, self.viewer if seat is None else seat)

    def legal(self) -> list[A]:
        return list(self.game.legal_actions(self.state))

    def my_turn(self) -> bool:
        """The person at the screen is the one to act."""
        return self.viewer is not None and not self.over and self.current == self.viewer

    @property
    def secret(self) -> bool:
        return self.policy.secret(self)

    # --- what comes next -----------------------------------------------------------------
    def next(self) -> Step:
        """What happens now.  May cover the screen (``viewer`` becomes
        None) when private cards must not stay on it."""
        out = self.outcome
        if out is not None:
            return Step(StepKind.OVER, outcome=out)
        first, self._begun = not self._begun, True
        st = self.state
        seat = self.game.current_player(st)
        if not self.secret and self.viewer is None:
            # nothing to hide between people: the person's cards are on
            # screen from the start (also while computers or forced moves go)
            self.viewer = self.policy.first_viewer(self)
        if self.policy.is_break(st):
            if self.secret:
                self.viewer = None  # a new hand is secret: the next person confirms first
            return Step(StepKind.BREAK, seat)
        if seat is None:
            raise RuntimeError(f"{self.game.id}: nobody to act, but the game is not over")
        if self.is_bot(seat):
            if self.viewer is not None and self.policy.hides_from(self, self.viewer, seat):
                self.viewer = None
            if first and self.viewer is None:
                watcher = self.policy.first_viewer(self)
                if watcher is not None:
                    handover = self._hand_to(watcher)
                    if handover.kind is StepKind.PASS:
                        return handover
            return Step(StepKind.BOT, seat)
        auto = self.policy.automatic(self, seat)
        if auto is not None:
            return Step(StepKind.AUTO, seat, action=auto)
        return self._hand_to(seat)

    def _hand_to(self, seat: int) -> Step:
        if self.viewer == seat:
            return Step(StepKind.PERSON, seat)
        if self.secret:
            self.viewer = None
            return Step(StepKind.PASS, seat)
        self.viewer = seat
        return Step(StepKind.PERSON, seat)

    def handed_to(self, seat: int) -> None:
        """The person in ``seat`` has the device now (they said so on the
        pass screen): their cards may be shown."""
        self.viewer = seat

    def cover(self) -> None:
        """Nobody's private cards on screen (before a pass screen)."""
        self.viewer = None

    # --- acting --------------------------------------------------------------------------
    def play(self, action: A, *, how: How = How.CLICK, think: float = 0.0, choices: int = 0) -> Moved | Refused:
        """Apply ``action`` for the seat to act, made as ``how`` says.  The
        state is untouched when the engine refuses; the reason says why,
        for a player.  (``think`` and ``choices`` describe a computer's
        decision.)"""
        if self.over:
            return Refused(action, msg("engine.game_over"))
        before = self.state
        seat = self.current
        try:
            self.runner.play(action)
        except IllegalAction as e:
            if self.strict:
                raise
            return Refused(action, self.policy.name(self, e.reason))
        if how is not How.REDO:
            self.redo_stack.clear()
        return self._moved(seat, action, before, how, think, choices)

    def play_bot(self) -> Moved | Refused:
        """Let the computer in the seat to act choose and play (at a break,
        too: the bots' own ``next round``)."""
        seat = self.current
        if seat is None:
            return Refused(None, msg("engine.game_over"))
        return self._play_with(self.bot(seat), seat, how=How.COMPUTER)

    def _play_with(self, bot: Bot, seat: int, *, how: How) -> Moved | Refused:
        legal = self.legal()
        view = self.game.view(self.state, seat)
        t0 = time.process_time()
        action = bot.choose(view, legal, self.rng_for(seat))
        think = time.process_time() - t0
        res = self.play(action, how=how, think=think, choices=len(legal))
        if isinstance(res, Refused) and legal:
            res = self.play(legal[0], how=how, think=think, choices=len(legal))  # a computer must never stall the table
        return res

    def proceed(self, how: How = How.CLICK) -> Moved | Refused:
        """End a break between rounds (anyone at the table may)."""
        try:
            action = self.policy.proceed_action(self.state)
        except IllegalAction as e:
            return Refused(None, e.reason)
        return self.play(action, how=how)

    def stop(self, how: How = How.CONFIRM) -> Moved | Refused:
        """End the game now with the game's recorded stop action."""
        if self.over:
            return Refused(None, msg("engine.game_over"))
        action = self.game.stop_action(self.state)
        if action is None:
            return Refused(None, msg("engine.cannot_stop"))
        return self.play(action, how=how)

    def run(self, until: Callable[[Match], bool] | None = None, *, limit: int = 10_000, stand_in: str | Bot | None = None) -> bool:
        """Let computers play every seat until ``until`` holds or the game
        ends; people are played by ``stand_in`` (a bot, or the name of one
        of the game's bots; default its first), breaks between rounds are
        passed (never stopped).  True if ``until`` was met.
        Demo scenes and tests reach realistic positions this way."""
        stand_ins: dict[int, Bot] = {}
        for _ in range(limit):
            if until is not None and until(self):
                return True
            if self.over:
                return False
            seat = self.current
            if seat is None or self.policy.is_break(self.state):
                res: Moved | Refused = self.proceed()
            elif self.is_bot(seat):
                res = self.play_bot()
            else:
                if seat not in stand_ins:
                    stand_ins[seat] = self._stand_in(seat, stand_in)
                res = self._play_with(stand_ins[seat], seat, how=How.COMPUTER)
            if isinstance(res, Refused):
                raise RuntimeError(f"{self.game.id}: the computers could not go on: {res.reason}")
        return until is not None and until(self)

    def _stand_in(self, seat: int, which: str | Bot | None) -> Bot:
        if which is not None and not isinstance(which, str):
            return which
        return self.policy.make_bot(self, seat, which or next(iter(module(self.game.id).BOTS)))

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = self.policy.make_bot(self, seat)
        return self._bots[seat]

    def rng_for(self, seat: int) -> random.Random:
        r = self._rngs
        return r if isinstance(r, random.Random) else r[seat]

    # --- undo --------------------------------------------------------------------------
    def can_undo(self) -> bool:
        if self.over or not self.actions:
            return False
        return self.policy.undo or self._turn_back() is not None

    def can_redo(self) -> bool:
        return self.policy.undo and bool(self.redo_stack) and not self.over

    def undo(self) -> Any | None:
        """Take back the last move (Gaps), or with one person among
        computers that person's last decision and everything since; the
        action taken back, None when there is none."""
        if not self.can_undo():
            return None
        if self.policy.undo:
            action = self.runner.undo()
            self.redo_stack.append(action)
            self._described.pop(len(self.actions), None)
            return action
        back = self._turn_back()
        assert back is not None
        while len(self.actions) > back:
            action = self.runner.undo()
            self._described.pop(len(self.actions), None)
        self.meta = self.policy.undone(self)
        return action

    def _turn_back(self) -> int | None:
        """Where undo against computers goes back to: the index of the lone
        person's last action that was a choice (a forced one would only be
        played again), or None (not such a table, or nothing to take back)."""
        people = self.people()
        if not self.policy.undo_against_computers or len(people) != 1:
            return None
        acts, states = self.runner.actions, self.runner.states
        for i in range(len(acts) - 1, -1, -1):
            if self.game.current_player(states[i]) == people[0] and len(self.game.legal_actions(states[i])) > 1:
                return i
        return None

    def redo(self) -> Moved | Refused | None:
        if not self.can_redo():
            return None
        action = self.redo_stack.pop()
        res = self.play(action, how=How.REDO)
        if isinstance(res, Refused):
            self.redo_stack.clear()
        return res

    # --- the log and the statistics ------------------------------------------------------
    def describe(self, before: Any, action: Any) -> Message:
        try:
            m = self.game.describe_action(before, action)
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            # a log line must never break a move
            m = msg("engine.action_text", text=self.game.action_to_text(action))
        return self.policy.name(self, m)

    def log(self, since: int | None = None) -> list[LogLine]:
        """The log lines, oldest first, from action ``since`` (default: what
        the policy shows), at most :data:`LOG_LINES`.  Lines are described
        when first asked for (a simulator never pays for them)."""
        start = self.policy.log_start(self) if since is None else since
        acts, states = self.runner.actions, self.runner.states
        out = []
        for i in range(max(start, len(acts) - LOG_LINES), len(acts)):
            line = self._described.get(i)
            if line is None or line.action is not acts[i]:
                line = self._described[i] = LogLine(self.game.current_player(states[i]), self.describe(states[i], acts[i]), acts[i])
            out.append(line)
        return out

    def _moved(self, seat: int | None, action: Any, before: Any, how: How, think: float, choices: int) -> Moved:
        out = self.outcome
        ended = out is not None and not self._outcome_seen
        if out is not None:
            self._outcome_seen = True
        moved = Moved(seat, action, before, self.state, how, think, choices, out if ended else None)
        self._folds.extend(self.policy.folds(self, moved))
        self.policy.moved(self, moved)
        return moved

    def recount(self) -> list[Fold]:
        """The statistics folds of a finished game that were never written
        (its save was kept for them): the policy's, for its last move."""
        acts, states = self.runner.actions, self.runner.states
        if not self.over or not acts:
            return []
        before = states[-2]
        moved = Moved(self.game.current_player(before), acts[-1], before, self.state, How.REDO, outcome=self.outcome)
        return self.policy.recount(self, moved)

    def take_folds(self) -> list[Fold]:
        """The statistics folds due since the last call (the app writes
        them; the simulator drops them).  A fold holds the meta of its
        move's moment; take them right after that move (the kit does)."""
        out, self._folds = self._folds, []
        return out


def instance_of(record: Record, meta: Mapping[str, Any]) -> str:
    """The id of a saved game: the one its save keeps, else (a save written
    before games had ids) one made of its record, the same at every
    opening of that save."""
    given = meta.get("instance")
    if isinstance(given, str) and INSTANCE.fullmatch(given):
        return given
    text = json.dumps(record.to_json(), sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _strings(value: Any) -> list:
    return list(value) if isinstance(value, (list, tuple)) else []


def _default_name(i: int) -> str:
    return tr("ui.seat", n=i + 1)


__all__ = [
    "DEFAULT_POLICY",
    "LOG_LINES",
    "Fold",
    "How",
    "LogLine",
    "Match",
    "Moved",
    "Policy",
    "Refused",
    "Seat",
    "Step",
    "StepKind",
    "TableMeta",
    "instance_of",
    "meta_of",
    "seats_from",
]
