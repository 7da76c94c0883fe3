"""Runs at the table: what the menu, the shell tools and the tests call
(open, resume, statistics, scenes in realistic states for shots, smoke,
soak and bench, a game computers play)."""

from __future__ import annotations

from game.engine.match import Match, seats_from
from game.games.runs import GAME
from game.games.runs.policy import CIRCUIT_STATS, NEW_RUN_STATS, STOP_STATS, num
from game.i18n import seat_name, tr
from game.ui.kit import table as kit
from game.ui.kit.entry import TableEntry
from game.ui.kit.form import remembered
from game.ui.scene import AppServices
from game.ui.tables.runs import saved
from game.ui.tables.runs.demo import NAMES, bench_scene, scene_factories
from game.ui.tables.runs.diagrams import DIAGRAMS
from game.ui.tables.runs.setup import SetupScene
from game.ui.tables.runs.table import RunsTable, new_game_from, play_again, start_game

__all__ = ["TABLE", "RunsTable", "SetupScene", "new_game_from", "play_again", "start_game", "stats_lines"]


def open_new(app: AppServices, prefs: dict | None = None) -> None:
    app.push(SetupScene(app, prefs if prefs is not None else remembered(app, "runs")))


def resume(app: AppServices, save: dict) -> str | None:
    return kit.resume(app, save, GAME.id, RunsTable)


def open_autoplay(app: AppServices, seed: int) -> RunsTable:
    """Computers on every seat (crash-test style tools)."""
    match = Match.start(GAME, {"players": 4, "rounds": 5}, seed, seats_from(NAMES[:4], ["strong", "simple", "strong", "simple"]))
    table = RunsTable(app, match)
    kit.seat(app, table)
    table.autosave()
    return table


# --- statistics --------------------------------------------------------------------------------------

KIND_ORDER = ("person", "simple", "strong")


def _row_value(row: dict, lang: str) -> str:
    seats = int(row.get("seats", 0))
    best = row.get("best")
    return tr("runs.table.stats_row", lang, wins=int(row.get("wins", 0)), n=seats, best=num(best) if isinstance(best, int) else "–")


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _people(stats: dict, lang: str) -> dict[str, dict]:
    """The rows per person, by the names ``lang`` gives them: a seat named
    by default folds under the name of the language it was played in
    ("Player 1", "Person 1"), one person, one row."""
    out: dict[str, dict] = {}
    for name, row in _dict(stats.get("people")).items():
        if not isinstance(row, dict):
            continue
        merged = out.setdefault(seat_name(str(name), None, lang), {})
        for key in ("seats", "wins", "sum"):
            merged[key] = int(merged.get(key, 0)) + int(row.get(key, 0))
        best = row.get("best")
        if isinstance(best, int):
            merged["best"] = max(best, merged.get("best", best))
    return out


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    """The games of each rule set (the written rules at the top level, all
    a file from before the house rules holds; ``new_run``; ``circuit``;
    ``stop``, the table's default since issue 24's stop and bigger deal),
    each under a heading when there are games of more than one."""
    if not isinstance(stats, dict):
        return []
    parts = [
        ("runs.table.stats_written", _rule_lines(stats, lang)),
        ("runs.table.stats_new_run", _rule_lines(_dict(stats.get(NEW_RUN_STATS)), lang)),
        ("runs.table.stats_circuit", _rule_lines(_dict(stats.get(CIRCUIT_STATS)), lang)),
        ("runs.table.stats_stop", _rule_lines(_dict(stats.get(STOP_STATS)), lang)),
    ]
    played = [(key, lines) for key, lines in parts if lines]
    if len(played) == 1 and played[0][0] == "runs.table.stats_written":
        return played[0][1]
    return [row for key, lines in played for row in [(tr(key, lang), ""), *lines]]


def _rule_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    if not stats.get("games"):
        return []
    games = tr("runs.table.stats_games_value", lang, n=int(stats.get("games", 0)), rounds=int(stats.get("rounds", 0)))
    if stats.get("undo_games"):
        games += " · " + tr("ui.stats_undo", lang, n=int(stats["undo_games"]))
    if stats.get("hint_games"):
        games += " · " + tr("runs.table.stats_hint", lang, n=int(stats["hint_games"]))
    out = [(tr("runs.table.stats_games", lang), games)]
    best = stats.get("best")
    if isinstance(best, dict) and "score" in best:
        score = best["score"]
        out.append((tr("runs.table.stats_best", lang), f"{num(score) if isinstance(score, int) else score} · {seat_name(str(best.get('name', '')), None, lang)}"))
    kinds = _dict(stats.get("kinds"))
    for k in KIND_ORDER:
        row = kinds.get(k)
        if isinstance(row, dict) and row.get("seats"):
            label = tr("ui.human", lang) if k == "person" else tr("runs.table.kind." + k, lang)
            out.append((tr("runs.table.stats_kind", lang, kind=label), _row_value(row, lang)))
    people = _people(stats, lang)
    top = sorted((p for p in people.items() if p[1].get("seats")), key=lambda p: (-p[1]["seats"], p[0]))[:4]
    if len(people) > 1:
        for name, row in top:
            out.append(("· " + str(name), _row_value(row, lang)))
    return out


TABLE = TableEntry(
    game_id=GAME.id,
    open_new=open_new,
    resume=resume,
    stats_lines=stats_lines,
    scene_factories=scene_factories,
    bench_scene=bench_scene,
    open_autoplay=open_autoplay,
    diagrams=DIAGRAMS,
    saved_facts=saved.facts,
    menu_picture="runs-table-six",
)
