"""Runs for a screen reader: the hand at the screen (each card by name and
position, playable, new, under the cursor), the runs on the table (each
card by position; the closed runs before the one being played), the other
seats' hands face down with their counts, and the draw pile; the hand's
cursor as the focus, a summary for F2, and the round's result said when
its sheet opens.

Built from the layout's rects and the view of the seat at the screen; what
is playable is the view's ``playable`` (the engine's)."""

from __future__ import annotations

from typing import Any

from game.games.runs.policy import num, signed
from game.games.runs.state import PHASE_PLAY
from game.i18n import tr
from game.ui.a11y.nodes import Node, Role, State, box
from game.ui.a11y.words import card_name, cards_named

#: the table (not imported: the table imports this module)
RunsTable = Any

HAND, RUN = "runs:hand", "runs:run"


def regions(t: RunsTable) -> list[Node]:
    v = t.view
    L = t.layout()
    lang = t.lang
    mine = t.my_turn() and v.phase == PHASE_PLAY
    playable = set(v.playable) if mine else set()
    cursor = t.model.cursor if mine else None
    fresh = t.model.fresh
    out = []
    run = []
    for i, card in enumerate(v.chain):
        rect = L.chain[i] if i < len(L.chain) else L.pile
        who = t.seat_name(v.chain_seats[i]) if i < len(v.chain_seats) else ""
        desc = tr("a11y.runs.in_run", lang, n=i + 1, of=len(v.chain), player=who)
        run.append(Node(f"runs:run:{i}", Role.CARD, card_name(card, lang), box(rect), desc))
    out.append(Node(RUN, Role.GROUP, tr("a11y.runs.run", lang, n=len(v.chain)), children=tuple(run)))
    if v.seat is not None:
        cards = []
        for i, card in enumerate(v.hand):
            states: set[State] = set()
            if card in playable:
                states.add(State.PLAYABLE)
            if i == cursor:
                states.add(State.SELECTED)
            if card in fresh:
                states.add(State.NEW)
            rect = L.hand[i] if i < len(L.hand) else L.pile
            cards.append(Node(f"runs:hand:{i}", Role.CARD, card_name(card, lang), box(rect), tr("a11y.position", lang, n=i + 1, of=len(v.hand)), frozenset(states), pressable=mine))
        out.append(Node(HAND, Role.GROUP, tr("a11y.hand_of", lang, player=t.seat_name(v.seat)), children=tuple(cards)))
    for s in range(v.players):
        if s == v.seat:
            continue
        n = v.hand_counts[s]
        rect = L.seats.get(s, L.pile)
        backs = tuple(Node(f"runs:seat:{s}:{i}", Role.CARD, tr("a11y.face_down", lang), box(rect), tr("a11y.position", lang, n=i + 1, of=n), frozenset({State.FACE_DOWN})) for i in range(n))
        out.append(Node(f"runs:seat:{s}", Role.GROUP, tr("a11y.runs.seat", lang, player=t.seat_name(s), n=n), box(rect), children=backs))
    out.append(Node("runs:pile", Role.LABEL, tr("a11y.runs.pile", lang, n=v.pile_count), box(L.pile)))
    return out


def focus(t: RunsTable) -> str | None:
    i = t.model.cursor
    return f"runs:hand:{i}" if i is not None and t.my_turn() and 0 <= i < len(t.view.hand) else None


def enter(t: RunsTable, region: str) -> None:
    if region == HAND and t.model.cursor is None and t.view.hand:
        t.model.cursor = t.model.first_lit()


def summary(t: RunsTable) -> str:
    v = t.view
    lang = t.lang
    parts = [tr("a11y.runs.summary", lang, round=v.round, rounds=v.rounds or "∞", pile=v.pile_count)]
    if v.chain:
        parts.append(tr("a11y.runs.last_card", lang, card=card_name(v.chain[-1], lang)))
    if t.finished:
        parts.append(tr("a11y.over", lang))
    elif t.my_turn():
        parts.append(tr("a11y.your_turn", lang, player=t.seat_name(v.seat)))
        ok = [c for c in v.hand if c in set(v.playable)]
        parts.append(tr("a11y.runs.can_play", lang, cards=cards_named(ok, lang)) if ok else tr("a11y.runs.cannot_play", lang))
    elif v.turn is not None:
        parts.append(tr("a11y.turn_of", lang, player=t.seat_name(v.turn)))
    if v.hand:
        parts.append(tr("a11y.hand_is", lang, cards=cards_named(v.hand, lang)))
    return " ".join(parts)


def scores(t: RunsTable) -> str:
    """The round's and the game's points of every seat."""
    v = t.view
    return "; ".join(tr("a11y.runs.score", t.lang, player=t.seat_name(s), round=signed(v.round_score(s)), total=num(v.scores[s])) for s in range(v.players))


def round_over(t: RunsTable) -> None:
    """The round's sheet opens: the scores said at once."""
    t.voice.say(tr("a11y.runs.round_over", t.lang, round=t.view.round, scores=scores(t)), assertive=True)


__all__ = ["HAND", "RUN", "enter", "focus", "regions", "round_over", "scores", "summary"]
