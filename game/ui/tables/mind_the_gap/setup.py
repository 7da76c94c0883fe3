"""Setting up a game of Mind the Gap / Lückenlos: players (people or
computer teammates, with names) and who begins (★), level and coins (with
the expected win rate from the simulator), variants, and the deal number."""

from __future__ import annotations

import random

from game.games import mind_the_gap as mtg
from game.i18n import tr
from game.ui.kit.form import DEAL_DIGITS, Choice, Entry, SeatMark, Seats, SetupForm, Stepper, Toggles, Values, seed_from, unique_names
from game.ui.scene import ButtonSpec
from game.ui.tables.mind_the_gap.table import start_game
from game.ui.tables.mind_the_gap.tutorial import tutorial_table

LEVELS = ("easy", "normal", "hard", "expert")
MAX_PLAYERS = 3
VARIANTS = ("small", "jokers", "series")


class SetupScene(SetupForm):
    game_id = "mind-the-gap"
    name = "mind-the-gap-setup"

    def __init__(self, app, prefs: dict | None = None) -> None:
        p = dict(prefs or {})
        level = p.get("level", "normal")
        default_names = [tr("ui.seat", n=i + 1) for i in range(MAX_PLAYERS)]
        names = list(p.get("names", []))[:MAX_PLAYERS]
        values = {
            "players": p.get("players", 2),
            # who begins: seat 1 (as before there was a choice), each new game
            "first": 0,
            "names": names + default_names[len(names) :],
            "kinds": list(p.get("kinds", ["person"] * MAX_PLAYERS))[:MAX_PLAYERS],
            "level": level,
            "coins": p.get("coins", mtg.LEVEL_COINS[level]),
            "deal": "",
            **{v: bool(p.get(v, False)) for v in VARIANTS},
        }
        super().__init__(app, values)
        self.title = tr("mind_the_gap.ui.setup_title")
        self.start_label = tr("mind_the_gap.ui.start")

    def fields(self) -> list:
        kinds = [("person", tr("ui.human"))] + [(b, f"{tr('ui.computer')}: {tr('mind_the_gap.ui.bot.' + b)}") for b in mtg.TEAMMATES]
        return [
            Choice("players", tr("mind_the_gap.ui.players"), [(n, str(n)) for n in range(1, MAX_PLAYERS + 1)]),
            Seats("players", kinds, lambda i: tr("ui.seat", n=i + 1), columns=(SeatMark("first"),), header=tr("mind_the_gap.ui.seats_head")),
            Choice("level", tr("mind_the_gap.ui.level"), [(lv, tr(f"mind_the_gap.ui.level.{lv}")) for lv in LEVELS], hint=lambda v: tr(f"mind_the_gap.ui.level_hint.{v['level']}")),
            Stepper("coins", tr("mind_the_gap.ui.coins_label"), 0, mtg.MAX_COINS, hint=expected_text),
            Toggles(tr("mind_the_gap.ui.variants"), [(v, tr(f"mind_the_gap.ui.variant.{v}")) for v in VARIANTS]),
            Entry("deal", tr("mind_the_gap.ui.deal_number"), placeholder=tr("mind_the_gap.ui.random"), numbers=True, limit=DEAL_DIGITS),
        ]

    def more_buttons(self) -> list[ButtonSpec]:
        return [ButtonSpec("tutorial", tr("mind_the_gap.ui.tutorial"), self.tutorial)]

    def changed(self, key: str) -> None:
        if key == "level":
            self.values["coins"] = mtg.LEVEL_COINS[self.values["level"]]
        if key == "players":
            self.values["first"] %= self.values["players"]

    # --- starting ------------------------------------------------------------------------------
    def options(self) -> dict:
        v = self.values
        return {"players": v["players"], "level": v["level"], "coins": v["coins"], "small": v["small"], "jokers": v["jokers"], "first": v["first"]}

    def prefs(self) -> dict:
        # who begins is chosen anew for each game (and is no key of the
        # setup fields its game declares, game.games.mind_the_gap.shapes)
        v = self.values
        options = {k: x for k, x in self.options().items() if k != "first"}
        return {**options, "series": v["series"], "names": list(v["names"]), "kinds": list(v["kinds"])}

    def seed(self) -> int:
        self.remember()
        return seed_from(self.values.get("deal")) or random.randrange(1, 10**9)

    def start(self) -> None:
        self.remember()
        v = self.values
        n = v["players"]
        kinds = (list(v["kinds"]) + ["person"] * MAX_PLAYERS)[:n]
        self.keep_choices(self.prefs())
        meta = {"names": unique_names(v["names"], n), "bots": [None if k == "person" else k for k in kinds]}
        start_game(self.app, self.options(), self.seed(), meta, series=v["series"])

    def tutorial(self) -> None:
        self.remember()
        # the tutorial leads to the menu: the choices made here open the
        # setup again afterwards (they went back to the last game's)
        self.keep_choices(self.prefs())
        self.app.push(tutorial_table(self.app))


def expected_text(v: Values) -> str:
    """What the simulator says about a team's chances with these settings."""
    rate = mtg.expected_win_rate(v["players"], v["level"], v["coins"], small=v["small"], jokers=v["jokers"])
    if not rate:
        return tr("mind_the_gap.ui.expected_unknown")
    pct, deals = rate
    return tr("mind_the_gap.ui.expected", pct=round(pct * 100), deals=deals)
