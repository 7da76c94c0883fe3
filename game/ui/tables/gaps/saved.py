"""How a saved game of Gaps reads in the Continue list: the cards in
place and the redeals left (what two saves of the same rule set differ by)."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.games import gaps as G
from game.i18n import tr


def facts(match: Match[Any, Any, Any], lang: str) -> list[str]:
    v = match.view()
    return [tr("ui.saves.in_place", lang, n=G.score(v)), tr("ui.saves.redeals_left", lang, n=v.redeals_left)]
