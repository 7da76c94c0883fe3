"""The worked example of the rules as an interactive tutorial: Anna and Ben
on Normal, target 5♣.  Each step explains itself; the player makes the
move (drag or click) or presses "Show me", and the game ends won with 5
coins.  Both hands are shown in turn: there is nobody to hide them from.
The tutorial is not a game to continue later, nor does it count in the
statistics."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.core import Message, msg
from game.engine.match import Match, Moved, Seat
from game.games import mind_the_gap as mtg
from game.games.mind_the_gap.policy import MtgPolicy
from game.games.mind_the_gap.tutorial import NAMES
from game.i18n import tr
from game.ui.assets import GOLD, INK
from game.ui.scene import ButtonSpec
from game.ui.tables.mind_the_gap.layout import Layout
from game.ui.tables.mind_the_gap.table import MtgTable
from game.ui.widgets import panel, text, text_block, wrapped


class TutorialPolicy(MtgPolicy):
    def secret(self, match: Match) -> bool:
        """One learner plays both seats: no pass screen between them."""
        return False

    def folds(self, match: Match, moved: Moved) -> list:
        """The tutorial does not count in the statistics."""
        return []


class TutorialTable(MtgTable):
    name = "mind-the-gap-tutorial"
    #: the tutorial is not a game to continue later (and its end never
    #: deletes a game of Mind the Gap kept for Continue)
    keeps_save = False

    @classmethod
    def create(cls, app) -> TutorialTable:
        seats = [Seat(n) for n in NAMES]
        return cls(app, Match.start(mtg.GAME, dict(mtg.TUTORIAL_OPTIONS), 1, seats, policy=TutorialPolicy(), meta={"tutorial": True}))

    def __init__(self, app, match: Match) -> None:
        super().__init__(app, match)
        self.steps = mtg.tutorial_steps()

    @property
    def step(self) -> int:
        return len(self.match.actions)

    def expected(self) -> mtg.Action | None:
        if self.step >= len(self.steps):
            return None
        return self.game.action_from_text(self.steps[self.step].action)

    # --- playing -------------------------------------------------------------------------------
    def act(self, action: Any) -> Message | None:
        exp = self.expected()
        if exp is not None and action != exp:
            return msg("mind_the_gap.ui.tutorial_expected", move=self.match.describe(self.match.state, exp))
        return super().act(action)

    def show_me(self) -> None:
        """Play the step's move for the player; the card travels from the hand."""
        exp = self.expected()
        if exp is not None and not self.busy:
            self.act_or_refuse(exp)

    def skip_to(self, step: int) -> None:
        """Play the steps up to ``step`` at once (for the screenshots)."""
        while self.step < step and (exp := self.expected()) is not None:
            self.act(exp)
        self.anim.finish_all()

    # --- the explanation box --------------------------------------------------------------------
    def _box(self) -> pygame.Rect:
        L = self.layout()
        s = self.scale
        return pygame.Rect(L.tally.x, L.top_h + int(8 * s), L.tally.w, int(250 * s))

    def adjust_layout(self, L: Layout) -> Layout:
        # the explanation sits where the stock and the discard pile start
        shift = int(260 * self.scale)
        L.stock.y += shift
        L.discard_zone.y += shift
        L.discard_zone.h = max(int(80 * self.scale), L.discard_zone.h - shift)
        for r in L.discard_cards:
            r.y += shift
        L.tally.y = L.discard_zone.bottom + int(12 * self.scale)
        return L

    def panel_buttons(self) -> list[tuple[ButtonSpec, Any]]:
        placed = super().panel_buttons()
        if self.expected() is None:
            return placed
        r = self._box()
        s = self.scale
        spec = ButtonSpec("show-me", tr("mind_the_gap.ui.show_me"), self.show_me)
        return [*placed, (spec, (r.right - int(170 * s), r.bottom - int(46 * s), int(158 * s), int(36 * s)))]

    def build_extra_ui(self) -> None:
        # Enter shows the next move until the player takes a card with the
        # keyboard (a game key drops the focus)
        if self.focused() is None and self.expected() is not None:
            self.focus_key("show-me")

    def draw_static(self, surface: pygame.Surface) -> None:
        super().draw_static(surface)
        r = self._box()
        s = self.scale
        panel(surface, r, 225, int(12 * s), GOLD)
        if self.step == 0:
            head = tr("mind_the_gap.ui.tutorial")
            body = self.render(mtg.tutorial_intro()) + "\n\n" + self.render(self.steps[0].explanation)
        elif self.step < len(self.steps):
            head = tr("mind_the_gap.ui.tutorial_step", n=self.step + 1, total=len(self.steps))
            body = self.render(self.steps[self.step].explanation)
        else:
            head = tr("mind_the_gap.ui.tutorial")
            body = tr("mind_the_gap.ui.tutorial_done")
        text(surface, head, (r.x + int(12 * s), r.y + int(8 * s)), int(16 * s), GOLD, bold=True)
        # the text ends clear of "Show me" (its focus ring included): the
        # first step's last line was under the button at 1280x800
        box = pygame.Rect(r.x + int(12 * s), r.y + int(34 * s), r.w - int(24 * s), r.h - int(34 * s) - int(46 * s) - int(10 * s))
        size = int(14 * s)
        while size > 9 and len(wrapped(body, size, box.w)) * int(size * 1.25) > box.h:
            size -= 1
        text_block(surface, body, box, size, INK)
