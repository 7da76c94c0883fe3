"""The worked example of the rules as an interactive tutorial: Anna and Ben
on Normal, target 5♣.  Each step explains itself; the player makes the
move (drag or click) or presses "Show me", and the game ends won with 5
coins.  Both hands are shown in turn: there is nobody to hide them from.
The tutorial is not a game to continue later, nor does it count in the
statistics.

It is the game's own table over a tutorial match: the match's meta says
so (``MtgMeta.tutorial``), the model holds the steps, and the table shows
their explanation and "Show me" (:mod:`.table`)."""

from __future__ import annotations

from game.engine.match import Match, Moved, Seat
from game.games import mind_the_gap as mtg
from game.games.mind_the_gap.policy import MtgPolicy
from game.games.mind_the_gap.tutorial import NAMES
from game.ui.scene import AppServices
from game.ui.tables.mind_the_gap.model import MtgMatch
from game.ui.tables.mind_the_gap.table import MtgTable


class TutorialPolicy(MtgPolicy):
    #: the worked example goes by its script
    undo_against_computers = False

    def secret(self, match: Match) -> bool:
        """One learner plays both seats: no pass screen between them."""
        return False

    def folds(self, match: Match, moved: Moved) -> list:
        """The tutorial does not count in the statistics."""
        return []


def tutorial_match() -> MtgMatch:
    """The worked example's deal, for one learner at both seats."""
    seats = [Seat(n) for n in NAMES]
    return Match.start(mtg.GAME, dict(mtg.TUTORIAL_OPTIONS), 1, seats, policy=TutorialPolicy(), meta={"tutorial": True})


def tutorial_table(app: AppServices) -> MtgTable:
    """The tutorial on its table (not yet on screen)."""
    return MtgTable(app, tutorial_match())


__all__ = ["TutorialPolicy", "tutorial_match", "tutorial_table"]
