"""How the Delphi table shows a move the match reports: the cards travel
to where the engine put them (the main line, a side line, the pending
place; the starters from God's deck), penalty cards go from God's deck to
the seat, a verdict badge shows on the settled play, and the log entries
that change the round (a Prophet, an expulsion) come up as messages."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.cards import Card
from game.engine.match import Moved
from game.games.delphi.state import GAME_OVER, ROUND_OVER, SETRULE, Action, DelphiView
from game.i18n import tr
from game.ui import cardart
from game.ui.tables.delphi.layout import Layout

#: log entries worth a message of their own
NOTABLE = {
    "delphi.log.prophet",
    "delphi.log.cast_down",
    "delphi.log.expelled",
    "delphi.log.noplay_right",
    "delphi.log.noplay_right_out",
    "delphi.log.noplay_wrong",
}


@dataclass
class Badge:
    """The "Right" or "Wrong" over the last card of a settled play; it shows
    once the cards have landed and fades out."""

    label: str
    right: bool
    midbottom: tuple[int, int]
    delay: float
    ttl: float = 1.5

    def tick(self, dt: float) -> bool:
        """Advance; False once it is gone."""
        if self.delay > 0:
            self.delay -= dt
            return True
        self.ttl -= dt
        return self.ttl > 0


class DelphiMotion:
    """The animating half of :class:`~game.ui.tables.delphi.table.DelphiTable`."""

    def on_moved(self, moved: Moved) -> float:
        self.chosen.clear()
        self.cursor.clear()
        self.pick = None
        self.scroll = 0  # the newest cards come into view
        starts, self.starts = self.starts, None
        before, after = moved.before, moved.after
        if after.round == before.round:
            self._notices(before.log, after)
            if after.main or after.phase not in (ROUND_OVER, GAME_OVER):
                self._animate(self.game.view(before, self.viewer), self.view, moved.action, starts)
        # a computer's next move waits for nothing: its "thinking" overlaps the flight
        return 0.0

    def _notices(self, seen: tuple, after) -> None:
        names = [self.seat_name(i) for i in range(self.players)]
        messages = self.game.view(after, None).named_messages(names)
        for entry, m in zip(after.log[len(seen) :], messages[len(seen) :]):
            if entry[0] in NOTABLE:
                self.notice(m, ttl=4.0)

    def _animate(self, vb: DelphiView, va: DelphiView, action: Action, starts: list[tuple[int, int]] | None) -> None:
        L = self.layout()
        T = L.tableau
        if vb.phase == SETRULE:
            # the starter cards are dealt from God's deck
            for i, r in enumerate(T.main):
                self.anim.fly(self.face(va.main[i], T.cw), L.deck.topleft, r.topleft, 0.35, hide=("main", i), delay=0.08 * i)
            return
        targets = self._targets(vb, va, L)
        if not targets:
            return
        Lb = self.layout_for(vb)
        dur = 0.5 if self.is_bot(vb.turn) and action.kind == "play" else 0.26
        for n, (card, rect, key) in enumerate(targets):
            start = None
            if vb.pending and not va.pending and n < len(Lb.tableau.pending):
                start = Lb.tableau.pending[n].topleft
            elif starts and n < len(starts):
                start = starts[n]
            elif vb.pending_kind == "noplay" and card in vb.shown_hand and vb.shown_hand.index(card) < len(Lb.shown_cards):
                start = Lb.shown_cards[vb.shown_hand.index(card)].topleft
            self.anim.fly(self.face(card, T.cw), start or L.seat_anchor(vb.turn), rect.topleft, dur, hide=key, delay=0.05 * n)
        # the verdict, shown where the cards landed
        landed = [t for t in targets if t[2][0] in ("main", "side")]
        if landed and (action.kind == "play" or vb.pending_kind == "play"):
            right = landed[0][2][0] == "main"
            r = landed[-1][1]  # the last card of the play lies on top: fully visible
            label = tr("delphi.ui.right") if right else tr("delphi.ui.wrong")
            self.badge = Badge(label, right, (r.centerx, r.bottom - int(6 * L.s)), dur * self.app.anim_factor() + 0.05)
        # penalty cards travel from God's deck to the seat
        back = cardart.back(max(16, int(T.cw * 0.6)))
        for seat in range(va.players):
            got = va.hand_sizes[seat] - vb.hand_sizes[seat]
            if got > 0 and seat != va.god:
                for k in range(min(got, 5)):
                    self.anim.fly(back, L.deck.topleft, L.seat_anchor(seat), 0.4, blocking=False, delay=dur + 0.07 * k)

    @staticmethod
    def _targets(vb: DelphiView, va: DelphiView, L: Layout) -> list[tuple[Card, pygame.Rect, tuple]]:
        """The cards that came onto the tableau, where they lie, and the
        key under which the drawing leaves them out while they travel."""
        T = L.tableau
        out: list[tuple[Card, pygame.Rect, tuple]] = []
        for i in range(len(vb.main), min(len(va.main), len(T.main))):
            out.append((va.main[i], T.main[i], ("main", i)))
        for j in range(len(vb.side), min(len(va.side), len(T.side))):
            for k, (c, r) in enumerate(zip(va.side[j].cards, T.side[j])):
                out.append((c, r, ("side", j, k)))
        if va.pending and not vb.pending:
            for k, (c, r) in enumerate(zip(va.pending, T.pending)):
                out.append((c, r, ("pending", k)))
        return out
