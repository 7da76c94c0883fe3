"""The four tables as a screen reader gets them (issue 51's "Done when"),
end to end: the app started at a seeded table in an X window of the
private session (``--scene``: the same positions the shots and --smoke
draw), a reader process (tests/a11y/atspi_reader.py ``drive``, the
system's python3 with gi's Atspi) reading its tree and listening while
xdotool presses keys in the app's window.

For each table the reader
- reads every card on the table by name and place, compared with the
  seeded position the engine holds (card names and places written out
  here, not taken from the app's catalogs: a wrong name in the app
  fails);
- hears a focus event for every Tab and arrow that moves, on the card
  the keys went to;
- makes a move with Tab, the arrows and Enter alone and hears it
  announced;
and with two people at Mind the Gap, the pass screen's announcement
names who takes the device and no card of either hidden hand.

Gaps in English and German; the other tables in one language each.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.a11y.driving import Driven, children, focus, said

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AT-SPI is Linux's")

RANKS = {
    "en": ["", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"],
    "de": ["", "Ass", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame", "König"],
}
SUITS = {"en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}, "de": {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"}}


def name(card, lang: str) -> str:
    """A card as a reader must hear it, written out independently of the app."""
    rank, suit = RANKS[lang][int(card.rank)], SUITS[lang][card.suit.value]
    return f"{rank} of {suit}" if lang == "en" else f"{suit} {rank}"


def every_name(lang: str) -> set[str]:
    return {f"{r} of {s}" if lang == "en" else f"{s} {r}" for r in RANKS[lang][1:] for s in SUITS[lang].values()}


def group(tree: list[dict], prefix: str) -> tuple[str, list[dict]]:
    """The region whose name starts with ``prefix``, and its cards."""
    found = [n["name"] for n in tree if n["role"] == "panel" and n["name"].startswith(prefix)]
    assert len(found) == 1, f"no single region {prefix!r} in {[n['name'] for n in tree if n['role'] == 'panel']}"
    return found[0], children(tree, found[0])


def tab_to(d: Driven, wanted: str, tries: int = 6) -> list[dict]:
    """Tab until the focus lands on a card whose place matches ``wanted``
    (a region without a cursor of its own gives no focus: Tab again)."""
    for _ in range(tries):
        got = focus(d.key("Tab", seconds=1.5))
        if got and re.search(wanted, got[-1]["description"] or ""):
            return got
    raise AssertionError(f"Tab never reached {wanted!r}")


@contextlib.contextmanager
def driven(atspi, home: Path, scene: str, lang: str, argv: list[str] | None = None) -> Iterator[Driven]:
    """The app at ``scene`` with its reader; ended after, and its errors
    checked when the test itself passed."""
    if shutil.which("xdotool") is None:
        # only when it is truly not there (.ci/run installs it)
        pytest.skip("not installed: xdotool")
    d = Driven(atspi, home, scene, lang, argv)
    try:
        yield d
    except BaseException:
        d.close()
        raise
    err = d.close()
    assert "Traceback" not in err, err[-3000:]


# --- Gaps ---------------------------------------------------------------------------------------
GAPS_PLACE = {"en": "row {r}, column {c}", "de": "Reihe {r}, Spalte {c}"}
GAP = {"en": "gap", "de": "Lücke"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_gaps_every_card_by_name_and_place_and_a_move_by_keys(atspi, tmp_path, lang):
    with driven(atspi, tmp_path, "gaps-opening", lang) as d:
        gaps_checked(d, lang)


def gaps_checked(d: Driven, lang: str) -> None:
    """The scene "gaps-opening" read and played (the packaged app's test
    checks it too)."""
    from game.games import gaps as G
    from game.ui.tables.gaps import _match

    state = _match(1234).state  # the deal the scene "gaps-opening" opens
    live = next(g for g in G.gap_info(state) if g.kind == "live")
    tree = d.tree()
    _, cells = group(tree, {"en": "The grid", "de": "Das Raster"}[lang])
    assert len(cells) == 52
    named = [(c["name"], c["description"]) for c in cells if c["name"] != GAP[lang]]
    assert len(named) == 48
    for i, (cell, card) in enumerate(zip(cells, state.grid, strict=True)):
        where = GAPS_PLACE[lang].format(r=i // 13 + 1, c=i % 13 + 1)
        want = name(card, lang) if card is not None else GAP[lang]
        assert cell["name"] == want and (cell["description"] == where or cell["description"].startswith(where + ";")), (cell, want, where)
        assert cell["role"] == "push button" and "click" in cell["actions"]

    # Tab to the grid, the arrows to the gap that can be filled, Enter fills it
    first = tab_to(d, GAPS_PLACE[lang].format(r=r"\d+", c=r"\d+"))[-1]
    r0, c0 = (int(x) for x in re.findall(r"\d+", first["description"])[:2])
    r1, c1 = live.cell // 13 + 1, live.cell % 13 + 1
    path = ["Down" if r1 > r0 else "Up"] * abs(r1 - r0) + ["Right" if c1 > c0 else "Left"] * abs(c1 - c0)
    r, c = r0, c0
    for key in path:
        r += {"Down": 1, "Up": -1}.get(key, 0)
        c += {"Right": 1, "Left": -1}.get(key, 0)
        got = focus(d.key(key))
        assert got, f"no focus event for {key}"
        i = (r - 1) * 13 + c - 1
        want = name(state.grid[i], lang) if state.grid[i] is not None else GAP[lang]
        assert got[-1]["name"] == want and got[-1]["description"].startswith(GAPS_PLACE[lang].format(r=r, c=c)), (key, got)
    heard = said(d.key("Return", until="announcement"))
    assert any(name(live.wants, lang) in h for h in heard), heard
    grid = d.tree()
    after = {n["description"].split(";")[0]: n["name"] for n in children(grid, group(grid, {"en": "The grid", "de": "Das Raster"}[lang])[0])}
    assert after[GAPS_PLACE[lang].format(r=r1, c=c1)] == name(live.wants, lang)
    assert after[GAPS_PLACE[lang].format(r=live.source // 13 + 1, c=live.source % 13 + 1)] == GAP[lang]


# --- Mind the Gap: two people share the device ------------------------------------------------------
MTG_PLACE = {"en": "row {r}, position {p}", "de": "Reihe {r}, Platz {p}"}
EMPTY = {"en": "empty place", "de": "leerer Platz"}
POSITION = {"en": "position {n} of {of}", "de": "Platz {n} von {of}"}
HAND = {"en": "Hand of {p}", "de": "Hand von {p}"}
PASS = {"en": "Pass the device to {p}. {p} presses Enter when nobody else is looking.",
        "de": "Gib das Gerät an {p} weiter. {p} drückt Enter, wenn niemand sonst hinschaut."}


def hand_names(tree: list[dict], player: str, lang: str) -> list[str]:
    _, cards = group(tree, HAND[lang].format(p=player))
    for i, c in enumerate(cards):
        assert c["description"].split(";")[0] == POSITION[lang].format(n=i + 1, of=len(cards)), c
    return [c["name"] for c in cards]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_mind_the_gap_pyramid_a_move_by_keys_and_the_pass_screen_names_no_hidden_card(atspi, tmp_path, lang):
    from game.games import mind_the_gap as mtg
    from game.ui.tables.mind_the_gap.demo import NAMES, mid_game

    m = mid_game(helper=True)  # the scene "mind-the-gap-table-helper": two people, the seat to play at the screen
    mover, other = NAMES[m.current], NAMES[1 - m.current]
    v = mtg.GAME.view(m.state, m.current)
    with driven(atspi, tmp_path, "mind-the-gap-table-helper", lang) as d:
        tree = d.tree()
        _, places = group(tree, {"en": "The pyramid", "de": "Die Pyramide"}[lang])
        assert len(places) == v.shape.size == 10
        for p, (node, card) in enumerate(zip(places, v.places, strict=True)):
            where = MTG_PLACE[lang].format(r=v.shape.row(p) + 1, p=v.shape.col(p) + 1)
            assert node["name"] == (name(card, lang) if card is not None else EMPTY[lang]), (node, card)
            assert where in node["description"], (node, where)
        hand = hand_names(tree, mover, lang)
        assert hand == [name(c, lang) for c in v.hand]
        # the partner's hand: face down, no card of it in the tree
        _, backs = group(tree, HAND[lang].format(p=other))
        assert len(backs) == len(m.state.hands[1 - m.current]) and not every_name(lang) & {b["name"] for b in backs}

        # Tab to the hand, → to its second card, Enter picks it (the focus goes to a place it may take), Enter lays it
        got = tab_to(d, POSITION[lang].format(n=r"\d+", of=len(hand)))
        at = int(re.findall(r"\d+", got[-1]["description"])[0])
        got = focus(d.key("Right"))
        assert got and got[-1]["name"] == hand[at % len(hand)], got
        picked = hand[at % len(hand)]
        got = focus(d.key("Return"))
        assert got and got[-1]["name"] == EMPTY[lang] and re.match(MTG_PLACE[lang].format(r=r"\d", p=r"\d"), got[-1]["description"]), got
        place = got[-1]["description"].split(";")[0]
        heard = said(d.key("Return", until="announcement"))
        assert any(picked in h and place in h for h in heard), (picked, place, heard)

        # the turn is over: a key ends the look, the pass screen says who takes the device
        pass_text = PASS[lang].format(p=other)
        events = d.key("Return", until="announcement", text=pass_text, seconds=10)
        passed = [h for h in said(events) if h == pass_text]
        assert passed, said(events)
        screen = d.tree()
        assert screen[1]["name"].startswith(pass_text.split(".")[0]), screen[1]
        hidden = set(hand) - {picked}
        assert not hidden & {n["name"] for n in screen}, "a card of the hidden hand on the pass screen"
        # the partner takes the device: their hand, which the pass screen named none of either
        got = d.key("Return", until="focus")
        theirs = hand_names(d.tree(), other, lang)
        assert theirs == [name(c, lang) for c in m.state.hands[1 - m.current]]
        # (everything said from the end of the move to the new player's Enter, and the pass screen's tree)
        for text in [*said(events), *(n["name"] for n in screen)]:
            for card in hidden | set(theirs):
                assert card not in text, f"the pass screen says {card!r}: {text!r}"


# --- Runs: a hand ------------------------------------------------------------------------------------
RUN_PLACE = {"en": "card {n} of {of}, played by {p}", "de": "Karte {n} von {of}, gespielt von {p}"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_runs_hand_by_name_and_position_and_a_card_played_by_keys(atspi, tmp_path, lang):
    from game.games.runs import GAME
    from game.ui.tables.runs.demo import NAMES, mid_round

    runner = mid_round(seat=1, players=3, min_chain=2)  # the scene "runs-pass": Anna and Ben people, Cleo a computer; Ben to play
    v = GAME.view(runner.state, 1)
    with driven(atspi, tmp_path, "runs-pass", lang) as d:
        screen = d.tree()
        assert screen[1]["name"].startswith(PASS[lang].format(p="Ben").split(".")[0]), screen[1]
        assert not every_name(lang) & {n["name"] for n in screen}, "a card on the pass screen"
        heard = said(d.key("Return", until="announcement"))
        assert heard, "the table said nothing when Ben took the device"
        tree = d.tree()
        hand = hand_names(tree, "Ben", lang)
        assert hand == [name(c, lang) for c in v.hand]
        _, run = group(tree, {"en": "The run", "de": "Die Reihe"}[lang])
        assert [n["name"] for n in run] == [name(c, lang) for c in v.chain]
        for i, n in enumerate(run):
            assert n["description"].split(";")[0] == RUN_PLACE[lang].format(n=i + 1, of=len(run), p=NAMES[v.chain_seats[i]]), n
        assert [n["name"] for n in group(tree, "Anna")[1]] == [{"en": "face-down card", "de": "verdeckte Karte"}[lang]] * len(runner.state.hands[0])

        # Tab to the hand (the cursor on a card Ben can play), → and ← back, Enter plays it
        got = tab_to(d, POSITION[lang].format(n=r"\d+", of=len(hand)))
        at = int(re.findall(r"\d+", got[-1]["description"])[0]) - 1
        lit = hand[at]
        assert GAME.view(runner.state, 1).hand[at] in set(v.playable), "the cursor is not on a playable card"
        got = focus(d.key("Right"))
        assert got and got[-1]["name"] == hand[(at + 1) % len(hand)], got
        got = focus(d.key("Left"))
        assert got and got[-1]["name"] == lit, got
        heard = said(d.key("Return", until="announcement", text=lit))
        assert any(h.startswith("Ben") and lit in h for h in heard), heard
        assert lit not in hand_names(d.tree(), "Ben", lang)


# --- Delphi: the main line ---------------------------------------------------------------------------
MAIN_PLACE = {"en": "place {n} of {of} in the main line", "de": "Platz {n} von {of} in der Hauptreihe"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_delphi_main_line_by_name_and_place_and_a_card_played_by_keys(atspi, tmp_path, lang):
    from game.games.delphi import GAME
    from game.ui.tables.delphi.demo import mid_round

    m = mid_round()  # the scene "delphi-table": Anna at the screen, to play
    v = GAME.view(m.state, 0)
    with driven(atspi, tmp_path, "delphi-table", lang) as d:
        tree = d.tree()
        _, line = group(tree, {"en": "The main line", "de": "Die Hauptreihe"}[lang])
        assert [n["name"] for n in line] == [name(c, lang) for c in v.main]
        for i, n in enumerate(line):
            assert n["description"].startswith(MAIN_PLACE[lang].format(n=i + 1, of=len(v.main))), n
        hand = hand_names(tree, "Anna", lang)
        assert hand == [name(c, lang) for c in v.hand]

        got = tab_to(d, POSITION[lang].format(n=r"\d+", of=len(hand)))
        at = int(re.findall(r"\d+", got[-1]["description"])[0]) - 1
        got = focus(d.key("Right"))
        assert got and got[-1]["description"].split(";")[0] == POSITION[lang].format(n=at + 2, of=len(hand)) and got[-1]["name"] == hand[at + 1], got
        assert got[-1]["description"].endswith({"en": "; playable", "de": "; spielbar"}[lang]), got  # (any card of the hand may be played: God judges it)
        got = focus(d.key("Left"))
        assert got and got[-1]["description"].split(";")[0] == POSITION[lang].format(n=at + 1, of=len(hand)), got
        card = hand[at]
        heard = said(d.key("Return", until="announcement", text=card))
        assert any(h.startswith("Anna") and card in h for h in heard), heard
        # God (a computer) judges it: the verdict is said, and where the card went
        verdict = {"en": "main line", "de": "Hauptreihe"}[lang]
        heard += said(d.wait("announcement", text=verdict, seconds=10))
        assert any(verdict in h and h != heard[0] for h in heard), heard
