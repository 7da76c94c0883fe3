"""The augur's decisions: which card or string to play, when to say No Play,
when to declare Prophet, and how to judge as Prophet, all from the
weighted survivors of its :class:`~game.games.delphi.infer.beliefs.Beliefs`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.cards import Card
from game.games.delphi.infer.beliefs import Beliefs
from game.games.delphi.rulelang.vector import card_index
from game.games.delphi.state import DECLARE, PROPHET_PICK, PROPHET_VERDICT, TURN, Action, DelphiView

#: a Prophet is considered only when at most this many candidates survive
PROPHET_LIST = 1_500


class AugurBot:
    """Plays from the weighted survivors; see the module text.

    Parameters (defaults tuned on seeded rounds other than the measured
    ones, see docs/delphi.md): ``explore`` – the weight β of what a play
    teaches while many candidates survive; ``probe`` – β once few survive
    but they still disagree; ``string_p`` – least chance that a whole string
    is right before playing it; ``prophet_top`` – least weight of the
    largest group of survivors that judge alike, and ``prophet_err`` – most
    weighted chance that the majority misjudges a card (:meth:`Beliefs.assess`),
    before declaring Prophet; ``min_judged`` – main-line cards after the
    starters before a declaration is considered.
    """

    name = "augur"

    def __init__(self, explore: float = 0.35, probe: float = 1.0, string_p: float = 0.95, prophet_top: float = 0.5, prophet_err: float = 0.035, min_judged: int = 6) -> None:
        self.explore = explore
        self.probe = probe
        self.string_p = string_p
        self.prophet_top = prophet_top
        self.prophet_err = prophet_err
        self.min_judged = min_judged
        self.beliefs: Beliefs | None = None

    def _beliefs(self, view: DelphiView) -> Beliefs | None:
        if view.starters <= 0 or len(view.main) < view.starters:
            return None
        bl = self.beliefs
        if bl is None or not bl.fits(view):
            bl = self.beliefs = Beliefs(view)
        bl.update(view)
        return bl

    def choose(self, view: DelphiView, legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        kinds = {a.kind for a in legal}
        bl = self._beliefs(view)
        if bl is None:
            return rng.choice(legal)
        if view.phase == TURN and view.hand and "play" in kinds:
            return self._turn(view, bl, rng)
        if view.phase == DECLARE and "prophet" in kinds:
            return Action("prophet") if self._sure(view, bl) else Action("pass")
        if view.phase == PROPHET_VERDICT and view.seat == view.prophet and "verdict" in kinds:
            return self._judge(view, bl)
        if view.phase == PROPHET_PICK and view.seat == view.prophet and "pick" in kinds:
            shown = sorted(set(view.shown_hand)) or [a.cards[0] for a in legal if a.kind == "pick"]
            p = bl.p_fits(view.main, shown)
            best = max(shown, key=lambda c: (p[c], -card_index(c)))
            return Action("pick", (best,))
        return rng.choice(legal)

    # --- playing -------------------------------------------------------------------
    def _turn(self, view: DelphiView, bl: Beliefs, rng: random.Random) -> Action:
        hand = list(view.hand or ())
        kinds_in_hand = sorted(set(hand), key=card_index)
        p = bl.p_fits(view.main, kinds_in_hand)
        best_p = max(p.values())
        q = bl.p_none(view.main, kinds_in_hand)
        # a wrong play costs 2 cards (net +1), a right one -1; a right No Play
        # 4 cards (or ends the round), a wrong one +4
        if q > 0.5 and (4 - 8 * q) < (1 - 2 * best_p):
            return Action("noplay")
        risky = view.played >= view.expel_after  # a wrong play now expels
        # information is worth a little risk until the bot is sure of the rule
        if risky or self._confident(view, bl):
            beta = 0.0
        else:
            # few rules left but not settled: a test card is worth more
            ix = bl.listed()
            beta = self.probe if ix is not None and len(ix) <= PROPHET_LIST else self.explore

        def score(c: Card) -> float:
            pc = p[c]
            h = 0.0 if pc <= 0.0 or pc >= 1.0 else -(pc * math.log2(pc) + (1 - pc) * math.log2(1 - pc))
            return pc + beta * h

        top = max(score(c) for c in kinds_in_hand)
        choices = [c for c in kinds_in_hand if score(c) >= top - 1e-9]
        first = rng.choice(choices)
        if p[first] < 0.9 or len(hand) <= 1:
            return Action("play", (first,))
        # a string while the whole of it is likely right
        chosen = [first]
        rest = list(hand)
        rest.remove(first)
        line = list(view.main) + [first]
        while rest and len(chosen) < 4:
            nxt_p = bl.p_fits(line, sorted(set(rest), key=card_index))
            c = max(nxt_p, key=lambda x: (nxt_p[x], -card_index(x)))
            if bl.p_string(view.main, chosen + [c]) < self.string_p:
                break
            chosen.append(c)
            rest.remove(c)
            line.append(c)
        if len(chosen) > 1 and bl.p_string(view.main, chosen) < self.string_p:
            chosen = chosen[:1]
        return Action("play", tuple(chosen))

    # --- the Prophet -------------------------------------------------------------------
    def _confident(self, view: DelphiView, bl: Beliefs) -> bool:
        ix = bl.listed()
        if ix is None or len(ix) > PROPHET_LIST:
            return False
        top, err = bl.assess(view.main, need_top=self.prophet_top)
        return top >= self.prophet_top and err <= self.prophet_err

    def _sure(self, view: DelphiView, bl: Beliefs) -> bool:
        _, errors = bl.survivors()
        if errors or len(view.main) - view.starters < self.min_judged:
            return False
        return self._confident(view, bl)

    def _judge(self, view: DelphiView, bl: Beliefs) -> Action:
        if view.pending_kind == "noplay":
            yes = bl.p_none(view.main, view.shown_hand)
        else:
            yes = bl.p_string(view.main, view.pending)
        return Action("verdict", n=1 if yes >= 0.5 else 0)
