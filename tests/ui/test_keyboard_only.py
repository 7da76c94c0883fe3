"""Every game played to its end with key presses alone, as a blind player
with a screen reader plays it: the test reads the screen only through the
accessibility tree (``a11y_tree``), decides from what it says (a card's
name, its place, whether it is playable), moves by Tab and the arrows,
plays with Enter, and hears an announcement for every move.  No mouse, no
move made by calling the table or the match (a table is opened by its
start function, as its setup's Start button does, and a computer's
background thinking is switched off to keep the test fast)."""

from __future__ import annotations

import pygame

from game import i18n
from game.cards import standard_deck
from game.ui.a11y.nodes import Node, Politeness, Role, State, Tree
from game.ui.a11y.words import card_name
from game.ui.kit.overlay import ResultScene
from tests.ui.helpers import key, pump

ARROWS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}


def tree(app) -> Tree:
    return app.scenes.top.a11y_tree()


def region(t: Tree, key_: str) -> Node:
    for n in t.root.walk():
        if n.key == key_:
            return n
    raise AssertionError(f"no {key_} in {sorted(t.keys())[:20]}")


def said(app) -> list[str]:
    return [a.text for a in app.announced]


def press(app, k, mod=0, frames=1) -> None:
    key(app, k, mod, frames=frames)


# --- Gaps -----------------------------------------------------------------------------------------


def _gaps_cell(k: str) -> tuple[int, int]:
    _, _, r, c = k.split(":")
    return int(r), int(c)


def _gaps_go(app, frm: tuple[int, int], to: tuple[int, int]) -> None:
    """Arrows from cell ``frm`` to ``to`` (rows and columns wrap)."""
    dr, dc = to[0] - frm[0], to[1] - frm[1]
    for _ in range(abs(dr)):
        press(app, ARROWS["down" if dr > 0 else "up"], frames=0)
    for _ in range(abs(dc)):
        press(app, ARROWS["right" if dc > 0 else "left"], frames=0)
    pump(app, 1)


def test_gaps_is_played_to_its_end_by_keys_and_every_card_is_read_by_name_and_place(app):
    from game.ui.tables.gaps.table import GapsTable, start_game

    app.settings.animation = "off"
    t = start_game(app, {"redeals": 1}, 3)
    t.model.think_seconds = 0.0
    t.model.stop_thinking()
    pump(app, 2)
    assert isinstance(app.scenes.top, GapsTable)

    grid = region(tree(app), "gaps:grid")
    assert grid.role is Role.GROUP and len(grid.children) == 52
    cards = [n for n in grid.children if State.EMPTY not in n.states]
    gaps = [n for n in grid.children if State.EMPTY in n.states]
    assert len(cards) == 48 and len(gaps) == 4
    # every card by its name, each once, each with its row and column
    names = {card_name(c, "en") for c in standard_deck() if c.rank != 1}
    assert {n.name for n in cards} == names
    places = {n.description.split(";")[0] for n in grid.children}
    assert places == {f"row {r}, column {c}" for r in range(1, 5) for c in range(1, 14)}
    assert all(n.rect[2] > 0 and n.rect[3] > 0 for n in grid.children)

    # Tab takes the keyboard to the grid: the cursor is the focus
    press(app, pygame.K_TAB)
    focus = tree(app).focus
    assert focus is not None and focus.startswith("gaps:cell:")

    moves = 0
    for _ in range(400):
        top = app.scenes.top
        if isinstance(top, ResultScene):
            break
        assert top is t
        tr_ = tree(app)
        grid = region(tr_, "gaps:grid")
        playable = [n for n in grid.children if State.PLAYABLE in n.states and State.EMPTY not in n.states and not (n.name.startswith("two of") and n.description.split(";")[0].endswith(", column 1"))]
        # (a 2 that already leads a row would only change rows: no progress)
        heard = said(app)
        app.announced.clear()  # (it keeps the latest 20: what this move brings is what is new)
        before = 0
        if playable:
            target = playable[0]
            _gaps_go(app, _gaps_cell(tr_.focus or "g:c:1:1"), _gaps_cell(target.key))
            assert tree(app).focus == target.key, "the focus follows the cursor"
            assert State.SELECTED in region(tree(app), "gaps:grid").children[[n.key for n in grid.children].index(target.key)].states
            press(app, pygame.K_RETURN, frames=2)
            moves += 1
            new = said(app)[before:]
            assert any(target.name in s for s in new), (target.name, new)
        else:
            # no move left: the last move said so, and R redeals
            assert any("Press R to redeal" in s for s in heard), heard
            press(app, pygame.K_r, frames=2)
            assert len(app.announced) > before, "the redeal is announced"
    else:
        raise AssertionError("the game did not end")
    assert moves > 20
    assert isinstance(app.scenes.top, ResultScene)
    assert any(app.scenes.top.title in s for s in said(app)[-2:])
    # F2 and F3 on the result: a summary, and the latest again
    press(app, pygame.K_F3)
    assert app.scenes.top.title in said(app)[-1]


def test_the_gaps_grid_reads_in_german_too(app):
    from game.ui.tables.gaps.table import start_game

    app.settings.language = "de"
    i18n.set_language("de")
    try:
        t = start_game(app, {"redeals": 1}, 3)
        t.model.think_seconds = 0.0
        pump(app, 2)
        grid = region(tree(app), "gaps:grid")
        names = {n.name for n in grid.children if State.EMPTY not in n.states}
        assert names == {card_name(c, "de") for c in standard_deck() if c.rank != 1}
        assert "Herz Sieben" in names and "Lücke" in {n.name for n in grid.children}
        assert grid.children[0].description.startswith("Reihe 1, Spalte 1")
        press(app, pygame.K_F2)
        assert app.announced[-1].text.startswith("Gaps, Runde 1 von 2")
    finally:
        i18n.set_language("en")


# --- Mind the Gap ---------------------------------------------------------------------------------


def _tab_to(app, prefix: str, limit: int = 30) -> None:
    """Tab until the focus is on a node whose key starts with ``prefix``."""
    for _ in range(limit):
        if (tree(app).focus or "").startswith(prefix):
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {prefix}: {tree(app).focus}")


def test_mind_the_gap_is_played_to_its_end_by_keys_with_a_computer_partner(app):
    from game.ui.tables.mind_the_gap.table import MtgTable, start_game

    app.settings.animation = "off"
    t = start_game(app, {"players": 2, "level": "normal", "coins": 0}, 3, {"names": ["Anna", "Ben"], "bots": [None, "seed"]})
    pump(app, 2)
    assert isinstance(app.scenes.top, MtgTable)
    first = tree(app)
    pyramid = region(first, "mtg:pyramid")
    assert pyramid.role is Role.GROUP and all(n.description.startswith(("row ", "the target, row 1")) for n in pyramid.children)
    hand = region(first, "mtg:hand")
    assert hand.children and all(n.name.count(" of ") == 1 for n in hand.children)
    partner = region(first, "mtg:seat:1")
    # the partner's cards are there, face down and never named
    assert partner.children and all(State.FACE_DOWN in n.states and n.name == "face-down card" for n in partner.children)

    moves = 0
    for _ in range(300):
        top = app.scenes.top
        if isinstance(top, ResultScene):
            break
        assert top is t, top.name
        hand = region(tree(app), "mtg:hand")
        if not any(n.pressable for n in hand.children) or t.busy:
            pump(app, 3)  # the partner thinks and plays
            continue
        heard = said(app)
        app.announced.clear()
        playable = [i for i, n in enumerate(hand.children) if State.PLAYABLE in n.states]
        if playable:
            card = hand.children[playable[0]].name
            _tab_to(app, "mtg:hand:")
            for _ in range(playable[0] - int(tree(app).focus.rsplit(":", 1)[1])):
                press(app, pygame.K_RIGHT, frames=0)
            pump(app, 1)
            assert tree(app).focus == f"mtg:hand:{playable[0]}"
            press(app, pygame.K_RETURN)
            # picked: the places it may go are playable, the cursor on the first
            after = tree(app)
            assert State.SELECTED in region(after, "mtg:hand").children[playable[0]].states
            assert (after.focus or "").startswith("mtg:place:")
            spot = next(n for n in region(after, "mtg:pyramid").children if n.key == after.focus)
            assert State.PLAYABLE in spot.states and State.EMPTY in spot.states
            press(app, pygame.K_RETURN, frames=2)
            assert any(card in s and spot.description.split(", ")[0] in s for s in said(app)), (card, spot.description, said(app))
        else:
            press(app, pygame.K_p, frames=2)
            assert said(app), f"a pass is announced (heard before: {heard})"
        moves += 1
    else:
        raise AssertionError("the game did not end")
    assert moves >= 2 and len(t.match.actions) >= 3
    assert any(app.scenes.top.title in s for s in said(app)[-3:])
    # the partner's moves were announced too
    assert any("Ben" in a for a in [*heard, *said(app)])


def test_the_pass_screen_says_who_takes_the_device_and_no_card(app):
    from game.ui.kit.passdevice import PassScene
    from game.ui.tables.mind_the_gap.table import start_game

    app.settings.animation = "off"
    t = start_game(app, {"players": 2, "level": "normal", "coins": 0}, 3, {"names": ["Anna", "Ben"], "bots": [None, None]})
    pump(app, 2)
    if isinstance(app.scenes.top, PassScene):  # (Anna takes the device first)
        press(app, pygame.K_RETURN, frames=2)
    hands = [card_name(c, "en") for h in t.match.state.hands for c in h]
    _tab_to(app, "mtg:hand:")
    hand = region(tree(app), "mtg:hand")
    i = next(i for i, n in enumerate(hand.children) if State.PLAYABLE in n.states)
    for _ in range(i):
        press(app, pygame.K_RIGHT, frames=0)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN, frames=3)
    app.announced.clear()
    for _ in range(10):
        if isinstance(app.scenes.top, PassScene):
            break
        press(app, pygame.K_SPACE)  # (ends Anna's look at her cards)
    top = app.scenes.top
    assert isinstance(top, PassScene)
    pump(app, 2)
    words = " ".join(said(app)) + " " + " ".join(n.name for n in tree(app).root.walk())
    assert "Ben" in words
    assert not any(name in words for name in hands), words
    press(app, pygame.K_RETURN, frames=2)  # Ben takes it
    assert app.scenes.top is t and region(tree(app), "mtg:hand").name == "Hand of Ben"
    assert all(State.FACE_DOWN in n.states for n in region(tree(app), "mtg:seat:0").children)


# --- Runs -----------------------------------------------------------------------------------------


def test_runs_is_played_to_its_end_by_keys_against_a_computer(app):
    from game.ui.tables.runs.overlays import GameOverScene, RoundSummaryScene
    from game.ui.tables.runs.table import RunsTable, start_game

    app.settings.animation = "off"
    t = start_game(app, {"players": 2, "rounds": 5}, 2, ["Anna", "Ben"], [None, "simple"])
    pump(app, 2)
    assert isinstance(app.scenes.top, RunsTable)
    first = tree(app)
    hand = region(first, "runs:hand")
    assert hand.name == "Hand of Anna" and hand.children
    assert [n.description.split(";")[0] for n in hand.children] == [f"position {i + 1} of {len(hand.children)}" for i in range(len(hand.children))]
    ben = region(first, "runs:seat:1")
    assert ben.children and all(State.FACE_DOWN in n.states and n.name == "face-down card" for n in ben.children)

    plays = rounds = 0
    for _ in range(2000):
        top = app.scenes.top
        if isinstance(top, GameOverScene):
            break
        if isinstance(top, RoundSummaryScene):
            rounds += 1
            assert any("is over" in s for s in said(app)[-4:]), said(app)[-4:]
            press(app, pygame.K_RETURN, frames=2)  # its first button has the focus
            continue
        assert top is t, top.name
        hand = region(tree(app), "runs:hand")
        if not any(n.pressable for n in hand.children) or t.busy:
            pump(app, 2)
            continue
        app.announced.clear()
        playable = [i for i, n in enumerate(hand.children) if State.PLAYABLE in n.states]
        if playable:
            i = playable[0]
            card = hand.children[i].name
            _tab_to(app, "runs:hand:")
            at = int(tree(app).focus.rsplit(":", 1)[1])
            for _ in range((i - at) % len(hand.children)):
                press(app, pygame.K_RIGHT, frames=0)
            pump(app, 1)
            assert tree(app).focus == f"runs:hand:{i}"
            press(app, pygame.K_RETURN, frames=2)
            assert any(card in s and "Anna" in s for s in said(app)), (card, said(app))
            plays += 1
        else:
            press(app, pygame.K_d, frames=2)
            assert any("Anna" in s for s in said(app)), said(app)
    else:
        raise AssertionError("the game did not end")
    assert rounds == 5 and plays > 10
    assert any("wins with" in s for s in said(app)[-6:]), said(app)[-6:]


# --- Delphi ---------------------------------------------------------------------------------------


def test_delphi_is_played_to_its_end_by_keys_with_computers_and_a_computer_god(app):
    from game.ui.tables.delphi.summary import RoundScene
    from game.ui.tables.delphi.table import DelphiTable, start_game

    app.settings.animation = "off"
    t = start_game(app, {"players": 4, "rounds": 1, "first_god": 1}, 21, {"names": ["Anna", "Ben", "Cleo", "Dev"], "bots": [None, "cautious", "cautious", "cautious"]})
    pump(app, 2)
    plays = 0
    verdicts: list[str] = []
    heard: list[str] = []
    checked = False
    for _ in range(600):
        top = app.scenes.top
        if isinstance(top, RoundScene):
            break
        assert top is t or not isinstance(top, DelphiTable), top.name
        if top is not t or t.busy:
            pump(app, 2)
            continue
        tr_ = tree(app)
        hand = region(tr_, "delphi:hand")
        if not checked and len(region(tr_, "delphi:main").children) >= 1:
            checked = True
            main = region(tr_, "delphi:main")
            assert all(n.description.startswith("place ") and " of " in n.name for n in main.children)
            for s in (1, 2, 3):
                others = [n for n in tr_.root.walk() if n.key.startswith(f"delphi:seat:{s}:")]
                assert all(State.FACE_DOWN in n.states and n.name == "face-down card" for n in others)
        if any(n.pressable for n in hand.children):
            heard += said(app)
            app.announced.clear()
            _tab_to(app, "delphi:hand:")
            card = next(n.name for n in region(tree(app), "delphi:hand").children if n.key == tree(app).focus)
            press(app, pygame.K_RETURN, frames=2)
            pump(app, 4)
            played = [s for s in said(app) if card in s and "Anna" in s]
            assert played, (card, said(app))
            verdicts += played
            plays += 1
        elif (tr_.focus or "").startswith("button:") and tr_.focus.split(":", 1)[1] in ("continue", "pick"):
            press(app, pygame.K_RETURN, frames=2)
        else:
            pump(app, 2)
    else:
        raise AssertionError("the round did not end")
    assert isinstance(app.scenes.top, RoundScene) and plays >= 3
    heard += said(app)
    # God's verdict on each of Anna's plays: where the rule put the card,
    # said with the play, or with the Prophet's verdict when one judges
    judged = [s for s in heard if "Right:" in s or "Wrong:" in s]
    assert all(("Right:" in s or "Wrong:" in s) for s in verdicts if "rules the play" not in " ".join(heard)), verdicts
    assert len(judged) >= len(verdicts), (verdicts, judged)
    assert any("The game is over" in s for s in said(app)), said(app)


def test_delphi_alone_is_played_to_its_end_by_keys(app):
    from game.games.delphi.solo import library_options
    from game.ui.tables.delphi.solo_setup import start_solo

    app.settings.animation = "off"
    t = start_solo(app, library_options("alternate_colour"), 11)
    pump(app, 2)
    first = tree(app)
    hand = region(first, "solo:hand")
    assert hand.children and all(" of " in n.name and State.PLAYABLE in n.states for n in hand.children)
    assert region(first, "solo:main").children  # the starter
    plays = 0
    for _ in range(200):
        if any(n.key == "button:again" for n in tree(app).root.walk()):
            break
        if app.scenes.top is not t or t.busy:
            pump(app, 2)
            continue
        tr_ = tree(app)
        if any(n.pressable for n in region(tr_, "solo:hand").children):
            app.announced.clear()
            _tab_to(app, "solo:hand:")
            card = next(n.name for n in region(tree(app), "solo:hand").children if n.key == tree(app).focus)
            press(app, pygame.K_RETURN, frames=2)
            assert any(card in s and ("Right:" in s or "Wrong:" in s) for s in said(app)), (card, said(app))
            plays += 1
            # the guess field has the keyboard, named, empty
            field = next(n for n in tree(app).root.walk() if n.role is Role.TEXT_INPUT)
            assert tree(app).focus == field.key and field.name and field.value == ""
        else:
            # no guess this time: Tab leaves the field for the buttons, to "No guess"
            press(app, pygame.K_TAB)
            for _ in range(12):
                if tree(app).focus == "button:go_on":
                    break
                press(app, pygame.K_TAB)
            assert tree(app).focus == "button:go_on"
            press(app, pygame.K_RETURN, frames=2)
    else:
        raise AssertionError("the round did not end")
    assert plays >= 20
    # its end was said at once (how the round went)
    assert any(a.politeness is Politeness.ASSERTIVE for a in list(app.announced)[-3:]), said(app)


def test_with_the_helper_on_every_gap_of_the_pyramid_says_what_it_takes(app):
    from game.ui.tables.mind_the_gap.table import start_game

    start_game(app, {"players": 1, "level": "normal"}, 4, {"names": ["Anna"], "bots": [None]})
    pump(app, 2)
    gaps = [n for n in region(tree(app), "mtg:pyramid").children if State.EMPTY in n.states]
    assert gaps and not any("takes" in n.description for n in gaps)
    press(app, pygame.K_h)  # the helper
    gaps = [n for n in region(tree(app), "mtg:pyramid").children if State.EMPTY in n.states]
    assert all("takes the values" in n.description or "nothing can go" in n.description for n in gaps), [n.description for n in gaps]
    press(app, pygame.K_F2)
    assert "Mind the Gap:" in app.announced[-1].text


def test_a_gaps_hint_is_said_and_takes_the_focus_to_its_card(app):
    from game.ui.tables.gaps.table import start_game

    t = start_game(app, {"redeals": 1}, 3)
    t.model.think_seconds = 0.0
    t.model.stop_thinking()
    pump(app, 2)
    app.announced.clear()
    press(app, pygame.K_h, frames=2)
    focus = tree(app).focus
    assert focus is not None and focus.startswith("gaps:cell:")
    card = next(n.name for n in region(tree(app), "gaps:grid").children if n.key == focus)
    assert any(card in s for s in said(app)), (card, said(app))
    press(app, pygame.K_RETURN, frames=2)  # Enter plays the hinted move
    assert any(card in s for s in said(app)[1:]), said(app)


def test_a_delphi_round_that_ends_says_its_rule_and_scores(app):
    from game.ui.tables.delphi.summary import RoundScene
    from game.ui.tables.delphi.table import start_game

    app.settings.animation = "off"
    start_game(app, {"players": 3, "rounds": 2, "first_god": 0}, 3, {"names": ["Ada", "Ben", "Cleo"], "bots": ["cautious"] * 3})
    for _ in range(900):
        if isinstance(app.scenes.top, RoundScene):
            break
        pump(app, 2)
    assert isinstance(app.scenes.top, RoundScene)
    last = said(app)[-3:]
    assert any("God's rule was:" in s and "Ada" in s and "Cleo" in s for s in last), last


def test_every_table_names_its_cards_in_german_when_the_player_reads_german(app):
    from game.cards import joker_deck
    from game.ui.tables.delphi.table import start_game as delphi
    from game.ui.tables.mind_the_gap.table import start_game as mtg
    from game.ui.tables.runs.table import start_game as runs

    german = {card_name(c, "de") for c in joker_deck(2)}
    app.settings.language = "de"
    i18n.set_language("de")
    try:
        for start in (
            lambda: mtg(app, {"players": 2, "level": "normal"}, 3, {"names": ["Anna", "Ben"], "bots": [None, "seed"]}),
            lambda: runs(app, {"players": 2, "rounds": 5}, 2, ["Anna", "Ben"], [None, "simple"]),
            lambda: delphi(app, {"players": 3, "rounds": 1, "first_god": 1}, 21, {"names": ["Anna", "Ben", "Cleo"], "bots": [None, "cautious", "cautious"]}),
        ):
            start()
            for _ in range(100):  # (Delphi's computer God writes the rule before the deal)
                pump(app, 3)
                cards = [n for n in tree(app).root.walk() if n.role is Role.CARD and not n.states & {State.FACE_DOWN, State.EMPTY}]
                if cards and any(State.FACE_DOWN in n.states for n in tree(app).root.walk()):
                    break
            assert cards and all(n.name in german for n in cards), (app.scenes.top.name, [n.name for n in cards if n.name not in german])
            backs = [n for n in tree(app).root.walk() if State.FACE_DOWN in n.states]
            assert backs and {n.name for n in backs} == {"verdeckte Karte"}
    finally:
        i18n.set_language("en")


def test_a_reader_hears_which_cards_are_playable_and_new(app):
    """AT-SPI has no state for playable or new: the card's description
    says them after its place, in the player's language."""
    from game.ui.tables.gaps.table import GapsTable, start_game

    app.settings.animation = "off"
    start_game(app, {"redeals": 1}, 3)
    pump(app, 2)
    assert isinstance(app.scenes.top, GapsTable)
    grid = region(tree(app), "gaps:grid")
    playable = [n for n in grid.children if State.PLAYABLE in n.states]
    assert playable and all(n.description.endswith("; playable") for n in playable)
    assert not any("playable" in n.description for n in grid.children if State.PLAYABLE not in n.states)
    from game.ui.a11y.nodes import Node
    from game.ui.kit.speech import with_states

    card = Node("c", Role.CARD, "seven of hearts", description="Position 2 von 5", states=frozenset({State.NEW, State.PLAYABLE}))
    assert with_states(card, "de").description == "Position 2 von 5; spielbar; neu"


def test_tab_into_a_region_with_no_card_under_its_cursor_is_heard(app):
    """Tab into the run of Runs (nothing to pick there) focused nothing,
    so a reader heard nothing: the region itself takes the focus."""
    from game.ui.tables.runs.table import RunsTable, start_game

    app.settings.animation = "off"
    t = start_game(app, {"players": 2, "rounds": 5}, 2, ["Anna", "Ben"], [None, "simple"])
    pump(app, 2)
    assert isinstance(app.scenes.top, RunsTable)
    seen = set()
    for _ in range(12):
        press(app, pygame.K_TAB)
        focus = tree(app).focus
        assert focus is not None, t.a11y_region
        seen.add(focus.split(":")[1] if focus.startswith("runs:") else focus)
    assert "run" in seen, seen
