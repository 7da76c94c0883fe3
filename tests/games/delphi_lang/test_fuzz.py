"""Fuzzing the rule parser: 10,000 random and hostile strings.  Nothing may
escape but RuleSyntaxError, and every rule that does parse must print,
re-parse and evaluate.  (That the run finishes is the no-hang check; its
time is measured outside the tests, see the report.)"""

from __future__ import annotations

import random

from game.cards import multi_deck, shuffled
from game.games.delphi.library import LIBRARY
from game.games.delphi.rulelang import MAX_INPUT, Rule, RuleSyntaxError, parse_rule, to_text
from game.games.delphi.rulelang import ast as A
from game.games.delphi.rulelang.lexer import NUMBER_WORDS, WORDS
from tests.games.delphi_lang.strategies import random_tree

SYMBOLS = ["(", ")", "{", "}", ",", ".", "..", "+", "-", "*", "/", "%", "=", "==", "!=", "<>", "<", "<=", ">", ">=",
           "≠", "≤", "≥", "−", "×", "÷", "♥", "♠", "♦", "♣", "!", "&", "|", "'", '"', "\\", "@", "#", "$", "^", "~", "`",
           ";", ":", "?", "[", "]", "_"]
VOCAB = list(WORDS) + list(NUMBER_WORDS) + SYMBOLS + ["0", "1", "3", "7", "13", "999", "1000", "007", "3H", "10S", "last3",
                                                        "card.rank", "last.suit", "last2.color", "pos", "\t", "\n", "\x00", "é", "ß"]


def random_bytes(rng: random.Random) -> str:
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
    return data.decode("utf-8", "replace") if rng.random() < 0.5 else data.decode("latin-1")


def random_unicode(rng: random.Random) -> str:
    out = []
    for _ in range(rng.randrange(0, 200)):
        r = rng.random()
        if r < 0.5:
            out.append(chr(rng.randrange(0x20, 0x7F)))
        elif r < 0.8:
            out.append(chr(rng.randrange(0x80, 0x3000)))
        else:
            out.append(chr(rng.randrange(0, 0x110000)))  # includes lone surrogates and controls
    return "".join(out)


def hostile(rng: random.Random) -> str:
    n = rng.choice([rng.randrange(1, 40), rng.randrange(40, 400), rng.randrange(400, 3000)])
    k = rng.randrange(14)
    if k == 0:
        return "(" * n + "true" + ")" * n
    if k == 1:
        return "(" * n
    if k == 2:
        return "not " * n + "true"
    if k == 3:
        return "-" * n + "1 = 1"
    if k == 4:
        return "if true then " * n + "true"
    if k == 5:
        return "abs(" * n + "1" + ")" * n + " = 1"
    if k == 6:
        return "card.rank = " + "9" * n
    if k == 7:
        return "card.rank = " + " * ".join(["999"] * max(2, n // 6))
    if k == 8:
        return " or ".join(["card.rank = 1"] * max(1, n // 14))
    if k == 9:
        return "card.rank in {" + ", ".join(str(i % 999) for i in range(n)) + "}"
    if k == 10:
        return "x" * rng.choice([MAX_INPUT, MAX_INPUT + 1, 10**5, 10**6])
    if k == 11:
        return " " * n + "card.rank = 1" + " " * n
    if k == 12:
        return "{" * n + "}" * n
    return "card.rank = 1" + ")" * n


def token_soup(rng: random.Random) -> str:
    return " ".join(rng.choice(VOCAB) for _ in range(rng.randrange(1, 40)))


def valid_texts(rng: random.Random, count: int) -> list[str]:
    texts = [r.text for r in LIBRARY]
    while len(texts) < count:
        tree = random_tree(rng, A.BOOL, rng.randrange(1, 4))
        texts.append(to_text(tree, rng.choice(["en", "de"])))
    return texts


def mutate(rng: random.Random, text: str) -> str:
    s = text
    for _ in range(rng.randrange(1, 5)):
        k = rng.randrange(9)
        i = rng.randrange(len(s) + 1)
        if k == 0 and s:  # delete a character
            s = s[: min(i, len(s) - 1)] + s[min(i, len(s) - 1) + 1 :]
        elif k == 1:  # insert a character
            s = s[:i] + rng.choice(["(", ")", ".", "=", "<", "-", "{", "}", ",", " ", "a", "9", "é", "\x00", "♥"]) + s[i:]
        elif k == 2 and s:  # replace a character
            j = min(i, len(s) - 1)
            s = s[:j] + chr(rng.randrange(0x20, 0x250)) + s[j + 1 :]
        elif k == 3:  # duplicate a slice
            j = rng.randrange(i, len(s) + 1)
            s = s[:j] + s[i:j] + s[j:]
        elif k == 4:  # truncate
            s = s[:i]
        toks = s.split(" ")
        if k == 5 and len(toks) > 1:  # drop a token
            del toks[rng.randrange(len(toks))]
            s = " ".join(toks)
        elif k == 6 and len(toks) > 1:  # swap two tokens
            a, b = rng.randrange(len(toks)), rng.randrange(len(toks))
            toks[a], toks[b] = toks[b], toks[a]
            s = " ".join(toks)
        elif k == 7:  # insert a token
            toks.insert(rng.randrange(len(toks) + 1), rng.choice(VOCAB))
            s = " ".join(toks)
        elif k == 8:  # wrap in brackets, maybe unbalanced
            s = "(" + s + rng.choice([")", "", "))"])
    return s


def corpus(seed: int = 12345) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    out += [random_bytes(rng) for _ in range(1500)]
    out += [random_unicode(rng) for _ in range(1500)]
    out += [hostile(rng) for _ in range(600)]
    out += [token_soup(rng) for _ in range(2900)]
    valid = valid_texts(rng, 400)
    out += valid[:500]
    out += [mutate(rng, rng.choice(valid)) for _ in range(10_000 - len(out))]
    return out


def test_fuzzing_the_parser_never_raises_anything_but_a_parse_error():
    texts = corpus()
    assert len(texts) == 10_000
    deck = shuffled(multi_deck(1), 99)
    parsed = errors = 0
    keys = set()
    for text in texts:
        try:
            rule = parse_rule(text)
        except RuleSyntaxError as e:
            errors += 1
            keys.add(e.reason.key)
            assert e.column is None or 1 <= e.column <= len(text) + 1, (text[:80], e.column)
            message = str(e)
            assert message and "delphi_lang." not in message, message
            assert "delphi_lang." not in e.render("de")
            continue
        parsed += 1
        assert isinstance(rule, Rule) and 0 <= rule.lookback <= 6
        assert parse_rule(rule.text) == rule
        line = deck[:6]
        for card in deck[6:9]:
            assert rule.accepts(card, line) in (True, False)
        assert 0 <= rule.mask(line) < 1 << 52
    # the corpus is not all garbage: valid rules and many kinds of error occur
    assert parsed > 500 and errors > 5000
    assert len(keys) >= 20, sorted(keys)
