"""Mind the Gap for a screen reader: the pyramid (every place by row and
position, a card by name or an empty place), the hand at the screen (each
card by position, playable or picked), the partners' hands (face down,
named only when the table shows them open), the discard pile; the
drag-and-drop's keyboard cursor as the focus, and a summary for F2.

Built from what the painters draw: the layout's rects and the view of the
seat at the screen (another seat's card can reach the tree only where the
view holds it); what is playable is the engine's legal moves."""

from __future__ import annotations

from typing import Any

from game.i18n import tr
from game.ui.a11y.nodes import Node, Role, State, box
from game.ui.a11y.words import card_name, cards_named
from game.ui.kit.speech import last_move

#: the table (not imported: the table imports this module)
MtgTable = Any

PYRAMID, HAND, DISCARD = "mtg:pyramid", "mtg:hand", "mtg:discard"


def _payload_key(payload: Any) -> str | None:
    if payload[0] == "hand":
        return None  # (a hand card's key is its position: see focus)
    if payload[0] in ("pyr", "place"):
        return f"mtg:place:{payload[1]}"
    if payload[0] == "discard":
        return DISCARD
    return None


def regions(t: MtgTable) -> list[Node]:
    v = t.view
    L = t.layout()
    lang = t.lang
    drag = t.drag
    mine = t.my_turn()
    legal = t.match.legal() if mine else []
    selected = drag.selected.payload if drag is not None and drag.selected is not None else None
    targets = {z for z in (drag.legal_payloads() if drag is not None and selected is not None else [])}
    placeable = {a.card for a in legal if a.kind == "place"}
    open_places = {a.place for a in legal if a.kind == "place"}
    shape = v.shape
    # the helper on: what each gap may take, as the marks under it show
    helped = t.help().gaps if t.model.helper else {}
    places = []
    for p in range(shape.size):
        card = v.places[p]
        rect = L.places.get(p)
        desc = tr("a11y.mtg.place", lang, row=shape.row(p) + 1, pos=shape.col(p) + 1)
        if p == 0:
            desc = tr("a11y.mtg.target", lang, place=desc)
        states: set[State] = set()
        if card is None:
            states.add(State.EMPTY)
            if p in helped:
                desc += tr("a11y.mtg.takes", lang, values=", ".join(str(x) for x in helped[p]) or "-", n=len(helped[p]))
        if ("place", p) in targets or (selected is None and p in open_places):
            states.add(State.PLAYABLE)
        if selected == ("pyr", p):
            states.add(State.SELECTED)
        name = card_name(card, lang) if card is not None else tr("a11y.mtg.empty", lang)
        places.append(Node(f"mtg:place:{p}", Role.CARD, name, box(rect) if rect is not None else (0, 0, 0, 0), desc, frozenset(states), pressable=mine))
    out = [Node(PYRAMID, Role.GROUP, tr("a11y.mtg.pyramid", lang, rows=shape.rows), box(L.middle), children=tuple(places))]
    hand = []
    for i, (card, rect) in enumerate(zip(v.hand, L.hand, strict=False)):
        states = set()
        if card in placeable:
            states.add(State.PLAYABLE)
        if selected == ("hand", card):
            states.add(State.SELECTED)
        hand.append(Node(f"mtg:hand:{i}", Role.CARD, card_name(card, lang), box(rect), tr("a11y.position", lang, n=i + 1, of=len(v.hand)), frozenset(states), pressable=mine))
    if v.seat is not None:
        out.append(Node(HAND, Role.GROUP, tr("a11y.hand_of", lang, player=t.seat_name(v.seat)), children=tuple(hand)))
    for s in range(v.players):
        if s == v.seat:
            continue
        shown = v.hands[s]
        count = v.hand_counts[s]
        cards = []
        for i in range(count):
            if shown is not None and i < len(shown):
                cards.append(Node(f"mtg:seat:{s}:{i}", Role.CARD, card_name(shown[i], lang), box(L.open_hands), tr("a11y.position", lang, n=i + 1, of=count)))
            else:
                cards.append(Node(f"mtg:seat:{s}:{i}", Role.CARD, tr("a11y.face_down", lang), box(L.seats), tr("a11y.position", lang, n=i + 1, of=count), frozenset({State.FACE_DOWN})))
        out.append(Node(f"mtg:seat:{s}", Role.GROUP, tr("a11y.hand_of", lang, player=t.seat_name(s)), box(L.seats), children=tuple(cards)))
    pile = tuple(Node(f"mtg:discard:{i}", Role.CARD, card_name(c, lang), box(L.discard_cards[i]) if i < len(L.discard_cards) else box(L.discard_zone)) for i, c in enumerate(v.discard))
    pile_states = frozenset({State.PLAYABLE}) if ("discard",) in targets else frozenset()
    out.append(Node(DISCARD, Role.GROUP, tr("a11y.mtg.discard", lang, n=len(v.discard)), box(L.discard_zone), states=pile_states, children=pile))
    return out


def focus(t: MtgTable) -> str | None:
    d = t.drag
    if d is None or d.cursor is None:
        return None
    if d.selected is None:
        items = list(d.sources())
        if d.cursor >= len(items):
            return None
        payload = items[d.cursor].payload
        if payload[0] == "hand":
            hand = t.view.hand
            return f"mtg:hand:{hand.index(payload[1])}" if payload[1] in hand else None
        return _payload_key(payload)
    zones = d.legal_zones()
    return _payload_key(zones[d.cursor].payload) if d.cursor < len(zones) else None


def enter(t: MtgTable, region: str) -> None:
    """Tab to the hand: the cursor on its first card; to the pyramid with
    a card picked: on its first free place (else on the first pyramid card
    that may be taken back)."""
    d = t.drag
    if d is None:
        return
    if d.selected is not None:
        if region in (PYRAMID, DISCARD):
            zones = d.legal_zones()
            want = "discard" if region == DISCARD else "place"
            d.cursor = next((i for i, z in enumerate(zones) if z.payload[0] == want), 0 if zones else None)
        return
    items = list(d.sources())
    want = "hand" if region == HAND else "pyr"
    d.cursor = next((i for i, s in enumerate(items) if s.payload[0] == want), None)


def summary(t: MtgTable) -> str:
    v = t.view
    lang = t.lang
    filled = sum(1 for c in v.places if c is not None)
    parts = [tr("a11y.mtg.summary", lang, filled=filled, size=v.shape.size, coins=v.coins, stock=v.stock_count)]
    if t.model.helper and None in v.places:
        parts.append(tr("mind_the_gap.ui.pyramids_left", lang, n=t.help().finished))
    if t.finished:
        parts.append(tr("a11y.over", lang))
    elif t.my_turn():
        parts.append(tr("a11y.your_turn", lang, player=t.seat_name(v.seat)))
    elif t.match.current is not None:
        parts.append(tr("a11y.turn_of", lang, player=t.seat_name(t.match.current)))
    if v.hand:
        parts.append(tr("a11y.hand_is", lang, cards=cards_named(v.hand, lang)))
    parts.append(last_move(t))
    return " ".join(p for p in parts if p)


__all__ = ["DISCARD", "HAND", "PYRAMID", "enter", "focus", "regions", "summary"]
