"""Mind the Gap / Lückenlos at the table: what the menu, the shell tools
and the tests call (open, resume, scenes for shots/smoke/soak/bench)."""

from __future__ import annotations

import random

from game.engine import GameRunner
from game.engine.match import Match
from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui.table import resume_table, seat_table


def open_new(app, prefs: dict | None = None) -> None:
    from game.ui.tables.mind_the_gap.setup import SetupScene

    app.push(SetupScene(app, prefs))


def start_game(app, options: dict, seed: int, meta: dict, series: bool = False) -> None:
    from game.ui.tables.mind_the_gap.table import MtgTable

    if series:
        s = mtg.Series.start(options, seed)
        meta = {**meta, "series": s.to_json()}
        options, seed = s.next_game()
    runner = GameRunner.start(mtg.GAME, options, seed)
    table = MtgTable(app, runner, meta)
    seat_table(app, table)
    table.autosave()


def resume(app, save: dict) -> str | None:
    from game.ui.tables.mind_the_gap.table import MtgTable

    return resume_table(app, save, MtgTable)


def play_again(app, table) -> None:
    """The same deal again (same seed and options)."""
    meta = {k: v for k, v in table.meta.items() if k not in ("helper_used", "series")}
    start_game(app, dict(table.runner.options), table.runner.seed, meta)


def new_deal(app, table) -> None:
    meta = {k: v for k, v in table.meta.items() if k not in ("helper_used",)}
    series = "series" in table.meta and table.meta["series"] is not None
    meta.pop("series", None)
    start_game(app, dict(table.runner.options), random.randrange(1, 10**9), meta, series=series)


def next_in_series(app, table) -> None:
    from game.ui.tables.mind_the_gap.table import MtgTable

    s = mtg.Series.from_json(table.meta["series"])
    options, seed = s.next_game()
    meta = {k: v for k, v in table.meta.items() if k != "helper_used"}
    runner = GameRunner.start(mtg.GAME, options, seed)
    t = MtgTable(app, runner, meta)
    seat_table(app, t)
    t.autosave()


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    out = []
    for key in sorted(stats, key=lambda k: (("easy", "normal", "hard", "expert").index(k.split("-")[0]) if k.split("-")[0] in ("easy", "normal", "hard", "expert") else 9, k)):
        row = stats[key]
        if not isinstance(row, dict) or not row.get("games"):
            continue
        level, players = key.split("-") if "-" in key else (key, "?")
        label = f"{tr('mind_the_gap.ui.level.' + level, lang)} · {tr('mind_the_gap.ui.n_players', lang, n=int(players.rstrip('p') or 0))}"
        games, wins = row.get("games", 0), row.get("wins", 0)
        val = tr("mind_the_gap.ui.stats_row", lang, wins=wins, games=games, pct=round(100 * wins / games) if games else 0)
        if row.get("helper_games"):
            val += " · " + tr("mind_the_gap.ui.stats_helper", lang, n=row["helper_games"])
        if row.get("best_series") is not None:
            val += " · " + tr("mind_the_gap.ui.stats_best", lang, n=row["best_series"])
        out.append((label, val))
    return out


# --- realistic states for shots, smoke, soak and bench ------------------------------------------


def _play_until(runner: GameRunner, n: int, bot="seed", seed=3) -> GameRunner:
    """Computers play ``n`` moves (or to the end) through the match loop."""
    Match(runner, rng=random.Random(seed)).run(lambda m: len(m.actions) >= n, stand_in=bot)
    return runner


def _finished(won: bool) -> GameRunner:
    for seed in range(1, 400):
        r = _play_until(GameRunner.start(mtg.GAME, {"players": 2, "level": "normal"}, seed), 200)
        out = mtg.GAME.outcome(r.state)
        if out is not None and bool(out.won) == won:
            return r
    raise RuntimeError("no finished deal found")


def _mid_game(seed: int = 11, moves: int = 5, discards_wanted: int = 0, options=None) -> GameRunner:
    opts = options or {"players": 2, "level": "normal"}
    best = None
    for sd in range(seed, seed + 200):
        r = _play_until(GameRunner.start(mtg.GAME, opts, sd), moves)
        if mtg.GAME.outcome(r.state) is None and len(r.state.discard) >= discards_wanted:
            return r
        best = best or r
    return best


def _table(app, runner, **meta):
    from game.ui.tables.mind_the_gap.table import MtgTable

    names = ["Anna", "Ben", "Cleo"][: runner.state.players]
    t = MtgTable(app, runner, {"names": names, "bots": [None] * runner.state.players, **meta})
    return t


def scene_factories(app):
    from game.ui.scenes.passdevice import PassScene
    from game.ui.tables.mind_the_gap.setup import SetupScene
    from game.ui.tables.mind_the_gap.tutorial import TutorialTable

    def table_helper():
        t = _table(app, _mid_game(), helper=True)
        t.begin = lambda: _show(t, t.current)
        return t

    def table_solo():
        t = _table(app, _mid_game(seed=31, moves=2, options={"players": 1, "level": "normal"}))
        t.begin = lambda: _show(t, 0)
        return t

    def table_drag():
        t = _table(app, _mid_game(seed=21, moves=3))
        t.begin = lambda: _show(t, t.current)
        t.prepare_shot = lambda: _drag_to_legal_gap(app, t)
        return t

    def table_discards():
        t = _table(app, _mid_game(seed=5, moves=12, discards_wanted=5))
        t.begin = lambda: _show(t, t.current)
        return t

    def result(won: bool):
        r = _finished(won)
        t = _table(app, r)
        t.begin = lambda: _show(t, 0, finished=True)

        def prep():
            out = mtg.GAME.outcome(t.state)
            t.finished = True
            t.show_result(out)

        t.prepare_shot = prep
        return t

    def tutorial5():
        t = TutorialTable.create(app)
        t.prepare_shot = lambda: t.skip_to(4)
        return t

    return [
        ("mind-the-gap-setup", lambda: SetupScene(app)),
        ("mind-the-gap-table-helper", table_helper),
        ("mind-the-gap-pass", lambda: PassScene(app, "Ben", lambda: None)),
        ("mind-the-gap-solo", table_solo),
        ("mind-the-gap-drag", table_drag),
        ("mind-the-gap-discards", table_discards),
        ("mind-the-gap-won", lambda: result(True)),
        ("mind-the-gap-lost", lambda: result(False)),
        ("mind-the-gap-tutorial", tutorial5),
    ]


def _show(t, seat, finished: bool = False) -> None:
    t.viewer = seat
    t.finished = finished
    t.on_viewer_changed()


def _drag_to_legal_gap(app, t) -> None:
    """Pick up a hand card with a legal gap and hold it over that gap."""
    from game.ui.dragdrop import hold_over

    L = t.layout()
    for src in t._sources():
        if src.payload[0] != "hand":
            continue
        zones = [z for z in t._legal_for(src.payload) if z[0] == "place"]
        if zones:
            hold_over(app, src.rect.center, L.places[zones[0][1]].center, offset=(8, 10))
            return


def bench_scene(app):
    """A full table (3 players, several discards) and a drag path from a
    hand card across the pyramid, for the frame-time benchmark."""
    r = _mid_game(seed=9, moves=10, options={"players": 3, "level": "normal", "coins": 12})
    t = _table(app, r, helper=True)
    t.begin = lambda: _show(t, t.current)
    L = t.layout()
    app.scenes.reset(t)
    L = t.layout()
    start = L.hand[0].center if L.hand else (100, 100)
    end = L.places[len(L.places) - 1].center
    return t, start, end


def open_autoplay(app, seed: int):
    """Computer teammates on every seat (used by the crash test)."""
    from game.ui.tables.mind_the_gap.table import MtgTable

    runner = GameRunner.start(mtg.GAME, {"players": 2, "level": "normal"}, seed)
    t = MtgTable(app, runner, {"names": ["A", "B"], "bots": ["seed", "seed"]})
    seat_table(app, t)
    t.autosave()
    return t
