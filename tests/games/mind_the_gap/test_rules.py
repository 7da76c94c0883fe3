"""Every rule of Mind the Gap, one test (or a few) each."""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import replace

import pytest

from game.cards import JOKER, Card, parse_cards, shuffled, standard_deck
from game.engine import IllegalAction
from game.games.mind_the_gap import GAME, NOTATION
from game.games.mind_the_gap.rules import PASS_ACTION, Action


def P(text: str):
    return NOTATION.parse(text)


def place(card: str, where: str) -> Action:
    return GAME.action_from_text(f"place {card} {where}")


def refuse(state, action) -> IllegalAction:
    """Apply an illegal action: it must raise and leave the state alone."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, action)
    assert state == before
    return e.value


# --- setup -----------------------------------------------------------------------


@pytest.mark.parametrize("players,size", [(1, 7), (2, 5), (3, 4)])
def test_hand_sizes(players, size):
    s = GAME.new_game({"players": players}, 5)
    assert [len(h) for h in s.hands] == [size] * players
    assert len(s.stock) == 52 - 1 - players * size
    assert s.players == players and s.turn == 0


def test_coins_per_level_and_custom_coins():
    for level, coins in [("easy", 12), ("normal", 6), ("hard", 2), ("expert", 1)]:
        assert GAME.new_game({"level": level}, 1).coins == coins
    assert GAME.new_game({"level": "hard", "coins": 20}, 1).coins == 20
    assert GAME.new_game({"level": "easy", "coins": 0}, 1).coins == 0
    for bad in [{"coins": 21}, {"coins": -1}, {"players": 4}, {"level": "silly"}, {"small": "yes"}, {"colour": 1}]:
        with pytest.raises(ValueError):
            GAME.validate_options(bad)


def _expected_setup(seed, top, jokers=False):
    deck = shuffled(standard_deck() + ([JOKER, JOKER] if jokers else []), seed, "deal")
    skipped = []
    while not 1 <= deck[0].value <= top:
        skipped.append(deck.pop(0))
    return deck[0], skipped


def test_target_setup_puts_high_cards_under_the_deck():
    # find deals whose top card is 9 or higher, and check where it went
    checked = 0
    for seed in range(200):
        target, skipped = _expected_setup(seed, 8)
        if not skipped:
            continue
        s = GAME.new_game({"players": 2}, seed)
        assert s.places[0] == target
        assert 1 <= target.value <= 8
        assert all(c.value >= 9 for c in skipped)
        assert s.stock[-len(skipped):] == tuple(skipped)  # under the deck, in order
        checked += 1
    assert checked > 20


def test_expert_targets_are_ace_to_seven():
    seen = Counter()
    for seed in range(300):
        s = GAME.new_game({"level": "expert"}, seed)
        target, _skipped = _expected_setup(seed, 7)
        assert s.places[0] == target
        seen[target.value] += 1
    assert set(seen) == set(range(1, 8))


def test_jokers_deck_and_joker_never_target():
    for seed in range(60):
        s = GAME.new_game({"jokers": True}, seed)
        cards = GAME.cards(s)
        assert len(cards) == 54 and Counter(cards)[JOKER] == 2
        assert not s.places[0].is_joker


def test_small_pyramid_has_six_places():
    s = GAME.new_game({"small": True}, 3)
    assert len(s.places) == 6
    assert NOTATION.format(s).split()[0].count("/") == 2


# --- placing -----------------------------------------------------------------------


def test_illegal_placement_explains_the_difference_and_changes_nothing():
    # target 4, a Queen in row 2: a 7 under it and the gap needs 4
    s = P("4C/-,QS/-,-,-/-,-,-,- - 6 normal std players=2 hands=7H,8D|2C")
    e = refuse(s, place("7H", "r2c1"))
    assert e.reason.key == "mind_the_gap.err.above_needs"
    assert e.render("en") == "7♥ and Q♠ differ by 5, but 4♣ above them needs a difference of 4."
    assert e.render("de") == "7♥ und D♠ unterscheiden sich um 5, aber die Karte 4♣ darüber braucht den Unterschied 4."
    GAME.apply(s, place("8D", "r2c1"))  # 12 - 8 = 4 is fine


def test_card_resting_on_two_cards_must_be_their_difference():
    s = P("AC/-,-/-,-,-/-,QS,5H,- - 6 normal std players=2 hands=7H,6D|2C")
    e = refuse(s, place("6D", "r3c2"))
    assert e.reason.key == "mind_the_gap.err.not_difference"
    assert "differ by 7" in e.render("en")
    after = GAME.apply(s, place("7H", "r3c2"))
    assert after.places[4] == Card.parse("7H")


def test_same_rank_never_beside_each_other():
    s = P("5C/-,-/-,-,-/-,9H,-,- - 6 normal std players=2 hands=9S,3D|2C")
    e = refuse(s, place("9S", "r4c3"))
    assert e.reason.key == "mind_the_gap.err.same_rank"
    refuse(s, place("9S", "r4c1"))
    GAME.apply(s, place("9S", "r4c4"))  # not beside: fine


def test_with_jokers_equal_neighbours_are_allowed_and_a_joker_rests_on_them():
    s = P("5C/-,-/-,-,-/-,9H,-,- - 6 normal jokers players=2 hands=9S,JK|2C")
    s = GAME.apply(s, place("9S", "r4c3"))
    s = GAME.apply(s, place("2C", "r3c3"))  # seat 1; any gap, any time
    s = GAME.apply(s, place("JK", "r3c2"))  # 9 - 9 = 0: a joker
    assert s.places[4] == JOKER


def test_card_on_a_joker_and_another_card_equals_that_card():
    s = P("5C/-,-/-,-,-/-,JK,7S,- - 6 normal jokers players=2 hands=6H,7H|2C")
    assert refuse(s, place("6H", "r3c2")).reason.key == "mind_the_gap.err.not_difference"
    assert GAME.apply(s, place("7H", "r3c2")).places[4] == Card.parse("7H")


def test_expert_forbids_a_rank_twice_including_the_target():
    s = P("5C/-,-/-,-,-/-,-,-,- - 1 expert std players=2 hands=5H,9S|2C")
    e = refuse(s, place("5H", "r4c1"))
    assert e.reason.key == "mind_the_gap.err.expert_repeat"
    s = GAME.apply(s, place("9S", "r4c1"))
    s = P("5C/-,-/-,-,-/9D,-,-,- - 1 expert std players=2 hands=9S|2C")
    refuse(s, place("9S", "r4c4"))


def test_a_card_may_go_into_any_gap_at_any_time():
    s = P("5C/-,-/-,-,-/-,-,-,- - 6 normal std players=2 hands=9S|2C")
    for where in ["r2c1", "r2c2", "r3c1", "r3c3", "r4c1", "r4c4"]:
        assert GAME.apply(s, place("9S", where)).places[s.shape.parse_place(where)] == Card.parse("9S")


def test_placing_draws_the_top_card_and_passes_the_turn():
    s = P("5C/-,-/-,-,-/-,-,-,- - 6 normal std players=2 hands=9S,2H|2C")
    s = replace(s, stock=tuple(parse_cards("KD QD JD")))  # only the top matters here
    s2 = GAME.apply(s, place("9S", "r4c1"))
    assert s2.hands[0] == tuple(parse_cards("2H KD"))
    assert s2.stock == tuple(parse_cards("QD JD")) and s2.turn == 1 and s2.coins == 6


def test_refusals_for_places_and_cards():
    s = P("5C/-,-/-,-,-/9D,-,-,- - 6 normal std players=2 hands=9S,2H|2C")
    assert refuse(s, place("9S", "r1c1")).reason.key == "mind_the_gap.err.target_place"
    assert refuse(s, place("2H", "r4c1")).reason.key == "mind_the_gap.err.place_taken"
    assert refuse(s, place("2C", "r4c2")).reason.key == "mind_the_gap.err.not_in_hand"
    small = P("5C/-,-/-,-,- - 6 normal small players=2 hands=9S|2C")
    assert refuse(small, place("9S", "r4c1")).reason.key == "mind_the_gap.err.no_such_place"


def test_empty_stock_means_no_draw():
    s = replace(P("5C/-,-/-,-,-/-,-,-,- - 6 normal std players=2 hands=9S,2H|2C"), stock=())
    s2 = GAME.apply(s, place("9S", "r4c1"))
    assert s2.hands[0] == (Card.parse("2H"),) and s2.stock == ()
    s3 = GAME.apply(s, Action("discard", Card.parse("2H")))
    assert s3.hands[0] == (Card.parse("9S"),) and s3.coins == 5


# --- discard, take back, pass ------------------------------------------------------


def test_discard_pays_a_coin_and_draws():
    s = GAME.new_game({"players": 2}, 11)
    card = s.hands[0][0]
    s2 = GAME.apply(s, Action("discard", card))
    assert s2.coins == 5 and s2.discard == (card,)
    assert card not in s2.hands[0] and len(s2.hands[0]) == 5 and s2.hands[0][-1] == s.stock[0]
    broke = GAME.new_game({"players": 2, "coins": 0}, 11)
    assert refuse(broke, Action("discard", broke.hands[0][0])).reason.key == "mind_the_gap.err.no_coin_discard"
    assert all(a.kind != "discard" for a in GAME.legal_actions(broke))


def test_take_back_pays_a_coin_moves_the_card_to_the_pile_and_does_not_draw():
    s = P("5C/3H,8D/-,-,-/-,-,-,- - 6 normal std players=2 hands=9S|2C")
    s2 = GAME.apply(s, GAME.action_from_text("takeback r2c2"))
    assert s2.places[2] is None and s2.discard == (Card.parse("8D"),) and s2.coins == 5
    assert s2.hands == s.hands and s2.stock == s.stock and s2.turn == 1
    assert refuse(s, GAME.action_from_text("takeback r1c1")).reason.key == "mind_the_gap.err.takeback_target"
    assert refuse(s, GAME.action_from_text("takeback r3c1")).reason.key == "mind_the_gap.err.takeback_gap"
    broke = P("5C/3H,8D/-,-,-/-,-,-,- - 0 normal std players=2 hands=9S|2C")
    assert refuse(broke, GAME.action_from_text("takeback r2c2")).reason.key == "mind_the_gap.err.no_coin_takeback"


def test_the_take_back_rule_is_one_function_that_the_moves_and_the_views_ask():
    from game.games.mind_the_gap.board import takeback_problem

    for text in ("5C/3H,8D/-,-,-/-,-,-,- - 6 normal std players=2 hands=9S|2C", "5C/3H,8D/-,-,-/-,-,-,- - 0 normal std players=2 hands=9S|2C"):
        s = P(text)
        legal = {a.place for a in GAME.legal_actions(s) if a.kind == "takeback"}
        for p in range(s.shape.size):
            why = takeback_problem(s, p)
            assert (why is None) == (p in legal)
            assert why == takeback_problem(GAME.view(s, 1), p)
            if why is not None:
                assert refuse(s, Action("takeback", None, p)).reason == why


def test_pass_only_without_coins_and_without_a_fitting_card():
    with_coins = P("5C/3H,8D/-,-,-/-,-,-,- - 2 normal std players=2 hands=5S|2C")
    assert refuse(with_coins, PASS_ACTION).reason.key == "mind_the_gap.err.pass_with_coins"
    fits = P("5C/3H,8D/-,-,-/-,-,-,- - 0 normal std players=2 hands=9S|2C")
    assert refuse(fits, PASS_ACTION).reason.key == "mind_the_gap.err.pass_can_place"
    assert PASS_ACTION not in GAME.legal_actions(fits)
    # a 5 fits nowhere: beside the 3 it would need... every gap refuses it
    stuck = P("5C/3H,8D/6C,9S,AS/10D,4C,KH,- - 0 normal std players=2 hands=5S|2C")
    assert GAME.legal_actions(stuck) == [PASS_ACTION]
    assert GAME.apply(stuck, PASS_ACTION).passes == 1


def test_all_players_passing_in_a_row_loses_and_other_actions_reset_the_count():
    s = P("5C/3H,8D/6C,9S,AS/10D,4C,KH,- - 0 normal std players=2 hands=5S|7D")
    s1 = GAME.apply(s, PASS_ACTION)
    assert s1.result is None and s1.passes == 1
    s2 = GAME.apply(s1, PASS_ACTION)
    assert s2.result == "passes" and GAME.outcome(s2).won is False
    assert GAME.outcome(s2).reason.key == "mind_the_gap.lost_passes"
    # a placement in between resets the count
    t = P("5C/3H,8D/6C,9S,-/10D,4C,KH,- - 0 normal std players=3 hands=KS|AD|7D")
    t = GAME.apply(t, PASS_ACTION)
    t = GAME.apply(t, place("AD", "r3c3"))
    assert t.passes == 0 and t.result is None


# --- winning and losing --------------------------------------------------------------


def test_win_when_every_place_is_filled():
    s = P("5C/3H,8D/6C,9S,-/10D,4C,KH,QS - 5 normal std players=2 turn=1 hands=7S|AD,2S")
    s = GAME.apply(s, place("AD", "r3c3"))
    o = GAME.outcome(s)
    assert s.result == "won" and o.won is True and o.scores == (6.0,) and o.winners == (0, 1)
    assert GAME.current_player(s) is None and GAME.legal_actions(s) == []
    e = refuse(s, PASS_ACTION)
    assert e.reason.key == "engine.game_over"


def test_a_dead_pyramid_loses_only_when_no_coin_is_left():
    # the rules' example: target 4, 9 and 2 in row 3, a Queen in row 2
    s = P("4C/-,-/9H,2D,-/-,-,-,- - 1 normal std players=2 hands=QS,3H|5C")
    s = GAME.apply(s, place("QS", "r2c2"))
    assert s.result is None  # dead, but a coin is left to take the Queen back
    s_broke = P("4C/-,-/9H,2D,-/-,-,-,- - 0 normal std players=2 hands=QS,3H|5C")
    s_broke = GAME.apply(s_broke, place("QS", "r2c2"))
    assert s_broke.result == "dead"
    o = GAME.outcome(s_broke)
    assert o.won is False and o.reason.key == "mind_the_gap.lost_dead"
    assert "two different things" in o.reason.render("en")
    # the take-back rescues it
    s2 = GAME.apply(s, GAME.action_from_text("takeback r2c2"))
    assert s2.coins == 0 and s2.result is None


def test_dead_end_counts_discarded_copies():
    # the last gap needs an Ace; three Aces are gone and the fourth is discarded now
    s = P("5C/3H,8D/6C,9S,-/10D,4C,KH,QS AS,AH,AC 1 normal std players=2 hands=AD,2S|7D")
    s = GAME.apply(s, Action("discard", Card.parse("AD")))
    assert s.coins == 0 and s.result == "dead"


# --- texts, views, hidden cards ---------------------------------------------------------


def test_action_texts_round_trip_and_bad_texts_are_refused():
    for text in ["place 3H r2c1", "place 10D r4c1", "discard JC", "takeback r3c2", "pass", "place JK r3c2"]:
        assert GAME.action_to_text(GAME.action_from_text(text)) == text
    assert GAME.action_from_text("PLACE th R4C1") == GAME.action_from_text("place 10H r4c1")
    from game.engine import NotationError

    for bad in ["", "place 3H", "place 3H r5c1", "place ZZ r2c1", "discard", "jump", "takeback r2c3", "pass now"]:
        with pytest.raises(NotationError):
            GAME.action_from_text(bad)


def test_describe_action_names_the_seat_card_and_place():
    s = P("5C/-,-/-,-,-/-,-,-,- - 6 normal std players=2 turn=1 hands=9S|2C")
    msg = GAME.describe_action(s, place("2C", "r3c2"))
    assert msg.key == "mind_the_gap.log.place" and msg.params["seat"] == 1
    assert msg.render("en") == "Player 2 places 2♣ in row 3, position 2."
    assert msg.render("de") == "Spieler 2 legt 2♣ in Reihe 3, Platz 2."
    named = type(msg)(msg.key, {**msg.params, "player": "Ben"})
    assert named.render("en").startswith("Ben places")
    t = P("5C/7H,QD/-,-,-/-,-,-,- - 6 normal std players=2 hands=9S|2C")
    assert "takes Q♦ back from row 2, position 2" in GAME.describe_action(t, GAME.action_from_text("takeback r2c2")).render("en")
    assert GAME.describe_action(t, Action("discard", Card.parse("9S"))).render("de") == "Spieler 1 zahlt eine Münze und legt 9♠ ab."


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_views_hide_other_hands_above_easy(level):
    s = GAME.new_game({"players": 3, "level": level}, 9)
    for seat in range(3):
        v = GAME.view(s, seat)
        assert v.hand == s.hands[seat]
        assert [h is None for h in v.hands] == [i != seat for i in range(3)]
        assert v.hand_counts == (4, 4, 4) and v.stock_count == len(s.stock)
        other = GAME.shuffle_hidden(s, seat, random.Random(seat))
        assert GAME.view(other, seat) == v
        assert Counter(GAME.cards(other)) == Counter(GAME.cards(s))
    spectator = GAME.view(s, None)
    assert all(h is None for h in spectator.hands) and spectator.hand == ()


def test_easy_shows_every_hand_and_still_hides_the_stock():
    s = GAME.new_game({"players": 2, "level": "easy"}, 9)
    v = GAME.view(s, 0)
    assert v.hands == s.hands
    assert not hasattr(v, "stock")
    other = GAME.shuffle_hidden(s, 0, random.Random(1))
    assert other.hands == s.hands and GAME.view(other, 0) == v


def test_view_changes_when_a_hidden_card_would_be_visible():
    # sanity for the hiding test above: the view does show the seat's own cards
    s = GAME.new_game({"players": 2}, 9)
    swapped = s.__class__(**{**s.__dict__, "hands": (s.hands[1], s.hands[0])})
    assert GAME.view(swapped, 0) != GAME.view(s, 0)


def test_public_log_records_moves_but_not_draws():
    s = GAME.new_game({"players": 2}, 4)
    a = next(x for x in GAME.legal_actions(s) if x.kind == "discard")
    s2 = GAME.apply(s, a)
    assert s2.log == ((0, "discard", a.card, None),)
    assert s.stock[0] not in [e[2] for e in s2.log]


# --- issue 14: passing, who begins ------------------------------------------------------------


def test_no_pass_while_coins_remain_even_with_an_empty_hand():
    """Issue 14: with an empty hand a pass was allowed while coins
    remained; the text allows a pass only when the coins are gone."""
    s = P("5C/3H,8D/-,-,-/-,-,-,- - 2 normal std players=2 hands=-|2C")
    legal = GAME.legal_actions(s)
    assert PASS_ACTION not in legal
    assert {GAME.action_to_text(a) for a in legal} == {"takeback r2c1", "takeback r2c2"}
    assert refuse(s, PASS_ACTION).reason.key == "mind_the_gap.err.pass_take_back"
    # with no coin the empty hand passes, as before
    broke = P("5C/3H,8D/-,-,-/-,-,-,- - 0 normal std players=2 hands=-|2C")
    assert GAME.legal_actions(broke) == [PASS_ACTION]


def test_a_seat_that_can_do_nothing_at_all_passes_rather_than_sticking():
    """Only a written position gets there (no card, coins, nothing to take
    back): the pass keeps the game going."""
    s = P("5C/-,-/-,-,-/-,-,-,- - 3 normal std players=2 hands=-|2C")
    assert GAME.legal_actions(s) == [PASS_ACTION]
    assert GAME.apply(s, PASS_ACTION).turn == 1


def test_no_deal_ever_empties_a_hand():
    """Why no record of today holds a pass the text forbids: the stock
    outlasts every game (39+ cards; at most 9 + 20 are drawn)."""
    for seed in range(150):
        rng = random.Random(seed)
        s = GAME.new_game({"players": 3, "coins": 20, "jokers": seed % 2 == 0}, seed)
        while s.result is None:
            legal = GAME.legal_actions(s)
            paid = [a for a in legal if a.kind in ("discard", "takeback")]
            s = GAME.apply(s, rng.choice(paid if paid and rng.random() < 0.8 else legal))
            assert all(s.hands) and s.stock


@pytest.mark.parametrize("first", [0, 1, 2])
def test_the_team_picks_who_begins(first):
    s = GAME.new_game({"players": 3, "first": first}, 4)
    assert s.turn == first and GAME.current_player(s) == first
    # the same deal: only the turn differs
    assert replace(s, turn=0) == GAME.new_game({"players": 3}, 4)


def test_who_begins_defaults_to_seat_one_and_is_checked():
    assert GAME.validate_options({"players": 2})["first"] == 0
    assert GAME.default_options()["first"] == 0
    for bad in (2, -1, True, "1", 1.0):
        with pytest.raises(ValueError):
            GAME.validate_options({"players": 2, "first": bad})
    with pytest.raises(ValueError):
        GAME.validate_options({"players": 2, "preset": "tutorial", "first": 1})
