"""The kit's voice (game/ui/kit/speech.py): a note for one seat is said
only while that seat holds the device, a refusal interrupts, a move is
said in words with its cards named, and turns are said when they change
hands."""

from __future__ import annotations

from game.ui.a11y.nodes import Politeness
from game.ui.kit.passdevice import PassScene
from tests.ui.helpers import pump


def _two_people(app):
    from game.ui.tables.mind_the_gap.table import start_game

    app.settings.animation = "off"
    t = start_game(app, {"players": 2, "level": "normal", "coins": 0}, 3, {"names": ["Anna", "Ben"], "bots": [None, None]})
    pump(app, 2)
    if isinstance(app.scenes.top, PassScene):
        app.scenes.top._ready()
        pump(app, 2)
    assert t.viewer == 0
    return t


def test_a_note_for_another_seat_waits_until_that_seat_has_the_device(app):
    t = _two_people(app)
    app.announced.clear()
    t.model.say("for Ben's eyes", seat=1, ttl=60)
    t.model.say("for everyone", ttl=60)
    assert [a.text for a in app.announced] == ["for everyone"]
    t.match.handed_to(1)
    t._viewer_check()
    assert [a.text for a in app.announced][-1] == "for Ben's eyes"


def test_a_note_gone_before_its_seat_has_the_device_is_never_said(app):
    t = _two_people(app)
    app.announced.clear()
    t.model.say("for Ben's eyes", seat=1, ttl=0.5)
    t.model.tick(1.0)  # its time on the table ran out before the device passed
    t.match.handed_to(1)
    t._viewer_check()
    assert "for Ben's eyes" not in [a.text for a in app.announced]


def test_a_refusal_interrupts_and_names_cards_in_words(app):
    from game.cards import Card
    from game.i18n import msg

    t = _two_people(app)
    app.announced.clear()
    t.refuse(msg("gaps.no_gap.after", card=Card.parse("JH"), left=Card.parse("TH"), right=Card.parse("6S")))
    a = app.announced[-1]
    assert a.politeness is Politeness.ASSERTIVE
    assert "jack of hearts" in a.text and "♥" not in a.text
