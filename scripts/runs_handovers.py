"""Handovers per card played by people at a hot-seat table of Runs.

Plays whole games of people only (``--people``, default 2) through the
match's steps, as the table does: every pass screen is a handover; each
person is played by the simple computer's choices.  Prints the handovers,
the cards the people played (by hand or by themselves) and the ratio, over
``--games`` seeded games under the table's rules (or ``--written``)::

    .venv/bin/python scripts/runs_handovers.py --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.match import Match, Seat, StepKind
from game.games.runs import GAME
from game.games.runs.bots import SimpleBot
from game.games.runs.rules import TABLE_RULES
from game.games.runs.state import PLAY


def play_hot_seat(seed: int, people: int, rules: dict, rounds: int = 5, computers: int = 0) -> tuple[int, int, int]:
    """(handovers, cards the people played, of them by themselves) of one
    game of ``people`` and then ``computers`` (simple) seats."""
    options = {**GAME.default_options(people + computers), "rounds": rounds, **rules}
    m = Match.start(GAME, options, seed, [Seat(f"P{i + 1}") for i in range(people)] + [Seat(f"C{i + 1}", bot="simple") for i in range(computers)])
    bot, rng = SimpleBot(), random.Random(seed)
    handovers = plays = auto_plays = 0
    for _ in range(20000):
        step = m.next()
        if step.kind is StepKind.OVER:
            return handovers, plays, auto_plays
        if step.kind is StepKind.PASS:
            handovers += 1
            m.handed_to(step.seat)
        elif step.kind is StepKind.BREAK:
            m.proceed()
        elif step.kind is StepKind.BOT:
            m.play_bot()
        elif step.kind is StepKind.AUTO:
            plays += step.action.kind == PLAY
            auto_plays += step.action.kind == PLAY
            m.play(step.action)
        else:
            action = bot.choose(m.view(), m.legal(), rng)
            plays += action.kind == PLAY
            m.play(action)
    raise RuntimeError("the game did not end")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--people", type=int, default=2)
    ap.add_argument("--computers", type=int, default=0, help="simple computers after the people")
    ap.add_argument("--written", action="store_true", help="the rule sheet as written instead of the table's rules")
    a = ap.parse_args(argv)
    rules = {} if a.written else dict(TABLE_RULES)
    h = p = ap_ = 0
    for seed in range(a.seed, a.seed + a.games):
        x, y, z = play_hot_seat(seed, a.people, rules, computers=a.computers)
        h, p, ap_ = h + x, p + y, ap_ + z
    print(json.dumps({"games": a.games, "people": a.people, "computers": a.computers, "rules": "written" if a.written else "table", "handovers": h, "cards_played": p, "played_by_themselves": ap_, "handovers_per_card": round(h / max(1, p), 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
