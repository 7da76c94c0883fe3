"""The notebook's text field at the Delphi table (issue 23): where the
round's log goes, the page of the seat at the screen, for hypotheses about
the rule.  Delphi alone's table has the same field beside its main line
(issue 50), its one page kept in its match's meta.

The pages are the match's (:class:`~game.games.delphi.policy.Notebook` in
the meta, through the model), so Rules, the settings, Menu and Continue
keep them; the field only shows one.  It is not one of the scene's
elements: the table remakes those whenever its buttons change (a move
enables others), and that would take the field, its cursor and its focus
from under the fingers of a person typing.  It is made anew for another
seat, so no page of a seat before is ever in it, and goes when a screen
covers the table.  It is the kit's field with the page's limit
(:data:`~game.games.delphi.policy.NOTEBOOK_TEXT`): a paste past it is cut,
and the note that says so is for the seat whose page it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.engine.core import Message
from game.games.delphi.policy import NOTEBOOK_TEXT
from game.ui.kit.textfield import TextField
from game.ui.scene import AppServices


class Pages(Protocol):
    """Where the pages are kept (the people's table's model: a page per
    seat and round; Delphi alone's: the person's one page)."""

    def note(self, seat: int) -> str: ...
    def write_note(self, seat: int, text: str) -> None: ...
    def say(self, text: Message | str, *, seat: int | None = None) -> None: ...


class NotebookField:
    def __init__(self, app: AppServices, model: Pages, placeholder: Callable[[], str] | None = None) -> None:
        self.app = app
        self.model = model
        #: what an empty page says, in the language on screen
        self.placeholder = placeholder
        self.box: TextField | None = None
        #: the seat whose page is in the field
        self.seat: int | None = None

    @property
    def typing(self) -> bool:
        """The field has the keys (none of them is a table's shortcut then)."""
        return self.box is not None and self.box.alive() and self.box.is_focused

    def takes(self, event: pygame.event.Event) -> bool:
        """``event`` is the field's while its table is busy: a person may
        write notes while a computer thinks or a win is celebrated (keys
        while it has them, a click on it)."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            return self.typing
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.holds(event.pos)

    def holds(self, pos: tuple[int, int]) -> bool:
        return self.box is not None and self.box.alive() and self.box.rect.collidepoint(pos)

    def is_field(self, element: object) -> bool:
        return self.box is not None and element is self.box

    def place(self, seat: int | None, rect: pygame.Rect | None) -> None:
        """Show ``seat``'s page in ``rect`` (None for either: no field)."""
        if seat is None or rect is None or seat != self.seat:
            self.drop()
        if seat is None or rect is None:
            return
        box = self.box
        if box is None or not box.alive():
            hint = self.placeholder() if self.placeholder is not None else ""
            self.box = TextField(self.app, rect, limit=NOTEBOOK_TEXT, text=self.model.note(seat), lines=True, placeholder=hint, say=lambda words: self.model.say(words, seat=seat))
            self.seat = seat
        elif box.relative_rect != rect:  # the log's place moved (a line more in the facts)
            box.set_relative_position(rect.topleft)
            box.set_dimensions(rect.size)

    def drop(self) -> None:
        if self.box is not None:
            self.box.kill()
        self.box, self.seat = None, None

    def focus(self) -> None:
        if self.box is not None:
            self.box.focus()

    def unfocus(self) -> None:
        if self.box is not None:
            self.box.unfocus()

    def changed(self) -> None:
        """The field's text into the seat's page; what the page keeps back
        into the field (past its length, or a character our fonts cannot
        draw)."""
        box, seat = self.box, self.seat
        if box is None or seat is None:
            return
        typed = box.get_text()
        self.model.write_note(seat, typed)
        kept = self.model.note(seat)
        if kept != typed:
            box.set_text(kept)
