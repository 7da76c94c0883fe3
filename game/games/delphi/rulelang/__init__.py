"""Delphi's rule language: safe rule text, parsed into our own tree and
evaluated by our own interpreter; never Python code.

The main entry points::

    parse_rule(text) -> Rule              # raises RuleSyntaxError (.column)
    cached_rule(text) -> Rule             # the same, cached (state keeps rule.text)
    rule.accepts(card, main_line) -> bool # main_line includes the starters
    rule.lookback                         # 0 to 6: deal max(1, lookback) starters
    rule.mask(main_line) -> int           # all 52 card kinds at once (bit i = CARD_KINDS[i]);
                                          # & cards_mask(hand) answers "does any card fit?"
    rule.situation(line), rule.push(situation, kind), rule.mask_in(situation)
                                          # the same, extended card by card (the analysis)
    check_total(rule) -> list[Message]    # problems that make a rule unusable (proved, or
                                          # seen in every situation examined)
    rule_errors(rule) -> tuple[Message]   # the same, remembered per rule
    acceptance_share(rule, seed) -> Share # simulated share of cards accepted, running dry
    analyse(rule, seed) -> Analysis       # everything for the setup screen
    build                                 # constructing rules in Python (bots)

Nothing here calls ``eval``, ``exec`` or ``compile``, looks up attributes by
a name from the text, formats user text as a template or builds a regular
expression from it (a test reads the sources to keep it so).
"""

from game.games.delphi.rulelang import ast, build
from game.games.delphi.rulelang.analysis import (
    Analysis,
    Share,
    acceptance_share,
    analyse,
    check_total,
    rule_errors,
    starters_for,
)
from game.games.delphi.rulelang.check import MAX_DEPTH, MAX_NODES, MAX_TABLE
from game.games.delphi.rulelang.errors import RuleSyntaxError
from game.games.delphi.rulelang.explore import Exploration, explore
from game.games.delphi.rulelang.lexer import MAX_INPUT, MAX_NUMBER
from game.games.delphi.rulelang.parser import MAX_NESTING
from game.games.delphi.rulelang.printer import to_text
from game.games.delphi.rulelang.rule import MAX_LENGTH, Rule, cached_rule, parse_rule, rule_from_tree
from game.games.delphi.rulelang.vector import CARD_KINDS, FULL52, card_index, cards_mask, mask_cards

__all__ = [
    "CARD_KINDS",
    "FULL52",
    "MAX_DEPTH",
    "MAX_INPUT",
    "MAX_LENGTH",
    "MAX_NESTING",
    "MAX_NODES",
    "MAX_NUMBER",
    "MAX_TABLE",
    "Analysis",
    "Exploration",
    "Rule",
    "RuleSyntaxError",
    "Share",
    "acceptance_share",
    "analyse",
    "ast",
    "build",
    "cached_rule",
    "card_index",
    "cards_mask",
    "check_total",
    "explore",
    "mask_cards",
    "parse_rule",
    "rule_errors",
    "rule_from_tree",
    "starters_for",
    "to_text",
]
