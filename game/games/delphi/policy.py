"""How Delphi is played at a table (:class:`~game.engine.match.Match`):

- a computer seat is God now and then: :meth:`DelphiPolicy.make_bot` gives
  it the :class:`~game.games.delphi.bots.GodBot` of its ``Seat.level``;
- God's screen shows the rule, so with several people at the table it is
  covered before anybody else acts, and the screen first goes to a person
  who is not God;
- the chance to declare oneself Prophet never holds the table up: a
  person's ``DECLARE`` moment passes by itself (:meth:`automatic`) and the
  chance stays open while the next player is on turn (the engine's
  ``declarer``), except when the device would go to another person next
  (then the pass screen would end the chance, so the person is asked);
- between rounds the table shows the round's result, then ``next``;
- the log and the refusals carry the players' own names and God's title;
- the statistics count every finished round once (also across resume,
  marked in the match's :class:`DelphiMeta`) and every game;
- what a person God was writing on the rule screen is kept in the meta
  (:class:`GodDraft`) until the rule is given, so it survives Menu and
  Continue;
- so are the players' notebooks (:class:`Notebook`): what each seat wrote
  down about the rule in this round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from game.engine.core import Bot, Message, Outcome
from game.engine.match import Fold, Match, Moved, Policy, TableMeta, meta_of
from game.games.delphi.bots import GodBot
from game.games.delphi.options import MAX_RULE_TEXT
from game.games.delphi.solo import GUESS, SoloState
from game.games.delphi.solo_stats import fold_solo
from game.games.delphi.state import DECLARE, ROUND_OVER, SETRULE, Action, DelphiState, RoundResult
from game.i18n.plain import drawable

#: the level of a computer God whose seat names none
DEFAULT_LEVEL = "medium"


#: the longest text of God's draft (and of a solo round's guess) a save
#: keeps: the longest rule (the save's shape allows 5,000 characters)
DRAFT_TEXT = MAX_RULE_TEXT


@dataclass(frozen=True)
class GodDraft:
    """What a person God has on the rule screen and has not given yet:
    writing a rule (``mode`` "write") or judging by hand ("hand"), the
    rule's text, the note for judging by hand, the hint for everyone and
    the number of starter cards (1-3).  Kept in the match's meta, so that
    leaving God's screen for the menu and Continue bring it back.

    >>> GodDraft.from_json({"mode": "hand", "rule": 7, "note": "odd", "starters": 9}).to_json()
    {'mode': 'hand', 'rule': '', 'note': 'odd', 'hint': '', 'starters': 1}
    """

    mode: str = "write"
    rule: str = ""
    note: str = ""
    hint: str = ""
    starters: int = 1

    @property
    def empty(self) -> bool:
        return self == GodDraft()

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "rule": self.rule, "note": self.note, "hint": self.hint, "starters": self.starters}

    @classmethod
    def from_json(cls, data: Any) -> GodDraft:
        """A draft from a save, as far as it is one (the rest as new)."""
        if not isinstance(data, Mapping):
            return cls()

        def text(key: str) -> str:
            v = data.get(key)
            return drawable(v[:DRAFT_TEXT]) if isinstance(v, str) else ""

        mode = data.get("mode")
        n = data.get("starters")
        return cls(
            mode=mode if mode in ("write", "hand") else "write",
            rule=text("rule"),
            note=text("note"),
            hint=text("hint"),
            starters=n if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 3 else 1,
        )


#: the longest notebook a seat keeps (characters): a few hypotheses, not an essay
NOTEBOOK_TEXT = 1000


def notebook_page(text: str) -> str:
    """A notebook page as kept: at most :data:`NOTEBOOK_TEXT` characters,
    only what our fonts draw, line breaks kept (``drawable`` takes them)."""
    return "\n".join(drawable(line) for line in text[:NOTEBOOK_TEXT].split("\n"))


@dataclass(frozen=True)
class Notebook:
    """What the players wrote down in round ``round`` (0-based), per seat:
    their hypotheses about the rule.  Each seat's text is its own (the
    table shows it to that seat alone while the round is played); a new
    round starts with empty pages, as it has a new rule.

    >>> Notebook().written(1, 0, "red after black").of(1, 0)
    'red after black'
    >>> Notebook().written(1, 0, "red after black").of(1, 1)
    ''
    >>> Notebook.from_json({"round": 2, "seats": ["a", 7]}).seats
    ('a', '')
    """

    round: int = 0
    seats: tuple[str, ...] = ()

    def of(self, seat: int, round: int) -> str:
        """Seat ``seat``'s page in round ``round`` ("" if none)."""
        return self.seats[seat] if round == self.round and 0 <= seat < len(self.seats) else ""

    def written(self, seat: int, round: int, text: str) -> Notebook:
        """The notebook with seat ``seat``'s page of round ``round`` set to ``text``."""
        pages = list(self.seats) if round == self.round else []
        pages += [""] * (seat + 1 - len(pages))
        pages[seat] = notebook_page(text)
        return Notebook(round, tuple(pages))

    @property
    def empty(self) -> bool:
        return not any(self.seats)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "seats": list(self.seats)}

    @classmethod
    def from_json(cls, data: Any) -> Notebook | None:
        """A notebook from a save, as far as it is one (None: none)."""
        if not isinstance(data, Mapping):
            return None
        n = data.get("round")
        pages = data.get("seats")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0 or not isinstance(pages, list):
            return None
        book = cls(n, tuple(notebook_page(p) if isinstance(p, str) else "" for p in pages[:16]))
        return None if book.empty else book


@dataclass(frozen=True)
class DelphiMeta(TableMeta):
    """What a game of Delphi keeps beside its record: how many finished
    rounds the statistics hold already (None: none counted by this match
    yet; a resumed game must not count its earlier rounds again), what a
    person God was writing when the game was left (``draft``: the rule
    screen brings it back; it goes once the rule is given), and the
    players' notebooks of the round (``notebook``; a save of before has
    none).

    >>> DelphiMeta.from_json({"counted_rounds": 2}).to_json()
    {'counted_rounds': 2}
    >>> DelphiMeta.from_json({"counted_rounds": "two"})
    DelphiMeta(counted_rounds=None, draft=None, notebook=None)
    >>> DelphiMeta.from_json({"draft": {"rule": "card is red"}}).draft.rule
    'card is red'
    """

    counted_rounds: int | None = None
    draft: GodDraft | None = None
    notebook: Notebook | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.counted_rounds is None else {"counted_rounds": self.counted_rounds}
        if self.draft is not None and not self.draft.empty:
            out["draft"] = self.draft.to_json()
        if self.notebook is not None and not self.notebook.empty:
            out["notebook"] = self.notebook.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        n = data.get("counted_rounds")
        draft = GodDraft.from_json(data["draft"]) if "draft" in data else None
        return cls(n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else None, None if draft is None or draft.empty else draft, Notebook.from_json(data.get("notebook")))


class DelphiPolicy(Policy):
    meta_type = DelphiMeta

    def is_break(self, state: DelphiState) -> bool:
        return state.phase == ROUND_OVER

    def proceed_action(self, state: DelphiState) -> Action:
        return Action("next")

    def automatic(self, match: Match, seat: int) -> Action | None:
        """``pass`` for a person who may declare themselves Prophet: the
        chance stays open during the next player's turn, so nobody waits
        for a click.  Not when the next to act is another person and the
        device would be passed (the pass screen would close the chance):
        then the person says Prophet or Continue."""
        st = match.state
        if st.phase != DECLARE:
            return None
        after = match.game.apply(st, Action("pass"))
        nxt = match.game.current_player(after)
        if match.secret and nxt is not None and nxt != seat and not match.is_bot(nxt):
            return None
        return Action("pass")

    def first_viewer(self, match: Match) -> int | None:
        """The person playing alone against computers (also as God).  With
        several people nobody is handed the device to watch a computer God
        open the round (its card and hint are for everyone, and who begins
        is counted from that card): the first pass is to the starter."""
        people = match.people()
        return people[0] if len(people) == 1 else None

    def hides_from(self, match: Match, viewer: int, seat: int) -> bool:
        """God's screen shows the rule: with several people at the table it
        never stays up while another seat acts."""
        god = match.state.god
        return len(match.people()) > 1 and viewer == god and seat != god

    def make_bot(self, match: Match, seat: int, name: str | None = None) -> Bot:
        return GodBot(super().make_bot(match, seat, name), match.seats[seat].level or DEFAULT_LEVEL, match.seed)

    def name(self, match: Match, message: Message) -> Message:
        names = [match.name_of(i) for i in range(match.players)]
        return name_message(message, names, match.state.god, match.state.god_name)

    @staticmethod
    def _counted(match: Match, moved: Moved) -> int:
        """The finished rounds already in the statistics before ``moved``."""
        n = meta_of(match, DelphiMeta).counted_rounds
        return len(moved.before.results) if n is None else n

    def folds(self, match: Match, moved: Moved) -> list[Fold]:
        return _folds(match, moved, self._counted(match, moved))

    def recount(self, match: Match, moved: Moved) -> list[Fold]:
        """The last round and the game: the meta saved after the last move
        has that round as counted already."""
        return _folds(match, moved, len(moved.before.results))

    def moved(self, match: Match, moved: Moved) -> None:
        """Count the finished rounds; God's draft goes once the rule is
        given (the round left the rule screen)."""
        counted = max(self._counted(match, moved), len(moved.after.results))
        meta = meta_of(match, DelphiMeta)
        draft = meta.draft if moved.after.phase == SETRULE else None
        match.meta = replace(meta, counted_rounds=counted, draft=draft)


POLICY = DelphiPolicy()


@dataclass(frozen=True)
class SoloMeta(TableMeta):
    """What a solo round keeps beside its record: the guess being typed
    when the round was left (Continue brings it back; it goes once the
    guess is made or skipped), and the person's notebook of the round
    (issue 50: the people's table had one, Delphi alone none), a page as
    the people's notebook keeps one (:data:`NOTEBOOK_TEXT` characters).

    >>> SoloMeta.from_json(SoloMeta("card is red", "red? no: 3♣ refused").to_json())
    SoloMeta(guess='card is red', notes='red? no: 3♣ refused')
    >>> SoloMeta.from_json({"guess": 7, "notes": ["x"]})
    SoloMeta(guess='', notes='')
    >>> len(SoloMeta.from_json({"notes": "x" * 3000}).notes)
    1000
    """

    guess: str = ""
    notes: str = ""

    def to_json(self) -> dict[str, Any]:
        out = {"guess": self.guess} if self.guess else {}
        if self.notes:
            out["notes"] = self.notes
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        v, notes = data.get("guess"), data.get("notes")
        return cls(drawable(v[:DRAFT_TEXT]) if isinstance(v, str) else "", notebook_page(notes) if isinstance(notes, str) else "")


#: Delphi's statistics keep the solo rounds under this key
SOLO_STATS = "solo"


class SoloPolicy(Policy):
    """A solo round ("delphi-solo", no game of the registry) at a table:
    the plain turn loop, the guess being typed kept with the save, and a
    finished round folded into Delphi's statistics under
    :data:`SOLO_STATS` (the table's kit writes them as Delphi's)."""

    meta_type = SoloMeta

    def folds(self, match: Match, moved: Moved) -> list[Fold]:
        if moved.outcome is None:
            return []
        state = moved.after
        return [lambda stats: fold_solo_round(stats, state)]

    def moved(self, match: Match, moved: Moved) -> None:
        """The guess being typed goes once the moment for a guess is over
        (a guess was made, or No guess): it belonged to that card."""
        meta = meta_of(match, SoloMeta)
        if meta.guess and moved.after.phase != GUESS:
            match.meta = replace(meta, guess="")


SOLO_POLICY = SoloPolicy()


def fold_solo_round(stats: dict, state: SoloState) -> None:
    """Add a finished solo round to Delphi's statistics dict ``stats``."""
    row = stats.get(SOLO_STATS)
    if not isinstance(row, dict):
        row = stats[SOLO_STATS] = {}
    fold_solo(row, state)


def _folds(match: Match, moved: Moved, counted: int) -> list[Fold]:
    """A round finished past the ``counted`` ones, and the game if it ended."""
    kinds = [s.kind for s in match.seats]
    out: list[Fold] = []
    if len(moved.after.results) > counted:
        result = moved.after.results[-1]
        out.append(lambda stats: fold_round(stats, result, kinds))
    if moved.outcome is not None:
        outcome = moved.outcome
        out.append(lambda stats: fold_game(stats, outcome, kinds))
    return out


def fold_round(stats: dict, result: RoundResult, kinds: Sequence[str]) -> None:
    """A finished round: rounds, Prophets standing at the end (and those who
    are people), the best round score of a person."""
    stats["rounds"] = stats.get("rounds", 0) + 1
    if result.prophet >= 0:
        stats["prophets"] = stats.get("prophets", 0) + 1
        if kinds[result.prophet] == "person":
            stats["prophets_person"] = stats.get("prophets_person", 0) + 1
    for p, kind in enumerate(kinds):
        if p != result.god and kind == "person":
            stats["best_round"] = max(stats.get("best_round", 0), result.scores[p])


def fold_game(stats: dict, outcome: Outcome, kinds: Sequence[str]) -> None:
    """A finished or stopped game: games (stopped ones apart), games and
    wins by kind of player ("person" or a bot's name), a person's best total."""
    stats["games"] = stats.get("games", 0) + 1
    if outcome.stopped:
        stats["stopped"] = stats.get("stopped", 0) + 1
    played = stats.setdefault("played_by", {})
    wins = stats.setdefault("wins_by", {})
    for k in set(kinds):
        played[k] = played.get(k, 0) + 1
    for k in {kinds[p] for p in outcome.winners}:
        wins[k] = wins.get(k, 0) + 1
    for p, score in enumerate(outcome.scores):
        if kinds[p] == "person":
            stats["best_total"] = max(stats.get("best_total", 0), int(score))


def name_message(message: Message, names: Sequence[str], god: int, god_name: str) -> Message:
    """``message`` with the players' names: the engine names seats "Player
    n" (``delphi.player``) and God "God" (``delphi.god``), also inside
    nested messages (a refusal that quotes what the table waits for); a
    ``seat`` parameter names the ``player`` unless that seat is God."""
    params = {k: _name_value(v, names, god, god_name) for k, v in message.params.items()}
    seat = params.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names) and "player" in params and seat != god:
        params["player"] = names[seat]
    return Message(message.key, params)


def _name_value(value: Any, names: Sequence[str], god: int, god_name: str) -> Any:
    if not isinstance(value, Message):
        return value
    n = value.params.get("n")
    if value.key == "delphi.player" and isinstance(n, int) and 0 < n <= len(names):
        return names[n - 1]
    if value.key == "delphi.god" and not value.params:
        return god_name or value
    return name_message(value, names, god, god_name)
