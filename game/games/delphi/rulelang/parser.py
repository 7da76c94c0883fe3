"""A hand-written recursive-descent parser for rule text.

Grammar (lowest precedence first; keywords case-insensitive)::

    rule     := expr END
    expr     := 'if' expr 'then' expr ['else' expr] | or
    or       := and ('or' and)*
    and      := not ('and' not)*
    not      := 'not' not | compare
    compare  := sum (CMP sum)*                 # chains: a < b <= c
              | sum 'is' ['not'] PREDICATE
              | sum ['not'] 'in' '{' item (',' item)* '}'
    item     := expr ['..' expr]
    sum      := product (('+'|'-') product)*
    product  := unary (('*'|'/'|'%') unary)*
    unary    := '-' unary | primary
    primary  := NUMBER | 'true' | 'false' | SUIT | COLOUR | 'pos'
              | CARDREF ['.' ATTRIBUTE]            # card last last2 … last6 first each
              | ('abs'|'min'|'max') '(' expr (',' expr)* ')'
              | AGGREGATE '(' expr ')'             # count sum any all streak (min/max: one value)
              | '[' expr (',' expr)* ']' '[' expr ']'   # a lookup table and the place to look up
              | '(' expr ')' | 'if' …

Every nested construct (parentheses, ``not``, unary minus, ``if``, a
function call, a set, a table) counts one level; more than
:data:`MAX_NESTING` levels is refused with an explicit check, so deep input
can never exhaust the Python stack.  Whether a table holds constants and an
aggregate reads ``each`` is checked afterwards (``check``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Message
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.errors import RuleSyntaxError, err
from game.games.delphi.rulelang.lexer import Token, tokenize

MAX_NESTING = 16

_REF_WORDS = set(A.REFS)
_ATTR_WORDS = set(A.ATTRS)
_PRED_WORDS = set(A.PREDICATES)


def _expect(name: str) -> Message:
    return Message("delphi_lang.expect." + name)


def _found(tok: Token) -> Message:
    if tok.kind == "end":
        return Message("delphi_lang.found_end")
    return Message("delphi_lang.found_token", {"text": tok.text})


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0
        self.level = 0

    # --- token helpers ------------------------------------------------------
    def peek(self, k: int = 0) -> Token:
        j = min(self.i + k, len(self.toks) - 1)
        return self.toks[j]

    def take(self) -> Token:
        t = self.toks[self.i]
        if t.kind != "end":
            self.i += 1
        return t

    def at(self, kind: str, value: str) -> bool:
        t = self.toks[self.i]
        return t.kind == kind and t.value == value

    def prev_end(self) -> int:
        return self.toks[self.i - 1].end if self.i else 1

    def fail(self, what: str) -> RuleSyntaxError:
        t = self.peek()
        return err("expected", t.col, expected=_expect(what), found=_found(t))

    def need(self, kind: str, value: str, what: str) -> Token:
        if not self.at(kind, value):
            raise self.fail(what)
        return self.take()

    def enter(self, tok: Token) -> None:
        self.level += 1
        if self.level > MAX_NESTING:
            raise err("too_deep", tok.col, limit=MAX_NESTING)

    def leave(self) -> None:
        self.level -= 1

    # --- grammar ------------------------------------------------------------
    def rule(self) -> A.Node:
        if self.peek().kind == "end":
            raise err("empty", None)
        node = self.expr()
        if self.peek().kind != "end":
            raise self.fail("end")
        return node

    def expr(self) -> A.Node:
        if self.at("kw", "if"):
            return self.if_()
        return self.or_()

    def if_(self) -> A.Node:
        tok = self.take()
        self.enter(tok)
        cond = self.expr()
        self.need("kw", "then", "then")
        then = self.expr()
        else_ = None
        if self.at("kw", "else"):
            self.take()
            else_ = self.expr()
        self.leave()
        return A.If(cond, then, else_, col=tok.col, end=self.prev_end())

    def or_(self) -> A.Node:
        return self.joined("or", self.and_, A.Or)

    def and_(self) -> A.Node:
        return self.joined("and", self.not_, A.And)

    def joined(self, word: str, operand: Callable[[], A.Node], make: type[A.And | A.Or]) -> A.Node:
        """``operand (word operand)*``: one operand alone, else ``make``."""
        first = operand()
        items = [first]
        while self.at("kw", word):
            self.take()
            items.append(operand())
        if len(items) == 1:
            return first
        return make(tuple(items), col=first.col, end=self.prev_end())

    def not_(self) -> A.Node:
        if self.at("kw", "not"):
            return self.prefixed(self.not_, A.Not)
        return self.compare()

    def prefixed(self, operand: Callable[[], A.Node], make: type[A.Not | A.Neg]) -> A.Node:
        """A prefix (``not``, ``-``) and its operand, one nesting level."""
        tok = self.take()
        self.enter(tok)
        inner = operand()
        self.leave()
        return make(inner, col=tok.col, end=self.prev_end())

    def compare(self) -> A.Node:
        left = self.sum()
        ops, operands = self.chain(left, A.CMP_OPS, self.sum)
        if ops:
            return A.Compare(ops, operands, col=left.col, end=self.prev_end())
        if self.at("kw", "is"):
            self.take()
            negated = False
            if self.at("kw", "not"):
                self.take()
                negated = True
            p = self.peek()
            if p.kind != "kw" or p.value not in _PRED_WORDS:
                raise self.fail("predicate")
            self.take()
            return A.Is(left, p.value, negated, col=left.col, end=self.prev_end())
        if self.at("kw", "in") or (self.at("kw", "not") and self.peek(1).kind == "kw" and self.peek(1).value == "in"):
            negated = self.at("kw", "not")
            if negated:
                self.take()
            self.take()
            items = self.set_items()
            return A.In(left, items, negated, col=left.col, end=self.prev_end())
        if self.at("kw", "not"):
            self.take()
            raise self.fail("in_after_not")
        return left

    def set_items(self) -> tuple[A.Node, ...]:
        tok = self.need("op", "{", "open_brace")
        self.enter(tok)
        items: list[A.Node] = []
        while True:
            lo = self.expr()
            if self.at("op", ".."):
                self.take()
                hi = self.expr()
                items.append(A.Range(lo, hi, col=lo.col, end=self.prev_end()))
            else:
                items.append(lo)
            if self.at("op", ","):
                self.take()
                continue
            self.need("op", "}", "close_brace")
            break
        self.leave()
        return tuple(items)

    def sum(self) -> A.Node:
        return self.arith(A.ADD_OPS, self.product)

    def product(self) -> A.Node:
        return self.arith(A.MUL_OPS, self.unary)

    def arith(self, symbols: tuple[str, ...], operand: Callable[[], A.Node]) -> A.Node:
        first = operand()
        ops, operands = self.chain(first, symbols, operand)
        if not ops:
            return first
        return A.Arith(ops, operands, col=first.col, end=self.prev_end())

    def chain(self, first: A.Node, symbols: tuple[str, ...], operand: Callable[[], A.Node]) -> tuple[tuple[str, ...], tuple[A.Node, ...]]:
        """The operators of ``symbols`` and the operands after ``first``
        (``first`` included) for as long as such an operator follows."""
        ops: list[str] = []
        operands = [first]
        while self.peek().kind == "op" and self.peek().value in symbols:
            ops.append(self.take().value)
            operands.append(operand())
        return tuple(ops), tuple(operands)

    def unary(self) -> A.Node:
        if self.at("op", "-"):
            return self.prefixed(self.unary, A.Neg)
        return self.primary()

    def primary(self) -> A.Node:
        t = self.peek()
        if t.kind == "num":
            self.take()
            return A.Num(t.number, col=t.col, end=t.end)
        if t.kind == "op" and t.value == "[":
            return self.table(t)
        if t.kind == "op" and t.value == "(":
            self.take()
            # brackets right around an 'if' do not count a level of their
            # own: the printer adds exactly those, and the normal form must
            # parse again within the same limits
            counted = not self.at("kw", "if")
            if counted:
                self.enter(t)
            inner = self.expr()
            self.need("op", ")", "close_paren")
            if counted:
                self.leave()
            return inner
        if t.kind != "kw":
            raise self.fail("value")
        w = t.value
        if w == "if":
            return self.if_()
        if w in ("true", "false"):
            self.take()
            return A.BoolConst(w == "true", col=t.col, end=t.end)
        if w in A.SUIT_NAMES:
            self.take()
            return A.SuitConst(w, col=t.col, end=t.end)
        if w in A.COLOR_NAMES:
            self.take()
            return A.ColorConst(w, col=t.col, end=t.end)
        if w == "pos":
            self.take()
            return A.Pos(col=t.col, end=t.end)
        if w in _REF_WORDS:
            self.take()
            if self.at("op", "."):
                self.take()
                a = self.peek()
                if a.kind != "kw" or a.value not in _ATTR_WORDS:
                    raise self.fail("attr")
                self.take()
                return A.Attr(w, a.value, col=t.col, end=a.end)
            return A.CardRef(w, col=t.col, end=t.end)
        if w in A.FUNCTIONS or w in A.AGGREGATES:
            return self.call(t)
        if w in ("rank", "suit", "color"):
            raise err("attr_without_card", t.col, attr=t.text)
        raise self.fail("value")


    def call(self, t: Token) -> A.Node:
        """``abs(x)``, ``min(a, b, …)``, ``max(…)`` or an aggregate:
        ``count(…)``, ``sum(…)``, ``any(…)``, ``all(…)``, ``streak(…)``
        and ``min``/``max`` of one value that reads ``each``."""
        w = t.value
        self.take()
        self.need("op", "(", "open_paren")
        self.enter(t)
        args = [self.expr()]
        while self.at("op", ","):
            self.take()
            args.append(self.expr())
        self.need("op", ")", "comma_or_close")
        self.leave()
        end = self.prev_end()
        if w in A.AGGREGATES and (w not in A.FUNCTIONS or (len(args) == 1 and "each" in A.refs_of(args[0]))):
            if len(args) != 1:
                raise err("agg_args", t.col, fn=t.text.lower(), count=len(args))
            return A.Agg(w, args[0], col=t.col, end=end)
        if w == "abs" and len(args) != 1:
            raise err("abs_args", t.col, count=len(args))
        if w != "abs" and len(args) < 2:
            raise err("minmax_args", t.col, fn=w)
        return A.Call(w, tuple(args), col=t.col, end=end)

    def table(self, t: Token) -> A.Node:
        """``[a, b, c][index]``."""
        self.take()
        self.enter(t)
        items = [self.expr()]
        while self.at("op", ","):
            self.take()
            items.append(self.expr())
        self.need("op", "]", "close_table")
        self.need("op", "[", "open_index")
        index = self.expr()
        self.need("op", "]", "close_index")
        self.leave()
        return A.Table(tuple(items), index, col=t.col, end=self.prev_end())


def parse_tree(text: str) -> A.Node:
    """Parse ``text`` into an (unchecked) tree; raises RuleSyntaxError."""
    if not isinstance(text, str):
        raise err("not_text", None)
    return _Parser(text).rule()
