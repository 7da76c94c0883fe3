"""The worked example of the rules as an interactive tutorial: Anna and Ben
on Normal, target 5♣.  Each step explains itself; the player makes the
move (drag or click) or presses "Show me", and the game ends won with 5
coins.  Both hands are shown in turn: there is nobody to hide them from."""

from __future__ import annotations

import pygame

from game.engine import GameRunner, Message
from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui.assets import GOLD, INK
from game.ui.tables.mind_the_gap.table import MtgTable
from game.ui.widgets import panel, text, text_block


class TutorialTable(MtgTable):
    name = "mind-the-gap-tutorial"
    secret_hands = False

    @classmethod
    def create(cls, app) -> TutorialTable:
        runner = GameRunner.start(mtg.GAME, dict(mtg.TUTORIAL_OPTIONS), 1)
        t = cls(app, runner, {"names": ["Anna", "Ben"], "bots": [None, None], "tutorial": True})
        return t

    def __init__(self, app, runner, meta=None) -> None:
        super().__init__(app, runner, meta)
        self.secret_hands = False
        self.steps = mtg.tutorial_steps()

    @property
    def step(self) -> int:
        return len(self.runner.actions)

    def autosave(self) -> None:
        """The tutorial is not a game to continue later."""

    def record_stats(self, outcome) -> None:
        """Nor does it count in the statistics."""

    def needs_pass(self, seat: int, first: bool) -> bool:
        return False

    def expected(self):
        if self.step >= len(self.steps):
            return None
        return self.game.action_from_text(self.steps[self.step].action)

    def try_action(self, action, **kw):
        exp = self.expected()
        if exp is not None and action != exp:
            return Message("mind_the_gap.ui.tutorial_expected", {"move": self.describe(self.state, exp)})
        return super().try_action(action, **kw)

    def show_me(self) -> None:
        exp = self.expected()
        if exp is None or self.busy:
            return
        seat = self.current
        self.animate_bot_action(seat, exp)
        super().try_action(exp)

    def skip_to(self, step: int) -> None:
        while self.step < step and self.expected() is not None:
            super().try_action(self.expected())
        self.anim.finish_all()

    def _seat_anchor(self, L, seat):
        if L.hand:
            return L.hand[0].topleft
        return super()._seat_anchor(L, seat)

    def build_ui(self) -> None:
        super().build_ui()
        r = self._box()
        s = self.app.scale
        if self.expected() is not None:
            b = self.button((r.right - int(170 * s), r.bottom - int(46 * s), int(158 * s), int(36 * s)), tr("mind_the_gap.ui.show_me"), self.show_me)
            self.focus(b)

    def _box(self) -> pygame.Rect:
        L = self.layout()
        s = self.app.scale
        return pygame.Rect(L.tally.x, L.top_h + int(8 * s), L.tally.w, int(250 * s))

    def adjust_layout(self, L):
        # the explanation sits where the stock and the discard pile start
        s = self.app.scale
        shift = int(260 * s)
        L.stock.y += shift
        L.discard_zone.y += shift
        L.discard_zone.h = max(int(80 * s), L.discard_zone.h - shift)
        for r in L.discard_cards:
            r.y += shift
        L.tally.y = L.discard_zone.bottom + int(12 * s)
        return L

    def draw(self, surface) -> None:
        super().draw(surface)
        r = self._box()
        s = self.app.scale
        panel(surface, r, 225, int(12 * s), GOLD)
        if self.step == 0:
            head = tr("mind_the_gap.ui.tutorial")
            body = mtg.tutorial_intro().render(self.lang) + "\n\n" + self.steps[0].explanation.render(self.lang)
        elif self.step < len(self.steps):
            head = tr("mind_the_gap.ui.tutorial_step", n=self.step + 1, total=len(self.steps))
            body = self.steps[self.step].explanation.render(self.lang)
        else:
            head = tr("mind_the_gap.ui.tutorial")
            body = tr("mind_the_gap.ui.tutorial_done")
        text(surface, head, (r.x + int(12 * s), r.y + int(8 * s)), int(16 * s), GOLD, bold=True)
        text_block(surface, body, pygame.Rect(r.x + int(12 * s), r.y + int(34 * s), r.w - int(24 * s), r.h - int(80 * s)), int(14 * s), INK)
