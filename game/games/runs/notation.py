"""A one-line text notation for Runs positions (like FEN).

Sections are separated by `` | ``; the first holds the settings, the others
are ``name=value`` with comma-separated lists (``-`` for an empty list)::

    p=3 seed=7 dealer=0 round=2/5 wrap=0 phase=play turn=2 | chain=5H@1,6H@2
    | hands=AS,2S/4D,5D/KC | pile=2C,3C | out=- | base=0,0,0 | points=5,6,0
    | bonus=0,0,0

(on one line).  With the house rule "new run" the first section has
``new=1`` after ``wrap`` (absent: the written rules, as in every text
written before the rule existed).  Issue 24's house rules follow it:
``two=1`` (a run grows at either end), ``suits=1`` (a run in every suit),
``circuit=1`` (a whole circuit without a card played closes the runs),
``stop=1`` (a turn without a card played closes them), ``deal=1`` (the
bigger deal), and with any of them but ``deal`` ``open=`` the open runs by their two end cards
(``5H~8H,2S~2S``; ``-`` none) and ``idle=`` the draws and passes since the
last card played, and ``starts=`` where each run of the chain began
(``0,4,9``).  A text without ``open=`` gets the runs its chain makes, one
without ``starts=`` the chain's own breaks.  ``round=2/-`` is an open-ended game ("until we stop"),
``turn=-`` a finished game (``phase=over`` in an open-ended game: the
table stopped it, the only way such a game ends).  Hands are listed seat by seat, separated by
``/``; the pile is listed bottom first, so its last card is drawn next.
The notation holds the position, not its past: the round history and the
action log are not part of it (``base`` carries the totals of the rounds
already played), so a parsed state has an empty ``history`` and ``log``.

>>> s = NOTATION.parse("p=2 seed=1 dealer=0 round=1/5 wrap=0 phase=play turn=1 | chain=- "
...     "| hands=AS/2S | pile=" + ",".join(c.code for c in DECK[2:]) +
...     " | out=- | base=0,0 | points=0,0 | bonus=0,0")
>>> [GAME.action_to_text(a) for a in GAME.legal_actions(s)]
['play 2S']
>>> NOTATION.format(NOTATION.parse(NOTATION.format(s))) == NOTATION.format(s)
True
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

from game.cards import Card, CardParseError
from game.engine.cli import NumberError, whole_number
from game.engine.core import NotationError
from game.games.runs.deck import DECK, played_mask, run_starts, sort_hand
from game.games.runs.moves import derive_ends
from game.games.runs.rules import GAME, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, OPEN_ENDED
from game.games.runs.state import PHASE_BREAK, PHASE_OVER, PHASE_PLAY, RunsState

SEP = " | "
SECTIONS = ("chain", "hands", "pile", "out", "base", "points", "bonus")


def _cards(cs) -> str:
    return ",".join(c.code for c in cs) or "-"


def _ints(xs) -> str:
    return ",".join(str(x) for x in xs) or "-"


class RunsNotation:
    def format(self, state: RunsState) -> str:
        rounds = "-" if state.rounds == OPEN_ENDED else str(state.rounds)
        turn = "-" if state.phase == PHASE_OVER else str(state.turn)
        extra = ""
        if state.extended:
            runs = ",".join(f"{a.code}~{b.code}" for a, b in state.ends) or "-"
            extra = (
                (" two=1" if state.both_ends else "")
                + (" suits=1" if state.per_suit else "")
                + (" circuit=1" if state.circuit else "")
                + (" stop=1" if state.stop else "")
                + (" deal=1" if state.big_deal else "")
                + f" open={runs} idle={state.idle} starts={_ints(state.starts)}"
            )
        elif state.big_deal:
            extra = " deal=1"
        head = (
            f"p={state.players} seed={state.seed} dealer={state.dealer} round={state.round}/{rounds} "
            f"wrap={int(state.wrap)}{' new=1' if state.new_run else ''}{extra} phase={state.phase} turn={turn}"
        )
        chain = ",".join(f"{c.code}@{s}" for c, s in zip(state.chain, state.chain_seats)) or "-"
        hands = "/".join(_cards(h) for h in state.hands)
        parts = [
            head,
            f"chain={chain}",
            f"hands={hands}",
            f"pile={_cards(state.pile)}",
            f"out={_ints(state.finished)}",
            f"base={_ints(state.base)}",
            f"points={_ints(state.points)}",
            f"bonus={_ints(state.bonus)}",
        ]
        return SEP.join(parts)

    def parse(self, text: str) -> RunsState:
        text = " ".join(str(text).split())
        parts = text.split(SEP)
        cols = []
        pos = 0
        for p in parts:
            cols.append(pos + 1)
            pos += len(p) + len(SEP)
        if len(parts) != 1 + len(SECTIONS):
            raise NotationError(f"a Runs position has {1 + len(SECTIONS)} sections separated by ' | ', not {len(parts)}")
        head = self._head(parts[0])
        n = head["p"]
        sec = {}
        for name, part, col in zip(SECTIONS, parts[1:], cols[1:]):
            key, eq, value = part.partition("=")
            if not eq or key.strip() != name:
                raise NotationError(f"expected the section '{name}=...'", col)
            sec[name] = (value.strip(), col + len(key) + 1)

        def cards(value: str, col: int) -> list[Card]:
            if value in ("-", ""):
                return []
            out = []
            for tok in value.split(","):
                try:
                    c = Card.parse(tok)
                except CardParseError as e:
                    raise NotationError(str(e), col) from None
                if c.is_joker:
                    raise NotationError("Runs uses no jokers", col)
                out.append(c)
            return out

        def ints(value: str, col: int, length: int | None = n) -> tuple[int, ...]:
            if value in ("-", ""):
                out: tuple[int, ...] = ()
            else:
                try:
                    out = tuple(whole_number(x.strip(), None, None) for x in value.split(","))
                except NumberError:
                    raise NotationError(f"{value!r} is not a list of whole numbers", col) from None
            if length is not None and len(out) != length:
                raise NotationError(f"expected {length} numbers, one per seat, got {len(out)}", col)
            return out

        value, col = sec["chain"]
        chain, chain_seats = [], []
        if value not in ("-", ""):
            for tok in value.split(","):
                code, _, seat = tok.partition("@")  # no "@": no seat, refused below
                try:
                    chain_seats.append(whole_number(seat, 0, n - 1))
                except NumberError:
                    raise NotationError(f"a chain card is written like 7H@2 (card @ seat), not {tok!r}", col) from None
                chain.extend(cards(code, col))
        value, col = sec["hands"]
        hand_texts = value.split("/")
        if len(hand_texts) != n:
            raise NotationError(f"expected {n} hands separated by '/', got {len(hand_texts)}", col)
        hands = tuple(tuple(cards(h.strip(), col)) for h in hand_texts)
        if any(h != sort_hand(h) for h in hands):
            raise NotationError("hands are written sorted by suit (S, H, D, C), then rank", col)
        pile = cards(*sec["pile"])
        finished = ints(*sec["out"], length=None)
        base = ints(*sec["base"])
        points = ints(*sec["points"])
        bonus = ints(*sec["bonus"])
        everything = Counter(chain) + Counter(pile)
        for h in hands:
            everything += Counter(h)
        if everything != Counter(DECK):
            missing = [c.code for c in DECK if everything[c] == 0]
            twice = [c.code for c, k in everything.items() if k > 1]
            raise NotationError(
                "the position must hold each of the 52 cards once"
                + (f"; missing {' '.join(missing[:6])}" if missing else "")
                + (f"; twice {' '.join(twice[:6])}" if twice else "")
            )
        for s in finished:
            if not 0 <= s < n or hands[s] or finished.count(s) > 1:
                raise NotationError(f"seat {s} is listed as out but is not a seat with an empty hand", sec["out"][1])
        phase, turn = head["phase"], head["turn"]
        if phase == PHASE_OVER:
            if turn is not None:
                raise NotationError("a finished game has turn=-")
            turn = -1
        else:
            if turn is None or not 0 <= turn < n:
                raise NotationError(f"turn is a seat from 0 to {n - 1}")
            if phase == PHASE_PLAY and not hands[turn]:
                raise NotationError(f"seat {turn} has no cards and cannot be the one to play")
            if phase == PHASE_PLAY and not chain and len(pile) + sum(map(len, hands)) != 52:
                raise NotationError("an empty chain with cards missing")
        chain_t = tuple(chain)
        ends: tuple = ()
        if head["both_ends"] or head["per_suit"] or head["circuit"] or head["stop"]:
            if head["open"] is None:
                ends = derive_ends(chain_t, head["wrap"], head["both_ends"], head["per_suit"], head["new_run"])
            else:
                value, col = head["open"]
                ends = self._runs(value, col, set(chain_t))
        elif head["open"] is not None:
            raise NotationError("open= (the open runs) belongs to the house rules two, suits, circuit or stop", head["open"][1])
        starts = self._starts(head, chain_t)
        return RunsState(
            players=n,
            seed=head["seed"],
            rounds=head["rounds"],
            wrap=head["wrap"],
            new_run=head["new_run"],
            both_ends=head["both_ends"],
            per_suit=head["per_suit"],
            circuit=head["circuit"],
            stop=head["stop"],
            big_deal=head["big_deal"],
            ends=ends,
            idle=head["idle"],
            starts=starts,
            played=played_mask(chain),
            dealer=head["dealer"],
            round=head["round"],
            phase=phase,
            turn=turn,
            hands=hands,
            pile=tuple(pile),
            chain=tuple(chain),
            chain_seats=tuple(chain_seats),
            finished=finished,
            base=base,
            points=points,
            bonus=bonus,
            stopped=phase == PHASE_OVER and head["rounds"] == OPEN_ENDED,
        )

    def _starts(self, head: dict, chain: tuple[Card, ...]) -> tuple[int, ...]:
        """Where the runs of ``chain`` began: ``starts=`` (places in the
        chain, rising, the first 0), or for a text without it the breaks
        of the chain itself (a circuit or a stop that closed a run before a
        touching card cannot be read from the cards)."""
        if not (head["both_ends"] or head["per_suit"] or head["circuit"] or head["stop"]):
            if head["starts"] is not None:
                raise NotationError("starts= (where the runs began) belongs to the house rules two, suits, circuit or stop", head["starts"][1])
            return ()
        if head["starts"] is None:
            return tuple(run_starts(chain, head["wrap"]))
        value, col = head["starts"]
        try:
            out = () if value == "-" else tuple(whole_number(x, None, None) for x in value.split(","))
        except NumberError:
            raise NotationError(f"starts is a list of places in the chain like 0,4,9, not {value!r}", col) from None
        if (chain and (not out or out[0] != 0)) or any(b <= a for a, b in pairwise(out)) or any(x >= len(chain) for x in out):
            raise NotationError("starts lists rising places in the chain, beginning with 0 (- for none)", col)
        return out

    def _runs(self, value: str, col: int, chain: set) -> tuple:
        if value == "-":
            return ()
        out = []
        for tok in value.split(","):
            a, tilde, b = tok.partition("~")
            bad = NotationError(f"an open run is written by its two end cards on the chain, like 5H~7H, not {tok!r}", col)
            try:
                ca, cb = Card.parse(a), Card.parse(b)
            except CardParseError:
                raise bad from None
            if not tilde or ca not in chain or cb not in chain:
                raise bad
            out.append((ca, cb))
        return tuple(out)

    def _head(self, text: str) -> dict:
        fields = {}
        pos = 0
        for tok in text.split(" "):
            key, eq, value = tok.partition("=")
            if not eq:
                raise NotationError(f"expected name=value, not {tok!r}", pos + 1)
            fields[key] = (value, pos + 1)
            pos += len(tok) + 1
        want = ("p", "seed", "dealer", "round", "wrap", "phase", "turn")
        # optional, in this order after wrap: the house rules and the open runs
        optional = ("new", "two", "suits", "circuit", "stop", "deal", "open", "idle", "starts")
        keys = tuple(fields)
        rest = keys[5:-2]
        if keys[:5] != want[:5] or keys[-2:] != want[5:] or list(rest) != [k for k in optional if k in rest]:
            raise NotationError(
                f"the first section is '{' '.join(k + '=...' for k in want)}' (with new=1, two=1, suits=1, circuit=1, stop=1, deal=1, "
                "open=... and idle=... after wrap for the house rules)",
                1,
            )

        def num(key: str) -> int:
            value, col = fields[key]
            try:
                return whole_number(value, None, None)
            except NumberError:
                raise NotationError(f"{key} must be a whole number, not {value!r}", col) from None

        out: dict[str, Any] = {"p": num("p"), "seed": num("seed"), "dealer": num("dealer")}
        if not MIN_PLAYERS <= out["p"] <= MAX_PLAYERS:
            raise NotationError(f"Runs is for {MIN_PLAYERS} to {MAX_PLAYERS} players", fields["p"][1])
        if not 0 <= out["dealer"] < out["p"]:
            raise NotationError("the dealer is a seat", fields["dealer"][1])
        value, col = fields["round"]
        r, slash, total = value.partition("/")
        try:
            out["round"] = whole_number(r, None, None)
            out["rounds"] = OPEN_ENDED if total == "-" else whole_number(total, None, None)
        except NumberError:
            raise NotationError("round is written like 2/5, or 2/- for a game until you stop", col) from None
        if not slash or out["round"] < 1 or not (
            out["rounds"] == OPEN_ENDED or (MIN_ROUNDS <= out["rounds"] <= MAX_ROUNDS and out["round"] <= out["rounds"])
        ):
            raise NotationError("round is written like 2/5 (5 to 10 rounds), or 2/- for a game until you stop", col)
        value, col = fields["wrap"]
        if value not in ("0", "1"):
            raise NotationError("wrap is 0 or 1", col)
        out["wrap"] = value == "1"
        value, col = fields.get("new", ("0", 0))
        if value not in ("0", "1"):
            raise NotationError("new (the house rule new run) is 0 or 1", col)
        out["new_run"] = value == "1"
        for key, name in (("two", "both_ends"), ("suits", "per_suit"), ("circuit", "circuit"), ("stop", "stop"), ("deal", "big_deal")):
            value, col = fields.get(key, ("0", 0))
            if value not in ("0", "1"):
                raise NotationError(f"{key} (a house rule) is 0 or 1", col)
            out[name] = value == "1"
        out["open"] = fields.get("open")
        out["idle"] = num("idle") if "idle" in fields else 0
        if out["idle"] < 0:
            raise NotationError("idle is a count of draws and passes", fields["idle"][1])
        out["starts"] = fields.get("starts")
        value, col = fields["phase"]
        if value not in (PHASE_PLAY, PHASE_BREAK, PHASE_OVER):
            raise NotationError("phase is play, break or over", col)
        out["phase"] = value
        value, col = fields["turn"]
        out["turn"] = None if value == "-" else num("turn")
        return out


NOTATION = RunsNotation()

__all__ = ["GAME", "NOTATION", "RunsNotation"]
