"""Setting up a game of Gaps: how many redeals (2 as in the rules, or 1
or 0, the scheme named under the choice), the deal number (random unless
typed, to replay a deal) and the other way in: start from a pasted
layout.  A layout that does not parse shows the parser's own complaint
and the text stays in the box.

"Deals": any shuffle, or only deals the solver has proven winnable
before the first redeal (issue 22; found by :mod:`.finder` while the
player waits, counted in statistics rows of their own).

"Today's deal" starts the daily deal of the player's date (the same
cards for everyone on that date, two redeals); the note above the buttons
names the date.

A saved game with moves that was not left through the table's question
(the window was closed, the app was killed) stays for Continue and is
not counted; a new deal started here instead would overwrite it unseen,
so the setup asks first and counts it as lost, as the table's New deal
does (:func:`~game.ui.tables.gaps.table.saved_deal`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.engine.dates import today
from game.engine.schema import OPTION_TEXT
from game.games import gaps as G
from game.i18n import tr
from game.ui.kit.dialog import ConfirmScene
from game.ui.kit.form import DEAL_DIGITS, Choice, Entry, Note, SetupForm, TextBox, seed_from
from game.ui.kit.textfield import clipboard_text
from game.ui.scene import ButtonSpec
from game.ui.tables.gaps.finder import FindScene
from game.ui.tables.gaps.session import date_text
from game.ui.tables.gaps.table import count_as_lost, saved_deal, start_daily, start_game

REDEAL_CHOICES = (2, 1, 0)
DEAL_CHOICES = ("any", "winnable")


class SetupScene(SetupForm):
    game_id = "gaps"
    name = "gaps-setup"

    def __init__(self, app, prefs: dict | None = None) -> None:
        p = dict(prefs or {})
        r = p.get("redeals", 2)
        d = p.get("deals", "any")
        super().__init__(app, {"redeals": r if r in REDEAL_CHOICES else 2, "deals": d if d in DEAL_CHOICES else "any", "deal": "", "layout": "", "error": ""})
        self.title = tr("gaps_ui.setup_title")
        self.start_label = tr("gaps_ui.deal_button")

    def fields(self) -> list:
        return [
            Choice("redeals", tr("gaps_ui.redeals_label"), [(n, str(n)) for n in REDEAL_CHOICES], hint=lambda v: tr(f"gaps_ui.scheme.{v['redeals']}")),
            Choice(
                "deals",
                tr("gaps_ui.deals_label"),
                [(d, tr(f"gaps_ui.deals.{d}")) for d in DEAL_CHOICES],
                hint=lambda v: tr(f"gaps_ui.deals.hint_{v['deals']}"),
            ),
            Entry("deal", tr("gaps_ui.deal_number"), placeholder=tr("gaps_ui.random"), numbers=True, limit=DEAL_DIGITS, hint=tr("gaps_ui.deal_hint")),
            TextBox(
                "layout",
                tr("gaps_ui.layout_label"),
                buttons=lambda: [
                    ButtonSpec("paste", tr("gaps_ui.paste"), self.paste),
                    ButtonSpec("start-layout", tr("gaps_ui.start_layout"), self.start_layout),
                ],
                error_key="error",
                hint=tr("gaps_ui.layout_hint") + "\n" + tr("gaps_ui.layout_example"),  # the example on a line of its own
                # (the layout goes into the game's options as it was pasted)
                limit=OPTION_TEXT,
            ),
            Note(self.daily_note()),
        ]

    def daily_note(self) -> str:
        day = today()
        if day is None:
            return tr("gaps_ui.daily_no_date")
        return tr("gaps_ui.daily_note", date=date_text(day, self.app.settings.language))

    def more_buttons(self) -> list[ButtonSpec]:
        return [ButtonSpec("daily", tr("gaps_ui.daily_button"), self.start_daily, enabled=today() is not None)]

    # --- values ----------------------------------------------------------------------------------
    def prefs(self) -> dict:
        return {"redeals": self.values["redeals"], "deals": self.values["deals"]}

    def seed(self) -> int:
        self.remember()
        return seed_from(self.values.get("deal")) or random.randrange(1, 10**9)

    def set_layout_text(self, txt: str) -> None:
        self.values["layout"] = txt
        self.rebuild_ui()

    @property
    def error(self) -> str | None:
        return self.values.get("error") or None

    # --- starting ------------------------------------------------------------------------------
    def start(self) -> None:
        seed = self.seed()
        options = {"redeals": self.values["redeals"], "layout": ""}
        if self.values["deals"] == "winnable":
            # the search starts at the typed or random number; the deal it
            # proves winnable is dealt, its number shown at the table
            self.replacing_saved(lambda: self.app.push(FindScene(self.app, seed, lambda found: start_game(self.app, options, found, {"winnable": True}))))
        else:
            self.replacing_saved(lambda: start_game(self.app, options, seed))

    def start_daily(self) -> None:
        """Today's deal: the date's deal number, the rules' scheme (the
        redeals chosen above are kept for the next setup)."""
        self.remember()
        day = today()
        if day is None:
            return
        self.replacing_saved(lambda: start_daily(self.app, day))

    def replacing_saved(self, go: Callable[[], object]) -> None:
        """Start the new game by ``go``; a saved game with moves is counted
        as lost first, after asking (the safe answer has the focus)."""
        self.keep_choices(self.prefs())
        saved = saved_deal(self.app)
        if saved is None:
            go()
            return

        def yes() -> None:
            count_as_lost(self.app, saved)
            go()

        body = tr("gaps_ui.saved_body", score=G.score(saved.state))
        self.app.push(ConfirmScene(self.app, tr("gaps_ui.saved_title"), body, yes, yes=tr("ui.new_deal"), no=tr("ui.cancel"), destructive=True))

    def paste(self) -> None:
        """The clipboard in place of the layout, as the field takes a paste
        (cut to its limit, with a note)."""
        txt = clipboard_text()
        if not txt.strip():
            self.set("error", tr("gaps_ui.clipboard_empty"))
            return
        self.values["error"] = ""
        field = self._entries.get(("layout", None))
        if field is None or not field.alive():
            self.set_layout_text(txt)
            return
        field.paste_text(txt, whole=True)
        self.remember()
        self.rebuild_ui()

    def start_layout(self) -> None:
        self.remember()
        txt = str(self.values.get("layout") or "")
        if not txt.strip():
            self.set("error", tr("gaps.paste.empty"))
            return
        try:
            parsed = G.parse_layout(txt)
            opts = G.start_options(txt, max(self.values["redeals"], parsed.redeals))
        except ValueError as e:  # LayoutError: the parser's own words
            reason = getattr(e, "reason", None)
            self.set("error", reason.render(self.app.settings.language) if reason is not None else str(e))
            return
        self.values["error"] = ""
        seed = self.seed()
        self.replacing_saved(lambda: start_game(self.app, opts, seed))
