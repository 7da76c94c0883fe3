"""A statistics row this version cannot read is set aside alone: the whole
file goes aside as ``statistics.json.bad`` for the player, every other row
stays and counts on.  Before, one out-of-range number in one row
(``best_redeals: 3``) made the next finished game start a fresh file, and
300 games of Mind the Gap went out of view."""

from __future__ import annotations

import json

from game import i18n
from game.persistence.saves import load_stats, stats_path, update_stats

MTG = {"normal-2p-6c-std": {"games": 300, "wins": 120, "helper_games": 4}}
GAPS = {"r2": {"games": 10, "wins": 3, "best_redeals": 3}, "r1": {"games": 5, "wins": 1}}


def _write(data: dict) -> bytes:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps({"schema": 1, "games": data}).encode()
    stats_path().write_bytes(raw)
    return raw


def test_one_bad_row_is_set_aside_alone_and_the_rest_counts_on():
    raw = _write({"mind-the-gap": MTG, "gaps": GAPS})
    stats, problem = load_stats()
    assert stats == {"mind-the-gap": MTG, "gaps": {"r1": GAPS["r1"]}}
    told = i18n.render(problem, "en")
    assert "gaps: r2" in told and "statistics.json.bad" in told, told
    assert (stats_path().parent / "statistics.json.bad").read_bytes() == raw
    # the next game counts over the rest, with no second word about it
    assert update_stats("gaps", lambda g: g.setdefault("r0", {"games": 1, "wins": 1})) is None
    stats, problem = load_stats()
    assert problem is None and stats["mind-the-gap"] == MTG and set(stats["gaps"]) == {"r0", "r1"}


def test_a_game_of_no_known_kind_goes_aside_with_the_file_and_the_rest_stays():
    _write({"mind-the-gap": MTG, "chess": {"games": 3}})
    stats, problem = load_stats()
    assert stats == {"mind-the-gap": MTG} and "chess" in i18n.render(problem, "de")
