"""Delphi's rule library: rules a computer God draws, or a person picks.

Each entry has an ``id``, its ``text`` in the rule language, a ``family``
(``one``: the judged card alone; ``two``: the card and the last one;
``three``: also the one before; ``periodic``: the position counts;
``back``: a card further back, up to ``last6``, or the first starter;
``line``: the whole main line so far, through an aggregate or a table), its
``lookback`` and a description for the end-of-round reveal
(``description`` -> Message ``delphi_lang.lib.<id>``, English and German).

Difficulty: ``measured_difficulty`` is the bots' measurement – the mean
number of cards played until an inference bot ("augur") declares itself
Prophet and stays standing, a round without such a Prophet counting all its
cards – read from ``difficulty.json`` next to this file (written by
``scripts/delphi_difficulty.py``; see docs/delphi.md).  It stays ``None``
for a rule the file does not cover.  ``provisional`` ("easy", "medium",
"hard") is a guess from the rule's shape, **not measured**: only used for
rules without a measurement.

:func:`choose_rule` is what a computer God draws: a rule of the chosen
difficulty, by the measured figures (the library split into thirds).

A test checks that every rule parses, passes ``check_total``, accepts
between 10 % and 90 % of cards in simulated lines, never reaches a
situation where no card fits and does not run dry in 60-card lines.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path

from game.engine import Message
from game.games.delphi.rulelang import Rule, RuleSyntaxError, cached_rule, parse_rule
from game.games.delphi.rulelang.reads import describe
from game.games.delphi.rulelang.words import say
from game.i18n import render

FAMILIES = ("one", "two", "three", "periodic", "back", "line")
PROVISIONAL = ("easy", "medium", "hard")


@dataclass(frozen=True)
class LibraryRule:
    id: str
    text: str
    family: str
    lookback: int
    provisional: str  # a guess, not measured
    measured_difficulty: float | None = None  # filled from the bots' measurement

    @property
    def rule(self) -> Rule:
        return _parsed(self.text)

    @property
    def description(self) -> Message:
        return Message(f"delphi_lang.lib.{self.id}")


@cache
def _parsed(text: str) -> Rule:
    return parse_rule(text)


def _r(id: str, text: str, family: str, lookback: int, provisional: str) -> LibraryRule:
    return LibraryRule(id, text, family, lookback, provisional)


LIBRARY: tuple[LibraryRule, ...] = (
    # --- the judged card alone ---------------------------------------------------
    _r("red", "card.color = red", "one", 0, "easy"),
    _r("odd", "card.rank is odd", "one", 0, "easy"),
    _r("even", "card.rank is even", "one", 0, "easy"),
    _r("no_spades", "card.suit != spades", "one", 0, "easy"),
    _r("hearts_or_clubs", "card.suit = hearts or card.suit = clubs", "one", 0, "easy"),
    _r("low", "card.rank <= 7", "one", 0, "easy"),
    _r("middle", "5 <= card.rank <= 10", "one", 0, "easy"),
    _r("court_or_low", "card.rank is face or card.rank <= 3", "one", 0, "medium"),
    _r("prime", "card.rank is prime", "one", 0, "medium"),
    _r("red_or_even", "card.color = red or card.rank is even", "one", 0, "medium"),
    _r("rank_set", "card.rank in {2..5, 11..13}", "one", 0, "medium"),
    _r("diamonds_or_high", "card.suit = diamonds or card.rank > 9", "one", 0, "medium"),
    _r("red_odd_black_even", "if card.color = red then card.rank is odd else card.rank is even", "one", 0, "hard"),
    # --- the card and the last one -------------------------------------------------
    _r("alternate_colour", "card.color != last.color", "two", 1, "easy"),
    _r("new_suit", "card.suit != last.suit", "two", 1, "easy"),
    _r("suit_or_rank", "card.suit = last.suit or card.rank = last.rank", "two", 1, "easy"),
    _r("gardner", "if last.rank is odd then card.color = black else card.color = red", "two", 1, "medium"),
    _r("near", "abs(card.rank - last.rank) <= 3", "two", 1, "medium"),
    _r("parity_flip", "card.rank + last.rank is odd", "two", 1, "medium"),
    _r("same_colour_new_rank", "card.rank != last.rank and card.color = last.color", "two", 1, "medium"),
    _r("colour_sets_height", "if last.color = red then card.rank > 6 else card.rank <= 7", "two", 1, "medium"),
    _r("step_or_suit", "abs(card.rank - last.rank) = 1 or card.suit = last.suit", "two", 1, "medium"),
    _r("sum_fourteen", "card.rank + last.rank >= 14", "two", 1, "medium"),
    _r("suit_or_other_colour", "card.suit = last.suit or card.color != last.color", "two", 1, "medium"),
    _r("seesaw", "if last.rank <= 6 then card.rank >= 7 else card.rank <= 7", "two", 1, "medium"),
    _r("pair_or_switch", "card.rank = last.rank or card.color != last.color", "two", 1, "medium"),
    _r("red_then_black", "if last.color = red then card.color = black else card.rank is even", "two", 1, "medium"),
    _r("climb_wrap", "(card.rank - last.rank) % 13 in {1..6}", "two", 1, "hard"),
    _r("face_odd", "if last.rank is face then card.rank is odd else card.rank is even", "two", 1, "hard"),
    _r("sum_three_or_suit", "(card.rank + last.rank) % 3 = 0 or card.suit = last.suit", "two", 1, "hard"),
    _r("up_red", "if card.rank > last.rank then card.color = red else card.color = black", "two", 1, "hard"),
    _r("one_high", "max(card.rank, last.rank) >= 8", "two", 1, "hard"),
    _r("suit_climbs", "if card.suit = last.suit then card.rank > last.rank", "two", 1, "hard"),
    _r("same_half", "(card.rank > 6) = (last.rank > 6)", "two", 1, "hard"),
    # --- the card and the last two -------------------------------------------------
    _r("echo_colour", "card.color = last2.color", "three", 2, "medium"),
    _r("no_three_colours", "if last.color = last2.color then card.color != last.color", "three", 2, "medium"),
    _r("third_suit", "card.suit != last.suit and card.suit != last2.suit", "three", 2, "medium"),
    _r("fresh_rank", "card.rank != last.rank and card.rank != last2.rank", "three", 2, "hard"),
    _r("fresh_rank_switch", "card.rank not in {last.rank, last2.rank} and card.color != last.color", "three", 2, "hard"),
    _r("echo_suit_or_switch", "card.suit = last2.suit or card.color != last.color", "three", 2, "hard"),
    _r("sum_three_odd", "card.rank + last.rank + last2.rank is odd", "three", 2, "hard"),
    _r("rise_switches_colour", "if last.rank > last2.rank then card.color != last.color else card.color = last.color", "three", 2, "hard"),
    _r("above_lower", "card.rank > min(last.rank, last2.rank) or card.color != last.color", "three", 2, "hard"),
    _r("even_pair", "if last.rank is even and last2.rank is even then card.rank is odd else card.color = last.color", "three", 2, "hard"),
    # --- the position counts ---------------------------------------------------------
    _r("pos_colour", "if pos is even then card.color = red else card.color = black", "periodic", 0, "medium"),
    _r("third_free", "pos % 3 = 0 or card.color = red", "periodic", 0, "medium"),
    _r("third_face", "if pos % 3 = 0 then card.rank is face else card.rank is not face", "periodic", 0, "hard"),
    _r("fourth_spade", "if pos % 4 = 0 then card.suit = spades else card.suit != spades", "periodic", 0, "hard"),
    _r("rank_follows_pos", "card.rank % 4 = pos % 4", "periodic", 0, "hard"),
    _r("waves", "if pos % 3 = 1 then card.rank >= 7 else card.rank <= 7", "periodic", 0, "hard"),
    _r("fifth_face", "pos % 5 != 0 or card.rank is face", "periodic", 0, "hard"),
    _r("odd_pos_odd_rank", "if pos is odd then card.rank is odd else card.suit = last.suit", "periodic", 1, "hard"),
    # --- further back: last3 … last6 and the first starter ------------------------------
    _r("echo3_colour", "card.color = last3.color", "back", 3, "hard"),
    _r("four_suits", "card.suit not in {last.suit, last2.suit, last3.suit}", "back", 3, "hard"),
    _r("rank_gap_four", "card.rank != last4.rank and card.color != last.color", "back", 4, "hard"),
    _r("suit_three_back", "card.rank != last3.rank and card.suit != last.suit", "back", 3, "hard"),
    _r("echo4_or_face", "card.color = last4.color or card.rank is face", "back", 4, "hard"),
    _r("fresh_five", "card.rank != last5.rank and card.rank != last.rank", "back", 5, "hard"),
    _r("first_suit_or_switch", "card.suit = first.suit or card.color != last.color", "back", 1, "medium"),
    _r("first_colour_pos", "if pos is even then card.color = first.color else card.color != first.color", "back", 0, "hard"),
    _r("above_first", "card.rank > first.rank or card.suit = first.suit or card.rank <= 3", "back", 0, "hard"),
    _r("first_rank_suit", "card.suit != [clubs, diamonds, hearts, spades][first.rank]", "back", 0, "hard"),
    # --- the whole main line so far: counts, sums, extremes, runs, tables by place -------
    _r("rank_twice_or_switch", "count(each.rank = card.rank) < 2 or card.color != last.color", "line", 1, "hard"),
    _r("suit_balance", "count(each.suit = card.suit) * 4 < pos + 3", "line", 0, "hard"),
    _r("red_count_parity", "count(each is red) % 2 = card.rank % 2", "line", 0, "hard"),
    _r("sum_parity_colour", "if sum(each.rank) % 2 = 0 then card is red else card is black", "line", 0, "hard"),
    _r("sum_not_five", "(sum(each.rank) + card.rank) % 5 != 0", "line", 0, "hard"),
    _r("top_or_switch", "card.rank >= max(each.rank) or card.color != last.color", "line", 1, "hard"),
    _r("inside_or_red", "card.rank > min(each.rank) and card.rank < max(each.rank) or card is red", "line", 0, "hard"),
    _r("seen_rank_or_switch", "any(each.rank = card.rank) or card.color != last.color", "line", 1, "hard"),
    _r("three_and_switch", "if streak(each.color = last.color) < 3 then card.color = last.color else card.color != last.color", "line", 1, "hard"),
    _r("red_pairs", "if streak(each is red) < 2 then card is red or card is face else card is black", "line", 0, "hard"),
    _r("pi_or_switch", "card.rank % 10 = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4][pos] or card.color != last.color", "line", 1, "hard"),
    _r("red_red_black", "card.color = [red, red, black][pos]", "line", 0, "medium"),
    _r("suit_wheel", "card.suit != [hearts, spades, diamonds, clubs][pos]", "line", 0, "hard"),
    _r("colour_catch_up", "if count(each is red) * 2 < pos then card is red else card is black", "line", 0, "hard"),
)

#: the measurement (scripts/delphi_difficulty.py); absent or unreadable: none
DIFFICULTY_FILE = Path(__file__).with_name("difficulty.json")


def load_measured(path: Path = DIFFICULTY_FILE) -> dict[str, float]:
    """Rule id -> mean cards to a correct Prophet, from the measurement file
    ({} when there is none or it cannot be read)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {str(k): float(v["mean_cards"]) for k, v in data["rules"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def with_measured(measured: Mapping[str, float], rules: Iterable[LibraryRule] | None = None) -> tuple[LibraryRule, ...]:
    """The library with ``measured_difficulty`` set from a measurement
    (rule id -> e.g. mean cards played before the bots crack it)."""
    if rules is None:
        rules = LIBRARY
    return tuple(replace(r, measured_difficulty=measured.get(r.id, r.measured_difficulty)) for r in rules)


LIBRARY = with_measured(load_measured())
_BY_ID = {r.id: r for r in LIBRARY}


def family_name(family: str) -> Message:
    """``"two"`` -> "The card and the last one" (for the setup screen)."""
    return Message(f"delphi_lang.family.{family}")


def family_words(family: str) -> Message:
    """``"two"`` -> "the card and the last one": the family's name inside
    a sentence (a list after "these kinds:"), not as a heading."""
    return Message(f"delphi_lang.family_words.{family}")


def provisional_name(category: str) -> Message:
    """``"easy"`` -> "easy (provisional guess)"."""
    return Message(f"delphi_lang.provisional.{category}")


def library_rule(rule_id: str) -> LibraryRule:
    """The library entry with this id (KeyError if none)."""
    return _BY_ID[rule_id]


def rules_in(provisional: str | None = None, family: str | None = None, rules: Iterable[LibraryRule] = LIBRARY) -> list[LibraryRule]:
    """Library entries filtered by provisional category and/or family."""
    return [
        r for r in rules
        if (provisional is None or r.provisional == provisional) and (family is None or r.family == family)
    ]


def find_text(text: str) -> LibraryRule | None:
    """The library entry for a rule text (compared in normal form), if any;
    lets the reveal show a library description for a picked rule."""
    try:
        rule = parse_rule(text)
    except RuleSyntaxError:
        return None
    for r in LIBRARY:
        if r.rule == rule:
            return r
    return None


#: longer than this, a rule said part by part stops helping (measured on
#: the augur's leaders: its two-unit candidates say in 60 to 250
#: characters; only rules of several nested aggregates and tables pass
#: 400), and the words give way to what the rule reads
WORDS_LIMIT = 400


@lru_cache(maxsize=512)  # screens ask again each frame; a leader's text parses in about a millisecond
def rule_in_words(text: str, lang: str) -> str:
    """A rule as a player reads it, wherever one is shown in words: the
    library's own description for a library rule (God's screen showed it
    already, ``find_text``), otherwise words made from the rule's parts
    (:func:`~game.games.delphi.rulelang.words.say`); a rule too long for
    that says what it reads (:func:`~game.games.delphi.rulelang.reads.describe`),
    and a text that is not a rule at all is shown as it was written."""
    entry = find_text(text)
    if entry is not None:
        return render(entry.description, lang)
    try:
        rule = cached_rule(text)
    except RuleSyntaxError:
        return text
    words = say(rule.tree, lang)
    if len(words) > WORDS_LIMIT:
        return render(describe(rule.tree), lang)
    return words


LEVELS = ("easy", "medium", "hard")


def difficulty_bands(rules: Iterable[LibraryRule] | None = None) -> dict[str, list[LibraryRule]]:
    """The library split into thirds by measured difficulty (fewest cards to
    a correct Prophet first): "easy", "medium", "hard".  Rules without a
    measurement join the band of their provisional guess."""
    rules = list(LIBRARY if rules is None else rules)
    measured = sorted((r for r in rules if r.measured_difficulty is not None), key=lambda r: (r.measured_difficulty, r.id))
    bands: dict[str, list[LibraryRule]] = {k: [] for k in LEVELS}
    n = len(measured)
    for i, r in enumerate(measured):
        bands[LEVELS[min(2, 3 * i // n)]].append(r)
    for r in rules:
        if r.measured_difficulty is None:
            bands[r.provisional].append(r)
    return bands


def choose_rule(difficulty: str = "medium", rng: random.Random | None = None) -> LibraryRule:
    """The rule a computer God draws: one of the chosen difficulty
    ("easy", "medium" – the default, neither too easy nor too hard – or
    "hard"), at random from that third of the library."""
    if difficulty not in LEVELS:
        raise ValueError(f"difficulty must be one of {', '.join(LEVELS)}, not {difficulty!r}")
    pool = difficulty_bands()[difficulty] or list(LIBRARY)
    return (rng or random.Random()).choice(pool)


__all__ = [
    "DIFFICULTY_FILE",
    "FAMILIES",
    "LEVELS",
    "LIBRARY",
    "PROVISIONAL",
    "LibraryRule",
    "choose_rule",
    "difficulty_bands",
    "family_name",
    "family_words",
    "find_text",
    "library_rule",
    "load_measured",
    "provisional_name",
    "rules_in",
    "with_measured",
]
