"""The Mind the Gap table besides its match, with no pygame: how far the
"What happened" panel is scrolled back, and the tutorial's steps.

What a player expects back after Continue is the match's
(:class:`~game.games.mind_the_gap.policy.MtgMeta`: the gap help switch,
whether it was ever on, the series, whether the game is the tutorial);
the model reads and changes it there, so every save holds it.

The log panel shows the newest line first and as many whole lines as fit;
scrolling hides the newest ``log_back`` lines, so older ones move up into
view.  While scrolled back the view stays on the same lines when new ones
arrive, and the title says how many newer lines are above; at the newest
it follows the game.

The tutorial is a game like another, played by one learner for both
seats (its policy shows both hands in turn and counts nothing); its
steps are the worked example's, one per move, and a move that is not the
step's is refused with the move the step wants.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.core import Message, msg
from game.engine.match import How, Match, meta_of
from game.games import mind_the_gap as mtg
from game.games.mind_the_gap.tutorial import TutorialStep
from game.ui.kit.model import TableModel

MtgMatch = Match[mtg.State, mtg.Action, mtg.View]


MtgTableModel = TableModel[mtg.State, mtg.Action, mtg.View]


class MtgModel(MtgTableModel):
    def __init__(self, match: MtgMatch) -> None:
        super().__init__(match)
        #: log lines hidden at the top (0: the newest line shows first)
        self.log_back = 0
        #: how many log lines there were when ``log_back`` was last set
        self.log_seen = len(match.log())
        #: the tutorial's steps, one per move (none at a game's table)
        self.steps: tuple[TutorialStep, ...] = tuple(mtg.tutorial_steps()) if self.meta.tutorial else ()

    # --- the match's meta ---------------------------------------------------------------------
    @property
    def meta(self) -> mtg.MtgMeta:
        return meta_of(self.match, mtg.MtgMeta)

    @property
    def helper(self) -> bool:
        return self.meta.helper

    def set_helper(self, on: bool) -> None:
        """Switch the gap help (a game with it on at any time counts apart)."""
        self.match.meta = self.meta.with_helper(on)

    @property
    def series(self) -> mtg.Series | None:
        return self.meta.series

    def meta_for_next(self, *, series: bool = True) -> dict:
        """What a following game keeps: the help switch and the series
        (unless ``series`` is False), not that the help was used."""
        meta = self.meta
        out: dict = {"helper": meta.helper}
        if meta.series is not None and series:
            out["series"] = meta.series.to_json()
        return out

    # --- the log -------------------------------------------------------------------------------
    def log_window(self, n: int) -> int:
        """How many of ``n`` log lines (oldest first) are in view."""
        return n - max(0, min(self.log_back, n - 1))

    def follow_log(self, n: int) -> None:
        """There are ``n`` log lines now: scrolled back, the same lines stay
        in view as new ones arrive."""
        if self.log_back and n > self.log_seen:
            self.log_back += n - self.log_seen
        self.log_back = max(0, min(self.log_back, n - 1))
        self.log_seen = n

    def scroll_log(self, lines: int) -> bool:
        """Move ``lines`` towards older lines (negative: newer).  True when
        the view moved."""
        n = len(self.match.log())
        self.follow_log(n)
        back = max(0, min(self.log_back + lines, n - 1))
        if back == self.log_back:
            return False
        self.log_back = back
        return True

    def moved(self, how: How) -> None:
        self.follow_log(len(self.match.log()))

    # --- the tutorial ----------------------------------------------------------------------------
    @property
    def tutorial(self) -> bool:
        return bool(self.steps)

    @property
    def step(self) -> int:
        """The tutorial's step: one per move made."""
        return len(self.match.actions)

    def expected(self) -> mtg.Action | None:
        """The move the tutorial's step wants (None after the last step,
        and at a game's table)."""
        if self.step >= len(self.steps):
            return None
        return self.match.game.action_from_text(self.steps[self.step].action)

    def off_script(self, action: mtg.Action) -> Message | None:
        """Why the tutorial refuses ``action`` (another move is the step's),
        or None."""
        exp = self.expected()
        if exp is None or action == exp:
            return None
        return msg("mind_the_gap.ui.tutorial_expected", move=self.match.describe(self.match.state, exp))

    def coach(self) -> tuple[Message | None, Message]:
        """What the tutorial's explanation says now: the intro (at the
        first step), then the step's text."""
        if self.step == 0 and self.steps:
            return mtg.tutorial_intro(), self.steps[0].explanation
        if self.step < len(self.steps):
            return None, self.steps[self.step].explanation
        return None, msg("mind_the_gap.ui.tutorial_done")


def tutorial_meta(meta: mtg.MtgMeta) -> mtg.MtgMeta:
    """``meta`` as the tutorial's."""
    return replace(meta, tutorial=True)


__all__ = ["MtgMatch", "MtgModel", "tutorial_meta"]
