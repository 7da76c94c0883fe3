"""Checking a rule before a round: totality, share of cards accepted,
running dry.  For the God setup screen and the computer God.

- :func:`check_total` lists the problems that make a rule unusable (as
  Messages): it reads more earlier cards than starters are dealt, it accepts
  no card anywhere, or it accepts every card everywhere.  The evaluator is
  total (see ``evaluate``), so every well-typed rule gives a verdict for
  every card in every situation; what remains to check is the situations.
- :func:`explore` walks the situations a main line can reach (all starter
  cards, then every card the rule accepts) and finds dead ends: a situation
  in which no card at all fits.
- :func:`acceptance_share` simulates main lines from three shuffled decks
  and reports the share of the remaining cards that fit at each step, and
  how often a line ran dry (no remaining card fits).
- :func:`analyse` bundles them.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from game.cards import Card, rng_for
from game.engine import Message
from game.games.delphi.rulelang.rule import Rule
from game.games.delphi.rulelang.vector import CARD_KINDS, FULL52

DECKS = 3
TOTAL_CARDS = 52 * DECKS
LOW_SHARE = 0.10
HIGH_SHARE = 0.90

_ENV_CARD = [(int(c.rank), c.suit) for c in CARD_KINDS]


def _m(key: str, **params: object) -> Message:
    return Message("delphi_lang." + key, params)


def starters_for(rule: Rule) -> int:
    """How many starter cards the game deals for a rule."""
    return max(1, rule.lookback)


# --- reachable situations ---------------------------------------------------------


@dataclass(frozen=True)
class Exploration:
    starters: int
    situations: int  # situations examined (one mask each)
    exhaustive: bool  # every reachable situation up to the last position
    last_pos: int  # the highest position examined
    any_accept: bool
    all_accept: bool
    dead_count: int
    #: one situation where nothing fits: (last2, last, pos); None parts unused
    dead_example: tuple[Card | None, Card | None, int | None] | None = None


def explore(rule: Rule, starters: int | None = None, budget: int = 100_000) -> Exploration:
    """Examine every situation the main line can reach, layer by layer.

    Starter cards can be any cards, so every combination of ``last`` and
    ``last2`` is reachable at the first judged position; later positions
    matter only when the rule reads ``pos`` (then the situations at
    position p+1 are those reached by a card accepted at p).  At most
    ``budget`` situations are examined; ``exhaustive`` says whether that
    covered everything up to the last possible position (156).
    """
    s = starters_for(rule) if starters is None else starters
    lb = rule.lookback
    if s < lb:
        raise ValueError("fewer starters than the rule looks back")
    fn = rule._mask
    # a layer: for each possible last card (index; 0 when lookback is 0) the
    # mask of possible last2 cards (bit 0 when lookback < 2)
    if lb == 0:
        layer = {0: 1}
    elif lb == 1:
        layer = {k: 1 for k in range(52)}
    else:
        layer = {k: FULL52 for k in range(52)}
    seen = 0
    any_accept, all_accept = False, True
    dead_count = 0
    dead_example = None
    pos = s + 1
    exhaustive = True
    last_pos = pos
    while layer:
        size = sum(m.bit_count() for m in layer.values())
        if seen + size > budget:
            exhaustive = False
            break
        last_pos = pos
        nxt: dict[int, int] = {}
        for last in sorted(layer):
            lr, ls = _ENV_CARD[last] if lb >= 1 else (0, None)
            prevs = layer[last]
            reached = 0  # cards accepted after this last card
            while prevs:
                low = prevs & -prevs
                m2 = low.bit_length() - 1
                prevs ^= low
                mr, ms = _ENV_CARD[m2] if lb >= 2 else (0, None)
                mask = fn((0, None, lr, ls, mr, ms, pos))
                seen += 1
                reached |= mask
                if mask != FULL52:
                    all_accept = False
                if not mask:
                    dead_count += 1
                    if dead_example is None:
                        dead_example = (
                            CARD_KINDS[m2] if lb >= 2 else None,
                            CARD_KINDS[last] if lb >= 1 else None,
                            pos if rule.uses_pos else None,
                        )
            if reached:
                any_accept = True
                if rule.uses_pos and pos < TOTAL_CARDS:
                    if lb == 0:
                        nxt[0] = 1
                    else:
                        bit = 1 << last if lb == 2 else 1
                        while reached:
                            low = reached & -reached
                            c = low.bit_length() - 1
                            reached ^= low
                            nxt[c] = nxt.get(c, 0) | bit
        if not rule.uses_pos:
            break
        layer = nxt
        pos += 1
    return Exploration(s, seen, exhaustive, last_pos, any_accept, all_accept and seen > 0, dead_count, dead_example)


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
    ex = exploration if exploration is not None and exploration.starters == s else explore(rule, s)
    out: list[Message] = []
    if not ex.any_accept:
        out.append(_m("check.never"))
    elif ex.all_accept and ex.exhaustive:
        out.append(_m("check.always"))
    return out


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


def acceptance_share(
    rule: Rule, seed: int = 0, lines: int = 200, length: int = 60, starters: int | None = None
) -> Share:
    """Simulate ``lines`` main lines from three shuffled decks.

    Each line deals the starters at random from a 156-card pack; then, step
    by step, it measures which share of the cards not yet on the main line
    the rule accepts, and extends the line with one of them drawn at random
    (each copy equally likely).  A line that reaches a step where no
    remaining card fits has *run dry*.  Lines aim for ``length`` cards after
    the starters.  Deterministic for a seed.
    """
    s = starters_for(rule) if starters is None else starters
    if s < rule.lookback:
        raise ValueError("fewer starters than the rule looks back")
    fn = rule._mask
    uses_pos = rule.uses_pos
    lb = rule.lookback
    cache: dict[tuple, int] = {}
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
        remaining = TOTAL_CARDS - s
        while len(main) < s + length and remaining:
            pos = len(main) + 1
            last = main[-1] if lb >= 1 else -1
            m2 = main[-2] if lb >= 2 else -1
            key = (last, m2, pos if uses_pos else 0)
            mask = cache.get(key)
            if mask is None:
                lr, ls = _ENV_CARD[last] if last >= 0 else (0, None)
                mr, ms = _ENV_CARD[m2] if m2 >= 0 else (0, None)
                mask = fn((0, None, lr, ls, mr, ms, pos))
                cache[key] = mask
            counts = [(mask & h).bit_count() for h in have]
            avail = counts[0] + counts[1] + counts[2]
            total_share += avail / remaining
            steps += 1
            if not avail:
                dry_positions.append(pos)
                break
            main.append(_draw(rng, have, mask, counts, avail))
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


def _take(have: list[int], c: int) -> None:
    bit = 1 << c
    for k in (2, 1, 0):
        if have[k] & bit:
            have[k] ^= bit
            return


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
    summary = _m("info.share", percent=round(sh.share * 100), lines=lines)
    return Analysis(rule, rule.lookback, s, tuple(errors), tuple(warnings), sh.share, sh.dry_share, ex, summary)
