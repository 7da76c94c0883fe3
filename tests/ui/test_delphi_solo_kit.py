"""Delphi alone on the table kit (issue 49): its table is a TableScene
that saves and counts through the kit only (a finished round counted
once, its save gone; one kept uncounted counted at Continue); a guess is
judged once, on a worker thread, and Continue replays a round without
judging: a save with verdicts at once, one of before on a worker behind
the wait screen (its list row at once), after which it is saved with
its verdicts.  Cards are played by click, drag and keys; a guess longer
than a rule text can be never reaches the save."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game.engine import GameRunner
from game.games.delphi import solo as solo_module
from game.games.delphi.options import MAX_RULE_TEXT
from game.games.delphi.policy import SOLO_STATS
from game.games.delphi.solo import GUESS, OVER, PLAY, SOLO, VERDICT_MARK, SoloAction, library_options
from game.persistence.saves import list_saves, load_stats, saves_count, write_save
from game.ui.kit.table import TableScene
from game.ui.kit.wait import WaitScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.saves import SavesScene
from game.ui.tables.delphi.solo.table import SoloTable
from game.ui.tables.delphi.solo_setup import start_solo
from tests.ui.helpers import click, key, press, pump
from tests.ui.test_delphi_solo_table import ended, guess, judged, play_first, table, type_text

RULE = "card.color != last.color"  # the library's alternate_colour
#: wrong guesses of RULE
WRONG = ("card is red", "card.suit != last.suit", "card.rank > last.rank or card.color != last.color")


class Judging:
    """The solo engine's ``same_rule`` counted, by the thread it ran on;
    each waits for ``gate`` (a judgement that takes a while)."""

    def __init__(self, monkeypatch) -> None:
        self.threads: list[str] = []
        self.gate = threading.Event()
        self.gate.set()
        real = solo_module.same_rule

        def counted(*a, **kw):
            self.threads.append(threading.current_thread().name)
            self.gate.wait(10)
            return real(*a, **kw)

        monkeypatch.setattr(solo_module, "same_rule", counted)


def old_save(wrong: int = 3) -> dict:
    """A round saved before verdicts were recorded: each wrong guess as a
    plain ``guess <rule>``, a card played after the last."""
    runner = GameRunner.start(SOLO, library_options("alternate_colour"), 11)
    for text in WRONG[:wrong]:
        runner.play(SoloAction(PLAY, runner.state.hand[0]))
        runner.play(SoloAction(GUESS, text=text))
    runner.play(SoloAction(PLAY, runner.state.hand[0]))
    record = runner.record().to_json()
    assert not any(VERDICT_MARK in a for a in record["actions"])
    return {"record": record, "table": {"names": ["Anna"], "bots": [None], "levels": [None], "guess": "card.rank"}}


def continue_first(app) -> SavesScene:
    """The menu's Continue, the list drawn once."""
    app.to_menu()
    pump(app, 2)
    press(app, "Continue")
    s = app.scenes.top
    assert isinstance(s, SavesScene)
    return s


def test_the_solo_table_is_a_kit_table_with_no_save_or_count_of_its_own():
    """Saving and counting are the kit's (its third copy was the table's own)."""
    import importlib

    assert issubclass(SoloTable, TableScene)
    assert not set(vars(SoloTable)) & {"_persist", "keep_or_count", "count_round", "count_finished"}
    for name in ("table", "model", "saved", "layout", "paint"):
        module = importlib.import_module(f"game.ui.tables.delphi.solo.{name}")
        assert not set(vars(module)) & {"write_save", "delete_save", "update_stats", "count_finished"}, name


def test_a_finished_round_is_counted_once_by_the_kit_and_its_save_goes(app, monkeypatch):
    from game.ui.kit import keep

    counted: list[str] = []
    real = keep.count_once

    def writes(game_id, key, fold, *rest):
        counted.append(game_id)
        return real(game_id, key, fold, *rest)

    monkeypatch.setattr(keep, "count_once", writes)
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)
    assert saves_count() == 1 and list_saves()[0][0].save["record"]["game"] == "delphi-solo"
    press(app, "No guess")
    play_first(app, t)
    guess(app, RULE)
    assert t.view.phase == OVER and counted == ["delphi"]
    assert saves_count() == 0
    # the table covered and shown again, resized, left: nothing more is counted
    press(app, "Rules")
    key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640)))
    pump(app, 3)
    press(app, "Menu")
    assert counted == ["delphi"] and saves_count() == 0
    assert load_stats()[0]["delphi"][SOLO_STATS]["rounds"]["games"] == 1


def test_a_round_kept_uncounted_is_counted_at_continue(app):
    runner = GameRunner.start(SOLO, library_options("alternate_colour"), 11)
    runner.play(SoloAction(PLAY, runner.state.hand[0]))
    runner.play(SOLO.judged(runner.state, RULE))
    assert SOLO.outcome(runner.state) is not None
    write_save("delphi", runner.record().to_json(), {"names": ["Anna"], "bots": [None], "levels": [None]}, uncounted=True)
    continue_first(app)
    press(app, "Resume")
    pump(app, 3)
    assert isinstance(table(app), SoloTable) and saves_count() == 0
    assert load_stats()[0]["delphi"][SOLO_STATS]["rounds"] == {"games": 1, "solved": 1, "score_sum": 30, "wrong_guesses": 0, "turns_solved": 1, "best": 30}


def test_a_guess_is_judged_once_on_a_worker_and_played_with_its_verdict(app, monkeypatch):
    judging = Judging(monkeypatch)
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)
    guess(app, WRONG[0])
    assert t.view.wrong_guesses == 1 and t.view.guesses[-1].example is not None
    assert judging.threads == ["delphi-solo-guess"]
    assert VERDICT_MARK in t.match.record().actions[-1]
    # a guess that is no rule is refused at once, with no wait and no judging
    play_first(app, t)
    click(app, t.entry.rect.center)
    type_text(app, "card is purple")
    press(app, "Guess")
    assert not isinstance(app.scenes.top, WaitScene) and judging.threads == ["delphi-solo-guess"]


def test_cancel_leaves_the_guess_unplayed(app, monkeypatch):
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)
    hold = threading.Event()
    real = SOLO.judged

    def slow(state, text):
        hold.wait(5)
        return real(state, text)

    monkeypatch.setattr(SOLO, "judged", slow)
    click(app, t.entry.rect.center)
    type_text(app, WRONG[0])
    press(app, "Guess")
    assert isinstance(app.scenes.top, WaitScene)
    press(app, "Cancel")
    hold.set()
    pump(app, 5)
    assert app.scenes.top is t and t.view.phase == GUESS and not t.view.guesses
    assert t.entry.get_text() == WRONG[0]


def test_continue_of_a_round_with_verdicts_judges_nothing(app, monkeypatch):
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    for text in WRONG:
        play_first(app, t)
        guess(app, text)
    before = t.match.state
    press(app, "Menu")
    judging = Judging(monkeypatch)
    continue_first(app)
    press(app, "Resume")
    t2 = table(app)
    assert t2.match.state == before and judging.threads == []


def test_a_round_of_before_is_listed_at_once_and_replayed_on_a_worker_once(app, monkeypatch):
    write_save("delphi", **old_save())
    judging = Judging(monkeypatch)
    s = continue_first(app)
    row = " ".join(s.facts(s.entries[0], "en"))
    assert "Turn 4 of 30" in row and "Wrong guesses: 3" in row and "At stake: 21" in row
    assert judging.threads == []  # the list judged nothing
    judging.gate.clear()
    press(app, "Resume")
    wait = app.scenes.top
    assert isinstance(wait, WaitScene)
    end = time.monotonic() + 60  # (until the worker is at the first guess: a deadline in seconds, the machine may be loaded)
    while not judging.threads and time.monotonic() < end:
        pump(app, 1)
        time.sleep(0.002)
    assert wait.shown()[-1] == "Guess 1 of 3"
    judging.gate.set()
    judged(app)
    t = table(app)
    assert t.view.phase == GUESS and t.view.wrong_guesses == 3 and all(g.example is not None for g in t.view.guesses)
    assert t.entry.get_text() == "card.rank"  # the guess being typed came back
    assert judging.threads == ["delphi-solo-replay"] * 3  # off the frame thread, once each
    # saved with its verdicts: the next Continue judges nothing
    actions = list_saves()[0][0].save["record"]["actions"]
    assert sum(VERDICT_MARK in a for a in actions) == 3
    before = t.match.state
    continue_first(app)
    press(app, "Resume")
    assert table(app).match.state == before and judging.threads == ["delphi-solo-replay"] * 3


def test_cancel_while_a_round_of_before_replays_goes_back_to_the_list(app, monkeypatch):
    write_save("delphi", **old_save())
    s = continue_first(app)
    judging = Judging(monkeypatch)
    judging.gate.clear()
    press(app, "Resume")
    assert isinstance(app.scenes.top, WaitScene)
    press(app, "Cancel")
    judging.gate.set()
    pump(app, 30)  # (the worker's end changes nothing)
    assert app.scenes.top is s and saves_count() == 1


def test_cards_are_played_by_keys_too(app):
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    card = t.view.hand[1]
    key(app, pygame.K_RETURN)
    assert t.view.turn == 1 and t.view.plays[0][0] == card
    # Enter on a card before the guess says why not; Tab leaves the field for the buttons
    assert t.typing()
    key(app, pygame.K_TAB)
    assert not t.typing() and t.focused() is not None
    press(app, "No guess")
    assert t.view.phase == PLAY


def test_a_rule_picked_in_the_library_is_the_guess_typed(app):
    from game.ui.tables.delphi.libraryscene import LibraryScene

    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)
    press(app, "Library")
    lib = app.scenes.top
    assert isinstance(lib, LibraryScene)
    lib.choose(0)
    pump(app, 2)
    assert app.scenes.top is t and t.entry.get_text() == lib.rules()[0].text == t.model.guess


@pytest.mark.parametrize("length", [MAX_RULE_TEXT + 1, 6000])
def test_a_guess_longer_than_a_rule_text_never_reaches_the_save(app, length):
    """A save allows 5,000 characters there: a 6,000-character guess,
    Menu, and at Continue the round was set aside as unreadable."""
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)
    click(app, t.entry.rect.center)
    for _ in range(length // 500):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x" * 500))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x" * (length % 500)))
    pump(app, 2)
    assert len(t.entry.get_text()) <= MAX_RULE_TEXT and t.model.guess == t.entry.get_text()
    press(app, "Menu")
    assert isinstance(app.scenes.top, MenuScene)
    continue_first(app)
    press(app, "Resume")
    t2 = table(app)
    assert t2.view.turn == 1 and len(t2.entry.get_text()) <= MAX_RULE_TEXT and t2.entry.get_text().startswith("x")


def test_a_solved_round_celebrates_then_offers_what_comes_next(app):
    app.settings.animation = "normal"
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    play_first(app, t)
    click(app, t.entry.rect.center)
    type_text(app, RULE)
    press(app, "Guess")
    judged(app)
    pump(app, 40)
    assert t.party.celebration is not None and not t.model.result_shown
    ended(app, t)
    assert t.focused() is not None and "Another round" in t.focused().text
