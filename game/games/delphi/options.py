"""Delphi's options: seats, rounds, the first God, God's name and one plan
per round (a rule text, judging by hand, or "God writes it at the table"),
checked and brought to one canonical form."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from game.games.delphi.ruleapi import Parser, starters_for
from game.games.delphi.rulelang import MAX_INPUT
from game.games.delphi.state import MAX_STARTERS, RoundPlan

MAX_GOD_NAME = 24
MAX_NOTE = 200
#: the longest rule text: the rule language reads no longer one (one
#: number; the options took 2,000 characters, the language refused any
#: past its 1,000, so a rule between the two was taken here and refused
#: there, and God's draft, a typed rule and a guess were kept up to
#: 2,000 characters no rule can have)
MAX_RULE_TEXT = MAX_INPUT
MIN_PLAYERS = 3
MAX_PLAYERS = 8


def default_options(players: int | None = None) -> dict[str, Any]:
    n = players or 4
    return {
        "players": n,
        "rounds": n,
        "first_god": 0,
        "god_name": "",
        "rules": [None] * n,
    }


def _int_in(value: Any, low: int, high: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(what)
    return value


def validate(options: Mapping[str, Any], parse: Parser) -> dict[str, Any]:
    """Fill defaults and check ``options``; rule texts are parsed with
    ``parse`` (a ``ValueError`` on bad text).  Returns the canonical dict."""
    if not isinstance(options, Mapping):
        raise ValueError("options are a JSON object")
    o = dict(options)
    n = _int_in(o.get("players", 4), MIN_PLAYERS, MAX_PLAYERS, f"players (God included) must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    rounds = _int_in(o.get("rounds", n), 1, n, f"rounds must be 1 to {n} (one per seat at most)")
    first = _int_in(o.get("first_god", 0), 0, n - 1, f"first_god must be a seat, 0 to {n - 1}")
    name = o.get("god_name", "") or ""
    if not isinstance(name, str) or len(name.strip()) > MAX_GOD_NAME:
        raise ValueError(f"god_name is a text of at most {MAX_GOD_NAME} characters")
    rules = o.get("rules")
    if rules is None:
        rules = [None] * rounds
    if not isinstance(rules, (list, tuple)):
        raise ValueError("'rules' is a list with one entry per round")
    rules = list(rules)
    if "rule" in o and o["rule"] is not None:
        if not rules:
            rules = [None]
        rules[0] = o["rule"]
    if len(rules) < rounds:
        rules += [None] * (rounds - len(rules))
    if len(rules) > rounds:
        raise ValueError(f"'rules' has {len(rules)} entries for {rounds} rounds")
    plans = [plan_from(e, parse if isinstance(e, (str, Mapping)) else None) for e in rules]
    return {
        "players": n,
        "rounds": rounds,
        "first_god": first,
        "god_name": name.strip(),
        "rules": [plan_to_json(p) for p in plans],
    }


def plan_from(entry: Any, parser: Callable[[str], Any] | None) -> RoundPlan:
    """One round's entry of ``options["rules"]``: a rule text; ``None`` (God
    writes it at the table); ``{"rule": text, "rule_id": id, "hint": s}``
    (``rule_id`` names a library rule, for statistics; ``hint`` is a true
    hint God gives everyone); or ``{"hand": true, "starters": k, "note": s,
    "hint": s}`` for a God who judges by hand (``note``: the rule in God's
    words, shown when the round ends).  Without a ``parser`` the text is
    taken as it is (canonical options, already checked)."""
    if entry is None:
        return RoundPlan()
    if isinstance(entry, str):
        text = entry.strip()
        if not text:
            return RoundPlan()
        if len(text) > MAX_RULE_TEXT:
            raise ValueError(f"a rule text is at most {MAX_RULE_TEXT} characters")
        if parser is not None:
            rule = parser(text)  # raises a ValueError subclass on bad text
            return RoundPlan(rule=text, starters=starters_for(rule))
        return RoundPlan(rule=text)
    if isinstance(entry, Mapping):
        hint = _short_text(entry.get("hint", ""), "hint")
        if entry.get("hand"):
            k = entry.get("starters", 1)
            if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_STARTERS:
                raise ValueError(f"starters must be 1 to {MAX_STARTERS}")
            return RoundPlan(hand=True, starters=k, note=_short_text(entry.get("note", ""), "note"), hint=hint)
        if "rule" in entry:
            rule_id = _short_text(entry.get("rule_id", ""), "rule_id")
            return dataclasses.replace(plan_from(entry["rule"], parser), hint=hint, rule_id=rule_id)
    raise ValueError("each entry of 'rules' is a rule text, null, {'rule': text} or {'hand': true, 'starters': k}")


def _short_text(value: Any, name: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_NOTE:
        raise ValueError(f"{name} is a text of at most {MAX_NOTE} characters")
    return value.strip()


def plan_to_json(plan: RoundPlan) -> Any:
    """The canonical form of a round's entry in ``options["rules"]``."""
    if plan.hand:
        out: dict[str, Any] = {"hand": True, "starters": plan.starters, "note": plan.note}
        if plan.hint:
            out["hint"] = plan.hint
        return out
    if plan.hint or plan.rule_id:
        out = {"rule": plan.rule}
        if plan.rule_id:
            out["rule_id"] = plan.rule_id
        if plan.hint:
            out["hint"] = plan.hint
        return out
    return plan.rule
