"""Kinds of rule that Eleusis players publish (rule lists of Abbott, Gardner,
Matuszek's Eleusis Express and the like), each written in the rule language
and as a hand-written Python predicate over (card, main line): k cards back,
the first starter, counts, parities of counts, sums, minimum and maximum,
played before, runs of the latest cards, lookup tables by position.

The rule texts are our own wording of the kinds; numbers vary within each
kind (k back, limits, periods) so the set covers the new words broadly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.cards import Card, Suit

Pred = Callable[[Card, Sequence[Card]], bool]

SUITS = {"hearts": Suit.HEARTS, "spades": Suit.SPADES, "diamonds": Suit.DIAMONDS, "clubs": Suit.CLUBS}
PRIMES = {2, 3, 5, 7, 11, 13}
PI = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5, 0, 2, 8, 8, 4, 1, 9, 7]
E = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5, 9, 0, 4, 5, 2, 3, 5, 3, 6, 0, 2, 8, 7, 4, 7, 1, 3, 5, 2, 6, 6, 2, 4, 9, 7, 7, 5, 7]


def r(c: Card) -> int:
    return int(c.rank)


def red(c: Card) -> bool:
    return c.suit.is_red


def ref(k: int) -> str:
    return "last" if k == 1 else f"last{k}"


#: one-card properties: (rule words about x, Python test)
PROPS: list[tuple[str, Callable[[Card], bool]]] = [
    ("{x} is red", red),
    ("{x} is black", lambda c: not red(c)),
    ("{x} is odd", lambda c: r(c) % 2 == 1),
    ("{x} is even", lambda c: r(c) % 2 == 0),
    ("{x} is face", lambda c: 11 <= r(c) <= 13),
    ("{x} is prime", lambda c: r(c) in PRIMES),
    ("{x}.suit = hearts", lambda c: c.suit is Suit.HEARTS),
    ("{x}.suit = spades", lambda c: c.suit is Suit.SPADES),
    ("{x}.rank <= 5", lambda c: r(c) <= 5),
    ("{x}.rank in {{1, 7, 13}}", lambda c: r(c) in (1, 7, 13)),
]


def _streak(line: Sequence[Card], test: Callable[[Card], bool]) -> int:
    n = 0
    for c in reversed(line):
        if not test(c):
            break
        n += 1
    return n


def _build() -> list[tuple[str, Pred]]:
    out: list[tuple[str, Pred]] = []
    add = out.append
    # --- k cards back (k = 1 … 6) -------------------------------------------------
    for k in range(1, 7):
        w = ref(k)
        add((f"card.rank != {w}.rank", lambda c, L, k=k: r(c) != r(L[-k])))
        add((f"card.suit = {w}.suit or card.rank = {w}.rank", lambda c, L, k=k: c.suit == L[-k].suit or r(c) == r(L[-k])))
        add((f"card.color != {w}.color", lambda c, L, k=k: red(c) != red(L[-k])))
        add((f"card.rank > {w}.rank or card.rank = 1", lambda c, L, k=k: r(c) > r(L[-k]) or r(c) == 1))
        add((f"abs(card.rank - {w}.rank) <= 3", lambda c, L, k=k: abs(r(c) - r(L[-k])) <= 3))
    for k in range(2, 7):
        w = ref(k)
        add((f"card.color = {w}.color", lambda c, L, k=k: red(c) == red(L[-k])))  # a colour pattern of period k
        add((f"card.suit != last.suit and card.suit != {w}.suit", lambda c, L, k=k: c.suit != L[-1].suit and c.suit != L[-k].suit))
    add(("(card.rank - last.rank - last2.rank) % 13 = 0", lambda c, L: (r(c) - r(L[-1]) - r(L[-2])) % 13 == 0))
    add(("card.rank > last.rank or card.rank > last2.rank", lambda c, L: r(c) > r(L[-1]) or r(c) > r(L[-2])))
    add(("card.suit != last.suit and card.suit != last2.suit and card.suit != last3.suit",
         lambda c, L: c.suit not in (L[-1].suit, L[-2].suit, L[-3].suit)))
    add(("(card.rank + last.rank + last2.rank) % 3 = 0", lambda c, L: (r(c) + r(L[-1]) + r(L[-2])) % 3 == 0))
    add(("card.rank >= min(last.rank, last2.rank) and card.rank <= max(last.rank, last2.rank)",
         lambda c, L: min(r(L[-1]), r(L[-2])) <= r(c) <= max(r(L[-1]), r(L[-2]))))
    add(("if last3.color = last2.color then card.color != last.color else card.color = last.color",
         lambda c, L: (red(c) != red(L[-1])) if red(L[-3]) == red(L[-2]) else (red(c) == red(L[-1]))))
    add(("card.rank + last.rank + last2.rank + last3.rank + last4.rank + last5.rank + last6.rank < 50",
         lambda c, L: r(c) + sum(r(x) for x in L[-6:]) < 50))
    # --- the first starter ----------------------------------------------------------
    add(("card.suit = first.suit or card.rank = first.rank", lambda c, L: c.suit == L[0].suit or r(c) == r(L[0])))
    add(("card.color = first.color", lambda c, L: red(c) == red(L[0])))
    add(("card.rank >= first.rank", lambda c, L: r(c) >= r(L[0])))
    add(("card.rank % 2 = first.rank % 2", lambda c, L: r(c) % 2 == r(L[0]) % 2))
    add(("card.rank != first.rank", lambda c, L: r(c) != r(L[0])))
    add(("if pos % 2 = 0 then card.color = first.color else card.color != first.color",
         lambda c, L: (red(c) == red(L[0])) if (len(L) + 1) % 2 == 0 else (red(c) != red(L[0]))))
    add(("abs(card.rank - first.rank) >= abs(last.rank - first.rank)", lambda c, L: abs(r(c) - r(L[0])) >= abs(r(L[-1]) - r(L[0]))))
    # --- counts, parity of counts, at most n of a kind -------------------------------
    for words, test in PROPS:
        each, card = words.format(x="each"), words.format(x="card")
        add((f"count({each}) % 2 = card.rank % 2", lambda c, L, t=test: sum(map(t, L)) % 2 == r(c) % 2))
        for n in (3, 5, 8):
            add((f"not ({card}) or count({each}) < {n}", lambda c, L, t=test, n=n: not t(c) or sum(map(t, L)) < n))
        add((f"count({each}) * 2 <= pos or not ({card})", lambda c, L, t=test: sum(map(t, L)) * 2 <= len(L) + 1 or not t(c)))
    for n in range(2, 7):
        add((f"count(each.suit = card.suit) < {n}", lambda c, L, n=n: sum(x.suit == c.suit for x in L) < n))
    for n in range(1, 5):
        add((f"count(each.rank = card.rank) < {n}", lambda c, L, n=n: sum(r(x) == r(c) for x in L) < n))
    add(("count(each.color = card.color) <= count(each.color != card.color)",
         lambda c, L: sum(red(x) == red(c) for x in L) <= sum(red(x) != red(c) for x in L)))
    add(("count(each is red) % 2 = 0 or card is black", lambda c, L: sum(map(red, L)) % 2 == 0 or not red(c)))
    add(("count(each.rank > last.rank) < pos / 2 or card.rank < last.rank",
         lambda c, L: sum(r(x) > r(L[-1]) for x in L) < (len(L) + 1) // 2 or r(c) < r(L[-1])))
    # --- sums -------------------------------------------------------------------------
    for m in range(3, 8):
        add((f"(sum(each.rank) + card.rank) % {m} != 0", lambda c, L, m=m: (sum(map(r, L)) + r(c)) % m != 0))
    for n in (42, 100, 200):
        add((f"sum(each.rank) < {n} or card.rank < last.rank", lambda c, L, n=n: sum(map(r, L)) < n or r(c) < r(L[-1])))
    add(("sum(each.rank) % 2 = card.rank % 2", lambda c, L: sum(map(r, L)) % 2 == r(c) % 2))
    add(("if sum(each.rank) % 2 = 0 then card is red else card is black", lambda c, L: red(c) == (sum(map(r, L)) % 2 == 0)))
    add(("sum(each.rank) + card.rank <= 7 * pos", lambda c, L: sum(map(r, L)) + r(c) <= 7 * (len(L) + 1)))
    add(("sum(if each is red then 1 else -1) * (if card is red then 1 else -1) <= 0",
         lambda c, L: sum(1 if red(x) else -1 for x in L) * (1 if red(c) else -1) <= 0))
    add(("sum(each.rank) / pos <= card.rank", lambda c, L: sum(map(r, L)) // (len(L) + 1) <= r(c)))
    # --- minimum and maximum --------------------------------------------------------------
    add(("card.rank > max(each.rank) or card.rank < min(each.rank)", lambda c, L: r(c) > max(map(r, L)) or r(c) < min(map(r, L))))
    add(("card.rank >= max(each.rank) or card is face", lambda c, L: r(c) >= max(map(r, L)) or 11 <= r(c) <= 13))
    add(("card.rank <= min(each.rank) or card is face", lambda c, L: r(c) <= min(map(r, L)) or 11 <= r(c) <= 13))
    add(("card.rank < max(each.rank)", lambda c, L: r(c) < max(map(r, L))))
    add(("card.rank != max(each.rank) and card.rank != min(each.rank)", lambda c, L: r(c) not in (max(map(r, L)), min(map(r, L)))))
    for n in (3, 5, 7):
        add((f"card.rank - min(each.rank) <= {n}", lambda c, L, n=n: r(c) - min(map(r, L)) <= n))
        add((f"max(each.rank) - card.rank < {n}", lambda c, L, n=n: max(map(r, L)) - r(c) < n))
    add(("max(each.rank) - min(each.rank) < 9 or card.rank = last.rank", lambda c, L: max(map(r, L)) - min(map(r, L)) < 9 or r(c) == r(L[-1])))
    add(("card.rank > max(if each is red then each.rank else 0) or card is black",
         lambda c, L: r(c) > max(r(x) if red(x) else 0 for x in L) or not red(c)))
    # --- played before ----------------------------------------------------------------------
    add(("not any(each = card)", lambda c, L: all(x != c for x in L)))
    add(("not any(each.rank = card.rank)", lambda c, L: all(r(x) != r(c) for x in L)))
    add(("any(each.rank = card.rank) or card is face", lambda c, L: any(r(x) == r(c) for x in L) or 11 <= r(c) <= 13))
    add(("not any(each.rank = card.rank and each.color = card.color)", lambda c, L: not any(r(x) == r(c) and red(x) == red(c) for x in L)))
    add(("all(each.rank != card.rank) or card.rank = last.rank", lambda c, L: all(r(x) != r(c) for x in L) or r(c) == r(L[-1])))
    add(("any(each.suit = card.suit and each.rank = card.rank - 1) or card.rank = 1",
         lambda c, L: any(x.suit == c.suit and r(x) == r(c) - 1 for x in L) or r(c) == 1))
    add(("all(each.rank <= 10) or card.rank <= 10", lambda c, L: all(r(x) <= 10 for x in L) or r(c) <= 10))
    add(("all(each is red) or card is black", lambda c, L: all(map(red, L)) or not red(c)))
    add(("any(each.rank = card.rank + 1 or each.rank = card.rank - 1)", lambda c, L: any(abs(r(x) - r(c)) == 1 for x in L)))
    for rank in (1, 7, 12):
        add((f"card.rank != {rank} or not any(each.rank = {rank})", lambda c, L, k=rank: r(c) != k or all(r(x) != k for x in L)))
    for name, suit in SUITS.items():
        add((f"card.suit != {name} or any(each.suit = {name} and each.rank > card.rank)",
             lambda c, L, s=suit: c.suit != s or any(x.suit == s and r(x) > r(c) for x in L)))
    # --- runs of the latest cards ---------------------------------------------------------------
    for n in (2, 3, 4):
        add((f"if streak(each.color = last.color) < {n} then card.color = last.color else card.color != last.color",
             lambda c, L, n=n: (red(c) == red(L[-1])) if _streak(L, lambda x: red(x) == red(L[-1])) < n else (red(c) != red(L[-1]))))
        add((f"streak(each is red) < {n} or card is black", lambda c, L, n=n: _streak(L, red) < n or not red(c)))
        add((f"streak(each.rank > 7) < {n} or card.rank <= 7", lambda c, L, n=n: _streak(L, lambda x: r(x) > 7) < n or r(c) <= 7))
    add(("streak(each.suit = last.suit) < 3 or card.suit != last.suit", lambda c, L: _streak(L, lambda x: x.suit == L[-1].suit) < 3 or c.suit != L[-1].suit))
    add(("streak(each is odd) % 2 = 0 or card is even", lambda c, L: _streak(L, lambda x: r(x) % 2 == 1) % 2 == 0 or r(c) % 2 == 0))
    # --- lookup tables ----------------------------------------------------------------------------
    pi = ", ".join(map(str, PI))
    add((f"card.rank % 10 = [{pi}][pos] or card is face", lambda c, L: r(c) % 10 == PI[len(L) % len(PI)] or 11 <= r(c) <= 13))
    e = ", ".join(map(str, E))
    add((f"card.rank % 10 = [{e}][pos - 1] or card.rank > 10", lambda c, L: r(c) % 10 == E[(len(L) - 1) % len(E)] or r(c) > 10))
    add(("card.color = [red, red, black][pos]", lambda c, L: ("red" if red(c) else "black") == ["red", "red", "black"][len(L) % 3]))
    add(("card.suit = [hearts, spades, diamonds, clubs][pos]",
         lambda c, L: c.suit == [Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS][len(L) % 4]))
    add(("card.rank = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1][last.rank]", lambda c, L: r(c) == r(L[-1]) % 13 + 1))
    add(("[true, false, true, true, false, true, false, true, true, true, false, true, false][card.rank]",
         lambda c, L: r(c) not in (2, 5, 7, 11, 13)))
    add(("card.rank > [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12][pos % 13 + 1]", lambda c, L: r(c) > (len(L) + 1) % 13))
    add(("card.rank = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13][count(each is red)] or card is black",
         lambda c, L: r(c) == (sum(map(red, L)) - 1) % 13 + 1 or not red(c)))
    add(("card.color = [red, black][count(each.rank = card.rank) + 1]",
         lambda c, L: red(c) == (sum(r(x) == r(c) for x in L) % 2 == 0)))
    squares = [1, 4, 9, 16, 25, 36, 49, 64, 81, 100]
    add((f"card.rank % 5 = [{', '.join(map(str, squares))}][pos] % 5", lambda c, L: r(c) % 5 == squares[len(L) % 10] % 5))
    add(("card.suit != [clubs, diamonds, hearts, spades][first.rank]",
         lambda c, L: c.suit != [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES][(r(L[0]) - 1) % 4]))
    # --- more of the same kinds, with other numbers -------------------------------------------------
    for k in range(2, 7):
        w = ref(k)
        add((f"card.suit = {w}.suit or card.color != last.color", lambda c, L, k=k: c.suit == L[-k].suit or red(c) != red(L[-1])))
    for k in range(1, 7):
        w = ref(k)
        add((f"abs(card.rank - {w}.rank) = 1 or card is face", lambda c, L, k=k: abs(r(c) - r(L[-k])) == 1 or 11 <= r(c) <= 13))
    for name, suit in SUITS.items():  # at most three cards of each suit
        add((f"card.suit != {name} or count(each.suit = {name}) < 3", lambda c, L, s=suit: c.suit != s or sum(x.suit == s for x in L) < 3))
    for n in (40, 60, 80):
        add((f"sum(each.rank) + card.rank < {n} or card.rank <= min(each.rank)",
             lambda c, L, n=n: sum(map(r, L)) + r(c) < n or r(c) <= min(map(r, L))))
    add(("count(each is face) <= pos / 4 or not (card is face)", lambda c, L: sum(11 <= r(x) <= 13 for x in L) <= (len(L) + 1) // 4 or not 11 <= r(c) <= 13))
    return out


PUBLISHED: list[tuple[str, Pred]] = _build()
