"""Mind the Gap tables in realistic positions, for the screenshots, the
smoke run, the soak and the frame benchmark, and a table the computers
play by themselves (the crash test).  Positions are reached by letting
the computers play through :meth:`Match.run`."""

from __future__ import annotations

import random
from dataclasses import replace

from game.engine.match import Match, Seat
from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui.dragdrop import hold_over
from game.ui.kit.celebrate import seconds_for
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.passdevice import PassScene
from game.ui.tables.mind_the_gap.setup import SetupScene
from game.ui.tables.mind_the_gap.table import MtgTable, ask_who_begins, start_game
from game.ui.tables.mind_the_gap.tutorial import tutorial_table

NAMES = ("Anna", "Ben", "Cleo")
TWO = {"players": 2, "level": "normal"}


def played(options: dict, seed: int, moves: int, **meta) -> Match:
    """A deal on which the careful computer played ``moves`` moves for
    every seat (or to the end)."""
    seats = [Seat(n) for n in NAMES[: options["players"]]]
    m = Match.start(mtg.GAME, options, seed, seats, meta=meta, rng=random.Random(3))
    m.run(lambda mm: len(mm.actions) >= moves, stand_in="seed")
    return m


def finished(won: bool) -> Match:
    for seed in range(1, 400):
        m = played(TWO, seed, 200)
        if m.over and bool(m.outcome and m.outcome.won) == won:
            return m
    raise RuntimeError("no finished deal found")


def mid_game(seed: int = 11, moves: int = 5, discards: int = 0, options: dict | None = None, **meta) -> Match:
    """The first deal from ``seed`` on that is still running after
    ``moves`` moves with at least ``discards`` cards on the pile."""
    opts = options or TWO
    first = None
    for sd in range(seed, seed + 200):
        m = played(opts, sd, moves, **meta)
        if not m.over and len(m.state.discard) >= discards:
            return m
        first = first or m
    assert first is not None
    return first


def shown(app, match: Match, seat: int | None = None) -> MtgTable:
    """A table showing ``seat``'s hand (default: the seat to play), as
    after the pass screen."""
    who = match.current if seat is None else seat
    if who is not None:
        match.handed_to(who)
    return MtgTable(app, match)


def hold_card_over_gap(app, t: MtgTable) -> None:
    """Pick up a hand card with a legal gap and hold it over that gap."""
    L = t.layout()
    for src in t.drag_sources():
        gaps = [z for z in t.drag_legal(src.payload) if z[0] == "place"]
        if src.payload[0] == "hand" and gaps:
            hold_over(app, src.rect.center, L.places[gaps[0][1]].center, offset=(8, 10))
            return


def scene_factories(app):
    def drag():
        t = shown(app, mid_game(seed=21, moves=3))
        t.prepare_shot = lambda: hold_card_over_gap(app, t)
        return t

    def tutorial():
        t = tutorial_table(app)
        t.prepare_shot = lambda: t.skip_to(4)
        return t

    def log_scrolled():
        t = shown(app, mid_game(seed=3, moves=16, options={"players": 2, "level": "normal", "coins": 12}))
        t.prepare_shot = lambda: t.scroll_log(3)
        return t

    def celebration():
        """The team's win, 0.7 s into the celebration (as at normal speed:
        shots run with animations off, which show the result at once)."""
        t = shown(app, finished(True), 0)

        def prep():
            if app.scenes.top is not t:
                app.pop()  # the result panel came at once
            assert t.match.outcome is not None
            t.celebrate(t.match.outcome, seconds=seconds_for(1.0))
            if t.party.celebration is not None:
                t.party.celebration.update(0.7)

        t.prepare_shot = prep
        return t

    def who_begins():
        t = shown(app, finished(True), 0)
        t.match.meta = replace(t.model.meta, series=mtg.Series.start(TWO, 7).with_result(4))
        t.prepare_shot = lambda: ask_who_begins(app, t)
        return t

    return [
        ("mind-the-gap-setup", lambda: SetupScene(app)),
        ("mind-the-gap-table-helper", lambda: shown(app, mid_game(helper=True))),
        ("mind-the-gap-pass", lambda: PassScene(app, "Ben", lambda: None)),
        ("mind-the-gap-solo", lambda: shown(app, mid_game(seed=31, moves=2, options={"players": 1, "level": "normal"}), 0)),
        ("mind-the-gap-drag", drag),
        ("mind-the-gap-discards", lambda: shown(app, mid_game(seed=5, moves=12, discards=5))),
        ("mind-the-gap-won", lambda: shown(app, finished(True), 0)),
        ("mind-the-gap-lost", lambda: shown(app, finished(False), 0)),
        ("mind-the-gap-tutorial", tutorial),
        # its first step says the most (the intro and the step): the text-fit check reads it
        ("mind-the-gap-tutorial-start", lambda: tutorial_table(app)),
        # Easy: the partners' hands open in the left column
        ("mind-the-gap-easy", lambda: shown(app, mid_game(seed=4, moves=4, options={"players": 3, "level": "easy"}))),
        ("mind-the-gap-no-coins", lambda: shown(app, mid_game(seed=8, moves=3, options={"players": 2, "level": "hard", "coins": 0}))),
        ("mind-the-gap-log-scrolled", log_scrolled),
        ("mind-the-gap-who-begins", who_begins),
        ("mind-the-gap-celebration", celebration),
        ("mind-the-gap-pay-coin", lambda: ConfirmScene(
            app,
            tr("mind_the_gap.ui.pay_coin_title"),
            tr("mind_the_gap.ui.pay_coin_discard", card="7♥", coins=2),
            lambda: None,
            yes=tr("mind_the_gap.ui.pay_coin_yes"),
            no=tr("ui.cancel"),
        )),
    ]


def bench_scene(app):
    """A full table (3 players, several discards) and a drag path from a
    hand card across the pyramid, for the frame-time benchmark."""
    t = shown(app, mid_game(seed=9, moves=10, options={"players": 3, "level": "normal", "coins": 12}, helper=True))
    app.scenes.reset(t)
    L = t.layout()
    start = L.hand[0].center if L.hand else (100, 100)
    return t, start, L.places[len(L.places) - 1].center


def open_autoplay(app, seed: int) -> MtgTable:
    """Computer teammates on every seat (the crash test)."""
    return start_game(app, dict(TWO), seed, {"names": ["A", "B"], "bots": ["seed", "seed"]})
