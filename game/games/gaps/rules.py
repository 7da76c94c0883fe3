"""Gaps (Montana): the rules as a :class:`Game`, and what the table asks of them.

Cells are numbered ``13 * row + col`` with rows 0-3 (top to bottom) and
columns 0-12 (left to right).  Action texts use the same 0-based numbers:
``move 6H r2c5`` puts 6♥ into row 2, column 5 (the 6th cell of the 3rd
row); ``redeal`` gathers and re-deals when no move is left; ``stop`` ends
the game early (lost, scored as it lies).  Player-facing messages count
from 1 ("row 3").

The rules themselves are in :mod:`game.games.gaps.board`, on ints; this
module speaks :class:`~game.cards.Card` and :class:`Message`; the values
(states, views, actions) are in :mod:`game.games.gaps.state`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.cards import Card, CardParseError, Rank
from game.engine.cli import NumberError, whole_number
from game.engine.core import IllegalAction, Message, NotationError, Outcome, Termination, msg
from game.games.gaps import board as B
from game.games.gaps.notation import parse_layout
from game.games.gaps.state import MAX_REDEALS, REDEAL, STOP, Action, GapsState, GapsView, Move, Position, Redeal, Stop

# [0-9], not \d: \d also matches other scripts' digits ("r١c٢")
_MOVE_RE = re.compile(r"^\s*move\s+(\S+)\s+r([0-9]+)\s*c([0-9]+)\s*$", re.IGNORECASE)


def cell_name(cell: int) -> str:
    return f"r{B.row_of(cell)}c{B.COL[cell]}"


def cell_of_text(text: str) -> int:
    m = re.fullmatch(r"\s*r([0-9]+)\s*c([0-9]+)\s*", text, re.IGNORECASE)
    if not m:
        raise NotationError(f"{text!r} is not a cell (write r<row>c<col>, rows 0-3, columns 0-12)")
    try:
        r, c = whole_number(m.group(1), 0, 3), whole_number(m.group(2), 0, 12)
    except NumberError:
        raise NotationError(f"{text!r} is off the table (rows 0-3, columns 0-12)") from None
    return B.cell_at(r, c)


def _cells(pos: Position) -> Sequence[int]:
    cells = getattr(pos, "cells", None)
    return cells if cells else B.to_cells(pos.grid)


def _card_cell(grid: Sequence[Card | None], card: Card) -> int | None:
    for i, c in enumerate(grid):
        if c == card:
            return i
    return None


class GapsGame:
    id = "gaps"
    min_players = 1
    max_players = 1

    # --- setting up ------------------------------------------------------------
    def default_options(self, players: int | None = None) -> dict[str, Any]:
        return {"redeals": MAX_REDEALS, "layout": ""}

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise ValueError("options must be a mapping")
        unknown = set(options) - {"redeals", "layout", "players"}
        if unknown:
            raise ValueError(f"unknown Gaps options: {', '.join(sorted(unknown))} (known: redeals, layout)")
        out = self.default_options()
        if "players" in options and options["players"] not in (None, 1):
            raise ValueError("Gaps is a game for one player")
        redeals = options.get("redeals", MAX_REDEALS)
        if isinstance(redeals, bool) or not isinstance(redeals, int) or not 0 <= redeals <= MAX_REDEALS:
            raise ValueError(f"redeals must be a whole number from 0 to {MAX_REDEALS}, not {redeals!r}")
        out["redeals"] = redeals
        layout = options.get("layout", "") or ""
        if not isinstance(layout, str):
            raise ValueError("layout must be a text in the Gaps layout notation")
        if layout.strip():
            parsed = parse_layout(layout)  # LayoutError is a ValueError
            if parsed.redeals > redeals:
                raise ValueError(
                    f"the layout has used {parsed.redeals} redeals, the game allows only {redeals}"
                )
        out["layout"] = layout
        return out

    def new_game(self, options: Mapping[str, Any], seed: int) -> GapsState:
        opts = self.validate_options(options)
        if opts["layout"].strip():
            p = parse_layout(opts["layout"])
            return GapsState(p.grid, p.redeals, opts["redeals"], seed if p.seed is None else p.seed)
        return GapsState(B.to_grid(B.deal(seed)), 0, opts["redeals"], seed)

    # --- playing ---------------------------------------------------------------
    def current_player(self, state: GapsState) -> int | None:
        return None if self.outcome(state) is not None else 0

    def legal_actions(self, state: Position) -> list[Action]:
        if state.stopped:
            return []
        cells = _cells(state)
        ms = B.moves(cells)
        if ms:
            return [Move(B.CARD_OF[c], d) for c, _, d in ms]
        if B.score(cells) < B.WON_SCORE and state.redeals < state.max_redeals:
            return [REDEAL]
        return []

    def apply(self, state: GapsState, action: Action) -> GapsState:
        cells = _cells(state)
        if state.stopped:
            raise IllegalAction(msg("gaps.err.game_over"))
        if isinstance(action, Stop):
            if self.outcome(state) is not None:
                raise IllegalAction(msg("gaps.err.game_over"))
            return replace(state, stopped=True)
        if isinstance(action, Redeal):
            if B.has_move(cells):
                raise IllegalAction(msg("gaps.err.redeal_early"))
            if B.score(cells) == B.WON_SCORE:
                raise IllegalAction(msg("gaps.err.game_over"))
            if state.redeals >= state.max_redeals:
                raise IllegalAction(msg("gaps.err.no_redeals", max=state.max_redeals))
            n = state.redeals + 1
            new = B.redeal(cells, state.seed, n)
            return replace(state, grid=B.to_grid(new), redeals=n, cells=new)
        if not isinstance(action, Move):
            raise IllegalAction(msg("engine.unknown_action", text=repr(action)))
        if self.outcome(state) is not None:
            raise IllegalAction(msg("gaps.err.game_over"))
        card, to = action.card, action.to
        if not isinstance(to, int) or not 0 <= to < B.NCELLS:
            raise IllegalAction(msg("gaps.err.no_cell"))
        if card not in B.CODE_OF:
            raise IllegalAction(msg("gaps.err.not_in_play", card=card))
        if state.grid[to] is not None:
            raise IllegalAction(msg("gaps.err.not_a_gap", card=state.grid[to]))
        why = refusal(state, card, to)
        if why is not None:
            raise IllegalAction(why)
        src = cells.index(B.CODE_OF[card])  # every card in play is on the table
        grid = list(state.grid)
        grid[to], grid[src] = card, None
        return replace(state, grid=tuple(grid), cells=B.move(cells, src, to))

    def outcome(self, state: Position) -> Outcome | None:
        cells = _cells(state)
        sc = B.score(cells)
        if state.stopped:
            return Outcome((), (sc,), msg("gaps.outcome.stopped", score=sc, n=state.redeals), won=False, termination=Termination.STOPPED)
        if sc == B.WON_SCORE:
            return Outcome((0,), (sc,), msg("gaps.outcome.won", n=state.redeals), won=True, termination=Termination.WON)
        if not B.has_move(cells) and state.redeals >= state.max_redeals:
            return Outcome((), (sc,), msg("gaps.outcome.lost", score=sc, n=state.redeals), won=False, termination=Termination.LOST)
        return None

    def stop_action(self, state: Position) -> Stop | None:
        """``stop`` while the game runs (the table's "End game", or leaving
        a game in progress): lost, scored as the cards lie."""
        return STOP if self.outcome(state) is None else None

    def view(self, state: GapsState, seat: int | None) -> GapsView:
        return GapsView(state.grid, state.redeals, state.max_redeals, state.stopped, cells=tuple(_cells(state)))

    # --- text forms --------------------------------------------------------------
    def action_to_text(self, action: Action) -> str:
        if isinstance(action, Redeal):
            return "redeal"
        if isinstance(action, Stop):
            return "stop"
        return f"move {action.card.code} {cell_name(action.to)}"

    def action_from_text(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError("an action is a text like 'move 6H r2c5', 'redeal' or 'stop'")
        word = text.strip().lower()
        if word == "redeal":
            return REDEAL
        if word == "stop":
            return STOP
        m = _MOVE_RE.match(text)
        if not m:
            raise NotationError(f"{text!r} is not a Gaps action (write 'move 6H r2c5', 'redeal' or 'stop')")
        try:
            card = Card.parse(m.group(1))
        except CardParseError as e:
            raise NotationError(str(e)) from None
        return Move(card, cell_of_text(f"r{m.group(2)}c{m.group(3)}"))

    def describe_action(self, state: Position, action: Action) -> Message:
        if isinstance(action, Redeal):
            kept = B.score(_cells(state))
            return msg("gaps.log.redeal", n=state.redeals + 1, max=state.max_redeals, kept=kept)
        if isinstance(action, Stop):
            return msg("gaps.log.stop", score=B.score(_cells(state)))
        src = _card_cell(state.grid, action.card)
        src_row = None if src is None else B.row_of(src) + 1
        if action.col == 0:
            return msg("gaps.log.start", card=action.card, row=action.row + 1, from_row=src_row)
        left = state.grid[action.to - 1]
        return msg("gaps.log.move", card=action.card, left=left, row=action.row + 1, from_row=src_row)

    # --- for the generic checks ------------------------------------------------------
    def cards(self, state: Position) -> list[Card]:
        return [c for c in state.grid if c is not None]

    def shuffle_hidden(self, state: GapsState, seat: int, rng: random.Random) -> GapsState:
        """All cards lie face up; the one hidden thing is the seed that fixes
        future redeals, so that is what another world may differ in."""
        return replace(state, seed=rng.getrandbits(62))


GAME = GapsGame()


# --- explaining the rules to the table ---------------------------------------------


def refusal(pos: Position, card: Card, to: int) -> Message | None:
    """Why ``card`` may not go into cell ``to`` (``None`` if it may).

    >>> from game.games.gaps.notation import parse
    >>> st = parse('''2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS --
    ... 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH -- KH
    ... 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --
    ... 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --''')
    >>> str(refusal(st, Card.parse("KC"), 24))
    'The gap after Q♥ takes only K♥.'
    >>> refusal(st, Card.parse("KH"), 24) is None
    True
    """
    grid = pos.grid
    if not 0 <= to < B.NCELLS:
        return msg("gaps.err.no_cell")
    if card not in B.CODE_OF:
        return msg("gaps.err.not_in_play", card=card)
    if grid[to] is not None:
        return msg("gaps.err.not_a_gap", card=grid[to])
    if B.COL[to] == 0:
        if card.rank is not Rank.TWO:
            return msg("gaps.err.only_two", card=card)
        return None
    left = grid[to - 1]
    if left is None:
        return msg("gaps.err.after_gap")
    if left.rank is Rank.KING:
        return msg("gaps.err.after_king", left=left)
    want = Card(Rank(int(left.rank) + 1), left.suit)
    if card != want:
        return msg("gaps.err.wants", left=left, want=want, card=card)
    return None


def no_gap_reason(pos: Position, card: Card) -> Message | None:
    """Why ``card`` has no gap to go to (``None`` when it has one): a 2
    needs an empty first cell, any other card the gap right after the card
    one lower in its suit.

    >>> from game.games.gaps.notation import parse
    >>> st = parse('''2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS --
    ... 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH -- KH
    ... 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD --
    ... 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --''')
    >>> str(no_gap_reason(st, Card.parse("2D")))
    '2♦ already starts its row.'
    >>> str(no_gap_reason(st, Card.parse("7C")))
    '7♣ already follows 6♣.'
    >>> no_gap_reason(st, Card.parse("KH")) is None
    True
    """
    cells = _cells(pos)
    code = B.CODE_OF.get(card)
    if code is None:
        return msg("gaps.err.not_in_play", card=card)
    if B.rank_of(code) == 2:
        if any(cells[r * B.COLS] == B.GAP for r in range(B.ROWS)):
            return None
        if B.COL[cells.index(code)] == 0:  # (it said "can only start a row, and no row has an empty first cell")
            return msg("gaps.no_gap.starts", card=card)
        return msg("gaps.no_gap.first", card=card)
    at = cells.index(code - 1)  # the card one lower is always on the table
    left = B.CARD_OF[code - 1]
    if B.COL[at] == B.COLS - 1:
        return msg("gaps.no_gap.end", card=card, left=left)
    right = cells[at + 1]
    if right == B.GAP:
        return None
    if right == code:  # (it said "10♣ can only follow 9♣, and 10♣ lies after 9♣")
        return msg("gaps.no_gap.there", card=card, left=left)
    return msg("gaps.no_gap.after", card=card, left=left, right=B.CARD_OF[right])


@dataclass(frozen=True)
class GapInfo:
    """One gap as the table shows it.

    ``kind`` is ``"first"`` (first column: takes any 2), ``"live"`` (takes
    ``wants``, which lies at cell ``source``), ``"after_king"`` or
    ``"after_gap"`` (dead for now).  ``message`` says it for a tooltip.
    """

    cell: int
    kind: str
    wants: Card | None
    source: int | None
    message: Message

    @property
    def live(self) -> bool:
        return self.kind in ("first", "live")


def gap_info(pos: Position) -> list[GapInfo]:
    """The four gaps, in cell order, live or dead and what they take."""
    out = []
    grid = pos.grid
    for i, c in enumerate(grid):
        if c is not None:
            continue
        if B.COL[i] == 0:
            out.append(GapInfo(i, "first", None, None, msg("gaps.gap.first")))
            continue
        left = grid[i - 1]
        if left is None:
            out.append(GapInfo(i, "after_gap", None, None, msg("gaps.gap.after_gap")))
        elif left.rank is Rank.KING:
            out.append(GapInfo(i, "after_king", None, None, msg("gaps.gap.after_king", left=left)))
        else:
            want = Card(Rank(int(left.rank) + 1), left.suit)
            out.append(GapInfo(i, "live", want, _card_cell(grid, want), msg("gaps.gap.wants", card=want, left=left)))
    return out


def run_lengths(pos: Position) -> tuple[int, int, int, int]:
    """Per row, the number of cards in the correct run from the left (0-12)."""
    return B.prefix_lengths(_cells(pos))


def correct_cells(pos: Position) -> frozenset[int]:
    """Cells whose card is already in its final place (the runs from a 2)."""
    out: set[int] = set()
    for r, k in enumerate(run_lengths(pos)):
        out.update(range(B.cell_at(r, 0), B.cell_at(r, k)))
    return frozenset(out)


def score(pos: Position) -> int:
    """Cards in correct runs from the left, 0-48."""
    return B.score(_cells(pos))


def has_move(pos: Position) -> bool:
    return B.has_move(_cells(pos))


def is_won(pos: Position) -> bool:
    return B.is_won(_cells(pos))


def redeal_due(pos: Position) -> bool:
    """No move is left, the deal is not won or stopped and a redeal is still
    allowed: the Redeal button is enabled exactly then."""
    cells = _cells(pos)
    return not pos.stopped and not B.has_move(cells) and B.score(cells) < B.WON_SCORE and pos.redeals < pos.max_redeals


def moves_for_card(pos: Position, cell: int) -> list[Move]:
    """The legal moves of the card at ``cell`` (for click-to-move and for
    lighting targets while dragging).  A 2 may have several."""
    card = pos.grid[cell] if 0 <= cell < B.NCELLS else None
    if card is None:
        return []
    return [Move(card, g) for g in range(B.NCELLS) if pos.grid[g] is None and refusal(pos, card, g) is None]


def moves_into_gap(pos: Position, cell: int) -> list[Move]:
    """The legal moves that fill the gap at ``cell`` (one card, or every 2
    for a first-column gap)."""
    if not 0 <= cell < B.NCELLS or pos.grid[cell] is not None:
        return []
    return [Move(B.CARD_OF[c], d) for c, _, d in B.moves(_cells(pos)) if d == cell]


def source_cell(pos: Position, move: Move) -> int | None:
    """Where the card of ``move`` lies now."""
    return _card_cell(pos.grid, move.card)


def start_options(layout: str, redeals: int = MAX_REDEALS) -> dict[str, Any]:
    """Options for a game that starts from a pasted layout.  Validated
    here, so a bad paste raises :class:`~game.games.gaps.notation.LayoutError`
    (with line, column and a Message) before any game starts.  Records keep
    the layout in their options, so they replay."""
    return GAME.validate_options({"redeals": redeals, "layout": layout})


def status(pos: Position) -> list[Message]:
    """The status line: score, redeals left, and when stuck what comes next.

    >>> from game.games.gaps.notation import parse, EXAMPLE
    >>> [str(m) for m in status(parse(EXAMPLE))]
    ['Score 48/48', '2 redeals left']
    """
    cells = _cells(pos)
    left = pos.max_redeals - pos.redeals
    out = [msg("gaps.status.score", score=B.score(cells)), msg("gaps.status.redeals_left", n=left)]
    if not B.has_move(cells) and B.score(cells) < B.WON_SCORE:
        out.append(msg("gaps.status.no_moves_redeal", n=left) if left else msg("gaps.status.no_moves_over"))
    return out
