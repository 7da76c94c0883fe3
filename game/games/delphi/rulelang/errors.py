"""The one error the rule language raises for bad rule text."""

from __future__ import annotations

from typing import Any

from game.engine import Message, NotationError


class RuleSyntaxError(NotationError):
    """A rule that cannot be used, with the 1-based ``column`` where the
    problem is (``None`` when it concerns the whole rule) and a ``reason``
    :class:`Message` saying what was expected.

    ``str(e)`` is English, e.g. ``"column 14: expected 'then' after the
    condition, found 'card'"``; ``e.render("de")`` gives German.
    """

    def __init__(self, reason: Message, column: int | None = None) -> None:
        self.reason = reason
        super().__init__(reason.render("en"), column)

    def render(self, lang: str = "en") -> str:
        text = self.reason.render(lang)
        if self.column is None:
            return text
        return Message("delphi_lang.at_column", {"column": self.column, "text": text}).render(lang)

    def to_json(self) -> dict[str, Any]:
        return {"error": str(self), "column": self.column, "reason": self.reason.to_json()}


def err(key: str, column: int | None = None, **params: Any) -> RuleSyntaxError:
    return RuleSyntaxError(Message("delphi_lang." + key, params), column)
