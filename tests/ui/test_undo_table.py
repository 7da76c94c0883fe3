"""Undo at the table against computers (issue 24): Ctrl+Z or the header's
arrow takes back the person's last decision and the computers' replies,
and says so; with several people it says why not (Ctrl+Z was silently
ignored in Mind the Gap and Runs)."""

from __future__ import annotations

import pygame

from game.ui.tables.mind_the_gap import demo as mtg_demo
from game.ui.tables.runs import demo
from tests.ui.helpers import buttons, click, key, said, seated, settle
from tests.ui.test_runs_table import hand_rect, my_turn_with_choice


def _undo_button(app):
    return [b for b in buttons(app) if b.text == "↶"]


def test_ctrl_z_takes_back_a_runs_turn_and_the_computers_replies(app):
    t = my_turn_with_choice(app, min_chain=1, min_playable=2)
    before, n = t.match.state, len(t.match.actions)
    click(app, hand_rect(t, t.view.playable[-1]).center)
    settle(app, 6)
    assert len(t.match.actions) > n + 1 and t.my_turn()
    (arrow,) = _undo_button(app)
    assert arrow.is_enabled
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert t.match.state == before and len(t.match.actions) == n
    assert any("taken back" in x for x in said(t))
    assert t.match.meta.undo_used and t.match.save_meta()["undo_used"] is True


def test_with_two_people_undo_is_not_offered_and_ctrl_z_says_why(app):
    t = seated(app, demo.table_for(app, demo.mid_round(players=2), bots=[None, None], names=["Anna", "Ben"], at_screen=0))
    assert not _undo_button(app)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert any("one person playing with computers" in x for x in said(t))


def test_mind_the_gap_with_a_computer_takes_back_the_persons_move(app):
    import random

    from game.engine.match import Match, Seat
    from game.games import mind_the_gap as mtg

    m = Match.start(mtg.GAME, mtg_demo.TWO, 11, [Seat("Anna"), Seat("Cleo", bot="seed")], rng=random.Random(3))
    m.run(lambda mm: mm.current == 0 and len(mm.game.legal_actions(mm.state)) > 1)
    t = seated(app, mtg_demo.shown(app, m, 0))
    assert t.offers_undo() and _undo_button(app) and not _undo_button(app)[0].is_enabled
    # greyed out, its tip says why, not what it would do
    spec = next(b for b in t.header_buttons() if b.key == "undo")
    assert "no move of yours" in spec.tooltip
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert any("no move of yours" in x for x in said(t))
    before, n = m.state, len(m.actions)
    t.act_or_refuse(m.game.legal_actions(m.state)[0])
    settle(app, 6)
    assert len(m.actions) > n
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert m.state == before and m.meta.undo_used


def test_the_statistics_say_how_many_games_were_played_with_undo():
    from game.ui.tables import mind_the_gap as mtg_ui
    from game.ui.tables import runs as runs_ui

    assert any("2 with undo" in v for _, v in runs_ui.stats_lines({"games": 3, "rounds": 9, "undo_games": 2}, "en"))
    rows = {"normal-2p-6c-std": {"games": 3, "wins": 1, "helper_games": 0, "undo_games": 1}}
    assert any("1 mit Zurücknehmen" in v for _, v in mtg_ui.stats_lines(rows, "de"))
