"""Runs in realistic states for the screenshots, ``--smoke``, the soak and
the bench: positions the simple bot reaches on some deal (through
:meth:`Match.run`), then seated with names, people and computers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine.match import Match, seats_from
from game.engine.runner import GameRunner
from game.games.runs import GAME
from game.games.runs.deck import NEIGHBOURS, run_starts
from game.games.runs.policy import RunsMeta
from game.games.runs.rules import TABLE_RULES
from game.games.runs.state import DRAW, PHASE_BREAK, PHASE_OVER, PHASE_PLAY, PLAY_ACTIONS, RunsState
from game.ui.dragdrop import hold_over
from game.ui.scene import AppServices, Scene
from game.ui.tables.runs.model import RunsMatch
from game.ui.tables.runs.overlays import RoundSummaryScene
from game.ui.tables.runs.setup import SetupScene
from game.ui.tables.runs.table import RunsTable

NAMES = ["Anna", "Ben", "Cleo", "Dana", "Emil", "Fynn"]
COMPUTERS = ["strong", "simple", "strong", "simple", "strong"]


def find_runner(options: dict, want: Callable[[RunsState], bool], seeds: Sequence[int] = range(1, 300)) -> GameRunner:
    """The first position (over seeds, then moves) where ``want(state)``,
    the simple bot playing every seat."""
    for sd in seeds:
        match = Match.start(GAME, options, sd)
        if match.run(lambda m: want(m.state), limit=3000, stand_in="simple"):
            return match.runner
    raise RuntimeError("no such position found")


def table_for(
    app: AppServices, runner: GameRunner, bots: Sequence[str | None] | None = None, names: Sequence[str] | None = None, *, at_screen: int | None = None, auto_draw: bool | None = None
) -> RunsTable:
    """A table for a position: seat 0 a person and computers elsewhere
    unless ``bots`` says otherwise; ``at_screen`` has the device already."""
    n = runner.state.players
    kinds = list(bots if bots is not None else [None, *COMPUTERS])[:n]
    seat_names = list(names or NAMES)[:n]
    meta = None if auto_draw is None else RunsMeta(auto_draw=auto_draw)  # None: the player's setting
    match: RunsMatch = Match(runner, seats_from(seat_names, kinds), meta=meta)
    if at_screen is not None:
        match.handed_to(at_screen)
    return RunsTable(app, match)


def mid_round(seat: int = 0, min_chain: int = 4, min_playable: int = 1, players: int = 4, rounds: int = 5, wrap: bool = False, min_round: int = 1, min_hand: int = 6) -> GameRunner:
    def want(st: RunsState) -> bool:
        if st.phase != PHASE_PLAY or st.turn != seat or st.round < min_round:
            return False
        p = GAME.playable(st, seat)
        return len(st.chain) >= min_chain and len(p) >= min_playable and len(st.hands[seat]) >= min_hand and not GAME.chain_dead(st)

    return find_runner({"players": players, "rounds": rounds, "wrap": wrap}, want)


def drawing(seat: int = 0, players: int = 3) -> GameRunner:
    """The run is dead (both neighbours gone) and ``seat`` must draw, the pile still big."""

    def want(st: RunsState) -> bool:
        return st.phase == PHASE_PLAY and st.turn == seat and GAME.chain_dead(st) and len(st.pile) >= 8 and GAME.forced_action(st) is not None

    return find_runner({"players": players, "rounds": 5}, want)


def at_break(round_no: int = 2, players: int = 4, rounds: int = 5) -> GameRunner:
    return find_runner({"players": players, "rounds": rounds}, lambda st: st.phase == PHASE_BREAK and st.round >= round_no, seeds=range(5, 40))


def finished(players: int = 4) -> GameRunner:
    return find_runner({"players": players, "rounds": 5}, lambda st: st.phase == PHASE_OVER, seeds=range(7, 40))


def one_card_then_a_forced_draw() -> GameRunner:
    """Two players: seat 0 to play with exactly one card that follows,
    after which seat 1 has nothing to play and must draw."""

    def want(st: RunsState) -> bool:
        if st.phase != PHASE_PLAY or st.turn != 0 or GAME.chain_dead(st) or len(st.hands[0]) < 4:
            return False
        plays = GAME.playable(st, 0)
        if len(plays) != 1:
            return False
        after = GAME.apply(st, PLAY_ACTIONS[plays[0]])
        forced = GAME.forced_action(after)
        return after.phase == PHASE_PLAY and after.turn == 1 and forced is not None and forced.kind == DRAW

    return find_runner({"players": 2, "rounds": 5}, want)


def closing_choice(new_run: bool = False, players: int = 3) -> GameRunner:
    """``seat`` 0 to play, one of its lit cards would end the run (marked)."""

    def want(st: RunsState) -> bool:
        if st.phase != PHASE_PLAY or st.turn != 0 or len(st.chain) < 3 or GAME.chain_dead(st):
            return False
        view = GAME.view(st, 0)
        return bool(view.closing) and len(view.playable) >= 1 and len(st.hands[0]) >= 4

    return find_runner({"players": players, "rounds": 5, "new_run": new_run}, want)


def new_runs(players: int = 3, closed: int = 2, start: bool = False) -> GameRunner:
    """House rule "new run", seat 0 to play with at least ``closed`` runs
    closed earlier in the round; with ``start`` the last run is closed too
    and seat 0 starts the next one."""

    def want(st: RunsState) -> bool:
        if st.phase != PHASE_PLAY or st.turn != 0 or len(st.hands[0]) < 4:
            return False
        runs = len(run_starts(st.chain, st.wrap))
        if start:
            return GAME.chain_dead(st) and runs >= closed
        return not GAME.chain_dead(st) and runs > closed and bool(GAME.playable(st, 0))

    return find_runner({"players": players, "rounds": 5, "new_run": True}, want)


def stopped_then_touching(players: int = 3) -> GameRunner:
    """The table's rules (a stop): seat 0 to play after a run was begun
    with a card that touches the last card of the run a stop closed (a
    table drew the two as one run)."""

    def want(st: RunsState) -> bool:
        if st.phase != PHASE_PLAY or st.turn != 0 or len(st.starts) < 2 or not GAME.playable(st, 0):
            return False
        i = st.starts[-1]
        return i > 0 and st.chain[i] in NEIGHBOURS[st.wrap][st.chain[i - 1]] and len(st.chain) - i >= 2

    return find_runner({"players": players, "rounds": 5, **TABLE_RULES}, want)


def many_closed(players: int = 3, closed: int = 20) -> GameRunner:
    """The table's rules late in a round: seat 0 to play with at least
    ``closed`` runs closed earlier in the round (a stop closes a run after
    one turn without a card, so a round closes 30 to 40 of them)."""

    def want(st: RunsState) -> bool:
        return st.phase == PHASE_PLAY and st.turn == 0 and len(st.starts) > closed and bool(GAME.playable(st, 0))

    return find_runner({"players": players, "rounds": 5, **TABLE_RULES}, want)


def long_beside_closed(players: int = 2) -> GameRunner:
    """House rule "new run": seat 0 to play on a run of 9 cards or more
    beside a closed run of 10 or more (the closed one is drawn by its
    ends where the row is short)."""

    def want(st: RunsState) -> bool:
        if st.phase != PHASE_PLAY or st.turn != 0 or GAME.chain_dead(st) or not GAME.playable(st, 0):
            return False
        starts = run_starts(st.chain, st.wrap)
        return len(starts) >= 2 and starts[1] >= 10 and len(st.chain) - starts[-1] >= 9

    return find_runner({"players": players, "rounds": 5, "new_run": True}, want)


def hold_card_over_chain(app: Any, t: RunsTable) -> None:
    """Pick up a lit card and hold it over the end of the run (for shots)."""
    app.step(1 / 60, events=[])
    lit = [c for c in t.view.hand if c in t.view.playable]
    L = t.layout()
    if lit and L.slot is not None:
        hold_over(app, t.hand_rect(lit[0]).center, L.slot.center)


def scene_factories(app: Any) -> list[tuple[str, Callable[[], Scene]]]:
    def drag():
        t = table_for(app, mid_round(min_chain=3))
        t.prepare_shot = lambda: hold_card_over_chain(app, t)
        return t

    def result():
        t = table_for(app, finished())

        def final_scores() -> None:
            for _ in range(3):
                app.step(1 / 60, events=[])
            top = app.scenes.top
            if isinstance(top, RoundSummaryScene) and top.final:
                top.final_scores()

        t.prepare_shot = final_scores
        return t

    def hint():
        t = table_for(app, mid_round(min_chain=1, min_playable=2))
        t.prepare_shot = t.show_hint
        return t

    def until_stop():
        return table_for(app, find_runner({"players": 3, "rounds": 0}, lambda st: st.phase == PHASE_BREAK and st.round >= 2, seeds=range(3, 40)))

    return [
        ("runs-setup", lambda: SetupScene(app)),
        ("runs-table", lambda: table_for(app, mid_round())),
        ("runs-table-six", lambda: table_for(app, mid_round(players=6, min_chain=3, min_round=2))),
        # two players late in a round: a crowded hand with one card to play
        ("runs-table-two", lambda: table_for(app, mid_round(players=2, min_chain=5, min_hand=17))),
        ("runs-drag", drag),
        ("runs-hint", hint),
        ("runs-drawing", lambda: table_for(app, drawing())),
        ("runs-round-summary", lambda: table_for(app, at_break())),
        ("runs-until-stop", until_stop),
        ("runs-result", result),
        # two people and a computer: the table hands over through the pass screen
        ("runs-pass", lambda: table_for(app, mid_round(seat=1, players=3, min_chain=2), bots=[None, None, "strong"])),
        # two people, auto-draw off, Anna at the screen with one card to play; then Ben must draw
        ("runs-forced-draw", lambda: table_for(app, one_card_then_a_forced_draw(), bots=[None, None], at_screen=0, auto_draw=False)),
        # a lit card that would end the run is marked (the written rules)
        ("runs-closing", lambda: table_for(app, closing_choice())),
        # the house rule "new run": runs closed earlier sit small to the left
        ("runs-new-run", lambda: table_for(app, new_runs())),
        # ... and the run just closed: Anna starts the next one beside it
        ("runs-new-start", lambda: table_for(app, new_runs(closed=2, start=True))),
        ("runs-new-run-two", lambda: table_for(app, new_runs(players=2, closed=4))),
        ("runs-stop-touching", lambda: table_for(app, stopped_then_touching())),
        # late in a round of the table's rules: many short runs closed, in rows
        ("runs-many-closed", lambda: table_for(app, many_closed())),
        # a long run in play beside a long closed one: the closed run by its ends
        ("runs-long-beside-closed", lambda: table_for(app, long_beside_closed())),
    ]


def bench_scene(app: Any) -> tuple[RunsTable, tuple[int, int], tuple[int, int]]:
    """A full table (6 seats) and a drag path from a hand card to the end of the run."""
    t = table_for(app, mid_round(players=6, min_chain=3, min_round=2))
    app.scenes.reset(t)
    app.step(1 / 60, events=[])
    L = t.layout()
    start = L.hand[0].center if L.hand else (100, 100)
    end = L.slot.center if L.slot is not None else L.pile.center
    return t, start, end
