"""A rule said in words, made from its parts (issue 50: "How it narrowed"
showed its leading guesses as ``(count(each is red) % 2 = card.rank % 2)
= …``, which only someone who writes rules can read).

:func:`say` walks the tree and joins phrases from the catalog
(``delphi_words.*``, English and German).  Two kinds of phrase:

- a *value* (:meth:`_Say.value`) is a noun phrase in the nominative: "the
  last card's rank", "der Wert der letzten Karte";
- a *condition* (:meth:`_Say.cond`) is a clause in main-clause order:
  "the new card is red", "die neue Karte ist rot".

German cases are why the phrases are shaped as they are: a comparison
says "A and B have the same suit" ("A und B haben dieselbe Farbe") rather
than "A equals B", whose German needs B in the dative; a condition inside
an ``if`` or an aggregate follows "gilt:" or stands in quotes, so its verb
need not move to the end.  The shapes rules commonly take (a remainder, a
distance, a repeating list by place, a count of cards like the new one)
have their own phrases; anything else is said part by part, which is
longer but still words: no operator, bracket or keyword of the language
is left (a test says every library rule in both languages).
"""

from __future__ import annotations

from game.games.delphi.rulelang import ast as A
from game.i18n import tr

#: the comparison read the other way round (``3 < x`` is ``x > 3``)
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}
#: the op names in catalog keys
_OP = {"=": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
_ARITH = {"+": "plus", "-": "minus", "*": "times", "/": "div", "%": "mod"}


def _const(node: A.Node) -> bool:
    return isinstance(node, (A.Num, A.SuitConst, A.ColorConst, A.BoolConst))


def _mod(node: A.Node) -> tuple[A.Node, A.Node] | None:
    """``(a, m)`` when ``node`` is ``a % m`` alone."""
    if isinstance(node, A.Arith) and node.ops == ("%",):
        return node.operands[0], node.operands[1]
    return None


class _Say:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def t(self, key: str, **params: object) -> str:
        return tr("delphi_words." + key, self.lang, **params)

    # --- values: noun phrases -----------------------------------------------------------------
    def ref(self, which: str) -> str:
        return self.t("ref." + which)

    def of(self, which: str) -> str:
        return self.t("of." + which)

    def value(self, node: A.Node) -> str:
        t = self.t
        if isinstance(node, A.Num):
            return str(node.value)
        if isinstance(node, A.BoolConst):
            return t("true" if node.value else "false")
        if isinstance(node, A.SuitConst):
            return t("suit." + node.name)
        if isinstance(node, A.ColorConst):
            return t("color." + node.name)
        if isinstance(node, A.CardRef):
            return self.ref(node.which)
        if isinstance(node, A.Attr):
            return t("attr." + node.attr, of=self.of(node.which))
        if isinstance(node, A.Pos):
            return t("pos")
        if isinstance(node, A.Neg):
            return t("neg", a=self.operand(node.operand))
        if isinstance(node, A.Arith):
            out = self.operand(node.operands[0])
            for op, b in zip(node.ops, node.operands[1:]):
                out = t("arith." + _ARITH[op], a=out, b=self.operand(b))
            return out
        if isinstance(node, A.Call):
            if node.fn == "abs":
                return t("abs", a=self.value(node.args[0]))
            return t(node.fn, items=self.join([t("minmax_item", a=self.value(a)) for a in node.args], "and"))
        if isinstance(node, A.Agg):
            return self.agg(node)
        if isinstance(node, A.Table):
            items = ", ".join(self.value(i) for i in node.items)
            if isinstance(node.index, A.Pos):
                return t("table_pos", items=items)
            return t("table", items=items, index=self.value(node.index))
        if isinstance(node, A.If):
            other = self.value(node.else_) if node.else_ is not None else t("true")
            return t("value_if", cond=self.cond(node.cond), then=self.value(node.then), other=other)
        # a condition where a value stands (``(a) = (b)`` handled by cmp): quoted
        return t("quoted", a=self.cond(node))

    def operand(self, node: A.Node) -> str:
        """A value inside arithmetic: a sum inside a product is bracketed,
        as "(a plus b) times 4" needs."""
        text = self.value(node)
        return "(" + text + ")" if isinstance(node, A.Arith) else text

    def agg(self, node: A.Agg) -> str:
        t, body = self.t, node.body
        if node.fn == "count":
            if isinstance(body, A.Is) and isinstance(body.subject, A.CardRef) and not body.negated:
                return t("count_kind", kind=t("many." + body.pred))
            same = self._same_as_card(body)
            if same is not None:
                return t("count_same." + same)
            return t("count", body=self.cond(body))
        if node.fn in ("sum", "min", "max") and isinstance(body, A.Attr) and body.which == "each" and body.attr == "rank":
            return t(node.fn + "_ranks")
        if node.fn in ("sum", "min", "max"):
            return t("agg_" + node.fn, body=self.value(body))
        if node.fn == "streak":
            return t("streak", body=self.cond(body))
        return t("quoted", a=self.agg_cond(node))

    @staticmethod
    def _same_as_card(body: A.Node) -> str | None:
        """The attribute of ``each.x = card.x`` (either way round)."""
        if isinstance(body, A.Compare) and body.ops == ("=",):
            a, b = body.operands
            if isinstance(a, A.Attr) and isinstance(b, A.Attr) and a.attr == b.attr and {a.which, b.which} == {"each", "card"}:
                return a.attr
        return None

    def agg_cond(self, node: A.Agg, negated: bool = False) -> str:
        """``any(…)``/``all(…)`` as a condition."""
        same = self._same_as_card(node.body) if node.fn == "any" else None
        if same is not None:
            return self.t(("none_same." if negated else "any_same.") + same)
        key = {"any": "any", "all": "all"}[node.fn]
        said = self.t(key, body=self.cond(node.body))
        return self.t("not", a=said) if negated else said

    def join(self, parts: list[str], word: str) -> str:
        if len(parts) == 1:
            return parts[0]
        return self.t("list." + word, head=", ".join(parts[:-1]), tail=parts[-1])

    # --- conditions: clauses ------------------------------------------------------------------
    def cond(self, node: A.Node) -> str:
        t = self.t
        if isinstance(node, A.BoolConst):
            return t("always" if node.value else "never")
        if isinstance(node, A.Is):
            return self.is_(node.subject, node.pred, node.negated)
        if isinstance(node, A.In):
            return self.in_(node)
        if isinstance(node, A.Compare):
            parts = [self.compare(a, op, b) for a, op, b in zip(node.operands, node.ops, node.operands[1:])]
            if len(node.ops) == 2 and node.ops[0] in ("<", "<=") and node.ops[1] in ("<", "<="):
                lo, mid, hi = node.operands
                if node.ops == ("<=", "<="):
                    return t("between", a=self.value(mid), lo=self.value(lo), hi=self.value(hi))
            return self.join(parts, "and")
        if isinstance(node, A.Not):
            inner = node.operand
            if isinstance(inner, A.Is):
                return self.is_(inner.subject, inner.pred, not inner.negated)
            if isinstance(inner, A.In):
                return self.in_(A.In(inner.subject, inner.items, not inner.negated))
            if isinstance(inner, A.Agg) and inner.fn == "any":
                return self.agg_cond(inner, negated=True)
            return t("not", a=self.cond(inner))
        if isinstance(node, A.And):
            return self.join([self.grouped(o, A.Or) for o in node.operands], "and")
        if isinstance(node, A.Or):
            return self.join([self.grouped(o, A.And) for o in node.operands], "or")
        if isinstance(node, A.If):
            c, then = self.cond(node.cond), self.cond(node.then)
            if node.else_ is None:
                return t("if_only", cond=c, then=then)
            return t("if", cond=c, then=then, other=self.cond(node.else_))
        if isinstance(node, A.Agg) and node.fn in ("any", "all"):
            return self.agg_cond(node)
        if isinstance(node, A.Table):  # a table of true/false by place
            return t("table_true", a=self.value(node))
        # a value standing as a condition: it is true or not
        return t("holds", a=self.value(node))

    def grouped(self, node: A.Node, kind: type) -> str:
        """An operand of ``and``/``or``: the other connective, or an ``if``,
        bracketed so the sentence keeps the tree's grouping."""
        text = self.cond(node)
        return "(" + text + ")" if isinstance(node, (kind, A.If)) else text

    def is_(self, subject: A.Node, pred: str, negated: bool) -> str:
        """``subject is pred``; the negation is in the predicate's words
        ("not red", German "kein Herz", "keine Bildkarte")."""
        key = ("pred_not." if negated else "pred.") + pred
        if pred == "face" and (isinstance(subject, A.CardRef) or (isinstance(subject, A.Attr) and subject.attr == "rank")):
            return self.t("is", a=self.ref(subject.which), b=self.t(key + "_card"))
        if isinstance(subject, A.Attr) and subject.attr in ("color", "suit"):
            return self.t("is", a=self.ref(subject.which), b=self.t(key))
        return self.t("is", a=self.value(subject), b=self.t(key))

    def in_(self, node: A.In) -> str:
        s = node.subject
        m = _mod(s)
        items = [self.item(i, s) for i in node.items]
        if m is not None:
            said = self.t("remainder", a=self.value(m[0]), m=self.value(m[1]), r=self.join(items, "or"))
            return self.t("not", a=said) if node.negated else said
        named = all(isinstance(i, (A.SuitConst, A.ColorConst)) for i in node.items)
        who = self.ref(s.which) if named and isinstance(s, A.Attr) and s.attr in ("color", "suit") else self.value(s)
        if node.negated:
            if len(items) == 1:
                return self.t("is_not", a=who, b=items[0])
            return self.t("is", a=who, b=self.join(items, "nor"))
        return self.t("is", a=who, b=self.join(items, "or"))

    def item(self, node: A.Node, subject: A.Node) -> str:
        if isinstance(node, A.Range):
            return self.t("range", lo=self.value(node.lo), hi=self.value(node.hi))
        if isinstance(subject, A.Attr) and subject.attr in ("color", "suit") and isinstance(node, (A.SuitConst, A.ColorConst)):
            return self.t("pred." + node.name)
        return self.value(node)

    def compare(self, a: A.Node, op: str, b: A.Node) -> str:
        t = self.t
        if (_const(a) and not _const(b)) or isinstance(a, A.If):
            a, op, b = b, _FLIP[op], a
        if isinstance(b, A.If) and b.else_ is not None:  # a value by cases: the comparison in each case
            return t("if", cond=self.cond(b.cond), then=self.compare(a, op, b.then), other=self.compare(a, op, b.else_))
        if isinstance(b, A.Table) and op in ("=", "!="):
            items = ", ".join(self.value(i) for i in b.items)
            if isinstance(b.index, A.Pos):
                return t("follows_pos" if op == "=" else "avoids_pos", a=self.value(a), items=items)
            return t("follows" if op == "=" else "avoids", a=self.value(a), items=items, index=self.value(b.index))
        ma, mb = _mod(a), _mod(b)
        if ma is None and mb is not None and op in ("=", "!="):
            a, b, ma, mb = b, a, mb, ma
        if ma is not None and op in ("=", "!="):
            x, m = ma
            neg = op == "!="
            if isinstance(m, A.Num) and m.value == 2 and isinstance(b, A.Num) and b.value in (0, 1):
                return self.is_(x, "even" if (b.value == 0) != neg else "odd", False)
            if isinstance(b, A.Num) and b.value == 0:
                return t("not_multiple" if neg else "multiple", a=self.value(x), m=self.value(m))
            if mb is not None and mb[1] == m:
                if isinstance(m, A.Num) and m.value == 2:
                    return t("parity_differs" if neg else "parity_same", a=self.value(x), b=self.value(mb[0]))
                return t("remainder_differs" if neg else "remainder_same", a=self.value(x), b=self.value(mb[0]), m=self.value(m))
            if _const(b):
                said = t("remainder", a=self.value(x), m=self.value(m), r=self.value(b))
                return t("not", a=said) if neg else said
            return t("cmp." + _OP[op], a=self.value(a), b=self.value(b))
        if isinstance(a, A.Call) and a.fn == "abs" and isinstance(a.args[0], A.Arith) and a.args[0].ops == ("-",) and not isinstance(b, A.Call):
            x, y = a.args[0].operands
            return t("apart." + _OP[op], a=self.value(x), b=self.value(y), k=self.value(b))
        if isinstance(a, A.Attr) and isinstance(b, A.Attr) and a.attr == b.attr and a.which != b.which:
            if op in ("=", "!="):
                return t(("same." if op == "=" else "differ.") + a.attr, a=self.ref(a.which), b=self.ref(b.which))
            if a.attr == "rank":
                return t("higher." + _OP[op], a=self.ref(a.which), b=self.ref(b.which))
        if isinstance(a, A.Attr) and a.attr in ("color", "suit") and isinstance(b, (A.SuitConst, A.ColorConst)):
            return t("is", a=self.ref(a.which), b=t(("pred." if op == "=" else "pred_not.") + b.name))
        if self._is_cond(a) and self._is_cond(b) and op in ("=", "!="):
            return t("both_or_neither" if op == "=" else "one_of_two", a=self.cond(a), b=self.cond(b))
        if op in ("=", "!=") and not _const(b):
            return t("equal" if op == "=" else "unequal", a=self.value(a), b=self.value(b))
        return t("cmp." + _OP[op], a=self.value(a), b=self.value(b))

    @staticmethod
    def _is_cond(node: A.Node) -> bool:
        return isinstance(node, (A.Compare, A.Is, A.In, A.Not, A.And, A.Or)) or (isinstance(node, A.Agg) and node.fn in ("any", "all"))


#: what makes a comma before it spare: a phrase closes itself with one
#: (German closes a relative clause with a comma: "die Anzahl …, für die
#: „…“ gilt, ist kleiner als 3"), but where punctuation follows, it goes
_PUNCTUATION = ",.;:)“”„"


def _spare_commas_out(text: str) -> str:
    """``text`` without the commas that punctuation follows (no regular
    expression: the rule language's sources use none, a test reads them)."""
    return "".join(c for i, c in enumerate(text) if c != "," or (i + 1 < len(text) and text[i + 1] not in _PUNCTUATION))


def say(tree: A.Node, lang: str = "en") -> str:
    """The rule ``tree`` as one sentence of ``lang``, from its parts."""
    text = _spare_commas_out(_Say(lang).cond(tree) + ".")
    first = next((i for i, c in enumerate(text) if c.isalpha()), 0)
    return text[:first] + text[first].upper() + text[first + 1 :]
