"""Issue 22, item 6: after a lost deal, "Where was it lost?" finds the
first move after which the round could no longer be won (the solver's
verdicts along the round) and opens the deal just before it with the
winning line ready; a review is practice, never counted or saved."""

from __future__ import annotations

import time

from game.engine.match import Match
from game.games import gaps as G
from game.persistence.saves import load_stats, read_save
from game.ui.kit.overlay import ResultScene
from game.ui.kit.wait import WaitScene
from game.ui.tables import gaps as gaps_ui
from game.ui.tables.gaps import solver
from game.ui.tables.gaps.finder import FindJob
from game.ui.tables.gaps.review import ReviewJob, rounds_of
from game.ui.tables.gaps.table import GapsTable
from tests.ui.helpers import press, pump, seated, settle


def crossed(redeals: int = 0) -> Match:
    return gaps_ui._match(9, redeals=redeals, layout=gaps_ui.CROSSED)


def test_the_review_names_the_first_move_that_lost_the_round():
    m = gaps_ui.crossed_and_lost()
    assert m.over and not m.outcome.won
    job = ReviewJob(m.runner.states, m.runner.actions, start=False)
    f = job.review()
    assert f is not None and (f.kind, f.round, f.index) == ("lost", 1, 1)
    # the winning alternative, checked by the rules: it wins from the position before the move
    state = m.runner.states[1]
    for move in f.line:
        state = G.GAME.apply(state, move)
    assert G.GAME.outcome(state).won
    assert job.checked <= 3  # the start, the end, one probe between: a binary search


def test_rounds_split_at_redeals_and_before_a_stop():
    acts = [G.Move(None, 0), G.REDEAL, G.Move(None, 1), G.STOP]
    assert rounds_of(acts) == [(0, 1), (2, 3)]
    assert rounds_of([]) == [(0, 0)]


def test_a_deal_no_round_of_which_could_be_won_blames_no_move():
    m = gaps_ui.crossed_and_lost()
    # the lost position as a deal of its own: nothing to blame in it
    lost = G.layout_text(G.GAME.view(m.state, 0))
    m2 = gaps_ui._match(9, redeals=0, layout=lost)
    job = ReviewJob(m2.runner.states, m2.runner.actions, start=False)
    assert job.review().kind == "unwinnable"


def test_where_was_it_lost_opens_the_deal_before_the_move_with_the_line(app):
    # a lost deal shows its result with the review on offer
    t2 = seated(app, GapsTable(app, crossed()))
    grid = t2.view.grid
    t2.act(G.Move(grid[12], 0))
    settle(app, 0.5)
    t2.act(G.Move(t2.view.grid[25], 13))
    settle(app, 2.5)
    res = app.scenes.top
    assert isinstance(res, ResultScene) and not res.won
    counted = load_stats()[0]["gaps"]["r0-layout"]["games"]
    press(app, "Where was it lost?")
    w = app.scenes.top
    if isinstance(w, WaitScene):  # (this small deal is often reviewed within the press's frames)
        w.job.thread.join(20)
        pump(app, 3)
    r = app.scenes.top
    assert isinstance(r, GapsTable) and r.model.meta.review
    assert r.view.grid == t2.match.runner.states[1].grid and len(r.match.actions) == 1  # before the losing move
    assert r.status_lines()[0][0] == "Review: move 2 (2♠) lost round 1. Before it the round could still be won; the winning line is ready."
    assert r.model.solution is not None and not r.model.solution.playing
    assert "review" in r._facts()[0]
    # the deal was timed already: the review has no clock (it ran from
    # 0:00 beside the deal's moves, seen in a window)
    settle(app, 1.0)
    assert not r.model.clock_running() and r.picture().clock is None
    press(app, "Play")
    settle(app, 5)
    won = app.scenes.top
    assert isinstance(won, ResultScene) and won.won
    assert "Where was it lost?" not in [b[0] for b in won.buttons_spec]
    # practice: not counted, not saved
    assert load_stats()[0]["gaps"]["r0-layout"]["games"] == counted
    assert read_save("gaps")[0] is None


def _spy_spawn(monkeypatch, kill: bool = False) -> list:
    """Record the solver processes started (killed at once with ``kill``,
    as an out-of-memory killer would)."""
    real, started = solver._spawn, []

    def spawn(*args):
        got = real(*args)
        started.append(got[0])
        if kill:
            got[0].kill()
            got[0].join(30)
        return got

    monkeypatch.setattr(solver, "_spawn", spawn)
    return started


def test_the_review_decides_in_one_child_process_that_ends_with_it(monkeypatch):
    started = _spy_spawn(monkeypatch)
    m = gaps_ui.crossed_and_lost()
    here = ReviewJob(m.runner.states, m.runner.actions, start=False, in_process=False)
    expected = here.review()
    assert started == []
    there = ReviewJob(m.runner.states, m.runner.actions, start=False)
    assert there.review() == expected and there.checked == here.checked >= 2
    assert len(started) == 1 and there.process is None  # one process for all the checks
    assert not started[0].is_alive() and started[0].exitcode == 0


def test_if_the_solver_process_dies_the_review_decides_in_its_thread(monkeypatch):
    started = _spy_spawn(monkeypatch, kill=True)
    m = gaps_ui.crossed_and_lost()
    job = ReviewJob(m.runner.states, m.runner.actions, start=False)
    f = job.review()
    assert len(started) == 1 and job.error is None
    assert f is not None and (f.kind, f.round, f.index) == ("lost", 1, 1)


def test_a_search_for_a_winnable_deal_ends_its_solver_process_found_or_cancelled(monkeypatch):
    started = _spy_spawn(monkeypatch)
    job = FindJob(3)  # proven at once
    job.thread.join(60)
    assert job.found == 3 and job.proof is not None and job.proof.verdict == "solvable"
    assert len(started) == 1 and not started[0].is_alive() and started[0].exitcode == 0
    started.clear()
    job = FindJob(2, max_nodes=10**9)  # deal 2 is not decided within minutes
    for _ in range(600):  # the process has started and reports progress
        if job.nodes > 0:
            break
        time.sleep(0.1)
    assert job.nodes > 0 and job.seed == 2 and len(started) == 1
    job.cancel()
    job.thread.join(30)
    assert job.done and job.found is None and job.process is None
    assert not started[0].is_alive() and started[0].exitcode == 0


def test_the_review_shows_no_clock_button_as_it_shows_no_clock(app):
    """Issue 50: a "Hide time" button showed in the review, where no clock
    shows; a played deal has it."""
    from game.ui.tables import gaps as gaps_ui
    from tests.ui.helpers import buttons, seated

    scenes = dict(gaps_ui.scene_factories(app))
    seated(app, scenes["gaps-review"]())
    assert not [b.text for b in buttons(app) if "time" in b.text.lower()]
    seated(app, scenes["gaps-no-moves"]())
    assert [b.text for b in buttons(app) if "time" in b.text.lower()]
