"""Runs at the table: what the menu, the shell tools and the tests call
(open, resume, statistics, scenes in realistic states for shots, smoke,
soak and bench)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine import GameRunner
from game.engine.match import Match
from game.games.runs import GAME
from game.games.runs.policy import num
from game.games.runs.state import PHASE_BREAK, PHASE_OVER, PHASE_PLAY
from game.i18n import tr
from game.ui.table import resume_table, seat_table

# --- opening and resuming ------------------------------------------------------------------------


def open_new(app, prefs: dict | None = None) -> None:
    from game.ui.tables.runs.setup import SetupScene

    app.push(SetupScene(app, prefs))


def start_game(app, options: dict, seed: int, meta: dict):
    from game.ui.tables.runs.table import RunsTable

    runner = GameRunner.start(GAME, options, seed)
    table = RunsTable(app, runner, meta)
    seat_table(app, table)
    table.autosave()
    return table


def resume(app, save: dict) -> str | None:
    from game.ui.tables.runs.table import RunsTable

    return resume_table(app, save, RunsTable)


def play_again(app, table) -> None:
    """The same seats and options, a new deal."""
    meta = {k: table.meta[k] for k in ("names", "bots", "prefs") if k in table.meta}
    start_game(app, dict(table.runner.options), random.randrange(1, 10**9), meta)


def new_game_from(app, table) -> None:
    """Back to the setup screen with this game's choices filled in."""
    prefs = table.meta.get("prefs")
    app.to_menu()
    open_new(app, prefs)


# --- statistics --------------------------------------------------------------------------------------

KIND_ORDER = ("person", "simple", "strong")


def _row_value(row: dict, lang: str) -> str:
    seats = int(row.get("seats", 0))
    best = row.get("best")
    return tr("runs.table.stats_row", lang, wins=int(row.get("wins", 0)), n=seats, best=num(best) if isinstance(best, int) else "–")


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    if not isinstance(stats, dict) or not stats.get("games"):
        return []
    out = [(tr("runs.table.stats_games", lang), tr("runs.table.stats_games_value", lang, n=int(stats.get("games", 0)), rounds=int(stats.get("rounds", 0))))]
    best = stats.get("best")
    if isinstance(best, dict) and "score" in best:
        score = best["score"]
        out.append((tr("runs.table.stats_best", lang), f"{num(score) if isinstance(score, int) else score} · {best.get('name', '')}"))
    kinds = stats.get("kinds") if isinstance(stats.get("kinds"), dict) else {}
    for k in KIND_ORDER:
        row = kinds.get(k)
        if isinstance(row, dict) and row.get("seats"):
            label = tr("ui.human", lang) if k == "person" else tr("runs.table.kind." + k, lang)
            out.append((tr("runs.table.stats_kind", lang, kind=label), _row_value(row, lang)))
    people = stats.get("people") if isinstance(stats.get("people"), dict) else {}
    top = sorted((p for p in people.items() if isinstance(p[1], dict) and p[1].get("seats")), key=lambda p: (-int(p[1].get("seats", 0)), p[0]))[:4]
    if len(people) > 1:
        for name, row in top:
            out.append(("· " + str(name), _row_value(row, lang)))
    return out


# --- realistic states for shots, smoke, soak and bench ------------------------------------------------


def find_state(options: dict, want: Callable, seeds=range(1, 300)) -> GameRunner:
    """The first position (over seeds, then moves) where ``want(state)``,
    the simple bot playing every seat."""
    for sd in seeds:
        match = Match.start(GAME, options, sd)
        if match.run(lambda m: want(m.state), limit=3000, stand_in="simple"):
            return match.runner
    raise RuntimeError("no such position found")


def _mid_round(seat: int = 0, min_chain: int = 4, min_playable: int = 1, players: int = 4, rounds: int = 5, wrap: bool = False, min_round: int = 1, min_hand: int = 6):
    def want(st):
        if st.phase != PHASE_PLAY or st.turn != seat or st.round < min_round:
            return False
        p = GAME.playable(st, seat)
        return len(st.chain) >= min_chain and len(p) >= min_playable and len(st.hands[seat]) >= min_hand and not GAME.chain_dead(st)

    return find_state({"players": players, "rounds": rounds, "wrap": wrap}, want)


def _drawing(seat: int = 0, players: int = 3):
    """The run is dead (both neighbours gone) and seat must draw, pile still big."""

    def want(st):
        return st.phase == PHASE_PLAY and st.turn == seat and GAME.chain_dead(st) and len(st.pile) >= 8 and GAME.forced_action(st) is not None

    return find_state({"players": players, "rounds": 5}, want)


def _at_break(round_no: int = 2, players: int = 4, rounds: int = 5):
    return find_state({"players": players, "rounds": rounds}, lambda st: st.phase == PHASE_BREAK and st.round >= round_no, seeds=range(5, 40))


def _finished(players: int = 4):
    return find_state({"players": players, "rounds": 5}, lambda st: st.phase == PHASE_OVER, seeds=range(7, 40))


NAMES = ["Anna", "Ben", "Cleo", "Dana", "Emil", "Fynn"]


def _table(app, runner, bots=None, names=None):
    from game.ui.tables.runs.table import RunsTable

    n = runner.state.players
    bots = bots if bots is not None else [None] + ["strong", "simple", "strong", "simple", "strong"][: n - 1]
    meta = {"names": (names or NAMES)[:n], "bots": bots[:n]}
    meta["prefs"] = {"players": n, "rounds": runner.options["rounds"], "wrap": runner.options["wrap"], "names": meta["names"], "kinds": [b or "person" for b in meta["bots"]]}
    return RunsTable(app, runner, meta)


def scene_factories(app):
    from game.ui.tables.runs.overlays import GameOverScene
    from game.ui.tables.runs.setup import SetupScene

    def table4():
        return _table(app, _mid_round())

    def table6():
        return _table(app, _mid_round(players=6, min_chain=3, min_round=2))

    def table2():
        # two players late in a round: a crowded hand with one card to play
        return _table(app, _mid_round(players=2, min_chain=5, min_hand=17))

    def table_drag():
        t = _table(app, _mid_round(min_chain=3))
        t.prepare_shot = lambda: hold_card_over_chain(app, t)
        return t

    def drawing():
        return _table(app, _drawing())

    def summary():
        return _table(app, _at_break())

    def open_ended():
        return _table(app, find_state({"players": 3, "rounds": 0}, lambda st: st.phase == PHASE_BREAK and st.round >= 2, seeds=range(3, 40)))

    def result():
        t = _table(app, _finished())

        def begin():
            t.finished = True
            t.viewer = 0
            t.on_viewer_changed()
            app.push(GameOverScene(app, t, GAME.outcome(t.state)))

        t.begin = begin
        return t

    def two_people():
        # two people and a computer: the table hands over through the pass screen
        r = _mid_round(seat=1, players=3, min_chain=2)
        return _table(app, r, bots=[None, None, "strong"])

    return [
        ("runs-setup", lambda: SetupScene(app)),
        ("runs-table", table4),
        ("runs-table-six", table6),
        ("runs-table-two", table2),
        ("runs-drag", table_drag),
        ("runs-drawing", drawing),
        ("runs-round-summary", summary),
        ("runs-until-stop", open_ended),
        ("runs-result", result),
        ("runs-pass", two_people),
    ]


def hold_card_over_chain(app, t) -> None:
    """Pick up a lit card and hold it over the end of the run (for shots)."""
    from game.ui.dragdrop import hold_over

    app.step(1 / 60, events=[])
    srcs = [s for s in t._sources() if s.payload[1] in t.view.playable]
    L = t.layout()
    if not srcs or L.slot is None:
        return
    hold_over(app, srcs[0].rect.center, L.slot.center)


def bench_scene(app):
    """A full table (6 seats) and a drag path from a hand card to the end of the run."""
    t = _table(app, _mid_round(players=6, min_chain=3, min_round=2))
    app.scenes.reset(t)
    app.step(1 / 60, events=[])
    L = t.layout()
    start = L.hand[0].center if L.hand else (100, 100)
    end = L.slot.center if L.slot is not None else L.pile.center
    return t, start, end


def open_autoplay(app, seed: int):
    """Computers on every seat (crash-test style tools)."""
    from game.ui.tables.runs.table import RunsTable

    runner = GameRunner.start(GAME, {"players": 4, "rounds": 5}, seed)
    t = RunsTable(app, runner, {"names": NAMES[:4], "bots": ["strong", "simple", "strong", "simple"]})
    seat_table(app, t)
    t.autosave()
    return t
