"""Issue 22, item 4: "only deals that can be won without a redeal".  The
setup's choice looks for a deal the solver proves winnable, showing its
progress with Cancel; the deal is dealt with its number shown, replays as
that number, and counts in a statistics row of its own.

The search loop and the screens are tested here with a stand-in solver
(deal numbers divisible by 3 are "winnable"), so the test does not depend
on how fast the real solver decides an opening deal; the real solver's
verdicts are checked in tests/games/gaps."""

from __future__ import annotations

import pytest

from game.engine.core import msg
from game.games import gaps as G
from game.persistence.saves import load_stats, read_save
from game.ui.kit.wait import WaitScene
from game.ui.tables import gaps as gaps_ui
from game.ui.tables.gaps import finder, solver
from game.ui.tables.gaps.finder import FindScene
from game.ui.tables.gaps.setup import SetupScene
from game.ui.tables.gaps.table import GapsTable, play_again
from tests.ui.helpers import drawn_texts, entry, press, pump
from tests.ui.test_gaps_table import _setup


class StandIn:
    """Proves deals whose number is divisible by 3, refutes the others;
    ``hold`` keeps every verdict back (a search to cancel)."""

    hold = False

    def __init__(self, state, max_nodes):
        self.nodes = 0
        self.seed = state.seed
        self.result = None

    def step(self, n, cancel=None):
        if StandIn.hold:
            self.nodes += n
            return None
        verdict = "solvable" if self.seed % 3 == 0 else "unsolvable"
        self.result = G.SolveResult(verdict, (), n, msg("gaps.solve.unknown"))
        return self.result


@pytest.fixture
def stand_in(monkeypatch):
    StandIn.hold = False
    monkeypatch.setattr(finder.G, "RoundSolver", StandIn)
    # the search's checks run where the stand-in is: in its thread, as when no solver process can start
    monkeypatch.setattr(solver, "_spawn", lambda *args: None)
    return StandIn


def _until_done(app, scene: WaitScene) -> None:
    scene.job.thread.join(10)
    pump(app, 3)


def test_a_winnable_deal_is_found_dealt_shown_and_counted_apart(app, stand_in):
    s = _setup(app)
    press(app, "Winnable")
    assert "proven" in " ".join(drawn_texts(app))  # the choice says what it means
    entry(s, "deal").set_text("100")
    stand_in.hold = True  # (the stand-in answers at once: hold it to see the search on screen)
    press(app, "Deal the cards")
    f = app.scenes.top
    assert isinstance(f, WaitScene) and f.job.seed == 100
    stand_in.hold = False
    _until_done(app, f)
    t = app.scenes.top
    assert isinstance(t, GapsTable)
    assert t.match.seed == 102 and t.model.meta.winnable  # 100 and 101 refuted, 102 proven
    assert t.view.grid == G.GAME.new_game({"redeals": 2}, 102).grid  # the number is the deal
    assert "Deal 102 · winnable" in t._facts()[0]
    # the proof that dealt it answers "Still solvable?" at once, as help
    assert t.model.current_verdict() is None and not t.model.meta.assisted
    press(app, "Still solvable?")
    v = t.model.current_verdict()
    assert t.model.job is None and v is not None and v.verdict == "solvable" and t.model.meta.assisted
    # the same deal again is still the winnable one, and the choice is kept for next time
    t2 = play_again(app, t)
    assert t2.model.meta.winnable and t2.match.seed == 102
    saved = read_save("gaps")[0]
    assert saved is not None and saved["table"]["winnable"] is True  # Continue keeps it a winnable deal
    move = next((a for a in t2.match.legal() if isinstance(a, G.Move)), None)
    if move is not None:
        t2.act(move)
    t2.stop_game()
    pump(app, 2)
    stats = load_stats()[0]["gaps"]
    assert stats["r2-winnable"]["games"] == 1 and "r2" not in stats
    assert any("winnable deals" in label for label, _ in gaps_ui.stats_lines(stats, "en"))
    assert _setup(app).values["deals"] == "winnable"


def test_the_search_shows_its_progress_and_cancel_goes_back(app, stand_in):
    stand_in.hold = True
    _setup(app)
    press(app, "Winnable")
    press(app, "Deal the cards")
    f = app.scenes.top
    assert isinstance(f, WaitScene)
    pump(app, 3)
    assert any(line.startswith("Checking deal") for line in drawn_texts(app))
    press(app, "Cancel")
    assert isinstance(app.scenes.top, SetupScene)
    f.job.thread.join(10)
    assert not f.job.thread.is_alive() and f.job.found is None


def test_a_search_that_proves_nothing_says_so_and_deals_nothing(app, stand_in):
    _setup(app)
    f = FindScene(app, 1, lambda seed: pytest.fail("nothing was proven"), limit=2)  # 1 and 2: refuted
    app.push(f)
    _until_done(app, f)
    assert app.scenes.top is f and any("None of the 2 deals" in line for line in drawn_texts(app))
    press(app, "OK")
    assert isinstance(app.scenes.top, SetupScene)
