"""Mind the Gap's table after issue 20, through real events on the dummy
driver and on its pure layout: a refused move's reason, which names the
cards of the hand that tried it, is gone when the device has been passed
to the next person; messages have a band of their own that covers no
card, count, pile or panel; the cards grow with the window and a larger
card size never gives smaller cards; and how a move was made (dropped,
paid for in the coin dialog, shown) decides how its card travels."""

from __future__ import annotations

import random
from itertools import combinations

import pygame
import pytest

from game.engine.core import msg
from game.engine.match import How, Match, Seat
from game.games import mind_the_gap as mtg
from game.ui.assets import scale_for
from game.ui.cardart import CARD_SIZES
from game.ui.kit.header import HEADER_H
from game.ui.kit.passdevice import PassScene
from game.ui.tables.mind_the_gap.layout import NOTES_MIN_W, Layout, compute_layout
from game.ui.tables.mind_the_gap.table import BOT_FLIGHT, MtgTable, start_game
from game.ui.tables.mind_the_gap.tutorial import tutorial_match
from tests.ui.helpers import drag, drawn_texts, press, pump, said, seated, settle

SIZES = [(800, 500), (1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


def played(options: dict, seed: int, moves: int, names=("Anna", "Ben", "Cleo")) -> Match:
    m = Match.start(mtg.GAME, options, seed, [Seat(n) for n in names[: options["players"]]], rng=random.Random(seed))
    m.run(lambda mm: len(mm.actions) >= moves, stand_in="seed")
    return m


def illegal_drop(view) -> tuple[object, int, object] | None:
    """A hand card, a gap it may not go to, and the engine's reason, which
    names the card."""
    for card in view.hand:
        for p, c in enumerate(view.places):
            if c is None and p != 0:
                why = mtg.placement_problem(view, card, p)
                if why is not None and why.params.get("card") == card:
                    return card, p, why
    return None


# --- (a) a refusal is for the hand that tried ----------------------------------------------------------


def test_a_refused_drop_is_not_shown_to_the_next_person_after_the_pass_screen(app):
    for seed in range(1, 80):
        m = played({"players": 2, "level": "normal"}, seed, 2)
        if m.over:
            continue
        m.handed_to(m.current)
        found = illegal_drop(m.view())
        legal = [a for a in m.legal() if a.kind == "place"]
        if found and legal:
            break
    else:
        raise AssertionError("no deal with a refused drop")
    t = seated(app, MtgTable(app, m))
    anna = t.viewer
    card, place, why = found
    reason = t.render(why)
    L = t.layout()
    drag(app, L.hand[list(t.view.hand).index(card)].center, L.places[place].center)
    settle(app, 0.4)
    assert reason in said(t), said(t)
    assert reason in " ".join(drawn_texts(app)) or any(x in reason for x in drawn_texts(app) if len(x) > 12), "the reason is not shown to the hand that tried"
    # a legal move: the device goes to Ben
    a = legal[0]
    L = t.layout()
    drag(app, L.hand[list(t.view.hand).index(a.card)].center, L.places[a.place].center)
    settle(app, 2.4)  # (Anna looks at the card she drew first)
    assert isinstance(app.scenes.top, PassScene)
    press(app, "I'm Ben")
    pump(app, 2)
    assert app.scenes.top is t and t.viewer != anna
    assert reason not in said(t), said(t)
    texts = drawn_texts(app)
    assert reason not in " ".join(texts) and not any(x in reason for x in texts if len(x) > 12), texts


# --- (b) the band of notes --------------------------------------------------------------------------------


def _views() -> list[tuple[str, object, bool]]:
    """Realistic views of every kind of table: seats, levels, variants,
    a long discard pile, an empty hand, the tutorial."""
    out = []
    for label, options, moves in (
        ("solo", {"players": 1, "level": "normal"}, 3),
        ("two", {"players": 2, "level": "normal"}, 5),
        ("three-easy", {"players": 3, "level": "easy"}, 4),
        ("small-jokers", {"players": 2, "level": "normal", "small": True, "jokers": True}, 3),
        ("many-coins", {"players": 2, "level": "hard", "coins": 20}, 60),
    ):
        m = played(options, 5, moves)
        out.append((label, m.view(m.current if m.current is not None else 0), False))
    # every coin spent on a discard: the longest pile there is
    m = Match.start(mtg.GAME, {"players": 2, "level": "hard", "coins": 20}, 9, [Seat("Anna"), Seat("Ben")])
    while m.view(m.current).coins:
        m.play(next(a for a in m.legal() if a.kind == "discard"))
    out.append(("long-pile", m.view(m.current), False))
    t = tutorial_match()
    t.handed_to(0)
    out.append(("tutorial", t.view(), True))
    return out


VIEWS = _views()


def _regions(L: Layout, size: tuple[int, int]) -> dict[str, list[pygame.Rect]]:
    header = pygame.Rect(0, 0, size[0], L.top_h)
    right = [L.stock, L.discard_zone, L.tally, L.buttons] + ([L.coach] if L.coach.w else [])
    return {
        "header": [header],
        "pyramid": list(L.places.values()),
        "hand": list(L.hand),
        "status": [L.status],
        "left": [L.seats, L.log] + ([L.open_hands] if L.open_hands.h else []),
        "right": right,
        "help": [L.help_box] if L.help_box.w else [],
        "target label": [L.target_tag],
        "notes": [L.notes],
    }


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_notes_band_and_every_part_of_the_table_lie_apart(size):
    """Messages covered the target card and the players panel."""
    screen = pygame.Rect((0, 0), size)
    for label, view, coach in VIEWS:
        for name, f in CARD_SIZES.items():
            L = compute_layout(size, scale_for(size), view, coach=coach, factor=f)
            where = f"{label} {size} {name}"
            regions = _regions(L, size)
            for part, rects in regions.items():
                for r in rects:
                    assert screen.contains(r), (where, part, r)
            for a, b in combinations(regions, 2):
                for ra in regions[a]:
                    for rb in regions[b]:
                        assert not ra.colliderect(rb), (where, a, ra, b, rb)
            # (only the pyramid's rows overlap, by design)
            for part in ("hand", "left", "right"):
                for ra, rb in combinations(regions[part], 2):
                    assert not ra.colliderect(rb), (where, part, ra, rb)
            # the band (left of the target) holds four lines of the
            # smallest note, under the header, beside the target's row
            r0 = L.places[0]
            assert L.notes.y >= L.top_h and L.notes.h >= int(4 * 1.25 * 13 * L.scale) and L.notes.w >= int(NOTES_MIN_W * L.scale), (where, L.notes)
            assert L.notes.right < r0.x and L.notes.bottom <= r0.bottom, (where, L.notes, r0)
            for r in L.discard_cards:
                assert L.discard_zone.contains(r), (where, r, L.discard_zone)


def test_a_note_on_the_table_is_drawn_in_its_band_and_nowhere_else(app):
    start_game(app, {"players": 2, "level": "normal"}, 11, {"names": ["Anna", "Ben"], "bots": [None, "seed"]}, seats=[Seat("Anna"), Seat("Ben", "seed")])
    settle(app, 0.3)
    t = app.scenes.top
    assert isinstance(t, MtgTable) and t.viewer == 0
    L = t.layout()
    band = t.note_area()
    for r in [*L.places.values(), *L.hand, L.seats, L.log, L.stock, L.discard_zone, L.status, t.header().rect]:
        assert not band.colliderect(r), (band, r)
    assert band == L.notes and not band.collidelistall(list(L.places.values()))
    app.step(1 / 60, events=[])
    before = app.window.copy()
    # the longest reason the table says, twice over (two notes at once)
    t.refuse(msg("mind_the_gap.err.above_needs", card=mtg.GAME.view(t.match.state, 0).hand[0], other=t.view.target, diff=12, above=t.view.target, need=3))
    t.notice(msg("mind_the_gap.ui.no_coin_keys"))
    app.step(1 / 60, events=[])
    assert len(said(t)) == 2
    after = app.window
    changed = [(x, y) for y in range(0, app.size[1], 3) for x in range(0, app.size[0], 3) if before.get_at((x, y)) != after.get_at((x, y))]
    assert changed, "the notes are not drawn"
    outside = [p for p in changed if not band.collidepoint(p)]
    assert not outside, f"notes drawn outside their band {band}: {outside[:5]}"


# --- (c) card sizes ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_larger_card_size_never_gives_smaller_cards(size):
    """"Large" made the pyramid smaller: the hand grew into its room."""
    for label, view, coach in VIEWS:
        ws = {name: compute_layout(size, scale_for(size), view, coach=coach, factor=f) for name, f in CARD_SIZES.items()}
        for attr in ("pw", "hw", "dw"):
            got = [getattr(ws[name], attr) for name in ("small", "normal", "large")]
            assert got == sorted(got), (label, size, attr, got)


def test_the_cards_grow_with_the_window_and_large_cards_are_larger():
    """At 1920x1080 the cards barely grew, and "Large" gave nothing where
    there was room for it.  (Four rows that lie apart and a hand fill the
    height before the nominal size, at every window of 16:10 or wider:
    there Normal takes a share of the room and Large all of it.)"""
    view = next(v for label, v, _ in VIEWS if label == "two")
    three_rows = next(v for label, v, _ in VIEWS if label == "small-jokers")
    small, big = (1280, 800), (1920, 1080)
    a = compute_layout(small, scale_for(small), view, factor=1.0)
    b = compute_layout(big, scale_for(big), view, factor=1.0)
    grow = scale_for(big) / scale_for(small)
    for attr in ("pw", "hw", "dw"):
        assert getattr(b, attr) >= 0.95 * grow * getattr(a, attr), (attr, getattr(a, attr), getattr(b, attr))
    # the pyramid fills the height it has at 1920x1080 (more than half of it)
    pyramid = b.places[0].unionall(list(b.places.values()))
    assert pyramid.h > 0.5 * big[1], pyramid
    for size in (small, big):
        n = compute_layout(size, scale_for(size), view, factor=1.0)
        lg = compute_layout(size, scale_for(size), view, factor=CARD_SIZES["large"])
        assert lg.pw > n.pw and lg.hw > n.hw and lg.dw > n.dw, (size, (n.pw, n.hw, n.dw), (lg.pw, lg.hw, lg.dw))
        n = compute_layout(size, scale_for(size), three_rows, factor=1.0)
        lg = compute_layout(size, scale_for(size), three_rows, factor=CARD_SIZES["large"])
        assert lg.pw > n.pw and lg.hw > n.hw, (size, (n.pw, n.hw), (lg.pw, lg.hw))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_rows_of_the_pyramid_lie_apart_and_so_do_its_empty_places(size):
    """The rows overlapped by up to 0.38 of a card ("Large" the most): the
    empty places crossed into a grid of dashed lines and each row hid the
    lower index of the row above.  No two places meet now, at every card
    size, with a gap between the rows."""
    for label, view, coach in VIEWS:
        for name, f in CARD_SIZES.items():
            L = compute_layout(size, scale_for(size), view, coach=coach, factor=f)
            where = (label, size, name)
            assert L.pitch > L.places[0].h, (where, L.pitch, L.places[0].h)
            for (p, a), (q, b) in combinations(L.places.items(), 2):
                assert not a.colliderect(b), (where, p, a, q, b)
            assert L.places[0].y >= int(HEADER_H * L.scale)


# --- a move that leaves no finished pyramid -----------------------------------------------------------------


def test_a_placement_that_leaves_no_finished_pyramid_is_allowed_and_said_to_everyone(app):
    """A King beside the target (its pair then needs more than a King)
    went through in silence with the gap help off.  The rules allow it
    (a card placed decides what its gaps need; a coin takes one back), so
    it is still played, and now everyone reads it: the player who made it,
    the next person after the pass screen, and the status line says how
    to go on."""
    from game.i18n import tr

    t = start_game(app, {"players": 2, "level": "normal"}, 2, {"names": ["Anna", "Ben"], "bots": [None, None]})
    settle(app, 0.3)
    if isinstance(app.scenes.top, PassScene):
        press(app, "I'm Anna")
        pump(app, 2)
    assert app.scenes.top is t and t.viewer == 0 and not t.model.helper
    st = t.match.state
    a = next(x for x in t.match.legal() if x.kind == "place" and mtg.finished_count(t.match.game.apply(st, x)) == 0)
    L = t.layout()
    drag(app, L.hand[list(t.view.hand).index(a.card)].center, L.places[a.place].center)
    settle(app, 0.4)
    assert t.match.actions[-1] == a and mtg.finished_count(t.match.state) == 0 and not t.match.over
    words = tr("mind_the_gap.ui.closed_off_place", player="Anna", card=a.card)
    assert words in said(t), said(t)
    settle(app, 2.4)  # (Anna looks at the card she drew)
    assert isinstance(app.scenes.top, PassScene)
    press(app, "I'm Ben")
    pump(app, 2)
    assert app.scenes.top is t and t.viewer == 1
    assert words in said(t), said(t)
    assert t.status_line(t.view) == tr("mind_the_gap.ui.closed_off_status")
    texts = " ".join(drawn_texts(app))
    assert tr("mind_the_gap.ui.closed_off_status") in texts or "No finished pyramid is possible now" in texts, texts


def test_a_move_that_keeps_a_finished_pyramid_possible_says_nothing_of_it():
    """(closes_off: only the move that takes the last one away.)"""
    m = played({"players": 2, "level": "normal"}, 2, 0)
    st = m.state
    keeps = [a for a in m.legal() if a.kind == "place" and mtg.finished_count(m.game.apply(st, a))]
    closes = [a for a in m.legal() if a.kind == "place" and not mtg.finished_count(m.game.apply(st, a))]
    assert keeps and closes
    assert not any(mtg.closes_off(st, m.game.apply(st, a)) for a in keeps)
    assert all(mtg.closes_off(st, m.game.apply(st, a)) for a in closes)
    dead = m.game.apply(st, closes[0])
    assert not any(mtg.closes_off(dead, m.game.apply(dead, a)) for a in m.game.legal_actions(dead))


# --- how a move was made ---------------------------------------------------------------------------------


def test_a_drop_lands_by_itself_and_a_paid_discard_flies_from_the_hand_with_the_coin(app, monkeypatch):
    t = start_game(app, {"players": 1, "level": "normal"}, 77, {"names": ["Anna"], "bots": [None]})
    pump(app, 2)
    seen: list[tuple[How, How | None]] = []
    sounds: list[str] = []
    real = t.animate

    def spy(moved, intent):
        seen.append((moved.how, intent.how if intent is not None else None))
        return real(moved, intent)

    monkeypatch.setattr(t, "animate", spy)
    monkeypatch.setattr(app, "play_sound", sounds.append)
    a = next(x for x in t.match.legal() if x.kind == "place")
    L = t.layout()
    drag(app, L.hand[list(t.view.hand).index(a.card)].center, L.places[a.place].center)
    settle(app, 0.4)
    assert seen == [(How.DROP, How.DROP)] and sounds[-1] == "place"
    # a discard, paid in the dialog: a short flight from where the card lies, the coin's sound
    card = t.view.hand[0]
    L = t.layout()
    start = L.hand[0].topleft
    drag(app, L.hand[0].center, L.discard_zone.center)
    press(app, "Pay one coin", frames=2)
    assert seen[-1] == (How.CONFIRM, How.CONFIRM) and sounds[-1] == "coin"
    n = len(t.view.discard) - 1
    flight = next(f for f in t.anim.flights if f.hide == ("discard", n))
    assert tuple(map(int, flight.start)) == start and flight.duration < BOT_FLIGHT * app.anim_factor()
    settle(app, 0.4)
    assert t.view.discard[-1] == card


def test_show_me_in_the_tutorial_flies_the_card_from_the_hand(app):
    t = seated(app, MtgTable(app, tutorial_match()))
    exp = t.model.expected()
    assert exp is not None and exp.kind == "place"
    start = t.layout().hand[list(t.view.hand).index(exp.card)].topleft
    press(app, "Show me", frames=2)
    flight = next(f for f in t.anim.flights if f.hide == ("place", exp.place))
    assert tuple(map(int, flight.start)) == start
    settle(app, 1.0)
    assert t.match.actions == [exp] and t.model.step == 1


def test_every_refused_gesture_says_why(app):
    """Seen in a real window: a card let go over the target, P while the
    team still had a coin, and a press on a pyramid card with no coin left
    did nothing at all."""
    from game.ui.tables.mind_the_gap.table import PASS

    t = start_game(app, {"players": 1, "level": "normal"}, 77, {"names": ["Anna"], "bots": [None]})
    pump(app, 2)
    L = t.layout()
    card = t.view.hand[0]
    drag(app, L.hand[0].center, L.places[0].center)
    settle(app, 0.4)
    assert t.render(msg("mind_the_gap.err.target_place")) in said(t) and card in t.view.hand
    # P with a coin left: the engine's reason
    assert t.view.coins > 0 and not any(a.kind == PASS for a in t.match.legal())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    pump(app, 2)
    assert any("pass" in line.lower() for line in said(t)), said(t)
    # no coin left: a press on a pyramid card says why it cannot be taken back
    place = next(x for x in t.match.legal() if x.kind == "place")
    t.act(place)
    settle(app, 0.4)
    while t.view.coins > 0:
        t.act(next(x for x in t.match.legal() if x.kind == "discard"))
        settle(app, 0.4)
    assert not t.match.over and t.view.places[place.place] is not None
    L = t.layout()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=L.places[place.place].center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=L.places[place.place].center))
    pump(app, 2)
    assert t.render(msg("mind_the_gap.err.no_coin_takeback")) in said(t), said(t)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_partners_open_hands_are_readable_and_in_the_window(size):
    """On Easy the partners' cards were 30 px wide at scale 1 (18 px at
    800x500, their indices 4 px): they now take the left column's width,
    as far as the room under the log allows."""
    view = next(v for label, v, _ in VIEWS if label == "three-easy")
    s = scale_for(size)
    L = compute_layout(size, s, view)
    assert L.open_card >= int(40 * s), (L.open_card, s)
    assert L.open_hands.bottom <= size[1] and L.open_hands.top >= L.log.bottom
    n = max(c for i, c in enumerate(view.hand_counts) if i != view.seat)
    assert (n - 1) * int(L.open_card * 0.8) + L.open_card <= L.open_hands.w


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_status_on_two_lines_stays_clear_of_the_new_cards_tag(size):
    """Seen in a real window: "No finished pyramid is possible now: ...
    (one coin)." on two lines ran under the "new" tag of the card just
    drawn. The room of a two-line status ends above the tag and above a
    picked card's lift."""
    for label, view, coach in VIEWS:
        for name, f in CARD_SIZES.items():
            L = compute_layout(size, scale_for(size), view, coach=coach, factor=f)
            s = L.scale
            for r in L.hand:
                tag = pygame.Rect(r.x + int(2 * s), r.y - int(14 * s), r.w, int(17 * s))  # widgets.card_tag
                lifted = r.move(0, -int(10 * s))  # paint._hand: a picked card
                assert not L.status_room.colliderect(tag) and not L.status_room.colliderect(lifted), (label, size, name, L.status_room, tag)


def test_six_values_in_a_gap_stay_readable_at_every_size(app):
    """Six values on one line ("3 5 7 9 10 J") came out about 9 px high in
    a gap at 800x500; split over two lines each stays at 14 px or more."""
    from game.ui import widgets
    from game.ui.tables.mind_the_gap.paint import GapMark, _gap_help

    for label, view, coach in VIEWS:
        for size in SIZES:
            L = compute_layout(size, scale_for(size), view, coach=coach)
            surface = pygame.Surface(size)
            for place in range(1, len(L.places)):
                drawn: list = []
                widgets.RECORD = (surface, drawn)
                try:
                    _gap_help(surface, L.places[place], GapMark(place, "3 5 7 9 10 J"), L.scale)
                finally:
                    widgets.RECORD = None
                assert "".join(d[1] for d in drawn).replace(" ", "") == "357910J", drawn
                for d in drawn:
                    assert d[2].h >= 14 and L.places[place].contains(d[2]), (label, size, place, d[1], d[2])


def test_a_dead_ends_reason_fits_the_status_line_whole_at_every_size(app):
    """The gap help's dead-end reason ("... asked for two different things
    (one pair of neighbours allows: 3, 7; anot…") ended in "…" at 800x500,
    its values cut off (seen in a real window). Every reason, in both
    languages, now shows whole: on two lines where one is too long, each
    at least 9 px and inside the status band and its gaps."""
    from game.i18n import catalog, tr
    from game.ui import widgets
    from game.ui.tables.mind_the_gap.paint import status_lines

    texts = []
    for lang in ("en", "de"):
        for key in catalog(lang):
            if key.startswith("mind_the_gap.dead."):
                for n, values in ((1, "7"), (4, "3, 7, 9, 10")):
                    texts.append(tr(key, lang, row=3, pos=2, values=values, n=n, first="3, 7", second="6, 12"))
    assert len(texts) >= 20
    two_somewhere = False
    for label, view, coach in VIEWS:
        for size in SIZES:
            L = compute_layout(size, scale_for(size), view, coach=coach)
            for t in texts:
                lines, px = status_lines(t, L)
                two_somewhere |= len(lines) == 2
                assert " ".join(lines) == t and len(lines) <= 2, (size, t)
                assert px >= widgets.MIN_TEXT
                for line in lines:
                    assert widgets.font(px).size(line)[0] <= L.status.w, (label, size, line)
                gap = int(8 * L.scale)
                assert len(lines) * int(px * 1.15) <= L.status.h + 2 * gap, (label, size, t)
    assert two_somewhere  # the test's premise: some reason needs two lines somewhere
