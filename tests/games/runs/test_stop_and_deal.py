"""Two more house rules for issue 24's forced draws: a run that stops at
the first player who cannot follow (``stop``, as in Michigan or
Newmarket) and a bigger deal (``big_deal``: 40 cards dealt, so a short
pile).  The options, the deal, the rules, the notation, the messages and
``sim runs``' flags and figures; the bots and the look-ahead under them are
in ``test_house_rules.py`` (its rule sets include these)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from game.cards import Card
from game.engine import NotationError
from game.games.runs import GAME, NOTATION
from game.games.runs.cli import sim
from game.games.runs.moves import hand_size
from game.i18n import tr

from .helpers import position

C = Card.parse


def texts(state):
    return [GAME.action_to_text(a) for a in GAME.legal_actions(state)]


def act(state, text):
    return GAME.apply(state, GAME.action_from_text(text))


def test_both_rules_are_off_unless_asked_for_and_true_or_false():
    d = GAME.default_options()
    assert d["stop"] is False and d["big_deal"] is False
    s = GAME.new_game({"players": 3}, 4)
    assert not s.stop and not s.big_deal and [len(h) for h in s.hands] == [7, 7, 7] and len(s.pile) == 31
    assert "stop=" not in NOTATION.format(s) and "deal=" not in NOTATION.format(s)
    for r in ("stop", "big_deal"):
        assert GAME.validate_options({"players": 2, r: True})[r] is True
        for bad in (1, "yes", None):
            with pytest.raises(ValueError, match=r):
                GAME.validate_options({"players": 2, r: bad})


# --- the bigger deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each", "pile"), [(2, 20, 12), (3, 13, 13), (4, 10, 12), (5, 8, 12), (6, 7, 10)])
def test_the_bigger_deal_gives_out_forty_cards_and_at_least_seven_each(players, each, pile):
    assert hand_size(players, True) == each and hand_size(players, False) == 7
    s = GAME.new_game({"players": players, "big_deal": True, "new_run": True}, 9)
    assert [len(h) for h in s.hands] == [each] * players and len(s.pile) == pile
    assert sorted(c.code for c in GAME.cards(s)) == sorted(c.code for c in GAME.cards(GAME.new_game({"players": players}, 9)))
    # every round is dealt so, and the written deal of the same seed is untouched
    while s.phase == "play":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    nxt = GAME.apply(s, GAME.action_from_text("next-round"))
    assert [len(h) for h in nxt.hands] == [each] * players
    w = GAME.new_game({"players": players}, 9)
    assert len(w.pile) == 52 - 7 * players


# --- a stop -------------------------------------------------------------------------------------------


def test_a_draw_stops_the_run_and_the_next_player_starts_a_new_one():
    # nobody holds 4H or 6H (they lie at the bottom of the pile)
    hands = ["2S,9S", "3C,4C", "JD,QD"]
    pile = "4H,6H,KC,QC,JC"
    s = position(hands, chain="5H", turn=1, pile=pile, rest_to=0, stop=True)
    assert texts(s) == ["draw"] and s.ends == ((C("5H"), C("5H")),)
    # the plain line: every draw stops the run, the rule says so (no "whole circuit")
    assert GAME.describe_action(s, GAME.action_from_text("draw")).key == "runs.log.draw_stop"  # the log says the run stopped
    t = act(s, "draw")
    assert t.ends == () and t.idle == 0 and t.turn == 2 and GAME.chain_dead(t)
    assert texts(t) == ["play JD", "play QD"]
    assert GAME.describe_action(t, GAME.action_from_text("play QD")).key == "runs.log.play_new"
    u = act(t, "play QD")
    assert u.ends == ((C("QD"), C("QD")),) and texts(u) == ["play KD"]  # seat 0 got the cards not named
    # with the circuit alone the same draw leaves the run open for the next player
    c = act(position(hands, chain="5H", turn=1, pile=pile, rest_to=0, circuit=True), "draw")
    assert c.ends == ((C("5H"), C("5H")),) and texts(c) == ["draw"]


def test_with_the_pile_empty_one_pass_stops_the_run_and_no_round_blocks():
    hands = ["2S,9S", "3C,4C"]
    s = position(hands, chain="QD,KD", turn=0, pile="", rest_to=1, stop=True)
    assert texts(s) == ["pass"] and GAME.chain_dead(s)
    assert GAME.describe_action(s, GAME.action_from_text("pass")).key == "runs.log.pass_stop"
    t = act(s, "pass")
    assert t.phase == "play" and t.turn == 1 and t.ends == ()
    assert "play 3C" in texts(t) and len(texts(t)) == len(t.hands[1])
    # the written rules block at once
    assert act(position(hands, chain="QD,KD", turn=0, pile="", rest_to=1), "pass").phase == "break"


def test_a_stop_closes_every_open_run_of_a_run_per_suit():
    # hearts and spades are open; seat 1 holds no card that follows either, nor a free suit's card
    s = position(["7H,8S", "2H,3S"], chain="5H,9S", turn=1, pile="KD,QD", rest_to=0, per_suit=True, stop=True)
    assert texts(s) == ["draw"]
    t = act(s, "draw")
    assert t.ends == () and texts(t) == [f"play {c.code}" for c in t.hands[0]]


# --- notation, messages, sim --------------------------------------------------------------------------


def test_the_notation_carries_both_rules_and_old_texts_read_as_before():
    s = GAME.new_game({"players": 3, "new_run": True, "stop": True, "big_deal": True, "circuit": True}, 5)
    text = NOTATION.format(s)
    assert " new=1 circuit=1 stop=1 deal=1 open=- idle=0 starts=- phase=" in text
    assert NOTATION.format(NOTATION.parse(text)) == text and NOTATION.parse(text).big_deal
    d = GAME.new_game({"players": 3, "big_deal": True}, 5)
    assert " wrap=0 deal=1 phase=" in NOTATION.format(d)
    assert NOTATION.parse(NOTATION.format(d)) == d
    old = GAME.new_game({"players": 3, "new_run": True}, 5)
    assert NOTATION.parse(NOTATION.format(old)) == old and not NOTATION.parse(NOTATION.format(old)).stop
    with pytest.raises(NotationError):
        NOTATION.parse(text.replace("stop=1", "stop=2"))
    with pytest.raises(NotationError):  # out of order
        NOTATION.parse(text.replace(" circuit=1 stop=1", " stop=1 circuit=1"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_describe_rules_names_the_stop_and_the_deal_and_leaves_the_circuit_unsaid(lang):
    rules = GAME.describe_rules({"players": 3, "new_run": True, "circuit": True, "stop": True, "big_deal": True})
    assert [n.key for n, _ in rules] == ["runs.house.new_run", "runs.house.stop", "runs.house.big_deal"]
    assert [n.key for n, _ in GAME.describe_rules({"players": 3, "circuit": True})] == ["runs.house.circuit"]
    for name, why in rules:
        for k in (name.key, why.key):
            assert tr(k, lang) and tr(k, lang) != k
    assert tr("runs.house.stop.why", "en") != tr("runs.house.stop.why", "de")


def _sim(*args):
    out = io.StringIO()
    with redirect_stdout(out):
        code = sim([*args, "--json"])
    return code, (json.loads(out.getvalue()) if code == 0 else None)


def test_sim_plays_the_flags_and_reports_the_turns_without_a_choice():
    code, r = _sim("--players", "3", "--bots", "simple", "--games", "3", "--seed", "2", "--stop", "--big-deal")
    assert code == 0 and r["rules"]["stop"] and r["rules"]["big_deal"] and not r["rules"]["circuit"]
    assert r["mean_forced_draws_per_round"] <= 13  # the pile holds 13 cards
    no_choice = r["mean_forced_draws_per_round"] + r["mean_passes_per_round"] + r["mean_single_plays_per_round"]
    assert r["no_choice_share"] == pytest.approx(no_choice / r["mean_turns_per_round"], abs=1e-3)
    assert r["no_choice_share"] + r["mean_decisions_per_round"] / r["mean_turns_per_round"] == pytest.approx(1, abs=1e-3)
    assert 0 < r["mean_longest_without_play_per_round"] <= 1.0  # one draw or pass, then a new run


def test_a_run_begun_after_a_stop_is_its_own_run_even_when_its_card_touches():
    """After a stop closed the run at 2♠, A♠ begins a new run: the state
    and the view say where, the notation keeps it, and a text without it
    reads the chain's breaks as before (the table drew 2♠ A♠ as one run)."""
    s = position(["7H,KC", "AS,9D", "2S,QS"], chain="5H,6H", turn=1, rest_to=2, pile="3D,4D", new_run=True, stop=True)
    assert s.starts == (0,)
    s = act(s, "draw")  # seat 1 cannot follow 6♥: the run stops here
    assert s.ends == ()
    s = act(s, "play 2S")  # seat 2 starts a new run
    assert s.starts == (0, 2) and GAME.view(s, 0).starts == (0, 2)
    s = act(s, "draw")  # seat 0 cannot follow 2♠: that run stops too
    s = act(s, "play AS")  # seat 1 begins a new run with the card that touches 2♠
    assert s.chain[-2:] == (C("2S"), C("AS")) and s.starts == (0, 2, 3)
    text = NOTATION.format(s)
    assert " starts=0,2,3 " in text and NOTATION.parse(text).starts == s.starts  # (the text holds the position, not the log)
    assert NOTATION.parse(text.replace(" starts=0,2,3", "")).starts == (0, 2)  # the chain's own breaks
    for bad in ("starts=1,2", "starts=0,3,2", "starts=0,9"):
        with pytest.raises(NotationError):
            NOTATION.parse(text.replace("starts=0,2,3", bad))
