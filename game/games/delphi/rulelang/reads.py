"""What a rule reads, from its parts, said in words for God's screen.

God's screen used to say how far back a rule looks (0, 1 or 2 cards) and
nothing else, so ``count(each.suit = card.suit) < 4`` (which reads the
whole line) and every sum rule read as "looks only at the card itself".
Here the tree itself is asked: which card references stand outside every
aggregate (the judged card, ``last`` … ``last6``, ``first``), whether the
place ``pos`` is read, and which aggregates over the whole line (counts,
sums, …) it uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.core import Message
from game.games.delphi.rulelang import ast as A

#: the aggregates in the order the description names them, and the key of
#: each one's words (min and max share theirs, so do any and all)
AGG_WORDS = {"count": "count", "sum": "sum", "min": "minmax", "max": "minmax", "any": "anyall", "all": "anyall", "streak": "streak"}


@dataclass(frozen=True)
class Reads:
    """The parts of the main line a rule reads.

    ``card``   the judged card itself
    ``back``   how many cards back it reads one card directly (``last3``: 3)
    ``first``  the first card of the line
    ``pos``    the place the judged card would take
    ``line``   the aggregates over the whole line it uses (``count``, ``sum`` …)
    """

    card: bool
    back: int
    first: bool
    pos: bool
    line: tuple[str, ...]

    @property
    def starters(self) -> int:
        """Starter cards a round with this rule lays: one, or as many as it
        looks back (the engine's :func:`~game.games.delphi.ruleapi.starters_for`)."""
        return max(1, self.back)


def reads_of(tree: A.Node) -> Reads:
    """What ``tree`` reads (card references inside an aggregate's body count
    too: ``count(each.suit = card.suit)`` reads the judged card and the line)."""
    refs = A.refs_of(tree)
    fns = {n.fn for n in A.walk(tree) if isinstance(n, A.Agg)}
    return Reads(
        card="card" in refs,
        back=A.lookback_of(tree),
        first="first" in refs,
        pos="pos" in refs,
        line=tuple(fn for fn in A.AGGREGATES if fn in fns),
    )


def describe(tree: A.Node) -> Message:
    """One sentence for God's screen: what the rule reads, and how many
    starter cards are laid out for it."""
    r = reads_of(tree)
    parts: list[Message] = []
    if r.card:
        parts.append(Message("delphi_lang.reads.card"))
    if r.back:
        parts.append(Message("delphi_lang.reads.back", {"n": r.back}))
    if r.first:
        parts.append(Message("delphi_lang.reads.first"))
    if r.pos:
        parts.append(Message("delphi_lang.reads.pos"))
    if r.line:
        words = tuple(dict.fromkeys(AGG_WORDS[fn] for fn in r.line))
        parts.append(Message("delphi_lang.reads.line", {"what": tuple(Message(f"delphi_lang.reads.agg.{w}") for w in words)}))
    if not parts:  # a rule of constants alone (the check refuses it, but say something true)
        parts.append(Message("delphi_lang.reads.nothing"))
    key = "delphi_lang.reads.only" if len(parts) == 1 and r.card else "delphi_lang.reads.sentence"
    said: Message | tuple[Message, ...] = Message("delphi_lang.reads.and", {"head": tuple(parts[:-1]), "tail": parts[-1]}) if len(parts) > 1 else tuple(parts)
    return Message(key, {"parts": said, "starters": Message("delphi_lang.reads.starters", {"n": r.starters})})
