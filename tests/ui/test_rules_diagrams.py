"""The rules screens' diagrams (issue 15, item 5): each is a real position
in its game's notation that its rules accept, and the rules screen places
every one inside the text area without covering a line of text, in both
languages at the three window sizes."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

import pytest

from game.engine.core import NotationError
from game.engine.registry import GAMES
from game.i18n import rules_text
from game.ui import diagrams as D
from game.ui.tables.delphi.diagrams import DIAGRAMS as DELPHI
from game.ui.tables.gaps.diagrams import DIAGRAMS as GAPS
from game.ui.tables.mind_the_gap.diagrams import DIAGRAMS as MTG
from game.ui.tables.runs.diagrams import DIAGRAMS as RUNS

#: every game's diagrams, as its table package gives them
DIAGRAMS = {"mind-the-gap": MTG, "gaps": GAPS, "delphi": DELPHI, "runs": RUNS}

SIZES = [(800, 500), (1280, 800), (1920, 1080)]
MARKER = re.compile(r"^\[diagram:\s*([\w-]+)\s*\]$", re.M)


def test_every_game_has_diagrams_that_parse_and_obey_their_rules():
    from game.games.delphi.library import library_rule
    from game.games.delphi.ruleapi import accepts_string
    from game.games.gaps.notation import parse as gaps_parse
    from game.games.gaps.rules import gap_info
    from game.games.runs.deck import followers

    for g in GAMES:
        assert set(DIAGRAMS[g.id]), f"{g.id} has no diagram"
    pyr = DIAGRAMS["mind-the-gap"]["pyramid"].check()
    assert all(c is not None for row in pyr.rows for c in row)
    for r in range(1, len(pyr.rows)):
        for c in range(r):
            assert abs(pyr.rows[r][c].value - pyr.rows[r][c + 1].value) == pyr.rows[r - 1][c].value

    spec = DIAGRAMS["gaps"]["row"]
    row = spec.check()
    kinds = {i.cell: i.kind for i in gap_info(gaps_parse(spec.notation))}
    assert kinds[spec.marks["live"]] == "live" and kinds[spec.marks["dead"]] == "after_king"
    assert row.cells[row.live] is None and row.cells[row.dead] is None
    assert row.wants.suit == row.left.suit and int(row.wants.rank) == int(row.left.rank) + 1

    line = DIAGRAMS["delphi"]["line"].check()
    rule = library_rule(line.rule_id).rule
    assert accepts_string(rule, line.main[1:], line.main[:1])
    assert line.side and all(not accepts_string(rule, cards, line.main[: at + 1]) for at, cards in line.side)

    chain = DIAGRAMS["runs"]["chain"].check()
    assert len({c.suit for c in chain.chain}) == 1
    steps = {int(b.rank) - int(a.rank) for a, b in pairwise(chain.chain)}
    assert steps <= {1, -1}
    assert chain.next in followers((chain.next,), chain.chain[-1], False)


def test_every_marker_names_a_diagram_of_its_game_in_both_languages():
    for g in GAMES:
        found = {}
        for lang in ("en", "de"):
            found[lang] = MARKER.findall(rules_text(g.id, lang) or "")
            assert set(found[lang]) <= set(DIAGRAMS[g.id]), (g.id, lang)
        assert found["en"] == found["de"] and set(found["en"]) == set(DIAGRAMS[g.id]), g.id


BROKEN = [
    # a card that is not the difference of the two below it
    ("mind-the-gap", "pyramid", {"notation": "2S/3H,6D/7C,4S,9H/KD,6C,10S,AH - 6 normal std"}),
    ("mind-the-gap", "pyramid", {"notation": "2S/3H,5D/7C,4S,9X/KD,6C,10S,AH - 6 normal std"}),
    # the live mark on the dead gap, the dead mark on the live one, five gaps
    ("gaps", "row", {"marks": {"row": 0, "first": 1, "last": 7, "live": 6, "dead": 3, "dead_kind": "after_king"}}),
    ("gaps", "row", {"notation": DIAGRAMS["gaps"]["row"].notation.replace("9D", "--")}),
    # a side line that fits the rule, a main line that breaks it, no such rule, a bad card
    ("delphi", "line", {"notation": "rule=alternate_colour main=5H,8S,3D,10C,QH side=1:9H"}),
    ("delphi", "line", {"notation": "rule=alternate_colour main=5H,8S,3C,10C,QH side=1:9C"}),
    ("delphi", "line", {"notation": "rule=no_such_rule main=5H,8S"}),
    ("delphi", "line", {"notation": "rule=alternate_colour main=5H,8S,3Z"}),
    # a chain that jumps, a ringed card that may not follow
    ("runs", "chain", {"notation": DIAGRAMS["runs"]["chain"].notation.replace("8S@1", "5S@1")}),
    ("runs", "chain", {"marks": {"next": "JS"}}),
]


@pytest.mark.parametrize(("game", "name", "change"), BROKEN)
def test_a_wrong_diagram_is_refused(game, name, change):
    spec = replace(DIAGRAMS[game][name], **change)
    with pytest.raises((NotationError, D.DiagramError)):
        spec.check()


def test_the_rules_screens_place_every_diagram_inside_the_text_area_over_no_line():
    from game.app import App
    from game.ui.scenes.rules import RulesScene

    for lang in ("en", "de"):
        for size in SIZES:
            app = App(size, lang=lang, fullscreen=False)
            app.settings.animation = "off"
            try:
                for g in GAMES:
                    scene = RulesScene(app, g.id)
                    app.scenes.reset(scene)
                    app.step(1 / 60, events=[])
                    inner, texts, pics = scene.placements()
                    where = f"{g.id} {lang} {size}"
                    assert len(pics) == len(MARKER.findall(rules_text(g.id, lang) or "")) >= 1, where
                    for pic in pics:
                        assert inner.x <= pic.x and pic.right <= inner.right and pic.h <= inner.h, where
                        hit = [t for t in texts if t.colliderect(pic)]
                        assert not hit, f"{where}: a diagram covers a line at y={hit[0].y}"
                    # scrolled to the diagram, it is drawn where placements() says
                    pic = pics[0]
                    scene.scroll = min(scene.max_scroll(), pic.y - inner.y)
                    app.step(1 / 60, events=[])
                    top = pic.y - scene.scroll
                    assert scene.scroll == scene.max_scroll() or (inner.y <= top and top + pic.h <= inner.bottom + 1), where
                    surf = scene.placed[0][3]
                    probe = next((x, y) for y in range(surf.get_height()) for x in range(surf.get_width()) if surf.get_at((x, y)).a == 255)
                    screen_xy = (pic.x + probe[0], top + probe[1])
                    if inner.collidepoint(screen_xy):
                        assert app.screen.get_at(screen_xy)[:3] == surf.get_at(probe)[:3], where
            finally:
                app.close()


def test_diagram_surfaces_are_drawn_once_and_kept():
    import pygame

    pygame.init()
    D.block.cache_clear()
    a = D.block(RUNS["chain"], 400, 40, "en")
    b = D.block(RUNS["chain"], 400, 40, "en")
    assert a is b
    assert D.block(RUNS["chain"], 400, 40, "de") is not a


def test_the_rules_text_takes_the_whole_width_below_the_pictures():
    """Beside the column of pictures the text is narrow; below the last
    picture it wrapped at the same width all the way down, about 60 % of
    the panel with nothing beside it (issue 50, seen on Delphi's rules)."""
    from game.app import App
    from game.ui.scenes.rules import RulesScene

    app = App((1280, 800), lang="en", fullscreen=False)
    app.settings.animation = "off"
    try:
        for g in GAMES:
            scene = RulesScene(app, g.id)
            app.scenes.reset(scene)
            app.step(1 / 60, events=[])
            _, texts, pics = scene.placements()
            if not scene.column:  # (a picture too wide for a column stands in the text)
                assert g.id != "delphi"
                continue
            column_x = min(p.x for p in pics)
            below = [t for t in texts if t.y > max(p.bottom for p in pics)]
            assert below and max(t.right for t in below) > column_x, g.id
    finally:
        app.close()
