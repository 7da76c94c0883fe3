"""The tables ask the engine for the rules and never count them themselves
(issue 49, item 6): what a table shows or animates of a rule is what the
engine says, across seats, rounds and variants."""

from __future__ import annotations

from game.cards import display
from game.engine.core import msg
from game.games.mind_the_gap.help import used_copies
from game.games.mind_the_gap.pyramids import copies, values
from game.games.runs import GAME as RUNS
from game.games.runs import neighbours
from game.games.runs.policy import num
from game.games.runs.state import PHASE_BREAK, PHASE_OVER, PHASE_PLAY, leaders, standings
from game.i18n import tr
from game.ui.tables.mind_the_gap import demo as mtg_demo
from game.ui.tables.runs import demo as runs_demo
from game.ui.tables.runs import saved
from game.ui.tables.runs.overlays import out_words
from tests.ui.helpers import click, drawn_texts, pump, said, seated

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


def test_a_bigger_deal_flies_every_card_in_the_engines_order(app):
    """With ``big_deal`` (on at every new table) 13 cards each go to three
    players; the deal flew seven each and left the rest of the hand at the
    screen in view while the first seven flew in."""
    runner = runs_demo.find_runner({"players": 3, "rounds": 5, "big_deal": True}, lambda st: st.phase == PHASE_BREAK, seeds=range(5, 40))
    t = seated(app, runs_demo.table_for(app, runner, bots=[None, "simple", "simple"]))
    app.scenes.pop()  # the round's sheet
    t.proceed()
    v = t.view
    order = RUNS.deal_order(v)
    assert len(v.hand) == 13 and len(order) == 39
    flights = list(t.anim.flights)
    assert len(flights) == len(order)
    assert {f.hide for f in flights if f.hide is not None} == {("hand", c) for c in v.hand}
    # the hand at the screen gets its cards where the engine dealt them
    mine = [k for k, s in enumerate(order) if s == t.viewer]
    assert [round(f.delay / flights[1].delay) for f in flights if f.hide is not None] == mine


def test_the_next_cards_under_the_run_are_the_engines_at_both_ends(app):
    """With a run that grows at both ends the table offered only the
    neighbours of the last card played, not those of the run's first."""

    def both_open(st) -> bool:
        if st.phase != PHASE_PLAY or st.turn != 0 or len(st.chain) < 3 or RUNS.chain_dead(st):
            return False
        first, last = st.ends[-1]
        return first != last and any(c not in st.chain for c in neighbours(first))

    runner = runs_demo.find_runner({"players": 3, "rounds": 5, "both_ends": True}, both_open, seeds=range(1, 40))
    t = seated(app, runs_demo.table_for(app, runner, bots=[None, "simple", "simple"]))
    v = t.view
    nxt = RUNS.continuations(v)
    first = v.ends[-1][0]
    assert any(c in nxt for c in neighbours(first))
    words = tr("runs.table.next", cards=(" " + tr("runs.table.or") + " ").join(display(c, "en") for c in nxt))
    assert t.picture().still.run.hint == words


def test_a_seat_out_of_the_round_shows_the_bonus_the_engine_gave_it(app):
    """The first three out earn a bonus; the labels said 15, 10 and 5 in
    their own words, now they say what the engine's score sheet holds."""
    runner = runs_demo.find_runner({"players": 5, "rounds": 5, "new_run": True, "circuit": True}, lambda st: st.phase == PHASE_PLAY and len(st.finished) >= 3 and st.turn == 0 and 0 not in st.finished, seeds=range(1, 80))
    t = seated(app, runs_demo.table_for(app, runner))
    v = t.view
    boxes = {b.seat: b.doing for b in t.picture().still.seats}
    for place, seat in enumerate(v.finished, start=1):
        assert v.bonus[seat] > 0
        assert boxes[seat] == tr(f"runs.table.out_{place}", bonus=v.bonus[seat])
    # the words follow the engine's figure, whatever it is
    assert out_words((3, 1), (0, 0, 0, 7), 3) == tr("runs.table.out_1", bonus=7)
    assert out_words((3, 1, 2, 4), (0, 0, 0, 7, 0), 4) == tr("runs.table.out")


def test_who_leads_and_the_order_of_the_scores_are_the_engines(app):
    """The board's gold totals, the final sheet's order and the Continue
    list's order come from the engine's leaders and standings (the higher
    total the better), which also name the winners."""
    runner = runs_demo.find_runner({"players": 5, "rounds": 5}, lambda st: st.phase == PHASE_OVER and len(set(st.base)) < 5, seeds=range(7, 80))
    t = seated(app, runs_demo.table_for(app, runner, bots=[None, *["simple"] * 4]))
    v = t.view
    assert {r.seat for r in t.picture().still.board.rows if r.best} == set(leaders(v.scores)) == set(RUNS.outcome(t.match.state).winners)
    facts = saved.facts(t.match, "en")
    assert facts[1] == ", ".join(f"{t.match.name_of(s, 'en')} {num(v.scores[s])}" for s in standings(v.scores))
    t.show_final(RUNS.outcome(t.match.state))
    pump(app, 2)
    lines = drawn_texts(app)
    names = [t.seat_name(s) for s in range(v.players)]
    drawn = [next(n for n in names if line.startswith(n)) for line in lines if any(line.startswith(n) for n in names)]
    assert drawn[-v.players :] == [t.seat_name(s) for s in standings(v.base)]  # the sheet's rows, drawn last


def test_the_runs_diagram_marks_each_step_the_way_the_engine_reads_it(app, monkeypatch):
    """Across the wrap a King then an Ace goes one rank up; the diagram
    took the difference of the ranks (1 - 13) and marked it '−1'."""
    from dataclasses import replace

    from game.ui.tables.runs import diagrams as runs_diagrams

    spec = replace(
        runs_diagrams.DIAGRAMS["chain"],
        notation="p=2 seed=1 dealer=0 round=1/5 wrap=1 phase=play turn=1 | chain=QS@1,KS@0,AS@1,2S@0 | hands=2H,5D/3S,JS,6H | pile=* | out=- | base=0,0 | points=23,12 | bonus=0,0",
        marks={"next": "3S"},
    )
    model = spec.check()
    assert model.steps == (1, 1, 1, 1)
    labels: list[str] = []
    real = runs_diagrams.badge
    monkeypatch.setattr(runs_diagrams, "badge", lambda label, size: labels.append(label) or real(label, size))
    spec.draw(model, 60, "en", False)
    assert labels == ["+1"] * 4


def test_after_a_circuit_closed_the_runs_the_table_offers_the_new_run_the_engine_allows(app):
    """With the circuit (or the stop) but not "new run", the table asked
    the "new run" flag and drew the run as dead with no place for a card,
    while the engine lets the next player start a run with any card."""
    for rule in ("circuit", "stop"):
        runner = runs_demo.find_runner({"players": 3, "rounds": 5, rule: True}, lambda st: st.phase == PHASE_PLAY and st.turn == 0 and bool(st.chain) and not st.ends, seeds=range(1, 60))
        t = seated(app, runs_demo.table_for(app, runner))
        v = t.view
        assert RUNS.starts_run(v) and set(v.playable) == set(v.hand)
        L = t.layout()
        assert L.slot is not None and L.new_slot
        run = t.picture().still.run
        assert run.dead is None and run.hint == tr("runs.table.new_run_hint")
        assert t.status_text()[0] in (tr("runs.table.you_start_new", name=t.seat_name(0)), tr("runs.table.you_start_new_closing", name=t.seat_name(0), cards=[c for c in v.playable if c in v.closing]))


# --- Mind the Gap: open hands, the deck's ranks, the take-back -----------------------------------


def test_mtg_shows_the_partners_hands_exactly_when_the_engine_opens_them(app):
    for level in ("easy", "normal", "hard", "expert"):
        t = seated(app, mtg_demo.shown(app, mtg_demo.mid_game(seed=4, moves=4, options={"players": 3, "level": level})))
        v = t.view
        shown_hands = t.picture().still.open_hands
        assert bool(shown_hands) == v.open_hands == (level == "easy"), level
        assert [cards for _, cards in shown_hands] == [v.hands[s] for s in range(v.players) if s != t.viewer and v.hands[s] is not None]


def test_mtg_counts_the_used_ranks_against_the_engines_deck(app):
    for jokers in (False, True):
        t = seated(app, mtg_demo.shown(app, mtg_demo.mid_game(seed=5, moves=6, options={"players": 2, "level": "normal", "jokers": jokers})))
        tally = t.picture().still.tally
        assert [mark.copies for mark in tally] == [copies(v, jokers) for v in values(jokers)]
        used = used_copies(t.view)
        assert [mark.gone for mark in tally] == [used[v] for v in values(jokers)]


def test_mtg_a_pyramid_card_can_be_picked_up_exactly_when_the_engine_lets_it_go_back(app):
    """The sources for a take-back are the engine's legal take-backs, and a
    press on one that cannot go back says the engine's reason: the target
    said nothing at all (it stays where it is)."""
    t = seated(app, mtg_demo.shown(app, mtg_demo.mid_game(seed=9, moves=8, options={"players": 2, "level": "normal"})))
    assert t.my_turn() and t.view.can_pay
    lifted = {s.payload[1] for s in t.drag_sources() if s.payload[0] == "pyr"}
    assert lifted and lifted == {a.place for a in t.match.legal() if a.kind == "takeback"}
    L = t.layout()
    click(app, L.places[0].center)
    assert t.render(msg("mind_the_gap.err.takeback_target")) in said(t), said(t)


# --- Gaps: the grid is the engine's ---------------------------------------------------------------


def test_gaps_draws_the_engines_grid_cell_by_cell(app):
    from game.games import gaps as G
    from game.games.gaps import board as B
    from game.ui.tables import gaps as gaps_ui
    from game.ui.tables.gaps.table import GapsTable

    t = seated(app, GapsTable(app, gaps_ui._mid_game()))
    L = t.layout()
    assert len(L.cells) == B.NCELLS
    xs = sorted({r.x for r in L.cells})
    ys = sorted({r.y for r in L.cells})
    assert len(xs) == B.COLS and len(ys) == B.ROWS
    for cell, rect in enumerate(L.cells):
        assert (ys.index(rect.y), xs.index(rect.x)) == (B.row_of(cell), B.COL[cell])
        assert L.at(B.row_of(cell), B.COL[cell]) == rect
    # the runs in place, outlined from the first column of their rows, are the engine's
    assert t.picture().still.runs == tuple(G.run_lengths(t.view))


# --- Delphi: who is God when, when a wrong play expels -------------------------------------------


def test_delphi_setup_names_the_round_each_seat_is_god_as_the_engine_deals_it(app):
    from game.games.delphi.deal import round_fields
    from game.ui.tables.delphi.setup import SetupScene

    sc = SetupScene(app)
    for players, first, rounds in ((3, 0, 3), (5, 2, 4), (8, 7, 5)):
        sc.values.update(players=players, first_god=first, rounds=rounds)
        gods = [round_fields(players, first, 1, r)["god"] for r in range(rounds)]
        for seat in range(players):
            label = sc.seat_label(seat)
            if seat in gods:
                assert label == tr("delphi.table.seat_god", n=seat + 1, round=gods.index(seat) + 1)
            else:
                assert label == str(seat + 1)


def test_delphi_says_a_wrong_play_expels_now_whenever_the_engine_would_expel(app):
    """With a Prophet standing and the grace over, a wrong play expels; the
    facts said 'from card n' (a card long past) instead of 'now'."""
    import dataclasses

    from game.ui.tables.delphi import demo as delphi_demo
    from game.ui.tables.delphi.table import DelphiTable

    m = delphi_demo.find(delphi_demo.gardner(5), lambda st: st.phase == "turn" and st.turn == 0 and st.prophet >= 0)
    t = seated(app, DelphiTable(app, m))
    now = tr("delphi.ui.expel_now")
    v = t.view
    for played in (v.expel_after - 1, v.expel_after, v.expel_after + 12):
        seen = dataclasses.replace(v, played=played)
        lines = [words for words, _ in t.info_lines(seen)]
        assert (now in lines) == seen.wrong_play_expels, (played, lines)


def test_delphi_continue_list_orders_the_totals_as_the_engine_ranks_them(app):
    from game.games.delphi.scoring import standings, winners
    from game.ui.tables.delphi import demo as delphi_demo
    from game.ui.tables.delphi import saved as delphi_saved

    m = delphi_demo.find(delphi_demo.gardner(5), lambda st: bool(st.results) and st.phase == "setrule")
    v = m.game.view(m.state, None)
    assert any(v.totals)
    facts = delphi_saved.facts(m, "en")
    assert facts[-1] == ", ".join(f"{m.name_of(s, 'en')} {v.totals[s]}" for s in standings(v.totals))
    assert standings(v.totals)[0] in winners(v.totals)
