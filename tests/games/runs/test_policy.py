"""Runs through the shared match loop: the stop and how a game ended, the
policy (forced draws, breaks, names, the log, statistics) and the
simulator playing through :class:`Match`."""

from __future__ import annotations

import random
import time

import pytest

from game.cards import derive_seed
from game.engine import GameRunner, Outcome, Termination, msg
from game.engine.match import How, LogLine, Match, Moved, Refused, Seat, StepKind
from game.engine.schema import problems
from game.games.runs import BOTS, GAME, NOTATION, POLICY
from game.games.runs.cli import play_game
from game.games.runs.policy import RunsMeta, collapse_forced, fold_stats, log_start
from game.games.runs.state import NEXT_ACTION, NEXT_ROUND, PLAY, STOP_ACTION, Action
from game.persistence.shapes import STATS

from .helpers import position


def at_break(rounds: int, seed: int = 4):
    """A game of three played by bots to its first break."""
    s = GAME.new_game({"players": 3, "rounds": rounds}, seed)
    while s.phase == "play":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.phase == "break"
    return s


def match_at(state, names=("Anna", "Ben"), bots=(None, None), **kw) -> Match:
    options = GAME.validate_options({"players": state.players, "rounds": state.rounds, "wrap": state.wrap})
    runner = GameRunner(GAME, options, state.seed, [state], [])
    return Match(runner, [Seat(n, b) for n, b in zip(names, bots)], **kw)


# --- the stop and the termination ----------------------------------------------------------------


def test_stop_action_only_at_a_break_of_an_open_ended_game():
    s = GAME.new_game({"players": 3, "rounds": 0}, 4)
    assert GAME.stop_action(s) is None  # mid-round
    assert GAME.stop_action(at_break(0)) == STOP_ACTION
    assert STOP_ACTION in GAME.legal_actions(at_break(0))  # the table's own move there
    assert GAME.stop_action(at_break(5)) is None  # planned rounds cannot be stopped


def test_a_stopped_game_says_so_and_a_played_out_game_is_finished():
    stopped = GAME.apply(at_break(0), STOP_ACTION)
    assert stopped.stopped and stopped.phase == "over"
    out = GAME.outcome(stopped)
    assert out.termination is Termination.STOPPED and out.stopped
    s = GAME.new_game({"players": 2, "rounds": 5}, 3)
    while s.phase != "over":
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    assert not s.stopped
    assert GAME.outcome(s).termination is Termination.FINISHED and not GAME.outcome(s).stopped


def test_the_notation_keeps_a_stopped_game_stopped():
    stopped = GAME.apply(at_break(0), STOP_ACTION)
    parsed = NOTATION.parse(NOTATION.format(stopped))
    assert parsed.stopped and GAME.outcome(parsed).termination is Termination.STOPPED
    assert NOTATION.format(parsed) == NOTATION.format(stopped)
    over = position(["2S", "3S"], rest_to=0, phase="over", base=[3, -5], round_=5)
    assert not over.stopped and GAME.outcome(over).termination is Termination.FINISHED


def test_match_stop_is_recorded_and_refused_mid_round():
    m = Match.start(GAME, {"players": 3, "rounds": 0}, 4, [Seat("Anna"), Seat("Ben"), Seat("Cleo")])
    assert m.run(lambda mm: mm.state.phase == "break")
    res = m.stop()
    assert isinstance(res, Moved) and res.outcome is not None and res.outcome.stopped
    assert m.record().actions[-1] == "stop"
    replayed = GameRunner.replay(m.record())
    assert replayed.state.stopped and replayed.state == m.state
    playing = match_at(GAME.new_game({"players": 2, "rounds": 0}, 4))
    before = playing.state
    refused = playing.stop()
    assert isinstance(refused, Refused) and refused.reason.key == "engine.cannot_stop"
    assert playing.state is before and playing.actions == []


# --- forced draws and the device --------------------------------------------------------------------


def ben_must_draw(chain: str = "5H", chain_seats=(0,)):
    """Anna (0) just played; Ben (1) holds nothing that follows."""
    s = position(["4H,9C", "2C,3D"], chain=chain, chain_seats=list(chain_seats), turn=1)
    assert GAME.forced_action(s) == Action("draw")
    return s


def test_a_forced_draw_between_two_people_plays_itself_without_a_handover():
    """Issue 24 (it passed the device first, issue 11): nothing to decide,
    so nothing waits behind a pass screen; the card goes to Ben face down
    while Anna's hand stays, and he finds it marked new when his is next
    on screen (the table's part)."""
    m = match_at(ben_must_draw())
    m.handed_to(0)  # Anna's hand is on the screen
    step = m.next()
    assert step.kind is StepKind.AUTO and step.seat == 1 and step.action == Action("draw")
    assert m.viewer == 0
    assert isinstance(m.play(step.action, how=How.AUTO), Moved) and len(m.state.hands[1]) == 3


def test_auto_draw_plays_a_persons_forced_draw_by_itself():
    m = match_at(ben_must_draw(), meta=RunsMeta(auto_draw=True))
    m.handed_to(0)
    step = m.next()
    assert step.kind is StepKind.AUTO and step.seat == 1 and step.action == Action("draw")
    assert m.viewer == 0  # the card goes face down to Ben: nothing to hide
    moved = m.play(step.action, how=How.AUTO)
    assert isinstance(moved, Moved) and len(m.state.hands[1]) == 3


def test_running_the_pile_out_is_automatic_only_in_its_round_and_on_a_dead_run():
    # Ben alone with a computer, auto-draw off: his forced draws wait for
    # him unless the pile of a dead run is being drawn out in this round
    dead = ben_must_draw(chain="QH,KH", chain_seats=(1, 0))
    assert GAME.chain_dead(dead)
    m = match_at(dead, bots=("simple", None))
    m.handed_to(1)
    m.meta = RunsMeta(run_out=dead.round)
    assert m.next().kind is StepKind.AUTO
    m.meta = RunsMeta(run_out=dead.round - 1)  # chosen in an earlier round
    assert m.next().kind is StepKind.PERSON
    alive = match_at(ben_must_draw(), bots=("simple", None))
    alive.meta = RunsMeta(run_out=alive.state.round)
    assert POLICY.automatic(alive, 1) is None  # the run is not dead


def test_a_computers_forced_draw_is_the_computers_move_and_a_choice_is_the_persons():
    m = match_at(ben_must_draw(), bots=(None, "simple"), meta=RunsMeta(auto_draw=True))
    m.handed_to(0)
    assert m.next().kind is StepKind.BOT
    assert isinstance(m.play_bot(), Moved) and m.actions == [Action("draw")]
    s = position(["4H,6H,9C", "2C"], chain="5H", chain_seats=[1], turn=0)
    m = match_at(s, meta=RunsMeta(auto_draw=True))
    assert POLICY.automatic(m, 0) is None  # two cards to choose from
    m.handed_to(0)
    assert m.next().kind is StepKind.PERSON


def test_a_break_waits_and_proceed_deals_the_next_round():
    m = match_at(at_break(5), names=("Anna", "Ben", "Cleo"), bots=(None, None, None))
    assert POLICY.is_break(m.state) and not POLICY.is_break(GAME.new_game({"players": 2}, 1))
    assert m.next().kind is StepKind.BREAK and m.viewer is None
    moved = m.proceed()
    assert isinstance(moved, Moved) and moved.action == NEXT_ACTION
    assert m.state.round == 2 and m.state.phase == "play"


# --- names, the log --------------------------------------------------------------------------------


def test_messages_get_the_players_names_and_a_real_minus():
    m = match_at(GAME.new_game({"players": 3, "dealer": 0}, 8), names=("Anna", "Ben", "Cleo"), bots=(None, None, None))
    tie = msg("runs.outcome.tie", names=["x"], seats=[0, 2], score=-5, n=5)
    named = POLICY.name(m, tie)
    assert named.render("en") == "Anna and Cleo share the win with −5 points each after 5 rounds."
    assert "Anna und Cleo" in named.render("de")
    three = POLICY.name(m, msg("runs.outcome.tie", names=["x"], seats=[0, 1, 2], score=3, n=5))
    assert three.render("en").startswith("Anna, Ben and Cleo share")
    assert isinstance(m.play(GAME.legal_actions(m.state)[0]), Moved)
    [line] = m.log()
    assert line.seat == 1 and line.message.params["name"] == "Ben" and line.message.params["player"] == "Ben"
    assert line.message.render("en").startswith("Ben plays")


def test_the_log_shows_the_round_so_far_at_most_forty_actions():
    draw, nxt = Action("draw"), Action(NEXT_ROUND)
    assert log_start([draw] * 10) == 0
    assert log_start([draw] * 5 + [nxt] + [draw] * 14) == 6
    assert log_start([draw] * 5 + [nxt] + [draw] * 94) == 60  # 40 back
    assert log_start([draw] * 59 + [nxt] + [draw] * 40) == 60
    m = Match.start(GAME, {"players": 3, "rounds": 5}, 6, [Seat("Anna"), Seat("Ben"), Seat("Cleo")])
    m.run(lambda mm: mm.state.round == 2 and len(mm.state.log) == 3)
    assert len(m.log()) == 3  # a resumed match, too
    assert len(Match(m.runner, m.seats).log()) == 3


def test_consecutive_forced_moves_make_one_log_line():
    d, p, play = Action("draw"), Action("pass"), GAME.action_from_text("play 7H")
    lines = [LogLine(0, msg("runs.log.play"), play), LogLine(1, msg("runs.log.draw"), d), LogLine(2, msg("runs.log.draw"), d), LogLine(0, msg("runs.log.draw"), d), LogLine(1, msg("runs.log.draw"), d), LogLine(2, msg("runs.log.pass"), p), LogLine(0, msg("runs.log.play"), play), LogLine(1, msg("runs.log.draw"), d)]
    out = collapse_forced(lines, ["Anna", "Ben", "Cleo"])
    assert [line.message.key for line in out] == ["runs.log.play", "runs.log.forced", "runs.log.play", "runs.log.draw"]
    forced = out[1]
    assert forced.seat is None and forced.action is p  # seats differ: no dot; the stretch's last action
    assert forced.message.render("en") == "Nobody could follow: Ben drew 2 cards, Cleo drew 1 card, Cleo passed, Anna drew 1 card."
    assert forced.message.render("de") == "Keiner konnte anlegen: Ben zog 2 Karten, Cleo zog 1 Karte, Cleo passte, Anna zog 1 Karte."
    # one seat alone keeps its dot; a single draw stays the engine's own line
    two = collapse_forced([LogLine(1, msg("runs.log.draw"), d), LogLine(1, msg("runs.log.draw"), d)], ["Anna", "Ben"])
    assert len(two) == 1 and two[0].seat == 1 and two[0].message.render("en") == "Nobody could follow: Ben drew 2 cards."
    # a match's own log: a dead run drawn out is one line
    s = position(["2S", "3D", "KD"], chain="5H,4H,3H,2H,AH", turn=2, rest_to=None)
    m = match_at(s, names=("Anna", "Ben", "Cleo"), bots=(None, None, None))
    for a in GAME.finish_round(s)[:9]:
        m.play(a)
    [line] = collapse_forced(m.log(since=0), [seat.name for seat in m.seats])
    assert line.message.render("en") == "Nobody could follow: Cleo drew 3 cards, Anna drew 3 cards, Ben drew 3 cards."


# --- statistics ------------------------------------------------------------------------------------------


def test_the_statistics_fold_counts_ties_kinds_and_people():
    st: dict = {}
    tie = Outcome(winners=(0, 2), scores=(-40.0, -90.0, -40.0), reason=msg("runs.outcome.tie"))
    fold_stats(st, tie, ["person", "strong", "simple"], ["Anna", "C2", "C3"], 5)
    win = Outcome(winners=(1,), scores=(-70.0, -20.0, -50.0), reason=msg("runs.outcome.win"))
    fold_stats(st, win, ["person", "strong", "simple"], ["Anna", "C2", "C3"], 6)
    assert st["games"] == 2 and st["rounds"] == 11
    assert st["kinds"]["person"] == {"seats": 2, "wins": 1, "sum": -110, "best": -40}
    assert st["kinds"]["simple"] == {"seats": 2, "wins": 1, "sum": -90, "best": -40}
    assert st["kinds"]["strong"] == {"seats": 2, "wins": 1, "sum": -110, "best": -20}
    assert st["people"] == {"Anna": {"seats": 2, "wins": 1, "sum": -110, "best": -40}}
    assert st["best"] == {"score": -20, "name": "C2"}


def test_a_finished_match_folds_its_seats_kinds_names_and_rounds():
    seats = [Seat("Anna"), Seat("Bot A", "strong"), Seat("Bot B", "simple")]
    m = Match.start(GAME, {"players": 3, "rounds": 5}, 11, seats)
    m.run()
    out = m.outcome
    assert out is not None
    folds = m.take_folds()
    assert len(folds) == 1 and m.take_folds() == []
    st: dict = {}
    folds[0](st)
    scores = [int(x) for x in out.scores]
    assert st["games"] == 1 and st["rounds"] == 5
    assert st["kinds"]["person"] == {"seats": 1, "wins": int(0 in out.winners), "sum": scores[0], "best": scores[0]}
    assert st["kinds"]["strong"]["sum"] == scores[1] and st["kinds"]["simple"]["sum"] == scores[2]
    assert set(st["people"]) == {"Anna"}
    assert st["best"] == {"score": max(scores), "name": seats[scores.index(max(scores))].name}


def test_games_with_the_house_rule_count_apart_and_fit_the_statistics_shape():
    st: dict = {}
    for new_run, circuit, seed in ((False, False, 11), (True, False, 12), (True, False, 13), (True, True, 14)):
        seats = [Seat("Anna"), Seat("Bot A", "strong"), Seat("Bot B", "simple")]
        m = Match.start(GAME, {"players": 3, "rounds": 5, "new_run": new_run, "circuit": circuit}, seed, seats)
        m.run(stand_in="simple")
        [fold] = m.take_folds()
        fold(st)
    assert st["games"] == 1 and st["new_run"]["games"] == 2 and st["new_run"]["rounds"] == 10
    # the table's default (issue 24) has scores of its own size: a part of its own
    assert st["circuit"]["games"] == 1
    assert set(st["new_run"]["people"]) == {"Anna"}
    assert problems(STATS, {"schema": 1, "games": {"runs": st}}) == []
    # a file from before the house rule: the top level alone, read as it is
    old = {k: v for k, v in st.items() if k != "new_run"}
    assert problems(STATS, {"schema": 1, "games": {"runs": old}}) == []
    assert problems(STATS, {"schema": 1, "games": {"runs": {**st, "new_run": {"games": -1}}}}) != []


# --- the simulator through Match ---------------------------------------------------------------------


def _old_play_game(options, seed, bots, latency, choice_latency):
    """The simulator's loop before it went through Match."""
    state = GAME.new_game(options, seed)
    rngs = [random.Random(derive_seed(seed, "bot", s)) for s in range(len(bots))]
    while (seat := GAME.current_player(state)) is not None:
        legal = GAME.legal_actions(state)
        t0 = time.process_time()
        action = bots[seat].choose(GAME.view(state, seat), legal, rngs[seat])
        dt = time.process_time() - t0
        latency[seat].append(dt)
        if len(legal) > 1 and legal[0].kind == PLAY:
            choice_latency[seat].append(dt)
        state = GAME.apply(state, action)
    return state


@pytest.mark.parametrize("players, wrap", [(2, False), (4, True)])
def test_sim_games_through_match_are_the_games_of_the_old_loop(players, wrap):
    options = {"players": players, "rounds": 5, "wrap": wrap}
    for seed in (1, 2):
        runs = []
        for play in (play_game, _old_play_game):
            bots = [BOTS["strong"](samples=10)] + [BOTS["simple"]() for _ in range(players - 1)]
            lat: list[list[float]] = [[] for _ in range(players)]
            clat: list[list[float]] = [[] for _ in range(players)]
            runs.append((play(options, seed, bots, lat, clat), [len(x) for x in lat], [len(x) for x in clat]))
        (new, lat_new, clat_new), (old, lat_old, clat_old) = runs
        assert new == old
        assert lat_new == lat_old and clat_new == clat_old and sum(clat_new) > 0


def test_a_draw_that_closed_the_runs_after_a_circuit_keeps_its_own_log_line():
    """Merged into "Nobody could follow", it never told the players that
    the open runs had closed (house rule "circuit")."""
    d = Action("draw")
    lines = [LogLine(1, msg("runs.log.draw"), d), LogLine(2, msg("runs.log.draw"), d), LogLine(0, msg("runs.log.draw_circuit", name="Anna"), d), LogLine(1, msg("runs.log.draw"), d), LogLine(2, msg("runs.log.draw"), d)]
    out = collapse_forced(lines, ["Anna", "Ben", "Cleo"])
    assert [line.message.key for line in out] == ["runs.log.forced", "runs.log.draw_circuit", "runs.log.forced"]
    assert "closed" in out[1].message.render("en")
