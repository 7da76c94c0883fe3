"""Realistic Delphi tables for the screenshot tool, --smoke, the soak
harness, the benchmark and the crash tests: rounds played by the engine's
own bots until the wanted moment (side lines, a Prophet in office, a No
Play being judged, the end of a round)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine import GameRunner
from game.games.delphi.bots import choose_library_rule

GARDNER = "if last.rank is odd then card.color = black else card.color = red"
NAMES = ["Anna", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gus", "Hana"]


def _engine():
    from game.games.delphi import BOTS, GAME

    return GAME, BOTS


def _bot(kind: str):
    _, BOTS = _engine()
    return (BOTS.get(kind) or next(iter(BOTS.values())))()


def play_until(opts: dict, seed: int, kinds: list[str], until: Callable, limit: int = 3000) -> GameRunner | None:
    """Bots play from a fresh game until ``until(state)``; None if the
    moment never came (the round or game ended first)."""
    GAME, _ = _engine()
    r = GameRunner.start(GAME, opts, seed)
    rng = random.Random(seed)
    bots = [_bot(k) for k in kinds]
    for _ in range(limit):
        st = r.state
        if until(st):
            return r
        if GAME.outcome(st) is not None:
            return None
        if st.phase == "round-over":
            r.play(GAME.action_from_text("next"))
            continue
        if st.phase == "setrule":  # a computer God draws a library rule
            r.play(GAME.action_from_text("rule " + choose_library_rule("medium", rng)))
            continue
        seat = GAME.current_player(st)
        r.play(bots[seat].choose(GAME.view(st, seat), GAME.legal_actions(st), rng))
    return None


def find(opts: dict, kinds: list[str], until: Callable, seeds=range(1, 300), fallback: Callable | None = None) -> GameRunner:
    for seed in seeds:
        r = play_until(opts, seed, kinds, until)
        if r is not None:
            return r
    if fallback is not None:
        for seed in seeds:
            r = play_until(opts, seed, kinds, fallback)
            if r is not None:
                return r
    GAME, _ = _engine()
    return GameRunner.start(GAME, opts, 1)


def _table(app, runner, viewer: int | None, humans=(0,), names=None, live: bool = False):
    """A table with ``viewer`` at the screen from the start (no pass
    screen).  ``live``: play goes on at once (computers move, the round's
    end shows its summary); otherwise the table holds still for a shot."""
    from game.ui.tables.delphi.table import DelphiTable

    n = runner.state.players
    meta = {
        "names": (names or NAMES)[:n],
        "bots": [None if i in humans else "cautious" for i in range(n)],
        "levels": ["medium"] * n,
    }
    t = DelphiTable(app, runner, meta)

    def begin() -> None:
        t.viewer = viewer
        t.on_viewer_changed()
        if live:
            t.advance(first=True)

    t.begin = begin
    return t


# --- the moments -------------------------------------------------------------------------------
def mid_round() -> GameRunner:
    """Five seats, Gardner's rule, side lines with a string, 24+ cards."""
    opts = {"players": 5, "rounds": 5, "first_god": 1, "rules": [GARDNER] + [None] * 4}
    return find(
        opts,
        ["random", "cautious", "random", "cautious", "random"],
        lambda st: st.phase == "turn" and st.turn == 0 and st.played >= 24 and len(st.side) >= 5 and any(len(sp.cards) >= 2 for sp in st.side),
        fallback=lambda st: st.phase == "turn" and st.turn == 0 and st.played >= 12,
    )


def prophet_in_office() -> GameRunner:
    opts = {"players": 5, "rounds": 5, "first_god": 1, "rules": [GARDNER] + [None] * 4}
    return find(
        opts,
        ["cautious"] * 5,
        lambda st: st.prophet >= 0 and st.prophet != 0 and st.phase == "turn" and st.turn == 0 and st.played >= st.prophet_at + 10,
        fallback=lambda st: st.phase == "turn" and st.turn == 0 and st.played >= 12,
    )


def prophet_judges() -> GameRunner:
    opts = {"players": 5, "rounds": 5, "first_god": 1, "rules": [GARDNER] + [None] * 4}
    return find(
        opts,
        ["cautious"] * 5,
        lambda st: st.prophet == 0 and st.phase == "prophet-verdict" and st.pending_kind == "play",
        fallback=lambda st: st.phase == "turn" and st.turn == 0 and st.played >= 12,
    )


def noplay_judged() -> GameRunner:
    opts = {"players": 5, "rounds": 5, "first_god": 1, "rules": [GARDNER] + [None] * 4}
    return find(
        opts,
        ["cautious"] * 5,
        lambda st: st.pending_kind == "noplay" and st.phase in ("prophet-verdict", "prophet-pick") and st.prophet == 0,
        fallback=lambda st: st.phase == "turn" and st.turn == 0 and st.played >= 12,
    )


def crowded(target: int = 100, seed: int = 3, players: int = 5) -> GameRunner:
    """Five seats and a very long round: a hundred cards down (God's deck nearly spent),
    long side columns, Prophets rising and falling.  Scripted with the
    engine's own verdicts so the round lasts (bots end rounds sooner)."""
    GAME, _ = _engine()
    from game.games.delphi.state import Action

    opts = {"players": players, "rounds": players, "first_god": 1, "rules": ["card.suit != last.suit or card.rank = last.rank"] + [None] * (players - 1)}
    r = GameRunner.start(GAME, opts, seed)
    rng = random.Random(seed)
    for _ in range(4000):
        st = r.state
        if GAME.outcome(st) is not None or st.phase == "round-over":
            break
        if st.phase == "turn" and st.turn == 0 and st.played >= target:
            break
        legal = GAME.legal_actions(st)
        if st.phase == "turn":
            hand = st.hands[st.turn]
            kinds = sorted(set(hand))
            right = [c for c in kinds if GAME.fits(st, c)]
            wrong = [c for c in kinds if not GAME.fits(st, c)]
            safe = (st.prophet >= 0 and st.played < st.expel_after) or (st.prophet < 0 and st.played < st.expel_after)
            if wrong and len(hand) > 4 and safe and rng.random() < 0.5:
                k = 2 if len(wrong) > 1 and rng.random() < 0.3 else 1
                a = Action("play", tuple(rng.sample(wrong, k)))
            elif right and (len(hand) > 2 or st.turn == 0):
                a = Action("play", (rng.choice(right),))
            elif wrong and safe:
                a = Action("play", (rng.choice(wrong),))
            else:
                a = Action("noplay")
        elif st.phase == "declare":
            a = Action("prophet") if rng.random() < 0.6 and st.played >= 8 else Action("pass")
        elif st.phase == "prophet-verdict":
            truth = GAME.truth_play(st, st.pending) if st.pending_kind == "play" else GAME.truth_noplay(st, st.hands[st.turn])
            fall = st.played >= st.prophet_at + 18
            a = Action("verdict", n=int(truth != fall))
        elif st.phase == "prophet-pick":
            fits = [c for c in st.hands[st.turn] if GAME.fits(st, c)]
            a = Action("pick", (fits[0] if fits else st.hands[st.turn][0],))
        else:
            a = legal[0]
        r.play(a)
    return r


def round_over() -> GameRunner:
    opts = {"players": 5, "rounds": 5, "first_god": 1, "rules": [GARDNER] + [None] * 4}
    return find(opts, ["cautious"] * 5, lambda st: st.phase == "round-over" and st.results and st.results[-1].prophet >= 0, fallback=lambda st: st.phase == "round-over")


def game_over() -> GameRunner:
    opts = {"players": 3, "rounds": 2, "first_god": 1, "rules": ["card.color != last.color", "card.rank is odd"]}
    return find(opts, ["cautious"] * 3, lambda st: st.phase == "game-over")


def setrule(players: int = 4, god: int = 0) -> GameRunner:
    GAME, _ = _engine()
    return GameRunner.start(GAME, {"players": players, "rounds": players, "first_god": god}, 7)


# --- factories -------------------------------------------------------------------------------------
def scene_factories(app):
    from game.ui.scenes.passdevice import PassScene
    from game.ui.tables.delphi.setup import SetupScene

    def table(make, viewer=0, humans=(0,), prep=None):
        def build():
            r = make()
            v = viewer(r) if callable(viewer) else viewer
            t = _table(app, r, v, humans=humans)
            if prep is not None:
                t.prepare_shot = lambda: prep(app, t)
            return t

        return build

    def god(text: str, mode: str = "write", library: bool = False):
        def build():
            from game.ui.tables.delphi.godscene import GodScene, LibraryScene

            t = _table(app, setrule(), 0, humans=(0, 2))

            def begin() -> None:
                t.viewer = 0
                g = GodScene(app, t, text=text, mode=mode)
                app.push(g)
                if library:
                    app.push(LibraryScene(app, g.set_text))
                t._god = g

            t.begin = begin
            t.prepare_shot = lambda: t._god.analyser.wait()
            return t

        return build

    def summary(make, final=False):
        def build():
            from game.ui.tables.delphi.summary import RoundScene

            r = make()
            t = _table(app, r, None, humans=(0, 2))

            def begin() -> None:
                t.viewer = None
                if final:
                    t.finished = True
                    app.push(RoundScene(app, t, final=True, outcome=t.game.outcome(t.state)))
                else:
                    t.open_summary()

            t.begin = begin
            return t

        return build

    return [
        ("delphi-setup", lambda: SetupScene(app)),
        ("delphi-god-write", god("card.rank > last.rank and card.rank > last2.rank")),
        ("delphi-god-error", god("if last.rank is odd card.color = black")),
        ("delphi-god-ok", god(GARDNER)),
        ("delphi-god-library", god("", library=True)),
        ("delphi-god-hand", god("", mode="hand")),
        ("delphi-pass", lambda: PassScene(app, "Ben", lambda: None)),
        ("delphi-table", table(mid_round)),
        ("delphi-string", table(mid_round, prep=_choose_string)),
        ("delphi-drag", table(mid_round, prep=_drag_card)),
        ("delphi-prophet", table(prophet_in_office)),
        ("delphi-prophet-judges", table(prophet_judges)),
        ("delphi-noplay", table(noplay_judged)),
        ("delphi-crowded", table(crowded)),
        ("delphi-god-view", table(mid_round, viewer=lambda r: r.state.god, humans=(1,))),
        ("delphi-round-summary", summary(round_over)),
        ("delphi-game-over", summary(game_over, final=True)),
    ]


def _events(app, events) -> None:
    app.step(1 / 60, events=events)


def _click_card(app, t, i: int) -> None:
    import pygame

    r = t.layout().hand.rects[i]
    p = (r.x + 8, r.y + r.h // 2)
    _events(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1)])
    _events(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)])


def _choose_string(app, t) -> None:
    """Click three hand cards: they rise and carry their order numbers."""
    n = len(t.hand())
    for i in (min(5, n - 1), 1, min(9, n - 1)):
        if i not in t.chosen:
            _click_card(app, t, i)


def _drag_card(app, t) -> None:
    """Pick up a hand card and hold it over the tableau."""
    from game.ui.dragdrop import hold_over

    L = t.layout()
    if not L.hand.rects:
        return
    r = L.hand.rects[min(3, len(L.hand.rects) - 1)]
    start = (r.x + 8, r.y + 20)
    target = L.tableau.slot.center if L.tableau.slot is not None else L.tableau.area.center
    hold_over(app, start, target, offset=(6, 8))


def bench_scene(app):
    """A crowded table and a drag path from a hand card to the main line."""
    t = _table(app, crowded(), 0)
    app.scenes.reset(t)
    L = t.layout()
    start = L.hand.rects[0].center if L.hand.rects else (100, 100)
    end = L.tableau.slot.center if L.tableau.slot is not None else L.tableau.area.center
    return t, start, end


def open_autoplay(app, seed: int):
    """Computer players on every seat, computer Gods every round."""
    from game.games.delphi import GAME
    from game.ui.table import seat_table
    from game.ui.tables.delphi.setup import default_bot
    from game.ui.tables.delphi.table import DelphiTable

    n = 4
    runner = GameRunner.start(GAME, {"players": n, "rounds": n, "first_god": 0}, seed)
    bot = default_bot()
    t = DelphiTable(app, runner, {"names": NAMES[:n], "bots": [bot] * n, "levels": ["medium"] * n})
    seat_table(app, t)
    t.autosave()
    return t
