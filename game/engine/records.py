"""Game records: seed + options + action list, as schema-versioned JSON.

A record replays exactly, because every random choice derives from the
seed.  Saves are records, so an autosave is a few hundred bytes and can
never hold a state that the rules could not have produced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.core import GameError

SCHEMA = 1


class RecordError(GameError, ValueError):
    """A record that cannot be read or does not replay."""


@dataclass
class Record:
    game: str
    seed: int
    options: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        schema = data.get("schema")
        if not isinstance(schema, int):
            raise RecordError("this is not a Mind the Gap game record (no schema number)")
        if schema > SCHEMA:
            raise RecordError(
                f"this record was written by a newer version (schema {schema}, we read {SCHEMA})"
            )
        try:
            game = data["game"]
            seed = data["seed"]
            options = data["options"]
            actions = data["actions"]
        except KeyError as e:
            raise RecordError(f"the record has no {e.args[0]!r}") from None
        if not isinstance(game, str) or not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("the record's game or seed has the wrong type")
        if not isinstance(options, dict) or not isinstance(actions, list):
            raise RecordError("the record's options or actions have the wrong type")
        if not all(isinstance(a, str) for a in actions):
            raise RecordError("every action in a record is a text")
        meta = data.get("meta", {})
        return cls(game, seed, dict(options), list(actions), dict(meta) if isinstance(meta, dict) else {})
