"""Walking the situations a main line can reach, for the rule check.

Starter cards can be any cards, so every combination of the last cards a
rule reads is reachable at the first judged position.  A rule that reads
nothing else (no ``pos``, ``first`` or aggregate) has seen everything after
that first layer.  Otherwise the situations at position p+1 are those
reached by a card accepted at p, and the walk goes on layer by layer:

- a rule that reads only ``card``, ``last`` … and ``pos`` is walked as
  (last cards, position) pairs, merging the lines that share them;
- any other rule is walked as situations (:mod:`.situation`), merging those
  that agree on everything the rule can read later: the last cards it
  reads, ``first``, ``pos`` and the kept value of each aggregate
  (``count(each is red)`` is a number, so the lines with the same count
  merge).  An aggregate the situation cannot keep (its body reads ``last``
  or ``pos``) makes every line its own situation.

At most ``budget`` situations are judged; when that was not everything,
random lines of the whole length continue the search for a situation in
which a card is right, one in which a card is wrong, and dead ends (no card
at all fits).  ``exhaustive`` says whether every reachable situation was
judged.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product

from game.cards import Card, rng_for
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.evaluate import AGG_BASE, LINE_SLOT, POS_SLOT
from game.games.delphi.rulelang.rule import Rule
from game.games.delphi.rulelang.vector import CARD_KINDS, CARD_VEC, FULL52, KIND_INDEX, mask_bits

DECKS = 3
TOTAL_CARDS = 52 * DECKS
#: situations judged at most (about 0.1 s of CPU for the heaviest rules)
BUDGET = 20_000
#: random lines walked when the layers were not all judged
PROBE_LINES = 24


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


class _Tally:
    """What the walk has seen so far."""

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.seen = 0
        self.any_accept = False
        self.all_accept = True
        self.dead = 0
        self.example: tuple[Card | None, Card | None, int | None] | None = None
        self.last_pos = 0

    def judge(self, mask: int, last: int, last2: int, pos: int) -> None:
        self.seen += 1
        self.last_pos = max(self.last_pos, pos)
        if mask:
            self.any_accept = True
        if mask != FULL52:
            self.all_accept = False
        if not mask:
            self.dead += 1
            if self.example is None:
                lb = self.rule.lookback
                self.example = (
                    CARD_KINDS[last2] if lb >= 2 and last2 >= 0 else None,
                    CARD_KINDS[last] if lb >= 1 and last >= 0 else None,
                    pos if self.rule.uses_pos or not _only_lasts(self.rule) else None,
                )

    def result(self, starters: int, exhaustive: bool) -> Exploration:
        return Exploration(
            starters, self.seen, exhaustive, self.last_pos, self.any_accept,
            self.all_accept and self.seen > 0, self.dead, self.example,
        )


def _only_lasts(rule: Rule) -> bool:
    return rule.reads <= {"card", "pos"} | {w for w in A.REFS if w.startswith("last")}


def _lasts_env(kinds: tuple[int, ...], pos: int) -> tuple:
    """A situation of a rule that reads only the last cards and the
    position: ``kinds`` most recent first."""
    flat: list = []
    for k in kinds:
        flat.extend(CARD_VEC[k])
    flat.extend((0, None) * (A.MAX_BACK - len(kinds)))
    return (0, None, *flat, 0, None, pos, 0, None, ())


def _explore_lasts(rule: Rule, starters: int, budget: int) -> Exploration:
    """Rules reading only ``card``, ``last`` … and ``pos``."""
    prog = rule.compiled.program
    lb = rule.lookback
    tally = _Tally(rule)
    pos = starters + 1
    # 52 ** lb is counted before anything is listed (last5: 380 million)
    first: list[tuple[int, ...]] = []
    if 52**lb <= budget:
        first = list(product(range(52), repeat=lb))
        exhaustive = True
    else:
        rng = random.Random(20240601)
        first = [tuple(rng.randrange(52) for _ in range(lb)) for _ in range(budget)]
        exhaustive = False
    layer = {k: None for k in first}
    while layer:
        if tally.seen + len(layer) > budget:
            exhaustive = False
            break
        # next layer: a card accepted after (l1 … lk) leads to (c, l1 … lk-1)
        reached: dict[tuple[int, ...], int] = {}
        for kinds in sorted(layer):
            mask = prog(_lasts_env(kinds, pos))
            tally.judge(mask, kinds[0] if lb else -1, kinds[1] if lb >= 2 else -1, pos)
            if mask and rule.uses_pos:
                head = kinds[: lb - 1] if lb else ()
                reached[head] = reached.get(head, 0) | mask
        if not rule.uses_pos or pos >= TOTAL_CARDS:
            break
        layer = {}
        room = budget - tally.seen  # a layer past it is not judged: stop making it there
        for head, m in reached.items():
            for c in mask_bits(m):
                layer[((c,) + head) if lb else ()] = None
            if len(layer) > room:
                break
        pos += 1
    return tally.result(starters, exhaustive and (not rule.uses_pos or not layer or pos >= TOTAL_CARDS))


#: a situation judged costs 1 + folds * pos / FOLD_SHARE: an aggregate the
#: situation cannot keep (its body reads ``last`` or ``pos``) folds the whole
#: line for each mask, and one card folded cost about a twentieth of a mask
#: (a 288-character rule with six such aggregates took 1.4 s CPU before)
FOLD_SHARE = 20


def folds(rule: Rule) -> int:
    """How many aggregates of the rule are folded over the line anew for
    every situation, one that also reads the judged card counting 5 (it
    folds a 52-card vector: 160 µs a situation against 28 µs for seven
    card-free ones, measured along the random lines)."""
    n = 0
    for node in A.walk(rule.tree):
        if isinstance(node, A.Agg):
            refs = A.refs_of(node.body)
            if not refs <= {"each", "card"}:
                n += 5 if "card" in refs else 1
    return n


def _key(rule: Rule, env: tuple) -> tuple:
    """What of a situation can matter for later verdicts."""
    reads = rule.reads
    lb = rule.lookback
    key = env[2 : 2 + 2 * lb]
    if "first" in reads:
        key += env[14:16]
    if "pos" in reads:
        key += (env[POS_SLOT],)
    aggs = env[AGG_BASE:]
    if None in aggs:
        return key + (env[LINE_SLOT],)
    return key + aggs


def _explore_general(rule: Rule, starters: int, budget: int) -> tuple[Exploration, _Tally]:
    layout = rule.compiled.layout
    prog = rule.compiled.program
    tally = _Tally(rule)
    # counted before anything is listed (six starters: 52 ** 6 combinations)
    exhaustive = 52**starters <= budget // 4
    starts: list[tuple[int, ...]] = list(product(range(52), repeat=starters)) if exhaustive else []
    if not exhaustive:
        rng = random.Random(20240602)
        starts = [tuple(rng.randrange(52) for _ in range(starters)) for _ in range(budget // 8)]
    layer: dict[tuple, tuple] = {}
    for kinds in starts:
        env = rule.situation([CARD_KINDS[k] for k in kinds])
        layer.setdefault(_key(rule, env), env)
    seen_keys = set(layer)
    pos = starters + 1
    fold = folds(rule)
    cost = 0.0
    # situations made by adding a card: at most ``budget`` (four times as many
    # took 1.0 s for `card.rank != last6.rank or count(each is red) > pos / 2`)
    work = 0
    while layer:
        if tally.seen + len(layer) > budget or work > budget or cost + len(layer) * (1 + fold * pos / FOLD_SHARE) > budget:
            exhaustive = False
            break
        nxt: dict[tuple, tuple] = {}
        for env in layer.values():
            mask = prog(env)
            tally.judge(mask, _kind(env, 2), _kind(env, 4), pos)
            cost += 1 + fold * pos / FOLD_SHARE
            if pos >= TOTAL_CARDS or work > budget:
                continue
            for c in mask_bits(mask):
                env2 = layout.push(env, c)
                work += 1
                k2 = _key(rule, env2)
                if k2 not in seen_keys:
                    seen_keys.add(k2)
                    nxt[k2] = env2
        layer = nxt
        pos += 1
    return tally.result(starters, exhaustive and not layer), tally


def _kind(env: tuple, slot: int) -> int:
    return KIND_INDEX.get((env[slot], env[slot + 1]), -1)


def _probe(rule: Rule, starters: int, tally: _Tally, lines: int) -> None:
    """Random lines of the whole length, each card drawn among the copies
    left that the rule accepts (seeded: the same rule, the same lines)."""
    prog = rule.compiled.program
    fold = folds(rule)
    cost, cap = 0.0, lines * TOTAL_CARDS  # see FOLD_SHARE; two lines at least
    for n in range(lines):
        if n >= 2 and cost > cap:
            break
        rng = rng_for(0, "delphi-lang-probe", n)
        left = [DECKS] * 52
        kinds = []
        for _ in range(starters):
            k = rng.randrange(52)
            while not left[k]:
                k = rng.randrange(52)
            left[k] -= 1
            kinds.append(k)
        env = rule.situation([CARD_KINDS[k] for k in kinds])
        pos = starters + 1
        while pos <= TOTAL_CARDS:
            mask = prog(env)
            tally.judge(mask, _kind(env, 2), _kind(env, 4), pos)
            cost += 1 + fold * pos / FOLD_SHARE
            options = [c for c in mask_bits(mask) if left[c]]
            if not options:
                break
            c = rng.choice(options)
            left[c] -= 1
            env = rule.push(env, c)
            pos += 1


def explore(rule: Rule, starters: int | None = None, budget: int = BUDGET) -> Exploration:
    """Examine the situations the main line can reach (see the module
    text); at most ``budget`` of them layer by layer."""
    s = max(1, rule.lookback) if starters is None else starters
    if s < rule.lookback:
        raise ValueError("fewer starters than the rule looks back")
    if _only_lasts(rule):
        ex = _explore_lasts(rule, s, budget)
        if ex.exhaustive:
            return ex
        tally = _Tally(rule)
        _probe(rule, s, tally, PROBE_LINES)
        return _merge(ex, tally)
    ex, tally = _explore_general(rule, s, budget)
    if not ex.exhaustive:
        _probe(rule, s, tally, PROBE_LINES)
        return tally.result(s, False)
    return ex


def _merge(ex: Exploration, tally: _Tally) -> Exploration:
    return Exploration(
        ex.starters, ex.situations + tally.seen, False, max(ex.last_pos, tally.last_pos),
        ex.any_accept or tally.any_accept, ex.all_accept and tally.all_accept,
        ex.dead_count + tally.dead, ex.dead_example or tally.example,
    )
