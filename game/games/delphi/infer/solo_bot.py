"""The augur alone: finding God's rule under the solo protocol
(:mod:`game.games.delphi.solo`), where a wrong card costs nothing, every
card played costs a point of the score at stake (31 - N) and a wrong
guess costs 2.

:class:`SoloAugur` plays for information and guesses by the score at
stake:

- **card**: the card of the hand whose verdict the weighted survivors
  are most unsure of (the largest entropy ``H(p)``): a wrong card costs
  nothing here, so what a card teaches is all it is worth.  When no card
  of the hand teaches much (every ``H(p)`` below :data:`LOOK_AHEAD`) and
  the survivors are listed, it looks one card further: a card scores
  ``H(p) + p·best H | accepted + (1 - p)·best H | rejected``, the best
  ``H`` taken over the rest of the hand in the situation that verdict
  leaves (:meth:`SoloAugur._ahead`);
- **guess**: the survivors are grouped by their verdicts on all 52 cards
  in the present situation and a few the round may reach
  (:meth:`Beliefs.probes`); ``q`` is the weight of the largest group.
  Its members agree wherever the round can go, so only a wrong guess's
  example tells them apart: the guess is the member in the middle of
  those nearly as heavy as the heaviest (:meth:`SoloAugur._centre`), so
  that the example halves them whichever way it falls.  With ``S = 31 - N - 2·wrong`` at stake it
  guesses when what the guess is worth, ``q·S - (1 - q)·2``, is at least
  ``ambition·q·S``, that is when ``q >= 2 / ((1 - ambition)·S + 2)``
  (a wrong guess weighs more as the points at stake shrink), and always
  on the last turn (nothing is lost then).  When no card of the hand
  would teach much next turn (:data:`QUIET_BITS`), waiting costs a point
  for little, so it asks for less (:data:`QUIET_AMBITION`);
- a wrong guess comes with God's verdict on a card in a situation the
  main line can reach: that is evidence like a played card, and it is
  added to the beliefs.  ``examples=False`` plays the published
  protocol, where a wrong guess says only "wrong": the guess is then the
  top group's heaviest member, its chance the weight of the members the
  judge would call the same rule (:meth:`SoloAugur._judged_class`), and a
  wrong answer refutes them.

``gated=True`` is the baseline: the full game's :class:`AugurBot` rules
applied to the solo protocol – its card choice (``p + β·H(p)``, tuned for
a game where a wrong card costs two) and its Prophet gates as the guess
rule (at least 6 main-line cards after the starters, at most 1,500
survivors, the largest group at least half the weight and at most 3.5 %
weighted misjudgements), guessing the heaviest survivor.  Both learn
from the differing examples (without them the baseline guessed the same
wrong rule 18 times in a round of `card.color = last2.color`, seed 7).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from game.cards import Card
from game.games.delphi.infer.beliefs import Beliefs
from game.games.delphi.infer.bot import PROPHET_LIST
from game.games.delphi.rulelang.vector import CARD_KINDS, card_index
from game.games.delphi.solo import GUESS, PLAY, TURNS, SoloAction
from game.games.delphi.state import DelphiView

#: survivors grouped at most for a guess (more: no guess yet, unless the
#: last turn)
GROUP_LIMIT = 3_000
#: situations the groups are told apart by: the present one and these many
#: more.  Tuned with ``ambition`` on one round of every library rule, seeds
#: 5000 + k and 7000 + k (not the measured ones): mean score 15.45 / 15.39
#: with 5 probes and ambition 0.35, 15.91 / 15.58 with 10 and 0.65 (2.0
#: wrong guesses a round instead of 2.8); ambition 0.2, 0.5 and 0.8 with 5
#: probes: 15.55, 15.59, 15.59 (seeds 5000 + k)
PROBES = 10
#: below this many bits from the best card of the hand the augur looks one
#: card ahead.  Measured on 3 rounds of every library rule, 10 seeds
#: 60001…150001 not used for tuning (2,280 rounds): mean score 16.23 →
#: 16.33, +0.105 ± 0.048 (paired over the 760 rule-seed cells), wrong
#: guesses 1.97 in both; on the tuning seeds 5001 / 7001 (one round)
#: +0.28 / +0.22 and on 20001 / 30001 (3 rounds) −0.16 / +0.02, each
#: ± 0.13–0.31.  A plain card that teaches nothing was played in 7 % of
#: the augur's plays (seed 5001), mostly on rules about places and the
#: first card.  Decision p95 20 → 30 ms.
LOOK_AHEAD = 0.9
#: a guess is chosen among the top group's members at least this share of
#: its heaviest member's weight (above 1: the heaviest, as before).
#: Measured on seeds 60001…150001 (3 rounds, paired over 760 rule-seed
#: cells) against the heaviest: 16.33 → 16.42, +0.089 ± 0.032, 9 of 10
#: seeds up, wrong guesses 1.97 → 1.94, decision p95 (worst seed) 26.5 →
#: 37.6 ms; 0.9: +0.073 ± 0.025; 52 situations instead of 26: +0.071 ±
#: 0.032 at 60.8 ms.  Up most: same_half +3.4, same_colour_new_rank +2.8,
#: first_rank_suit +2.7; down most: even_pair −1.3, face_odd −1.1
CENTRE_SHARE = 0.5
#: situations off the line the members are compared in
CENTRE_SITUATIONS = 26
#: when no card of the hand would teach this many bits next turn, waiting
#: buys little and costs a point: the augur then asks for the share of a
#: guess with :data:`QUIET_AMBITION` instead of its ``ambition``.  In a
#: round of `one_high` (seed 1) it played a card every survivor judged
#: alike with the leading group at 24 % of the weight.  Measured on
#: seeds 60001…150001 (3 rounds, paired over 760 rule-seed cells) against
#: the augur without it: 16.42 → 16.51, +0.091 ± 0.020, 10 of 10 seeds
#: up, wrong guesses 1.94 → 2.00, decision p95 (worst seed) 29.1 → 28.1
#: ms; up most face_odd +1.6, even_pair +1.2, down most
#: rank_twice_or_switch −0.3.  Other settings on the same seeds: 0.2 bits
#: +0.050 ± 0.016; 0.2 bits and ambition 0 +0.059 ± 0.018; 0.9 bits
#: +0.088 ± 0.028 (8 of 10 seeds, 2.10 wrong guesses); the ambition
#: sliding from 0.35 at 0 bits to 0.65 at 0.9 bits +0.079 ± 0.021.
#: Chosen among those five on these seeds, so checked on five fresh ones
#: (160001…200001, 380 cells): 16.35 → 16.46, +0.103 ± 0.026, 5 of 5 up.
QUIET_BITS = 0.5
QUIET_AMBITION = 0.35
#: what a guess must be worth against waiting, as a share of the points
#: at stake (tuned with :data:`PROBES`, above)
AMBITION = 0.65
#: the same without examples, where a wrong guess teaches nothing but
#: "not that rule": measured on seeds 60001… (3 rounds, paired) against
#: 0.65 without examples: 0.5 −0.27 ± 0.04 (9 seeds), 0.8 +0.36 ± 0.05 (8
#: seeds, wrong guesses 1.76 → 1.37 a round); against 0.8: 0.9 +0.14 ±
#: 0.06 (6 seeds, 5 up, wrong guesses 1.36 → 1.03), 0.95 +0.05 ± 0.14 (2)
BLIND_AMBITION = 0.9
#: without examples (``examples=False``): the random main lines, from
#: random starters, on which the judge's class of a guess is found
#: (:meth:`SoloAugur._judged_class`), by their lengths after the starters:
#: a few as long as a round, many short ones for many starters, where
#: rules of the last cards part (with four walks of 30 cards,
#: `card.color != last.color` and `card.suit = last2.suit or card.color
#: != last.color` were taken for one rule: they part only after two
#: starters of one colour)
WALKS = (30, 30, 30, 30, *(4,) * 12)


def entropy(p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


@dataclass(frozen=True)
class CardReason:
    """Why the augur played ``card``: the quantities it chose by.

    ``p``: the weighted share of the survivors that accept the card;
    ``bits``: the entropy ``H(p)`` of its verdict; ``score``: what the card
    was chosen by (``H(p)``, or ``p + beta·H(p)`` when ``gated``);
    ``tied``: the cards of the hand that had that score (one was drawn);
    ``kinds``: the different cards in the hand; ``certain``: no card of
    the hand had an uncertain verdict (every ``H(p)`` was 0); ``ahead``:
    the card was chosen for the cards its verdict makes telling, over one
    that teaches more by itself (or when none teaches anything)."""

    card: Card
    p: float
    bits: float
    score: float
    tied: int
    kinds: int
    certain: bool
    gated: bool = False
    beta: float = 0.0
    ahead: bool = False


@dataclass(frozen=True)
class GuessReason:
    """Why the augur guessed ``text`` ("" for no guess) after a card.

    ``case``: ``too_many`` (more survivors than it groups, ``survivors``
    of them), ``last_turn`` (a wrong guess costs nothing), ``nothing``
    (no points left at stake), ``sure`` / ``unsure`` (the largest group's
    weight share ``q`` against the share ``need`` it asks for with
    ``at_stake`` points at stake), or, for the gated baseline,
    ``gates_open`` / ``gates_shut``.  ``quiet``: the cards in hand would
    teach little next turn, so the augur asked for less."""

    text: str
    case: str
    at_stake: int
    q: float | None = None
    need: float | None = None
    survivors: int | None = None
    #: no card of the hand would teach much next turn, so ``need`` is the
    #: lower one of :data:`QUIET_AMBITION`
    quiet: bool = False


Reason = CardReason | GuessReason


def _best_bits(groups: dict[int, float], cards: Sequence[Card]) -> float:
    """The largest ``H(p)`` among ``cards`` for survivors grouped by
    their 52-card verdicts (mask → weight)."""
    total = sum(groups.values())
    if total <= 0.0:
        return 0.0
    best = 0.0
    for c in cards:
        bit = 1 << card_index(c)
        best = max(best, entropy(sum(wt for m, wt in groups.items() if m & bit) / total))
    return best


class SoloBeliefs(Beliefs):
    """Beliefs that also learn from a wrong guess: from its example, or,
    without one, that the rules it stood for are not God's."""

    def learn(self, line: Sequence[Card], card: Card, right: bool) -> None:
        sp = self.space
        ok = sp.accepting(self.um(line), card_index(card))
        self._error(sp.all & ~ok if right else ok)

    def refute(self, candidates: int) -> None:
        """The candidates in the bit set ``candidates`` are wrong."""
        self._error(candidates & self.space.all)


class SoloAugur:
    """Plays a solo round from a :class:`~game.games.delphi.solo.SoloView`
    (the evidence fields are those of the full game's view)."""

    def __init__(
        self,
        gated: bool = False,
        ambition: float | None = None,
        explore: float = 0.35,
        probe: float = 1.0,
        probes: int = PROBES,
        examples: bool = True,
    ) -> None:
        self.gated = gated
        #: learn from a wrong guess's example (the app's solo round shows
        #: one); False plays the published protocol, where a wrong guess
        #: says only "wrong"
        self.examples = examples
        #: the candidates each guess stood for (``examples=False``), in
        #: the order of the view's guesses
        self.guessed: list[int] = []
        self.probes = probes
        #: (``ambition`` None: :data:`AMBITION`, or :data:`BLIND_AMBITION`
        #: without examples)
        self.ambition = ambition if ambition is not None else (AMBITION if examples else BLIND_AMBITION)
        self.explore = explore
        self.probe = probe
        self.name = "augur-gated" if gated else "augur-solo"
        self.beliefs: SoloBeliefs | None = None
        self.learned = 0
        #: why it took its last decision (read by the explanation; it
        #: changes no choice)
        self.reason: Reason | None = None

    def _beliefs(self, view: Any) -> SoloBeliefs:
        dv = cast(DelphiView, view)  # the fields Beliefs reads: round, starters, main, side, noplays
        bl = self.beliefs
        if bl is None or not bl.fits(dv):
            bl = self.beliefs = SoloBeliefs(dv)
            self.learned = 0
            self.guessed = []
        bl.update(dv)
        for k in range(self.learned, len(view.guesses)):
            g = view.guesses[k]
            if self.examples:
                if g.example is not None:
                    bl.learn(g.example.line, g.example.card, g.example.god)
            elif not g.correct and k < len(self.guessed):
                bl.refute(self.guessed[k])
        self.learned = len(view.guesses)
        return bl

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        bl = self._beliefs(view)
        if view.phase == PLAY:
            return SoloAction(PLAY, self._card(view, bl, rng))
        if view.phase == GUESS:
            text = self._guess(view, bl)
            return SoloAction(GUESS, text=text) if text else SoloAction("pass")
        return rng.choice(list(legal))

    # --- cards ----------------------------------------------------------------------
    def _card(self, view: Any, bl: SoloBeliefs, rng: random.Random) -> Card:
        kinds, p, plain = self._telling(view, bl)
        beta = 0.0
        deep: dict[Card, float] | None = None
        if self.gated:
            ix = bl.listed()
            beta = self.probe if ix is not None and len(ix) <= PROPHET_LIST else self.explore
            if self._gates(view, bl, need_judged=False):
                beta = 0.0

            def score(c: Card) -> float:
                return p[c] + beta * entropy(p[c])
        else:
            deep = self._ahead(view, bl, kinds, p) if plain < LOOK_AHEAD and len(kinds) > 1 else None

            def score(c: Card) -> float:
                return deep[c] if deep is not None else entropy(p[c])

        top = max(score(c) for c in kinds)
        tied = [c for c in kinds if score(c) >= top - 1e-9]
        card = rng.choice(tied)
        # chosen for what its verdict sets up: it teaches less than another
        # card, or nothing while a next card would
        ahead = deep is not None and (entropy(p[card]) < plain - 1e-9 or (plain == 0.0 and top > 0.0))
        self.reason = CardReason(
            card=card,
            p=p[card],
            bits=entropy(p[card]),
            score=score(card),
            tied=len(tied),
            kinds=len(kinds),
            certain=plain == 0.0,
            gated=self.gated,
            beta=beta,
            ahead=ahead,
        )
        return card

    @staticmethod
    def _telling(view: Any, bl: SoloBeliefs) -> tuple[list[Card], dict[Card, float], float]:
        """The hand's different cards, the weighted share of the survivors
        accepting each, and the most bits any of them would teach."""
        kinds = sorted(set(view.hand), key=card_index)
        p = bl.p_fits(view.main, kinds)
        return kinds, p, max(entropy(p[c]) for c in kinds)

    def _ahead(self, view: Any, bl: SoloBeliefs, kinds: list[Card], p: dict[Card, float]) -> dict[Card, float] | None:
        """Each card's ``H(p)`` plus what the best of the rest of the hand
        would teach after its verdict (None when the survivors are too many
        to list).  A rejected card leaves the situation as it is, so only
        the survivors that accept it are judged again."""
        ix = bl.listed()
        grouped = bl.masks_at(view.main)
        if ix is None or grouped is None:
            return None
        sp = bl.space
        w = sp.weight
        main = list(view.main)
        now = bl.um_listed(main)
        mask = {i: sp.cand_mask(i, now) for i in ix}
        out = {}
        for c in kinds:
            bit = 1 << card_index(c)
            rest = [k for k in kinds if k != c]
            rejected = {m: wt for m, wt in grouped.items() if not m & bit}
            accepted: dict[int, float] = {}
            if p[c] > 0.0:
                after = bl.um_listed([*main, c])
                for i in ix:
                    if mask[i] & bit:
                        m = sp.cand_mask(i, after)
                        accepted[m] = accepted.get(m, 0.0) + w[i]
            out[c] = entropy(p[c]) + p[c] * _best_bits(accepted, rest) + (1.0 - p[c]) * _best_bits(rejected, rest)
        return out

    # --- guesses ----------------------------------------------------------------------
    def _gates(self, view: Any, bl: SoloBeliefs, need_judged: bool = True) -> bool:
        """The full game's Prophet gates (AugurBot's defaults)."""
        _, errors = bl.survivors()
        if errors or (need_judged and len(view.main) - view.starters < 6):
            return False
        ix = bl.listed()
        if ix is None or len(ix) > PROPHET_LIST:
            return False
        top, err = bl.assess(view.main, need_top=0.5)
        return top >= 0.5 and err <= 0.035

    def _guess(self, view: Any, bl: SoloBeliefs) -> str:
        last_turn = view.turn >= TURNS
        at_stake = TURNS + 1 - view.turn - 2 * view.wrong_guesses
        if self.gated:
            if self._gates(view, bl) or last_turn:
                text = bl.best_guess() or ""
                listed = bl.listed()
                if text and listed and not self.examples:
                    # best_guess's candidate: the heaviest listed survivor
                    del self.guessed[len(view.guesses) :]
                    self.guessed.append(1 << max(listed, key=lambda j: (bl.space.weight[j], -j)))
                self.reason = GuessReason(text, "last_turn" if last_turn else "gates_open", at_stake)
                return text
            self.reason = GuessReason("", "gates_shut", at_stake)
            return ""
        ix = bl.listed()
        if ix is None or (len(ix) > GROUP_LIMIT and not last_turn):
            survivors = bl.survivors()[0].bit_count() if ix is None else len(ix)
            self.reason = GuessReason("", "too_many", at_stake, survivors=survivors)
            return ""
        q, members = self.top_group(view.main, bl, ix)
        blind: tuple[int, int] | None = None
        if not self.examples and (last_turn or q >= self.need(at_stake, QUIET_AMBITION)):
            # without an example a guess is right only if God's rule is
            # the judge's same rule as the one guessed: that class's share
            # is the chance, not the group's
            blind, q = self._judged_class(view, bl, ix, members)
        if last_turn:
            best = self._guess_text(view, bl, members, blind)
            self.reason = GuessReason(best, "last_turn", at_stake, q=q, survivors=len(ix))
            return best
        if at_stake <= 0:
            self.reason = GuessReason("", "nothing", at_stake, q=q, survivors=len(ix))
            return ""
        need = self.need(at_stake, self.ambition)
        quiet = False
        if q < need:
            quiet = self._telling(view, bl)[2] < QUIET_BITS
            if quiet:
                need = self.need(at_stake, QUIET_AMBITION)
        # the member to guess is chosen only when a guess is made
        text = self._guess_text(view, bl, members, blind) if q >= need else ""
        self.reason = GuessReason(text, "sure" if text else "unsure", at_stake, q=q, need=need, survivors=len(ix), quiet=quiet)
        return text

    @staticmethod
    def need(at_stake: int, ambition: float) -> float:
        """The share of the weight the top group needs for a guess with
        ``at_stake`` points at stake: what the guess is worth, ``q·S -
        (1 - q)·2``, at least ``ambition·q·S``."""
        return 2.0 / ((1.0 - ambition) * at_stake + 2.0)

    def top_group(self, line: Sequence[Card], bl: SoloBeliefs, ix: list[int]) -> tuple[float, list[int]]:
        """(weight share of the largest group of survivors that judge all
        52 cards alike in the present situation and :data:`PROBES` others,
        its members)."""
        sp = bl.space
        w = sp.weight
        label: dict[int, tuple[int, ...]] = {i: () for i in ix}
        for pl in bl.probes(line, self.probes):
            um = bl.um_listed(pl)
            for i in ix:
                label[i] = label[i] + (sp.cand_mask(i, um),)
        groups: dict[tuple[int, ...], float] = {}
        for i in ix:
            groups[label[i]] = groups.get(label[i], 0.0) + w[i]
        total = sum(groups.values()) or 1.0
        top_label = max(groups, key=lambda k: groups[k])
        return groups[top_label] / total, [i for i in ix if label[i] == top_label]

    def guess_among(self, line: Sequence[Card], bl: SoloBeliefs, members: list[int]) -> str:
        """The text of the top group's member to guess (:meth:`_centre`)."""
        w = bl.space.weight
        return bl.space.rule(self._centre(line, bl, members, max(members, key=lambda j: (w[j], -j)))).text

    def _guess_text(self, view: Any, bl: SoloBeliefs, members: list[int], blind: tuple[int, int] | None = None) -> str:
        """The guess among the top group's ``members``; without examples,
        the heaviest member with its judge's class (``blind``, from
        :meth:`_judged_class`), which a wrong answer will refute."""
        if blind is None:
            return self.guess_among(view.main, bl, members)
        i, same = blind
        del self.guessed[len(view.guesses) :]
        self.guessed.append(same)
        return bl.space.rule(i).text

    def _judged_class(self, view: Any, bl: SoloBeliefs, ix: list[int], members: list[int]) -> tuple[tuple[int, int], float]:
        """((the heaviest member, the bit set of the members the judge
        would call the same rule), their weight share of the survivors).

        The judge compares two rules wherever God's main line can go from
        any starters (as many as this round's).  Were the heaviest member
        ``i`` God's rule, those are the lines ``i`` accepts, so the members
        that judge every card as ``i`` does all along the random such
        lines of :data:`WALKS` (the same for a given line) are taken for the same
        rule: right if ``i`` is, wrong if it is not.  (From this round's
        starters alone, `card.color = black` and `card.color =
        last2.color` after two black ones were one rule, and the guess
        was wrong.)"""
        sp = bl.space
        w = sp.weight
        i = max(members, key=lambda j: (w[j], -j))
        rng = random.Random(len(view.main) * 7_919 + card_index(view.main[-1]))
        alike = [j for j in members if j != i]
        for length in WALKS:
            # any starters: the judge compares the rules from every deal
            # of as many starters as this round's
            pl = [rng.choice(CARD_KINDS) for _ in range(view.starters)]
            for _ in range(length + 1):
                if not alike:
                    break
                um = bl.um_listed(pl)
                mine = sp.cand_mask(i, um)
                alike = [j for j in alike if sp.cand_mask(j, um) == mine]
                if not mine:
                    break
                pl.append(CARD_KINDS[rng.choice([k for k in range(52) if mine >> k & 1])])
        same = 1 << i
        for j in alike:
            same |= 1 << j
        total = sum(w[j] for j in ix) or 1.0
        return (i, same), (w[i] + sum(w[j] for j in alike)) / total

    def _centre(self, line: Sequence[Card], bl: SoloBeliefs, members: list[int], heaviest: int) -> int:
        """The guess among the top group's members: of those nearly as heavy
        as the heaviest (:data:`CENTRE_SHARE`), the one whose verdicts differ
        least, weighted, from the other members' in
        :data:`CENTRE_SITUATIONS` situations off the line.  The members agree
        wherever this round's line can go; what tells them apart is a wrong
        guess's example, and the one in the middle leaves the fewest behind
        whichever side God's example falls on (a threshold
        ``last.rank <= k`` is halved, not stepped through one ``k`` a
        guess)."""
        sp = bl.space
        w = sp.weight
        near = [i for i in members if w[i] >= CENTRE_SHARE * w[heaviest]]
        if len(near) < 2:
            return heaviest
        rng = random.Random(len(line) * 104_729 + card_index(line[-1]))
        far = dict.fromkeys(near, 0.0)
        for k in range(CENTRE_SITUATIONS):
            # every rank comes last twice, in turn in each suit, and the
            # first card varies (what most members read); the cards
            # between are random
            pl = [rng.choice(CARD_KINDS) for _ in range(len(line) + rng.randint(0, 2))]
            pl[0], pl[-1] = CARD_KINDS[5 * k % 52], CARD_KINDS[k % 4 * 13 + k % 13]
            um = bl.um_listed(pl)
            masks: dict[int, float] = {}
            for i in members:
                m = sp.cand_mask(i, um)
                masks[m] = masks.get(m, 0.0) + w[i]
            for i in near:
                g = sp.cand_mask(i, um)
                far[i] += sum(wt * (g ^ m).bit_count() for m, wt in masks.items())
        return min(near, key=lambda j: (far[j], -w[j], j))
