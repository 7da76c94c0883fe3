"""Mind the Gap / Lückenlos at the table: what the menu, the shell tools
and the tests call (open, resume, statistics, scenes in realistic states
for shots, smoke, soak and bench)."""

from __future__ import annotations

from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui.kit import table as kit
from game.ui.kit.entry import TableEntry
from game.ui.kit.form import remembered
from game.ui.tables.mind_the_gap import saved
from game.ui.tables.mind_the_gap.demo import bench_scene, open_autoplay, scene_factories
from game.ui.tables.mind_the_gap.diagrams import DIAGRAMS
from game.ui.tables.mind_the_gap.setup import LEVELS, SetupScene
from game.ui.tables.mind_the_gap.table import MtgTable, new_deal, next_in_series, play_again, start_game

__all__ = ["TABLE", "MtgTable", "SetupScene", "new_deal", "next_in_series", "play_again", "start_game"]


def open_new(app, prefs: dict | None = None) -> None:
    app.push(SetupScene(app, prefs if prefs is not None else remembered(app, mtg.GAME.id)))


def resume(app, save: dict) -> str | None:
    return kit.resume(app, save, mtg.GAME.id, MtgTable)


def _order(key: str) -> tuple:
    """Level, table size, variant, coins; a row from before coins and
    variants were kept after the newer rows of its level and size."""
    try:
        level, players, coins, variant = mtg.parse_stats_key(key)
    except ValueError:
        return (len(LEVELS), 0, 1, "", 0, key)
    return (LEVELS.index(level), players, coins is None, variant or "", coins or 0, key)


def stats_label(key: str, lang: str) -> str:
    """"Normal · 2 players · 6 coins · small pyramid"; a row from before
    coins and variants were kept says so instead."""
    try:
        level, players, coins, variant = mtg.parse_stats_key(key)
    except ValueError:
        return key
    parts = [tr("mind_the_gap.ui.level." + level, lang), tr("mind_the_gap.ui.n_players", lang, n=players)]
    if coins is None:
        parts.append(tr("mind_the_gap.ui.stats_old_row", lang))
    else:
        parts.append(tr("mind_the_gap.ui.coins", lang, n=coins))
        parts += [tr(f"mind_the_gap.ui.{v}", lang) for v in (variant or "").split("+") if v in ("small", "jokers")]
    return " · ".join(parts)


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    out = []
    for key in sorted(stats, key=_order):
        row = stats[key]
        if not isinstance(row, dict) or not row.get("games"):
            continue
        games, wins = row.get("games", 0), row.get("wins", 0)
        val = tr("mind_the_gap.ui.stats_row", lang, wins=wins, games=games, pct=round(100 * wins / games) if games else 0)
        if row.get("helper_games"):
            val += " · " + tr("mind_the_gap.ui.stats_helper", lang, n=row["helper_games"])
        if row.get("undo_games"):
            val += " · " + tr("ui.stats_undo", lang, n=row["undo_games"])
        if row.get("best_series") is not None:
            val += " · " + tr("mind_the_gap.ui.stats_best", lang, n=row["best_series"])
        out.append((stats_label(key, lang), val))
    return out


TABLE = TableEntry(
    game_id=mtg.GAME.id,
    open_new=open_new,
    resume=resume,
    stats_lines=stats_lines,
    scene_factories=scene_factories,
    bench_scene=bench_scene,
    open_autoplay=open_autoplay,
    diagrams=DIAGRAMS,
    saved_facts=saved.facts,
    menu_picture="mind-the-gap-table-helper",
)
