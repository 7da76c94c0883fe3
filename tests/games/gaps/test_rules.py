"""Every rule of Gaps (Montana), one test (or more) each."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game.cards import Rank, shuffled, standard_deck
from game.engine import GameRunner, IllegalAction, NotationError, Record
from game.games.gaps import (
    GAME,
    REDEAL,
    GapsState,
    Move,
    correct_cells,
    gap_info,
    moves_for_card,
    moves_into_gap,
    no_gap_reason,
    redeal_due,
    refusal,
    run_lengths,
    score,
    start_options,
)
from game.games.gaps import board as B

from .helpers import SOLVED, C, cell, layout, swap

# A stuck layout (every gap after a King): row 0 keeps nothing, row 1 keeps
# 2H 3H 4H, row 2 is complete, row 3 keeps only its 2.
STUCK = [
    "5S KS -- 2S 3S 4S 6S 8S 9S 10S JS QS 5H",
    "2H 3H 4H 9C KH -- 6H 7H 8H 9H 10H JH QH",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
    "2C 7S 3C 4C 5C 6C 7C 8C 10C JC QC KC --",
]


def illegal_key(state, action) -> str:
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, action)
    return e.value.reason.key


def legal_moves(state):
    return {GAME.action_to_text(a) for a in GAME.legal_actions(state)}


# --- the deal ----------------------------------------------------------------------


def test_deal_is_52_cards_in_4_rows_with_the_aces_lifted_out_in_place():
    st = GAME.new_game(GAME.default_options(), 7)
    deck = shuffled(standard_deck(), 7, "gaps-deal")
    for i, card in enumerate(deck):
        if card.rank is Rank.ACE:
            assert st.grid[i] is None
        else:
            assert st.grid[i] == card
    assert len(st.grid) == 52 and st.grid.count(None) == 4
    assert len(set(GAME.cards(st))) == 48
    assert st.redeals == 0 and st.max_redeals == 2


def test_same_seed_same_deal_and_other_seeds_differ():
    a = GAME.new_game({}, 11)
    assert a == GAME.new_game({}, 11)
    assert a.grid != GAME.new_game({}, 12).grid


# --- where cards may go ----------------------------------------------------------------


def test_any_two_may_fill_an_empty_first_cell_even_one_that_leads_a_row():
    st = swap(SOLVED, "r1c0", "r1c12")  # row 1: -- 3H ... KH 2H
    assert legal_moves(st) == {"move 2S r1c0", "move 2H r1c0", "move 2D r1c0", "move 2C r1c0"}
    after = GAME.apply(st, Move(C("2S"), cell("r1c0")))  # 2S leaves the head of row 0
    assert after.grid[cell("r0c0")] is None and after.grid[cell("r1c0")] == C("2S")
    assert run_lengths(after) == (0, 1, 12, 12)


def test_only_a_two_may_start_a_row():
    st = swap(SOLVED, "r1c0", "r1c12")
    assert illegal_key(st, Move(C("3H"), cell("r1c0"))) == "gaps.err.only_two"
    assert str(refusal(st, C("3H"), cell("r1c0"))) == "Only a 2 can start a row, not 3♥."


def test_nothing_goes_after_a_king():
    st = layout([
        "2S 3S 4S 5S 6S KS -- 9S 10S JS QS 7S 8S",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH --",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ])
    g = {i.cell: i for i in gap_info(st)}[cell("r0c6")]
    assert g.kind == "after_king" and not g.live
    for card in ("8S", "7S", "2H", "QS"):
        assert illegal_key(st, Move(C(card), cell("r0c6"))) == "gaps.err.after_king"
    assert str(refusal(st, C("8S"), cell("r0c6"))) == "Nothing can go after a King (K♠)."
    assert GAME.legal_actions(st) == [REDEAL]  # every gap follows a King


def adjacent_gaps() -> GapsState:
    # row 2: 2D 3D 4D 5D 6D -- -- 9D ... KD 7D, and 8D at the end of row 3
    return swap(swap(SOLVED, "r2c5", "r2c12"), "r2c6", "r3c12")


def test_a_gap_right_of_a_gap_takes_nothing_until_the_left_one_is_filled():
    st = adjacent_gaps()
    kinds = {g.cell: g.kind for g in gap_info(st)}
    assert kinds[cell("r2c5")] == "live" and kinds[cell("r2c6")] == "after_gap"
    assert illegal_key(st, Move(C("8D"), cell("r2c6"))) == "gaps.err.after_gap"
    assert str(refusal(st, C("8D"), cell("r2c6"))).startswith("This gap follows another gap")
    assert legal_moves(st) == {"move 7D r2c5"}
    st2 = GAME.apply(st, Move(C("7D"), cell("r2c5")))
    assert legal_moves(st2) == {"move 8D r2c6"}  # now it follows 7D


def test_other_gaps_take_only_the_next_card_of_the_same_suit():
    st = adjacent_gaps()
    assert illegal_key(st, Move(C("9D"), cell("r2c5"))) == "gaps.err.wants"
    assert illegal_key(st, Move(C("7H"), cell("r2c5"))) == "gaps.err.wants"
    assert str(refusal(st, C("9D"), cell("r2c5"))) == "The gap after 6♦ takes only 7♦."
    assert GAME.apply(st, Move(C("7D"), cell("r2c5")))  # the right one is fine


def test_a_card_only_goes_into_a_gap_and_aces_are_out():
    assert illegal_key(SOLVED, Move(C("2S"), cell("r0c5"))) == "gaps.err.game_over"
    st = adjacent_gaps()
    assert illegal_key(st, Move(C("7D"), cell("r0c5"))) == "gaps.err.not_a_gap"
    assert str(refusal(st, C("7D"), cell("r0c5"))) == "That cell is not a gap: 7♠ lies there."
    assert illegal_key(st, Move(C("AD"), cell("r2c5"))) == "gaps.err.not_in_play"
    assert illegal_key(st, Move(C("7D"), 52)) == "gaps.err.no_cell"


def test_a_move_takes_the_card_from_anywhere_and_leaves_its_cell_a_gap():
    st = adjacent_gaps()
    before = list(st.grid)
    src = st.grid.index(C("7D"))
    assert src // 13 == 2 and src != cell("r2c5")
    after = GAME.apply(st, Move(C("7D"), cell("r2c5")))
    changed = [i for i in range(52) if after.grid[i] != before[i]]
    assert sorted(changed) == sorted([src, cell("r2c5")])
    assert after.grid[src] is None and after.grid.count(None) == 4
    assert st.grid == tuple(before)  # apply never changes its input
    # from another row: the 8D lies at the end of row 3
    st3 = GAME.apply(after, Move(C("8D"), cell("r2c6")))
    assert st3.grid[cell("r3c12")] is None


def test_the_right_neighbour_does_not_restrict_a_move():
    # r0: 2S 3S -- 9H ...: the gap after 3S takes 4S whatever lies to its right
    st = layout([
        "2S 3S -- 9H 5S 6S 7S 8S 9S 10S JS QS KS",
        "2H 3H 4H 5H 6H 7H 8H -- 10H JH QH KH 4S",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ])
    assert "move 4S r0c2" in legal_moves(st)


# --- the end of a round: redeals --------------------------------------------------------------


def test_redeal_only_when_no_move_is_left():
    st = adjacent_gaps()
    assert illegal_key(st, REDEAL) == "gaps.err.redeal_early"
    stuck = layout(STUCK)
    assert GAME.legal_actions(stuck) == [REDEAL]
    assert redeal_due(stuck) and not redeal_due(st)
    assert GAME.outcome(stuck) is None


def test_redeal_keeps_runs_and_leaves_one_gap_after_each():
    stuck = layout(STUCK, seed=99)
    assert run_lengths(stuck) == (0, 3, 12, 1) and score(stuck) == 16
    after = GAME.apply(stuck, REDEAL)
    assert after.redeals == 1
    g = after.grid
    # a row with no run: its gap comes first
    assert g[cell("r0c0")] is None
    # a partial run stays where it was, the gap right after it
    assert [c.code for c in g[13:16]] == ["2H", "3H", "4H"] and g[cell("r1c3")] is None
    # a complete row stays and its gap is last
    assert g[26:39] == stuck.grid[26:39] and g[cell("r2c12")] is None
    # a lone 2 is a run of one
    assert g[cell("r3c0")] == C("2C") and g[cell("r3c1")] is None
    assert [i for i in range(52) if g[i] is None] == [cell("r0c0"), cell("r1c3"), cell("r2c12"), cell("r3c1")]
    assert Counter(GAME.cards(after)) == Counter(GAME.cards(stuck))
    assert len(GAME.cards(after)) == 48
    assert score(after) >= 16


def test_redeal_deals_the_rest_back_in_row_order():
    stuck = layout(STUCK, seed=5)
    after = GAME.apply(stuck, REDEAL)
    kept = set(correct_cells(stuck))
    rest = sorted(B.CODE_OF[c] for i, c in enumerate(stuck.grid) if c is not None and i not in kept)
    expected = shuffled(rest, 5, "gaps-redeal", 1)
    dealt = [B.CODE_OF[c] for i, c in enumerate(after.grid) if c is not None and i not in kept]
    assert dealt == expected


def test_at_most_two_redeals():
    assert GAME.legal_actions(layout(STUCK, redeals=1)) == [REDEAL]
    over = layout(STUCK, redeals=2)
    assert GAME.legal_actions(over) == []
    assert GAME.current_player(over) is None
    out = GAME.outcome(over)
    assert out.won is False and out.scores == (16,)
    assert illegal_key(over, REDEAL) == "gaps.err.no_redeals"
    assert not redeal_due(over)
    # a game with fewer redeals allowed
    assert GAME.legal_actions(layout(STUCK, max_redeals=0)) == []
    assert GAME.outcome(layout(STUCK, redeals=1, max_redeals=1)).won is False


def test_a_third_redeal_is_refused_even_when_asked_directly():
    st = layout(STUCK, redeals=2)
    with pytest.raises(IllegalAction):
        GAME.apply(st, REDEAL)
    st0 = layout(STUCK, redeals=0, max_redeals=0)
    assert illegal_key(st0, REDEAL) == "gaps.err.no_redeals"


def test_redeal_shuffle_is_fixed_by_the_seed_and_the_redeal_number():
    st = layout(STUCK, seed=1234)
    a, b = GAME.apply(st, REDEAL), GAME.apply(st, REDEAL)
    assert a == b
    assert GAME.apply(replace(st, seed=1235), REDEAL).grid != a.grid
    second = GAME.apply(replace(st, redeals=1), REDEAL)  # same cards, redeal number 2
    assert second.grid != a.grid and second.redeals == 2


def test_undo_and_redo_across_a_redeal_gives_the_same_shuffle():
    runner = GameRunner.start(GAME, {}, 321)
    rng = random.Random(3)
    while True:
        legal = GAME.legal_actions(runner.state)
        if legal == [REDEAL]:
            break
        runner.play(rng.choice(legal))
    before = runner.state
    first = runner.play(REDEAL)
    assert runner.undo() == REDEAL and runner.state == before
    assert runner.play(REDEAL) == first
    # and a replayed record redeals identically
    rec = Record.from_json(runner.record().to_json())
    assert GameRunner.replay(rec, GAME).state == first


def test_the_seed_is_hidden_from_the_view():
    st = layout(STUCK, seed=77)
    other = GAME.shuffle_hidden(st, 0, random.Random(1))
    assert other.seed != st.seed and other.grid == st.grid
    assert GAME.view(st, 0) == GAME.view(other, 0)
    assert not hasattr(GAME.view(st, 0), "seed")


# --- winning and scoring ------------------------------------------------------------------------


def test_won_when_every_row_runs_two_to_king_then_its_gap():
    out = GAME.outcome(SOLVED)
    assert out.won is True and out.scores == (48,)
    assert GAME.legal_actions(SOLVED) == [] and not redeal_due(SOLVED)
    assert str(out.reason).startswith("Every row runs from 2 to King")
    # the rows may hold the suits in any order
    st = layout([SOLVED_ROW("C"), SOLVED_ROW("D"), SOLVED_ROW("S"), SOLVED_ROW("H")])
    assert GAME.outcome(st).won is True


def SOLVED_ROW(s: str) -> str:
    return " ".join(f"{r}{s}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]) + " --"


def test_score_counts_only_runs_from_a_two_at_the_left_edge():
    st = layout([
        "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS -- 2S",  # a perfect run, but not from a 2: 0
        "2H 3H 4H 6H 5H 7H 8H 9H 10H JH QH KH --",  # 2H 3H 4H: 3
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",  # 12
        "-- 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",  # gap first: 0
    ])
    assert run_lengths(st) == (0, 3, 12, 0) and score(st) == 15
    assert correct_cells(st) == frozenset([13, 14, 15] + list(range(26, 38)))
    assert GAME.outcome(st) is None  # the first-column gap still has moves


def test_lost_game_reports_its_score():
    out = GAME.outcome(layout(STUCK, redeals=2))
    assert out.scores == (16,) and "16 of 48" in str(out.reason)


# --- helpers for the table ----------------------------------------------------------------------


def test_gap_info_live_dead_and_wants():
    st = adjacent_gaps()
    info = {g.cell: g for g in gap_info(st)}
    live = info[cell("r2c5")]
    assert live.wants == C("7D") and live.source == st.grid.index(C("7D"))
    assert str(live.message) == "Takes 7♦ (after 6♦)."
    assert info[cell("r0c12")].kind == "after_king"
    first = {g.cell: g for g in gap_info(swap(SOLVED, "r1c0", "r1c12"))}[cell("r1c0")]
    assert first.kind == "first" and first.live and first.wants is None


def test_moves_for_a_card_and_into_a_gap():
    st = layout([
        "-- 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S",
        "-- 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2H",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --",
    ])
    # a 2 with two empty first cells has two targets
    assert {m.to for m in moves_for_card(st, cell("r0c12"))} == {cell("r0c0"), cell("r1c0")}
    assert moves_for_card(st, cell("r0c5")) == []  # 7S has no gap after 6S
    assert {m.card.code for m in moves_into_gap(st, cell("r1c0"))} == {"2S", "2H", "2D", "2C"}
    assert moves_into_gap(st, cell("r0c5")) == []


def test_a_card_without_a_gap_hears_why():
    st = layout(STUCK)
    first = no_gap_reason(st, C("2S"))
    assert first.key == "gaps.no_gap.first" and first.params == {"card": C("2S")}
    after = no_gap_reason(st, C("6S"))  # 5S at r0c0 is followed by KS
    assert after.key == "gaps.no_gap.after" and after.params == {"card": C("6S"), "left": C("5S"), "right": C("KS")}
    assert after.render("en") == "6♠ can only follow 5♠, and K♠ lies after 5♠."
    assert after.render("de") == "6♠ kann nur auf 5♠ folgen, und hinter 5♠ liegt K♠."
    end = no_gap_reason(st, C("6H"))  # 5H lies in the last column
    assert end.key == "gaps.no_gap.end" and end.params == {"card": C("6H"), "left": C("5H")}
    assert no_gap_reason(st, C("AS")).key == "gaps.err.not_in_play"
    live = swap(SOLVED, "r1c0", "r1c12")  # an empty first cell: every 2 has a gap
    assert no_gap_reason(live, C("2D")) is None


def test_a_card_in_place_is_said_to_be_there_not_to_need_itself():
    """Issue 50: a click on a card already in place said "10♣ can only
    follow 9♣, and 10♣ lies after 9♣"."""
    done = swap(SOLVED, "r1c12", "r1c11")  # K♥ out of place: the rest of the grid is in place
    there = no_gap_reason(done, C("10C"))
    assert there.key == "gaps.no_gap.there" and there.render("en") == "10♣ already follows 9♣."
    assert there.render("de") == "10♣ liegt schon hinter 9♣."
    assert no_gap_reason(done, C("2S")).render("en") == "2♠ already starts its row."


def test_a_card_has_a_reason_exactly_when_it_has_no_move():
    rng = random.Random(17)
    for seed in range(40):
        runner = GameRunner.start(GAME, {"redeals": 2}, seed)
        while GAME.outcome(runner.state) is None:
            st = runner.state
            for i, card in enumerate(st.grid):
                if card is not None:
                    assert (no_gap_reason(st, card) is None) == bool(moves_for_card(st, i)), (seed, card)
            runner.play(rng.choice(GAME.legal_actions(st)))


def test_start_from_a_pasted_layout_and_replay_its_record():
    text = "\n".join(STUCK)
    opts = start_options("redeals=1/2\n" + text)
    runner = GameRunner.start(GAME, opts, 55)
    assert runner.state.grid == layout(STUCK).grid and runner.state.redeals == 1
    runner.play(REDEAL)
    rec = Record.from_json(runner.record().to_json())
    assert GameRunner.replay(rec, GAME).state == runner.state
    # a layout header's seed wins over the game seed
    st = GAME.new_game({"layout": "redeals=0/2 seed=9\n" + text}, 1)
    assert st.seed == 9


def test_bad_options_are_refused_clearly():
    with pytest.raises(ValueError, match="redeals"):
        GAME.validate_options({"redeals": 3})
    with pytest.raises(ValueError, match="redeals"):
        GAME.validate_options({"redeals": True})
    with pytest.raises(ValueError, match="unknown"):
        GAME.validate_options({"colour": "red"})
    with pytest.raises(ValueError, match="4 gaps"):
        GAME.validate_options({"layout": "\n".join(STUCK).replace("5H", "--")})
    with pytest.raises(ValueError, match="allows only 0"):
        GAME.validate_options({"redeals": 0, "layout": "redeals=1/2\n" + "\n".join(STUCK)})


# --- texts ---------------------------------------------------------------------------------------------


def test_action_texts_round_trip_and_bad_texts_are_refused():
    for a in GAME.legal_actions(adjacent_gaps()) + [REDEAL, Move(C("10H"), 51), Move(C("2C"), 0)]:
        assert GAME.action_from_text(GAME.action_to_text(a)) == a
    assert GAME.action_to_text(Move(C("6H"), cell("r2c5"))) == "move 6H r2c5"
    assert GAME.action_from_text("  MOVE th R3C12 ") == Move(C("10H"), 51)
    for bad in ["", "move", "move 6H", "move 6X r0c1", "move 6H r4c0", "move 6H r0c13", "jump 6H r0c1", "redeal now"]:
        with pytest.raises(NotationError):
            GAME.action_from_text(bad)


def test_describe_action_speaks_both_languages():
    st = adjacent_gaps()
    m = GAME.describe_action(st, Move(C("7D"), cell("r2c5")))
    assert m.render("en") == "7♦ moves from row 3 to follow 6♦ in row 3."
    assert "7♦" in m.render("de") and "6♦" in m.render("de")
    first = swap(SOLVED, "r1c0", "r1c12")
    assert GAME.describe_action(first, Move(C("2S"), 13)).render("en") == "2♠ moves from row 1 to the start of row 2."
    r = GAME.describe_action(layout(STUCK), REDEAL)
    assert r.render("en").startswith("Redeal 1 of 2: 16 cards stay")
    assert r.render("de").startswith("Neuverteilung 1 von 2")
    q = GAME.describe_action(
        layout(["2S 3S 4S 5S 6S 7S 8S 9S 10S JS -- KS QS"] + [SOLVED_ROW(s) for s in "HDC"]),
        Move(C("QS"), cell("r0c10")),
    )
    assert q.render("en") == "Q♠ moves from row 1 to follow J♠ in row 1."
    assert q.render("de") == "D♠ wandert aus Reihe 1 hinter B♠ in Reihe 1."


# --- conservation over many games ----------------------------------------------------------------------


def _check(cells) -> None:
    assert len(cells) == 52
    assert sorted(c for c in cells if c) == list(B.ALL_CODES)


def test_cards_are_conserved_over_10000_random_games():
    """10,000 complete random games on the rules kernel the engine uses
    (its moves and its redeal), checked after every redeal and at the end."""
    rng = random.Random(2024)
    redeals = []
    for seed in range(10_000):
        cells = B.deal(seed)
        _check(cells)
        final, used, _steps = B.random_playout(cells, seed, 2, rng, on_redeal=_check)
        _check(final)
        assert not B.has_move(final)
        assert used == 2 or B.score(final) == 48
        redeals.append(used)
    assert sum(redeals) > 15_000  # nearly every random game uses both redeals


def test_cards_are_conserved_at_every_step_of_games_through_the_engine():
    for seed in range(150):
        runner = GameRunner.start(GAME, {}, seed)
        first = Counter(GAME.cards(runner.state))
        rng = random.Random(seed)
        while GAME.outcome(runner.state) is None:
            runner.play(rng.choice(GAME.legal_actions(runner.state)))
            assert Counter(GAME.cards(runner.state)) == first
            assert runner.state.grid.count(None) == 4
        assert runner.state.cells == tuple(B.to_cells(runner.state.grid))


def test_status_line_says_score_redeals_and_what_comes_next():
    from game.games.gaps import status

    assert [m.key for m in status(adjacent_gaps())] == ["gaps.status.score", "gaps.status.redeals_left"]
    assert str(status(layout(STUCK, redeals=1))[2]) == "No moves left. You may redeal once more."
    assert str(status(layout(STUCK, redeals=2))[2]) == "No moves left and no redeal: the game is over."
    assert status(layout(STUCK))[0].render("de") == "Punkte 16/48"
