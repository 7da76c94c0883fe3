"""What the screens say about results, checked on real games (issue 20):
the statistics lines read cleanly in both languages, a time is the same
number wherever it is shown, and an end panel never contradicts itself."""

from __future__ import annotations

import re

import pytest

from game.ui.tables import built, table
from tests.ui.filefuzz import folded

#: real games of every kind, computers in every seat, to their ends
PLAYS = [
    ("mind-the-gap", {"players": 1, "level": "easy"}, [None], {"helper": True}, None),
    ("mind-the-gap", {"players": 2, "level": "normal"}, [None, "strong"], {}, None),
    ("gaps", {"redeals": 2, "layout": ""}, [None], {"elapsed": 296.6}, None),
    ("gaps", {"redeals": 1, "layout": ""}, [None], {"assisted": True}, None),
    ("delphi", {"players": 3, "rounds": 3}, [None, "augur", "cautious"], {}, None),
    ("delphi", {"players": 3, "rounds": 3}, [None, "random", "cautious"], {}, None),
    ("runs", {"players": 3, "rounds": 5}, [None, "simple", "strong"], {}, None),
]


def reads_cleanly(s: str) -> bool:
    """Brackets closed, never one inside another, no "1 games"."""
    depth = 0
    for ch in s:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if not 0 <= depth <= 1:
            return False
    return depth == 0 and not re.search(r"(^|\D)1 (games|rounds|Spielen|Runden)\b", s)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_statistics_line_closes_what_it_opens(lang):
    """"Wins of the computer (augur (strong))" and "1 of 1 games" read in
    Delphi's statistics: a label that put a bracketed bot name into
    brackets of its own, a count in the plural for one."""
    stats = folded(PLAYS)
    seen = 0
    for gid in built():
        for label, value in table(gid).stats_lines(stats.get(gid, {}), lang):
            assert reads_cleanly(label) and reads_cleanly(value), (gid, label, value)
            seen += 1
    assert seen > 20


def test_the_fastest_gaps_win_reads_the_same_in_the_summary_and_the_statistics(app):
    """A win at 296.6 s on the clock read 4:56 in the session summary and
    4:57 in the statistics (one rounded down, the other to the nearest)."""
    from game.engine.match import Match, Seat
    from game.games import gaps as G
    from game.persistence.saves import load_stats
    from game.ui.tables import gaps as gaps_ui
    from game.ui.tables.gaps.session import session_of
    from game.ui.tables.gaps.summary import summary_rows
    from game.ui.tables.gaps.table import GapsTable
    from tests.ui.helpers import seated, settle

    m = Match.start(G.GAME, {"redeals": 2, "layout": gaps_ui.NEAR_WON}, 77, [Seat("P")], meta={"elapsed": 296.6})
    t = seated(app, GapsTable(app, m))
    t.elapsed = 296.6
    t.move_card(12)
    settle(app, 1.0)
    assert t.match.over and t.match.outcome.won
    shown = dict(summary_rows(session_of(app), "en"))["Fastest win"]
    stats, _ = load_stats()
    listed = dict(gaps_ui.stats_lines(stats["gaps"], "en"))["· fastest win"]
    assert shown.startswith(listed), (shown, listed)
