"""The soak harness in make test: random mouse and key events over every
screen, 5,000 per game's screens and 5,000 over the shared ones; no
exception may escape and memory must stay flat.  (make soak runs 100,000.)"""

import pytest

from game.engine.registry import GAMES
from game.tools.soak import soak
from game.ui.tables import available

GROUPS = [("shell", ["menu", "settings", "statistics", "rules", "pass", "confirm"])] + [
    (g.id, [g.id]) for g in GAMES if available(g.id)
]


@pytest.mark.parametrize("name,scenes", GROUPS, ids=[g[0] for g in GROUPS])
def test_random_events_raise_nothing(name, scenes):
    res = soak(events=5000, seed=7, scenes=scenes)
    assert res["exceptions"] == 0, "\n".join(res["errors"])
    assert res["events"] >= 4000
    # memory flat: after the first pass has filled the caches, a second
    # pass over the same screens may not grow beyond noise
    first, *rest = res["rss_mb_after_each_pass"][1:]
    assert rest and max(rest) <= first * 1.10 + 10, res["rss_mb_after_each_pass"]
