import pytest


@pytest.fixture
def app():
    from game.app import App

    a = App((1280, 800), lang="en", fullscreen=False)
    a.settings.animation = "fast"
    a.settings.sound = False
    a.to_menu()
    a.step(1 / 60, events=[])
    yield a
    a.close()
