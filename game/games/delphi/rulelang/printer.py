"""Printing a rule tree as canonical text.

The printed text parses back to an equal tree (a property test checks
this), so it is the normal form a Rule stores.  Parentheses appear exactly
where the tree needs them; keywords are lower case; ``lang="de"`` prints
the German keywords.
"""

from __future__ import annotations

from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.lexer import GERMAN

_PREC_IF, _PREC_OR, _PREC_AND, _PREC_NOT, _PREC_CMP, _PREC_ADD, _PREC_MUL, _PREC_NEG, _PREC_ATOM = range(9)


def _prec(node: A.Node) -> int:
    if isinstance(node, A.If):
        return _PREC_IF
    if isinstance(node, A.Or):
        return _PREC_OR
    if isinstance(node, A.And):
        return _PREC_AND
    if isinstance(node, A.Not):
        return _PREC_NOT
    if isinstance(node, (A.Compare, A.Is, A.In)):
        return _PREC_CMP
    if isinstance(node, A.Arith):
        return _PREC_ADD if node.ops[0] in A.ADD_OPS else _PREC_MUL
    if isinstance(node, A.Neg):
        return _PREC_NEG
    return _PREC_ATOM


class _Printer:
    def __init__(self, lang: str) -> None:
        self.de = lang == "de"

    def w(self, word: str) -> str:
        return GERMAN.get(word, word) if self.de else word

    def sub(self, node: A.Node, min_prec: int) -> str:
        """``node`` as an operand that needs at least ``min_prec``; an ``if``
        is always wrapped (its ``else`` would swallow what follows)."""
        text = self.show(node)
        if isinstance(node, A.If) or _prec(node) < min_prec:
            return "(" + text + ")"
        return text

    def free(self, node: A.Node) -> str:
        """An operand with its own delimiters (a call argument, a set item)."""
        return self.sub(node, _PREC_OR)

    def show(self, node: A.Node) -> str:
        w = self.w
        if isinstance(node, A.Num):
            return str(node.value)
        if isinstance(node, A.BoolConst):
            return w("true" if node.value else "false")
        if isinstance(node, (A.SuitConst, A.ColorConst)):
            return w(node.name)
        if isinstance(node, A.CardRef):
            return w(node.which)
        if isinstance(node, A.Attr):
            return w(node.which) + "." + w(node.attr)
        if isinstance(node, A.Pos):
            return w("pos")
        if isinstance(node, A.Neg):
            return "-" + self.sub(node.operand, _PREC_NEG)
        if isinstance(node, A.Arith):
            return self.chain(node.ops, node.operands, _prec(node) + 1)
        if isinstance(node, A.Call):
            return w(node.fn) + "(" + ", ".join(self.free(a) for a in node.args) + ")"
        if isinstance(node, A.Agg):
            return w(node.fn) + "(" + self.free(node.body) + ")"
        if isinstance(node, A.Table):
            return "[" + ", ".join(self.free(i) for i in node.items) + "][" + self.free(node.index) + "]"
        if isinstance(node, A.Compare):
            return self.chain(node.ops, node.operands, _PREC_ADD)
        if isinstance(node, A.Is):
            neg = " " + w("not") if node.negated else ""
            return f"{self.sub(node.subject, _PREC_ADD)} {w('is')}{neg} {w(node.pred)}"
        if isinstance(node, A.In):
            neg = w("not") + " " if node.negated else ""
            items = ", ".join(self.item(i) for i in node.items)
            return f"{self.sub(node.subject, _PREC_ADD)} {neg}{w('in')} {{{items}}}"
        if isinstance(node, A.Range):
            return self.item(node)
        if isinstance(node, A.Not):
            return w("not") + " " + self.sub(node.operand, _PREC_NOT)
        if isinstance(node, A.And):
            return f" {w('and')} ".join(self.sub(o, _PREC_AND + 1) for o in node.operands)
        if isinstance(node, A.Or):
            return f" {w('or')} ".join(self.sub(o, _PREC_OR + 1) for o in node.operands)
        if isinstance(node, A.If):
            text = f"{w('if')} {self.sub(node.cond, _PREC_OR)} {w('then')} {self.sub(node.then, _PREC_OR)}"
            if node.else_ is not None:
                e = node.else_
                text += f" {w('else')} " + (self.show(e) if isinstance(e, A.If) else self.sub(e, _PREC_OR))
            return text
        raise TypeError(f"not a rule node: {node!r}")

    def chain(self, ops: tuple[str, ...], operands: tuple[A.Node, ...], need: int) -> str:
        """``a op b op c``, each operand needing at least ``need``."""
        parts = [self.sub(operands[0], need)]
        for op, operand in zip(ops, operands[1:]):
            parts += (op, self.sub(operand, need))
        return " ".join(parts)

    def item(self, node: A.Node) -> str:
        if isinstance(node, A.Range):
            return f"{self.free(node.lo)}..{self.free(node.hi)}"
        return self.free(node)


def to_text(node: A.Node, lang: str = "en") -> str:
    """Canonical text of a tree (root ``if`` unwrapped)."""
    return _Printer(lang).show(node)
