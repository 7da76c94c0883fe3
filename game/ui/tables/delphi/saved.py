"""How a saved game of Delphi reads in the Continue list: the round, who
is God in it, and the totals of the finished rounds (the leader first).
God's rule is not among them: it is God's alone."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.i18n import tr


def facts(match: Match[Any, Any, Any], lang: str) -> list[str]:
    v = match.game.view(match.state, None)
    out = [tr("ui.saves.round_of", lang, n=v.round + 1, of=v.rounds)]
    god = v.god_name or tr("delphi.god", lang)
    out.append(tr("delphi.table.god_is", lang, god=god, name=match.name_of(v.god)))
    if any(v.totals):
        order = sorted(range(v.players), key=lambda s: -v.totals[s])
        out.append(", ".join(f"{match.name_of(s)} {v.totals[s]}" for s in order))
    return out
