"""How a saved game of Runs reads in the Continue list: the round, the
scores so far (the leader first) and the house rule when it is on (two
games of the same table looked alike with their moves alone)."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.games.runs.policy import num
from game.games.runs.rules import OPEN_ENDED
from game.games.runs.state import standings
from game.i18n import tr


def facts(match: Match[Any, Any, Any], lang: str) -> list[str]:
    v = match.view()
    rnd = tr("ui.saves.round", lang, n=v.round) if v.rounds == OPEN_ENDED else tr("ui.saves.round_of", lang, n=v.round, of=v.rounds)
    out = [rnd, ", ".join(f"{match.name_of(s, lang)} {num(v.scores[s])}" for s in standings(v.scores))]
    if v.stop:
        out.append(tr("runs.table.stop_short", lang))
    elif v.new_run:
        out.append(tr("runs.table.new_run_short", lang))
    return out
