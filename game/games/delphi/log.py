"""Delphi's round log: compact entries in the state, sentences on demand.

An entry is a flat tuple ``(key, name, value, name, value, ...)`` so that
states copy cheaply.  Parameters named ``player`` and ``judge`` hold seats,
``god`` stands for God's name and ``hint_rule`` for the hint of that
library rule (shown as ``hint``); :func:`render_entry` turns them into
names and sentences when a table shows the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.engine.core import Message, msg
from game.games.delphi.library import library_rule

LogEntry = tuple  # (key, name, value, name, value, ...)


class HasGod(Protocol):
    """What naming needs from a state or a view."""

    @property
    def god(self) -> int: ...

    @property
    def god_name(self) -> str: ...


def entry(key: str, **params: Any) -> LogEntry:
    """A log entry (see the module text for the parameter names)."""
    out: list[Any] = [key]
    for kv in params.items():
        out.extend(kv)
    return tuple(out)


def god_title(table: HasGod) -> Any:
    """God's chosen name, or the message "God"."""
    return table.god_name if table.god_name else msg("delphi.god")


def player_name(table: HasGod, seat: int) -> Any:
    """How the log names a seat: God's chosen name, or "Player n"."""
    if seat == table.god:
        return god_title(table)
    return msg("delphi.player", n=seat + 1)


#: the library families that have a hint: what the rule looks at, true of
#: every rule of the family and no more (``delphi.hint.<family>``)
HINTED_FAMILIES = ("one", "two", "three", "periodic", "back", "line")


def library_hint(rule_id: str) -> Message | None:
    """The hint a computer God gives with library rule ``rule_id`` (a
    message in the reader's language: what its family of rules looks
    at), or None for an unknown rule or a family without a hint."""
    try:
        rule = library_rule(rule_id)
    except KeyError:
        return None
    return msg(f"delphi.hint.{rule.family}") if rule.family in HINTED_FAMILIES else None


def hint_text(hint: str, hint_rule: str) -> Any:
    """God's hint as the table shows it: a library rule's hint or God's own
    words ("" for none)."""
    if hint_rule:
        return library_hint(hint_rule) or ""
    return hint


def render_entry(item: LogEntry, table: HasGod, names: Sequence[str] | None = None) -> Message:
    """A log entry as a :class:`Message`: seats become "Player n", or
    ``names[seat]`` when the table passes its players' names."""
    out: dict[str, Any] = {}
    for i in range(1, len(item) - 1, 2):
        name, value = item[i], item[i + 1]
        if name in ("player", "judge"):
            if names is not None and value != table.god and 0 <= value < len(names):
                out[name] = names[value]
            else:
                out[name] = player_name(table, value)
        elif name == "god":
            out[name] = god_title(table)
        elif name == "hint_rule":
            out["hint"] = library_hint(value) or ""
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value
    return Message(item[0], out)
