"""Simple computer players for Delphi.

A bot is made by a factory in ``BOTS`` and has ``name`` and
``choose(view, legal, rng)``.  It sees only its seat's
:class:`~game.games.delphi.state.DelphiView`:

- ``view.main`` – the main line, starters first (``view.starters`` of them,
  which also tells how far back the rule looks: 2 starters, two cards);
- ``view.side`` – every wrong play as ``SidePlay(anchor, cards, first,
  seat)``: judged after ``main[:anchor + 1]``, card by card, and at least
  one card did not fit (a single card: that card did not fit);
- ``view.noplays`` – shown No Play hands: ``correct`` means no card of the
  hand fitted after ``main[:anchor + 1]``; ``rejected`` is a card a Prophet
  picked there that God ruled wrong;
- ``view.hand``, ``view.phase``, ``view.pending`` (a play or No Play being
  judged, ``view.shown_hand`` for the latter), ``view.prophet``.

The actions a bot returns are :class:`~game.games.delphi.state.Action`
values; a ``play`` may be any ordered string of cards it holds, even when
``legal`` lists single cards only.

``random`` plays at random (now and then a string).  ``cautious`` keeps a
small fixed set of hypotheses (plain predicates, not the rule language),
drops those the evidence refutes, and plays the card most survivors accept;
it declares No Play and Prophet only when all survivors agree.  These two
are baselines.

``augur`` (:mod:`game.games.delphi.infer`) is the inference bot: it keeps
some 78,000 (one starter) or 115,000 (two starters) candidate rules built
from the rule language's grammar (single tests, ``and``/``or``/equal pairs,
``if``-``then``-``else`` on a property of the last cards or the position;
never the library), weighs the ones the evidence leaves by simplicity,
plays the card that is likely right and informative, strings when the
whole string is likely right, No Play when most of the weight says no card
fits, declares Prophet when the survivors settle on one rule, and judges as
Prophet by the weighted majority.  docs/delphi.md has its figures.

:class:`GodBot` is not a player of its own: it wraps a computer seat's
player bot and writes that seat's rule when it is God (a library rule of
the seat's level, with the library's hint for the rule given first), and
when no card can follow the dealt starters it lays the first starters
offered (from the top of its deck); the policy
(:mod:`~game.games.delphi.policy`) makes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.cards import RANKS, SUITS, Card, derive_seed
from game.games.delphi.infer import AugurBot
from game.games.delphi.library import LEVELS, LIBRARY, LibraryRule, choose_rule
from game.games.delphi.log import library_hint
from game.games.delphi.state import (
    DECLARE,
    PROPHET_PICK,
    PROPHET_VERDICT,
    SETRULE,
    STARTER,
    TURN,
    Action,
    DelphiView,
)

Pred = Callable[[Card, tuple], bool]

ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)


class RandomBot:
    """Uniform over the listed actions; one play in ten is a string of 2–3
    cards from the hand."""

    name = "random"

    def choose(self, view: DelphiView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == TURN and view.hand and len(view.hand) >= 2 and rng.random() < 0.1:
            k = min(len(view.hand), rng.choice((2, 3)))
            return Action("play", tuple(rng.sample(list(view.hand), k)))
        return rng.choice(list(legal))


# --- the cautious bot's hypotheses ---------------------------------------------------
def _red(c: Card) -> bool:
    return c.suit is not None and c.suit.is_red


def _within(k: int) -> Pred:
    return lambda c, m: abs(c.value - m[-1].value) <= k


def _apart(k: int) -> Pred:
    return lambda c, m: abs(c.value - m[-1].value) >= k


def _hyps(two_back: bool) -> list[tuple[str, Pred]]:
    h: list[tuple[str, Pred]] = []
    add = h.append
    # the card alone
    add(("red", lambda c, m: _red(c)))
    add(("black", lambda c, m: not _red(c)))
    add(("odd", lambda c, m: c.value % 2 == 1))
    add(("even", lambda c, m: c.value % 2 == 0))
    add(("face", lambda c, m: c.value > 10))
    add(("not face", lambda c, m: c.value <= 10))
    add(("low", lambda c, m: c.value <= 7))
    add(("high", lambda c, m: c.value >= 7))
    # against the last card
    add(("same colour", lambda c, m: _red(c) == _red(m[-1])))
    add(("other colour", lambda c, m: _red(c) != _red(m[-1])))
    add(("same suit", lambda c, m: c.suit == m[-1].suit))
    add(("other suit", lambda c, m: c.suit != m[-1].suit))
    add(("same parity", lambda c, m: c.value % 2 == m[-1].value % 2))
    add(("other parity", lambda c, m: c.value % 2 != m[-1].value % 2))
    add(("higher", lambda c, m: c.value > m[-1].value))
    add(("lower", lambda c, m: c.value < m[-1].value))
    add(("not lower", lambda c, m: c.value >= m[-1].value))
    add(("not higher", lambda c, m: c.value <= m[-1].value))
    add(("suit or rank", lambda c, m: c.suit == m[-1].suit or c.value == m[-1].value))
    add(("colour or rank", lambda c, m: _red(c) == _red(m[-1]) or c.value == m[-1].value))
    for k in (1, 2, 3, 4):
        add((f"within {k}", _within(k)))
    for k in (2, 3, 4):
        add((f"apart {k}", _apart(k)))
    # conditionals on the last card
    add(("odd→black even→red", lambda c, m: (not _red(c)) if m[-1].value % 2 else _red(c)))
    add(("odd→red even→black", lambda c, m: _red(c) if m[-1].value % 2 else not _red(c)))
    add(("red→odd black→even", lambda c, m: (c.value % 2 == 1) if _red(m[-1]) else (c.value % 2 == 0)))
    add(("red→even black→odd", lambda c, m: (c.value % 2 == 0) if _red(m[-1]) else (c.value % 2 == 1)))
    add(("odd→higher even→lower", lambda c, m: c.value > m[-1].value if m[-1].value % 2 else c.value < m[-1].value))
    add(("red→higher black→lower", lambda c, m: c.value > m[-1].value if _red(m[-1]) else c.value < m[-1].value))
    add(("face→red else black", lambda c, m: _red(c) if m[-1].value > 10 else not _red(c)))
    # by position (1-based place the card would take)
    add(("odd place red", lambda c, m: _red(c) == ((len(m) + 1) % 2 == 1)))
    add(("odd place black", lambda c, m: _red(c) != ((len(m) + 1) % 2 == 1)))
    add(("odd place odd", lambda c, m: (c.value % 2 == 1) == ((len(m) + 1) % 2 == 1)))
    if two_back:
        add(("above both", lambda c, m: c.value > m[-1].value and c.value > m[-2].value))
        add(("below both", lambda c, m: c.value < m[-1].value and c.value < m[-2].value))
        add(("between", lambda c, m: min(m[-1].value, m[-2].value) <= c.value <= max(m[-1].value, m[-2].value)))
        add(("outside", lambda c, m: not (min(m[-1].value, m[-2].value) < c.value < max(m[-1].value, m[-2].value))))
        add(("colour of two back", lambda c, m: _red(c) == _red(m[-2])))
        add(("not colour of two back", lambda c, m: _red(c) != _red(m[-2])))
        add(("suit of two back", lambda c, m: c.suit == m[-2].suit))
        add(("sum parity", lambda c, m: (c.value + m[-1].value + m[-2].value) % 2 == 0))
    return h


_H1 = _hyps(False)
_H2 = _hyps(True)


def _string_ok(p: Pred, cards: Sequence[Card], line: tuple) -> bool:
    for c in cards:
        if not p(c, line):
            return False
        line = line + (c,)
    return True


def survivors(view: DelphiView) -> list[tuple[str, Pred]]:
    """The hypotheses of the cautious bot that the evidence in ``view`` has
    not refuted."""
    space = _H2 if view.starters >= 2 else _H1
    main = view.main
    out = []
    for name, p in space:
        try:
            if not all(p(main[i], main[:i]) for i in range(max(1, view.starters), len(main))):
                continue
            if any(_string_ok(p, sp.cards, main[: sp.anchor + 1]) for sp in view.side):
                continue
            bad = False
            for ev in view.noplays:
                line = main[: ev.anchor + 1]
                if ev.correct and any(p(c, line) for c in set(ev.cards)):
                    bad = True
                    break
                if ev.rejected is not None and p(ev.rejected, line):
                    bad = True
                    break
            if not bad:
                out.append((name, p))
        except IndexError:  # a two-back hypothesis on a one-card line
            continue
    return out


class CautiousBot:
    """Plays the card most surviving hypotheses accept; see the module text."""

    name = "cautious"

    def __init__(self, prophet_min_main: int = 8) -> None:
        self.prophet_min_main = prophet_min_main

    def choose(self, view: DelphiView, legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        kinds = {a.kind for a in legal}
        if view.phase == TURN and view.hand:
            return self._play(view, legal, rng)
        if view.phase == DECLARE and "prophet" in kinds:
            return Action("prophet") if self._sure(view) else Action("pass")
        if view.phase == PROPHET_VERDICT and view.seat == view.prophet:
            return self._judge(view, rng)
        if view.phase == PROPHET_PICK and view.seat == view.prophet:
            surv = survivors(view)
            cards = sorted(set(view.shown_hand))
            best = max(cards, key=lambda c: (sum(p(c, view.main) for _, p in surv), rng.random()))
            return Action("pick", (best,))
        return rng.choice(legal)

    def _play(self, view: DelphiView, legal: list[Action], rng: random.Random) -> Action:
        surv = survivors(view)
        hand = sorted(set(view.hand or ()))
        if not surv:
            return Action("play", (rng.choice(hand),))
        votes = {c: sum(1 for _, p in surv if p(c, view.main)) for c in hand}
        best = max(votes.values())
        if best == 0:
            return Action("noplay")
        top = [c for c in hand if votes[c] == best]
        first = rng.choice(top)
        # a string only when every survivor agrees and few remain
        if len(surv) <= 2 and best == len(surv) and len(view.main) >= 10:
            chosen = [first]
            rest = list(view.hand or ())
            rest.remove(first)
            line = view.main + (first,)
            while len(chosen) < 3:
                nxt = [c for c in sorted(set(rest)) if all(p(c, line) for _, p in surv)]
                if not nxt or len(rest) <= 1:
                    break
                c = nxt[0]
                chosen.append(c)
                rest.remove(c)
                line = line + (c,)
            return Action("play", tuple(chosen))
        return Action("play", (first,))

    def _sure(self, view: DelphiView) -> bool:
        if len(view.main) < self.prophet_min_main:
            return False
        surv = survivors(view)
        if not surv:
            return False
        if len(surv) == 1:
            return True
        # all survivors judge every card alike at the last few places
        for cut in range(max(view.starters, len(view.main) - 4), len(view.main) + 1):
            line = view.main[:cut]
            for c in ALL_CARDS:
                first = surv[0][1](c, line)
                if any(p(c, line) != first for _, p in surv[1:]):
                    return False
        return True

    def _judge(self, view: DelphiView, rng: random.Random) -> Action:
        surv = survivors(view)
        if not surv:
            return Action("verdict", n=rng.randint(0, 1))
        if view.pending_kind == "noplay":
            yes = sum(1 for _, p in surv if not any(p(c, view.main) for c in set(view.shown_hand)))
        else:
            yes = sum(1 for _, p in surv if _string_ok(p, view.pending, view.main))
        return Action("verdict", n=1 if 2 * yes >= len(surv) else 0)


# --- the computer God --------------------------------------------------------------
def library_choice(level: str | None, rng: random.Random) -> LibraryRule:
    """The library rule a computer God draws: one of that difficulty
    (``library.choose_rule``), any library rule for an unknown level."""
    if level in LEVELS:
        return choose_rule(level, rng)
    return rng.choice(LIBRARY)


def choose_library_rule(level: str | None, rng: random.Random) -> str:
    """The text of :func:`library_choice`."""
    return library_choice(level, rng).text


class GodBot:
    """A computer seat that is God now and then.  While God writes the rule
    (``SETRULE``) it draws a library rule of its ``level``, from a generator
    of its own seeded by the game's ``seed`` and the round, so the same game
    gets the same rules whoever else plays; it never touches the shared
    ``rng``.  Every other decision is ``player``'s (the seat's player bot)."""

    def __init__(self, player: Any, level: str = "medium", seed: int = 0) -> None:
        self.player = player
        self.name = player.name
        self.level = level
        self.seed = seed

    def entry(self, round_index: int) -> LibraryRule:
        """The library rule this God writes in round ``round_index`` (0-based)."""
        return library_choice(self.level, random.Random(derive_seed(self.seed, "computer-god", round_index)))

    def rule(self, round_index: int) -> str:
        return self.entry(round_index).text

    def choose(self, view: DelphiView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase == SETRULE:
            entry = self.entry(view.round)
            if view.hint_rule != entry.id and library_hint(entry.id):
                return Action("libhint", text=entry.id)
            return Action("rule", text=entry.text)
        if view.phase == STARTER and view.seat == view.god and legal:
            return legal[0]  # the first starters offered: from the top of the deck
        return self.player.choose(view, legal, rng)


BOTS: dict[str, Callable[[], object]] = {
    "random": RandomBot,
    "cautious": CautiousBot,
    "augur": AugurBot,
}
