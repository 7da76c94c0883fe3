"""A fifth game is one package and one line in the registry (issue 49):
the toy of :mod:`tests.toygame`, registered by its one line, is offered by
the menu, saved and continued, counted in the statistics by the shape it
declares, and remembered by the setups file, through the very paths the
four games take; and what the shared layers read of a game they ask the
registry for."""

from __future__ import annotations

import json
import subprocess
import sys

import pygame
import pytest

from game.engine import registry
from game.engine.schema import GameShapes, problems
from game.persistence.saves import list_saves, load_stats, read_save, stats_path, update_stats
from game.persistence.setups import load_setup, save_setup
from game.persistence.shapes import SAVE, STATS
from game.ui.scenes.menu import continue_game
from game.ui.scenes.stats import StatsScene
from game.ui.tables import available, built, table
from tests.toygame import registered
from tests.ui.helpers import buttons, click, drawn_texts, key, pump, settle


@pytest.fixture
def toy(monkeypatch):
    return registered(monkeypatch)


def tap(app, n: int = 1) -> None:
    for _ in range(n):
        key(app, pygame.K_SPACE)


def test_the_menu_offers_it_and_its_table_plays_it(app, toy):
    assert available("toy") and built()[-1] == "toy" and registry.info("toy") is toy
    app.to_menu()
    pump(app, 2)
    (b,) = [b for b in buttons(app) if b.text == "Tap to three"]
    click(app, b.rect.center)
    t = app.scenes.top
    assert t.name == "toy-table"
    tap(app, 2)
    assert t.match.state.taps == 2


def test_it_is_saved_by_the_shape_it_declares_and_continued(app, toy):
    table("toy").open_new(app)
    t = app.scenes.top
    t.match.meta = type(t.match.meta)(peeked=True)
    tap(app)
    save, problem = read_save("toy")
    assert problem is None and save["table"]["peeked"] is True and save["record"]["actions"] == ["tap"]
    assert problems(SAVE, {k: v for k, v in save.items() if k != "file"}) == []
    (entry,) = list_saves()[0]
    assert entry.game == "toy"
    app.to_menu()
    continue_game(app, entry.game, entry.file)  # what Continue's Resume does
    again = app.scenes.top
    assert again.name == "toy-table" and again.match.state.taps == 1 and again.match.meta.peeked
    # a field another game keeps is no field of the toy's save
    bad = {k: v for k, v in save.items() if k != "file"}
    bad["table"] = {**bad["table"], "series": {"options": {}, "seed": 1, "points": [], "length": 5}}
    assert problems(SAVE, bad) == ["table.series: not a known key"]


def test_a_finished_game_is_counted_by_its_own_shape_and_shown(app, toy):
    table("toy").open_new(app)
    tap(app, 3)
    settle(app, 2)
    stats, problem = load_stats()
    assert problem is None and stats["toy"] == {"games": 1, "wins": 1}
    assert read_save("toy") == (None, None)  # counted, and its save gone
    assert problems(STATS, json.loads(stats_path().read_text())) == []
    app.push(StatsScene(app))
    pump(app, 2)
    shown = drawn_texts(app)
    assert "Tap to three" in shown and "Taps to three" in shown and "1 / 1" in shown


def test_a_bad_row_of_its_statistics_is_set_aside_alone(toy):
    update_stats("gaps", lambda st: st.update(r2={"games": 4, "wins": 1}))
    data = json.loads(stats_path().read_text())
    data["games"]["toy"] = {"games": 2, "wins": "many"}
    stats_path().write_text(json.dumps(data))
    stats, problem = load_stats()
    assert problem is not None and stats == {"gaps": {"r2": {"games": 4, "wins": 1}}, "toy": {"games": 2}}


def test_its_setup_keeps_what_it_declares(toy):
    save_setup("toy", {"goal": 5, "players": 1, "redeals": 2})
    assert load_setup("toy") == ({"goal": 5, "players": 1}, None)


def test_every_game_declares_its_shapes_and_one_that_does_not_is_said(monkeypatch):
    for g in registry.games():
        assert isinstance(registry.shapes(g.id), GameShapes)
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, registry.GameInfo("bare", "bare", {"en": "Bare"}, engine_at="tests.toygame.table")))
    with pytest.raises(TypeError, match="declares no SHAPES"):
        registry.shapes("bare")


def test_counting_one_game_loads_no_other(tmp_path):
    """The statistics read to add a game's result check that game's part
    alone: finishing a game of Gaps loads no other game's package (the
    other three cost 0.16-0.29 s to import on this machine under load),
    and the others' parts are written back as they were."""
    parts = {"mind-the-gap": {"normal-2p": {"games": 3, "wins": 1, "helper_games": 0}}, "delphi": {"games": 2}, "runs": {"games": 5}, "gaps": {"r2": {"games": 1}}}
    path = tmp_path / "data" / "statistics.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"schema": 1, "games": parts}))
    code = (
        "import sys\n"
        "from game.persistence.saves import update_stats\n"
        "update_stats('gaps', lambda st: st['r2'].update(games=2))\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('game.games.')}))\n"
    )
    env = {"MTG_HOME": str(tmp_path), "PATH": "", "SDL_VIDEODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.strip() == "['gaps']"
    assert json.loads(path.read_text())["games"] == {**parts, "gaps": {"r2": {"games": 2}}}
