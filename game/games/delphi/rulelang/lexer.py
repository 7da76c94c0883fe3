"""Splitting rule text into tokens, by hand (no regular expressions).

Keywords are case-insensitive and have German aliases; a few symbols have
Unicode spellings (``≠ ≤ ≥ − × ÷`` and the suit signs ``♥ ♠ ♦ ♣``).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from game.games.delphi.rulelang.errors import err

#: the longest text the lexer even looks at; the real limit is on the
#: normalised rule (see parser.MAX_LENGTH)
MAX_INPUT = 1000
MAX_NUMBER = 999

#: every word the language knows -> its canonical English keyword
WORDS: dict[str, str] = {}
#: number words -> value
NUMBER_WORDS: dict[str, int] = {}


def _words(canonical: str, *aliases: str) -> None:
    for w in (canonical,) + aliases:
        WORDS[w] = canonical


_words("if", "wenn", "falls")
_words("then", "dann")
_words("else", "sonst")
_words("and", "und")
_words("or", "oder")
_words("not", "nicht")
_words("is", "ist")
_words("in")
_words("true", "wahr")
_words("false", "falsch")
_words("abs", "betrag")
_words("min")
_words("max")
_words("card", "karte")
_words("last", "letzte")
_words("last2", "vorletzte")
_words("last3", "drittletzte")
_words("last4", "viertletzte")
_words("last5", "fünftletzte", "fuenftletzte")
_words("last6", "sechstletzte")
_words("first", "erste")
_words("each", "jede")
_words("count", "anzahl")
_words("sum", "summe")
_words("any", "irgendeine")
_words("all", "alle")
_words("streak", "serie")
_words("pos", "position", "platz")
_words("rank", "value", "rang", "wert")
_words("suit", "farbe")
_words("color", "colour", "farbton")
_words("hearts", "heart", "herz")
_words("spades", "spade", "pik")
_words("diamonds", "diamond", "karo")
_words("clubs", "club", "kreuz")
_words("red", "rot")
_words("black", "schwarz")
_words("odd", "ungerade")
_words("even", "gerade")
_words("prime", "prim", "primzahl")
_words("face", "bild", "bildkarte")
for _w, _v in {
    "ace": 1, "ass": 1, "jack": 11, "bube": 11, "queen": 12, "dame": 12,
    "king": 13, "könig": 13, "koenig": 13,
}.items():
    NUMBER_WORDS[_w] = _v

#: German spelling of each canonical keyword (for printing a rule in German)
GERMAN = {
    "if": "wenn", "then": "dann", "else": "sonst", "and": "und", "or": "oder",
    "not": "nicht", "is": "ist", "in": "in", "true": "wahr", "false": "falsch",
    "abs": "betrag", "min": "min", "max": "max", "card": "karte", "last": "letzte",
    "last2": "vorletzte", "last3": "drittletzte", "last4": "viertletzte", "last5": "fünftletzte",
    "last6": "sechstletzte", "first": "erste", "each": "jede", "count": "anzahl", "sum": "summe",
    "any": "irgendeine", "all": "alle", "streak": "serie", "pos": "platz", "rank": "wert", "suit": "farbe",
    "color": "farbton", "hearts": "herz", "spades": "pik", "diamonds": "karo",
    "clubs": "kreuz", "red": "rot", "black": "schwarz", "odd": "ungerade",
    "even": "gerade", "prime": "prim", "face": "bild",
}

_SYMBOLS_2 = {"..": "..", "==": "=", "!=": "!=", "<>": "!=", "<=": "<=", ">=": ">="}
_SYMBOLS_1 = {
    "(": "(", ")": ")", "{": "{", "}": "}", "[": "[", "]": "]", ",": ",", ".": ".", "+": "+", "-": "-",
    "*": "*", "/": "/", "%": "%", "=": "=", "<": "<", ">": ">",
    "≠": "!=", "≤": "<=", "≥": ">=", "−": "-", "×": "*", "÷": "/",
}
_SUIT_SIGNS = {
    "♥": "hearts", "♡": "hearts", "♠": "spades", "♤": "spades",
    "♦": "diamonds", "♢": "diamonds", "♣": "clubs", "♧": "clubs",
}
_HINTS = {"&": "and", "|": "or", "!": "not"}


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "num", "kw", "op", "end"
    value: str  # the canonical keyword or operator ("" for num and end)
    text: str  # as typed
    col: int  # 1-based column of the first character
    end: int  # 1-based column just after the token
    number: int = 0  # the value of a num token


def _char_name(ch: str) -> str:
    return ch if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"


def suggest(word: str) -> str | None:
    """A known word close to an unknown one (``colr`` -> ``color``)."""
    if len(word) > 20:
        return None
    known = list(WORDS) + list(NUMBER_WORDS)
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.75)
    return close[0] if close else None


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_INPUT:
        raise err("too_long_input", MAX_INPUT + 1, length=len(text), limit=MAX_INPUT)
    out: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        col = i + 1
        if "0" <= ch <= "9":
            j = i
            while j < n and "0" <= text[j] <= "9":
                j += 1
            digits = text[i:j]
            stripped = digits.lstrip("0") or "0"
            if len(stripped) > 3 or int(stripped) > MAX_NUMBER:
                raise err("number_too_big", col, number=digits if len(digits) <= 12 else digits[:12] + "…", limit=MAX_NUMBER)
            if j < n and (text[j].isalpha() or text[j] == "_"):
                k = j
                while k < n and (text[k].isalnum() or text[k] == "_"):
                    k += 1
                raise err("bad_number", col, text=text[i:k][:30])
            out.append(Token("num", "", digits, col, j + 1, int(stripped)))
            i = j
            continue
        if ch.isalpha() or ch == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            low = word.lower()
            if low in WORDS:
                out.append(Token("kw", WORDS[low], word, col, j + 1))
            elif low in NUMBER_WORDS:
                out.append(Token("num", "", word, col, j + 1, NUMBER_WORDS[low]))
            else:
                shown = word if len(word) <= 30 else word[:30] + "…"
                hint = suggest(low)
                if hint is not None:
                    raise err("unknown_word_hint", col, word=shown, hint=hint)
                raise err("unknown_word", col, word=shown)
            i = j
            continue
        two = text[i : i + 2]
        if two in _SYMBOLS_2:
            out.append(Token("op", _SYMBOLS_2[two], two, col, col + 2))
            i += 2
            continue
        if ch in _SYMBOLS_1:
            out.append(Token("op", _SYMBOLS_1[ch], ch, col, col + 1))
            i += 1
            continue
        if ch in _SUIT_SIGNS:
            out.append(Token("kw", _SUIT_SIGNS[ch], ch, col, col + 1))
            i += 1
            continue
        if ch in _HINTS:
            raise err("bad_char_hint", col, char=ch, hint=_HINTS[ch])
        raise err("bad_char", col, char=_char_name(ch))
    out.append(Token("end", "", "", n + 1, n + 1))
    return out
