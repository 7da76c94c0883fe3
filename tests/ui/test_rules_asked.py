"""The tables ask the engine for the rules and never count them themselves
(issue 49, item 6): what a table shows or animates of a rule is what the
engine says, across seats, rounds and variants."""

from __future__ import annotations

from game.games.runs.state import PHASE_BREAK
from game.i18n import tr
from game.ui.tables.runs import demo as runs_demo
from tests.ui.helpers import drawn_texts, seated

# --- Runs: who starts, the deal ----------------------------------------------------------------


def test_the_round_sheet_names_the_engines_next_starter_round_after_round(app):
    for players in (3, 5):
        for number in range(1, players + 1):
            runner = runs_demo.find_runner({"players": players, "rounds": 0, "dealer": players - 1}, lambda st, k=number: st.phase == PHASE_BREAK and st.round == k, seeds=[7])
            t = seated(app, runs_demo.table_for(app, runner, bots=["simple"] * players))
            assert app.scenes.top.name == "runs-round-summary"
            v = t.match.view()
            words = tr("runs.table.next_leads", round=number + 1, name=t.seat_name(v.next_starter))
            assert any(words in line for line in drawn_texts(app)), words
            t.proceed()
            assert t.match.state.turn == v.next_starter
