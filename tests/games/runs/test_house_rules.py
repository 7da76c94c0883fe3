"""Issue 24's house rules from the family (Sevens, Fan Tan, Parliament,
dominoes): a run that grows at either end (``both_ends``), a run in every
suit (``per_suit``), a blocked run that closes after a whole circuit
(``circuit``).  The options, the rules, the notation, the messages, bots
that stay legal and a look-ahead that plays the rules the engine plays, and
``sim runs``' defaults and figures."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

import pytest

from game.cards import Card
from game.engine import NotationError
from game.engine.match import Match, Seat
from game.games.runs import BOTS, GAME, NOTATION
from game.games.runs.bots import CARD_ID, PILE, PLAYED, VAL, StrongBot, rollout
from game.games.runs.cli import sim
from game.games.runs.rules import HOUSE_RULES, TABLE_RULES
from game.games.runs.state import replace_state
from game.i18n import tr

from .helpers import position

C = Card.parse
NEW = ("both_ends", "per_suit", "circuit")
#: each new rule alone, on top of "new run", and all together
RULE_SETS = [
    {},  # the written rule and "new run": the same playout plays them
    {"new_run": True},
    {"both_ends": True},
    {"per_suit": True},
    {"circuit": True},
    {"new_run": True, "both_ends": True},
    {"new_run": True, "circuit": True, "wrap": True},
    {"new_run": True, "both_ends": True, "per_suit": True, "circuit": True},
    # a stop and the bigger deal (test_stop_and_deal.py)
    {"stop": True},
    {"new_run": True, "stop": True, "big_deal": True},
    {"new_run": True, "circuit": True, "stop": True, "big_deal": True},
    {"per_suit": True, "both_ends": True, "stop": True},
    {"big_deal": True},
]


def texts(state):
    return [GAME.action_to_text(a) for a in GAME.legal_actions(state)]


def act(state, text):
    return GAME.apply(state, GAME.action_from_text(text))


# --- the options ------------------------------------------------------------------------------------


def test_the_new_rules_are_off_unless_asked_for_and_true_or_false():
    d = GAME.default_options()
    assert all(d[r] is False for r in HOUSE_RULES)
    s = GAME.new_game({"players": 3}, 4)
    assert not s.extended and s.ends == () and NOTATION.format(s).count("open=") == 0
    for r in NEW:
        assert GAME.validate_options({"players": 2, r: True})[r] is True
        assert getattr(GAME.new_game({"players": 2, r: True}, 1), r)
        for bad in (1, "yes", None):
            with pytest.raises(ValueError, match=r):
                GAME.validate_options({"players": 2, r: bad})


# --- both ends ------------------------------------------------------------------------------------------


def test_a_run_grows_at_either_end():
    hands = ["4H,7H,9S", "2C,3C"]
    one_way = position(hands, chain="5H,6H", turn=0)
    assert texts(one_way) == ["play 7H"]
    s = position(hands, chain="5H,6H", turn=0, both_ends=True)
    assert s.ends == ((C("5H"), C("6H")),)
    assert texts(s) == ["play 4H", "play 7H"]
    t = act(s, "play 4H")
    assert set(t.ends[0]) == {C("4H"), C("6H")} and t.turn == 1
    assert GAME.describe_action(s, GAME.action_from_text("play 4H")).key == "runs.log.play"
    # a run of one card may go either way
    u = position(["4H,6H,9S", "2C"], chain="5H", turn=0, both_ends=True)
    assert texts(u) == ["play 4H", "play 6H"]


def test_a_two_way_run_is_open_while_either_end_can_grow():
    # 3H 2H AH 4H 5H: the low end reached the Ace, the high end waits for 6H
    s = position(["6H,9S", "2C,3C"], chain="3H,2H,AH,4H,5H", turn=0, both_ends=True)
    assert set(s.ends[0]) == {C("AH"), C("5H")}
    assert texts(s) == ["play 6H"] and not GAME.closes_run(s, C("6H")) and GAME.view(s, 0).closing == ()
    assert not GAME.chain_dead(s)


def test_under_the_written_reading_a_dead_two_way_run_is_drawn_out_and_with_new_run_replaced():
    chain = "2D,AD,3D,4D,5D,6D,7D,8D,9D,10D,JD,QD"
    hands = ["KD,9S", "2C,3C"]
    w = position(hands, chain=chain, turn=0, both_ends=True)
    assert GAME.closes_run(w, C("KD"))
    assert GAME.describe_action(w, GAME.action_from_text("play KD")).key == "runs.log.play_closes"
    w2 = act(w, "play KD")
    assert GAME.chain_dead(w2) and texts(w2) == ["draw"]
    n = act(position(hands, chain=chain, turn=0, both_ends=True, new_run=True), "play KD")
    assert GAME.chain_dead(n) and n.ends == () and texts(n) == ["play 2C", "play 3C"]


# --- a run per suit -------------------------------------------------------------------------------------


def test_a_card_of_a_suit_without_an_open_run_starts_one():
    s = position(["2H,6H,9S,KC", "2C,3C"], chain="5H", turn=0, per_suit=True)
    assert texts(s) == ["play 9S", "play 6H", "play KC"]  # not 2H: hearts have a run
    assert GAME.describe_action(s, GAME.action_from_text("play 9S")).key == "runs.log.play_new"
    t = act(s, "play 9S")
    assert t.ends == ((C("5H"), C("5H")), (C("9S"), C("9S")))
    # one-way runs: 6H follows 5H, and then only 7H
    u = act(act(t, "play 2C"), "play 6H")
    assert u.ends[0] == (C("6H"), C("6H"))


def test_a_closed_run_frees_its_suit():
    # QD KD: the diamond run is closed and dropped; any diamond may start again
    s = position(["9S", "3D,5H"], chain="QD,KD", turn=1, per_suit=True)
    assert s.ends == () and texts(s) == ["play 5H", "play 3D"]
    # a round of a run per suit blocks only when nobody can play or draw
    b = act(position(["KD,9S", "3C,4H"], chain="QD,9C,10C,8H", turn=0, pile="", rest_to=1, per_suit=True, open_runs="10C~10C,8H~8H,QD~QD"), "play KD")
    assert b.phase == "play" and b.turn == 1  # seat 1 holds the freed diamonds... and spades


# --- a whole circuit ----------------------------------------------------------------------------------


def test_a_whole_circuit_without_a_card_played_closes_the_run():
    # nobody holds 4H or 6H (they lie at the bottom of the pile); JC, QC, KC are drawn
    hands = ["2S,9S", "3C,4C", "JD,QD"]
    pile = "4H,6H,KC,QC,JC"
    s = position(hands, chain="5H", turn=1, pile=pile, rest_to=0, circuit=True)
    assert texts(s) == ["draw"] and s.idle == 0
    s = act(act(s, "draw"), "draw")
    assert s.idle == 2 and s.ends == ((C("5H"), C("5H")),) and s.turn == 0
    assert GAME.describe_action(s, GAME.action_from_text("draw")).key == "runs.log.draw_circuit"
    t = act(s, "draw")  # seat 0 completes the circuit
    assert t.ends == () and t.idle == 0 and t.turn == 1
    assert GAME.chain_dead(t) and texts(t) == ["play 3C", "play 4C", "play JC"]
    assert GAME.describe_action(t, GAME.action_from_text("play 3C")).key == "runs.log.play_new"
    # without the rule the same three draws leave the run as it was
    w = position(hands, chain="5H", turn=1, pile=pile, rest_to=0)
    for _ in range(3):
        w = act(w, "draw")
    assert w.turn == 1 and texts(w) == ["draw"]


def test_with_the_pile_empty_a_circuit_of_passes_closes_a_dead_run_and_no_round_blocks():
    hands = ["2S,9S", "3C,4C"]
    w = position(hands, chain="QD,KD", turn=0, pile="", rest_to=1)
    assert texts(w) == ["pass"]
    assert act(w, "pass").phase == "break"  # the written rules: blocked
    s = position(hands, chain="QD,KD", turn=0, pile="", rest_to=1, circuit=True)
    assert GAME.describe_action(s, GAME.action_from_text("pass")).key == "runs.log.pass"
    s = act(s, "pass")
    assert s.phase == "play" and s.idle == 1 and texts(s) == ["pass"]
    assert GAME.describe_action(s, GAME.action_from_text("pass")).key == "runs.log.pass_circuit"
    t = act(s, "pass")
    assert t.phase == "play" and t.turn == 0 and t.ends == () and texts(t) == ["play 2S", "play 9S"]


# --- notation, messages -------------------------------------------------------------------------------


def test_the_notation_carries_the_rules_the_open_runs_and_the_idle_count():
    s = position(["2H,6H,KC", "2C,3C"], chain="5H,9S", turn=1, per_suit=True, both_ends=True, circuit=True, idle=1)
    text = NOTATION.format(s)
    assert " two=1 suits=1 circuit=1 open=5H~5H,9S~9S idle=1 starts=0,1 phase=" in text
    assert NOTATION.format(NOTATION.parse(text)) == text and NOTATION.parse(text).ends == s.ends
    closed = text.replace("open=5H~5H,9S~9S", "open=-")
    assert NOTATION.parse(closed).ends == ()
    for bad in ("open=5H~2D", "open=5H", "idle=x"):
        key = bad.split("=")[0]
        good = {"open": "open=5H~5H,9S~9S", "idle": "idle=1"}[key]
        with pytest.raises(NotationError):
            NOTATION.parse(text.replace(good, bad))
    with pytest.raises(NotationError):  # open runs without a rule that keeps them
        NOTATION.parse(NOTATION.format(position(["2H", "3C"], chain="5H", turn=0)).replace("wrap=0", "wrap=0 open=5H~5H"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_rule_has_a_name_and_a_sentence_in_both_languages(lang):
    keys = ["runs.log.draw_circuit", "runs.log.pass_circuit"]
    for name, why in [rw for r in HOUSE_RULES for rw in GAME.describe_rules({"players": 3, r: True})] + GAME.describe_rules({"players": 3}):
        keys += [name.key, why.key]
    assert len(keys) == 2 + 2 * (len(HOUSE_RULES) + 1) == 16
    for k in keys:
        text = tr(k, lang, name="Ben")
        assert text and text != k
    assert tr("runs.house.circuit.why", "en") != tr("runs.house.circuit.why", "de")


# --- bots and the look-ahead ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: "+".join(sorted(r)))
def test_every_bot_stays_legal_and_every_round_ends(rules):
    bots = {0: StrongBot(samples=8, budget=24), 1: BOTS["simple"](), 2: BOTS["random"]()}
    m = Match.start(GAME, {"players": 3, "rounds": 5, **rules}, 11, [Seat(f"S{i}", bot="x") for i in range(3)], bots=bots, strict=True)
    m.run()
    assert m.over and len(m.state.history) == 5
    for r in m.state.history:
        if rules.get("circuit") or rules.get("new_run") or rules.get("stop"):
            assert r.reason == "out"


def _engine_round(state):
    """The round played to its end by the simple rule in every seat."""
    bot, rng = BOTS["simple"](), random.Random(0)
    while state.phase == "play":
        view = GAME.view(state, state.turn)
        state = GAME.apply(state, bot.choose(view, GAME.legal_actions(state), rng))
    return state.history[-1]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: "+".join(sorted(r)))
def test_the_look_ahead_plays_a_round_as_the_engine_does(rules):
    """With every card known and the simple rule in every seat, the
    strong bot's playout and the engine reach the same score sheet."""
    for seed in range(6):
        s = GAME.new_game({"players": 2 + seed % 4, **rules}, seed)
        r = _engine_round(s)
        n = s.players
        owner = [PLAYED] * 52
        hands = [[] for _ in range(n)]
        hval = [0] * n
        for seat, h in enumerate(s.hands):
            for c in h:
                owner[CARD_ID[c]] = seat
                hands[seat].append(CARD_ID[c])
                hval[seat] += VAL[CARD_ID[c]]
        pile = [CARD_ID[c] for c in s.pile]
        for i in pile:
            owner[i] = PILE
        gain, dk = [0] * n, [0] * n
        rr = (s.both_ends, s.per_suit, s.new_run, s.circuit, s.stop)
        kept = rollout(owner, hands, pile, [len(h) for h in s.hands], hval, gain, dk, n, s.turn, [], 0, 0, s.wrap, rr)
        assert gain == [p + b for p, b in zip(r.played, r.bonus)], (rules, seed)
        assert sum(hval) + kept == sum(r.penalty)


def test_the_strong_bot_reads_the_open_runs_and_the_draws():
    """A player who drew since the last card holds nothing that follows an
    open run; the strong bot's deals respect it and it plays legally."""
    s = position(["4H,7H,8S,KC", "2C,3C,5D", "9D,10D"], chain="5H,6H", turn=0, both_ends=True, idle=0)
    view = GAME.view(s, 0)
    plays = [a for a in GAME.legal_actions(s)]
    assert [a.card.code for a in plays] == ["4H", "7H"]
    scores, samples = StrongBot(samples=20).scores(view, plays, random.Random(1))
    assert len(scores) == 2 and samples == 20


# --- sim runs ------------------------------------------------------------------------------------------


def _sim(*args):
    out = io.StringIO()
    with redirect_stdout(out):
        code = sim([*args, "--json"])
    return code, (json.loads(out.getvalue()) if code == 0 else None)


def test_sim_without_rule_flags_plays_the_tables_rules_and_reports_the_figures():
    code, r = _sim("--players", "3", "--bots", "simple", "--games", "3", "--seed", "2")
    assert code == 0 and r["rules"] == TABLE_RULES
    for key in (
        "mean_decisions_per_round",
        "mean_forced_draws_per_round",
        "mean_turns_per_round",
        "forced_draw_share",
        "mean_longest_without_play_per_round",
        "finisher_share",
        "mean_decisions_per_player_per_round",
    ):
        assert isinstance(r[key], (int, float)), key
    assert 0 < r["forced_draw_share"] < 1 and r["skill"] is None
    assert r["forced_draw_share"] == pytest.approx(r["mean_forced_draws_per_round"] / r["mean_turns_per_round"], abs=1e-3)
    code, w = _sim("--players", "3", "--bots", "simple", "--games", "3", "--seed", "2", "--written")
    assert code == 0 and not any(w["rules"].values()) and w["finisher_share"] == 0.0
    code, h = _sim("--players", "2", "--bots", "strong,simple", "--games", "2", "--seed", "2", "--both-ends", "--circuit", "--samples", "5")
    assert code == 0 and h["rules"] == {"new_run": False, "both_ends": True, "per_suit": False, "circuit": True, "stop": False, "big_deal": False}
    sk = h["skill"]
    assert sk["games"] == 2 and sk["ci95"][0] <= sk["strong_win_share"] <= sk["ci95"][1]
    assert _sim("--written", "--per-suit", "--games", "1")[0] == 2


#: a strong-against-simple game with the options of before issue 24, played
#: with the code before it (seed 9, bots' generators seeded 40 and 41): the
#: final totals and the number of actions
STRONG_BEFORE = [({}, [-533, -605], 245), ({"new_run": True}, [891, 738], 508)]


@pytest.mark.parametrize("options, totals, actions", STRONG_BEFORE)
def test_the_strong_bot_plays_the_old_rules_move_for_move_as_before(options, totals, actions):
    rngs = [random.Random(40 + s) for s in range(2)]
    bots = {0: BOTS["strong"](), 1: BOTS["simple"]()}
    m = Match.start(GAME, {"players": 2, "rounds": 5, **options}, 9, [Seat(f"S{i}", bot="x") for i in range(2)], rng=rngs, bots=bots, strict=True)
    m.run()
    assert list(m.state.base) == totals and len(m.record().to_json()["actions"]) == actions


# --- what may continue a run (the table's "Next: …") --------------------------------------------------


def test_the_continuations_are_the_open_runs_unplayed_neighbours_under_every_rule():
    hands = ["9S,2C", "3C,4C"]
    assert GAME.continuations(position(hands, turn=0)) == ()  # nothing played: any card leads
    # the written rule: the last card's neighbours not yet played
    s = position(hands, chain="5H,6H,7H", turn=0)
    assert GAME.continuations(s) == (C("8H"),)
    assert GAME.continuations(position(hands, chain="2H,AH", turn=0, wrap=True)) == (C("KH"),)
    # both ends: the first card's neighbour too
    s = position(hands, chain="5H,6H,7H", turn=0, both_ends=True)
    assert GAME.continuations(s) == (C("4H"), C("8H"))
    # a run per suit: every open run's
    s = position(hands, chain="5H,9D,6H", turn=0, per_suit=True)
    assert GAME.continuations(s) == (C("7H"), C("8D"), C("10D"))
    # the view says the same as the state, for every seat
    for seat in (0, 1, None):
        assert GAME.continuations(GAME.view(s, seat)) == GAME.continuations(s)
    # a closed run has none (with "new run" any card starts the next)
    assert GAME.continuations(position(hands, chain="QH,KH", turn=0, new_run=True)) == ()


def test_a_new_run_starts_on_the_first_card_and_after_the_open_runs_closed():
    hands = ["9S,2C", "3C,4C"]
    assert GAME.starts_run(position(hands, turn=0))
    assert not GAME.starts_run(position(hands, chain="5H,6H", turn=0))
    # the written rule: a closed run ends the playing; with "new run" the next card starts one
    assert not GAME.starts_run(position(hands, chain="QH,KH", turn=0))
    assert GAME.starts_run(position(hands, chain="QH,KH", turn=0, new_run=True))
    # both ends alone keeps a dead run: nothing starts
    assert not GAME.starts_run(position(hands, chain="QH,KH", turn=0, both_ends=True))
    # a circuit or a stop that closed the runs (no open run left): any card starts one
    closed = position(hands, chain="5H,6H", turn=0, circuit=True, open_runs="-")
    assert GAME.starts_run(closed) and set(GAME.playable(closed, 0)) == set(closed.hands[0])
    assert GAME.starts_run(position(hands, chain="5H,6H", turn=0, stop=True, open_runs="-"))
    # the view says the same, and nothing starts between rounds
    assert GAME.starts_run(GAME.view(closed, 1))
    s = GAME.new_game({"players": 2, "rounds": 5}, seed=3)
    while s.phase == "play":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert not GAME.starts_run(s)


def test_where_the_runs_began_is_the_kept_list_with_open_runs_kept_else_the_chains_breaks():
    s = position(["9S", "2C"], chain="QD,KD,5S,4S,3S,9C", turn=0, new_run=True)
    assert GAME.run_starts(s) == (0, 2, 5) == GAME.run_starts(GAME.view(s, 1))
    # after a stop a card that touches the last one began a run: only the kept list knows
    kept = replace_state(position(["9S", "2C"], chain="5H,6H", turn=0, stop=True, open_runs="-"), starts=(0, 1))
    assert GAME.run_starts(kept) == (0, 1) and GAME.run_starts(GAME.view(kept, 0)) == (0, 1)
