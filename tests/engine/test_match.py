"""The one turn loop, on a toy game whose rules fit in a few lines, so each
rule of play is seen on its own: when the device is passed, what a
computer does, undo where allowed, the recorded stop, the log, the
statistics folds, the save and the resume."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from game.engine import IllegalAction, Outcome, Termination, msg
from game.engine.match import How, Match, Moved, Policy, Refused, Seat, StepKind, TableMeta
from game.engine.runner import GameRunner

TARGET = 7


@dataclass(frozen=True)
class St:
    players: int
    turn: int
    total: int
    hands: tuple[int, ...]  # secret: a number per seat
    phase: str = "play"  # "play", "break", "over"
    stopped: bool = False
    rounds: int = 0


class Toy:
    """Seats take turns adding 1 or 2 to a total; whoever reaches 7 wins.
    A seat whose hand is 0 can only ``pass`` (a forced move).  With
    ``rounds`` > 1 the game pauses for a break after each round."""

    id = "toy"
    min_players, max_players = 1, 4

    def default_options(self, players=None):
        return {"players": players or 2, "rounds": 1}

    def validate_options(self, options):
        return {"players": int(options.get("players", 2)), "rounds": int(options.get("rounds", 1))}

    def new_game(self, options, seed):
        rng = random.Random(seed)
        n = options["players"]
        return St(n, 0, 0, tuple(rng.randint(1, 9) for _ in range(n)), rounds=options["rounds"])

    def current_player(self, s):
        return None if s.phase == "over" else s.turn

    def legal_actions(self, s):
        if s.phase == "break":
            return ["next"]
        if s.phase == "over":
            return []
        return ["pass"] if s.hands[s.turn] == 0 else ["add 1", "add 2"]

    def apply(self, s, a):
        if a == "stop":
            if s.phase == "over":
                raise IllegalAction(msg("engine.game_over"))
            return replace(s, phase="over", stopped=True)
        if a not in self.legal_actions(s):
            raise IllegalAction(msg("engine.unknown_action", text=a))
        if a == "next":
            return replace(s, phase="play", total=0, rounds=s.rounds - 1)
        if a == "pass":
            return replace(s, turn=(s.turn + 1) % s.players)
        total = s.total + int(a.split()[1])
        if total >= TARGET:
            return replace(s, total=total, phase="break" if s.rounds > 1 else "over")
        return replace(s, total=total, turn=(s.turn + 1) % s.players)

    def outcome(self, s):
        if s.phase != "over":
            return None
        if s.stopped:
            return Outcome((), (float(s.total),), msg("toy.stopped"), won=False, termination=Termination.STOPPED)
        return Outcome((s.turn,), (float(s.total),), msg("toy.won", seat=s.turn), termination=Termination.FINISHED)

    def stop_action(self, s):
        return None if s.phase == "over" else "stop"

    def view(self, s, seat):
        return (s.turn, s.total, s.phase, s.hands[seat] if seat is not None else None)

    def action_to_text(self, a):
        return a

    def action_from_text(self, t):
        return t

    def describe_action(self, s, a):
        return msg("toy.log", seat=s.turn, text=a)

    def cards(self, s):
        return []

    def shuffle_hidden(self, s, seat, rng):
        return s


class Always:
    """A bot that plays the last legal action (and counts its calls)."""

    name = "last"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view, legal, rng):
        self.calls += 1
        return legal[-1]


class Counting(Policy):
    def fold_game(self, stats, match, outcome, meta):
        stats["games"] = stats.get("games", 0) + 1
        stats["last"] = outcome.termination.value


def make(seats, *, policy=None, players=None, rounds=1, bots=None, seed=3, hands=None, **kw) -> Match:
    game = Toy()
    runner = GameRunner.start(game, {"players": players or len(seats), "rounds": rounds}, seed)
    if hands is not None:
        runner.states[0] = replace(runner.states[0], hands=tuple(hands))
    return Match(runner, seats, policy=policy or Counting(), bots=bots or {}, **kw)


def people(n):
    return [Seat(f"P{i}") for i in range(n)]


def test_two_people_with_secret_hands_pass_the_device_before_every_turn():
    m = make(people(2))
    step = m.next()
    assert step.kind is StepKind.PASS and step.seat == 0 and m.viewer is None
    m.handed_to(0)
    assert m.next().kind is StepKind.PERSON and m.viewer == 0
    assert isinstance(m.play("add 1"), Moved)
    step = m.next()
    assert step.kind is StepKind.PASS and step.seat == 1
    assert m.viewer is None, "the first person's hand stayed on screen for the second"


def test_a_forced_move_of_another_person_still_passes_the_device():
    """Nothing to decide is no reason to show the wrong hand: the person
    who must pass gets the device first (the Runs defect of issue 11)."""
    m = make(people(2), hands=[5, 0])
    m.next()
    m.handed_to(0)
    m.next()
    m.play("add 1")
    step = m.next()
    assert step.kind is StepKind.PASS and step.seat == 1 and m.viewer is None


def test_a_forced_move_plays_itself_when_the_policy_says_so_and_nobody_is_covered():
    @dataclass(frozen=True)
    class Choices(TableMeta):
        auto: bool = False

    class Auto(Counting):
        meta_type = Choices

        def automatic(self, match, seat):
            legal = match.legal()
            return legal[0] if legal == ["pass"] and match.meta.auto else None

    m = make(people(2), policy=Auto(), meta=Choices(auto=True), hands=[5, 0])
    m.next()
    m.handed_to(0)
    m.next()
    m.play("add 1")
    step = m.next()
    assert step.kind is StepKind.AUTO and step.action == "pass" and step.seat == 1
    assert m.viewer == 0  # the first person's own hand, in front of them
    assert isinstance(m.play(step.action, how=How.AUTO), Moved)
    assert m.next().kind is StepKind.PERSON  # back to the person at the screen


def test_one_person_never_sees_a_pass_screen_and_watches_the_computers():
    m = make([Seat("C", bot="last"), Seat("Anna")], bots={0: Always()})
    step = m.next()
    assert step.kind is StepKind.BOT and m.viewer == 1, "the person's cards show while the computer opens"
    m.play_bot()
    assert m.next().kind is StepKind.PERSON


def test_several_people_and_a_computer_opening_hand_to_the_first_person():
    m = make([Seat("C", bot="last"), Seat("A"), Seat("B")], bots={0: Always()})
    step = m.next()
    assert step.kind is StepKind.PASS and step.seat == 1
    m.handed_to(1)
    assert m.next().kind is StepKind.BOT


def test_a_computer_opening_hands_the_device_to_the_person_who_plays_after_it():
    m = make([Seat("A"), Seat("C", bot="last"), Seat("B")], bots={1: Always()})
    m.runner.states[-1] = replace(m.state, turn=1)  # the computer opens (Runs deals the starter at random)
    step = m.next()
    assert step.kind is StepKind.PASS and step.seat == 2  # B plays next, not A
    m.handed_to(2)
    assert m.next().kind is StepKind.BOT
    assert isinstance(m.play_bot(), Moved)
    assert m.next().kind is StepKind.PERSON and m.viewer == 2  # no second pass


def test_a_screen_that_must_not_stay_up_is_covered_while_a_computer_acts():
    class Private(Counting):
        def hides_from(self, match, viewer, seat):
            return viewer == 1

    m = make([Seat("C", bot="last"), Seat("A"), Seat("B")], policy=Private(), bots={0: Always()}, hands=[5, 5, 5])
    m.handed_to(1)
    m.next()  # the first step's hand-over is done
    assert m.next().kind is StepKind.BOT and m.viewer is None


def test_computers_only_play_to_the_end_and_report_their_thinking():
    bot = Always()
    m = make([Seat("X", bot="last"), Seat("Y", bot="last")], bots={0: bot, 1: bot})
    moves = []
    while not m.over:
        assert m.next().kind is StepKind.BOT
        res = m.play_bot()
        assert isinstance(res, Moved) and res.how is How.COMPUTER and res.choices == 2
        moves.append(res)
    assert bot.calls == len(moves) and moves[-1].ended and not any(mv.ended for mv in moves[:-1])
    assert m.next().kind is StepKind.OVER
    assert GameRunner.replay(m.record(), Toy()).state == m.state


def test_a_refused_move_changes_nothing_and_says_why_with_the_players_names():
    m = make(people(2))
    before = m.state
    res = m.play("add 5")
    assert isinstance(res, Refused) and res.reason.key == "engine.unknown_action"
    assert m.state is before and m.actions == []


def test_a_strict_match_raises_on_an_illegal_move():
    m = make(people(2), strict=True)
    with pytest.raises(IllegalAction):
        m.play("add 5")


def test_a_computer_that_chooses_nonsense_never_stalls_the_table():
    class Nonsense:
        name = "nonsense"

        def choose(self, view, legal, rng):
            return "add 9"

    m = make([Seat("X", bot="n"), Seat("Y", bot="n")], bots={0: Nonsense(), 1: Nonsense()})
    res = m.play_bot()
    assert isinstance(res, Moved) and res.action == "add 1"


def test_undo_and_redo_only_where_the_policy_allows():
    m = make([Seat("Solo")], players=1)
    m.play("add 1")
    assert not m.can_undo() and m.undo() is None
    assert len(m.actions) == 1

    class Undoable(Counting):
        undo = True

    m = make([Seat("Solo")], players=1, policy=Undoable())
    m.play("add 1")
    m.play("add 2")
    assert m.undo() == "add 2" and m.state.total == 1
    assert m.can_redo()
    res = m.redo()
    assert isinstance(res, Moved) and res.how is How.REDO and m.state.total == 3
    m.undo()
    m.play("add 1")
    assert not m.can_redo(), "a new move must clear what could be redone"


def test_stop_is_recorded_ends_the_game_once_and_folds_the_statistics_once():
    m = make(people(2))
    m.play("add 1")
    res = m.stop()
    assert isinstance(res, Moved) and res.ended and res.outcome.termination is Termination.STOPPED
    assert m.record().actions == ["add 1", "stop"]
    folds = m.take_folds()
    stats: dict = {}
    for f in folds:
        f(stats)
    assert stats == {"games": 1, "last": "stopped"}
    assert m.take_folds() == []
    assert isinstance(m.stop(), Refused) and isinstance(m.play("add 1"), Refused)


class Breaks(Counting):
    def is_break(self, state):
        return state.phase == "break"

    def proceed_action(self, state):
        return "next"


def test_a_break_between_rounds_waits_for_someone_to_go_on():
    m = make([Seat("X", bot="last"), Seat("Y", bot="last")], rounds=2, policy=Breaks(), bots={0: Always(), 1: Always()})
    while m.next().kind is StepKind.BOT:
        m.play_bot()
    step = m.next()
    assert step.kind is StepKind.BREAK
    res = m.proceed()
    assert isinstance(res, Moved) and m.state.phase == "play"


def test_the_log_names_the_players_and_survives_a_resume():
    m = make([Seat("Anna"), Seat("Ben")])
    m.play("add 1")
    m.play("add 2")
    lines = m.log()
    assert [line.seat for line in lines] == [0, 1]
    assert lines[1].message.params["player"] == "Ben"
    meta = m.save_meta()
    assert meta["names"] == ["Anna", "Ben"] and meta["bots"] == [None, None]
    again = Match(GameRunner.replay(m.record(), Toy()), [Seat(n) for n in meta["names"]], policy=Counting())
    assert [line.message for line in again.log()] == [line.message for line in lines]


def test_run_lets_computers_stand_in_for_people_until_a_position_is_reached():
    m = make(people(2))
    bot = Always()
    reached = m.run(lambda mm: mm.state.total >= 4, stand_in=bot)
    assert reached and m.state.total >= 4 and bot.calls >= 2
    assert all(s.person for s in m.seats)
    assert m.next().kind is StepKind.PASS  # still a table of people afterwards


def test_each_seat_can_have_its_own_generator():
    seen = []

    class Recorder:
        name = "rec"

        def choose(self, view, legal, rng):
            seen.append(rng)
            return legal[0]

    gens = [random.Random(1), random.Random(2)]
    m = make([Seat("X", bot="r"), Seat("Y", bot="r")], bots={0: Recorder(), 1: Recorder()}, rng=gens)
    m.play_bot()
    m.play_bot()
    assert seen == gens


def test_default_names_come_in_the_language_of_now_and_typed_names_stay():
    """A game set up in English and continued (or switched) in German said
    "Player 1" on the German pass screen and in its log: a seat still
    named by default in any language is named in the language of now."""
    from game import i18n

    english = [i18n.tr("ui.seat", "en", n=i + 1) for i in range(3)]
    german = [i18n.tr("ui.seat", "de", n=i + 1) for i in range(3)]
    assert english != german
    i18n.set_language("de")
    try:
        # a default name of another seat (seat 1 called "Player 1") was typed
        m = make([Seat(english[0]), Seat("Anna"), Seat(english[0])])
        assert [m.name_of(i) for i in range(3)] == [german[0], "Anna", english[0]]
        i18n.set_language("en")
        assert [m.name_of(i) for i in range(3)] == [english[0], "Anna", english[0]]
        assert m.seats[0].name == german[0]  # what the log and the save read, until
        m.localize_names()
        assert [s.name for s in m.seats] == [english[0], "Anna", english[0]]
    finally:
        i18n.set_language("en")
