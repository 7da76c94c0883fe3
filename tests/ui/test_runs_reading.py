"""What the Runs table says, read as a newcomer reads it (issue 50): who
plays first in the next round (not who "leads"), a hint's margin of one
point, the log under the table's rules (a stop and the new run that
follows it as one short line), the house rules named in the header and
under the run, and the setup's deal for the options chosen."""

from __future__ import annotations

import random

from game.engine.match import Match, seats_from
from game.games.runs import GAME
from game.games.runs.bots import StrongBot
from game.games.runs.hint import hint
from game.games.runs.rules import TABLE_RULES
from game.games.runs.state import PHASE_PLAY, PLAY
from game.i18n import tr
from game.ui.tables.runs import demo
from game.ui.tables.runs.overlays import RoundSummaryScene
from game.ui.tables.runs.setup import SetupScene
from game.ui.tables.runs.table import RunsTable
from game.ui.widgets import wrapped
from tests.ui.helpers import drawn_texts, pump, seated


def _table(app, options: dict, want, names=("Anna", "Ben", "Cleo"), bots=(None, "simple", "strong")) -> RunsTable:
    runner = demo.find_runner(options, want)
    return seated(app, demo.table_for(app, runner, bots=list(bots), names=list(names)))


def test_the_round_sheet_says_who_plays_the_first_card_and_never_leads(app):
    """"Round 2: Cora leads." read as "Cora is ahead" when two were tied."""
    from game.i18n import set_language

    t = seated(app, demo.table_for(app, demo.at_break(), names=["Anna", "Ben", "Cora", "Dan"]))
    pump(app, 3)
    assert isinstance(app.scenes.top, RoundSummaryScene)
    first = t.seat_name(t.view.next_starter)
    for lang, words, old in (("en", "plays the first card", "leads"), ("de", "legt die erste Karte", "spielt aus")):
        set_language(lang)
        try:
            drawn = drawn_texts(app)
        finally:
            set_language("en")
        line = [d for d in drawn if first in d and words in d]
        assert line, drawn
        assert not [d for d in drawn if old in d], drawn


def test_a_hint_by_one_point_says_point(monkeypatch):
    """"about 1 points more" (English) and "etwa 1 Punkte mehr" (German)."""
    options = {**GAME.default_options(3), **TABLE_RULES}
    m = Match.start(GAME, options, 3)
    m.run(lambda mm: mm.state.phase == PHASE_PLAY and len([a for a in mm.legal() if a.kind == PLAY]) >= 2, stand_in="simple")
    view = m.view(m.current)
    legal = m.legal()
    plays = [a for a in legal if a.kind == PLAY]
    monkeypatch.setattr(StrongBot, "scores", lambda self, v, acts, rng: ([3.0] + [2.0] * (len(acts) - 1), 60))
    found = hint(view, legal, random.Random(1))
    assert found.action == plays[0]
    assert "about 1 point more" in found.reason.render("en")
    assert "etwa 1 Punkt mehr" in found.reason.render("de")


def test_the_log_of_the_tables_rules_is_one_short_line_a_turn(app):
    """Under the table's rules nearly every draw stops the run: the log was
    "Ben cannot follow and draws a card, so the run stops: the next player
    starts a new one with any card." (three lines in the panel) and the new
    run's first card by turns, four turns filling the panel.  A stop and the
    new run after it are one line now, and no line takes more than two."""
    t = _table(app, {"players": 3, "rounds": 5, **TABLE_RULES}, lambda st: st.phase == PHASE_PLAY and st.turn == 0 and len(st.log) >= 30 and GAME.playable(st, 0) != ())
    L = t.layout()
    s = L.s
    width = L.log.w - int(26 * s) - int(10 * s)  # the panel's text column (kit.log: the dot's indent and the margin)
    lines = t.log_lines()
    keys = [line.message.key for line in t.match.log()]
    assert "runs.log.draw_stop" in keys and "runs.log.play_new" in keys  # the position has stops and new runs
    texts = [words for _, words in lines]
    for words in texts:
        assert len(wrapped(words, int(13 * s), width)) <= 2, words
    assert not [w for w in texts if "the next player starts a new one" in w]
    merged = [w for w in texts if "could not follow and drew" in w and "starts a new run with" in w]
    assert merged, texts
    assert len(lines) < len(t.match.log())  # merged: fewer entries than actions


def test_the_header_names_every_house_rule_in_force(app):
    """"stop + bigger deal (house rules)" left the new run out, and a game
    with the circuit never named it at the table."""
    t = _table(app, {"players": 3, "rounds": 5, **TABLE_RULES}, lambda st: st.phase == PHASE_PLAY and st.turn == 0 and len(st.chain) >= 1 and GAME.playable(st, 0) != () and not GAME.starts_run(st))
    facts = " · ".join(t.facts())
    assert "house rules: New run, Stop, Bigger deal" in facts, facts
    assert "Circuit" not in facts  # with the stop the circuit never comes
    run = t.picture().still.run
    assert run.hint is not None and tr("runs.table.stop_note") in run.hint, run.hint
    circuit = {"players": 3, "rounds": 5, "new_run": True, "circuit": True}
    c = _table(app, circuit, lambda st: st.phase == PHASE_PLAY and st.turn == 0 and len(st.chain) >= 2 and st.idle >= 1 and GAME.playable(st, 0) != () and not GAME.starts_run(st))
    facts = " · ".join(c.facts())
    assert "house rules: New run, Circuit" in facts, facts
    hint_text = c.picture().still.run.hint
    holding = sum(1 for n in c.view.hand_counts if n)
    assert hint_text is not None and tr("runs.table.circuit_note", n=holding - c.view.idle) in hint_text, hint_text


def test_how_a_round_goes_says_what_the_chosen_options_deal(app):
    """It said "Everyone gets 7 cards" while the default deals 13 to each of three."""
    from game.ui.tables.runs.setup import about

    setup = seated(app, SetupScene(app, {"players": 3}))
    assert setup.values["rules"] == "house"
    texts = " ".join(drawn_texts(app))
    assert "each gets 13 cards, and 13 are left as the draw pile" in texts, texts
    assert "7 cards" not in texts
    assert "each gets 20 cards, and 12 are left" in about({"players": 2, "rules": "house"})
    assert "each gets 7 cards, and 31 are left" in about({"players": 3, "rules": "written"})
    assert "each gets 7 cards, and 10 are left" in about({"players": 6, "rules": "new_run"})


def test_the_log_names_who_plays_first_in_a_new_round():
    m = Match.start(GAME, {**GAME.default_options(3), **TABLE_RULES}, 5, seats_from(["Anna", "Ben", "Cora"], [None, None, None]))
    m.run(lambda mm: mm.state.round == 2 and len(mm.state.log) == 0)
    before, after = m.states[-2], m.state
    line = m.describe(before, m.actions[-1]).render("en")
    assert line == f"Round 2 begins; {m.seats[after.turn].name} plays the first card.", line


def test_the_one_person_who_must_draw_sees_their_hand_dimmed(app):
    """Against the computers the hand stayed bright when none of its cards
    could go (a hand with lit cards shades the others)."""
    import dataclasses

    import pygame

    t = seated(
        app,
        demo.table_for(
            app,
            demo.find_runner({"players": 3, "rounds": 5}, lambda st: st.phase == PHASE_PLAY and st.turn == 0 and GAME.forced_action(st) is not None and not GAME.chain_dead(st) and len(st.pile) > 2),
            auto_draw=False,
        ),
    )
    assert t.my_turn() and not t.view.playable
    still = t.picture().still
    assert still.hand is not None and still.hand.dim
    bright = dataclasses.replace(still, hand=dataclasses.replace(still.hand, dim=False))
    L = t.layout()
    spot = (L.hand[0].x + L.hand[0].w // 8, L.hand[0].centery + L.hand[0].h // 4)  # paper of the first card
    dimmed_s, bright_s = pygame.Surface(app.size), pygame.Surface(app.size)
    t.paint_static(dimmed_s, still)
    t.paint_static(bright_s, bright)
    assert sum(dimmed_s.get_at(spot)[:3]) < sum(bright_s.get_at(spot)[:3]) - 60
    # a person with a card to play: the hand is not dimmed as a whole
    other = seated(app, demo.table_for(app, demo.mid_round()))
    hand = other.picture().still.hand
    assert other.my_turn() and hand is not None and not hand.dim


def test_the_hint_ring_leaves_the_new_tag_readable(app):
    """The hint's card is often the one just drawn: the keyboard ring around
    it ran through the card's "new" tag."""

    from game.ui.assets import GOLD
    from game.ui.kit.cursor import CURSOR_COLOUR

    t = seated(app, demo.table_for(app, demo.mid_round()))
    card = t.view.playable[0]
    i = list(t.view.hand).index(card)
    t.model.fresh = frozenset({card})
    t.model.cursor = i
    t._still = None
    pump(app, 2)
    r = t.hand_rect(card)
    s = t.layout().s
    ring_y = r.y - max(6, int(10 * s)) // 2  # the ring's top edge, through the tag
    seen = [tuple(app.screen.get_at((x, ring_y))[:3]) for x in range(r.x + int(8 * s), r.x + int(24 * s))]
    assert tuple(CURSOR_COLOUR[:3]) not in seen, seen
    assert any(sum(abs(a - b) for a, b in zip(px, GOLD)) < 60 for px in seen), seen
