"""English and German text: catalogs, the current language, rendering.

Catalogs are JSON files in ``catalog/<lang>/<namespace>.json`` (one file
per game or area, so each game keeps its own strings).  A key missing in
German falls back to English, and a key missing everywhere shows as the key
itself, which the catalog test catches.  Templates use ``{name}`` fields;
a template may be ``{"one": ..., "other": ...}``, chosen by the ``n``
parameter, with an optional ``"zero"`` for ``n == 0`` ("no coin to spare"
reads better than "0 coins to spare").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from game.cards import Card, Rank, display, rank_text


@dataclass(frozen=True)
class Message:
    """A sentence for a player, as a catalog key plus parameters.

    Engines speak in messages so that the table can show them in the
    player's language.  ``str()`` gives the English text.  Parameter values
    may be numbers, strings, :class:`~game.cards.Card` objects, ranks,
    other messages, or lists of those; each is formatted for the language
    (``Q`` becomes ``D`` in German).

    >>> str(Message("engine.not_your_turn", {"seat": 2})) != ""
    True
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        return render(self, lang)

    def __str__(self) -> str:
        return self.render("en")

    def to_json(self) -> dict:
        return {"key": self.key, "params": params_to_json(self.params)}

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, repr(v)) for k, v in self.params.items()))))


def msg(key: str, **params: Any) -> Message:
    return Message(key, params)


LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
DEFAULT_LANG = "en"

_current = DEFAULT_LANG
_listeners: list[Callable[[str], None]] = []


def current() -> str:
    return _current


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    if lang != _current:
        _current = lang
        for fn in list(_listeners):
            fn(lang)


#: seats a table may have (Delphi's most), for names whose seat is not known
MOST_SEATS = 8


@cache
def _default_seats() -> dict[str, int]:
    """Every language's default seat names, each with its seat (asked
    for every frame by the pass screen, the saved games and the
    statistics: built once)."""
    return {tr("ui.seat", lang, n=i + 1): i for lang in LANGUAGES for i in range(MOST_SEATS)}


def seat_name(name: str, seat: int | None, lang: str | None = None) -> str:
    """A seat's name as ``lang`` (the language of now by default) says it:
    a default name of any language ("Player 2", "Person 2") becomes that
    language's default for the seat; a typed name stays as it is.  With
    ``seat`` None (a name kept in the statistics) any seat's default
    counts."""
    i = _default_seats().get(name)
    if i is None or (seat is not None and i != seat):
        return name
    return tr("ui.seat", lang, n=i + 1)


def on_change(fn: Callable[[str], None]) -> Callable[[], None]:
    """Call ``fn(lang)`` after every language switch; returns an unsubscribe."""
    _listeners.append(fn)
    return lambda: _listeners.remove(fn) if fn in _listeners else None


@cache
def catalog(lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    root = resources.files("game.i18n").joinpath("catalog", lang)
    if not root.is_dir():
        return out
    for entry in sorted(root.iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            dup = set(data) & set(out)
            if dup:
                raise ValueError(f"catalog {lang}/{entry.name} repeats keys {sorted(dup)[:5]}")
            out.update(data)
    return out


def has(key: str, lang: str | None = None) -> bool:
    return key in catalog(lang or _current) or key in catalog(DEFAULT_LANG)


def grouped(n: int, lang: str) -> str:
    """12,345 in English, 12.345 in German."""
    return f"{n:,}".replace(",", "." if lang == "de" else ",")


class Count(int):
    """A quantity in a message, written with the language's thousands
    separator (a plain int stays as it is: deal numbers and seeds are
    names, not quantities)."""


def format_value(value: Any, lang: str) -> str:
    if isinstance(value, Count):
        return grouped(int(value), lang)
    if isinstance(value, Card):
        return display(value, lang)
    if isinstance(value, Rank):
        return rank_text(value, lang)
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(v, lang) for v in value)
    if isinstance(value, bool):
        return tr("common.yes" if value else "common.no", lang)
    return str(value)


def date_text(year: int, month: int, day: int, lang: str) -> str:
    """A date as the app writes it: 2.12.2026 in German, 2026-12-02 in
    English."""
    return f"{day}.{month}.{year}" if lang == "de" else f"{year}-{month:02d}-{day:02d}"


def tr(key: str, lang: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``lang`` (default: the current language)."""
    lang = lang or _current
    template = catalog(lang).get(key)
    if template is None:
        template = catalog(DEFAULT_LANG).get(key)
    if template is None:
        return key
    if isinstance(template, dict):
        n = params.get("n", params.get("count", 0))
        form = "zero" if n == 0 and "zero" in template else ("one" if n == 1 else "other")
        template = template.get(form, next(iter(template.values())))
    if not params:
        return template
    shown = {k: format_value(v, lang) for k, v in params.items()}
    try:
        return template.format_map(shown)
    except (KeyError, IndexError, ValueError):
        return template


def render(message: Message, lang: str | None = None) -> str:
    return tr(message.key, lang or _current, **dict(message.params))


def params_to_json(params: Mapping[str, Any]) -> dict:
    def enc(v: Any) -> Any:
        if isinstance(v, Card):
            return {"card": v.code}
        if isinstance(v, (list, tuple)):
            return [enc(x) for x in v]
        if hasattr(v, "to_json"):
            return v.to_json()
        if isinstance(v, (int, float, str, bool)) or v is None:
            return v
        return str(v)

    return {k: enc(v) for k, v in params.items()}


def rules_text(game_id: str, lang: str | None = None) -> str | None:
    """The rules of a game in our own words, as light Markdown."""
    lang = lang or _current
    for candidate in (lang, DEFAULT_LANG):
        f = resources.files("game.i18n").joinpath("rules", f"{game_id}.{candidate}.md")
        if f.is_file():
            return f.read_text(encoding="utf-8")
    return None
