"""Bounds and type checking of a rule tree, before anything is evaluated.

Works for trees from the parser and for trees a program built (the bots):
sizes and depth are measured without recursion first, then the recursive
type check runs on a tree known to be shallow.
"""

from __future__ import annotations

from game.engine import Message
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.errors import err
from game.games.delphi.rulelang.lexer import GERMAN, MAX_NUMBER
from game.games.delphi.rulelang.printer import to_text

MAX_DEPTH = 48
#: parts of a rule, not counting the entries of lookup tables
MAX_NODES = 150
#: entries of all the lookup tables of a rule together (a value for every
#: place of the longest main line, 156, and a few to spare)
MAX_TABLE = 160

_CONSTANTS = (A.Num, A.BoolConst, A.SuitConst, A.ColorConst)


def type_name(t: str) -> Message:
    return Message("delphi_lang.type." + t)


class _Checker:
    def __init__(self, source: str | None) -> None:
        self.source = source
        self.in_agg = False

    def snippet(self, node: A.Node) -> str:
        """The node as the player wrote it (or printed, for built trees)."""
        text = ""
        if self.source is not None and node.col and node.end > node.col:
            text = self.source[node.col - 1 : node.end - 1].strip()
        if not text:
            text = to_text(node)
        return text if len(text) <= 40 else text[:39] + "…"

    def col(self, node: A.Node) -> int | None:
        return node.col or None

    def expect_type(self, node: A.Node, want: tuple[str, ...], key: str, **params) -> str:
        t = self.check(node)
        if t not in want:
            raise err(key, self.col(node), text=self.snippet(node), type=type_name(t), **params)
        return t

    def check(self, node: A.Node) -> str:
        if isinstance(node, A.Num):
            if not isinstance(node.value, int) or isinstance(node.value, bool) or not 0 <= node.value <= MAX_NUMBER:
                raise err("number_too_big", self.col(node), number=str(node.value)[:12], limit=MAX_NUMBER)
            return A.NUM
        if isinstance(node, A.BoolConst):
            if not isinstance(node.value, bool):
                raise err("bad_node", self.col(node), node=type(node).__name__)
            return A.BOOL
        if isinstance(node, A.SuitConst):
            self.known(node, node.name, A.SUIT_NAMES)
            return A.SUIT
        if isinstance(node, A.ColorConst):
            self.known(node, node.name, A.COLOR_NAMES)
            return A.COLOR
        if isinstance(node, A.CardRef):
            self.known(node, node.which, tuple(A.REFS))
            self.each_inside(node)
            return A.CARD
        if isinstance(node, A.Attr):
            self.known(node, node.which, tuple(A.REFS))
            self.known(node, node.attr, tuple(A.ATTRS))
            self.each_inside(node)
            return A.ATTRS[node.attr]
        if isinstance(node, A.Agg):
            return self.aggregate(node)
        if isinstance(node, A.Table):
            return self.table(node)
        if isinstance(node, A.Pos):
            return A.NUM
        if isinstance(node, A.Neg):
            self.expect_type(node.operand, (A.NUM,), "type_arith", op="-")
            return A.NUM
        if isinstance(node, A.Arith):
            self.shape(node, len(node.operands) >= 2 and len(node.ops) == len(node.operands) - 1)
            group = A.ADD_OPS if node.ops[0] in A.ADD_OPS else A.MUL_OPS
            self.shape(node, all(op in group for op in node.ops))
            for i, operand in enumerate(node.operands):
                op = node.ops[max(0, i - 1)]
                self.expect_type(operand, (A.NUM,), "type_arith", op=op)
            return A.NUM
        if isinstance(node, A.Call):
            self.known(node, node.fn, A.FUNCTIONS)
            if node.fn == "abs" and len(node.args) != 1:
                raise err("abs_args", self.col(node), count=len(node.args))
            if node.fn != "abs" and len(node.args) < 2:
                raise err("minmax_args", self.col(node), fn=node.fn)
            for a in node.args:
                self.expect_type(a, (A.NUM,), "type_call", fn=node.fn)
            return A.NUM
        if isinstance(node, A.Compare):
            self.shape(node, len(node.operands) >= 2 and len(node.ops) == len(node.operands) - 1)
            types = [self.check(o) for o in node.operands]
            for i, op in enumerate(node.ops):
                self.known(node, op, A.CMP_OPS)
                left, right = node.operands[i], node.operands[i + 1]
                if op in A.ORDER_OPS:
                    for side, t in ((left, types[i]), (right, types[i + 1])):
                        if t != A.NUM:
                            raise err("type_order", self.col(side), op=op, text=self.snippet(side), type=type_name(t))
                elif types[i] != types[i + 1]:
                    raise err(
                        "type_compare", self.col(right),
                        left=self.snippet(left), left_type=type_name(types[i]),
                        right=self.snippet(right), right_type=type_name(types[i + 1]),
                    )
            return A.BOOL
        if isinstance(node, A.Is):
            self.known(node, node.pred, A.PREDICATES)
            self.shape(node, isinstance(node.negated, bool))
            t = self.check(node.subject)
            ok: tuple[str, ...]
            if node.pred in A.NUMBER_PREDICATES:
                ok, want = (A.NUM, A.CARD), "pred_number"
            elif node.pred in A.COLOR_NAMES:
                ok, want = (A.COLOR, A.SUIT, A.CARD), "pred_color"
            else:
                ok, want = (A.SUIT, A.CARD), "pred_suit"
            if t not in ok:
                raise err(
                    "type_predicate", self.col(node.subject), pred=node.pred,
                    expected=Message("delphi_lang." + want), text=self.snippet(node.subject), type=type_name(t),
                )
            return A.BOOL
        if isinstance(node, A.In):
            self.shape(node, isinstance(node.negated, bool) and len(node.items) >= 1)
            t = self.check(node.subject)
            for item in node.items:
                if isinstance(item, A.Range):
                    for end in (item.lo, item.hi):
                        self.expect_type(end, (A.NUM,), "type_range")
                    it = A.NUM
                else:
                    it = self.check(item)
                if it != t:
                    raise err(
                        "type_set_item", self.col(item), subject=self.snippet(node.subject), type=type_name(t),
                        item=self.snippet(item), item_type=type_name(it),
                    )
            return A.BOOL
        if isinstance(node, A.Range):
            raise err("range_outside_set", self.col(node))
        if isinstance(node, A.Not):
            self.expect_type(node.operand, (A.BOOL,), "type_logic", op="not")
            return A.BOOL
        if isinstance(node, (A.And, A.Or)):
            self.shape(node, len(node.operands) >= 2)
            op = "and" if isinstance(node, A.And) else "or"
            for o in node.operands:
                self.expect_type(o, (A.BOOL,), "type_logic", op=op)
            return A.BOOL
        if isinstance(node, A.If):
            self.expect_type(node.cond, (A.BOOL,), "type_if_cond")
            tt = self.check(node.then)
            if node.else_ is None:
                if tt != A.BOOL:
                    raise err("type_if_no_else", self.col(node), type=type_name(tt))
                return A.BOOL
            te = self.check(node.else_)
            if te != tt:
                raise err(
                    "type_if_branches", self.col(node.else_),
                    then=self.snippet(node.then), then_type=type_name(tt),
                    else_=self.snippet(node.else_), else_type=type_name(te),
                )
            return tt
        raise err("bad_node", None, node=type(node).__name__)

    def each_inside(self, node: A.Attr | A.CardRef) -> None:
        if node.which == "each" and not self.in_agg:
            raise err("each_outside", self.col(node))

    def aggregate(self, node: A.Agg) -> str:
        self.known(node, node.fn, tuple(A.AGGREGATES))
        if self.in_agg:
            raise err("agg_nested", self.col(node), fn=node.fn, fn_de=GERMAN.get(node.fn, node.fn))
        if "each" not in A.refs_of(node.body):
            number = A.AGGREGATES.get(node.fn) == "number"
            raise err(
                "agg_needs_each", self.col(node), fn=node.fn, fn_de=GERMAN.get(node.fn, node.fn),
                example="each.rank" if number else "each.color = red", example_de="jede.wert" if number else "jede.farbton = rot",
            )
        want = A.BOOL if A.AGGREGATES[node.fn] == "bool" else A.NUM
        self.in_agg = True
        try:
            t = self.check(node.body)
        finally:
            self.in_agg = False
        if t != want:
            raise err("type_agg", self.col(node.body), fn=node.fn, fn_de=GERMAN.get(node.fn, node.fn), expected=type_name(want), text=self.snippet(node.body), type=type_name(t))
        return A.type_of(node)

    def table(self, node: A.Table) -> str:
        self.shape(node, isinstance(node.items, tuple) and len(node.items) >= 1)
        first: str | None = None
        for item in node.items:
            plain = item.operand if isinstance(item, A.Neg) else item
            if not isinstance(plain, _CONSTANTS) or (isinstance(item, A.Neg) and not isinstance(plain, A.Num)):
                raise err("table_item", self.col(item), text=self.snippet(item))
            t = self.check(item)
            if first is None:
                first = t
            elif t != first:
                raise err(
                    "table_mixed", self.col(item), first=self.snippet(node.items[0]), type=type_name(first),
                    item=self.snippet(item), item_type=type_name(t),
                )
        self.expect_type(node.index, (A.NUM,), "table_index")
        assert first is not None
        return first

    def known(self, node: A.Node, name: object, allowed: tuple[str, ...]) -> None:
        if not isinstance(name, str) or name not in allowed:
            raise err("bad_node", self.col(node), node=type(node).__name__)

    def shape(self, node: A.Node, ok: bool) -> None:
        if not ok:
            raise err("bad_node", self.col(node), node=type(node).__name__)


def check_bounds(tree: object) -> None:
    if not isinstance(tree, A.NODE_TYPES):
        raise err("bad_node", None, node=type(tree).__name__)
    depth, size, deepest = A.depth_and_size(tree)
    if depth > MAX_DEPTH:
        raise err("too_deep", deepest.col or None, limit=MAX_DEPTH)
    entries = 0
    for n in A.walk(tree):
        if not isinstance(n, A.NODE_TYPES):
            raise err("bad_node", None, node=type(n).__name__)
        if isinstance(n, A.Table):
            if not isinstance(n.items, tuple):
                raise err("bad_node", None, node="Table")
            entries += sum(A.depth_and_size(item)[1] for item in n.items)
    if entries > MAX_TABLE * 2:  # a table entry is at most two nodes (-1)
        raise err("table_too_long", None, count=entries, limit=MAX_TABLE)
    if size - entries > MAX_NODES:
        raise err("too_many_nodes", None, count=size - entries, limit=MAX_NODES)
    items = sum(len(n.items) for n in A.walk(tree) if isinstance(n, A.Table))
    if items > MAX_TABLE:
        raise err("table_too_long", None, count=items, limit=MAX_TABLE)


def check_rule(tree: A.Node, source: str | None = None) -> None:
    """Raise RuleSyntaxError unless ``tree`` is a bounded, well-typed
    condition."""
    check_bounds(tree)
    c = _Checker(source)
    t = c.check(tree)
    if t != A.BOOL:
        raise err("type_rule", tree.col or None, type=type_name(t))
