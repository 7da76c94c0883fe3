"""The status line says what is true now (issue 20): "You may still declare
yourself Prophet (P)" is drawn exactly while the engine's
``prophet_blocker`` lets the person at the screen declare, frame after
frame of whole rounds played by one person with computers and by two
people, and P then declares.  The status comes from the table's picture,
made from the position at every frame, so it cannot stay on screen after
the chance has passed."""

from __future__ import annotations

import random

import pygame
import pytest

from game.games.delphi import GAME
from game.games.delphi.state import DECLARE, GOD_PICK, PROPHET_PICK, PROPHET_VERDICT, TURN
from game.i18n import tr
from game.ui import widgets
from game.ui.kit.passdevice import PassScene
from game.ui.tables.delphi import start_game
from game.ui.tables.delphi.summary import RoundScene
from game.ui.tables.delphi.table import DelphiTable
from tests.ui.helpers import buttons, key, press

NAMES = ["Anna", "Ben", "Cleo", "Dev", "Ema"]


def frame(app, dt: float = 1 / 30) -> list[str]:
    """One frame (with the events posted so far); every text it draws."""
    entries: list = []
    widgets.RECORD = (app.screen, entries)
    try:
        app.step(dt)
    finally:
        widgets.RECORD = None
    return [e[1] for e in entries if e[0] in ("text", "line")]


def prompt_in(texts: list[str]) -> bool:
    """The invitation to declare oneself Prophet: while the next player is
    on turn ("… (P)"), or the moment right after one's play ("… declare
    yourself Prophet now …")."""
    later = tr("delphi.table.may_declare", status="").strip()
    now = tr("delphi.table.you_declare", name="").split(",", 1)[1].strip().rstrip(".")
    return any(later in x or now in x for x in texts)


def allowed(app, t: DelphiTable) -> bool:
    """The person at the screen may declare now, and the table is on screen."""
    if t not in app.scenes.visible() or t.viewer is None or t.finished:
        return False
    return GAME.prophet_blocker(t.match.state, t.viewer) is None


def check(app, t: DelphiTable, texts: list[str], where: str) -> None:
    assert prompt_in(texts) == allowed(app, t), (where, t.match.state.phase, t.match.state.turn, t.match.state.declarer, t.viewer, [x for x in texts if "Prophet" in x])
    if app.scenes.top is t and t.match.state.phase != DECLARE:
        for b in buttons(app):
            if "Declare Prophet" in b.text:
                assert b.is_enabled == allowed(app, t), where


def keys_for(t: DelphiTable, rng: random.Random) -> list[int]:
    st = t.match.state
    if st.phase == TURN:
        return [pygame.K_RIGHT] * rng.randrange(1, max(2, len(t.hand()))) + [pygame.K_SPACE, pygame.K_RETURN] if rng.random() < 0.9 else [pygame.K_n]
    if st.phase == DECLARE:
        return [pygame.K_c]
    if st.phase == PROPHET_VERDICT:
        return [rng.choice([pygame.K_r, pygame.K_w])]
    if st.phase in (PROPHET_PICK, GOD_PICK):
        return [pygame.K_RIGHT, pygame.K_RETURN]
    return []


@pytest.mark.parametrize(
    ("people", "players", "seed"),
    [((0,), 4, 21), ((0,), 5, 8), ((0, 2), 4, 21), ((0, 2), 5, 9)],
    ids=["one-person-4", "one-person-5", "two-people-4", "two-people-5"],
)
def test_the_prophet_prompt_is_drawn_exactly_while_the_person_may_declare(app, people, players, seed):
    rng = random.Random(seed)
    bots = [None if i in people else "cautious" for i in range(players)]
    t = start_game(app, {"players": players, "rounds": 1, "first_god": 1}, seed, {"names": NAMES[:players], "bots": bots})
    shown = declared = 0
    for step in range(2500):
        top = app.scenes.top
        if isinstance(top, RoundScene) or t.finished:
            break
        if isinstance(top, PassScene):
            press(app, "show my cards", frames=1)
        elif top is t and not t.busy and t.my_turn():
            for k in keys_for(t, rng):
                key(app, k, frames=0)
                check(app, t, frame(app), f"after key {pygame.key.name(k)} at step {step}")
        elif top is t and declared == 0 and shown > 3 and t.model.may_declare() and rng.random() < 0.3:
            # the prompt is there: P declares
            assert prompt_in(frame(app))
            viewer = t.viewer
            key(app, pygame.K_p, frames=0)
            check(app, t, frame(app), f"after P at step {step}")
            assert t.match.state.prophet == viewer
            declared += 1
        texts = frame(app)
        shown += prompt_in(texts)
        check(app, t, texts, f"step {step}")
    assert isinstance(app.scenes.top, RoundScene) or t.finished
    assert shown > 0  # the chance came, and was drawn
