"""Headless pygame, and a private home for settings and saves per test."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Settings, saves and statistics go to a temporary folder."""
    home = tmp_path / "mtg-home"
    monkeypatch.setenv("MTG_HOME", str(home))
    yield home
    import sys

    from game import i18n

    i18n.set_language("en")
    # the situations Delphi's candidate spaces keep are objects the garbage
    # collector scans in every full collection: left from test to test they
    # made the UI tests after the Delphi ones about six times slower
    space = sys.modules.get("game.games.delphi.infer.space")
    if space is not None:
        space.forget_situations()
