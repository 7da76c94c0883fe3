"""What a table shows besides the match, with no pygame: the table model.

A table's screen is the match's view of the seat at the screen plus what
only the table knows: messages, a selection or a string being built,
typed text, hints and verdicts, a clock, a scrolled log.  That lives here,
in one typed object per table (:class:`TableModel`, a game's own subclass
adds its parts), and not in the scene: the scene is made anew for a
resize, a language or a card size, and another screen may go over it,
while the model stays as it is.

Messages have an audience (:class:`Note`): everyone at the table, or one
seat.  A refused move names the cards of the hand that tried it ("you hold
4♥"), so it is for that seat alone; when the device is handed to another
seat, every note for another seat goes (:meth:`TableModel.handed_to`).

A screen over the table (settings, rules, a question, the pass screen)
pauses it: :meth:`TableModel.cover` and :meth:`TableModel.uncover` count
the screens, and nothing that runs on time (a computer's turn, a forced
move, a flight, a clock, a message's time on screen) moves on while one is
up; everything goes on where it stopped when the last one goes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from game.engine.core import Message
from game.engine.match import How, Match
from game.i18n import render

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

#: notes on screen at once (the oldest goes first)
MAX_NOTES = 3


class Tone(enum.StrEnum):
    INFO = "info"
    REFUSE = "refuse"


@dataclass(frozen=True)
class Note:
    """One message on the table: what it says (a message is rendered when
    drawn, so it follows a change of language), its tone, who may read it
    (``seat``; None: everyone at the table) and the seconds it still shows."""

    text: Message | str
    tone: Tone = Tone.INFO
    seat: int | None = None
    ttl: float = 3.5
    #: about the position on the table (a hint): it goes with the next move
    positional: bool = False

    def words(self, lang: str) -> str:
        return self.text if isinstance(self.text, str) else render(self.text, lang)


@dataclass(frozen=True)
class Notes:
    """The messages of a table, newest last (a value: every change is a
    new one)."""

    items: tuple[Note, ...] = ()

    def add(self, note: Note) -> Notes:
        """``note`` as the newest; the same words said again replace the
        earlier ones; at most :data:`MAX_NOTES`."""
        kept = tuple(n for n in self.items if n.text != note.text)
        return Notes((*kept, note)[-MAX_NOTES:])

    def tick(self, dt: float) -> Notes:
        if not self.items:
            return self
        return Notes(tuple(replace(n, ttl=n.ttl - dt) for n in self.items if n.ttl - dt > 0))

    def shown_to(self, viewer: int | None) -> tuple[Note, ...]:
        """The notes the seat at the screen may read: everyone's and its
        own (nobody's private notes while nobody's cards are up)."""
        return tuple(n for n in self.items if n.seat is None or n.seat == viewer)

    def handed_to(self, viewer: int | None) -> Notes:
        """The device goes to ``viewer``: every note for another seat goes."""
        return Notes(tuple(n for n in self.items if n.seat is None or n.seat == viewer))

    def after_move(self) -> Notes:
        """A move was made: the notes about the position before it go (a
        refusal's reason, a hint)."""
        return Notes(tuple(n for n in self.items if n.tone != Tone.REFUSE and not n.positional))


class TableModel(Generic[S, A, V]):
    """Everything a table holds besides the match, for one match: it
    survives every screen pushed over the table and every rebuild of the
    scene.  A game's table gives a subclass with its own parts; what a
    player expects back after Continue goes into ``match.meta`` (saved
    with the game), the rest lives for this sitting."""

    def __init__(self, match: Match[S, A, V]) -> None:
        self.match = match
        self.notes = Notes()
        #: screens over the table (the table is paused while any is up)
        self.covers = 0
        #: the end has been seen (the result is due or shown)
        self.finished = False
        #: told of every note written (the table's voice for a screen reader)
        self.listeners: list[Callable[[Note], None]] = []

    # --- who is at the screen ---------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.match.viewer

    def handed_to(self, seat: int | None) -> None:
        """The seat at the screen changed (a pass screen was confirmed, or
        the screen was covered): what was for another seat goes."""
        self.notes = self.notes.handed_to(seat)
        self.viewer_changed(seat)

    def viewer_changed(self, seat: int | None) -> None:
        """A game's own parts for one seat (a selection) go here."""

    # --- messages ---------------------------------------------------------------------------
    def say(self, text: Message | str, *, tone: Tone = Tone.INFO, seat: int | None = None, ttl: float = 3.5, positional: bool = False) -> None:
        note = Note(text, tone, seat, ttl, positional)
        self.notes = self.notes.add(note)
        for fn in self.listeners:
            fn(note)

    def refuse(self, reason: Message | str, seat: int | None = None) -> None:
        """A move refused: its reason, for the seat that tried it (a reason
        may name that seat's cards), by default the seat at the screen."""
        self.say(reason, tone=Tone.REFUSE, seat=self.viewer if seat is None else seat, ttl=4.5)

    def shown_notes(self) -> tuple[Note, ...]:
        return self.notes.shown_to(self.viewer)

    # --- time -------------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        return self.covers > 0

    def cover(self) -> None:
        """A screen goes over the table."""
        self.covers += 1

    def uncover(self) -> None:
        self.covers = max(0, self.covers - 1)

    def tick(self, dt: float) -> None:
        """``dt`` seconds of the table on screen and uncovered: messages
        count down, a game's clock runs (``tick_game``)."""
        if self.paused:
            return
        self.notes = self.notes.tick(dt)
        self.tick_game(dt)

    def tick_game(self, dt: float) -> None:
        """A game's own time (a clock)."""

    # --- moves ------------------------------------------------------------------------------
    def move_made(self, how: How) -> None:
        """A move was made or taken back: the reasons of refused moves and
        the hints were about the position before it and go ("7♠ does not
        follow 3♠" stayed for seconds after 2♠ was played, "Hint: play 8♥"
        after 8♥ was), then :meth:`moved`."""
        self.notes = self.notes.after_move()
        self.moved(how)

    def moved(self, how: How) -> None:
        """A move was made (by anyone): a game's parts that belong to the
        position before it (a hint, a selection) go here."""


@dataclass(frozen=True)
class Intent(Generic[A]):
    """A gesture's result: the action it asks for and how it was made
    (dropped, clicked, keyed); ``origin`` is where the cards start their
    flight on screen when the table flies them (the point where a dragged
    string was let go, say), one point per card."""

    action: A
    how: How = How.CLICK
    origin: tuple[tuple[int, int], ...] = ()


__all__ = ["MAX_NOTES", "Intent", "Note", "Notes", "TableModel", "Tone"]
