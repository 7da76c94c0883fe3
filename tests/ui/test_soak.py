"""The soak harness in make test: random mouse and key events over every
screen, 2,500 per game's screens (two passes, at least 25 events on each
screen in each) and 5,000 over the shared ones; no exception may escape
and memory must stay flat.  ``make soak`` runs 100,000 per table; 5,000
a game here took about 70 s each, a fifth of a 23-minute suite.  The
shared screens keep 5,000: the rules screens' text caches fill slowly
(measured over ten passes of 1,000 events: 115, 135, 97, 145, 117, 136,
146, 151, 153, 146 MB, bounded), and after a first pass of 1,250 events
the second still grows by a quarter."""

import pytest

from game.engine.registry import GAMES
from game.tools.soak import soak
from game.ui.tables import available

#: events per group (see above)
EVENTS = {"shell": 5000}

GROUPS = [("shell", ["menu", "settings", "statistics", "rules", "pass", "confirm"])] + [
    (g.id, [g.id]) for g in GAMES if available(g.id)
]


@pytest.mark.parametrize("name,scenes", GROUPS, ids=[g[0] for g in GROUPS])
def test_random_events_raise_nothing(name, scenes):
    res = soak(events=EVENTS.get(name, 2500), seed=7, scenes=scenes)
    assert res["exceptions"] == 0, "\n".join(res["errors"])
    assert res["events"] >= 2000
    # memory flat: after the first pass has filled the caches, a second
    # pass over the same screens may not grow beyond noise
    first, *rest = res["rss_mb_after_each_pass"][1:]
    assert rest and max(rest) <= first * 1.10 + 10, res["rss_mb_after_each_pass"]
