"""Delphi for a screen reader: the main line (each card by place, the
starters and the Prophet's marker said), the side lines (each wrong play
under the main-line card it was judged after), a play awaiting God's
verdict, the hand at the screen (the string being built and the cursor
said), a No Play hand laid open, the other seats' hands face down; the
cursor as the focus and a summary for F2.  God's verdicts are moves and
are said as the log says them (the kit's).

Built from the layout's rects and the view of the seat at the screen (God
has no hand; another seat's card reaches the tree only where the view
shows it)."""

from __future__ import annotations

from typing import Any

from game.games.delphi import state as ds
from game.i18n import tr
from game.ui.a11y.nodes import NOWHERE, Node, Role, State, box_at
from game.ui.a11y.words import card_name, cards_named, spoken

#: the table (not imported: the table imports this module)
DelphiTable = Any

MAIN, SIDE, HAND, SHOWN = "delphi:main", "delphi:side", "delphi:hand", "delphi:shown"


def regions(t: DelphiTable) -> list[Node]:
    v = t.view
    L = t.layout()
    T = L.tableau
    lang = t.lang
    out = []
    main = []
    for i, card in enumerate(v.main):
        desc = tr("a11y.delphi.main_place", lang, n=i + 1, of=len(v.main))
        if i < v.starters:
            desc += tr("a11y.delphi.starter", lang)
        if i == v.prophet_anchor:
            desc += tr("a11y.delphi.prophet_marker", lang)
        main.append(Node(f"delphi:main:{i}", Role.CARD, card_name(card, lang), box_at(T.main, i), desc))
    for i, card in enumerate(v.pending):
        main.append(Node(f"delphi:pending:{i}", Role.CARD, card_name(card, lang), box_at(T.pending, i), tr("a11y.delphi.pending", lang)))
    a = T.area
    out.append(Node(MAIN, Role.GROUP, tr("a11y.delphi.main", lang, n=len(v.main)), (a.x, a.y, a.w, a.h), children=tuple(main)))
    side = []
    for j, play in enumerate(v.side):
        under = card_name(v.main[play.anchor], lang) if 0 <= play.anchor < len(v.main) else ""
        rects = T.side[j] if j < len(T.side) else []
        for m, card in enumerate(play.cards):
            desc = tr("a11y.delphi.side_place", lang, n=play.anchor + 1, card=under, player=t.seat_name(play.seat))
            if len(play.cards) > 1:
                desc += tr("a11y.delphi.in_string", lang, n=m + 1, of=len(play.cards))
            # where it shows: in a deep column a card shows only its index
            # (its whole rect lay under the lanes after it)
            part = T.side_part(j, m)
            side.append(Node(f"delphi:side:{j}:{m}", Role.CARD, card_name(card, lang), box_at([part], 0) if part is not None else box_at(rects, m), desc))
    out.append(Node(SIDE, Role.GROUP, tr("a11y.delphi.side", lang, n=len(side)), children=tuple(side)))
    picking = t.picking()
    if v.shown_hand:
        shown = []
        for i, card in enumerate(v.shown_hand):
            open_states = {State.PLAYABLE} if picking else set()
            if picking and t.model.pick == i:
                open_states.add(State.SELECTED)
            shown.append(Node(f"delphi:shown:{i}", Role.CARD, card_name(card, lang), NOWHERE, tr("a11y.position", lang, n=i + 1, of=len(v.shown_hand)), frozenset(open_states), pressable=picking))
        out.append(Node(SHOWN, Role.GROUP, tr("a11y.delphi.shown", lang, player=t.seat_name(v.pending_seat)), children=tuple(shown)))
    hand = t.hand()
    if v.hand is not None:
        mine = t.my_turn() and v.phase == ds.TURN
        chosen = list(t.model.chosen)
        cursor = t.cursor.index if t.cursor.valid(len(hand)) and not picking else None
        cards = []
        for i, card in enumerate(hand):
            states: set[State] = set()
            desc = tr("a11y.position", lang, n=i + 1, of=len(hand))
            if mine:
                states.add(State.PLAYABLE)
            if i in chosen:
                states.add(State.SELECTED)
                desc += tr("a11y.delphi.in_string", lang, n=chosen.index(i) + 1, of=len(chosen))
            elif i == cursor:
                states.add(State.SELECTED)
            cards.append(Node(f"delphi:hand:{i}", Role.CARD, card_name(card, lang), box_at(L.hand.rects, i), desc, frozenset(states), pressable=mine))
        h = L.hand_area
        out.append(Node(HAND, Role.GROUP, tr("a11y.hand_of", lang, player=t.seat_name(v.seat)), (h.x, h.y, h.w, h.h), children=tuple(cards)))
    for s in range(t.players):
        n = v.hand_sizes[s] if s < len(v.hand_sizes) else 0
        if s == v.seat or n == 0:
            continue
        backs = tuple(Node(f"delphi:seat:{s}:{i}", Role.CARD, tr("a11y.face_down", lang), box_at(L.seat_rows, s), tr("a11y.position", lang, n=i + 1, of=n), frozenset({State.FACE_DOWN})) for i in range(n))
        out.append(Node(f"delphi:seat:{s}", Role.GROUP, tr("a11y.hand_of", lang, player=t.seat_name(s)), box_at(L.seat_rows, s), children=backs))
    return out


def focus(t: DelphiTable) -> str | None:
    if t.picking():
        return f"delphi:shown:{t.model.pick}" if t.model.pick is not None else None
    hand = t.hand()
    return f"delphi:hand:{t.cursor.index}" if t.cursor.valid(len(hand)) else None


def enter(t: DelphiTable, region: str) -> None:
    if region == SHOWN and t.picking() and t.model.pick is None:
        t.cursor.place(0)
        t.model.pick = 0
    elif region == HAND and not t.cursor.valid(len(t.hand())) and t.hand():
        t.cursor.place(0)


def summary(t: DelphiTable) -> str:
    v = t.view
    lang = t.lang
    parts = [tr("a11y.delphi.summary", lang, round=v.round + 1, rounds=v.rounds, main=len(v.main))]
    if v.main:
        parts.append(tr("a11y.delphi.last", lang, cards=cards_named(v.main[-3:], lang)))
    parts.append(spoken(t.status_message(), lang))
    if v.hand:
        parts.append(tr("a11y.hand_is", lang, cards=cards_named(v.hand, lang)))
    return " ".join(p for p in parts if p)


__all__ = ["HAND", "MAIN", "SHOWN", "SIDE", "enter", "focus", "regions", "summary"]


def move_words(t: DelphiTable, moved: Any, said: str) -> str:
    """The log's words, and where God's rule put the cards of a play (the
    eyes see them land on the main line or a side line)."""
    before, after = moved.before, t.match.state
    grew_main = len(after.main) - len(before.main)
    grew_side = sum(len(p.cards) for p in after.side) - sum(len(p.cards) for p in before.side)
    if grew_main > 0 and grew_side <= 0:
        return f"{said} {tr('a11y.delphi.to_main', t.lang, n=grew_main)}"
    if grew_side > 0 and grew_main <= 0:
        return f"{said} {tr('a11y.delphi.to_side', t.lang, n=grew_side)}"
    if grew_side > 0:
        return f"{said} {tr('a11y.delphi.to_both', t.lang, main=grew_main, side=grew_side)}"
    return said


def round_over(t: DelphiTable) -> None:
    """A round ended: its reason, God's rule revealed and the scores, said
    at once (the round's sheet shows them)."""
    v = t.view
    if not v.results:
        return
    res = v.results[-1]
    lang = t.lang
    scores = "; ".join(tr("a11y.delphi.score", lang, player=t.seat_name(s), n=res.scores[s]) for s in range(len(res.scores)))
    rule = tr("a11y.delphi.rule_was", lang, rule=res.rule) if res.rule else ""
    t.voice.say(" ".join(p for p in (spoken(t._named(res.reason), lang), rule, scores + ".") if p), assertive=True)
