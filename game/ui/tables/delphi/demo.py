"""Realistic Delphi tables for the screenshot tool, --smoke, the soak
harness, the benchmark and the crash tests: rounds played by computers
through the match (:meth:`~game.engine.match.Match.run`; a person's seat is
played by a stand-in, a person God's rule written by the policy's computer
God) until the wanted moment: side lines, a Prophet in office, a play or
a No Play being judged, the end of a round, the end of the game; a main
line of 100 cards; God choosing the starter and giving a hint."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from game.cards import Card
from game.engine.match import Match, Seat
from game.games.delphi import GAME
from game.games.delphi.state import DECLARE, GAME_OVER, PROPHET_PICK, PROPHET_VERDICT, ROUND_OVER, STARTER, TURN, Action, DelphiState, DelphiView
from game.ui.dragdrop import hold_over
from game.ui.kit.passdevice import PassScene
from game.ui.scene import AppServices, Scene
from game.ui.tables.delphi.explain_scene import ExplainScene
from game.ui.tables.delphi.godscene import GodScene
from game.ui.tables.delphi.setup import SetupScene, default_bot
from game.ui.tables.delphi.solo_demo import solo_scenes
from game.ui.tables.delphi.starterscene import StarterScene
from game.ui.tables.delphi.summary import RoundScene
from game.ui.tables.delphi.table import DelphiTable, start_game

GARDNER = "if last.rank is odd then card.color = black else card.color = red"
NAMES = ["Anna", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gus", "Hana"]

Until = Callable[[DelphiState], bool]


def seats(n: int, people: Iterable[int] = (0,), bots: Sequence[str] = ("cautious",)) -> list[Seat]:
    """``n`` seats named from :data:`NAMES`: people where asked, the others
    computers (``bots`` in turn)."""
    people = set(people)
    return [Seat(NAMES[i]) if i in people else Seat(NAMES[i], bots[i % len(bots)]) for i in range(n)]


def gardner(players: int = 5) -> dict:
    """A game whose first round has Gardner's rule (seat 1 is God)."""
    return {"players": players, "rounds": players, "first_god": 1, "rules": [GARDNER] + [None] * (players - 1)}


def play_to(opts: dict, seed: int, until: Until, *, people: Iterable[int] = (0,), bots: Sequence[str] = ("cautious",), stand_in: str = "cautious") -> Match | None:
    """Computers play a fresh game until ``until(state)``; None if the game
    ended first."""
    m = Match.start(GAME, opts, seed, seats(opts["players"], people, bots))
    if not m.run(lambda mm: until(mm.state), limit=3000, stand_in=stand_in):
        return None
    m.take_folds()  # what the computers played is nobody's statistics
    return m


def find(opts: dict, until: Until, *, seeds: Iterable[int] = range(1, 300), fallback: Until | None = None, **kw) -> Match:
    """The first seed on which the moment comes (or the fallback's)."""
    for want in (until, fallback):
        if want is None:
            continue
        for seed in seeds:
            m = play_to(opts, seed, want, **kw)
            if m is not None:
                return m
    return Match.start(GAME, opts, 1, seats(opts["players"], kw.get("people", (0,))))


def _anna_plays(st: DelphiState) -> bool:
    return st.phase == TURN and st.turn == 0 and st.played >= 12


# --- the moments -------------------------------------------------------------------------------
def mid_round() -> Match:
    """Five seats, Gardner's rule, side lines with a string, 24+ cards."""
    return find(
        gardner(),
        lambda st: st.phase == TURN and st.turn == 0 and st.played >= 24 and len(st.side) >= 5 and any(len(sp.cards) >= 2 for sp in st.side),
        fallback=_anna_plays,
        bots=("random", "cautious"),
        stand_in="random",
    )


def prophet_in_office() -> Match:
    return find(gardner(), lambda st: st.prophet >= 0 and st.prophet != 0 and st.phase == TURN and st.turn == 0 and st.played >= st.prophet_at + 10, fallback=_anna_plays)


def prophet_judges() -> Match:
    return find(gardner(), lambda st: st.prophet == 0 and st.phase == PROPHET_VERDICT and st.pending_kind == "play", fallback=_anna_plays)


def noplay_judged() -> Match:
    return find(gardner(), lambda st: st.pending_kind == "noplay" and st.phase in (PROPHET_VERDICT, PROPHET_PICK) and st.prophet == 0, fallback=_anna_plays)


def round_over() -> Match:
    return find(gardner(), lambda st: st.phase == ROUND_OVER and bool(st.results) and st.results[-1].prophet >= 0, fallback=lambda st: st.phase == ROUND_OVER, people=(0, 2))


def game_over() -> Match:
    opts = {"players": 3, "rounds": 2, "first_god": 1, "rules": ["card.color != last.color", "card.rank is odd"]}
    return find(opts, lambda st: st.phase == GAME_OVER, people=(0, 2))


def setrule(players: int = 4, god: int = 0) -> Match:
    """The first round about to begin, a person (Anna) God."""
    return Match.start(GAME, {"players": players, "rounds": players, "first_god": god}, 7, seats(players))


def _sorted_hand(st: DelphiState) -> tuple[tuple[Card, ...], list[Card], list[Card]]:
    """The hand on turn, and its different cards that fit and that do not."""
    hand = st.hands[st.turn]
    kinds = sorted(set(hand))
    return hand, [c for c in kinds if GAME.fits(st, c)], [c for c in kinds if not GAME.fits(st, c)]


class Stager:
    """Plays every seat of a long round with the engine's own verdicts, so
    that the round lasts (bots end rounds sooner): mostly right cards, now
    and then a wrong one or a string, Prophets that fall after a while.  It
    reads the whole table through its match; a demo's stand-in only."""

    name = "stager"

    def __init__(self, match: Match, rng: random.Random) -> None:
        self.match = match
        self.rng = rng

    def choose(self, view: DelphiView, legal: Sequence[Action], _rng: random.Random) -> Action:
        st, rng = self.match.state, self.rng
        if st.phase == TURN:
            hand, right, wrong = _sorted_hand(st)
            safe = st.played < st.expel_after
            if wrong and len(hand) > 4 and safe and rng.random() < 0.5:
                return Action("play", tuple(rng.sample(wrong, 2 if len(wrong) > 1 and rng.random() < 0.3 else 1)))
            if right and (len(hand) > 2 or st.turn == 0):
                return Action("play", (rng.choice(right),))
            return Action("play", (rng.choice(wrong),)) if wrong and safe else Action("noplay")
        if st.phase == DECLARE:
            return Action("prophet") if rng.random() < 0.6 and st.played >= 8 else Action("pass")
        if st.phase == PROPHET_VERDICT:
            truth = GAME.truth_play(st, st.pending) if st.pending_kind == "play" else GAME.truth_noplay(st, st.hands[st.turn])
            return Action("verdict", n=int(truth != (st.played >= st.prophet_at + 18)))
        if st.phase == PROPHET_PICK:
            fits = [c for c in st.hands[st.turn] if GAME.fits(st, c)]
            return Action("pick", (fits[0] if fits else st.hands[st.turn][0],))
        return legal[0]


class LineStager(Stager):
    """A stand-in that makes the main line long: right cards whenever it
    can; a hand down to two cards declares a wrong No Play (God lays a
    fitting card, five cards come: No Play never expels); wrong plays and
    strings only while they cannot expel; one Prophet who judges right."""

    def choose(self, view: DelphiView, legal: Sequence[Action], _rng: random.Random) -> Action:
        st, rng = self.match.state, self.rng
        if st.phase == TURN:
            hand, right, wrong = _sorted_hand(st)
            if right and len(hand) <= 2 and len(st.deck) >= 5:
                return Action("noplay")
            if wrong and st.played < st.expel_after - 2 and len(hand) > 3 and rng.random() < 0.35:
                return Action("play", tuple(rng.sample(wrong, 2 if len(wrong) > 1 and rng.random() < 0.25 else 1)))
            if right:
                return Action("play", (rng.choice(right),))
            return Action("play", (rng.choice(wrong),)) if len(hand) > 4 else Action("noplay")
        if st.phase == DECLARE:
            return Action("prophet") if st.prophet < 0 and not any(st.been_prophet) and st.played >= 40 else Action("pass")
        if st.phase == PROPHET_VERDICT:
            truth = GAME.truth_play(st, st.pending) if st.pending_kind == "play" else GAME.truth_noplay(st, st.hands[st.turn])
            return Action("verdict", n=int(truth))
        return super().choose(view, legal, _rng)


def long_line(target: int = 100, seed: int = 4, players: int = 6) -> Match:
    """Six seats and a main line of 100 cards (seed 4 reaches 101 at Anna's
    turn, with 20 side plays and a Prophet standing); Anna (seat 0) is at the
    screen, computers in the other seats."""
    opts = {"players": players, "rounds": players, "first_god": 1, "rules": ["card.suit != last.suit or card.rank = last.rank"] + [None] * (players - 1)}
    staged = Match.start(GAME, opts, seed, seats(players, people=range(players)))
    staged.run(lambda m: m.state.phase == ROUND_OVER or (m.state.phase == TURN and m.state.turn == 0 and len(m.state.main) >= target), limit=4000, stand_in=LineStager(staged, random.Random(seed)))
    return Match(staged.runner, seats(players))


class DeepStager(LineStager):
    """Wrong plays (and strings) one after another until just before wrong
    plays expel, so they all hang under the starter; then a long main line."""

    def choose(self, view: DelphiView, legal: Sequence[Action], _rng: random.Random) -> Action:
        st, rng = self.match.state, self.rng
        if st.phase == TURN and st.played < st.expel_after - 2:
            hand, _, wrong = _sorted_hand(st)
            if wrong and len(hand) > 3:
                return Action("play", tuple(rng.sample(wrong, 2 if len(wrong) > 1 and rng.random() < 0.3 else 1)))
        return super().choose(view, legal, _rng)


def deep_side(target: int = 24, seed: int = 5, players: int = 5) -> Match:
    """A deep side line under the starter (some 20 wrong plays, strings
    among them) and a main line of ``target`` cards after it: more than a
    column holds at the readable card width in any window."""
    opts = {"players": players, "rounds": players, "first_god": 1, "rules": ["card.color != last.color"] + [None] * (players - 1)}
    staged = Match.start(GAME, opts, seed, seats(players, people=range(players)))
    staged.run(lambda m: m.state.phase == ROUND_OVER or (m.state.phase == TURN and m.state.turn == 0 and len(m.state.main) >= target), limit=4000, stand_in=DeepStager(staged, random.Random(seed)))
    return Match(staged.runner, seats(players))


#: ``card.rank > last.rank``: no card can follow a King
HIGHER = "card.rank > last.rank"


def starter_choice() -> Match:
    """A person God (Anna) whose rule, ``card.rank > last.rank``, was dealt a
    King as starter: God may lay another."""
    opts = {"players": 4, "rounds": 4, "first_god": 0, "rules": [HIGHER, None, None, None]}
    seed = next(k for k in range(1, 500) if GAME.new_game(opts, k).phase == STARTER)
    return Match.start(GAME, opts, seed, seats(4))


def hinted() -> Match:
    """Five seats, Gardner's rule, God's hint on the table, Anna to play."""
    opts = gardner()
    opts["rules"][0] = {"rule": GARDNER, "hint": "Only the colour of the card matters, and it depends on the last card."}
    return find(opts, _anna_plays)


def crowded(target: int = 100, seed: int = 3, players: int = 5) -> Match:
    """Five seats and a very long round: a hundred cards down (God's deck
    nearly spent), long side columns, Prophets rising and falling."""
    opts = {"players": players, "rounds": players, "first_god": 1, "rules": ["card.suit != last.suit or card.rank = last.rank"] + [None] * (players - 1)}
    staged = Match.start(GAME, opts, seed, seats(players, people=range(players)))
    staged.run(lambda m: m.state.phase == ROUND_OVER or (m.state.phase == TURN and m.state.turn == 0 and m.state.played >= target), limit=4000, stand_in=Stager(staged, random.Random(seed)))
    return Match(staged.runner, seats(players))


# --- factories -------------------------------------------------------------------------------------
def table(app: AppServices, match: Match, prep: Callable[[DelphiTable], None] | None = None) -> DelphiTable:
    t = DelphiTable(app, match)
    if prep is not None:
        t.prepare_shot = lambda: prep(t)
    return t


def scene_factories(app: AppServices) -> list[tuple[str, Callable[[], Scene]]]:
    def at(make: Callable[[], Match], prep: Callable[[DelphiTable], None] | None = None) -> Callable[[], Scene]:
        return lambda: table(app, make(), prep)

    def god(text: str = "", mode: str = "write", library: bool = False, hint: str = "") -> Callable[[], Scene]:
        def prep(t: DelphiTable) -> None:
            g = app.scenes.top
            if isinstance(g, GodScene):
                g.set_mode(mode)
                g.set_text(text)
                if hint:
                    g.hint = hint
                    g.rebuild_ui()
                g.analyser.wait()
                if library:
                    g.open_library()

        return at(setrule, prep)

    def pick_starter(t: DelphiTable) -> None:
        top = app.scenes.top
        if isinstance(top, StarterScene) and top.cards():
            top.choose(min(3, len(top.cards()) - 1))

    return [
        ("delphi-setup", lambda: SetupScene(app)),
        ("delphi-god-write", god("card.rank > last.rank and card.rank > last2.rank")),
        ("delphi-god-error", god("if last.rank is odd card.color = black")),
        ("delphi-god-ok", god(GARDNER)),
        ("delphi-god-hint", god(GARDNER, hint="Only the colour counts.")),
        ("delphi-god-starter", at(starter_choice, pick_starter)),
        ("delphi-god-library", god(library=True)),
        ("delphi-god-hand", god(mode="hand")),
        ("delphi-pass", lambda: PassScene(app, "Ben", lambda: None)),
        ("delphi-table", at(mid_round)),
        ("delphi-string", at(mid_round, lambda t: choose_string(app, t))),
        ("delphi-drag", at(mid_round, lambda t: drag_card(app, t))),
        ("delphi-prophet", at(prophet_in_office)),
        ("delphi-prophet-judges", at(prophet_judges)),
        ("delphi-noplay", at(noplay_judged)),
        ("delphi-crowded", at(crowded)),
        ("delphi-long-line", at(long_line)),
        ("delphi-long-line-back", at(long_line, lambda t: t.scroll_line(40))),
        ("delphi-deep-side", at(deep_side, lambda t: t.scroll_line(40))),
        ("delphi-deep-side-sheet", at(deep_side, _first_sheet)),
        ("delphi-notebook", at(mid_round, _notebook)),
        ("delphi-hint", at(hinted)),
        ("delphi-god-view", at(lambda: Match(mid_round().runner, seats(5, people=(1,))))),
        ("delphi-round-summary", at(round_over)),
        ("delphi-round-summary-notes", at(round_over, _noted)),
        ("delphi-round-explain", at(round_over, lambda t: _explained(app))),
        ("delphi-game-over", at(game_over)),
        *solo_scenes(app),
    ]


#: what a player might write down while finding Gardner's rule
NOTES = "red after black, black after red?\nno: 9♠ then 9♥ was right\nodd last card -> black"


def _notebook(t: DelphiTable) -> None:
    """The notebook open, with a few hypotheses in it."""
    if t.viewer is not None:
        t.model.write_note(t.viewer, NOTES)
    t.toggle_notebook()


def _noted(t: DelphiTable) -> None:
    """Two players' notes, for the round's result."""
    t.model.write_note(0, NOTES)
    t.model.write_note(2, "something with the ranks?")
    top = t.app.scenes.top
    if isinstance(top, Scene) and top is not t:
        top.rebuild_ui()  # the sheet grows for the notes


def _explained(app: Any) -> None:
    """The round's narrowing over its result, worked out."""
    top = app.scenes.top
    if isinstance(top, RoundScene):
        top.explain()
    sc = app.scenes.top
    if isinstance(sc, ExplainScene):
        sc.job().thread.join()


def _first_sheet(t: DelphiTable) -> None:
    """The side line under the starter, open on its sheet."""
    t.scroll_line(40)
    t.open_sheet(0)


def _click_card(app: Any, t: DelphiTable, i: int) -> None:
    r = t.layout().hand.rects[i]
    p = (r.x + 8, r.y + r.h // 2)
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1)])
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)])


def choose_string(app: Any, t: DelphiTable) -> None:
    """Click three hand cards: they rise and carry their order numbers."""
    n = len(t.hand())
    for i in (min(5, n - 1), 1, min(9, n - 1)):
        if i not in t.model.chosen:
            _click_card(app, t, i)


def drag_card(app: Any, t: DelphiTable) -> None:
    """Pick up a hand card and hold it over the tableau."""
    L = t.layout()
    if not L.hand.rects:
        return
    r = L.hand.rects[min(3, len(L.hand.rects) - 1)]
    target = L.tableau.slot.center if L.tableau.slot is not None else L.tableau.area.center
    hold_over(app, (r.x + 8, r.y + 20), target, offset=(6, 8))


def bench_scene(app: AppServices) -> tuple[DelphiTable, tuple[int, int], tuple[int, int]]:
    """A crowded table and a drag path from a hand card to the main line."""
    t = DelphiTable(app, crowded())
    app.scenes.reset(t)
    L = t.layout()
    start = L.hand.rects[0].center if L.hand.rects else (100, 100)
    end = L.tableau.slot.center if L.tableau.slot is not None else L.tableau.area.center
    return t, start, end


def open_autoplay(app: AppServices, seed: int) -> DelphiTable:
    """Computer players on every seat, computer Gods every round."""
    n = 4
    bot = default_bot()
    return start_game(app, {"players": n, "rounds": n, "first_god": 0}, seed, {"names": NAMES[:n], "bots": [bot] * n, "levels": ["medium"] * n})
