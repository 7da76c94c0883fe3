import pytest


@pytest.fixture
def app(monkeypatch):
    from game import app as app_module
    from game.app import App

    # tests press F11 twice within a few frames; the guard against a held
    # key's repeats (App.handle) is tested on its own
    monkeypatch.setattr(app_module, "F11_GUARD_S", 0.0)
    a = App((1280, 800), lang="en", fullscreen=False)
    a.settings.animation = "fast"
    a.settings.sound = False
    a.to_menu()
    a.step(1 / 60, events=[])
    yield a
    a.close()
