"""Gaps (Montana) at the table: what the menu, the shell tools and the
tests call (open, resume, statistics, scenes in realistic states for
shots, smoke, soak and bench)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from game.cards import Card
from game.engine.core import msg
from game.engine.dates import is_date, newest_first
from game.engine.match import Match, Seat, meta_of
from game.games import gaps as G
from game.i18n import tr
from game.ui.dragdrop import hold_over
from game.ui.kit import table as kit
from game.ui.kit.entry import TableEntry
from game.ui.kit.form import remembered
from game.ui.tables.gaps import saved
from game.ui.tables.gaps.diagrams import DIAGRAMS
from game.ui.tables.gaps.finder import FindScene
from game.ui.tables.gaps.review import ReviewJob
from game.ui.tables.gaps.session import Session, clock_text, date_text
from game.ui.tables.gaps.setup import SetupScene
from game.ui.tables.gaps.summary import SummaryScene
from game.ui.tables.gaps.table import GapsTable, new_deal, open_review, play_again, restart, start_daily, start_game, take_back

__all__ = ["TABLE", "GapsTable", "SetupScene", "SummaryScene", "new_deal", "play_again", "restart", "start_daily", "start_game"]


def open_new(app, prefs: dict | None = None) -> None:
    app.push(SetupScene(app, prefs if prefs is not None else remembered(app, G.GAME.id)))


def resume(app, save: dict) -> str | None:
    return kit.resume(app, save, G.GAME.id, GapsTable)


# --- statistics --------------------------------------------------------------------------------------

RULE_SETS = ("r2", "r1", "r0", "r2-winnable", "r1-winnable", "r0-winnable", "r2-layout", "r1-layout", "r0-layout")


def _fmt_mean(x: float, lang: str) -> str:
    s = f"{x:.1f}"
    return s.replace(".", ",") if lang == "de" else s


def _count(row: dict, key: str) -> int | None:
    """A whole number of the row, or None when it is missing (a row from
    before the key existed) or not a number."""
    v = row.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    """Per rule set: games and wins, the best score with the redeals it
    took, the mean score with the mean redeals (without them where no
    redeal is allowed), the streaks, the games with help.  Rows written
    before the redeals were kept with the best score show the best alone."""
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
        label = tr("gaps_ui.stats_rules", lang, n=int(key[1]))
        if key.endswith("-layout"):
            label += " · " + tr("gaps_ui.stats_layout", lang)
        elif key.endswith("-winnable"):
            label += " · " + tr("gaps_ui.stats_winnable", lang)
        pct = round(100 * wins / games)
        best_redeals, redeals = _count(row, "best_redeals"), _count(row, "redeals_used")
        if key.startswith("r0"):  # no redeal allowed: "with 0 redeals" would say nothing
            best_redeals = redeals = None
        best_text = str(best) if best_redeals is None else tr("gaps_ui.stats_best", lang, score=best, n=best_redeals)
        mean_text = _fmt_mean(mean, lang) if redeals is None else tr("gaps_ui.stats_mean", lang, score=_fmt_mean(mean, lang), redeals=_fmt_mean(redeals / games, lang))
        out.append((label, tr("gaps_ui.stats_games", lang, games=games, wins=wins, pct=pct)))
        out.append(("· " + tr("gaps_ui.stats_best_label", lang), best_text))
        out.append(("· " + tr("gaps_ui.stats_mean_label", lang), mean_text))
        out.append(("· " + tr("gaps_ui.stats_streak_label", lang), tr("gaps_ui.stats_streak", lang, now=streak, best=best_streak)))
        if awins or row.get("assisted_games"):
            out.append(("· " + tr("gaps_ui.stats_assisted_label", lang), tr("gaps_ui.stats_assisted", lang, wins=awins, games=int(row.get("assisted_games", 0) or 0))))
        fastest = _count(row, "best_time")
        if fastest is not None:
            out.append(("· " + tr("gaps_ui.stats_fastest_label", lang), clock_text(fastest)))
    out.extend(_daily_lines(stats, lang))
    return out


#: the latest dates of daily deals the statistics list one by one
DAILY_SHOWN = 3


def _daily_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    """The daily deals: on how many dates, how many won, the dates won in
    a row (now and best), and the latest dates each with its best (the
    fastest win, or the best score); latest up to the date counted last,
    so one date from a clock that was ahead does not stay on top."""
    days = stats.get("daily")
    if not isinstance(days, dict):
        return []
    rows = {d: r for d, r in days.items() if is_date(d) and isinstance(r, dict) and (_count(r, "games") or 0) > 0}
    if not rows:
        return []
    won = sum(1 for r in rows.values() if (_count(r, "wins") or 0) > 0)
    now, best = G.daily_streak(stats)
    out = [
        (tr("gaps_ui.stats_daily_label", lang), tr("gaps_ui.stats_daily", lang, n=len(rows), won=won)),
        ("· " + tr("gaps_ui.stats_daily_streak_label", lang), tr("gaps_ui.stats_streak", lang, now=now, best=best)),
    ]
    latest = stats.get("daily_latest")
    for d in newest_first(rows, latest if isinstance(latest, str) else None)[:DAILY_SHOWN]:
        r = rows[d]
        fastest = _count(r, "best_time")
        if (_count(r, "wins") or 0) > 0 and fastest is not None:
            value = tr("gaps_ui.stats_daily_won", lang, time=clock_text(fastest))
        elif (_count(r, "wins") or 0) > 0:
            value = tr("gaps_ui.session.daily_won", lang)
        else:
            value = tr("gaps_ui.session.daily_best", lang, score=_count(r, "best") or 0)
        out.append(("· " + date_text(d, lang), value))
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


#: the date of the daily deal in the shots (a fixed one: the same picture every day)
SHOT_DATE = "2026-12-02"


def sample_session() -> Session:
    """A session of five deals, for the summary's shot."""
    s = Session()
    for won, score, redeals, assisted, seconds, moves, daily in (
        (False, 31, 2, False, 402.0, 118, None),
        (True, 48, 1, False, 318.5, 97, None),
        (False, 26, 2, True, 530.0, 141, None),
        (True, 48, 2, True, 611.0, 163, SHOT_DATE),
        (True, 48, 2, False, 455.0, 120, None),
    ):
        s.add(won=won, score=score, redeals=redeals, assisted=assisted, seconds=seconds, moves=moves, key="r2", daily=daily)
    return s


#: spades and hearts each one gap short of home: 6 moves close each row
#: (8 to K slide left into the gap one by one), in either row first
TWO_ROWS = "\n".join(
    [
        "2S 3S 4S 5S 6S 7S -- 8S 9S 10S JS QS KS",
        "2H 3H 4H 5H 6H 7H -- 8H 9H 10H JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ]
)


#: both leading cells empty, the 2s at the rows' ends: 2♠ belongs in row 1
#: and 2♥ in row 2.  2♥ put first in row 1 loses nothing yet (a leading 2
#: may move on to another row's empty first cell); 2♠ then put in row 2
#: fills the last such cell and loses the deal (the review's example)
CROSSED = "\n".join(
    [
        "-- 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H",
        "-- 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ]
)


def crossed_and_lost() -> Match:
    """:data:`CROSSED` played to its loss: 2♥ into row 1, 2♠ into row 2."""
    m = _match(9, redeals=0, layout=CROSSED)
    for card, to in (("2H", 0), ("2S", 13)):
        m.play(G.Move(Card.parse(card), to))
    return m


def _match(seed: int, redeals: int = 2, layout: str = "", **meta) -> Match:
    return Match.start(G.GAME, {"redeals": redeals, "layout": layout}, seed, [Seat(tr("ui.seat", n=1))], meta=meta, rng=random.Random(seed))


def find_match(stop: Callable[[G.GapsState], bool], seeds=range(1, 200), redeals: int = 2) -> Match:
    """The first deal on which the greedy bot reaches a position where
    ``stop(state)`` holds (checked before each move)."""
    for sd in seeds:
        m = _match(sd, redeals)
        if m.run(lambda mm: stop(mm.state), limit=400, stand_in="greedy"):
            return m
    raise RuntimeError("no such position found")


def _mid_game() -> Match:
    """A few moves in, runs started in some rows, several live gaps."""
    return find_match(lambda st: G.score(st) >= 6 and sum(g.live for g in G.gap_info(st)) >= 2 and G.has_move(st), seeds=range(3, 200))


def _no_moves() -> Match:
    return find_match(lambda st: G.redeal_due(st) and st.redeals == 0 and G.score(st) >= 4, seeds=range(2, 200))


def _after_redeal() -> Match:
    m = find_match(lambda st: st.redeals == 1 and G.has_move(st), seeds=range(2, 200))
    m.meta = replace(meta_of(m, G.GapsMeta), assisted=True)
    return m


def hold_card_over_gap(app, t: GapsTable) -> None:
    """Pick up a card with a legal gap and hold it over that gap (for shots)."""
    app.step(1 / 60, events=[])
    L = t.layout()
    moves = [a for a in t.match.legal() if isinstance(a, G.Move)]
    if moves:
        start = L.cells[G.source_cell(t.view, moves[0]) or 0].center
        hold_over(app, start, L.cells[moves[0].to].center)


def scene_factories(app):
    def opening():
        return GapsTable(app, _match(1234))

    def hint():
        m = _mid_game()
        m.meta = replace(meta_of(m, G.GapsMeta), elapsed=187.0)
        t = GapsTable(app, m)
        t.prepare_shot = t.show_hint
        return t

    def drag():
        t = GapsTable(app, _mid_game())
        t.prepare_shot = lambda: hold_card_over_gap(app, t)
        return t

    def won():
        t = GapsTable(app, _match(77, layout=NEAR_WON, elapsed=268.0))

        def finish():
            app.step(1 / 60, events=[])
            t.move_card(12)
            for _ in range(40):
                app.step(1 / 20, events=[])

        t.prepare_shot = finish
        return t

    def undecided():
        """After a check that could not decide: "Search deeper" on offer."""
        t = GapsTable(app, _mid_game())
        t.model.verdict = (t.model.pos_key(), G.SolveResult("unknown", (), t.model.solve_nodes, msg("gaps.solve.unknown")))
        return t

    def solution():
        """The solver's line shown on the board, paused after three moves."""
        t = GapsTable(app, _match(5, layout=TWO_ROWS, elapsed=61.0))

        def prep():
            t.model.verdict = (t.model.pos_key(), G.solve_round(t.view))
            t.toggle_solver()
            for _ in range(3):
                t.solution_next()
                for _ in range(10):
                    app.step(1 / 20, events=[])

        t.prepare_shot = prep
        return t

    def finding():
        """The search for a winnable deal, over the setup."""
        sc = SetupScene(app)
        sc.prepare_shot = lambda: app.push(FindScene(app, 4242, lambda seed: None))
        return sc

    def review():
        """The review of a lost deal: the position before the losing move,
        the winning line ready."""
        m = crossed_and_lost()
        f = ReviewJob(m.runner.states, m.runner.actions, start=False).review()
        assert f is not None
        return open_review(app, m, f)

    def lost():
        return GapsTable(app, find_match(lambda st: G.GAME.outcome(st) is not None, seeds=range(1, 100), redeals=0))

    def practice():
        """Undo after a lost deal: the deal one move back, as practice."""
        t = GapsTable(app, crossed_and_lost())
        t.prepare_shot = lambda: take_back(app, t)
        return t

    def daily():
        m = Match.start(G.GAME, dict(G.DAILY_OPTIONS), G.daily_seed(SHOT_DATE), [Seat(tr("ui.seat", n=1))], meta={"daily": SHOT_DATE})
        m.run(lambda mm: len(mm.actions) >= 12, limit=12, stand_in="greedy")
        m.meta = replace(meta_of(m, G.GapsMeta), elapsed=95.0)
        return GapsTable(app, m)

    def summary():
        """The session summary over a table, opened by its Session button."""
        t = GapsTable(app, _mid_game())
        t.prepare_shot = lambda: app.push(SummaryScene(app, sample_session(), stats={"r2": {"streak": 1, "best_streak": 4}}))
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
        ("gaps-finding", finding),
        ("gaps-opening", opening),
        ("gaps-hint", hint),
        ("gaps-undecided", undecided),
        ("gaps-solution", solution),
        ("gaps-drag", drag),
        ("gaps-no-moves", lambda: GapsTable(app, _no_moves())),
        ("gaps-after-redeal", lambda: GapsTable(app, _after_redeal())),
        ("gaps-won", won),
        ("gaps-lost", lost),
        ("gaps-review", review),
        ("gaps-practice", practice),
        ("gaps-daily", daily),
        ("gaps-summary", summary),
    ]


def bench_scene(app):
    """The full grid and a drag path from a movable card to the cell
    farthest from it, so every frame after the first is past the drag
    threshold (to the bottom-right cell was too short a path once the clock
    line made the cells smaller: two frames stayed under it)."""
    t = GapsTable(app, _mid_game())
    app.scenes.reset(t)
    app.step(1 / 60, events=[])
    L = t.layout()
    moves = [a for a in t.match.legal() if isinstance(a, G.Move)]
    start = L.cells[G.source_cell(t.view, moves[0]) or 0].center if moves else L.cells[0].center
    end = max((c.center for c in L.cells), key=lambda p: abs(p[0] - start[0]) + abs(p[1] - start[1]))
    return t, start, end


def open_autoplay(app, seed: int) -> GapsTable:
    """A table the greedy bot plays by itself (crash-test style tools)."""
    return start_game(app, {"redeals": 2}, seed, {}, bots=["greedy"])


TABLE = TableEntry(
    game_id=G.GAME.id,
    open_new=open_new,
    resume=resume,
    stats_lines=stats_lines,
    scene_factories=scene_factories,
    bench_scene=bench_scene,
    open_autoplay=open_autoplay,
    diagrams=DIAGRAMS,
    saved_facts=saved.facts,
    menu_picture="gaps-drag",
)
