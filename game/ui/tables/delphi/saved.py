"""How a saved game of Delphi reads in the Continue list: the round, who
is God in it, and the totals of the finished rounds (the leader first);
for a solo round, that it is one (today's rule with its date), the turn,
the points at stake and the wrong guesses.  God's rule is not among
them: it is God's alone."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match
from game.games.delphi.scoring import standings
from game.games.delphi.solo import SOLO, SoloView
from game.i18n import tr
from game.ui.tables.delphi.solo.model import progress, title_of


def facts(match: Match[Any, Any, Any], lang: str) -> list[str]:
    if match.game is SOLO:
        return solo_facts(match.game.view(match.state, 0), lang)
    v = match.game.view(match.state, None)
    out = [tr("ui.saves.round_of", lang, n=v.round + 1, of=v.rounds)]
    god = v.god_name or tr("delphi.god", lang)
    out.append(tr("delphi.table.god_is", lang, god=god, name=match.name_of(v.god, lang)))
    if any(v.totals):
        out.append(", ".join(f"{match.name_of(s, lang)} {v.totals[s]}" for s in standings(v.totals)))
    return out


def solo_facts(v: SoloView, lang: str) -> list[str]:
    return [title_of(v, lang), *progress(v, lang)]
