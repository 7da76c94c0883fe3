"""How a round narrowed the candidate rules, card by card (issue 23: "the
augur explains itself").  Pure data for the table's panel; no pygame.

The round is replayed from its public evidence only – the starters, each
card with God's verdict, the side lines, the shown No Play hands and
(solo) the differing examples God gave for wrong guesses – into the
augur's own beliefs (:class:`~game.games.delphi.infer.beliefs.Beliefs`,
the candidate space of :mod:`~game.games.delphi.infer.space`).  Each
card is a :class:`Step` holding:

- ``left``: the candidate rules still standing after it (and its guess's
  example), that is those with the fewest misjudgements (``errors``: 0
  unless God's rule is outside the space; then every candidate misjudged
  something and ``left`` may rise when ``errors`` does) – and
  ``consistent``: those with none, which never rises;
- ``p``: the weighted share of the rules standing before the card that
  accepted it (its entropy ``bits``: what the verdict could teach);
- on the **shown** steps (the key moments, a step a guess followed, the
  last; grouping is the expensive part): ``leaders``, the leading guesses,
  and ``kinds``, the kinds of rules left.  The survivors are grouped by
  their verdicts on all 52 cards in the present situation and
  :data:`LEADER_PROBES` more the round may reach (one to three more cards
  the grouped survivors' majority accepts, as :meth:`Beliefs.probes`);
  a leader is the heaviest member of one of the heaviest groups, with the
  group's weight share; a group's kind is the library family
  (:data:`~game.games.delphi.library.FAMILIES`) of its nearest-reaching
  member – the card alone, the last card, the position, the last two
  cards, a card further back or the first starter, the whole line (a
  candidate is of the furthest of these it reads): many candidates read
  something that changes nothing on the line so far (after ``card.color
  = red`` every last card is red), so the raw count by what they read
  says little.  At most :data:`POOL` survivors are grouped (the
  heaviest); when more stand (``exact`` False) the shares are shares of
  all the weight standing, so they are lower bounds;
- for a round the augur played (:func:`augur_round`): ``why`` it played
  the card and why it guessed or did not (``guess_why``), from the
  quantities it chose by (:class:`~game.games.delphi.infer.solo_bot.CardReason`,
  :class:`~game.games.delphi.infer.solo_bot.GuessReason`).

:class:`Explanation` adds the count before the first card (``start``),
the key moments (the :data:`KEY_MOMENTS` cards that ruled out the largest
share of the rules standing) and the first shown step from which the
kinds of rules left stayed those of the end (``kinds_settled``).

:func:`explain_solo` explains a solo round (a state or the person's view:
it reads nothing a view hides), :func:`augur_round` plays the augur through
the same rule and deal and explains its round, :func:`explain_main_line`
explains a round of the full game from any seat's view (every piece of
evidence there is public; the full game's augur keeps no reasons).
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from game.cards import Card
from game.engine.core import Message, msg
from game.engine.runner import GameRunner
from game.games.delphi.infer.beliefs import EXPLICIT_LIMIT, Beliefs
from game.games.delphi.infer.solo_bot import CardReason, GuessReason, SoloAugur, SoloBeliefs, entropy
from game.games.delphi.infer.space import BYTE_BITS, Space, indices
from game.games.delphi.library import FAMILIES, LIBRARY, family_words
from game.games.delphi.rulelang.vector import CARD_KINDS, card_index
from game.games.delphi.solo import GUESS, PLAY, SOLO, SoloGuess, SoloState, SoloView
from game.games.delphi.state import DelphiView, NoPlayEvent, SidePlay
from game.i18n import Count

#: leading guesses kept per step
LEADERS = 3
#: key moments kept (the cards that ruled out the largest share)
KEY_MOMENTS = 3
#: kinds of rules holding less of the weight are left out of the kinds
#: message (which then says "almost all")
KIND_FLOOR = 0.01
#: survivors grouped for the leading guesses at most (the heaviest)
POOL = 2_000
#: situations besides the present one that tell the groups apart (the
#: augur's own guesses use 10; 3 keep a step cheap)
LEADER_PROBES = 3

PERSON = "person"
AUGUR = "augur"
AUGUR_GATED = "augur-gated"
TABLE = "table"  # a round of the full game

MAIN = "main"  # a card God accepted
SIDE = "side"  # a card (or string) God refused
NOPLAY = "noplay"  # a shown No Play hand (full game)


# --- values ----------------------------------------------------------------------
@dataclass(frozen=True)
class Leader:
    """A leading guess: ``text`` (the rule, normal form), ``share`` (the
    weight share of the survivors that judge like it), ``rules`` (how many
    of the grouped survivors judge like it) and ``library_id`` when the
    text is a library rule ("" otherwise)."""

    text: str
    share: float
    rules: int
    library_id: str = ""

    @property
    def description(self) -> Message | None:
        """The library's description of the rule, if it is one."""
        return Message(f"delphi_lang.lib.{self.library_id}") if self.library_id else None


@dataclass(frozen=True)
class Kind:
    """Rules standing that behave like rules of one library family
    (``family``): how many of the grouped survivors, and their weight
    share."""

    family: str
    rules: int
    share: float

    @property
    def name(self) -> Message:
        """The family's name inside a sentence ("the card alone")."""
        return family_words(self.family)


@dataclass(frozen=True)
class Step:
    """One card (a string or a shown hand in the full game) and what the
    candidates looked like after it; see the module's text.  ``leaders``
    and ``kinds`` are empty unless ``shown``."""

    n: int  # 1-based: the n-th card played (the play number after the starters in the full game)
    kind: str  # MAIN, SIDE or NOPLAY
    cards: tuple[Card, ...]
    accepted: bool  # God accepted it (a No Play: the claim was right)
    p: float  # before it: the weighted share of the rules standing that accepted it
    left: int
    consistent: int
    errors: int
    shown: bool
    leaders: tuple[Leader, ...]
    kinds: tuple[Kind, ...]
    exact: bool  # every survivor was grouped (the shares are exact)
    guess: SoloGuess | None = None  # the guess made after this card (solo)
    why: Message | None = None  # why the augur played it (augur rounds)
    reason: CardReason | None = None
    guess_why: Message | None = None  # why the augur guessed or did not
    guess_reason: GuessReason | None = None

    @property
    def card(self) -> Card:
        return self.cards[0]

    @property
    def bits(self) -> float:
        """What the verdict could teach: the entropy of ``p``."""
        return entropy(self.p)


@dataclass(frozen=True)
class Explanation:
    """A round's narrowing: ``start`` candidates before the first card, a
    :class:`Step` per card in play order, the indices of the key moments
    (in play order), the index of the first shown step from which the
    kinds of rules left stayed those of the end (-1 without steps), God's
    rule when revealed, who played (:data:`PERSON`, :data:`AUGUR`,
    :data:`AUGUR_GATED`, :data:`TABLE`) and the starters."""

    start: int
    steps: tuple[Step, ...]
    key_moments: tuple[int, ...]
    kinds_settled: int
    rule: str | None
    player: str
    starters: int

    @property
    def counts(self) -> tuple[int, ...]:
        """For the chart: the count before the first card, then after each."""
        return (self.start,) + tuple(s.left for s in self.steps)

    def before(self, i: int) -> int:
        """Rules standing before step ``i``."""
        return self.start if i == 0 else self.steps[i - 1].left

    def ruled_out(self, i: int) -> float:
        """The share of the rules standing that step ``i`` ruled out (0 when
        the count rose: every survivor misjudged something)."""
        b = self.before(i)
        return max(0.0, 1.0 - self.steps[i].left / b) if b else 0.0

    def moment_message(self, i: int) -> Message:
        s = self.steps[i]
        verdict = msg("delphi.explain.accepted" if s.accepted else "delphi.explain.refused")
        return msg(
            "delphi.explain.moment",
            card_no=s.n,
            card=list(s.cards),
            verdict=verdict,
            out=_pct(self.ruled_out(i)),
            n=Count(s.left),
        )

    def main_kinds(self, i: int) -> tuple[Kind, ...]:
        """Step ``i``'s kinds holding at least :data:`KIND_FLOOR` of the
        weight (the heaviest always)."""
        kinds = self.steps[i].kinds
        return kinds[:1] + tuple(k for k in kinds[1:] if k.share >= KIND_FLOOR)

    def kinds_message(self) -> Message | None:
        """"After card 7, only rules of these kinds were left: …", at the
        step ``kinds_settled`` (None without steps).  "Almost all (98 %)"
        when kinds under :data:`KIND_FLOOR` are left out; "the leading
        rules" when not every survivor was grouped."""
        if self.kinds_settled < 0:
            return None
        i = self.kinds_settled
        s = self.steps[i]
        kinds = self.main_kinds(i)
        names = [k.name for k in kinds]
        if not s.exact:
            return msg("delphi.explain.kinds_leading", card_no=s.n, kinds=names)
        if len(kinds) < len(s.kinds):
            share = min(99, round(100 * sum(k.share for k in kinds)))
            return msg("delphi.explain.kinds_mostly", card_no=s.n, kinds=names, share=share)
        return msg("delphi.explain.kinds_left", card_no=s.n, kinds=names)

    @property
    def shown(self) -> tuple[int, ...]:
        """The steps with leading guesses and kinds."""
        return tuple(i for i, s in enumerate(self.steps) if s.shown)

    def left_message(self, i: int) -> Message:
        """"After card 7: 12 rules left." (-1: before the first card)."""
        if i < 0:
            return msg("delphi.explain.start", n=Count(self.start))
        s = self.steps[i]
        if s.errors:
            return msg("delphi.explain.left_outside", card_no=s.n, n=Count(s.left), errors=s.errors)
        return msg("delphi.explain.left", card_no=s.n, n=Count(s.left))

    @staticmethod
    def leader_message(leader: Leader) -> Message:
        return msg("delphi.explain.leader", rule=leader.text, share=_pct(leader.share))


# --- messages ------------------------------------------------------------------------
def _pct(x: float) -> int:
    """A share as a whole percentage; never 0 or 100 unless it is."""
    p = round(100 * x)
    if 0.0 < x < 1.0:
        p = min(99, max(1, p))
    return p


def card_why(r: CardReason) -> Message:
    """Why the augur played a card, from the quantities it chose by."""
    share = _pct(r.p)
    if r.ahead:
        return msg("delphi.explain.why.ahead", card=r.card, share=share)
    if r.certain:
        return msg("delphi.explain.why.settled", card=r.card)
    if r.gated:
        key = "delphi.explain.why.safe" if r.beta == 0.0 else "delphi.explain.why.balance"
        return msg(key, card=r.card, share=share)
    if r.p > 0.75:
        return msg("delphi.explain.why.likely", card=r.card, share=share)
    if r.p < 0.25:
        return msg("delphi.explain.why.unlikely", card=r.card, share=share)
    return msg("delphi.explain.why.split", card=r.card, share=share)


def guess_why(r: GuessReason) -> Message:
    """Why the augur guessed (or did not) after a card."""
    if r.case == "too_many":
        return msg("delphi.explain.guess.too_many", n=Count(r.survivors or 0))
    if r.case in ("sure", "unsure"):
        key = f"delphi.explain.guess.{r.case}_quiet" if r.quiet else f"delphi.explain.guess.{r.case}"
        return msg(key, q=_pct(r.q or 0.0), need=_pct(r.need or 0.0), stake=r.at_stake)
    return msg(f"delphi.explain.guess.{r.case}")


# --- the candidates' families ---------------------------------------------------------
#: the families from the nearest reach to the furthest: a candidate counts
#: under the last one any of its units reads
REACH = ("one", "two", "periodic", "three", "back", "line")


def family_of(reads: Iterable[str]) -> str:
    """The library family of a rule that reads ``reads`` (``Rule.reads``)."""
    rd = set(reads)
    if "line" in rd:
        return "line"
    if "first" in rd or rd & {"last3", "last4", "last5", "last6"}:
        return "back"
    if "last2" in rd:
        return "three"
    if "pos" in rd:
        return "periodic"
    if "last" in rd:
        return "two"
    return "one"


_RANKS: dict[int, list[int]] = {}


def unit_ranks(sp: Space) -> list[int]:
    """Each unit's family as its index in :data:`REACH` (kept per space)."""
    got = _RANKS.get(id(sp))
    if got is None:
        order = {f: k for k, f in enumerate(REACH)}
        got = _RANKS[id(sp)] = [order[family_of(u.rule.reads if u.rule is not None else ())] for u in sp.units]
    return got


_FIXED: dict[int, dict[int, int]] = {}


def _fixed_masks(sp: Space) -> dict[int, int]:
    """The 52-card masks of the units that read the card alone (the same
    after every line), kept per space."""
    got = _FIXED.get(id(sp))
    if got is None:
        got = _FIXED[id(sp)] = {
            u: unit.mask_line(()) for u, unit in enumerate(sp.units) if unit.rule is None or unit.rule.reads <= {"card"}
        }
    return got


def candidate_family(sp: Space, i: int) -> str:
    """The family of candidate ``i``: the furthest reach among its units."""
    rank = unit_ranks(sp)
    _, x, y, z = sp.cands[i]
    return REACH[max(rank[u] for u in (x, y, z) if u >= 0)]


@cache
def _library_ids() -> dict[str, str]:
    return {r.rule.text: r.id for r in LIBRARY}


# --- reading the beliefs ------------------------------------------------------------------
def _heaviest(sp: Space, s: int, n: int) -> list[int]:
    """The ``n`` heaviest candidates of the set ``s`` (by the prior)."""
    out: list[int] = []
    for _, bits in sorted(sp.tiers, key=lambda t: -t[0]):
        x = s & bits
        if x:
            out.extend(indices(x))
            if len(out) >= n:
                return out[:n]
    return out


class _Reader:
    """Reads one round's beliefs step by step (rule texts kept)."""

    def __init__(self, bl: Beliefs) -> None:
        self.bl = bl
        self.texts: dict[int, str] = {}

    def text(self, i: int) -> str:
        t = self.texts.get(i)
        if t is None:
            t = self.texts[i] = self.bl.space.rule(i).text
        return t

    def counts(self) -> tuple[int, int, int]:
        """(survivors, consistent, errors)."""
        bl = self.bl
        s, errors = bl.survivors()
        p0, p1, p2 = bl.planes
        consistent = (bl.space.all & ~(p0 | p1 | p2)).bit_count()
        return s.bit_count(), consistent, errors

    def groups(self, line: Sequence[Card]) -> tuple[tuple[Leader, ...], tuple[Kind, ...], bool]:
        """(the leading guesses, the kinds of rules left, whether every
        survivor was grouped) after ``line``: the survivors (at most
        :data:`POOL`, the heaviest) grouped by their verdicts on all 52
        cards in the present situation and :data:`LEADER_PROBES` more, made
        as :meth:`Beliefs.probes` makes them but from the grouped
        survivors' majority; a group is of the nearest-reaching family
        among its members (it behaves like a rule of that family)."""
        bl = self.bl
        sp = bl.space
        s, _ = bl.survivors()
        count = s.bit_count()
        w = sp.weight
        ix = bl.listed() if count <= EXPLICIT_LIMIT else None
        if ix is not None and count <= POOL:
            pool = ix
        elif ix is not None:
            pool = heapq.nsmallest(POOL, ix, key=lambda j: (-w[j], j))
        else:
            pool = _heaviest(sp, s, POOL)
        exact = len(pool) == count
        total = sp.weighted(s) or 1.0
        cands = sp.cands
        needed = sorted({u for i in pool for u in cands[i][1:] if u >= 0})
        cand_mask = sp.cand_mask

        fixed = _fixed_masks(sp)
        moving = [u for u in needed if u not in fixed]
        base = [0] * len(sp.units)
        for u in needed:
            base[u] = fixed.get(u, 0)

        def masks(pl: tuple[Card, ...]) -> list[int]:
            um = list(base)
            for u in moving:
                um[u] = sp.unit_mask(u, pl)
            return [cand_mask(i, um) for i in pool]

        def majority(ms: list[int]) -> int:
            by: dict[int, float] = {}
            for i, m in zip(pool, ms):
                by[m] = by.get(m, 0.0) + w[i]
            yes = [0.0] * 52
            for m, wt in by.items():
                for base in range(0, 56, 8):
                    for k in BYTE_BITS[m >> base & 0xFF]:
                        yes[base + k] += wt
            half = sum(by.values()) / 2
            return sum(1 << k for k in range(52) if yes[k] > half)

        line = tuple(line)
        labels = [masks(line)]
        first = majority(labels[0])
        srng = random.Random(len(line) * 7919 + card_index(line[-1]))
        for _ in range(LEADER_PROBES):
            pl = line
            ms = labels[0]
            for step in range(1 + srng.randint(0, 2)):
                ok = first if step == 0 else majority(ms)
                allowed = [CARD_KINDS[k] for k in range(52) if ok >> k & 1] or list(CARD_KINDS)
                pl = pl + (srng.choice(allowed),)
                ms = masks(pl)
            labels.append(ms)
        groups: dict[tuple[int, ...], list[int]] = {}
        for j, key in enumerate(zip(*labels)):
            groups.setdefault(key, []).append(pool[j])
        weighed = sorted(((sum(w[i] for i in g), g) for g in groups.values()), key=lambda t: (-t[0], min(t[1])))
        lib = _library_ids()
        leaders = []
        for wt, g in weighed[:LEADERS]:
            best = max(g, key=lambda j: (w[j], -j))
            text = self.text(best)
            leaders.append(Leader(text, wt / total, len(g), lib.get(text, "")))
        rank = unit_ranks(sp)
        fam_w = [0.0] * len(REACH)
        fam_n = [0] * len(REACH)
        for wt, g in weighed:
            f = min(max(rank[u] for u in cands[i][1:] if u >= 0) for i in g)
            fam_w[f] += wt
            fam_n[f] += len(g)
        kinds = sorted(
            (Kind(REACH[f], fam_n[f], fam_w[f] / total) for f in range(len(REACH)) if fam_n[f]),
            key=lambda k: (-k.share, FAMILIES.index(k.family)),
        )
        return tuple(leaders), tuple(kinds), exact


@dataclass(frozen=True)
class _Seen:
    """The evidence so far, as the fields :class:`Beliefs` reads."""

    round: int
    starters: int
    main: tuple[Card, ...]
    side: tuple[SidePlay, ...]
    noplays: tuple[NoPlayEvent, ...] = ()


@dataclass(frozen=True)
class _Event:
    """One step of a replay: what it was, and how the beliefs take it in."""

    n: int
    kind: str
    cards: tuple[Card, ...]
    accepted: bool
    main: tuple[Card, ...]  # the main line after it
    side: tuple[SidePlay, ...]
    noplays: tuple[NoPlayEvent, ...]
    before: tuple[Card, ...]  # the line it was judged after
    guess: SoloGuess | None = None


def _p(bl: Beliefs, e: _Event) -> float:
    """Before ``e``: the weighted share of the survivors that accept it."""
    if e.kind == NOPLAY:
        return bl.p_none(e.before, e.cards)
    if len(e.cards) == 1:
        # from the bit sets, as Beliefs.p_fits does when the survivors are
        # too many to list: listing them each step cost more than the rest
        sp = bl.space
        s, _ = bl.survivors()
        ok = s & sp.accepting(bl.um(e.before), card_index(e.cards[0]))
        return sp.weighted(ok) / (sp.weighted(s) or 1.0)
    return bl.p_string(e.before, e.cards)


def _take(bl: Beliefs, e: _Event, round_: int, starters: int) -> None:
    bl.update(cast(DelphiView, _Seen(round_, starters, e.main, e.side, e.noplays)))
    g = e.guess
    if g is not None and g.example is not None and isinstance(bl, SoloBeliefs):
        bl.learn(g.example.line, g.example.card, g.example.god)


def _explain(
    events: Sequence[_Event],
    make: Callable[[], Beliefs],
    round_: int,
    starters: int,
    rule: str | None,
    player: str,
    card_reasons: Sequence[CardReason] = (),
    guess_reasons: Mapping[int, GuessReason] | None = None,
) -> Explanation:
    """Two replays: the counts and verdict shares of every step, then the
    groups (leading guesses and kinds) where they are shown – the key
    moments, a step a guess followed, the last – as grouping the survivors
    is the expensive part."""
    bl = make()
    r = _Reader(bl)
    start = r.counts()[0]
    rows = []
    for e in events:
        p = _p(bl, e)
        _take(bl, e, round_, starters)
        rows.append((p, *r.counts()))
    moments = _moments(start, [row[1] for row in rows], [row[3] for row in rows])
    shown = set(moments) | {i for i, e in enumerate(events) if e.guess is not None}
    if events:
        shown.add(len(events) - 1)
    groups: dict[int, tuple[tuple[Leader, ...], tuple[Kind, ...], bool]] = {}
    if shown:
        bl = make()
        r = _Reader(bl)
        for i, e in enumerate(events[: max(shown) + 1]):
            _take(bl, e, round_, starters)
            if i in shown:
                groups[i] = r.groups(e.main)
    reasons = guess_reasons or {}
    steps = []
    for i, (e, (p, left, consistent, errors)) in enumerate(zip(events, rows)):
        cr = card_reasons[i] if i < len(card_reasons) else None
        gr = reasons.get(e.n)
        leaders, kinds, exact = groups.get(i, ((), (), False))
        steps.append(
            Step(
                n=e.n,
                kind=e.kind,
                cards=e.cards,
                accepted=e.accepted,
                p=p,
                left=left,
                consistent=consistent,
                errors=errors,
                shown=i in groups,
                leaders=leaders,
                kinds=kinds,
                exact=exact,
                guess=e.guess,
                why=card_why(cr) if cr is not None else None,
                reason=cr,
                guess_why=guess_why(gr) if gr is not None else None,
                guess_reason=gr,
            )
        )
    return Explanation(start, tuple(steps), moments, _settled(steps), rule, player, starters)


def _moments(start: int, lefts: Sequence[int], errors: Sequence[int]) -> tuple[int, ...]:
    """The :data:`KEY_MOMENTS` steps that ruled out the largest share of the
    rules standing (not counting a step where every survivor misjudged
    something: the count is then of other rules), in play order."""
    drops = []
    before, prev_errors = start, 0
    for i, (left, err) in enumerate(zip(lefts, errors)):
        if before and err == prev_errors and left < before:
            drops.append((1.0 - left / before, -i))
        before, prev_errors = left, err
    return tuple(sorted(-i for _, i in sorted(drops, reverse=True)[:KEY_MOMENTS]))


def _settled(steps: Sequence[Step]) -> int:
    """The first shown step from which every shown step has the main kinds
    (at least :data:`KIND_FLOOR` of the weight) of the last one (-1
    without steps)."""
    shown = [i for i, s in enumerate(steps) if s.shown]
    if not shown:
        return -1

    def main(i: int) -> set[str]:
        kinds = steps[i].kinds
        return {k.family for k in kinds[:1]} | {k.family for k in kinds if k.share >= KIND_FLOOR}

    final = main(shown[-1])
    at = len(shown) - 1
    while at > 0 and main(shown[at - 1]) == final:
        at -= 1
    return shown[at]


# --- solo -----------------------------------------------------------------------------------
def _solo_events(round_: SoloState | SoloView) -> list[_Event]:
    o = round_
    n0 = o.starters
    main: tuple[Card, ...] = tuple(o.main[:n0])
    side: tuple[SidePlay, ...] = ()
    guesses: dict[int, SoloGuess] = {}
    for g in o.guesses:
        guesses.setdefault(g.turn, g)
    out = []
    for k, (card, right) in enumerate(o.plays):
        before = main
        if right:
            main = main + (card,)
        else:
            side = tuple(o.side[: len(side) + 1])
        out.append(_Event(k + 1, MAIN if right else SIDE, (card,), right, main, side, (), before, guesses.get(k + 1)))
    return out


def explain_solo(
    round_: SoloState | SoloView,
    card_reasons: Sequence[CardReason] = (),
    guess_reasons: Mapping[int, GuessReason] | None = None,
    player: str = PERSON,
) -> Explanation:
    """The explanation of a solo round from its public part (a
    :class:`~game.games.delphi.solo.SoloState` or the person's
    :class:`~game.games.delphi.solo.SoloView`; it reads ``starters``,
    ``main``, ``side``, ``plays``, ``guesses`` and, once revealed,
    ``rule``).  ``card_reasons`` (one per card, in order) and
    ``guess_reasons`` (by the turn of the decision) are the augur's, from
    :func:`augur_round`."""
    n0 = round_.starters
    first = _Seen(0, n0, tuple(round_.main[:n0]), ())

    def make() -> Beliefs:
        return SoloBeliefs(cast(DelphiView, first))

    rule = getattr(round_, "rule", None) or None
    return _explain(_solo_events(round_), make, 0, n0, rule, player, card_reasons, guess_reasons)


def augur_round(options: Mapping[str, Any], seed: int, gated: bool = False) -> tuple[SoloState, Explanation]:
    """The augur plays the solo round of ``options`` and ``seed`` (the same
    rule and deal as a person's round with them, and the same round as
    ``sim delphi --solo`` plays with this seed) and explains it, with its
    reason for every card and guess."""
    runner = GameRunner.start(SOLO, options, seed)
    bot = SoloAugur(gated=gated)
    rng = random.Random(seed)
    cards: list[CardReason] = []
    guesses: dict[int, GuessReason] = {}
    while SOLO.outcome(runner.state) is None:
        view = SOLO.view(runner.state, 0)
        bot.reason = None
        action = bot.choose(view, SOLO.legal_actions(runner.state), rng)
        why = bot.reason
        if view.phase == PLAY and isinstance(why, CardReason):
            cards.append(why)
        elif view.phase == GUESS and isinstance(why, GuessReason):
            guesses[view.turn] = why
        runner.play(action)
    state: SoloState = runner.state
    return state, explain_solo(state, cards, guesses, AUGUR_GATED if gated else AUGUR)


# --- the full game ----------------------------------------------------------------------------
def _main_line_events(view: DelphiView) -> list[_Event]:
    n0 = view.starters
    main: tuple[Card, ...] = tuple(view.main[:n0])
    side: tuple[SidePlay, ...] = ()
    noplays: tuple[NoPlayEvent, ...] = ()
    order: list[tuple[int, int, Any]] = [(view.main_nums[i], 0, i) for i in range(n0, len(view.main))]
    order += [(sp.first, 1, sp) for sp in view.side]
    order.sort(key=lambda e: (e[0], e[1]))
    waiting = list(view.noplays)
    out: list[_Event] = []

    def flush(upto: int | None) -> None:
        nonlocal noplays
        while waiting and (upto is None or waiting[0].anchor < upto):
            ev = waiting.pop(0)
            noplays = noplays + (ev,)
            n = out[-1].n if out else 0
            out.append(_Event(n, NOPLAY, ev.cards, ev.correct, main, side, noplays, main[: ev.anchor + 1]))

    for num, kind, x in order:
        if kind == 0:
            flush(x)
            card = view.main[x]
            before = main
            main = main + (card,)
            out.append(_Event(num - n0, MAIN, (card,), True, main, side, noplays, before))
        else:
            sp = cast(SidePlay, x)
            side = side + (sp,)
            out.append(_Event(num - n0, SIDE, sp.cards, False, main, side, noplays, main[: sp.anchor + 1]))
    flush(None)
    return out


def explain_main_line(view: DelphiView) -> Explanation:
    """The explanation of the current (or just finished) round of the full
    game from any seat's view: main-line cards and side strings in play
    order, each shown No Play hand just before the next main-line card (a
    view does not say when it came among the side plays after the same
    card).  Reads ``round``, ``starters``, ``main``, ``main_nums``,
    ``side``, ``noplays`` and ``rule`` (None until revealed)."""
    n0 = view.starters
    first = _Seen(view.round, n0, tuple(view.main[:n0]), ())

    def make() -> Beliefs:
        return Beliefs(cast(DelphiView, first))

    return _explain(_main_line_events(view), make, view.round, n0, view.rule or None, TABLE)


def log2_left(e: Explanation) -> tuple[float, ...]:
    """The chart on a log scale: log2 of each count (0 for none)."""
    return tuple(math.log2(c) if c > 0 else 0.0 for c in e.counts)


__all__ = [
    "AUGUR",
    "AUGUR_GATED",
    "KEY_MOMENTS",
    "KIND_FLOOR",
    "LEADERS",
    "LEADER_PROBES",
    "MAIN",
    "NOPLAY",
    "PERSON",
    "POOL",
    "REACH",
    "SIDE",
    "TABLE",
    "Explanation",
    "Kind",
    "Leader",
    "Step",
    "augur_round",
    "candidate_family",
    "card_why",
    "explain_main_line",
    "explain_solo",
    "family_of",
    "guess_why",
    "log2_left",
]
