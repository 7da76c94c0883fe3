"""Mind the Gap through the shared match loop: how a game ended
(terminations), the recorded stop, the policy (secret hands, the
statistics fold) and the simulator playing through :class:`Match`."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from game.cards import derive_seed
from game.engine import GameRunner, IllegalAction, NotationError, Record, Termination
from game.engine.match import Match, Moved, Seat
from game.games.mind_the_gap import BOTS, GAME, NOTATION, POLICY, Series
from game.games.mind_the_gap.policy import MtgMeta, fold_result, parse_stats_key, stats_key
from game.games.mind_the_gap.rules import PASS_ACTION, STOP, STOP_ACTION
from game.games.mind_the_gap.sim import deal_seed, play_deal


def P(text: str):
    return NOTATION.parse(text)


def stopped_midway(options=None, seed=3, moves=4):
    """A runner that played ``moves`` legal actions, then the stop."""
    runner = GameRunner.start(GAME, options or {"players": 2}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        runner.play(rng.choice(GAME.legal_actions(runner.state)))
    runner.play(GAME.stop_action(runner.state))
    return runner


# --- how a game ended -----------------------------------------------------------------


def test_every_end_has_its_termination():
    won = GAME.apply(P("5C/3H,8D/6C,9S,-/10D,4C,KH,QS - 5 normal std players=2 turn=1 hands=7S|AD,2S"), GAME.action_from_text("place AD r3c3"))
    dead = GAME.apply(P("4C/-,-/9H,2D,-/-,-,-,- - 0 normal std players=2 hands=QS,3H|5C"), GAME.action_from_text("place QS r2c2"))
    passed = P("5C/3H,8D/6C,9S,AS/10D,4C,KH,- - 0 normal std players=2 hands=5S|7D")
    passed = GAME.apply(GAME.apply(passed, PASS_ACTION), PASS_ACTION)
    stopped = GAME.apply(GAME.new_game({"players": 2}, 1), STOP_ACTION)
    ends = {s.result: GAME.outcome(s) for s in (won, dead, passed, stopped)}
    assert {r: o.termination for r, o in ends.items()} == {
        "won": Termination.WON,
        "dead": Termination.LOST,
        "passes": Termination.LOST,
        "stopped": Termination.STOPPED,
    }
    assert [r for r, o in ends.items() if o.won] == ["won"]
    assert [r for r, o in ends.items() if o.stopped] == ["stopped"]


# --- the stop -------------------------------------------------------------------------


def test_the_stop_is_never_a_legal_action_and_only_exists_while_the_game_runs():
    runner = GameRunner.start(GAME, {"players": 3, "level": "hard"}, 8)
    rng = random.Random(8)
    while GAME.outcome(runner.state) is None:
        assert GAME.stop_action(runner.state) == STOP_ACTION
        assert all(a.kind != STOP for a in GAME.legal_actions(runner.state))
        runner.play(rng.choice(GAME.legal_actions(runner.state)))
    assert GAME.stop_action(runner.state) is None


def test_the_stop_ends_the_game_as_a_loss_with_its_own_reason():
    s = GAME.new_game({"players": 2}, 5)
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    before = copy.deepcopy(s)
    out_state = GAME.apply(s, GAME.stop_action(s))
    assert s == before
    assert out_state.result == "stopped"
    assert out_state.log[-1] == (1, STOP, None, None)
    # nothing but the history and the result changes: same cards, coins, turn
    assert Counter(GAME.cards(out_state)) == Counter(GAME.cards(s))
    assert (out_state.places, out_state.hands, out_state.stock, out_state.discard, out_state.coins, out_state.turn) == (
        s.places,
        s.hands,
        s.stock,
        s.discard,
        s.coins,
        s.turn,
    )
    o = GAME.outcome(out_state)
    assert o.won is False and o.winners == () and o.scores == (0.0,)
    assert o.reason.key == "mind_the_gap.lost_stopped"
    assert o.reason.render("en") == "The team gave up on this pyramid."
    assert o.reason.render("de") == "Das Team hat diese Pyramide aufgegeben."
    assert GAME.current_player(out_state) is None and GAME.legal_actions(out_state) == []
    with pytest.raises(IllegalAction) as e:
        GAME.apply(out_state, STOP_ACTION)
    assert e.value.reason.key == "engine.game_over"
    # views show the end to every seat and still hide the other hand
    for seat in (0, 1):
        v = GAME.view(out_state, seat)
        assert v.result == "stopped" and v.hands[1 - seat] is None and v.hand == s.hands[seat]
        assert GAME.view(GAME.shuffle_hidden(out_state, seat, random.Random(seat)), seat) == v


def test_the_stop_in_the_log_and_in_texts():
    s = GAME.new_game({"players": 2}, 5)
    line = GAME.describe_action(s, STOP_ACTION)
    assert line.key == "mind_the_gap.log.stop" and line.params["seat"] == 0
    assert line.render("en") == "Player 1 ends the game: the team gives up."
    assert line.render("de") == "Spieler 1 beendet das Spiel: Das Team gibt auf."
    assert GAME.action_to_text(STOP_ACTION) == "stop"
    assert GAME.action_from_text(" STOP ") == STOP_ACTION
    with pytest.raises(NotationError):
        GAME.action_from_text("stop now")


def test_a_stopped_game_replays_from_its_record_and_round_trips_in_notation():
    runner = stopped_midway({"players": 3, "level": "easy"}, seed=11, moves=6)
    rec = Record.from_json(runner.record().to_json())
    assert rec.actions[-1] == "stop" and len(rec.actions) == 7
    assert GameRunner.replay(rec, GAME).state == runner.state
    text = NOTATION.format(runner.state)
    assert text.endswith(":S")
    assert NOTATION.parse(text) == runner.state
    # a stop ends the history: nothing may follow it
    with pytest.raises(NotationError):
        NOTATION.parse("5C/-,-/-,-,-/-,-,-,- - 6 normal std players=2 log=0:S;1:X")
    with pytest.raises(NotationError):
        NOTATION.parse("5C/-,-/-,-,-/-,-,-,- - 6 normal std players=2 log=0:SX")


def test_match_stop_records_the_end_and_folds_it_into_the_statistics():
    match = Match.start(GAME, {"players": 2, "level": "hard"}, 4, [Seat("Anna"), Seat("Ben", bot="seed")], meta={"helper_used": True})
    match.run(lambda m: len(m.actions) >= 3, stand_in="seed")
    moved = match.stop()
    assert isinstance(moved, Moved) and moved.action == STOP_ACTION
    assert moved.outcome is not None and moved.outcome.stopped and match.over
    assert match.record().actions[-1] == "stop"
    assert match.log()[-1].message.params["player"] == match.name_of(moved.seat)
    stats: dict = {}
    for fold in match.take_folds():
        fold(stats)
    assert stats == {"hard-2p-1h-2c-std": {"games": 1, "wins": 0, "helper_games": 1, "best_series": None}}
    assert match.take_folds() == []


# --- the policy ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "level,bots,secret",
    [
        ("normal", (None, None), True),
        ("hard", (None, "seed", None), True),
        ("expert", (None, None, None), True),
        ("easy", (None, None), False),  # open hands: nothing to hide
        ("normal", (None, "seed"), False),  # one person at the device
        ("normal", (None,), False),
    ],
)
def test_hands_are_secret_between_people_unless_they_are_open(level, bots, secret):
    seats = [Seat(f"P{i}", bot=b) for i, b in enumerate(bots)]
    match = Match.start(GAME, {"players": len(bots), "level": level}, 1, seats)
    assert match.policy is POLICY
    assert match.secret is secret


def finished(won: bool, coins: int = 3, level: str = "normal", players: int = 2, **variant: bool):
    """A game that ended with ``coins`` left (and began with them)."""
    s = replace(GAME.new_game({"players": players, "level": level, "coins": coins, **variant}, 2), result="won" if won else "passes")
    return s, GAME.outcome(s)


def fold(stats: dict, state, outcome, meta: dict, coins: int = 3, people: int | None = None) -> None:
    """Fold a game that began with ``coins`` (``meta`` as a save keeps it),
    ``people`` of its seats people (default: every seat)."""
    fold_result(stats, state, outcome, MtgMeta.from_json(meta), coins, state.players if people is None else people)


def test_fold_counts_games_wins_and_helper_games_per_level_and_players():
    stats: dict = {}
    fold(stats, *finished(True), {})
    fold(stats, *finished(False), {"helper_used": True})
    fold(stats, *finished(False, level="expert", players=1), {"helper_used": False}, coins=1)
    assert stats == {
        "normal-2p-2h-3c-std": {"games": 2, "wins": 1, "helper_games": 1, "best_series": None},
        "expert-1p-1h-1c-std": {"games": 1, "wins": 0, "helper_games": 0, "best_series": None},
    }


def test_statistics_rows_are_kept_per_coins_and_variant():
    """Issue 14: a best series total with 20 coins sat in one row with one
    with 6 (the row was level and players only)."""
    stats: dict = {}
    fold(stats, *finished(True, coins=6), {}, coins=6)
    fold(stats, *finished(True, coins=20), {}, coins=20)
    fold(stats, *finished(True, coins=6, small=True), {}, coins=6)
    fold(stats, *finished(True, coins=6, small=True, jokers=True), {}, coins=6)
    fold(stats, *finished(False, coins=0, jokers=True), {}, coins=6)  # the row is the coins it began with
    assert sorted(stats) == ["normal-2p-2h-20c-std", "normal-2p-2h-6c-jokers", "normal-2p-2h-6c-small", "normal-2p-2h-6c-small+jokers", "normal-2p-2h-6c-std"]
    assert all(row["games"] == 1 for row in stats.values())


def test_a_match_folds_into_the_row_of_the_coins_it_began_with():
    for seed in range(1, 50):  # a deal on which coins were spent
        match = Match.start(GAME, {"players": 1, "level": "hard", "coins": 9, "small": True}, seed, [Seat("Solo", bot="seed")])
        match.run(lambda m: False)
        if match.state.coins < 9:
            break
    assert match.state.coins < 9
    stats: dict = {}
    for f in match.take_folds():
        f(stats)
    assert list(stats) == ["hard-1p-0h-9c-small"]  # (a computer alone)


def test_a_row_of_before_stays_as_it_is_beside_the_new_rows():
    old = {"games": 7, "wins": 3, "helper_games": 1, "best_series": 25}
    stats = {"normal-2p": dict(old)}
    fold(stats, *finished(True, coins=6), {}, coins=6)
    assert stats["normal-2p"] == old and stats["normal-2p-2h-6c-std"]["games"] == 1


def test_statistics_keys_read_back_and_old_rows_are_recognised():
    assert stats_key("expert", 3, 20, True, True, 1) == "expert-3p-1h-20c-small+jokers"
    assert parse_stats_key("expert-3p-1h-20c-small+jokers") == ("expert", 3, 1, 20, "small+jokers")
    # rows of before: without the people, without coins and variant
    assert parse_stats_key("expert-3p-20c-small+jokers") == ("expert", 3, None, 20, "small+jokers")
    assert parse_stats_key("normal-2p") == ("normal", 2, None, None, None)
    for bad in ("normal", "normal-xp", "nosuch-2p", "normal-2p-6c", "normal-2p-sixc-std", "normal-2p-6c-huge", "normal-2p-3h-6c-std", "normal-2p-xh-6c-std", "normal-2p-1h-6c"):
        with pytest.raises(ValueError):
            parse_stats_key(bad)


def test_fold_keeps_the_best_total_of_a_finished_series():
    four_played = Series.start({"players": 2}, 7)
    for points in (2, 0, 5, 1):
        four_played = four_played.with_result(points)
    stats: dict = {}
    # the last pyramid of the series, won with 3 coins: 8 + 4 points
    fold(stats, *finished(True, coins=3), {"series": four_played.to_json()}, coins=6)
    row = stats["normal-2p-2h-6c-std"]
    assert row["best_series"] == 12
    # a worse finished series does not replace it; an unfinished one does not count
    fold(stats, *finished(False), {"series": four_played.to_json()}, coins=6)
    fold(stats, *finished(True, coins=6), {"series": Series.start({"players": 2}, 7).to_json()}, coins=6)
    assert row == {"games": 3, "wins": 2, "helper_games": 0, "best_series": 12}
    # a better one does
    fold(stats, *finished(True, coins=6), {"series": four_played.to_json()}, coins=6)
    assert row["best_series"] == 15
    # unreadable series data counts the game and nothing else
    fold(stats, *finished(True), {"series": {"points": "many"}}, coins=6)
    assert row["games"] == 5 and row["best_series"] == 15


def test_a_finished_match_folds_exactly_once_through_the_policy():
    meta = {"helper_used": True, "series": Series.start({"players": 1}, 3).to_json()}
    match = Match.start(GAME, {"players": 1, "level": "easy"}, 9, [Seat("Solo", bot="strong")], meta=meta)
    assert match.run() is False and match.over
    folds = match.take_folds()
    assert len(folds) == 1
    via_match: dict = {}
    folds[0](via_match)
    direct: dict = {}
    fold_result(direct, match.state, match.outcome, MtgMeta.from_json(meta), 12, 0)
    assert via_match == direct and via_match["easy-1p-0h-12c-std"]["games"] == 1


# --- the simulator --------------------------------------------------------------------------


def reference_deal(options, seed, i, names):
    """The simulator's loop before it went through Match: one generator for
    every seat, each seat's bot sees its own view."""
    state = GAME.new_game(options, deal_seed(seed, i))
    bots = [BOTS[n]() for n in names]
    rng = random.Random(derive_seed(seed, "bots", i))
    steps = 0
    while state.result is None:
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, bots[state.turn].choose(GAME.view(state, state.turn), legal, rng))
        steps += 1
    return state, steps


@pytest.mark.parametrize(
    "options,names",
    [
        ({"players": 2, "level": "normal"}, ["seed", "seed"]),
        ({"players": 3, "level": "easy"}, ["strong", "seed", "strong"]),
        ({"players": 1, "level": "expert", "small": True}, ["strong"]),
    ],
)
def test_play_deal_through_match_plays_exactly_the_old_games(options, names):
    for i in range(4):
        latencies: list[float] = []
        got = play_deal(options, 17, i, names if len(set(names)) > 1 else names[0], latencies)
        want, steps = reference_deal(options, 17, i, names)
        assert got == want
        assert len(latencies) == steps == len(got.log)


# --- records of before issue 14 ----------------------------------------------------------------

OLD = json.loads((Path(__file__).parent / "records_before_issue14.json").read_text(encoding="utf-8"))["records"]


@pytest.mark.parametrize("case", OLD, ids=lambda c: "{players}p-{level}".format(**c["record"]["options"]))
def test_records_of_before_issue_14_replay_to_the_same_end(case):
    """Options without ``first`` mean seat 0 begins; discards, take-backs
    and passes of those games are still legal where they were."""
    rec = Record.from_json(case["record"])
    assert "first" not in rec.options
    runner = GameRunner.replay(rec, GAME)
    assert NOTATION.format(runner.state) == case["end"]
    assert runner.options["first"] == 0 and runner.state.result is not None


def test_each_pyramid_of_a_series_can_begin_with_another_seat():
    s = Series.start({"players": 3, "first": 2}, 8)
    options, seed = s.next_game()
    assert options["first"] == 2 and GAME.new_game(options, seed).turn == 2
    s = s.with_result(3)
    options, seed = s.next_game(first=1)
    assert options["first"] == 1 and GAME.new_game(options, seed).turn == 1
    assert s.options["first"] == 2  # the series keeps its own options
    with pytest.raises(ValueError):
        s.next_game(first=3)


def test_a_save_with_a_pass_the_text_forbids_is_kept_aside_with_a_message(private_home):
    """No save of today holds such a pass (no deal empties a hand, see
    test_rules), but one written by hand must not crash the loader: it is
    kept as ``.bad`` and the player is told why."""
    from game.persistence.saves import read_save, save_path, write_save
    from game.ui.kit.table import restore  # the table's loader (the UI layer; imported here only)

    rec = dict(OLD[0]["record"])
    rec["actions"] = ["pass", *rec["actions"]]  # seat 0 passes with 6 coins and 5 cards
    write_save("mind-the-gap", rec, {"names": ["Anna", "Ben"], "bots": [None, None]})
    save, problem = read_save("mind-the-gap")
    assert problem is None and save is not None
    match, problem = restore(save, "mind-the-gap")
    assert match is None and problem is not None
    assert "did not replay" in problem and "pass" in problem, problem
    assert not save_path("mind-the-gap").exists() and save_path("mind-the-gap").with_name(save["file"] + ".bad").exists()
