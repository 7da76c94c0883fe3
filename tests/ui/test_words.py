"""What the screens say about results, checked on real games (issue 20):
the statistics lines read cleanly in both languages, a time is the same
number wherever it is shown, and an end panel never contradicts itself."""

from __future__ import annotations

import re

import pytest

from game.ui.tables import built, table
from tests.ui.filefuzz import folded

#: real games of every kind, computers in every seat, to their ends
PLAYS = [
    ("mind-the-gap", {"players": 1, "level": "easy"}, [None], {"helper": True}, None),
    ("mind-the-gap", {"players": 2, "level": "normal"}, [None, "strong"], {}, None),
    ("gaps", {"redeals": 2, "layout": ""}, [None], {"elapsed": 296.6}, None),
    ("gaps", {"redeals": 1, "layout": ""}, [None], {"assisted": True}, None),
    ("delphi", {"players": 3, "rounds": 3}, [None, "augur", "cautious"], {}, None),
    ("delphi", {"players": 3, "rounds": 3}, [None, "random", "cautious"], {}, None),
    ("runs", {"players": 3, "rounds": 5}, [None, "simple", "strong"], {}, None),
]


def reads_cleanly(s: str) -> bool:
    """Brackets closed, never one inside another, no "1 games"."""
    depth = 0
    for ch in s:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if not 0 <= depth <= 1:
            return False
    return depth == 0 and not re.search(r"(^|\D)1 (games|rounds|Spielen|Runden)\b", s)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_statistics_line_closes_what_it_opens(lang):
    """"Wins of the computer (augur (strong))" and "1 of 1 games" read in
    Delphi's statistics: a label that put a bracketed bot name into
    brackets of its own, a count in the plural for one."""
    stats = folded(PLAYS)
    seen = 0
    for gid in built():
        for label, value in table(gid).stats_lines(stats.get(gid, {}), lang):
            assert reads_cleanly(label) and reads_cleanly(value), (gid, label, value)
            seen += 1
    assert seen > 20


def test_the_fastest_gaps_win_reads_the_same_in_the_summary_and_the_statistics(app):
    """A win at 296.6 s on the clock read 4:56 in the session summary and
    4:57 in the statistics (one rounded down, the other to the nearest)."""
    from game.engine.match import Match, Seat
    from game.games import gaps as G
    from game.persistence.saves import load_stats
    from game.ui.tables import gaps as gaps_ui
    from game.ui.tables.gaps.session import session_of
    from game.ui.tables.gaps.summary import summary_rows
    from game.ui.tables.gaps.table import GapsTable
    from tests.ui.helpers import seated, settle

    m = Match.start(G.GAME, {"redeals": 2, "layout": gaps_ui.NEAR_WON}, 77, [Seat("P")], meta={"elapsed": 296.6})
    t = seated(app, GapsTable(app, m))
    t.model.elapsed = 296.6
    t.move_card(12)
    settle(app, 1.0)
    assert t.match.over and t.match.outcome.won
    shown = dict(summary_rows(session_of(app), "en"))["Fastest win"]
    stats, _ = load_stats()
    listed = dict(gaps_ui.stats_lines(stats["gaps"], "en"))["· fastest win"]
    assert shown.startswith(listed), (shown, listed)


def _mtg_won(app, meta: dict):
    """A game of Mind the Gap that a computer plays to a win at the table."""
    from game.engine.match import Seat
    from game.ui.tables.mind_the_gap import start_game
    from tests.ui.helpers import settle
    from tests.ui.test_mtg_table import winning_seed

    t = start_game(app, {"players": 1, "level": "normal"}, winning_seed(), meta, seats=[Seat("Anna", "strong")])
    for _ in range(60):
        settle(app, 1.0)
        if t.match.over:
            break
    settle(app, 3.0)
    assert t.match.outcome is not None and t.match.outcome.won
    return t


def test_the_gap_help_on_at_the_deal_counts_as_help(app):
    """Three games with the help on from the deal said "3 of 3 won · 1 with
    help": only a game where it was switched on at the table counted."""
    from game.persistence.saves import load_stats

    _mtg_won(app, {"helper": True})
    stats, _ = load_stats()
    (row,) = stats["mind-the-gap"].values()
    assert row["games"] == 1 and row["helper_games"] == 1


def test_the_end_of_a_won_pyramid_says_each_thing_once(app):
    """The end panel said "… with 0 coins to spare." and "0 coins left",
    and the help beside the finished pyramid "1 finished pyramid still
    possible"."""
    from game.ui.kit.overlay import ResultScene
    from tests.ui.helpers import drawn_texts

    t = _mtg_won(app, {"helper": True})
    panel = app.scenes.top
    assert isinstance(panel, ResultScene)
    coins = [line for line in panel.lines if "coin" in line.lower()]
    assert len(coins) == 1, panel.lines
    assert "0 coins" not in " ".join(panel.lines)  # none left: "no coin to spare"
    app.scenes.reset(t)
    assert "still possible" not in " ".join(drawn_texts(app))  # (a wrapped text comes as its lines)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_pyramid_won_with_no_coin_left_says_so_in_words(lang):
    from game.i18n import tr

    assert "0" not in tr("mind_the_gap.won", lang, n=0)
    assert "3" in tr("mind_the_gap.won", lang, n=3)


def test_the_runs_hand_says_the_round_score_of_the_sheet_between_rounds(app):
    """Between rounds the hand's label said "this round ±0" beside a score
    sheet of +71: the round's points had gone into the sheet."""
    from game.games.runs.policy import signed
    from game.games.runs.state import PHASE_BREAK
    from game.ui.tables.runs.demo import at_break, table_for
    from tests.ui.helpers import drawn_texts, seated

    t = seated(app, table_for(app, at_break()))
    v = t.view
    assert v.phase == PHASE_BREAK and t.viewer == 0
    sheet = v.history[-1].totals[0]
    app.scenes.reset(t)  # the table alone, without its summary over it
    label = next(s for s in drawn_texts(app) if s.startswith(t.seat_name(0) + " · "))
    assert f"this round {signed(sheet)} " in label, (label, sheet)


@pytest.mark.parametrize(("gid", "key", "value"), [("gaps", "redeals", 1), ("mind-the-gap", "level", "hard"), ("runs", "rounds", 7), ("delphi", "players", 5)])
def test_each_setup_opens_from_the_menu_as_it_was_last_started(app, gid, key, value):
    """A setup remembered its choices through "New game" at a table but
    not through Menu -> the game, and not the same way in every game."""
    from game.ui.kit.form import SetupForm
    from game.ui.scenes.menu import open_game
    from tests.ui.helpers import settle

    open_game(app, gid)
    setup = app.scenes.top
    assert isinstance(setup, SetupForm) and setup.values[key] != value
    setup.set(key, value)
    setup.start()
    settle(app, 0.3)
    assert app.scenes.top is not setup
    app.to_menu()
    open_game(app, gid)
    again = app.scenes.top
    assert isinstance(again, SetupForm) and again is not setup and again.values[key] == value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_delphi_rule_examples_are_rules_in_the_screens_language(lang):
    """The German practice field showed an English example rule
    (card.color != last.color); both parse, but a German screen now shows
    the German words, and the rules text names God's other names as the
    setup offers them ("Seherin", not "Seher")."""
    from game.games.delphi.rulelang.rule import parse_rule
    from game.i18n import rules_text, tr

    example = tr("delphi.solo_ui.typed_placeholder", lang).split("e.g. " if lang == "en" else "z. B. ")[1]
    parse_rule(example)
    assert ("card." in example) == (lang == "en") and ("karte." in example) == (lang == "de")
    rules = rules_text("delphi", lang) or ""
    for name in ("oracle", "seer"):
        word = re.escape(tr(f"delphi.table.godname.{name}", lang))
        assert re.search(rf"\b{word}\b", rules), name


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_gaps_layout_example_is_a_row_the_notation_reads(lang):
    """The German setup showed its example row in English codes (2H 9C JD)
    without saying what H, C, D stand for: it now writes the suits as
    symbols and the hint names the letters the copied layout uses."""
    from game.cards import Card
    from game.i18n import tr

    cells = tr("gaps_ui.layout_example", lang).split(": ", 1)[1].split()
    assert len(cells) == 13
    cards = [Card.parse(c) for c in cells if c != "--"]
    assert len(set(cards)) == 11
    if lang == "de":
        assert all(c[-1] in "♥♦♠♣" for c in cells if c != "--")
        assert "H D S C" in tr("gaps_ui.layout_hint", lang)
