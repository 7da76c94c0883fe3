"""Where the app keeps its files.

``MTG_HOME`` (an environment variable) puts every file under one folder;
the tests and the tools use it so they never touch a player's files.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "mind-the-gap"


def config_dir() -> Path:
    home = os.environ.get("MTG_HOME")
    if home:
        return Path(home) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    home = os.environ.get("MTG_HOME")
    if home:
        return Path(home) / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def cache_dir() -> Path:
    """What the app can make again (the menu's pictures of the tables):
    losing it costs time, never a game."""
    home = os.environ.get("MTG_HOME")
    if home:
        return Path(home) / "cache"
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
