"""The Runs table for issue 14: forced draws one after another are one log
line and one quick burst, a card that would end the run is marked before
it is played (and the status says so), with the house rule "new run" a
closed run moves aside and the next one starts beside it, the setup offers
the rule (and says which reading is the written one), and the statistics
keep the two rule sets apart."""

from __future__ import annotations

from game.cards import display
from game.games.runs import GAME
from game.games.runs.state import DRAW, PHASE_PLAY, PLAY_ACTIONS, RunsState
from game.ui.tables import runs as runs_ui
from game.ui.tables.runs import demo
from game.ui.tables.runs.paint import CLOSING
from game.ui.tables.runs.setup import SetupScene
from game.ui.tables.runs.table import RunsTable, new_game_from
from tests.ui.helpers import button, click, press, pump, seated

from .test_runs_table import hand_rect, static_layer, top


def _then_everyone_draws() -> object:
    """Four seats, Anna (0) to play one card, after which the three
    computers in turn cannot follow and draw."""

    def want(st: RunsState) -> bool:
        if st.phase != PHASE_PLAY or st.turn != 0 or GAME.chain_dead(st) or len(GAME.playable(st, 0)) != 1:
            return False
        after = GAME.apply(st, PLAY_ACTIONS[GAME.playable(st, 0)[0]])
        for _ in range(3):
            forced = GAME.forced_action(after)
            if forced is None or forced.kind != DRAW:
                return False
            after = GAME.apply(after, forced)
        return True

    return demo.find_runner({"players": 4, "rounds": 5}, want)


def test_forced_draws_in_a_row_are_one_log_line_and_one_quick_burst(app):
    app.settings.animation = "normal"
    t = seated(app, demo.table_for(app, _then_everyone_draws()))
    n = len(t.match.actions)
    click(app, hand_rect(t, t.view.playable[0]).center, frames=0)
    frames: dict[int, int] = {}  # action index -> the frame it was played in
    for f in range(240):
        pump(app, 1)
        for i in range(n, len(t.match.actions)):
            frames.setdefault(i, f)
        if len(t.match.actions) >= n + 4:
            break
    assert [a.kind for a in t.match.actions[n : n + 4]] == ["play", "draw", "draw", "draw"]
    # after the first draw the others follow frame by frame (they used to
    # wait 0.12 s of table time each: 7 frames at 60 a second)
    assert frames[n + 3] - frames[n + 1] <= 2, frames
    pump(app, 30)
    texts = [line for _, line in t.log_lines()]
    drew = [line for line in texts if "draws a card" in line or "Nobody could follow" in line]
    names = [t.seat_name(s) for s in (1, 2, 3)]
    assert drew[-1] == f"Nobody could follow: {names[0]} drew 1 card, {names[1]} drew 1 card, {names[2]} drew 1 card."
    assert texts[-1] == drew[-1]


def test_a_card_that_would_end_the_run_is_marked_and_the_status_says_so(app):
    t = seated(app, demo.table_for(app, demo.closing_choice()))
    v = t.view
    assert t.my_turn() and v.closing and set(v.closing) <= set(v.playable)
    card = v.closing[0]
    line, _ = t.status_text()
    assert "would end the run" in line and display(card, "en") in line
    # the tag across the card, in its own colour, on what the table draws
    r = hand_rect(t, card)
    surface = static_layer(t)
    spot = (r.x + int(3 * t.scale) + 2, r.y + int(r.h * 0.62))
    assert tuple(surface.get_at(spot))[:3] == CLOSING
    others = [c for c in v.playable if c not in v.closing]
    for c in others:
        q = hand_rect(t, c)
        assert tuple(surface.get_at((q.x + int(3 * t.scale) + 2, q.y + int(q.h * 0.62))))[:3] != CLOSING


def test_with_the_house_rule_a_closed_run_moves_aside_and_the_next_starts_beside_it(app):
    t = seated(app, demo.table_for(app, demo.new_runs(closed=2, start=True)))
    v, L = t.view, t.layout()
    assert v.new_run and GAME.chain_dead(t.match.state) and t.my_turn()
    assert set(v.playable) == set(v.hand)  # any card starts the new run
    line, _ = t.status_text()
    assert "the run is closed" in line
    # the closed run keeps its place, marked; the slot for the new one is beside it, apart
    assert L.new_slot and L.slot is not None and L.slot.x >= L.chain[-1].right + int(40 * L.s)
    closed_before = list(L.closed)
    n = len(v.chain)
    click(app, hand_rect(t, v.hand[0]).center)
    pump(app, 30)
    L = t.layout()
    assert t.view.chain[n] == v.hand[0]
    # the run that was closed joined the small ones on the left, the new one starts right of them
    assert L.closed == closed_before + [(L.closed[-1][0], n)] and L.current == n
    assert L.chain[n].x > max(r.right for r in L.chain[:n])
    assert all(r.w < L.chain[n].w for r in L.chain[:n])


def test_after_a_stop_a_touching_card_begins_a_run_of_its_own_at_the_table(app):
    """The table's rules: a run the stop closed is drawn apart from the run
    begun after it, even when that run's first card touches its last (the
    table read the chain's breaks and drew both as one run)."""
    t = seated(app, demo.table_for(app, demo.stopped_then_touching()))
    v, L = t.view, t.layout()
    i = v.starts[-1]
    assert v.stop and GAME.playable(t.match.state, 0)
    assert L.current == i and L.closed and L.closed[-1][1] == i  # the run before ends where the new one begins
    assert L.chain[i].x > max(r.right for r in L.chain[:i])


def test_the_setup_offers_the_house_rules_and_names_the_written_one(app):
    app.push(SetupScene(app))
    pump(app, 2)
    s = top(app)
    # the default (issue 24): new run and circuit; the written rule one click away
    assert s.values["rules"] == "house" and button(app, "New run + stop + bigger deal (house rules)") is not None
    hint = s._hint(next(f for f in s.fields() if getattr(f, "key", "") == "rules"))
    assert "House rules" in hint and "stops" in hint and "40 cards" in hint
    assert s.options()["new_run"] is True and s.options()["circuit"] is True
    press(app, "New run (house rule)")
    assert top(app).values["rules"] == "new_run" and s.options()["circuit"] is False
    press(app, "Written rule")
    assert top(app).values["rules"] == "written"
    hint = s._hint(next(f for f in s.fields() if getattr(f, "key", "") == "rules"))
    assert "rule sheet as written" in hint
    press(app, "Deal the cards")
    t = top(app)
    assert isinstance(t, RunsTable) and t.match.options["new_run"] is False and not t.view.new_run and not t.match.options["circuit"]
    # "New game" comes back with the choice made
    new_game_from(app, t)
    assert top(app).name == "runs-setup" and top(app).values["rules"] == "written"


def test_saved_choices_from_before_the_circuit_keep_their_rule():
    from game.ui.tables.runs.setup import _clean

    assert _clean({"new_run": True})["rules"] == "new_run"
    assert _clean({"new_run": False})["rules"] == "written"
    assert _clean({"new_run": True, "circuit": True})["rules"] == "house"
    assert _clean({})["rules"] == "house"


def test_the_statistics_show_each_rule_set_under_its_own_heading():
    row = {"seats": 2, "wins": 1, "sum": -40, "best": -10}
    written = {"games": 2, "rounds": 10, "best": {"score": -10, "name": "Anna"}, "kinds": {"person": row}}
    house = {"games": 1, "rounds": 5, "best": {"score": 210, "name": "Ben"}, "kinds": {"strong": dict(row, best=210)}}
    lines = runs_ui.stats_lines({**written, "new_run": house}, "en")
    labels = [label for label, _ in lines]
    assert labels[0] == "Written rules" and "House rule: new run" in labels
    split = labels.index("House rule: new run")
    assert dict(lines[:split])["Best score"] == "−10 · Anna" and dict(lines[split:])["Best score"] == "210 · Ben"
    assert runs_ui.stats_lines({"new_run": house}, "de")[0] == ("Hausregel: neue Reihe", "")
    assert runs_ui.stats_lines(written, "en")[0] == ("Games played", "2 (10 rounds)")
