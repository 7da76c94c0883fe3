"""How the Delphi table shows a move the match reports: the cards travel
to where the engine put them (the main line, a side line, the pending
place; the starters from God's deck), penalty cards go from God's deck to
the seat, and a settled play gets its verdict badge.  One function over
explicit parts (the animator, the look, the layouts before and after),
so nothing is read from a table."""

from __future__ import annotations

import pygame

from game.cards import Card
from game.games.delphi.state import SETRULE, Action, DelphiView
from game.ui import cardart
from game.ui.anim import Animator
from game.ui.kit.picture import Look
from game.ui.tables.delphi.layout import Layout
from game.ui.tables.delphi.model import Badge

Point = tuple[int, int]


def animate(
    anim: Animator, look: Look, before: Layout, after: Layout, vb: DelphiView, va: DelphiView, action: Action, origin: tuple[Point, ...], *, computer: bool, factor: float
) -> Badge | None:
    """Fly the cards of the move ``vb`` -> ``va`` (``action``; by a
    ``computer``: slower) from where they were: ``origin`` (where a
    person's gesture left them, one point per card), the pending place,
    the open hand, or the seat that played.  Returns the verdict badge of
    a settled play (its delay: the flight's, at the animation ``factor``)."""
    T = after.tableau
    if vb.phase == SETRULE:
        # the starter cards are dealt from God's deck
        for i, r in enumerate(T.main[: len(va.main)]):
            anim.fly(look.face(va.main[i], T.cw), after.deck.topleft, r.topleft, 0.35, hide=("main", i), delay=0.08 * i)
        return None
    targets = landed_cards(vb, va, after)
    if not targets:
        return None
    dur = 0.5 if computer and action.kind == "play" else 0.26
    for n, (card, rect, key) in enumerate(targets):
        start: Point | None = None
        if vb.pending and not va.pending and n < len(before.tableau.pending):
            start = before.tableau.pending[n].topleft
        elif n < len(origin):
            start = origin[n]
        elif vb.pending_kind == "noplay" and card in vb.shown_hand and vb.shown_hand.index(card) < len(before.shown_cards):
            start = before.shown_cards[vb.shown_hand.index(card)].topleft
        anim.fly(look.face(card, T.cw), start or after.seat_anchor(vb.turn), rect.topleft, dur, hide=key, delay=0.05 * n)
    badge = None
    # the verdict, shown where the cards landed
    landed = [t for t in targets if t[2][0] in ("main", "side")]
    if landed and (action.kind == "play" or vb.pending_kind == "play"):
        r = landed[-1][1]  # the last card of the play lies on top: fully visible
        badge = Badge(landed[0][2][0] == "main", (r.centerx, r.bottom - int(6 * after.s)), dur * factor + 0.05)
    # penalty cards travel from God's deck to the seat
    back = cardart.back(max(16, int(T.cw * 0.6)))
    for seat in range(va.players):
        got = va.hand_sizes[seat] - vb.hand_sizes[seat]
        if got > 0 and seat != va.god:
            for k in range(min(got, 5)):
                anim.fly(back, after.deck.topleft, after.seat_anchor(seat), 0.4, blocking=False, delay=dur + 0.07 * k)
    return badge


def landed_cards(vb: DelphiView, va: DelphiView, L: Layout) -> list[tuple[Card, pygame.Rect, tuple[object, ...]]]:
    """The cards that came onto the tableau, where they lie, and the key
    under which the painters leave them out while they travel."""
    T = L.tableau
    out: list[tuple[Card, pygame.Rect, tuple[object, ...]]] = []
    for i in range(len(vb.main), min(len(va.main), len(T.main))):
        out.append((va.main[i], T.main[i], ("main", i)))
    for j in range(len(vb.side), min(len(va.side), len(T.side))):
        for k, (c, r) in enumerate(zip(va.side[j].cards, T.side[j])):
            out.append((c, r, ("side", j, k)))
    if va.pending and not vb.pending:
        for k, (c, r) in enumerate(zip(va.pending, T.pending)):
            out.append((c, r, ("pending", k)))
    return out
