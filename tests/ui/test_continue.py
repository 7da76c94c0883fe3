"""Continue opens the list of every saved game (issue 15): two games of
two kinds are both listed, each resumes exactly as it was saved, one is
deleted after a question whose focus is on Cancel (Esc cancels too), and
the keyboard goes over the rows."""

from __future__ import annotations

import pygame
import pytest

from game.engine import GameRunner, Record
from game.games import gaps as G
from game.persistence.saves import list_saves, read_save, saves_count
from game.ui.kit.dialog import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.saves import SavesScene, sample_entries
from game.ui.tables.gaps.table import start_game as start_gaps
from game.ui.tables.runs.table import start_game as start_runs
from tests.ui.helpers import button, buttons, drawn_texts, key, press, pump, settle
from tests.ui.test_gaps_table import a_move


def _two_games(app) -> dict[str, dict]:
    """A game of Gaps with a move and a game of Runs that computers
    played a little, both left to the menu; their saves by game."""
    t = start_gaps(app, {"redeals": 2, "layout": ""}, 12345, {})
    t.move_card(G.source_cell(t.view, a_move(t)))
    settle(app, 0.5)
    start_runs(app, {"players": 3, "rounds": 5}, 777, ["Anna", "Ben", "Cleo"], ["simple", "strong", "simple"])
    settle(app, 1.0)
    app.to_menu()
    pump(app, 2)
    out = {e.game: e.save for e in list_saves()[0]}
    assert set(out) == {"gaps", "runs"} and out["gaps"]["record"]["actions"] and out["runs"]["record"]["actions"]
    return out


def _open_list(app) -> SavesScene:
    press(app, "Continue")
    s = app.scenes.top
    assert isinstance(s, SavesScene)
    return s


def _same_as_saved(table, save: dict) -> None:
    """The table's game is the saved record replayed, action for action."""
    assert table.match.record().to_json()["actions"] == save["record"]["actions"]
    assert table.match.state == GameRunner.replay(Record.from_json(save["record"])).state


def test_two_saved_games_are_listed_and_each_resumes_as_it_was(app):
    saved = _two_games(app)
    assert "2 saved games" in button(app, "Continue").text
    s = _open_list(app)
    assert [e.game for e in s.entries] == ["runs", "gaps"]  # newest first
    assert [b.text for b in buttons(app)].count("Resume") == 2
    for i, game in enumerate(["runs", "gaps"]):
        app.to_menu()
        s = _open_list(app)
        if game == "gaps":  # the keyboard: Down to its row, Enter
            key(app, pygame.K_DOWN)
            key(app, pygame.K_RETURN)
        else:  # pressed without a frame after it: Runs' computers play on at the next
            s._actions[[b for b in buttons(app) if b.text == "Resume"][i]]()
        table = app.scenes.top
        assert table.game_id == game
        _same_as_saved(table, saved[game])
    # resuming changed no file: both are still there for the next time
    assert saves_count() == 2


def test_deleting_asks_first_the_focus_is_on_cancel_and_escape_keeps_it(app):
    _two_games(app)
    s = _open_list(app)
    gaps_row = next(e for e in s.entries if e.game == "gaps")
    assert s.focused() is not None and s.focused().text == "Resume"  # never on Delete
    s._focus_row(s.entries.index(gaps_row))
    key(app, pygame.K_DELETE)
    ask = app.scenes.top
    assert isinstance(ask, ConfirmScene) and ask.title == "Delete this saved game?"
    assert "Gaps" in ask.body and ask.focused() is ask.no_b and ask.no_b.text == "Cancel"
    key(app, pygame.K_RETURN)  # Enter on the focused answer keeps it
    assert app.scenes.top is s and saves_count() == 2
    key(app, pygame.K_DELETE)
    key(app, pygame.K_ESCAPE)  # Esc cancels
    assert app.scenes.top is s and saves_count() == 2
    # the mouse on the row's Delete, then yes
    deletes = [b for b in s._elements if getattr(b, "text", "") == "Delete"]
    s._actions[deletes[s.entries.index(gaps_row)]]()
    pump(app, 1)
    press(app, "Delete")
    assert app.scenes.top is s and [e.game for e in s.entries] == ["runs"]
    assert read_save("gaps") == (None, None) and [e.game for e in list_saves()[0]] == ["runs"]
    # the last one deleted: back to the menu, which offers no Continue
    key(app, pygame.K_DELETE)
    press(app, "Delete")
    assert isinstance(app.scenes.top, MenuScene) and not any("Continue" in b.text for b in buttons(app))


def test_the_keyboard_goes_over_the_rows_and_scrolls_the_list(app):
    entries = sample_entries()
    s = SavesScene(app, entries)
    app.push(s)
    pump(app, 1)
    _, _, fit = s._geometry()
    assert fit < len(entries)  # the sample list does not fit: it scrolls
    assert s._row() == 0
    for _ in range(fit):
        key(app, pygame.K_DOWN)
    assert s._row() == fit and s.first == 1  # scrolled by one to show it
    key(app, pygame.K_PAGEUP)
    assert s._row() == 0 and s.first == 0
    key(app, pygame.K_UP)  # from the first row to Back, and on round to the last row
    assert s.focused().text == "Back"
    key(app, pygame.K_UP)
    assert s._row() == len(entries) - 1 and s.first == len(entries) - fit
    key(app, pygame.K_DOWN)
    assert s.focused().text == "Back"
    key(app, pygame.K_DOWN)  # and from Back down to the first
    assert s._row() == 0 and s.first == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_a_saved_deal_counted_as_lost_by_a_new_deal_of_another_setup_leaves_no_save(app):
    """Gaps' setup asks before a new deal and counts the saved one as lost;
    with a save per setup, a new deal under other rules does not overwrite
    it, so the counted deal's save is deleted (else Continue would offer a
    game already counted)."""
    from game.persistence.saves import load_stats
    from tests.ui.test_gaps_leaving import _played, _setup

    t = _played(app)
    redeals = t.match.options["redeals"]
    app.scenes.reset(MenuScene(app))  # a killed app: the save stays, uncounted
    s = _setup(app)
    s.values["redeals"] = 0 if redeals else 1
    press(app, "Deal the cards")
    assert isinstance(app.scenes.top, ConfirmScene)
    press(app, "New deal")
    assert load_stats()[0]["gaps"][f"r{redeals}"]["games"] == 1
    entries = list_saves()[0]
    assert [e.save["record"]["options"]["redeals"] for e in entries] == [0 if redeals else 1]


def test_two_saved_games_of_one_table_read_apart_by_their_own_facts(app):
    """Continue's rows of two Runs or two Delphi games looked alike: the
    moves were all they said.  Each now says the game's own facts: the
    round and the scores, God, a Gaps deal's cards in place, a series'
    pyramid; and never God's rule."""
    entries = sample_entries()
    scene = SavesScene(app, entries)
    rows = {e.file: scene.progress(e, "en") for e in entries}
    for game, word in (("runs", "round"), ("delphi", "round"), ("gaps", "cards in place"), ("mind-the-gap", "coin")):
        mine = [rows[e.file] for e in entries if e.game == game]
        assert len(mine) >= 2 and len(set(mine)) == len(mine), mine
        assert all(word in r for r in mine), mine
    assert "pyramid 3 of 5" in rows[entries[0].file]
    rules = [a for e in entries if e.game == "delphi" for a in e.save["record"]["actions"] if a.startswith("rule ")]
    assert rules and not [r for r in rows.values() for a in rules if a[5:] in r]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 800)])
def test_every_fact_of_a_saved_game_is_shown_whole(app, size, lang):
    """Details too long for one line go on two, broken between facts.
    Before, the line shrank and was cut with "…": at 800x500 a Runs game
    of three lost its "57 moves made", a solo Delphi round its guesses."""
    from game import i18n
    from game.ui.scenes.saves import when_text

    i18n.set_language(lang)
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        pump(app, 2)
        s = SavesScene(app, sample_entries())
        app.push(s)
        pump(app, 2)
        drawn = drawn_texts(app)
        _, _, fit = s._geometry()
        assert not any(t.endswith("…") for t in drawn), drawn
        broken = 0
        for e in s.entries[:fit]:
            details = f"{when_text(e.saved_at, lang)} · {s.progress(e, lang)}"
            shown = " · ".join(t for t in drawn if t and t in details)
            for fact in details.split(" · "):
                assert fact in shown, (fact, shown)
            broken += details not in drawn
        assert broken or size != (800, 500)  # the sample's long Runs line is broken at the smallest size
    finally:
        i18n.set_language("en")


def test_saved_games_name_default_seats_in_the_language_of_the_list():
    """A game set up in German and listed in English said "Person 1, Person
    2" in its title and "Player 1 9" in its details."""
    from game.i18n import tr
    from game.persistence.saves import SaveEntry
    from game.ui.scenes.saves import players_text

    german = [tr("ui.seat", "de", n=i + 1) for i in range(3)]
    e = SaveEntry("runs.x.json", "runs", 0.0, (german[0], "Anna", german[2]), (None, None, "strong"), 5, 0, {})
    assert players_text(e, "en") == f"{tr('ui.seat', 'en', n=1)}, Anna, {tr('ui.saves.computer', 'en', name=tr('ui.seat', 'en', n=3))}"
    assert players_text(e, "de").startswith(f"{german[0]}, Anna, ")
