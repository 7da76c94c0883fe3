"""How Runs is played at a table where it differs from the plain turn loop
of :class:`~game.engine.match.Match`.

- A break between rounds (the score sheet) ends with ``next-round``.
- Most turns are forced draws.  A person's forced draw or pass plays itself
  when the players turned auto-draw on, or once the run is dead and they
  chose to draw the pile out in this round (both in :class:`RunsMeta`,
  neither saved: auto-draw is the player's setting).  Between people
  sharing the device a forced draw or pass, and the one card that may be
  played, play themselves for a person whose hand is not on screen: the
  device is handed over only before a real choice.
- Messages get the players' names, and scores a real minus sign.
- The log shows the round so far; consecutive forced draws and passes make
  one line (:func:`collapse_forced`).
- The statistics count games, rounds, the best score, and per kind of seat
  (person, simple, strong) and per person: seats, wins, best and sum; games
  with the house rule "new run" in their own part (``stats["new_run"]``),
  since their scores are of another size (the top level stays the written
  rules', which every statistics file from before the house rule holds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from game.engine.core import Message, Outcome, msg
from game.engine.match import LogLine, Match, Policy, TableMeta, meta_of
from game.games.runs.rules import GAME
from game.games.runs.state import DRAW, NEXT_ACTION, NEXT_ROUND, PASS, PHASE_BREAK, PHASE_PLAY, PLAY, Action, RunsState, seat_name

#: the log shows at most this many actions (of the round so far)
LOG_ACTIONS = 40
#: where the statistics of games with the house rule "new run" go
NEW_RUN_STATS = "new_run"
CIRCUIT_STATS = "circuit"
STOP_STATS = "stop"


@dataclass(frozen=True)
class RunsMeta(TableMeta):
    """What the players chose at a table of Runs: forced draws play
    themselves (auto-draw; None until the table sets the player's own
    setting), the round in which they chose to draw the pile of a dead
    run out, and whether a turn was taken back against the computers or a
    hint asked for (such games count apart), and for each seat how many
    moves had been made when its hand was last on screen (``seen``, -1:
    not yet), so the cards that came into a hand while it was away are
    marked new, after Continue too.  Auto-draw and the dead run are not
    saved: auto-draw is a setting of the player's, and the pile is drawn
    out within a round.

    >>> RunsMeta.from_json(RunsMeta(seen=(3, -1)).to_json()).seen
    (3, -1)
    """

    auto_draw: bool | None = None
    run_out: int | None = None
    undo_used: bool = False
    hint_used: bool = False
    seen: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: True for k in ("undo_used", "hint_used") if getattr(self, k)}
        if self.seen:
            out["seen"] = list(self.seen)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        seen = data.get("seen")
        ok = isinstance(seen, list) and all(isinstance(n, int) and not isinstance(n, bool) and n >= -1 for n in seen)
        return cls(undo_used=data.get("undo_used") is True, hint_used=data.get("hint_used") is True, seen=tuple(seen) if ok and isinstance(seen, list) else ())

    def seen_at(self, seat: int, moves: int) -> Self:
        """``seat``'s hand was on screen after ``moves`` moves."""
        seen = list(self.seen) + [-1] * (seat + 1 - len(self.seen))
        seen[seat] = moves
        return replace(self, seen=tuple(seen))


class RunsPolicy(Policy):
    meta_type = RunsMeta
    undo_against_computers = True

    def undone(self, match: Match) -> TableMeta:
        return replace(meta_of(match, RunsMeta), undo_used=True)

    def is_break(self, state: RunsState) -> bool:
        return state.phase == PHASE_BREAK

    def proceed_action(self, state: RunsState) -> Action:
        return NEXT_ACTION

    def automatic(self, match: Match, seat: int) -> Action | None:
        state = match.state
        forced = GAME.forced_action(state)
        if forced is None:
            if match.secret and state.phase == PHASE_PLAY and match.viewer not in (None, seat):
                # people sharing the device: the one card that may go is no
                # decision either (who can play must play), and what is
                # played is seen by all; it plays itself instead of waiting
                # behind a pass screen (2 people and a computer handed over
                # 0.75 times per card played, now 0.49: scripts/runs_handovers.py);
                # the person at the screen plays their one card by hand
                legal = GAME.legal_actions(state)
                if len(legal) == 1 and legal[0].kind == PLAY:
                    return legal[0]
            return None
        meta = meta_of(match, RunsMeta)
        if meta.auto_draw or (GAME.chain_dead(state) and meta.run_out == state.round):
            return forced
        if match.secret:
            # people sharing the device: a draw or pass with nothing to
            # decide never waits behind a pass screen (40 handovers for 11
            # plays in a two-person game); its owner sees the card, marked
            # new, when their hand is next on screen
            return forced
        return None

    def name(self, match: Match, message: Message) -> Message:
        return named(message, [s.name for s in match.seats])

    def log_start(self, match: Match) -> int:
        return log_start(match.actions)

    def fold_game(self, stats: dict, match: Match, outcome: Outcome, meta: TableMeta) -> None:
        seats = match.seats
        where = stats_part(match.options)
        part = stats.setdefault(where, {}) if where else stats
        m = meta if isinstance(meta, RunsMeta) else RunsMeta()
        fold_stats(part, outcome, [s.kind for s in seats], [s.name for s in seats], len(match.state.history), undo=m.undo_used, hint=m.hint_used)


POLICY = RunsPolicy()


# --- names and numbers in messages ------------------------------------------------------------


def named(message: Message, names: Sequence[str]) -> Message:
    """``message`` with the players' names: engines name a seat by number
    (``seat``, ``seats``) and say "Player 2" (``name``, ``names``); scores
    (``score``) get a real minus sign."""
    p = dict(message.params)
    seat = p.get("seat")
    if isinstance(seat, int):
        p["player"] = _name(names, seat)
        if "name" in p:
            p["name"] = p["player"]
    seats = p.get("seats")
    if isinstance(seats, (list, tuple)) and "names" in p:
        p["names"] = join_names([_name(names, s) for s in seats])
    score = p.get("score")
    if isinstance(score, int):
        p["score"] = num(score)
    return Message(message.key, p)


def _name(names: Sequence[str], seat: int) -> str | Message:
    return names[seat] if 0 <= seat < len(names) and names[seat] else seat_name(seat)


def join_names(names: Sequence[str | Message]) -> str | Message:
    """"Anna", "Anna and Ben", "Anna, Ben and Cleo": a message, so that it
    shows in the language of the moment it is read (a log line outlives a
    switch of language)."""
    if len(names) <= 1:
        return names[0] if names else ""
    return msg("runs.names", head=list(names[:-1]), last=names[-1])


def num(n: float) -> str:
    """A score with a real minus sign (−12), as on a score sheet."""
    return f"−{-int(n)}" if n < 0 else str(int(n))


def signed(n: int) -> str:
    """A change of score: +5, ±0, −12."""
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


# --- the log and the statistics --------------------------------------------------------------------


def log_start(actions: Sequence[Any]) -> int:
    """The first action the log shows: the one after the last
    ``next-round``, at most :data:`LOG_ACTIONS` back."""
    first = max(0, len(actions) - LOG_ACTIONS)
    for i in range(len(actions) - 1, first - 1, -1):
        if actions[i].kind == NEXT_ROUND:
            return i + 1
    return first


#: the log lines of a draw or pass that closed the open runs (house rule "circuit")
CIRCUIT_LINES = frozenset({"runs.log.draw_circuit", "runs.log.pass_circuit", "runs.log.draw_stop", "runs.log.pass_stop"})


def stats_part(options: Mapping[str, Any]) -> str | None:
    """Where a game's statistics go: the written rules' at the top level
    (all a file from before the house rules holds), the house rule "new
    run" under ``new_run``, games with the circuit under ``circuit``, games
    with the stop (issue 24; the table's default, with the bigger deal)
    under ``stop``: their scores are of other sizes."""
    if options.get("stop"):
        return STOP_STATS
    if options.get("circuit"):
        return CIRCUIT_STATS
    return NEW_RUN_STATS if options.get("new_run") else None


def collapse_forced(lines: Sequence[LogLine], names: Sequence[str]) -> list[LogLine]:
    """The log with every stretch of two or more consecutive forced moves
    (draws and passes) made one line: who drew how many, who passed.  The
    line keeps the seat when one seat made them all (its dot), else None,
    and the last action of the stretch."""
    out: list[LogLine] = []
    i = 0
    while i < len(lines):
        j = i
        # (a draw or pass that closed the runs after a circuit keeps its own
        # line: merged, the players were never told the runs had closed)
        while j < len(lines) and getattr(lines[j].action, "kind", None) in (DRAW, PASS) and getattr(lines[j].message, "key", "") not in CIRCUIT_LINES:
            j += 1
        if j - i < 2:
            out.append(lines[i])
            i += 1
            continue
        stretch = lines[i:j]
        tally: dict[int, list[int]] = {}  # seat -> [draws, passes], in the order they first acted
        for line in stretch:
            seat = line.seat if line.seat is not None else -1
            tally.setdefault(seat, [0, 0])[0 if line.action.kind == DRAW else 1] += 1
        detail: list[Message] = []
        for seat, (draws, passes) in tally.items():
            who = _name(names, seat)
            if draws:
                detail.append(msg("runs.log.drew_n", name=who, n=draws))
            if passes:
                detail.append(msg("runs.log.passed_n", name=who, n=passes))
        draws = sum(d for d, _ in tally.values())
        seats = {line.seat for line in stretch}
        message = msg("runs.log.forced", n=draws, detail=detail)
        out.append(LogLine(seats.pop() if len(seats) == 1 else None, message, stretch[-1].action))
        i = j
    return out


#: a draw or pass that stopped the run (house rule "stop"), and the line
#: of the new run's first card that follows it
STOP_LINES = {"runs.log.draw_stop": "runs.log.stop_new", "runs.log.pass_stop": "runs.log.stop_new_pass"}


def fold_stops(lines: Sequence[LogLine]) -> list[LogLine]:
    """The log with every draw (or pass) that stopped the run made one line
    with the new run's first card right after it: "Ben could not follow
    and drew; Cleo starts a new run with Q♦ (+10)."  Under the table's
    rules nearly every draw stops the run, so the log was those two lines
    by turns, the stop's three lines long (measured at 1280x800: four log
    entries filled the panel).  The line is the starter's (its dot), with
    the card played as its action."""
    out: list[LogLine] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        key = getattr(line.message, "key", "")
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if key in STOP_LINES and nxt is not None and getattr(nxt.message, "key", "") == "runs.log.play_new":
            p = nxt.message.params
            merged = msg(STOP_LINES[key], drawer=line.message.params.get("name", ""), name=p.get("name", ""), card=p.get("card", ""), points=p.get("points", 0))
            out.append(LogLine(nxt.seat, merged, nxt.action))
            i += 2
            continue
        out.append(line)
        i += 1
    return out


def fold_stats(st: dict, outcome: Outcome, kinds: Sequence[str], names: Sequence[str], rounds: int, *, undo: bool = False, hint: bool = False) -> None:
    """Fold one finished game into the statistics dict of Runs.

    ``games``, ``rounds``; ``undo_games``, those with a turn taken back
    against the computers, ``hint_games`` those with a hint; ``best`` = {score, name}; per seat type
    (``kinds``: person/simple/strong) seats, wins, best and sum of scores;
    per person name the same (people only)."""
    st["games"] = int(st.get("games", 0)) + 1
    if undo:
        st["undo_games"] = int(st.get("undo_games", 0)) + 1
    if hint:
        st["hint_games"] = int(st.get("hint_games", 0)) + 1
    st["rounds"] = int(st.get("rounds", 0)) + int(rounds)
    scores = [int(x) for x in outcome.scores]
    winners = set(outcome.winners)
    best = st.get("best")
    top = max(range(len(scores)), key=lambda i: scores[i])
    if not isinstance(best, dict) or scores[top] > best.get("score", -(10**9)):
        st["best"] = {"score": scores[top], "name": names[top]}
    by_kind = st.setdefault("kinds", {})
    people = st.setdefault("people", {})
    for seat, score in enumerate(scores):
        k = kinds[seat] if seat < len(kinds) else "person"
        rows = [by_kind.setdefault(k, {})]
        if k == "person":
            rows.append(people.setdefault(names[seat], {}))
        for row in rows:
            row["seats"] = int(row.get("seats", 0)) + 1
            row["wins"] = int(row.get("wins", 0)) + (1 if seat in winners else 0)
            row["sum"] = int(row.get("sum", 0)) + score
            row["best"] = score if row.get("best") is None else max(int(row["best"]), score)


__all__ = [
    "CIRCUIT_STATS",
    "LOG_ACTIONS",
    "NEW_RUN_STATS",
    "POLICY",
    "STOP_STATS",
    "RunsMeta",
    "RunsPolicy",
    "collapse_forced",
    "fold_stats",
    "fold_stops",
    "join_names",
    "log_start",
    "named",
    "num",
    "signed",
    "stats_part",
]
