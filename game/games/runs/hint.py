"""The hint at a table of Runs (issue 24): the strong computer's choice for
the person to play, from that person's view only, with a one-line reason.

Most turns have one legal action (the card that follows, a draw, a pass):
the hint says so.  With two cards that follow (the first card of a round,
or the second where the run may grow either way, and with the house
rules' open runs) the strong bot's look-ahead scores each one and the
reason gives the margin between the best two.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.core import Message, msg
from game.games.runs.bots import StrongBot
from game.games.runs.state import DRAW, NEXT_ROUND, PASS, PLAY, Action, RunsView

#: a margin (round points against the others' mean) below this is a close call
CLOSE = 0.5


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: Message


def hint(view: RunsView, legal: Sequence[Action], rng: random.Random) -> Hint:
    """What to play now and why, from ``view`` (the player's own) and the
    ``legal`` actions of that player's turn."""
    plays = [a for a in legal if a.kind == PLAY]
    if len(plays) >= 2:
        scores, samples = StrongBot().scores(view, plays, rng)
        order = sorted(range(len(plays)), key=lambda j: (-scores[j], j))
        best, second = plays[order[0]], plays[order[1]]
        margin = scores[order[0]] - scores[order[1]]
        if margin < CLOSE:
            return Hint(best, msg("runs.hint.close", card=best.card, other=second.card, samples=samples))
        return Hint(best, msg("runs.hint.best", card=best.card, other=second.card, n=round(margin), samples=samples))
    if plays:
        return Hint(plays[0], msg("runs.hint.only", card=plays[0].card))
    for kind, key in ((DRAW, "runs.hint.draw"), (PASS, "runs.hint.pass"), (NEXT_ROUND, "runs.hint.next")):
        for a in legal:
            if a.kind == kind:
                return Hint(a, msg(key))
    return Hint(legal[0], msg("runs.hint.next"))
