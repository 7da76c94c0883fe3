"""Ctrl+C in the first instant after launch ends the app with one line and
code 130, never a traceback of the imports (it printed one when it came
while the app's modules loaded)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

#: the child: Ctrl+C arrives while ``python -m game`` imports its tools'
#: module (a finder on the import path sends it, so the moment is exact)
CHILD = """
import importlib.abc, os, runpy, signal, sys

class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "game.engine.cli":
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
sys.argv = ["game", "--windowed"]
runpy.run_module("game", run_name="__main__")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is a POSIX matter")
def test_ctrl_c_while_the_app_loads_is_one_line_and_code_130(tmp_path):
    env = dict(os.environ, MTG_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == 130 and r.stderr.strip() == "mind-the-gap: interrupted", (r.returncode, r.stderr)
