"""Gaps (Montana) at the table: what the menu, the shell tools and the
tests call (open, resume, statistics, scenes in realistic states for
shots, smoke, soak and bench)."""

from __future__ import annotations

import random

from game.engine import GameRunner
from game.engine.match import Match, Seat
from game.games import gaps as G
from game.i18n import tr
from game.ui.table import resume_table, seat_table

# --- opening and resuming ------------------------------------------------------------------------


def open_new(app, prefs: dict | None = None) -> None:
    from game.ui.tables.gaps.setup import SetupScene

    app.push(SetupScene(app, prefs))


def start_game(app, options: dict, seed: int, meta: dict | None = None):
    """A new game on a fresh table (options are validated by the engine:
    a bad layout raises :class:`~game.games.gaps.LayoutError` before
    anything changes)."""
    from game.ui.tables.gaps.table import GapsTable

    runner = GameRunner.start(G.GAME, options, seed)
    table = GapsTable(app, runner, dict(meta or {}))
    seat_table(app, table)
    table.autosave()
    return table


def resume(app, save: dict) -> str | None:
    from game.ui.tables.gaps.table import GapsTable

    return resume_table(app, save, GapsTable)


def _meta_for_next(table) -> dict:
    return {"prefs": dict(table.meta.get("prefs") or {})}


def play_again(app, table):
    """The same deal (or pasted layout) from its start."""
    return start_game(app, dict(table.runner.options), table.runner.seed, _meta_for_next(table))


def restart(app, table):
    """The same deal from its start, during a game: as big an undo as
    there is, so the new game counts as assisted."""
    meta = _meta_for_next(table)
    meta["assisted"] = True
    return start_game(app, dict(table.runner.options), table.runner.seed, meta)


def new_deal(app, table):
    """A new random deal under the same rules."""
    opts = {"redeals": table.runner.options.get("redeals", G.MAX_REDEALS), "layout": ""}
    return start_game(app, opts, random.randrange(1, 10**9), _meta_for_next(table))


# --- statistics --------------------------------------------------------------------------------------


RULE_SETS = ("r2", "r1", "r0", "r2-layout", "r1-layout", "r0-layout")


def _fmt_mean(x: float, lang: str) -> str:
    s = f"{x:.1f}"
    return s.replace(".", ",") if lang == "de" else s


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    if not isinstance(stats, dict):
        return []
    out: list[tuple[str, str]] = []
    for key in RULE_SETS:
        row = stats.get(key)
        if not isinstance(row, dict):
            continue
        try:
            games = int(row.get("games", 0))
            wins = int(row.get("wins", 0))
            awins = int(row.get("assisted_wins", 0))
            best = int(row.get("best", 0))
            mean = int(row.get("score_sum", 0)) / games if games else 0.0
            streak, best_streak = int(row.get("streak", 0)), int(row.get("best_streak", 0))
        except (TypeError, ValueError):
            continue
        if games <= 0:
            continue
        redeals = int(key[1])
        label = tr("gaps_ui.stats_rules", lang, n=redeals)
        if key.endswith("-layout"):
            label += " · " + tr("gaps_ui.stats_layout", lang)
        pct = round(100 * wins / games)
        out.append((label, tr("gaps_ui.stats_games", lang, games=games, wins=wins, pct=pct)))
        out.append(("· " + tr("gaps_ui.stats_scores_label", lang), tr("gaps_ui.stats_scores", lang, best=best, mean=_fmt_mean(mean, lang))))
        out.append(("· " + tr("gaps_ui.stats_streak_label", lang), tr("gaps_ui.stats_streak", lang, now=streak, best=best_streak)))
        if awins or row.get("assisted_games"):
            out.append(("· " + tr("gaps_ui.stats_assisted_label", lang), tr("gaps_ui.stats_assisted", lang, wins=awins, games=int(row.get("assisted_games", 0) or 0))))
    return out


# --- realistic states for shots, smoke, soak and bench ------------------------------------------------

#: every row complete but the last King, which still sits one cell too far right
NEAR_WON = "\n".join(
    [
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS -- KS",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ]
)


def greedy_until(seed: int, stop, redeals: int = 2, limit: int = 400) -> GameRunner:
    """The greedy bot plays a deal until ``stop(state)`` (checked before each move)."""
    match = Match.start(G.GAME, {"redeals": redeals}, seed, [Seat("greedy", "greedy")], rng=random.Random(seed), strict=True)
    match.run(lambda m: stop(m.state), limit=limit)
    return match.runner


def find_runner(stop, seeds=range(1, 200), redeals: int = 2) -> GameRunner:
    for sd in seeds:
        r = greedy_until(sd, stop, redeals)
        if stop(r.state):
            return r
    raise RuntimeError("no such position found")


def _mid_game() -> GameRunner:
    """A few moves in, runs started in some rows, several live gaps."""
    return find_runner(lambda st: G.score(st) >= 6 and sum(g.live for g in G.gap_info(st)) >= 2 and G.has_move(st), seeds=range(3, 200))


def _no_moves() -> GameRunner:
    return find_runner(lambda st: G.redeal_due(st) and st.redeals == 0 and G.score(st) >= 4, seeds=range(2, 200))


def _after_redeal() -> GameRunner:
    return find_runner(lambda st: st.redeals == 1 and G.has_move(st), seeds=range(2, 200))


def _table(app, runner, **meta):
    from game.ui.tables.gaps.table import GapsTable

    return GapsTable(app, runner, {"prefs": {"redeals": runner.state.max_redeals}, **meta})


def scene_factories(app):
    from game.ui.tables.gaps.setup import SetupScene

    def opening():
        return _table(app, GameRunner.start(G.GAME, {"redeals": 2}, 1234))

    def hint():
        t = _table(app, _mid_game())
        t.prepare_shot = t.show_hint
        return t

    def drag():
        t = _table(app, _mid_game())
        t.prepare_shot = lambda: hold_card_over_gap(app, t)
        return t

    def no_moves():
        return _table(app, _no_moves())

    def redealt():
        return _table(app, _after_redeal(), assisted=True)

    def won():
        r = GameRunner.start(G.GAME, {"redeals": 2, "layout": NEAR_WON}, 77)
        t = _table(app, r)

        def finish():
            app.step(1 / 60, events=[])
            t.move_card(12)
            for _ in range(40):
                app.step(1 / 20, events=[])

        t.prepare_shot = finish
        return t

    def lost():
        r = find_runner(lambda st: G.GAME.outcome(st) is not None, seeds=range(1, 100), redeals=0)
        t = _table(app, r)

        def prep():
            t.finished = True
            t.touch()
            t.show_result(G.GAME.outcome(t.state))

        t.prepare_shot = prep
        return t

    def setup_error():
        sc = SetupScene(app)

        def prep():
            sc.set_layout_text("2S 3S 4S\nAH KD")
            sc.start_layout()

        sc.prepare_shot = prep
        return sc

    return [
        ("gaps-setup", lambda: SetupScene(app)),
        ("gaps-setup-bad-layout", setup_error),
        ("gaps-opening", opening),
        ("gaps-hint", hint),
        ("gaps-drag", drag),
        ("gaps-no-moves", no_moves),
        ("gaps-after-redeal", redealt),
        ("gaps-won", won),
        ("gaps-lost", lost),
    ]


def hold_card_over_gap(app, t) -> None:
    """Pick up a card with a legal gap and hold it over that gap (for shots)."""
    from game.ui.dragdrop import hold_over

    app.step(1 / 60, events=[])
    L = t.layout()
    moves = [a for a in G.GAME.legal_actions(t.state) if isinstance(a, G.Move)]
    if not moves:
        return
    m = moves[0]
    start = L.cells[G.source_cell(t.state, m)].center
    hold_over(app, start, L.cells[m.to].center)


def bench_scene(app):
    """The full grid and a drag path from the top-left card to the far
    bottom-right corner of the grid."""
    t = _table(app, _mid_game())
    app.scenes.reset(t)
    app.step(1 / 60, events=[])
    L = t.layout()
    moves = [a for a in G.GAME.legal_actions(t.state) if isinstance(a, G.Move)]
    start = L.cells[G.source_cell(t.state, moves[0])].center if moves else L.cells[0].center
    end = L.cells[51].center
    return t, start, end


def open_autoplay(app, seed: int):
    """A table that plays itself with the greedy bot (crash-test style tools)."""
    from game.ui.tables.gaps.table import GapsTable

    runner = GameRunner.start(G.GAME, {"redeals": 2}, seed)
    t = GapsTable(app, runner, {"prefs": {"redeals": 2}, "bots": ["greedy"]})
    seat_table(app, t)
    t.autosave()
    return t
