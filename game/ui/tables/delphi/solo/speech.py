"""Delphi alone for a screen reader: the main line and the wrong cards
(each under the main-line card it was judged after), the hand (by
position, under the cursor), the guess field (the kit's tree names every
text field); God's verdict on each card said with the play, and a summary
for F2.  Built from the solo layout's rects and the person's view."""

from __future__ import annotations

from typing import Any

from game.games.delphi.solo import PLAY, TURNS
from game.i18n import tr
from game.ui.a11y.nodes import Node, Role, State, box_at
from game.ui.a11y.words import card_name, cards_named
from game.ui.kit.speech import last_move

#: the table (not imported: the table imports this module)
SoloTable = Any

MAIN, SIDE, HAND = "solo:main", "solo:side", "solo:hand"


def regions(t: SoloTable) -> list[Node]:
    v = t.view
    L = t.layout()
    lang = t.lang
    main = tuple(
        Node(f"solo:main:{i}", Role.CARD, card_name(c, lang), box_at(L.main, i), tr("a11y.delphi.main_place", lang, n=i + 1, of=len(v.main)) + (tr("a11y.delphi.starter", lang) if i < v.starters else ""))
        for i, c in enumerate(v.main)
    )
    side = []
    k = 0
    for j, play in enumerate(v.side):
        under = card_name(v.main[play.anchor], lang) if 0 <= play.anchor < len(v.main) else ""
        for m, card in enumerate(play.cards):
            rect = box_at([r for r, _ in L.side], k)
            k += 1
            side.append(Node(f"solo:side:{j}:{m}", Role.CARD, card_name(card, lang), rect, tr("a11y.solo.side_place", lang, n=play.anchor + 1, card=under)))
    playing = t.playing() and v.phase == PLAY
    cursor = t.cursor.index if t.cursor.valid(len(v.hand)) else None
    hand = tuple(
        Node(
            f"solo:hand:{i}",
            Role.CARD,
            card_name(c, lang),
            box_at(L.hand, i),
            tr("a11y.position", lang, n=i + 1, of=len(v.hand)),
            frozenset(({State.PLAYABLE} if playing else set()) | ({State.SELECTED} if i == cursor else set())),
            pressable=playing,
        )
        for i, c in enumerate(v.hand)
    )
    a = L.lines
    return [
        Node(MAIN, Role.GROUP, tr("a11y.delphi.main", lang, n=len(v.main)), (a.x, a.y, a.w, a.h), children=main),
        Node(SIDE, Role.GROUP, tr("a11y.delphi.side", lang, n=len(side)), children=tuple(side)),
        Node(HAND, Role.GROUP, tr("a11y.solo.hand", lang), children=hand),
    ]


def focus(t: SoloTable) -> str | None:
    return f"solo:hand:{t.cursor.index}" if t.cursor.valid(len(t.view.hand)) else None


def enter(t: SoloTable, region: str) -> None:
    if region == HAND and not t.cursor.valid(len(t.view.hand)) and t.view.hand:
        t.cursor.place(0)


def move_words(t: SoloTable, moved: Any, said: str) -> str:
    """The play with God's verdict on it, which the eyes see as the card
    landing on the main line or under it."""
    plays = t.view.plays
    if moved.action.kind == PLAY and len(plays) > len(moved.before.plays):
        right = plays[-1][1]
        return f"{said} {tr('a11y.delphi.to_main' if right else 'a11y.delphi.to_side', t.lang, n=1)}"
    return said


def summary(t: SoloTable) -> str:
    v = t.view
    lang = t.lang
    parts = [tr("a11y.solo.summary", lang, turn=v.turn, turns=TURNS, main=len(v.main), wrong=sum(len(p.cards) for p in v.side))]
    if v.main:
        parts.append(tr("a11y.delphi.last", lang, cards=cards_named(v.main[-3:], lang)))
    if v.hand:
        parts.append(tr("a11y.hand_is", lang, cards=cards_named(v.hand, lang)))
    parts.append(last_move(t))
    return " ".join(p for p in parts if p)


__all__ = ["HAND", "MAIN", "SIDE", "enter", "focus", "move_words", "regions", "summary"]
