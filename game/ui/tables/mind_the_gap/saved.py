"""How a saved game of Mind the Gap reads in the Continue list: the level,
the pyramid of a series, the coins left."""

from __future__ import annotations

from typing import Any

from game.engine.match import Match, meta_of
from game.games import mind_the_gap as mtg
from game.i18n import tr


def facts(match: Match[Any, Any, Any], lang: str) -> list[str]:
    st = match.state
    out = [tr(f"mind_the_gap.ui.level.{st.level}", lang)]
    series = meta_of(match, mtg.MtgMeta).series
    if series is not None:
        out.append(tr("ui.saves.pyramid", lang, n=series.index + 1, of=series.length))
    out.append(tr("ui.saves.coins_left", lang, n=st.coins))
    return out
