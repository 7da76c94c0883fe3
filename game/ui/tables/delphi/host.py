"""What the screens the Delphi table opens over itself (God's rule, the
starter, a round's summary) ask of it: a protocol, so that they need not
import the table that imports them."""

from __future__ import annotations

from typing import Any, Protocol

from game.games.delphi.policy import GodDraft
from game.games.delphi.state import Action, DelphiView
from game.ui.kit.host import TableHost
from game.ui.tables.delphi.model import DelphiModel


class Host(TableHost[DelphiView], Protocol):
    game_id: str
    model: DelphiModel

    def god_title(self) -> str: ...

    def act_or_refuse(self, action: Action, how: Any = ...) -> bool: ...

    def keep_draft(self, draft: GodDraft) -> None: ...

    def ask_stop(self) -> None: ...

    def next_round(self) -> None: ...
