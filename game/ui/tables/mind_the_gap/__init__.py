"""Mind the Gap / Lückenlos at the table: what the menu, the shell tools
and the tests call (open, resume, statistics, scenes in realistic states
for shots, smoke, soak and bench)."""

from __future__ import annotations

from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui.kit import table as kit
from game.ui.tables import TableEntry
from game.ui.tables.mind_the_gap.demo import bench_scene, open_autoplay, scene_factories
from game.ui.tables.mind_the_gap.setup import LEVELS, SetupScene
from game.ui.tables.mind_the_gap.table import MtgTable, new_deal, next_in_series, play_again, start_game

__all__ = ["TABLE", "MtgTable", "SetupScene", "new_deal", "next_in_series", "play_again", "start_game"]


def open_new(app, prefs: dict | None = None) -> None:
    app.push(SetupScene(app, prefs))


def resume(app, save: dict) -> str | None:
    return kit.resume(app, save, mtg.GAME.id, MtgTable)


def _order(key: str) -> tuple:
    level = key.split("-")[0]
    return (LEVELS.index(level) if level in LEVELS else len(LEVELS), key)


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    out = []
    for key in sorted(stats, key=_order):
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


TABLE = TableEntry(mtg.GAME.id, open_new, resume, stats_lines, scene_factories, bench_scene, open_autoplay)
