"""The Runs table besides its match, with no pygame: the computer being
waited for ("thinking …"), the keyboard cursor over the hand at the
screen, and the table's choices in the match's meta (auto-draw, the pile
of a dead run drawn out in this round: :class:`RunsMeta`).

Auto-draw is the player's setting: the table takes it when it opens (unless
the match was given a choice) and again whenever it is back on top, so the
switch in the settings applies to the game under them
(:meth:`RunsModel.follow_setting`).
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.match import How, Match, meta_of
from game.games.runs import GAME
from game.games.runs.policy import RunsMeta
from game.games.runs.state import DRAW, PASS, PHASE_PLAY, Action, RunsState, RunsView
from game.ui.kit.model import TableModel

RunsMatch = Match[RunsState, Action, RunsView]
RunsTableModel = TableModel[RunsState, Action, RunsView]  # named, as the other tables name theirs


class RunsModel(RunsTableModel):
    def __init__(self, match: RunsMatch, auto_draw: bool) -> None:
        super().__init__(match)
        if self.meta.auto_draw is None:  # the player's own setting, unless the match was given a choice
            match.meta = replace(self.meta, auto_draw=bool(auto_draw))
        #: the computer whose move is being waited for ("thinking …")
        self.thinking: int | None = None
        #: the keyboard cursor: an index into the hand at the screen (None
        #: until an arrow key is pressed)
        self.cursor: int | None = None
        #: cards that came into the hand at the screen while it was away
        #: (forced draws of people sharing the device), marked as new
        self.fresh: frozenset = frozenset()

    # --- the match's meta ---------------------------------------------------------------------
    @property
    def meta(self) -> RunsMeta:
        return meta_of(self.match, RunsMeta)

    @property
    def auto_draw(self) -> bool:
        return bool(self.meta.auto_draw)

    def set_auto_draw(self, on: bool) -> bool:
        """Forced draws play themselves (or not) from now on; True when that
        changed."""
        if self.meta.auto_draw is on:
            return False
        self.match.meta = replace(self.meta, auto_draw=on)
        return True

    def follow_setting(self, auto_draw: bool) -> bool:
        """The player's auto-draw setting, which may have changed under
        another screen; True when the table's choice changed."""
        return self.set_auto_draw(bool(auto_draw))

    def took_hint(self) -> None:
        """A hint was shown: the game counts as played with help."""
        self.match.meta = replace(self.meta, hint_used=True)

    def draw_out(self) -> None:
        """The players chose to draw the pile of the dead run out: every
        forced draw of this round plays itself."""
        self.match.meta = replace(self.meta, run_out=self.match.state.round)

    # --- what the rules say now ---------------------------------------------------------------
    def forced(self) -> Action | None:
        """The draw or pass the player to act must make, or None."""
        return GAME.forced_action(self.match.state)

    def dead(self) -> bool:
        return GAME.chain_dead(self.match.state)

    def my_turn(self) -> bool:
        return not self.finished and self.match.my_turn() and self.match.state.phase == PHASE_PLAY

    def automatic(self) -> bool:
        """The forced move of the person to act plays itself (auto-draw, or
        the pile being drawn out)."""
        seat = self.match.current
        return seat is not None and self.match.policy.automatic(self.match, seat) is not None

    def clicker_forced(self) -> Action | None:
        """The forced move a click on the pile (or Draw, D, Space) makes:
        that of the person at the screen."""
        return self.forced() if self.my_turn() else None

    def streak(self) -> bool:
        """The last move of this round was a forced draw or pass: a forced
        move now continues the stretch (one line in the log, no pause)."""
        log = self.match.state.log
        return bool(log) and log[-1][1].kind in (DRAW, PASS)

    def first_lit(self) -> int:
        """The first card of the hand at the screen that may be played (0
        when none may)."""
        v = self.match.view()
        return next((i for i, c in enumerate(v.hand) if c in v.playable), 0)

    # --- the kit's hooks --------------------------------------------------------------------------
    def viewer_changed(self, seat: int | None) -> None:
        self.cursor = None  # it pointed into another hand
        if seat is None:
            return
        # when the hand was last on screen is the match's (it went with the
        # scene: after Menu and Continue a card drawn meanwhile was not new)
        seen = self.meta.seen
        before = seen[seat] if seat < len(seen) else -1
        self._remember(seat)
        states = self.match.states
        if 0 <= before < len(states) and states[before].round == self.match.state.round:
            was = self.match.game.view(states[before], seat).hand
            self.fresh = frozenset(self.match.view(seat).hand) - frozenset(was)
        else:
            self.fresh = frozenset()

    def _remember(self, seat: int) -> None:
        self.match.meta = self.meta.seen_at(seat, len(self.match.actions))

    def moved(self, how: How) -> None:
        self.thinking = None
        # the hand at the screen is seen when its owner moves by hand (they
        # were looking at it); a forced draw that played itself into it is
        # not: with two people and a computer, the person before the other
        # usually drew with their own hand still up and the device passed at
        # once, so their drawn cards were counted as seen and never marked
        # new, while the other's (drawn under the first one's hand) always were
        if how.by_person and self.match.viewer is not None:
            self._remember(self.match.viewer)
