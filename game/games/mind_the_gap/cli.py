"""Command-line tools for Mind the Gap, called by ``python -m game``::

    python -m game sim mind-the-gap --players 2 --level normal [--variant small|jokers]
                                    [--coins N] [--bot seed|strong] --deals N --seed S --json
    python -m game position mind-the-gap "<notation>" --json
    python -m game count-pyramids --json

Each prints one JSON object with ``--json`` (a short text otherwise) and
returns an exit code: 0 ok, 2 bad input.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from game.cards import Rank, rank_text
from game.engine.cli import SEED, ToolParser, number, say
from game.engine.core import NotationError
from game.games.mind_the_gap.bots import BOTS
from game.games.mind_the_gap.help import analyse
from game.games.mind_the_gap.notation import NOTATION, variant_name
from game.games.mind_the_gap.pyramids import counts
from game.games.mind_the_gap.rules import GAME, LEVELS, MAX_COINS
from game.games.mind_the_gap.sim import Progress, simulate

#: 20,000 deals take 13 s with flat memory, so the most runs ~11 minutes
MAX_DEALS = 1_000_000


def _print(obj, as_json: bool, text: str) -> None:
    if as_json:
        print(json.dumps(obj, ensure_ascii=False, indent=2))
    else:
        print(text)


def sim(argv: Sequence[str]) -> int:
    p = ToolParser(prog="python -m game sim mind-the-gap", description="Bots play many deals of Mind the Gap.")
    p.add_argument("--players", type=number(1, 3), default=2)
    p.add_argument("--level", choices=LEVELS, default="normal")
    p.add_argument("--variant", action="append", choices=["small", "jokers"], default=[], help="may be given twice")
    p.add_argument("--coins", type=number(0, MAX_COINS), help=f"0-{MAX_COINS}; default: the level's")
    p.add_argument("--bot", choices=sorted(BOTS), default="seed")
    p.add_argument("--deals", type=number(1, MAX_DEALS), default=1000)
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--timing", action="store_true", help="also report decision times (CPU)")
    p.add_argument("--json", action="store_true")
    a = p.parsed(argv)
    if isinstance(a, int):
        return a
    options = {
        "players": a.players,
        "level": a.level,
        "coins": a.coins,
        "small": "small" in a.variant,
        "jokers": "jokers" in a.variant,
    }
    bar = Progress(a.deals, "sim")
    res = simulate(options, a.deals, a.seed, a.bot, progress=bar.update, timing=a.timing)
    text = (
        f"{res['wins']}/{res['deals']} won ({100 * res['win_rate']:.1f} % ± {100 * res['margin95']:.1f}), "
        f"mean coins left {res['mean_coins_left']}, {res['seconds']} s"
    )
    _print(res, a.json, text)
    return 0


def _position_json(state) -> dict:
    h = analyse(state)
    shape = state.shape
    gaps = []
    for p, vals in h.gaps.items():
        gaps.append(
            {
                "place": shape.name(p),
                "index": p,
                "row": shape.row(p) + 1,
                "pos": shape.col(p) + 1,
                "values": list(vals),
                "ranks": [rank_text(Rank(v)) for v in vals],
            }
        )
    out = {
        "notation": NOTATION.format(state),
        "target": state.places[0].code,
        "level": state.level,
        "variant": variant_name(state.small, state.jokers),
        "coins": state.coins,
        "finished_pyramids": h.finished,
        "dead_end": h.dead is not None,
        "dead_end_reason": None if h.dead is None else h.dead.to_json(),
        "gaps": gaps,
    }
    oc = GAME.outcome(state)
    out["over"] = oc is not None
    if oc is not None:
        out["outcome"] = {"won": oc.won, "reason": oc.reason.render("en")}
    elif any(state.hands):
        out["to_move"] = state.turn
        out["legal_actions"] = [GAME.action_to_text(x) for x in GAME.legal_actions(state)]
    return out


def position(argv: Sequence[str]) -> int:
    p = ToolParser(prog="python -m game position mind-the-gap", description="What the engine knows about a position.")
    p.add_argument("notation", help='e.g. "5C/3H,8D/6C,9S,-/10D,4C,KH,- JC 5 normal std"')
    p.add_argument("--json", action="store_true")
    a = p.parsed(argv)
    if isinstance(a, int):
        return a
    try:
        state = NOTATION.parse(a.notation)
    except NotationError as e:
        if a.json:
            print(json.dumps({"error": str(e)}))
        say("mind-the-gap", e)
        return 2
    res = _position_json(state)
    lines = [f"target {res['target']}: finished pyramids still possible: {res['finished_pyramids']}"]
    for g in res["gaps"]:
        lines.append(f"  {g['place']}: {' '.join(g['ranks']) or '-'}")
    if res["dead_end"]:
        lines.append("dead end: " + res["dead_end_reason"]["message"]["en"])
    _print(res, a.json, "\n".join(lines))
    return 0


def count_pyramids(argv: Sequence[str]) -> int:
    p = ToolParser(prog="python -m game count-pyramids", description="Finished pyramids (by rank) per target.")
    p.add_argument("--json", action="store_true")
    a = p.parsed(argv)
    if isinstance(a, int):
        return a

    def table(**kw) -> dict[str, int]:
        c = counts(**kw)
        return {rank_text(r): c.get(int(r), 0) for r in Rank if r is not Rank.JOKER}

    res = {
        "normal": table(),
        "expert": table(expert=True),
        "small": table(small=True),
        "small_expert": table(small=True, expert=True),
        "jokers": table(jokers=True),
        "note": "finished pyramids by rank, at most 4 cards of a rank (jokers: 2, value 0); expert: no rank twice",
    }
    text = "\n".join(f"{k}: " + ", ".join(f"{t} {n}" for t, n in v.items() if n) for k, v in res.items() if isinstance(v, dict))
    _print(res, a.json, text)
    return 0
