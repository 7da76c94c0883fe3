"""Delphi at the table: what the menu, the shell tools and the tests call
(open, resume, statistics, scenes for shots/smoke/soak/bench, autoplay)."""

from __future__ import annotations

from game.games.delphi import GAME
from game.i18n import tr
from game.ui.kit import table as kit
from game.ui.kit.entry import TableEntry, replay_save
from game.ui.kit.form import remembered
from game.ui.scene import AppServices
from game.ui.tables.delphi import saved
from game.ui.tables.delphi.demo import bench_scene, open_autoplay, scene_factories
from game.ui.tables.delphi.diagrams import DIAGRAMS
from game.ui.tables.delphi.setup import SetupScene, bot_label
from game.ui.tables.delphi.solo.saved import is_solo, listed_solo, resume_solo
from game.ui.tables.delphi.solo_setup import daily_lines, practice_lines
from game.ui.tables.delphi.table import DelphiTable, start_game

__all__ = ["TABLE", "DelphiTable", "SetupScene", "start_game", "stats_lines"]


def open_new(app: AppServices, prefs: dict | None = None) -> None:
    app.push(SetupScene(app, prefs if prefs is not None else remembered(app, GAME.id)))


def resume(app: AppServices, save: dict) -> str | None:
    if is_solo(save):  # a solo round is kept with Delphi's saves
        return resume_solo(app, save)
    return kit.resume(app, save, GAME.id, DelphiTable)


def stats_lines(stats: dict, lang: str) -> list[tuple[str, str]]:
    if not isinstance(stats, dict):
        return []
    solo = practice_lines(stats, lang) + daily_lines(stats, lang)
    if not stats.get("rounds") and not stats.get("games"):
        return solo
    out: list[tuple[str, str]] = []
    games = int(stats.get("games", 0))
    out.append((tr("delphi.table.stats.games", lang), str(games)))
    out.append((tr("delphi.table.stats.rounds", lang), str(int(stats.get("rounds", 0)))))
    played = stats.get("played_by") or {}
    wins = stats.get("wins_by") or {}
    if isinstance(played, dict):
        for kind in sorted(played, key=lambda k: (k != "person", k)):
            n = int(played.get(kind, 0) or 0)
            if not n:
                continue
            w = int(wins.get(kind, 0) or 0) if isinstance(wins, dict) else 0
            label = tr("delphi.table.stats.wins_people", lang) if kind == "person" else tr("delphi.table.stats.wins_bot", lang, bot=bot_label(kind))
            out.append((label, tr("delphi.table.stats.wins_of", lang, wins=w, n=n)))
    if stats.get("best_total") is not None:
        out.append((tr("delphi.table.stats.best_total", lang), str(int(stats["best_total"]))))
    if stats.get("best_round") is not None:
        out.append((tr("delphi.table.stats.best_round", lang), str(int(stats["best_round"]))))
    prophets = int(stats.get("prophets", 0) or 0)
    mine = int(stats.get("prophets_person", 0) or 0)
    out.append((tr("delphi.table.stats.prophets", lang), tr("delphi.table.stats.prophets_value", lang, n=prophets, people=mine)))
    return out + solo


def replay(save: dict):
    """A saved game of Delphi replayed for the Continue list: a solo round
    with the solo engine, judging no guess again (its facts need no more)."""
    return listed_solo(save) if is_solo(save) else replay_save(save)


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
    menu_picture="delphi-hint",
    replay_save=replay,
)
