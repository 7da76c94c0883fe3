"""What a table package gives the shell (``TABLE`` in the package): open a
new game (its setup), resume a save, the statistics lines, every screen in
a realistic state (for ``--smoke``, the screenshot tool and the soak), a
scene for the frame benchmark, and a game that computers play in a real
window (the crash test); the game's pictures for the rules screen, and
which screen the menu shows a small picture of.  The registry
(:mod:`game.ui.tables`) reads it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.match import Match
from game.engine.records import Record
from game.ui.diagrams import Diagram

SceneFactory = Callable[[], Any]


def replay_save(save: dict) -> Match[Any, Any, Any]:
    """A save replayed with its record's game of the registry (raises
    RecordError, KeyError, ValueError or TypeError when it does not
    replay)."""
    return Match.resume(Record.from_json(save.get("record")), meta=save.get("table") or {})


@dataclass(frozen=True, kw_only=True)
class TableEntry:
    """Given by keyword, each field says what it is where it is given."""

    #: the registry's id of the game
    game_id: str
    #: the game's setup on screen (``prefs``: choices to open it with)
    open_new: Callable[..., None]
    #: a save on its table again; a readable problem instead
    resume: Callable[[Any, dict], str | None]
    #: the statistics screen's lines, from the game's part of the file, in a language
    stats_lines: Callable[[dict, str], list[tuple[str, str]]]
    #: every screen of the game in a realistic state, by name
    scene_factories: Callable[[Any], list[tuple[str, SceneFactory]]]
    #: a full table and a drag path over it, for the frame benchmark
    bench_scene: Callable[[Any], Any]
    #: a game the computers play by themselves, from a seed
    open_autoplay: Callable[[Any, int], Any]
    #: the rules screen's pictures, by the name a ``[diagram: name]`` line gives
    diagrams: Mapping[str, Diagram]
    #: a saved game's own facts for its row in the Continue list (the round,
    #: the scores, a series' pyramid), from the game replayed, in a language
    saved_facts: Callable[[Any, str], list[str]]
    #: a save of this table replayed (a table that keeps saves of a game
    #: outside the registry, as Delphi its solo rounds, replays them itself)
    replay_save: Callable[[dict], Match[Any, Any, Any]] = replay_save
    #: the screen of ``scene_factories`` the menu shows a small picture of
    #: (painted by the table itself); None: ``<game_id>-table``
    menu_picture: str | None = None
