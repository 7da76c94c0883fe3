"""What a match speaks in: small frozen values, with no pygame and no
rules of their own.

A :class:`Seat` says who sits where (a person, or a computer and its
level); a :class:`Step` what comes next; :class:`Moved` and
:class:`Refused` what became of an action, and :class:`How` how it was
made (a person's drop, click or key, a computer, a forced move, a redo);
a :class:`LogLine` one line of the log; :class:`TableMeta` what a match
keeps beside its record.  :mod:`game.engine.match` plays with them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from game.engine.core import Message, Outcome
from game.i18n import tr
from game.i18n.plain import drawable


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person (``bot`` is None) or a computer player
    (``bot`` names one of the game's ``BOTS``).  ``level`` is a computer's
    strength where a game has levels (Delphi's computer God)."""

    name: str
    bot: str | None = None
    level: str | None = None

    @property
    def person(self) -> bool:
        return self.bot is None

    @property
    def kind(self) -> str:
        """``"person"`` or the bot's name (the statistics count by this)."""
        return self.bot or "person"


def seats_from(names: Sequence[str], bots: Sequence[str | None], levels: Sequence[str | None] = ()) -> list[Seat]:
    """Seats from parallel lists (the form saves keep them in)."""
    out = []
    for i, name in enumerate(names):
        bot = bots[i] if i < len(bots) else None
        level = levels[i] if i < len(levels) else None
        # a name read from a file is drawn as the fonts can (a NUL in a
        # saved name crashed Continue, the table and Statistics)
        out.append(Seat(drawable(str(name)) or tr("ui.seat", n=i + 1), bot or None, level or None))
    return out


class StepKind(enum.StrEnum):
    #: the game has ended (``Step.outcome``)
    OVER = "over"
    #: hand the device to ``seat``; nothing private is on screen meanwhile
    PASS = "pass"
    #: the person at the screen (``seat == viewer``) decides
    PERSON = "person"
    #: a computer decides: call :meth:`Match.play_bot`
    BOT = "bot"
    #: ``action`` plays itself for a person (a forced move, nothing to decide)
    AUTO = "auto"
    #: between rounds: the table shows a summary, then :meth:`Match.proceed`
    BREAK = "break"


class How(enum.StrEnum):
    """How a move was made: a person's gesture, or by no person at all.
    A table animates from it (a card let go over its place has landed
    already; a clicked or keyed one travels from where it lay; a
    computer's from its seat), so nothing has to be remembered beside the
    move about who or what made it."""

    #: a person let go of a card over its place (it is there already)
    DROP = "drop"
    #: a click, a double-click or a button
    CLICK = "click"
    #: the keyboard
    KEY = "key"
    #: a person's move confirmed in a dialog (a coin paid for it)
    CONFIRM = "confirm"
    #: a computer player's choice
    COMPUTER = "computer"
    #: a forced move that played itself
    AUTO = "auto"
    #: a move taken back and made again
    REDO = "redo"

    @property
    def by_person(self) -> bool:
        return self in (How.DROP, How.CLICK, How.KEY, How.CONFIRM)


@dataclass(frozen=True)
class Step:
    kind: StepKind
    seat: int | None = None
    action: Any = None
    outcome: Outcome | None = None


@dataclass(frozen=True)
class Moved:
    """An action the engine accepted."""

    seat: int | None  # who acted (the seat to act before it)
    action: Any
    before: Any
    after: Any
    how: How
    think: float = 0.0  # CPU seconds a bot took to choose
    choices: int = 0  # how many legal actions a bot chose from
    outcome: Outcome | None = None  # set when this action ended the game

    @property
    def ended(self) -> bool:
        return self.outcome is not None


@dataclass(frozen=True)
class Refused:
    """An action the engine refused; the state is unchanged."""

    action: Any
    reason: Message


@dataclass(frozen=True)
class LogLine:
    seat: int | None
    message: Message
    action: Any = None


@dataclass(frozen=True)
class TableMeta:
    """What a match keeps beside its record: a frozen value the game's
    policy reads (a helper switched on, a series, a clock's seconds, a
    choice made at the table) and the save holds (``to_json``).  A game
    with such things gives its own subclass (``Policy.meta_type``); a
    change is a new value (``dataclasses.replace``), so a statistics fold
    made at the end of a game holds the meta of that moment whatever the
    table does next.  ``from_json`` reads what it knows of a save and
    leaves the rest (a save of an older version, the seats)."""

    def to_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls()


__all__ = ["How", "LogLine", "Moved", "Refused", "Seat", "Step", "StepKind", "TableMeta", "seats_from"]
