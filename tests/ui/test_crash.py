"""Kill the app with SIGKILL in the middle of a game; the autosave is
whole and the game continues from the last action."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine import GameRunner, Record
from game.engine.registry import GAMES
from game.ui.tables import available

BUILT = [g.id for g in GAMES if available(g.id)]


def the_save(folder: Path, game_id: str) -> Path:
    """The one save of ``game_id`` (each setup has its own file, issue 15)."""
    found = sorted(folder.glob(f"{game_id}.*.json"))
    assert len(found) <= 1, found
    return found[0] if found else folder / f"{game_id}.json"


def wait_for_actions(folder: Path, game_id: str, n: int, timeout: float = 60) -> dict:
    t0 = time.time()
    while time.time() - t0 < timeout:
        try:
            data = json.loads(the_save(folder, game_id).read_text())
            if len(data["record"]["actions"]) >= n:
                return data
        except (OSError, ValueError, KeyError):
            pass  # not there yet (never half-written: the write is atomic)
        time.sleep(0.05)
    raise AssertionError(f"no save with {n} actions after {timeout} s")


@pytest.mark.parametrize("game_id", BUILT)
def test_sigkill_mid_game_then_continue(private_home, game_id, kills=3):
    env = dict(os.environ, MTG_HOME=str(private_home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    saves = private_home / "data" / "saves"
    last = None
    left: set[Path] = set()
    for k in range(kills):
        args = ["--autoplay", f"{game_id}:4"] if k == 0 else ["--continue"]
        p = subprocess.Popen([sys.executable, "-m", "game", *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            have = 0 if last is None else len(last["record"]["actions"])
            data = wait_for_actions(saves, game_id, have + 2)
            # a kill in the middle of a write leaves its temporary file
            # (the rename never came); the next copy to take the folder
            # removes it before it writes (storage.clean_stale_tmp)
            assert not left & set(saves.glob("*.tmp"))
        finally:
            p.send_signal(signal.SIGKILL)
            p.wait(timeout=10)
        # what is on disk after the kill is a whole save that replays
        save = the_save(saves, game_id)
        last = json.loads(save.read_text())
        assert len(last["record"]["actions"]) >= len(data["record"]["actions"])
        GameRunner.replay(Record.from_json(last["record"]))
        left = set(saves.glob("*.tmp"))
    # the menu's Continue rebuilds exactly that game
    from game.app import App
    from game.ui.scenes.menu import continue_game

    app = App((1280, 800))
    assert not list(saves.glob("*.tmp"))
    try:
        app.to_menu()
        continue_game(app, game_id)
        table = app.scenes.top
        while table.name == "pass":
            table = app.scenes.scenes[-2]
            break
        runner = GameRunner.replay(Record.from_json(last["record"]))
        assert table.match.state == runner.state
        assert [table.match.game.action_to_text(a) for a in table.match.actions] == last["record"]["actions"]
    finally:
        app.close()
