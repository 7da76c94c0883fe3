"""Nothing private crosses the pass screen (issue 20).

In a two-person game a refused play left its message ("K♣ does not follow
3♥ … (you hold 4♥)") on screen, and the next person read the previous
person's cards once they confirmed the pass screen.  Here every game with
secret hands is played by two or three people sharing the device, through
random gestures as people make them (cards dragged to any place, legal or
not; clicks anywhere; the game's keys; the table's buttons), and every
time a person confirms a pass screen, every text drawn on the screen (the
recorder the text-fit check uses) is read: it must name no card that only
another seat holds, and at Delphi no God's rule unless the screen is God's.

A text may name such a card for a reason that is public ("Next: 3♥ or
5♥" says what may follow the run, whoever holds it): a text counts only
when the same table, drawn afresh for the same seat with every card that
seat cannot see shuffled (the engine's ``shuffle_hidden``, which the
conformance test holds each game to), does not show it too, and the
game's log (which everyone reads) does not say it.

Delphi's notebooks (issue 23) are private too: every person starts with
a page of their own and the notebook open, and after every pass screen
no page of another seat may be drawn or stand in any text field.

On the main of 26fdd39 the four cases of Mind the Gap and Runs fail once
the messages there are recorded too (their panels were drawn past the
recorder): "J♥ and 8♣ differ by 3 …" and "8♣ does not follow 3♥ … (you
hold 4♥)", of the person before.  Delphi's refusals name no hand card
(a wrong card goes to a side line, in view of all); its case watches
God's rule.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pygame
import pytest

from game.cards import Card, display
from game.engine.match import Match, Seat
from game.engine.registry import module
from game.engine.runner import GameRunner
from game.ui import widgets
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.passdevice import PassScene
from game.ui.kit.table import TableScene
from tests.ui.helpers import buttons, click, drag, drawn_texts, key, pump, seated, settle

KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_d, pygame.K_t, pygame.K_p, pygame.K_n, pygame.K_c, pygame.K_h, pygame.K_BACKSPACE)
#: buttons the random player never presses (they leave the game or its screen)
AVOID = ("Menu", "Rules", "⚙", "Stop", "End", "Beenden", "Regeln", "Menü")

#: (game id, options, seats: a name and None for a person or a bot's name)
GAMES = [
    ("mind-the-gap", {"players": 2, "level": "normal"}, [("Anna", None), ("Ben", None)]),
    ("mind-the-gap", {"players": 3, "level": "hard"}, [("Anna", None), ("Ben", "seed"), ("Cleo", None)]),
    ("runs", {"players": 2, "rounds": 5, "new_run": True}, [("Anna", None), ("Ben", None)]),
    ("runs", {"players": 3, "rounds": 5}, [("Anna", None), ("Ben", None), ("Cleo", "simple")]),
    ("delphi", {"players": 4, "rounds": 4}, [("Anna", None), ("Ben", None), ("Cleo", "cautious"), ("Dana", None)]),
]


def cards_in(value: Any) -> set[Card]:
    """Every card a view holds, wherever it is in it."""
    out: set[Card] = set()
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, Card):
            out.add(v)
        elif isinstance(v, (tuple, list, frozenset, set)):
            todo.extend(v)
        elif isinstance(v, dict):
            todo.extend(v.values())
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            todo.extend(getattr(v, f.name) for f in dataclasses.fields(v))
    return out


def private_of_others(match: Match[Any, Any, Any]) -> set[Card]:
    """The cards another seat holds that the seat at the screen cannot see
    (none of them lies anywhere a spectator sees, nor in the viewer's own)."""
    game, st, viewer = match.game, match.state, match.viewer
    public = cards_in(game.view(st, None))
    mine = cards_in(game.view(st, viewer))
    out: set[Card] = set()
    for seat in range(match.players):
        if seat != viewer:
            out |= cards_in(game.view(st, seat)) - public - mine
    return out


def named(texts: list[str], cards: set[Card]) -> list[tuple[str, str]]:
    """The texts that name one of ``cards`` (as English screens write them)."""
    out = []
    for c in cards:
        word = display(c, "en")
        pattern = re.compile(r"(?<![0-9A-Za-z])" + re.escape(word) + r"(?![0-9])")
        out += [(word, t) for t in texts if pattern.search(t)]
    return out


def fresh_texts(app, t: TableScene, rng: random.Random) -> set[str]:
    """What the same table shows the same seat when every card that seat
    cannot see is shuffled (a fresh table: no notes, no log)."""
    m = t.match
    st = m.game.shuffle_hidden(m.state, m.viewer, rng)
    twin_match = Match(GameRunner(m.game, m.options, m.seed, [st], []), m.seats)
    twin_match.handed_to(m.viewer)
    twin = type(t)(app, twin_match)
    entries: list = []
    widgets.RECORD = (app.screen, entries)
    try:
        twin.draw(app.screen)
    finally:
        widgets.RECORD = None
    return {e[1] for e in entries if e[0] in ("text", "line")}


def leaks(app, t: TableScene, rng: random.Random) -> list[tuple[str, str]]:
    """Texts on screen that name a card only another seat holds, for no
    public reason (a fresh table shows it too, the game's log, which
    everyone reads, says it, or a note for everyone does: Delphi's "God
    puts 2♥ from Anna's hand on the main line" after a wrong "no play",
    when Anna holds the other 2♥ of the two decks and a new round has
    begun)."""
    found = named(drawn_texts(app), private_of_others(t.match))
    if not found:
        return []
    public = fresh_texts(app, t, rng)
    log = [t.render(line.message) for line in t.match.log(0)]
    spectator = t.match.game.view(t.match.state, None)
    if hasattr(spectator, "named_messages"):  # Delphi's round log, the same for everyone
        log += [t.render(m) for m in spectator.named_messages([t.match.name_of(i) for i in range(t.match.players)])]
    log += [t.render(n.text) for n in t.model.notes.items if n.seat is None]
    return [(card, text) for card, text in found if text not in public and not any(text in line for line in log)]


def secret_rule(match: Match[Any, Any, Any]) -> str | None:
    """Delphi: God's rule (or note), when the screen is not God's."""
    st = match.state
    god = getattr(st, "god", None)
    if god is None or match.viewer == god:
        return None
    rule = getattr(st, "rule", None)
    return rule if isinstance(rule, str) and len(rule) >= 8 else None


def notebook_pages(t: TableScene) -> dict[int, str]:
    """Delphi: every seat's page of the round being played."""
    book = getattr(t.model, "notebook", None)
    if book is None:
        return {}
    rnd = t.match.state.round
    return {seat: book.of(seat, rnd) for seat in range(t.match.players) if book.of(seat, rnd)}


def others_pages_shown(app, t: TableScene) -> list[str]:
    """Pages of another seat's notebook that are drawn or stand in a text
    field.  A page the random keys have worn down to a few characters (a
    line break, "dp") says nothing and stands in many a text: only pages
    with some words count."""
    others = [page.strip() for seat, page in notebook_pages(t).items() if seat != t.viewer and len(page.strip()) >= 8]
    fields = [e.get_text() for e in app.ui.get_sprite_group().sprites() if e.alive() and hasattr(e, "get_text")]
    shown = drawn_texts(app) + fields
    return [page for page in others if any(page in x for x in shown)]


def table_of(app) -> TableScene:
    return next(s for s in reversed(app.scenes.scenes) if isinstance(s, TableScene))


def gesture(app, t: TableScene, rng: random.Random) -> None:
    """One thing a person might do at the table."""
    r = rng.random()
    d = t.drag
    if r < 0.45 and d is not None:
        sources, zones = list(d.sources()), list(d.zones())
        if sources and zones:
            src, zone = rng.choice(sources), rng.choice(zones)
            drag(app, src.rect.center, zone.rect.center, steps=4)
            return
    if r < 0.65:
        key(app, rng.choice(KEYS))
        return
    if r < 0.8:
        usable = [b for b in buttons(app) if b.is_enabled and not any(a in b.text for a in AVOID)]
        if usable:
            click(app, rng.choice(usable).rect.center)
            return
    w, h = app.size
    click(app, (rng.randrange(w), rng.randrange(h)))


def answer(app, rng: random.Random) -> None:
    """A screen over the table: its first usable answer (a question, a
    round's sheet, God's screen: a rule from the library)."""
    top = app.scenes.top
    if hasattr(top, "random_rule") and hasattr(top, "use_rule"):
        top.random_rule()
        top.use_rule()
    elif hasattr(top, "keep_dealt"):
        top.keep_dealt()
    elif isinstance(top, ConfirmScene):
        (top._yes if rng.random() < 0.5 else top._no)()
    else:
        usable = [b for b in buttons(app) if b.is_enabled and not any(a in b.text for a in AVOID)]
        if usable:
            click(app, usable[0].rect.center)
        else:
            key(app, pygame.K_RETURN)
    pump(app, 2)


@pytest.mark.parametrize(("gid", "options", "seats"), GAMES, ids=[f"{g}-{len(s)}" for g, _, s in GAMES])
def test_after_every_pass_screen_no_other_seats_card_is_on_screen(app, gid, options, seats):
    rng = random.Random(len(gid) * 100 + len(seats))  # (hash() of a str differs between runs)
    app.settings.animation = "off"
    match = Match.start(module(gid).GAME, options, 20 + len(seats), [Seat(n, b) for n, b in seats])
    make = {"mind-the-gap": "MtgTable", "runs": "RunsTable", "delphi": "DelphiTable"}[gid]
    cls = getattr(module_of_table(gid), make)
    table = cls(app, match)
    if gid == "delphi":  # every person writes a page, and the notebook stays open
        for seat, (name, bot) in enumerate(seats):
            if bot is None:
                table.model.write_note(seat, f"{name} guesses: secret {seat * 7 + 3}")
        table.model.notebook_open = True
    seated(app, table)
    passes = 0
    for _ in range(400):
        top = app.scenes.top
        if isinstance(top, PassScene):
            click(app, top.ready.rect.center)
            settle(app, 0.2)
            if isinstance(app.scenes.top, TableScene):
                t = table_of(app)
                assert not leaks(app, t, rng), (gid, t.viewer, leaks(app, t, rng))
                rule = secret_rule(t.match)
                assert rule is None or not [x for x in drawn_texts(app) if rule in x], (gid, rule)
                assert not others_pages_shown(app, t), (gid, t.viewer, others_pages_shown(app, t))
                passes += 1
            continue
        if not isinstance(top, TableScene):
            answer(app, rng)
            continue
        if top.match.over:
            break
        if top.busy:
            settle(app, 0.3)
            continue
        gesture(app, top, rng)
        # nothing private of another seat on screen at any time
        if top.viewer is not None and rng.random() < 0.2:
            assert not leaks(app, top, rng), (gid, top.viewer, leaks(app, top, rng))
    assert passes >= 3, f"{gid}: only {passes} pass screens were seen"


def module_of_table(gid: str):
    import importlib

    return importlib.import_module({"mind-the-gap": "game.ui.tables.mind_the_gap", "runs": "game.ui.tables.runs", "delphi": "game.ui.tables.delphi"}[gid])
