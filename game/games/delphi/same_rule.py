"""Is a guessed rule the same as God's?  Equal verdicts in every situation
the main line can reach.

The main line holds only cards God's rule accepts, so what can be reached
depends on God's rule: the starters (any cards of the deck, except
starters after which no card at all fits: a computer God lays others
then), and after them any card God accepts, for at most ``turns`` more
cards (the solo protocol plays at most 30).  Two rules that differ only
where God's main line can never go are the same rule here: after
``card.color = red`` every ``last`` is red, so ``card.color = last.color``
judges every reachable situation alike.

**Exactly** where that can be done: the situations are walked layer by
layer (one layer per position), each one judged by both rules (the rule
language's 52-card masks: a situation compares all 52 cards at once), and
lines that agree on everything either rule can read later are merged –
the last cards each reads, ``first``, ``pos`` when read, and the kept value
of every aggregate (``count(each is red)`` is a number).  Rules that read
only the card and the last one or two cards need one or two layers; a rule
that reads ``pos`` needs every position; a count adds its values.  When
the walk stays within :data:`BUDGET` situations it has judged every
reachable one (``exact``).

The walk ignores how many copies of a card there are (three decks: three
of each), so it may see a little more than the game can reach; equal
verdicts there are therefore equal verdicts everywhere.  A differing
situation it finds is checked against the copies before it is shown.

**Otherwise by a sample**: :data:`SAMPLE_LINES` seeded random main lines
of the whole length (each card drawn among the copies left that God
accepts), both rules judging all 52 cards after every card; the first
difference is the example.  ``exact`` is then False.

A difference comes with a concrete example (:class:`Difference`): the
main line so far and a card the two rules judge differently.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from game.cards import Card, rng_for
from game.games.delphi.rulelang.evaluate import AGG_BASE, LINE_SLOT, POS_SLOT
from game.games.delphi.rulelang.rule import Rule
from game.games.delphi.rulelang.vector import CARD_KINDS, mask_bits

#: cards after the starters a solo round plays at most
TURNS = 30
#: copies of each card (Delphi plays with three decks)
COPIES = 3
#: situations the exact walk makes (a card pushed onto a line) at most.
#: The library's walks that finish need at most ~40,000 (a count of
#: suits by position); `any(each.rank = card.rank)` keeps a set of ranks
#: per line and would need millions (a first try without this cap took
#: 72 s on `rank_twice_or_switch`): those are sampled.
BUDGET = 100_000
#: random main lines of a sampled check
SAMPLE_LINES = 1_500


@dataclass(frozen=True)
class Difference:
    """A situation the main line can reach where the rules disagree:
    ``line`` is the main line so far (starters first), ``card`` the card
    judged next, ``god`` and ``guess`` the two verdicts (True: right)."""

    line: tuple[Card, ...]
    card: Card
    god: bool
    guess: bool

    def to_json(self) -> dict:
        return {"line": [c.code for c in self.line], "card": self.card.code, "god": self.god, "guess": self.guess}


@dataclass(frozen=True)
class Sameness:
    """The answer of :func:`same_rule`.  ``exact``: every reachable
    situation was judged (otherwise a sample of main lines was);
    ``situations``: how many were judged; ``example``: where they differ
    (``None`` when ``same``)."""

    same: bool
    exact: bool
    situations: int
    example: Difference | None = None

    def to_json(self) -> dict:
        return {
            "same": self.same,
            "exact": self.exact,
            "situations": self.situations,
            "example": self.example.to_json() if self.example else None,
        }


def starters_of(god: Rule) -> int:
    """The starters a round with God's rule lays: one, or as many as it
    looks back."""
    return max(1, god.lookback)


def _key(rule: Rule, env: tuple) -> tuple:
    """What of a situation ``rule`` can read from now on (as the rule
    check's walk merges lines)."""
    reads = rule.reads
    key = env[2 : 2 + 2 * rule.lookback]
    if "first" in reads:
        key += env[14:16]
    if "pos" in reads:
        key += (env[POS_SLOT],)
    aggs = env[AGG_BASE:]
    if None in aggs:  # an aggregate the situation cannot keep: the whole line
        return key + (env[LINE_SLOT],)
    return key + aggs


def _example(kinds: tuple[int, ...], god_mask: int, diff: int) -> Difference | None:
    """The situation after ``kinds`` with a differing card that still has
    a copy left; None when the line itself needs more copies than there
    are, or every differing card is used up."""
    used = Counter(kinds)
    if used and max(used.values()) > COPIES:
        return None
    for k in mask_bits(diff):
        if used[k] < COPIES:
            right = bool(god_mask >> k & 1)
            return Difference(tuple(CARD_KINDS[i] for i in kinds), CARD_KINDS[k], right, not right)
    return None


def _only_lasts(rule: Rule) -> bool:
    return rule.reads <= _LASTS


_LASTS = frozenset({"card", "last", "last2", "last3", "last4", "last5", "last6"})


def _walk_lasts(god: Rule, guess: Rule, starters: int, turns: int) -> tuple[bool, int, Difference | None]:
    """Both rules read only the card and the last ``m`` cards: a situation
    is those ``m`` cards (most recent first), reachable when God accepts
    something after them at the start (the starters), or when God accepts
    its newest card after a reachable one.  The closure is found on the
    tuples alone (:func:`_reach_lasts`, kept for the next guess); each
    reachable one is then judged by the guess, once per the cards the
    guess reads (pushing every accepted card through both rules'
    situations took 0.4 s for `card.rank != last.rank and card.rank !=
    last2.rank`)."""
    m = max(god.lookback, guess.lookback)
    lines, masks = _reach_lasts(god, m, starters, turns)
    pq = guess.compiled.program
    n = guess.lookback
    guess_masks: dict[tuple[int, ...], int] = {}
    unshowable = False
    for t, kinds in lines.items():
        mg = masks[t]
        mq = guess_masks.get(t[:n])
        if mq is None:
            mq = guess_masks[t[:n]] = pq(guess.situation([CARD_KINDS[k] for k in reversed(t[:n])]))
        if mg != mq:
            ex = _example(kinds, mg, mg ^ mq)
            if ex is not None:
                return True, len(lines), ex
            unshowable = True
    return not unshowable, len(lines), None


@lru_cache(maxsize=16)
def _reach_lasts(god: Rule, m: int, starters: int, turns: int) -> tuple[dict[tuple[int, ...], tuple[int, ...]], dict[tuple[int, ...], int]]:
    """The situations (last ``m`` cards, most recent first) God's main line
    reaches, each with a line that reaches it, and God's mask in each."""
    pg = god.compiled.program
    masks: dict[tuple[int, ...], int] = {}
    lb = god.lookback

    def god_mask(t: tuple[int, ...]) -> int:
        got = masks.get(t)
        if got is None:
            head = t[:lb]
            got = masks.get(head) if len(head) < len(t) else None
            if got is None:
                got = pg(god.situation([CARD_KINDS[k] for k in reversed(head)]))
                masks[head] = got
            masks[t] = got
        return got

    # the witness line of each situation: starters, then the cards that led there
    lines: dict[tuple[int, ...], tuple[int, ...]] = {}
    for t in product(range(52), repeat=m):
        if god_mask(t):
            # starters no rule reads come first: the least kinds not used up
            used = Counter(t)
            pad: list[int] = []
            for k in range(52):
                while len(pad) < starters - m and used[k] < COPIES:
                    pad.append(k)
                    used[k] += 1
            lines[t] = tuple(pad) + tuple(reversed(t))
    layer = list(lines)
    for _ in range(turns - 1):
        nxt = []
        for t in layer:
            for c in mask_bits(god_mask(t)):
                t2 = ((c,) + t[: m - 1]) if m else ()
                if t2 not in lines:
                    lines[t2] = lines[t] + (c,)
                    nxt.append(t2)
        if not nxt:
            break
        layer = nxt
    for t in lines:
        god_mask(t)
    return lines, masks


def _unkept(rule: Rule) -> bool:
    """Whether the rule has an aggregate its situation cannot keep (its
    body reads ``last`` or ``pos``): every line is then a situation of its
    own and the walk could only end at its budget (4 s of CPU for
    `three_and_switch` against a rewording, before the sample)."""
    return None in rule.situation(CARD_KINDS[:1])[AGG_BASE:]


def _walk(god: Rule, guess: Rule, starters: int, turns: int, budget: int) -> tuple[bool, int, Difference | None]:
    """The layered walk: (every reachable situation judged, situations
    judged, a difference found)."""
    if _only_lasts(god) and _only_lasts(guess) and 52 ** max(god.lookback, guess.lookback) <= budget // 4:
        return _walk_lasts(god, guess, starters, turns)
    if 52**starters > budget // 4 or _unkept(god) or _unkept(guess):
        return False, 0, None
    pg, pq = god.compiled.program, guess.compiled.program
    lg, lq = god.compiled.layout, guess.compiled.layout
    layer: dict[tuple, tuple] = {}
    for kinds in product(range(52), repeat=starters):
        line = [CARD_KINDS[k] for k in kinds]
        eg, eq = god.situation(line), guess.situation(line)
        layer.setdefault((_key(god, eg), _key(guess, eq)), (eg, eq, kinds))
    seen = set(layer)
    judged = work = 0
    found_unshowable = False
    for step in range(turns):
        nxt: dict[tuple, tuple] = {}
        last_layer = step == turns - 1
        for eg, eq, kinds in layer.values():
            mg = pg(eg)
            if step == 0 and not mg:
                continue  # no card fits after these starters: God lays others
            mq = pq(eq)
            judged += 1
            if mg != mq:
                ex = _example(kinds, mg, mg ^ mq)
                if ex is not None:
                    return True, judged, ex
                found_unshowable = True
            if last_layer:
                continue
            work += mg.bit_count()
            if work > budget:
                return False, judged, None
            for c in mask_bits(mg):
                eg2, eq2 = lg.push(eg, c), lq.push(eq, c)
                key = (_key(god, eg2), _key(guess, eq2))
                if key not in seen:
                    seen.add(key)
                    nxt[key] = (eg2, eq2, kinds + (c,))
        layer = nxt
        if not layer:
            break
    # a difference only in lines that need a fourth copy: leave it to the sample
    return not found_unshowable, judged, None


def _sample(god: Rule, guess: Rule, starters: int, turns: int, lines: int) -> tuple[int, Difference | None]:
    """Seeded random main lines (God's rule and the copies decide which
    card may come next): (situations judged, the first difference)."""
    pg, pq = god.compiled.program, guess.compiled.program
    judged = 0
    for n in range(lines):
        rng: random.Random = rng_for(0, "delphi-same-rule", n)
        left = [COPIES] * 52
        kinds: list[int] = []
        for _try in range(20):
            kinds = [rng.randrange(52) for _ in range(starters)]
            if max(Counter(kinds).values()) <= COPIES and pg(god.situation([CARD_KINDS[k] for k in kinds])):
                break
        else:
            continue  # no starters God would lay: another line
        for k in kinds:
            left[k] -= 1
        line = [CARD_KINDS[k] for k in kinds]
        eg, eq = god.situation(line), guess.situation(line)
        for _ in range(turns):
            mg, mq = pg(eg), pq(eq)
            judged += 1
            diff = mg ^ mq
            if diff:
                ex = _example(tuple(kinds), mg, diff)
                if ex is not None:
                    return judged, ex
            options = [c for c in mask_bits(mg) if left[c]]
            if not options:
                break
            c = rng.choice(options)
            left[c] -= 1
            kinds.append(c)
            eg, eq = god.push(eg, c), guess.push(eq, c)
    return judged, None


def differs_really(god: Rule, guess: Rule, example: Difference, turns: int = TURNS) -> bool:
    """Whether ``example`` is a situation God's main line reaches – starters
    God would lay (some card can follow them), then fewer than ``turns``
    cards God accepts, no card more than :data:`COPIES` times, the judged
    card included – where God and ``guess`` judge its card as it says.
    A few dozen cards judged: what a recorded verdict is checked by
    (finding the example took up to seconds)."""
    line, card = tuple(example.line), example.card
    n = starters_of(god)
    if example.god == example.guess or not n <= len(line) < n + max(1, turns) or guess.lookback > n:
        return False
    if max(Counter(line + (card,)).values()) > COPIES or not god.mask(line[:n]):
        return False
    if not all(god.accepts(line[i], line[:i]) for i in range(n, len(line))):
        return False
    return god.accepts(card, line) == example.god and guess.accepts(card, line) == example.guess


def same_rule(god: Rule, guess: Rule, turns: int = TURNS, budget: int = BUDGET, sample_lines: int = SAMPLE_LINES) -> Sameness:
    """Do ``god`` and ``guess`` judge every card alike in every situation
    a main line under ``god`` can reach (starters and at most ``turns``
    more cards)?  See the module text.  ``guess`` must not look further
    back than the round's starters (``ValueError``)."""
    starters = starters_of(god)
    if guess.lookback > starters:
        raise ValueError(f"the guess looks back {guess.lookback} cards, the round lays {starters} starters")
    return _same(god, guess, starters, max(1, turns), budget, sample_lines)


@lru_cache(maxsize=512)
def _same(god: Rule, guess: Rule, starters: int, turns: int, budget: int, sample_lines: int) -> Sameness:
    if god.text == guess.text:
        return Sameness(True, True, 0)
    exact, judged, example = _walk(god, guess, starters, turns, budget)
    if example is not None:
        return Sameness(False, True, judged, example)
    if exact:
        return Sameness(True, True, judged)
    more, example = _sample(god, guess, starters, turns, sample_lines)
    return Sameness(example is None, False, judged + more, example)


__all__ = ["BUDGET", "COPIES", "SAMPLE_LINES", "TURNS", "Difference", "Sameness", "differs_really", "same_rule", "starters_of"]
