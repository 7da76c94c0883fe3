"""Setting up a game of Runs: 2–6 seats, each a person (with a name) or a
computer (simple or strong); 5–10 rounds or "until we stop"; what happens
when a run is closed (the house rule "new run", or the rule sheet's
drawing out); the King–Ace table option; the deal number (random unless
typed).

The row "Rules" offers three sets, one click each: the house rules of
:data:`~game.games.runs.rules.TABLE_RULES` (the default: "new run", the
stop and the bigger deal, chosen by the figures in docs/runs.md, issue
24; a saved choice of the earlier default, "new run + circuit", opens as
this one), "new run" alone (issue 14's default), and the rule sheet as
written.  The engine's
own default stays the written rule, so older saves replay as they were.
The house rules "both ends" and "a run per suit" are options of the engine
and of ``sim runs`` but not offered here: the table draws one run at a
time.
"""

from __future__ import annotations

import random

from game.games.runs.moves import hand_size
from game.games.runs.rules import DEFAULT_ROUNDS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, OPEN_ENDED, TABLE_RULES
from game.i18n import tr
from game.ui.kit.form import DEAL_DIGITS, Choice, Entry, Field, Note, Seats, SetupForm, seed_from, unique_names
from game.ui.scene import AppServices
from game.ui.tables.runs.table import start_game

KINDS = ("person", "simple", "strong")


#: the setup's choice for a new game (see the module docstring)
NEW_RUN_DEFAULT = TABLE_RULES["new_run"]

#: the rule sets of the row "Rules": its value, and the house rules it turns on
RULE_SETS = {
    "house": {r: v for r, v in TABLE_RULES.items()},
    "new_run": {"new_run": True, "both_ends": False, "per_suit": False, "circuit": False, "stop": False, "big_deal": False},
    "written": {"new_run": False, "both_ends": False, "per_suit": False, "circuit": False, "stop": False, "big_deal": False},
}
DEFAULT_RULES = "house"


def rules_of(prefs: dict) -> str:
    """The row's value for saved choices (``new_run`` and ``circuit``; a
    save from before issue 24 has ``new_run`` alone)."""
    new_run = bool(prefs.get("new_run", NEW_RUN_DEFAULT))
    if not new_run:
        return "written"
    if "circuit" not in prefs:
        return DEFAULT_RULES if "new_run" not in prefs else "new_run"
    return "house" if bool(prefs["circuit"]) == RULE_SETS["house"]["circuit"] else "new_run"


def default_prefs() -> dict:
    return {
        "players": 3,
        "rounds": DEFAULT_ROUNDS,
        "wrap": False,
        "rules": DEFAULT_RULES,
        "names": [tr("ui.seat", n=i + 1) for i in range(MAX_PLAYERS)],
        "kinds": ["person"] + ["strong"] * (MAX_PLAYERS - 1),
    }


def _clean(prefs: dict | None) -> dict:
    """Saved choices, each checked (a damaged settings file falls back)."""
    d = default_prefs()
    p = dict(prefs or {})
    players = p.get("players") if p.get("players") in range(MIN_PLAYERS, MAX_PLAYERS + 1) else d["players"]
    r = p.get("rounds", d["rounds"])
    rounds = r if r == OPEN_ENDED or (isinstance(r, int) and MIN_ROUNDS <= r <= MAX_ROUNDS) else d["rounds"]
    names = [str(x) for x in (p.get("names") or [])][:MAX_PLAYERS]
    kinds = [k if k in KINDS else "person" for k in (p.get("kinds") or [])][:MAX_PLAYERS]
    return {
        "players": players,
        "rounds": rounds,
        "wrap": bool(p.get("wrap", False)),
        "rules": p["rules"] if p.get("rules") in RULE_SETS else rules_of(p),
        "names": names + d["names"][len(names) :],
        "kinds": kinds + d["kinds"][len(kinds) :],
    }


def about(values: dict) -> str:
    """How a round goes, with the deal the chosen players and rules make
    (it said 7 cards while the default deals 13 to each of three)."""
    players = int(values.get("players", 3))
    n = hand_size(players, RULE_SETS[values.get("rules", DEFAULT_RULES)]["big_deal"])
    deal = tr("runs.table.about_deal", n=n, players=players, pile=52 - n * players)
    return deal + " " + tr("runs.table.about")


class SetupScene(SetupForm):
    game_id = "runs"
    name = "runs-setup"

    def __init__(self, app: AppServices, prefs: dict | None = None) -> None:
        super().__init__(app, {**_clean(prefs), "deal": ""})
        self.title = tr("runs.table.setup_title")
        self.start_label = tr("runs.table.start")

    def fields(self) -> list[Field]:
        rounds = [(n, str(n)) for n in range(MIN_ROUNDS, MAX_ROUNDS + 1)] + [(OPEN_ENDED, tr("runs.option.until_stop"))]
        return [
            Choice("players", tr("runs.table.players"), [(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]),
            Seats(
                "players",
                [("person", tr("ui.human")), ("simple", tr("runs.table.kind.simple")), ("strong", tr("runs.table.kind.strong"))],
                lambda seat: tr("runs.table.seat_n", n=seat + 1),
                header=tr("runs.table.kind_hint"),
            ),
            Choice("rounds", tr("runs.option.rounds"), rounds, least=48),
            Choice(
                "rules",
                tr("runs.table.rules_label"),
                [("house", tr("runs.table.rules_house")), ("new_run", tr("runs.table.new_run_on")), ("written", tr("runs.table.rules_written"))],
                hint=lambda values: tr(f"runs.table.rules_why_{values.get('rules', DEFAULT_RULES)}"),
            ),
            # (the deal number comes before the table option: the form draws
            # the note box right under the last row, over a hint of that row)
            Entry("deal", tr("runs.table.deal_number"), placeholder=tr("runs.table.random"), numbers=True, limit=DEAL_DIGITS, hint=tr("runs.table.deal_hint")),
            Choice("wrap", tr("runs.table.wrap_label"), [(False, tr("ui.off")), (True, tr("runs.option.wrap"))]),
            Note(about, title=tr("runs.table.about_title")),
        ]

    # --- starting ------------------------------------------------------------------------------
    def options(self) -> dict:
        v = self.values
        return {"players": v["players"], "rounds": v["rounds"], "wrap": v["wrap"], "dealer": None, **RULE_SETS[v["rules"]]}

    def prefs(self) -> dict:
        """The choices the setup keeps for next time."""
        self.remember()
        v = self.values
        names = [str(x).strip() or tr("ui.seat", n=i + 1) for i, x in enumerate(v["names"])]
        rules = RULE_SETS[v["rules"]]
        return {
            "players": v["players"],
            "rounds": v["rounds"],
            "wrap": v["wrap"],
            "new_run": rules["new_run"],
            "circuit": rules["circuit"],
            "names": names,
            "kinds": list(v["kinds"]),
        }

    def seed(self) -> int:
        self.remember()
        return seed_from(self.values.get("deal")) or random.randrange(1, 10**9)

    def start(self) -> None:
        prefs = self.prefs()
        self.keep_choices(prefs)
        n = prefs["players"]
        bots = [None if k == "person" else k for k in prefs["kinds"][:n]]
        start_game(self.app, self.options(), self.seed(), unique_names(prefs["names"], n), bots)
