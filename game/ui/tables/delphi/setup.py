"""Setting up a game of Delphi: how many seats (God included), who sits
where (a person with a name, or a computer player), who is God first
(God moves one seat on each round), how many rounds, what God is called,
and how hard the rules of computer Gods are.  A person who is God writes
the rule at the table, behind the pass screen."""

from __future__ import annotations

import random

from game.engine.cli import NumberError, whole_number
from game.games.delphi import BOTS
from game.games.delphi.infer.space import prepare as prepare_augur_space
from game.games.delphi.library import LEVELS
from game.games.delphi.options import MAX_GOD_NAME
from game.games.delphi.state import god_round_of
from game.i18n import has, tr
from game.ui.kit.form import Choice, Entry, Note, SeatCycle, SeatMark, Seats, SetupForm, Stepper, Values, unique_names
from game.ui.scene import ButtonSpec
from game.ui.tables.delphi.solo_setup import SoloSetup
from game.ui.tables.delphi.table import start_game

GOD_NAMES = ("God", "Oracle", "Seer")
MIN_SEATS, MAX_SEATS = 3, 8
#: the computer player a new seat gets (the inference bot; see docs/delphi.md)
PREFERRED_BOT = "augur"


def default_bot() -> str:
    if PREFERRED_BOT in BOTS:
        return PREFERRED_BOT
    return next((n for n in BOTS if n != "random"), next(iter(BOTS)))


def bot_label(name: str) -> str:
    key = f"delphi.table.bot.{name}"
    return tr(key) if has(key) else name


def god_round(values: Values, seat: int) -> int | None:
    """The round (0-based) in which ``seat`` is God, if any (the engine's
    turn of God)."""
    return god_round_of(seat, values["first_god"], values["players"], values["rounds"])


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) else default


def _whole(value: object, default: int) -> int:
    """An int, or a text of ASCII digits, from the saved preferences (a
    file a player may edit: "²" passes ``str.isdigit()`` and fails
    ``int()``); ``default`` for anything else."""
    if isinstance(value, int):
        return value
    try:
        return whole_number(str(value), 0, None)
    except NumberError:
        return default


class SetupScene(SetupForm):
    game_id = "delphi"
    name = "delphi-setup"

    def __init__(self, app, prefs: dict | None = None) -> None:
        p = dict(prefs or {})
        players = max(MIN_SEATS, min(MAX_SEATS, _whole(p.get("players", 4), 4)))
        names = list(p.get("names") or [])
        kinds = list(p.get("kinds") or [])
        levels = list(p.get("levels") or [])
        values = {
            "players": players,
            "names": [str(names[i]) if i < len(names) and names[i] else tr("ui.seat", n=i + 1) for i in range(MAX_SEATS)],
            "kinds": [kinds[i] if i < len(kinds) and (kinds[i] == "person" or kinds[i] in BOTS) else ("person" if i == 0 else default_bot()) for i in range(MAX_SEATS)],
            "levels": [levels[i] if i < len(levels) and levels[i] in LEVELS else "medium" for i in range(MAX_SEATS)],
            "first_god": _int(p.get("first_god", 1), 1) % players,
            "rounds": max(1, min(players, _int(p.get("rounds", players), players))),
            "god_name": str(p.get("god_name", "") or "")[:MAX_GOD_NAME],
        }
        super().__init__(app, values)
        self.title = tr("delphi.table.setup_title")
        self.start_label = tr("delphi.table.start")
        self._players = players
        self._warm_augurs()

    def fields(self) -> list:
        v = self.values
        kinds = [("person", tr("ui.human"))] + [(b, f"{tr('ui.computer')}: {bot_label(b)}") for b in BOTS]
        levels = [(lv, tr(f"delphi.table.level.{lv}")) for lv in LEVELS]
        rounds_hint = tr("delphi.table.rounds_full") if v["rounds"] == v["players"] else tr("delphi.table.rounds_short", n=v["players"] - v["rounds"])
        return [
            Choice("players", tr("delphi.table.seats"), [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)], hint=tr("delphi.table.seats_hint")),
            Seats(
                "players",
                kinds,
                self.seat_label,
                columns=(SeatCycle("levels", levels, shown=self.computer_god, width=170), SeatMark("first_god")),
                header=tr("delphi.table.seats_head"),
            ),
            Stepper("rounds", tr("delphi.table.rounds"), 1, v["players"], hint=rounds_hint),
            Entry("god_name", tr("delphi.table.god_name"), placeholder=tr("delphi.god"), limit=MAX_GOD_NAME, width=220, presets=[(tr(f"delphi.table.godname.{g.lower()}"),) * 2 for g in GOD_NAMES]),
            Note(self.note),
        ]

    # --- what the rows say ----------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        rnd = god_round(self.values, seat)
        return str(seat + 1) if rnd is None else tr("delphi.table.seat_god", n=seat + 1, round=rnd + 1)

    def computer_god(self, values: Values, seat: int) -> bool:
        """A computer seat that is God in some round has a level."""
        return god_round(values, seat) is not None and values["kinds"][seat] != "person"

    def note(self, values: Values) -> str:
        n = values["players"]
        kinds = values["kinds"][:n]
        people = sum(1 for k in kinds if k == "person")
        if people == 0:
            out = tr("delphi.table.watch_only")
        elif people == 1:
            out = tr("delphi.table.one_person")
        else:
            out = tr("delphi.table.pass_note", n=people)
        if any(kinds[p] == "person" and god_round(values, p) is not None for p in range(n)):
            out += " " + tr("delphi.table.people_write")
        return out

    def changed(self, key: str) -> None:
        v = self.values
        if key == "players":
            v["rounds"] = v["players"] if v["rounds"] == self._players else min(v["rounds"], v["players"])
            v["first_god"] %= v["players"]
            self._players = v["players"]
        self._warm_augurs()

    def _warm_augurs(self) -> None:
        """A computer augur sits at the table: its candidate space is built
        on a worker thread while the seats are chosen (most rounds have one
        starter), not in the frame of its first decision."""
        v = self.values
        if "augur" in list(v["kinds"])[: v["players"]]:
            prepare_augur_space(1)

    def more_buttons(self) -> list[ButtonSpec]:
        return [ButtonSpec("solo", tr("delphi.solo_ui.open"), self.open_solo, tooltip=tr("delphi.solo_ui.open_tip"))]

    def open_solo(self) -> None:
        self.app.push(SoloSetup(self.app))

    # --- starting --------------------------------------------------------------------------------
    def options(self) -> dict:
        self.remember()
        v = self.values
        god = str(v["god_name"]).strip()
        if god == tr("delphi.god"):
            god = ""
        return {"players": v["players"], "rounds": v["rounds"], "first_god": v["first_god"], "god_name": god, "rules": [None] * v["rounds"]}

    def prefs(self) -> dict:
        v = self.values
        return {k: v[k] for k in ("players", "rounds", "first_god", "god_name", "names", "kinds", "levels")}

    def start(self) -> None:
        opts = self.options()
        n = opts["players"]
        v = self.values
        self.keep_choices(self.prefs())
        meta = {
            "names": unique_names(v["names"], n),
            "bots": [None if k == "person" else k for k in v["kinds"][:n]],
            "levels": v["levels"][:n],
        }
        start_game(self.app, opts, random.randrange(1, 10**9), meta)
