"""The nodes of a parsed rule: small frozen values, no behaviour.

A rule is a tree of these nodes.  Nodes compare and hash by their content
only; the ``col``/``end`` fields remember where a node stood in the text a
player typed (1-based, for error messages) and take no part in equality, so
``parse("a  and b") == parse("a and b")``.

Value kinds (the language's types) are the strings in :data:`TYPES`.
Runtime values: numbers are ``int``, suits are :class:`game.cards.Suit`
members, colours the strings ``"red"``/``"black"``, truth values ``bool``,
cards ``(rank, suit)`` tuples.  A joker (never in a Delphi deck) has rank 0,
suit ``None`` and colour ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

NUM = "number"
SUIT = "suit"
COLOR = "color"
BOOL = "bool"
CARD = "card"
TYPES = (NUM, SUIT, COLOR, BOOL, CARD)

#: the furthest a rule may look back along the main line (``last6``)
MAX_BACK = 6
#: card references and how many main-line cards each looks back: ``card``
#: (the judged card, 0), ``last`` (1), ``last2`` … ``last6``, ``first`` (the
#: first starter, always there: 0) and ``each`` (the main-line card an
#: aggregate is looking at, only inside one: 0)
REFS = {"card": 0, "last": 1, **{f"last{k}": k for k in range(2, MAX_BACK + 1)}, "first": 0, "each": 0}
#: what an aggregate over the main line computes, and the kind of its body
AGGREGATES = {"count": "bool", "sum": "number", "min": "number", "max": "number", "any": "bool", "all": "bool", "streak": "bool"}
ATTRS = {"rank": NUM, "suit": SUIT, "color": COLOR}
ADD_OPS = ("+", "-")
MUL_OPS = ("*", "/", "%")
CMP_OPS = ("=", "!=", "<", "<=", ">", ">=")
ORDER_OPS = ("<", "<=", ">", ">=")
NUMBER_PREDICATES = ("odd", "even", "prime", "face")
COLOR_NAMES = ("red", "black")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
PREDICATES = NUMBER_PREDICATES + COLOR_NAMES + SUIT_NAMES
FUNCTIONS = ("abs", "min", "max")


@dataclass(frozen=True)
class _Node:
    """Where a node stood in the typed text (0 for built trees); keyword-only
    and not compared, so every node type below declares only its content."""

    col: int = field(default=0, compare=False, repr=False, kw_only=True)
    end: int = field(default=0, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Num(_Node):
    value: int


@dataclass(frozen=True)
class BoolConst(_Node):
    value: bool


@dataclass(frozen=True)
class SuitConst(_Node):
    name: str  # one of SUIT_NAMES


@dataclass(frozen=True)
class ColorConst(_Node):
    name: str  # "red" or "black"


@dataclass(frozen=True)
class CardRef(_Node):
    """``card``, ``last`` or ``last2`` as a whole card (for ``card = last``)."""

    which: str


@dataclass(frozen=True)
class Attr(_Node):
    """``card.rank``, ``last.suit``, ``last2.color`` …"""

    which: str  # key of REFS
    attr: str  # key of ATTRS


@dataclass(frozen=True)
class Pos(_Node):
    """The 1-based main-line position the judged card would take."""


@dataclass(frozen=True)
class Neg(_Node):
    operand: Node


@dataclass(frozen=True)
class Arith(_Node):
    """A left-to-right chain of ``+ -`` (or of ``* / %``):
    ``operands[0] ops[0] operands[1] ops[1] …``."""

    ops: tuple[str, ...]
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Call(_Node):
    fn: str  # abs, min, max
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Compare(_Node):
    """A comparison chain: ``a < b <= c`` means ``a < b and b <= c``."""

    ops: tuple[str, ...]
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Is(_Node):
    """``x is odd``, ``card is red``, ``last.suit is not hearts``."""

    subject: Node
    pred: str  # one of PREDICATES
    negated: bool = False


@dataclass(frozen=True)
class Range(_Node):
    """``lo..hi`` inside a set (both ends included)."""

    lo: Node
    hi: Node


@dataclass(frozen=True)
class In(_Node):
    """``x in {1, 3, 5..7}`` / ``x not in {…}``."""

    subject: Node
    items: tuple[Node, ...]  # expressions or Range
    negated: bool = False


@dataclass(frozen=True)
class Not(_Node):
    operand: Node


@dataclass(frozen=True)
class And(_Node):
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Or(_Node):
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Agg(_Node):
    """An aggregate over the main line so far (starters included):
    ``count(each is red)``, ``sum(each.rank)``, ``min(each.rank)``,
    ``max(…)``, ``any(each = card)``, ``all(…)``, ``streak(…)`` (how many
    of the latest cards in a row, counted back from ``last``).  ``body``
    reads ``each``, the main-line card being looked at."""

    fn: str  # key of AGGREGATES
    body: Node


@dataclass(frozen=True)
class Table(_Node):
    """A lookup table ``[3, 1, 4, 1, 5][pos]``: entry ``index`` counted from
    1, going round when the index is past the end (``[red, black][pos]``
    alternates for ever); the entries are constants of one kind."""

    items: tuple[Node, ...]
    index: Node


@dataclass(frozen=True)
class If(_Node):
    """``if c then t else e``; without ``else`` (``else_ is None``) the rule
    reads ``if c then t`` as "otherwise true" (only for conditions)."""

    cond: Node
    then: Node
    else_: Node | None = None


NODE_TYPES = (
    Num, BoolConst, SuitConst, ColorConst, CardRef, Attr, Pos, Neg, Arith, Call,
    Compare, Is, Range, In, Not, And, Or, Agg, Table, If,
)
Node: TypeAlias = (
    Num | BoolConst | SuitConst | ColorConst | CardRef | Attr | Pos | Neg | Arith | Call
    | Compare | Is | Range | In | Not | And | Or | Agg | Table | If
)


def children(node: Node) -> tuple[Node, ...]:
    """The direct sub-nodes, left to right."""
    if isinstance(node, (Neg, Not)):
        return (node.operand,)
    if isinstance(node, (Arith, Compare, And, Or)):
        return node.operands
    if isinstance(node, Call):
        return node.args
    if isinstance(node, Is):
        return (node.subject,)
    if isinstance(node, In):
        return (node.subject,) + node.items
    if isinstance(node, Range):
        return (node.lo, node.hi)
    if isinstance(node, If):
        return (node.cond, node.then) if node.else_ is None else (node.cond, node.then, node.else_)
    if isinstance(node, Agg):
        return (node.body,)
    if isinstance(node, Table):
        return (node.index,) + node.items
    return ()


def walk(node: Node):
    """Every node of the tree, iteratively (no recursion), parents first."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(children(n)))


def depth_and_size(node: Node) -> tuple[int, int, Node]:
    """(depth, node count, a deepest node), computed without recursion, so
    even a tree built by a program cannot exhaust the Python stack here."""
    best, count, deepest = 0, 0, node
    stack = [(node, 1)]
    while stack:
        n, d = stack.pop()
        count += 1
        if d > best:
            best, deepest = d, n
        for c in children(n):
            stack.append((c, d + 1))
    return best, count, deepest


def refs_of(node: Node) -> frozenset[str]:
    """Every word the tree reads: ``card``, ``last`` … ``last6``, ``first``,
    ``pos``, ``each`` (also inside aggregates), and ``line`` when it holds
    an aggregate over the main line."""
    out: set[str] = set()
    for n in walk(node):
        if isinstance(n, (Attr, CardRef)):
            out.add(n.which)
        elif isinstance(n, Pos):
            out.add("pos")
        elif isinstance(n, Agg):
            out.add("line")
    return frozenset(out)


def free_refs(node: Node) -> frozenset[str]:
    """Like :func:`refs_of`, but ``each`` only where it stands outside every
    aggregate of the tree (in a part of an aggregate's body)."""
    out: set[str] = set()
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        n, bound = stack.pop()
        if isinstance(n, (Attr, CardRef)):
            if n.which != "each" or not bound:
                out.add(n.which)
        elif isinstance(n, Pos):
            out.add("pos")
        elif isinstance(n, Agg):
            out.add("line")
            bound = True
        stack.extend((c, bound) for c in children(n))
    return frozenset(out)


def lookback_of(node: Node) -> int:
    """How many main-line cards the tree looks back (``last4``: 4)."""
    return max((REFS[r] for r in refs_of(node) if r in REFS), default=0)


def type_of(node: Node) -> str:
    """The kind of value a (type-checked) node gives."""
    while isinstance(node, If):
        node = node.then
    if isinstance(node, Table):
        return type_of(node.items[0])
    if isinstance(node, Agg):
        return BOOL if node.fn in ("any", "all") else NUM
    if isinstance(node, (Num, Neg, Arith, Call, Pos)):
        return NUM
    if isinstance(node, (BoolConst, Compare, Is, In, Not, And, Or)):
        return BOOL
    if isinstance(node, SuitConst):
        return SUIT
    if isinstance(node, ColorConst):
        return COLOR
    if isinstance(node, CardRef):
        return CARD
    if isinstance(node, Attr):
        return ATTRS[node.attr]
    if isinstance(node, Range):
        return NUM
    raise TypeError(f"not a rule node: {node!r}")
