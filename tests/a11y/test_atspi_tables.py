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
def driven(atspi, home: Path, scene: str, lang: str) -> Iterator[Driven]:
    """The app at ``scene`` with its reader; ended after, and its errors
    checked when the test itself passed."""
    d = Driven(atspi, home, scene, lang)
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
    from game.games import gaps as G
    from game.ui.tables.gaps import _match

    state = _match(1234).state  # the deal the scene "gaps-opening" opens
    live = next(g for g in G.gap_info(state) if g.kind == "live")
    with driven(atspi, tmp_path, "gaps-opening", lang) as d:
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
        after = {n["description"].split(";")[0]: n["name"] for n in children(d.tree(), group(d.tree(), {"en": "The grid", "de": "Das Raster"}[lang])[0])}
        assert after[GAPS_PLACE[lang].format(r=r1, c=c1)] == name(live.wants, lang)
        assert after[GAPS_PLACE[lang].format(r=live.source // 13 + 1, c=live.source % 13 + 1)] == GAP[lang]
