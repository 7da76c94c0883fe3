"""The Delphi setup's choices as a game shows them: "New game" at the end
opens the setup with that game's own table (its seats and their levels,
rounds, the first God and God's name), over the names and kinds the setup
kept for the other seats."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match


def choices_of(remembered: dict[str, Any], match: Match[Any, Any, Any]) -> dict[str, Any]:
    """``remembered`` (the setup's last choices) with ``match``'s seats and options over them."""
    o = match.options
    out = dict(remembered)
    out.update(players=match.players, rounds=o.get("rounds"), first_god=o.get("first_god", 0), god_name=o.get("god_name", ""))
    seats = match.seats
    for key, values in (("names", [s.name for s in seats]), ("kinds", [s.kind for s in seats]), ("levels", [s.level for s in seats])):
        old = list(remembered.get(key) or [])
        out[key] = values + old[len(values) :]
    return out
