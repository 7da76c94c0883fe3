"""Whole rounds: random and bot playouts end, keep the cards, exercise the
Prophet, and every sentence they produce exists in both languages."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game import i18n
from game.cards import multi_deck
from game.engine import random_playout
from game.engine.match import Match, Seat
from game.games.delphi import CONFORMANCE, GAME
from game.games.delphi.log import render_entry
from tests.games.delphi.fakes import fake_game

FULL = Counter(multi_deck(3))
RULES = ["odd-black", "alternate", "anything", "nothing", "hearts", "above-both"]


def play_with_bots(g, options, seed, bots) -> Match:
    """Bots in every seat (``bots`` repeated), one generator for all, as the
    simulator plays."""
    seats = [Seat(str(i + 1), bots[i % len(bots)]) for i in range(options["players"])]
    match = Match.start(g, options, seed, seats, rng=random.Random(seed), strict=True)
    assert match.run(lambda m: m.over, limit=2000), "a round that does not end"
    return match


def test_random_playouts_end_quickly_and_keep_all_cards():
    g = fake_game()
    lengths = []
    for i in range(120):
        rule = RULES[i % len(RULES)]
        players = 3 + i % 6
        r = random_playout(g, {"players": players, "rounds": 1, "rules": [rule]}, i)
        lengths.append(len(r.actions))
        assert Counter(g.cards(r.state)) == FULL
        res = r.state.results[0]
        assert res.reason.key in ("delphi.end.out", "delphi.end.expelled", "delphi.end.deck")
        assert sum(res.scores) >= 0
    # measured: the longest of these is under 200 actions ("anything" runs longest)
    assert max(lengths) < 400


def test_random_playouts_reach_every_kind_of_prophet_event():
    # (a Prophet judging at random always falls in the end: standing
    # Prophets come from the bots, below)
    g = fake_game()
    seen = Counter()
    for i in range(150):
        r = random_playout(g, {"players": 4 + i % 3, "rounds": 1, "rules": [RULES[i % 6]]}, 500 + i)
        for e in r.state.log:
            seen[e[0]] += 1
    for key in (
        "delphi.log.prophet",
        "delphi.log.cast_down",
        "delphi.log.pick",
        "delphi.log.noplay_right",
        "delphi.log.expelled",
        "delphi.log.wrong_spared",
        "delphi.log.spared",
    ):
        assert seen[key] > 0, key


@pytest.mark.parametrize("bots", [["random"], ["cautious"], ["cautious", "random"]])
def test_bot_games_of_two_rounds_end(bots):
    g = fake_game()
    for seed in range(6):
        options = {"players": 4 + seed % 3, "rounds": 2, "rules": ["odd-black", "alternate"]}
        r = play_with_bots(g, options, seed, bots)
        assert len(r.state.results) == 2
        assert Counter(g.cards(r.state)) == FULL


def test_the_cautious_bot_cracks_an_easy_rule_and_prophesies():
    g = fake_game()
    prophets = 0
    for seed in range(10):
        r = play_with_bots(g, {"players": 5, "rounds": 1, "rules": ["alternate"]}, seed, ["cautious"])
        prophets += r.state.results[0].prophet >= 0
    assert prophets >= 5  # measured 10 of 10 with these seeds


def test_every_sentence_exists_in_english_and_german():
    g = fake_game()
    keys = set()
    for i in range(60):
        options = {"players": 4 + i % 3, "rounds": 2, "rules": [RULES[i % 3], {"hand": True}]}
        r = random_playout(g, options, 900 + i)
        for k, (s, a) in enumerate(zip(r.states, r.actions)):
            keys.add(g.describe_action(s, a).key)
            keys.add(g.status(s).key)
            if r.states[k + 1].round != s.round:  # the whole log of a finished round
                keys.update(render_entry(e, s).key for e in s.log)
        keys.update(render_entry(e, r.state).key for e in r.state.log)
        keys.update(res.reason.key for res in r.state.results)
        keys.add(g.outcome(r.state).reason.key)
        mid = r.states[len(r.states) // 2]
        stop = g.stop_action(mid)
        keys.add(g.describe_action(mid, stop).key)
        keys.add(g.outcome(g.apply(mid, stop)).reason.key)
    missing = {k for k in keys if k not in i18n.catalog("en") or k not in i18n.catalog("de")}
    assert not missing, sorted(missing)
    assert len(keys) > 40


def test_conformance_option_sets_are_valid():
    for options in CONFORMANCE:
        try:
            GAME.validate_options(options)
        except ValueError as e:  # pragma: no cover - would be a broken set
            pytest.fail(f"{options}: {e}")


def test_messages_render_with_names():
    g = fake_game()
    r = random_playout(g, {"players": 4, "rounds": 1, "god_name": "Oracle", "rules": ["odd-black"]}, 3)
    v = g.view(r.states[5], 1)
    texts = [m.render("de") for m in v.named_messages(["-", "Anna", "Ben", "Cleo"])]
    assert any("Anna" in t or "Ben" in t or "Cleo" in t for t in texts)
    assert any("Oracle" in m.render("en") for m in v.messages)
