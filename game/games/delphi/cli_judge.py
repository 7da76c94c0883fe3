"""``python -m game judge``: a Delphi rule's verdict on a sequence of plays.

    python -m game judge --rule "<rule>" --cards "3H 9S 4C JD 10S-9H-4S-2S" [--json]
        [--starters N] [--lang en|de] [--analyse]

The first ``max(1, lookback)`` cards (or ``--starters N``) are the starter
cards.  Every later play is judged against the main line as it stands: an
accepted card becomes ``last``; a rejected one goes to a side line and
changes nothing.  Cards joined by ``-`` are one string, judged card by card
and accepted only as a whole.  ``--json`` prints one JSON object.

Exit codes: 0 done, 1 with ``--analyse`` when the check finds the rule
unusable (``"ok": false``, the verdicts are still printed), 2 bad rule, bad
card code or bad arguments (the message says what and, for a rule, at
which column).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from game.cards import Card, CardParseError
from game.engine import Message
from game.engine.cli import ToolParser, guarded, number, say
from game.games.delphi.rulelang import Analysis, Rule, RuleSyntaxError, analyse, parse_rule, starters_for


class PlayParseError(ValueError):
    """A token of ``--cards`` that is not a card or a string of cards."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.reason = Message("delphi_lang.judge.err_card", {"text": token})
        super().__init__(self.reason.render("en"))


#: how the tool names itself in a message
PROG = "judge"
#: starter cards: no rule looks back further than a few cards
MAX_STARTERS = 1000


def _parser() -> ToolParser:
    p = ToolParser(
        prog="python -m game judge",
        description="Judge a sequence of Delphi plays by a rule.",
        add_help=True,
    )
    p.add_argument("--rule", required=True, help="the rule, in the rule language")
    p.add_argument("--cards", required=True, help='card codes; a string of cards joined by "-" (e.g. "3H 9S 10S-9H")')
    p.add_argument("--starters", type=number(1, MAX_STARTERS), default=None, help="number of starter cards (default: as many as the rule looks back, at least 1)")
    p.add_argument("--lang", choices=["en", "de"], default="en")
    p.add_argument("--analyse", "--analyze", action="store_true", help="also check the rule and simulate its share of accepted cards")
    p.add_argument("--json", action="store_true")
    return p


def parse_plays(text: str) -> list[list[Card]]:
    """``"3H 9S 10S-9H"`` -> ``[[3H], [9S], [10S, 9H]]``; raises
    PlayParseError naming the bad code."""
    plays: list[list[Card]] = []
    for token in text.replace(",", " ").split():
        cards = []
        for part in token.split("-"):
            try:
                card = Card.parse(part) if part else None
            except CardParseError:
                card = None
            if card is None or card.is_joker:
                raise PlayParseError(part or token)
            cards.append(card)
        plays.append(cards)
    return plays


def judge_plays(rule: Rule, starters: list[Card], plays: list[list[Card]]) -> dict[str, Any]:
    """Judge each play in turn; the result as a JSON-able dict."""
    line = list(starters)
    out_plays: list[dict[str, Any]] = []
    verdicts: list[dict[str, Any]] = []
    accepted_cards = rejected_cards = 0
    for n, cards in enumerate(plays, start=1):
        pos = len(line) + 1
        last = line[-1].code
        ok = rule.accepts_string(cards, line)
        out_plays.append({"play": n, "cards": [c.code for c in cards], "position": pos, "last": last, "accepted": ok})
        for k, c in enumerate(cards):
            verdicts.append({"card": c.code, "accepted": ok, "position": pos + k, "play": n})
        if ok:
            line.extend(cards)
            accepted_cards += len(cards)
        else:
            rejected_cards += len(cards)
    return {
        "rule": rule.text,
        "lookback": rule.lookback,
        "starters": [c.code for c in starters],
        "verdicts": verdicts,
        "plays": out_plays,
        "main_line": [c.code for c in line],
        "accepted": accepted_cards,
        "rejected": rejected_cards,
    }


def _say(key: str, **params: Any) -> Message:
    return Message("delphi_lang.judge." + key, params)


def _fail(message: str, as_json: bool, extra: dict[str, Any] | None = None) -> int:
    say(PROG, message)
    if as_json:
        body = {"ok": False, "error": message}
        body.update(extra or {})
        print(json.dumps(body, ensure_ascii=False))
    return 2


def judge(argv: Sequence[str]) -> int:
    argv = list(argv)
    as_json = "--json" in argv
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:  # argparse reports usage errors by exiting
        return int(e.code or 0)
    lang = args.lang
    try:
        rule = parse_rule(args.rule)
    except RuleSyntaxError as e:
        return _fail(e.render(lang), as_json, {"column": e.column, "reason": e.reason.to_json()})
    try:
        plays = parse_plays(args.cards)
    except PlayParseError as e:
        return _fail(e.reason.render(lang), as_json, {"card": e.token})
    n_start = starters_for(rule) if args.starters is None else args.starters
    if n_start < max(1, rule.lookback):
        return _fail(Message("delphi_lang.check.needs_starters", {"lookback": rule.lookback, "starters": n_start, "n": n_start}).render(lang), as_json)
    starters: list[Card] = []
    i = 0
    while len(starters) < n_start and i < len(plays):
        if len(plays[i]) != 1:
            return _fail(_say("err_starter_string", n=n_start).render(lang), as_json)
        starters.append(plays[i][0])
        i += 1
    if len(starters) < n_start:
        return _fail(_say("err_need_starters", n=n_start).render(lang), as_json)
    result: dict[str, Any] = {"ok": True}
    result.update(judge_plays(rule, starters, plays[i:]))
    analysis = analyse(rule, starters=n_start) if args.analyse else None
    if analysis is not None:
        result["analysis"] = {
            "share": analysis.share,
            "dry_share": analysis.dry_share,
            "errors": [m.render(lang) for m in analysis.errors],
            "warnings": [m.render(lang) for m in analysis.warnings],
        }
    # a rule the check finds unusable is not ok: the verdicts are printed,
    # and the exit code says so (1, not the 2 of text that is no rule)
    code = 0
    if analysis is not None and analysis.errors:
        result["ok"] = False
        code = 1
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return code
    _print_human(result, rule, lang, analysis)
    return code


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(c) for c in codes]


def _print_human(result: dict[str, Any], rule: Rule, lang: str, analysis: Analysis | None) -> None:
    def say(key: str, **params: Any) -> None:
        print(_say(key, **params).render(lang))

    say("rule", rule=rule.to_text(lang))
    say("starters", cards=_cards(result["starters"]), n=len(result["starters"]))
    for p in result["plays"]:
        cards = _cards(p["cards"])
        if len(cards) == 1:
            say("fits" if p["accepted"] else "wrong", card=cards[0], pos=p["position"], last=Card.parse(p["last"]))
        else:
            say("string_fits" if p["accepted"] else "string_wrong", cards=cards, pos=p["position"], last=Card.parse(p["last"]))
    say("main_line", cards=_cards(result["main_line"]))
    total = result["accepted"] + result["rejected"]
    say("summary", accepted=result["accepted"], total=total, n=total)
    if analysis is not None:
        if analysis.summary is not None:
            print(analysis.summary.render(lang))
        for m in analysis.messages():
            print("! " + m.render(lang))


if __name__ == "__main__":
    sys.exit(guarded(judge, sys.argv[1:], PROG))
