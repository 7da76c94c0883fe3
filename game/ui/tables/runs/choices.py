"""The Runs setup's choices as a game shows them: "New game" at a table
opens the setup with that game's own table (its seats, rounds and rules),
over the names and kinds the setup kept for the other seats."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match


def choices_of(remembered: dict[str, Any], match: Match[Any, Any, Any]) -> dict[str, Any]:
    """``remembered`` (the setup's last choices) with ``match``'s seats and options over them."""
    o = match.options
    out = dict(remembered)
    out.pop("rules", None)  # the setup reads the rules from new_run and circuit
    out.update(players=match.players, rounds=o.get("rounds"), wrap=bool(o.get("wrap")), new_run=bool(o.get("new_run")), circuit=bool(o.get("circuit")))
    for key, values in (("names", [s.name for s in match.seats]), ("kinds", [s.kind for s in match.seats])):
        old = [x for x in (remembered.get(key) or []) if isinstance(x, str)]
        out[key] = values + old[len(values) :]
    return out
