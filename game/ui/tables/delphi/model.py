"""The Delphi table besides its match, with no pygame: the string being
built (hand cards clicked in order), the card of an open hand chosen in a
pick, how far the main line's row is scrolled back, the verdict badge
over a settled play, and God's draft on the rule screen.

The string, the pick and the scroll live for this sitting: they survive
every screen over the table (the rules, the settings, a question) and a
new window size, and go when the device goes to another seat or when the
position they were made for is gone (the hand changed, a move was made).
God's draft is what a person expects back after Continue, so it is the
match's (:class:`~game.games.delphi.policy.DelphiMeta`), saved with the
game until the rule is given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from game.cards import Card
from game.engine.match import How, Match, meta_of
from game.games.delphi.engine import DelphiGame
from game.games.delphi.policy import DelphiMeta, GodDraft, Notebook
from game.games.delphi.state import GOD_PICK, PROPHET_PICK, Action, DelphiState, DelphiView
from game.ui.kit.model import TableModel

DelphiMatch = Match[DelphiState, Action, DelphiView]
#: the kit's table model for Delphi's state, actions and view (one base, named)
DelphiTableModel = TableModel[DelphiState, Action, DelphiView]

#: the phases in which the person at the screen picks a card of an open hand
PICK_PHASES = (PROPHET_PICK, GOD_PICK)


@dataclass(frozen=True)
class Badge:
    """The "Right" or "Wrong" over the last card of a settled play, where
    it lies on screen; it shows once the cards have landed (``delay``)
    and then fades out over its ``ttl``."""

    right: bool
    midbottom: tuple[int, int]
    delay: float
    ttl: float = 1.5

    def tick(self, dt: float) -> Badge | None:
        """The badge ``dt`` seconds later; None once it is gone."""
        if self.delay > 0:
            return replace(self, delay=self.delay - dt)
        ttl = self.ttl - dt
        return replace(self, ttl=ttl) if ttl > 0 else None

    @property
    def shown(self) -> bool:
        return self.delay <= 0

    @property
    def alpha(self) -> int:
        """Its opacity (0-255): it fades over its last 0.4 s."""
        return int(255 * max(0.0, min(1.0, self.ttl / 0.4)))


class DelphiModel(DelphiTableModel):
    def __init__(self, match: DelphiMatch) -> None:
        super().__init__(match)
        #: hand indices of the string being built, in the order clicked
        self.chosen: tuple[int, ...] = ()
        #: the open hand's card chosen in a pick
        self.pick: int | None = None
        #: places the main line's row is scrolled back (0: the newest in view)
        self.scroll = 0
        #: the main-line card whose whole side line is open on a sheet
        self.sheet: int | None = None
        #: the notebook shows where the round's log is (for whoever sits at the screen)
        self.notebook_open = False
        self.badge: Badge | None = None
        #: the hand the string was built from (the string goes when it changes)
        self._hand: tuple[Card, ...] | None = self.hand()

    # --- what the seat at the screen holds ------------------------------------------------
    def view(self) -> DelphiView:
        return self.match.view()

    def hand(self) -> tuple[Card, ...]:
        return tuple(self.view().hand or ())

    def string_cards(self) -> tuple[Card, ...]:
        h = self.hand()
        return tuple(h[i] for i in self.chosen if i < len(h))

    def string_active(self) -> bool:
        """Two cards or more chosen: they travel as one string."""
        return len(self.chosen) >= 2

    def toggle(self, i: int) -> None:
        """A hand card clicked: it joins the string (at its end), or
        leaves it."""
        self._hand = self.hand()
        self.chosen = tuple(x for x in self.chosen if x != i) if i in self.chosen else (*self.chosen, i)

    def choose(self, indices: tuple[int, ...]) -> None:
        self._hand = self.hand()
        self.chosen = indices

    def clear_string(self) -> None:
        self.chosen = ()

    def toggle_pick(self, i: int) -> None:
        self.pick = None if self.pick == i else i

    def may_declare(self) -> bool:
        """The person at the screen may declare themselves Prophet now (the
        engine's ``prophet_blocker``)."""
        seat = self.viewer
        return seat is not None and not self.finished and cast(DelphiGame, self.match.game).prophet_blocker(self.match.state, seat) is None

    # --- God's draft ------------------------------------------------------------------------
    @property
    def meta(self) -> DelphiMeta:
        return meta_of(self.match, DelphiMeta)

    @property
    def draft(self) -> GodDraft:
        return self.meta.draft or GodDraft()

    @draft.setter
    def draft(self, draft: GodDraft) -> None:
        self.match.meta = replace(self.meta, draft=None if draft.empty else draft)

    # --- the players' notebooks -----------------------------------------------------------
    @property
    def notebook(self) -> Notebook:
        return self.meta.notebook or Notebook()

    def note(self, seat: int) -> str:
        """Seat ``seat``'s notes of the round being played."""
        return self.notebook.of(seat, self.match.state.round)

    def write_note(self, seat: int, text: str) -> None:
        book = self.notebook.written(seat, self.match.state.round, text)
        self.match.meta = replace(self.meta, notebook=None if book.empty else book)

    # --- the kit's hooks --------------------------------------------------------------------
    def viewer_changed(self, seat: int | None) -> None:
        self.chosen, self.pick, self.sheet = (), None, None
        self._hand = self.hand()

    def moved(self, how: How) -> None:
        # the newest cards come into view; a pick belongs to the moment
        # before; the string stays while the hand it was built from does
        self.scroll = 0
        self.pick = None
        hand = self.hand()
        if hand != self._hand:
            self.chosen = ()
        self._hand = hand

    def tick_game(self, dt: float) -> None:
        if self.badge is not None:
            self.badge = self.badge.tick(dt)


__all__ = ["PICK_PHASES", "Badge", "DelphiMatch", "DelphiModel"]
