"""Checking a rule before a round: totality, share of cards accepted,
running dry.  For the God setup screen, the engine and the computer God.

- :func:`check_total` lists the problems that make a rule unusable (as
  Messages): it reads more earlier cards than starters are dealt, it accepts
  no card anywhere, or it accepts every card everywhere.  The evaluator is
  total (see ``evaluate``), so every well-typed rule gives a verdict for
  every card in every situation; what remains to check is the situations.
  First a proof (:mod:`.prove`) over every combination of the values the
  rule reads; when that does not decide, the situations a round can reach
  (:mod:`.explore`): if every one of them was examined, the answer is
  exact; if not, a constant verdict in all of them is still reported (the
  message says how many were examined).
- :func:`acceptance_share` simulates main lines from three shuffled decks
  and reports the share of the remaining cards that fit at each step, and
  how often a line ran dry (no remaining card fits).
- :func:`analyse` bundles them.

Everything runs on the rule compiled once (``Rule.compiled``): situations
are built once and extended card by card, and masks are cached by the
values the rule reads (``vector.MaskProgram``).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from functools import lru_cache

from game.cards import rng_for
from game.engine import Message
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.explore import TOTAL_CARDS, Exploration, explore
from game.games.delphi.rulelang.prove import constant_verdict
from game.games.delphi.rulelang.rule import Rule
from game.games.delphi.rulelang.vector import CARD_KINDS, FULL52

LOW_SHARE = 0.10
HIGH_SHARE = 0.90
#: the simulation's work in masks made the slow way (an aggregate whose body
#: reads the judged card and the situation folds the line for every mask):
#: fewer lines for such a rule keep the whole check under a second
SLOW_MASKS = 1_500


def _m(key: str, **params: object) -> Message:
    return Message("delphi_lang." + key, params)


def starters_for(rule: Rule) -> int:
    """How many starter cards the game deals for a rule."""
    return max(1, rule.lookback)


def check_total(rule: Rule, starters: int | None = None, exploration: Exploration | None = None) -> list[Message]:
    """What makes the rule unusable as written; empty when it is fine.

    A rule is *total* when it gives a verdict for every card in every
    situation the round can reach.  Our evaluator always gives a verdict,
    so the checks are: enough starter cards for what it reads, and not a
    constant verdict (accepting no card anywhere, or every card everywhere).
    """
    s = starters_for(rule) if starters is None else starters
    if s < rule.lookback:
        return [_m("check.needs_starters", lookback=rule.lookback, starters=s, n=s)]
    proof = constant_verdict(rule.tree, s)
    if proof is True:
        return [_m("check.always")]
    if proof is False:
        return [_m("check.never")]
    ex = exploration if exploration is not None and exploration.starters == s else explore(rule, s)
    if not ex.any_accept:
        return [_m("check.never") if ex.exhaustive else _m("check.never_seen", n=ex.situations)]
    if ex.all_accept:
        return [_m("check.always") if ex.exhaustive else _m("check.always_seen", n=ex.situations)]
    return []


@lru_cache(maxsize=512)
def rule_errors(rule: Rule, starters: int | None = None) -> tuple[Message, ...]:
    """:func:`check_total`, remembered per rule (the engine asks for every
    game it starts with the rule)."""
    return tuple(check_total(rule, starters))


def dead_end_message(ex: Exploration) -> Message | None:
    if ex.dead_example is None:
        return None
    last2, last, pos = ex.dead_example
    if last is None:
        return _m("warn.dead_pos", pos=pos)
    if last2 is None:
        return _m("warn.dead_1_pos", last=last, pos=pos) if pos else _m("warn.dead_1", last=last)
    if pos:
        return _m("warn.dead_2_pos", last=last, last2=last2, pos=pos)
    return _m("warn.dead_2", last=last, last2=last2)


# --- simulated main lines -------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    share: float  # mean share of the remaining cards that fit, over all steps
    steps: int  # situations averaged
    lines: int
    length: int  # main-line cards aimed for after the starters
    dry_lines: int  # lines in which no remaining card fitted before the end
    dry_positions: tuple[int, ...]  # where each dry line got stuck
    warnings: tuple[Message, ...] = field(default=())

    @property
    def dry_share(self) -> float:
        return self.dry_lines / self.lines if self.lines else 0.0


def _nth_bit(m: int, n: int) -> int:
    """Index of the n-th (0-based) set bit of a mask below 2**64."""
    base = 0
    for width in (32, 16, 8, 4, 2, 1):
        low = m & ((1 << width) - 1)
        c = low.bit_count()
        if n >= c:
            n -= c
            m >>= width
            base += width
        else:
            m = low
    return base


def _draw(rng, have: list[int], mask: int, counts: list[int], avail: int) -> int:
    """A random remaining card among ``mask``, each copy equally likely."""
    r = rng.randrange(avail)
    for k in range(3):
        if r < counts[k]:
            c = _nth_bit(mask & have[k], r)
            break
        r -= counts[k]
    _take(have, c)
    return c


def _take(have: list[int], c: int) -> None:
    bit = 1 << c
    for k in (2, 1, 0):
        if have[k] & bit:
            have[k] ^= bit
            return


def slow_parts(rule: Rule) -> int:
    """Aggregates whose masks fold the whole line (their body reads the
    judged card and the situation: ``any(each.rank = last.rank + card.rank)``)."""
    layout = rule.compiled.layout
    return sum(1 for a, k in zip(layout.aggs, layout.keepers) if k.values is None and k.vectors is None and "card" in A.free_refs(a))


def acceptance_share(
    rule: Rule, seed: int = 0, lines: int = 200, length: int = 60, starters: int | None = None
) -> Share:
    """Simulate ``lines`` main lines from three shuffled decks.

    Each line deals the starters at random from a 156-card pack; then, step
    by step, it measures which share of the cards not yet on the main line
    the rule accepts, and extends the line with one of them drawn at random
    (each copy equally likely).  A line that reaches a step where no
    remaining card fits has *run dry*.  Lines aim for ``length`` cards after
    the starters.  Deterministic for a seed.  A rule whose masks must fold
    the whole line (:func:`slow_parts`) gets fewer lines (at least 20).
    """
    s = starters_for(rule) if starters is None else starters
    if s < rule.lookback:
        raise ValueError("fewer starters than the rule looks back")
    if slow_parts(rule):
        lines = max(min(lines, 20), min(lines, SLOW_MASKS // max(1, length)))
    prog = rule.compiled.program
    push = rule.compiled.layout.push
    total_share = 0.0
    steps = 0
    dry_positions: list[int] = []
    for line in range(lines):
        rng = rng_for(seed, "delphi-lang-share", line)
        # remaining copies as bit planes: have[k] bit i set when >= k+1 copies remain
        have = [FULL52, FULL52, FULL52]
        main = []
        for _ in range(s):  # the starters: any cards of the pack
            counts = [h.bit_count() for h in have]
            main.append(_draw(rng, have, FULL52, counts, sum(counts)))
        env = rule.situation([CARD_KINDS[k] for k in main])
        remaining = TOTAL_CARDS - s
        placed = s
        while placed < s + length and remaining:
            mask = prog(env)
            counts = [(mask & h).bit_count() for h in have]
            avail = counts[0] + counts[1] + counts[2]
            total_share += avail / remaining
            steps += 1
            if not avail:
                dry_positions.append(placed + 1)
                break
            c = _draw(rng, have, mask, counts, avail)
            env = push(env, c)
            placed += 1
            remaining -= 1
    share = total_share / steps if steps else 0.0
    warnings: list[Message] = []
    # rounded away from the threshold, so "about 10 %" never reads as a
    # warning for being below 10 %
    if share < LOW_SHARE:
        warnings.append(_m("warn.share_low", percent=math.floor(share * 100)))
    elif share > HIGH_SHARE:
        warnings.append(_m("warn.share_high", percent=math.ceil(share * 100)))
    if dry_positions:
        warnings.append(
            _m(
                "warn.runs_dry",
                count=len(dry_positions),
                lines=lines,
                position=round(statistics.median(dry_positions)),
            )
        )
    return Share(share, steps, lines, length, len(dry_positions), tuple(dry_positions), tuple(warnings))


# --- everything together ---------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    rule: Rule
    lookback: int
    starters: int
    errors: tuple[Message, ...]  # check_total: the rule cannot be used
    warnings: tuple[Message, ...]  # share, running dry, dead ends
    share: float | None  # None when errors prevented the simulation
    dry_share: float | None
    exploration: Exploration | None
    summary: Message | None  # "About 50 % of cards fit …"

    @property
    def ok(self) -> bool:
        return not self.errors

    def messages(self) -> list[Message]:
        return list(self.errors) + list(self.warnings)


def analyse(
    rule: Rule, seed: int = 0, lines: int = 200, length: int = 60, starters: int | None = None
) -> Analysis:
    """All checks for the setup screen: errors block the rule, warnings
    advise.  Deterministic for a seed."""
    s = starters_for(rule) if starters is None else starters
    if s < rule.lookback:
        return Analysis(rule, rule.lookback, s, tuple(check_total(rule, s)), (), None, None, None, None)
    ex = explore(rule, s)
    errors = check_total(rule, s, ex)
    sh = acceptance_share(rule, seed=seed, lines=lines, length=length, starters=s)
    warnings = list(sh.warnings)
    dead = dead_end_message(ex)
    if dead is not None and ex.any_accept:
        warnings.append(dead)
    summary = _m("info.share", percent=round(sh.share * 100), lines=sh.lines)
    return Analysis(rule, rule.lookback, s, tuple(errors), tuple(warnings), sh.share, sh.dry_share, ex, summary)
