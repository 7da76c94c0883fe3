"""Developer and CI tools behind python -m game (shots, bench, soak)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def headless(prefix: str, keep_home: bool = False) -> Iterator[str]:
    """A tool's run: the dummy video and audio drivers unless others are
    chosen, pygame's banner hidden (it is printed on import, before a
    ``--json`` object otherwise) and a private data folder in ``MTG_HOME``
    that is removed afterwards (``keep_home``: a folder already named in
    ``MTG_HOME`` is used instead).  Yields the data folder."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    before = os.environ.get("MTG_HOME")
    if keep_home and before:
        yield before
        return
    with tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True) as home:
        os.environ["MTG_HOME"] = home
        try:
            yield home
        finally:
            if before is None:
                os.environ.pop("MTG_HOME", None)
            else:
                os.environ["MTG_HOME"] = before


def open_as_shot(app, make: Callable[[], object], frames: int) -> object:
    """Put the screen ``make()`` on ``app`` as the shots show it: one frame,
    its ``prepare_shot`` (if it has one), then ``frames`` more.  Returns
    the scene.  (shots and textfit open every screen this way.)"""
    scene = make()
    app.scenes.reset(scene)
    app.step(1 / 60, events=[])
    prep = getattr(scene, "prepare_shot", None)
    if prep:
        prep()
    for _ in range(frames):
        app.step(1 / 60, events=[])
    return scene


def set_vision(app, text_size: str | None = None, high_contrast: bool = False) -> None:
    """Draw ``app``'s screens with the low-vision settings a tool was
    given (``--text-size``, ``--high-contrast``), as the settings screen
    would set them."""
    if text_size is None and not high_contrast:
        return
    from game.ui.scenes.settings import apply_look

    if text_size is not None:
        app.settings.text_size = text_size
    app.settings.high_contrast = high_contrast
    apply_look(app.settings)
    app.relayout()
