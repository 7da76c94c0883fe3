"""The expected win rates the setup screen shows next to the coin count.

``winrates.json`` (made by ``scripts/winrates.py``) holds, for 1-3 players
and 0-20 coins, how many of a fixed number of simulated deals the seed bot
won (the rules text's policy in the reading closest to its table, weighing
each finished pyramid by the ways the unseen cards complete it: see
docs/fidelity.md; the file names the bot), per rule set: ``standard``
(Easy, Normal and Hard: the seed bot ignores open hands, so only the coins
differ), ``expert``, ``small`` and ``jokers``.  With a few hundred deals per cell a rate is good
to about ± 5 points (95 %); the file records the exact count.

>>> rate, deals = expected_win_rate(2, "normal", 6)
>>> 0.3 < rate < 0.7 and deals >= 100
True
>>> expected_win_rate(2, "expert", 1, "small") is None
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def _data() -> dict | None:
    f = resources.files("game.games.mind_the_gap").joinpath("winrates.json")
    if not f.is_file():
        return None
    try:
        data = json.loads(f.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("schema") == 1 else None


def rule_set(level: str, small: bool = False, jokers: bool = False) -> str | None:
    """Which table of the file applies (None: not simulated)."""
    if level == "expert":
        return None if (small or jokers) else "expert"
    if small and jokers:
        return None
    if small:
        return "small"
    if jokers:
        return "jokers"
    return "standard" if level in ("easy", "normal", "hard") else None


def expected_win_rate(
    players: int, level: str, coins: int, variant: str | None = None, *, small: bool = False, jokers: bool = False
) -> tuple[float, int] | None:
    """(win rate, simulated deals) for these settings, or None when the
    table has no such cell.  ``variant`` may be "std", "small", "jokers" (as
    in the notation) instead of the ``small``/``jokers`` flags."""
    if variant is not None:
        small = small or "small" in variant
        jokers = jokers or "jokers" in variant
    data = _data()
    rules = rule_set(level, small, jokers)
    if data is None or rules is None:
        return None
    row = data.get("wins", {}).get(rules, {}).get(str(players))
    deals = data.get("deals_per_cell")
    if not row or not isinstance(deals, int) or not isinstance(coins, int) or not 0 <= coins < len(row):
        return None
    return row[coins] / deals, deals
