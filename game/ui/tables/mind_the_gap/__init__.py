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
    """Level, table size, people (most first), variant, coins; a row from
    before the people were kept after the newer rows of its level and size,
    one from before coins and variants were after those."""
    try:
        row = mtg.parse_stats_key(key)
    except ValueError:
        return (len(LEVELS), 0, 2, 0, "", 0, key)
    age = 2 if row.coins is None else 1 if row.people is None else 0
    return (LEVELS.index(row.level), row.players, age, -(row.people or 0), row.variant or "", row.coins or 0, key)


def seats_label(players: int, people: int | None, lang: str) -> str:
    """"1 person, 2 computers", "3 people", "2 computers"; "3 players" for
    a row of before, which did not say who was a computer."""
    if people is None:
        return tr("mind_the_gap.ui.n_players", lang, n=players)
    parts = [tr("mind_the_gap.ui.n_people", lang, n=people)] if people else []
    if players > people:
        parts.append(tr("mind_the_gap.ui.n_computers", lang, n=players - people))
    return ", ".join(parts)


def stats_label(key: str, lang: str) -> str:
    """"Normal · 1 person, 2 computers · 6 coins · small pyramid"; a row
    from before says what it did not record."""
    try:
        row = mtg.parse_stats_key(key)
    except ValueError:
        return key
    parts = [tr("mind_the_gap.ui.level." + row.level, lang), seats_label(row.players, row.people, lang)]
    if row.coins is None:
        parts.append(tr("mind_the_gap.ui.stats_old_row", lang))
        return " · ".join(parts)
    parts.append(tr("mind_the_gap.ui.coins", lang, n=row.coins))
    parts += [tr(f"mind_the_gap.ui.{v}", lang) for v in (row.variant or "").split("+") if v in ("small", "jokers")]
    if row.people is None:
        parts.append(tr("mind_the_gap.ui.stats_seats_old", lang))
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
