"""The soak harness in make test: random events over every screen, no
exception may escape.  (make soak runs 100,000.)"""

from game.tools.soak import soak


def test_random_events_over_every_screen_raise_nothing():
    res = soak(events=5000, seed=7)
    assert res["exceptions"] == 0, "\n".join(res["errors"])
    assert res["events"] >= 4000
